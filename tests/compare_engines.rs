//! `compare` gives, on real URLs, what each engine gives alone: each
//! profile's canonical string and components through its own
//! `Canonicalizer` (and the steps one by one), the URL Standard engine's
//! through the `url` crate; and it says the engines differ exactly on the
//! fields where those results differ, and groups them as they agree.
//!
//! The URLs: the corpora of `../shared/bench/` (every `step`-th line;
//! `relative.txt` with its bases; a built-in list when the directory is
//! missing) and the inputs of the vendored conformance suite's `decomps`
//! files (with their bases and document encodings), each also against a
//! fixed base and against an invalid one.  The generated inputs are in
//! `properties.rs` (`compare_equals_each_engine_alone`).

use encoding_rs::{Encoding, UTF_8};
use urlprism::conformance::read_suite_file;

mod common;
mod suite;

/// A hierarchical base with every component.
const BASE: &str = "http://user:pw@example.com:8080/a/b/c?q#f";

/// Real URLs to use when `../shared/bench/` is not there.
const REAL_URLS: &[&str] = &[
    "http://Bücher.DE/",
    "https://москва.РФ/a b?é#f",
    "http://a%5fb.test/",
    "http://0x7f.1/",
    "http://[::1]:80/",
    "file://c:foo/",
    "ftp://u:p@h:21/x;type=a",
    "mailto:A@B.example",
    "http://ａｂｃ．ｃｏｍ/",
];

/// Every `step`-th line of the corpus `name`, or `None` when it is missing.
fn corpus(name: &str, step: usize) -> Option<Vec<String>> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/bench");
    let text = std::fs::read_to_string(dir.join(name)).ok()?;
    Some(text.lines().step_by(step).map(str::to_string).collect())
}

/// The comparisons checked and the failures, described.
struct Checks {
    engine_sets: Vec<Vec<urlprism::engines::EngineSpec>>,
    checked: usize,
    failures: Vec<String>,
}

impl Checks {
    fn new() -> Checks {
        Checks {
            engine_sets: common::compared_engine_sets(),
            checked: 0,
            failures: Vec::new(),
        }
    }

    /// Checks `input` against `base` under every engine selection.
    fn check(&mut self, input: &str, base: Option<&str>, encoding: &'static Encoding) {
        for engines in &self.engine_sets {
            self.checked += 1;
            if let Err(e) = common::check_comparison(engines, input, base, encoding) {
                self.failures.push(e);
            }
        }
    }

    /// Fails with the first failures, if any; prints the count.
    fn report(&self) {
        assert!(self.checked > 0);
        assert!(
            self.failures.is_empty(),
            "{} of {} comparisons differ from the engines alone; the first:\n{}",
            self.failures.len(),
            self.checked,
            self.failures[..self.failures.len().min(10)].join("\n")
        );
        eprintln!("{} comparisons checked", self.checked);
    }
}

#[test]
fn corpora_compare_as_the_engines_alone() {
    let mut checks = Checks::new();
    let mut urls: Vec<String> = REAL_URLS.iter().map(|s| s.to_string()).collect();
    for (file, step) in [
        ("ascii.txt", 100),
        ("idn.txt", 20),
        ("kasztp-source.txt", 48),
    ] {
        urls.extend(corpus(file, step).unwrap_or_default());
    }
    for u in &urls {
        for base in [None, Some(BASE)] {
            checks.check(u, base, UTF_8);
        }
    }
    // A relative reference against its own base, against none (most are
    // then invalid), and under another document encoding.
    for line in corpus("relative.txt", 20).unwrap_or_default() {
        let Some((base, r)) = line.split_once('\t') else {
            continue;
        };
        checks.check(r, Some(base), UTF_8);
        checks.check(r, None, UTF_8);
        checks.check(r, Some(base), encoding_rs::SHIFT_JIS);
    }
    checks.report();
}

#[test]
fn suite_inputs_compare_as_the_engines_alone() {
    let mut checks = Checks::new();
    let mut files: Vec<_> = std::fs::read_dir(suite::vendored_dir())
        .expect("the vendored suite")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("decomps") && n.ends_with(".dat"))
        })
        .collect();
    files.sort();
    assert!(files.len() > 10, "{files:?}");
    for path in files {
        for record in read_suite_file(&path).expect("the suite file reads") {
            let input = record.data();
            let encoding = record
                .get("charset")
                .and_then(|c| Encoding::for_label(c.as_bytes()))
                .unwrap_or(UTF_8);
            checks.check(input, record.base(), encoding);
            checks.check(input, Some(BASE), encoding);
        }
    }
    checks.report();
}

/// A base without a scheme: every input is invalid under the profiles
/// (step 4 of the steps to resolve), and the URL Standard engine refuses
/// it too.
#[test]
fn an_invalid_base_invalidates_every_input() {
    let mut checks = Checks::new();
    for input in REAL_URLS.iter().chain(&["../x", "", "#f"]) {
        checks.check(input, Some("no scheme"), UTF_8);
    }
    checks.report();
    let engines = urlprism::engines::builtin_engines();
    let dyns: Vec<&dyn urlprism::compare::Engine> = engines.iter().map(|e| e as _).collect();
    let c = urlprism::compare::compare("http://a/", Some("no scheme"), UTF_8, &dyns);
    assert!(c.agree(), "{c:?}");
    assert_eq!(
        c.results[0].rejection().map(|r| r.to_string()).as_deref(),
        Some("invalid URL: the base URL is invalid")
    );
}
