//! The fragment (`url/url_canon_etc.cc` `DoCanonicalizeRef`,
//! `kShouldEscapeCharInFragment`): the URL Standard's fragment
//! percent-encode set, every code point beyond ASCII escaped in UTF-8.

use super::component::{Part, Span};
use super::escape::{push_utf8_escaped, FRAGMENT_ESCAPED};

/// Appends `#` and the fragment `fragment` (a range of `spec`), when there
/// is one: its span.
pub(crate) fn canonicalize(spec: &str, fragment: Part, out: &mut String) -> Part {
    let f = fragment?;
    out.push('#');
    let begin = out.len();
    for c in f.of(spec).chars() {
        if c.is_ascii() && !FRAGMENT_ESCAPED.contains(c as u8) {
            out.push(c);
        } else {
            push_utf8_escaped(c, out);
        }
    }
    Some(Span::new(begin, out.len()))
}
