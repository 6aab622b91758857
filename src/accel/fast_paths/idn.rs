//! The IDN shortcut: steps 2 to 31 for an internationalized host that
//! Nameprep leaves as it is (or maps the same way under every profile),
//! where only the labels have work (steps 19 to 21); and IE's `xn--`
//! labels in a host of letters, digits, hyphens and dots.
//!
//! THIS: `WWW.Bücher.DE` → `www.xn--bcher-kva.de`; IE: `WWW.XN--4GQ.JP` →
//! `www.\u{4E00}.jp`.

use super::labels::{convert_prepared_labels_into, Told};
use super::ldh::has_xn_label;
use super::prepare::{qualify, Qualified};
use super::shared::{told_by_to_ascii, SharedHostWork, ToAsciiKey};
use crate::profile::plan::Plan;
use crate::profile::shortcut_keys::LDH_AND_DOT;

/// The result of steps 2 to 31 for the common internationalized host:
/// ASCII letters, digits, hyphens and dots, and non-ASCII characters that
/// Nameprep leaves as they are under every profile (or, when the profiles
/// share the work, maps the same way under every profile: see
/// [`prepare_host`]); no trailing dot.  Only steps 19 to 21 have work: the
/// labels, the ASCII ones lowercased (step 11 or 24), are converted as
/// step 20 does it.  `None` when the host or the profile falls outside
/// what this shortcut covers, or when a label fails step 20 (the steps
/// then run one by one, and give the failure or the profile's fallback).
///
/// Nameprep leaves the host as it is but for ASCII case: no character is
/// mapped, unassigned or prohibited, and NFKC of every variant leaves it
/// alone ([`nfkc::leaves_alone`]).  For such a host no escape is decoded
/// (steps 6, 7, 23, 29), no root dot is taken off (steps 10, 16, 22),
/// no colon, semicolon, NUL or space is there to reject (steps 4a, 7a, 13,
/// 26), no label separator but `.` is there (step 15; U+3002 is
/// excluded, U+FF0E and U+FF61 have decompositions), step 18 (IE) finds
/// /need-punycode/ set already (step 9), and a host with a non-ASCII
/// character is neither an IPv6 nor an IPv4 address (steps 25, 27; a
/// host prepared to ASCII qualifies only where step 27 finds none, see
/// [`prepared_ascii_qualifies`]).  As
/// for [`LdhHost::canonicalize`], the profile must lowercase
/// and its step 14, 28 and 30 sets must hold no octet of the host (nor
/// any octet of the Punycode step 20 writes, which are letters, digits and
/// hyphens).  `tests::shortcuts_match_the_traced_steps` and
/// `tests::shared_work_changes_nothing` check it against the steps under
/// every built-in profile.
///
/// THIS: `WWW.Bücher.DE` → `www.xn--bcher-kva.de`; IE: `日本.JP` → `日本.jp`.
#[cfg(test)]
pub(crate) fn idn_fast_path(
    host: &str,
    scheme: &str,
    plan: &Plan,
    shared: Option<&mut SharedHostWork>,
) -> Option<String> {
    let mut out = String::new();
    idn_fast_path_into(host, scheme, plan, shared, &mut out).map(|()| out)
}

/// [`idn_fast_path`](idn_fast_path_into)'s result, appending the canonical host to `out` (`None`, and
/// `out` unchanged, where that gives `None`): a profile whose labels an
/// earlier one converted the same way copies them from `shared`, with no
/// string of its own.
pub(crate) fn idn_fast_path_into(
    host: &str,
    scheme: &str,
    plan: &Plan,
    mut shared: Option<&mut SharedHostWork>,
    out: &mut String,
) -> Option<()> {
    if !plan.shortcuts.idn {
        return None;
    }
    // What step 20 converts: the host lowercased (step 11 or 24), or as
    // Nameprep and step 15 make it; made once for all profiles when the
    // work is shared, and lent to this one meanwhile.
    let (qualified, text) = match shared.as_deref_mut() {
        Some(work) => {
            let q = work.qualify(host);
            (q, std::mem::take(&mut work.text))
        }
        None => {
            // Alone, a host Nameprep maps costs as much prepared as through
            // the steps: only the shared work prepares it.
            let mut text = String::new();
            (qualify(host, &mut text, false).0, text)
        }
    };
    // IE's step 18 makes no difference here: the host is not ASCII, so
    // step 9 has set /need-punycode/ already, and an `xn--` label goes
    // through the round trip as in the steps.
    let usable = (qualified != Qualified::No).then_some(());
    let input = if text.is_empty() { host } else { text.as_str() };
    // A profile whose step 20.2.1 reads, for these labels, the same
    // parameters as one before it gets that one's labels.
    let key = match (usable, shared.as_deref_mut()) {
        (Some(()), Some(work)) => ToAsciiKey::of(plan, input, work),
        _ => None,
    };
    if let (Some(work), Some(key)) = (shared.as_deref_mut(), key) {
        if let Some(labels) = work.converted(key) {
            let labels = labels.map(|l| out.push_str(l));
            work.text = text;
            return labels;
        }
    }
    // A profile whose result an earlier profile's ToASCII of these labels
    // tells: one that keeps them as they are (/idn-enabled/, Gecko's
    // whitelist), IE's round trip.
    if let (Some(()), Some(work)) = (usable, shared.as_deref_mut()) {
        if let Some(told) = told_by_to_ascii(plan, scheme, key, input, work) {
            out.push_str(told);
            work.text = text;
            return Some(());
        }
    }
    // What the shared work found of these labels ([`LabelFacts`]).
    let facts = shared
        .as_deref()
        .and_then(|work| work.facts)
        .filter(|_| usable.is_some());
    let told = Told {
        idn_enabled: facts.and_then(|f| f.idn_enabled).filter(|_| key.is_some()),
        may_hold_rand_al: facts.map(|f| f.may_be_rand_al),
    };
    let at = out.len();
    let converted = usable.and_then(|()| {
        let aces = shared.as_deref_mut().map(|work| &mut work.aces);
        convert_prepared_labels_into(input, scheme, plan, told, aces, out)
    });
    if let Some(work) = shared {
        work.text = text;
        if let Some(key) = key {
            work.keep_converted(key, converted.map(|()| &out[at..]));
        }
    }
    converted
}

/// The result of steps 2 to 31 for a host of ASCII letters, digits,
/// hyphens and dots with an `xn--` label, under a profile with IE's step
/// 18 (which [`LdhHost::canonicalize`] leaves to the steps): as
/// there, nothing but step 20 has work, which here converts the labels
/// (IE's round trip decodes the `xn--` ones).  No trailing dot (steps 10,
/// 16, 22); `None` as well when a label fails step 20 (the steps then run
/// one by one).  A decoded label is not ASCII, so the result is no IPv4
/// address (step 27), and the profile's step 28 and 30 sets must hold no
/// octet of it ([`idn_fast_path_profile_qualifies`]).
/// `tests::shortcuts_match_the_traced_steps` checks it against the steps.
///
/// IE: `WWW.XN--4GQ.JP` → `www.\u{4E00}.jp`.
#[cfg(test)]
pub(crate) fn xn_labels_fast_path(host: &str, scheme: &str, plan: &Plan) -> Option<String> {
    let mut out = String::new();
    xn_labels_fast_path_into(host, scheme, plan, &mut out).map(|()| out)
}

/// [`xn_labels_fast_path`](xn_labels_fast_path_into), appending the canonical host to `out` (`None`,
/// and `out` unchanged, where that gives `None`).
pub(crate) fn xn_labels_fast_path_into(
    host: &str,
    scheme: &str,
    plan: &Plan,
    out: &mut String,
) -> Option<()> {
    let qualifies = plan.shortcuts.xn_labels
        && !host.is_empty()
        && !host.ends_with('.')
        && host.bytes().all(|b| LDH_AND_DOT.contains(b))
        && has_xn_label(host);
    if !qualifies {
        return None;
    }
    // The host lowercased, on the stack when it is not long.
    let mut on_stack = [0u8; 256];
    let on_heap;
    let lower = match on_stack.get_mut(..host.len()) {
        Some(lower) => {
            lower.copy_from_slice(host.as_bytes());
            lower.make_ascii_lowercase();
            std::str::from_utf8(lower).ok()?
        }
        None => {
            on_heap = host.to_ascii_lowercase();
            &on_heap
        }
    };
    convert_prepared_labels_into(lower, scheme, plan, Told::default(), None, out)
}
