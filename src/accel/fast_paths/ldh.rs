//! The letters-digits-hyphens shortcut: steps 2 to 31 at once for a host
//! of ASCII letters, digits, `-` and `.` (the most common host), under one
//! plan or several ([`LdhHostKey`]).
//!
//! `WWW.Example.COM` → `www.example.com`; `0x7F.1` → `127.0.0.1` (THIS).

use crate::observed::host::ipv4_address;
use crate::profile::plan::Plan;
use crate::profile::shortcut_keys::{LdhKey, ShortcutKey, LDH_AND_DOT};
use crate::profile::Ipv4Rule;

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
/// host* ([`LdhHost::key_of_covered`]): narrower than [`LdhKey`], which holds every
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
///   `xn--` label in it: `www.example.com` under THIS and IE alike); the
///   same for step 20a's `whitelisted_ace_shown_in_unicode` (GECKO);
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
    pub(crate) fn covered(ipv4: Option<Ipv4Rule>) -> LdhHostKey {
        match ipv4 {
            None => LdhHostKey::Covered,
            Some(Ipv4Rule::Spec) => LdhHostKey::CoveredIpv4Spec,
            Some(Ipv4Rule::Googleurl2011) => LdhHostKey::CoveredIpv4Googleurl2011,
            Some(Ipv4Rule::None) => LdhHostKey::CoveredIpv4None,
        }
    }

    /// Step 27's rule for a covered host (`Some(None)`: no rule finds an
    /// address in it); `None` when declined.
    pub(crate) fn ipv4(self) -> Option<Option<Ipv4Rule>> {
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
    pub(crate) fn of(host: &'h str) -> LdhHost<'h> {
        let flags = host.bytes().fold(0, |f, b| f | LDH_FLAGS[b as usize]);
        LdhHost { host, flags }
    }

    /// [`LdhHost::of`] of a host that is likely not ASCII: such a host is
    /// told at once, none of its flags but `NON_ASCII` mattering then (the
    /// shortcut declines it, and it is of the IPv4 form only as
    /// `is_ipv4_form` finds it).
    #[inline]
    pub(crate) fn of_international(host: &'h str) -> LdhHost<'h> {
        match host.is_ascii() {
            true => LdhHost::of(host),
            false => LdhHost {
                host,
                flags: NON_ASCII | NOT_LDH | NOT_IPV4_FORM,
            },
        }
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
    pub(crate) fn may_be_ipv4_form(&self) -> bool {
        self.flags & NOT_IPV4_FORM == 0
    }

    /// Whether the host is not empty and of ASCII letters, digits, `-` and
    /// `.` only (the shortcut declines any other under every profile).
    #[inline]
    pub(crate) fn covered_octets(&self) -> bool {
        self.flags & NOT_LDH == 0 && !self.host.is_empty()
    }

    /// Whether the host is ASCII.
    #[inline]
    pub(crate) fn is_ascii(&self) -> bool {
        self.flags & NON_ASCII == 0
    }

    /// The host.
    #[inline]
    pub(crate) fn host(&self) -> &'h str {
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
            || ((key.xn_label_needs_punycode || key.xn_labels_shown) && self.has_xn_label())
        {
            return None;
        }
        let starts_with_digit = self.host.as_bytes()[0].is_ascii_digit();
        Some(starts_with_digit.then_some(key.ipv4))
    }

    /// The key of a plan (the one that canonicalizes the host) for this
    /// host, the plan's shortcut key being `key`, for a host of covered
    /// octets ([`LdhHost::covered_octets`]) whose other facts
    /// are told: whether it has an `xn--` label (asked only when `key`
    /// reads it) and whether it begins with an ASCII digit.  What
    /// [`LdhHost::covered_under`] finds, with the host read once for
    /// several plans ([`HostInput::keys`](crate::accel::host::HostInput::keys)).
    #[inline(always)]
    pub(crate) fn key_of_covered(
        &self,
        key: LdhKey,
        has_xn_label: &mut Option<bool>,
        starts_with_digit: bool,
    ) -> LdhHostKey {
        debug_assert!(self.covered_octets());
        if !key.matches()
            || ((key.xn_label_needs_punycode || key.xn_labels_shown)
                && *has_xn_label.get_or_insert_with(|| self.has_xn_label()))
        {
            return LdhHostKey::Declined;
        }
        LdhHostKey::covered(starts_with_digit.then_some(key.ipv4))
    }

    /// Whether the host begins with an ASCII digit (step 27 may find an
    /// address in it: see [`LdhHostKey`]).
    #[inline]
    pub(crate) fn starts_with_digit(&self) -> bool {
        self.host.as_bytes().first().is_some_and(u8::is_ascii_digit)
    }

    /// The letters-digits-hyphens shortcut: the result of steps 2 to 31
    /// for the most common host, one of ASCII letters, digits, `-` and `.`
    /// only, under `plan` (the one step 1 chose), computed from what one
    /// pass found: the host in ASCII lowercase, appended to `out`
    /// (`Some(true)`; nothing is written, `Some(false)`, when it has no
    /// uppercase: the host passes through), or the IPv4 address it denotes (step
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
    /// 7a, 13, 26), and Nameprep (step 11) or step 24 lowercases it.
    /// So the plan must lowercase, and its step 14, 28 and 30 sets must
    /// hold no octet of the host ([`LdhKey`]).
    /// `tests::ldh_fast_path_matches_the_steps` checks the shortcut against
    /// the steps under every built-in profile, `tests/mixed_profiles.rs`
    /// under mixes of their parameters.
    ///
    /// `WWW.Example.COM` → `www.example.com`; `0x7F.1` → `127.0.0.1`;
    /// `www.example.com` passes through.
    #[inline(always)]
    pub(crate) fn canonicalize(&self, plan: &Plan, out: &mut String) -> Option<bool> {
        let ipv4 = self.covered_under(plan.shortcuts.ldh)?;
        let has_uppercase = self.flags & UPPERCASE != 0;
        if ipv4.is_none() {
            // A host that does not begin with a digit (nearly every one):
            // step 27 finds no address, the host is lowercased (what
            // `ldh_step_27` gives, told here without the call).
            if has_uppercase {
                push_ldh_result(self.host, Some(LdhResult::Lowercase { has_uppercase }), out);
            }
            return Some(has_uppercase);
        }
        match ldh_step_27(self.host, has_uppercase, ipv4)? {
            LdhResult::Lowercase {
                has_uppercase: false,
            } => Some(false),
            result => {
                push_ldh_result(self.host, Some(result), out);
                Some(true)
            }
        }
    }

    /// Appends to `out` the canonical host under a plan whose key for
    /// this host is `key`: what [`LdhHost::canonicalize`] appends under
    /// that plan (the host itself for a passthrough).  `false`, and `out`
    /// unchanged, when it declines.
    #[inline]
    pub(crate) fn write(&self, key: LdhHostKey, out: &mut String) -> bool {
        let Some(ipv4) = key.ipv4() else {
            return false;
        };
        let has_uppercase = self.flags & UPPERCASE != 0;
        let result = match ipv4 {
            // No rule of step 27 finds an address: the host lowercased.
            None => Some(LdhResult::Lowercase { has_uppercase }),
            Some(_) => ldh_step_27(self.host, has_uppercase, ipv4),
        };
        push_ldh_result(self.host, result, out)
    }
}

/// Whether `host` has a label that begins with `xn--`, in any case.
///
/// `a.XN--4gq.jp` → `true`; `a-xn--b.c`, `x--n` → `false`.
pub(crate) fn has_xn_label(host: &str) -> bool {
    let b = host.as_bytes();
    let is_xn = |label: &[u8]| label.len() >= 4 && label[..4].eq_ignore_ascii_case(b"xn--");
    // A label begins at the start and after each `.`.
    is_xn(b) || (0..b.len()).any(|i| b[i] == b'.' && is_xn(&b[i + 1..]))
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

/// The flags of each octet for the scan of [`LdhHost::of`].
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

#[cfg(test)]
mod tests {
    /// [`super::has_xn_label`] finds a label that begins with `xn--`, in
    /// any case, in every host of up to seven of `xXnN-.a`.
    #[test]
    fn has_xn_label_finds_the_labels() {
        let octets = b"xXnN-.a";
        let mut hosts = vec![Vec::new()];
        let mut checked = 0;
        while let Some(h) = hosts.pop() {
            let host = std::str::from_utf8(&h).unwrap();
            let expected = host
                .split('.')
                .any(|l| l.len() >= 4 && l[..4].eq_ignore_ascii_case("xn--"));
            assert_eq!(super::has_xn_label(host), expected, "{host:?}");
            checked += 1;
            if h.len() < 7 {
                for &o in octets {
                    let mut next = h.clone();
                    next.push(o);
                    hosts.push(next);
                }
            }
        }
        assert!(checked > 900_000, "{checked}");
    }

    use super::*;

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
