//! Observing the pipelines step by step.

/// Receives each step of a pipeline as it runs (or is skipped).
pub trait Tracer {
    /// `step` is the specification's step number (e.g. `"20.2.1.1"`),
    /// `marks` the step's marks (`""` for an unmarked step), `ran` whether
    /// the profile runs it, and `before` / `after` the string around it.
    fn step(&mut self, pipeline: &'static str, step: &'static str, marks: &'static str, ran: bool, before: &str, after: &str);
}

/// A tracer that records nothing; the pipelines cost nothing extra with it.
pub struct NoTrace;

impl Tracer for NoTrace {
    #[inline(always)]
    fn step(&mut self, _: &'static str, _: &'static str, _: &'static str, _: bool, _: &str, _: &str) {}
}
