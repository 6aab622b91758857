//! The shortcuts of CanonicalizeHost: results of steps 2 to 31 computed
//! at once for common hosts, and the work on a host shared between the
//! profiles it is canonicalized under.
//!
//! Each shortcut states the profile parameters it reads, its key
//! ([`ShortcutKey`]), and is taken only for a profile whose key matches;
//! every other profile runs the steps.  The unit tests check the
//! shortcuts against the traced steps under the built-in profiles, and
//! `tests/mixed_profiles.rs` under random mixes of their parameters.

use super::ace::AceCache;
use super::canonicalize_host::{HostOutcome, Shortcut};
use super::labels::{convert_labels_into, idn_tld_whitelisted, is_label_separator, labels};
use super::observed::{ipv4_address, keeps_unicode_labels};
use super::pipeline::{Known, Pipeline};
use super::plan::Plan;
use super::steps;
use super::trace::NoTrace;
use crate::octets::OctetSet;
use crate::profile::{BidiVersion, Ipv4Rule, LabelConversion};
use crate::thread_buffer::{with_kept, Room};
use crate::unicode::tables::{
    self, FLAG_ADDED_3_2, FLAG_A_1, FLAG_B_1, FLAG_B_2, FLAG_GECKO_BLACKLIST,
    FLAG_LATEST_BIDI_DIFFERS, FLAG_MAY_BE_RAND_AL, FLAG_NFKC_CCC, FLAG_PROHIBITED,
};
use crate::unicode::{bidi, nfkc, stringprep};
use std::cell::RefCell;
use std::ops::Range;

/// The octets of a host made of ASCII letters, digits, hyphens and dots.
pub(crate) const LDH_AND_DOT: OctetSet = OctetSet::EMPTY
    .with_range(b'a', b'z')
    .with_range(b'A', b'Z')
    .with_range(b'0', b'9')
    .with_all(b"-.");

/// Appends to `out` the canonical `host` that `result` describes: `false`,
/// and `out` unchanged, when it is `None`.  Always inlined: the common
/// URL's shortcut calls it for nearly every URL (kept a call, it cost
/// 1% of the `ascii` row, callgrind).
#[inline(always)]
fn push_ldh_result(host: &str, result: Option<LdhResult>, out: &mut String) -> bool {
    match result {
        None => false,
        Some(LdhResult::Ipv4(v4)) => {
            out.push_str(&v4);
            true
        }
        Some(LdhResult::Lowercase { has_uppercase }) => {
            let start = out.len();
            out.push_str(host);
            if has_uppercase {
                out[start..].make_ascii_lowercase();
            }
            true
        }
    }
}

/// What [`LdhHost::canonicalize`] makes of a host it covers.
enum LdhResult {
    /// The host in ASCII lowercase (it has an uppercase letter to lower,
    /// or none).
    Lowercase { has_uppercase: bool },
    /// The IPv4 address the host denotes (step 27).
    Ipv4(String),
}

/// Step 27 on a host the letters-digits-hyphens shortcut covers, under
/// `ipv4` (`None`: the host does not begin with an ASCII digit, and step
/// 27 finds no address in it under any rule, see [`LdhHostKey`]); `None`
/// when step 27 fails (the steps say where and why).
#[inline]
fn ldh_step_27(host: &str, has_uppercase: bool, ipv4: Option<Ipv4Rule>) -> Option<LdhResult> {
    match ipv4.map(|rule| ipv4_address(host, rule)).transpose().ok()? {
        Some(Some(v4)) => Some(LdhResult::Ipv4(v4)),
        _ => Some(LdhResult::Lowercase { has_uppercase }),
    }
}

/// A host read once for the letters-digits-hyphens shortcut (under one
/// plan or several): what the shortcut's result depends on besides the
/// plan, from one pass over its octets.
#[derive(Clone, Copy, Debug)]
pub(crate) struct LdhHost<'h> {
    host: &'h str,
    /// The [`LDH_FLAGS`] of its octets, or'd together.
    flags: u8,
}

/// What [`LdhHost::canonicalize`] reads of a profile *for one
/// host* ([`LdhHost::key`]): narrower than [`LdhKey`], which holds every
/// parameter the shortcut reads for some host.  Two profiles with equal
/// keys for a host give the same result for it (the same canonical host,
/// or both decline), because the shortcut reads of the profile only:
///
/// - whether [`LdhKey::matches`] (it declines otherwise, whatever the
///   host);
/// - step 18's `xn_label_needs_punycode`, for a host with an `xn--` label
///   only: the shortcut declines such a host under a profile that sets it
///   (the steps run IE's round trip) and covers it otherwise; a host
///   without one is covered whatever the parameter says (step 18 finds no
///   `xn--` label in it: `www.example.com` under THIS and IE alike);
/// - step 27's `ipv4` rule, for a host that begins with an ASCII digit
///   only.  Every rule finds no address in a host that does not, and then
///   leaves it to be lowercased: `spec` and `canonicalize_ipv4` tell such
///   a host at once ("every number begins with a digit"); `googleurl-2011`
///   reads the first component in base 10 (no `0` prefix) and finds its
///   first character no decimal digit, or finds it empty (`.a`), and
///   either way says NEUTRAL (not an address, not BROKEN) before it reads
///   further; `none` runs no step 27.  So `www.example.com` is
///   lowercased under all three, where `0x7f.1` is `127.0.0.1` under
///   `spec`, `0x7f.1` under `none`, and `99999999999.abc` fails under
///   `googleurl-2011`.
///
/// The profile here is the one that canonicalizes the host: the one
/// [`HostParams::other_hosts_as`](crate::profile::HostParams::other_hosts_as)
/// names when the host is of its classes (see
/// `canonicalize_host::SharedLdhHost`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LdhHostKey {
    /// The shortcut declines the host.
    Declined,
    /// The shortcut covers the host, which does not begin with a digit:
    /// no rule of step 27 finds an address in it.
    Covered,
    /// The shortcut covers the host, step 27 under the `spec` rule.
    CoveredIpv4Spec,
    /// The shortcut covers the host, step 27 under the `googleurl-2011`
    /// rule.
    CoveredIpv4Googleurl2011,
    /// The shortcut covers the host, with no step 27 (the `none` rule).
    CoveredIpv4None,
}

impl LdhHostKey {
    /// How many keys there are.
    pub(crate) const SLOTS: usize = 5;

    /// The key's number, below [`LdhHostKey::SLOTS`]: one per key.
    pub(crate) fn slot(self) -> usize {
        self as usize
    }

    /// The key of a covered host, step 27 under `ipv4` (`None`: the host
    /// does not begin with a digit).
    pub(super) fn covered(ipv4: Option<Ipv4Rule>) -> LdhHostKey {
        match ipv4 {
            None => LdhHostKey::Covered,
            Some(Ipv4Rule::Spec) => LdhHostKey::CoveredIpv4Spec,
            Some(Ipv4Rule::Googleurl2011) => LdhHostKey::CoveredIpv4Googleurl2011,
            Some(Ipv4Rule::None) => LdhHostKey::CoveredIpv4None,
        }
    }

    /// Step 27's rule for a covered host (`Some(None)`: no rule finds an
    /// address in it); `None` when declined.
    pub(super) fn ipv4(self) -> Option<Option<Ipv4Rule>> {
        match self {
            LdhHostKey::Declined => None,
            LdhHostKey::Covered => Some(None),
            LdhHostKey::CoveredIpv4Spec => Some(Some(Ipv4Rule::Spec)),
            LdhHostKey::CoveredIpv4Googleurl2011 => Some(Some(Ipv4Rule::Googleurl2011)),
            LdhHostKey::CoveredIpv4None => Some(Some(Ipv4Rule::None)),
        }
    }
}

impl<'h> LdhHost<'h> {
    /// `host`, read once.
    #[inline]
    pub(super) fn of(host: &'h str) -> LdhHost<'h> {
        let flags = host.bytes().fold(0, |f, b| f | LDH_FLAGS[b as usize]);
        LdhHost { host, flags }
    }

    /// Whether a host the shortcut may cover
    /// ([`LdhHost::covered_octets`]) may have the IPv4 form: `false` when
    /// it has an octet that no part of the form can hold (the form is
    /// made of decimal, octal and `0x` hexadecimal numbers and `.`; an
    /// escape or a non-ASCII character, which NFKC may turn into one, is
    /// not in such a host).
    ///
    /// `0x7F.1`, `abc.de` → `true`; `www.example.com` → `false`.
    #[inline]
    pub(super) fn may_be_ipv4_form(&self) -> bool {
        self.flags & NOT_IPV4_FORM == 0
    }

    /// Whether the host is not empty and of ASCII letters, digits, `-` and
    /// `.` only (the shortcut declines any other under every profile).
    #[inline]
    pub(super) fn covered_octets(&self) -> bool {
        self.flags & NOT_LDH == 0 && !self.host.is_empty()
    }

    /// Whether the host is ASCII.
    #[inline]
    pub(super) fn is_ascii(&self) -> bool {
        self.flags & NON_ASCII == 0
    }

    /// The host.
    #[inline]
    pub(super) fn host(&self) -> &'h str {
        self.host
    }

    /// Whether it has a label that begins with `xn--`, in any case (a host
    /// without `-` is told at once).
    #[inline]
    fn has_xn_label(&self) -> bool {
        self.flags & HYPHEN != 0 && has_xn_label(self.host)
    }

    /// Step 27's rule for the host under `key` (`None`: the host does not
    /// begin with an ASCII digit, and no rule finds an address in it, see
    /// [`LdhHostKey`]); `None` outside, when the shortcut declines the
    /// host under a plan whose key is `key`.
    #[inline(always)]
    fn covered_under(&self, key: LdhKey) -> Option<Option<Ipv4Rule>> {
        if !self.covered_octets()
            || !key.matches()
            || (key.xn_label_needs_punycode && self.has_xn_label())
        {
            return None;
        }
        let starts_with_digit = self.host.as_bytes()[0].is_ascii_digit();
        Some(starts_with_digit.then_some(key.ipv4))
    }

    /// The key of `plan` (the one that canonicalizes the host) for this
    /// host.
    #[inline]
    pub(super) fn key(&self, plan: &Plan) -> LdhHostKey {
        match self.covered_under(plan.shortcuts.ldh) {
            None => LdhHostKey::Declined,
            Some(ipv4) => LdhHostKey::covered(ipv4),
        }
    }

    /// The letters-digits-hyphens shortcut: the result of steps 2 to 31
    /// for the most common host, one of ASCII letters, digits, `-` and `.`
    /// only, under `plan` (the one step 1 chose), computed from what one
    /// pass found: the host in ASCII lowercase, appended to `out` (nothing
    /// is written when it has no uppercase:
    /// [`HostOutcome::Passthrough`]), or the IPv4 address it denotes (step
    /// 27, by the plan's [`HostParams::ipv4`](crate::profile::HostParams::ipv4)
    /// rule; an ASCII host always runs step 27, whatever
    /// `ipv4_needs_ascii_host` says).  `None`, and `out` unchanged, when the
    /// host or the plan falls outside what this shortcut covers, or step
    /// 27 fails, and the steps must run one by one.
    ///
    /// For such a host no escape is decoded (steps 5-7, 23, 29), no label
    /// needs Punycode (steps 9 and 20, unless IE's step 18 finds an `xn--`
    /// label), the root dot taken off at step 10 or 16 comes back at step
    /// 22, no colon, semicolon, NUL or space is there to reject (steps 4a,
    /// 7a, 13, 13a, 26), and Nameprep (step 11) or step 24 lowercases it.
    /// So the plan must lowercase, and its step 14, 28 and 30 sets must
    /// hold no octet of the host ([`LdhKey`]).
    /// `tests::ldh_fast_path_matches_the_steps` checks the shortcut against
    /// the steps under every built-in profile, `tests/mixed_profiles.rs`
    /// under mixes of their parameters.
    ///
    /// `WWW.Example.COM` → `www.example.com`; `0x7F.1` → `127.0.0.1`;
    /// `www.example.com` passes through.
    #[inline(always)]
    pub(super) fn canonicalize(&self, plan: &Plan, out: &mut String) -> Option<HostOutcome> {
        let ipv4 = self.covered_under(plan.shortcuts.ldh)?;
        let has_uppercase = self.flags & UPPERCASE != 0;
        match ldh_step_27(self.host, has_uppercase, ipv4)? {
            LdhResult::Lowercase {
                has_uppercase: false,
            } => Some(HostOutcome::Passthrough),
            result => {
                push_ldh_result(self.host, Some(result), out);
                Some(HostOutcome::Shortcut(Shortcut::LettersDigitsHyphens))
            }
        }
    }

    /// Appends to `out` the canonical host under a plan whose key for
    /// this host is `key`: what [`LdhHost::canonicalize`] appends under
    /// that plan (the host itself for a passthrough).  `false`, and `out`
    /// unchanged, when it declines.
    #[inline]
    pub(super) fn write(&self, key: LdhHostKey, out: &mut String) -> bool {
        let Some(ipv4) = key.ipv4() else {
            return false;
        };
        let has_uppercase = self.flags & UPPERCASE != 0;
        push_ldh_result(self.host, ldh_step_27(self.host, has_uppercase, ipv4), out)
    }
}

/// Whether `host` has a label that begins with `xn--`, in any case.
///
/// `a.XN--4gq.jp` → `true`; `a-xn--b.c`, `x--n` → `false`.
fn has_xn_label(host: &str) -> bool {
    let b = host.as_bytes();
    let is_xn = |label: &[u8]| label.len() >= 4 && label[..4].eq_ignore_ascii_case(b"xn--");
    // A label begins at the start and after each `.`.
    is_xn(b) || (0..b.len()).any(|i| b[i] == b'.' && is_xn(&b[i + 1..]))
}

/// The profile parameters a shortcut reads: its key.  The shortcut is
/// taken only for a profile whose key [`ShortcutKey::matches`], the
/// profiles for which it is proven to give what the steps give; every
/// other profile runs the steps.  A parameter a shortcut's proof relies on
/// belongs in its key: `tests/mixed_profiles.rs` runs random mixes of the
/// built-in profiles' parameters through the shortcuts and the steps.
pub(super) trait ShortcutKey: Copy + Eq {
    /// The parameters of `plan` the shortcut reads (whether the steps it
    /// skips run, as the plan says, and their parameters).
    fn of(plan: &Plan) -> Self;
    /// Whether the shortcut is proven for profiles with this key.
    fn matches(self) -> bool;
}

/// Whether `set` holds an octet of `octets`.
pub(super) fn touches(set: &OctetSet, octets: OctetSet) -> bool {
    !set.intersection(octets).is_empty()
}

/// The key of [`LdhHost::canonicalize`].  Its proof reads
/// nothing else: for a host of letters, digits, hyphens and dots no other
/// step of any profile has work (see there).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct LdhKey {
    /// Step 11 (Nameprep: ASCII lowercase) runs.
    nameprep_whole_host: bool,
    /// Step 24 (ASCII lowercase) runs.
    final_ascii_lowercase: bool,
    /// The step 14, 28 or 30 set holds a letter, digit, `-` or `.`.
    sets_touch_the_host: bool,
    /// Step 18 (IE): an `xn--` label needs Punycode (then a host with one
    /// is left to [`xn_labels_fast_path`]).
    xn_label_needs_punycode: bool,
    /// Step 27's rule, which the shortcut runs itself (every rule is
    /// covered: the host is ASCII, so `ipv4_needs_ascii_host` never skips
    /// step 27 for it).
    ipv4: Ipv4Rule,
}

impl ShortcutKey for LdhKey {
    fn of(plan: &Plan) -> LdhKey {
        let hp = plan.host();
        LdhKey {
            nameprep_whole_host: plan.runs(const { steps::host("11") }),
            final_ascii_lowercase: plan.runs(const { steps::host("24") }),
            sets_touch_the_host: touches(
                &hp.forbidden
                    .union(hp.percent_encode)
                    .union(hp.early_percent_encode),
                LDH_AND_DOT,
            ),
            xn_label_needs_punycode: plan.runs(const { steps::host("18") }),
            ipv4: hp.ipv4,
        }
    }
    fn matches(self) -> bool {
        (self.nameprep_whole_host || self.final_ascii_lowercase) && !self.sets_touch_the_host
    }
}

/// Flag of [`LDH_FLAGS`]: the octet is not in [`LDH_AND_DOT`].
const NOT_LDH: u8 = 1;
/// Flag of [`LDH_FLAGS`]: the octet is an ASCII uppercase letter.
const UPPERCASE: u8 = 2;
/// Flag of [`LDH_FLAGS`]: the octet is `-`.
const HYPHEN: u8 = 4;
/// Flag of [`LDH_FLAGS`]: the octet is none of the hexadecimal digits,
/// `x`, `X` and `.` (see [`LdhHost::may_be_ipv4_form`]).
const NOT_IPV4_FORM: u8 = 8;
/// Flag of [`LDH_FLAGS`]: the octet is not ASCII.
const NON_ASCII: u8 = 16;

/// The flags of each octet for the scan of [`covers`].
static LDH_FLAGS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let o = b as u8;
        if !LDH_AND_DOT.contains(o) {
            t[b] = NOT_LDH;
        } else if o.is_ascii_uppercase() {
            t[b] = UPPERCASE;
        } else if o == b'-' {
            t[b] = HYPHEN;
        }
        if !(o.is_ascii_hexdigit() || matches!(o, b'x' | b'X' | b'.')) {
            t[b] |= NOT_IPV4_FORM;
        }
        if !o.is_ascii() {
            t[b] |= NON_ASCII;
        }
        b += 1;
    }
    t
};

/// The octets of a host made of ASCII letters, digits, hyphens, dots and
/// non-ASCII characters (whose UTF-8 octets are 0x80 to 0xFF).
pub(super) const LDH_DOT_AND_NON_ASCII: OctetSet = LDH_AND_DOT.with_range(0x80, 0xFF);

/// The flag-table bits of a character that Nameprep acts on, whatever the
/// characters around it: mapped (B.1, B.2), unassigned in Unicode 3.2
/// (A.1, steps 6 to 9), prohibited (step 10, which also holds IE's
/// noncharacters).  What NFKC does depends on the neighbours too: see
/// [`nfkc::leaves_alone`].
pub(super) const NAMEPREP_ACTS: u16 = FLAG_B_1 | FLAG_B_2 | FLAG_A_1 | FLAG_PROHIBITED;

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
/// 13a, 26), no label separator but `.` is there (step 15; U+3002 is
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
pub(super) fn idn_fast_path(
    host: &str,
    scheme: &str,
    plan: &Plan,
    shared: Option<&mut SharedHostWork>,
) -> Option<String> {
    let mut out = String::new();
    idn_fast_path_into(host, scheme, plan, shared, &mut out).map(|()| out)
}

/// [`idn_fast_path`], appending the canonical host to `out` (`None`, and
/// `out` unchanged, where that gives `None`): a profile whose labels an
/// earlier one converted the same way copies them from `shared`, with no
/// string of its own.
pub(super) fn idn_fast_path_into(
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
    let mut no_trace = NoTrace;
    let mut pl = Pipeline {
        shared: shared.as_deref_mut().map(|work| &mut work.aces),
        known: Known {
            idn_enabled: facts.and_then(|f| f.idn_enabled).filter(|_| key.is_some()),
            may_hold_rand_al: facts.map(|f| f.may_be_rand_al),
            ..Known::default()
        },
        ..Pipeline::new(plan, &mut no_trace)
    };
    let at = out.len();
    let converted = usable.and_then(|()| convert_prepared_labels_into(input, scheme, &mut pl, out));
    if let Some(work) = shared {
        work.text = text;
        if let Some(key) = key {
            work.keep_converted(key, converted.map(|()| &out[at..]));
        }
    }
    converted
}

/// What step 20.2.1 (THIS/GECKO/CHROME) reads of a profile when
/// [`idn_fast_path`] converts the labels of a host (Nameprep is known to
/// leave them as they are, so that only its Check bidi step runs), each
/// parameter narrowed to what it does to *these* labels
/// ([`LabelFacts`]): two profiles with the same key convert them the same
/// way.  `None` for IE's round trip (step 20.2.2), whose ToASCII runs the
/// profile's whole Nameprep on a decoded label.
///
/// A parameter that cannot act on the labels counts as its neutral value:
/// - the bidi data (20.2.1.1, Check bidi) when no character of the host
///   may be RandALCat under any version
///   ([`may_be_rand_al`](crate::unicode::bidi::may_be_rand_al)): the
///   check then passes under every version;
/// - Gecko's IDN whitelist (20.1) counts by its outcome, /idn-enabled/: a
///   profile that runs the check and finds the TLD off the list (or a
///   blacklisted character) converts as one that does not run it;
/// - 20.2.1.2.1.1 (an `xn--` label with non-ASCII characters fails) when
///   no non-ASCII label begins with `xn--`;
/// - 20.2.1.3.1 (Gecko's truncation) when no ASCII label is longer than
///   the length it truncates to;
/// - 20.2.1.3.2 (an empty label fails) when no label is empty.
///
/// `bücher.de` under THIS, CHROME and GECKO (`de` is whitelisted): THIS
/// and CHROME share a key, GECKO (/idn-enabled/) has another;
/// `bücher.com` (not whitelisted): one key for all three.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct ToAsciiKey {
    bidi: Option<BidiVersion>,
    idn_enabled: bool,
    xn_non_ascii_fails: bool,
    truncate_ascii_label: usize,
    empty_label_fails: bool,
}

impl ToAsciiKey {
    /// The key of `profile` for the labels of `text` (what step 20
    /// converts), whose [`LabelFacts`] `work` holds or finds.
    fn of(plan: &Plan, text: &str, work: &mut SharedHostWork) -> Option<ToAsciiKey> {
        let hp = plan.host();
        if !plan.runs(const { steps::host("20.2.1") }) {
            return None;
        }
        let facts = work
            .facts
            .get_or_insert_with(|| LabelFacts::of(text, work.text_flags));
        let idn_enabled = plan.runs(const { steps::host("20.1") })
            && *facts.idn_enabled.get_or_insert_with(|| {
                // What `idn_enabled_tld` finds, the blacklist read from
                // the flags (no ASCII letter, digit, `-` or `.` is on it).
                !facts.blacklisted && idn_tld_whitelisted(text)
            });
        let truncates =
            hp.truncate_ascii_label > 0 && facts.longest_ascii > hp.truncate_ascii_label;
        Some(ToAsciiKey {
            bidi: facts.bidi_read(plan),
            idn_enabled,
            xn_non_ascii_fails: hp.xn_non_ascii_fails && facts.xn_non_ascii,
            truncate_ascii_label: if truncates {
                hp.truncate_ascii_label
            } else {
                0
            },
            empty_label_fails: hp.empty_label_fails && facts.empty_label,
        })
    }
}

/// For IE's round trip (step 20.2.2) of the labels of a host
/// [`idn_fast_path`] converts, the [`ToAsciiKey`] of a conversion by
/// step 20.2.1 that gives the round trip's result: when that conversion
/// succeeds, the round trip gives the labels as they are (or, for a
/// scheme that does not keep Unicode labels, the ACE labels that
/// conversion made).  `None` when the labels hold an ASCII `xn--` label
/// (which the round trip decodes) or a label with `-` first or last
/// (which only the round trip's UseSTD3ASCIIRules turns down).
///
/// Label by label, with Nameprep leaving the labels as they are: a
/// non-ASCII label that step 20.2.1 converts passed Check bidi with the
/// profile's bidi data (or, as [`ToAsciiKey`] narrows it, with any), does
/// not begin with `xn--` (20.2.1.2.1.1, when such a label is there) and
/// has an ACE form of at most 63 octets, hence at most 59 characters; the
/// round trip checks the same (20.2.2.4: Check bidi, the ACE prefix, the
/// length) and its hyphens, and gives the label, or that ACE form.  An
/// ASCII label that step 20.2.1 keeps is not empty (20.2.1.3.2, when an
/// empty one is there) and at most 63 octets (20.2.1.3.3, no truncation);
/// the round trip checks the same and its hyphens, and gives it as it is.
///
/// `bücher.de` under IE after THIS: THIS's `xn--bcher-kva.de` says the
/// round trip gives `bücher.de`; `-a.bücher.de` takes its own.
fn round_trip_key(plan: &Plan, facts: &LabelFacts) -> Option<ToAsciiKey> {
    if !plan.runs(const { steps::host("20.2.2") }) || facts.xn_ascii || facts.hyphen_at_an_end {
        return None;
    }
    Some(ToAsciiKey {
        bidi: facts.bidi_read(plan),
        idn_enabled: false,
        xn_non_ascii_fails: facts.xn_non_ascii,
        truncate_ascii_label: 0,
        empty_label_fails: facts.empty_label,
    })
}

/// The result of `profile` for the labels of `text` (under `scheme`)
/// that an earlier profile's successful ToASCII of them tells, if one
/// does: the labels as they are for a profile that keeps them
/// ([`ToAsciiKey::kept_where`], `key` being the profile's own), IE's
/// round trip ([`round_trip_key`]: the labels, or that ToASCII's ACE
/// labels for a scheme that does not keep Unicode).
fn told_by_to_ascii<'a>(
    plan: &Plan,
    scheme: &str,
    key: Option<ToAsciiKey>,
    text: &'a str,
    work: &'a mut SharedHostWork,
) -> Option<&'a str> {
    let facts = *work
        .facts
        .get_or_insert_with(|| LabelFacts::of(text, work.text_flags));
    if let Some(kept) = key.and_then(|k| k.kept_where(&facts)) {
        return work.converted(kept).flatten().map(|_| text);
    }
    let ace = work.converted(round_trip_key(plan, &facts)?).flatten()?;
    Some(match keeps_unicode_labels(plan, scheme) {
        true => text,
        false => ace,
    })
}

impl ToAsciiKey {
    /// For a key with /idn-enabled/ (20.2.1.2: the non-ASCII labels are
    /// kept as they are after Check bidi), the key of a ToASCII of the
    /// labels (without it) whose success means that this one keeps every
    /// label as it is: the same bidi data, 20.2.1.2.1.1 and 20.2.1.3.2
    /// where such labels are there, and no truncation (`None` when this
    /// key truncates).  That ToASCII passed Check bidi on every label and
    /// found no ASCII label empty or longer than 63 octets, which is all
    /// 20.2.1.3 asks of the ASCII labels here.
    ///
    /// Gecko on `bücher.de` (`de` is whitelisted) after THIS: THIS's
    /// `xn--bcher-kva.de` says Gecko keeps `bücher.de`.
    fn kept_where(self, facts: &LabelFacts) -> Option<ToAsciiKey> {
        (self.idn_enabled && self.truncate_ascii_label == 0).then_some(ToAsciiKey {
            idn_enabled: false,
            xn_non_ascii_fails: facts.xn_non_ascii,
            empty_label_fails: facts.empty_label,
            ..self
        })
    }
}

/// What the parameters of [`ToAsciiKey`] may act on in the labels of a
/// host, found once per host.
#[derive(Clone, Copy, Debug, Default)]
struct LabelFacts {
    /// A character may be RandALCat under some version
    /// ([`may_be_rand_al`](crate::unicode::bidi::may_be_rand_al)).
    may_be_rand_al: bool,
    /// A character is on Gecko's IDN blacklist (step 20.1.4).
    blacklisted: bool,
    /// What [`bidi::reads_as`] reads of the characters' flags.
    bidi_flags: u16,
    /// A non-ASCII label begins with `xn--`.
    xn_non_ascii: bool,
    /// An ASCII label begins with `xn--`.
    xn_ascii: bool,
    /// A label begins or ends with `-`.
    hyphen_at_an_end: bool,
    /// The length of the longest ASCII label.
    longest_ascii: usize,
    /// A label is empty.
    empty_label: bool,
    /// Step 20.1's /idn-enabled/, once a profile that runs it asks.
    idn_enabled: Option<bool>,
}

impl LabelFacts {
    /// The bidi data `profile`'s Check bidi reads on these labels, as
    /// [`ToAsciiKey`] counts it: none when no character may be RandALCat
    /// (the check passes), otherwise the profile's as [`bidi::reads_as`]
    /// makes it.
    fn bidi_read(&self, plan: &Plan) -> Option<BidiVersion> {
        let version = plan.nameprep().bidi;
        self.may_be_rand_al
            .then(|| bidi::reads_as(version, self.bidi_flags))
    }

    /// The facts of `text`, whose non-ASCII characters have the `flags`
    /// ([`idn_chars_flags`]).
    fn of(text: &str, flags: u16) -> LabelFacts {
        let mut facts = LabelFacts {
            may_be_rand_al: flags & FLAG_MAY_BE_RAND_AL != 0,
            bidi_flags: flags & (FLAG_ADDED_3_2 | FLAG_LATEST_BIDI_DIFFERS),
            blacklisted: flags & FLAG_GECKO_BLACKLIST != 0,
            ..LabelFacts::default()
        };
        for label in labels(text) {
            if label.is_ascii() {
                facts.longest_ascii = facts.longest_ascii.max(label.len());
                facts.empty_label |= label.is_empty();
                facts.xn_ascii |= label.starts_with("xn--");
            } else {
                facts.xn_non_ascii |= label.starts_with("xn--");
            }
            facts.hyphen_at_an_end |= label.starts_with('-') || label.ends_with('-');
        }
        facts
    }
}

/// How a host stands with [`idn_fast_path`] (the part that does not depend
/// on the profile).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Qualified {
    /// The steps run one by one.
    No,
    /// Nameprep leaves the host as it is but for ASCII case
    /// ([`idn_chars_flags`]).
    AsIs,
    /// Nameprep maps some of its characters, the same way under every
    /// profile, and leaves what it makes as it is ([`prepare_host`]).
    Prepared,
}

/// [`Qualified`] for `host` (`Prepared` only when `prepare`), and the
/// flags of the non-ASCII characters of what step 20 converts (see
/// [`idn_chars_flags`]; 0 for `No`); `text` receives what step 20
/// converts when it is not `host` itself: `host` lowercased (`AsIs`, when
/// it has ASCII uppercase) or as Nameprep and step 15 make it
/// (`Prepared`).
pub(super) fn qualify(host: &str, text: &mut String, prepare: bool) -> (Qualified, u16) {
    text.clear();
    if let Some(flags) = idn_chars_flags(host) {
        if host.bytes().any(|b| b.is_ascii_uppercase()) {
            text.push_str(host);
            text.make_ascii_lowercase();
        }
        return (Qualified::AsIs, flags);
    }
    if !prepare {
        return (Qualified::No, 0);
    }
    let Some((prepared, left_alone)) = prepare_host(host).filter(|(p, _)| !p.is_empty()) else {
        return (Qualified::No, 0);
    };
    // An ASCII result has no non-ASCII character to flag.
    let flags = match idn_chars_flags_told(&prepared, left_alone) {
        Some(flags) => flags,
        None if prepared_ascii_qualifies(&prepared) => 0,
        None => return (Qualified::No, 0),
    };
    *text = prepared;
    (Qualified::Prepared, flags)
}

/// Whether a host that [`prepare_host`] makes ASCII (`ｗｗｗ．ｅｘａｍｐｌｅ．ｏｒｇ`
/// → `www.example.org`, the fullwidth forms of a name) qualifies for
/// [`idn_fast_path`] as prepared: letters, digits, hyphens and dots, no
/// trailing dot, and no ASCII digit first.
///
/// The host as written is not ASCII, so step 9 sets /need-punycode/ and
/// step 20 converts the labels as [`idn_fast_path`] does (ToASCII of a
/// label Nameprep made ASCII is ToASCII of that ASCII label: RFC 3490
/// 4.1 runs Nameprep only on a label that is not ASCII, and Nameprep of
/// an ASCII label is its lowercase, which the prepared host is already).
/// Step 27 finds no address in what step 20 makes of it, as for a host
/// that is not ASCII: that is either not ASCII (an `xn--` label through
/// IE's round trip, which succeeds only for a label that decodes to
/// non-ASCII), or the prepared host with its labels at most truncated
/// (20.2.1.3.1), which begins with the same character, not an ASCII
/// digit, and no IPv4 rule finds an address in a host of letters,
/// digits, hyphens and dots that does not begin with one (see
/// [`LdhHostKey`]).  `１２７．０．０．１` (`127.0.0.1`) takes the steps.
fn prepared_ascii_qualifies(prepared: &str) -> bool {
    prepared.bytes().all(|b| LDH_AND_DOT.contains(b))
        && !prepared.ends_with('.')
        && !prepared.starts_with(|c: char| c.is_ascii_digit())
}

/// A host whose characters Nameprep maps (case, compatibility forms, label
/// separators) the same way under every profile: ASCII letters, digits,
/// hyphens and dots, and non-ASCII characters assigned in Unicode 3.2 (so
/// that steps 6 to 9 and every NFKC variant agree, the corrigenda
/// characters aside), not prohibited (step 10, IE's noncharacters of step
/// 3a included), and of combining class 0 (no Gecko tone mark, step 2; no
/// Corrigendum 5 sequence, step 4; no reordering); no trailing label
/// separator (steps 10, 16).  Returns the Map step and NFKC of it, with
/// the label separators of step 15 made `.`, when they leave the labels as
/// they were (no `.` made or lost): the host with which steps 11 to 19 of
/// every profile reach step 20, Chrome's per-label Nameprep included
/// (Nameprep works on each character and its neighbours, never across a
/// `.`), and whether every NFKC variant is known to leave it alone (it
/// was checked: see [`push_mapped_character`]).  [`qualify`] then asks
/// [`idn_chars_flags`] of the result.
///
/// `WWW.ÄRZTE.DE` → `www.ärzte.de`; `Ｅｘａｍｐｌｅ．ｄｅ` → `example.de`
/// (an ASCII result, which [`idn_chars_flags`] turns down);
/// `a\u{2024}b` (NFKC makes a `.`) → `None`.
pub(super) fn prepare_host(host: &str) -> Option<(String, bool)> {
    let agrees = |c: char| {
        if c.is_ascii() {
            LDH_AND_DOT.contains(c as u8)
        } else {
            tables::flags(c) & (FLAG_A_1 | FLAG_PROHIBITED | FLAG_NFKC_CCC) == 0
                && (c < '\u{F951}' || !nfkc::CORRIGENDUM_CHARACTERS.contains(&c))
        }
    };
    if host.is_ascii() || host.ends_with(is_label_separator) {
        return None;
    }
    // One pass: the characters agree, and each is mapped on its own.
    let mut separators = 0;
    let mut by_character = String::with_capacity(host.len());
    for c in host.chars() {
        if !agrees(c) {
            return None;
        }
        if is_label_separator(c) {
            separators += 1;
        }
        push_mapped_character(c, &mut by_character);
    }
    if nfkc::leaves_alone(&by_character) {
        return Some((by_character, true));
    }
    // Every variant gives the same: THIS's, the own NFKC of Unicode 3.2.
    let mapped = stringprep::map_cow(host);
    let normalized = nfkc::nfkc_cow(&mapped, &crate::profile::this().nameprep.nfkc);
    let prepared: String = normalized
        .chars()
        .map(|c| if is_label_separator(c) { '.' } else { c })
        .collect();
    (prepared.bytes().filter(|&b| b == b'.').count() == separators).then_some((prepared, false))
}

/// The NFKC of the Map step of one character `c` of a host
/// [`prepare_host`] takes, with a label separator made `.`, or a string
/// compatibility-equivalent to it, appended to `out`: its Map step (ASCII
/// lowercase, B.1 removed, B.2 applied), except that a label separator is
/// `.` and a fullwidth form of ASCII (U+FF01 to U+FF5E) is its ASCII
/// character, lowercased.
///
/// When every NFKC variant leaves the whole string alone
/// ([`nfkc::leaves_alone`]), that string is what [`prepare_host`] makes:
/// each piece, with the separators as they are after NFKC (U+3002, or
/// `.` for U+FF0E), is compatibility-equivalent to the character's Map
/// step (a fullwidth form decomposes to its ASCII character, U+FF61 to
/// U+3002), so their string has the NFKC of the host's Map step, which
/// is itself when NFKC leaves it alone; `.` and U+3002 are alike to the
/// quick check (starters that neither decompose nor compose); and no `.`
/// is made or lost.
///
/// `ΠΑΡΆΔΕΙΓΜΑ` → `παράδειγμα`; `ｅｓｐｎ．ｏｒｇ` → `espn.org`; `Ⅰ.de`
/// gives `ⅰ.de`, which NFKC changes (`i.de`): the whole string is
/// normalized then.
fn push_mapped_character(c: char, out: &mut String) {
    match c {
        _ if is_label_separator(c) => out.push('.'),
        _ if c.is_ascii() => out.push(c.to_ascii_lowercase()),
        '\u{FF01}'..='\u{FF5E}' => {
            out.push(char::from(((c as u32 - 0xFEE0) as u8).to_ascii_lowercase()));
        }
        _ if tables::flags(c) & FLAG_B_1 != 0 => {}
        _ => match stringprep::map_b2(c) {
            Some(mapped) => out.push_str(mapped),
            None => out.push(c),
        },
    }
}

/// The part of CanonicalizeHost's work on a host that does not depend on
/// the profile, done once when one host is canonicalized under several
/// profiles ([`crate::canonicalize_each`]): whether its characters
/// qualify for [`idn_fast_path`], and the Punycode of its labels (steps
/// 20.1, 20.2.1.2.1.2, 20.2.2.1).
#[derive(Debug, Default)]
pub struct SharedHostWork {
    /// The host `qualified` and `text` are about.
    host: String,
    /// [`qualify`] of `host`, once asked.
    qualified: Option<Qualified>,
    /// The address and length of the host [`with_shared_host_work_on`]
    /// keeps borrowed while the work is about it.
    pinned: Option<(usize, usize)>,
    /// What [`qualify`] made of `host` for step 20 (empty: `host` itself).
    text: String,
    /// The flags of the non-ASCII characters of `text` ([`qualify`]).
    text_flags: u16,
    /// What the parameters of step 20.2.1 may act on in `text`'s labels,
    /// once a profile asks.
    facts: Option<LabelFacts>,
    /// Step 20.2.1's conversion of `text` (where in `converted_text`;
    /// `None`: it failed), for the parameters it reads.
    converted: Vec<(ToAsciiKey, Option<Range<usize>>)>,
    /// The conversions of `converted`, one after the other.
    converted_text: String,
    /// The labels' Punycode, encoded once for every profile.
    aces: AceCache,
    /// Whether `host` is of the IPv4 form (the class of
    /// [`HostParams::other_hosts`](crate::profile::HostParams::other_hosts)),
    /// once told.
    ipv4_form: Option<bool>,
}

impl SharedHostWork {
    /// Work about nothing yet (for a thread-local that needs no lazy
    /// set-up).
    const fn new() -> SharedHostWork {
        SharedHostWork {
            host: String::new(),
            qualified: None,
            pinned: None,
            text: String::new(),
            text_flags: 0,
            facts: None,
            converted: Vec::new(),
            converted_text: String::new(),
            aces: AceCache::new(),
            ipv4_form: None,
        }
    }

    /// Makes the work about `host`: what was kept about another host is
    /// dropped (the Punycode of labels, which does not depend on the host,
    /// stays).
    fn about(&mut self, host: &str) {
        if self.pinned == Some((host.as_ptr() as usize, host.len())) {
            return;
        }
        if self.host != host {
            self.forget_the_host();
            self.host.push_str(host);
        }
    }

    /// Forgets what it knows about its host (not the Punycode of labels),
    /// keeping the room.
    fn forget_the_host(&mut self) {
        self.pinned = None;
        self.host.clear();
        self.qualified = None;
        self.text.clear();
        self.text_flags = 0;
        self.facts = None;
        self.converted.clear();
        self.converted_text.clear();
        self.ipv4_form = None;
    }

    /// Forgets everything, keeping the room (see [`with_shared_host_work`]).
    fn clear(&mut self) {
        self.forget_the_host();
        self.aces.clear();
    }

    /// Step 20.2.1's conversion of the host's labels for `key`, when a
    /// profile before made it: `Some(None)` when it failed.
    fn converted(&self, key: ToAsciiKey) -> Option<Option<&str>> {
        let (_, range) = self.converted.iter().find(|(k, _)| *k == key)?;
        Some(range.clone().map(|r| &self.converted_text[r]))
    }

    /// Keeps step 20.2.1's conversion for `key` (`None`: it failed).
    fn keep_converted(&mut self, key: ToAsciiKey, labels: Option<&str>) {
        let range = labels.map(|l| {
            let start = self.converted_text.len();
            self.converted_text.push_str(l);
            start..self.converted_text.len()
        });
        self.converted.push((key, range));
    }

    /// [`qualify`] of `host`, computed once per host.
    #[inline]
    fn qualify(&mut self, host: &str) -> Qualified {
        self.about(host);
        match self.qualified {
            Some(qualified) => qualified,
            None => self.qualify_first(host),
        }
    }

    /// [`SharedHostWork::qualify`] the first time (every profile after
    /// the first asks again, and finds it kept).
    #[inline(never)]
    fn qualify_first(&mut self, host: &str) -> Qualified {
        let (qualified, flags) = qualify(host, &mut self.text, true);
        self.qualified = Some(qualified);
        self.text_flags = flags;
        qualified
    }

    /// Whether `host`, which is not ASCII, is of the IPv4 form: `tell()`,
    /// asked once per host, unless the host's characters qualify for
    /// [`idn_fast_path`] as they are (which the profiles ask next, once):
    /// then it has no escape, and NFKC leaves it alone under every
    /// variant, non-ASCII characters and all, which no part of the form
    /// holds.
    pub(super) fn is_ipv4_form(&mut self, host: &str, tell: impl FnOnce() -> bool) -> bool {
        if self.qualify(host) == Qualified::AsIs {
            return false;
        }
        *self.ipv4_form.get_or_insert_with(tell)
    }
}

impl Room for SharedHostWork {
    fn room(&self) -> usize {
        self.host.capacity()
            + self.text.capacity()
            + self.converted_text.capacity()
            + self.aces.room()
    }
}

thread_local! {
    /// The [`SharedHostWork`] of [`with_shared_host_work`], whose buffers
    /// serve one URL after another.
    static SHARED_HOST_WORK: RefCell<SharedHostWork> = const { RefCell::new(SharedHostWork::new()) };
}

/// `f` of a [`SharedHostWork`] about nothing yet: the thread's, whose
/// buffers are reused from one call to the next so that sharing the work
/// costs no allocation in the common case (see [`with_kept`]).
pub(crate) fn with_shared_host_work<R>(f: impl FnOnce(&mut SharedHostWork) -> R) -> R {
    with_kept(&SHARED_HOST_WORK, |work| {
        work.clear();
        f(work)
    })
}

/// [`with_shared_host_work`] for one host, which every profile's work
/// asks about: the work is about `host` from the start, and a host asked
/// about at the same address and of the same length is told to be it
/// without comparing the octets.  That holds because `host` is borrowed
/// for as long as `f` runs: a string there is `host` while it is.
pub(crate) fn with_shared_host_work_on<R>(
    host: &str,
    f: impl FnOnce(&mut SharedHostWork) -> R,
) -> R {
    with_shared_host_work(|work| {
        work.about(host);
        work.pinned = Some((host.as_ptr() as usize, host.len()));
        let r = f(work);
        work.pinned = None;
        r
    })
}

/// Whether the characters of `host` qualify for [`idn_fast_path`] (see
/// [`idn_chars_flags`]).
#[cfg(test)]
pub(super) fn idn_chars_qualify(host: &str) -> bool {
    idn_chars_flags(host).is_some()
}

/// When the characters of `host` qualify for [`idn_fast_path`] (a
/// non-ASCII host, no trailing dot, and Nameprep leaves it as it is but
/// for ASCII case), the flags ([`tables::flags`]) of its non-ASCII
/// characters, or'd together: what [`LabelFacts`] and Gecko's blacklist
/// (step 20.1.4) read of them, found in the one look at each character.
pub(super) fn idn_chars_flags(host: &str) -> Option<u16> {
    idn_chars_flags_told(host, false)
}

/// [`idn_chars_flags`] of a host that every NFKC variant is known to leave
/// alone when `left_alone` (not checked again).
fn idn_chars_flags_told(host: &str, left_alone: bool) -> Option<u16> {
    if host.is_ascii() || host.ends_with('.') {
        return None;
    }
    let mut flags = 0;
    for c in host.chars() {
        if c.is_ascii() {
            if !LDH_AND_DOT.contains(c as u8) {
                return None;
            }
            continue;
        }
        let f = tables::flags(c);
        if c == '\u{3002}' || f & NAMEPREP_ACTS != 0 {
            return None;
        }
        flags |= f;
    }
    // Gecko's tone marks (step 2) have decompositions, and its Corrigendum
    // 5 swap (step 4) needs a starter that composes: NFKC leaving the host
    // alone rules both out.
    (left_alone || nfkc::leaves_alone(host)).then_some(flags)
}

/// The key of [`idn_fast_path`] and [`xn_labels_fast_path`] (and of the
/// prepared host that [`SharedHostWork`] lends the former): the
/// parameters that decide whether every label reaches step 20 as the
/// shortcut has it, Nameprep'd and lowercased.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct IdnKey {
    /// Step 11: Nameprep on the whole host, before step 20.
    nameprep_whole_host: bool,
    /// Step 24: ASCII lowercase, after step 20.
    final_ascii_lowercase: bool,
    /// Step 20.1 (GECKO) reads the TLD and the characters of the host
    /// before step 20.2 converts the labels.
    idn_tld_check: bool,
    /// Step 20.2.
    label_conversion: LabelConversion,
    /// The step 14, 28 or 30 set holds a letter, digit, `-`, `.` or a
    /// non-ASCII octet.
    sets_touch_the_host: bool,
}

impl ShortcutKey for IdnKey {
    fn of(plan: &Plan) -> IdnKey {
        let hp = plan.host();
        let octets = LDH_DOT_AND_NON_ASCII;
        IdnKey {
            nameprep_whole_host: plan.runs(const { steps::host("11") }),
            final_ascii_lowercase: plan.runs(const { steps::host("24") }),
            idn_tld_check: plan.runs(const { steps::host("20.1") }),
            label_conversion: hp.label_conversion,
            sets_touch_the_host: touches(&hp.forbidden, octets)
                || touches(&hp.percent_encode, octets)
                || touches(&hp.early_percent_encode, octets),
        }
    }
    /// Nameprep reaches every label before step 20 reads it: at step 11;
    /// or, for a profile that lowercases at step 24, in step 20.2.1.1,
    /// when step 20.1 does not read the host before (it reads the TLD as
    /// written: `ᄀ。ﬁ`'s is `ﬁ`, not whitelisted, where the prepared host's
    /// `fi` is) and the conversion is not IE's round trip (which would
    /// convert the labels as written).
    fn matches(self) -> bool {
        let nameprep_reaches_the_labels = self.nameprep_whole_host
            || (self.final_ascii_lowercase
                && !self.idn_tld_check
                && self.label_conversion == LabelConversion::ToAscii);
        nameprep_reaches_the_labels && !self.sets_touch_the_host
    }
}

/// The key of [`xn_labels_fast_path`]: IE's step 18, and the
/// parameters of [`IdnKey`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct XnLabelsKey {
    /// Step 18 (IE): an `xn--` label needs Punycode.
    xn_label_needs_punycode: bool,
    /// What [`idn_fast_path`] reads.
    idn: IdnKey,
}

impl ShortcutKey for XnLabelsKey {
    fn of(plan: &Plan) -> XnLabelsKey {
        XnLabelsKey {
            xn_label_needs_punycode: plan.runs(const { steps::host("18") }),
            idn: IdnKey::of(plan),
        }
    }
    /// Step 18 looks for `xn--` as the host is then: the shortcut, which
    /// finds `XN--` too, needs step 11 to have lowercased it (without it,
    /// `XN--80ADXHKS` is no `xn--` label at step 18, and step 24
    /// lowercases it after step 20 has left it alone).
    fn matches(self) -> bool {
        self.xn_label_needs_punycode && self.idn.nameprep_whole_host && self.idn.matches()
    }
}

/// The shortcuts a [`Plan`] may take: what their keys say of its steps
/// and parameters, found once when the plan is compiled.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Shortcuts {
    /// The key of [`LdhHost::canonicalize`] (it matches for
    /// the plans the shortcut covers).
    pub(super) ldh: LdhKey,
    /// [`idn_fast_path`] may be taken: its [`IdnKey`] matches.
    pub(super) idn: bool,
    /// [`xn_labels_fast_path`] may be taken: its [`XnLabelsKey`] matches.
    pub(super) xn_labels: bool,
}

impl Shortcuts {
    /// The shortcuts of `plan`, whose steps are known.
    pub(super) fn of(plan: &Plan) -> Shortcuts {
        Shortcuts {
            ldh: LdhKey::of(plan),
            idn: IdnKey::of(plan).matches(),
            xn_labels: XnLabelsKey::of(plan).matches(),
        }
    }
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
pub(super) fn xn_labels_fast_path(host: &str, scheme: &str, plan: &Plan) -> Option<String> {
    let mut out = String::new();
    xn_labels_fast_path_into(host, scheme, plan, &mut out).map(|()| out)
}

/// [`xn_labels_fast_path`], appending the canonical host to `out` (`None`,
/// and `out` unchanged, where that gives `None`).
pub(super) fn xn_labels_fast_path_into(
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
    let mut no_trace = NoTrace;
    let mut pl = Pipeline::new(plan, &mut no_trace);
    convert_prepared_labels_into(lower, scheme, &mut pl, out)
}

/// Steps 19 to 21 on a host the shortcuts take, which Nameprep leaves as
/// it is (ASCII case aside, lowered already): step 20.2.1.1 only checks
/// bidi, and step 11's Nameprep holds wherever the profile runs it (no
/// step before 17 changes such a host: no escape, no octet of the step 14
/// set), appended to `out` (unchanged when a label fails step 20:
/// `None`).
fn convert_prepared_labels_into(
    host: &str,
    scheme: &str,
    pl: &mut Pipeline<'_, NoTrace>,
    out: &mut String,
) -> Option<()> {
    pl.known.labels_prepared = true;
    pl.known.step_11_holds = pl.plan.runs(const { steps::host("11") });
    convert_labels_into(host, scheme, pl, out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(4000))]
        /// [`push_mapped_character`]'s string, where NFKC leaves it alone,
        /// is the NFKC of the Map step under THIS's variant and the latest
        /// Unicode (label separators aside, which both make `.`).
        #[test]
        fn mapped_characters_are_nfkc_of_map(v in proptest::collection::vec(
            proptest::sample::select(vec![
                'a', 'Q', '-', '.', '\u{FF21}', '\u{FF45}', '\u{FF0E}', '\u{FF61}', '\u{3002}',
                '\u{3A0}', '\u{386}', '\u{3C3}', '\u{3A3}', '\u{C4}', '\u{E4}', '\u{DF}', '\u{130}',
                '\u{AD}', '\u{200B}', '\u{FB01}', '\u{4F8B}', '\u{3048}', '\u{304B}', '\u{3099}',
                '\u{1100}', '\u{1161}', '\u{AC00}', '\u{11A8}', '\u{E17}', '\u{E48}', '\u{2160}',
                '\u{41F}', '\u{17F}', '\u{1E9B}',
            ]), 1..12)
        ) {
            let host: String = v.into_iter().collect();
            let mut fast = String::new();
            host.chars().for_each(|c| push_mapped_character(c, &mut fast));
            if nfkc::leaves_alone(&fast) {
                let fast: String = fast.chars().map(|c| if c == '.' { '\u{3002}' } else { c }).collect();
                let mapped = stringprep::map_cow(&host);
                let this = nfkc::nfkc_cow(&mapped, &crate::profile::this().nameprep.nfkc);
                let latest = crate::profile::NfkcVariant {
                    unicode: crate::profile::UnicodeVersion::Latest,
                    corrigendum_3: true,
                    corrigendum_4: true,
                    corrigendum_5: true,
                };
                let separators_as_one = |s: &str| -> String {
                    s.chars().map(|c| if is_label_separator(c) { '\u{3002}' } else { c }).collect()
                };
                proptest::prop_assert_eq!(&fast, &separators_as_one(&this), "{:?}", host);
                proptest::prop_assert_eq!(&fast, &separators_as_one(&nfkc::nfkc_cow(&mapped, &latest)), "{:?}", host);
            }
        }

        /// [`LabelFacts::of`] finds what the labels say.
        #[test]
        fn label_facts_are_the_labels(v in proptest::collection::vec(
            proptest::sample::select(vec!['a', 'x', 'n', '-', '.', '\u{FC}', '\u{4E00}']), 0..24)
        ) {
            let text: String = v.into_iter().collect();
            let f = LabelFacts::of(&text, 0);
            let ls: Vec<&str> = text.split('.').collect();
            let longest = ls.iter().filter(|l| l.is_ascii()).map(|l| l.len()).max().unwrap_or(0);
            proptest::prop_assert_eq!(f.longest_ascii, longest);
            proptest::prop_assert_eq!(f.empty_label, ls.iter().any(|l| l.is_empty()));
            proptest::prop_assert_eq!(f.xn_ascii, ls.iter().any(|l| l.is_ascii() && l.starts_with("xn--")));
            proptest::prop_assert_eq!(f.xn_non_ascii, ls.iter().any(|l| !l.is_ascii() && l.starts_with("xn--")));
            proptest::prop_assert_eq!(f.hyphen_at_an_end, ls.iter().any(|l| l.starts_with('-') || l.ends_with('-')));
        }
    }

    /// [`prepare_host`] maps the common hosts character by character, and
    /// the others by the whole Map step and NFKC.
    #[test]
    fn prepare_host_maps_the_common_hosts() {
        let p = |h: &str| prepare_host(h).map(|(p, _)| p);
        assert_eq!(
            p("\u{3A0}\u{391}\u{3A1}\u{386}.gr").as_deref(),
            Some("\u{3C0}\u{3B1}\u{3C1}\u{3AC}.gr")
        );
        assert_eq!(
            p("\u{FF45}\u{FF53}\u{FF50}\u{FF4E}\u{FF0E}\u{FF2F}\u{FF32}\u{FF27}").as_deref(),
            Some("espn.org")
        );
        assert_eq!(p("\u{4F8B}\u{FF61}jp").as_deref(), Some("\u{4F8B}.jp"));
        assert_eq!(p("\u{FB01}.de").as_deref(), Some("fi.de"));
        // B.2 makes U+2170, which NFKC makes `i`.
        assert_eq!(p("\u{2160}.de").as_deref(), Some("i.de"));
        // NFKC makes a `.` of U+2024: turned down.
        assert_eq!(p("a\u{2024}b\u{E9}"), None);
        let nfkc_bits = tables::FLAG_NFKC_OWN_MAYBE
            | tables::FLAG_NFKC_CCC
            | tables::FLAG_NFKC_DECOMP
            | tables::FLAG_NFKC_SECOND
            | tables::FLAG_NFKC_COMPOSITE;
        assert_eq!(
            tables::flags('\u{3002}') & nfkc_bits,
            tables::flags('.') & nfkc_bits
        );
    }

    /// [`LabelFacts`] reads Gecko's blacklist and the possible RandALCat
    /// characters from the flags of the non-ASCII characters only: no
    /// octet a qualifying host may hold otherwise is either.
    #[test]
    fn ascii_of_a_qualifying_host_is_neither_blacklisted_nor_rand_al() {
        for b in (0..0x80u8).filter(|&b| LDH_AND_DOT.contains(b)) {
            let c = char::from(b);
            assert!(!crate::unicode::gecko::is_idn_blacklisted(c), "{c:?}");
            assert!(!crate::unicode::bidi::may_be_rand_al(c), "{c:?}");
        }
        let facts = |host: &str| {
            let mut text = String::new();
            let (_, flags) = qualify(host, &mut text, true);
            let text = if text.is_empty() { host } else { &text };
            LabelFacts::of(text, flags)
        };
        assert!(facts("\u{5D0}\u{5D1}.test").may_be_rand_al);
        assert!(!facts("b\u{FC}cher.de").may_be_rand_al);
        assert!(!facts("B\u{DC}CHER.DE").blacklisted);
        let mut blacklisted = 0;
        for c in (0x80..0x11_0000).filter_map(char::from_u32) {
            let host = format!("a{c}.de");
            if crate::unicode::gecko::is_idn_blacklisted(c) && idn_chars_qualify(&host) {
                assert!(facts(&host).blacklisted, "{c:?}");
                blacklisted += 1;
            }
        }
        assert!(blacklisted > 0);
    }

    /// [`has_xn_label`] is "some label begins with `xn--`, in any case",
    /// on every host of up to seven octets of `x`, `X`, `n`, `N`, `-`,
    /// `.` and `a`.
    #[test]
    fn has_xn_label_is_a_label_that_begins_with_xn() {
        let octets = b"xXnN-.a";
        let by_labels = |h: &str| {
            h.split('.')
                .any(|l| l.len() >= 4 && l[..4].eq_ignore_ascii_case("xn--"))
        };
        let mut found = 0;
        let mut todo = vec![String::new()];
        while let Some(h) = todo.pop() {
            assert_eq!(has_xn_label(&h), by_labels(&h), "{h:?}");
            found += usize::from(by_labels(&h));
            if h.len() < 7 {
                todo.extend(octets.iter().map(|&o| format!("{h}{}", char::from(o))));
            }
        }
        assert!(found > 1000, "{found}");
    }
}
