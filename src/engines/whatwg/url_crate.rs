//! With the `url-conversions` feature: a [`Url`] from the `url` crate's
//! [`url::Url`] and back.
//!
//! A `url::Url` becomes the `whatwg` engine's URL of the same
//! serialization (its setters are the URL Standard's); a `Url` becomes a
//! `url::Url` when the `url` crate parses its serialization (a 2011
//! profile's URL may not be one the URL Standard accepts, or may read
//! otherwise: the `url` crate's result is what it reads).
//!
//! ```
//! use urlprism::Url;
//! let theirs = url::Url::parse("HTTPS://Example.COM:443/a/../b?q#f")?;
//! let ours = Url::try_from(&theirs)?;
//! assert_eq!(ours.as_str(), "https://example.com/b?q#f");
//! assert_eq!(ours.host_str(), Some("example.com"));
//! let back = url::Url::try_from(&ours)?;
//! assert_eq!(back, theirs);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::error::Error;
use crate::url::components::CowUrl;
use crate::url::{Maker, Offsets, Url};
use std::borrow::Cow;

/// The components of a `url::Url` as urlprism's (see
/// [`crate::engines::whatwg::components`]): the port written anew, a path
/// given its `/.`.
fn components_cow(url: &url::Url) -> CowUrl<'_> {
    let credentials = !url.username().is_empty() || url.password().is_some_and(|p| !p.is_empty());
    // The crate's `host_str` is `None` for an empty host too: the
    // serialization tells them apart (`file:///x` has `//`, `file:/x` not).
    let has_authority = url.as_str()[url.scheme().len() + 1..].starts_with("//");
    let host = has_authority.then(|| url.host_str().unwrap_or(""));
    let path = match url.path() {
        p if host.is_none() && p.starts_with("//") => Cow::Owned(format!("/.{p}")),
        p => Cow::Borrowed(p),
    };
    CowUrl {
        scheme: Some(Cow::Borrowed(url.scheme())),
        user: credentials.then(|| Cow::Borrowed(url.username())),
        password: url.password().filter(|p| !p.is_empty()).map(Cow::Borrowed),
        host: host.map(Cow::Borrowed),
        port: url.port().map(|p| Cow::Owned(p.to_string())),
        path: Some(path),
        query: url.query().map(Cow::Borrowed),
        fragment: url.fragment().map(Cow::Borrowed),
        ..CowUrl::default()
    }
}

impl TryFrom<&url::Url> for Url {
    type Error = Error;

    /// The `url::Url`'s serialization and components, as a URL of the
    /// `whatwg` engine.  Fails only for a URL of 4 GiB or more.
    fn try_from(url: &url::Url) -> Result<Url, Error> {
        let offsets = Offsets::of(&components_cow(url))?;
        let made = Maker::Whatwg {
            transitional: false,
            encoding: encoding_rs::UTF_8,
        };
        Ok(Url::new(url.as_str().to_string(), offsets).made_by(made))
    }
}

impl TryFrom<url::Url> for Url {
    type Error = Error;

    fn try_from(url: url::Url) -> Result<Url, Error> {
        Url::try_from(&url)
    }
}

impl TryFrom<&Url> for url::Url {
    type Error = url::ParseError;

    /// The `url` crate's parse of the serialization.
    fn try_from(url: &Url) -> Result<url::Url, url::ParseError> {
        url::Url::parse(url.as_str())
    }
}

impl TryFrom<Url> for url::Url {
    type Error = url::ParseError;

    fn try_from(url: Url) -> Result<url::Url, url::ParseError> {
        url::Url::parse(url.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every URL of the WPT inputs the `url` crate parses converts to a
    /// `Url` of the same serialization and components, which holds its
    /// invariants, and back to the same `url::Url`.
    #[test]
    fn wpt_urls_convert_both_ways() {
        let wpt = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/wpt/urltestdata.json"
        ))
        .unwrap();
        let mut converted = 0;
        for line in wpt.lines() {
            let Some(rest) = line.trim().strip_prefix("\"input\": \"") else {
                continue;
            };
            let Some(input) = rest.strip_suffix("\",") else {
                continue;
            };
            let Ok(theirs) = url::Url::parse(input) else {
                continue;
            };
            let ours = Url::try_from(&theirs).unwrap();
            ours.check_invariants().unwrap();
            assert_eq!(ours.as_str(), theirs.as_str());
            assert_eq!(ours.scheme(), theirs.scheme());
            assert_eq!(ours.port(), theirs.port());
            assert_eq!(ours.query(), theirs.query());
            assert_eq!(ours.fragment(), theirs.fragment());
            // The URL Standard's empty host of `foo://` is a host here,
            // none for the `url` crate's `host_str`; the path of
            // `web+demo:/.//x` keeps its `/.`, which the `url` crate's
            // `path` leaves out.
            match theirs.host_str() {
                None => assert!(matches!(ours.host_str(), None | Some("")), "{input}"),
                host => assert_eq!(ours.host_str(), host, "{input}"),
            }
            assert!(ours.path().ends_with(theirs.path()), "{input}");
            assert_eq!(url::Url::try_from(&ours).unwrap(), theirs);
            converted += 1;
        }
        assert!(converted > 200, "{converted}");
    }
}
