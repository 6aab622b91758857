//! The specification's steps from an input string to a canonical
//! [`Url`], one after the other: preprocess, parse and resolve against
//! the base, canonicalize the components, serialize.  No shortcut, gate
//! or observed rule: what every faster path is held equal to.
//!
//! `../b` against `http://a/c/d` under THIS: preprocessed, resolved to the
//! components of `http://a/b`, canonicalized, serialized into the `Url`.

use super::canonicalize::{self, CanonicalizeHostStep};
use super::{preprocess, resolve, serialize};
use crate::error::Error;
use crate::profile::plan::Plan;
use crate::url::components::CowUrl;
use crate::url::{Offsets, Url};
use encoding_rs::Encoding;
use std::borrow::Cow;

/// `input` (preprocessed: `preprocessed`) resolved against the
/// components of `base` (the input is its own base without one), on
/// borrowed components.
/// The specification's `file:` rules of resolution apply unless the
/// profile reads `file:` paths as googleurl on Linux does
/// ([`crate::profile::UrlParams::file_paths_as_posix`]).
pub(crate) fn resolve<'a>(
    base: Option<&CowUrl<'a>>,
    input: &str,
    preprocessed: &'a str,
    profile: &Plan,
) -> CowUrl<'a> {
    let file_rules = !profile.url().file_paths_as_posix;
    match base {
        Some(b) => resolve::resolve_cow(input, preprocessed, b, file_rules),
        None => resolve::resolve_self_cow(input, preprocessed, file_rules),
    }
}

/// `input` resolved against `base`, canonicalized under `profile` (the
/// host by `host_step`) and serialized: the steps one by one.
pub(crate) fn canonicalize_by_the_steps(
    base: Option<&CowUrl<'_>>,
    input: &str,
    profile: &Plan,
    encoding: &'static Encoding,
    host_step: CanonicalizeHostStep,
) -> Result<Url, Error> {
    let preprocessed = preprocess::preprocess(input);
    let mut resolved = resolve(base, input, &preprocessed, profile);
    if let Some(reason) = resolved.invalid {
        return Err(Error::Invalid(reason));
    }
    canonicalize_into_url(&mut resolved, profile, encoding, host_step)
}

/// Canonicalizes `resolved` (valid) under `profile` and serializes it.
///
/// Canonicalization makes the host anew (CanonicalizeHost works on a
/// string of its own): made in a buffer with room for the whole URL, it
/// becomes the serialization, which then costs no allocation of its own.
/// A non-ASCII host goes through the whole host pipeline, which hands back
/// a string of its own: the buffer would be thrown away, so the host is
/// left as it is and the serialization gets a buffer then.
pub(crate) fn canonicalize_into_url(
    resolved: &mut CowUrl<'_>,
    profile: &Plan,
    encoding: &'static Encoding,
    host_step: CanonicalizeHostStep,
) -> Result<Url, Error> {
    if let Some(Cow::Borrowed(host)) = resolved.host {
        if host.is_ascii() {
            let mut buffer = String::with_capacity(serialize::serialized_len(resolved) + 2);
            buffer.push_str(host);
            resolved.host = Some(Cow::Owned(buffer));
        }
    }
    canonicalize::canonicalize_in_place(resolved, profile, encoding, host_step)?;
    serialize_into_url(resolved)
}

/// The [`Url`] of the canonical components `c`: their offsets counted, then
/// the serialization written (in the host's buffer when it has room).
pub(crate) fn serialize_into_url(c: &mut CowUrl<'_>) -> Result<Url, Error> {
    let offsets = Offsets::of(c)?;
    let s = serialize::serialize_cow_owned(c).expect("a canonicalized URL is valid");
    Ok(Url::new(s, offsets))
}
