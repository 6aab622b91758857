//! CanonicalizeHost accelerated: the entry every canonicalization of a
//! host goes through, which takes the shortcuts of `super::fast_paths`
//! and falls into the specification's steps
//! (`crate::algorithm::host::canonicalize_host`) where they stop
//! applying.
//!
//! [`canonicalize_host_with`] is the one entry: it runs step 1 (the plan
//! of the hosts that are not domain names), then takes the first shortcut
//! the plan allows for the host, or runs steps 2 to 31 one by one.  Its
//! result says how it got there ([`HostOutcome`]).  A tracer turns the
//! shortcuts off: a trace shows the plain steps.  The other functions
//! here are that entry with its result in another shape.
//!
//! ```
//! use urlprism::accel::host::canonicalize_host;
//! let this = urlprism::profile::this();
//! assert_eq!(canonicalize_host("WWW.Ｅxample.COM.", "http", this).unwrap(), "www.example.com.");
//! assert_eq!(canonicalize_host("b%C3%BCcher.de", "http", this).unwrap(), "xn--bcher-kva.de");
//! assert_eq!(canonicalize_host("0x7f.1", "http", this).unwrap(), "127.0.0.1");
//! assert!(canonicalize_host("a%2Fb", "http", this).is_err());
//! ```

use super::fast_paths::{idn_fast_path_into, xn_labels_fast_path_into, LdhHost};
use crate::algorithm::host::host_steps::canonicalize_host_one_by_one;
use crate::algorithm::host::trace::{NoTrace, StepLog, Tracer};
use crate::error::Error;
use crate::profile::host_steps as steps;
use crate::profile::plan::{is_class, is_ipv4_form, Plan};
use crate::profile::{HostClass, Profile};
use crate::text::ipv4::has_ipv4_form;
use std::borrow::Cow;

/// The work on a host shared between profiles, for `canonicalize_each`.
pub use super::fast_paths::SharedHostWork;
pub(crate) use super::fast_paths::{with_shared_host_work, with_shared_host_work_on};
/// A profile's key for one host, for the shortcut under several profiles.
pub(crate) use super::fast_paths::{LdhHostKey, LDH_AND_DOT};

/// A host as CanonicalizeHost receives it, with the scheme of its URL:
/// read once, for the shortcuts and for step 1, whatever the plan (and,
/// under several plans, for all of them).
///
/// `WWW.Example.COM` is of letters, digits, hyphens and dots, with
/// uppercase; `0x7F.1` may be of the IPv4 form.
#[derive(Clone, Copy, Debug)]
pub struct HostInput<'h> {
    host: LdhHost<'h>,
    scheme: &'h str,
}

impl<'h> HostInput<'h> {
    /// `host` of a URL whose scheme is `scheme`, read once.
    #[inline]
    pub fn new(host: &'h str, scheme: &'h str) -> HostInput<'h> {
        HostInput {
            host: LdhHost::of(host),
            scheme,
        }
    }

    /// [`HostInput::new`] of a host that is likely not ASCII (in an
    /// authority that is not): read at once when it is not.
    #[inline]
    pub fn international(host: &'h str, scheme: &'h str) -> HostInput<'h> {
        HostInput {
            host: LdhHost::of_international(host),
            scheme,
        }
    }

    /// The host.
    #[inline]
    pub fn host(&self) -> &'h str {
        self.host.host()
    }

    /// The scheme of its URL.
    #[inline]
    pub fn scheme(&self) -> &'h str {
        self.scheme
    }

    /// Whether the host is not empty and of ASCII letters, digits, `-` and
    /// `.` only (the letters-digits-hyphens shortcut may cover it).
    #[inline]
    pub(crate) fn covered_octets(&self) -> bool {
        self.host.covered_octets()
    }

    /// Whether the host is ASCII.
    #[inline]
    pub(crate) fn is_ascii(&self) -> bool {
        self.host.is_ascii()
    }

    /// Whether the host is of `class` (step 1), from what was read of it;
    /// `shared` tells a host that is not ASCII of the IPv4 form once for
    /// every plan that asks.
    fn is(&self, class: &HostClass, shared: Option<&mut SharedHostWork>) -> bool {
        let host = self.host();
        match class {
            _ if self.covered_octets() => self.covered_host_is(class),
            HostClass::Ipv4Form => match shared {
                Some(work) if !self.host.is_ascii() => {
                    work.is_ipv4_form(host, || is_ipv4_form(host))
                }
                _ => is_ipv4_form(host),
            },
            _ => is_class(host, self.scheme, class),
        }
    }

    /// [`HostInput::is`] of a host of letters, digits, `-` and `.`
    /// ([`HostInput::covered_octets`]): such a host has no `[` or `]`, no
    /// escape and no delimiter; it is of the IPv4 form when it has it as
    /// written.
    #[inline]
    fn covered_host_is(&self, class: &HostClass) -> bool {
        match class {
            HostClass::File => self.scheme.eq_ignore_ascii_case("file"),
            HostClass::Ipv4Form => self.host.may_be_ipv4_form() && has_ipv4_form(self.host()),
            HostClass::IpLiteral | HostClass::Delimiters => false,
        }
    }

    /// The plan that canonicalizes the host under `plan` (step 1).
    #[inline]
    fn plan_under<'p>(&self, plan: &'p Plan, mut shared: Option<&mut SharedHostWork>) -> &'p Plan {
        match plan.has_other_hosts() {
            false => plan,
            true => plan.for_host_by(|class| self.is(class, shared.as_deref_mut())),
        }
    }

    /// The key of each of `plans` for this host, into `keys` (as long):
    /// plans with equal keys give the host the same result by the
    /// letters-digits-hyphens shortcut ([`LdhHostKey`]), under the plan
    /// step 1 chooses.
    #[inline]
    pub(crate) fn keys(&self, plans: &[&Plan], keys: &mut [LdhHostKey]) {
        if !self.covered_octets() {
            keys.fill(LdhHostKey::Declined);
            return;
        }
        // Of the classes, only `file` and `ipv4-form` can hold such a host
        // (see `covered_host_is`): told once for every plan.
        let file = self.covered_host_is(&HostClass::File);
        let ipv4_form = self.covered_host_is(&HostClass::Ipv4Form);
        let is = |class: &HostClass| match class {
            HostClass::File => file,
            HostClass::Ipv4Form => ipv4_form,
            HostClass::IpLiteral | HostClass::Delimiters => false,
        };
        // What the keys read of the host, read once for every plan.
        let mut has_xn_label = None;
        let starts_with_digit = self.host.starts_with_digit();
        for (k, &p) in keys.iter_mut().zip(plans) {
            let p = match p.has_other_hosts() && (file || ipv4_form) {
                true => p.for_host_by(is),
                false => p,
            };
            *k = (self.host).key_of_covered(p.shortcuts.ldh, &mut has_xn_label, starts_with_digit);
        }
    }

    /// The key of `plan` for this host ([`HostInput::keys`]).
    #[cfg(test)]
    pub(crate) fn key(&self, plan: &Plan) -> LdhHostKey {
        let mut key = [LdhHostKey::Declined];
        self.keys(&[plan], &mut key);
        key[0]
    }

    /// Appends to `out` the canonical host under a plan whose key for
    /// this host is `key` ([`HostInput::keys`]); `false`, and `out`
    /// unchanged, when that key declines.
    #[inline]
    pub(crate) fn write(&self, key: LdhHostKey, out: &mut String) -> bool {
        self.host.write(key, out)
    }
}

/// A tracer as [`canonicalize_host_with`] reads it: whether the shortcuts
/// may be taken under it.  One that records the steps sees the plain
/// steps, every one reported ([`StepLog`]: no shortcut); one that records
/// nothing lets the shortcuts give what the steps give ([`NoTrace`]).
pub trait EntryTracer: Tracer {
    /// Whether the shortcuts may be taken: `false` for [`StepLog`].
    const TAKES_SHORTCUTS: bool;
}

impl EntryTracer for NoTrace {
    const TAKES_SHORTCUTS: bool = true;
}

impl EntryTracer for StepLog {
    const TAKES_SHORTCUTS: bool = false;
}

/// How [`canonicalize_host_with`] got its result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HostOutcome {
    /// The host is canonical as it is: nothing was written
    /// (`www.example.com` under every built-in profile).
    Passthrough,
    /// A shortcut wrote the canonical host: the result of the steps it
    /// skips, computed at once.
    Shortcut(Shortcut),
    /// The steps wrote it, one by one.
    Steps,
}

/// The shortcuts of CanonicalizeHost (`host/fast_paths/`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shortcut {
    /// A host of ASCII letters, digits, hyphens and dots: lowercased, or
    /// the IPv4 address it denotes (`WWW.Example.COM` → `www.example.com`,
    /// `0x7F.1` → `127.0.0.1`).
    LettersDigitsHyphens,
    /// An internationalized host that Nameprep leaves as it is (or maps
    /// the same way under every profile): only the labels are converted
    /// (THIS: `Bücher.DE` → `xn--bcher-kva.de`).
    Idn,
    /// IE's `xn--` labels in a host of letters, digits, hyphens and dots:
    /// only the labels are converted (`WWW.XN--4GQ.JP` → `www.一.jp`).
    XnLabels,
}

/// CanonicalizeHost of `host` under `plan`: the one entry.
///
/// Step 1 first: when the plan sends hosts of some classes to another
/// profile's plan and `host` is of one, that plan runs the rest.  Then,
/// unless `tracer` records the steps ([`EntryTracer`]), the first shortcut the plan allows
/// for the host; where it does not apply (the host or the plan is outside
/// what it covers, or a step it runs fails), the steps run one by one, and
/// give the failure or the profile's fallback.  The canonical host is
/// appended to `out` (left as it was when the result is
/// [`HostOutcome::Passthrough`] or an error); the error names the step
/// that failed ([`Error::Host`]).  `shared` is the work on this host that
/// no profile parameter touches, kept for the next plan that
/// canonicalizes the same host.
///
/// ```
/// use urlprism::accel::host::{canonicalize_host_with, HostInput, HostOutcome, Shortcut};
/// use urlprism::profile::plan::Plan;
/// use urlprism::algorithm::host::trace::{NoTrace, StepLog};
/// let ie = Plan::new(urlprism::profile::builtin("ie").unwrap());
/// let mut out = String::new();
/// let h = HostInput::new("www.example.com", "http");
/// assert_eq!(canonicalize_host_with(&h, &ie, None, &mut out, &mut NoTrace)?, HostOutcome::Passthrough);
/// let h = HostInput::new("WWW.XN--4GQ.JP", "http");
/// assert_eq!(
///     canonicalize_host_with(&h, &ie, None, &mut out, &mut NoTrace)?,
///     HostOutcome::Shortcut(Shortcut::XnLabels)
/// );
/// assert_eq!(out, "www.\u{4E00}.jp");
/// // Traced, the same host goes by the steps.
/// out.clear();
/// let mut log = StepLog::default();
/// assert_eq!(canonicalize_host_with(&h, &ie, None, &mut out, &mut log)?, HostOutcome::Steps);
/// assert_eq!(out, "www.\u{4E00}.jp");
/// # Ok::<(), urlprism::Error>(())
/// ```
#[inline(always)]
pub fn canonicalize_host_with<T: EntryTracer>(
    host: &HostInput<'_>,
    plan: &Plan,
    mut shared: Option<&mut SharedHostWork>,
    out: &mut String,
    tracer: &mut T,
) -> Result<HostOutcome, Error> {
    // Step 1.
    let under = host.plan_under(plan, shared.as_deref_mut());
    // Step 1's report, for a tracer that records the steps.
    if !T::TAKES_SHORTCUTS && !std::ptr::eq(under, plan) {
        let step = const { steps::host("1") };
        tracer.step(
            step.pipeline,
            step.number,
            step.label,
            true,
            host.host(),
            || format!("not a domain name: following profile {}", under.name()).into(),
        );
    }
    // The letters-digits-hyphens shortcut, which the common host takes.
    if T::TAKES_SHORTCUTS {
        match host.host.canonicalize(under, out) {
            Some(false) => return Ok(HostOutcome::Passthrough),
            Some(true) => return Ok(HostOutcome::Shortcut(Shortcut::LettersDigitsHyphens)),
            None => {}
        }
    }
    canonicalize_host_after_ldh(host, under, shared, out, tracer)
}

/// [`canonicalize_host_with`] after step 1, of a host the
/// letters-digits-hyphens shortcut does not cover under `plan` (or with a
/// tracer): the other shortcuts, or the steps.  Out of line: the common
/// host never gets here, and the entry stays small enough to be inlined
/// where the common URL is written.
#[inline(never)]
fn canonicalize_host_after_ldh<T: EntryTracer>(
    host: &HostInput<'_>,
    plan: &Plan,
    shared: Option<&mut SharedHostWork>,
    out: &mut String,
    tracer: &mut T,
) -> Result<HostOutcome, Error> {
    let (h, scheme) = (host.host(), host.scheme);
    if T::TAKES_SHORTCUTS {
        // The IDN shortcut covers hosts that are not ASCII only.
        if !host.host.is_ascii() && idn_fast_path_into(h, scheme, plan, shared, out).is_some() {
            return Ok(HostOutcome::Shortcut(Shortcut::Idn));
        }
        if xn_labels_fast_path_into(h, scheme, plan, out).is_some() {
            return Ok(HostOutcome::Shortcut(Shortcut::XnLabels));
        }
    }
    out.push_str(&canonicalize_host_one_by_one(h, scheme, plan, tracer)?);
    Ok(HostOutcome::Steps)
}

/// CanonicalizeHost of `host` of a URL whose scheme is `scheme` under
/// `profile`, by the shortcuts where they apply
/// ([`canonicalize_host_with`]): what
/// `crate::algorithm::host::canonicalize_host` gives by the steps.
pub fn canonicalize_host(host: &str, scheme: &str, profile: &dyn Profile) -> Result<String, Error> {
    let mut out = String::new();
    let input = HostInput::new(host, scheme);
    match canonicalize_host_with(&input, &Plan::of(profile), None, &mut out, &mut NoTrace)? {
        HostOutcome::Passthrough => Ok(host.to_string()),
        _ => Ok(out),
    }
}

/// [`canonicalize_host_with`] of a host that may be borrowed, written back
/// into it (it stays as it is when it is canonical already).  `shared` is
/// kept from one plan to the next when the same host is canonicalized
/// under several.
pub(crate) fn canonicalize_host_cow(
    host: &mut Cow<'_, str>,
    scheme: &str,
    plan: &Plan,
    shared: Option<&mut SharedHostWork>,
) -> Result<(), Error> {
    // A host of its own may have room for more (the whole serialization,
    // see `canonicalizer::canonicalize_into_url`): so has its replacement.
    let mut out = match host {
        Cow::Owned(h) => String::with_capacity(h.capacity()),
        Cow::Borrowed(_) => String::new(),
    };
    let input = HostInput::new(host, scheme);
    if canonicalize_host_with(&input, plan, shared, &mut out, &mut NoTrace)?
        != HostOutcome::Passthrough
    {
        *host = Cow::Owned(out);
    }
    Ok(())
}

/// The letters-digits-hyphens shortcut of [`canonicalize_host_with`]
/// alone (after step 1): the canonical host, or `None` where it declines.
#[cfg(test)]
pub(crate) fn letters_digits_hyphens_shortcut(
    host: &str,
    scheme: &str,
    plan: &Plan,
) -> Option<String> {
    let input = HostInput::new(host, scheme);
    let mut out = String::new();
    match input
        .host
        .canonicalize(input.plan_under(plan, None), &mut out)?
    {
        false => Some(host.to_string()),
        true => Some(out),
    }
}

/// [`canonicalize_host_with`] of `host`, appended to `out` whatever the
/// outcome (`out` unchanged when it fails).
pub(crate) fn canonicalize_host_into(
    host: &HostInput<'_>,
    plan: &Plan,
    shared: Option<&mut SharedHostWork>,
    out: &mut String,
) -> Result<(), Error> {
    if canonicalize_host_with(host, plan, shared, out, &mut NoTrace)? == HostOutcome::Passthrough {
        out.push_str(host.host());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accel::fast_paths::{idn::*, ldh::*, prepare::*, shared::*};
    use crate::algorithm::host::ace::*;
    use crate::algorithm::host::canonicalize_host::canonicalize_host_traced;
    use crate::profile::plan::in_ipv4_form;
    use crate::profile::this;
    use crate::text::percent;
    use crate::text::unicode::nfkc;

    /// The IDN shortcut alone on `h` (an `http:` host) under `p`, with
    /// work shared with no other profile.
    fn idn_shortcut(h: &str, p: &dyn Profile) -> Option<String> {
        idn_fast_path(
            h,
            "http",
            &Plan::of(p),
            Some(&mut SharedHostWork::default()),
        )
    }

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

    /// Step 20.2.1.1 runs Nameprep again when step 14 percent-encoded
    /// after step 11: Nameprep lowercases the escape's hex digits, and
    /// the shortcuts and the traced steps agree on it, with and without
    /// the Corrigendum 5 swap (found by the `canonicalize` fuzz target).
    #[test]
    fn nameprep_after_step_14_lowercases_its_escapes() {
        let chrome = crate::profile::builtin("chrome").unwrap();
        for swap in [false, true] {
            let mut p = this().clone();
            p.canonicalize_host.early_percent_encode =
                chrome.canonicalize_host.early_percent_encode;
            // IE's step 28 and Gecko's step 30 leave the escapes alone.
            let ie = crate::profile::builtin("ie").unwrap();
            let gecko = crate::profile::builtin("gecko").unwrap();
            p.canonicalize_host.forbidden = ie.canonicalize_host.forbidden;
            p.canonicalize_host.percent_encode = gecko.canonicalize_host.percent_encode;
            p.nameprep.corrigendum_5_swap = swap;
            for host in ["\u{4E00}=.test", "\u{4E00}\u{1B}=", "b\u{FC}cher=x"] {
                let fast = canonicalize_host(host, "http", &p).unwrap();
                let mut log = crate::algorithm::host::trace::StepLog::default();
                let traced = canonicalize_host_traced(host, "http", &p, &mut log).unwrap();
                assert_eq!(fast, traced, "{host:?}, swap {swap}");
                assert!(
                    fast.contains("%3d") && !fast.contains("%3D"),
                    "{host:?} → {fast:?}"
                );
            }
        }
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
                    let mut log = crate::algorithm::host::trace::StepLog::default();
                    let slow = canonicalize_host_traced(&host, scheme, p, &mut log);
                    proptest::prop_assert_eq!(&fast, &slow, "{} {} {:?}", p.name, scheme, host);
                    let mut in_place = Cow::Owned(host.clone());
                    let r = canonicalize_host_cow(&mut in_place, scheme, &Plan::of(p), None)
                        .map(|()| in_place.into_owned());
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
                '\u{FF11}',
                '\u{FF0D}',
                '\u{FF58}',
                '\u{FF4E}',
            ]),
            proptest::char::range('\u{300}', '\u{36F}'),
            proptest::char::range('\u{A0}', '\u{24F}'),
        ]
    }

    /// The characters of [`ipv4_form_is_told_as_by_nfkc`]: IPv4 form
    /// characters, ASCII and compatibility forms of them (fullwidth, one
    /// dot leader, circled and parenthesized digits, superscripts), and
    /// characters NFKC leaves non-ASCII (combining marks among them).
    fn ipv4_form_char() -> impl proptest::strategy::Strategy<Value = char> {
        proptest::sample::select(vec![
            '0',
            '1',
            '7',
            '9',
            'x',
            'X',
            'a',
            'f',
            'g',
            '.',
            '%',
            '2',
            'e',
            '3',
            '\u{FF10}',
            '\u{FF17}',
            '\u{FF38}',
            '\u{FF46}',
            '\u{FF0E}',
            '\u{2024}',
            '\u{2488}',
            '\u{2460}',
            '\u{B9}',
            '\u{2070}',
            '\u{3002}',
            '\u{200C}',
            '\u{AD}',
            '\u{301}',
            '\u{338}',
            '\u{E44}',
            '\u{4E00}',
            '\u{FC}',
            '\u{1D7CE}',
            '\u{2151}',
            '\u{FB01}',
            '\u{AA}',
            '\u{2179}',
            '\u{FF58}',
        ])
    }

    /// Every non-ASCII character whose latest compatibility decomposition
    /// leaves [`in_ipv4_form`] leaves it in THIS's NFKC too, so that
    /// [`is_ipv4_form`] may tell the host at once.
    #[test]
    fn characters_told_at_once_leave_the_ipv4_form() {
        let nfkc_variant = &crate::profile::this().nameprep.nfkc;
        let mut told = 0;
        for c in (0x80..=0x10_FFFF).filter_map(char::from_u32) {
            if !nfkc::decomposes_within(c, in_ipv4_form) {
                told += 1;
                let mut utf8 = [0; 4];
                let n = nfkc::nfkc_cow(c.encode_utf8(&mut utf8), nfkc_variant);
                assert!(!n.chars().all(in_ipv4_form), "{c:?} -> {n:?}");
            }
        }
        assert!(told > 1_000_000, "{told}");
        for c in [
            '\u{FF10}',
            '\u{FF58}',
            '\u{2488}',
            '\u{AA}',
            '\u{2179}',
            '\u{1D7CE}',
        ] {
            assert!(nfkc::decomposes_within(c, in_ipv4_form), "{c:?}");
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(4000))]
        /// [`is_ipv4_form`], which tells some hosts at once, says what the
        /// form of the host's NFKC says.
        #[test]
        fn ipv4_form_is_told_as_by_nfkc(v in proptest::collection::vec(ipv4_form_char(), 1..10)) {
            let host: String = v.into_iter().collect();
            let decoded = percent::percent_decode_utf8(&host);
            let nfkc = nfkc::nfkc_cow(&decoded, &crate::profile::this().nameprep.nfkc);
            proptest::prop_assert_eq!(is_ipv4_form(&host), has_ipv4_form(&nfkc), "{:?}", host);
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]
        /// One host canonicalized under every profile in turn, sharing the
        /// work no profile parameter touches ([`SharedHostWork`]), gives
        /// what each profile gives alone.
        #[test]
        fn shared_work_changes_nothing(v in proptest::collection::vec(idn_char(), 0..16)) {
            let host: String = v.into_iter().collect();
            shared_as_alone(&host, false)?;
        }
    }

    /// `host` canonicalized under every built-in profile in turn, both
    /// ways round, sharing one [`SharedHostWork`]: each result is what
    /// the profile gives alone (and, with `traced`, what the traced steps
    /// give).
    fn shared_as_alone(
        host: &str,
        traced: bool,
    ) -> Result<(), proptest::test_runner::TestCaseError> {
        let profiles = crate::profile::builtin_profiles();
        // IE keeps Unicode labels for `http` only (its round trip may
        // take another profile's ToASCII, or its ACE labels for `ftp`).
        for scheme in ["http", "ftp"] {
            let mut shared = SharedHostWork::default();
            for p in profiles.iter().chain(profiles.iter().rev()) {
                let alone = canonicalize_host(host, scheme, p);
                if traced {
                    let mut log = crate::algorithm::host::trace::StepLog::default();
                    let steps = canonicalize_host_traced(host, scheme, p, &mut log);
                    proptest::prop_assert_eq!(&alone, &steps, "{} {:?}", p.name, host);
                }
                let mut h = Cow::Borrowed(host);
                let r = canonicalize_host_cow(&mut h, scheme, &Plan::of(p), Some(&mut shared))
                    .map(|()| h.into_owned());
                proptest::prop_assert_eq!(&r, &alone, "{} {} {:?}", scheme, p.name, host);
            }
        }
        Ok(())
    }

    /// Hosts whose result a profile may take from another's ToASCII of
    /// the same labels (Gecko's whitelisted TLDs, IE's round trip), and
    /// hosts where it may not (a label too long for Gecko's truncation,
    /// an empty label, `xn--` labels, hyphens at an end, RTL letters):
    /// shared as alone, under `http` and `ftp`, both orders.
    #[test]
    fn results_taken_from_another_profile_are_its_own() {
        let long = "a".repeat(63);
        let hosts = [
            "bücher.de".to_string(),
            format!("{long}.bücher.de"),
            format!("{}.bücher.de", &long[..62]),
            "bücher..de".to_string(),
            "xn--ü.de".to_string(),
            "xn--bcher-kva.ü.de".to_string(),
            "-bücher.de".to_string(),
            "bücher-.com".to_string(),
            "\u{5D0}\u{5D1}.de".to_string(),
            "\u{5D0}a.de".to_string(),
            "ü.\u{5D0}.jp".to_string(),
        ];
        for host in &hosts {
            shared_as_alone(host, true).unwrap();
        }
    }

    /// The characters of [`fullwidth_hosts_shared_as_alone`]: fullwidth
    /// forms of letters, digits and `-` (which Nameprep makes ASCII), the
    /// label separators, ASCII, and a few characters that stay non-ASCII.
    fn fullwidth_char() -> impl proptest::strategy::Strategy<Value = char> {
        proptest::prop_oneof![
            proptest::char::range('\u{FF41}', '\u{FF45}'),
            proptest::char::range('\u{FF10}', '\u{FF12}'),
            proptest::sample::select(vec![
                '\u{FF21}', '\u{FF0D}', '\u{FF58}', '\u{FF4E}', '\u{FF0E}', '\u{3002}', '\u{FF61}',
                '.', 'a', 'X', '1', '-', '\u{FC}', '\u{4E00}', '\u{5D0}',
            ]),
        ]
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]
        /// Hosts of fullwidth forms, most of which Nameprep makes ASCII
        /// (`\u{FF41}\u{FF0E}\u{FF42}` → `a.b`, through the shared
        /// work's prepared host): canonicalized under every profile in
        /// turn, sharing the work, each gives what the profile gives alone,
        /// which is what the traced steps give.
        #[test]
        fn fullwidth_hosts_shared_as_alone(v in proptest::collection::vec(fullwidth_char(), 1..14)) {
            let host: String = v.into_iter().collect();
            shared_as_alone(&host, true)?;
        }
    }

    /// One [`SharedHostWork`] for hosts that follow one another (as
    /// under profiles that keep a host's noncharacters and profiles that
    /// do not): what it tells about one host (its IPv4 form for the other
    /// hosts, whether it qualifies, its labels converted) never reaches
    /// another.  The hosts tell the IPv4 form apart (fullwidth, escaped,
    /// with a joiner) and are canonicalized under profiles with and
    /// without other hosts, each in turn, both ways round.
    #[test]
    fn shared_work_across_hosts_changes_nothing() {
        let mut gecko_without_other_hosts = crate::profile::builtin("gecko").unwrap().clone();
        gecko_without_other_hosts
            .canonicalize_host
            .other_hosts
            .clear();
        let mut profiles: Vec<&dyn Profile> = crate::profile::builtin_profiles()
            .iter()
            .map(|p| p as &dyn Profile)
            .collect();
        profiles.push(&gecko_without_other_hosts);
        let hosts = [
            "\u{FF10}\u{FF38}\u{FF17}\u{FF46}\u{FF0E}\u{FF11}",
            "\u{FF10}\u{FF38}\u{FF17}\u{FF46}\u{FF0E}\u{FF11}a",
            "%30x7f.1",
            "19\u{200C}2.168.0.001",
            "0x7f.1",
            "\u{65E5}\u{672C}.jp",
            "b\u{FC}cher.de",
            "\u{43C}\u{43E}\u{441}\u{43A}\u{432}\u{430}.\u{440}\u{444}",
            "a\u{FDD0}b.test",
        ];
        for scheme in ["http", "file"] {
            let mut shared = SharedHostWork::default();
            for round in 0..2 {
                for host in hosts {
                    let order: Vec<&dyn Profile> = match round {
                        0 => profiles.clone(),
                        _ => profiles.iter().rev().copied().collect(),
                    };
                    for p in order {
                        let mut h = Cow::Borrowed(host);
                        let r =
                            canonicalize_host_cow(&mut h, scheme, &Plan::of(p), Some(&mut shared))
                                .map(|()| h.into_owned());
                        assert_eq!(
                            r,
                            canonicalize_host(host, scheme, p),
                            "{} {scheme} {host:?}",
                            p.name()
                        );
                    }
                }
            }
        }
        // The hosts do tell the profiles apart: THIS reads the fullwidth
        // IPv4 form, Gecko (which has no IPv4 step) keeps it.
        assert_eq!(
            canonicalize_host(hosts[0], "http", crate::profile::this()).unwrap(),
            "127.0.0.1"
        );
        assert_ne!(
            canonicalize_host(hosts[0], "http", &gecko_without_other_hosts).unwrap(),
            "127.0.0.1"
        );
    }

    /// IE's round trip of the ASCII labels of a host the shortcuts take
    /// (letters, digits, hyphens) fails where the steps fail: a hyphen
    /// first or last, an empty label, a label over 63 letters.
    #[test]
    fn ie_round_trip_of_ascii_labels_is_the_steps() {
        let ie = crate::profile::builtin("ie").unwrap();
        let long = "a".repeat(64);
        for host in [
            "a-.b\u{FC}cher.jp".to_string(),
            "-a.b\u{FC}cher.jp".to_string(),
            "a.b\u{FC}cher..jp".to_string(),
            format!("{long}.b\u{FC}cher.jp"),
            format!("{}.b\u{FC}cher.jp", &long[1..]),
            "www.b\u{FC}cher.xn--4gq.jp".to_string(),
        ] {
            for scheme in ["http", "ftp"] {
                let fast = canonicalize_host(&host, scheme, ie);
                let mut log = crate::algorithm::host::trace::StepLog::default();
                let slow = canonicalize_host_traced(&host, scheme, ie, &mut log);
                assert_eq!(fast, slow, "{host:?} {scheme}");
            }
        }
    }

    /// Profiles that differ only in their bidi data (or their step 20
    /// parameters) share no conversion of a host on which those differ,
    /// whichever comes first: `\u{7B1}x` (U+07B1 is RandALCat since
    /// Unicode 3.2, not in 3.1) passes Check bidi under 3.1 only; a
    /// 70-letter ASCII label is truncated under Gecko's 62 only; `de` is on
    /// Gecko's whitelist.
    #[test]
    fn shared_work_tells_step_20_parameters_apart() {
        use crate::profile::BidiVersion;
        let this = crate::profile::this();
        let mut bidi_3_1 = this.clone();
        bidi_3_1.nameprep.bidi = BidiVersion::V3_1;
        let mut truncating = this.clone();
        truncating.canonicalize_host.truncate_ascii_label = 62;
        let mut whitelisting = this.clone();
        whitelisting.canonicalize_host.idn_tld_check = true;
        let long = "a".repeat(70);
        let hosts = [
            "\u{7B1}x.b\u{FC}cher.com".to_string(),
            format!("{long}.b\u{FC}cher.com"),
            "b\u{FC}cher.de".to_string(),
        ];
        for (other, host) in [&bidi_3_1, &truncating, &whitelisting]
            .into_iter()
            .zip(&hosts)
        {
            let alone: Vec<_> = [this, other]
                .iter()
                .map(|p| canonicalize_host(host, "http", *p))
                .collect();
            assert_ne!(alone[0], alone[1], "{host:?}");
            for order in [[0, 1], [1, 0]] {
                let mut shared = SharedHostWork::default();
                for i in order {
                    let p = [this, other][i];
                    let mut h = Cow::Borrowed(host.as_str());
                    let r = canonicalize_host_cow(&mut h, "http", &Plan::of(p), Some(&mut shared))
                        .map(|()| h.into_owned());
                    assert_eq!(r, alone[i], "{host:?} {order:?}");
                }
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
                    let mut log = crate::algorithm::host::trace::StepLog::default();
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
            let mut log = crate::algorithm::host::trace::StepLog::default();
            let slow = canonicalize_host_traced(host, "http", gecko, &mut log);
            assert_eq!(fast, slow, "{host:?}");
            let once = crate::algorithm::host::nameprep(host, gecko, false).unwrap();
            assert_ne!(
                crate::algorithm::host::nameprep(&once, gecko, false).unwrap(),
                once
            );
        }
    }

    #[test]
    fn idn_fast_path_covers_the_common_idn_host() {
        let ie = crate::profile::builtin("ie").unwrap();
        let fast = idn_shortcut;
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
            xn_labels_fast_path("WWW.XN--4GQ.JP", "http", &Plan::of(ie)).as_deref(),
            Some("www.\u{4E00}.jp")
        );
        assert_eq!(
            xn_labels_fast_path("xn--4gq.jp", "http", &Plan::of(this())),
            None
        );
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
                let mut log = crate::algorithm::host::trace::StepLog::default();
                let slow = canonicalize_host_traced(host, "http", p, &mut log);
                assert_eq!(fast, slow, "{} {host:?}", p.name);
            }
        }
    }

    #[test]
    fn prepared_hosts() {
        assert_eq!(
            prepare_host("WWW.ÄRZTE.DE").map(|(p, _)| p).as_deref(),
            Some("www.ärzte.de")
        );
        assert_eq!(
            prepare_host("\u{FF25}\u{FF58}.d\u{E9}\u{3002}\u{FF24}\u{FF25}")
                .map(|(p, _)| p)
                .as_deref(),
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
        let fast = idn_shortcut;
        assert_eq!(
            fast("WWW.ÄRZTE\u{FF0E}DE", this()).as_deref(),
            Some("www.xn--rzte-koa.de")
        );
        assert_eq!(
            fast("WWW.ÄRZTE\u{FF0E}DE", ie).as_deref(),
            Some("www.ärzte.de")
        );
        // Fullwidth forms prepared to ASCII are covered, unless the
        // prepared host begins with a digit (step 27 may find an address).
        let fullwidth =
            "\u{FF37}\u{FF37}\u{FF37}\u{FF0E}\u{FF45}\u{FF58}\u{3002}\u{FF4F}\u{FF52}\u{FF47}";
        assert_eq!(
            prepare_host(fullwidth).map(|(p, _)| p).as_deref(),
            Some("www.ex.org")
        );
        for p in crate::profile::builtin_profiles() {
            assert_eq!(
                fast(fullwidth, p).as_deref(),
                Some("www.ex.org"),
                "{}",
                p.name
            );
            assert_eq!(
                canonicalize_host(fullwidth, "http", p).as_deref(),
                Ok("www.ex.org")
            );
        }
        let address = "\u{FF11}\u{FF12}\u{FF17}\u{FF0E}\u{FF10}\u{FF0E}\u{FF10}\u{FF0E}\u{FF11}";
        assert_eq!(
            prepare_host(address).map(|(p, _)| p).as_deref(),
            Some("127.0.0.1")
        );
        assert_eq!(fast(address, this()), None);
        assert_eq!(
            canonicalize_host(address, "http", this()).as_deref(),
            Ok("127.0.0.1")
        );
    }

    #[test]
    fn ldh_fast_path_covers_the_common_host() {
        let fast = |h: &str, p: &dyn Profile| {
            let mut p = Plan::of(p).into_owned();
            // The shortcut itself, without step 1.
            p.forget_other_hosts();
            letters_digits_hyphens_shortcut(h, "http", &p)
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

    /// [`SharedLdhHost`]: under every profile, the key it gives a host
    /// writes what [`canonicalize_ldh_host_into`] writes alone (so that
    /// profiles with equal keys may share one result), for hosts that tell
    /// the IPv4 rules, step 18 and the other hosts apart, under the
    /// built-in profiles and mixes of their parameters, with a `file` and
    /// an `http` scheme.
    #[test]
    fn shared_ldh_host_key_writes_what_each_profile_writes() {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut pick = move |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let mixed: Vec<crate::profile::ProfileSpec> = (0..64)
            .map(|_| crate::profile::mixed_profile(&mut pick))
            .collect();
        let profiles: Vec<&dyn Profile> = crate::profile::builtin_profiles()
            .iter()
            .chain(&mixed)
            .map(|p| p as &dyn Profile)
            .collect();
        let hosts = [
            "",
            "0x7f.1",
            "0X7F.1.",
            "1.2.3.4",
            "1.2.3",
            "08.1",
            "0",
            "4294967296",
            "99999999999.abc",
            "99999999999.com",
            "192.168.0.256",
            "1a.b",
            "a.0x7f",
            ".1",
            "xn--4gq.jp",
            "WWW.XN--4GQ.jp",
            "xn--",
            "a-xn--b.c",
            "a--b",
            "Example.COM",
            "a..b.",
            "-x-.y",
            "a_b",
            "[::1]",
            "%41",
            "é.de",
            "a b",
        ];
        let mut keys_seen = std::collections::HashMap::new();
        for scheme in ["http", "file", "FILE"] {
            for host in hosts {
                let shared = HostInput::new(host, scheme);
                for (i, p) in profiles.iter().enumerate() {
                    let p = Plan::of(*p);
                    let key = shared.key(&p);
                    let (mut together, mut alone) = (String::from("x"), String::from("x"));
                    let t = shared.write(key, &mut together);
                    let a = match letters_digits_hyphens_shortcut(host, scheme, &p) {
                        Some(h) => {
                            alone.push_str(&h);
                            true
                        }
                        None => false,
                    };
                    let got = (t, together);
                    assert_eq!(
                        got,
                        (a, alone),
                        "{host:?} ({scheme}) under profile {i}, key {key:?}"
                    );
                    keys_seen
                        .entry((scheme, host, format!("{key:?}")))
                        .or_insert(got.clone());
                    assert_eq!(keys_seen[&(scheme, host, format!("{key:?}"))], got);
                }
            }
        }
        // The keys do differ between profiles for some hosts, and agree
        // for more profiles than LdhKey does.
        let differing = hosts
            .iter()
            .filter(|h| {
                let s = HostInput::new(h, "http");
                let key = |p: &dyn Profile| s.key(&Plan::of(p));
                profiles.iter().any(|p| key(*p) != key(profiles[0]))
            })
            .count();
        assert!(differing >= 5, "{differing}");
        // One slot per key, and the rule read back as it was given.
        let mut slots = [false; LdhHostKey::SLOTS];
        for ipv4 in [
            None,
            Some(crate::profile::Ipv4Rule::Spec),
            Some(crate::profile::Ipv4Rule::Googleurl2011),
            Some(crate::profile::Ipv4Rule::None),
        ] {
            let key = LdhHostKey::covered(ipv4);
            assert_eq!(key.ipv4(), Some(ipv4));
            assert!(!std::mem::replace(&mut slots[key.slot()], true));
        }
        assert_eq!(LdhHostKey::Declined.ipv4(), None);
        assert!(!slots[LdhHostKey::Declined.slot()]);
        let s = HostInput::new("www.example.com", "http");
        let key = |p: &dyn Profile| s.key(&Plan::of(p));
        assert!(profiles
            .iter()
            .all(|p| key(*p) == key(profiles[0]) || key(*p) == LdhHostKey::Declined));
    }

    /// [`HostInput`] tells the classes of a host the shortcut may
    /// cover as `is_class` does, for every class: `file` by the scheme,
    /// `ipv4-form` from the host as written (the octets that may make the
    /// form, then `has_ipv4_form`), no IP literal, no delimiter.  Every
    /// host of up to five octets of hexadecimal digits, `x`, `X`, other
    /// letters and digits, `.`, `-` and `_`, under three schemes.
    #[test]
    fn shared_ldh_host_classes_are_is_class() {
        let octets = b"0179aAfFxXgz.-_";
        let mut host = Vec::new();
        let mut of_form = 0;
        let mut check = |host: &[u8]| {
            let host = std::str::from_utf8(host).unwrap();
            for scheme in ["http", "file", "FILE"] {
                let s = HostInput::new(host, scheme);
                let is = |class| is_class(host, scheme, &class);
                for class in [
                    HostClass::File,
                    HostClass::Ipv4Form,
                    HostClass::IpLiteral,
                    HostClass::Delimiters,
                ] {
                    assert_eq!(
                        s.is(&class, None),
                        is(class),
                        "{host:?} ({scheme}) {class:?}"
                    );
                }
                if !s.covered_octets() {
                    continue;
                }
                assert!(!is(HostClass::IpLiteral) && !is(HostClass::Delimiters));
                of_form += usize::from(s.covered_host_is(&HostClass::Ipv4Form));
            }
        };
        // Every string of up to five of `octets`, in order of length.
        let mut todo = std::collections::VecDeque::from([Vec::new()]);
        while let Some(h) = todo.pop_front() {
            check(&h);
            if h.len() < 5 {
                for &o in octets {
                    host.clone_from(&h);
                    host.push(o);
                    todo.push_back(host.clone());
                }
            }
        }
        // The IPv4 form is found in hosts of it (`0x7.1`, `077`, `9.9`).
        assert!(of_form > 1000, "{of_form}");
    }
}
