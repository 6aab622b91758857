//! Observing the pipelines step by step.
//!
//! The Nameprep and CanonicalizeHost pipelines report each step to a
//! [`Tracer`]: its specification step number, its marks, whether the profile
//! runs it, and the string before and after.  [`NoTrace`] compiles to
//! nothing; [`StepLog`] records the steps as data (what `urlprism trace`
//! prints).

use serde::Serialize;
use std::borrow::Cow;

/// Receives each step of a pipeline as it runs (or is skipped).
pub trait Tracer {
    /// Whether the tracer records anything.  When false the pipelines take
    /// fast paths that skip whole groups of steps (with the same result).
    const ENABLED: bool;

    /// `pipeline` is `"Nameprep"` or `"CanonicalizeHost"`, `step` the
    /// specification's step number (e.g. `"20.2.1.1"`; a step that models
    /// a browser beyond the specification is numbered after the step it
    /// follows, e.g. `"4a"`), `marks` the step's marks (`""` for an
    /// unmarked step; `"observed: GECKO"` for a step beyond the
    /// specification, modelling what the browser was measured doing),
    /// `ran` whether the profile runs it, and `before` / `after` the string
    /// around it.
    fn step(
        &mut self,
        pipeline: &'static str,
        step: &'static str,
        marks: &'static str,
        ran: bool,
        before: &str,
        after: &str,
    );
}

/// A tracer that records nothing.
pub struct NoTrace;

impl Tracer for NoTrace {
    const ENABLED: bool = false;
    #[inline(always)]
    fn step(
        &mut self,
        _: &'static str,
        _: &'static str,
        _: &'static str,
        _: bool,
        _: &str,
        _: &str,
    ) {
    }
}

/// One recorded step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TraceStep {
    pub pipeline: &'static str,
    pub step: &'static str,
    pub marks: &'static str,
    pub ran: bool,
    pub before: String,
    pub after: String,
}

/// A tracer that records every step.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct StepLog {
    pub steps: Vec<TraceStep>,
}

impl Tracer for StepLog {
    const ENABLED: bool = true;
    fn step(
        &mut self,
        pipeline: &'static str,
        step: &'static str,
        marks: &'static str,
        ran: bool,
        before: &str,
        after: &str,
    ) {
        self.steps.push(TraceStep {
            pipeline,
            step,
            marks,
            ran,
            before: before.to_string(),
            after: after.to_string(),
        });
    }
}

/// Runs the steps of one pipeline and reports them to a tracer.
pub(crate) struct Pipeline<'t, T: Tracer> {
    pub tracer: &'t mut T,
    pub name: &'static str,
    /// Work on the host shared with the other profiles it is canonicalized
    /// under, if any (see `SharedHostWork` in `canonicalize_host.rs`).
    pub shared: Option<&'t mut super::canonicalize_host::SharedHostWork>,
}

impl<T: Tracer> Pipeline<'_, T> {
    /// A step that rewrites the string: runs `f` when the profile runs the
    /// step (`ran`), and reports it either way.
    /// Returns whether `s` may have changed (`false`: the step did not run,
    /// or borrowed all of `s`).
    #[inline]
    pub fn rewrite(
        &mut self,
        step: &'static str,
        marks: &'static str,
        ran: bool,
        s: &mut String,
        f: impl for<'a> FnOnce(&'a str) -> Cow<'a, str>,
    ) -> bool {
        if !ran {
            if T::ENABLED {
                self.tracer.step(self.name, step, marks, false, s, s);
            }
            return false;
        }
        let new = f(s);
        if T::ENABLED {
            self.tracer.step(self.name, step, marks, true, s, &new);
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

    /// A step that checks the string: runs `f` when the profile runs the
    /// step, reports it, and passes its failure on.
    #[inline]
    pub fn check<E: std::fmt::Display>(
        &mut self,
        step: &'static str,
        marks: &'static str,
        ran: bool,
        s: &str,
        f: impl FnOnce(&str) -> Result<(), E>,
    ) -> Result<(), E> {
        if !ran {
            if T::ENABLED {
                self.tracer.step(self.name, step, marks, false, s, s);
            }
            return Ok(());
        }
        let r = f(s);
        if T::ENABLED {
            match &r {
                Ok(()) => self.tracer.step(self.name, step, marks, true, s, s),
                Err(e) => self
                    .tracer
                    .step(self.name, step, marks, true, s, &format!("fail: {e}")),
            }
        }
        r
    }

    /// A step that only sets a flag or makes a decision: reports `note`
    /// (e.g. `"has-root-dot = true"`) as its outcome.
    #[inline]
    pub fn note(
        &mut self,
        step: &'static str,
        marks: &'static str,
        ran: bool,
        s: &str,
        note: impl FnOnce() -> String,
    ) {
        if T::ENABLED {
            let n = if ran { note() } else { s.to_string() };
            self.tracer.step(self.name, step, marks, ran, s, &n);
        }
    }
}
