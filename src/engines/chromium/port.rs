//! The port (`url/url_canon_etc.cc` `DoPort`, `url_parse.cc`
//! `DoParsePort`): leading zeros skipped, at most five digits, at most
//! 65535; dropped when absent, empty or the scheme's default; an invalid
//! port makes the URL invalid.

use super::component::{Part, Span};
use super::escape::push_invalid;

/// What a port component holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Port {
    Unspecified,
    Invalid,
    Number(u16),
}

/// Reads the port `text` (`DoParsePort`).
pub(crate) fn parse(text: &str) -> Port {
    if text.is_empty() {
        return Port::Unspecified;
    }
    let digits = text.trim_start_matches('0');
    if digits.is_empty() {
        return Port::Number(0);
    }
    if digits.len() > 5 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Port::Invalid;
    }
    match digits.parse::<u32>() {
        Ok(n) if n <= 65535 => Port::Number(n as u16),
        _ => Port::Invalid,
    }
}

/// Appends `:` and the port of `port` (a range of `spec`) unless it is
/// unspecified or `default`: its span, and whether it is valid.
pub(crate) fn canonicalize(
    spec: &str,
    port: Part,
    default: Option<u16>,
    out: &mut String,
) -> (Part, bool) {
    let text = port.map_or("", |p| p.of(spec));
    match parse(text) {
        Port::Unspecified => (None, true),
        Port::Number(n) if Some(n) == default => (None, true),
        Port::Number(n) => {
            out.push(':');
            let at = out.len();
            out.push_str(&n.to_string());
            (Some(Span::new(at, out.len())), true)
        }
        Port::Invalid => {
            out.push(':');
            let at = out.len();
            push_invalid(text.as_bytes(), out);
            (Some(Span::new(at, out.len())), false)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ports() {
        assert_eq!(parse(""), Port::Unspecified);
        assert_eq!(parse("000"), Port::Number(0));
        assert_eq!(parse("0000080"), Port::Number(80));
        assert_eq!(parse("65536"), Port::Invalid);
        assert_eq!(parse("123456"), Port::Invalid);
        assert_eq!(parse("8a"), Port::Invalid);
        assert_eq!(parse("+80"), Port::Invalid);
    }
}
