//! urlcanon's reading of a URL (`urlcanon/parse.py`, `parse_url`): its
//! components as octets, each with its delimiter, so that writing them
//! back in order gives the input again.
//!
//! The reference reads with regular expressions; these scanners take the
//! same spans (the comments give the expression and an example).

use super::ipv4;

/// The special schemes and their default ports (`urlcanon/__init__.py`
/// `SPECIAL_SCHEMES`): `Some(None)` for `file`, which has none.
pub(super) fn special(scheme: &[u8]) -> Option<Option<&'static [u8]>> {
    Some(match scheme {
        b"http" | b"ws" => Some(b"80"),
        b"https" | b"wss" => Some(b"443"),
        b"ftp" => Some(b"21"),
        b"gopher" => Some(b"70"),
        b"file" => None,
        _ => return None,
    })
}

/// A URL as urlcanon holds it (`urlcanon/parse.py` `ParsedUrl`): every
/// component an octet string, every delimiter present or not.
#[derive(Default, Debug)]
pub(super) struct Url {
    pub leading_junk: Vec<u8>,
    pub scheme: Vec<u8>,
    pub colon_after_scheme: bool,
    pub slashes: Vec<u8>,
    pub username: Vec<u8>,
    pub colon_before_password: bool,
    pub password: Vec<u8>,
    pub at_sign: bool,
    pub host: Vec<u8>,
    /// `ParsedUrl.ip4`: the host's IPv4 reading (negative where the
    /// reference's reading is a negative number).
    pub ip4: Option<i64>,
    /// `ParsedUrl.ip6`: the host's IPv6 reading.
    pub ip6: Option<u128>,
    /// Whether the host is read as an IPv4 address with digits only in
    /// its parts (the `ipv4_parts_digits_only` fix); a setting of the
    /// key, which [`parse_url`] keeps.
    pub ipv4_digits_only: bool,
    /// Whether `ipv4_digits_only` made the last reading of the host other
    /// than the reference's.
    pub ip4_fixed: bool,
    pub colon_before_port: bool,
    pub port: Vec<u8>,
    pub path: Vec<u8>,
    pub question_mark: bool,
    pub query: Vec<u8>,
    pub hash_sign: bool,
    pub fragment: Vec<u8>,
    pub trailing_junk: Vec<u8>,
}

fn set(dst: &mut Vec<u8>, src: &[u8]) {
    dst.clear();
    dst.extend_from_slice(src);
}

fn delimiter(out: &mut Vec<u8>, present: bool, b: u8) {
    if present {
        out.push(b);
    }
}

impl Url {
    /// Whether the scheme is one of the special ones, as it is now.
    pub fn is_special(&self) -> bool {
        special(&self.scheme).is_some()
    }

    /// `ParsedUrl.authority` is not empty.
    pub fn has_authority(&self) -> bool {
        !self.username.is_empty()
            || self.colon_before_password
            || !self.password.is_empty()
            || self.at_sign
            || !self.host.is_empty()
            || self.colon_before_port
            || !self.port.is_empty()
    }

    /// `parse_ipv4or6` of the host into `ip4` and `ip6`, noting in
    /// `ip4_fixed` whether `ipv4_digits_only` changed the reading.
    pub fn read_ip(&mut self) {
        let (ip4, ip6) = ipv4::parse_ipv4or6(&self.host, self.ipv4_digits_only);
        self.ip4_fixed = self.ipv4_digits_only && ip4 != ipv4::parse_ipv4or6(&self.host, false).0;
        self.ip4 = ip4;
        self.ip6 = ip6;
    }

    /// `bytes(ParsedUrl)`: the components in order.
    pub fn write(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.leading_junk);
        out.extend_from_slice(&self.scheme);
        delimiter(out, self.colon_after_scheme, b':');
        self.write_pathish(out);
        self.write_after_path(out);
    }

    /// The "pathish" as it now reads: the slashes, the authority with its
    /// delimiters, and the path.
    pub fn write_pathish(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.slashes);
        out.extend_from_slice(&self.username);
        delimiter(out, self.colon_before_password, b':');
        out.extend_from_slice(&self.password);
        delimiter(out, self.at_sign, b'@');
        out.extend_from_slice(&self.host);
        delimiter(out, self.colon_before_port, b':');
        out.extend_from_slice(&self.port);
        out.extend_from_slice(&self.path);
    }

    /// The path, query, fragment and trailing junk, with their delimiters.
    pub fn write_from_path(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.path);
        self.write_after_path(out);
    }

    /// The query, fragment and trailing junk, with their delimiters.
    fn write_after_path(&self, out: &mut Vec<u8>) {
        delimiter(out, self.question_mark, b'?');
        out.extend_from_slice(&self.query);
        delimiter(out, self.hash_sign, b'#');
        out.extend_from_slice(&self.fragment);
        out.extend_from_slice(&self.trailing_junk);
    }

    fn clear(&mut self) {
        for v in [
            &mut self.leading_junk,
            &mut self.scheme,
            &mut self.slashes,
            &mut self.username,
            &mut self.password,
            &mut self.host,
            &mut self.port,
            &mut self.path,
            &mut self.query,
            &mut self.fragment,
            &mut self.trailing_junk,
        ] {
            v.clear();
        }
        self.colon_after_scheme = false;
        self.colon_before_password = false;
        self.at_sign = false;
        self.colon_before_port = false;
        self.question_mark = false;
        self.hash_sign = false;
        self.ip4 = None;
        self.ip6 = None;
        self.ip4_fixed = false;
    }
}

/// `parse_url`: reads `input` into `url` (which it clears first).
///
/// `" HTTP://u:p@h:8/p?q#f "` → leading junk `" "`, scheme `HTTP`,
/// slashes `//`, username `u`, password `p`, host `h`, port `8`, path
/// `/p`, query `q`, fragment `f`, trailing junk `" "`.
pub(super) fn parse_url(input: &[u8], url: &mut Url) {
    url.clear();
    // LEADING_JUNK_REGEX `\A([\x00-\x20]*)(.*)\Z`, then
    // TRAILING_JUNK_REGEX `\A(.*?)([\x00-\x20]*)\Z` on the rest.
    let lead = input.iter().take_while(|&&b| b <= 0x20).count();
    let rest = &input[lead..];
    let trail = rest.iter().rev().take_while(|&&b| b <= 0x20).count();
    set(&mut url.leading_junk, &input[..lead]);
    set(&mut url.trailing_junk, &rest[rest.len() - trail..]);
    let core = &rest[..rest.len() - trail];

    // URL_REGEX: `(?:(?P<scheme>[a-zA-Z][^:]*)(?P<colon_after_scheme>:))?`
    // (the scheme runs to the first colon, whatever comes before it:
    // `a/b?c:d` has the scheme `a/b?c`), then `[^?#]*` the "pathish",
    // `?` and `[^#]*` the query, `#` and the rest the fragment.
    let mut rest = core;
    if core.first().is_some_and(u8::is_ascii_alphabetic) {
        if let Some(colon) = memchr::memchr(b':', core) {
            set(&mut url.scheme, &core[..colon]);
            url.colon_after_scheme = true;
            rest = &core[colon + 1..];
        }
    }
    let pathish_end = memchr::memchr2(b'?', b'#', rest).unwrap_or(rest.len());
    let pathish = &rest[..pathish_end];
    let mut after = &rest[pathish_end..];
    if after.first() == Some(&b'?') {
        let q = &after[1..];
        let end = memchr::memchr(b'#', q).unwrap_or(q.len());
        url.question_mark = true;
        set(&mut url.query, &q[..end]);
        after = &q[end..];
    }
    if after.first() == Some(&b'#') {
        url.hash_sign = true;
        set(&mut url.fragment, &after[1..]);
    }
    if !pathish.is_empty() {
        parse_pathish(url, pathish);
    }
}

/// How `parse_pathish` reads the part after the scheme: by the scheme
/// without tabs and newlines, lowercased.
#[derive(PartialEq, Eq)]
enum Reading {
    File,
    Special,
    Other,
}

fn reading(scheme: &[u8]) -> Reading {
    let mut clean = [0u8; 8];
    let mut n = 0;
    for &b in scheme {
        if matches!(b, b'\t' | b'\n' | b'\r') {
            continue;
        }
        if n == clean.len() {
            return Reading::Other;
        }
        clean[n] = b.to_ascii_lowercase();
        n += 1;
    }
    match special(&clean[..n]) {
        Some(None) => Reading::File,
        Some(Some(_)) => Reading::Special,
        None => Reading::Other,
    }
}

fn is_tab_or_newline(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | b'\r')
}

/// `(?:[\r\n\t]*(?:SLASH[\r\n\t]*){2})`: the length of exactly two
/// slashes (each `is_slash`) with tabs and newlines around them, if
/// `p` starts so.
fn two_slashes_prefix(p: &[u8], is_slash: fn(u8) -> bool) -> Option<usize> {
    let mut i = 0;
    while i < p.len() && is_tab_or_newline(p[i]) {
        i += 1;
    }
    for _ in 0..2 {
        if i < p.len() && is_slash(p[i]) {
            i += 1;
        } else {
            return None;
        }
        while i < p.len() && is_tab_or_newline(p[i]) {
            i += 1;
        }
    }
    Some(i)
}

/// `parse_pathish`: reads the part between the scheme and the query
/// into the slashes, authority and path of `url` (which keep their other
/// fields where the reference keeps them).
///
/// `http` with `\\h\p` → slashes `\\`, host `h`, path `\p`; an other
/// scheme with `h/p` → path `h/p` (no authority without `//`).
pub(super) fn parse_pathish(url: &mut Url, pathish: &[u8]) {
    match reading(&url.scheme) {
        Reading::File => {
            // FILE_PATHISH_REGEX: two slashes or backslashes, the host up
            // to the next one, the path from there.
            let is_slash = |b| b == b'/' || b == b'\\';
            match two_slashes_prefix(pathish, is_slash) {
                Some(s) => {
                    let rest = &pathish[s..];
                    let h = rest.iter().position(|&b| is_slash(b)).unwrap_or(rest.len());
                    set(&mut url.slashes, &pathish[..s]);
                    set(&mut url.host, &rest[..h]);
                    set(&mut url.path, &rest[h..]);
                }
                None => set(&mut url.path, pathish),
            }
        }
        Reading::Special => {
            // SPECIAL_PATHISH_REGEX: `[/\\\r\n\t]*` slashes, `[^/\\]*` the
            // authority, the path from the next slash or backslash.
            let s = pathish
                .iter()
                .take_while(|&&b| matches!(b, b'/' | b'\\' | b'\r' | b'\n' | b'\t'))
                .count();
            let rest = &pathish[s..];
            let a = rest
                .iter()
                .position(|&b| b == b'/' || b == b'\\')
                .unwrap_or(rest.len());
            set(&mut url.slashes, &pathish[..s]);
            set(&mut url.path, &rest[a..]);
            parse_authority(url, &rest[..a]);
        }
        Reading::Other => {
            // NONSPECIAL_PATHISH_REGEX: exactly `//` (tabs and newlines
            // aside), `[^/]*` the authority, the path from the next `/`.
            match two_slashes_prefix(pathish, |b| b == b'/') {
                Some(s) => {
                    let rest = &pathish[s..];
                    let a = memchr::memchr(b'/', rest).unwrap_or(rest.len());
                    set(&mut url.slashes, &pathish[..s]);
                    set(&mut url.path, &rest[a..]);
                    parse_authority(url, &rest[..a]);
                }
                None => set(&mut url.path, pathish),
            }
        }
    }
}

/// AUTHORITY_REGEX, with its backtracking spelled out: the user
/// information runs to the last `@` after the first colon (the password
/// being what lies between), or else to the last `@` before it; the host
/// is `[...]` when a colon or the end follows the `]`, or else runs to
/// the first colon; the port is all after that colon.
///
/// `u:p@x@h:1:2` → username `u`, password `p@x`, host `h`, port `1:2`;
/// `a@b@h` → username `a@b`, host `h`.
fn parse_authority(url: &mut Url, a: &[u8]) {
    let mut rest = a;
    url.username.clear();
    url.password.clear();
    url.colon_before_password = false;
    url.at_sign = false;
    match memchr::memchr(b':', a) {
        Some(c) => {
            if let Some(at) = memchr::memrchr(b'@', &a[c + 1..]) {
                set(&mut url.username, &a[..c]);
                url.colon_before_password = true;
                set(&mut url.password, &a[c + 1..c + 1 + at]);
                url.at_sign = true;
                rest = &a[c + 2 + at..];
            } else if let Some(at) = memchr::memrchr(b'@', &a[..c]) {
                set(&mut url.username, &a[..at]);
                url.at_sign = true;
                rest = &a[at + 1..];
            }
        }
        None => {
            if let Some(at) = memchr::memrchr(b'@', a) {
                set(&mut url.username, &a[..at]);
                url.at_sign = true;
                rest = &a[at + 1..];
            }
        }
    }
    let mut host_end = None;
    if rest.first() == Some(&b'[') {
        if let Some(close) = memchr::memchr(b']', rest) {
            if close + 1 == rest.len() || rest[close + 1] == b':' {
                host_end = Some(close + 1);
            }
        }
    }
    let host_end = host_end.unwrap_or_else(|| memchr::memchr(b':', rest).unwrap_or(rest.len()));
    set(&mut url.host, &rest[..host_end]);
    if host_end < rest.len() {
        url.colon_before_port = true;
        set(&mut url.port, &rest[host_end + 1..]);
    } else {
        url.colon_before_port = false;
        url.port.clear();
    }
    url.read_ip();
}
