//! CanonicalizeHost steps 19 to 21 for the hosts the IDN shortcuts take
//! ([`idn_fast_path`](super::idn::idn_fast_path_into),
//! [`xn_labels_fast_path`](super::idn::xn_labels_fast_path_into)): hosts
//! that Nameprep leaves as they are (ASCII case aside, lowered already),
//! whose ASCII characters are letters, digits and hyphens, with no U+3002.
//! What the steps do to such labels, done without the work that cannot
//! change them; the rest is the specification's own label steps
//! ([`label_to_ascii_after_nameprep`], [`nameprep_with`]).
//!
//! THIS: `bücher.de` → `xn--bcher-kva.de`; IE: `xn--4gq.jp` →
//! `\u{4E00}.jp`.

use super::ace_cache::{push_ace_cached, AceCache};
use crate::algorithm::host::ace::{label_chars, push_ace, MAX_LABEL_LEN};
use crate::algorithm::host::labels::{
    ace_prefix_check, idn_enabled_tld, label_to_ascii_after_nameprep, labels, std3_rules,
};
use crate::algorithm::host::nameprep::{check_bidi, flags_of, nameprep_with};
use crate::algorithm::host::trace::NoTrace;
use crate::observed::host::{ace_label, holds_unassigned, keeps_unicode_labels};
use crate::profile::host_steps as steps;
use crate::profile::plan::Plan;
use crate::text::unicode::tables::{FLAG_A_1, FLAG_B_1, FLAG_B_2, FLAG_PROHIBITED};
use crate::text::unicode::{bidi, nfkc, punycode as puny, stringprep};
use std::borrow::Cow;

/// What the work shared between profiles found of a host's labels, when
/// it did: step 20.1's /idn-enabled/ (for a profile that runs it), and
/// whether a character may be RandALCat
/// ([`may_hold_rand_al`](crate::text::unicode::bidi::may_hold_rand_al)).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Told {
    pub(crate) idn_enabled: Option<bool>,
    pub(crate) may_hold_rand_al: Option<bool>,
}

/// Steps 19 to 21 of a host the IDN shortcuts take (see the module), as
/// the steps convert its labels, appended to `out`; `None`, and `out`
/// unchanged, when a label fails step 20 (the steps then run one by one,
/// and give the failure or the fallback).  `aces` is the Punycode of
/// labels shared with other profiles.
///
/// Step 20.2.1.1 only checks bidi: Nameprep leaves the labels as they are
/// (and a second Nameprep has no Corrigendum 5 sequence to swap: NFKC
/// leaves the host alone, so no starter in it composes with another), and
/// the check passes when no character may be RandALCat.  IE's round trip
/// (20.2.2) of a non-ASCII label is [`label_ie_round_trip_fixed_point`];
/// of an ASCII label without `xn--`, the label itself but for
/// UseSTD3ASCIIRules's hyphens and ToASCII's length.
///
/// THIS: `bücher.de` → `xn--bcher-kva.de`; `\u{5D0}a.de` → `None`.
pub(crate) fn convert_prepared_labels_into(
    host: &str,
    scheme: &str,
    plan: &Plan,
    told: Told,
    mut aces: Option<&mut AceCache>,
    out: &mut String,
) -> Option<()> {
    // Step 20.1, and next to it (observed, GECKO) 20.1a.
    let idn_enabled = plan.runs(const { steps::host("20.1") })
        && told.idn_enabled.unwrap_or_else(|| idn_enabled_tld(host))
        && !(plan.runs(const { steps::host("20.1a") }) && holds_unassigned(host));
    let round_trip = plan.runs(const { steps::host("20.2.2") });
    // After step 20.2.2 (IE): schemes that do not keep Unicode labels get
    // the labels' ASCII form, collected next to them.
    let ace = round_trip && !keeps_unicode_labels(plan, scheme);
    let mut ace_out = String::new();
    // Check bidi on a label passes when no character of the host may be
    // RandALCat: told once for the host.
    let bidi_may_fail = told
        .may_hold_rand_al
        .unwrap_or_else(|| bidi::may_hold_rand_al(host.as_bytes()));
    let bidi_version = plan.nameprep().bidi;
    let base = out.len();
    for (i, label) in labels(host).enumerate() {
        if i > 0 {
            out.push('.');
            if ace {
                ace_out.push('.');
            }
        }
        let converted = match round_trip {
            false => {
                // 20.2.1.1: Nameprep leaves the label as it is; its Check
                // bidi step remains.
                (!bidi_may_fail || check_bidi(label, bidi_version).is_ok()).then_some(())
            }
            .and_then(|()| {
                label_to_ascii_after_nameprep(label, idn_enabled, plan.host(), out, |l, o| {
                    push_ace_cached(l, o, aces.as_deref_mut())
                })
                .ok()
            }),
            true => label_ie_round_trip_prepared(
                label,
                plan,
                out,
                ace.then_some(&mut ace_out),
                bidi_may_fail,
                aces.as_deref_mut(),
            ),
        };
        if converted.is_none() {
            out.truncate(base);
            return None;
        }
    }
    if ace {
        out.truncate(base);
        out.push_str(&ace_out);
    }
    Some(())
}

/// Step 20.2.2 (IE) for one label of a host the IDN shortcuts take,
/// appended to `out` (and its ASCII form to `ace_out`); `None` when it
/// fails.  A non-ASCII label takes [`label_ie_round_trip_fixed_point`];
/// an ASCII label without `xn--` (lowercased: letters, digits and
/// hyphens) comes back from the round trip unless ToASCII's
/// UseSTD3ASCIIRules (its hyphens) or length check fails (20.2.2.4;
/// 20.2.2.5 compares the label with itself, 20.2.2.6 finds no U+3002);
/// an `xn--` label is decoded and checked as the steps do, ToASCII
/// ([`to_ascii_std3_told`]) knowing the label's Punycode.
///
/// `www` → `www`; `-a` fails; `xn--4gq` → `\u{4E00}`.
fn label_ie_round_trip_prepared(
    label: &str,
    plan: &Plan,
    out: &mut String,
    ace_out: Option<&mut String>,
    bidi_may_fail: bool,
    aces: Option<&mut AceCache>,
) -> Option<()> {
    if !label.is_ascii() {
        return label_ie_round_trip_fixed_point(label, plan, out, ace_out, bidi_may_fail, aces);
    }
    let Some(rest) = label.strip_prefix("xn--") else {
        if label.starts_with('-') || label.ends_with('-') {
            return None;
        }
        if label.is_empty() || label.len() > MAX_LABEL_LEN {
            return None;
        }
        out.push_str(label);
        if let Some(ace_out) = ace_out {
            ace_out.push_str(label);
        }
        return Some(());
    };
    // 20.2.2.3: decoded into `out` itself (taken out again on failure).
    if rest.len() > 4 * MAX_LABEL_LEN {
        return None;
    }
    let at = out.len();
    if puny::decode_into(rest, out).is_none() {
        out.truncate(at);
        return None;
    }
    let decoded = &out[at..];
    // `xn--bcher-kva` is the ACE form of `bücher`, which ToASCII would
    // encode again (`xn--BCHER-KVA` is not).
    let known_ace =
        (label.len() <= MAX_LABEL_LEN && puny::encodes_back(rest, decoded)).then_some(label);
    // 20.2.2.4 to 20.2.2.6.
    let holds = to_ascii_std3_told(decoded, plan, known_ace).is_some_and(|a| a == label)
        && !decoded.contains('\u{3002}');
    let written = holds
        && match ace_out {
            Some(ace_out) => ace_label(decoded, known_ace, ace_out).is_ok(),
            None => true,
        };
    if !written {
        out.truncate(at);
        return None;
    }
    Some(())
}

/// Step 20.2.2 (IE) for a non-ASCII label that Nameprep leaves as it is,
/// of a host the IDN shortcuts take, without the round trip's strings:
/// /p_label/ is `xn--` and the Punycode of the label (20.2.2.1; only its
/// length is needed), its decoding is the label again (20.2.2.3), and
/// ToASCII of the label (20.2.2.4) runs Nameprep, which changes nothing
/// and may fail only its Check bidi step (not when `bidi_may_fail` is
/// false), then makes /p_label/ again, so 20.2.2.5 holds.  Of
/// UseSTD3ASCIIRules only the hyphens can fail, and there is no U+3002
/// (20.2.2.6).
///
/// `\u{4E00}` → `\u{4E00}` (and `xn--4gq` into `ace_out`); `\u{5D0}a`
/// fails at 20.2.2.4 (bidi).
fn label_ie_round_trip_fixed_point(
    label: &str,
    plan: &Plan,
    out: &mut String,
    ace_out: Option<&mut String>,
    bidi_may_fail: bool,
    aces: Option<&mut AceCache>,
) -> Option<()> {
    // Punycode encodes any label of at most 63 characters (see
    // [`label_chars`]).
    if label.len() > MAX_LABEL_LEN && label.chars().count() > MAX_LABEL_LEN {
        return None;
    }
    // 20.2.2.4: ToASCII steps 2 (Nameprep: only Check bidi can fail), 3,
    // 4 to 7 (the label is not ASCII) and 8.
    if bidi_may_fail && check_bidi(label, plan.nameprep().bidi).is_err() {
        return None;
    }
    let mut buf = ['\0'; MAX_LABEL_LEN];
    let shared_ace = match aces {
        Some(cache) => Some(cache.ace(label)?),
        None => None,
    };
    let p_len = match shared_ace {
        Some(ace) => 4 + ace.len(),
        None => {
            let chars = label_chars(label, &mut buf)?;
            let mut count = puny::Count(4);
            puny::encode_into(chars, &mut count)?;
            count.0
        }
    };
    if label.starts_with('-') || label.ends_with('-') {
        return None;
    }
    ace_prefix_check(label).ok()?;
    if p_len > MAX_LABEL_LEN {
        return None;
    }
    out.push_str(label);
    if let Some(ace_out) = ace_out {
        ace_out.push_str("xn--");
        match shared_ace {
            Some(ace) => ace_out.push_str(ace),
            None => {
                let chars = label_chars(label, &mut buf)?;
                puny::encode_into(chars, ace_out);
            }
        }
    }
    Some(())
}

/// ToASCII [RFC 3490 4.1] with UseSTD3ASCIIRules and without
/// AllowUnassigned, as the specification's `to_ascii_std3` gives it
/// (`None` where that fails), with less work: a label that Nameprep
/// leaves as it is ([`is_fixed_point`]) only has its Check bidi step run,
/// and `known_ace`, the ACE form of `label` when the caller has it, is
/// what steps 4 to 7 make of a label Nameprep leaves as it is.
///
/// `\u{4E00}` with `xn--4gq` known → `xn--4gq`; `a_b` → `None`.
fn to_ascii_std3_told<'a>(
    label: &'a str,
    plan: &Plan,
    known_ace: Option<&'a str>,
) -> Option<Cow<'a, str>> {
    // Steps 1 and 2.
    let prepared: Cow<'a, str> = if label.is_ascii() {
        Cow::Borrowed(label)
    } else {
        if label.chars().any(stringprep::is_unassigned) {
            return None;
        }
        if is_fixed_point(label) {
            check_bidi(label, plan.nameprep().bidi).ok()?;
            Cow::Borrowed(label)
        } else {
            match nameprep_with(label, plan, true, &mut NoTrace).ok()? {
                Cow::Owned(p) if p != label => Cow::Owned(p),
                _ => Cow::Borrowed(label),
            }
        }
    };
    // Step 3: UseSTD3ASCIIRules.
    std3_rules(&prepared).ok()?;
    // Steps 4 to 7.
    let ascii: Cow<'a, str> = if prepared.is_ascii() {
        prepared
    } else {
        ace_prefix_check(&prepared).ok()?;
        match (known_ace, &prepared) {
            (Some(ace), Cow::Borrowed(_)) => Cow::Borrowed(ace),
            _ => {
                let mut ace = String::new();
                push_ace(&prepared, &mut ace)?;
                Cow::Owned(ace)
            }
        }
    };
    // Step 8.
    (!ascii.is_empty() && ascii.len() <= MAX_LABEL_LEN).then_some(ascii)
}

/// Whether Nameprep under any profile gives `s` back as it is, its Check
/// bidi step (step 11) aside: nothing of tables B.1, B.2 or A.1 (steps 3,
/// 6, 8, 9 have nothing to do), nothing prohibited (step 10 passes; step
/// 3a's noncharacters are in table C.4), and NFKC leaves `s` alone
/// (step 7; then step 4 has no Corrigendum 5 sequence to swap, which needs
/// a character that composes, and step 2's tone marks, which decompose,
/// are not there).
///
/// `\u{4E00}.jp`'s `\u{4E00}` and `b\u{FC}cher` are; `B\u{FC}cher`
/// (B.2), `\u{FB01}` (NFKC) and `\u{221}` (A.1) are not.
/// `tests::fixed_points_are_fixed` checks it against every step.
pub(crate) fn is_fixed_point(s: &str) -> bool {
    flags_of(s) & (FLAG_B_1 | FLAG_B_2 | FLAG_A_1 | FLAG_PROHIBITED) == 0 && nfkc::leaves_alone(s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algorithm::host::nameprep;
    use crate::algorithm::host::nameprep::tests::interesting_char;

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(3000))]
        /// What [`is_fixed_point`] says Nameprep gives back, Nameprep
        /// (every step reported) gives back (without bidi, which is not
        /// part of the claim).
        #[test]
        fn fixed_points_are_fixed(v in proptest::collection::vec(interesting_char(), 0..10)) {
            let s: String = v.into_iter().collect();
            for p in crate::profile::builtin_profiles() {
                if is_fixed_point(&s) {
                    let mut log = crate::algorithm::host::trace::StepLog::default();
                    proptest::prop_assert_eq!(
                        nameprep::nameprep_traced(&s, p, false, &mut log).ok(),
                        Some(s.clone()),
                        "{} {:?}", p.name, s
                    );
                }
            }
        }

        /// [`to_ascii_std3_told`] gives what the specification's ToASCII
        /// gives, with the ACE form known or not.
        #[test]
        fn to_ascii_told_is_to_ascii(v in proptest::collection::vec(interesting_char(), 0..10)) {
            let s: String = v.into_iter().collect();
            let mut ace = String::new();
            let known = push_ace(&s, &mut ace).map(|()| ace.as_str());
            for p in crate::profile::builtin_profiles() {
                let plan = Plan::of(p);
                let spec = crate::algorithm::host::labels::to_ascii_std3(&s, &plan).ok();
                proptest::prop_assert_eq!(&to_ascii_std3_told(&s, &plan, None), &spec, "{} {:?}", p.name, s);
                if !s.is_ascii() {
                    proptest::prop_assert_eq!(&to_ascii_std3_told(&s, &plan, known), &spec, "{} {:?}", p.name, s);
                }
            }
        }
    }

    #[test]
    fn thai_hangul_cjk_and_composites_are_fixed_points() {
        for s in [
            "\u{4E00}",
            "b\u{FC}cher",
            "\u{B274}\u{C2A4}",
            "\u{E17}\u{E14}\u{E2A}\u{E2D}\u{E1A}",
        ] {
            assert!(is_fixed_point(s), "{s:?}");
        }
        for s in [
            "B\u{FC}cher",
            "\u{FB01}",
            "\u{221}",
            "a\u{AD}",
            "\u{FDD0}",
            "\u{340}",
        ] {
            assert!(!is_fixed_point(s), "{s:?}");
        }
    }
}
