//! Runs the shared conformance suite under every built-in profile and
//! checks the pass counts against `tests/conformance-ratchet.toml`.
//!
//! `URLPRISM_PRINT_COUNTS=1 cargo test --release --test conformance` prints
//! the per-file table and the current counts in the ratchet's format.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;
use urlprism::conformance::{collect_suite_files, run_suite, Summary};
use urlprism::profile::builtin_profiles;
use urlprism::Profile;

/// The groups of the ratchet, in display order.
const GROUPS: [&str; 4] = ["parsing", "resolving", "decomps", "generated"];

/// The ratchet group of a suite file, by its name relative to the suite.
fn group_of(name: &str) -> &'static str {
    if name == "parsing.dat" {
        "parsing"
    } else if name == "resolving.dat" {
        "resolving"
    } else if name.starts_with("generated/") {
        "generated"
    } else if name.starts_with("decomps") {
        "decomps"
    } else {
        "other"
    }
}

type Counts = BTreeMap<String, BTreeMap<String, usize>>;

fn read_ratchet() -> Counts {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/conformance-ratchet.toml");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    toml::from_str(&text).unwrap_or_else(|e| panic!("{}: malformed ratchet: {e}", path.display()))
}

/// (profile, group) → (passed, failed).
fn group_counts(summary: &Summary) -> BTreeMap<(String, &'static str), (usize, usize)> {
    let mut counts = BTreeMap::new();
    for r in &summary.reports {
        let e = counts
            .entry((r.profile.clone(), group_of(&r.name)))
            .or_insert((0, 0));
        e.0 += r.passed;
        e.1 += r.failed;
    }
    counts
}

fn table(summary: &Summary) -> String {
    let width = summary
        .reports
        .iter()
        .map(|r| r.name.len())
        .max()
        .unwrap_or(4)
        .max(4);
    let mut s = format!(
        "{:<8}  {:<width$}  {:>7}  {:>7}\n",
        "profile", "file", "passed", "failed"
    );
    for r in &summary.reports {
        s.push_str(&format!(
            "{:<8}  {:<width$}  {:>7}  {:>7}\n",
            r.profile, r.name, r.passed, r.failed
        ));
    }
    s
}

fn current_counts_toml(summary: &Summary, profiles: &[&str]) -> String {
    let counts = group_counts(summary);
    let mut s = String::new();
    for p in profiles {
        s.push_str(&format!("[{p}]\n"));
        for g in GROUPS {
            let (passed, failed) = counts.get(&(p.to_string(), g)).copied().unwrap_or((0, 0));
            s.push_str(&format!("{g} = {passed}  # of {}\n", passed + failed));
        }
        s.push('\n');
    }
    s
}

#[test]
fn conformance_suite_meets_ratchet() {
    let suite =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/conformance/tests-web-url");
    if !suite.is_dir() {
        if std::env::var_os("CI").is_some() {
            panic!(
                "the conformance suite is missing at {} (required when CI is set)",
                suite.display()
            );
        }
        let _ = writeln!(
            std::io::stderr(),
            "notice: conformance suite not found at {}; skipping",
            suite.display()
        );
        return;
    }

    let ratchet = read_ratchet();
    let profiles = builtin_profiles();
    let names: Vec<&str> = profiles.iter().map(|p| p.name.as_str()).collect();
    for (p, groups) in &ratchet {
        assert!(
            names.contains(&p.as_str()),
            "ratchet names unknown profile {p:?} (built in: {names:?})"
        );
        for g in groups.keys() {
            assert!(
                GROUPS.contains(&g.as_str()),
                "ratchet names unknown group {g:?} for {p}"
            );
        }
    }

    let files = collect_suite_files(&[&suite]).unwrap_or_else(|e| panic!("{e}"));
    assert!(!files.is_empty(), "no .dat files in {}", suite.display());
    let dyn_profiles: Vec<&dyn Profile> = profiles.iter().map(|p| p as &dyn Profile).collect();
    let summary = run_suite(&files, &dyn_profiles).unwrap_or_else(|e| panic!("{e}"));

    let table = table(&summary);
    println!("{table}");
    if std::env::var_os("URLPRISM_PRINT_COUNTS").is_some() {
        // Written to stderr directly so that it shows without --nocapture.
        let _ = writeln!(
            std::io::stderr(),
            "{table}\n# current counts, for tests/conformance-ratchet.toml:\n{}",
            current_counts_toml(&summary, &names)
        );
    }

    let counts = group_counts(&summary);
    let mut below = Vec::new();
    for p in &names {
        for g in GROUPS {
            let min = ratchet.get(*p).and_then(|m| m.get(g)).copied().unwrap_or(0);
            let (passed, failed) = counts.get(&(p.to_string(), g)).copied().unwrap_or((0, 0));
            println!(
                "{p:<8} {g:<10} {passed:>6} passed (ratchet {min}) of {}",
                passed + failed
            );
            if passed < min {
                below.push(format!("{p}/{g}: {passed} passed, ratchet requires {min}"));
            }
        }
    }
    assert!(
        below.is_empty(),
        "conformance fell below the ratchet:\n{}",
        below.join("\n")
    );
}
