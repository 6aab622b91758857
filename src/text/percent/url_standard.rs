//! The URL Standard's percent-encode sets
//! (<https://url.spec.whatwg.org/#percent-encoded-bytes>): UTF-8
//! percent-encoding of a code point, and the query's percent-encoding
//! after encoding to the document's encoding.

use super::{encode_query_in_one_go, Encoded};
use encoding_rs::Encoding;

/// The percent-encode sets of the Standard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EncodeSet {
    C0Control,
    Fragment,
    Query,
    SpecialQuery,
    Path,
    Userinfo,
}

fn in_set(b: u8, set: EncodeSet) -> bool {
    let c0 = b <= 0x1f || b > 0x7e;
    let query = c0 || matches!(b, b' ' | b'"' | b'#' | b'<' | b'>');
    match set {
        EncodeSet::C0Control => c0,
        EncodeSet::Fragment => c0 || matches!(b, b' ' | b'"' | b'<' | b'>' | b'`'),
        EncodeSet::Query => query,
        EncodeSet::SpecialQuery => query || b == b'\'',
        EncodeSet::Path => query || matches!(b, b'?' | b'^' | b'`' | b'{' | b'}'),
        EncodeSet::Userinfo => {
            query
                || matches!(
                    b,
                    b'?' | b'^'
                        | b'`'
                        | b'{'
                        | b'}'
                        | b'/'
                        | b':'
                        | b';'
                        | b'='
                        | b'@'
                        | b'['
                        | b'\\'
                        | b']'
                        | b'|'
                )
        }
    }
}

fn push_byte(b: u8, set: EncodeSet, out: &mut String) {
    if in_set(b, set) {
        out.push_str(&format!("%{b:02X}"));
    } else {
        out.push(b as char);
    }
}

/// UTF-8 percent-encodes `c` with `set`, onto `out`.
pub fn percent_encode_char(c: char, set: EncodeSet, out: &mut String) {
    let mut buf = [0u8; 4];
    for &b in c.encode_utf8(&mut buf).as_bytes() {
        push_byte(b, set, out);
    }
}

/// Percent-encode after encoding: `query` in `encoding`, then the bytes
/// of `set` percent-encoded.  The whole query is encoded at once, as
/// WebKit's `URLParser::encodeNonUTF8Query` does
/// (`PAL::TextEncoding::encode(query,
/// UnencodableHandling::URLEncodedEntities)`), so that a stateful encoding
/// switches once for a run (`?¥‾` in an ISO-2022-JP page:
/// `?%1B(J\~%1B(B`), and writes `%26%23`, the number, `%3B` for a code
/// point the encoding cannot represent (`?中` in a windows-1252 page:
/// `?%26%2320013%3B`; ESC, SO and SI in ISO-2022-JP are U+FFFD's:
/// `?%26%2365533%3B`).
pub fn encode_query(query: &str, encoding: &'static Encoding, set: EncodeSet, out: &mut String) {
    if encoding == encoding_rs::UTF_8 {
        for c in query.chars() {
            percent_encode_char(c, set, out);
        }
        return;
    }
    encode_query_in_one_go(query, encoding, |e| match e {
        Encoded::Octets(bytes) => {
            for &b in bytes {
                push_byte(b, set, out);
            }
        }
        Encoded::Unmappable(c) => out.push_str(&format!("%26%23{}%3B", u32::from(c))),
    });
}
