//! Percent-encoding and -decoding: the reference's encode sets
//! (`*_ENCODE_RE`), `pct_encode`, `unquote_to_bytes` and
//! `pct_decode_token_repeatedly`, and the steps that encode or decode
//! every component at once (`pct_decode_repeatedly`,
//! `google_pct_encode`, `less_dumb_pct_encode`).

use super::{rewrite, Work};
use crate::keys::urlcanon::parse::Url;
use crate::keys::KeyError;

/// A percent-encode set: the octets to write `%XX`.
pub(super) type Set = [bool; 256];

const fn set_of(ranges: &[(u8, u8)], chars: &[u8]) -> Set {
    let mut t = [false; 256];
    let mut i = 0;
    while i < ranges.len() {
        let mut c = ranges[i].0 as usize;
        while c <= ranges[i].1 as usize {
            t[c] = true;
            c += 1;
        }
        i += 1;
    }
    let mut j = 0;
    while j < chars.len() {
        t[chars[j] as usize] = true;
        j += 1;
    }
    t
}

/// C0_ENCODE_RE `[\x00-\x1f\x7f-\xff]`.
pub(super) const C0: Set = set_of(&[(0, 0x1f), (0x7f, 0xff)], b"");
/// Controls, space and non-ASCII: HOST_ENCODE_RE `[\x00-\x20\x7f-\xff]`.
pub(super) const HOST: Set = set_of(&[(0, 0x20), (0x7f, 0xff)], b"");
/// PATH_ENCODE_RE.
pub(super) const PATH: Set = set_of(&[(0, 0x20), (0x7f, 0xff)], b"\"#<>?`{}");
/// QUERY_ENCODE_RE.
pub(super) const QUERY: Set = set_of(&[(0, 0x20), (0x7f, 0xff)], b"\"#<>");
/// USERINFO_ENCODE_RE.
pub(super) const USERINFO: Set = set_of(&[(0, 0x20), (0x7f, 0xff)], b"\"#<>?`{}/:;=@[\\]^|");
/// GOOGLE_PCT_ENCODE_RE.
const GOOGLE: Set = set_of(&[(0, 0x20), (0x7f, 0xff)], b"#%");
/// LESS_DUMB_USERINFO_ENCODE_RE.
const LESS_DUMB_USERINFO: Set = set_of(&[(0, 0x20), (0x7f, 0xff)], b"#%:@");
/// LESS_DUMB_PATH_ENCODE_RE.
const LESS_DUMB_PATH: Set = set_of(&[(0, 0x20), (0x7f, 0xff)], b"#%?");
/// LESS_DUMB_QUERY_ENCODE_RE.
pub(super) const LESS_DUMB_QUERY: Set = set_of(&[(0, 0x20), (0x7f, 0xff)], b"#%&=");

const HEX: &[u8; 16] = b"0123456789ABCDEF";

/// `pct_encode`: the octets of `src` in `set` as `%XX` (uppercase), the
/// others as they are, appended to `dst`.
pub(super) fn pct_encode_into(src: &[u8], set: &Set, dst: &mut Vec<u8>) {
    let mut start = 0;
    for (i, &b) in src.iter().enumerate() {
        if set[b as usize] {
            dst.extend_from_slice(&src[start..i]);
            dst.extend_from_slice(&[b'%', HEX[(b >> 4) as usize], HEX[(b & 15) as usize]]);
            start = i + 1;
        }
    }
    dst.extend_from_slice(&src[start..]);
}

/// Percent-encodes `field` in place by `set`; whether it changed.
pub(super) fn pct_encode(field: &mut Vec<u8>, set: &Set, tmp: &mut Vec<u8>) -> bool {
    if !field.iter().any(|&b| set[b as usize]) {
        return false;
    }
    tmp.clear();
    pct_encode_into(field, set, tmp);
    std::mem::swap(field, tmp);
    true
}

fn hex_value(b: u8) -> Option<u8> {
    (b as char).to_digit(16).map(|d| d as u8)
}

/// `urllib.parse.unquote_to_bytes`: every `%XX` decoded, once.
///
/// `%2541` → `%41`.
pub(super) fn unquote_into(src: &[u8], dst: &mut Vec<u8>) {
    let mut i = 0;
    while i < src.len() {
        if src[i] == b'%' && i + 2 < src.len() {
            if let (Some(h), Some(l)) = (hex_value(src[i + 1]), hex_value(src[i + 2])) {
                dst.push(h << 4 | l);
                i += 3;
                continue;
            }
        }
        dst.push(src[i]);
        i += 1;
    }
}

/// `pct_decode_token_repeatedly`: `unquote_to_bytes` until nothing
/// changes, in one pass: a `%XX` decodes the moment its last digit is
/// written, which may complete an earlier one (decoding `%XX` anywhere
/// never overlaps another, so every order of decoding ends the same).
///
/// `%252541` → `A`; `%%414` → `\xa4`.
pub(super) fn unquote_repeatedly_into(src: &[u8], dst: &mut Vec<u8>) {
    for &b in src {
        dst.push(b);
        loop {
            let n = dst.len();
            if n < 3 || dst[n - 3] != b'%' {
                break;
            }
            let (Some(h), Some(l)) = (hex_value(dst[n - 2]), hex_value(dst[n - 1])) else {
                break;
            };
            dst.truncate(n - 3);
            dst.push(h << 4 | l);
        }
    }
}

fn decode_repeatedly(field: &mut Vec<u8>, tmp: &mut Vec<u8>) -> bool {
    if !field.contains(&b'%') {
        return false;
    }
    rewrite(field, tmp, unquote_repeatedly_into)
}

fn pct_decode_all(url: &mut Url, work: &mut Work, query: bool) -> bool {
    let t = &mut work.a;
    let mut changed = decode_repeatedly(&mut url.scheme, t)
        | decode_repeatedly(&mut url.username, t)
        | decode_repeatedly(&mut url.password, t)
        | decode_repeatedly(&mut url.host, t)
        | decode_repeatedly(&mut url.port, t)
        | decode_repeatedly(&mut url.path, t);
    if query {
        changed |= decode_repeatedly(&mut url.query, t);
    }
    changed | decode_repeatedly(&mut url.fragment, t)
}

/// `pct_decode_repeatedly`: every component decoded until no `%XX` is
/// left: `%2541` → `A`.
pub(in crate::keys::urlcanon) fn pct_decode_repeatedly(
    url: &mut Url,
    work: &mut Work,
) -> Result<bool, KeyError> {
    Ok(pct_decode_all(url, work, true))
}

/// `pct_decode_repeatedly_except_query`: the same, the query left.
pub(in crate::keys::urlcanon) fn pct_decode_repeatedly_except_query(
    url: &mut Url,
    work: &mut Work,
) -> Result<bool, KeyError> {
    Ok(pct_decode_all(url, work, false))
}

/// `google_pct_encode`: controls, space, non-ASCII, `#` and `%` in every
/// component: `a%` → `a%25`.
pub(in crate::keys::urlcanon) fn google_pct_encode(
    url: &mut Url,
    work: &mut Work,
) -> Result<bool, KeyError> {
    let t = &mut work.a;
    Ok(pct_encode(&mut url.scheme, &GOOGLE, t)
        | pct_encode(&mut url.username, &GOOGLE, t)
        | pct_encode(&mut url.password, &GOOGLE, t)
        | pct_encode(&mut url.host, &GOOGLE, t)
        | pct_encode(&mut url.port, &GOOGLE, t)
        | pct_encode(&mut url.path, &GOOGLE, t)
        | pct_encode(&mut url.query, &GOOGLE, t)
        | pct_encode(&mut url.fragment, &GOOGLE, t))
}

/// `less_dumb_pct_encode`: like `google_pct_encode`, with `:` and `@` in
/// the user information and `?` in the path; the query left:
/// `/a?b` → `/a%3Fb`.
pub(in crate::keys::urlcanon) fn less_dumb_pct_encode(
    url: &mut Url,
    work: &mut Work,
) -> Result<bool, KeyError> {
    let t = &mut work.a;
    Ok(pct_encode(&mut url.scheme, &GOOGLE, t)
        | pct_encode(&mut url.username, &LESS_DUMB_USERINFO, t)
        | pct_encode(&mut url.password, &LESS_DUMB_USERINFO, t)
        | pct_encode(&mut url.host, &GOOGLE, t)
        | pct_encode(&mut url.port, &GOOGLE, t)
        | pct_encode(&mut url.path, &LESS_DUMB_PATH, t)
        | pct_encode(&mut url.fragment, &GOOGLE, t))
}
