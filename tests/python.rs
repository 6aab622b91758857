//! The Python package (`python/`) end to end: runs its pytest suite
//! (`python/tests`: results equal to this command line's on the
//! benchmark corpora, bad input, Polars, Spark in local mode) with the
//! Python of the virtual environment named by `URLPRISM_PYTHON`, in
//! which `.ci/run` installs the package and the test requirements.
//! Without it the test fails when `CI` is set and otherwise prints a
//! notice and passes.

use std::path::PathBuf;
use std::process::Command;

#[test]
fn python_package_tests_pass() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let python = std::env::var_os("URLPRISM_PYTHON").map(PathBuf::from);
    let usable = python.as_ref().filter(|p| {
        Command::new(p)
            .args(["-c", "import urlprism, pytest"])
            .output()
            .is_ok_and(|o| o.status.success())
    });
    let Some(python) = usable else {
        let what = match &python {
            Some(p) => format!(
                "{} cannot import urlprism and pytest (pip install ./python -r python/requirements-test.txt)",
                p.display()
            ),
            None => "URLPRISM_PYTHON (the Python of a virtual environment with ./python and python/requirements-test.txt installed)".to_string(),
        };
        assert!(
            std::env::var_os("CI").is_none(),
            "the Python tests need {what} (required when CI is set; .ci/run sets it up)"
        );
        eprintln!("note: Python tests skipped: {what} is missing (.ci/run sets it up)");
        return;
    };
    let o = Command::new(python)
        .args([
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "python/tests",
        ])
        .current_dir(&root)
        .env("URLPRISM_CLI", env!("CARGO_BIN_EXE_urlprism"))
        .output()
        .expect("pytest runs");
    let out = String::from_utf8_lossy(&o.stdout);
    let err = String::from_utf8_lossy(&o.stderr);
    eprintln!("{out}");
    assert!(
        o.status.success(),
        "the Python tests failed ({:?}):\n{out}\n{err}",
        o.status
    );
    assert!(out.contains(" passed"), "{out}");
}
