//! The `webkit` engine's display against what WebKitGTK 2.50.6 shows
//! (`webkit_uri_for_display` of WebKit's own `href`, recorded in
//! `tests/data/browsers/webkit/display.jsonl` on the display corpus; see
//! `tests/data/browsers/README.md`): agreement per split, and the
//! differing lines.

use serde_json::Value;
use std::path::PathBuf;
use urlprism::compare::Engine;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn lines(path: &str) -> Vec<Value> {
    let p = std::env::var("URLPRISM_DISPLAY_DIR")
        .map(|d| PathBuf::from(d).join(path))
        .unwrap_or_else(|_| root().join("tests/data/browsers").join(path));
    std::fs::read_to_string(&p)
        .unwrap_or_else(|e| panic!("{}: {e}", p.display()))
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn webkit_shows_what_webkitgtk_shows() {
    let corpus = lines("corpus/display.jsonl");
    let recorded = lines("webkit/display.jsonl");
    assert_eq!(corpus.len(), recorded.len());
    let engine = urlprism::engines::builtin_engine("webkit").unwrap();
    let mut counts = std::collections::BTreeMap::<(String, bool), (usize, usize)>::new();
    let mut differ = Vec::new();
    for (c, r) in corpus.iter().zip(&recorded) {
        let input = c["input"].as_str().unwrap();
        let split = c["split"].as_str().unwrap().to_string();
        let theirs = r["shown"].as_str();
        let mine = match engine.display(input).unwrap() {
            Ok(d) => Some(d.shown),
            Err(_) => None,
        };
        let same = theirs == mine.as_deref();
        let e = counts.entry((split, true)).or_default();
        e.0 += 1;
        e.1 += usize::from(same);
        if !same {
            differ.push(format!(
                "{} {input}\n  webkit {theirs:?}\n  engine {mine:?}",
                c["part"]
            ));
        }
    }
    for ((split, _), (n, same)) in &counts {
        println!(
            "{split}: {same} of {n} equal ({:.2}%)",
            100.0 * *same as f64 / *n as f64
        );
    }
    println!(
        "{}",
        differ
            .iter()
            .take(40)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
    assert!(differ.is_empty(), "{} lines differ", differ.len());
}
