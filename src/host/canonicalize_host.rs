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

use super::nameprep::{nameprep_owned, nameprep_traced};
use super::trace::{NoTrace, Pipeline, Tracer};
use crate::error::Error;
use crate::ipv4::canonicalize_ipv4;
use crate::ipv6::canonicalize_ipv6;
use crate::octets::OctetSet;
use crate::percent::{self, percent_encode};
use crate::profile::{
    Fallback, HexCase, HostClass, HostParams, HostPercentDecoding, LabelConversion, NfkcVariant,
    Profile, RootDot, UnicodeVersion,
};
use crate::unicode::tables::{self, FLAG_A_1, FLAG_B_1, FLAG_B_2, FLAG_NFKC_CCC, FLAG_PROHIBITED};
use crate::unicode::{gecko, nfkc, punycode as puny, stringprep};
use std::borrow::Cow;

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
    let mut h = Cow::Borrowed(host);
    canonicalize_host_cow(&mut h, scheme, profile, None)?;
    Ok(h.into_owned())
}

/// The profile that canonicalizes `host` in place of `profile`, when the
/// host is not a domain name and the profile names one for such hosts
/// ([`HostParams::other_hosts_as`]).
///
/// With `other_hosts_as = "this"`: `file://c:foo/`'s host `c:foo`, `[::1]`,
/// `foo;type=A` → THIS; `a%3Bb.test`, `bücher.de` stay with the profile.
fn other_hosts_profile(
    host: &str,
    scheme: &str,
    profile: &dyn Profile,
) -> Option<&'static dyn Profile> {
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

/// The octets of a host made of ASCII letters, digits, hyphens and dots.
const LDH_AND_DOT: OctetSet = OctetSet::EMPTY
    .with_range(b'a', b'z')
    .with_range(b'A', b'Z')
    .with_range(b'0', b'9')
    .with_all(b"-.");

/// The result of steps 2 to 31 for the most common host, one of ASCII
/// letters, digits, `-` and `.` only, computed in one pass and written
/// into `host`: the host in ASCII lowercase (borrowed still when it has no
/// uppercase), or the IPv4 address it denotes (step 27).  `false` when the
/// host or the profile falls outside what this shortcut covers, and the
/// steps must run one by one.
///
/// For such a host no escape is decoded (steps 5-7, 23, 26a, 29), no label
/// needs Punycode (steps 9 and 20, unless IE's step 18 finds an `xn--`
/// label), the root dot taken off at step 10 or 16 comes back at step 22,
/// no colon, semicolon, NUL or space is there to reject (steps 4a, 7a, 13,
/// 13a, 26), and Nameprep (step 11) or step 24 lowercases it.  So the
/// profile must lowercase, and its step 14, 28 and 30 sets must hold no
/// octet of the host.  `tests::ldh_fast_path_matches_the_steps` checks the
/// shortcut against the steps under every built-in profile.
///
/// `WWW.Example.COM` → `www.example.com`; `0x7F.1` → `127.0.0.1`.
fn letters_digits_hyphens_fast_path(host: &mut Cow<'_, str>, profile: &dyn Profile) -> bool {
    if !fast_path_applies(host, profile) {
        return false;
    }
    if host.bytes().any(|b| b.is_ascii_uppercase()) {
        host.to_mut().make_ascii_lowercase();
    }
    if let Some(v4) = canonicalize_ipv4(host) {
        *host = Cow::Owned(v4);
    }
    true
}

/// The profile parameters a shortcut reads: its key.  The shortcut is
/// taken only for a profile whose key [`ShortcutKey::matches`], the
/// profiles for which it is proven to give what the steps give; every
/// other profile runs the steps.  A parameter a shortcut's proof relies on
/// belongs in its key: `tests/mixed_profiles.rs` runs random mixes of the
/// built-in profiles' parameters through the shortcuts and the steps.
pub(crate) trait ShortcutKey: Copy + Eq {
    /// The parameters of `profile` the shortcut reads.
    fn of(profile: &dyn Profile) -> Self;
    /// Whether the shortcut is proven for profiles with this key.
    fn matches(self) -> bool;
}

/// Whether `set` holds an octet of `octets`.
fn touches(set: &OctetSet, octets: OctetSet) -> bool {
    !set.intersection(octets).is_empty()
}

/// The key of [`letters_digits_hyphens_fast_path`].  Its proof reads
/// nothing else: for a host of letters, digits, hyphens and dots no other
/// step of any profile has work (see there).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LdhKey {
    /// Step 11 (Nameprep: ASCII lowercase) runs.
    nameprep_whole_host: bool,
    /// Step 24 (ASCII lowercase) runs.
    final_ascii_lowercase: bool,
    /// The step 14, 28 or 30 set holds a letter, digit, `-` or `.`.
    sets_touch_the_host: bool,
    /// Step 18 (IE): an `xn--` label needs Punycode (then a host with one
    /// is left to [`xn_labels_fast_path`]).
    xn_label_needs_punycode: bool,
}

impl ShortcutKey for LdhKey {
    fn of(profile: &dyn Profile) -> LdhKey {
        let hp = profile.host();
        LdhKey {
            nameprep_whole_host: hp.nameprep_whole_host,
            final_ascii_lowercase: hp.final_ascii_lowercase,
            sets_touch_the_host: touches(&hp.forbidden, LDH_AND_DOT)
                || touches(&hp.percent_encode, LDH_AND_DOT)
                || touches(&hp.early_percent_encode, LDH_AND_DOT),
            xn_label_needs_punycode: hp.xn_label_needs_punycode,
        }
    }
    fn matches(self) -> bool {
        (self.nameprep_whole_host || self.final_ascii_lowercase) && !self.sets_touch_the_host
    }
}

/// Whether [`letters_digits_hyphens_fast_path`] covers `host` under
/// `profile`.
fn fast_path_applies(host: &str, profile: &dyn Profile) -> bool {
    let key = LdhKey::of(profile);
    let bytes = host.as_bytes();
    key.matches()
        && !bytes.is_empty()
        && bytes.iter().all(|&b| LDH_AND_DOT.contains(b))
        && !(key.xn_label_needs_punycode
            && host
                .split('.')
                .any(|l| l.len() >= 4 && l[..4].eq_ignore_ascii_case("xn--")))
}

/// The octets of a host made of ASCII letters, digits, hyphens, dots and
/// non-ASCII characters (whose UTF-8 octets are 0x80 to 0xFF).
const LDH_DOT_AND_NON_ASCII: OctetSet = LDH_AND_DOT.with_range(0x80, 0xFF);

/// The flag-table bits of a character that Nameprep acts on, whatever the
/// characters around it: mapped (B.1, B.2), unassigned in Unicode 3.2
/// (A.1, steps 6 to 9), prohibited (step 10, which also holds IE's
/// noncharacters).  What NFKC does depends on the neighbours too: see
/// [`nfkc::leaves_alone`].
const NAMEPREP_ACTS: u16 = FLAG_B_1 | FLAG_B_2 | FLAG_A_1 | FLAG_PROHIBITED;

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
/// (steps 6, 7, 23, 26a, 29), no root dot is taken off (steps 10, 16, 22),
/// no colon, semicolon, NUL or space is there to reject (steps 4a, 7a, 13,
/// 13a, 26), no label separator but `.` is there (step 15; U+3002 is
/// excluded, U+FF0E and U+FF61 have decompositions), step 18 (IE) finds
/// /need-punycode/ set already (step 9), and a host with a non-ASCII
/// character is neither an IPv6 nor an IPv4 address (steps 25, 27).  As
/// for [`letters_digits_hyphens_fast_path`], the profile must lowercase
/// and its step 14, 28 and 30 sets must hold no octet of the host (nor
/// any octet of the Punycode step 20 writes, which are letters, digits and
/// hyphens).  `tests::shortcuts_match_the_traced_steps` and
/// `tests::shared_work_changes_nothing` check it against the steps under
/// every built-in profile.
///
/// THIS: `WWW.Bücher.DE` → `www.xn--bcher-kva.de`; IE: `日本.JP` → `日本.jp`.
fn idn_fast_path(
    host: &str,
    scheme: &str,
    profile: &dyn Profile,
    mut shared: Option<&mut SharedHostWork>,
) -> Option<String> {
    if !idn_fast_path_profile_qualifies(profile) {
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
            (qualify(host, &mut text, false), text)
        }
    };
    // IE's step 18 makes no difference here: the host is not ASCII, so
    // step 9 has set /need-punycode/ already, and an `xn--` label goes
    // through the round trip as in the steps.
    let usable = (qualified != Qualified::No).then_some(());
    let input = if text.is_empty() { host } else { text.as_str() };
    // A profile whose step 20.2.1 reads the same parameters as one before
    // it gets that one's labels.
    let key = ToAsciiKey::of(profile);
    if let (Some(()), Some(work), Some(key)) = (usable, shared.as_deref_mut(), key) {
        if let Some((_, labels)) = work.converted.iter().find(|(k, _)| *k == key) {
            let labels = labels.clone();
            work.text = text;
            return labels;
        }
    }
    let mut pl = Pipeline {
        tracer: &mut NoTrace,
        name: NAME,
        shared,
    };
    // Nameprep leaves every label as it is: only its Check bidi step has
    // work in step 20.2.1.1.
    let out = usable
        .and_then(|()| convert_labels(input, scheme, profile, profile.host(), true, &mut pl).ok());
    if let Some(work) = pl.shared {
        work.text = text;
        if let (Some(()), Some(key)) = (usable, key) {
            work.converted.push((key, out.clone()));
        }
    }
    out
}

/// What step 20.2.1 (THIS/GECKO/CHROME) reads of a profile when
/// [`idn_fast_path`] converts the labels (Nameprep is known to leave them
/// as they are, so that only its Check bidi step runs): two profiles with
/// the same key convert a host's labels the same way.  `None` for IE's
/// round trip (step 20.2.2), whose ToASCII runs the profile's whole
/// Nameprep on a decoded label.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct ToAsciiKey {
    bidi: UnicodeVersion,
    idn_tld_check: bool,
    xn_non_ascii_fails: bool,
    truncate_ascii_label: usize,
    empty_label_fails: bool,
}

impl ToAsciiKey {
    fn of(profile: &dyn Profile) -> Option<ToAsciiKey> {
        let hp = profile.host();
        (hp.label_conversion == LabelConversion::ToAscii).then(|| ToAsciiKey {
            bidi: profile.nameprep().bidi,
            idn_tld_check: hp.idn_tld_check,
            xn_non_ascii_fails: hp.xn_non_ascii_fails,
            truncate_ascii_label: hp.truncate_ascii_label,
            empty_label_fails: hp.empty_label_fails,
        })
    }
}

/// How a host stands with [`idn_fast_path`] (the part that does not depend
/// on the profile).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Qualified {
    /// The steps run one by one.
    No,
    /// Nameprep leaves the host as it is but for ASCII case
    /// ([`idn_chars_qualify`]).
    AsIs,
    /// Nameprep maps some of its characters, the same way under every
    /// profile, and leaves what it makes as it is ([`prepare_host`]).
    Prepared,
}

/// [`Qualified`] for `host` (`Prepared` only when `prepare`); `text`
/// receives what step 20 converts when it is not `host` itself: `host`
/// lowercased (`AsIs`, when it has ASCII uppercase) or as Nameprep and
/// step 15 make it (`Prepared`).
fn qualify(host: &str, text: &mut String, prepare: bool) -> Qualified {
    text.clear();
    if idn_chars_qualify(host) {
        if host.bytes().any(|b| b.is_ascii_uppercase()) {
            text.push_str(host);
            text.make_ascii_lowercase();
        }
        return Qualified::AsIs;
    }
    if !prepare {
        return Qualified::No;
    }
    match prepare_host(host) {
        Some(prepared) if !prepared.is_empty() && idn_chars_qualify(&prepared) => {
            *text = prepared;
            Qualified::Prepared
        }
        _ => Qualified::No,
    }
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
/// `.`).  [`qualify`] then asks [`idn_chars_qualify`] of the result.
///
/// `WWW.ÄRZTE.DE` → `www.ärzte.de`; `Ｅｘａｍｐｌｅ．ｄｅ` → `example.de`
/// (an ASCII result, which [`idn_chars_qualify`] turns down);
/// `a\u{2024}b` (NFKC makes a `.`) → `None`.
fn prepare_host(host: &str) -> Option<String> {
    let agrees = |c: char| {
        if c.is_ascii() {
            LDH_AND_DOT.contains(c as u8)
        } else {
            tables::flags(c) & (FLAG_A_1 | FLAG_PROHIBITED | FLAG_NFKC_CCC) == 0
                && !nfkc::CORRIGENDUM_CHARACTERS.contains(&c)
        }
    };
    if host.is_ascii() || host.ends_with(is_label_separator) || !host.chars().all(agrees) {
        return None;
    }
    let separators = host.chars().filter(|&c| is_label_separator(c)).count();
    let latest = NfkcVariant {
        unicode: UnicodeVersion::Latest,
        corrigendum_3: true,
        corrigendum_4: true,
        corrigendum_5: true,
    };
    let mapped = stringprep::map_cow(host);
    let normalized = nfkc::nfkc_cow(&mapped, &latest);
    let prepared: String = normalized
        .chars()
        .map(|c| if is_label_separator(c) { '.' } else { c })
        .collect();
    (prepared.bytes().filter(|&b| b == b'.').count() == separators).then_some(prepared)
}

/// The part of CanonicalizeHost's work on a host that does not depend on
/// the profile, done once when one host is canonicalized under several
/// profiles ([`crate::canonicalize_each`]): whether its characters
/// qualify for [`idn_fast_path`], and the Punycode of its labels (steps
/// 20.1, 20.2.1.2.1.2, 20.2.2.1).
#[derive(Debug, Default)]
pub(crate) struct SharedHostWork {
    /// The host `qualified` and `text` are about.
    host: String,
    /// [`qualify`] of `host`, once asked.
    qualified: Option<Qualified>,
    /// What [`qualify`] made of `host` for step 20 (empty: `host` itself).
    text: String,
    /// Step 20.2.1's conversion of `text` (`None`: it failed), for the
    /// parameters it reads.
    converted: Vec<(ToAsciiKey, Option<String>)>,
    /// Labels and their Punycode (without `xn--`; `None`: it cannot be
    /// encoded), as encoded so far.
    aces: Vec<(String, Option<String>)>,
}

impl SharedHostWork {
    /// [`qualify`] of `host`, computed once per host.
    fn qualify(&mut self, host: &str) -> Qualified {
        if self.host != host || self.qualified.is_none() {
            self.host.clear();
            self.host.push_str(host);
            self.qualified = Some(qualify(host, &mut self.text, true));
            self.converted.clear();
        }
        self.qualified.unwrap_or(Qualified::No)
    }

    /// The Punycode of `label` (see [`push_ace`]), encoded once.
    fn ace(&mut self, label: &str) -> Option<&str> {
        let i = match self.aces.iter().position(|(l, _)| l == label) {
            Some(i) => i,
            None => {
                let mut ace = String::new();
                let encoded = push_ace(label, &mut ace).map(|()| {
                    ace.replace_range(..4, "");
                    ace
                });
                self.aces.push((label.to_string(), encoded));
                self.aces.len() - 1
            }
        };
        self.aces[i].1.as_deref()
    }
}

/// [`push_ace`], from `shared` when there is one.
fn push_ace_shared(
    label: &str,
    out: &mut String,
    shared: Option<&mut SharedHostWork>,
) -> Option<()> {
    match shared {
        Some(work) => {
            let ace = work.ace(label)?;
            out.push_str("xn--");
            out.push_str(ace);
            Some(())
        }
        None => push_ace(label, out),
    }
}

/// Whether the characters of `host` qualify for [`idn_fast_path`]: a
/// non-ASCII host, no trailing dot, and Nameprep leaves it as it is but
/// for ASCII case.
fn idn_chars_qualify(host: &str) -> bool {
    let left_alone = |c: char| {
        if c.is_ascii() {
            LDH_AND_DOT.contains(c as u8)
        } else {
            c != '\u{3002}' && tables::flags(c) & NAMEPREP_ACTS == 0
        }
    };
    // Gecko's tone marks (step 2) have decompositions, and its Corrigendum
    // 5 swap (step 4) needs a starter that composes: NFKC leaving the host
    // alone rules both out.
    !host.is_ascii()
        && !host.ends_with('.')
        && host.chars().all(left_alone)
        && nfkc::leaves_alone(host)
}

/// The key of [`idn_fast_path`] and [`xn_labels_fast_path`] (and of the
/// prepared host that [`SharedHostWork`] lends the former): the
/// parameters that decide whether every label reaches step 20 as the
/// shortcut has it, Nameprep'd and lowercased.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct IdnKey {
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
    fn of(profile: &dyn Profile) -> IdnKey {
        let hp = profile.host();
        let octets = LDH_DOT_AND_NON_ASCII;
        IdnKey {
            nameprep_whole_host: hp.nameprep_whole_host,
            final_ascii_lowercase: hp.final_ascii_lowercase,
            idn_tld_check: hp.idn_tld_check,
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
pub(crate) struct XnLabelsKey {
    /// Step 18 (IE): an `xn--` label needs Punycode.
    xn_label_needs_punycode: bool,
    /// What [`idn_fast_path`] reads.
    idn: IdnKey,
}

impl ShortcutKey for XnLabelsKey {
    fn of(profile: &dyn Profile) -> XnLabelsKey {
        XnLabelsKey {
            xn_label_needs_punycode: profile.host().xn_label_needs_punycode,
            idn: IdnKey::of(profile),
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

/// Whether `profile` qualifies for [`idn_fast_path`]: its [`IdnKey`]
/// matches.
fn idn_fast_path_profile_qualifies(profile: &dyn Profile) -> bool {
    IdnKey::of(profile).matches()
}

/// The result of steps 2 to 31 for a host of ASCII letters, digits,
/// hyphens and dots with an `xn--` label, under a profile with IE's step
/// 18 (which [`letters_digits_hyphens_fast_path`] leaves to the steps): as
/// there, nothing but step 20 has work, which here converts the labels
/// (IE's round trip decodes the `xn--` ones).  No trailing dot (steps 10,
/// 16, 22); `None` as well when a label fails step 20 (the steps then run
/// one by one).  A decoded label is not ASCII, so the result is no IPv4
/// address (step 27), and the profile's step 28 and 30 sets must hold no
/// octet of it ([`idn_fast_path_profile_qualifies`]).
/// `tests::shortcuts_match_the_traced_steps` checks it against the steps.
///
/// IE: `WWW.XN--4GQ.JP` → `www.\u{4E00}.jp`.
fn xn_labels_fast_path(host: &str, scheme: &str, profile: &dyn Profile) -> Option<String> {
    let hp = profile.host();
    let qualifies = XnLabelsKey::of(profile).matches()
        && !host.is_empty()
        && !host.ends_with('.')
        && host.bytes().all(|b| LDH_AND_DOT.contains(b))
        && host
            .split('.')
            .any(|l| l.len() >= 4 && l.as_bytes()[..4].eq_ignore_ascii_case(b"xn--"));
    if !qualifies {
        return None;
    }
    let lower = host.to_ascii_lowercase();
    let mut pl = Pipeline {
        tracer: &mut NoTrace,
        name: NAME,
        shared: None,
    };
    convert_labels(&lower, scheme, profile, hp, true, &mut pl).ok()
}

/// [`canonicalize_host`] of `host`, written back into it; the common host
/// of ASCII letters, digits, hyphens and dots is lowercased where it is.
pub fn canonicalize_host_in_place(
    host: &mut String,
    scheme: &str,
    profile: &dyn Profile,
) -> Result<(), Error> {
    let mut h = Cow::Owned(std::mem::take(host));
    let r = canonicalize_host_cow(&mut h, scheme, profile, None);
    *host = h.into_owned();
    r
}

/// [`canonicalize_host_in_place`] of a host that may be borrowed: it is
/// copied only to be lowercased in place; a host the steps make anew
/// replaces it without a copy first.  `shared` is kept from one profile to
/// the next when the same host is canonicalized under several.
pub(crate) fn canonicalize_host_cow(
    host: &mut Cow<'_, str>,
    scheme: &str,
    profile: &dyn Profile,
    shared: Option<&mut SharedHostWork>,
) -> Result<(), Error> {
    let profile = other_hosts_profile(host, scheme, profile).unwrap_or(profile);
    if letters_digits_hyphens_fast_path(host, profile) {
        return Ok(());
    }
    *host = Cow::Owned(canonicalize_host_steps(
        host,
        scheme,
        profile,
        &mut NoTrace,
        shared,
    )?);
    Ok(())
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
            tracer.step(
                NAME,
                "1",
                "",
                true,
                host,
                &format!("not a domain name: following profile {}", other.name()),
            );
        }
        return canonicalize_host_steps(host, scheme, other, tracer, None);
    }
    canonicalize_host_steps(host, scheme, profile, tracer, None)
}

/// Steps 2 to 31 under `profile` (its `other_hosts_as` is not consulted
/// again: the choice of profile is made once).
fn canonicalize_host_steps<T: Tracer>(
    host: &str,
    scheme: &str,
    profile: &dyn Profile,
    tracer: &mut T,
    shared: Option<&mut SharedHostWork>,
) -> Result<String, Error> {
    // The callers without a tracer have taken the shortcut of
    // [`letters_digits_hyphens_fast_path`] already.
    if !T::ENABLED {
        if let Some(out) = idn_fast_path(host, scheme, profile, shared) {
            return Ok(out);
        }
        if let Some(out) = xn_labels_fast_path(host, scheme, profile) {
            return Ok(out);
        }
    }
    let hp = profile.host();
    // Step 2: remove U+0009, U+000A, U+000D.
    let s = remove_tab_newline(host);
    let mut pl = Pipeline {
        tracer,
        name: NAME,
        shared: None,
    };
    pl.note("2", "", true, host, || s.clone());
    // Steps 3 and 4: the fallback, made when it is needed.
    let has_fallback = match hp.fallback {
        Fallback::Fail => false,
        Fallback::LowercasedInput => true,
    };
    let fallback_of = |host: &str| remove_tab_newline(host).to_ascii_lowercase();
    pl.note("4", "GECKO", has_fallback, &s, || {
        format!("fallback = {:?}", fallback_of(host))
    });
    match steps(
        s,
        scheme,
        profile,
        hp,
        has_fallback.then_some(host),
        &mut pl,
    ) {
        Ok(out) => Ok(out),
        Err(g) if has_fallback && !g.outright => {
            let f = fallback_of(host);
            pl.note("fallback", "GECKO", true, &g.reason, || f.clone());
            Ok(f)
        }
        Err(g) => Err(Error::Host {
            host: host.to_string(),
            step: g.step,
            reason: g.reason,
        }),
    }
}

/// Step 2: `host` without U+0009, U+000A and U+000D.
fn remove_tab_newline(host: &str) -> String {
    if host.contains(['\t', '\n', '\r']) {
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
    profile: &dyn Profile,
    hp: &HostParams,
    fallback_input: Option<&str>,
    pl: &mut Pipeline<'_, T>,
) -> Result<String, GiveUp> {
    let is_file = scheme.eq_ignore_ascii_case("file");

    pl.check(
        "4a",
        "observed: GECKO",
        hp.colon_in_host_is_invalid && !is_file,
        &s,
        colon_outside_brackets,
    )?;
    pl.check(
        "4b",
        "observed: GECKO",
        hp.escaped_bracket_is_invalid,
        &s,
        escaped_bracket_is_invalid,
    )?;
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
        percent::percent_decode_utf8,
    );
    pl.rewrite(
        "7",
        "IE",
        hp.percent_decoding == HostPercentDecoding::Selective,
        &mut s,
        |s| percent::percent_decode_selected(s, &hp.selective_decode),
    );
    pl.check(
        "7a",
        "observed: IE",
        hp.semicolon_in_host_is_invalid,
        &s,
        semicolon_in_host,
    )?;

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
                let last = s.char_indices().next_back().map_or(0, |(i, _)| i);
                Cow::Borrowed(&s[..last])
            } else {
                Cow::Borrowed(s)
            }
        },
    );
    has_root_dot |= strip_early;

    // Step 11 (THIS/GECKO/IE): Nameprep without bidi on the whole host.
    if hp.nameprep_whole_host && !T::ENABLED && s.is_ascii() {
        // Nameprep of ASCII is ASCII lowercase (see `nameprep_traced`),
        // done in place.
        s.make_ascii_lowercase();
    } else if hp.nameprep_whole_host {
        // The string before, kept for a tracer only.
        let before = if T::ENABLED { s.clone() } else { String::new() };
        match nameprep_owned(std::mem::take(&mut s), profile, false, pl.tracer) {
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
    pl.check(
        "13a",
        "observed: GECKO",
        hp.port_like_host_is_invalid,
        &s,
        port_like_host,
    )?;
    pl.check("13", "GECKO", hp.nul_space_check, &s, |s| {
        nul_space_check(s, fallback_input)
    })?;
    pl.rewrite(
        "14",
        "CHROME",
        !hp.early_percent_encode.is_empty(),
        &mut s,
        |s| encode(s, &hp.early_percent_encode, HexCase::Upper),
    );
    pl.rewrite("15", "", true, &mut s, |s| {
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
    let strip_late = hp.root_dot == RootDot::AfterSeparators && s.ends_with('.');
    pl.rewrite(
        "16",
        "THIS",
        hp.root_dot == RootDot::AfterSeparators,
        &mut s,
        |s| {
            if strip_late {
                Cow::Borrowed(&s[..s.len() - 1])
            } else {
                Cow::Borrowed(s)
            }
        },
    );
    has_root_dot |= strip_late;

    // Step 17.  The labels are taken apart only when step 20 has work to
    // do; otherwise steps 21 and 22 would put the same string together.
    // Step 18 (IE).
    if hp.xn_label_needs_punycode && s.split('.').any(|l| l.starts_with("xn--")) {
        need_punycode = true;
    }
    pl.note("18", "IE", hp.xn_label_needs_punycode, &s, || {
        format!("need-punycode = {need_punycode}")
    });

    // Steps 19 and 20: each label converted, and step 21's join, written
    // into one string.
    if need_punycode {
        s = convert_labels(&s, scheme, profile, hp, false, pl)?;
    } else if T::ENABLED {
        pl.note("20", "", false, &s, String::new);
    }

    // Step 22.
    if has_root_dot {
        s.push('.');
    }
    pl.note("22", "", true, &s, || s.clone());

    pl.rewrite(
        "23",
        "CHROME",
        hp.decode_escapes_as_latin1,
        &mut s,
        percent::percent_decode_latin1,
    );
    pl.rewrite("24", "CHROME", hp.final_ascii_lowercase, &mut s, |s| {
        if s.bytes().any(|b| b.is_ascii_uppercase()) {
            Cow::Owned(s.to_ascii_lowercase())
        } else {
            Cow::Borrowed(s)
        }
    });

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
    pl.check(
        "26",
        "THIS",
        hp.colon_fails && !is_file && !bracketed,
        &s,
        |s| {
            if s.contains(':') {
                Err(give_up("26", "':' in a host that is not an IPv6 address"))
            } else {
                Ok(())
            }
        },
    )?;
    // Before step 27 (GECKO): the IPv4 address behind the escapes.
    if hp.decode_escapes_before_ipv4 {
        let v4 = ipv4_behind_escapes(&s);
        pl.note("26a", "observed: GECKO", true, &s, || {
            v4.clone().unwrap_or_else(|| "not an IPv4 address".into())
        });
        if let Some(v4) = v4 {
            return Ok(v4);
        }
    }
    // Step 27: IPv4.
    if let Some(v4) = canonicalize_ipv4(&s) {
        pl.note("27", "", true, &s, || v4.clone());
        return Ok(v4);
    }
    pl.check("28", "", !hp.forbidden.is_empty(), &s, |s| {
        // The set holds ASCII octets only, and an ASCII octet of UTF-8 is
        // the ASCII character itself.
        match s
            .bytes()
            .find(|&b| b.is_ascii() && hp.forbidden.contains(b))
        {
            Some(b) => Err(give_up(
                "28",
                format!("forbidden character {:?} in the host", b as char),
            )),
            None => Ok(()),
        }
    })?;
    pl.check("29", "IE", hp.bad_escape_fails, &s, |s| {
        if percent::has_bad_escape(s) {
            Err(give_up(
                "29",
                "\"%00\", or '%' not followed by two hexadecimal digits",
            ))
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
    if s.as_bytes()
        .get(..3)
        .is_some_and(|b| b.eq_ignore_ascii_case(b"%5B"))
    {
        Err(give_up("5", "the host begins with an escaped '['"))
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

/// Steps 19 to 21: each label of `s` (step 17 split it at `.`) converted
/// by step 20, and the labels joined with `.` again (step 21), written into
/// one string as they come.  `prepared`: Nameprep is known to leave every
/// label as it is ([`idn_fast_path`]), so that step 20.2.1.1 only checks
/// bidi.
///
/// THIS: `bücher.de` → `xn--bcher-kva.de`; IE (http): `xn--4gq.jp` →
/// `\u{4E00}.jp`.
fn convert_labels<T: Tracer>(
    s: &str,
    scheme: &str,
    profile: &dyn Profile,
    hp: &HostParams,
    prepared: bool,
    pl: &mut Pipeline<'_, T>,
) -> Result<String, GiveUp> {
    let idn_enabled = hp.idn_tld_check && idn_enabled_tld(s, pl.shared.as_deref_mut());
    pl.note("20.1", "GECKO", hp.idn_tld_check, s, || {
        format!("idn-enabled = {idn_enabled}")
    });
    let (step, marks) = match hp.label_conversion {
        LabelConversion::ToAscii => ("20.2.1", "THIS/GECKO/CHROME"),
        LabelConversion::IeRoundTrip => ("20.2.2", "IE"),
    };
    // After step 20.2.2 (IE): schemes that do not keep Unicode labels get
    // the labels' ASCII form, collected next to them.
    let ace =
        hp.label_conversion == LabelConversion::IeRoundTrip && !keeps_unicode_labels(hp, scheme);
    let mut ace_out = String::new();
    let known = if T::ENABLED {
        LabelKnown::Nothing
    } else if prepared {
        LabelKnown::Prepared
    } else {
        LabelKnown::Untraced
    };
    // Room for ACE labels longer than their Unicode (`bücher` →
    // `xn--bcher-kva`).
    let mut out = String::with_capacity(2 * s.len() + 8);
    for (i, label) in s.split('.').enumerate() {
        if i > 0 {
            out.push('.');
            if ace {
                ace_out.push('.');
            }
        }
        let start = out.len();
        let r = match hp.label_conversion {
            LabelConversion::ToAscii => {
                label_to_ascii(label, profile, hp, idn_enabled, prepared, pl, &mut out)
            }
            LabelConversion::IeRoundTrip => label_ie_round_trip(
                label,
                profile,
                &mut out,
                ace.then_some(&mut ace_out),
                known,
                pl.shared.as_deref_mut(),
            ),
        };
        match r {
            Ok(()) => pl.note(step, marks, true, label, || out[start..].to_string()),
            Err(g) => {
                pl.note(step, marks, true, label, || format!("fail: {g}"));
                return Err(g);
            }
        }
    }
    if hp.label_conversion == LabelConversion::IeRoundTrip {
        pl.note("20.2.2a", "observed: IE", ace, &out, || ace_out.clone());
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
fn idn_enabled_tld(s: &str, shared: Option<&mut SharedHostWork>) -> bool {
    let tld = s.rsplit('.').find(|l| !l.is_empty()).unwrap_or("");
    let whitelisted = if tld.is_ascii() {
        gecko::is_idn_whitelisted_tld(tld)
    } else {
        let mut ace = String::new();
        push_ace_shared(tld, &mut ace, shared).is_some_and(|()| gecko::is_idn_whitelisted_tld(&ace))
    };
    whitelisted && !s.chars().any(gecko::is_idn_blacklisted)
}

/// The characters of `label`, decoded once into `buf`, or `None` when
/// there are more than 63 (Punycode of more than 63 characters could never
/// fit in a label; checking first keeps huge labels linear).
fn label_chars<'b>(label: &str, buf: &'b mut [char; MAX_LABEL_LEN]) -> Option<&'b [char]> {
    let mut n = 0;
    for c in label.chars() {
        *buf.get_mut(n)? = c;
        n += 1;
    }
    Some(&buf[..n])
}

/// Punycode [RFC 3492] of a label, or `None` when it cannot be encoded or
/// could never fit in a label (see [`label_chars`]).
#[cfg(test)]
fn punycode_encode(label: &str) -> Option<String> {
    let mut buf = ['\0'; MAX_LABEL_LEN];
    let mut out = String::new();
    puny::encode_into(label_chars(label, &mut buf)?, &mut out)?;
    Some(out)
}

/// Appends `xn--` and the Punycode of `label` to `out` (the ACE form of a
/// non-ASCII label), or returns `None` (and appends nothing) as
/// [`label_chars`] does.  The encoder writes into `out` itself: `bücher` →
/// `xn--bcher-kva`.
fn push_ace(label: &str, out: &mut String) -> Option<()> {
    let mut buf = ['\0'; MAX_LABEL_LEN];
    let chars = label_chars(label, &mut buf)?;
    out.reserve(4 + label.len());
    out.push_str("xn--");
    puny::encode_into(chars, out)
}

/// Step 20.2.1 (THIS/GECKO/CHROME) for one label, appended to `out`.
fn label_to_ascii<T: Tracer>(
    label: &str,
    profile: &dyn Profile,
    hp: &HostParams,
    idn_enabled: bool,
    prepared: bool,
    pl: &mut Pipeline<'_, T>,
    out: &mut String,
) -> Result<(), GiveUp> {
    // 20.2.1.1: Nameprep with bidi.  After step 11 (THIS/GECKO) only the
    // Check bidi step remains to be done; Nameprep is idempotent.  Not so
    // with the Corrigendum 5 swap (step 4), which a second Nameprep
    // applies again: Gecko's recorded `\u{1100}\u{1175}\u{301}\u{11A8}` composes further the
    // second time.  The swap needs a non-starter, so without one the
    // second Nameprep is the first again (a tracer sees it run anyway).
    // With `prepared`, NFKC leaves the host alone, so no starter in it
    // composes with another and the swap has no sequence to act on.
    let swap_again = profile.nameprep().corrigendum_5_swap
        && !prepared
        && (T::ENABLED || super::nameprep::corrigendum_5_swap_may_apply(label));
    // With `prepared`, Nameprep is known to leave the label as it is (see
    // [`idn_fast_path`]), whether or not step 11 ran.
    let label: Cow<'_, str> = if (hp.nameprep_whole_host || prepared) && !swap_again {
        let r = super::nameprep::check_bidi(label, profile.nameprep().bidi);
        if T::ENABLED {
            let after = match &r {
                Ok(()) => label.to_string(),
                Err(e) => format!("fail: {e}"),
            };
            pl.tracer.step("Nameprep", "11", "", true, label, &after);
        }
        r.map_err(|e| give_up("20.2.1.1", e.to_string()))?;
        Cow::Borrowed(label)
    } else {
        Cow::Owned(
            nameprep_traced(label, profile, true, pl.tracer)
                .map_err(|e| give_up("20.2.1.1", e.to_string()))?,
        )
    };
    if !label.is_ascii() {
        // 20.2.1.2
        if idn_enabled {
            out.push_str(&label);
            return Ok(());
        }
        if hp.xn_non_ascii_fails && label.starts_with("xn--") {
            return Err(give_up(
                "20.2.1.2.1.1",
                "a label beginning with \"xn--\" holds non-ASCII characters",
            ));
        }
        let start = out.len();
        push_ace_shared(&label, out, pl.shared.as_deref_mut())
            .ok_or_else(|| give_up("20.2.1.2.1.2", "Punycode cannot encode the label"))?;
        if out.len() - start > MAX_LABEL_LEN {
            return Err(give_up(
                "20.2.1.2.1.4",
                "the label is longer than 63 characters",
            ));
        }
    } else {
        // 20.2.1.3
        let mut label: &str = &label;
        if hp.truncate_ascii_label > 0 && label.len() > hp.truncate_ascii_label {
            label = &label[..hp.truncate_ascii_label];
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
        out.push_str(label);
    }
    Ok(())
}

/// What IE's round trip (step 20.2.2) may take for granted about a label.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LabelKnown {
    /// Nothing: every step runs (a tracer is watching).
    Nothing,
    /// Nothing yet, but shortcuts may be taken where a check allows them.
    Untraced,
    /// The host qualified for [`idn_fast_path`]: Nameprep leaves the label
    /// as it is, its ASCII characters are letters, digits and hyphens, and
    /// it holds no U+3002.
    Prepared,
}

/// Step 20.2.2 (IE): the modified ToUnicode operation for one label: the
/// label, Punycode-encoded if need be, must survive a round trip through
/// Punycode decoding and ToASCII unchanged; the result, appended to `out`,
/// is the Unicode form.  With `ace_out`, the label's ASCII form (for
/// schemes that do not keep Unicode labels) is appended there.
///
/// With `shortcut` (no tracer), a Unicode label that Nameprep leaves as it
/// is takes [`label_ie_round_trip_fixed_point`].
fn label_ie_round_trip(
    label: &str,
    profile: &dyn Profile,
    out: &mut String,
    ace_out: Option<&mut String>,
    known: LabelKnown,
    shared: Option<&mut SharedHostWork>,
) -> Result<(), GiveUp> {
    let fixed_point = match known {
        LabelKnown::Nothing => false,
        LabelKnown::Untraced => super::nameprep::is_fixed_point(label),
        LabelKnown::Prepared => true,
    };
    if fixed_point && !label.is_ascii() {
        let prepared = known == LabelKnown::Prepared;
        return label_ie_round_trip_fixed_point(label, profile, out, ace_out, prepared, shared);
    }
    // 20.2.2.1 and 20.2.2.2: /p_label/.
    let mut encoded = String::new();
    let p_label: &str = if label.is_ascii() {
        label
    } else {
        push_ace_shared(label, &mut encoded, shared)
            .ok_or_else(|| give_up("20.2.2.1.1", "Punycode cannot encode the label"))?;
        &encoded
    };
    // 20.2.2.3
    let decoded;
    let u_label: &str = match p_label.strip_prefix("xn--") {
        Some(rest) => {
            if rest.len() > 4 * MAX_LABEL_LEN {
                return Err(give_up("20.2.2.3.2", "the Punycode label is too long"));
            }
            if label.is_ascii() {
                decoded = punycode::decode(rest)
                    .map_err(|_| give_up("20.2.2.3.2", "not a valid Punycode label"))?;
                &decoded
            } else {
                // Decoding what 20.2.2.1 has just encoded gives the label
                // back [RFC 3492 6.2].
                label
            }
        }
        None => label,
    };
    // 20.2.2.4
    let known_ace = (!label.is_ascii()).then_some(p_label);
    let a_label = to_ascii_std3(u_label, profile, known_ace).map_err(|r| give_up("20.2.2.4", r))?;
    // 20.2.2.5
    if a_label != p_label {
        return Err(give_up(
            "20.2.2.5",
            format!("ToASCII gives {a_label:?}, not {p_label:?}"),
        ));
    }
    // 20.2.2.6
    if u_label.contains('\u{3002}') {
        return Err(give_up("20.2.2.6", "U+3002 in the label"));
    }
    // The result of ToUnicode is the decoded label: IE shows IDNs in
    // Unicode (`xn--ab-mia` and `aáb` both give `aáb`).
    out.push_str(u_label);
    if let Some(ace_out) = ace_out {
        ace_label(u_label, known_ace, ace_out)?;
    }
    Ok(())
}

/// Step 20.2.2 (IE) for a non-ASCII label that Nameprep leaves as it is
/// ([`super::nameprep::is_fixed_point`]: what step 11 made of the host
/// mostly is), without the round trip's strings: /p_label/ is `xn--` and
/// the Punycode of the label (20.2.2.1; only its length is needed), its
/// decoding is the label again (20.2.2.3), and ToASCII of the label
/// (20.2.2.4) runs Nameprep, which changes nothing and may fail only its
/// Check bidi step, then makes /p_label/ again, so 20.2.2.5 holds.
///
/// `\u{4E00}` → `\u{4E00}` (and `xn--4gq` into `ace_out`); `\u{5D0}a`
/// fails at 20.2.2.4 (bidi).  `tests::shortcuts_match_the_traced_steps`
/// checks it against the full round trip, which a tracer sees.
fn label_ie_round_trip_fixed_point(
    label: &str,
    profile: &dyn Profile,
    out: &mut String,
    ace_out: Option<&mut String>,
    prepared: bool,
    shared: Option<&mut SharedHostWork>,
) -> Result<(), GiveUp> {
    // 20.2.2.1: only the length of /p_label/ is needed (the encoding itself
    // when it is shared with other profiles, or for `ace_out`).
    let cannot = || give_up("20.2.2.1.1", "Punycode cannot encode the label");
    // Punycode encodes any label of at most 63 characters (see
    // [`label_chars`]).
    if label.len() > MAX_LABEL_LEN && label.chars().count() > MAX_LABEL_LEN {
        return Err(cannot());
    }
    // 20.2.2.4: ToASCII steps 2 (Nameprep: only Check bidi can fail), 3,
    // 4 to 7 (the label is not ASCII) and 8.
    super::nameprep::check_bidi(label, profile.nameprep().bidi)
        .map_err(|e| give_up("20.2.2.4", format!("ToASCII: {e}")))?;
    let mut buf = ['\0'; MAX_LABEL_LEN];
    let shared_ace = match shared {
        Some(work) => Some(work.ace(label).ok_or_else(cannot)?),
        None => None,
    };
    let p_len = match shared_ace {
        Some(ace) => 4 + ace.len(),
        None => {
            let chars = label_chars(label, &mut buf).ok_or_else(cannot)?;
            let mut count = puny::Count(4);
            puny::encode_into(chars, &mut count).ok_or_else(cannot)?;
            count.0
        }
    };
    if prepared {
        // Of UseSTD3ASCIIRules only the hyphens can fail (see
        // [`LabelKnown::Prepared`]).
        if label.starts_with('-') || label.ends_with('-') {
            return Err(give_up(
                "20.2.2.4",
                "ToASCII: the label begins or ends with '-'",
            ));
        }
    } else {
        std3_rules(label).map_err(|r| give_up("20.2.2.4", r))?;
    }
    ace_prefix_check(label).map_err(|r| give_up("20.2.2.4", r))?;
    if p_len > MAX_LABEL_LEN {
        return Err(give_up(
            "20.2.2.4",
            "ToASCII: the label is empty or longer than 63 characters",
        ));
    }
    // 20.2.2.6
    if !prepared && label.contains('\u{3002}') {
        return Err(give_up("20.2.2.6", "U+3002 in the label"));
    }
    out.push_str(label);
    if let Some(ace_out) = ace_out {
        ace_out.push_str("xn--");
        match shared_ace {
            Some(ace) => ace_out.push_str(ace),
            None => {
                let chars = label_chars(label, &mut buf).ok_or_else(cannot)?;
                puny::encode_into(chars, ace_out);
            }
        }
    }
    Ok(())
}

/// ToASCII [RFC 3490 4.1] step 3, UseSTD3ASCIIRules: no ASCII character
/// but letters, digits and `-`, and no `-` first or last (`a_b` and `-a`
/// fail; `\u{E9}-a` passes).
fn std3_rules(prepared: &str) -> Result<(), String> {
    if let Some(c) = prepared
        .chars()
        .find(|&c| c.is_ascii() && !(c.is_ascii_alphanumeric() || c == '-'))
    {
        return Err(format!("ToASCII: {c:?} is not a letter, digit or hyphen"));
    }
    if prepared.starts_with('-') || prepared.ends_with('-') {
        return Err("ToASCII: the label begins or ends with '-'".into());
    }
    Ok(())
}

/// ToASCII [RFC 3490 4.1] step 5, for a label that is not all ASCII: it
/// must not begin with the ACE prefix (`xn--\u{E9}` fails).
fn ace_prefix_check(prepared: &str) -> Result<(), String> {
    if prepared
        .as_bytes()
        .get(..4)
        .is_some_and(|b| b.eq_ignore_ascii_case(b"xn--"))
    {
        return Err("ToASCII: the label already begins with the ACE prefix".into());
    }
    Ok(())
}

/// ToASCII [RFC 3490 4.1] with UseSTD3ASCIIRules and without
/// AllowUnassigned, using the profile's Nameprep.  `known_ace` is the ACE
/// form of `label` when the caller has it: if Nameprep leaves the label as
/// it is, ToASCII's steps 4 to 7 would make it again.
fn to_ascii_std3<'a>(
    label: &'a str,
    profile: &dyn Profile,
    known_ace: Option<&'a str>,
) -> Result<Cow<'a, str>, String> {
    // Steps 1 and 2.
    let prepared: Cow<'a, str> = if label.is_ascii() {
        Cow::Borrowed(label)
    } else {
        if let Some(c) = label.chars().find(|&c| stringprep::is_unassigned(c)) {
            return Err(format!(
                "ToASCII: U+{:04X} is unassigned in Unicode 3.2",
                c as u32
            ));
        }
        if super::nameprep::is_fixed_point(label) {
            // Nameprep gives the label back, unless its Check bidi step
            // fails (IE's decoded `xn--` labels mostly are such).
            super::nameprep::check_bidi(label, profile.nameprep().bidi)
                .map_err(|e| format!("ToASCII: {e}"))?;
            Cow::Borrowed(label)
        } else {
            let p = super::nameprep::nameprep(label, profile, true)
                .map_err(|e| format!("ToASCII: {e}"))?;
            if p == label {
                Cow::Borrowed(label)
            } else {
                Cow::Owned(p)
            }
        }
    };
    // Step 3: UseSTD3ASCIIRules.
    std3_rules(&prepared)?;
    // Steps 4 to 7.
    let ascii: Cow<'a, str> = if prepared.is_ascii() {
        prepared
    } else {
        ace_prefix_check(&prepared)?;
        match (known_ace, &prepared) {
            (Some(ace), Cow::Borrowed(_)) => Cow::Borrowed(ace),
            _ => {
                let mut ace = String::new();
                push_ace(&prepared, &mut ace).ok_or("ToASCII: Punycode cannot encode the label")?;
                Cow::Owned(ace)
            }
        }
    };
    // Step 8.
    if ascii.is_empty() || ascii.len() > MAX_LABEL_LEN {
        return Err("ToASCII: the label is empty or longer than 63 characters".into());
    }
    Ok(ascii)
}

/// Next to step 7 (IE, [`HostParams::semicolon_in_host_is_invalid`]): a
/// host holding `;`, written or percent-encoded (`%3B`, either case),
/// returns the fallback.
///
/// `a;b.test` and `a%3bb.test` fail; `a%3db.test` passes.
fn semicolon_in_host(s: &str) -> Result<(), GiveUp> {
    let escaped = s
        .as_bytes()
        .windows(3)
        .any(|w| w[0] == b'%' && w[1] == b'3' && w[2].eq_ignore_ascii_case(&b'b'));
    if escaped || s.contains(';') {
        Err(give_up("7a", "';' (or \"%3B\") in the host"))
    } else {
        Ok(())
    }
}

/// Whether hosts under `scheme` keep the Unicode labels of step 20.2.2
/// ([`HostParams::unicode_label_schemes`]; absent: every scheme does).
fn keeps_unicode_labels(hp: &HostParams, scheme: &str) -> bool {
    hp.unicode_label_schemes
        .as_ref()
        .is_none_or(|l| l.iter().any(|s| s.eq_ignore_ascii_case(scheme)))
}

/// After step 20.2.2 (IE, for schemes not in
/// [`HostParams::unicode_label_schemes`]): the label in its ASCII form,
/// appended to `out`.  `known_ace` is the /p_label/ of 20.2.2.2 when the
/// label was Unicode: the round trip has checked that it is what Punycode
/// gives.
///
/// `\u{4E00}` → `xn--4gq`; `jp` → `jp`.
fn ace_label(label: &str, known_ace: Option<&str>, out: &mut String) -> Result<(), GiveUp> {
    if label.is_ascii() {
        out.push_str(label);
    } else if let Some(ace) = known_ace {
        out.push_str(ace);
    } else {
        push_ace(label, out)
            .ok_or_else(|| give_up("20.2.2a", "Punycode cannot encode the label"))?;
    }
    Ok(())
}

/// Before step 5 (GECKO, [`HostParams::colon_in_host_is_invalid`]): a `:`
/// in the host as parsed, outside a `[`...`]` span, makes the URL invalid
/// outright (Gecko's fallback would keep the host as written).
///
/// `foo:80`, `ab[cd:012:` and `%5b::abc` fail; `xn--[::]-` and `[::1]`
/// pass (their colons are bracketed), and so does `a\u{FF1A}b` (Nameprep
/// has not run yet).
fn colon_outside_brackets(s: &str) -> Result<(), GiveUp> {
    let mut open = None;
    for (i, c) in s.char_indices() {
        match c {
            '[' if open.is_none() => open = Some(i),
            ']' => open = None,
            ':' => {
                let closed = open.is_some() && s[i..].contains(']');
                if !closed {
                    return Err(GiveUp {
                        outright: true,
                        ..give_up("4a", "':' outside brackets in the host")
                    });
                }
            }
            _ => {}
        }
    }
    Ok(())
}

/// Next to step 5 (GECKO, [`HostParams::escaped_bracket_is_invalid`]): a
/// host beginning with `%5B` makes the URL invalid outright (step 5, THIS,
/// returns the fallback, which for Gecko is the input).
///
/// `%5Bxyz%5D` and `%5bxyz` fail; `a%5bb.test` passes.
fn escaped_bracket_is_invalid(s: &str) -> Result<(), GiveUp> {
    escaped_bracket(s).map_err(|g| GiveUp {
        step: "4b",
        outright: true,
        ..g
    })
}

/// Before step 27 (GECKO, [`HostParams::decode_escapes_before_ipv4`]): the
/// canonical IPv4 address when the host, its escapes decoded as UTF-8, is
/// an IPv4 address; `None` otherwise (the host then keeps its escapes).
///
/// `%30%78%63%30%2e%30%32%35%30.01` → `192.168.0.1`; `%31.%32.3` →
/// `1.2.0.3`; `%73uika.fam.cx` and `192.168.%e2%80%8d0.001` → `None`.
fn ipv4_behind_escapes(s: &str) -> Option<String> {
    if !s.contains('%') {
        return None;
    }
    canonicalize_ipv4(&percent::percent_decode_utf8(s))
}

/// After step 11 (GECKO, [`HostParams::port_like_host_is_invalid`]): a
/// host that, its escapes decoded, ends with `:` and one or more ASCII
/// digits (it reads as `host:port`) makes the URL invalid outright.
///
/// `foo:80` (from `foo\u{FF1A}80`) and `foo%3a80` fail; `a:b.test` and
/// `a%3ab` pass.
fn port_like_host(s: &str) -> Result<(), GiveUp> {
    let decoded = percent::percent_decode_utf8(s);
    let port_like = decoded
        .rsplit_once(':')
        .is_some_and(|(_, port)| !port.is_empty() && port.bytes().all(|b| b.is_ascii_digit()));
    if port_like {
        Err(GiveUp {
            outright: true,
            ..give_up("13a", "the host reads as host:port")
        })
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod gecko_model_step_tests {
    use super::*;

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
    fn port_like_host_is_invalid() {
        for h in [
            "foo\u{FF1A}80",
            "foo%3A80",
            "foo\u{FF05}3A80",
            "\u{FF11}\u{FF1A}\u{FF18}",
        ] {
            fails_at(h, "13a");
        }
        assert_eq!(
            canonicalize_host("a%3Ab", "http", gecko()).unwrap(),
            "a%3ab"
        );
        assert!(port_like_host("a:b.test").is_ok());
        assert!(port_like_host("a:").is_ok());
    }

    #[test]
    fn escaped_bracket_is_invalid_outright() {
        fails_at("%5Bxyz%5D", "4b");
        fails_at("%5bxyz", "4b");
        assert_eq!(
            canonicalize_host("a%5bb.test", "http", gecko()).unwrap(),
            "a%5bb.test"
        );
    }

    #[test]
    fn ipv4_behind_escapes_is_decoded() {
        let h = "%30%78%63%30%2e%30%32%35%30.01";
        assert_eq!(
            canonicalize_host(h, "http", gecko()).unwrap(),
            "192.168.0.1"
        );
        assert_eq!(ipv4_behind_escapes("%31.%32.3").as_deref(), Some("1.2.0.3"));
        assert_eq!(ipv4_behind_escapes("192.168.0.1"), None);
        // Other hosts keep their escapes.
        assert_eq!(
            canonicalize_host("%73uika.fam.cx", "http", gecko()).unwrap(),
            "%73uika.fam.cx"
        );
        assert_eq!(
            canonicalize_host("192.168.%E2%80%8D0.001", "http", gecko()).unwrap(),
            "192.168.%e2%80%8d0.001"
        );
    }
}

#[cfg(test)]
mod ie_step_tests {
    use super::*;
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

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]
        /// The one-pass shortcut gives what the steps give, under every
        /// built-in profile and for `file` as well as `http` (a tracer
        /// turns the shortcut off).
        #[test]
        fn ldh_fast_path_matches_the_steps(host in "(xn--|XN--|0x|[a-zA-Z0-9.-]){0,12}[a-zA-Z0-9.-]{0,6}") {
            for p in crate::profile::builtin_profiles() {
                for scheme in ["http", "file"] {
                    let fast = canonicalize_host(&host, scheme, p);
                    let mut log = crate::host::trace::StepLog::default();
                    let slow = canonicalize_host_traced(&host, scheme, p, &mut log);
                    proptest::prop_assert_eq!(&fast, &slow, "{} {} {:?}", p.name, scheme, host);
                    let mut in_place = host.clone();
                    let r = canonicalize_host_in_place(&mut in_place, scheme, p).map(|()| in_place);
                    proptest::prop_assert_eq!(&r, &slow, "in place: {} {} {:?}", p.name, scheme, host);
                }
            }
        }
    }

    /// Characters that exercise the IDN steps: ASCII, label separators,
    /// escapes, case, fullwidth forms, combining marks (Corrigendum 5
    /// sequences), Hangul jamo, RandALCat, CJK, mapped-to-nothing.
    fn idn_char() -> impl proptest::strategy::Strategy<Value = char> {
        proptest::prop_oneof![
            proptest::char::range('a', 'e'),
            proptest::char::range('A', 'E'),
            proptest::sample::select(vec![
                '.',
                '-',
                '%',
                '3',
                '0',
                'x',
                'n',
                ' ',
                ':',
                '\u{3002}',
                '\u{FF0E}',
                '\u{FF21}',
                '\u{DF}',
                '\u{AD}',
                '\u{200D}',
                '\u{301}',
                '\u{316}',
                '\u{340}',
                '\u{1100}',
                '\u{1161}',
                '\u{11A8}',
                '\u{AE30}',
                '\u{5D0}',
                '\u{627}',
                '\u{661}',
                '\u{4E00}',
                '\u{FB01}',
                '\u{2163}',
                '\u{E9}',
                '\u{3C3}',
                '\u{3A3}',
                '\u{E000}',
                '\u{FDD0}',
                '\u{FC}',
                '\u{3CC}',
                '\u{430}',
                '\u{E01}',
                '\u{E31}',
                '\u{E48}',
                '\u{E38}',
                '\u{B274}',
                '\u{C2A4}',
                '\u{5D1}',
                '\u{644}',
                '\u{915}',
                '\u{94D}',
                '\u{1F600}',
                '\u{FF61}',
                '\u{2024}',
                '\u{2488}',
                '\u{FF05}',
                '\u{FF1A}',
                '\u{F951}',
                '\u{C4}',
                '\u{FF41}',
                '\u{B47}',
                '\u{B3E}',
            ]),
            proptest::char::range('\u{300}', '\u{36F}'),
            proptest::char::range('\u{A0}', '\u{24F}'),
        ]
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]
        /// One host canonicalized under every profile in turn, sharing the
        /// work no profile parameter touches ([`SharedHostWork`]), gives
        /// what each profile gives alone.
        #[test]
        fn shared_work_changes_nothing(v in proptest::collection::vec(idn_char(), 0..16)) {
            let host: String = v.into_iter().collect();
            let mut shared = SharedHostWork::default();
            let profiles = crate::profile::builtin_profiles();
            for p in profiles.iter().chain(profiles.iter().rev()) {
                let mut h = Cow::Borrowed(host.as_str());
                let r = canonicalize_host_cow(&mut h, "http", p, Some(&mut shared)).map(|()| h.into_owned());
                proptest::prop_assert_eq!(&r, &canonicalize_host(&host, "http", p), "{} {:?}", p.name, host);
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(3000))]
        /// The untraced pipeline (with its shortcuts: no second Nameprep
        /// without a non-starter, no Punycode decoding of a label just
        /// encoded, ...) gives what the traced one, which runs every step,
        /// gives.
        #[test]
        fn shortcuts_match_the_traced_steps(v in proptest::collection::vec(idn_char(), 0..16)) {
            let host: String = v.into_iter().collect();
            for p in crate::profile::builtin_profiles() {
                for scheme in ["http", "ftp"] {
                    let fast = canonicalize_host(&host, scheme, p);
                    let mut log = crate::host::trace::StepLog::default();
                    let slow = canonicalize_host_traced(&host, scheme, p, &mut log);
                    proptest::prop_assert_eq!(&fast, &slow, "{} {} {:?}", p.name, scheme, host);
                }
            }
        }

        /// The own Punycode encoder, used by [`punycode_encode`], agrees
        /// with the `punycode` crate's.
        #[test]
        fn punycode_encoders_agree(v in proptest::collection::vec(idn_char(), 0..70)) {
            let label: String = v.into_iter().collect();
            let ours = punycode_encode(&label);
            if label.chars().count() <= MAX_LABEL_LEN {
                proptest::prop_assert_eq!(ours, punycode::encode(&label).ok(), "{:?}", label);
            } else {
                proptest::prop_assert_eq!(ours, None);
            }
        }
    }

    #[test]
    fn gecko_second_nameprep_runs_when_the_swap_may_apply() {
        // Gecko's recorded `\u{1100}\u{1175}\u{301}\u{11A8}` composes further in the second
        // Nameprep of step 20.2.1.1.
        let gecko = crate::profile::builtin("gecko").unwrap();
        for host in [
            "\u{1100}\u{1175}\u{301}\u{11A8}",
            "a.\u{1100}\u{1175}\u{301}\u{11A8}.com",
        ] {
            let fast = canonicalize_host(host, "http", gecko);
            let mut log = crate::host::trace::StepLog::default();
            let slow = canonicalize_host_traced(host, "http", gecko, &mut log);
            assert_eq!(fast, slow, "{host:?}");
            let once = crate::host::nameprep(host, gecko, false).unwrap();
            assert_ne!(crate::host::nameprep(&once, gecko, false).unwrap(), once);
        }
    }

    #[test]
    fn idn_fast_path_covers_the_common_idn_host() {
        let ie = crate::profile::builtin("ie").unwrap();
        let fast = |h: &str, p: &dyn Profile| {
            idn_fast_path(h, "http", p, Some(&mut SharedHostWork::default()))
        };
        assert_eq!(
            fast("WWW.Bücher.DE", this()).as_deref(),
            Some("www.xn--bcher-kva.de")
        );
        assert_eq!(
            fast("\u{E17}\u{E14}\u{E2A}\u{E2D}\u{E1A}.TH", this()).as_deref(),
            Some("xn--l3cfk7dp.th")
        );
        assert_eq!(fast("日本.JP", ie).as_deref(), Some("日本.jp"));
        // Characters Nameprep maps, the same way under every profile: the
        // host as Nameprep and step 15 make it (see `prepare_host`).
        assert_eq!(fast("Ü\u{3002}de", this()).as_deref(), Some("xn--tda.de"));
        assert_eq!(fast("\u{FB01}.ü", this()).as_deref(), Some("fi.xn--tda"));
        // IE: an ASCII host with an xn-- label.
        assert_eq!(
            xn_labels_fast_path("WWW.XN--4GQ.JP", "http", ie).as_deref(),
            Some("www.\u{4E00}.jp")
        );
        assert_eq!(xn_labels_fast_path("xn--4gq.jp", "http", this()), None);
        // An xn-- label is an ASCII label, but for IE's round trip, which
        // decodes it (or fails, and the steps run one by one).
        assert_eq!(
            fast("xn--4gq.ü", this()).as_deref(),
            Some("xn--4gq.xn--tda")
        );
        assert_eq!(fast("xn--4gq.ü", ie).as_deref(), Some("\u{4E00}.ü"));
        assert_eq!(fast("xn--a.ü", ie), None);
        // Outside the shortcut: a root dot, a character Nameprep maps, a
        // label separator other than `.`, escapes.
        for h in ["ü.de.", "ü%41.de", "ü:80.de"] {
            assert_eq!(fast(h, this()), None, "{h:?}");
        }
    }

    #[test]
    fn xn_labels_fast_path_matches_the_steps() {
        for host in [
            "xn--4gq.jp",
            "WWW.XN--4GQ.JP",
            "a.xn--bcher-kva.de",
            "xn--abc-.de",
            "xn--.de",
            "xn--a",
            "xn--ls8h.xn--4gq",
            "xn--4gq..jp",
            "-xn--4gq.jp",
            "xn--ab-mia",
            "xn--zca",
        ] {
            for p in crate::profile::builtin_profiles() {
                let fast = canonicalize_host(host, "http", p);
                let mut log = crate::host::trace::StepLog::default();
                let slow = canonicalize_host_traced(host, "http", p, &mut log);
                assert_eq!(fast, slow, "{} {host:?}", p.name);
            }
        }
    }

    #[test]
    fn prepared_hosts() {
        assert_eq!(
            prepare_host("WWW.ÄRZTE.DE").as_deref(),
            Some("www.ärzte.de")
        );
        assert_eq!(
            prepare_host("\u{FF25}\u{FF58}.d\u{E9}\u{3002}\u{FF24}\u{FF25}").as_deref(),
            Some("ex.dé.de")
        );
        // NFKC makes a `.`; a trailing separator; a non-starter; a
        // corrigendum character.
        for h in [
            "a\u{2024}b.\u{E9}",
            "\u{C4}.de\u{3002}",
            "a\u{301}.\u{C4}",
            "\u{F951}.\u{C4}",
        ] {
            assert_eq!(prepare_host(h), None, "{h:?}");
        }
        let ie = crate::profile::builtin("ie").unwrap();
        let fast = |h: &str, p: &dyn Profile| {
            idn_fast_path(h, "http", p, Some(&mut SharedHostWork::default()))
        };
        assert_eq!(
            fast("WWW.ÄRZTE\u{FF0E}DE", this()).as_deref(),
            Some("www.xn--rzte-koa.de")
        );
        assert_eq!(
            fast("WWW.ÄRZTE\u{FF0E}DE", ie).as_deref(),
            Some("www.ärzte.de")
        );
    }

    #[test]
    fn ldh_fast_path_covers_the_common_host() {
        let fast = |h: &str, p: &dyn Profile| {
            let mut h = Cow::Borrowed(h);
            letters_digits_hyphens_fast_path(&mut h, p).then(|| h.into_owned())
        };
        assert_eq!(
            fast("WWW.Example.COM", this()).as_deref(),
            Some("www.example.com")
        );
        assert_eq!(fast("0x7F.1", this()).as_deref(), Some("127.0.0.1"));
        assert_eq!(fast("a_b", this()), None);
        let ie = crate::profile::builtin("ie").unwrap();
        assert_eq!(fast("xn--4gq.jp", ie), None);
    }

    #[test]
    fn huge_label_is_linear_and_fails() {
        let h = "ü".repeat(200_000);
        assert!(this_host(&h).is_err());
    }
}
