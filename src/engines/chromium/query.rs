//! The query (`url/url_canon_query.cc` `DoCanonicalizeQuery`): never
//! unescaped; C0 controls, space, `"`, `#`, `'`, `<`, `>`, DEL and every
//! octet beyond ASCII escaped, in every scheme (the URL Standard escapes
//! `'` for special schemes only: `foo:x?'` → `foo:x?%27`).  With a document
//! encoding other than UTF-8, the query is encoded in it first, in every
//! scheme (`ws://h/?é` and `foo://h/?é` in a windows-1252 page give `?%E9`):
//! see [`canonicalize`].

use super::component::{Part, Span};
use super::escape::{push_escape, push_of_type, QUERY_KEPT};
use crate::text::percent::{encode_query_in_one_go, Encoded};
use encoding_rs::Encoding;

/// Appends `?` and the query `query` (a range of `spec`), when there is
/// one, encoded in `encoding` (`None`: UTF-8): its span.
pub(crate) fn canonicalize(
    spec: &str,
    query: Part,
    encoding: Option<&'static Encoding>,
    out: &mut String,
) -> Part {
    let q = query?;
    out.push('?');
    let begin = out.len();
    let text = q.of(spec);
    match encoding.filter(|e| *e != encoding_rs::UTF_8) {
        None => push_of_type(text, &QUERY_KEPT, out),
        // `DoConvertToQueryEncoding` hands the whole query to the
        // converter at once (Blink's `KURLCharsetConverter::ConvertFromUTF16`:
        // `TextEncoding::Encode(query, kURLEncodedEntitiesForUnencodables)`),
        // so a stateful encoding switches once for a run (`?¥‾` in an
        // ISO-2022-JP page: `?%1B(J\~%1B(B`), and a code point the encoding
        // cannot represent is written `%26%23`, its number, `%3B`, those
        // octets kept as they are (`?中` in a windows-1252 page:
        // `?%26%2320013%3B`; ESC, SO and SI in ISO-2022-JP are U+FFFD's:
        // `?%26%2365533%3B`).  The encoded octets are then escaped as
        // UTF-8's are (`AppendRaw8BitQueryString`).
        Some(enc) => encode_query_in_one_go(text, enc, |e| match e {
            Encoded::Octets(bytes) => {
                for &b in bytes {
                    if QUERY_KEPT.contains(b) {
                        out.push(char::from(b));
                    } else {
                        push_escape(b, out);
                    }
                }
            }
            Encoded::Unmappable(c) => {
                out.push_str(&format!("%26%23{}%3B", u32::from(c)));
            }
        }),
    }
    Some(Span::new(begin, out.len()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn queries_escape_the_apostrophe_and_encode_in_the_document_encoding() {
        let mut out = String::new();
        let s = "a'b c\"é";
        canonicalize(s, Some(Span::new(0, s.len())), None, &mut out);
        assert_eq!(out, "?a%27b%20c%22%C3%A9");
        out.clear();
        let s = "é\u{3042}";
        canonicalize(
            s,
            Some(Span::new(0, s.len())),
            Some(encoding_rs::WINDOWS_1252),
            &mut out,
        );
        assert_eq!(out, "?%E9%26%2312354%3B");
        out.clear();
        let s = "¥‾\u{1B}a";
        canonicalize(
            s,
            Some(Span::new(0, s.len())),
            Some(encoding_rs::ISO_2022_JP),
            &mut out,
        );
        assert_eq!(out, "?%1B(J\\~%26%2365533%3Ba%1B(B");
    }
}
