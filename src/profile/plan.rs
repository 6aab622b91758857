//! A profile compiled once into a [`Plan`]: which steps of Nameprep and
//! CanonicalizeHost run (each step's switch in the registry,
//! [`super::host_steps`], evaluated once), with which parameters, which profile
//! takes the hosts that are not domain names (step 1), and which shortcuts
//! the profile may take (their keys, `shortcut_keys`).
//!
//! The pipelines ask the plan, never the profile's parameters, whether a
//! step runs: the registry's switch is the only place where that is
//! written.
//!
//! ```
//! use urlprism::profile::plan::Plan;
//! use urlprism::profile::host_steps::{find, CANONICALIZE_HOST};
//! let chrome = Plan::new(urlprism::profile::builtin("chrome").unwrap());
//! assert!(chrome.runs(find(CANONICALIZE_HOST, "12").unwrap()));
//! assert!(!chrome.runs(find(CANONICALIZE_HOST, "11").unwrap()));
//! // Gecko's `file:` hosts follow THIS, which runs step 26; Chrome's
//! // `file:` hosts and IP literals take its own steps.
//! let gecko = Plan::new(urlprism::profile::builtin("gecko").unwrap());
//! let routed = gecko.for_host("c:", "file");
//! assert_eq!(routed.name(), "this");
//! assert!(routed.runs(find(CANONICALIZE_HOST, "26").unwrap()));
//! assert_eq!(chrome.for_host("c:", "file").name(), "chrome");
//! assert_eq!(chrome.for_host("[::1:80", "http").name(), "chrome");
//! ```

use super::host_steps::{Step, StepSet, CANONICALIZE_HOST_STEPS, NAMEPREP_STEPS};
use crate::profile::shortcut_keys::Shortcuts;
use crate::profile::url_steps::UrlGates;
use crate::profile::{
    builtin_profiles, DisplayParams, HostClass, HostParams, NameprepParams, Profile, UrlParams,
};
use crate::text::ipv4::has_ipv4_form;
use crate::text::percent;
use crate::text::unicode::nfkc;
use std::borrow::Cow;
use std::sync::Arc;

/// A profile compiled once: the steps it runs, their parameters, where
/// the hosts that are not domain names go, and the shortcuts it may
/// take.  It is itself a [`Profile`] (with the same answers), so that
/// anything that takes a profile takes a plan without compiling it
/// again.
///
/// Compile a plan once for a batch ([`Plan::new`]); a
/// [`Canonicalizer`](crate::Canonicalizer) does.  The built-in profiles'
/// plans are compiled once per process ([`Plan::of`]).
#[derive(Clone, Debug)]
pub struct Plan {
    name: String,
    description: String,
    nameprep: NameprepParams,
    host: HostParams,
    url: UrlParams,
    display: DisplayParams,
    /// The URL-level steps that run, compiled ([`crate::url_steps`]).
    url_gates: UrlGates,
    /// The steps that run (whose registry switch is on, or that have none).
    runs: StepSet,
    /// Step 1: the plan of the profile that canonicalizes the hosts of
    /// some classes in this one's place.
    other_hosts: Option<Box<OtherHosts>>,
    /// The shortcuts the plan may take, and their keys.
    pub(crate) shortcuts: Shortcuts,
    /// A copy of this plan that [`Url`](crate::Url)s made under it share
    /// ([`Plan::shared`]), made once, when the first is.
    shared: SharedCopy,
    /// Where the plan (or the plan it is a copy of) is in
    /// [`builtin_plans`], for a built-in profile's.
    builtin: Option<u8>,
}

/// The shared copy of a plan (see [`Plan::shared`]); a plan and its
/// clones share it.
#[derive(Clone, Default)]
struct SharedCopy(std::sync::OnceLock<Arc<Plan>>);

impl std::fmt::Debug for SharedCopy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.get().is_some() {
            "made"
        } else {
            "not yet"
        })
    }
}

/// Step 1 of a plan: hosts of `classes` go to `plan`.
#[derive(Clone, Debug)]
struct OtherHosts {
    classes: Vec<HostClass>,
    /// Compiled without step 1 of its own (the choice is made once).
    plan: Plan,
}

impl Plan {
    /// Compiles `profile`.
    pub fn new(profile: &dyn Profile) -> Plan {
        let mut plan = Plan::without_other_hosts(profile);
        let hp = profile.host();
        let name = hp.other_hosts_as.as_str();
        if !name.is_empty() && !hp.other_hosts.is_empty() && !name.eq_ignore_ascii_case(plan.name())
        {
            if let Some(other) = crate::profile::builtin(name) {
                plan.other_hosts = Some(Box::new(OtherHosts {
                    classes: hp.other_hosts.clone(),
                    plan: Plan::without_other_hosts(other),
                }));
            }
        }
        plan
    }

    /// Compiles `profile` without its step 1 (every host stays with it).
    fn without_other_hosts(profile: &dyn Profile) -> Plan {
        let mut runs = StepSet::EMPTY;
        for step in CANONICALIZE_HOST_STEPS.iter().chain(NAMEPREP_STEPS) {
            if step.switch.is_none_or(|on| on(profile)) {
                runs = runs.with(step);
            }
        }
        Plan {
            name: profile.name().to_string(),
            description: profile.description().to_string(),
            nameprep: profile.nameprep().clone(),
            host: profile.host().clone(),
            url: profile.url().clone(),
            display: profile.display().clone(),
            url_gates: UrlGates::of(profile.url()),
            runs,
            other_hosts: None,
            shortcuts: Shortcuts::of(runs, profile.host()),
            shared: SharedCopy::default(),
            builtin: None,
        }
    }

    /// Where the plan, or the plan it is a copy of, is in
    /// [`builtin_plans`], when it is a built-in profile's: a
    /// [`Url`](crate::Url) made under it keeps that one.
    #[inline]
    pub(crate) fn builtin_index(&self) -> Option<usize> {
        self.builtin.map(usize::from)
    }

    /// A copy of this plan to hold on to, the same for every call (made
    /// at the first): what a [`Url`](crate::Url) made under a plan that is
    /// not a built-in one keeps, to canonicalize again under it (its
    /// setters), at the cost of a reference count.
    pub(crate) fn shared(&self) -> Arc<Plan> {
        let copy = || {
            Arc::new(Plan {
                shared: SharedCopy::default(),
                ..self.clone()
            })
        };
        Arc::clone(self.shared.0.get_or_init(copy))
    }

    /// The plan of `profile`: itself when it is a plan, the one compiled
    /// once per process for a built-in profile, or compiled now.
    pub fn of(profile: &dyn Profile) -> Cow<'_, Plan> {
        match Plan::compiled(profile) {
            Some(plan) => Cow::Borrowed(plan),
            None => Cow::Owned(Plan::new(profile)),
        }
    }

    /// The plan of `profile` when it is at hand: `profile` itself when it
    /// is a plan, the one compiled once per process when it is a built-in
    /// profile (that very value, not a copy of it).
    fn compiled(profile: &dyn Profile) -> Option<&Plan> {
        if let Some(plan) = profile.as_any().and_then(|a| a.downcast_ref::<Plan>()) {
            return Some(plan);
        }
        let i = builtin_profiles()
            .iter()
            .position(|p| std::ptr::addr_eq(p, profile))?;
        Some(&builtin_plans()[i])
    }

    /// Whether the plan runs `step` (as far as the profile decides: a step
    /// may depend on the input too, e.g. step 26 does not run for `file:`
    /// hosts).
    #[inline(always)]
    pub fn runs(&self, step: &Step) -> bool {
        self.runs.contains(step)
    }

    /// The steps the plan runs, in the registry's order (CanonicalizeHost's,
    /// then Nameprep's).
    pub fn steps(&self) -> impl Iterator<Item = &'static Step> + '_ {
        CANONICALIZE_HOST_STEPS
            .iter()
            .chain(NAMEPREP_STEPS)
            .filter(|s| self.runs(s))
    }

    /// The plan that takes the hosts that are not domain names (step 1),
    /// and the classes of hosts it takes, when there is one.
    pub fn other_hosts(&self) -> Option<(&Plan, &[HostClass])> {
        self.other_hosts
            .as_deref()
            .map(|o| (&o.plan, o.classes.as_slice()))
    }

    /// The plan that canonicalizes `host` of a URL whose scheme is
    /// `scheme`: the one step 1 names when the host is of its classes,
    /// this one otherwise.
    ///
    /// With `other_hosts_as = "this"`: `file://c:foo/`'s host `c:foo`,
    /// `[::1]`, `foo;type=A` → THIS; `a%3Bb.test`, `bücher.de` stay.
    pub fn for_host(&self, host: &str, scheme: &str) -> &Plan {
        self.for_host_by(|class| is_class(host, scheme, class))
    }

    /// [`Plan::for_host`] of a host whose classes `is` tells.
    #[inline]
    pub(crate) fn for_host_by(&self, is: impl FnMut(&HostClass) -> bool) -> &Plan {
        match self.other_hosts.as_deref() {
            Some(o) if o.classes.iter().any(is) => &o.plan,
            _ => self,
        }
    }

    /// This plan without step 1 (every host stays with it).
    #[cfg(test)]
    pub(crate) fn forget_other_hosts(&mut self) {
        self.other_hosts = None;
        self.builtin = None;
    }

    /// Whether step 1 sends some hosts elsewhere.
    #[inline]
    pub(crate) fn has_other_hosts(&self) -> bool {
        self.other_hosts.is_some()
    }

    /// The profile's name.
    #[inline]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The parameters of Nameprep's steps.
    #[inline]
    pub fn nameprep(&self) -> &NameprepParams {
        &self.nameprep
    }

    /// The parameters of CanonicalizeHost's steps.
    #[inline]
    pub fn host(&self) -> &HostParams {
        &self.host
    }

    /// The parameters of the URL-level steps around the host pipelines.
    #[inline]
    pub fn url(&self) -> &UrlParams {
        &self.url
    }

    /// The URL-level steps that run, compiled: what they may touch.
    #[inline]
    pub(crate) fn url_gates(&self) -> &UrlGates {
        &self.url_gates
    }
}

impl Profile for Plan {
    fn name(&self) -> &str {
        &self.name
    }
    fn description(&self) -> &str {
        &self.description
    }
    fn nameprep(&self) -> &NameprepParams {
        &self.nameprep
    }
    fn host(&self) -> &HostParams {
        &self.host
    }
    fn url(&self) -> &UrlParams {
        &self.url
    }
    fn display(&self) -> &DisplayParams {
        &self.display
    }
    fn as_any(&self) -> Option<&dyn std::any::Any> {
        Some(self)
    }
}

/// The plans of the built-in profiles, compiled once, in the order of
/// [`builtin_profiles`].
pub fn builtin_plans() -> &'static [Plan] {
    static PLANS: std::sync::OnceLock<Vec<Plan>> = std::sync::OnceLock::new();
    PLANS.get_or_init(|| {
        let plans = builtin_profiles().iter().map(|p| Plan::new(p));
        (plans.enumerate())
            .map(|(i, plan)| Plan {
                builtin: u8::try_from(i).ok(),
                ..plan
            })
            .collect()
    })
}

/// Whether `host` of a URL whose scheme is `scheme` is of `class`.
pub(crate) fn is_class(host: &str, scheme: &str, class: &HostClass) -> bool {
    match class {
        HostClass::File => scheme.eq_ignore_ascii_case("file"),
        HostClass::IpLiteral => host.starts_with('[') || host.ends_with(']'),
        HostClass::Ipv4Form => is_ipv4_form(host),
        HostClass::Delimiters => host.bytes().any(|b| {
            b.is_ascii() && !(b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'%'))
        }),
    }
}

/// Whether `host` is of the class [`HostClass::Ipv4Form`]: with its
/// escapes decoded as UTF-8 and NFKC (Unicode 3.2) applied, it
/// [`has_ipv4_form`].  Hosts with an ASCII character that can be no part
/// of the form (`www.example.com`) are told at once.
///
/// `192.168.0.256`, `%30%78%63%30%2e%30%32%35%30.01%2e`,
/// `\u{FF10}\u{FF38}\u{FF43}\u{FF10}\u{FF0E}\u{FF10}\u{FF12}` are;
/// `19\u{200C}2.168.0.001` and `123.abc` are not.
pub(crate) fn is_ipv4_form(host: &str) -> bool {
    // An escape may decode to part of the form, a non-ASCII character
    // normalize to one.
    let may_be = |b: u8| !b.is_ascii() || b == b'%' || in_ipv4_form(char::from(b));
    if !host.bytes().all(may_be) {
        return false;
    }
    if host.is_ascii() && !host.contains('%') {
        return has_ipv4_form(host);
    }
    let decoded = percent::percent_decode_utf8(host);
    // A non-ASCII character whose compatibility decomposition holds a
    // character that no number or `.` of the form holds leaves such a
    // character in NFKC of the host (`nfkc::decomposes_within`): the
    // result cannot have the form (Thai `\u{E44}\u{E17}\u{E22}` and
    // `b\u{FC}cher` are told at once; `\u{FF10}` and `0x\u{AA}` go on).
    if decoded
        .chars()
        .any(|c| !c.is_ascii() && !nfkc::decomposes_within(c, in_ipv4_form))
    {
        return false;
    }
    has_ipv4_form(&nfkc::nfkc_cow(
        &decoded,
        &crate::profile::this().nameprep.nfkc,
    ))
}

/// Whether `c` may be part of a host in the IPv4 form ([`has_ipv4_form`]):
/// a hexadecimal digit, `x` or `.`.
pub(crate) fn in_ipv4_form(c: char) -> bool {
    c.is_ascii_hexdigit() || matches!(c, 'x' | 'X' | '.')
}

/// `f` of the plans of `profiles` ([`Plan::of`]: a plan or a built-in
/// profile is borrowed, any other profile compiled), in order; on the
/// stack for up to eight of them.
pub(crate) fn with_plans<R>(profiles: &[&dyn Profile], f: impl FnOnce(&[&Plan]) -> R) -> R {
    let compiled: Vec<Plan> = profiles
        .iter()
        .filter(|p| Plan::compiled(**p).is_none())
        .map(|p| Plan::new(*p))
        .collect();
    let mut compiled = compiled.iter();
    let plans = profiles.iter().map(|p| match Plan::compiled(*p) {
        Some(plan) => plan,
        None => compiled.next().expect("a plan compiled for each profile"),
    });
    with_plan_refs(plans, f)
}

/// `f` of the plans `plans` gives, in order, as a slice: on the stack for
/// up to eight of them.
pub(crate) fn with_plan_refs<'a, R>(
    plans: impl ExactSizeIterator<Item = &'a Plan>,
    f: impl FnOnce(&[&'a Plan]) -> R,
) -> R {
    let n = plans.len();
    if n <= 8 {
        let mut plans = plans;
        let Some(first) = plans.next() else {
            return f(&[]);
        };
        // The first plan fills the room the others leave.
        let mut on_stack = [first; 8];
        for (slot, p) in on_stack[1..].iter_mut().zip(plans) {
            *slot = p;
        }
        f(&on_stack[..n])
    } else {
        let on_heap: Vec<&Plan> = plans.collect();
        f(&on_heap)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algorithm::host::canonicalize_host::canonicalize_host_traced;
    use crate::algorithm::host::trace::StepLog;
    use crate::profile::host_steps::find;
    use crate::profile::{builtin_profiles, mixed_profile};

    /// A plan runs a step exactly when the registry's switch says so.
    #[test]
    fn a_plan_runs_what_the_switches_say() {
        for p in builtin_profiles() {
            let plan = Plan::new(p);
            for s in CANONICALIZE_HOST_STEPS.iter().chain(NAMEPREP_STEPS) {
                assert_eq!(
                    plan.runs(s),
                    s.switch.is_none_or(|on| on(p)),
                    "{} {}",
                    p.name,
                    s.number
                );
            }
        }
    }

    /// Every step a trace shows as run is one the plan runs (the plan of
    /// step 1 for the host, when it chose another): the pipelines write
    /// no condition of their own on the profile.  Under the built-in
    /// profiles and mixes of their parameters, on hosts that reach most
    /// steps.
    #[test]
    fn traced_steps_are_the_plans() {
        let hosts = [
            "Bücher.DE.",
            "a%3Bb.test",
            "%5B::1%5D",
            "ｘn--Ａ.jp",
            "xn--4gq.jp",
            "a b\u{340}",
            "foo:80",
            "\u{5D0}a.\u{FDD0}",
            "%30%78%63%30.1",
            "[::1]",
            "a%zz",
            "a\u{3002}b\u{FF0E}",
            "0x7f.1",
            "a=b@c",
            "\u{1100}\u{1175}\u{301}\u{11A8}.kr",
        ];
        let mut profiles: Vec<crate::profile::ProfileSpec> = builtin_profiles().to_vec();
        let mut seed = 7u64;
        for _ in 0..40 {
            profiles.push(mixed_profile(|n| {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                (seed >> 33) as usize % n
            }));
        }
        let mut checked = 0;
        for p in &profiles {
            let plan = Plan::new(p);
            for h in hosts {
                for scheme in ["http", "ftp", "file"] {
                    let mut log = StepLog::default();
                    let _ = canonicalize_host_traced(h, scheme, &plan, &mut log);
                    let under = plan.for_host(h, scheme);
                    for t in log.steps.iter().filter(|t| t.ran && t.step != "1") {
                        let s = find(t.pipeline, t.step).expect("a registered step");
                        assert!(
                            under.runs(s),
                            "{} {h:?}: {} {} ran",
                            p.name,
                            t.pipeline,
                            t.step
                        );
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 10_000, "{checked}");
    }
}
