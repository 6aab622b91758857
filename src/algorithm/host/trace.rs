//! Observing the pipelines step by step.
//!
//! The Nameprep and CanonicalizeHost pipelines report each step to a
//! [`Tracer`]: its specification step number, its marks, whether the profile
//! runs it, and the string before and after.  The pipelines report every
//! step to the tracer they are given, whichever it is; the string after a
//! step is made only when the tracer asks for it, so that [`NoTrace`]
//! compiles to nothing; [`StepLog`] records the steps as data (what
//! `urlprism trace` prints).

use serde::Serialize;
use std::borrow::Cow;

/// Receives each step of a pipeline as it runs (or is skipped).
pub trait Tracer {
    /// `pipeline` is `"Nameprep"` or `"CanonicalizeHost"`, `step` the
    /// specification's step number (e.g. `"20.2.1.1"`; a step that models
    /// a browser beyond the specification is numbered after the step it
    /// follows, e.g. `"4a"`), `marks` the step's marks (`""` for an
    /// unmarked step; `"observed: GECKO"` for a step beyond the
    /// specification, modelling what the browser was measured doing),
    /// `ran` whether the profile runs it, and `before` / `after` the string
    /// around it.  `after` makes that string when called (step 3 of
    /// Nameprep on `AB`: `|| "ab".into()`; a failed check:
    /// `|| format!("fail: {e}").into()`): a tracer that records nothing
    /// does not call it.
    fn step<'a>(
        &mut self,
        pipeline: &'static str,
        step: &'static str,
        marks: &'static str,
        ran: bool,
        before: &str,
        after: impl FnOnce() -> Cow<'a, str>,
    );
}

/// A tracer that records nothing.
pub struct NoTrace;

impl Tracer for NoTrace {
    #[inline(always)]
    fn step<'a>(
        &mut self,
        _: &'static str,
        _: &'static str,
        _: &'static str,
        _: bool,
        _: &str,
        _: impl FnOnce() -> Cow<'a, str>,
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
    fn step<'a>(
        &mut self,
        pipeline: &'static str,
        step: &'static str,
        marks: &'static str,
        ran: bool,
        before: &str,
        after: impl FnOnce() -> Cow<'a, str>,
    ) {
        self.steps.push(TraceStep {
            pipeline,
            step,
            marks,
            ran,
            before: before.to_string(),
            after: after().into_owned(),
        });
    }
}
