//! What Firefox's URL bar shows for a URL ([`Engine::display`]): the
//! URI's display spec (`nsStandardURL::GetDisplaySpec`, the host with
//! each label as [`idn_display`](super::idn_display) decides), without
//! user name and password (`nsIOService::CreateExposableURI`), decoded by
//! [`lossless_decode_uri`] (`gURLBar.untrimmedValue`), then trimmed
//! ([`trim_value`], `gURLBar.value`).
//!
//! [`Engine::display`]: crate::compare::Engine::display

use super::idn_display::display_labels;
use super::uri::Uri;
use super::url_bar::{is_initial_page, lossless_decode_uri, trim_value};
use super::Firefox;
use crate::compare::display::{Display, LabelDisplay};
use crate::error::Error;

/// The display spec of the exposable URI of a URI with an authority
/// (`scheme://[user[:pass]@]host[:port]/…`): the user information left
/// out (`nsIOService::CreateExposableURI`) and the host replaced by its
/// display form (`nsStandardURL::GetDisplaySpec`, nsStandardURL.cpp);
/// the host's labels as shown. `http://u:p@xn--mnchen-3ya.de/` →
/// `http://münchen.de/`.
pub fn exposable_display_spec(
    spec: &str,
    scheme_end: usize,
    path: usize,
) -> (String, Vec<LabelDisplay>) {
    let after_scheme = scheme_end + 1;
    let authority_start = after_scheme + 2;
    if !spec[after_scheme..].starts_with("//") || path < authority_start {
        return (spec.to_string(), Vec::new());
    }
    let authority = &spec[authority_start..path];
    let host_port = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    let host_end = if host_port.starts_with('[') {
        host_port.find(']').map_or(host_port.len(), |i| i + 1)
    } else {
        host_port.find(':').unwrap_or(host_port.len())
    };
    let (host, port) = host_port.split_at(host_end);
    let is_ip = host.starts_with('[')
        || (!host.is_empty() && host.bytes().all(|b| b.is_ascii_digit() || b == b'.'));
    let labels = if host.is_empty() || is_ip {
        Vec::new()
    } else {
        display_labels(host)
    };
    let shown_host = if labels.is_empty() {
        host.to_string()
    } else {
        labels
            .iter()
            .map(|l| l.shown.as_str())
            .collect::<Vec<_>>()
            .join(".")
    };
    let out = format!(
        "{}{}{}{}",
        &spec[..authority_start],
        shown_host,
        port,
        &spec[path..]
    );
    (out, labels)
}

/// The spec and (for a URI with an authority) the labels of `uri`'s
/// exposable display spec.
fn display_spec(uri: &Uri) -> (String, Vec<LabelDisplay>) {
    match uri {
        Uri::Standard(u) => exposable_display_spec(&u.spec, u.scheme_end, u.path),
        other => (other.spec(), Vec::new()),
    }
}

/// What Firefox 153's URL bar shows for `input` (see the module).
pub fn display(f: &Firefox, input: &str) -> Result<Display, Error> {
    let uri = f.parse(input, None, encoding_rs::UTF_8)?;
    let spec = uri.spec();
    if is_initial_page(&spec) {
        return Ok(Display::default());
    }
    let (display_spec, labels) = display_spec(&uri);
    let full = lossless_decode_uri(&uri.scheme(), &display_spec);
    let (shown, omitted) = trim_value(&full);
    Ok(Display {
        shown,
        full,
        labels,
        omitted,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(input: &str) -> (String, String) {
        let d = display(&Firefox::new(), input).unwrap();
        (d.full, d.shown)
    }

    #[test]
    fn url_bar() {
        assert_eq!(
            shown("http://u:p@m\u{fc}nchen.de/a%20b"),
            (
                "http://münchen.de/a b".into(),
                "http://münchen.de/a b".into()
            )
        );
        assert_eq!(
            shown("https://\u{430}\u{440}\u{440}\u{4cf}\u{435}.com/"),
            (
                "https://xn--80ak6aa92e.com/".into(),
                "xn--80ak6aa92e.com".into()
            )
        );
        assert_eq!(shown("https://[::1]/p/").1, "[::1]/p/");
        assert_eq!(shown("about:blank").0, "");
    }
}
