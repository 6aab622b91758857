//! The `whatwg` engine on the web-platform-tests URL cases vendored in
//! `tests/data/wpt/` (see its README for their provenance).
//!
//! Every case runs; the cases the engine fails are listed, by input and
//! base with the reason, in `tests/data/wpt/expected-failures/whatwg.json`.  The
//! test fails when a case fails that is not listed, or when a listed case
//! passes (the list is stale).
//!
//! It also checks that the traced host-parser stages give the engine's
//! own host on every host of the WPT and bench inputs.

use serde_json::Value;
use std::collections::BTreeSet;
use std::path::PathBuf;
use urlprism::engines::whatwg::{host_trace, wpt, Whatwg};

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/wpt")
        .join(name)
}

fn cases() -> Vec<wpt::Case> {
    let text = std::fs::read_to_string(data("urltestdata.json")).expect("vendored WPT data");
    wpt::parse_cases(&text).expect("well-formed WPT data")
}

/// (input, base) of the listed expected failures, each with a reason.
fn expected_failures() -> BTreeSet<(String, Option<String>)> {
    let text = std::fs::read_to_string(data("expected-failures/whatwg.json")).expect("the list");
    let list: Vec<Value> = serde_json::from_str(&text).expect("a JSON array");
    list.iter()
        .map(|v| {
            let reason = v["reason"].as_str().unwrap_or("");
            assert!(!reason.is_empty(), "no reason given for {v}");
            (
                v["input"].as_str().expect("input").to_string(),
                v["base"].as_str().map(str::to_string),
            )
        })
        .collect()
}

#[test]
fn every_wpt_case_passes_but_the_listed_ones() {
    let cases = cases();
    assert_eq!(cases.len(), 891, "the vendored file has 891 cases");
    let engine = Whatwg::new();
    let mut failing = BTreeSet::new();
    let mut report = String::new();
    for c in &cases {
        // The components serialize to the crate's own `href`: the getters
        // compared below are the mapping's, and they are faithful.
        if let Ok(u) = engine.parse(&c.input, c.base.as_deref(), encoding_rs::UTF_8) {
            let c = urlprism::engines::whatwg::components(&u);
            assert_eq!(urlprism::serialize(&c).as_deref(), Some(u.href()));
        }
        let m = wpt::run_case(&engine, c);
        if !m.is_empty() {
            failing.insert((c.input.clone(), c.base.clone()));
            report.push_str(&format!(
                "case {} {:?} (base {:?}): {m:?}\n",
                c.number, c.input, c.base
            ));
        }
    }
    let expected = expected_failures();
    let passed = cases.len() - failing.len();
    println!(
        "WPT urltestdata.json: {passed} of {} cases pass",
        cases.len()
    );
    let unexpected: Vec<_> = failing.difference(&expected).collect();
    let stale: Vec<_> = expected.difference(&failing).collect();
    assert!(
        unexpected.is_empty(),
        "failing, not listed: {unexpected:#?}\n{report}"
    );
    assert!(stale.is_empty(), "listed, but passing: {stale:#?}");
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
        if t.steps.iter().any(|st| st.step == "url crate result") {
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
    let cases = cases();
    let mut all = hosts(cases.iter().map(|c| (c.input.as_str(), c.base.as_deref())));
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
