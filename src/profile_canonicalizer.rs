//! [`Canonicalizer`]: from input string to canonical [`Url`], with a
//! profile, an optional base URL and a document encoding.

use crate::accel;
use crate::accel::base::ParsedBase;
use crate::accel::pipeline::Against;
use crate::accel::sharing::{canonicalize_each_shared, EachResult, Member};
use crate::algorithm::serialize;
use crate::error::Error;
use crate::profile::plan::Plan;
use crate::profile::Profile;
use crate::url::components::InvalidReason;
use crate::url::{Maker, PlanRef, Url};
use encoding_rs::{Encoding, UTF_8};
use std::borrow::Cow;

/// Canonicalizes URLs under one profile, resolving them against a base URL
/// (parsed once) and with a document encoding for their queries: the whole
/// pipeline of the specification, from string to canonical [`Url`].
///
/// By default an input is its own base and the encoding is UTF-8.
///
/// ```
/// use urlprism::{profile, Canonicalizer};
/// let ie = profile::builtin("ie").unwrap();
/// let c = Canonicalizer::new(ie)
///     .base("http://example.com/dir/")?
///     .encoding(urlprism::encoding_rs::WINDOWS_1252);
/// assert_eq!(c.canonicalize("../Bücher?é")?.as_str(), "http://example.com/B%C3%BCcher?%E9");
/// assert_eq!(c.canonicalize("http://Bücher.DE/")?.as_str(), "http://bücher.de/");
/// # Ok::<(), urlprism::Error>(())
/// ```
#[derive(Clone)]
pub struct ProfileCanonicalizer<'p> {
    /// The profile, compiled: a built-in profile's plan, or a shared copy
    /// (which the `Url`s it makes keep, see [`PlanRef`]).
    plan: PlanRef,
    base: Option<ParsedBase>,
    /// The plan (its address) under which the base is canonical already,
    /// for a profile that resolves against the canonical base
    /// ([`crate::profile::UrlParams::base_canonicalized`]).
    base_canonical_for: Option<usize>,
    /// The base as given (its parse may have replaced noncharacters).
    base_text: Option<String>,
    /// Canonicalizers with the base canonicalized under other profiles
    /// ([`Canonicalizer::with_canonical_bases`]), by the address of their
    /// plan, made once for a batch.
    canonical_bases: std::sync::Arc<Vec<(usize, Result<ProfileCanonicalizer<'static>, Error>)>>,
    encoding: &'static Encoding,
    /// The profile's lifetime (a plan of its own is kept instead).
    profile: std::marker::PhantomData<&'p dyn Profile>,
}

impl std::fmt::Debug for ProfileCanonicalizer<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ProfileCanonicalizer")
            .field("profile", &self.plan.name())
            .field(
                "base",
                &self
                    .base
                    .as_ref()
                    .and_then(|b| serialize::serialize_cow(&b.as_cow())),
            )
            .field("encoding", &self.encoding.name())
            .finish()
    }
}

impl<'p> ProfileCanonicalizer<'p> {
    /// A canonicalizer under `profile`, without a base (each input is its
    /// own base), with the UTF-8 document encoding.
    ///
    /// ```
    /// let c = urlprism::Canonicalizer::new(urlprism::profile::this());
    /// assert_eq!(c.canonicalize("HTTP://EXAMPLE.com/a/../b")?.as_str(), "http://example.com/b");
    /// # Ok::<(), urlprism::Error>(())
    /// ```
    pub fn new(profile: &'p dyn Profile) -> ProfileCanonicalizer<'p> {
        ProfileCanonicalizer {
            plan: PlanRef::of_profile(profile),
            base: None,
            base_canonical_for: None,
            base_text: None,
            canonical_bases: Default::default(),
            encoding: UTF_8,
            profile: std::marker::PhantomData,
        }
    }

    /// Resolves every input against `base`, parsed here once.  An error
    /// when `base` is invalid (it has no scheme): no input could be
    /// resolved against it.
    ///
    /// ```
    /// use urlprism::{profile, Canonicalizer};
    /// let c = Canonicalizer::new(profile::this()).base("http://a/b/c")?;
    /// assert_eq!(c.canonicalize("d?q")?.as_str(), "http://a/b/d?q");
    ///
    /// let e = Canonicalizer::new(profile::this()).base("nope").unwrap_err();
    /// assert_eq!(e.to_string(), "invalid base URL \"nope\": no scheme: the URL does not begin with scheme characters and ':'");
    /// # Ok::<(), urlprism::Error>(())
    /// ```
    pub fn base(mut self, base: &str) -> Result<ProfileCanonicalizer<'p>, Error> {
        let mut parsed = ParsedBase::parse(base);
        if let Some(reason) = parsed.invalid() {
            return Err(Error::Base {
                base: base.to_string(),
                reason,
            });
        }
        self.base_text = Some(base.to_string());
        if self.plan.url().base_canonicalized {
            // A base the profile finds invalid makes every input invalid
            // (`ProfileCanonicalizer::for_canonical_base`).
            let own = ProfileCanonicalizer::of_plan(self.plan.clone(), self.encoding);
            if let Ok(b) = own.canonical_base(base) {
                parsed = b;
                self.base_canonical_for = Some(plan_address(&self.plan));
            }
        }
        self.base = Some(parsed);
        Ok(self)
    }

    /// The base as given, if any.
    pub(crate) fn base_text(&self) -> Option<&str> {
        self.base_text.as_deref()
    }

    /// `base` canonicalized under this canonicalizer's profile, parsed
    /// ([`crate::profile::UrlParams::base_canonicalized`]); the reason
    /// it is invalid otherwise.
    fn canonical_base(&self, base: &str) -> Result<ParsedBase, InvalidReason> {
        let url = self
            .canonicalize(base)
            .map_err(|_| InvalidReason::InvalidBase)?;
        let parsed = ParsedBase::parse(url.as_str());
        match parsed.invalid() {
            Some(_) => Err(InvalidReason::InvalidBase),
            None => Ok(parsed),
        }
    }

    /// For a profile other than the one this canonicalizer's base was
    /// made for that resolves against the canonical base
    /// ([`crate::profile::UrlParams::base_canonicalized`]): a
    /// canonicalizer under `profile` with the base canonicalized under it
    /// (an error when it is invalid); `None` when the base serves as it
    /// is.
    fn for_canonical_base(
        &self,
        profile: &Plan,
    ) -> Option<Result<Cow<'_, ProfileCanonicalizer<'static>>, Error>> {
        if !self.needs_canonical_base(profile) {
            return None;
        }
        let address = plan_address(profile);
        if let Some((_, made)) = self.canonical_bases.iter().find(|(a, _)| *a == address) {
            return Some(made.as_ref().map(Cow::Borrowed).map_err(Clone::clone));
        }
        self.canonical_base_for(profile).map(|r| r.map(Cow::Owned))
    }

    /// Whether `profile` resolves against the base canonicalized under it
    /// ([`crate::profile::UrlParams::base_canonicalized`]) and this
    /// canonicalizer's base is not that one.
    #[inline]
    fn needs_canonical_base(&self, profile: &Plan) -> bool {
        self.base.is_some()
            && profile.url().base_canonicalized
            && self.base_canonical_for != Some(plan_address(profile))
    }

    /// This canonicalizer with the base canonicalized once under each of
    /// `profiles` that resolves against its canonical base (see
    /// [`Canonicalizer::for_canonical_base`]), kept for every input: what a
    /// batch under several profiles (the comparer's) makes once.  The
    /// plans must outlive it at the same addresses (they are found by
    /// address).
    pub(crate) fn with_canonical_bases(mut self, profiles: &[&Plan]) -> ProfileCanonicalizer<'p> {
        let made = (profiles.iter())
            .filter_map(|p| Some((plan_address(p), self.canonical_base_for(p)?)))
            .collect();
        self.canonical_bases = std::sync::Arc::new(made);
        self
    }

    /// [`Canonicalizer::for_canonical_base`], made now.
    fn canonical_base_for(
        &self,
        profile: &Plan,
    ) -> Option<Result<ProfileCanonicalizer<'static>, Error>> {
        if !self.needs_canonical_base(profile) {
            return None;
        }
        let base = self.base_text.as_deref()?;
        let mut c = ProfileCanonicalizer::of_plan(PlanRef::of(profile), self.encoding);
        match c.canonical_base(base) {
            Err(reason) => Some(Err(Error::Invalid(reason))),
            Ok(parsed) => {
                c.base_text = Some(parsed.text().to_string());
                c.base = Some(parsed);
                c.base_canonical_for = Some(plan_address(profile));
                Some(Ok(c))
            }
        }
    }

    /// The document encoding, for the query (default UTF-8).
    ///
    /// ```
    /// use urlprism::{encoding_rs::SHIFT_JIS, profile, Canonicalizer};
    /// let c = Canonicalizer::new(profile::this()).encoding(SHIFT_JIS);
    /// assert_eq!(c.canonicalize("http://a/?あ")?.query(), Some("%82%A0"));
    /// # Ok::<(), urlprism::Error>(())
    /// ```
    pub fn encoding(mut self, encoding: &'static Encoding) -> ProfileCanonicalizer<'p> {
        self.encoding = encoding;
        self
    }

    /// Resolves `input` against the base, canonicalizes it under the
    /// profile and serializes it: the canonical URL, or why there is none.
    ///
    /// The components stay borrowed from `input` and the base until they
    /// are serialized, so that the canonical string is, in the common case,
    /// the only allocation.
    ///
    /// ```
    /// use urlprism::{profile, Canonicalizer};
    /// let gecko = Canonicalizer::new(profile::builtin("gecko").unwrap());
    /// assert_eq!(gecko.canonicalize("http://a%5Fb.test/")?.host_str(), Some("a%5fb.test"));
    /// let e = gecko.canonicalize("http://a:99999/").unwrap_err();
    /// assert_eq!(e.to_string(), "invalid port \"99999\": not a decimal number from 0 to 65535");
    /// # Ok::<(), urlprism::Error>(())
    /// ```
    pub fn canonicalize(&self, input: &str) -> Result<Url, Error> {
        let made = || Maker::Profile(self.plan.clone(), self.encoding);
        self.canonicalize_under(input, &self.plan, made)
    }

    /// A canonicalizer under `plan` with the document encoding
    /// `encoding`, without a base: what canonicalizes a `Url` again.
    pub(crate) fn of_plan(
        plan: PlanRef,
        encoding: &'static Encoding,
    ) -> ProfileCanonicalizer<'static> {
        ProfileCanonicalizer {
            plan,
            base: None,
            base_canonical_for: None,
            base_text: None,
            canonical_bases: Default::default(),
            encoding,
            profile: std::marker::PhantomData,
        }
    }

    /// [`Canonicalizer::canonicalize`] under `profile` instead of this
    /// canonicalizer's own, the URL made by `made()`: the base the profile
    /// resolves against is settled here, the rest is the accelerated path
    /// ([`accel::pipeline::canonicalize`]).
    #[inline]
    fn canonicalize_under(
        &self,
        input: &str,
        profile: &Plan,
        made: impl FnOnce() -> Maker,
    ) -> Result<Url, Error> {
        // The base the profile resolves against: this canonicalizer's, or
        // the one canonicalized under the profile, which may be invalid
        // (and then every input is).
        let canonical = self.for_canonical_base(profile);
        let at = match &canonical {
            None => self.against(profile),
            Some(Ok(c)) => c.against(profile),
            Some(Err(invalid_base)) => Against::invalid_base(invalid_base, self.encoding),
        };
        accel::pipeline::canonicalize(at, input, profile).map(|url| url.made_by(made()))
    }

    /// What an input is canonicalized against under `profile`: this
    /// canonicalizer's base and encoding.
    #[inline]
    fn against(&self, profile: &Plan) -> Against<'_> {
        Against {
            base: self.base.as_ref(),
            base_fact: self.base_fact(profile),
            encoding: self.encoding,
            invalid_base: None,
        }
    }

    /// Whether this canonicalizer has a base that is not canonicalized
    /// under `profile` ([`InputFacts::BASE`]).
    #[inline]
    fn base_fact(&self, profile: &Plan) -> bool {
        self.base.is_some() && self.base_canonical_for != Some(plan_address(profile))
    }

    /// [`Canonicalizer::canonicalize`], writing the canonical URL into
    /// `out` (cleared first) instead of a new [`Url`], so that a loop over
    /// many inputs reuses one buffer.  On error `out` is left empty.
    ///
    /// ```
    /// use urlprism::{profile, Canonicalizer};
    /// let c = Canonicalizer::new(profile::this());
    /// let mut out = String::new();
    /// for (input, canonical) in [("HTTP://A.test/./x", "http://a.test/x"), ("http://b.test:80", "http://b.test/")] {
    ///     c.canonicalize_to(input, &mut out)?;
    ///     assert_eq!(out, canonical);
    /// }
    /// assert!(c.canonicalize_to("no scheme", &mut out).is_err());
    /// assert_eq!(out, "");
    /// # Ok::<(), urlprism::Error>(())
    /// ```
    pub fn canonicalize_to(&self, input: &str, out: &mut String) -> Result<(), Error> {
        if let Some(r) =
            accel::pipeline::canonicalize_to(self.against(&self.plan), input, &self.plan, out)
        {
            return r;
        }
        // An observed step may touch the input: the whole of
        // `canonicalize`.
        out.clear();
        let url = self.canonicalize(input)?;
        out.push_str(url.as_str());
        Ok(())
    }

    /// [`Canonicalizer::canonicalize`] under each of the profiles whose
    /// plans are `profiles` instead of this canonicalizer's own, with its
    /// base and encoding: the input is parsed and resolved once, and what
    /// no profile parameter touches is canonicalized once (see
    /// [`crate::canonicalize_each`]); element `i` is what a canonicalizer
    /// under `profiles[i]` gives.  The profiles are compiled once for a
    /// whole batch ([`Plan::new`]; the built-in ones are,
    /// [`builtin_plans`](crate::profile::plan::builtin_plans)).
    ///
    /// ```
    /// use urlprism::{profile::plan::{builtin_plans, Plan}, profile, Canonicalizer};
    /// let plans: Vec<&Plan> = builtin_plans().iter().collect();
    /// let each = Canonicalizer::new(profile::this()).canonicalize_each("http://Bücher.de/a b", &plans);
    /// let names: Vec<&str> = plans.iter().map(|p| p.name()).collect();
    /// assert_eq!(names, ["this", "chrome", "gecko", "ie"]);
    /// assert_eq!(each[0].as_ref().unwrap().as_str(), "http://xn--bcher-kva.de/a%20b");
    /// assert_eq!(each[3].as_ref().unwrap().as_str(), "http://bücher.de/a%20b");
    /// ```
    pub fn canonicalize_each(&self, input: &str, profiles: &[&Plan]) -> Vec<Result<Url, Error>> {
        let mut each: Vec<Result<Url, Error>> = Vec::with_capacity(profiles.len());
        let shared =
            self.canonicalize_each_shared(input, profiles, Vec::with_capacity(profiles.len()));
        for (e, plan) in shared.into_iter().zip(profiles) {
            let r = match e {
                EachResult::Own(r) => r,
                EachResult::SameAs(j) => each[j].as_ref().map_err(Clone::clone).map(|u| {
                    let mut u = u.clone_unmade();
                    u.set_made(Maker::Profile(PlanRef::of(plan), self.encoding));
                    u
                }),
                EachResult::Panicked(p) => unreachable!("only the comparer makes {p:?}"),
            };
            each.push(r);
        }
        each
    }

    /// [`Canonicalizer::canonicalize_each`], where a profile with the same
    /// URL as an earlier one is told so ([`EachResult::SameAs`]) instead of
    /// given a copy; the results are pushed into `into` (empty: its room
    /// is reused) where they can be.
    pub(crate) fn canonicalize_each_shared(
        &self,
        input: &str,
        profiles: &[&Plan],
        into: Vec<EachResult>,
    ) -> Vec<EachResult> {
        // Each profile against the base it resolves against: this
        // canonicalizer's (first lines: when every profile does, no base
        // is looked up), or that base canonicalized under it.
        if !profiles.iter().any(|p| self.needs_canonical_base(p)) {
            let members: Vec<Member<'_>> = (profiles.iter())
                .map(|p| Member {
                    plan: p,
                    at: self.against(p),
                    own_base: false,
                })
                .collect();
            return canonicalize_each_shared(
                self.against(&self.plan),
                input,
                profiles,
                &members,
                into,
            );
        }
        let canonical: Vec<_> = profiles
            .iter()
            .map(|p| self.for_canonical_base(p))
            .collect();
        let members: Vec<Member<'_>> = (profiles.iter().zip(&canonical))
            .map(|(p, c)| Member {
                plan: p,
                at: match c {
                    None => self.against(p),
                    Some(Ok(c)) => c.against(p),
                    Some(Err(e)) => Against::invalid_base(e, self.encoding),
                },
                own_base: c.is_some(),
            })
            .collect();
        canonicalize_each_shared(self.against(&self.plan), input, profiles, &members, into)
    }
}

/// The address of `plan`, which tells the plan a canonical base was made
/// for.
fn plan_address(plan: &Plan) -> usize {
    plan as *const Plan as usize
}

/// The THIS profile's canonicalizer as [`Url`]'s own constructors.
impl Url {
    /// Canonicalizes `input` under the THIS profile, with the UTF-8 document
    /// encoding; the input is its own base.
    ///
    /// ```
    /// let url = urlprism::Url::parse("http://EXAMPLE.com/a%7eb")?;
    /// assert_eq!(url.as_str(), "http://example.com/a~b");
    ///
    /// let e = urlprism::Url::parse("no scheme").unwrap_err();
    /// assert_eq!(e.to_string(), "invalid URL: no scheme: the URL does not begin with scheme characters and ':'");
    /// # Ok::<(), urlprism::Error>(())
    /// ```
    pub fn parse(input: &str) -> Result<Url, Error> {
        ProfileCanonicalizer::new(crate::profile::this()).canonicalize(input)
    }

    /// Resolves `input` against this URL and canonicalizes the result under
    /// the THIS profile, with the UTF-8 document encoding.
    ///
    /// ```
    /// let base = urlprism::Url::parse("http://example.com/dir/page")?;
    /// assert_eq!(base.join("../x?q")?.as_str(), "http://example.com/x?q");
    /// assert_eq!(base.join("//other.test")?.as_str(), "http://other.test/");
    /// # Ok::<(), urlprism::Error>(())
    /// ```
    pub fn join(&self, input: &str) -> Result<Url, Error> {
        ProfileCanonicalizer::new(crate::profile::this())
            .base(self.as_str())?
            .canonicalize(input)
    }
}

impl std::str::FromStr for Url {
    type Err = Error;

    /// [`Url::parse`].
    ///
    /// ```
    /// let url: urlprism::Url = "http://a/b/../c".parse()?;
    /// assert_eq!(url.path(), "/c");
    /// # Ok::<(), urlprism::Error>(())
    /// ```
    fn from_str(input: &str) -> Result<Url, Error> {
        Url::parse(input)
    }
}
