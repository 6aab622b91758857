//! The URL API's setters as Firefox runs them (`url.port = "81"`):
//! `dom/url/URL.cpp` hands each value to the URI's mutator
//! (`NS_MutateURI(mURI).SetX(value)`), and each URI class has its own
//! setters; a setter that fails leaves the URL as it was.
//!
//! | class | setters |
//! | --- | --- |
//! | `nsSimpleURI` (`data:`, `javascript:`, `about:`, `blob:`) | `netwerk/base/nsSimpleURI.cpp`: no user, password, host or port (`NS_ERROR_FAILURE`: `javascript://x/` keeps its form whatever `port` is set to); the query and ref replaced in the spec, the path's trailing spaces trimmed when neither is left; `pathname` only on a path that begins with `/` |
//! | `DefaultURI` (other non-special schemes) | `netwerk/base/DefaultURI.cpp` → `MozURL` → the `url` crate's `quirks` setters |
//! | `nsStandardURL` and the rest | the URL Standard's setter, the result parsed again by the class; a value the standard refuses leaves the URL (observed: 278 of 278 WPT setter cases on such URLs agree with Firefox 153.8.0esr) |
//!
//! `URL::SetPort` reads the value first: tabs and newlines removed, an
//! empty value removes the port (`https://h:3000` with `"\n\t"` →
//! `https://h/`), a value that does not begin with a digit changes
//! nothing.

use super::simple_uri::SimpleUri;
use super::uri::Uri;
use crate::compare::UrlAttribute;

/// What `URL::SetPort` hands to the URI (`-1` for an empty value, as
/// `""` here), or `None` when it changes nothing.
fn port_value(value: &str) -> Option<String> {
    let stripped: String = value
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect();
    match stripped.chars().next() {
        None => Some(String::new()),
        Some(c) if c.is_ascii_digit() => Some(stripped),
        Some(_) => None,
    }
}

/// The URI after setting `attribute` to `value` on `uri` (`None`: the
/// setter failed and the URL stays as it is).
pub(crate) fn set(
    ff: &super::Firefox,
    uri: &Uri,
    attribute: UrlAttribute,
    value: &str,
) -> Option<Uri> {
    let value = match attribute {
        UrlAttribute::Port => port_value(value)?,
        _ => value.to_string(),
    };
    match uri {
        Uri::Simple(u) => set_simple(ff, uri, u, attribute, &value),
        Uri::Default(u, _) => Some(set_default(u, attribute, &value)),
        _ => by_the_standard(ff, uri, attribute, &value),
    }
}

/// The standard's setter, and the result parsed again by Firefox.
fn by_the_standard(
    ff: &super::Firefox,
    uri: &Uri,
    attribute: UrlAttribute,
    value: &str,
) -> Option<Uri> {
    let changed =
        crate::engines::url_api::set_by_the_standard(&uri.spec(), attribute, value).ok()?;
    ff.parse(changed.as_str(), None, encoding_rs::UTF_8).ok()
}

/// `nsSimpleURI`'s setters.
fn set_simple(
    ff: &super::Firefox,
    uri: &Uri,
    u: &SimpleUri,
    attribute: UrlAttribute,
    value: &str,
) -> Option<Uri> {
    match attribute {
        UrlAttribute::Username
        | UrlAttribute::Password
        | UrlAttribute::Host
        | UrlAttribute::Hostname
        | UrlAttribute::Port => None,
        UrlAttribute::Search => Some(Uri::Simple(u.with_query(value.as_bytes()))),
        UrlAttribute::Hash => Some(Uri::Simple(u.with_ref(value.as_bytes()))),
        UrlAttribute::Pathname => u.with_file_path(value.as_bytes()).map(Uri::Simple),
        UrlAttribute::Protocol | UrlAttribute::Href => by_the_standard(ff, uri, attribute, value),
    }
}

/// `DefaultURI`'s setters: `MozURL`'s, which are the `url` crate's
/// `quirks` setters.
fn set_default(u: &url::Url, attribute: UrlAttribute, value: &str) -> Uri {
    use url::quirks;
    let mut u = u.clone();
    // A refused value leaves the URL as it was, which the crate's setters
    // do themselves.
    let _ = match attribute {
        UrlAttribute::Href => quirks::set_href(&mut u, value).map_err(drop),
        UrlAttribute::Protocol => quirks::set_protocol(&mut u, value),
        UrlAttribute::Username => quirks::set_username(&mut u, value),
        UrlAttribute::Password => quirks::set_password(&mut u, value),
        UrlAttribute::Host => quirks::set_host(&mut u, value),
        UrlAttribute::Hostname => quirks::set_hostname(&mut u, value),
        UrlAttribute::Port => quirks::set_port(&mut u, value),
        UrlAttribute::Pathname => {
            quirks::set_pathname(&mut u, value);
            Ok(())
        }
        UrlAttribute::Search => {
            quirks::set_search(&mut u, value);
            Ok(())
        }
        UrlAttribute::Hash => {
            quirks::set_hash(&mut u, value);
            Ok(())
        }
    };
    let spec = u.as_str().to_string();
    Uri::Default(u, spec)
}
