//! The accelerated path of one URL under one profile: the gate that
//! tells whether an observed step may touch the input, the shortcuts for
//! the common absolute URL and the common relative reference, and, where
//! they decline, the plain path below ([`crate::observed::pipeline`] and
//! [`crate::algorithm::pipeline`]), which gives the same answer.
//!
//! `http://Example.COM/a/../b` under `this`: no observed step, the
//! shortcut writes `http://example.com/b` in one pass.

use super::base::ParsedBase;
use super::{common_reference, common_url, host, thread_buffer};
use crate::algorithm::pipeline::canonicalize_by_the_steps;
use crate::error::Error;
use crate::observed::input::observed_input_invalid;
use crate::observed::pipeline::{before_the_parser, with_displayed, Observed};
use crate::profile::plan::Plan;
use crate::profile::url_steps::InputFacts;
use crate::url::{Offsets, Url};
use encoding_rs::Encoding;
use std::borrow::Cow;

thread_local! {
    /// The buffer of [`shortcut`] for the text of a resolved reference.
    static RESOLVED_TEXT: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
}

/// What one URL is canonicalized against: the base (the input is its own
/// base without one), whether it is a base the profile has not
/// canonicalized ([`InputFacts::BASE`]), and the document encoding.
#[derive(Clone, Copy)]
pub(crate) struct Against<'a> {
    pub base: Option<&'a ParsedBase>,
    pub base_fact: bool,
    pub encoding: &'static Encoding,
    /// The error of the base the profile resolves against (the base
    /// canonicalized under it) when that base is invalid: then every
    /// input is invalid, for that reason unless the profile's observed
    /// steps reject the input first.
    pub invalid_base: Option<&'a Error>,
}

impl<'a> Against<'a> {
    /// Against a base that is invalid under the profile, with error
    /// `invalid_base`, in the document encoding `encoding`.
    pub(crate) fn invalid_base(
        invalid_base: &'a Error,
        encoding: &'static Encoding,
    ) -> Against<'a> {
        Against {
            base: None,
            base_fact: false,
            encoding,
            invalid_base: Some(invalid_base),
        }
    }
}

/// The facts of `input` that the URL-level steps of `profile` read
/// ([`InputFacts`]); `None` under a profile without such steps.
#[inline]
pub(crate) fn facts<'i>(input: &'i str, profile: &Plan, base_fact: bool) -> Option<InputFacts<'i>> {
    let gates = profile.url_gates();
    (gates.before.on || gates.components.on).then(|| InputFacts::of(input).with_base(base_fact))
}

/// Whether an observed URL-level step of `profile` before the shared
/// parser may touch the input of `facts`: when not, the input goes as it
/// is to the shortcuts and the steps.
#[inline]
pub(crate) fn observes(facts: Option<&InputFacts<'_>>, profile: &Plan) -> bool {
    facts.is_some_and(|f| profile.url_gates().before.may_touch(f, profile.url()))
}

/// `input` canonicalized under `profile` against `at`: when an observed
/// step may touch the input ([`observes`]), the observed steps' own
/// rejections and the observed stages before the parser; then the
/// shortcuts, then the steps.  A URL not yet said to be made by anyone.
/// (The caller has chosen the base the profile resolves against.)
pub(crate) fn canonicalize(at: Against<'_>, input: &str, profile: &Plan) -> Result<Url, Error> {
    let facts = facts(input, profile, at.base_fact);
    let observes = observes(facts.as_ref(), profile);
    if observes {
        if let Some(r) = observed_input_invalid(profile.url(), input) {
            return Err(Error::Invalid(r));
        }
    }
    if let Some(e) = at.invalid_base {
        return Err(e.clone());
    }
    let raw = input;
    let observed = match observes {
        true => match before_the_parser(at.base.map(ParsedBase::text), input, profile) {
            Observed::Done(r) => return r,
            Observed::Input(observed) => observed,
        },
        false => Cow::Borrowed(input),
    };
    let input = &*observed;
    // The facts stay those of the input the shortcut reads unless the
    // observed steps changed it.
    let facts = facts.filter(|_| std::ptr::eq(input, raw));
    let mut out = String::new();
    let mut failed = None;
    if let Some(offsets) = shortcut(at, input, facts.as_ref(), profile, &mut out, &mut failed) {
        return Ok(Url::new(out, offsets));
    }
    let base = at.base.map(ParsedBase::as_cow);
    let base = base.as_ref();
    let by_the_steps = match failed {
        Some(e) => Err(e),
        None => canonicalize_by_the_steps(
            base,
            input,
            profile,
            at.encoding,
            canonicalize_host_accelerated,
        ),
    };
    by_the_steps.map_err(|e| with_displayed(base, input, e, profile, at.encoding))
}

/// [`canonicalize`] writing the canonical URL into `out` (cleared first,
/// left empty on error) when no observed step may touch the input;
/// `None` when one may (the caller then takes the whole path).
pub(crate) fn canonicalize_to(
    at: Against<'_>,
    input: &str,
    profile: &Plan,
    out: &mut String,
) -> Option<Result<(), Error>> {
    let facts = facts(input, profile, at.base_fact);
    if observes(facts.as_ref(), profile) {
        return None;
    }
    let mut failed = None;
    if shortcut(at, input, facts.as_ref(), profile, out, &mut failed).is_some() {
        return Some(Ok(()));
    }
    out.clear();
    let base = at.base.map(ParsedBase::as_cow);
    let base = base.as_ref();
    let by_the_steps = match failed {
        Some(e) => Err(e),
        None => canonicalize_by_the_steps(
            base,
            input,
            profile,
            at.encoding,
            canonicalize_host_accelerated,
        ),
    };
    Some(
        by_the_steps
            .map_err(|e| with_displayed(base, input, e, profile, at.encoding))
            .map(|url| out.push_str(url.as_str())),
    )
}

/// The shortcuts, which give what the steps give: the common absolute
/// URL in one pass (against any base), or the common relative
/// reference against a common base, resolved as text and then taken
/// as the common absolute URL (`facts`: those of `input`, when they
/// are known).  `None` when both decline, with the
/// URL's error in `failed` when one of them knows it.
#[inline]
pub(crate) fn shortcut(
    at: Against<'_>,
    input: &str,
    facts: Option<&InputFacts<'_>>,
    profile: &Plan,
    out: &mut String,
    failed: &mut Option<Error>,
) -> Option<Offsets> {
    if let Some(offsets) =
        common_url::canonicalize_common_url_of(input, facts, profile, at.encoding, out, failed)
    {
        return Some(offsets);
    }
    if failed.is_some() {
        return None;
    }
    with_reference_text(at.base, input, |text| {
        common_url::canonicalize_common_url(text, profile, at.encoding, out, failed)
    })
    .flatten()
}

/// `f` of `input` resolved against `base` as text, when the shortcut
/// for the common relative reference covers it (see
/// [`common_reference`]); `None` when it does not.  The text is written
/// into a buffer the thread keeps, so that the shortcut costs no
/// allocation of its own (a buffer of its own when that one is in use).
pub(crate) fn with_reference_text<R>(
    base: Option<&ParsedBase>,
    input: &str,
    f: impl FnOnce(&str) -> R,
) -> Option<R> {
    let base = base?;
    let common = base.common()?;
    let resolve = |text: &mut String| {
        common_reference::resolve_as_text(input, base.text(), &common, text).then(|| f(text))
    };
    thread_buffer::with_kept(&RESOLVED_TEXT, resolve)
}

/// CanonicalizeHost with its shortcuts ([`super::host`]), as the
/// component steps call it
/// ([`CanonicalizeHostStep`](crate::algorithm::canonicalize::CanonicalizeHostStep)):
/// what the steps one by one give, faster.
pub(crate) fn canonicalize_host_accelerated(
    host: &mut Cow<'_, str>,
    scheme: &str,
    plan: &Plan,
) -> Result<(), Error> {
    host::canonicalize_host_cow(host, scheme, plan, None)
}
