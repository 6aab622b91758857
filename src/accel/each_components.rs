//! The steps to canonicalize a URL's components under several profiles
//! at once ([`canonicalize_each`]): only the host depends on the profile
//! (CanonicalizeHost, and the host as written), so the scheme, user and
//! password, port, path, query and fragment are canonicalized once and
//! shared, and the work on the host no profile parameter touches is
//! kept from one profile to the next ([`SharedHostWork`]).
//!
//! `http://Bücher.de/a b` under this and ie: `http`, `/a%20b` once, the
//! host twice.

use crate::accel::host::{canonicalize_host_cow, with_shared_host_work, SharedHostWork};
use crate::algorithm::canonicalize::{
    canonicalize_components, canonicalize_in_place, empty_host_check, prepared_host,
    server_info_split,
};
use crate::error::Error;
use crate::profile::plan::{with_plans, Plan};
use crate::profile::{PortSplit, Profile};
use crate::url::components::{CowUrl, ParsedUrl};
use encoding_rs::Encoding;
use std::borrow::Cow;

/// Canonicalizes a parsed URL under each of `profiles` at once (as
/// [`crate::Canonicalizer::canonicalize_each`], and so `urlprism
/// compare`, does with a URL its whole-URL shortcut declines): element
/// `i` is what [`crate::algorithm::canonicalize::canonicalize()`] gives under `profiles[i]`.
///
/// Only the host depends on the profile (CanonicalizeHost, and the host
/// as written); the scheme, user and password, port, path, query and
/// fragment are canonicalized once and shared.  A `file:` URL, whose
/// HOSTPATH loop moves text between host and path, and a path beginning
/// with `//`, whose `/.` depends on the host being empty, are
/// canonicalized under each profile in full.
///
/// ```
/// use urlprism::{canonicalize_each, parse, profile, serialize};
/// let u = parse("http://Bücher.de/a b");
/// let profiles = [profile::this() as &dyn urlprism::Profile, profile::builtin("ie").unwrap()];
/// let each = canonicalize_each(&u, &profiles, encoding_rs::UTF_8);
/// assert_eq!(serialize(each[0].as_ref().unwrap()).unwrap(), "http://xn--bcher-kva.de/a%20b");
/// assert_eq!(serialize(each[1].as_ref().unwrap()).unwrap(), "http://bücher.de/a%20b");
/// ```
pub fn canonicalize_each(
    u: &ParsedUrl,
    profiles: &[&dyn Profile],
    encoding: &'static Encoding,
) -> Vec<Result<ParsedUrl, Error>> {
    with_plans(profiles, |plans| {
        canonicalize_each_cow(&u.as_cow(), plans, encoding)
            .into_iter()
            .map(|r| r.map(CowUrl::into_owned))
            .collect()
    })
}

/// [`canonicalize_each`] on borrowed components: those that no profile
/// changes stay borrowed in every result.
pub(crate) fn canonicalize_each_cow<'a>(
    u: &CowUrl<'a>,
    profiles: &[&Plan],
    encoding: &'static Encoding,
) -> Vec<Result<CowUrl<'a>, Error>> {
    let Some((mut shared, result, scheme)) = all_but_host(u, profiles, encoding) else {
        return each_whole(u, profiles, encoding);
    };
    with_shared_host_work(|shared_host| {
        let mut results: Vec<Result<CowUrl<'a>, Error>> = Vec::with_capacity(profiles.len());
        for (i, p) in profiles.iter().enumerate() {
            let r = canonical_host(u, &scheme, p, shared_host).and_then(|host| {
                result.clone()?;
                // The last profile takes the shared components themselves.
                let mut c = if i + 1 == profiles.len() {
                    std::mem::take(&mut shared)
                } else {
                    shared.clone()
                };
                c.host = host;
                c.host_as_written = None;
                Ok(c)
            });
            results.push(r);
        }
        results
    })
}

/// The profiles' results of [`canonicalize_each_parts`].  (Returned once
/// and matched at once: boxing the larger variant would cost an
/// allocation per URL and save nothing.)
#[allow(clippy::large_enum_variant)]
pub(crate) enum Each<'a> {
    /// Each profile's whole result.
    Whole(Vec<Result<CowUrl<'a>, Error>>),
    /// The components but the host, the same for every profile, and each
    /// profile's host.
    AllButHost(AllButHost<'a>),
}

/// The canonical components of a URL under several profiles whose
/// results differ only by their host (see [`canonicalize_each`]).
pub(crate) struct AllButHost<'a> {
    /// Every component but the host (and the host as written), canonical.
    pub(crate) shared: CowUrl<'a>,
    /// Whether canonicalizing them failed: the error of every profile
    /// whose host does not fail first.
    pub(crate) result: Result<(), Error>,
    /// Each profile's canonical host (`None`: the URL has none), or the
    /// error CanonicalizeHost gives.
    pub(crate) hosts: Vec<Result<Option<Cow<'a, str>>, Error>>,
}

/// [`canonicalize_each_cow`], the components every profile shares apart
/// from the hosts when they can be shared: profile `i`'s result is
/// `hosts[i]`, then `result`, then `shared` with that host.
pub(crate) fn canonicalize_each_parts<'a>(
    u: &CowUrl<'a>,
    profiles: &[&Plan],
    encoding: &'static Encoding,
) -> Each<'a> {
    let Some((shared, result, scheme)) = all_but_host(u, profiles, encoding) else {
        return Each::Whole(each_whole(u, profiles, encoding));
    };
    let hosts = with_shared_host_work(|shared_host| {
        profiles
            .iter()
            .map(|p| canonical_host(u, &scheme, p, shared_host))
            .collect()
    });
    Each::AllButHost(AllButHost {
        shared,
        result,
        hosts,
    })
}

/// Each profile's whole result, canonicalized on its own.
fn each_whole<'a>(
    u: &CowUrl<'a>,
    profiles: &[&Plan],
    encoding: &'static Encoding,
) -> Vec<Result<CowUrl<'a>, Error>> {
    profiles
        .iter()
        .map(|p| {
            let mut c = u.clone();
            canonicalize_in_place(
                &mut c,
                p,
                encoding,
                super::pipeline::canonicalize_host_accelerated,
            )
            .map(|()| c)
        })
        .collect()
}

/// The components of `u` but the host, canonicalized once for every
/// profile (and whether that failed), and the scheme in lowercase; `None`
/// when the profiles' results may differ elsewhere than in the host: a
/// `file:` URL, whose HOSTPATH loop moves text between host and path; a
/// path beginning with `//`, whose `/.` depends on the host being empty; a
/// profile that splits the port off elsewhere.
#[allow(clippy::type_complexity)]
fn all_but_host<'a, 'u>(
    u: &'u CowUrl<'a>,
    profiles: &[&Plan],
    encoding: &'static Encoding,
) -> Option<(CowUrl<'a>, Result<(), Error>, Cow<'u, str>)> {
    // A profile that splits the port off elsewhere gives this URL another
    // port: nothing is shared.
    let port_split_differs = || {
        profiles
            .iter()
            .any(|p| p.url().port_split != PortSplit::LastColon)
            && server_info_split(u.host.as_deref(), u.port.as_deref()).is_some()
    };
    // A profile whose URL-level steps may rewrite this URL's components
    // (its fragment rule, its rule for NUL in the path, ...) has its own
    // (`crate::url_steps`).
    let rewrites = || {
        profiles
            .iter()
            .any(|p| p.url_gates().may_rewrite_resolved(u, p.url()))
    };
    if profiles.len() < 2
        || u.is_invalid()
        || u.scheme_is("file")
        || port_split_differs()
        || rewrites()
    {
        return None;
    }
    let mut shared = u.clone();
    let result = canonicalize_components(&mut shared, None, encoding);
    if shared
        .path
        .as_deref()
        .is_some_and(|p| p.starts_with("//") || p.starts_with("/.//"))
    {
        return None;
    }
    let mut scheme = Cow::Borrowed(u.scheme.as_deref().unwrap_or(""));
    if scheme.bytes().any(|b| b.is_ascii_uppercase()) {
        scheme.to_mut().make_ascii_lowercase();
    }
    Some((shared, result, scheme))
}

/// The host of `u` (not a `file:` URL) canonicalized under `profile`, as
/// [`canonicalize_components`] does it: the host as written when the
/// profile keeps it, then CanonicalizeHost, with the work on the host that
/// no profile parameter touches kept in `shared` for the next profile.
fn canonical_host<'a>(
    u: &CowUrl<'a>,
    scheme: &str,
    profile: &Plan,
    shared: &mut SharedHostWork,
) -> Result<Option<Cow<'a, str>>, Error> {
    empty_host_check(u, scheme, profile)?;
    let mut host = prepared_host(u.host.clone(), u.host_as_written.clone(), profile);
    if let Some(host) = host.as_mut() {
        canonicalize_host_cow(host, scheme, profile, Some(shared))
            .map_err(|e| e.in_authority(u.authority.as_deref()))?;
    }
    Ok(host)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algorithm::canonicalize::canonicalize;
    use crate::profile::{builtin, builtin_profiles};
    use encoding_rs::UTF_8;

    fn all() -> Vec<&'static dyn Profile> {
        builtin_profiles()
            .iter()
            .map(|p| p as &dyn Profile)
            .collect()
    }

    #[track_caller]
    fn same_as_alone(input: &str) {
        let u = crate::algorithm::parse::parse(input);
        let together = canonicalize_each(&u, &all(), UTF_8);
        for (p, t) in all().into_iter().zip(together) {
            assert_eq!(
                t,
                canonicalize(&u, p, UTF_8),
                "{input:?} under {}",
                p.name()
            );
        }
    }

    #[test]
    fn together_is_alone() {
        for input in [
            "http://Bücher.DE:80/a/../b c?q r#f",
            "HTTP://u:p@ex.com:99999/",
            "http://a\u{FDD0}b/",
            "http://a\u{FFFE}b/x",
            "file://c:/x",
            "file:////server/share",
            "mailto:A@B",
            "javascript:alert(1)",
            "http://[::1]/",
            "nope",
        ] {
            same_as_alone(input);
        }
    }

    /// Gecko keeps the empty label that Nameprep leaves of U+00AD: its host
    /// is empty and its path `//x` becomes `/.//x`; the others reject the
    /// host.  The shared path must not be taken as it is.
    #[test]
    fn double_slash_path_follows_each_host() {
        same_as_alone("http://\u{AD}//x");
        let u = crate::algorithm::parse::parse("http://\u{AD}//x");
        let gecko: &dyn Profile = builtin("gecko").unwrap();
        let each = canonicalize_each(&u, &[gecko, crate::profile::this()], UTF_8);
        assert_eq!(each[0].as_ref().unwrap().path.as_deref(), Some("/.//x"));
    }
}
