//! What Chromium's omnibox shows for a URL
//! (`components/url_formatter/url_formatter.cc` `FormatUrlWithAdjustments`
//! and `IDNToUnicodeWithAdjustmentsImpl`, `base/strings/escape.cc`
//! `UnescapeURLWithAdjustmentsImpl`; Chromium 150, the nearest readable
//! source of the measured 156; `data/display/chromium-rules.md` cites the
//! lines).
//!
//! The canonical URL of the engine's own parser is formatted: the user
//! information dropped, each `xn--` label of the host shown in Unicode
//! when the IDN spoof checker (`spoof`) finds it safe and the
//! whole host looks like no top domain (`skeleton`), the path,
//! query and fragment unescaped for display.  The steady-state omnibox
//! then leaves out `http://`, `https://`, a trivial `www.` and the `/` of
//! a bare host.

use std::sync::OnceLock;

use super::component::{Canon, Span};
use super::skeleton::{get_similar_top_domain, TopDomains};
use super::spoof::{safe_to_display_as_unicode, Verdict};
use crate::compare::display::{Display, LabelDisplay, Omission};
use crate::text::percent::escape_at;

const SRC_ONE_COMPONENT: &str =
    "components/url_formatter/url_formatter.cc IDNToUnicodeOneComponent";
const SRC_TOP_DOMAIN: &str =
    "components/url_formatter/url_formatter.cc IDNToUnicodeWithAdjustmentsImpl (GetSimilarTopDomain)";
const SRC_FORMAT: &str = "components/url_formatter/url_formatter.cc FormatUrlWithAdjustments";
const SRC_STRIP_WWW: &str = "components/url_formatter/url_formatter.cc StripWWW";

/// `GetTopLevelDomain` (url_formatter.cc 288-306): the text after the
/// last `.` of the host (`a.xn--p1ai` → `xn--p1ai`).
pub(crate) fn get_top_level_domain(host: &str) -> &str {
    host.rsplit('.').next().unwrap_or(host)
}

/// `uidna_labelToUnicode` with Chromium's UTS #46 options (CheckBidi
/// only, url_formatter.cc 431-446): the Unicode form of an ACE label, or
/// `None` on any error (`xn--zz`, a label decoding to ASCII).
fn label_to_unicode(label: &str) -> Option<String> {
    use idna::uts46::{AsciiDenyList, Hyphens, Uts46};
    let unicode = crate::engines::display::ace_to_unicode(label)?;
    if unicode.chars().any(super::unicode17::unassigned) {
        return None;
    }
    let (out, result) =
        Uts46::new().to_unicode(label.as_bytes(), AsciiDenyList::EMPTY, Hyphens::Check);
    (result.is_ok() && out == unicode).then_some(unicode)
}

/// `IDNToUnicodeOneComponent` (url_formatter.cc 460-524): one label as
/// shown, whether it is an IDN label, and the rule. `xn--bcher-kva`
/// under `de` → `bücher`; `xn--80a8a6a` (аьс) under `com` stays.
pub(crate) fn idn_to_unicode_one_component(
    label: &str,
    tld: &str,
    tld_unicode: &str,
) -> (LabelDisplay, bool) {
    if label.len() <= 4 || !label.starts_with("xn--") || label.ends_with('-') {
        return (LabelDisplay::ascii(label, SRC_ONE_COMPONENT), false);
    }
    let kept = |rule: String, source: &'static str| LabelDisplay {
        ascii: label.to_string(),
        shown: label.to_string(),
        unicode: false,
        rule,
        source,
    };
    let Some(unicode) = label_to_unicode(label) else {
        return (
            kept(
                "invalid IDN label (UTS #46 ToUnicode error)".to_string(),
                SRC_ONE_COMPONENT,
            ),
            true,
        );
    };
    let Verdict { safe, rule } = safe_to_display_as_unicode(&unicode, tld, tld_unicode);
    if !safe {
        return (kept(rule, super::spoof::source()), true);
    }
    let shown = LabelDisplay {
        ascii: label.to_string(),
        shown: unicode,
        unicode: true,
        rule,
        source: super::spoof::source(),
    };
    (shown, true)
}

/// `IDNToUnicodeWithAdjustmentsImpl` (url_formatter.cc 308-382): the
/// labels of an ASCII host as shown, each decided alone, then the whole
/// host kept ASCII if it looks like a top domain of `list`.
pub(crate) fn idn_to_unicode_labels(host: &str, list: TopDomains) -> Vec<LabelDisplay> {
    let tld = get_top_level_domain(host);
    let tld_unicode = label_to_unicode(tld).unwrap_or_else(|| tld.to_string());
    let mut labels = Vec::new();
    let mut has_idn = false;
    for label in host.split('.') {
        let (shown, idn) = idn_to_unicode_one_component(label, tld, &tld_unicode);
        has_idn |= idn;
        labels.push(shown);
    }
    if has_idn {
        let unicode_host = join_shown(&labels);
        if let Some(top) = get_similar_top_domain(&unicode_host, list) {
            for l in labels
                .iter_mut()
                .filter(|l| l.ascii != l.shown || l.ascii.starts_with("xn--"))
            {
                l.shown = l.ascii.clone();
                l.unicode = false;
                l.rule = format!(
                    "skeleton {} matches {}: whole host kept ASCII",
                    top.skeleton, top.domain
                );
                l.source = SRC_TOP_DOMAIN;
            }
        }
    }
    labels
}

fn join_shown(labels: &[LabelDisplay]) -> String {
    labels
        .iter()
        .map(|l| l.shown.as_str())
        .collect::<Vec<_>>()
        .join(".")
}

/// The host as Chromium shows it (`IDNToUnicode`), checked against the
/// top domains of `list`: `xn--bcher-kva.de` → `bücher.de`;
/// `xn--tst-bma.net` (`tést.net`) stays ASCII under
/// [`TopDomains::IdnTest`], which has `test.net`.
///
/// ```
/// use urlprism::engines::chromium::display::idn_to_unicode;
/// use urlprism::engines::chromium::TopDomains;
/// assert_eq!(idn_to_unicode("xn--bcher-kva.de", TopDomains::Chromium), "bücher.de");
/// assert_eq!(idn_to_unicode("xn--80a8a6a.com", TopDomains::Chromium), "xn--80a8a6a.com");
/// ```
pub fn idn_to_unicode(host: &str, list: TopDomains) -> String {
    join_shown(&idn_to_unicode_labels(host, list))
}

/// The data of `chromium-unescape.txt`: the ASCII characters NORMAL
/// decodes, and the non-ASCII code points never decoded.
struct Unescape {
    ascii: Vec<u8>,
    never: Vec<(u32, u32)>,
}

fn unescape_tables() -> &'static Unescape {
    static U: OnceLock<Unescape> = OnceLock::new();
    U.get_or_init(|| {
        let text = include_str!("../../../data/display/chromium-unescape.txt");
        let mut section = "";
        let mut ascii = Vec::new();
        let mut never = Vec::new();
        for line in text.lines() {
            if line.starts_with('#') || line.is_empty() {
                continue;
            }
            if line.starts_with('[') {
                section = line;
                continue;
            }
            match section {
                "[ascii-unescaped]" => ascii.extend(line.bytes()),
                "[never-unescaped]" => {
                    let cp = line.split('\t').next().unwrap_or("");
                    let (a, b) = cp.split_once("..").unwrap_or((cp, cp));
                    let hex = |s: &str| u32::from_str_radix(s, 16).expect("hex code point");
                    never.push((hex(a), hex(b)));
                }
                _ => {}
            }
        }
        Unescape { ascii, never }
    })
}

/// `ShouldUnescapeCodePoint` (escape.cc 267-380) for a non-ASCII code
/// point: everything but bidi controls, lock emoji, spaces, blanks and
/// invisible format characters (`é` yes, U+202E no).
pub(crate) fn should_unescape_code_point(c: char) -> bool {
    let u = c as u32;
    !unescape_tables()
        .never
        .iter()
        .any(|&(a, b)| (a..=b).contains(&u))
}

/// How the path, query and fragment are unescaped (`base::UnescapeRule`):
/// the omnibox's `NORMAL` keeps `%20`, the tab title's `SPACES` decodes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnescapeRule {
    /// `UnescapeRule::NORMAL` (the omnibox, location_bar_model_impl.cc 143-145).
    Normal,
    /// `UnescapeRule::SPACES` (`url_formatter::FormatUrl`'s default, the
    /// title of a page without one).
    Spaces,
}

/// `UnescapeAndDecodeUTF8URLComponentWithAdjustments(text, rule)`
/// (escape.cc 388-535): `%XX` escapes of whole UTF-8 characters decoded
/// unless the character is ASCII outside `kUrlUnescape` or never
/// unescaped; an escape of no valid character leaves the whole component
/// undecoded. Under NORMAL, `/a%2Fb%41` → `/a%2FbA`, `/%C3%A9` → `/é`, `/%E2%80%AE`
/// stays, `/%C3%A9%FF` stays.
pub fn unescape_for_display(text: &str, rule: UnescapeRule) -> String {
    let t = unescape_tables();
    let decoded = |o: u8| t.ascii.contains(&o) || (o == b' ' && rule == UnescapeRule::Spaces);
    let b = text.as_bytes();
    let mut out: Vec<u8> = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let Some(lead) = escape_at(b, i) else {
            out.push(b[i]);
            i += 1;
            continue;
        };
        if lead < 0x80 {
            if decoded(lead) {
                out.push(lead);
            } else {
                out.extend_from_slice(&b[i..i + 3]);
            }
            i += 3;
            continue;
        }
        let len = match lead {
            0xC2..=0xDF => 2,
            0xE0..=0xEF => 3,
            0xF0..=0xF4 => 4,
            _ => 0,
        };
        let mut bytes = vec![lead];
        for k in 1..len {
            match escape_at(b, i + 3 * k) {
                Some(x) => bytes.push(x),
                None => break,
            }
        }
        match std::str::from_utf8(&bytes)
            .ok()
            .filter(|_| len > 0)
            .and_then(|s| s.chars().next())
        {
            Some(c) => {
                if should_unescape_code_point(c) {
                    out.extend_from_slice(&bytes);
                } else {
                    out.extend_from_slice(&b[i..i + 3 * len]);
                }
                i += 3 * len;
            }
            None => {
                // A byte of no character: decoded raw, which makes the
                // component invalid UTF-8.
                out.push(lead);
                i += 3;
            }
        }
    }
    match String::from_utf8(out) {
        Ok(s) => s,
        Err(_) => text.to_string(),
    }
}

/// Whether the omnibox reads a host shown without a scheme or path as a
/// URL rather than as a query or an unknown word
/// (`AutocompleteInput::Parse`, components/omnibox/browser/autocomplete_input.cc,
/// the case of no scheme, path or user): an IP address, `localhost`, a
/// host with a port, or with a registrable domain under an ICANN suffix
/// of the Public Suffix List. `intranet` and `a.example` are not, so the
/// omnibox shows `http://intranet/` as `intranet/`
/// (`AutocompleteInput::FormattedStringWithEquivalentMeaning`).
fn reads_as_url(host: &str, port: bool) -> bool {
    let ipv4 = host.split('.').count() == 4
        && host
            .split('.')
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
    port || ipv4
        || host.starts_with('[')
        || host == "localhost"
        || crate::text::psl::listed_suffix_and_domain(host.strip_suffix('.').unwrap_or(host), true)
            .1
            .is_some()
}

/// The omnibox's elisions beyond `kFormatUrlOmitDefaults` (which leaves
/// out `http://` and the `/` of a bare host in any case).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Elisions {
    /// `kFormatUrlOmitHTTPS`.
    pub https: bool,
    /// `kFormatUrlOmitTrivialSubdomains`.
    pub trivial_subdomains: bool,
    /// `kFormatUrlOmitFileScheme`.
    pub file_scheme: bool,
    /// The omnibox's `FormattedStringWithEquivalentMeaning`: the `/` of a
    /// bare host is put back when the text without it would not be read
    /// as a URL.
    pub equivalent_meaning: bool,
}

impl Elisions {
    /// The steady-state omnibox (`GetURLForDisplay`, desktop).
    pub const OMNIBOX: Elisions = Elisions {
        https: true,
        trivial_subdomains: true,
        file_scheme: true,
        equivalent_meaning: true,
    };
    /// The tab title: the omnibox's elisions, without its check of the
    /// text's meaning.
    pub const TITLE: Elisions = Elisions {
        equivalent_meaning: false,
        ..Elisions::OMNIBOX
    };
    /// The URL inside `view-source:` (`FormatViewSourceUrl`, url_formatter.cc
    /// 233-248): no destructive elision.
    pub const VIEW_SOURCE: Elisions = Elisions {
        https: false,
        trivial_subdomains: false,
        file_scheme: false,
        equivalent_meaning: false,
    };
}

fn span(canon: &Canon, part: Option<Span>) -> Option<&str> {
    part.map(|s| s.of(&canon.spec))
}

/// `FormatUrlWithAdjustments` as the omnibox runs it (location_bar_model_impl.cc
/// `GetURLForDisplay`): `full` with the user information dropped and
/// nothing else left out, `shown` without `http://`/`https://`, a trivial
/// `www.` and the `/` of a bare host.
pub(crate) fn format_url(
    canon: &Canon,
    list: TopDomains,
    rule: UnescapeRule,
    elide: Elisions,
) -> Display {
    let p = &canon.parsed;
    let spec = &canon.spec;
    let scheme = span(canon, p.scheme).unwrap_or("");
    let standard = p.host.is_some() && spec[p.scheme.map_or(0, |s| s.end)..].starts_with("://");
    let host = span(canon, p.host).unwrap_or("");
    let labels = if p.host.is_some() && !host.is_empty() && !host.starts_with('[') {
        idn_to_unicode_labels(host, list)
    } else if host.is_empty() {
        Vec::new()
    } else {
        vec![LabelDisplay::ascii(host, SRC_ONE_COMPONENT)]
    };
    let host_shown = join_shown(&labels);

    let mut full = String::new();
    let mut omitted = Vec::new();
    // The scheme and its separators, as they are (`CountCharactersBefore(USERNAME)`).
    let after = [p.username, p.password, p.host, p.port, p.path];
    let first = after
        .into_iter()
        .flatten()
        .map(|s| s.begin)
        .chain(
            [p.query, p.fragment]
                .into_iter()
                .flatten()
                .map(|s| s.begin - 1),
        )
        .min()
        .unwrap_or(spec.len());
    let prefix = spec[..first].to_string();
    full.push_str(&prefix);
    full.push_str(&host_shown);
    if let Some(port) = span(canon, p.port) {
        full.push(':');
        full.push_str(port);
    }
    let path = span(canon, p.path).unwrap_or("");
    let query = span(canon, p.query);
    let fragment = span(canon, p.fragment);
    let after_host_start = full.len();
    full.push_str(&unescape_for_display(path, rule));
    if let Some(q) = query {
        full.push('?');
        full.push_str(&unescape_for_display(q, rule));
    }
    if let Some(f) = fragment {
        full.push('#');
        full.push_str(&unescape_for_display(f, rule));
    }

    // The steady state: leave out what the omnibox elides, in order.
    let omit_scheme = match scheme {
        "http" => Some("kFormatUrlOmitHTTP"),
        "https" if elide.https => Some("kFormatUrlOmitHTTPS"),
        "file" if elide.file_scheme => Some("kFormatUrlOmitFileScheme"),
        _ => None,
    }
    .filter(|_| prefix.ends_with("://") && !host.starts_with("ftp."));
    let omit_www = elide.trivial_subdomains
        && p.host.is_some()
        && host.starts_with("www.")
        && crate::text::psl::registrable_domain(host).is_some_and(|r| r.len() < host.len() - 3);
    let omit_slash = standard
        && scheme != "file"
        && scheme != "filesystem"
        && path == "/"
        && query.is_none()
        && fragment.is_none()
        && !(elide.equivalent_meaning
            && omit_scheme.is_some()
            && !reads_as_url(host, p.port.is_some_and(|s| !s.is_empty())));
    let mut shown = String::new();
    match omit_scheme {
        Some(flag) => omitted.push(Omission {
            text: prefix.clone(),
            rule: format!("the scheme of an {scheme}: URL ({flag})"),
            source: SRC_FORMAT,
        }),
        None => shown.push_str(&prefix),
    }
    let host_and_port = &full[prefix.len()..after_host_start];
    match omit_www {
        true => {
            shown.push_str(&host_and_port[4..]);
            omitted.push(Omission {
                text: "www.".to_string(),
                rule: "trivial subdomain: www. before a registrable domain \
                       (kFormatUrlOmitTrivialSubdomains)"
                    .to_string(),
                source: SRC_STRIP_WWW,
            });
        }
        false => shown.push_str(host_and_port),
    }
    match omit_slash {
        true => omitted.push(Omission {
            text: "/".to_string(),
            rule: "trailing slash on a bare hostname (kFormatUrlOmitTrailingSlashOnBareHostname)"
                .to_string(),
            source: "components/url_formatter/url_formatter.cc CanStripTrailingSlash",
        }),
        false => shown.push_str(&full[after_host_start..]),
    }
    Display {
        shown,
        full,
        labels,
        omitted,
    }
}

/// The title's left-to-right setting (`base::i18n`, as measured on
/// Chromium 156: a text with any strong right-to-left character, even
/// after left-to-right ones, is wrapped in U+202A LEFT-TO-RIGHT EMBEDDING
/// … U+202C POP DIRECTIONAL FORMATTING): `a.אב.com` → `\u{202A}a.אב.com\u{202C}`.
pub fn ltr_directionality(text: &str) -> String {
    use unicode_bidi::{bidi_class, BidiClass};
    let rtl = text
        .chars()
        .any(|c| matches!(bidi_class(c), BidiClass::R | BidiClass::AL));
    match rtl {
        true => format!("\u{202A}{text}\u{202C}"),
        false => text.to_string(),
    }
}

/// The tab title of a page without a `<title>` (content's
/// `NavigationEntryImpl::GetTitleForDisplay`: the URL formatted as the
/// omnibox does but with `UnescapeRule::SPACES`, for a `file:` URL only
/// what follows the last `/`, set left to right):
/// `http://www.example.com/a%20b` → `example.com/a b`,
/// `file:///tmp/a%20b` → `a b`.
///
/// ```
/// use urlprism::engines::chromium::display::tab_title;
/// assert_eq!(tab_title("http://www.example.com/a%20b")?, "example.com/a b");
/// # Ok::<(), urlprism::Error>(())
/// ```
pub fn tab_title(input: &str) -> Result<String, crate::error::Error> {
    let d = formatted_with(input, UnescapeRule::Spaces, Elisions::TITLE)?;
    let file = d
        .full
        .get(..5)
        .is_some_and(|s| s.eq_ignore_ascii_case("file:"));
    let title = match file {
        true => d.shown.rsplit('/').next().unwrap_or(""),
        false => &d.shown,
    };
    Ok(ltr_directionality(title))
}

/// What Chromium's omnibox shows for `input` (its canonical URL by this
/// engine), with the path, query and fragment unescaped by `rule`.
///
/// ```
/// use urlprism::engines::chromium::display::{formatted, UnescapeRule};
/// let shown = |s| formatted(s, UnescapeRule::Normal).map(|d| d.shown);
/// assert_eq!(shown("https://www.example.com/")?, "example.com");
/// assert_eq!(shown("http://intranet/")?, "intranet/");
/// # Ok::<(), urlprism::Error>(())
/// ```
pub fn formatted(input: &str, rule: UnescapeRule) -> Result<Display, crate::error::Error> {
    formatted_with(input, rule, Elisions::OMNIBOX)
}

/// [`formatted`] with the elisions `elide`.
/// A `view-source:` URL (not `view-source:view-source:`) is its inner
/// URL formatted without destructive elisions, after `view-source:`
/// (url_formatter.cc 612-617): `view-source:https://www.a.com/` →
/// `view-source:https://www.a.com`.
pub(crate) fn formatted_with(
    input: &str,
    rule: UnescapeRule,
    elide: Elisions,
) -> Result<Display, crate::error::Error> {
    let chromium = super::Chromium::new();
    let canon = chromium.run(input, None, encoding_rs::UTF_8)?;
    const VIEW_SOURCE: &str = "view-source:";
    let spec = &canon.spec;
    let is = |s: &str, prefix: &str| {
        s.get(..prefix.len())
            .is_some_and(|p| p.eq_ignore_ascii_case(prefix))
    };
    if is(spec, VIEW_SOURCE) && !is(&spec[VIEW_SOURCE.len()..], VIEW_SOURCE) {
        if let Ok(inner) = chromium.run(&spec[VIEW_SOURCE.len()..], None, encoding_rs::UTF_8) {
            let mut d = format_url(&inner, TopDomains::Chromium, rule, Elisions::VIEW_SOURCE);
            d.full.insert_str(0, VIEW_SOURCE);
            d.shown.insert_str(0, VIEW_SOURCE);
            return Ok(d);
        }
    }
    Ok(format_url(&canon, TopDomains::Chromium, rule, elide))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unescaping() {
        let normal = |s| unescape_for_display(s, UnescapeRule::Normal);
        assert_eq!(normal("/a%2Fb%41"), "/a%2FbA");
        assert_eq!(normal("/%C3%A9"), "/é");
        assert_eq!(normal("/%E2%80%AE"), "/%E2%80%AE");
        assert_eq!(normal("/%C3%A9%FF"), "/%C3%A9%FF");
        assert_eq!(normal("/a%20b"), "/a%20b");
        assert_eq!(unescape_for_display("/a%20b", UnescapeRule::Spaces), "/a b");
        assert_eq!(normal("/%F0%9F%94%92"), "/%F0%9F%94%92");
        assert_eq!(normal("a+b"), "a+b");
    }

    #[test]
    fn omnibox_and_title() {
        let shown = |s| formatted(s, UnescapeRule::Normal).unwrap().shown;
        assert_eq!(shown("https://www.example.com/"), "example.com");
        assert_eq!(shown("http://www.com/"), "www.com");
        assert_eq!(shown("https://a.com/?"), "a.com/?");
        assert_eq!(shown("http://user:pw@a.com/"), "a.com");
        assert_eq!(shown("http://ftp.a.com/"), "http://ftp.a.com");
        assert_eq!(shown("ws://a.com/"), "ws://a.com");
        assert_eq!(shown("http://a.com/a%20b"), "a.com/a%20b");
        assert_eq!(shown("http://xn--80ak6aa92e.com/"), "xn--80ak6aa92e.com");
        assert_eq!(shown("http://xn--80ak6aa92e.ru/"), "аррӏе.ru");
        let d = formatted("http://www.example.com/", UnescapeRule::Normal).unwrap();
        assert_eq!(d.full, "http://www.example.com/");
        let left_out: Vec<&str> = d.omitted.iter().map(|o| o.text.as_str()).collect();
        assert_eq!(left_out, ["http://", "www.", "/"]);
        assert_eq!(
            tab_title("http://a.com/%D7%90").unwrap(),
            "\u{202A}a.com/א\u{202C}"
        );
    }

    #[test]
    fn labels() {
        // tést.net looks like test.net.
        let labels = idn_to_unicode_labels("xn--tst-bma.net", TopDomains::IdnTest);
        assert!(!labels[0].unicode);
        assert!(labels[0].rule.contains("test.net"), "{}", labels[0].rule);
        // An unsafe label (Latin + Cyrillic) stays ACE, the safe one not.
        let host = idn_to_unicode("xn--googl-3we.xn--3e0b707e", TopDomains::IdnTest);
        assert_eq!(host, "xn--googl-3we.한국");
        assert_eq!(
            idn_to_unicode("xn--example-.com", TopDomains::Chromium),
            "xn--example-.com"
        );
        assert_eq!(idn_to_unicode("a.xn--p1ai", TopDomains::Chromium), "a.рф");
    }
}
