//! The escaping of `surt/GoogleURLCanonicalizer.py`: `unescapeRepeatedly`
//! (Python's `unquote_to_bytes` until nothing changes) and `escapeOnce`
//! (`quote_from_bytes` with every printable ASCII octet but `#` and `%`
//! safe).

/// The value of a hexadecimal digit, if `b` is one.
#[inline]
fn hex_value(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

/// Whether `escapeOnce` escapes `b`: controls, space, `#`, `%`, DEL and
/// every octet above it.
#[inline]
pub(super) fn needs_escape(b: u8) -> bool {
    ESCAPED[usize::from(b)]
}

/// Whether any octet of `x` [`needs_escape`], in one pass without early
/// exit (which the compiler vectorizes).
#[inline]
pub(super) fn any_needs_escape(x: &[u8]) -> bool {
    x.iter().fold(false, |found, &b| {
        found | (b.wrapping_sub(0x21) > 0x7e - 0x21) | (b == b'#') | (b == b'%')
    })
}

/// [`needs_escape`] of each octet.
static ESCAPED: [bool; 256] = {
    let mut table = [true; 256];
    let mut b = 0x21;
    while b <= 0x7e {
        table[b] = b == b'#' as usize || b == b'%' as usize;
        b += 1;
    }
    table
};

/// Appends `%XX` (uppercase, as `quote_from_bytes` writes it) for `b`.
#[inline]
pub(super) fn push_escaped(b: u8, out: &mut Vec<u8>) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    out.extend_from_slice(&[b'%', HEX[usize::from(b >> 4)], HEX[usize::from(b & 15)]]);
}

/// `unescapeRepeatedly` (GoogleURLCanonicalizer.py): what `input` becomes
/// when `unquote_to_bytes` runs on it until it stops changing, appended to
/// `out`: `%2541` → `A`, `%%34%31` → `%41` → `A`.
///
/// One pass with a stack instead of a pass per level: each octet is
/// pushed, and while the last three octets pushed are `%` and two
/// hexadecimal digits they are replaced by the octet they stand for.
/// Two `%XX` can never overlap, so every order of decoding ends in the
/// same string, the one the repeated passes reach; each octet is
/// decoded at most once, so the time is linear.
///
/// With `protect` (the `query_keep_escaped_delimiters` step), a decoding
/// that makes `&` or `=` is kept as `%26` / `%3D` and never read again;
/// the positions of those escapes are appended to `kept` (for
/// [`escape_once`]).
pub(super) fn unescape_repeatedly(
    input: &[u8],
    out: &mut Vec<u8>,
    protect: bool,
    kept: &mut Vec<usize>,
) {
    if memchr::memchr(b'%', input).is_none() {
        out.extend_from_slice(input);
        return;
    }
    let start = out.len();
    out.reserve(input.len());
    // Octets below `floor` are a kept escape or before one: not reread.
    let mut floor = start;
    let mut i = 0;
    while i < input.len() {
        // An escape can end at the next octet only if a `%` is among the
        // last two octets of `out` (above the floor) or is the octet
        // itself; otherwise the octets up to the next `%` are copied.
        let n = out.len();
        let pending = (n > floor && out[n - 1] == b'%') || (n > floor + 1 && out[n - 2] == b'%');
        if !pending && input[i] != b'%' {
            let run = memchr::memchr(b'%', &input[i..]).unwrap_or(input.len() - i);
            out.extend_from_slice(&input[i..i + run]);
            i += run;
            continue;
        }
        out.push(input[i]);
        reduce(out, &mut floor, protect, kept);
        i += 1;
    }
}

/// Decodes the escapes that end at the top of `out` (see
/// [`unescape_repeatedly`]).
#[inline]
fn reduce(out: &mut Vec<u8>, floor: &mut usize, protect: bool, kept: &mut Vec<usize>) {
    while out.len() >= *floor + 3 {
        let n = out.len();
        if out[n - 3] != b'%' {
            break;
        }
        let (Some(hi), Some(lo)) = (hex_value(out[n - 2]), hex_value(out[n - 1])) else {
            break;
        };
        let value = hi << 4 | lo;
        out.truncate(n - 3);
        if protect && (value == b'&' || value == b'=') {
            kept.push(out.len());
            push_escaped(value, out);
            *floor = out.len();
            break;
        }
        out.push(value);
    }
}

/// `escapeOnce` (GoogleURLCanonicalizer.py): `input` with every octet
/// [`needs_escape`] says escaped as `%XX`, appended to `out`:
/// `a b#%é` → `a%20b%23%25%C3%A9`.  The escapes at the positions of
/// `kept` (from [`unescape_repeatedly`]) are copied as they are.
pub(super) fn escape_once(input: &[u8], out: &mut Vec<u8>, kept: &[usize]) {
    if kept.is_empty() && !any_needs_escape(input) {
        out.extend_from_slice(input);
        return;
    }
    out.reserve(input.len() + input.len() / 2);
    let mut kept = kept.iter().copied().peekable();
    let mut i = 0;
    while i < input.len() {
        if kept.peek() == Some(&i) {
            kept.next();
            out.extend_from_slice(&input[i..i + 3]);
            i += 3;
            continue;
        }
        // The octets up to the next one to escape (or kept escape).
        let stop = kept.peek().copied().unwrap_or(input.len());
        let run = input[i..stop]
            .iter()
            .position(|&b| needs_escape(b))
            .unwrap_or(stop - i);
        out.extend_from_slice(&input[i..i + run]);
        i += run;
        if i < stop {
            push_escaped(input[i], out);
            i += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unescape(s: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        unescape_repeatedly(s, &mut out, false, &mut Vec::new());
        out
    }

    #[test]
    fn unescapes_to_the_fixpoint() {
        assert_eq!(unescape(b"%2541"), b"A");
        assert_eq!(unescape(b"%%34%31"), b"A");
        assert_eq!(unescape(b"%%414"), b"\xa4");
        assert_eq!(unescape(b"%g1%"), b"%g1%");
        assert_eq!(unescape(b"%252525252525"), b"%");
    }

    #[test]
    fn keeps_escaped_delimiters_when_asked() {
        let mut out = Vec::new();
        let mut kept = Vec::new();
        unescape_repeatedly(b"a%2526b%3d%41", &mut out, true, &mut kept);
        assert_eq!(out, b"a%26b%3DA");
        let mut escaped = Vec::new();
        escape_once(&out, &mut escaped, &kept);
        assert_eq!(escaped, b"a%26b%3DA");
    }

    #[test]
    fn escapes_once() {
        let mut out = Vec::new();
        escape_once("a b#%é\"<>\\".as_bytes(), &mut out, &[]);
        assert_eq!(out, b"a%20b%23%25%C3%A9\"<>\\");
    }
}
