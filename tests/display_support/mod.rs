//! The display corpus and a browser's recording of it
//! (`tests/data/browsers/corpus/display.jsonl` and
//! `tests/data/browsers/BROWSER/display.jsonl`, see
//! `tests/data/browsers/README.md`), which the display tests read.

use serde_json::Value;
use std::path::Path;

fn read(rel: &str) -> Vec<Value> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/browsers")
        .join(rel);
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

/// Each corpus line with `browser`'s line for it, in order.
pub fn corpus_and_recording(browser: &str) -> Vec<(Value, Value)> {
    let corpus = read("corpus/display.jsonl");
    let recorded = read(&format!("{browser}/display.jsonl"));
    assert_eq!(
        corpus.len(),
        recorded.len(),
        "{browser}: one recorded line per corpus line"
    );
    for (c, r) in corpus.iter().zip(&recorded) {
        assert_eq!(r["input"], c["input"], "{browser}: the corpus's order");
    }
    corpus.into_iter().zip(recorded).collect()
}
