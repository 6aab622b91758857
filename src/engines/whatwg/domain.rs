//! The `whatwg` engine's *domain to ASCII*, run ahead of the parser on a
//! domain written beyond ASCII ([`ascii_domain_in_input`],
//! [`domain_to_ascii`]), and UTS #46 Transitional Processing.
//!
//! Transitional and Nontransitional Processing differ only on the four
//! *deviation* characters, which Transitional Processing maps: `ß` →
//! `ss`, `ς` → `σ`, U+200C ZERO WIDTH NON-JOINER and U+200D ZERO WIDTH
//! JOINER → nothing.  No other code point maps to a deviation character,
//! so mapping them first and then running Nontransitional Processing is
//! Transitional Processing.  The URL Standard
//! percent-decodes a host before its UTS #46 processing: a deviation
//! character written percent-encoded (`%C3%9F`) is mapped too.

use crate::text::unicode::unassigned::unassigned_in_unicode_17;
use std::borrow::Cow;

/// The deviation characters, their UTF-8 escapes (uppercase), and what
/// Transitional Processing maps them to.
const DEVIATIONS: [(char, &str, &str); 4] = [
    ('\u{df}', "%C3%9F", "ss"),
    ('\u{3c2}', "%CF%82", "\u{3c3}"),
    ('\u{200c}', "%E2%80%8C", ""),
    ('\u{200d}', "%E2%80%8D", ""),
];

/// `host` (before percent-decoding) with its deviation characters, as
/// written or percent-encoded (in either case), mapped.
///
/// `Fa%c3%9F.de` → `Fass.de`; `a\u{200d}b` → `ab`.
pub(crate) fn map_deviations(host: &str) -> Cow<'_, str> {
    let has_some = host
        .chars()
        .any(|c| c == '%' || DEVIATIONS.iter().any(|d| d.0 == c));
    if !has_some {
        return Cow::Borrowed(host);
    }
    let mut out = String::with_capacity(host.len());
    let mut rest = host;
    'outer: while let Some(c) = rest.chars().next() {
        for (ch, escaped, to) in DEVIATIONS {
            if c == ch {
                out.push_str(to);
                rest = &rest[c.len_utf8()..];
                continue 'outer;
            }
            let n = escaped.len();
            if rest.len() >= n
                && rest.is_char_boundary(n)
                && rest[..n].eq_ignore_ascii_case(escaped)
            {
                out.push_str(to);
                rest = &rest[n..];
                continue 'outer;
            }
        }
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    if out == host {
        Cow::Borrowed(host)
    } else {
        Cow::Owned(out)
    }
}

/// `input` with the domain it writes replaced by that domain's *domain
/// to ASCII* ([`domain_to_ascii`]), when the URL Standard's parser would
/// take a domain host from it (a special URL with an authority in
/// `input`, not from its base) and the domain, percent-decoded, is not
/// ASCII; `input` as it is otherwise.  An error when domain to ASCII
/// fails.  The parser then meets an ASCII domain, which it lowercases.
///
/// The host is found as the URL Standard's state machine finds it: after
/// the scheme (and the slashes the special authority states skip), up to
/// `/`, `\`, `?`, `#` or the end, after the last `@`, before a `:` that
/// is not within `[` `]`.
///
/// `http://u@Bücher.de:81/ü` → `http://u@xn--bcher-kva.de:81/ü`.
pub(crate) fn ascii_domain_in_input<'a>(
    input: &'a str,
    base_protocol: Option<&str>,
    transitional: bool,
) -> Result<Cow<'a, str>, String> {
    if input.is_ascii() && !input.contains('%') {
        return Ok(Cow::Borrowed(input));
    }
    let s = clean(input);
    let Some((start, end)) = host_span(&s, base_protocol) else {
        return Ok(Cow::Borrowed(input));
    };
    Ok(
        match written_domain_to_ascii(&s[start..end], transitional)? {
            None => Cow::Borrowed(input),
            Some(ascii) => Cow::Owned(format!("{}{ascii}{}", &s[..start], &s[end..])),
        },
    )
}

/// The value given to the `host` or `hostname` setter of a URL whose
/// scheme is `protocol` (with its `:`), with its domain replaced as in
/// [`ascii_domain_in_input`]: the host state reads the value (tabs and
/// newlines removed, nothing trimmed) up to `/`, `\`, `?`, `#`, or a `:`
/// outside `[` `]`.
///
/// `Bücher.de:81` on an `http:` URL → `xn--bcher-kva.de:81`.
pub(crate) fn ascii_domain_in_setter_value<'a>(
    value: &'a str,
    protocol: &str,
    transitional: bool,
) -> Result<Cow<'a, str>, String> {
    if (value.is_ascii() && !value.contains('%'))
        || !super::is_special(protocol.trim_end_matches(':'))
    {
        return Ok(Cow::Borrowed(value));
    }
    let s: String = value
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect();
    let mut in_brackets = false;
    let end = s
        .char_indices()
        .find(|&(_, c)| {
            match c {
                '[' => in_brackets = true,
                ']' => in_brackets = false,
                _ => {}
            }
            matches!(c, '/' | '\\' | '?' | '#') || (c == ':' && !in_brackets)
        })
        .map_or(s.len(), |(i, _)| i);
    Ok(match written_domain_to_ascii(&s[..end], transitional)? {
        None => Cow::Borrowed(value),
        Some(ascii) => Cow::Owned(format!("{ascii}{}", &s[end..])),
    })
}

/// The *domain to ASCII* of the domain `written` (as in a URL: before
/// percent-decoding), when it is not ASCII once percent-decoded (then
/// UTF-8 decoded without BOM); `None` for an ASCII domain, which the
/// parser takes as it is.
///
/// `B%C3%BCcher.de` → `Some("xn--bcher-kva.de")`; `B%41.de` → `None`.
pub(crate) fn written_domain_to_ascii(
    written: &str,
    transitional: bool,
) -> Result<Option<String>, String> {
    let decoded = crate::text::percent::percent_decode_bytes(written);
    if decoded.is_ascii() {
        return Ok(None);
    }
    domain_to_ascii(&String::from_utf8_lossy(&decoded), transitional).map(Some)
}

/// *Domain to ASCII* (beStrict false) of `domain` (percent-decoded), which
/// is not ASCII: UTS #46 ToASCII with CheckHyphens false, CheckBidi and
/// CheckJoiners true, UseSTD3ASCIIRules false, VerifyDnsLength false,
/// Nontransitional Processing (Transitional when `transitional`: the
/// deviation characters mapped first: a domain ASCII then is only
/// lowercased), then the host parser's forbidden domain code points; an
/// empty result fails.
///
/// By the `idna` crate (the `url` crate's, ICU4X's UTS #46 data), with
/// the code points Unicode 17.0 leaves unassigned disallowed, which that
/// data does not tell from valid ones.  Not by ada, whose UTS #46
/// processing does not normalize after mapping: `ẛ̣` (U+1E9B U+0323)
/// maps to `ṩ`, which NFC makes `ṩ`: `xn--1ig`, where ada gives
/// `xn--kta160l`.
pub(crate) fn domain_to_ascii(domain: &str, transitional: bool) -> Result<String, String> {
    let domain = match transitional {
        true => map_deviations(domain),
        false => Cow::Borrowed(domain),
    };
    // ASCII once its deviations are mapped: lowercased, as any ASCII
    // domain (`xn--a.ß` → `xn--a.ss`).
    if domain.is_ascii() {
        let lower = domain.to_ascii_lowercase();
        if lower.is_empty() {
            return Err("empty host".to_string());
        }
        forbidden_domain_code_points(&lower)?;
        return Ok(lower);
    }
    no_unassigned_code_point(&domain)
        .map_err(|why| format!("invalid international domain name: {why}"))?;
    match idna::domain_to_ascii_cow(domain.as_bytes(), idna::AsciiDenyList::URL) {
        Ok(ascii) if !ascii.is_empty() => Ok(ascii.into_owned()),
        Ok(_) => Err("empty host".to_string()),
        Err(_) => Err("invalid international domain name".to_string()),
    }
}

/// The host parser's check of an ASCII domain: a forbidden domain code
/// point (a C0 control, space, `#`, `%`, `/`, `:`, `<`, `>`, `?`, `@`,
/// `[`, `\`, `]`, `^`, `|` or DEL) fails, and the error names it.
pub(super) fn forbidden_domain_code_points(s: &str) -> Result<(), String> {
    match s.chars().find(|&c| {
        c <= ' '
            || c == '\u{7f}'
            || matches!(
                c,
                '#' | '%' | '/' | ':' | '<' | '>' | '?' | '@' | '[' | '\\' | ']' | '^' | '|'
            )
    }) {
        Some(c) => Err(format!("forbidden domain code point {c:?}")),
        None => Ok(()),
    }
}

/// UTS #46 disallows a code point Unicode 17.0 leaves unassigned: the
/// first one in `domain` fails, and the error names it (`U+3E8AC is
/// unassigned in Unicode 17.0`).
pub(super) fn no_unassigned_code_point(domain: &str) -> Result<(), String> {
    match domain.chars().find(|&c| unassigned_in_unicode_17(c)) {
        Some(c) => Err(format!(
            "U+{:04X} is unassigned in Unicode 17.0",
            u32::from(c)
        )),
        None => Ok(()),
    }
}

/// The URL Standard's first steps on an input: leading and trailing C0
/// controls and spaces removed, then every tab and newline.
pub(crate) fn clean(input: &str) -> Cow<'_, str> {
    let trimmed = input.trim_matches(|c: char| c <= ' ');
    if !trimmed.contains(['\t', '\n', '\r']) {
        return Cow::Borrowed(trimmed);
    }
    Cow::Owned(
        trimmed
            .chars()
            .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
            .collect(),
    )
}

fn is_slash(b: u8) -> bool {
    b == b'/' || b == b'\\'
}

/// The byte range of the host in the cleaned input `s`, when it is a
/// special URL's host written in `s`.
fn host_span(s: &str, base_protocol: Option<&str>) -> Option<(usize, usize)> {
    let b = s.as_bytes();
    let scheme_len = scheme_len(s);
    let (scheme, rest) = match scheme_len {
        Some(n) => (s[..n].to_ascii_lowercase(), n + 1),
        None => (base_protocol?.trim_end_matches(':').to_string(), 0),
    };
    if !super::is_special(&scheme) {
        return None;
    }
    let slashes = b[rest..].iter().take_while(|&&c| is_slash(c)).count();
    let same_scheme_base = base_protocol.is_some_and(|p| p.trim_end_matches(':') == scheme);
    if scheme == "file" {
        // File slash state, then file host state: exactly two slashes.
        if slashes < 2 {
            return None;
        }
        let start = rest + 2;
        let end = b[start..]
            .iter()
            .position(|&c| is_slash(c) || c == b'?' || c == b'#')
            .map_or(b.len(), |i| start + i);
        return Some((start, end));
    }
    // A relative reference, or the base's scheme: the authority only after
    // two slashes; another special scheme: after any number of them.
    if (scheme_len.is_none() || same_scheme_base) && slashes < 2 {
        return None;
    }
    let start = rest + slashes;
    let end = b[start..]
        .iter()
        .position(|&c| is_slash(c) || c == b'?' || c == b'#')
        .map_or(b.len(), |i| start + i);
    let host_start = s[start..end].rfind('@').map_or(start, |i| start + i + 1);
    let mut in_brackets = false;
    let mut host_end = end;
    for (i, &c) in b[host_start..end].iter().enumerate() {
        match c {
            b'[' => in_brackets = true,
            b']' => in_brackets = false,
            b':' if !in_brackets => {
                host_end = host_start + i;
                break;
            }
            _ => {}
        }
    }
    Some((host_start, host_end))
}

/// The length of the scheme of `s` (ASCII alpha, then alphanumerics, `+`,
/// `-`, `.`, then `:`), when it has one.
fn scheme_len(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    if !b.first()?.is_ascii_alphabetic() {
        return None;
    }
    let n = b
        .iter()
        .position(|&c| !(c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.')))?;
    (b[n] == b':').then_some(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deviations_written_or_escaped() {
        assert_eq!(map_deviations("Fa%c3%9F.de"), "Fass.de");
        assert_eq!(map_deviations("faß.ς.de"), "fass.σ.de");
        assert_eq!(map_deviations("a\u{200d}b\u{200c}"), "ab");
        assert_eq!(map_deviations("%E2%80%8dx"), "x");
        assert!(matches!(map_deviations("a%41.de"), Cow::Borrowed(_)));
    }

    #[test]
    fn only_the_host_of_the_input() {
        let m = |s| {
            ascii_domain_in_input(s, Some("http:"), true)
                .unwrap()
                .into_owned()
        };
        assert_eq!(
            m("http://u:ß@faß.de:80/ß?ß#ß"),
            "http://u:ß@fass.de:80/ß?ß#ß"
        );
        assert_eq!(m("https:faß.de/ß"), "https:fass.de/ß");
        assert_eq!(m("http:faß/x"), "http:faß/x"); // a path, against the base
        assert_eq!(m("//faß.de/"), "//fass.de/");
        assert_eq!(m("\\\\faß.de/"), "\\\\fass.de/");
        assert_eq!(m("/faß"), "/faß");
        assert_eq!(m("file://faß/x"), "file://fass/x");
        assert_eq!(m("foo://faß/"), "foo://faß/");
        assert_eq!(m(" http://a\tß.de "), "http://ass.de");
    }
}
