//! urlprism parses, resolves and canonicalizes URLs the way web browsers
//! did, following the url-canonicalization specification, and shows how
//! browser profiles (THIS, CHROME, GECKO, IE) would disagree.
//!
//! ```
//! let canon = urlprism::canonicalize_str("HTTP://EXAMPLE.com/a/../b", None, urlprism::profile::this(), encoding_rs::UTF_8);
//! assert_eq!(canon.unwrap(), "http://example.com/b");
//! ```

pub mod canonicalize;
pub mod compare;
pub mod conformance;
pub mod engine;
pub mod error;
pub mod host;
pub mod ipv4;
pub mod ipv6;
pub mod octets;
pub mod parse;
pub mod percent;
pub mod preprocess;
pub mod profile;
pub mod resolve;
pub mod serialize;
pub mod unicode;
pub mod url;
pub mod whatwg;

pub use canonicalize::{canonicalize, canonicalize_each};
pub use error::Error;
pub use parse::parse;
pub use profile::{Profile, ProfileSpec};
pub use resolve::resolve;
pub use serialize::serialize;
pub use url::ParsedUrl;

use encoding_rs::Encoding;
use std::borrow::Cow;

/// From string to canonical string: parses the base (`input` itself when
/// `base` is `None`), resolves `input` against it, canonicalizes under
/// `profile` with the document encoding `encoding`, and serializes.
///
/// The components stay borrowed from `input` and `base` until they are
/// serialized, so that the canonical string is, in the common case, the
/// only allocation.
pub fn canonicalize_str(
    input: &str,
    base: Option<&str>,
    profile: &dyn Profile,
    encoding: &'static Encoding,
) -> Result<String, Error> {
    with_resolved(input, base, |resolved, has_base| {
        canonicalize_resolved(resolved, has_base, profile, encoding)
    })
}

/// Parses the base (`input` itself when `base` is `None`) and resolves
/// `input` against it, on borrowed components, then hands the result to
/// `then` with whether there was a base (for the reason of invalidity).
/// The resolved URL may borrow from the base's preprocessed string: `then`
/// is done with it in this scope.
fn with_resolved<R>(
    input: &str,
    base: Option<&str>,
    then: impl FnOnce(&mut url::CowUrl<'_>, bool) -> R,
) -> R {
    let preprocessed = preprocess::preprocess(input);
    match base {
        Some(base) => {
            let preprocessed_base = preprocess::preprocess(base);
            let mut b = parse::parse_preprocessed(&preprocessed_base);
            parse::keep_host_as_written(base, &mut b);
            then(&mut resolve::resolve_cow(input, &preprocessed, &b), true)
        }
        None => then(&mut resolve::resolve_self_cow(input, &preprocessed), false),
    }
}

/// [`canonicalize_str`] under each of `profiles` at once: the base and the
/// input are parsed and resolved once, and what no profile parameter
/// touches is canonicalized once (see [`canonicalize_each`]); element `i`
/// is what `canonicalize_str(input, base, profiles[i], encoding)` gives.
///
/// ```
/// use urlprism::{canonicalize_str_each, profile, Profile};
/// let profiles: Vec<&dyn Profile> = profile::builtin_profiles().iter().map(|p| p as &dyn Profile).collect();
/// let each = canonicalize_str_each("http://Bücher.de/a b", None, &profiles, encoding_rs::UTF_8);
/// let names: Vec<&str> = profiles.iter().map(|p| p.name()).collect();
/// assert_eq!(names, ["this", "chrome", "gecko", "ie"]);
/// assert_eq!(each[0].as_deref(), Ok("http://xn--bcher-kva.de/a%20b"));
/// assert_eq!(each[3].as_deref(), Ok("http://bücher.de/a%20b"));
/// ```
pub fn canonicalize_str_each(
    input: &str,
    base: Option<&str>,
    profiles: &[&dyn Profile],
    encoding: &'static Encoding,
) -> Vec<Result<String, Error>> {
    with_resolved(input, base, |resolved, has_base| {
        canonicalize_resolved_each(resolved, has_base, profiles, encoding)
    })
}

/// The end of [`canonicalize_str_each`]: canonicalizes `resolved` under
/// each profile and serializes each result.
fn canonicalize_resolved_each(
    resolved: &url::CowUrl<'_>,
    has_base: bool,
    profiles: &[&dyn Profile],
    encoding: &'static Encoding,
) -> Vec<Result<String, Error>> {
    if let Some(reason) = resolved.invalid {
        let reason = invalid_reason(reason, has_base);
        return profiles
            .iter()
            .map(|_| Err(Error::Invalid(reason)))
            .collect();
    }
    canonicalize::canonicalize_each_cow(resolved, profiles, encoding)
        .into_iter()
        .map(|r| {
            r.map(|mut c| {
                serialize::serialize_cow_owned(&mut c).expect("a canonicalized URL is valid")
            })
        })
        .collect()
}

/// The end of [`canonicalize_str`]: canonicalizes `resolved` and serializes
/// it (`has_base`: whether `input` had a base, for the reason of
/// invalidity).
fn canonicalize_resolved(
    resolved: &mut url::CowUrl<'_>,
    has_base: bool,
    profile: &dyn Profile,
    encoding: &'static Encoding,
) -> Result<String, Error> {
    if let Some(reason) = resolved.invalid {
        return Err(Error::Invalid(invalid_reason(reason, has_base)));
    }
    // Canonicalization makes the host anew (CanonicalizeHost works on a
    // string of its own): made in a buffer with room for the whole URL, it
    // becomes the serialization, which then costs no allocation of its own.
    // A non-ASCII host goes through the whole host pipeline, which hands
    // back a string of its own: the buffer would be thrown away, so the
    // host is left as it is and the serialization gets a buffer then.
    if let Some(Cow::Borrowed(host)) = resolved.host {
        if host.is_ascii() {
            let mut buffer = String::with_capacity(room_for(resolved));
            buffer.push_str(host);
            resolved.host = Some(Cow::Owned(buffer));
        }
    }
    canonicalize::canonicalize_in_place(resolved, profile, encoding)?;
    Ok(serialize::serialize_cow_owned(resolved).expect("a canonicalized URL is valid"))
}

/// Room for the serialization of `u` once canonicalized, when nothing
/// needs percent-encoding: its components, their delimiters, and a little
/// for a path of `/`.
fn room_for(u: &url::CowUrl<'_>) -> usize {
    serialize::serialized_len(u) + 2
}

/// Without a base the input is its own base: an invalid "base" is the
/// input itself lacking a scheme.
fn invalid_reason(reason: url::InvalidReason, has_base: bool) -> url::InvalidReason {
    match reason {
        url::InvalidReason::InvalidBase if !has_base => url::InvalidReason::NoScheme,
        r => r,
    }
}

/// [`canonicalize_input`] serialized: the canonical string of `input`
/// resolved against `base` (already parsed; `input` itself when `None`),
/// or why there is none.  As [`canonicalize_str`], without parsing the
/// base again for each input.
///
/// ```
/// let base = urlprism::parse("http://example.com/dir/");
/// let s = urlprism::canonicalize_input_str("../A%41", Some(&base), urlprism::profile::this(), encoding_rs::UTF_8);
/// assert_eq!(s.unwrap(), "http://example.com/AA");
/// ```
pub fn canonicalize_input_str(
    input: &str,
    base: Option<&ParsedUrl>,
    profile: &dyn Profile,
    encoding: &'static Encoding,
) -> Result<String, Error> {
    let preprocessed = preprocess::preprocess(input);
    match base {
        Some(b) => {
            let b = b.as_cow();
            let mut resolved = resolve::resolve_cow(input, &preprocessed, &b);
            canonicalize_resolved(&mut resolved, true, profile, encoding)
        }
        None => {
            let mut resolved = resolve::resolve_self_cow(input, &preprocessed);
            canonicalize_resolved(&mut resolved, false, profile, encoding)
        }
    }
}

/// Resolves `input` against `base` (already parsed; `input` itself when
/// `None`) and canonicalizes it: the canonical parsed URL, or why there is
/// none.  For many inputs against one base, parse the base once and call
/// this.
///
/// ```
/// let base = urlprism::parse("http://example.com/dir/");
/// let u = urlprism::canonicalize_input("../A%41", Some(&base), urlprism::profile::this(), encoding_rs::UTF_8).unwrap();
/// assert_eq!(u.path.as_deref(), Some("/AA"));
/// ```
pub fn canonicalize_input(
    input: &str,
    base: Option<&ParsedUrl>,
    profile: &dyn Profile,
    encoding: &'static Encoding,
) -> Result<ParsedUrl, Error> {
    let preprocessed = preprocess::preprocess(input);
    let mut resolved = match base {
        Some(b) => resolve::resolve_cow(input, &preprocessed, &b.as_cow()),
        None => resolve::resolve_self_cow(input, &preprocessed),
    };
    if let Some(reason) = resolved.invalid {
        return Err(Error::Invalid(invalid_reason(reason, base.is_some())));
    }
    canonicalize::canonicalize_in_place(&mut resolved, profile, encoding)?;
    Ok(resolved.into_owned())
}
