//! CanonicalizeHost steps 17 to 21: the host split into labels at `.`,
//! each label converted by step 20 (20.1, Gecko's IDN whitelist; 20.2.1,
//! ToASCII; 20.2.2, IE's ToUnicode / ToASCII round trip), and the labels
//! joined again.
//!
//! THIS: `bücher.de` → `xn--bcher-kva.de`; IE (http): `xn--4gq.jp` →
//! `\u{4E00}.jp`.

use super::ace::{push_ace, MAX_LABEL_LEN};
use super::nameprep::{check_bidi, nameprep_with};
use super::pipeline::{give_up, GiveUp, Pipeline};
use super::trace::{NoTrace, Tracer};
use crate::error::{HostReason, ToAsciiError};
use crate::observed::host::{ace_label, holds_unassigned, keeps_unicode_labels};
use crate::profile::host_steps as steps;
use crate::profile::plan::Plan;
use crate::profile::HostParams;
use crate::text::unicode::{gecko, punycode as puny, stringprep};
use std::borrow::Cow;

/// A label separator [RFC 3490 3.1]: U+002E, U+3002, U+FF0E, U+FF61.
#[inline]
pub fn is_label_separator(c: char) -> bool {
    matches!(c, '.' | '\u{3002}' | '\u{FF0E}' | '\u{FF61}')
}

/// The labels of `s`, split at `.` (step 17), as `s.split('.')` gives
/// them: `a..b.` → `a`, ``, `b`, ``.  One pass over the octets, without
/// the searcher a `str` pattern sets up for each label (labels are short).
pub(crate) fn labels(s: &str) -> impl Iterator<Item = &str> {
    let mut rest = Some(s);
    std::iter::from_fn(move || {
        let r = rest?;
        match r.bytes().position(|b| b == b'.') {
            Some(dot) => {
                rest = Some(&r[dot + 1..]);
                Some(&r[..dot])
            }
            None => {
                rest = None;
                Some(r)
            }
        }
    })
}

/// Steps 19 to 21: each label of `s` (step 17 split it at `.`) converted
/// by step 20, and the labels joined with `.` again (step 21), written into
/// one string as they come.  `only_check_bidi` is the condition of the
/// NOTE of step 20.2.1.1: step 11 ran Nameprep on the host and no step
/// since changed it, so that only the Check bidi step remains
/// ([`label_to_ascii`]).
///
/// THIS: `bücher.de` → `xn--bcher-kva.de`; IE (http): `xn--4gq.jp` →
/// `\u{4E00}.jp`.
pub(crate) fn convert_labels<T: Tracer>(
    s: &str,
    scheme: &str,
    only_check_bidi: bool,
    pl: &mut Pipeline<'_, T>,
) -> Result<String, GiveUp> {
    // Room for ACE labels longer than their Unicode (`bücher` →
    // `xn--bcher-kva`).
    let mut out = String::with_capacity(2 * s.len() + 8);
    let plan = pl.plan;
    // Step 20.1.
    let mut idn_enabled = plan.runs(const { steps::host("20.1") }) && idn_enabled_tld(s);
    pl.note(const { steps::host("20.1") }, s, || {
        format!("idn-enabled = {idn_enabled}")
    });
    // Next to step 20.1 (observed, GECKO): an unassigned code point makes
    // the host "not whitelisted".
    let step_20_1a = const { steps::host("20.1a") };
    if idn_enabled && plan.runs(step_20_1a) && holds_unassigned(s) {
        idn_enabled = false;
    }
    pl.note(step_20_1a, s, || format!("idn-enabled = {idn_enabled}"));
    // Step 20.2.1 or step 20.2.2, whichever the plan runs.
    let round_trip = plan.runs(const { steps::host("20.2.2") });
    let step = match round_trip {
        false => const { steps::host("20.2.1") },
        true => const { steps::host("20.2.2") },
    };
    // After step 20.2.2 (IE): schemes that do not keep Unicode labels get
    // the labels' ASCII form, collected next to them.
    let ace = round_trip && !keeps_unicode_labels(plan, scheme);
    let mut ace_out = String::new();
    for (i, label) in labels(s).enumerate() {
        if i > 0 {
            out.push('.');
            if ace {
                ace_out.push('.');
            }
        }
        let start = out.len();
        let r = match round_trip {
            false => label_to_ascii(label, idn_enabled, only_check_bidi, pl, &mut out),
            true => label_ie_round_trip(label, plan, &mut out, ace.then_some(&mut ace_out)),
        };
        match r {
            Ok(()) => pl.note(step, label, || out[start..].to_string()),
            Err(g) => {
                pl.note(step, label, || format!("fail: {g}"));
                return Err(g);
            }
        }
    }
    if round_trip {
        pl.note_if(const { steps::host("20.2.2a") }, ace, &out, || {
            ace_out.clone()
        });
        if ace {
            return Ok(ace_out);
        }
    }
    Ok(out)
}

/// Step 20.1 (GECKO): whether IDN is enabled for the host's TLD.
///
/// 1. /tld/ is the last non-empty label;
/// 2. a non-ASCII /tld/ is Punycode encoded and prefixed with `xn--` (the
///    empty string if that fails);
/// 3. it must be whitelisted;
/// 4. and no character of the host may be blacklisted.
pub(crate) fn idn_enabled_tld(s: &str) -> bool {
    idn_tld_whitelisted(s) && !s.chars().any(gecko::is_idn_blacklisted)
}

/// Steps 20.1.1 to 20.1.3 (GECKO): whether the TLD of `s` is on the
/// whitelist.
pub(crate) fn idn_tld_whitelisted(s: &str) -> bool {
    // The last label that is not empty (a host is short: a plain scan
    // from the end).
    let t = s.trim_end_matches('.');
    let tld = &t[t.bytes().rposition(|b| b == b'.').map_or(0, |i| i + 1)..];
    match tld.is_ascii() {
        true => gecko::is_idn_whitelisted_tld(tld),
        // Step 20.1.2's ACE form is on the list exactly when the TLD is one
        // of the list's U-labels (no Punycode needed).
        false => gecko::is_idn_whitelisted_u_label(tld),
    }
}

/// After step 20 (GECKO, [`ObservedHostParams::whitelisted_ace_shown_in_unicode`](crate::profile::ObservedHostParams::whitelisted_ace_shown_in_unicode)):
/// a host that was ASCII as written, under a whitelisted TLD, with its
/// `xn--` labels in Unicode; `None` when it stays as it is (no `xn--`
/// label, a TLD not on the list, or a label that does not decode back to
/// itself).  The rule of Gecko 2.0's `nsIDNService::ConvertToDisplayIDN`
/// (ASCII branch: `isInWhitelist`, then `ACEtoUTF8(host, ..., PR_FALSE)`),
/// whose `decodeACE` takes each `xn--` label through Punycode, turns down
/// a label with a blacklisted character (`isOnlySafeChars`) and one that
/// `UTF8toACE` with unassigned code points not allowed does not give back
/// (`ACEtoUTF8` then returns the whole host as it was).  With Nameprep
/// leaving the decoded label as it is and Punycode one-to-one, "gives
/// back" is: the label decodes to characters that are not all ASCII, none
/// unassigned, that Nameprep leaves alone, and the Punycode of which is the
/// label.
///
/// `xn--bcher-kva.es` → `bücher.es` (test_idnservice.js:35);
/// `xn--jos-dma.example.net.ch` → `josé.example.net.ch`
/// (test_bug396389.js:66); `xn--foobar-533e.org` stays (U+3040 is
/// unassigned: test_bug479413.js:52); `xn--bcher-kva.com` stays (`com`
/// is not whitelisted).
pub(crate) fn ace_labels_in_unicode(s: &str, plan: &Plan) -> Option<String> {
    if !has_xn_label(s) || !idn_tld_whitelisted(s) {
        return None;
    }
    let mut out = String::with_capacity(s.len());
    for (i, label) in labels(s).enumerate() {
        if i > 0 {
            out.push('.');
        }
        let is_xn = label.len() >= 4 && label.as_bytes()[..4].eq_ignore_ascii_case(b"xn--");
        if !is_xn {
            out.push_str(label);
            continue;
        }
        // Gecko lowercases the host before it looks at it.
        let lower = label[4..].to_ascii_lowercase();
        let ace = lower.as_str();
        let mut decoded = String::new();
        crate::text::unicode::punycode::decode_into(ace, &mut decoded)?;
        let safe = !decoded.chars().any(|c| {
            crate::text::unicode::gecko::is_idn_blacklisted(c)
                || crate::text::unicode::stringprep::is_unassigned(c)
        });
        if !safe || !crate::text::unicode::punycode::encodes_back(ace, &decoded) {
            return None;
        }
        let prepared = nameprep_with(&decoded, plan, true, &mut NoTrace).ok()?;
        if prepared != decoded.as_str() {
            return None;
        }
        out.push_str(&decoded);
    }
    Some(out)
}

/// Whether `host` has a label that begins with `xn--`, in any case.
fn has_xn_label(host: &str) -> bool {
    labels(host).any(|l| l.len() >= 4 && l.as_bytes()[..4].eq_ignore_ascii_case(b"xn--"))
}

/// Step 20.2.1 (THIS/GECKO/CHROME) for one label, appended to `out`:
/// 20.2.1.1 (Nameprep with bidi; with `only_check_bidi`, the NOTE's Check
/// bidi step alone), then [`label_to_ascii_after_nameprep`].
///
/// THIS: `bücher` → `xn--bcher-kva`; `WWW` → `www`; `\u{5D0}a` fails at
/// 20.2.1.1 (bidi).
pub(crate) fn label_to_ascii<T: Tracer>(
    label: &str,
    idn_enabled: bool,
    only_check_bidi: bool,
    pl: &mut Pipeline<'_, T>,
    out: &mut String,
) -> Result<(), GiveUp> {
    let plan = pl.plan;
    // 20.2.1.1: Nameprep with bidi.  After step 11 (THIS/GECKO) only the
    // Check bidi step remains to be done (the NOTE): Nameprep is
    // idempotent.  Not when step 14 has percent-encoded since
    // (`only_check_bidi` is then false): its hex digits are uppercase,
    // which Nameprep lowercases (a profile with step 11 and
    // `early_percent_encode = ["="]`: `一=` → `xn--%3d-…`, not `%3D`), and
    // a combining mark after one may compose with it.  Not so with the
    // Corrigendum 5 swap (Nameprep step 4), which a second Nameprep
    // applies again: Gecko's recorded `\u{1100}\u{1175}\u{301}\u{11A8}`
    // composes further the second time.
    let swap_again = plan.runs(const { steps::nameprep("4") });
    let label: Cow<'_, str> = if only_check_bidi && !swap_again {
        let r = check_bidi(label, plan.nameprep().bidi);
        let step = const { steps::nameprep("11") };
        pl.tracer.step(
            step.pipeline,
            step.number,
            step.label,
            true,
            label,
            || match &r {
                Ok(()) => Cow::Borrowed(label),
                Err(e) => Cow::Owned(format!("fail: {e}")),
            },
        );
        r.map_err(|e| give_up("20.2.1.1", HostReason::Nameprep(Box::new(e))))?;
        Cow::Borrowed(label)
    } else {
        nameprep_with(label, plan, true, pl.tracer)
            .map_err(|e| give_up("20.2.1.1", HostReason::Nameprep(Box::new(e))))?
    };
    label_to_ascii_after_nameprep(&label, idn_enabled, plan.host(), out, push_ace)
}

/// Steps 20.2.1.2 and 20.2.1.3 for one label that step 20.2.1.1 has
/// made, appended to `out` (unchanged when the label fails): a non-ASCII
/// label as it is when /idn-enabled/, otherwise `xn--` and its Punycode,
/// which `encode` appends (as [`push_ace`] does: `None` where Punycode
/// cannot encode the label); an ASCII label as it is, GECKO's truncation
/// applied.
///
/// THIS: `bücher` → `xn--bcher-kva`; `` fails at 20.2.1.3.2.
pub(crate) fn label_to_ascii_after_nameprep(
    label: &str,
    idn_enabled: bool,
    hp: &HostParams,
    out: &mut String,
    encode: impl FnOnce(&str, &mut String) -> Option<()>,
) -> Result<(), GiveUp> {
    if !label.is_ascii() {
        // 20.2.1.2
        if idn_enabled {
            out.push_str(label);
            return Ok(());
        }
        if hp.xn_non_ascii_fails && label.starts_with("xn--") {
            return Err(give_up("20.2.1.2.1.1", HostReason::AceLabelNotAscii));
        }
        let start = out.len();
        if encode(label, out).is_none() {
            out.truncate(start);
            return Err(give_up("20.2.1.2.1.2", HostReason::PunycodeCannotEncode));
        }
        if out.len() - start > MAX_LABEL_LEN {
            out.truncate(start);
            return Err(give_up("20.2.1.2.1.4", HostReason::LabelTooLong));
        }
    } else {
        // 20.2.1.3
        let mut label: &str = label;
        if hp.truncate_ascii_label > 0 && label.len() > hp.truncate_ascii_label {
            label = &label[..hp.truncate_ascii_label];
        }
        if hp.empty_label_fails && label.is_empty() {
            return Err(give_up("20.2.1.3.2", HostReason::EmptyLabel));
        }
        if label.len() > MAX_LABEL_LEN {
            return Err(give_up("20.2.1.3.3", HostReason::LabelTooLong));
        }
        out.push_str(label);
    }
    Ok(())
}

/// Step 20.2.2 (IE): the modified ToUnicode operation for one label: the
/// label, Punycode-encoded if need be, must survive a round trip through
/// Punycode decoding and ToASCII unchanged; the result, appended to `out`,
/// is the Unicode form.  With `ace_out`, the label's ASCII form (for
/// schemes that do not keep Unicode labels) is appended there.
///
/// `xn--4gq` → `\u{4E00}` (and `xn--4gq` into `ace_out`); `-a` fails at
/// 20.2.2.4 (UseSTD3ASCIIRules).
pub(crate) fn label_ie_round_trip(
    label: &str,
    plan: &Plan,
    out: &mut String,
    ace_out: Option<&mut String>,
) -> Result<(), GiveUp> {
    // 20.2.2.1 and 20.2.2.2: /p_label/.
    let mut encoded = String::new();
    let p_label: &str = if label.is_ascii() {
        label
    } else {
        push_ace(label, &mut encoded)
            .ok_or_else(|| give_up("20.2.2.1.1", HostReason::PunycodeCannotEncode))?;
        &encoded
    };
    // 20.2.2.3: an ASCII `xn--` label is decoded into `out` itself,
    // where the result goes (taken out again if a later step fails).
    let at = out.len();
    let decode = match p_label.strip_prefix("xn--") {
        Some(rest) => {
            if rest.len() > 4 * MAX_LABEL_LEN {
                return Err(give_up("20.2.2.3.2", HostReason::PunycodeTooLong));
            }
            // Decoding what 20.2.2.1 has just encoded gives the label back
            // [RFC 3492 6.2].
            label.is_ascii().then_some(rest)
        }
        None => None,
    };
    if let Some(rest) = decode {
        puny::decode_into(rest, out)
            .ok_or_else(|| give_up("20.2.2.3.2", HostReason::NotPunycode))?;
    }
    let decoded = decode.map(|rest| (rest, &out[at..]));
    let r = label_ie_round_trip_checks(label, p_label, decoded, plan, ace_out);
    // The result of ToUnicode is /u_label/: IE shows IDNs in Unicode
    // (`xn--ab-mia` and `aáb` both give `aáb`).
    match (r, decode) {
        (Ok(()), None) => out.push_str(label),
        (Ok(()), Some(_)) => {}
        (Err(e), _) => {
            out.truncate(at);
            return Err(e);
        }
    }
    Ok(())
}

/// Steps 20.2.2.4 to 20.2.2.6 of [`label_ie_round_trip`] on /u_label/:
/// the decoding, when `decoded` holds what followed `xn--` in the label
/// `label` and its decoding, or `label` itself; /p_label/ is `p_label`.
/// With `ace_out`, the ASCII form of 20.2.2a
/// ([`ace_label`]) is appended there: /p_label/ when it is the Punycode of
/// /u_label/.
fn label_ie_round_trip_checks(
    label: &str,
    p_label: &str,
    decoded: Option<(&str, &str)>,
    plan: &Plan,
    ace_out: Option<&mut String>,
) -> Result<(), GiveUp> {
    // /p_label/ when it is the ACE form of /u_label/: a Unicode label's
    // (20.2.2.1 made it), or an `xn--` label's that encodes back.
    let mut ace_form = (!label.is_ascii()).then_some(p_label);
    let u_label = match decoded {
        Some((rest, decoded)) => {
            // `xn--bcher-kva` is the ACE form of `bücher`, which ToASCII
            // would encode again (`xn--BCHER-KVA` is not).
            if p_label.len() <= MAX_LABEL_LEN && puny::encodes_back(rest, decoded) {
                ace_form = Some(p_label);
            }
            decoded
        }
        None => label,
    };
    // 20.2.2.4
    let a_label = to_ascii_std3(u_label, plan)
        .map_err(|r| give_up("20.2.2.4", HostReason::ToAscii(Box::new(r))))?;
    // 20.2.2.5
    if a_label != p_label {
        return Err(give_up(
            "20.2.2.5",
            HostReason::RoundTrip(Box::new((a_label.to_string(), p_label.to_string()))),
        ));
    }
    // 20.2.2.6
    if u_label.contains('\u{3002}') {
        return Err(give_up("20.2.2.6", HostReason::IdeographicFullStop));
    }
    if let Some(ace_out) = ace_out {
        ace_label(u_label, ace_form, ace_out)?;
    }
    Ok(())
}

/// ToASCII [RFC 3490 4.1] step 3, UseSTD3ASCIIRules: no ASCII character
/// but letters, digits and `-`, and no `-` first or last (`a_b` and `-a`
/// fail; `\u{E9}-a` passes).
pub(crate) fn std3_rules(prepared: &str) -> Result<(), ToAsciiError> {
    if let Some(c) = prepared
        .chars()
        .find(|&c| c.is_ascii() && !(c.is_ascii_alphanumeric() || c == '-'))
    {
        return Err(ToAsciiError::NotLetterDigitHyphen(c));
    }
    if prepared.starts_with('-') || prepared.ends_with('-') {
        return Err(ToAsciiError::HyphenAtAnEnd);
    }
    Ok(())
}

/// ToASCII [RFC 3490 4.1] step 5, for a label that is not all ASCII: it
/// must not begin with the ACE prefix (`xn--\u{E9}` fails).
pub(crate) fn ace_prefix_check(prepared: &str) -> Result<(), ToAsciiError> {
    if prepared
        .as_bytes()
        .get(..4)
        .is_some_and(|b| b.eq_ignore_ascii_case(b"xn--"))
    {
        return Err(ToAsciiError::AcePrefix);
    }
    Ok(())
}

/// ToASCII [RFC 3490 4.1] with UseSTD3ASCIIRules and without
/// AllowUnassigned, using the profile's Nameprep: `Bücher` →
/// `xn--bcher-kva`; `www` → `www`; `a_b` and `\u{221}` (unassigned in
/// Unicode 3.2) fail.
pub(crate) fn to_ascii_std3<'a>(label: &'a str, plan: &Plan) -> Result<Cow<'a, str>, ToAsciiError> {
    // Steps 1 and 2: Nameprep, without AllowUnassigned, of a label that is
    // not all ASCII.
    let prepared: Cow<'a, str> = if label.is_ascii() {
        Cow::Borrowed(label)
    } else {
        if let Some(c) = label.chars().find(|&c| stringprep::is_unassigned(c)) {
            return Err(ToAsciiError::Unassigned(c));
        }
        nameprep_with(label, plan, true, &mut NoTrace).map_err(ToAsciiError::Nameprep)?
    };
    // Step 3: UseSTD3ASCIIRules.
    std3_rules(&prepared)?;
    // Steps 4 to 7.
    let ascii: Cow<'a, str> = if prepared.is_ascii() {
        prepared
    } else {
        ace_prefix_check(&prepared)?;
        let mut ace = String::new();
        push_ace(&prepared, &mut ace).ok_or(ToAsciiError::PunycodeCannotEncode)?;
        Cow::Owned(ace)
    };
    // Step 8.
    if ascii.is_empty() || ascii.len() > MAX_LABEL_LEN {
        return Err(ToAsciiError::EmptyOrTooLong);
    }
    Ok(ascii)
}

#[cfg(test)]
mod tests {
    use super::labels;

    /// [`labels`] splits as `str::split('.')` does, empty labels and
    /// non-ASCII ones included.
    #[test]
    fn labels_split_as_str_split() {
        let pieces = ["", ".", "a", "bü", "日本", "xn--4gq", "-"];
        let mut checked = 0;
        for a in pieces {
            for b in pieces {
                for c in pieces {
                    let s = format!("{a}{b}{c}");
                    let ours: Vec<&str> = labels(&s).collect();
                    let std: Vec<&str> = s.split('.').collect();
                    assert_eq!(ours, std, "{s:?}");
                    checked += 1;
                }
            }
        }
        assert_eq!(checked, 343);
        assert_eq!(labels("a..b.").collect::<Vec<_>>(), ["a", "", "b", ""]);
    }
}
