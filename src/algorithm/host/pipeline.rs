//! Running a pipeline's steps: [`Pipeline`] runs each step the profile
//! switches on and reports every step to a [`Tracer`]; [`GiveUp`] is a
//! CanonicalizeHost step's "return /fallback/".

use super::ace::AceCache;
use super::trace::Tracer;
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
    /// The labels' Punycode shared with the other profiles the host is
    /// canonicalized under, if any (see `SharedHostWork` in
    /// `fast_paths.rs`).
    pub shared: Option<&'t mut AceCache>,
    /// What is known of the host already (from the shortcut that fell
    /// into the steps, or the work shared with other profiles).
    pub known: Known,
    /// Check bidi may fail on a label of the host being converted (step
    /// 20): false when no character of the host may be RandALCat (see
    /// `convert_labels`).  True until it is told.
    pub bidi_may_fail: bool,
}

impl<'t, T: Tracer> Pipeline<'t, T> {
    /// A pipeline under `plan` reporting to `tracer`, knowing nothing yet
    /// of the host.
    pub fn new(plan: &'t Plan, tracer: &'t mut T) -> Pipeline<'t, T> {
        Pipeline {
            plan,
            tracer,
            shared: None,
            known: Known::default(),
            bidi_may_fail: true,
        }
    }

    /// A step that rewrites the string: runs `f` when the plan runs the
    /// step, and reports it either way.  Returns whether `s` may have
    /// changed (`false`: the step did not run, or borrowed all of `s`).
    #[inline]
    pub fn rewrite(
        &mut self,
        step: &'static Step,
        s: &mut String,
        f: impl for<'a> FnOnce(&'a str) -> Cow<'a, str>,
    ) -> bool {
        let ran = self.plan.runs(step);
        self.rewrite_if(step, ran, s, f)
    }

    /// [`Pipeline::rewrite`] of a step that the plan runs only `when` the
    /// input calls for it (`when` must imply that the plan runs it).
    #[inline]
    pub fn rewrite_if(
        &mut self,
        step: &'static Step,
        when: bool,
        s: &mut String,
        f: impl for<'a> FnOnce(&'a str) -> Cow<'a, str>,
    ) -> bool {
        debug_assert!(!when || self.plan.runs(step), "step {}", step.number);
        let ran = when;
        if !ran {
            if T::ENABLED {
                self.tracer
                    .step(step.pipeline, step.number, step.label, false, s, s);
            }
            return false;
        }
        let new = f(s);
        if T::ENABLED {
            self.tracer
                .step(step.pipeline, step.number, step.label, true, s, &new);
        }
        // A borrowed result is `s` itself or a slice of it: a prefix is
        // cut off in place, only another slice needs a new string.
        let replacement = match new {
            Cow::Borrowed(b) if b.as_ptr() == s.as_ptr() => Err(b.len()),
            new => Ok(new.into_owned()),
        };
        match replacement {
            Err(len) if len == s.len() => false,
            Err(len) => {
                s.truncate(len);
                true
            }
            Ok(r) => {
                *s = r;
                true
            }
        }
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
        let ran = when;
        if !ran {
            if T::ENABLED {
                self.tracer
                    .step(step.pipeline, step.number, step.label, false, s, s);
            }
            return Ok(());
        }
        let r = f(s);
        if T::ENABLED {
            match &r {
                Ok(()) => self
                    .tracer
                    .step(step.pipeline, step.number, step.label, true, s, s),
                Err(e) => self.tracer.step(
                    step.pipeline,
                    step.number,
                    step.label,
                    true,
                    s,
                    &format!("fail: {e}"),
                ),
            }
        }
        r
    }

    /// A step that only sets a flag or makes a decision: reports `note`
    /// (e.g. `"has-root-dot = true"`) as its outcome, when the plan runs
    /// the step.
    #[inline]
    pub fn note(&mut self, step: &'static Step, s: &str, note: impl FnOnce() -> String) {
        if T::ENABLED {
            let ran = self.plan.runs(step);
            self.note_if(step, ran, s, note);
        }
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
        if T::ENABLED {
            debug_assert!(!ran || self.plan.runs(step), "step {}", step.number);
            let n = if ran { note() } else { s.to_string() };
            self.tracer
                .step(step.pipeline, step.number, step.label, ran, s, &n);
        }
    }
}

/// What the steps before the labels (steps 17 to 21), or the shortcut
/// that falls into them there, found of the host: facts the label steps
/// need not find again.  Nothing is known by default.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Known {
    /// Nameprep leaves every label as it is but for ASCII case, which is
    /// lowered already; the ASCII characters are letters, digits and
    /// hyphens, and no label holds U+3002 (the IDN shortcut prepared the
    /// host: steps 2 to 18 have no other work on it).
    pub labels_prepared: bool,
    /// Step 11 ran Nameprep on the whole host and no step since changed
    /// the host (step 14 percent-encoded nothing): step 20.2.1.1 has only
    /// its Check bidi step left to run.
    pub step_11_holds: bool,
    /// Step 20.1's /idn-enabled/ for the host, when the work shared with
    /// other profiles has found it already.
    pub idn_enabled: Option<bool>,
    /// Whether a character of the host may be RandALCat (`may_hold_rand_al`
    /// in `bidi.rs`), when the work shared with other profiles has found it
    /// already.
    pub may_hold_rand_al: Option<bool>,
}

/// Where a step gave up: its number and why.  `outright` is "return
/// fail" even when the profile has a fallback (step 13.1).
pub(crate) struct GiveUp {
    pub(crate) step: &'static str,
    pub(crate) reason: String,
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

pub(crate) fn give_up(step: &'static str, reason: impl Into<String>) -> GiveUp {
    GiveUp {
        step,
        reason: reason.into(),
        outright: false,
        shown: None,
    }
}
