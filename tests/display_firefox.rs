//! The `firefox` engine's URL bar display ([`Engine::display`]) against
//! Firefox's own IDN display tests (`data/display/firefox-test-idn-urls.jsonl`:
//! test_idn_urls.js and test_idn_spoof.js, the `DISABLED` rows left out)
//! and against what Firefox 153.8.0esr showed for the display corpus
//! (`tests/data/browsers/firefox/display.jsonl`, one line per line of
//! `tests/data/browsers/corpus/display.jsonl`).
//! Agreement is counted per split (tuning, held-out) for the full text
//! (`gURLBar.untrimmedValue`) and the shown text (`gURLBar.value`).

mod display_support;

use serde_json::Value;
use std::collections::BTreeMap;
use urlprism::compare::Engine;
use urlprism::engines::firefox::identifier_status::{self, Allowed};
use urlprism::engines::firefox::{idn_display, Firefox};

const IDN_TESTS: &str = include_str!("../data/display/firefox-test-idn-urls.jsonl");

fn lines(text: &str) -> Vec<Value> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

/// `convertToDisplayIDN` of an ASCII host as the engine models it, with
/// the Identifier_Status data `allowed`: the labels as shown
/// ([`idn_display::display_labels_with`]); for a row the test expects to
/// throw, `None` when the engine refuses the host.
fn display_host(f: &Firefox, host: &str, invalid: bool, allowed: Allowed) -> Option<String> {
    if invalid {
        f.canonicalize_host(host, "http")?.ok()?;
    }
    let labels = idn_display::display_labels_with(&host.to_ascii_lowercase(), allowed);
    Some(
        labels
            .iter()
            .map(|l| l.shown.as_str())
            .collect::<Vec<_>>()
            .join("."),
    )
}

/// The rows of Firefox's tests that hold on Linux that disagree with the
/// engine's display host under `allowed`, and how many rows there are.
fn idn_test_mismatches(allowed: Allowed) -> (usize, Vec<String>) {
    let f = Firefox::new();
    let mut total = 0;
    let mut mismatches = Vec::new();
    for r in lines(IDN_TESTS) {
        if r["platform"] == "DISABLED" || r["assert_on_linux"] != "equal" {
            continue;
        }
        total += 1;
        let host = r["punycode"]
            .as_str()
            .or_else(|| r["input"].as_str())
            .unwrap_or_default();
        let expected = r["expected_display"].as_str().unwrap_or_default();
        let invalid = expected == "\u{fffd}";
        let got = display_host(&f, host, invalid, allowed);
        let ok = match got.as_deref() {
            None => invalid,
            Some(g) => g == expected,
        };
        if !ok {
            mismatches.push(format!(
                "{} line {}: {host} expected {expected:?}, got {got:?}",
                r["file"].as_str().unwrap_or_default(),
                r["line"]
            ));
        }
    }
    (total, mismatches)
}

/// Firefox ESR 140's tests, with its Identifier_Status data (Unicode 16):
/// every row.
#[test]
fn firefox_idn_tests() {
    let (total, mismatches) = idn_test_mismatches(identifier_status::allowed_in_unicode_16);
    let agree = total - mismatches.len();
    println!("Firefox ESR 140's IDN tests, Unicode 16 Identifier_Status: {agree}/{total} agree");
    for m in &mismatches {
        println!("  {m}");
    }
    assert!(mismatches.is_empty(), "{agree}/{total}: {mismatches:#?}");
}

/// The same tests with Firefox 153's Identifier_Status (Unicode 17, the
/// engine's): the rows that differ are characters Unicode 17 restricts
/// (Bopomofo, CJK extensions, Georgian Mtavruli, Myanmar, ...).
#[test]
fn firefox_idn_tests_with_unicode_17() {
    let (total, mismatches) = idn_test_mismatches(identifier_status::allowed_in_firefox_153);
    let agree = total - mismatches.len();
    println!("Firefox ESR 140's IDN tests, Firefox 153's Identifier_Status: {agree}/{total} agree");
    for m in &mismatches {
        println!("  {m}");
    }
    assert!(agree >= 418, "{agree}/{total}");
}

#[derive(Default)]
struct Tally {
    lines: usize,
    full: usize,
    shown: usize,
}

#[test]
fn firefox_153_recording() {
    let f = Firefox::new();
    let mut tallies: BTreeMap<String, Tally> = BTreeMap::new();
    let mut examples: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (c, r) in &display_support::corpus_and_recording("firefox") {
        let input = c["input"].as_str().unwrap_or_default();
        let split = c["split"].as_str().unwrap_or_default().to_string();
        let part = c["part"].as_str().unwrap_or_default();
        let got = f.display(input).expect("the engine displays");
        let (full, shown) = match &got {
            Ok(d) => (Some(d.full.as_str()), Some(d.shown.as_str())),
            Err(_) => (None, None),
        };
        let t = tallies.entry(split.clone()).or_default();
        t.lines += 1;
        let full_ok = full == r["shown"].as_str();
        let shown_ok = shown == r["value"].as_str();
        t.full += usize::from(full_ok);
        t.shown += usize::from(shown_ok);
        if split == "tuning" && !(full_ok && shown_ok) {
            let e = examples.entry(part.to_string()).or_default();
            if e.len() < 3 {
                e.push(format!(
                    "{input:?}: firefox {:?} / {:?}, engine {full:?} / {shown:?}",
                    r["shown"], r["value"]
                ));
            }
        }
    }
    for (part, e) in &examples {
        println!("tuning mismatches, {part}:");
        for x in e {
            println!("  {x}");
        }
    }
    // The agreement reached; the test fails if it drops.
    let floor = [("held-out", 1.0, 1.0), ("tuning", 1.0, 1.0)];
    for (split, full_floor, shown_floor) in floor {
        let t = &tallies[split];
        let (full, shown) = (
            t.full as f64 / t.lines as f64,
            t.shown as f64 / t.lines as f64,
        );
        println!(
            "{split}: full {}/{} ({:.2}%), shown {}/{} ({:.2}%)",
            t.full,
            t.lines,
            100.0 * full,
            t.shown,
            t.lines,
            100.0 * shown
        );
        assert!(
            full >= full_floor,
            "{split}: full agreement {full:.4} < {full_floor}"
        );
        assert!(
            shown >= shown_floor,
            "{split}: shown agreement {shown:.4} < {shown_floor}"
        );
    }
}
