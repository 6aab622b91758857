//! The URL API's setters as Blink runs them (`url.port = "81"`):
//! `third_party/blink/renderer/core/url/dom_url_utils.cc` (`DOMURLUtils`)
//! calls the setters of `KURL` (`platform/weborigin/kurl.cc`), which
//! replace components of the canonical URL (`replace`) rather than run
//! the URL Standard's state machine from a state override.
//!
//! Where that departs from the standard's setters, on Chromium
//! 156.0.8078.108 (each the consequence of a line cited below):
//!
//! | setter | Chromium | URL Standard |
//! | --- | --- | --- |
//! | `sc://h/` `protocol = "http"` | `http://h/` | unchanged (non-special to special) |
//! | `http://h/` `protocol = "ht\ttp"` | unchanged | `http://h/` (tab removed) |
//! | `file://localhost/p` `host = "localhost"` | `file://localhost/p` | `file:///p` |
//! | `http://h/?q` `search = "?"` | `http://h/` | `http://h/?` |
//! | `http://h/` `hostname = "///x"` | unchanged (empty host) | unchanged (`x` after the slashes is never read) |
//! | `ssh://u@h` `protocol = "file"` | an invalid URL (`file://u%40h/`) | unchanged |
//! | `sc:p  ?q` `search = ""` | `sc:p  ` | `sc:p` (trailing spaces trimmed) |

use super::component::{nonempty, Canon};
use super::replace::{replace_components, Component, Replace, Replacements};
use super::scheme;
use crate::compare::UrlAttribute;

/// Whether `name` is a special scheme (`SchemeRegistry::IsSpecialScheme`).
fn is_special(name: &str) -> bool {
    matches!(name, "ftp" | "file" | "http" | "https" | "ws" | "wss")
}

/// `value` without tabs and newlines (`RemoveURLWhitespace` in `kurl.cc`).
fn remove_url_whitespace(value: &str) -> String {
    value.replace(['\t', '\n', '\r'], "")
}

/// The URL after setting `attribute` to `value` on the valid URL `url`
/// (`DOMURLUtils::setX`): the same URL when the setter changes nothing
/// or its result is invalid, but for `protocol`, whose invalid result
/// Blink keeps (`setProtocol` calls `SetURL` without checking): the URL
/// object then holds an invalid URL, whose getters give the protocol
/// `:` and empty components, and which is an error here
/// (`ssh://me@h` with the protocol `file`: `file://me%40h/` is invalid).
pub(crate) fn set(url: &Canon, attribute: UrlAttribute, value: &str) -> Result<Canon, String> {
    let changed = match attribute {
        UrlAttribute::Href => return Ok(url.clone()),
        UrlAttribute::Protocol => set_protocol(url, value),
        UrlAttribute::Username => {
            set_user_info(url, value, url.parsed.username, Component::Username)
        }
        UrlAttribute::Password => {
            set_user_info(url, value, url.parsed.password, Component::Password)
        }
        UrlAttribute::Host => set_host_and_port(url, value),
        UrlAttribute::Hostname => set_hostname(url, value),
        UrlAttribute::Port => set_port(url, value),
        UrlAttribute::Pathname => is_hierarchical(url).then(|| {
            let path = remove_url_whitespace(value);
            replace_one(url, Component::Path, Replace::Set(&path))
        }),
        UrlAttribute::Search => set_search(url, value),
        UrlAttribute::Hash => set_hash(url, value),
    };
    match changed {
        Some(c) if c.valid => Ok(c),
        Some(c) if attribute == UrlAttribute::Protocol => Err(format!(
            "the URL becomes invalid, which Chromium's URL object keeps (its protocol is then \
             \":\"): {}",
            c.parsed
                .failure
                .as_deref()
                .unwrap_or("Chromium's canonicalizer marks it invalid")
        )),
        _ => Ok(url.clone()),
    }
}

/// `url` with the one component `c` replaced.
fn replace_one(url: &Canon, c: Component, r: Replace<'_>) -> Canon {
    replace_components(url, &Replacements::one(c, r))
}

/// The canonical scheme of `url`.
fn protocol(url: &Canon) -> &str {
    url.parsed.scheme.map_or("", |s| s.of(&url.spec))
}

/// `KURL::IsHierarchical` (`CanSetHostOrPort`, `CanSetPathname`): a
/// standard scheme, or a URL without an opaque path (`sc:p` has none
/// of host, port and pathname to set).
fn is_hierarchical(url: &Canon) -> bool {
    scheme::standard_type(protocol(url)).is_some() || !url.parsed.opaque_path
}

/// `KURL::SetProtocol`: up to the first `:`; a scheme that does not
/// canonicalize (tabs are not removed: `ht\ttp`) leaves the URL as it is;
/// a special URL does not become non-special, nor `file:` with
/// credentials or a port, nor anything else from `file:` with an empty
/// host.  A non-special URL may become special: `sc://h/` → `http://h/`.
fn set_protocol(url: &Canon, value: &str) -> Option<Canon> {
    let new = value.split(':').next().unwrap_or("");
    let mut canonical = String::new();
    let (span, ok) = scheme::canonicalize(
        new,
        Some(super::component::Span::new(0, new.len())),
        &mut canonical,
    );
    if !ok || span.is_empty() {
        return None;
    }
    let new_canonical = span.of(&canonical);
    let old = protocol(url);
    if is_special(old) {
        if !is_special(new_canonical) {
            return None;
        }
        let p = &url.parsed;
        if new_canonical == "file"
            && old != "file"
            && (p.port.is_some() || nonempty(p.username) || nonempty(p.password))
        {
            return None;
        }
        if new_canonical != "file" && old == "file" && p.host.is_none_or(|h| h.is_empty()) {
            return None;
        }
    }
    Some(replace_one(url, Component::Scheme, Replace::Set(new)))
}

/// `KURL::SetUser`, `KURL::SetPass`: the value as it is (tabs kept); an
/// empty value where there is none changes nothing.
fn set_user_info(
    url: &Canon,
    value: &str,
    current: super::component::Part,
    component: Component,
) -> Option<Canon> {
    if value.is_empty() && current.is_none() {
        return None;
    }
    Some(replace_one(url, component, Replace::Set(value)))
}

/// The end of the host in `value`: the first `/`, `?` or `#`, and `\` in
/// a standard URL (`FindHostEnd`).
fn host_end(value: &str, standard: bool) -> usize {
    value
        .find(|c| matches!(c, '/' | '?' | '#') || (standard && c == '\\'))
        .unwrap_or(value.len())
}

/// The digits at the start of `value` without leading zeros (`008080junk`
/// → `8080`, `000` → `0`; `ParsePortFromStringPosition`).
fn leading_port_digits(value: &str) -> &str {
    let end = value
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(value.len());
    let digits = &value[..end];
    let zeros = digits.len() - digits.trim_start_matches('0').len();
    &digits[zeros.min(digits.len().saturating_sub(1))..]
}

/// `KURL::CanRemoveHost`: a URL without an opaque path, credentials or
/// a port may have its host set to empty (`git://h/` → `git:///`,
/// `git://u@h/` unchanged), which the canonicalizer then refuses for a
/// special scheme other than `file:`.
fn can_remove_host(url: &Canon) -> bool {
    let p = &url.parsed;
    is_hierarchical(url) && !nonempty(p.username) && !nonempty(p.password) && p.port.is_none()
}

/// `DOMURLUtils::setHost` → `KURL::SetHostAndPort`: nothing for a URL
/// with an opaque path, an empty value where the host cannot be removed,
/// or a value beginning with `:`; the host up to the first `:` after any
/// `]`, then the port's leading digits, replaced one after the other (a
/// valid host with a bad port keeps the old port: `h:x` gives the host
/// `h`).
fn set_host_and_port(url: &Canon, value: &str) -> Option<Canon> {
    if (value.is_empty() && !can_remove_host(url)) || !is_hierarchical(url) {
        return None;
    }
    let standard = scheme::standard_type(protocol(url)).is_some();
    let all = remove_url_whitespace(value);
    let host_and_port = &all[..host_end(&all, standard)];
    let ipv6_end = match host_and_port.rfind(']') {
        Some(i) => i,
        None if host_and_port.starts_with('[') => host_and_port.len(),
        None => 0,
    };
    let colon = host_and_port[ipv6_end..].find(':').map(|i| i + ipv6_end);
    if colon == Some(0) {
        return None;
    }
    let (host, port) = match colon {
        None => (host_and_port, ""),
        Some(c) => (
            &host_and_port[..c],
            leading_port_digits(&host_and_port[c + 1..]),
        ),
    };
    let with_host = replace_one(url, Component::Host, Replace::Set(host));
    if !with_host.valid || port.is_empty() {
        return Some(with_host);
    }
    // The port is replaced only when the result stays valid
    // (`preserve_validity`).
    let with_port = replace_one(&with_host, Component::Port, Replace::Set(port));
    Some(if with_port.valid {
        with_port
    } else {
        with_host
    })
}

/// `DOMURLUtils::setHostname` → `KURL::SetHost`: the same guards as
/// `host`, then the host up to its end (`///x` is an empty host:
/// `sc://h/` → `sc:///`, `http://h/` unchanged).
fn set_hostname(url: &Canon, value: &str) -> Option<Canon> {
    if (value.is_empty() && !can_remove_host(url)) || !is_hierarchical(url) {
        return None;
    }
    let standard = scheme::standard_type(protocol(url)).is_some();
    let host = remove_url_whitespace(value);
    let host = &host[..host_end(&host, standard)];
    Some(replace_one(url, Component::Host, Replace::Set(host)))
}

/// `DOMURLUtils::setPort` → `KURL::SetPort` or `KURL::RemovePort`: an
/// empty value removes the port; otherwise the leading digits (none:
/// nothing changes) up to 65535, the scheme's default port removing it.
fn set_port(url: &Canon, value: &str) -> Option<Canon> {
    if !is_hierarchical(url) {
        return None;
    }
    if value.is_empty() {
        return url
            .parsed
            .port
            .is_some()
            .then(|| replace_one(url, Component::Port, Replace::Clear));
    }
    let digits = remove_url_whitespace(value);
    let digits = leading_port_digits(&digits);
    let port: u16 = digits.parse().ok()?;
    if scheme::default_port(protocol(url)) == Some(port) {
        return url
            .parsed
            .port
            .is_some()
            .then(|| replace_one(url, Component::Port, Replace::Clear));
    }
    let port = port.to_string();
    Some(replace_one(url, Component::Port, Replace::Set(&port)))
}

/// `DOMURLUtils::SetSearchInternal` → `KURL::SetQuery`: `""` and `"?"`
/// remove the query, otherwise it is the value without a leading `?`.
fn set_search(url: &Canon, value: &str) -> Option<Canon> {
    if value.is_empty() || value == "?" {
        return Some(replace_one(url, Component::Query, Replace::Clear));
    }
    let query = remove_url_whitespace(value);
    let query = query.strip_prefix('?').unwrap_or(&query);
    Some(replace_one(url, Component::Query, Replace::Set(query)))
}

/// `DOMURLUtils::setHash` → `KURL::SetFragmentIdentifier`: a leading `#`
/// is dropped (`#` alone leaves an empty fragment), `""` removes it.
fn set_hash(url: &Canon, value: &str) -> Option<Canon> {
    let fragment = match value.strip_prefix('#') {
        Some(rest) => Replace::Set(rest),
        None if value.is_empty() => Replace::Clear,
        None => Replace::Set(value),
    };
    let fragment = match fragment {
        Replace::Set(v) => remove_url_whitespace(v),
        _ => return Some(replace_one(url, Component::Fragment, Replace::Clear)),
    };
    Some(replace_one(
        url,
        Component::Fragment,
        Replace::Set(&fragment),
    ))
}
