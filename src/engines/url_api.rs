//! What the engines share of the URL API (`url.host = "x"`): the URL
//! Standard's setters, which a browser engine runs with its own checks
//! around them.

use crate::compare::{Engine, UrlAttribute};
use crate::error::Error;
use crate::url::Url;

/// The URL Standard's setter `attribute` run with `value` on the URL
/// `href` (the `whatwg` engine's): the `href` after it, unchanged when
/// the setter refuses the value; an error when `href` is not a URL.
///
/// `http://h/` with `port = "8080"` → `http://h:8080/`.
pub(crate) fn set_by_the_standard(
    href: &str,
    attribute: UrlAttribute,
    value: &str,
) -> Result<Url, Error> {
    super::whatwg::Whatwg::new()
        .set(href, attribute, value)
        .unwrap_or_else(|| unreachable!("the URL Standard engine has the URL API's setters"))
}
