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

    this_failures_are_unicode_drift_only(&summary);
}

/// Code points assigned in Unicode 6.0 (`data/unicode-6.0-assigned.txt`).
fn assigned_in_6_0() -> Vec<(u32, u32)> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data/unicode-6.0-assigned.txt");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (a, b) = l.split_once("..").unwrap_or((l, l));
            let hex = |h: &str| u32::from_str_radix(h.trim(), 16).expect("hex code point");
            (hex(a), hex(b))
        })
        .collect()
}

/// Whether the THIS profile may legitimately differ from the suite on `c`
/// because of the Unicode version: the suite's "latest Unicode" results were
/// made with Unicode 6.0 (suite README, "Unicode version").  Derived from
/// the data alone: `c` was unassigned in Unicode 6.0 (so 6.0's NFKC left it
/// alone) and the NFKC of this build's latest Unicode changes it.
fn is_unicode_drift(c: char, assigned: &[(u32, u32)]) -> bool {
    let cp = c as u32;
    let in_6_0 = assigned.iter().any(|&(lo, hi)| lo <= cp && cp <= hi);
    let latest = urlprism::profile::this().nameprep.nfkc;
    !in_6_0 && urlprism::unicode::nfkc::nfkc(&c.to_string(), &latest) != c.to_string()
}

/// THIS must pass every record of the suite except those whose input holds
/// a Unicode-drift code point; those are listed (by code point) on stdout.
fn this_failures_are_unicode_drift_only(summary: &Summary) {
    let assigned = assigned_in_6_0();
    let mut unexplained = Vec::new();
    let mut drift: BTreeMap<u32, Vec<String>> = BTreeMap::new();
    for r in summary.reports.iter().filter(|r| r.profile == "this") {
        for f in &r.failures {
            let cps: Vec<char> = f
                .input
                .chars()
                .filter(|&c| is_unicode_drift(c, &assigned))
                .collect();
            if cps.is_empty() {
                unexplained.push(format!("{}:{} {:?}", r.name, f.line, f.input));
            }
            for c in cps {
                drift
                    .entry(c as u32)
                    .or_default()
                    .push(format!("{}:{}", r.name, f.line));
            }
        }
    }
    println!(
        "THIS: {} records differ because of Unicode versions newer than 6.0, {} code points:",
        drift.values().map(Vec::len).sum::<usize>(),
        drift.len()
    );
    for (cp, places) in &drift {
        println!(
            "  U+{cp:04X}: unassigned in Unicode 6.0, NFKC-changed in Unicode {:?} ({})",
            unicode_normalization::UNICODE_VERSION,
            places.join(", ")
        );
    }
    assert!(
        unexplained.is_empty(),
        "THIS fails records not explained by Unicode versions:\n{}",
        unexplained.join("\n")
    );
}

/// `canonicalize_each` and `canonicalize_str_each` (the profiles together,
/// sharing what no profile parameter touches) give, for every input and
/// base of the suite, what `canonicalize` and `canonicalize_str` give under
/// each profile alone.
#[test]
fn profiles_together_equal_profiles_alone() {
    let suite =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/conformance/tests-web-url");
    if !suite.is_dir() {
        assert!(
            std::env::var_os("CI").is_none(),
            "the conformance suite is missing at {} (required when CI is set)",
            suite.display()
        );
        return;
    }
    let profiles: Vec<&dyn urlprism::Profile> = builtin_profiles()
        .iter()
        .map(|p| p as &dyn urlprism::Profile)
        .collect();
    let mut checked = 0;
    let mut files: Vec<PathBuf> = std::fs::read_dir(&suite)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "dat"))
        .collect();
    files.sort();
    for file in files {
        let records = urlprism::conformance::read_suite_file(&file).unwrap();
        for r in records {
            let base = urlprism::parse(r.base().unwrap_or(r.data()));
            let resolved = urlprism::resolve(r.data(), &base);
            let together = urlprism::canonicalize_each(&resolved, &profiles, encoding_rs::UTF_8);
            let strings =
                urlprism::canonicalize_str_each(r.data(), r.base(), &profiles, encoding_rs::UTF_8);
            for (p, t) in profiles.iter().zip(&strings) {
                let alone = urlprism::canonicalize_str(r.data(), r.base(), *p, encoding_rs::UTF_8);
                assert_eq!(
                    t,
                    &alone,
                    "{}:{} under {} (strings)",
                    file.display(),
                    r.line,
                    p.name()
                );
            }
            for (p, t) in profiles.iter().zip(&together) {
                let alone = urlprism::canonicalize(&resolved, *p, encoding_rs::UTF_8);
                assert_eq!(
                    t,
                    &alone,
                    "{}:{} under {}",
                    file.display(),
                    r.line,
                    p.name()
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 10_000, "only {checked} results checked");
}
