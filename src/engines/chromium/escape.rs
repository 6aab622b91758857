//! Percent-escaping as Chromium's canonicalizer writes it
//! (`url/url_canon_internal.h`, `url/url_canon_internal.cc`): `%XX` with
//! uppercase hexadecimal digits, a code point beyond ASCII as the escapes
//! of its UTF-8 octets, and the character classes of `kSharedCharTypeTable`
//! that the user information and the query are escaped with.

use crate::profile::HexCase;
use crate::text::octets::OctetSet;
use crate::text::percent::push_escape as push_escape_hex;

/// Octets kept as they are in the user name and password
/// (`CHAR_USERINFO`): letters, digits, `! $ % & ( ) * + , - . _ ~`.
pub(crate) const USERINFO_KEPT: OctetSet = OctetSet::EMPTY
    .with_range(b'a', b'z')
    .with_range(b'A', b'Z')
    .with_range(b'0', b'9')
    .with_all(b"!$%&()*+,-._~");

/// Octets kept as they are in the query (`CHAR_QUERY`): every printable
/// ASCII character but `"`, `#`, `'`, `<` and `>`.
pub(crate) const QUERY_KEPT: OctetSet = OctetSet::EMPTY
    .with_range(0x21, 0x7E)
    .without(b'"')
    .without(b'#')
    .without(b'\'')
    .without(b'<')
    .without(b'>');

/// Octets escaped in the fragment (`kShouldEscapeCharInFragment`, the URL
/// Standard's fragment percent-encode set): C0 controls, space, `"`, `<`,
/// `>`, `` ` ``, DEL.
pub(crate) const FRAGMENT_ESCAPED: OctetSet = OctetSet::EMPTY
    .with_range(0x00, 0x20)
    .with_all(b"\"<>`")
    .with(0x7F);

/// Appends `%XX` for the octet `b`.
pub(crate) fn push_escape(b: u8, out: &mut String) {
    push_escape_hex(b, HexCase::Upper, out);
}

/// Appends the escapes of the UTF-8 octets of `c` (`AppendUTF8EscapedChar`).
pub(crate) fn push_utf8_escaped(c: char, out: &mut String) {
    let mut buf = [0u8; 4];
    for &b in c.encode_utf8(&mut buf).as_bytes() {
        push_escape(b, out);
    }
}

/// Appends `text`, each code point beyond ASCII escaped in UTF-8 and each
/// ASCII one not in `kept` escaped (`AppendStringOfType`).
pub(crate) fn push_of_type(text: &str, kept: &OctetSet, out: &mut String) {
    for c in text.chars() {
        if c.is_ascii() && kept.contains(c as u8) {
            out.push(c);
        } else {
            push_utf8_escaped(c, out);
        }
    }
}

/// Appends `text` as an invalid component is shown
/// (`AppendInvalidNarrowString`): code points beyond ASCII, C0 controls,
/// space and DEL escaped, the rest as they are.
pub(crate) fn push_invalid(text: &[u8], out: &mut String) {
    for c in String::from_utf8_lossy(text).chars() {
        if c <= ' ' || c as u32 >= 0x7F {
            push_utf8_escaped(c, out);
        } else {
            out.push(c);
        }
    }
}

/// The value of the escape `%XX` at `i` of `s`, if there is one
/// (`DecodeEscaped`).
pub(crate) fn decode_escape(s: &[u8], i: usize) -> Option<u8> {
    let hex = |b: u8| (b as char).to_digit(16);
    if s.get(i) != Some(&b'%') {
        return None;
    }
    let h = hex(*s.get(i + 1)?)?;
    let l = hex(*s.get(i + 2)?)?;
    Some((h * 16 + l) as u8)
}
