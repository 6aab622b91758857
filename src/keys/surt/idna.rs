//! Python's `host.decode('utf-8', 'ignore').encode('idna')`, as
//! `surt/GoogleURLCanonicalizer.py canonicalize` calls it on a host that is
//! not ASCII: the `encodings.idna` codec (IDNA 2003: ToASCII of each label
//! with Nameprep of Unicode 3.2, unassigned code points allowed, no STD3
//! rules).  `bücher.de` → `xn--bcher-kva.de`; a failure (Python's
//! `UnicodeError`, which the reference catches) is `None`.

use crate::text::unicode::punycode::{self, Sink};
use crate::text::unicode::version::{BidiVersion, NfkcVariant, UnicodeVersion};
use crate::text::unicode::{bidi, nfkc, stringprep};

/// Python's `unicodedata.ucd_3_2_0` NFKC: Unicode 3.2 data (Corrigendum
/// #3 in it), without Corrigendum #4, with the blocking rule of #5 (see
/// `tests/nameprep_differential.rs`).
const PYTHON_NFKC: NfkcVariant = NfkcVariant {
    unicode: UnicodeVersion::V3_2,
    corrigendum_3: true,
    corrigendum_4: false,
    corrigendum_5: true,
};

struct Bytes<'a>(&'a mut Vec<u8>);

impl Sink for Bytes<'_> {
    #[inline]
    fn push_ascii(&mut self, b: u8) {
        self.0.push(b);
    }
}

/// Python's `decode('utf-8', 'ignore')`: the well-formed UTF-8 of `host`,
/// every octet of an ill-formed sequence dropped (`%E9t%E9` decoded is
/// `\xe9t\xe9` → `t`).
fn decode_ignoring(host: &[u8], out: &mut String) {
    for chunk in host.utf8_chunks() {
        out.push_str(chunk.valid());
    }
}

/// The IDNA codec's encoding of `host` (octets that are not all ASCII),
/// appended to `out`; `None` where Python raises `UnicodeError` (then
/// nothing is appended).
pub(super) fn to_ascii(host: &[u8], out: &mut Vec<u8>) -> Option<()> {
    let mut text = String::with_capacity(host.len());
    decode_ignoring(host, &mut text);
    let start = out.len();
    let result = encode(&text, out);
    if result.is_none() {
        out.truncate(start);
    }
    result
}

fn encode(text: &str, out: &mut Vec<u8>) -> Option<()> {
    if text.is_empty() {
        return Some(());
    }
    if text.is_ascii() {
        // The codec's ASCII fast path: every label but the last 1 to 63
        // octets long, the last at most 63 (`a..b` fails, `a.` passes).
        let mut labels = text.split('.').peekable();
        while let Some(label) = labels.next() {
            let last = labels.peek().is_none();
            if label.len() >= 64 || (!last && label.is_empty()) {
                return None;
            }
        }
        out.extend_from_slice(text.as_bytes());
        return Some(());
    }
    // Labels split at U+002E, U+3002, U+FF0E, U+FF61; an empty last label
    // is the root's trailing dot, kept.
    let is_dot = |c: char| matches!(c, '.' | '\u{3002}' | '\u{FF0E}' | '\u{FF61}');
    let mut labels: Vec<&str> = text.split(is_dot).collect();
    let trailing_dot = labels.len() > 1 && labels.last().is_some_and(|l| l.is_empty());
    if trailing_dot {
        labels.pop();
    }
    let mut chars = Vec::new();
    for (i, label) in labels.iter().enumerate() {
        if i > 0 {
            out.push(b'.');
        }
        label_to_ascii(label, out, &mut chars)?;
    }
    if trailing_dot {
        out.push(b'.');
    }
    Some(())
}

/// Python's `stringprep` Map step: RFC 3454's tables B.1 and B.2 for the
/// code points Unicode 3.2 assigns, but for the others
/// `stringprep.map_table_b2` derives the mapping from the Unicode data
/// of Python (14.0 for Python 3.11): `str.lower()`, and U+03F9 → U+03C3,
/// U+1E9E → `ss` (`\u{37F}` → `\u{3F3}`, which the RFC's table leaves).
fn python_map(label: &str, out: &mut String) {
    if !label.chars().any(stringprep::is_unassigned) {
        stringprep::map(label, out);
        return;
    }
    let mut buf = [0u8; 4];
    for c in label.chars() {
        if !stringprep::is_unassigned(c) {
            stringprep::map(c.encode_utf8(&mut buf), out);
            continue;
        }
        match c {
            '\u{3F9}' => out.push('\u{3C3}'),
            '\u{1E9E}' => out.push_str("ss"),
            c if after_unicode_14(c) => out.push(c),
            c => out.extend(c.to_lowercase()),
        }
    }
}

/// The uppercase letters assigned after Unicode 14.0 (the data of Python
/// 3.11), which Rust's `char::to_lowercase` maps but Python leaves: those
/// of Unicode 16.0 (U+1C89, U+A7CB, U+A7CC, U+A7DA, U+A7DC, Garay
/// U+10D50..U+10D65).
fn after_unicode_14(c: char) -> bool {
    matches!(
        c,
        '\u{1C89}' | '\u{A7CB}' | '\u{A7CC}' | '\u{A7DA}' | '\u{A7DC}' | '\u{10D50}'..='\u{10D65}'
    )
}

/// `encodings.idna.ToASCII` of one label.
fn label_to_ascii(label: &str, out: &mut Vec<u8>, chars: &mut Vec<char>) -> Option<()> {
    let fits = |len: usize| (1..64).contains(&len);
    if label.is_ascii() {
        if !fits(label.len()) {
            return None;
        }
        out.extend_from_slice(label.as_bytes());
        return Some(());
    }
    // Nameprep: map (B.1 to nothing, B.2), NFKC, prohibit, check bidi.
    let mut mapped = String::with_capacity(label.len());
    python_map(label, &mut mapped);
    // NFKC composes at most four characters into one (no canonical
    // decomposition is longer) and never shortens otherwise: from 256
    // characters on, the label stays 64 or longer and ToASCII fails.
    // Deciding so here keeps a long label from costing NFKC's reordering.
    if mapped.chars().nth(4 * 64 - 1).is_some() {
        return None;
    }
    let prepared = nfkc::nfkc(&mapped, &PYTHON_NFKC);
    if prepared.chars().any(stringprep::is_prohibited) {
        return None;
    }
    bidi::check_bidi(&prepared, BidiVersion::V3_2).ok()?;
    if prepared.is_ascii() {
        if !fits(prepared.len()) {
            return None;
        }
        out.extend_from_slice(prepared.as_bytes());
        return Some(());
    }
    if prepared.starts_with("xn--") {
        return None;
    }
    chars.clear();
    chars.extend(prepared.chars());
    let start = out.len();
    out.extend_from_slice(b"xn--");
    punycode::encode_into(chars, &mut Bytes(out))?;
    fits(out.len() - start).then_some(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn idna(s: &[u8]) -> Option<String> {
        let mut out = Vec::new();
        to_ascii(s, &mut out).map(|()| String::from_utf8(out).unwrap())
    }

    #[test]
    fn encodes_like_python() {
        assert_eq!(
            idna("bücher.de".as_bytes()).as_deref(),
            Some("xn--bcher-kva.de")
        );
        assert_eq!(
            idna("ü\u{3002}com.".as_bytes()).as_deref(),
            Some("xn--tda.com.")
        );
        assert_eq!(idna(b"\xe9t\xe9.com").as_deref(), Some("t.com"));
        assert_eq!(idna(b"\xff.com"), None);
        assert_eq!(idna("a..é".as_bytes()), None);
        assert_eq!(idna("xn--ü".as_bytes()), None);
        assert_eq!(idna("\u{627}1".as_bytes()), None);
        assert_eq!(idna("\u{ad}".as_bytes()), None);
        // Unassigned in Unicode 3.2: Python lowercases with its own data.
        assert_eq!(idna("\u{376}".as_bytes()).as_deref(), Some("xn--yva"));
        assert_eq!(
            idna("a\u{1E9E}\u{3002}".as_bytes()).as_deref(),
            Some("ass.")
        );
    }
}
