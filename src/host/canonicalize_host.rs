//! The CanonicalizeHost algorithm (specification "The CanonicalizeHost
//! algorithm"), written once; the profile decides which marked steps run.
//!
//! ```
//! use urlprism::host::canonicalize_host;
//! let this = urlprism::profile::this();
//! assert_eq!(canonicalize_host("WWW.Ｅxample.COM.", "http", this).unwrap(), "www.example.com.");
//! assert_eq!(canonicalize_host("b%C3%BCcher.de", "http", this).unwrap(), "xn--bcher-kva.de");
//! assert_eq!(canonicalize_host("0x7f.1", "http", this).unwrap(), "127.0.0.1");
//! assert!(canonicalize_host("a%2Fb", "http", this).is_err());
//! ```

use super::nameprep::nameprep_traced;
use super::trace::{NoTrace, Pipeline, Tracer};
use crate::error::Error;
use crate::ipv4::canonicalize_ipv4;
use crate::ipv6::canonicalize_ipv6;
use crate::octets::OctetSet;
use crate::percent::{self, percent_encode};
use crate::profile::{
    Fallback, HostClass, HexCase, HostParams, HostPercentDecoding, LabelConversion, Profile, RootDot,
};
use crate::unicode::{gecko, stringprep};

const NAME: &str = "CanonicalizeHost";

/// The longest label, in characters (RFC 1034; RFC 3490 ToASCII step 8).
const MAX_LABEL_LEN: usize = 63;

/// A label separator [RFC 3490 3.1]: U+002E, U+3002, U+FF0E, U+FF61.
#[inline]
pub fn is_label_separator(c: char) -> bool {
    matches!(c, '.' | '\u{3002}' | '\u{FF0E}' | '\u{FF61}')
}

/// Runs CanonicalizeHost on `host` of a URL whose scheme is `scheme`.
///
/// Returns the canonical host (possibly empty), the profile's fallback when
/// a step gives up and the profile falls back to the input, or
/// [`Error::Host`] naming the step that failed.
pub fn canonicalize_host(host: &str, scheme: &str, profile: &dyn Profile) -> Result<String, Error> {
    canonicalize_host_traced(host, scheme, profile, &mut NoTrace)
}

/// The profile that canonicalizes `host` in place of `profile`, when the
/// host is not a domain name and the profile names one for such hosts
/// ([`HostParams::other_hosts_as`]).
///
/// With `other_hosts_as = "this"`: `file://c:foo/`'s host `c:foo`, `[::1]`,
/// `foo;type=A` → THIS; `a%3Bb.test`, `bücher.de` stay with the profile.
fn other_hosts_profile(host: &str, scheme: &str, profile: &dyn Profile) -> Option<&'static dyn Profile> {
    let name = profile.host().other_hosts_as.as_str();
    if name.is_empty() || name.eq_ignore_ascii_case(profile.name()) {
        return None;
    }
    let is_class = |class: &HostClass| match class {
        HostClass::File => scheme.eq_ignore_ascii_case("file"),
        HostClass::IpLiteral => host.starts_with('[') || host.ends_with(']'),
        HostClass::Delimiters => host.bytes().any(|b| {
            b.is_ascii() && !(b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'%'))
        }),
    };
    if !profile.host().other_hosts.iter().any(is_class) {
        return None;
    }
    crate::profile::builtin(name).map(|p| p as &dyn Profile)
}

/// Where a step gave up: its number and why.  `outright` is "return
/// fail" even when the profile has a fallback (step 13.1).
struct GiveUp {
    step: &'static str,
    reason: String,
    outright: bool,
}

impl std::fmt::Display for GiveUp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.reason)
    }
}

fn give_up(step: &'static str, reason: impl Into<String>) -> GiveUp {
    GiveUp {
        step,
        reason: reason.into(),
        outright: false,
    }
}

/// [`canonicalize_host`], reporting each step to `tracer`.
pub fn canonicalize_host_traced<T: Tracer>(
    host: &str,
    scheme: &str,
    profile: &dyn Profile,
    tracer: &mut T,
) -> Result<String, Error> {
    if let Some(other) = other_hosts_profile(host, scheme, profile) {
        if T::ENABLED {
            tracer.step(NAME, "1", "", true, host, &format!("not a domain name: following profile {}", other.name()));
        }
        return canonicalize_host_steps(host, scheme, other, tracer);
    }
    canonicalize_host_steps(host, scheme, profile, tracer)
}

/// Steps 2 to 31 under `profile` (its `other_hosts_as` is not consulted
/// again: the choice of profile is made once).
fn canonicalize_host_steps<T: Tracer>(
    host: &str,
    scheme: &str,
    profile: &dyn Profile,
    tracer: &mut T,
) -> Result<String, Error> {
    let hp = profile.host();
    // Step 2: remove U+0009, U+000A, U+000D.
    let s: String = host
        .chars()
        .filter(|&c| !matches!(c, '\t' | '\n' | '\r'))
        .collect();
    let mut pl = Pipeline { tracer, name: NAME };
    pl.note("2", "", true, host, || s.clone());
    // Steps 3 and 4: the fallback.
    let fallback = match hp.fallback {
        Fallback::Fail => None,
        Fallback::LowercasedInput => Some(s.to_ascii_lowercase()),
    };
    pl.note("4", "GECKO", fallback.is_some(), &s, || {
        format!("fallback = {:?}", fallback.as_deref().unwrap_or_default())
    });
    match steps(s, scheme, profile, hp, fallback.as_deref(), &mut pl) {
        Ok(out) => Ok(out),
        Err(g) => match fallback {
            Some(f) if !g.outright => {
                pl.note("fallback", "GECKO", true, &g.reason, || f.clone());
                Ok(f)
            }
            _ => Err(Error::Host {
                host: host.to_string(),
                step: g.step,
                reason: g.reason,
            }),
        },
    }
}

/// Steps 5 to 31; `Err` is "return /fallback/" from the step it names.
fn steps<T: Tracer>(
    mut s: String,
    scheme: &str,
    profile: &dyn Profile,
    hp: &HostParams,
    fallback: Option<&str>,
    pl: &mut Pipeline<'_, T>,
) -> Result<String, GiveUp> {
    let is_file = scheme.eq_ignore_ascii_case("file");

    pl.check(
        "5",
        "THIS",
        hp.escaped_bracket_fallback,
        &s,
        escaped_bracket,
    )?;
    pl.rewrite(
        "6",
        "THIS/CHROME",
        hp.percent_decoding == HostPercentDecoding::Utf8,
        &mut s,
        |s| percent::percent_decode_utf8(s).into_owned(),
    );
    pl.rewrite(
        "7",
        "IE",
        hp.percent_decoding == HostPercentDecoding::Selective,
        &mut s,
        |s| percent::percent_decode_selected(s, &hp.selective_decode).into_owned(),
    );

    // Steps 8 and 9.
    let mut has_root_dot = false;
    let mut need_punycode = !s.is_ascii();
    pl.note("9", "", true, &s, || {
        format!("need-punycode = {need_punycode}")
    });

    // Step 10 (CHROME/IE): a trailing label separator is the root dot.
    let strip_early = hp.root_dot == RootDot::BeforeNameprep && s.ends_with(is_label_separator);
    pl.rewrite(
        "10",
        "CHROME/IE",
        hp.root_dot == RootDot::BeforeNameprep,
        &mut s,
        |s| {
            if strip_early {
                let mut t = s.to_string();
                t.pop();
                t
            } else {
                s.to_string()
            }
        },
    );
    has_root_dot |= strip_early;

    // Step 11 (THIS/GECKO/IE): Nameprep without bidi on the whole host.
    if hp.nameprep_whole_host {
        let before = s.clone();
        match nameprep_traced(&s, profile, false, pl.tracer) {
            Ok(t) => {
                pl.note("11", "THIS/GECKO/IE", true, &before, || t.clone());
                s = t;
            }
            Err(e) => {
                let g = give_up("11", e.to_string());
                pl.note("11", "THIS/GECKO/IE", true, &before, || {
                    format!("fail: {g}")
                });
                return Err(g);
            }
        }
    } else {
        pl.note("11", "THIS/GECKO/IE", false, &s, String::new);
    }

    pl.check("12", "CHROME", hp.percent_after_nameprep_fails, &s, |s| {
        if s.contains('%') {
            Err(give_up("12", "'%' in the host after Nameprep"))
        } else {
            Ok(())
        }
    })?;
    pl.check("13", "GECKO", hp.nul_space_check, &s, |s| {
        nul_space_check(s, fallback)
    })?;
    pl.rewrite(
        "14",
        "CHROME",
        !hp.early_percent_encode.is_empty(),
        &mut s,
        |s| encode(s, &hp.early_percent_encode, HexCase::Upper),
    );
    pl.rewrite("15", "", true, &mut s, |s| {
        s.chars()
            .map(|c| if is_label_separator(c) { '.' } else { c })
            .collect()
    });
    let strip_late = hp.root_dot == RootDot::AfterSeparators && s.ends_with('.');
    pl.rewrite(
        "16",
        "THIS",
        hp.root_dot == RootDot::AfterSeparators,
        &mut s,
        |s| {
            if strip_late {
                s[..s.len() - 1].to_string()
            } else {
                s.to_string()
            }
        },
    );
    has_root_dot |= strip_late;

    // Step 17.
    let mut labels: Vec<String> = s.split('.').map(str::to_string).collect();
    // Step 18 (IE).
    if hp.xn_label_needs_punycode && labels.iter().any(|l| l.starts_with("xn--")) {
        need_punycode = true;
    }
    pl.note("18", "IE", hp.xn_label_needs_punycode, &s, || {
        format!("need-punycode = {need_punycode}")
    });

    // Steps 19 and 20.
    let mut idn_enabled = false;
    if need_punycode {
        if hp.idn_tld_check {
            idn_enabled = idn_enabled_tld(&labels, &s);
        }
        pl.note("20.1", "GECKO", hp.idn_tld_check, &s, || {
            format!("idn-enabled = {idn_enabled}")
        });
        for label in labels.iter_mut() {
            let before = label.clone();
            let (step, marks, r) = match hp.label_conversion {
                LabelConversion::ToAscii => (
                    "20.2.1",
                    "THIS/GECKO/CHROME",
                    label_to_ascii(label, profile, hp, idn_enabled, pl),
                ),
                LabelConversion::IeRoundTrip => {
                    ("20.2.2", "IE", label_ie_round_trip(label, profile))
                }
            };
            match r {
                Ok(l) => {
                    pl.note(step, marks, true, &before, || l.clone());
                    *label = l;
                }
                Err(g) => {
                    pl.note(step, marks, true, &before, || format!("fail: {g}"));
                    return Err(g);
                }
            }
        }
    } else if T::ENABLED {
        pl.note("20", "", false, &s, String::new);
    }

    // Steps 21 and 22.
    let mut s = labels.join(".");
    if has_root_dot {
        s.push('.');
    }
    pl.note("22", "", true, &s, || s.clone());

    pl.rewrite(
        "23",
        "CHROME",
        hp.decode_escapes_as_latin1,
        &mut s,
        |s| percent::percent_decode_latin1(s).into_owned(),
    );
    pl.rewrite(
        "24",
        "CHROME",
        hp.final_ascii_lowercase,
        &mut s,
        str::to_ascii_lowercase,
    );

    // Step 25: IPv6.
    let bracketed = s.len() >= 2 && s.starts_with('[') && s.ends_with(']');
    if bracketed {
        if let Some(v6) = canonicalize_ipv6(&s[1..s.len() - 1]) {
            let out = format!("[{v6}]");
            pl.note("25", "", true, &s, || out.clone());
            return Ok(out);
        }
    }
    // "Otherwise" ties step 26 to step 25's condition: a bracketed host
    // that is not an IPv6 address keeps its colons.
    pl.check("26", "THIS", hp.colon_fails && !is_file && !bracketed, &s, |s| {
        if s.contains(':') {
            Err(give_up("26", "':' in a host that is not an IPv6 address"))
        } else {
            Ok(())
        }
    })?;
    // Step 27: IPv4.
    if let Some(v4) = canonicalize_ipv4(&s) {
        pl.note("27", "", true, &s, || v4.clone());
        return Ok(v4);
    }
    pl.check("28", "", !hp.forbidden.is_empty(), &s, |s| {
        match s.chars().find(|&c| hp.forbidden.contains_char(c)) {
            Some(c) => Err(give_up(
                "28",
                format!("forbidden character {c:?} in the host"),
            )),
            None => Ok(()),
        }
    })?;
    pl.check("29", "IE", hp.bad_escape_fails, &s, |s| {
        if percent::has_bad_escape(s) {
            Err(give_up("29", "\"%00\", or '%' not followed by two hexadecimal digits"))
        } else {
            Ok(())
        }
    })?;
    let mut octets = hp.percent_encode;
    if hp.percent_encode_at_unless_file && !is_file {
        octets = octets.with(b'@');
    }
    pl.rewrite("30", "", !octets.is_empty(), &mut s, |s| {
        encode(s, &octets, hp.hex_case)
    });
    Ok(s)
}

/// Step 5 (THIS): a host beginning with `%5B` (an escaped `[`) returns the
/// fallback: `%5B::1%5D` is not an IPv6 literal in disguise.
fn escaped_bracket(s: &str) -> Result<(), GiveUp> {
    if s.as_bytes().get(..3).is_some_and(|b| b.eq_ignore_ascii_case(b"%5B")) {
        Err(give_up("5", "the host begins with an escaped '['"))
    } else {
        Ok(())
    }
}





/// Step 13 (GECKO): when the host holds U+0000 or U+0020, look at the
/// fallback (the lowercased input): with U+0000 or U+0020 as well the host
/// fails outright; with a character the Prohibit step disallows, the
/// fallback is returned.
fn nul_space_check(s: &str, fallback: Option<&str>) -> Result<(), GiveUp> {
    if !s.contains(['\0', ' ']) {
        return Ok(());
    }
    let fallback = fallback.unwrap_or_default();
    if fallback.contains(['\0', ' ']) {
        // 13.1: "return fail", whatever the fallback.
        return Err(GiveUp {
            outright: true,
            ..give_up("13.1", "U+0000 or U+0020 in the host")
        });
    }
    if fallback.chars().any(stringprep::is_prohibited) {
        return Err(give_up(
            "13.2",
            "U+0000 or U+0020 after Nameprep, and a character the Prohibit step disallows in the input",
        ));
    }
    Ok(())
}

/// Steps 14 and 30: percent-encode in UTF-8.
fn encode(s: &str, octets: &OctetSet, hex: HexCase) -> String {
    let mut out = String::with_capacity(s.len());
    percent_encode(s, encoding_rs::UTF_8, octets, hex, &mut out);
    out
}

/// Step 20.1 (GECKO): whether IDN is enabled for the host's TLD.
///
/// 1. /tld/ is the last non-empty label; 2. a non-ASCII /tld/ is Punycode
/// encoded and prefixed with `xn--` (the empty string if that fails); 3. it
/// must be whitelisted; 4. and no character of the host blacklisted.
fn idn_enabled_tld(labels: &[String], s: &str) -> bool {
    let tld = labels
        .iter()
        .rev()
        .find(|l| !l.is_empty())
        .map_or("", |l| l.as_str());
    let tld = if tld.is_ascii() {
        tld.to_string()
    } else {
        punycode_encode(tld).map_or_else(String::new, |p| format!("xn--{p}"))
    };
    gecko::is_idn_whitelisted_tld(&tld) && !s.chars().any(gecko::is_idn_blacklisted)
}

/// Punycode [RFC 3492] of a label, or `None` when it cannot be encoded or
/// could never fit in a label (more than 63 characters before encoding
/// cannot give 63 after; checking first keeps huge labels linear).
fn punycode_encode(label: &str) -> Option<String> {
    if label.chars().count() > MAX_LABEL_LEN {
        return None;
    }
    punycode::encode(label).ok()
}

/// Step 20.2.1 (THIS/GECKO/CHROME) for one label.
fn label_to_ascii<T: Tracer>(
    label: &str,
    profile: &dyn Profile,
    hp: &HostParams,
    idn_enabled: bool,
    pl: &mut Pipeline<'_, T>,
) -> Result<String, GiveUp> {
    // 20.2.1.1: Nameprep with bidi.  After step 11 (THIS/GECKO) only the
    // Check bidi step remains to be done; Nameprep is idempotent.
    let label = if hp.nameprep_whole_host && label.is_ascii() {
        label.to_string()
    } else {
        nameprep_traced(label, profile, true, pl.tracer)
            .map_err(|e| give_up("20.2.1.1", e.to_string()))?
    };
    if !label.is_ascii() {
        // 20.2.1.2
        if idn_enabled {
            return Ok(label);
        }
        if hp.xn_non_ascii_fails && label.starts_with("xn--") {
            return Err(give_up(
                "20.2.1.2.1.1",
                "a label beginning with \"xn--\" holds non-ASCII characters",
            ));
        }
        let puny = punycode_encode(&label)
            .ok_or_else(|| give_up("20.2.1.2.1.2", "Punycode cannot encode the label"))?;
        let out = format!("xn--{puny}");
        if out.len() > MAX_LABEL_LEN {
            return Err(give_up(
                "20.2.1.2.1.4",
                "the label is longer than 63 characters",
            ));
        }
        Ok(out)
    } else {
        // 20.2.1.3
        let mut label = label;
        if hp.truncate_ascii_label > 0 && label.len() > hp.truncate_ascii_label {
            label.truncate(hp.truncate_ascii_label);
        }
        if hp.empty_label_fails && label.is_empty() {
            return Err(give_up("20.2.1.3.2", "empty label"));
        }
        if label.len() > MAX_LABEL_LEN {
            return Err(give_up(
                "20.2.1.3.3",
                "the label is longer than 63 characters",
            ));
        }
        Ok(label)
    }
}

/// Step 20.2.2 (IE): the modified ToUnicode operation for one label: the
/// label, Punycode-encoded if need be, must survive a round trip through
/// Punycode decoding and ToASCII unchanged; the result is the Unicode form.
fn label_ie_round_trip(label: &str, profile: &dyn Profile) -> Result<String, GiveUp> {
    // 20.2.2.1
    let label = if label.is_ascii() {
        label.to_string()
    } else {
        let p = punycode_encode(label)
            .ok_or_else(|| give_up("20.2.2.1.1", "Punycode cannot encode the label"))?;
        format!("xn--{p}")
    };
    // 20.2.2.2
    let p_label = label.clone();
    // 20.2.2.3
    let label = match label.strip_prefix("xn--") {
        Some(rest) => {
            if rest.len() > 4 * MAX_LABEL_LEN {
                return Err(give_up("20.2.2.3.2", "the Punycode label is too long"));
            }
            punycode::decode(rest)
                .map_err(|_| give_up("20.2.2.3.2", "not a valid Punycode label"))?
        }
        None => label,
    };
    // 20.2.2.4
    let a_label = to_ascii_std3(&label, profile).map_err(|r| give_up("20.2.2.4", r))?;
    // 20.2.2.5
    if a_label != p_label {
        return Err(give_up(
            "20.2.2.5",
            format!("ToASCII gives {a_label:?}, not {p_label:?}"),
        ));
    }
    // 20.2.2.6
    if label.contains('\u{3002}') {
        return Err(give_up("20.2.2.6", "U+3002 in the label"));
    }
    // The result of ToUnicode is the decoded label: IE shows IDNs in
    // Unicode (`xn--ab-mia` and `aáb` both give `aáb`).
    Ok(label)
}

/// ToASCII [RFC 3490 4.1] with UseSTD3ASCIIRules and without
/// AllowUnassigned, using the profile's Nameprep.
fn to_ascii_std3(label: &str, profile: &dyn Profile) -> Result<String, String> {
    // Steps 1 and 2.
    let label = if label.is_ascii() {
        label.to_string()
    } else {
        if let Some(c) = label.chars().find(|&c| stringprep::is_unassigned(c)) {
            return Err(format!(
                "ToASCII: U+{:04X} is unassigned in Unicode 3.2",
                c as u32
            ));
        }
        super::nameprep::nameprep(label, profile, true).map_err(|e| format!("ToASCII: {e}"))?
    };
    // Step 3: UseSTD3ASCIIRules.
    if let Some(c) = label
        .chars()
        .find(|&c| c.is_ascii() && !(c.is_ascii_alphanumeric() || c == '-'))
    {
        return Err(format!("ToASCII: {c:?} is not a letter, digit or hyphen"));
    }
    if label.starts_with('-') || label.ends_with('-') {
        return Err("ToASCII: the label begins or ends with '-'".into());
    }
    // Steps 4 to 7.
    let label = if label.is_ascii() {
        label
    } else {
        if label.as_bytes().get(..4).is_some_and(|b| b.eq_ignore_ascii_case(b"xn--")) {
            return Err("ToASCII: the label already begins with the ACE prefix".into());
        }
        let p = punycode_encode(&label).ok_or("ToASCII: Punycode cannot encode the label")?;
        format!("xn--{p}")
    };
    // Step 8.
    if label.is_empty() || label.len() > MAX_LABEL_LEN {
        return Err("ToASCII: the label is empty or longer than 63 characters".into());
    }
    Ok(label)
}



#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile::this;

    fn this_host(h: &str) -> Result<String, Error> {
        canonicalize_host(h, "http", this())
    }

    #[test]
    fn this_lowercases_and_keeps_root_dot() {
        assert_eq!(this_host("ExAmPlE.CoM.").unwrap(), "example.com.");
    }

    #[test]
    fn this_punycodes_idn() {
        assert_eq!(this_host("Bücher.de").unwrap(), "xn--bcher-kva.de");
        assert_eq!(this_host("日本語。jp").unwrap(), "xn--wgv71a119e.jp");
    }

    #[test]
    fn this_empty_label_fails_only_for_idn() {
        assert_eq!(this_host("a..b").unwrap(), "a..b");
        let e = this_host("ü..b").unwrap_err();
        assert!(
            matches!(
                e,
                Error::Host {
                    step: "20.2.1.3.2",
                    ..
                }
            ),
            "{e:?}"
        );
    }

    #[test]
    fn this_forbidden_and_colon() {
        assert!(matches!(
            this_host("a%2fb").unwrap_err(),
            Error::Host { step: "28", .. }
        ));
        assert!(matches!(
            this_host("a:b").unwrap_err(),
            Error::Host { step: "26", .. }
        ));
        assert_eq!(canonicalize_host("c:", "file", this()).unwrap(), "c:");
    }

    #[test]
    fn this_percent_encodes_specials() {
        assert_eq!(this_host("a b<@").unwrap(), "a%20b%3C%40");
        assert_eq!(canonicalize_host("a@", "file", this()).unwrap(), "a@");
    }

    #[test]
    fn this_escaped_bracket_fails() {
        assert!(matches!(
            this_host("%5B::1%5D").unwrap_err(),
            Error::Host { step: "5", .. }
        ));
    }

    #[test]
    fn ip_literals() {
        assert_eq!(this_host("[0:0::1]").unwrap(), "[::1]");
        assert_eq!(this_host("0x7F.0.0.1").unwrap(), "127.0.0.1");
    }

    #[test]
    fn xn_label_with_unicode_fails() {
        assert!(this_host("xn--ü.de").is_err());
    }

    #[test]
    fn huge_label_is_linear_and_fails() {
        let h = "ü".repeat(200_000);
        assert!(this_host(&h).is_err());
    }
}
