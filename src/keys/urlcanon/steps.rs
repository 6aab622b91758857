//! urlcanon's step functions (`urlcanon/canon.py`), each on the parsed
//! URL, each returning whether it changed the URL's text.
//!
//! The reference's regular expressions are scanners here; each comment
//! names the function it follows and gives an example.

use super::parse::{parse_pathish, special, Url};
use super::{idna, ipv4};
use crate::keys::KeyError;

/// Scratch buffers a key reuses from one URL to the next.
#[derive(Default)]
pub(super) struct Work {
    pub a: Vec<u8>,
    pub b: Vec<u8>,
    pub spans: Vec<(usize, usize)>,
    pub idna: idna::Work,
    /// The fixes the key turns on.
    pub fixes: Fixes,
    /// The fixes that made a step's result other than the reference's,
    /// not yet noted.
    pub made: Fixes,
}

/// The family's fixes of the reference's faults, each a step (off in
/// the reference's kinds) that changes how another step works.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub(super) struct Fixes {
    /// `default_scheme_http_keeps_authority`.
    pub keeps_authority: bool,
    /// `ipv4_parts_digits_only`.
    pub ipv4_digits_only: bool,
    /// `ssurt_host_keeps_zero`.
    pub ssurt_keeps_zero: bool,
    /// `strip_session_ids_in_a_row`.
    pub session_ids_in_a_row: bool,
}

/// A step: changes the URL, says whether its text changed.
pub(super) type StepFn = fn(&mut Url, &mut Work) -> Result<bool, KeyError>;

/// A percent-encode set: the octets to write `%XX`.
type Set = [bool; 256];

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
const C0: Set = set_of(&[(0, 0x1f), (0x7f, 0xff)], b"");
/// Controls, space and non-ASCII: HOST_ENCODE_RE `[\x00-\x20\x7f-\xff]`.
const HOST: Set = set_of(&[(0, 0x20), (0x7f, 0xff)], b"");
/// PATH_ENCODE_RE.
const PATH: Set = set_of(&[(0, 0x20), (0x7f, 0xff)], b"\"#<>?`{}");
/// QUERY_ENCODE_RE.
const QUERY: Set = set_of(&[(0, 0x20), (0x7f, 0xff)], b"\"#<>");
/// USERINFO_ENCODE_RE.
const USERINFO: Set = set_of(&[(0, 0x20), (0x7f, 0xff)], b"\"#<>?`{}/:;=@[\\]^|");
/// GOOGLE_PCT_ENCODE_RE.
const GOOGLE: Set = set_of(&[(0, 0x20), (0x7f, 0xff)], b"#%");
/// LESS_DUMB_USERINFO_ENCODE_RE.
const LESS_DUMB_USERINFO: Set = set_of(&[(0, 0x20), (0x7f, 0xff)], b"#%:@");
/// LESS_DUMB_PATH_ENCODE_RE.
const LESS_DUMB_PATH: Set = set_of(&[(0, 0x20), (0x7f, 0xff)], b"#%?");
/// LESS_DUMB_QUERY_ENCODE_RE.
const LESS_DUMB_QUERY: Set = set_of(&[(0, 0x20), (0x7f, 0xff)], b"#%&=");

const HEX: &[u8; 16] = b"0123456789ABCDEF";

/// `pct_encode`: the octets of `src` in `set` as `%XX` (uppercase), the
/// others as they are, appended to `dst`.
fn pct_encode_into(src: &[u8], set: &Set, dst: &mut Vec<u8>) {
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
fn pct_encode(field: &mut Vec<u8>, set: &Set, tmp: &mut Vec<u8>) -> bool {
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
fn unquote_into(src: &[u8], dst: &mut Vec<u8>) {
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
fn unquote_repeatedly_into(src: &[u8], dst: &mut Vec<u8>) {
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

/// Replaces `field` by what `f` writes into the scratch buffer; whether
/// it changed.
fn rewrite(field: &mut Vec<u8>, tmp: &mut Vec<u8>, f: impl FnOnce(&[u8], &mut Vec<u8>)) -> bool {
    tmp.clear();
    f(field, tmp);
    if *field == *tmp {
        false
    } else {
        std::mem::swap(field, tmp);
        true
    }
}

fn clear(field: &mut Vec<u8>) -> bool {
    let changed = !field.is_empty();
    field.clear();
    changed
}

fn unset(flag: &mut bool) -> bool {
    std::mem::replace(flag, false)
}

/// `remove_leading_trailing_junk`: `" http://a/ "` → `http://a/`.
pub(super) fn remove_leading_trailing_junk(url: &mut Url, _: &mut Work) -> Result<bool, KeyError> {
    Ok(clear(&mut url.leading_junk) | clear(&mut url.trailing_junk))
}

/// `default_scheme_http`: no scheme → `http:`, and the path read again
/// as a special URL's: `example.com/a` → `http://example.com/a`,
/// `//h/p` → host `p` (the authority was read before and is read again
/// from the path).  With the `default_scheme_http_keeps_authority` fix,
/// the slashes, authority and path are read again together: `//h/p` →
/// host `h`, path `/p`.
pub(super) fn default_scheme_http(url: &mut Url, work: &mut Work) -> Result<bool, KeyError> {
    if !url.scheme.is_empty() {
        return Ok(false);
    }
    url.scheme.extend_from_slice(b"http");
    url.colon_after_scheme = true;
    work.a.clear();
    if work.fixes.keeps_authority && (!url.slashes.is_empty() || url.has_authority()) {
        url.write_pathish(&mut work.a);
        work.made.keeps_authority = true;
    } else {
        work.a.extend_from_slice(&url.path);
    }
    if !work.a.is_empty() {
        parse_pathish(url, &work.a);
    }
    Ok(true)
}

/// The fix steps: each says whether its fix made the step it changes
/// (the one before it in the running order) give another result than
/// the reference's.  What a fix makes of the output form is noted after
/// the form is written.
pub(super) fn keeps_authority_made(_: &mut Url, work: &mut Work) -> Result<bool, KeyError> {
    Ok(std::mem::take(&mut work.made.keeps_authority))
}

/// See [`keeps_authority_made`].
pub(super) fn ipv4_digits_only_made(_: &mut Url, work: &mut Work) -> Result<bool, KeyError> {
    Ok(std::mem::take(&mut work.made.ipv4_digits_only))
}

/// See [`keeps_authority_made`].
pub(super) fn ssurt_keeps_zero_made(_: &mut Url, work: &mut Work) -> Result<bool, KeyError> {
    Ok(std::mem::take(&mut work.made.ssurt_keeps_zero))
}

/// See [`keeps_authority_made`].
pub(super) fn session_ids_in_a_row_made(_: &mut Url, work: &mut Work) -> Result<bool, KeyError> {
    Ok(std::mem::take(&mut work.made.session_ids_in_a_row))
}

fn is_tab_or_newline(b: &u8) -> bool {
    matches!(b, b'\t' | b'\n' | b'\r')
}

/// `remove_tabs_and_newlines`: every `\t`, `\n`, `\r` removed from every
/// component: `ht\ttp://a\n/` → `http://a/`.
pub(super) fn remove_tabs_and_newlines(url: &mut Url, _: &mut Work) -> Result<bool, KeyError> {
    let mut changed = false;
    for v in [
        &mut url.leading_junk,
        &mut url.scheme,
        &mut url.slashes,
        &mut url.username,
        &mut url.password,
        &mut url.host,
        &mut url.port,
        &mut url.path,
        &mut url.query,
        &mut url.fragment,
        &mut url.trailing_junk,
    ] {
        if v.iter().any(is_tab_or_newline) {
            v.retain(|b| !is_tab_or_newline(b));
            changed = true;
        }
    }
    Ok(changed)
}

fn lowercase(field: &mut [u8]) -> bool {
    let changed = field.iter().any(u8::is_ascii_uppercase);
    field.make_ascii_lowercase();
    changed
}

/// `lowercase_scheme`: `HTTP:` → `http:` (ASCII only, as `bytes.lower`).
pub(super) fn lowercase_scheme(url: &mut Url, _: &mut Work) -> Result<bool, KeyError> {
    Ok(lowercase(&mut url.scheme))
}

/// `fix_backslashes`: for a special scheme, the slashes all `/` and the
/// path's `\` made `/`: `http:\\a\b` → `http://a/b`.
pub(super) fn fix_backslashes(url: &mut Url, _: &mut Work) -> Result<bool, KeyError> {
    if !url.is_special() {
        return Ok(false);
    }
    let mut changed = false;
    for b in url.path.iter_mut() {
        if *b == b'\\' {
            *b = b'/';
            changed = true;
        }
    }
    // Every octet of the slashes becomes `/`, whatever it was.
    for b in url.slashes.iter_mut() {
        if *b != b'/' {
            *b = b'/';
            changed = true;
        }
    }
    Ok(changed)
}

/// `pct_encode_path`: the path percent-encode set where the path starts
/// with `/` or the scheme is special, the C0 control set otherwise:
/// `/a b` → `/a%20b`.
pub(super) fn pct_encode_path(url: &mut Url, work: &mut Work) -> Result<bool, KeyError> {
    let set = if url.path.first() == Some(&b'/') || url.is_special() {
        &PATH
    } else {
        &C0
    };
    Ok(pct_encode(&mut url.path, set, &mut work.a))
}

/// `empty_path_to_slash`: a special URL with an authority and no path
/// gets `/`: `http://a` → `http://a/`.
pub(super) fn empty_path_to_slash(url: &mut Url, _: &mut Work) -> Result<bool, KeyError> {
    if url.path.is_empty() && url.has_authority() && url.is_special() {
        url.path.push(b'/');
        return Ok(true);
    }
    Ok(false)
}

/// `elide_default_port`: the special scheme's own port dropped, as
/// written (`:80`, not `:080`): `http://a:80/` → `http://a/`.
pub(super) fn elide_default_port(url: &mut Url, _: &mut Work) -> Result<bool, KeyError> {
    if let Some(Some(port)) = special(&url.scheme) {
        if url.port == port {
            url.port.clear();
            url.colon_before_port = false;
            return Ok(true);
        }
    }
    Ok(false)
}

/// `clean_up_userinfo`: no password → no `:`; no user information
/// at all → no `@`: `http://u:@a/` → `http://u@a/`, `http://@a/` →
/// `http://a/`.
pub(super) fn clean_up_userinfo(url: &mut Url, _: &mut Work) -> Result<bool, KeyError> {
    let mut changed = false;
    if url.password.is_empty() {
        changed |= unset(&mut url.colon_before_password);
        if url.username.is_empty() {
            changed |= unset(&mut url.at_sign);
        }
    }
    Ok(changed)
}

/// `two_slashes`: slashes, an authority or the `file` scheme → exactly
/// `//`: `http:/a` → `http://a`.
pub(super) fn two_slashes(url: &mut Url, _: &mut Work) -> Result<bool, KeyError> {
    if (!url.slashes.is_empty() || url.has_authority() || url.scheme == b"file")
        && url.slashes != b"//"
    {
        url.slashes.clear();
        url.slashes.extend_from_slice(b"//");
        return Ok(true);
    }
    Ok(false)
}

/// `pct_decode_host`: a special URL's host percent-decoded once:
/// `%41.com` → `A.com`.
pub(super) fn pct_decode_host(url: &mut Url, work: &mut Work) -> Result<bool, KeyError> {
    if url.host.is_empty() || !url.is_special() || !url.host.contains(&b'%') {
        return Ok(false);
    }
    Ok(rewrite(&mut url.host, &mut work.a, unquote_into))
}

/// `reparse_host`: the host read again as an IP address (the text does
/// not change).
pub(super) fn reparse_host(url: &mut Url, _: &mut Work) -> Result<bool, KeyError> {
    url.read_ip();
    Ok(false)
}

/// `normalize_ip_address`: the address read by the last host reading
/// written canonically: `0x7f.1` → `127.0.0.1`, `[0:0::1]` → `[::1]`.
pub(super) fn normalize_ip_address(url: &mut Url, work: &mut Work) -> Result<bool, KeyError> {
    // A reading that `ipv4_parts_digits_only` changed is written
    // otherwise (or not at all) than the reference writes it.
    work.made.ipv4_digits_only |= url.ip4_fixed;
    work.a.clear();
    if let Some(ip4) = url.ip4 {
        // `ipaddress.IPv4Address` refuses the negative numbers
        // `parse_ipv4` may return (`1.2.3.-4`).
        let n = u32::try_from(ip4).map_err(|_| KeyError::Rejected {
            family: "urlcanon",
            reason: "AddressValueError: the host reads as a negative IPv4 address",
        })?;
        ipv4::write_ipv4(n, &mut work.a);
    } else if let Some(ip6) = url.ip6 {
        work.a.push(b'[');
        ipv4::write_ipv6(ip6, &mut work.a);
        work.a.push(b']');
    } else {
        return Ok(false);
    }
    if url.host == work.a {
        return Ok(false);
    }
    std::mem::swap(&mut url.host, &mut work.a);
    Ok(true)
}

/// `fix_host_dots`: leading and trailing dots removed, runs of dots made
/// one: `..a...b..` → `a.b`.  As Python's `\.+$`, the trailing dots may
/// stand before a final newline: `a.\n` → `a\n`.
pub(super) fn fix_host_dots(url: &mut Url, work: &mut Work) -> Result<bool, KeyError> {
    if url.host.is_empty() || !url.host.contains(&b'.') {
        return Ok(false);
    }
    Ok(rewrite(&mut url.host, &mut work.a, |h, out| {
        let h = &h[h.iter().take_while(|&&b| b == b'.').count()..];
        let trim =
            |s: &'_ [u8]| -> usize { s.len() - s.iter().rev().take_while(|&&b| b == b'.').count() };
        let (body, newline): (&[u8], &[u8]) = match h.split_last() {
            Some((b'.', _)) => (&h[..trim(h)], b""),
            Some((b'\n', rest)) if rest.last() == Some(&b'.') => (&rest[..trim(rest)], b"\n"),
            _ => (h, b""),
        };
        let mut last_dot = false;
        for &b in body {
            if b == b'.' && last_dot {
                continue;
            }
            last_dot = b == b'.';
            out.push(b);
        }
        out.extend_from_slice(newline);
    }))
}

/// `punycode_special_host`: a special URL's host through the `idna`
/// package (UTS #46 mapping, IDNA 2008 labels), or else through UTS #46
/// mapping with STD3 rules and Python's IDNA 2003 `ToASCII`, or else
/// left as it is: `Bücher.example` → `xn--bcher-kva.example`.
pub(super) fn punycode_special_host(url: &mut Url, work: &mut Work) -> Result<bool, KeyError> {
    if url.host.is_empty() || !url.is_special() {
        return Ok(false);
    }
    work.a.clear();
    if !idna::to_ascii(&url.host, &mut work.idna, &mut work.a) || url.host == work.a {
        return Ok(false);
    }
    std::mem::swap(&mut url.host, &mut work.a);
    Ok(true)
}

/// `pct_encode_host`: controls, space and non-ASCII octets of the host
/// percent-encoded: `a b` → `a%20b`.
pub(super) fn pct_encode_host(url: &mut Url, work: &mut Work) -> Result<bool, KeyError> {
    Ok(pct_encode(&mut url.host, &HOST, &mut work.a))
}

/// `leading_slash`: a special URL's path starts with `/`: `a/b` →
/// `/a/b`.
pub(super) fn leading_slash(url: &mut Url, _: &mut Work) -> Result<bool, KeyError> {
    if url.is_special() && url.path.first() != Some(&b'/') {
        url.path.insert(0, b'/');
        return Ok(true);
    }
    Ok(false)
}

/// The length of `.` or `%2e` (any case) at the start of `s`.
fn dot_len(s: &[u8]) -> Option<usize> {
    if s.first() == Some(&b'.') {
        Some(1)
    } else if s.len() >= 3 && s[0] == b'%' && s[1] == b'2' && (s[2] | 0x20) == b'e' {
        Some(3)
    } else {
        None
    }
}

/// PATH_DOTS_REGEX `\A([.]|%2e)([.]|%2e)?\Z` (ignoring case): `Some(true)`
/// for `..`, `Some(false)` for `.`.
fn dots(seg: &[u8]) -> Option<bool> {
    let a = dot_len(seg)?;
    if a == seg.len() {
        return Some(false);
    }
    let b = dot_len(&seg[a..])?;
    (a + b == seg.len()).then_some(true)
}

/// `resolve_path_dots`: the path as alternating separators and segments;
/// a `.` segment is dropped with the separator after it, a `..` segment
/// also drops the two elements before it (while more than one is kept).
///
/// `/a/./b` → `/a/b`; `/a/b/../c` → `/a/c`; `//..//` → `//`.
fn resolve_path_dots(
    path: &[u8],
    special: bool,
    spans: &mut Vec<(usize, usize)>,
    out: &mut Vec<u8>,
) {
    let is_sep = |b: u8| b == b'/' || (special && b == b'\\');
    spans.clear();
    let mut i = 0;
    let mut skip_separator = false;
    while i < path.len() {
        if !skip_separator {
            spans.push((i, i + 1));
        }
        skip_separator = false;
        i += 1;
        let end = path[i..]
            .iter()
            .position(|&b| is_sep(b))
            .map_or(path.len(), |p| i + p);
        match dots(&path[i..end]) {
            Some(double) => {
                if double {
                    for _ in 0..2 {
                        if spans.len() > 1 {
                            spans.pop();
                        }
                    }
                }
                skip_separator = true;
            }
            None => spans.push((i, end)),
        }
        i = end;
    }
    for &(s, e) in spans.iter() {
        out.extend_from_slice(&path[s..e]);
    }
}

/// `normalize_path_dots`: [`resolve_path_dots`] on a path that starts
/// with `/` (or `\` in a special URL): `/a/../b` → `/b`.
pub(super) fn normalize_path_dots(url: &mut Url, work: &mut Work) -> Result<bool, KeyError> {
    let special = url.is_special();
    match url.path.first() {
        Some(b'/') => {}
        Some(b'\\') if special => {}
        _ => return Ok(false),
    }
    let mut has_dot = url.path.contains(&b'.');
    if !has_dot {
        has_dot = url.path.windows(3).any(|w| dot_len(w).is_some());
    }
    if !has_dot {
        return Ok(false);
    }
    let spans = &mut work.spans;
    Ok(rewrite(&mut url.path, &mut work.a, |p, out| {
        resolve_path_dots(p, special, spans, out)
    }))
}

/// `pct_encode_userinfo`: `a b:c@d` → `a%20b:c%40d` (user and password).
pub(super) fn pct_encode_userinfo(url: &mut Url, work: &mut Work) -> Result<bool, KeyError> {
    Ok(pct_encode(&mut url.username, &USERINFO, &mut work.a)
        | pct_encode(&mut url.password, &USERINFO, &mut work.a))
}

/// `pct_encode_query`: the query percent-encode set (`&` and `=` are
/// not in it, so the split into parameters changes nothing): `a b` →
/// `a%20b`.
pub(super) fn pct_encode_query(url: &mut Url, work: &mut Work) -> Result<bool, KeyError> {
    Ok(pct_encode(&mut url.query, &QUERY, &mut work.a))
}

/// `pct_encode_fragment`: C0 controls and non-ASCII: `a\x01` → `a%01`.
pub(super) fn pct_encode_fragment(url: &mut Url, work: &mut Work) -> Result<bool, KeyError> {
    Ok(pct_encode(&mut url.fragment, &C0, &mut work.a))
}

/// `remove_fragment`: `a#b` → `a`.
pub(super) fn remove_fragment(url: &mut Url, _: &mut Work) -> Result<bool, KeyError> {
    Ok(unset(&mut url.hash_sign) | clear(&mut url.fragment))
}

/// `remove_userinfo`: `http://u:p@a/` → `http://a/`.
pub(super) fn remove_userinfo(url: &mut Url, _: &mut Work) -> Result<bool, KeyError> {
    Ok(clear(&mut url.username)
        | unset(&mut url.colon_before_password)
        | clear(&mut url.password)
        | unset(&mut url.at_sign))
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
pub(super) fn pct_decode_repeatedly(url: &mut Url, work: &mut Work) -> Result<bool, KeyError> {
    Ok(pct_decode_all(url, work, true))
}

/// `pct_decode_repeatedly_except_query`: the same, the query left.
pub(super) fn pct_decode_repeatedly_except_query(
    url: &mut Url,
    work: &mut Work,
) -> Result<bool, KeyError> {
    Ok(pct_decode_all(url, work, false))
}

/// `google_pct_encode`: controls, space, non-ASCII, `#` and `%` in every
/// component: `a%` → `a%25`.
pub(super) fn google_pct_encode(url: &mut Url, work: &mut Work) -> Result<bool, KeyError> {
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
pub(super) fn less_dumb_pct_encode(url: &mut Url, work: &mut Work) -> Result<bool, KeyError> {
    let t = &mut work.a;
    Ok(pct_encode(&mut url.scheme, &GOOGLE, t)
        | pct_encode(&mut url.username, &LESS_DUMB_USERINFO, t)
        | pct_encode(&mut url.password, &LESS_DUMB_USERINFO, t)
        | pct_encode(&mut url.host, &GOOGLE, t)
        | pct_encode(&mut url.port, &GOOGLE, t)
        | pct_encode(&mut url.path, &LESS_DUMB_PATH, t)
        | pct_encode(&mut url.fragment, &GOOGLE, t))
}

/// `less_dumb_pct_recode_query`: each name and value (split at `&`,
/// then at the first `=`) decoded repeatedly, then encoded with `&`, `=`,
/// `#`, `%`, controls, space and non-ASCII: `a=%3D%26&b` → `a=%3D%26&b`,
/// `a=b=c` → `a=b%3Dc`.
pub(super) fn less_dumb_pct_recode_query(url: &mut Url, work: &mut Work) -> Result<bool, KeyError> {
    if url.query.is_empty() {
        return Ok(false);
    }
    let (a, b) = (&mut work.a, &mut work.b);
    Ok(rewrite(&mut url.query, a, |q, out| {
        for (i, part) in q.split(|&c| c == b'&').enumerate() {
            if i > 0 {
                out.push(b'&');
            }
            let (name, value) = match memchr::memchr(b'=', part) {
                Some(e) => (&part[..e], Some(&part[e + 1..])),
                None => (part, None),
            };
            for (j, token) in std::iter::once(name).chain(value).enumerate() {
                if j > 0 {
                    out.push(b'=');
                }
                b.clear();
                unquote_repeatedly_into(token, b);
                pct_encode_into(b, &LESS_DUMB_QUERY, out);
            }
        }
    }))
}

fn sort_query(url: &mut Url, work: &mut Work) -> bool {
    if url.query.is_empty() {
        return false;
    }
    let spans = &mut work.spans;
    rewrite(&mut url.query, &mut work.a, |q, out| {
        spans.clear();
        let mut start = 0;
        for i in memchr::memchr_iter(b'&', q) {
            spans.push((start, i));
            start = i + 1;
        }
        spans.push((start, q.len()));
        spans.sort_by(|x, y| q[x.0..x.1].cmp(&q[y.0..y.1]));
        for (i, &(s, e)) in spans.iter().enumerate() {
            if i > 0 {
                out.push(b'&');
            }
            out.extend_from_slice(&q[s..e]);
        }
    })
}

/// `alpha_reorder_query`: the parameters sorted by their octets:
/// `b=1&a=2` → `a=2&b=1`.
pub(super) fn alpha_reorder_query(url: &mut Url, work: &mut Work) -> Result<bool, KeyError> {
    Ok(sort_query(url, work))
}

/// `https_to_http`: `https:` → `http:`.
pub(super) fn https_to_http(url: &mut Url, _: &mut Work) -> Result<bool, KeyError> {
    if url.scheme == b"https" {
        url.scheme.truncate(4);
        return Ok(true);
    }
    Ok(false)
}

/// `strip_www`: WWWN_RE `^www\d*\.` removed from the host:
/// `www2.a.com` → `a.com`.
pub(super) fn strip_www(url: &mut Url, _: &mut Work) -> Result<bool, KeyError> {
    if !url.host.starts_with(b"www") {
        return Ok(false);
    }
    let digits = url.host[3..]
        .iter()
        .take_while(|b| b.is_ascii_digit())
        .count();
    if url.host.get(3 + digits) == Some(&b'.') {
        url.host.drain(..4 + digits);
        return Ok(true);
    }
    Ok(false)
}

/// `lowercase_path`: `/A` → `/a` (ASCII only).
pub(super) fn lowercase_path(url: &mut Url, _: &mut Work) -> Result<bool, KeyError> {
    Ok(lowercase(&mut url.path))
}

/// `lowercase_query`: `A=B` → `a=b` (ASCII only).
pub(super) fn lowercase_query(url: &mut Url, _: &mut Work) -> Result<bool, KeyError> {
    Ok(lowercase(&mut url.query))
}

/// The length of the run at the start of `s` of octets `class` takes.
fn run(s: &[u8], class: impl Fn(u8) -> bool) -> usize {
    s.iter().take_while(|&&b| class(b)).count()
}

fn starts_with_ignore_case(s: &[u8], prefix: &[u8]) -> bool {
    s.len() >= prefix.len() && s[..prefix.len()].eq_ignore_ascii_case(prefix)
}

/// Where `s[at..]` ends Python's `$` (the end, or a final newline).
fn at_dollar(s: &[u8], at: usize) -> bool {
    at == s.len() || (at + 1 == s.len() && s[at] == b'\n')
}

/// The end of one of QUERY_SESSIONID_RE's session parameters at
/// `q[at..]` (without the `(&|$)` after it), ignoring case.
fn session_parameter(q: &[u8], at: usize) -> Option<usize> {
    let s = &q[at..];
    let alnum = |b: u8| b.is_ascii_alphanumeric();
    let with_run = |prefix: usize, min: usize, class: &dyn Fn(u8) -> bool| {
        let n = run(&s[prefix..], class);
        (n >= min).then_some(at + prefix + n)
    };
    if starts_with_ignore_case(s, b"jsessionid=") {
        with_run(11, 10, &|b| alnum(b) || b == b'$')
    } else if starts_with_ignore_case(s, b"sessionid=") || starts_with_ignore_case(s, b"phpsessid=")
    {
        with_run(10, 16, &alnum)
    } else if starts_with_ignore_case(s, b"sid=") {
        with_run(4, 16, &alnum)
    } else if starts_with_ignore_case(s, b"aspsessionid") {
        let letters = run(&s[12..], |b| b.is_ascii_alphabetic()).min(8);
        if letters == 8 && s.get(20) == Some(&b'=') {
            with_run(21, 16, &alnum)
        } else {
            None
        }
    } else if starts_with_ignore_case(s, b"cfid=") {
        let digits = run(&s[5..], |b| b.is_ascii_digit());
        let rest = &s[5 + digits..];
        if digits > 0 && starts_with_ignore_case(rest, b"&cftoken=") {
            let n = run(&rest[9..], |b| alnum(b) || b == b'-');
            (n > 0).then_some(at + 5 + digits + 9 + n)
        } else {
            None
        }
    } else {
        None
    }
}

/// `strip_session_ids_from_query`: QUERY_SESSIONID_RE
/// `(&|^)(?:jsessionid=…|sessionid=…|phpsessid=…|sid=…|aspsessionid…=…|cfid=…&cftoken=…)(&|$)`
/// replaced by its first and last groups, left to right without
/// overlap: `a=1&sid=0123456789abcdef&b=2` → `a=1&&b=2`; of two session
/// parameters in a row only the first goes (the `&` between them is
/// taken by the first match).  With the `strip_session_ids_in_a_row`
/// fix, the `&` after a match is left for the next one to start with
/// (as `(?=&|$)` replaced by the first group): every one goes.
pub(super) fn strip_session_ids_from_query(
    url: &mut Url,
    work: &mut Work,
) -> Result<bool, KeyError> {
    if url.query.is_empty() {
        return Ok(false);
    }
    let in_a_row = work.fixes.session_ids_in_a_row;
    let made = &mut work.made.session_ids_in_a_row;
    Ok(rewrite(&mut url.query, &mut work.a, |q, out| {
        let mut copied = 0;
        let mut pos = 0;
        // Where the `&` after the last match stands, when the fix left
        // it in place.
        let mut left_amp = None;
        while pos < q.len() {
            let mut found = None;
            if q[pos] == b'&' {
                found = session_parameter(q, pos + 1).map(|e| (true, e));
            }
            if found.is_none() && pos == 0 {
                found = session_parameter(q, 0).map(|e| (false, e));
            }
            let matched = found.and_then(|(amp, end)| {
                if q.get(end) == Some(&b'&') {
                    Some((amp, true, end + 1))
                } else if at_dollar(q, end) {
                    Some((amp, false, end))
                } else {
                    None
                }
            });
            match matched {
                Some((amp_before, amp_after, end)) => {
                    if left_amp == Some(pos) {
                        // The reference's match took this `&`.
                        *made = true;
                    }
                    out.extend_from_slice(&q[copied..pos]);
                    if amp_before {
                        out.push(b'&');
                    }
                    if amp_after && in_a_row {
                        left_amp = Some(end - 1);
                        copied = end - 1;
                        pos = end - 1;
                    } else {
                        if amp_after {
                            out.push(b'&');
                        }
                        copied = end;
                        pos = end;
                    }
                }
                None => pos += 1,
            }
        }
        out.extend_from_slice(&q[copied..]);
    }))
}

/// ASPX_PATH_SESSIONID_RE at `p[at..]`: `([0-9a-z]{24})/` or
/// `(` then one or more `X([0-9a-z]{24})` then `)/`; its end.
fn aspx_session(p: &[u8], at: usize) -> Option<usize> {
    let s = &p[at..];
    let id = |s: &[u8]| {
        s.len() >= 24
            && s[..24]
                .iter()
                .all(|&b| b.is_ascii_digit() || b.is_ascii_lowercase())
    };
    if s.first() != Some(&b'(') {
        return None;
    }
    if id(&s[1..]) && s.get(25) == Some(&b')') && s.get(26) == Some(&b'/') {
        return Some(at + 27);
    }
    let mut i = 1;
    let mut reps = 0;
    while i + 27 <= s.len()
        && s[i].is_ascii_lowercase()
        && s[i + 1] == b'('
        && id(&s[i + 2..])
        && s[i + 26] == b')'
    {
        i += 27;
        reps += 1;
    }
    (reps > 0 && s.get(i) == Some(&b')') && s.get(i + 1) == Some(&b'/')).then_some(at + i + 2)
}

/// `strip_session_ids_from_path`: in a path ending `.aspx`, the ASP.NET
/// session segments after a `/` removed; then a final
/// `;jsessionid=` and 32 `[0-9a-z]` removed:
/// `/(0123456789abcdefghijklmn)/a.aspx` → `/a.aspx`.
pub(super) fn strip_session_ids_from_path(
    url: &mut Url,
    work: &mut Work,
) -> Result<bool, KeyError> {
    let mut changed = false;
    // ASPX_SUFFIX_RE `.*\.aspx\Z`: `.` does not take a newline.
    if url.path.ends_with(b".aspx") && !url.path.contains(&b'\n') {
        changed |= rewrite(&mut url.path, &mut work.a, |p, out| {
            let mut copied = 0;
            let mut pos = 1;
            while pos < p.len() {
                if p[pos - 1] == b'/' {
                    if let Some(end) = aspx_session(p, pos) {
                        out.extend_from_slice(&p[copied..pos]);
                        copied = end;
                        pos = end.max(pos + 1);
                        continue;
                    }
                }
                pos += 1;
            }
            out.extend_from_slice(&p[copied..]);
        });
    }
    // PATH_SESSIONID_RE `;jsessionid=[0-9a-z]{32}$`.
    let p = &url.path;
    let end = if p.last() == Some(&b'\n') {
        p.len() - 1
    } else {
        p.len()
    };
    const LEN: usize = 12 + 32;
    if end >= LEN {
        let m = &p[end - LEN..end];
        if m.starts_with(b";jsessionid=")
            && m[12..]
                .iter()
                .all(|&b| b.is_ascii_digit() || b.is_ascii_lowercase())
        {
            url.path.drain(end - LEN..end);
            changed = true;
        }
    }
    Ok(changed)
}

/// `collapse_consecutive_slashes`: in a special URL's path, runs of `/`
/// made one (`re.sub(b'//+', b'/', path)`): `//a///b` → `/a/b`.
pub(super) fn collapse_consecutive_slashes(url: &mut Url, _: &mut Work) -> Result<bool, KeyError> {
    if !url.is_special() || !url.path.windows(2).any(|w| w == b"//") {
        return Ok(false);
    }
    let mut last_slash = false;
    url.path.retain(|&b| {
        let keep = !(b == b'/' && last_slash);
        last_slash = b == b'/';
        keep
    });
    Ok(true)
}

/// `strip_trailing_slash_unless_empty`: `/a/` → `/a`; `/` stays.
pub(super) fn strip_trailing_slash_unless_empty(
    url: &mut Url,
    _: &mut Work,
) -> Result<bool, KeyError> {
    if url.path != b"/" && url.path.last() == Some(&b'/') {
        url.path.pop();
        return Ok(true);
    }
    Ok(false)
}

/// `remove_redundant_ampersands_from_query`: REDUNDANT_AMPERSAND_RE
/// `^&+|&+$|(?<=&)&+` removed: `&&a&&b&` → `a&b`.
pub(super) fn remove_redundant_ampersands_from_query(
    url: &mut Url,
    work: &mut Work,
) -> Result<bool, KeyError> {
    if !url.query.contains(&b'&') {
        return Ok(false);
    }
    Ok(rewrite(&mut url.query, &mut work.a, |q, out| {
        let start = run(q, |b| b == b'&');
        let q = &q[start..];
        // `&+$`: the run before the end, or before a final newline.
        let (body, tail): (&[u8], &[u8]) = match q.split_last() {
            Some((b'\n', body)) if body.last() == Some(&b'&') => (body, b"\n"),
            _ => (q, b""),
        };
        let trailing = body.iter().rev().take_while(|&&b| b == b'&').count();
        let body = &body[..body.len() - trailing];
        let mut last_amp = false;
        for &b in body {
            if b == b'&' && last_amp {
                continue;
            }
            last_amp = b == b'&';
            out.push(b);
        }
        out.extend_from_slice(tail);
    }))
}

/// `omit_question_mark_if_query_empty`: `a?` → `a`.
pub(super) fn omit_question_mark_if_query_empty(
    url: &mut Url,
    _: &mut Work,
) -> Result<bool, KeyError> {
    if url.query.is_empty() {
        return Ok(unset(&mut url.question_mark));
    }
    Ok(false)
}

/// A step that does nothing to the URL (the output forms, written after
/// the steps).
pub(super) fn form(_: &mut Url, _: &mut Work) -> Result<bool, KeyError> {
    Ok(false)
}
