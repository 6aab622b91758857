//! The Python package (`python/`) end to end: runs its pytest suite
//! (`python/tests`: results equal to this command line's on the
//! benchmark corpora, bad input, Polars, Spark in local mode) with the
//! Python of the virtual environment named by `URLPRISM_PYTHON`, in
//! which `.ci/run` installs the package and the test requirements.
//! Without it the trials fail when `CI` is set and are otherwise
//! reported as ignored, with what is missing.  The Spark tests run as a
//! trial of their own: pytest tests that skip (no Java, no pyspark, no
//! Polars, no corpora) make their trial fail under `CI` and be reported
//! as ignored, with pytest's reasons, otherwise.

mod real_parts;

use libtest_mimic::{Arguments, Completion, Failed, Trial};
use std::path::PathBuf;
use std::process::Command;

fn main() {
    let args = Arguments::from_args();
    let trials = vec![
        Trial::ignorable_test("python_package_tests_pass", || {
            pytest(&["--ignore=python/tests/test_spark.py", "python/tests"])
        }),
        Trial::ignorable_test("python_spark_tests_pass", || {
            pytest(&["python/tests/test_spark.py"])
        }),
    ];
    libtest_mimic::run(&args, trials).exit();
}

/// pytest on `targets` with the Python of `URLPRISM_PYTHON`.
fn pytest(targets: &[&str]) -> Result<Completion, Failed> {
    let root = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/.."));
    let python = std::env::var_os("URLPRISM_PYTHON")
        .filter(|p| !p.is_empty())
        .map(PathBuf::from);
    let usable = python.as_ref().filter(|p| {
        Command::new(p)
            .args(["-c", "import urlprism, pytest"])
            .output()
            .is_ok_and(|o| o.status.success())
    });
    let Some(python) = usable else {
        let what = match &python {
            Some(p) => format!(
                "urlprism or pytest in {} (pip install ./python -r python/requirements-test.txt)",
                p.display()
            ),
            None => "URLPRISM_PYTHON (the Python of a virtual environment with ./python and python/requirements-test.txt installed)".to_string(),
        };
        return real_parts::missing(&what);
    };
    let o = Command::new(python)
        .args(["-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider"])
        .args(targets)
        .current_dir(&root)
        .env("URLPRISM_CLI", env!("CARGO_BIN_EXE_urlprism"))
        .output()
        .expect("pytest runs");
    let out = String::from_utf8_lossy(&o.stdout);
    let err = String::from_utf8_lossy(&o.stderr);
    eprintln!("{out}");
    if !o.status.success() {
        return Err(format!("the Python tests failed ({:?}):\n{out}\n{err}", o.status).into());
    }
    if !out.contains(" passed") {
        return Err(format!("no Python test passed:\n{out}").into());
    }
    // pytest's short summary of the skipped tests (`-rs`): `SKIPPED [1]
    // path:line: reason`.
    let skipped: Vec<&str> = out.lines().filter(|l| l.starts_with("SKIPPED")).collect();
    if skipped.is_empty() {
        return Ok(Completion::Completed);
    }
    real_parts::missing(&format!(
        "what {} Python test(s) need ({})",
        skipped.len(),
        skipped.join("; ")
    ))
}
