//! The record of the host's stages for `urlprism trace`
//! ([`super::host_trace`]): each stage's name, the string before and
//! after (or `fail: <reason>`).

use crate::algorithm::host::trace::TraceStep;

/// The pipeline name of the stages.
pub const CHROMIUM: &str = "Chromium";

/// The marks column of every stage.
const MARKS: &str = "CHROMIUM";

/// Where the stages go: nowhere, or a list.
pub(crate) struct Stages {
    steps: Option<Vec<TraceStep>>,
}

impl Stages {
    /// Records nothing (canonicalization).
    pub fn none() -> Stages {
        Stages { steps: None }
    }

    /// Records every stage (tracing).
    pub fn recording() -> Stages {
        Stages {
            steps: Some(Vec::new()),
        }
    }

    /// Whether stages are recorded.
    pub fn enabled(&self) -> bool {
        self.steps.is_some()
    }

    /// Records a stage.
    pub fn push(&mut self, stage: &'static str, before: &str, after: &str) {
        if let Some(steps) = &mut self.steps {
            steps.push(TraceStep {
                pipeline: CHROMIUM,
                step: stage,
                marks: MARKS,
                ran: true,
                before: before.to_string(),
                after: after.to_string(),
            });
        }
    }

    /// Records a stage that fails, and gives the failure.
    pub fn fail<T>(&mut self, stage: &'static str, before: &str, why: &str) -> Result<T, String> {
        self.push(stage, before, &format!("fail: {why}"));
        Err(why.to_string())
    }

    /// The stages recorded.
    pub fn into_steps(self) -> Vec<TraceStep> {
        self.steps.unwrap_or_default()
    }
}
