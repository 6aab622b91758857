//! The `whatwg` engine on the web-platform-tests URL files vendored in
//! `tests/data/wpt/` (see its README for their provenance):
//! `urltestdata.json`, `setters_tests.json`, `percent-encoding.json`,
//! `toascii.json` and `IdnaTestV2.json`.  Every case runs, and every case
//! passes: the engine has no list of expected failures.
//!
//! It also checks that the traced host-parser stages give the engine's
//! own host on every host of the WPT and bench inputs.

use std::path::PathBuf;
use urlprism::compare::wpt::{self, Check};
use urlprism::engines::whatwg::{host_trace, Whatwg};

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/wpt")
        .join(name)
}

fn cases(file: &str) -> Vec<wpt::Case> {
    let text = std::fs::read_to_string(data(file)).expect("vendored WPT data");
    wpt::read_cases(&text).expect("well-formed WPT data")
}

/// The files and how many cases each holds (a percent-encoding case
/// once per encoding; IdnaTestV2's empty input, which WPT cannot test
/// through `new URL()`, left out).
const FILES: [(&str, usize); 5] = [
    ("urltestdata.json", 891),
    ("setters_tests.json", 278),
    ("percent-encoding.json", 16),
    ("toascii.json", 87),
    ("IdnaTestV2.json", 2670),
];

#[test]
fn every_wpt_case_passes() {
    assert!(
        !data("expected-failures/whatwg.json").exists(),
        "whatwg is expected to fail no case"
    );
    let engine = Whatwg::new();
    let mut report = String::new();
    for (file, count) in FILES {
        assert_eq!(cases(file).len(), count, "{file}");
        let r = wpt::run_file(&data(file), &engine).expect("the file runs");
        println!("WPT {file}: {} of {count} cases pass", r.passed);
        assert_eq!(r.passed + r.failed, count, "{file}: every case runs");
        assert_eq!(r.not_run, None, "{file}");
        for f in &r.failures {
            report.push_str(&format!(
                "{file} case {} {:?} (base {:?}): {:?}\n",
                f.line, f.input, f.base, f.mismatches
            ));
        }
    }
    assert!(report.is_empty(), "failing:\n{report}");
}

/// The (input, base) of the parsing cases, and `https://INPUT/x` of the
/// host cases.
fn inputs() -> Vec<(String, Option<String>)> {
    let mut out = Vec::new();
    for file in ["urltestdata.json", "toascii.json", "IdnaTestV2.json"] {
        for c in cases(file) {
            match c.check {
                Check::Parse { input, base, .. } => out.push((input, base)),
                Check::Host { input, .. } => out.push((format!("https://{input}/x"), None)),
                _ => {}
            }
        }
    }
    out
}

/// The hosts of `inputs` as `trace` hands them to the engine.
fn hosts<'a>(inputs: impl Iterator<Item = (&'a str, Option<&'a str>)>) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (input, base) in inputs {
        let parsed_base = urlprism::parse(base.unwrap_or(input));
        let r = urlprism::resolve(input, &parsed_base);
        if r.invalid.is_some() {
            continue;
        }
        if let (Some(h), Some(s)) = (r.host, r.scheme) {
            out.push((h, s.to_ascii_lowercase()));
        }
    }
    out
}

fn check_staged(engine: &Whatwg, hosts: &[(String, String)]) -> usize {
    let mut differ = Vec::new();
    for (h, s) in hosts {
        let t = host_trace::trace(engine, h, s);
        if t.steps.iter().any(|st| st.step == "parser result") {
            differ.push((h.clone(), s.clone()));
        }
    }
    assert!(
        differ.is_empty(),
        "staged host differs from the engine's: {differ:?}"
    );
    hosts.len()
}

#[test]
fn staged_hosts_equal_the_engines_on_wpt_and_bench_hosts() {
    let inputs = inputs();
    let mut all = hosts(inputs.iter().map(|(i, b)| (i.as_str(), b.as_deref())));
    let bench = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/bench");
    for f in ["idn.txt", "ascii.txt"] {
        match std::fs::read_to_string(bench.join(f)) {
            Ok(text) => all.extend(hosts(text.lines().map(|l| (l, None)))),
            Err(_) if std::env::var_os("CI").is_none() => {
                eprintln!("note: ../shared/bench/{f} not found; its hosts are not checked")
            }
            Err(e) => panic!("../shared/bench/{f}: {e}"),
        }
    }
    all.sort();
    all.dedup();
    for engine in [Whatwg::new(), Whatwg::transitional()] {
        let n = check_staged(&engine, &all);
        println!("{}: {n} staged hosts equal the engine's", engine.name);
    }
}
