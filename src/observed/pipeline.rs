//! The observed URL-level stages of a profile, in the order a 2011
//! browser took them, around the specification's steps: the input
//! rewritten ([`super::input`]), the kinds of URL the browser decided
//! whole ([`super::kind`]), and, for an invalid URL, the URL the browser
//! showed all the same ([`with_displayed`]).
//!
//! Each stage is switched by the profile's parameters; under a profile
//! with none on, the input goes to the steps as it is.

use crate::algorithm::pipeline::{resolve, serialize_into_url};
use crate::algorithm::{canonicalize, preprocess};
use crate::error::Error;
use crate::profile::plan::Plan;
use crate::url::components::CowUrl;
use crate::url::Url;
use encoding_rs::Encoding;
use std::borrow::Cow;

/// What the observed stages before the specification's parser leave.
pub(crate) enum Observed<'i> {
    /// The input as the steps (or a shortcut) take it next: rewritten by
    /// the observed steps on the input, or as it was.
    Input(Cow<'i, str>),
    /// The whole result: the URL of a kind the browser decided itself,
    /// or why there is none.
    Done(Result<Url, Error>),
}

/// The observed stages before the parser: `input` as the profile's
/// observed steps on the input leave it
/// ([`observed_input`](super::input::observed_input)), then the URL as
/// the profile's observed kinds of URL give it
/// ([`observed_kind`](super::kind::observed_kind)), both against the base of text `base`.
///
/// Under googleurl's rules (the `chrome` profile), `FoO://Bar/a/../b`
/// is a URL of an unknown scheme, kept whole: `Done`.
pub(crate) fn before_the_parser<'i>(
    base: Option<&str>,
    input: &'i str,
    profile: &Plan,
) -> Observed<'i> {
    let observed = super::input::observed_input(profile.url(), input, base);
    match super::kind::observed_kind(profile.url(), input, &observed, base) {
        None => Observed::Input(observed),
        Some(Ok(url)) => {
            let mut c: CowUrl<'_> = CowUrl {
                scheme: url.scheme.map(Cow::Owned),
                path: url.path.map(Cow::Owned),
                query: url.query.map(Cow::Owned),
                fragment: url.fragment.map(Cow::Owned),
                ..CowUrl::default()
            };
            Observed::Done(serialize_into_url(&mut c))
        }
        Some(Err(reason)) => Observed::Done(Err(Error::Invalid(reason))),
    }
}

/// `e` with the URL the modelled browser shows although it is invalid
/// ([`Error::displayed`]), when the host pipeline gave the host the
/// browser writes (googleurl's BROKEN addresses): `input` resolved
/// again and canonicalized with that host in place of CanonicalizeHost's
/// result.  Any other error is returned as it is.
pub(crate) fn with_displayed(
    base: Option<&CowUrl<'_>>,
    input: &str,
    e: Error,
    profile: &Plan,
    encoding: &'static Encoding,
) -> Error {
    let Error::Host {
        host,
        step,
        reason,
        written,
        shown_host: Some(shown),
        displayed: None,
    } = e
    else {
        return e;
    };
    let preprocessed = preprocess::preprocess(input);
    let mut resolved = resolve(base, input, &preprocessed, profile);
    let displayed = if resolved.invalid.is_none() && resolved.host.is_some() {
        resolved.host = Some(Cow::Owned(shown.clone()));
        resolved.host_as_written = None;
        canonicalize::canonicalize_around_shown_host(&mut resolved, encoding)
            .and_then(|()| serialize_into_url(&mut resolved))
            .ok()
            .map(|u| u.as_str().to_string())
    } else {
        None
    };
    Error::Host {
        host,
        step,
        reason,
        written,
        shown_host: Some(shown),
        displayed,
    }
}
