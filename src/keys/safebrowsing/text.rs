//! Octet-level helpers that follow Go's standard library where the
//! reference relies on it: rune decoding (`for _, r := range s`),
//! `strings.TrimSpace`, and the reference's own `unescape`/`escape`
//! (`urls.go`).

/// The rune at the start of `s` and its width as Go decodes it
/// (`unicode/utf8.DecodeRuneInString`): an octet that does not start a
/// valid sequence is U+FFFD of width 1.  `s` must not be empty.
///
/// `[0xC3, 0xBC]` -> `(0xFC, 2)`; `[0xE2, 0x82, b'a']` -> `(0xFFFD, 1)`.
pub(super) fn decode_rune(s: &[u8]) -> (u32, usize) {
    let b0 = s[0];
    let cont = |i: usize, lo: u8, hi: u8| s.get(i).is_some_and(|&b| (lo..=hi).contains(&b));
    let bits = |i: usize| u32::from(s[i] & 0x3F);
    match b0 {
        0x00..=0x7F => (u32::from(b0), 1),
        0xC2..=0xDF if cont(1, 0x80, 0xBF) => ((u32::from(b0 & 0x1F) << 6) | bits(1), 2),
        0xE0..=0xEF => {
            let (lo, hi) = match b0 {
                0xE0 => (0xA0, 0xBF),
                0xED => (0x80, 0x9F),
                _ => (0x80, 0xBF),
            };
            if cont(1, lo, hi) && cont(2, 0x80, 0xBF) {
                ((u32::from(b0 & 0x0F) << 12) | (bits(1) << 6) | bits(2), 3)
            } else {
                (0xFFFD, 1)
            }
        }
        0xF0..=0xF4 => {
            let (lo, hi) = match b0 {
                0xF0 => (0x90, 0xBF),
                0xF4 => (0x80, 0x8F),
                _ => (0x80, 0xBF),
            };
            if cont(1, lo, hi) && cont(2, 0x80, 0xBF) && cont(3, 0x80, 0xBF) {
                (
                    (u32::from(b0 & 0x07) << 18) | (bits(1) << 12) | (bits(2) << 6) | bits(3),
                    4,
                )
            } else {
                (0xFFFD, 1)
            }
        }
        _ => (0xFFFD, 1),
    }
}

/// The runes of `s` as Go's `for _, r := range s` gives them.
pub(super) fn runes(s: &[u8], out: &mut Vec<u32>) {
    let mut i = 0;
    while i < s.len() {
        let (r, w) = decode_rune(&s[i..]);
        out.push(r);
        i += w;
    }
}

/// Appends `r` as UTF-8, as Go's `string([]rune)` does: a rune that is
/// not a Unicode scalar value becomes U+FFFD.
pub(super) fn push_rune(r: u32, out: &mut Vec<u8>) {
    let c = char::from_u32(r).unwrap_or('\u{FFFD}');
    let mut buf = [0u8; 4];
    out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
}

/// The encodings of the runes Go's `unicode.IsSpace` accepts.
const SPACES: &[&[u8]] = &[
    b"\t",
    b"\n",
    b"\x0B",
    b"\x0C",
    b"\r",
    b" ",
    "\u{85}".as_bytes(),
    "\u{A0}".as_bytes(),
    "\u{1680}".as_bytes(),
    "\u{2000}".as_bytes(),
    "\u{2001}".as_bytes(),
    "\u{2002}".as_bytes(),
    "\u{2003}".as_bytes(),
    "\u{2004}".as_bytes(),
    "\u{2005}".as_bytes(),
    "\u{2006}".as_bytes(),
    "\u{2007}".as_bytes(),
    "\u{2008}".as_bytes(),
    "\u{2009}".as_bytes(),
    "\u{200A}".as_bytes(),
    "\u{2028}".as_bytes(),
    "\u{2029}".as_bytes(),
    "\u{202F}".as_bytes(),
    "\u{205F}".as_bytes(),
    "\u{3000}".as_bytes(),
];

/// `strings.TrimSpace`: leading and trailing Unicode white space off
/// (a valid encoding of a space rune at either end, repeatedly).
///
/// `"  http://a/\u{3000}"` -> `"http://a/"`.
pub(super) fn trim_space(mut s: &[u8]) -> &[u8] {
    'front: loop {
        for sp in SPACES {
            if let Some(rest) = s.strip_prefix(*sp) {
                s = rest;
                continue 'front;
            }
        }
        break;
    }
    'back: loop {
        for sp in SPACES {
            if let Some(rest) = s.strip_suffix(*sp) {
                s = rest;
                continue 'back;
            }
        }
        break;
    }
    s
}

fn hex_value(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

/// `urls.go` `unescape`: every `%XX` decoded once, left to right.
///
/// `"%2541"` -> `"%41"`.
pub(super) fn unescape_once(s: &[u8], out: &mut Vec<u8>) {
    let mut i = 0;
    while i < s.len() {
        if s[i] == b'%' && i + 2 < s.len() {
            if let (Some(h), Some(l)) = (hex_value(s[i + 1]), hex_value(s[i + 2])) {
                out.push(h << 4 | l);
                i += 3;
                continue;
            }
        }
        out.push(s[i]);
        i += 1;
    }
}

/// How deep `urls.go` `recursiveUnescape` lets the unescaping go: it
/// gives up (an error) when the 1,024th pass still changes the string.
const MAX_DEPTH: u32 = 1024;

/// `urls.go` `recursiveUnescape`: `unescape` until nothing changes, in one
/// pass: a decoded octet is pushed back and may close another `%XX` with
/// the two before it.  Two `%XX` never overlap (`%` is not a hex digit),
/// so the result is the fixed point of the reference's passes; the pass
/// that makes an octet is one more than the latest of its three, and a
/// depth of 1,024 passes is the reference's error (`None`).
///
/// `"%2525252541"` -> `"A"` (five passes); `"%" + "25" * 1024` -> `None`.
pub(super) fn unescape_fully(s: &[u8], out: &mut Vec<u8>) -> Option<()> {
    let start = out.len();
    let mut depth: Vec<u32> = Vec::with_capacity(s.len());
    for &b in s {
        out.push(b);
        depth.push(0);
        loop {
            let n = out.len();
            if n - start < 3 || out[n - 3] != b'%' {
                break;
            }
            let (Some(h), Some(l)) = (hex_value(out[n - 2]), hex_value(out[n - 1])) else {
                break;
            };
            let d = depth.len();
            let pass = depth[d - 3].max(depth[d - 2]).max(depth[d - 1]) + 1;
            if pass >= MAX_DEPTH {
                return None;
            }
            out.truncate(n - 3);
            depth.truncate(d - 3);
            out.push(h << 4 | l);
            depth.push(pass);
        }
    }
    Some(())
}

/// Percent-unescape until no `%XX` is left, as a loop of
/// [`unescape_once`] until nothing changes does, with no bound on the
/// passes (Firefox's `CanonicalizePath`), in one pass as
/// [`unescape_fully`] does.
///
/// `"%2525252541"` -> `"A"`.
pub(super) fn unescape_to_fixed_point(s: &[u8], out: &mut Vec<u8>) {
    let start = out.len();
    for &b in s {
        out.push(b);
        loop {
            let n = out.len();
            if n - start < 3 || out[n - 3] != b'%' {
                break;
            }
            let (Some(h), Some(l)) = (hex_value(out[n - 2]), hex_value(out[n - 1])) else {
                break;
            };
            out.truncate(n - 3);
            out.push(h << 4 | l);
        }
    }
}

/// `urls.go` `escape`: octets `<= 0x20`, `>= 0x7F`, `#` and `%` as `%xx`
/// (lower-case hex there; `upper` gives Firefox's `SpecialEncode` upper
/// case, `nsUrlClassifierUtils.cpp` `int_to_hex_digit`).
///
/// `"a b#\x80"` -> `"a%20b%23%80"`.
pub(super) fn escape(s: &[u8], upper: bool, out: &mut Vec<u8>) {
    let digits: &[u8; 16] = if upper {
        b"0123456789ABCDEF"
    } else {
        b"0123456789abcdef"
    };
    for &b in s {
        if b <= 0x20 || b >= 0x7F || b == b'#' || b == b'%' {
            out.extend_from_slice(&[
                b'%',
                digits[usize::from(b >> 4)],
                digits[usize::from(b & 15)],
            ]);
        } else {
            out.push(b);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unescape_depth() {
        let mut out = Vec::new();
        assert!(unescape_fully(b"%2525252541", &mut out).is_some());
        assert_eq!(out, b"A");
        let mut deep = b"%".to_vec();
        for _ in 0..1023 {
            deep.extend_from_slice(b"25");
        }
        out.clear();
        assert!(unescape_fully(&deep, &mut out).is_some());
        deep.extend_from_slice(b"25");
        out.clear();
        assert!(unescape_fully(&deep, &mut out).is_none());
    }

    #[test]
    fn go_runes() {
        assert_eq!(decode_rune(&[0xE2, 0x82, b'a']), (0xFFFD, 1));
        assert_eq!(decode_rune(&[0xED, 0xA0, 0x80]), (0xFFFD, 1));
        assert_eq!(decode_rune("ü".as_bytes()), (0xFC, 2));
    }
}
