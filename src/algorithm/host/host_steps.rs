//! CanonicalizeHost steps 2 to 31, one by one (specification "The
//! CanonicalizeHost algorithm"), with no shortcut: what the entry of
//! CanonicalizeHost runs where its shortcuts (a layer above) do not
//! apply, and what a tracer sees.  Each step runs when
//! the plan runs it ([`Plan::runs`], the step registry's switch); the
//! labels (steps 17 to 21) are in [`super::labels`].
//!
//! THIS: `WWW.Ｅxample.COM.` → `www.example.com.`; `b%C3%BCcher.de` →
//! `xn--bcher-kva.de`; `0x7f.1` → `127.0.0.1`; `a%2Fb` fails at step 28.

use super::labels::{ace_labels_in_unicode, convert_labels, is_label_separator};
use super::nameprep::nameprep_with;
use super::pipeline::{give_up, GiveUp, Pipeline};
use super::trace::Tracer;
use crate::error::{Error, HostReason};
use crate::observed::host::{colon_outside_brackets, ipv4_address, semicolon_in_host};
use crate::profile::host_steps as steps;
use crate::profile::plan::Plan;
use crate::profile::{HexCase, HostParams, Ipv6Rule};
use crate::text::ipv6::{
    canonicalize_ipv6, canonicalize_ipv6_windows, format_ipv6, googleurl_ipv6,
};
use crate::text::octets::OctetSet;
use crate::text::percent::{self, percent_encode};
use crate::text::unicode::stringprep;
use std::borrow::Cow;

/// Steps 2 to 31 one by one, without a shortcut.
pub(crate) fn canonicalize_host_one_by_one<T: Tracer>(
    host: &str,
    scheme: &str,
    plan: &Plan,
    tracer: &mut T,
) -> Result<String, Error> {
    let hp = plan.host();
    // Step 2: remove U+0009, U+000A, U+000D.
    let s = remove_tab_newline(host);
    let mut pl = Pipeline::new(plan, tracer);
    pl.note(const { steps::host("2") }, host, || s.clone());
    // Steps 3 and 4: the fallback (step 4, GECKO: the input in ASCII
    // lowercase; step 3: fail), made when it is needed.
    let has_fallback = plan.runs(const { steps::host("4") });
    let fallback_of = |host: &str| remove_tab_newline(host).to_ascii_lowercase();
    pl.note(const { steps::host("4") }, &s, || {
        format!("fallback = {:?}", fallback_of(host))
    });
    match steps(s, scheme, hp, has_fallback.then_some(host), &mut pl) {
        Ok(out) => Ok(out),
        Err(g) if has_fallback && !g.outright => {
            let f = fallback_of(host);
            pl.note(
                const { steps::host("fallback") },
                &g.reason.to_string(),
                || f.clone(),
            );
            Ok(f)
        }
        Err(g) => Err(Error::Host {
            host: host.to_string(),
            step: g.step,
            reason: g.reason,
            written: None,
            shown_host: g.shown,
            displayed: None,
        }),
    }
}

/// Step 2: `host` without U+0009, U+000A and U+000D.
fn remove_tab_newline(host: &str) -> String {
    if host.bytes().any(|b| matches!(b, b'\t' | b'\n' | b'\r')) {
        host.chars()
            .filter(|&c| !matches!(c, '\t' | '\n' | '\r'))
            .collect()
    } else {
        host.to_string()
    }
}

/// Steps 5 to 31; `Err` is "return /fallback/" from the step it names.
/// `fallback_input` is the host as given when the profile falls back to it
/// (step 4: the fallback is that host, step 2 applied, in ASCII lowercase).
fn steps<T: Tracer>(
    mut s: String,
    scheme: &str,
    hp: &HostParams,
    fallback_input: Option<&str>,
    pl: &mut Pipeline<'_, T>,
) -> Result<String, GiveUp> {
    let plan = pl.plan;
    let is_file = scheme.eq_ignore_ascii_case("file");

    let step_4a = const { steps::host("4a") };
    pl.check_if(
        step_4a,
        plan.runs(step_4a) && !is_file,
        &s,
        colon_outside_brackets,
    )?;
    pl.check(const { steps::host("5") }, &s, escaped_bracket)?;
    pl.rewrite(
        const { steps::host("6") },
        &mut s,
        percent::percent_decode_utf8,
    );
    pl.rewrite(const { steps::host("7") }, &mut s, |s| {
        percent::percent_decode_selected(s, &hp.selective_decode)
    });
    pl.check(const { steps::host("7a") }, &s, semicolon_in_host)?;

    // Steps 8 and 9.
    let mut has_root_dot = false;
    let mut need_punycode = !s.is_ascii();
    let ascii_after_step_7 = !need_punycode;
    pl.note(const { steps::host("9") }, &s, || {
        format!("need-punycode = {need_punycode}")
    });

    // Step 10 (CHROME/IE): a trailing label separator is the root dot.
    let step_10 = const { steps::host("10") };
    let strip_early = plan.runs(step_10) && s.ends_with(is_label_separator);
    pl.rewrite(step_10, &mut s, |s| {
        if strip_early {
            let last = s.char_indices().next_back().map_or(0, |(i, _)| i);
            Cow::Borrowed(&s[..last])
        } else {
            Cow::Borrowed(s)
        }
    });
    has_root_dot |= strip_early;

    // Step 11 (THIS/GECKO/IE): Nameprep without bidi on the whole host;
    // Nameprep's steps are reported before step 11 itself.
    let step_11 = const { steps::host("11") };
    if plan.runs(step_11) {
        match nameprep_with(&s, plan, false, pl.tracer) {
            Ok(t) => {
                pl.note(step_11, &s, || t.to_string());
                if let Cow::Owned(t) = t {
                    s = t;
                }
            }
            Err(e) => {
                let g = give_up("11", HostReason::Nameprep(Box::new(e)));
                pl.note(step_11, &s, || format!("fail: {g}"));
                return Err(g);
            }
        }
    } else {
        pl.note(step_11, &s, String::new);
    }

    pl.check(const { steps::host("12") }, &s, |s| {
        if s.contains('%') {
            Err(give_up("12", HostReason::PercentAfterNameprep))
        } else {
            Ok(())
        }
    })?;
    pl.check(const { steps::host("13") }, &s, |s| {
        nul_space_check(s, fallback_input)
    })?;
    let before_step_14 = s.len();
    pl.rewrite(const { steps::host("14") }, &mut s, |s| {
        encode(s, &hp.early_percent_encode, HexCase::Upper)
    });
    // Step 11's Nameprep still holds for step 20.2.1.1 (its NOTE: only
    // the Check bidi step remains) when step 14 encoded nothing (an
    // encoded octet makes the host longer).
    let only_check_bidi = plan.runs(step_11) && s.len() == before_step_14;
    pl.rewrite(const { steps::host("15") }, &mut s, |s| {
        if s.contains(['\u{3002}', '\u{FF0E}', '\u{FF61}']) {
            Cow::Owned(
                s.chars()
                    .map(|c| if is_label_separator(c) { '.' } else { c })
                    .collect(),
            )
        } else {
            Cow::Borrowed(s)
        }
    });
    let step_16 = const { steps::host("16") };
    let strip_late = plan.runs(step_16) && s.ends_with('.');
    pl.rewrite(step_16, &mut s, |s| {
        if strip_late {
            Cow::Borrowed(&s[..s.len() - 1])
        } else {
            Cow::Borrowed(s)
        }
    });
    has_root_dot |= strip_late;

    // Step 17.  The labels are taken apart only when step 20 has work to
    // do; otherwise steps 21 and 22 would put the same string together.
    // Step 18 (IE).
    let step_18 = const { steps::host("18") };
    if plan.runs(step_18) && s.split('.').any(|l| l.starts_with("xn--")) {
        need_punycode = true;
    }
    pl.note(step_18, &s, || format!("need-punycode = {need_punycode}"));

    // Steps 19 and 20: each label converted, and step 21's join, written
    // into one string.
    if need_punycode {
        s = convert_labels(&s, scheme, only_check_bidi, pl)?;
    } else {
        pl.note_if(const { steps::host("20") }, false, &s, String::new);
    }
    // Step 20a (observed, GECKO): a host that was ASCII as written shows
    // its `xn--` labels in Unicode under a whitelisted TLD
    // (`ObservedHostParams::whitelisted_ace_shown_in_unicode`).
    let step_20a = const { steps::host("20a") };
    pl.rewrite_if(
        step_20a,
        plan.runs(step_20a) && ascii_after_step_7 && !need_punycode,
        &mut s,
        |s| match ace_labels_in_unicode(s, plan) {
            Some(shown) => Cow::Owned(shown),
            None => Cow::Borrowed(s),
        },
    );

    // Step 22.
    if has_root_dot {
        s.push('.');
    }
    pl.note(const { steps::host("22") }, &s, || s.clone());

    pl.rewrite(
        const { steps::host("23") },
        &mut s,
        percent::percent_decode_latin1,
    );
    pl.rewrite(const { steps::host("24") }, &mut s, |s| {
        if s.bytes().any(|b| b.is_ascii_uppercase()) {
            Cow::Owned(s.to_ascii_lowercase())
        } else {
            Cow::Borrowed(s)
        }
    });

    // Step 25: IPv6, by the profile's rule.
    let bracketed = s.len() >= 2 && s.starts_with('[') && s.ends_with(']');
    // Step 25a (observed, IE): Windows' reading and writing of an IPv6
    // literal (`ObservedHostParams::windows_ipv6`); an IPvFuture literal
    // (`[v2.34]`) is left to the steps after.
    let step_25a = const { steps::host("25a") };
    if bracketed && plan.runs(step_25a) && !s[1..].starts_with(['v', 'V']) {
        return match canonicalize_ipv6_windows(&s[1..s.len() - 1]) {
            Some(v6) => {
                let out = format!("[{v6}]");
                pl.note(step_25a, &s, || out.clone());
                Ok(out)
            }
            None => {
                let g = GiveUp {
                    outright: true,
                    ..give_up("25a", HostReason::BracketedNotIpv6)
                };
                pl.note(step_25a, &s, || format!("fail: {g}"));
                Err(g)
            }
        };
    }
    pl.note_if(step_25a, false, &s, String::new);
    if bracketed {
        let inner = &s[1..s.len() - 1];
        let v6 = match hp.ipv6 {
            Ipv6Rule::Spec => canonicalize_ipv6(inner),
            Ipv6Rule::Googleurl2011 => googleurl_ipv6(inner).map(|a| format_ipv6(&a)),
        };
        if let Some(v6) = v6 {
            let out = format!("[{v6}]");
            pl.note(const { steps::host("25") }, &s, || out.clone());
            return Ok(out);
        }
    }
    // "Otherwise" ties step 26 to step 25's condition: a bracketed host
    // that is not an IPv6 address keeps its colons.
    let step_26 = const { steps::host("26") };
    pl.check_if(
        step_26,
        plan.runs(step_26) && !is_file && !bracketed,
        &s,
        |s| {
            if s.contains(':') {
                Err(give_up("26", HostReason::ColonNotIpv6))
            } else {
                Ok(())
            }
        },
    )?;
    // Step 27: IPv4, by the profile's rule; IE reads only a host that was
    // ASCII after step 7 (see `ObservedHostParams::ipv4_needs_ascii_host`).
    let step_27 = const { steps::host("27") };
    if plan.runs(step_27) && (ascii_after_step_7 || !hp.observed.ipv4_needs_ascii_host) {
        match ipv4_address(&s, hp.ipv4) {
            Ok(Some(v4)) => {
                pl.note(step_27, &s, || v4.clone());
                return Ok(v4);
            }
            Ok(None) => {}
            Err(mut g) => {
                pl.note(step_27, &s, || format!("fail: {g}"));
                // googleurl (url_canon_host.cc DoHost) leaves the host it
                // made in the output when the address is BROKEN.
                g.shown = Some(s.clone());
                return Err(g);
            }
        }
    }
    pl.check(const { steps::host("28") }, &s, |s| {
        // The set holds ASCII octets only, and an ASCII octet of UTF-8 is
        // the ASCII character itself.
        match s
            .bytes()
            .find(|&b| b.is_ascii() && hp.forbidden.contains(b))
        {
            Some(b) => Err(GiveUp {
                shown: ip_literal_shown(s, hp, plan),
                ..give_up("28", HostReason::ForbiddenCharacter(b as char))
            }),
            None => Ok(()),
        }
    })?;
    pl.check(const { steps::host("29") }, &s, |s| {
        if percent::has_bad_escape(s) {
            Err(give_up("29", HostReason::BadEscape))
        } else {
            Ok(())
        }
    })?;
    let mut octets = hp.percent_encode;
    if hp.percent_encode_at_unless_file && !is_file {
        octets = octets.with(b'@');
    }
    pl.rewrite_if(
        const { steps::host("30") },
        !octets.is_empty(),
        &mut s,
        |s| encode(s, &octets, hp.hex_case),
    );
    Ok(s)
}

/// The host shown for a host that step 28 rejects, under the googleurl
/// rule of step 25 ([`Ipv6Rule::Googleurl2011`]): when its only forbidden
/// characters are `[`, `]` and `:`, googleurl kept them in the host it
/// wrote and found no IPv6 address (`src/url_canon_ip.cc`,
/// `DoCanonicalizeIPv6Address`: BROKEN), so the URL is invalid but shows
/// that host, step 30's escapes applied: `[google.com]`, `[1:2:3:4]`.
fn ip_literal_shown(s: &str, hp: &HostParams, plan: &Plan) -> Option<String> {
    let only_ip_literal_characters = s
        .bytes()
        .filter(|&b| b.is_ascii() && hp.forbidden.contains(b))
        .all(|b| matches!(b, b'[' | b']' | b':'));
    (hp.ipv6 == Ipv6Rule::Googleurl2011 && only_ip_literal_characters).then(|| {
        let octets = if plan.runs(const { steps::host("30") }) {
            hp.percent_encode
        } else {
            OctetSet::EMPTY
        };
        encode(s, &octets, hp.hex_case).into_owned()
    })
}

/// Step 5 (THIS): a host beginning with `%5B` (an escaped `[`) returns the
/// fallback: `%5B::1%5D` is not an IPv6 literal in disguise.
fn escaped_bracket(s: &str) -> Result<(), GiveUp> {
    if s.as_bytes()
        .get(..3)
        .is_some_and(|b| b.eq_ignore_ascii_case(b"%5B"))
    {
        Err(give_up("5", HostReason::EscapedBracket))
    } else {
        Ok(())
    }
}

/// Step 13 (GECKO): when the host holds U+0000 or U+0020, look at the
/// fallback (the lowercased input): with U+0000 or U+0020 as well the host
/// fails outright; with a character the Prohibit step disallows, the
/// fallback is returned.
fn nul_space_check(s: &str, fallback_input: Option<&str>) -> Result<(), GiveUp> {
    if !s.contains(['\0', ' ']) {
        return Ok(());
    }
    // Neither U+0000 nor U+0020 nor a prohibited character is touched by
    // step 2 or by ASCII lowercasing: the input answers for the fallback.
    let fallback = fallback_input.unwrap_or_default();
    if fallback.contains(['\0', ' ']) {
        // 13.1: "return fail", whatever the fallback.
        return Err(GiveUp {
            outright: true,
            ..give_up("13.1", HostReason::NulOrSpace)
        });
    }
    if fallback.chars().any(stringprep::is_prohibited) {
        return Err(give_up("13.2", HostReason::NulOrSpaceAfterNameprep));
    }
    Ok(())
}

/// Steps 14 and 30: percent-encode in UTF-8 (borrowed when no octet of
/// `s` is in `octets`).
fn encode<'a>(s: &'a str, octets: &OctetSet, hex: HexCase) -> Cow<'a, str> {
    if !s.bytes().any(|b| octets.contains(b)) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    percent_encode(s, encoding_rs::UTF_8, octets, hex, &mut out);
    Cow::Owned(out)
}
