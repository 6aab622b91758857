//! Tests whose real part (a browser, node, Python, Spark) may be missing
//! on a machine: such a test runs under libtest-mimic's harness, so that a
//! part that is missing shows in the test runner's own summary as an
//! ignored trial with the reason, never as `ok`; under `CI` it is a
//! failure (`.ci/run` installs every part).

#![allow(dead_code)]

use libtest_mimic::{Completion, Failed};

/// Whether `CI` is set (`.ci/run` sets `CI=true`): every real part must
/// then be there.
pub fn in_ci() -> bool {
    std::env::var_os("CI").is_some()
}

/// The outcome of a trial whose real part `what` is missing: a failure
/// under `CI`, otherwise ignored, with the reason shown in the summary.
pub fn missing(what: &str) -> Result<Completion, Failed> {
    if in_ci() {
        return Err(
            format!("{what} is missing: required when CI is set (.ci/run installs it)").into(),
        );
    }
    Ok(Completion::ignored_with(format!(
        "SKIPPED: {what} is missing (.ci/run installs it)"
    )))
}

/// A test body that asserts (panics) run as a trial's outcome.
pub fn completed(body: impl FnOnce()) -> Result<Completion, Failed> {
    body();
    Ok(Completion::Completed)
}
