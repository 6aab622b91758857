//! `nsStandardURL` (`netwerk/base/nsStandardURL.cpp`), the URI class of
//! Firefox's special schemes (and of `chrome:`, `resource:`,
//! `moz-extension:`, `indexeddb:`...), with its parsers
//! (`netwerk/base/nsURLParsers.cpp`).
//!
//! A spec is made in three moves, as Firefox makes it:
//!
//! 1. [`StandardUrl::resolve`] (`nsStandardURL::Resolve`), when there is a
//!    base and the input is not absolute (`net_IsAbsoluteURL`: no
//!    `scheme://`): the reference is put after the base's authority,
//!    directory, path or query as text, its `..` taken out
//!    (`net_CoalesceDirs`); a C string, so a NUL ends the reference;
//! 2. [`StandardUrl::set_spec`] (`SetSpecWithEncoding`): the string
//!    filtered (`net_FilterURIString`), backslashes made slashes before
//!    `?` and `#` for the special schemes, cut into scheme, authority and
//!    path by the parser of the URL type (`url_parsers.rs`): `nsAuthURLParser` (the
//!    authority after any number of slashes), `nsNoAuthURLParser`
//!    (`file:`: no authority at all, a `//host` skipped), `nsStdURLParser`
//!    (an authority after none or two slashes, ended by `;` too);
//! 3. `BuildNormalizedSpec`: each part escaped, the host normalized
//!    ([`super::host`]), `/` put before the path, `C|` made `C:` in a
//!    `file:` path, and the path's dot segments taken out.

use super::host::{self, IdnaData, Stages};
use super::net::{self, Escape};
pub use super::url_parsers::UrlType;
use super::url_parsers::{
    find_scheme, parse_authority, parse_file_path, parse_path, parse_url, seg, seg_len, Seg,
};
use crate::text::percent::{encode_query_in_one_go, Encoded};
use encoding_rs::Encoding;

/// An `nsStandardURL`: its normalized spec and the places Resolve needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StandardUrl {
    pub spec: String,
    pub url_type: UrlType,
    pub default_port: Option<u16>,
    /// The index of the scheme's `:`.
    pub scheme_end: usize,
    /// Where the path begins (the authority ends).
    pub path: usize,
    /// The index of the `?`, when there is a query.
    pub query: Option<usize>,
    /// The index of the `#`, when there is a ref.
    pub fragment: Option<usize>,
    /// The end of the directory (after the last `/` of the file path).
    pub dir_end: usize,
    /// The host as normalized (empty when none).
    pub host: String,
}

/// `IsSpecialProtocol`: what comes before the first `:` is one of the
/// schemes whose backslashes are slashes.
pub fn is_special_protocol(s: &[u8]) -> bool {
    let end = s.iter().position(|&c| c == b':').unwrap_or(s.len());
    let p = &s[..end];
    ["http", "https", "ftp", "ws", "wss", "file", "gopher"]
        .iter()
        .any(|x| p.eq_ignore_ascii_case(x.as_bytes()))
}

/// Backslashes made slashes up to the first `?` or `#`.
fn backslashes_to_slashes(s: &mut [u8]) {
    for c in s.iter_mut() {
        match *c {
            b'?' | b'#' => break,
            b'\\' => *c = b'/',
            _ => {}
        }
    }
}

/// The query escaped as `nsSegmentEncoder` does with the document
/// encoding: UTF-8 as it is; another encoding over the whole query at once
/// (`nsSegmentEncoder::EncodeSegmentCount` hands the segment to one
/// encoder), so that a stateful encoding switches once for a run (`?¥‾` in
/// an ISO-2022-JP page: `?%1B(J\~%1B(B`), with `%26%23`, the number and
/// `%3B` for a code point it cannot represent (`?中` in a windows-1252
/// page: `?%26%2320013%3B`; ESC, SO and SI in ISO-2022-JP are U+FFFD's:
/// `?%26%2365533%3B`).
fn escape_query(q: &[u8], encoding: &'static Encoding, out: &mut Vec<u8>) {
    // ASCII is itself in every encoding here but ISO-2022-JP, which
    // refuses ESC, SO and SI.
    if encoding == encoding_rs::UTF_8 || (q.is_ascii() && encoding != encoding_rs::ISO_2022_JP) {
        net::escape_into(q, Escape::Query, out);
        return;
    }
    let text = String::from_utf8_lossy(q);
    encode_query_in_one_go(&text, encoding, |e| match e {
        Encoded::Octets(bytes) => net::escape_into(bytes, Escape::Query, out),
        Encoded::Unmappable(c) => {
            out.extend_from_slice(format!("%26%23{}%3B", u32::from(c)).as_bytes());
        }
    });
}

impl StandardUrl {
    /// `nsStandardURL::SetSpecWithEncoding` of `input` for a URL of type
    /// `t` whose scheme's default port is `default_port`.
    pub fn set_spec(
        input: &[u8],
        t: UrlType,
        default_port: Option<u16>,
        encoding: &'static Encoding,
        idna: IdnaData,
    ) -> Result<StandardUrl, String> {
        let mut spec = net::filter_uri_string(input);
        if spec.is_empty() {
            return Err("an empty spec".into());
        }
        if is_special_protocol(&spec) {
            backslashes_to_slashes(&mut spec);
        }
        let parsed = parse_url(&spec, t).map_err(|()| "an invalid scheme".to_string())?;
        let Some(scheme) = parsed.scheme.filter(|s| s.1 > 0) else {
            return Err("no scheme".into());
        };
        build(
            &spec,
            scheme,
            parsed.authority,
            parsed.path,
            t,
            default_port,
            encoding,
            idna,
        )
    }

    /// The scheme (lowercase).
    pub fn scheme(&self) -> &str {
        &self.spec[..self.scheme_end]
    }

    fn path_end(&self) -> usize {
        self.spec.len()
    }

    /// `nsStandardURL::Resolve`: the spec of `input` against this URL, as
    /// text (normalized later by [`StandardUrl::set_spec`]).
    ///
    /// `substring`: the spec was handed down as a part of another
    /// (`view-source:`'s inner URI, a `jar:` URI's file), which Firefox
    /// copies into a shared string buffer; `Resolve` then makes its
    /// backslashes slashes in a copy of its own (`BeginWriting` copies a
    /// shared buffer) while it reads on in the original, so it does not
    /// see them, unless filtering the spec made a string of its own
    /// (`view-source:http:\/x` against `http://h/` is
    /// `view-source:http://h///x`, where `http:\/x` alone is
    /// `http://x/`).
    pub fn resolve(&self, input: &[u8], substring: bool) -> String {
        let mut buf = net::filter_uri_string(input);
        let sees_edits = !substring || buf != input;
        let base_scheme = self.scheme().to_string();
        let extracted = net::extract_scheme(&buf);
        if let Some(p) = &extracted {
            if *p != base_scheme {
                return String::from_utf8_lossy(&buf).into_owned();
            }
        }
        let scheme_len = match find_scheme(&buf) {
            Ok((0, Some(c), _)) => Some(c),
            _ => None,
        };
        // `file:C:/x` against a file: URL is absolute.
        if scheme_len.is_some() && extracted.as_deref() == Some("file") && base_scheme == "file" {
            let p = &buf[scheme_len.unwrap_or(0)..];
            if p.len() > 2
                && p[0] == b':'
                && p[1].is_ascii_alphabetic()
                && matches!(p[2], b':' | b'|')
            {
                return String::from_utf8_lossy(&buf).into_owned();
            }
        }
        let protocol_empty = scheme_len.is_none();
        if sees_edits
            && ((protocol_empty && is_special_protocol(base_scheme.as_bytes()))
                || (!protocol_empty && is_special_protocol(&buf[..scheme_len.unwrap_or(0)])))
        {
            backslashes_to_slashes(&mut buf);
        }
        let spec = self.spec.as_bytes();
        let mut result: Vec<u8>;
        let mut relative: Option<usize> = None;
        match scheme_len {
            Some(len) => {
                if buf[len..].starts_with(b"://") {
                    result = net::c_str(&buf).to_vec();
                } else {
                    // The deprecated `http:file`, `http:/path` forms.
                    relative = Some(len + 1);
                    result = Vec::new();
                }
            }
            None => {
                if buf.starts_with(b"//") {
                    result = spec[..=self.scheme_end].to_vec();
                    result.extend_from_slice(net::c_str(&buf));
                } else {
                    relative = Some(0);
                    result = Vec::new();
                }
            }
        }
        let mut result_path: Option<usize> = None;
        if let Some(offset) = relative {
            let rel = net::c_str(&buf[offset.min(buf.len())..]);
            let len = match rel.first() {
                Some(b'/') => self.path,
                Some(b'?') => self
                    .query
                    .or(self.fragment)
                    .unwrap_or_else(|| self.path_end()),
                Some(b'#') | None => self.fragment.unwrap_or_else(|| self.path_end()),
                Some(&c) => {
                    if protocol_empty
                        && base_scheme == "file"
                        && c.is_ascii_alphabetic()
                        && rel.get(1) == Some(&b'|')
                    {
                        self.path + 1
                    } else {
                        self.dir_end
                    }
                }
            };
            result = spec[..len].to_vec();
            result.extend_from_slice(rel);
            result_path = Some(self.path);
        }
        match result_path {
            Some(mut rp) => {
                // `file:C:/...`: the drive letter is not coalesced away.
                if protocol_empty && base_scheme == "file" {
                    let r = &result[rp.min(result.len())..];
                    if r.len() > 2
                        && r[0] == b'/'
                        && r[1].is_ascii_alphabetic()
                        && matches!(r[2], b':' | b'|')
                    {
                        rp += 3;
                    }
                }
                if result.get(rp) == Some(&b'/') {
                    let mut tail = result.split_off(rp);
                    net::coalesce_dirs(&mut tail);
                    result.extend_from_slice(&tail);
                }
            }
            None => {
                if let Some(i) = find(&result, b"://") {
                    let mut rp = i + 3;
                    if protocol_empty && base_scheme != "file" {
                        while result.get(rp) == Some(&b'/') {
                            rp += 1;
                        }
                    }
                    if let Some(slash) = result[rp..].iter().position(|&c| c == b'/') {
                        let mut tail = result.split_off(rp + slash);
                        net::coalesce_dirs(&mut tail);
                        result.extend_from_slice(&tail);
                    }
                }
            }
        }
        String::from_utf8_lossy(&result).into_owned()
    }

    /// The same URL with `input` as its ref (`nsStandardURL::SetRef`:
    /// tabs and newlines removed, a leading `#` dropped, escaped; nothing
    /// trimmed).
    pub fn with_ref(&self, input: &[u8]) -> StandardUrl {
        let mut u = self.clone();
        let base_end = self.fragment.unwrap_or(self.spec.len());
        let filtered: Vec<u8> = input
            .iter()
            .copied()
            .filter(|&c| !matches!(c, b'\t' | b'\n' | b'\r'))
            .collect();
        let mut out = self.spec.as_bytes()[..base_end].to_vec();
        if input.is_empty() {
            u.spec = String::from_utf8_lossy(&out).into_owned();
            u.fragment = None;
            return u;
        }
        let r = filtered.strip_prefix(b"#").unwrap_or(&filtered);
        out.push(b'#');
        net::escape_into(r, Escape::Ref, &mut out);
        u.fragment = Some(base_end);
        u.spec = String::from_utf8_lossy(&out).into_owned();
        u
    }
}

fn find(h: &[u8], n: &[u8]) -> Option<usize> {
    h.windows(n.len()).position(|w| w == n)
}

/// `nsStandardURL::BuildNormalizedSpec` (after `ParseURL` found the
/// scheme, authority and path in `spec`).
#[allow(clippy::too_many_arguments)]
fn build(
    spec: &[u8],
    scheme: (usize, usize),
    authority: Seg,
    path: Seg,
    t: UrlType,
    default_port: Option<u16>,
    encoding: &'static Encoding,
    idna: IdnaData,
) -> Result<StandardUrl, String> {
    let scheme_text = String::from_utf8_lossy(seg(spec, Some(scheme))).to_ascii_lowercase();
    let mut username: Seg = None;
    let mut password: Seg = None;
    let mut host_seg: Seg = None;
    let mut port: Option<u32> = None;
    if let Some((apos, alen)) = authority.filter(|a| a.1 > 0) {
        let a = parse_authority(&spec[apos..apos + alen])
            .map_err(|()| "a malformed authority".to_string())?;
        let sh = |x: Seg| x.map(|(p, l)| (p + apos, l));
        username = sh(a.username);
        password = sh(a.password);
        host_seg = sh(a.host);
        port = a.port.filter(|&p| Some(p) != default_port.map(u32::from));
    }
    let mut out: Vec<u8> = Vec::with_capacity(spec.len() + 16);
    out.extend_from_slice(scheme_text.as_bytes());
    out.extend_from_slice(b"://");
    let ulen = seg_len(username);
    let plen = seg_len(password);
    if ulen > 0 || plen > 0 {
        if ulen > 0 {
            net::escape_into(seg(spec, username), Escape::Userinfo, &mut out);
        }
        if plen > 0 {
            out.push(b':');
            net::escape_into(seg(spec, password), Escape::Userinfo, &mut out);
        }
        out.push(b'@');
    }
    let mut host = String::new();
    if seg_len(host_seg) > 0 {
        host = host::normalize_host(
            seg(spec, host_seg),
            &scheme_text,
            idna,
            &mut Stages::off(host::MARKS),
        )?;
        out.extend_from_slice(host.as_bytes());
        if let Some(p) = port {
            out.extend_from_slice(format!(":{p}").as_bytes());
        }
    }
    if t == UrlType::Authority && host.is_empty() {
        return Err("a URL of this scheme needs a host".into());
    }
    let path_start = out.len();
    let path_bytes = seg(spec, path);
    if path_bytes.is_empty() {
        out.push(b'/');
    } else {
        let (filepath, query, fref) = parse_path(path_bytes);
        let fp = seg(path_bytes, filepath);
        let (dir, base, ext) = parse_file_path(fp);
        if path_bytes[0] != b'/' {
            out.push(b'/');
        }
        net::escape_into(seg(fp, dir), Escape::Path, &mut out);
        if out.last() != Some(&b'/') {
            out.push(b'/');
        }
        net::escape_into(seg(fp, base), Escape::Path, &mut out);
        if ext.is_some() {
            out.push(b'.');
            net::escape_into(seg(fp, ext), Escape::Path, &mut out);
        }
        if query.is_some() {
            out.push(b'?');
            // The query of ws: and wss: is UTF-8 whatever the document
            // encoding (`ws://h/?é` in a windows-1252 page:
            // `ws://h/?%C3%A9`; Firefox 153.8.0esr), as the URL Standard
            // has it; http:, https:, ftp: and file: take the document's.
            let query_encoding = match scheme_text.as_str() {
                "ws" | "wss" => encoding_rs::UTF_8,
                _ => encoding,
            };
            escape_query(seg(path_bytes, query), query_encoding, &mut out);
        }
        if fref.is_some() {
            out.push(b'#');
            net::escape_into(seg(path_bytes, fref), Escape::Ref, &mut out);
        }
    }
    // `file:` paths: `/C|` (alone or before `/`) is `/C:`.
    if scheme_text == "file" {
        let p = &mut out[path_start..];
        if p.len() >= 3
            && p[0] == b'/'
            && p[1].is_ascii_alphabetic()
            && p[2] == b'|'
            && (p.len() == 3 || p[3] == b'/')
        {
            p[2] = b':';
        }
    }
    let mut tail = out.split_off(path_start);
    net::coalesce_dirs(&mut tail);
    out.extend_from_slice(&tail);
    let spec_out = String::from_utf8(out).map_err(|_| "the spec is not UTF-8".to_string())?;
    Ok(locate(
        spec_out,
        t,
        default_port,
        scheme_text.len(),
        path_start,
        host,
    ))
}

/// The places of a normalized spec's parts.
fn locate(
    spec: String,
    t: UrlType,
    default_port: Option<u16>,
    scheme_end: usize,
    path: usize,
    host: String,
) -> StandardUrl {
    let b = spec.as_bytes();
    let fragment = b[path..].iter().position(|&c| c == b'#').map(|i| i + path);
    let before_ref = fragment.unwrap_or(b.len());
    let query = b[path..before_ref]
        .iter()
        .position(|&c| c == b'?')
        .map(|i| i + path);
    let fp_end = query.unwrap_or(before_ref);
    let dir_end = b[path..fp_end]
        .iter()
        .rposition(|&c| c == b'/')
        .map_or(path, |i| i + path + 1);
    StandardUrl {
        spec,
        url_type: t,
        default_port,
        scheme_end,
        path,
        query,
        fragment,
        dir_end,
        host,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use encoding_rs::UTF_8;

    fn std_url(s: &str, t: UrlType, port: Option<u16>) -> Option<String> {
        StandardUrl::set_spec(s.as_bytes(), t, port, UTF_8, IdnaData::Unicode17)
            .ok()
            .map(|u| u.spec)
    }

    fn http(s: &str) -> Option<String> {
        std_url(s, UrlType::Authority, Some(80))
    }

    fn file(s: &str) -> Option<String> {
        std_url(s, UrlType::NoAuthority, None)
    }

    #[test]
    fn special_urls() {
        assert_eq!(
            http("HTTP://u:p@EXAMPLE.com:80/a/./b/../c?q#f").as_deref(),
            Some("http://u:p@example.com/a/c?q#f")
        );
        assert_eq!(
            http("http:example.com").as_deref(),
            Some("http://example.com/")
        );
        assert_eq!(http("http:////x/").as_deref(), Some("http://x/"));
        assert_eq!(http("http://h/%2e").as_deref(), Some("http://h/"));
        assert_eq!(http("http://:p@h/").as_deref(), Some("http://:p@h/"));
        assert_eq!(http("http://u:@h/").as_deref(), Some("http://u@h/"));
        assert_eq!(http("http://u@/"), None);
        assert_eq!(http("http://h:1:2/"), None);
        assert_eq!(http("http://a*b/"), None);
        assert_eq!(
            http("http://h\\a\\b?c\\d").as_deref(),
            Some("http://h/a/b?c\\d")
        );
        assert_eq!(
            http("http://h/a b?c d#e f").as_deref(),
            Some("http://h/a%20b?c%20d#e%20f")
        );
        assert_eq!(http("http://"), None);
    }

    #[test]
    fn file_urls_have_no_host() {
        assert_eq!(
            file("file://foo/bar/../baz").as_deref(),
            Some("file:///baz")
        );
        assert_eq!(file("file://x").as_deref(), Some("file:///"));
        assert_eq!(file("file:x").as_deref(), Some("file:///x"));
        assert_eq!(file("file:////x").as_deref(), Some("file:////x"));
        assert_eq!(file("file://C:/x").as_deref(), Some("file:///C:/x"));
        assert_eq!(file("file:///C|").as_deref(), Some("file:///C:"));
        assert_eq!(file("file:///C|x").as_deref(), Some("file:///C|x"));
    }

    #[test]
    fn resolution_as_text() {
        let base = StandardUrl::set_spec(
            b"http://h/a/b?q#f",
            UrlType::Authority,
            Some(80),
            UTF_8,
            IdnaData::Unicode17,
        )
        .unwrap();
        assert_eq!(base.resolve(b"c", false), "http://h/a/c");
        assert_eq!(base.resolve(b"../c", false), "http://h/c");
        assert_eq!(base.resolve(b"?x", false), "http://h/a/b?x");
        assert_eq!(base.resolve(b"#x", false), "http://h/a/b?q#x");
        assert_eq!(base.resolve(b"//g/x", false), "http://g/x");
        assert_eq!(base.resolve(b"http:g", false), "http://h/a/g");
        assert_eq!(base.resolve(b"a\0b", false), "http://h/a/a");
        assert_eq!(base.resolve(b"ftp:x", false), "ftp:x");
        assert_eq!(base.with_ref(b"# ").spec, "http://h/a/b?q#%20");
    }
}
