//! The query (`url/url_canon_query.cc` `DoCanonicalizeQuery`): never
//! unescaped; C0 controls, space, `"`, `#`, `'`, `<`, `>`, DEL and every
//! octet beyond ASCII escaped, in every scheme (the URL Standard escapes
//! `'` for special schemes only: `foo:x?'` → `foo:x?%27`).  With a document
//! encoding other than UTF-8, the query is encoded in it first, a code
//! point it cannot represent written as an HTML numeric character
//! reference (`&#233;`, whose `#` is then escaped:
//! `KURLCharsetConverter`, `WTF::kURLEncodedEntitiesForUnencodables`).

use super::component::{Part, Span};
use super::escape::{push_escape, push_of_type, QUERY_KEPT};
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
        Some(enc) => {
            let mut bytes = Vec::with_capacity(text.len());
            let mut buf = [0u8; 4];
            for c in text.chars() {
                let (encoded, _, unmappable) = enc.encode(c.encode_utf8(&mut buf));
                if unmappable {
                    bytes.extend_from_slice(format!("&#{};", u32::from(c)).as_bytes());
                } else {
                    bytes.extend_from_slice(&encoded);
                }
            }
            for b in bytes {
                if QUERY_KEPT.contains(b) {
                    out.push(char::from(b));
                } else {
                    push_escape(b, out);
                }
            }
        }
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
        assert_eq!(out, "?%E9&%2312354;");
    }
}
