//! urlcanon's readings of an IP address host (`urlcanon/parse.py`
//! `parse_ipv4`, `parse_ipv4or6`) and their text (`urlcanon/canon.py`
//! `dotted_decimal`, `normalize_ip_address`, by Python's `ipaddress`).

/// A bound on the magnitude of a number read, far above any sum the
/// checks compare (parts times 2**24 stay within `i128`).
const CAP: i128 = 1 << 80;

/// Python's `int(s, base)` on octets: ASCII whitespace around, an
/// optional sign, for base 16 an optional `0x` (for base 8 `0o`) with
/// an optional `_` after it, digits with single underscores between
/// them.  `None` where Python raises.  The magnitude is capped at
/// [`CAP`].
///
/// `b" 1_0 "` → 10; `(b"0x_1f", 16)` → 31; `b"1__0"` → `None`.
fn python_int(s: &[u8], base: u32) -> Option<i128> {
    let is_space = |b: &u8| matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r');
    let start = s.iter().position(|b| !is_space(b))?;
    let end = s.len() - s.iter().rev().position(|b| !is_space(b))?;
    let mut t = &s[start..end];
    let mut negative = false;
    if let Some((&sign, rest)) = t.split_first() {
        if sign == b'-' || sign == b'+' {
            negative = sign == b'-';
            t = rest;
        }
    }
    let prefix = match base {
        16 => Some(b'x'),
        8 => Some(b'o'),
        _ => None,
    };
    let mut prefixed = false;
    if let Some(p) = prefix {
        if t.len() >= 2 && t[0] == b'0' && t[1].to_ascii_lowercase() == p {
            t = &t[2..];
            prefixed = true;
        }
    }
    if prefixed && t.first() == Some(&b'_') {
        t = &t[1..];
    }
    if t.is_empty() {
        return None;
    }
    // Python refuses a decimal string of more than 4,300 digits
    // (`sys.get_int_max_str_digits()`); powers of two are not bounded.
    if base == 10 && t.iter().filter(|b| b.is_ascii_digit()).count() > 4300 {
        return None;
    }
    let mut value: i128 = 0;
    let mut last_underscore = true;
    for &b in t {
        if b == b'_' {
            if last_underscore {
                return None;
            }
            last_underscore = true;
            continue;
        }
        let d = (b as char).to_digit(base)?;
        value = (value * i128::from(base) + i128::from(d)).min(CAP);
        last_underscore = false;
    }
    if last_underscore {
        return None;
    }
    Some(if negative { -value } else { value })
}

/// `parse_ipv4`'s `_parse_num`: `0x` hexadecimal, a leading `0` octal,
/// empty zero, otherwise decimal (each by Python's `int`).  With
/// `digits_only` (the `ipv4_parts_digits_only` fix), what follows the
/// prefix must be digits of its radix, as the URL Standard's IPv4 number
/// parser reads them: no sign, space, underscore or second prefix.
///
/// `b"1_0"` → 10, or `None` with `digits_only`; `b"0x1f"` → 31 either way.
fn parse_num(s: &[u8], digits_only: bool) -> Option<i128> {
    let (digits, base): (&[u8], u32) =
        if s.len() >= 2 && s[0] == b'0' && (s[1] == b'x' || s[1] == b'X') {
            if s.len() < 3 {
                return Some(0);
            }
            (&s[2..], 16)
        } else if s.len() >= 2 && s[0] == b'0' {
            (&s[1..], 8)
        } else if s.is_empty() {
            return Some(0);
        } else {
            (s, 10)
        };
    if digits_only && !digits.iter().all(|&b| (b as char).is_digit(base)) {
        return None;
    }
    python_int(digits, base)
}

/// `parse_ipv4`: the host read as one to four numbers separated by dots
/// (a last empty part dropped), WHATWG-like; `None` where the reference
/// returns `None` (it catches its own exceptions).  A negative result is
/// returned as `-1` (the reference gives a negative number, which
/// `ipaddress` then refuses).
///
/// `b"0x7f.1"` → 2130706433; `b"1.2.3.4."` → 16909060; `b"1.2.3.256"` →
/// `None`; `b"1.-1.0.0"` → 16711680, or `None` with `digits_only` (see
/// [`parse_num`]).
pub(super) fn parse_ipv4(host: &[u8], digits_only: bool) -> Option<i64> {
    let num = |s: &[u8]| parse_num(s, digits_only);
    let mut parts: [&[u8]; 4] = [b""; 4];
    let mut n = 0;
    let mut pieces = host.split(|&b| b == b'.').peekable();
    while let Some(p) = pieces.next() {
        if p.is_empty() && pieces.peek().is_none() && n > 0 {
            break; // a trailing empty part is dropped
        }
        if p.is_empty() && pieces.peek().is_none() && n == 0 {
            // host `b""`: `[b""]` less its last empty part: no parts.
            return None;
        }
        if n == 4 {
            return None;
        }
        parts[n] = p;
        n += 1;
    }
    let ip4 = match n {
        1 => num(parts[0])?,
        2 => {
            let p1 = num(parts[1])?;
            if p1 >= 1 << 24 {
                return None;
            }
            num(parts[0])? * (1 << 24) + p1
        }
        3 => {
            let p1 = num(parts[1])?;
            if p1 >= 1 << 8 {
                return None;
            }
            let p2 = num(parts[2])?;
            if p2 >= 1 << 16 {
                return None;
            }
            num(parts[0])? * (1 << 24) + p1 * (1 << 16) + p2
        }
        _ => {
            let p1 = num(parts[1])?;
            let p2 = num(parts[2])?;
            let p3 = num(parts[3])?;
            if p1 >= 1 << 8 || p2 >= 1 << 8 || p3 >= 1 << 8 {
                return None;
            }
            num(parts[0])? * (1 << 24) + p1 * (1 << 16) + p2 * (1 << 8) + p3
        }
    };
    if ip4 >= 1 << 32 {
        return None;
    }
    Some(if ip4 < 0 { -1 } else { ip4 as i64 })
}

/// Python's strict dotted quad (`ipaddress.IPv4Address` on text): four
/// decimal octets, no leading zeros.
fn strict_ipv4(s: &[u8]) -> Option<u32> {
    let mut value = 0u32;
    let mut n = 0;
    for octet in s.split(|&b| b == b'.') {
        n += 1;
        if n > 4 || octet.is_empty() || octet.len() > 3 || !octet.iter().all(u8::is_ascii_digit) {
            return None;
        }
        if octet.len() > 1 && octet[0] == b'0' {
            return None;
        }
        let v = octet
            .iter()
            .fold(0u32, |v, &d| v * 10 + u32::from(d - b'0'));
        if v > 255 {
            return None;
        }
        value = value << 8 | v;
    }
    (n == 4).then_some(value)
}

/// Python's `ipaddress.IPv6Address(text)`: eight hextets, one `::`, an
/// embedded dotted quad at the end, a `%scope` suffix (dropped).
///
/// `b"::1"` → 1; `b"1:2:3:4:5:6:1.2.3.4"` → …0102_0304; `b"1::2::3"` →
/// `None`.
fn parse_ipv6(text: &[u8]) -> Option<u128> {
    if std::str::from_utf8(text).is_err() || text.contains(&b'/') {
        return None;
    }
    let addr = match memchr::memchr(b'%', text) {
        Some(p) => {
            let scope = &text[p + 1..];
            if scope.is_empty() || scope.contains(&b'%') {
                return None;
            }
            &text[..p]
        }
        None => text,
    };
    if addr.is_empty() {
        return None;
    }
    // More than nine parts is refused whatever they hold (a dotted quad
    // last counts as two): at most nine are kept.
    let mut all: [&[u8]; 9] = [b""; 9];
    let mut n = 0;
    for part in addr.split(|&b| b == b':') {
        if n == all.len() {
            return None;
        }
        all[n] = part;
        n += 1;
    }
    if n < 3 {
        return None;
    }
    let mut parts = &all[..n];
    let mut tail_v4 = None;
    if parts[n - 1].contains(&b'.') {
        tail_v4 = Some(strict_ipv4(parts[n - 1])?);
        parts = &all[..n - 1];
    }
    let count = parts.len() + if tail_v4.is_some() { 2 } else { 0 };
    if count > 9 {
        return None;
    }
    // The hextets as parts, the dotted quad as two more.
    let hextet = |i: usize| -> Option<u16> {
        if i < parts.len() {
            let p = parts[i];
            if p.is_empty() || p.len() > 4 || !p.iter().all(u8::is_ascii_hexdigit) {
                return None;
            }
            u16::from_str_radix(std::str::from_utf8(p).ok()?, 16).ok()
        } else {
            let v4 = tail_v4?;
            Some(if i == parts.len() {
                (v4 >> 16) as u16
            } else {
                v4 as u16
            })
        }
    };
    let empty = |i: usize| i < parts.len() && parts[i].is_empty();
    let mut skip = None;
    for i in 1..count - 1 {
        if empty(i) {
            if skip.is_some() {
                return None;
            }
            skip = Some(i);
        }
    }
    let (hi, lo, skipped) = match skip {
        Some(s) => {
            let mut hi = s;
            let mut lo = count - s - 1;
            if empty(0) {
                hi -= 1;
                if hi != 0 {
                    return None;
                }
            }
            if empty(count - 1) {
                lo -= 1;
                if lo != 0 {
                    return None;
                }
            }
            if hi + lo >= 8 {
                return None;
            }
            (hi, lo, 8 - hi - lo)
        }
        None => {
            if count != 8 || empty(0) || empty(count - 1) {
                return None;
            }
            (8, 0, 0)
        }
    };
    let mut value: u128 = 0;
    for i in 0..hi {
        value = value << 16 | u128::from(hextet(i)?);
    }
    value <<= 16 * skipped;
    for i in count - lo..count {
        value = value << 16 | u128::from(hextet(i)?);
    }
    Some(value)
}

/// `parse_ipv4or6`: `[...]` read as IPv6, anything else as IPv4
/// (`digits_only` as [`parse_ipv4`]).
pub(super) fn parse_ipv4or6(host: &[u8], digits_only: bool) -> (Option<i64>, Option<u128>) {
    if host.len() >= 2 && host[0] == b'[' && host[host.len() - 1] == b']' {
        (None, parse_ipv6(&host[1..host.len() - 1]))
    } else {
        (parse_ipv4(host, digits_only), None)
    }
}

/// `dotted_decimal`: `str(ipaddress.IPv4Address(n))`.
pub(super) fn write_ipv4(n: u32, out: &mut Vec<u8>) {
    for (i, shift) in [24, 16, 8, 0].iter().enumerate() {
        if i > 0 {
            out.push(b'.');
        }
        push_decimal(out, (n >> shift) & 0xff);
    }
}

fn push_decimal(out: &mut Vec<u8>, v: u32) {
    if v >= 100 {
        out.push(b'0' + (v / 100) as u8);
    }
    if v >= 10 {
        out.push(b'0' + (v / 10 % 10) as u8);
    }
    out.push(b'0' + (v % 10) as u8);
}

/// `str(ipaddress.IPv6Address(n))`: hextets in lowercase hexadecimal
/// without leading zeros, the first longest run of two or more zero
/// hextets written `::`.
///
/// 1 → `::1`; `0:0:1:0:0:1:0:0` → `::1:0:0:1:0:0`.
pub(super) fn write_ipv6(n: u128, out: &mut Vec<u8>) {
    let h: [u16; 8] = std::array::from_fn(|i| (n >> (112 - 16 * i)) as u16);
    let (mut best, mut best_len, mut cur, mut cur_len) = (0, 0, 0, 0);
    for (i, &x) in h.iter().enumerate() {
        if x == 0 {
            if cur_len == 0 {
                cur = i;
            }
            cur_len += 1;
            if cur_len > best_len {
                best = cur;
                best_len = cur_len;
            }
        } else {
            cur_len = 0;
        }
    }
    let hex = |out: &mut Vec<u8>, x: u16| {
        let digits = b"0123456789abcdef";
        let mut started = false;
        for shift in [12, 8, 4, 0] {
            let d = (x >> shift) & 0xf;
            if d != 0 || started || shift == 0 {
                out.push(digits[d as usize]);
                started = true;
            }
        }
    };
    if best_len > 1 {
        for (i, &x) in h[..best].iter().enumerate() {
            if i > 0 {
                out.push(b':');
            }
            hex(out, x);
        }
        out.extend_from_slice(b"::");
        for (i, &x) in h[best + best_len..].iter().enumerate() {
            if i > 0 {
                out.push(b':');
            }
            hex(out, x);
        }
    } else {
        for (i, &x) in h.iter().enumerate() {
            if i > 0 {
                out.push(b':');
            }
            hex(out, x);
        }
    }
}
