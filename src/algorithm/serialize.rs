//! The "steps to serialize a parsed URL" (specification section
//! "Serialization").

use crate::error::Error;
use crate::url::components::{CowUrl, ParsedUrl};
use crate::url::{Offsets, Url};
use std::borrow::Cow;

/// The *steps to serialize a parsed URL*: `None` when `u` is /invalid/
/// (step 2); otherwise the |scheme| and `:`, then — when any of |user|,
/// |password|, |host|, |port| is present, even empty — `//`, the
/// user-info followed by `@` (when |user| or |password| is present), the
/// |host| and `:` with the |port| (when present); then the |path|, `?`
/// with the |query| and `#` with the |fragment| (each when present).
///
/// The raw |authority| is not used: only its parts are serialized.  No
/// character is escaped here.
///
/// ```
/// let u = urlprism::parse("http://u:@h:/p?#");
/// assert_eq!(urlprism::serialize(&u).as_deref(), Some("http://u:@h:/p?#"));
/// assert_eq!(urlprism::serialize(&urlprism::parse("no scheme")), None);
/// ```
pub fn serialize(u: &ParsedUrl) -> Option<String> {
    serialize_cow(&u.as_cow())
}

/// [`serialize`] of a parsed URL with borrowed components.
pub(crate) fn serialize_cow(u: &CowUrl<'_>) -> Option<String> {
    // Step 2.
    if u.is_invalid() {
        return None;
    }
    let mut s = String::with_capacity(serialized_len(u));
    // Steps 4 and 5.
    s.push_str(u.scheme.as_deref().unwrap_or(""));
    s.push(':');
    // Step 6.
    if u.has_authority_parts() {
        s.push_str("//");
        push_user_info(u, &mut s);
        s.push_str(u.host.as_deref().unwrap_or(""));
    }
    push_after_host(u, &mut s);
    Some(s)
}

/// [`serialize_cow`], taking the |host| out of `u`: when it is
/// an owned string, the serialization is written around it, in its
/// buffer, rather than in a new one (canonicalization makes the host
/// anew; [`crate::Canonicalizer::canonicalize`] gives that buffer room for the
/// whole URL).
///
/// `http://u@h/p` with the owned host `h`: `u@` then `http://` are
/// written in front of `h`, and `/p` after it.
pub(crate) fn serialize_cow_owned(u: &mut CowUrl<'_>) -> Option<String> {
    if u.is_invalid() {
        return None;
    }
    // The host's buffer is used only when the rest fits in it: growing it
    // would copy the host, and then move it again for each insertion, where
    // a new buffer of the right size copies it once.
    let mut s = match u.host.take() {
        Some(Cow::Owned(host)) if host.capacity() - host.len() >= serialized_len(u) => host,
        host => {
            u.host = host;
            return serialize_cow(u);
        }
    };
    // Step 6 (the host is present): the user-info and `@`, in front of
    // the host.
    if u.user.is_some() || u.password.is_some() {
        s.insert(0, '@');
        if let Some(password) = u.password.as_deref() {
            s.insert_str(0, password);
            s.insert(0, ':');
        }
        s.insert_str(0, u.user.as_deref().unwrap_or(""));
    }
    // Steps 4 to 6: the scheme, `:` and `//`, in front of them (one
    // insertion for the common schemes).
    match u.scheme.as_deref().unwrap_or("") {
        "http" => s.insert_str(0, "http://"),
        "https" => s.insert_str(0, "https://"),
        scheme => {
            s.insert_str(0, "://");
            s.insert_str(0, scheme);
        }
    }
    push_after_host(u, &mut s);
    Some(s)
}

/// The length of the serialization of `u`, give or take its delimiters.
pub(crate) fn serialized_len(u: &CowUrl<'_>) -> usize {
    let parts = [
        &u.scheme,
        &u.user,
        &u.password,
        &u.host,
        &u.port,
        &u.path,
        &u.query,
        &u.fragment,
    ];
    parts
        .iter()
        .map(|p| p.as_deref().map_or(0, str::len))
        .sum::<usize>()
        + 8
}

/// Step 6: the user-info followed by `@`, when |user| or |password| is
/// present.
fn push_user_info(u: &CowUrl<'_>, s: &mut String) {
    if u.user.is_some() || u.password.is_some() {
        s.push_str(u.user.as_deref().unwrap_or(""));
        if let Some(password) = &u.password {
            s.push(':');
            s.push_str(password);
        }
        s.push('@');
    }
}

/// Steps 6 to 9 after the |host|: `:` and the |port|, the |path|, `?` and
/// the |query|, `#` and the |fragment| (each when present).
fn push_after_host(u: &CowUrl<'_>, s: &mut String) {
    // Step 6.
    if let Some(port) = &u.port {
        s.push(':');
        s.push_str(port);
    }
    // Step 7.
    s.push_str(u.path.as_deref().unwrap_or(""));
    // Step 8.
    if let Some(query) = &u.query {
        s.push('?');
        s.push_str(query);
    }
    // Step 9.
    if let Some(fragment) = &u.fragment {
        s.push('#');
        s.push_str(fragment);
    }
}

/// A [`Url`] from components as they are.
impl Url {
    /// The URL whose components are those of `u`, as they are (nothing
    /// is canonicalized), serialized by the steps to serialize
    /// ([`crate::algorithm::serialize::serialize()`]): how an engine that canonicalizes in its
    /// own way (a [`crate::compare::Engine`]) hands back its result.  An
    /// error when `u` has the /invalid/ flag set (it has no
    /// serialization), when the serialization would be 4 GiB or longer,
    /// or when the components make no URL a `Url` can hold
    /// ([`Error::Components`]: see [`Url::check_invariants`]).
    ///
    /// ```
    /// use urlprism::{ParsedUrl, Url};
    /// let u = ParsedUrl {
    ///     scheme: Some("http".into()),
    ///     user: Some("".into()),
    ///     host: Some("a".into()),
    ///     path: Some("/B".into()),
    ///     ..ParsedUrl::default()
    /// };
    /// let url = Url::from_parsed_url(&u)?;
    /// assert_eq!(url.as_str(), "http://@a/B");
    /// assert_eq!(url.to_parsed_url(), u);
    ///
    /// let e = Url::from_parsed_url(&urlprism::parse("no scheme")).unwrap_err();
    /// assert_eq!(e.to_string(), "invalid URL: no scheme: the URL does not begin with scheme characters and ':'");
    /// let e = Url::from_parsed_url(&ParsedUrl { path: Some("/a?b".into()), ..u.clone() }).unwrap_err();
    /// assert_eq!(e.to_string(), "the components make no URL: a '?' in the path in \"http://@a/a?b\"");
    /// # Ok::<(), urlprism::Error>(())
    /// ```
    pub fn from_parsed_url(u: &ParsedUrl) -> Result<Url, Error> {
        if let Some(reason) = u.invalid {
            return Err(Error::Invalid(reason));
        }
        let c = u.as_cow();
        let offsets = Offsets::of(&c)?;
        let serialization = serialize_cow(&c).ok_or(Error::Invalid(
            crate::url::components::InvalidReason::NoScheme,
        ))?;
        // Components of any making: checked here, in every build.
        let url = Url::unchecked(serialization, offsets);
        url.check_invariants()
            .map_err(|reason| Error::Components { reason })?;
        Ok(url)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algorithm::parse::parse;

    #[track_caller]
    fn round_trip(s: &str) {
        assert_eq!(serialize(&parse(s)).as_deref(), Some(s));
    }

    #[test]
    fn round_trips() {
        for s in [
            "http:",
            "http://",
            "http://a@b@c",
            "http://:@",
            "http://[::1]:80/p?q#f",
            "http://h/?",
            "http://h/#",
            "http:/p",
            "http:p?q#f",
            "mailto:a?b#c",
            "javascript:a?b#c",
            "file:///c:/x",
        ] {
            round_trip(s);
        }
    }

    #[test]
    fn empty_components_are_kept() {
        let u = ParsedUrl {
            scheme: Some("x".into()),
            password: Some(String::new()),
            port: Some(String::new()),
            ..ParsedUrl::default()
        };
        assert_eq!(serialize(&u).as_deref(), Some("x://:@:"));
    }

    #[test]
    fn invalid_is_not_serialized() {
        let u = ParsedUrl {
            scheme: Some("http".into()),
            invalid: Some(crate::url::components::InvalidReason::InvalidBase),
            ..ParsedUrl::default()
        };
        assert_eq!(serialize(&u), None);
    }
}
