//! The work on one input shared between the profiles of a batch (the
//! comparer's, [`crate::Canonicalizer::canonicalize_each`]): when no
//! profile's observed steps before the parser touch the input, the
//! common absolute URL is scanned once and its host canonicalized under
//! each profile, and what that shortcut declines is parsed and resolved
//! once ([`canonicalize_each_by_the_steps`]); otherwise each profile
//! takes its own path ([`super::pipeline::canonicalize`]).
//!
//! `http://Bücher.de/a b` under this, chrome, gecko and ie: scanned
//! once, the host canonicalized four times, chrome's and gecko's URL the
//! same as this's ([`EachResult::SameAs`]).

use super::base::ParsedBase;
use super::common_url::{self, Covered};
use super::each_components::{canonicalize_each_parts, AllButHost, Each};
use super::pipeline::{self, Against};
use crate::algorithm::pipeline::{resolve, serialize_into_url};
use crate::algorithm::{preprocess, serialize};
use crate::error::Error;
use crate::observed::input::{observed_input, observed_input_invalid};
use crate::observed::kind::observed_kind;
use crate::observed::pipeline::with_displayed;
use crate::profile::plan::Plan;
use crate::profile::url_steps::InputFacts;
use crate::url::components::CowUrl;
use crate::url::Offsets;
use crate::url::{Maker, PlanRef, Url};
use encoding_rs::Encoding;
use std::borrow::Cow;

/// One profile's result in [`canonicalize_each_shared`].
#[derive(Debug)]
pub(crate) enum EachResult {
    /// The canonical URL, or why there is none.
    Own(Result<Url, Error>),
    /// The same canonical URL as the profile at this index (an earlier
    /// one) gives.
    SameAs(usize),
    /// No result: the engine panicked (a bug), with the panic's message
    /// (made by the comparer, which runs engines under a guard).
    Panicked(String),
}

/// One profile of a batch: its plan, and what it canonicalizes against:
/// the batch's base (`own_base` false), the base canonicalized under it
/// (`own_base`), or the error that base gave.
pub(crate) struct Member<'a> {
    pub plan: &'a Plan,
    pub at: Against<'a>,
    pub own_base: bool,
}

/// `input` canonicalized under each of `members` (whose plans are
/// `profiles`, in order), against `at` (the batch's base and encoding); element `i` is what `members[i]` alone
/// gives, or [`EachResult::SameAs`] an earlier one.  The results are
/// pushed into `into` (empty: its room is reused) where they can be.
pub(crate) fn canonicalize_each_shared(
    at: Against<'_>,
    input: &str,
    profiles: &[&Plan],
    members: &[Member<'_>],
    mut into: Vec<EachResult>,
) -> Vec<EachResult> {
    debug_assert!(members
        .iter()
        .zip(profiles)
        .all(|(m, p)| std::ptr::eq(m.plan, *p)));
    // The input's facts, found once for every profile.
    let gated = |p: &&Plan| p.url_gates().before.on || p.url_gates().components.on;
    let facts = profiles.iter().any(gated).then(|| InputFacts::of(input));
    let base_text = at.base.map(ParsedBase::text);
    let alone = members.len() == 1
        || members.iter().any(|m| {
            let p = m.plan;
            let touched = facts.is_some_and(|f| {
                let f = f.with_base(m.at.base_fact);
                p.url_gates().before.may_touch(&f, p.url())
            });
            // The cheap tests first; then what the observed steps before
            // the parser make of the input.
            m.own_base
                || touched
                    && ((p.url().file_paths_as_posix && may_be_file(input, base_text)) || {
                        let observed = observed_input(p.url(), input, base_text);
                        !(std::ptr::eq(&*observed, input) || *observed == *input)
                            || observed_input_invalid(p.url(), input).is_some()
                            || observed_kind(p.url(), input, &observed, base_text).is_some()
                    })
        });
    if alone {
        into.extend(members.iter().map(|m| {
            let made = Maker::Profile(PlanRef::of(m.plan), at.encoding);
            EachResult::Own(
                pipeline::canonicalize(m.at, input, m.plan).map(|url| url.made_by(made)),
            )
        }));
        return into;
    }
    // The common absolute URL: scanned once, its host canonicalized
    // under each profile (see `common_url::canonicalize_common_url_each`);
    // the profiles it declines take the steps, together.  A common
    // relative reference is taken as the text of its resolution (see
    // `pipeline::shortcut`).
    let base = at.base.map(ParsedBase::as_cow);
    let each = |text: &str, facts: Option<&InputFacts<'_>>, into| {
        common_url::canonicalize_common_url_each(
            text,
            facts,
            profiles,
            at.encoding,
            into,
            |i, covered| match covered {
                Covered::Url(mut url) => {
                    url.set_made(Maker::Profile(PlanRef::of(profiles[i]), at.encoding));
                    EachResult::Own(Ok(url))
                }
                Covered::SameAs(j) => EachResult::SameAs(j),
            },
            |e| EachResult::Own(Err(e)),
            |declined| {
                (canonicalize_each_by_the_steps(base.as_ref(), input, declined, at.encoding)
                    .into_iter())
                .map(EachResult::Own)
                .collect()
            },
        )
    };
    let mut into = Some(into);
    let mut results = pipeline::with_reference_text(at.base, input, |text| {
        each(text, None, into.take().unwrap_or_default())
    })
    .unwrap_or_else(|| each(input, facts.as_ref(), into.take().unwrap_or_default()));
    for (r, plan) in results.iter_mut().zip(profiles) {
        if let EachResult::Own(Err(
            e @ Error::Host {
                shown_host: Some(_),
                displayed: None,
                ..
            },
        )) = r
        {
            *e = with_displayed(base.as_ref(), input, e.clone(), plan, at.encoding);
        }
    }
    results
}

/// [`crate::algorithm::pipeline::canonicalize_by_the_steps`] under each of `profiles`, which resolve
/// `input` alike: parsed and resolved once, then
/// [`canonicalize::canonicalize_each_parts`]; each URL made by its
/// profile.
#[inline]
fn canonicalize_each_by_the_steps(
    base: Option<&CowUrl<'_>>,
    input: &str,
    profiles: &[&Plan],
    encoding: &'static Encoding,
) -> Vec<Result<Url, Error>> {
    let preprocessed = preprocess::preprocess(input);
    let resolved = resolve(base, input, &preprocessed, profiles[0]);
    if let Some(reason) = resolved.invalid {
        return profiles
            .iter()
            .map(|_| Err(Error::Invalid(reason)))
            .collect();
    }
    let mut each = match canonicalize_each_parts(&resolved, profiles, encoding) {
        Each::Whole(each) => each
            .into_iter()
            .map(|r| r.and_then(|mut c| serialize_into_url(&mut c)))
            .collect(),
        Each::AllButHost(parts) => urls_but_host(parts),
    };
    for (url, plan) in each.iter_mut().zip(profiles) {
        if let Ok(url) = url {
            url.set_made(Maker::Profile(PlanRef::of(plan), encoding));
        }
    }
    each
}

/// The [`Url`]s of the profiles whose canonical components differ only by
/// their host (see [`canonicalize::canonicalize_each_parts`]): the first
/// URL with a host is serialized, and each other host put in its place
/// ([`Url::with_host`]), or the first URL copied when the host is the
/// same.  What serializing each profile's components gives.
///
/// `http://Bücher.de/a b` under THIS, CHROME, GECKO and IE:
/// `http://xn--bcher-kva.de/a%20b` serialized once, copied for CHROME and
/// GECKO, `http://bücher.de/a%20b` spliced for IE.
fn urls_but_host(mut parts: AllButHost<'_>) -> Vec<Result<Url, Error>> {
    // Where the first URL serialized is in `each`.
    let mut first: Option<usize> = None;
    let mut each: Vec<Result<Url, Error>> = Vec::with_capacity(parts.hosts.len());
    for host in std::mem::take(&mut parts.hosts) {
        let url = host.and_then(|host| {
            parts.result.clone()?;
            if let Some(Ok(url)) = first.map(|i| &each[i]) {
                match (url.host_str(), host.as_deref()) {
                    (h, host) if h == host => return Ok(url.clone()),
                    (Some(_), Some(host)) => {
                        return url
                            .with_host(|out| {
                                out.push_str(host);
                                true
                            })
                            .expect("the host is written")
                    }
                    _ => {}
                }
            }
            // Serialized from the shared components borrowed, with this
            // host: one allocation, of the right size.
            let mut c = parts.shared.borrowed();
            c.host = host.as_deref().map(Cow::Borrowed);
            c.host_as_written = None;
            let offsets = Offsets::of(&c)?;
            let s = serialize::serialize_cow(&c).expect("a canonicalized URL is valid");
            Ok(Url::new(s, offsets))
        });
        if first.is_none() && url.is_ok() {
            first = Some(each.len());
        }
        each.push(url);
    }
    each
}

/// Whether `input`, against the base of text `base`, may resolve to a
/// `file:` URL: its text or the base's holds `file:`, ASCII
/// case-insensitively.  A profile that resolves `file:` URLs otherwise
/// ([`crate::profile::UrlParams::file_paths_as_posix`]) is then taken
/// on its own.
fn may_be_file(input: &str, base: Option<&str>) -> bool {
    // `file:` ends at a `:`: each `:` found (by `memchr`) has its four
    // octets before it compared.
    let has_file = |s: &str| {
        let b = s.as_bytes();
        s.match_indices(':')
            .any(|(i, _)| i >= 4 && b[i - 4..i].eq_ignore_ascii_case(b"file"))
    };
    has_file(input) || base.is_some_and(has_file)
}
