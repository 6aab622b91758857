//! Running a pipeline's steps: [`Pipeline`] runs each step the profile
//! switches on and reports every step to a [`Tracer`]; [`GiveUp`] is a
//! CanonicalizeHost step's "return /fallback/".

use super::trace::Tracer;
use crate::error::HostReason;
use crate::profile::host_steps::Step;
use crate::profile::plan::Plan;
use std::borrow::Cow;

/// Runs the steps of one pipeline and reports them to a tracer.
pub(crate) struct Pipeline<'t, T: Tracer> {
    /// Which steps run, with which parameters: a step runs when the plan
    /// runs it (and, for [`Pipeline::rewrite_if`] and its kin, when the
    /// input calls for it).
    pub plan: &'t Plan,
    pub tracer: &'t mut T,
}

/// The string a pipeline rewrites: CanonicalizeHost's own `String`, or
/// Nameprep's input, borrowed until a step changes it (`Cow`).
pub(crate) trait Rewritten: std::ops::Deref<Target = str> {
    /// Takes a step's result: `Err(len)`, the first `len` octets of the
    /// string as it is (all of them: no change), or `Ok`, a new string.
    /// Returns whether the string changed.
    fn take(&mut self, result: Result<String, usize>) -> bool;
}

impl Rewritten for String {
    #[inline]
    fn take(&mut self, result: Result<String, usize>) -> bool {
        match result {
            Err(len) if len == self.len() => false,
            Err(len) => {
                self.truncate(len);
                true
            }
            Ok(r) => {
                *self = r;
                true
            }
        }
    }
}

impl Rewritten for Cow<'_, str> {
    #[inline]
    fn take(&mut self, result: Result<String, usize>) -> bool {
        match result {
            Err(len) if len == self.len() => false,
            Err(len) => {
                match self {
                    Cow::Borrowed(b) => *b = &b[..len],
                    Cow::Owned(o) => o.truncate(len),
                }
                true
            }
            Ok(r) => {
                *self = Cow::Owned(r);
                true
            }
        }
    }
}

impl<'t, T: Tracer> Pipeline<'t, T> {
    /// A pipeline under `plan` reporting to `tracer`.
    pub fn new(plan: &'t Plan, tracer: &'t mut T) -> Pipeline<'t, T> {
        Pipeline { plan, tracer }
    }

    /// Reports `step` to the tracer: `ran`, the string `before` it, and
    /// what it made of it (`after`, made only if the tracer asks).
    #[inline(always)]
    fn report<'a>(
        &mut self,
        step: &'static Step,
        ran: bool,
        before: &str,
        after: impl FnOnce() -> Cow<'a, str>,
    ) {
        self.tracer
            .step(step.pipeline, step.number, step.label, ran, before, after);
    }

    /// A step that rewrites the string: runs `f` when the plan runs the
    /// step, and reports it either way.  Returns whether `s` may have
    /// changed (`false`: the step did not run, or borrowed all of `s`).
    #[inline]
    pub fn rewrite<S: Rewritten>(
        &mut self,
        step: &'static Step,
        s: &mut S,
        f: impl for<'a> FnOnce(&'a str) -> Cow<'a, str>,
    ) -> bool {
        let ran = self.plan.runs(step);
        self.rewrite_if(step, ran, s, f)
    }

    /// [`Pipeline::rewrite`] of a step that the plan runs only `when` the
    /// input calls for it (`when` must imply that the plan runs it).
    #[inline]
    pub fn rewrite_if<S: Rewritten>(
        &mut self,
        step: &'static Step,
        when: bool,
        s: &mut S,
        f: impl for<'a> FnOnce(&'a str) -> Cow<'a, str>,
    ) -> bool {
        debug_assert!(!when || self.plan.runs(step), "step {}", step.number);
        if !when {
            self.report(step, false, s, || Cow::Borrowed(&**s));
            return false;
        }
        let new = f(s);
        self.report(step, true, s, || Cow::Borrowed(&*new));
        // A borrowed result is `s` itself or a slice of it: a prefix is
        // cut off in place, only another slice needs a new string.
        let result = match new {
            Cow::Borrowed(b) if b.as_ptr() == s.as_ptr() => Err(b.len()),
            new => Ok(new.into_owned()),
        };
        s.take(result)
    }

    /// A step that checks the string: runs `f` when the plan runs the
    /// step, reports it, and passes its failure on.
    #[inline]
    pub fn check<E: std::fmt::Display>(
        &mut self,
        step: &'static Step,
        s: &str,
        f: impl FnOnce(&str) -> Result<(), E>,
    ) -> Result<(), E> {
        let ran = self.plan.runs(step);
        self.check_if(step, ran, s, f)
    }

    /// [`Pipeline::check`] of a step that the plan runs only `when` the
    /// input calls for it (`when` must imply that the plan runs it).
    #[inline]
    pub fn check_if<E: std::fmt::Display>(
        &mut self,
        step: &'static Step,
        when: bool,
        s: &str,
        f: impl FnOnce(&str) -> Result<(), E>,
    ) -> Result<(), E> {
        debug_assert!(!when || self.plan.runs(step), "step {}", step.number);
        if !when {
            self.report(step, false, s, || Cow::Borrowed(s));
            return Ok(());
        }
        let r = f(s);
        self.report(step, true, s, || match &r {
            Ok(()) => Cow::Borrowed(s),
            Err(e) => Cow::Owned(format!("fail: {e}")),
        });
        r
    }

    /// A step that only sets a flag or makes a decision: reports `note`
    /// (e.g. `"has-root-dot = true"`) as its outcome, when the plan runs
    /// the step.
    #[inline]
    pub fn note(&mut self, step: &'static Step, s: &str, note: impl FnOnce() -> String) {
        let ran = self.plan.runs(step);
        self.note_if(step, ran, s, note);
    }

    /// [`Pipeline::note`] of a step that the plan runs only `when` the
    /// input calls for it (`when` must imply that the plan runs it).
    #[inline]
    pub fn note_if(
        &mut self,
        step: &'static Step,
        ran: bool,
        s: &str,
        note: impl FnOnce() -> String,
    ) {
        debug_assert!(!ran || self.plan.runs(step), "step {}", step.number);
        self.report(step, ran, s, || match ran {
            true => Cow::Owned(note()),
            false => Cow::Borrowed(s),
        });
    }
}

/// Where a step gave up: its number and why.  `outright` is "return
/// fail" even when the profile has a fallback (step 13.1).
pub(crate) struct GiveUp {
    pub(crate) step: &'static str,
    pub(crate) reason: HostReason,
    pub(crate) outright: bool,
    /// The host the browser's code writes although it rejects it (a URL
    /// that is invalid but has a string: googleurl's
    /// `possibly_invalid_spec()`), when the step models that.
    pub(crate) shown: Option<String>,
}

impl std::fmt::Display for GiveUp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.reason)
    }
}

pub(crate) fn give_up(step: &'static str, reason: HostReason) -> GiveUp {
    GiveUp {
        step,
        reason,
        outright: false,
        shown: None,
    }
}
