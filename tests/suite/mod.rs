//! Where the conformance suite is, for every test that reads it (the
//! integration tests with `mod suite;`, those of the command-line
//! package through a `#[path]` module, the library's unit tests through a
//! `#[path]` module): the copy vendored in `tests/data/tests-web-url/`,
//! and the A.1 files of the shared suite, which are too big to vendor.

#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// The repository: the library's directory, which the command-line
/// package's tests (`cli/tests/`, one level down) reach by its parent.
pub fn repository() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    if manifest.join("profiles").is_dir() {
        manifest.to_path_buf()
    } else {
        manifest.join("..")
    }
}

/// The vendored suite: `tests/data/tests-web-url/` (always there).
pub fn vendored_dir() -> PathBuf {
    repository().join("tests/data/tests-web-url")
}

/// The vendored suite file `name` (e.g. `decomps-authority-ipv4.dat`,
/// `generated/decomps-authority-stringprep-b1.dat`).
pub fn vendored(name: &str) -> PathBuf {
    let path = vendored_dir().join(name);
    assert!(
        path.is_file(),
        "{} is missing from the repository",
        path.display()
    );
    path
}

/// Whether the tests run under CI (`CI` set, and not `false` or `0`):
/// then the shared suite must be there.
pub fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0")
}

/// The shared suite (`URLPRISM_SUITE_DIR`, by default
/// `../shared/conformance/tests-web-url` beside the crate), or `None`
/// (after a note) when it is missing; under CI a missing suite is an error.
pub fn shared_dir() -> Option<PathBuf> {
    let dir = std::env::var_os("URLPRISM_SUITE_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| repository().join("../shared/conformance/tests-web-url"));
    if dir.is_dir() {
        Some(dir)
    } else {
        assert!(
            !in_ci(),
            "the shared conformance suite is missing at {} (required when CI is set)",
            dir.display()
        );
        eprintln!(
            "note: the shared conformance suite is not at {}; its A.1 files are not run",
            dir.display()
        );
        None
    }
}

/// Whether `name` (relative to a suite directory) is one of the A.1 files,
/// which only the shared suite has.
pub fn is_a1(name: &str) -> bool {
    name.contains("-a1-")
}

/// Every suite file to run, as (name relative to the suite, path): the
/// vendored files, then the shared suite's A.1 files when it is there.
/// Sorted by name within each part.
pub fn files() -> Vec<(String, PathBuf)> {
    let mut out = dat_files(&vendored_dir());
    if let Some(shared) = shared_dir() {
        out.extend(dat_files(&shared).into_iter().filter(|(n, _)| is_a1(n)));
    }
    out
}

/// The `.dat` files under `root`, recursively, by name relative to it.
fn dat_files(root: &Path) -> Vec<(String, PathBuf)> {
    fn walk(dir: &Path, prefix: &str, out: &mut Vec<(String, PathBuf)>) {
        let entries =
            std::fs::read_dir(dir).unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()));
        for entry in entries {
            let path = entry.expect("a directory entry").path();
            let name = format!("{prefix}{}", path.file_name().unwrap().to_string_lossy());
            if path.is_dir() {
                walk(&path, &format!("{name}/"), out);
            } else if name.ends_with(".dat") {
                out.push((name, path));
            }
        }
    }
    let mut out = Vec::new();
    walk(root, "", &mut out);
    out.sort();
    out
}
