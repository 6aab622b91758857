//! `NS_NewURI` (`netwerk/base/nsNetUtil.cpp`): the URI class each scheme
//! gets, and what each class does with a spec, a base and a ref.
//!
//! | scheme | class (Firefox source) |
//! | --- | --- |
//! | `http`, `https`, `ws`, `wss`, `ftp` | `nsStandardURL`, `URLTYPE_AUTHORITY` |
//! | `file` | `nsStandardURL`, `URLTYPE_NO_AUTHORITY` |
//! | `indexeddb`, `uuid` | `nsStandardURL`, `URLTYPE_AUTHORITY`, default port 0 |
//! | `chrome` | `nsStandardURL`, `URLTYPE_STANDARD`, then `nsChromeRegistry::Canonify` |
//! | `resource`, `moz-extension`, `moz-src`, `moz-page-thumb`, `moz-newtab-wallpaper` | `SubstitutingURL` (`SubstitutingProtocolHandler::NewURI`: `%2e`, `%2f` unescaped first), `URLTYPE_STANDARD` |
//! | `smb`, `sftp`, `android` | `nsStandardURL`, `URLTYPE_STANDARD` |
//! | `data` | `nsSimpleURI` (`nsDataHandler::CreateNewURI`: `data:` required, whitespace filtered out of base64) |
//! | `javascript` | `nsJSURI` (`nsJSProtocolHandler::CreateNewURI`) |
//! | `blob` | `BlobURL` |
//! | `about` | `nsSimpleURI` (`nsAboutProtocolHandler::CreateNewURI`) |
//! | `moz-safe-about`, `page-icon`, `moz`, `cached-favicon` | `nsSimpleURI` |
//! | `view-source` | `nsSimpleNestedURI` around the URI after the first `:` |
//! | `jar` | `nsJARURI` (`modules/libjar/nsJARURI.cpp`) |
//! | `moz-icon` | `nsMozIconURI` (`image/decoders/icon/nsIconURI.cpp`) |
//! | any other | `DefaultURI` (`netwerk/base/DefaultURI.cpp`: `MozURL`, the `url` crate) |
//!
//! Against a base, a spec without a scheme takes the base's scheme (and
//! its class), a spec that begins with `#` is the base with that ref
//! (`NS_GetURIWithNewRef`), and the resolution is the base's
//! (`nsIURI::Resolve`): a `DefaultURI` base joins with the `url` crate,
//! an `nsSimpleURI` one too when its spec parses, an `nsStandardURL` one
//! as text ([`StandardUrl::resolve`]).

use super::host::IdnaData;
use super::net;
use super::simple_uri::SimpleUri;
use super::standard_url::{StandardUrl, UrlType};
use encoding_rs::Encoding;

/// A URI of Firefox's, of one of its classes.
#[derive(Clone, Debug)]
pub enum Uri {
    Standard(StandardUrl),
    Simple(SimpleUri),
    /// `DefaultURI`: a URL of the `url` crate, and its spec.
    Default(url::Url, String),
    /// `nsSimpleNestedURI` (`view-source:`): its own spec, and the URI
    /// inside.
    Nested(SimpleUri, Box<Uri>),
    /// `nsJARURI`: the JAR file's URI and the entry (an `x:///` URL).
    Jar(Box<Uri>, StandardUrl),
    /// `nsMozIconURI`: its spec (it has no ref and resolves nothing).
    MozIcon(String),
}

/// The context of a parse: the document encoding (for the query of a
/// special URL), the IDNA data, and whether the spec is a part of
/// another handed down (see [`StandardUrl::resolve`]).
#[derive(Clone, Copy)]
pub struct Ctx {
    pub encoding: &'static Encoding,
    pub idna: IdnaData,
    pub substring: bool,
}

/// How deep `NS_NewURI` may call itself (`MAX_RECURSION_COUNT`).
const MAX_DEPTH: usize = 50;

impl Uri {
    /// `nsIURI::GetSpec`.
    pub fn spec(&self) -> String {
        match self {
            Uri::Standard(u) => u.spec.clone(),
            Uri::Simple(u) | Uri::Nested(u, _) => u.spec.clone(),
            Uri::Default(_, spec) => spec.clone(),
            Uri::Jar(file, entry) => jar_spec(file, &entry.spec),
            Uri::MozIcon(s) => s.clone(),
        }
    }

    /// `nsIURI::GetScheme`.
    pub fn scheme(&self) -> String {
        match self {
            Uri::Standard(u) => u.scheme().to_string(),
            Uri::Simple(u) | Uri::Nested(u, _) => u.scheme().to_string(),
            Uri::Default(u, _) => u.scheme().to_string(),
            Uri::Jar(..) => "jar".into(),
            Uri::MozIcon(_) => "moz-icon".into(),
        }
    }

    /// `nsIURI::Resolve`: the spec of `input` against this URI, as text
    /// (`substring`: see [`StandardUrl::resolve`]).
    pub fn resolve(&self, input: &[u8], substring: bool) -> Result<String, String> {
        match self {
            Uri::Standard(u) => Ok(u.resolve(input, substring)),
            // `DefaultURI::Resolve`: a spec with a scheme as it is, the
            // crate's join otherwise, the input itself when that fails.
            Uri::Default(u, _) => {
                let text = String::from_utf8_lossy(input).into_owned();
                if net::extract_scheme(input).is_some() {
                    return Ok(text);
                }
                Ok(match u.join(&text) {
                    Ok(j) => crate_spec(&j, input),
                    Err(_) => text,
                })
            }
            Uri::Simple(u) | Uri::Nested(u, _) => Ok(simple_resolve(&u.spec, input)),
            Uri::Jar(file, entry) => {
                if net::extract_scheme(input).is_some() {
                    return Ok(String::from_utf8_lossy(input).into_owned());
                }
                Ok(jar_spec(file, &entry.resolve(input, substring)))
            }
            Uri::MozIcon(_) => Err("a moz-icon: URI resolves nothing".into()),
        }
    }

    /// `NS_GetURIWithNewRef`: this URI with `input` (which begins with
    /// `#`) as its ref.
    pub fn with_ref(&self, input: &[u8]) -> Result<Uri, String> {
        Ok(match self {
            Uri::Standard(u) => Uri::Standard(u.with_ref(input)),
            Uri::Simple(u) => Uri::Simple(u.with_ref(input)),
            Uri::Nested(u, inner) => Uri::Nested(u.with_ref(input), inner.clone()),
            Uri::Default(u, _) => {
                let mut u = u.clone();
                let text = String::from_utf8_lossy(input);
                let r = text.strip_prefix('#').unwrap_or(&text);
                u.set_fragment(Some(r));
                let spec = u.as_str().to_string();
                Uri::Default(u, spec)
            }
            Uri::Jar(file, entry) => Uri::Jar(file.clone(), entry.with_ref(input)),
            Uri::MozIcon(_) => return Err("a moz-icon: URI has no ref".into()),
        })
    }
}

/// The spec of a JAR URI (`nsJARURI::FormatSpec`): `jar:`, the file's
/// spec, `!`, the entry's spec after its `x://`.
fn jar_spec(file: &Uri, entry: &str) -> String {
    format!("jar:{}!{}", file.spec(), entry.get(4..).unwrap_or(""))
}

/// `nsSimpleURI::Resolve`: a spec with a scheme as it is; otherwise the
/// `url` crate's join on this spec, or the input itself when either
/// fails.
fn simple_resolve(base: &str, input: &[u8]) -> String {
    let text = String::from_utf8_lossy(input).into_owned();
    if net::extract_scheme(input).is_some() {
        return text;
    }
    match url::Url::parse(base).and_then(|b| b.join(&text)) {
        Ok(j) => j.as_str().to_string(),
        Err(_) => text,
    }
}

/// `NS_NewURI(spec, charset, base)`.
pub fn new_uri(spec: &[u8], base: Option<&Uri>, ctx: Ctx) -> Result<Uri, String> {
    new_uri_at(spec, base, ctx, 0)
}

fn new_uri_at(spec: &[u8], base: Option<&Uri>, ctx: Ctx, depth: usize) -> Result<Uri, String> {
    if depth >= MAX_DEPTH {
        return Err("URIs nested too deep".into());
    }
    let scheme = match net::extract_scheme(spec) {
        Some(s) => s,
        None => {
            let Some(base) = base else {
                return Err("no scheme, and no base URL".into());
            };
            if spec.first() == Some(&b'#') {
                return base.with_ref(spec);
            }
            base.scheme()
        }
    };
    let standard = |t: UrlType, port: Option<u16>, spec: &[u8]| -> Result<Uri, String> {
        init_standard(t, port, spec, base, ctx).map(Uri::Standard)
    };
    match scheme.as_str() {
        "http" | "ws" => standard(UrlType::Authority, Some(80), spec),
        "https" | "wss" => standard(UrlType::Authority, Some(443), spec),
        "ftp" => standard(UrlType::Authority, Some(21), spec),
        "file" => standard(UrlType::NoAuthority, None, spec),
        "indexeddb" | "uuid" => standard(UrlType::Authority, Some(0), spec),
        "smb" | "sftp" | "android" => standard(UrlType::Standard, None, spec),
        "chrome" => {
            let u = init_standard(UrlType::Standard, None, spec, base, ctx)?;
            Ok(Uri::Standard(chrome_canonify(u, ctx)))
        }
        "resource" | "moz-extension" | "moz-src" | "moz-page-thumb" | "moz-newtab-wallpaper" => {
            standard(UrlType::Standard, None, &unescape_dots_and_slashes(spec))
        }
        "data" => data_uri(spec),
        "javascript" => {
            let u = SimpleUri::set_spec(spec, false)?;
            // `javascript://` must parse as a `DefaultURI` too.
            if let Some(p) = find(spec, b"javascript:") {
                if spec[p + 11..].starts_with(b"//") {
                    let text = std::str::from_utf8(spec).map_err(|_| "not UTF-8".to_string())?;
                    url::Url::parse(text).map_err(|e| e.to_string())?;
                }
            }
            Ok(Uri::Simple(u))
        }
        "blob" | "about" | "moz-safe-about" | "page-icon" | "moz" | "cached-favicon" => {
            SimpleUri::set_spec(spec, false).map(Uri::Simple)
        }
        "view-source" => {
            let colon = spec
                .iter()
                .position(|&c| c == b':')
                .ok_or_else(|| "no colon".to_string())?;
            let inner = new_uri_at(
                &spec[colon + 1..],
                base,
                Ctx {
                    substring: true,
                    ..ctx
                },
                depth + 1,
            )?;
            let own = format!("view-source:{}", inner.spec());
            let u = SimpleUri::set_spec(own.as_bytes(), false)?;
            Ok(Uri::Nested(u, Box::new(inner)))
        }
        "jar" => jar_uri(spec, base, ctx, depth),
        "moz-icon" => moz_icon(spec, ctx, depth),
        _ => {
            let text = match base {
                Some(b) => b.resolve(spec, ctx.substring)?,
                None => String::from_utf8(spec.to_vec()).map_err(|_| "not UTF-8".to_string())?,
            };
            default_uri(&text)
        }
    }
}

/// `DefaultURI::Mutator::SetSpec`: `MozURL`, the `url` crate Firefox
/// vendors.  That version leaves an opaque host of one C0 control or
/// U+007F as it is (its `Host::parse_opaque_cow` took the one escape
/// `utf8_percent_encode` borrows from its table for the input itself:
/// `foo://\u{b}/` stays, where today's crate writes `foo://%0B/`).
fn default_uri(text: &str) -> Result<Uri, String> {
    let u = url::Url::parse(text).map_err(|e| e.to_string())?;
    let spec = crate_spec(&u, text.as_bytes());
    Ok(Uri::Default(u, spec))
}

/// The spec of a URL the `url` crate parsed from `source`, as Firefox's
/// vendored crate writes it: an opaque host of one C0 control or U+007F
/// that `source` holds as it is stays as it is (see [`default_uri`]).
fn crate_spec(u: &url::Url, source: &[u8]) -> String {
    let mut spec = u.as_str().to_string();
    if let (Some(h), Some(range)) = (u.host_str(), host_range(u)) {
        let b = h.as_bytes();
        if b.len() == 3 && b[0] == b'%' {
            if let Some(byte) = u8::from_str_radix(&h[1..], 16)
                .ok()
                .filter(|&c| c < 0x20 || c == 0x7f)
            {
                if raw_host_in(source, byte) {
                    spec.replace_range(range, &(byte as char).to_string());
                }
            }
        }
    }
    spec
}

/// Whether `source`, tabs and newlines removed as the crate removes them,
/// holds `byte` alone where a host is: after `/` or `@`, before `:`,
/// `/`, `?`, `#` or the end (what the crate trims at the end, C0
/// controls and spaces, aside).
fn raw_host_in(source: &[u8], byte: u8) -> bool {
    let s: Vec<u8> = source
        .iter()
        .copied()
        .filter(|&c| !matches!(c, b'\t' | b'\n' | b'\r'))
        .collect();
    s.iter().enumerate().any(|(i, &c)| {
        c == byte
            && i > 0
            && matches!(s[i - 1], b'/' | b'@')
            && (matches!(s.get(i + 1), Some(b':' | b'/' | b'?' | b'#'))
                || s[i + 1..].iter().all(|&t| t <= 0x20))
    })
}

/// Where the host is in a URL's serialization.
fn host_range(u: &url::Url) -> Option<std::ops::Range<usize>> {
    let h = u.host_str()?;
    let s = u.as_str();
    let after_scheme = u.scheme().len() + 3;
    let start = match s[after_scheme..].find('@') {
        Some(at) if !u.username().is_empty() || u.password().is_some() => after_scheme + at + 1,
        _ => after_scheme,
    };
    s[start..].starts_with(h).then(|| start..start + h.len())
}

fn find(h: &[u8], n: &[u8]) -> Option<usize> {
    h.windows(n.len()).position(|w| w == n)
}

/// `nsStandardURL::Init`: the spec resolved against the base (unless it
/// is absolute, `scheme://`), then parsed.
fn init_standard(
    t: UrlType,
    port: Option<u16>,
    spec: &[u8],
    base: Option<&Uri>,
    ctx: Ctx,
) -> Result<StandardUrl, String> {
    let resolved;
    let spec = match base {
        Some(b) if !net::is_absolute_url(spec) => {
            resolved = b.resolve(spec, ctx.substring)?;
            resolved.as_bytes()
        }
        _ => spec,
    };
    StandardUrl::set_spec(spec, t, port, ctx.encoding, ctx.idna)
}

/// `SubstitutingProtocolHandler::NewURI`: `%2f` and `%2e` (any case)
/// unescaped before the first `?` or `#`, so that the path's dot
/// segments are coalesced.
fn unescape_dots_and_slashes(spec: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(spec.len());
    let mut i = 0;
    while i < spec.len() {
        let c = spec[i];
        if c == b'%' && i + 2 < spec.len() && spec[i + 1] == b'2' {
            let ch = match spec[i + 2] {
                b'f' | b'F' => Some(b'/'),
                b'e' | b'E' => Some(b'.'),
                _ => None,
            };
            if let Some(ch) = ch {
                out.push(ch);
                i += 3;
                continue;
            }
        }
        out.push(c);
        if c == b'?' || c == b'#' {
            out.extend_from_slice(&spec[i + 1..]);
            break;
        }
        i += 1;
    }
    out
}

/// `nsChromeRegistry::Canonify`: `chrome://pkg/content` (and `.../content/`)
/// become `chrome://pkg/content/pkg.xul` (`.dtd` for `locale`, `.css`
/// for `skin`); its other checks only warn.
fn chrome_canonify(u: StandardUrl, ctx: Ctx) -> StandardUrl {
    let path_query_ref = &u.spec[u.path..];
    if path_query_ref.len() < 3 {
        return u;
    }
    let unescaped = crate::engines::webkit::host::percent_decode(path_query_ref.as_bytes());
    let path = String::from_utf8_lossy(&unescaped).into_owned();
    let slash = path[1..].find('/').map(|s| s + 1);
    if slash == Some(1) {
        return u;
    }
    let (provider, rest_empty) = match slash {
        None => (&path[1..], true),
        Some(s) if s == path.len() - 1 => (&path[1..s], true),
        Some(s) => (&path[1..s], false),
    };
    if !rest_empty {
        return u;
    }
    let ext = match provider {
        "content" => "xul",
        "locale" => "dtd",
        "skin" => "css",
        _ => return u,
    };
    let spec = format!("{}/{provider}/{}.{ext}", &u.spec[..u.path], u.host);
    StandardUrl::set_spec(
        spec.as_bytes(),
        UrlType::Standard,
        None,
        ctx.encoding,
        ctx.idna,
    )
    .unwrap_or(u)
}

/// `nsDataHandler::CreateNewURI`: the spec must hold `data:` (any case);
/// a base64 one loses its whitespace; `data://` must parse as a
/// `DefaultURI` too.
fn data_uri(spec: &[u8]) -> Result<Uri, String> {
    let lower: Vec<u8> = spec.iter().map(u8::to_ascii_lowercase).collect();
    let pos = find(&lower, b"data:").ok_or_else(|| "no data: in a data URI".to_string())?;
    let after = pos + 5;
    let hash = spec[after..]
        .iter()
        .position(|&c| c == b'#')
        .map_or(spec.len(), |h| h + after);
    let path = &spec[after..hash];
    let comma = path.iter().position(|&c| c == b',').unwrap_or(path.len());
    let base64 = is_base64(&path[..comma]);
    let u = SimpleUri::set_spec(spec, base64)?;
    if let Some(p) = find(spec, b"data:") {
        if spec[p + 5..].starts_with(b"//") {
            let text = std::str::from_utf8(spec).map_err(|_| "not UTF-8".to_string())?;
            url::Url::parse(text).map_err(|e| e.to_string())?;
        }
    }
    Ok(Uri::Simple(u))
}

/// `TrimSpacesAndBase64`: whether the media type ends with `;base64`
/// (HTTP whitespace around it ignored).
fn is_base64(mime: &[u8]) -> bool {
    let ws = |c: u8| matches!(c, b' ' | b'\t' | b'\n' | b'\r');
    let start = mime.iter().position(|&c| !ws(c)).unwrap_or(mime.len());
    let end = mime.iter().rposition(|&c| !ws(c)).map_or(start, |e| e + 1);
    let m = &mime[start..end.max(start)];
    if m.len() < 7 || !m[m.len() - 6..].eq_ignore_ascii_case(b"base64") {
        return false;
    }
    let before = &m[..m.len() - 6];
    let trimmed = before.iter().rposition(|&c| !ws(c));
    // `pos > beg` all along: the `;` may not be the first character...
    matches!(trimmed, Some(p) if before[p] == b';')
}

/// `nsJARURI::SetSpecWithBase`.
fn jar_uri(spec: &[u8], base: Option<&Uri>, ctx: Ctx, depth: usize) -> Result<Uri, String> {
    if net::extract_scheme(spec).is_none() {
        // A relative spec against a JAR URI: its entry resolves it.
        let Some(Uri::Jar(file, entry)) = base else {
            return Err("a relative jar: spec without a jar: base".into());
        };
        let resolved = if net::is_absolute_url(spec) {
            spec.to_vec()
        } else {
            entry.resolve(spec, true).into_bytes()
        };
        let e = StandardUrl::set_spec(
            &resolved,
            UrlType::NoAuthority,
            None,
            ctx.encoding,
            ctx.idna,
        )?;
        return Ok(Uri::Jar(file.clone(), e));
    }
    let colon = spec.iter().position(|&c| c == b':').unwrap_or(spec.len());
    let begin = (colon + 1).min(spec.len());
    let mut end = spec.len();
    let delim = find(&spec[begin..], b"!/").map(|d| d + begin);
    let frag_from = delim.map_or(begin, |d| d + 2);
    if let Some(f) = spec[frag_from..]
        .iter()
        .position(|&c| c == b'#' || c == b'?')
    {
        end = frag_from + f;
    }
    let d = spec[begin..end]
        .windows(2)
        .rposition(|w| w == b"!/")
        .map(|d| d + begin)
        .ok_or_else(|| "no !/ in a jar: URI".to_string())?;
    let file = new_uri_at(
        &spec[begin..d],
        base,
        Ctx {
            substring: true,
            ..ctx
        },
        depth + 1,
    )?;
    let mut entry_start = d + 2;
    while spec.get(entry_start) == Some(&b'/') {
        entry_start += 1;
    }
    let mut entry_spec = b"x:///".to_vec();
    entry_spec.extend_from_slice(&spec[entry_start..]);
    let entry = StandardUrl::set_spec(
        &entry_spec,
        UrlType::NoAuthority,
        None,
        ctx.encoding,
        ctx.idna,
    )?;
    Ok(Uri::Jar(Box::new(file), entry))
}

/// `nsMozIconURI::SetSpecInternal`: `moz-icon:` (as written) then
/// `file://` or `//`; `//stock/NAME`, a `file:` URL, or `//` and a dummy
/// file name; `?size=`, `contentType=`, `scale=`, `dark=` read from the
/// query; the spec written anew, `?size=16` by default.
fn moz_icon(spec: &[u8], ctx: Ctx, depth: usize) -> Result<Uri, String> {
    const SCHEME: &[u8] = b"moz-icon:";
    let bad = || "a malformed moz-icon: URI".to_string();
    if !spec.starts_with(SCHEME) {
        return Err(bad());
    }
    let rest = &spec[SCHEME.len()..];
    if !rest.starts_with(b"file://") && !rest.starts_with(b"//") {
        return Err(bad());
    }
    let question = spec.iter().position(|&c| c == b'?');
    let mut size: i64 = 16;
    let mut content_type = String::new();
    let mut scale: i64 = 1;
    let mut dark: Option<bool> = None;
    if let Some(q) = question.filter(|&q| spec.len() > q + 1) {
        // `PL_strcasestr` reads a C string: nothing after a NUL.
        let attr = |name: &str| attribute_value(net::c_str(spec), name.as_bytes());
        content_type = attr("contentType=").unwrap_or_default();
        if let Some(v) = attr("size=").map(|s| atoi(&s)).filter(|&v| v > 0) {
            size = v;
        }
        if let Some(v) = attr("scale=").map(|s| atoi(&s)).filter(|&v| v > 0) {
            scale = v;
        }
        if let Some(v) = attr("dark=") {
            dark = Some(atoi(&v) != 0);
        }
        let _ = q;
    }
    let path_end = question.unwrap_or(spec.len());
    if path_end < SCHEME.len() + 3 {
        return Err(bad());
    }
    let icon_path = &spec[SCHEME.len()..path_end];
    let mut out = String::from("moz-icon:");
    if let Some(stock) = icon_path.strip_prefix(b"//stock/") {
        if stock.is_empty() {
            return Err(bad());
        }
        out.push_str("//stock/");
        out.push_str(&String::from_utf8_lossy(stock));
    } else {
        let mut file_name = None;
        let mut path = icon_path;
        if let Some(p) = icon_path.strip_prefix(b"//") {
            if icon_path.len() > 4096 {
                return Err(bad());
            }
            path = p;
            file_name = Some(String::from_utf8_lossy(p).into_owned());
        }
        match new_uri_at(path, None, ctx, depth + 1) {
            Ok(Uri::Standard(u)) => {
                if u.scheme() != "file" {
                    return Err(bad());
                }
                out.push_str(&u.spec);
            }
            _ => match file_name.filter(|f| !f.is_empty()) {
                Some(f) => {
                    out.push_str("//");
                    out.push_str(&f);
                }
                None => return Err(bad()),
            },
        }
    }
    out.push_str(&format!("?size={size}"));
    if !content_type.is_empty() {
        out.push_str("&contentType=");
        out.push_str(&content_type);
    }
    if scale != 1 {
        out.push_str(&format!("&scale={scale}"));
    }
    if let Some(d) = dark {
        out.push_str(&format!("&dark={}", u8::from(d)));
    }
    Ok(Uri::MozIcon(out))
}

/// `extractAttributeValue`: the value after the first (case-insensitive)
/// `name` in `spec`, if a `?` or `&` comes before it, up to the next `&`.
fn attribute_value(spec: &[u8], name: &[u8]) -> Option<String> {
    let lower: Vec<u8> = spec.iter().map(u8::to_ascii_lowercase).collect();
    let lname: Vec<u8> = name.iter().map(u8::to_ascii_lowercase).collect();
    let p = find(&lower, &lname)?;
    if p == 0 || !matches!(spec[p - 1], b'?' | b'&') {
        return None;
    }
    let start = p + name.len();
    if start >= spec.len() {
        return None;
    }
    let end = spec[start..]
        .iter()
        .position(|&c| c == b'&')
        .map_or(spec.len(), |e| e + start);
    Some(String::from_utf8_lossy(&spec[start..end]).into_owned())
}

/// C's `atoi`: leading whitespace, a sign, digits.
fn atoi(s: &str) -> i64 {
    let t = s.trim_start_matches([' ', '\t', '\n', '\r', '\x0b', '\x0c']);
    let (neg, digits) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    let mut n: i64 = 0;
    for c in digits.bytes().take_while(u8::is_ascii_digit) {
        n = (n * 10 + i64::from(c - b'0')).min(i64::from(i32::MAX) + 1);
    }
    let n = if neg { -n } else { n };
    n.clamp(i64::from(i32::MIN), i64::from(i32::MAX))
}
