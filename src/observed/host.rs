//! The observed browser steps of CanonicalizeHost: steps beyond the
//! specification, numbered after the step they follow (`4a`, `7a`, `20.1a`,
//! `20.2.2a`), and other rules for a step (step 27's [`ipv4_address`]),
//! that model what a 2011 browser did (by its source code, or as measured)
//! and the specification does not say.  Each is switched by a parameter
//! of [`crate::profile::ObservedHostParams`] (a profile file's
//! `[observed.canonicalize_host]` table) that defaults to the
//! specification's behaviour.

use crate::algorithm::host::ace::push_ace;
use crate::algorithm::host::pipeline::{give_up, GiveUp};
use crate::error::HostReason;
use crate::profile::plan::Plan;
use crate::profile::Ipv4Rule;
use crate::text::ipv4::{canonicalize_ipv4, googleurl_2011_ipv4, Ipv4Family};

/// Next to step 7 (IE, [`ObservedHostParams::semicolon_in_host_is_invalid`](crate::profile::ObservedHostParams::semicolon_in_host_is_invalid)): a
/// host holding `;`, written or percent-encoded (`%3B`, either case),
/// returns the fallback.
///
/// `a;b.test` and `a%3bb.test` fail; `a%3db.test` passes.
pub(crate) fn semicolon_in_host(s: &str) -> Result<(), GiveUp> {
    let escaped = s
        .as_bytes()
        .windows(3)
        .any(|w| w[0] == b'%' && w[1] == b'3' && w[2].eq_ignore_ascii_case(&b'b'));
    if escaped || s.contains(';') {
        Err(give_up("7a", HostReason::Semicolon))
    } else {
        Ok(())
    }
}

/// Whether hosts under `scheme` keep the Unicode labels of step 20.2.2:
/// the plan does not run step 20.2.2a, or `scheme` is one of its
/// [`ObservedHostParams::unicode_label_schemes`](crate::profile::ObservedHostParams::unicode_label_schemes).
pub(crate) fn keeps_unicode_labels(plan: &Plan, scheme: &str) -> bool {
    !plan.runs(const { crate::profile::host_steps::host("20.2.2a") })
        || plan
            .host()
            .observed
            .unicode_label_schemes
            .as_ref()
            .is_none_or(|l| l.iter().any(|s| s.eq_ignore_ascii_case(scheme)))
}

/// After step 20.2.2 (IE, for schemes not in
/// [`ObservedHostParams::unicode_label_schemes`](crate::profile::ObservedHostParams::unicode_label_schemes)): the label in its ASCII form,
/// appended to `out`.  `known_ace` is the /p_label/ of 20.2.2.2 when the
/// label was Unicode: the round trip has checked that it is what Punycode
/// gives.
///
/// `\u{4E00}` → `xn--4gq`; `jp` → `jp`.
pub(crate) fn ace_label(
    label: &str,
    known_ace: Option<&str>,
    out: &mut String,
) -> Result<(), GiveUp> {
    if label.is_ascii() {
        out.push_str(label);
    } else if let Some(ace) = known_ace {
        out.push_str(ace);
    } else {
        push_ace(label, out).ok_or_else(|| give_up("20.2.2a", HostReason::PunycodeCannotEncode))?;
    }
    Ok(())
}

/// Before step 5 (GECKO, [`ObservedHostParams::colon_in_host_is_invalid`](crate::profile::ObservedHostParams::colon_in_host_is_invalid)): a `:`
/// in the host as parsed, outside a `[`...`]` span, makes the URL invalid
/// outright (Gecko's fallback would keep the host as written).
///
/// `foo:80`, `ab[cd:012:` and `%5b::abc` fail; `xn--[::]-` and `[::1]`
/// pass (their colons are bracketed), and so does `a\u{FF1A}b` (Nameprep
/// has not run yet).
pub(crate) fn colon_outside_brackets(s: &str) -> Result<(), GiveUp> {
    let mut open = None;
    // A `]` after a `:` closes it: the last `]`, found once (linear time).
    let last_close = s.rfind(']');
    for (i, c) in s.char_indices() {
        match c {
            '[' if open.is_none() => open = Some(i),
            ']' => open = None,
            ':' => {
                let closed = open.is_some() && last_close.is_some_and(|j| j > i);
                if !closed {
                    return Err(GiveUp {
                        outright: true,
                        ..give_up("4a", HostReason::ColonOutsideBrackets)
                    });
                }
            }
            _ => {}
        }
    }
    Ok(())
}

/// Step 27 under the profile's [`HostParams::ipv4`](crate::profile::HostParams::ipv4) rule: the canonical
/// address (`Ok(Some)`), a domain name (`Ok(None)`), or "return fail"
/// outright (googleurl's `BROKEN`: Chrome makes the URL invalid, it has no
/// fallback).
///
/// * `spec`: [`canonicalize_ipv4`]: `0x7f.1` → `127.0.0.1`,
///   `192.168.0.256` → a name.
/// * `googleurl-2011` ([`googleurl_2011_ipv4`], googleurl
///   `src/url_canon_ip.cc` `DoIPv4AddressToNumber` before revision
///   9ddcf11): `0x7f.1` → `127.0.0.1`; `192.168.0.256` and
///   `99999999999.abc` fail; `99999999999.com` → a name.
/// * `none` (Gecko 2.0: `nsStandardURL::BuildNormalizedSpec` has no IPv4
///   code, the host is only lowercased): `0x7f.1` → a name.
pub(crate) fn ipv4_address(s: &str, rule: Ipv4Rule) -> Result<Option<String>, GiveUp> {
    match rule {
        Ipv4Rule::Spec => Ok(canonicalize_ipv4(s)),
        Ipv4Rule::Googleurl2011 => match googleurl_2011_ipv4(s) {
            Ipv4Family::Address(a) => Ok(Some(std::net::Ipv4Addr::from(a).to_string())),
            Ipv4Family::NotAddress => Ok(None),
            Ipv4Family::Broken => Err(GiveUp {
                outright: true,
                ..give_up("27", HostReason::BrokenIpv4)
            }),
        },
        Ipv4Rule::None => Ok(None),
    }
}

/// Next to step 20.1 (GECKO, [`ObservedHostParams::idn_whitelist_needs_assigned`](crate::profile::ObservedHostParams::idn_whitelist_needs_assigned)):
/// whether the host, after Nameprep, holds a code point unassigned in
/// Unicode 3.2 (Nameprep table A.1), which makes it "not whitelisted".
/// Gecko 2.0's `nsIDNService::isInWhitelist` (`netwerk/dns/nsIDNService.cpp`)
/// first converts a non-ASCII host with `UTF8toACE(host, host, PR_FALSE)`
/// (no unassigned code points allowed) and answers false when that fails;
/// `ConvertToDisplayIDN` then returns the ACE form.
///
/// `foo\u{3040}bar.org` → true (shown as `xn--foobar-...org`,
/// test_bug479413.js:48); `bücher.org` → false.
pub(crate) fn holds_unassigned(s: &str) -> bool {
    !s.is_ascii()
        && s.chars()
            .any(crate::text::unicode::stringprep::is_unassigned)
}

#[cfg(test)]
mod gecko_model_step_tests {
    use super::*;
    use crate::algorithm::host::canonicalize_host;
    use crate::error::Error;

    fn gecko() -> &'static crate::profile::ProfileSpec {
        crate::profile::builtin("gecko").unwrap()
    }

    fn fails_at(h: &str, step: &str) {
        match canonicalize_host(h, "http", gecko()) {
            Err(Error::Host { step: s, .. }) if s == step => {}
            r => panic!("{h}: expected a failure at step {step}, got {r:?}"),
        }
    }

    #[test]
    fn colon_outside_brackets_is_invalid() {
        for h in ["foo:80", "foo:", "ab:cd:012:", "ab[cd:012:", "%5B::abc"] {
            fails_at(h, "4a");
        }
        assert!(colon_outside_brackets("xn--[::]-").is_ok());
        assert!(colon_outside_brackets("[::1]").is_ok());
        // A colon Nameprep makes is kept.
        assert_eq!(
            canonicalize_host("a\u{FF1A}b.test", "http", gecko()).unwrap(),
            "a:b.test"
        );
        // file: hosts are exempt.
        assert!(colon_outside_brackets("c:").is_err());
        assert!(canonicalize_host("c:", "file", gecko()).is_ok());
    }

    #[test]
    fn whitelisted_ace_labels_are_shown_in_unicode() {
        let host = |h: &str| canonicalize_host(h, "http", gecko()).unwrap();
        assert_eq!(host("xn--bcher-kva.es"), "b\u{FC}cher.es");
        assert_eq!(host("WWW.XN--bcher-kva.es."), "www.b\u{FC}cher.es.");
        // `com` is not whitelisted.
        assert_eq!(host("xn--bcher-kva.com"), "xn--bcher-kva.com");
        // U+3040 is unassigned in Unicode 3.2: the label stays ACE.
        assert_eq!(host("xn--foobar-533e.org"), "xn--foobar-533e.org");
        // One label that does not decode back (to ASCII `abc`) keeps the
        // whole host as it is.
        assert_eq!(
            host("xn--bcher-kva.xn--abc-.es"),
            "xn--bcher-kva.xn--abc-.es"
        );
        // A host written in Unicode keeps an `xn--` label as it is.
        assert_eq!(host("\u{FC}.xn--bcher-kva.es"), "\u{FC}.xn--bcher-kva.es");
        // The specification's profile does not convert ASCII hosts.
        assert_eq!(
            canonicalize_host("xn--bcher-kva.es", "http", crate::profile::this()).unwrap(),
            "xn--bcher-kva.es"
        );
    }

    #[test]
    fn unassigned_code_point_is_not_whitelisted() {
        let host = |h: &str| canonicalize_host(h, "http", gecko()).unwrap();
        assert!(host("foo\u{3040}bar.org").starts_with("xn--foobar-"));
        assert_eq!(host("b\u{FC}cher.org"), "b\u{FC}cher.org");
        assert!(holds_unassigned("\u{370}"));
        assert!(!holds_unassigned("b\u{FC}cher"));
    }
}

#[cfg(test)]
mod ipv4_rule_tests {
    use crate::algorithm::host::canonicalize_host;
    use crate::error::Error;
    use crate::profile::builtin;

    fn host(h: &str, profile: &str) -> Result<String, Error> {
        canonicalize_host(h, "http", builtin(profile).unwrap())
    }

    #[test]
    fn chrome_reads_ipv4_as_googleurl_did_in_2011() {
        let long = "1234567890".repeat(6);
        let e = host(&format!("{long}.abc"), "chrome").unwrap_err();
        assert!(matches!(e, Error::Host { step: "27", .. }), "{e:?}");
        assert_eq!(
            host(&format!("{long}.com"), "chrome").unwrap(),
            format!("{long}.com")
        );
        assert_eq!(host("0x7F.1", "chrome").unwrap(), "127.0.0.1");
        // Escaped: decoded at step 6, then read.
        assert_eq!(host("%31%32%37.1", "chrome").unwrap(), "127.0.0.1");
    }

    #[test]
    fn gecko_has_no_ipv4_step() {
        assert_eq!(
            host("19\u{200C}2.168.0.001", "gecko").unwrap(),
            "192.168.0.001"
        );
        // A host in the form of an address is only lowercased, escapes
        // and all (nsStandardURL::BuildNormalizedSpec has no IPv4 code).
        assert_eq!(host("0x7F.1", "gecko").unwrap(), "0x7f.1");
        assert_eq!(
            host("%30%78%63%30%2e%30%32%35%30.01%2e", "gecko").unwrap(),
            "%30%78%63%30%2e%30%32%35%30.01%2e"
        );
        assert_eq!(
            host("192.168.%E2%80%8D0.001", "gecko").unwrap(),
            "192.168.%e2%80%8d0.001"
        );
    }

    #[test]
    fn ie_reads_ipv4_only_in_an_ascii_host() {
        assert_eq!(
            host("19\u{200C}2.168.0.001", "ie").unwrap(),
            "192.168.0.001"
        );
        assert_eq!(host("0300.0250.00.01", "ie").unwrap(), "192.168.0.1");
        assert_eq!(host("\u{FF10}\u{FF38}\u{FF43}\u{FF10}\u{FF0E}\u{FF10}\u{FF12}\u{FF15}\u{FF10}\u{FF0E}\u{FF10}\u{FF11}", "ie").unwrap(), "192.168.0.1");
    }

    #[test]
    fn ie_bidi_data_is_unicode_3_1() {
        assert_eq!(host("\u{07B1}x", "ie").unwrap(), "\u{07B1}x");
        assert!(host("\u{0786}x", "ie").is_err());
        assert!(host("\u{07B1}x", "this").is_err());
    }
}

#[cfg(test)]
mod ie_step_tests {
    use crate::algorithm::host::canonicalize_host;
    use crate::error::Error;
    use crate::profile::this;

    fn ie() -> &'static crate::profile::ProfileSpec {
        crate::profile::builtin("ie").unwrap()
    }

    #[test]
    fn semicolon_in_host_is_invalid() {
        for h in ["a;b.test", "a%3bb.test", "a%3Bb"] {
            let e = canonicalize_host(h, "http", ie()).unwrap_err();
            assert!(matches!(e, Error::Host { step: "7a", .. }), "{h}: {e:?}");
        }
        assert_eq!(
            canonicalize_host("a%3db.test", "http", ie()).unwrap(),
            "a%3db.test"
        );
        // The specification's profile percent-encodes it.
        assert_eq!(
            canonicalize_host("a;b.test", "http", this()).unwrap(),
            "a%3Bb.test"
        );
    }

    #[test]
    fn unicode_labels_only_for_listed_schemes() {
        assert_eq!(
            canonicalize_host("\u{4E00}.jp", "http", ie()).unwrap(),
            "\u{4E00}.jp"
        );
        assert_eq!(
            canonicalize_host("xn--4gq.jp", "https", ie()).unwrap(),
            "\u{4E00}.jp"
        );
        assert_eq!(
            canonicalize_host("\u{4E00}.jp", "ftp", ie()).unwrap(),
            "xn--4gq.jp"
        );
        assert_eq!(
            canonicalize_host("XN--4gq.jp", "ftp", ie()).unwrap(),
            "xn--4gq.jp"
        );
    }
}
