//! The URL Standard's host parser, stage by stage, for `urlprism trace`.
//!
//! The `url` and `idna` crates run the host parser in one call; this
//! module runs it again as the standard's stages, each with the string
//! before and after, named as the standard names them:
//!
//! | stage | the standard | lines up with (2011) |
//! | --- | --- | --- |
//! | `IPv6 parser` | host parser step 1 (`[::1]`) | CanonicalizeHost 25 |
//! | `opaque-host parser` | step 2 (a non-special scheme) | — |
//! | `percent-decode` | step 4 (with UTF-8 decode without BOM) | 6 |
//! | `ASCII domain` | domain to ASCII: an ASCII domain is lowercased, its labels not processed (`XN--A` → `xn--a`) | — |
//! | `unassigned code points` | domain to ASCII: UTS #46 disallows a code point Unicode 17.0 leaves unassigned | Nameprep 2 (unassigned) |
//! | `UTS #46 mapping` | domain to ASCII: UTS #46 Processing step 1 | Nameprep 3 (Map) |
//! | `UTS #46 normalization` | Processing step 2 (NFC) | Nameprep 7 (NFKC) |
//! | `validity criteria` | Processing step 4 (UTS #46 section 4.1) | Nameprep 10 (Prohibit) |
//! | `Punycode` | ToASCII, per label | 20.2.1 / 20.2.2, per label |
//! | `empty host` | domain to ASCII: an empty result fails | — |
//! | `forbidden domain code points` | host parser: a forbidden domain code point fails | 28 |
//! | `ends in a number` | host parser: decides for the IPv4 parser | — |
//! | `IPv4 parser` | the IPv4 parser | 27 |
//!
//! Mapping is done per code point with the `icu_normalizer` UTS #46 data
//! (the data `idna` uses), normalization with its NFC, the validity
//! criteria by `idna` itself (CheckHyphens false, CheckBidi and
//! CheckJoiners true, UseSTD3ASCIIRules false), Punycode by `idna`'s
//! encoder.  The staged result is checked against the engine's own host
//! ([`Whatwg::host`]): should they ever differ, the trace ends with a
//! `parser result` step giving the engine's host, and that is the
//! trace's output.
//!
//! ```
//! use urlprism::engines::whatwg::{host_trace, Whatwg};
//! let t = host_trace::trace(&Whatwg::new(), "Faß.DE", "http");
//! assert_eq!(t.output.as_deref(), Some("xn--fa-hia.de"));
//! let mapping = t.steps.iter().find(|s| s.step == "UTS #46 mapping").unwrap();
//! assert_eq!((mapping.before.as_str(), mapping.after.as_str()), ("Faß.DE", "faß.de"));
//! ```

use super::{is_special, Whatwg};
use crate::algorithm::host::trace::TraceStep;
use crate::compare::HostTrace;
use icu_normalizer::uts46::Uts46MapperBorrowed;
use icu_normalizer::ComposingNormalizerBorrowed;
use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};
use std::borrow::Cow;

/// The pipeline name of the URL Standard's host-parser stages.
pub const URL_STANDARD: &str = "URL Standard";

/// The marks column of every stage.
const MARKS: &str = "WHATWG";

/// Domain to ASCII's first step: an ASCII domain is lowercased and not
/// processed further (beStrict false).
pub const ASCII_DOMAIN: &str = "ASCII domain";

/// Transitional Processing's mapping of the deviation characters (`ß` →
/// `ss`), shown apart when it leaves an ASCII domain.
pub const DEVIATIONS: &str = "deviation mapping";

/// Domain to ASCII, UTS #46 Processing step 1's status of a code point
/// Unicode leaves unassigned: disallowed.
pub const UNASSIGNED: &str = "unassigned code points";

/// The stage whose outcome is a decision, not a string.
pub const ENDS_IN_A_NUMBER: &str = "ends in a number";

/// Records the stages of a host parser (or not), for `urlprism trace`:
/// the URL Standard's (`whatwg`), and those of the `firefox` and `webkit`
/// engines, which are the Standard's with their browser's departures,
/// each under its own marks column.
pub struct Stages {
    /// Whether stages are recorded.
    on: bool,
    /// The marks column of every stage.
    marks: &'static str,
    /// The stages recorded.
    pub steps: Vec<TraceStep>,
}

impl Stages {
    /// Records nothing (canonicalization).
    pub fn off(marks: &'static str) -> Stages {
        Stages {
            on: false,
            marks,
            steps: Vec::new(),
        }
    }

    /// Records every stage, under `marks`.
    pub fn recording(marks: &'static str) -> Stages {
        Stages {
            on: true,
            marks,
            steps: Vec::new(),
        }
    }

    /// Records a stage.
    pub fn push(&mut self, step: &'static str, before: &str, after: &str) {
        if self.on {
            self.steps.push(TraceStep {
                pipeline: URL_STANDARD,
                step,
                marks: self.marks,
                ran: true,
                before: before.to_string(),
                after: after.to_string(),
            });
        }
    }

    /// A stage that gives a string, or `fail: <reason>`; gives `r`.
    pub fn result(
        &mut self,
        step: &'static str,
        before: &str,
        r: Result<String, String>,
    ) -> Result<String, String> {
        match &r {
            Ok(s) => self.push(step, before, s),
            Err(e) => self.push(step, before, &format!("fail: {e}")),
        }
        r
    }

    /// A check: `after` is the string itself, or `fail: <reason>`.
    pub fn check(
        &mut self,
        step: &'static str,
        s: &str,
        r: Result<(), String>,
    ) -> Result<(), String> {
        match &r {
            Ok(()) => self.push(step, s, s),
            Err(e) => self.push(step, s, &format!("fail: {e}")),
        }
        r
    }
}

/// The URL Standard's host parser on `host` (of a URL whose lowercase
/// scheme is `scheme`) under `engine`, stage by stage.
pub fn trace(engine: &Whatwg, host: &str, scheme: &str) -> HostTrace {
    let mut st = Stages::recording(MARKS);
    let staged = stages(engine, host, scheme, &mut st);
    let actual = engine.host(host, scheme).map_err(|e| e.to_string());
    let result = match (&staged, &actual) {
        (Ok(a), Ok(b)) if a == b => Ok(a.clone()),
        (Err(a), Err(_)) => Err(a.clone()),
        // Never show a result the engine does not give.
        (_, actual) => {
            let shown = match actual {
                Ok(h) => h.clone(),
                Err(e) => format!("fail: {e}"),
            };
            let before = staged.clone().unwrap_or_else(|e| format!("fail: {e}"));
            st.push("parser result", &before, &shown);
            actual.clone()
        }
    };
    HostTrace::staged(&engine.name, host, scheme, st.steps, result)
}

/// The stages; the host, or why there is none.
fn stages(engine: &Whatwg, host: &str, scheme: &str, st: &mut Stages) -> Result<String, String> {
    // Step 1: an IPv6 address.
    if host.starts_with('[') {
        let r = url::Host::parse(host).map(|h| h.to_string());
        return record(st, "IPv6 parser", host, r.map_err(|e| e.to_string()));
    }
    // Step 2: not special, an opaque host.
    if !is_special(scheme) {
        let r = url::Host::parse_opaque(host).map(|h| h.to_string());
        return record(st, "opaque-host parser", host, r.map_err(|e| e.to_string()));
    }
    if host.is_empty() {
        return match scheme {
            "file" => Ok(String::new()),
            _ => Err("empty host".to_string()),
        };
    }
    // Step 4: percent-decode, then UTF-8 decode without BOM.
    let domain = String::from_utf8_lossy(&percent_decode(host)).into_owned();
    st.push("percent-decode", host, &domain);
    // Step 5: domain to ASCII.
    let ascii = domain_to_ascii(engine, &domain, st)?;
    // Step 7: forbidden domain code points.
    st.check(
        "forbidden domain code points",
        &ascii,
        super::domain::forbidden_domain_code_points(&ascii),
    )?;
    // Steps 8 and 9: ends in a number, then the IPv4 parser.
    let number = ends_in_a_number(&ascii);
    st.push(
        ENDS_IN_A_NUMBER,
        &ascii,
        &format!("ends in a number = {number}"),
    );
    let out = if number {
        let r = url::Host::parse(&ascii).map(|h| h.to_string());
        record(st, "IPv4 parser", &ascii, r.map_err(|e| e.to_string()))?
    } else {
        ascii
    };
    Ok(match (scheme, out.as_str()) {
        ("file", "localhost") => String::new(),
        _ => out,
    })
}

/// The bytes of `s` with each `%` and two hex digits replaced by the
/// octet they stand for (`%C3%9F` → `C3 9F`); any other `%` stays.
fn percent_decode(s: &str) -> Vec<u8> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = |j: usize| b.get(j).and_then(|&c| (c as char).to_digit(16));
        match (b[i], hex(i + 1), hex(i + 2)) {
            (b'%', Some(h), Some(l)) => {
                out.push((h * 16 + l) as u8);
                i += 3;
            }
            (c, _, _) => {
                out.push(c);
                i += 1;
            }
        }
    }
    out
}

/// Records a stage that gives a string or fails.
fn record(
    st: &mut Stages,
    step: &'static str,
    before: &str,
    r: Result<String, String>,
) -> Result<String, String> {
    match &r {
        Ok(s) => st.push(step, before, s),
        Err(e) => st.push(step, before, &format!("fail: {e}")),
    }
    r
}

/// Domain to ASCII (beStrict false): an ASCII domain lowercased
/// (`XN--A.com` → `xn--a.com`, its Punycode not checked), any other UTS #46
/// ToASCII with CheckHyphens false, CheckBidi and CheckJoiners true,
/// UseSTD3ASCIIRules false, VerifyDnsLength false;
/// Transitional_Processing as the engine says.
fn domain_to_ascii(engine: &Whatwg, domain: &str, st: &mut Stages) -> Result<String, String> {
    // Transitional Processing maps the deviation characters first (see
    // `transitional`), before the domain is found ASCII or not.
    let mapped = match engine.transitional {
        true => super::domain::map_deviations(domain),
        false => Cow::Borrowed(domain),
    };
    if mapped.is_ascii() {
        if mapped != domain {
            st.push(DEVIATIONS, domain, &mapped);
        }
        let lower = mapped.to_ascii_lowercase();
        st.push(ASCII_DOMAIN, &mapped, &lower);
        return match lower.is_empty() {
            true => record(st, "empty host", &lower, Err("empty host".to_string())),
            false => Ok(lower),
        };
    }
    // UTS #46 disallows a code point the Unicode version leaves
    // unassigned (the `idna` crate's data cannot tell them apart; see
    // `domain::domain_to_ascii`).
    if let Err(why) = super::domain::no_unassigned_code_point(domain) {
        let why = format!("{why} (UTS #46: disallowed)");
        st.push(UNASSIGNED, domain, &format!("fail: {why}"));
        return Err(why);
    }
    uts46_stages(domain, engine.transitional, &mut |step, before, after| {
        st.push(step, before, after)
    })
}

/// UTS #46 ToASCII (CheckHyphens false, CheckBidi and CheckJoiners true,
/// UseSTD3ASCIIRules false, VerifyDnsLength false) stage by stage, each
/// reported to `record` (stage, before, after — `fail: <reason>` when it
/// fails): `UTS #46 mapping`, `UTS #46 normalization`, `validity
/// criteria`, `Punycode` per label, `empty host`.  Also the stages of the
/// `chromium` engine's IDNA.
pub(crate) fn uts46_stages(
    domain: &str,
    transitional: bool,
    record: &mut dyn FnMut(&'static str, &str, &str),
) -> Result<String, String> {
    let check = |record: &mut dyn FnMut(&'static str, &str, &str),
                 step: &'static str,
                 s: &str,
                 r: Result<(), String>|
     -> Result<(), String> {
        match &r {
            Ok(()) => record(step, s, s),
            Err(e) => record(step, s, &format!("fail: {e}")),
        }
        r
    };
    let mapper = Uts46MapperBorrowed::new();
    // Processing step 1: map each code point (a deviation character first
    // by Transitional Processing, when it runs).
    let mapped_input = match transitional {
        true => super::domain::map_deviations(domain),
        false => Cow::Borrowed(domain),
    };
    let mapped: String = mapped_input
        .chars()
        .flat_map(|c| mapper.map_normalize(std::iter::once(c)).collect::<Vec<_>>())
        .collect();
    record("UTS #46 mapping", domain, &mapped);
    // Processing step 2: normalize to NFC.
    let normalized = ComposingNormalizerBorrowed::new_nfc()
        .normalize(&mapped)
        .into_owned();
    record("UTS #46 normalization", &mapped, &normalized);
    // Processing steps 3 and 4: break into labels, convert and validate.
    let checked = Uts46::new().to_ascii(
        normalized.as_bytes(),
        AsciiDenyList::EMPTY,
        Hyphens::Allow,
        DnsLength::Ignore,
    );
    check(
        record,
        "validity criteria",
        &normalized,
        checked.as_ref().map(|_| ()).map_err(|_| {
            "a label fails the UTS #46 validity criteria (code point status, \
             CheckJoiners, CheckBidi, Punycode)"
                .to_string()
        }),
    )?;
    // ToASCII: each label with a non-ASCII code point in Punycode.
    let mut labels = Vec::new();
    for label in normalized.split('.') {
        let out = if label.is_ascii() {
            label.to_string()
        } else {
            match idna::punycode::encode_str(label) {
                Some(p) => format!("xn--{p}"),
                None => {
                    record("Punycode", label, "fail: Punycode overflow");
                    return Err("Punycode overflow".to_string());
                }
            }
        };
        record("Punycode", label, &out);
        labels.push(out);
    }
    let ascii = labels.join(".");
    // Domain to ASCII step 3: an empty result fails.
    check(
        record,
        "empty host",
        &ascii,
        match ascii.is_empty() {
            true => Err("empty host".to_string()),
            false => Ok(()),
        },
    )?;
    Ok(ascii)
}

/// The URL Standard's *ends in a number checker*: the last label (the
/// one before a final empty label) is all ASCII digits, or parses as an
/// IPv4 number (`0x` hexadecimal included).
fn ends_in_a_number(s: &str) -> bool {
    let mut parts: Vec<&str> = s.split('.').collect();
    if parts.last() == Some(&"") {
        if parts.len() == 1 {
            return false;
        }
        parts.pop();
    }
    let last = parts.last().copied().unwrap_or("");
    if !last.is_empty() && last.bytes().all(|b| b.is_ascii_digit()) {
        return true;
    }
    match last.strip_prefix("0x").or_else(|| last.strip_prefix("0X")) {
        Some(hex) => hex.bytes().all(|b| b.is_ascii_hexdigit()),
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn steps(t: &HostTrace) -> Vec<(&str, &str, &str)> {
        t.steps
            .iter()
            .map(|s| (s.step, s.before.as_str(), s.after.as_str()))
            .collect()
    }

    #[test]
    fn stages_of_an_idn() {
        let t = trace(&Whatwg::new(), "Fa%C3%9F.de", "http");
        assert_eq!(t.output.as_deref(), Some("xn--fa-hia.de"));
        let s = steps(&t);
        assert_eq!(s[0], ("percent-decode", "Fa%C3%9F.de", "Faß.de"));
        assert_eq!(s[1], ("UTS #46 mapping", "Faß.de", "faß.de"));
        assert!(s.contains(&("Punycode", "faß", "xn--fa-hia")));
        assert!(!s.iter().any(|x| x.0 == "parser result"));
    }

    #[test]
    fn transitional_maps_deviations() {
        let t = trace(&Whatwg::transitional(), "faß.de", "http");
        assert_eq!(t.output.as_deref(), Some("fass.de"));
        assert_eq!(steps(&t)[1], ("deviation mapping", "faß.de", "fass.de"));
        assert_eq!(steps(&t)[2], ("ASCII domain", "fass.de", "fass.de"));
        // Not ASCII once mapped: UTS #46 processing, which maps them too.
        let t = trace(&Whatwg::transitional(), "faß.bü", "http");
        assert_eq!(steps(&t)[1], ("UTS #46 mapping", "faß.bü", "fass.bü"));
    }

    #[test]
    fn an_ascii_domain_is_lowercased_and_an_unassigned_code_point_fails() {
        let w = Whatwg::new();
        let t = trace(&w, "XN--A.com", "http");
        assert_eq!(t.output.as_deref(), Some("xn--a.com"));
        assert_eq!(steps(&t)[1], ("ASCII domain", "XN--A.com", "xn--a.com"));
        let t = trace(&w, "\u{3E8AC}.com", "http");
        assert!(t.output.is_none());
        assert_eq!(t.steps.last().unwrap().step, "unassigned code points");
    }

    #[test]
    fn ipv4_and_failures() {
        let w = Whatwg::new();
        let t = trace(&w, "0x7F.1", "http");
        assert_eq!(t.output.as_deref(), Some("127.0.0.1"));
        let t = trace(&w, "256.0.0.1", "http");
        assert!(t.output.is_none());
        assert_eq!(t.steps.last().unwrap().step, "IPv4 parser");
        let t = trace(&w, "a%2Fb", "http");
        assert_eq!(t.steps.last().unwrap().step, "forbidden domain code points");
        assert!(t.error.is_some());
        let t = trace(&w, "a\u{200d}b", "http");
        assert_eq!(t.steps.last().unwrap().step, "validity criteria");
    }

    #[test]
    fn ends_in_a_number_checker() {
        for (s, n) in [
            ("1.2.3.4", true),
            ("a.0x", true),
            ("a.0xg", false),
            ("a.1.", true),
            ("a.b", false),
            (".", false),
            ("09", true),
        ] {
            assert_eq!(ends_in_a_number(s), n, "{s}");
        }
    }
}
