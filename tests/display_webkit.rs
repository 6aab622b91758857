//! The `webkit` engine's display against what WebKitGTK 2.50.6 shows
//! (`webkit_uri_for_display` of WebKit's own `href`, recorded in
//! `tests/data/browsers/webkit/display.jsonl` on the display corpus; see
//! `tests/data/browsers/README.md`): agreement per split, and the
//! differing lines.

mod display_support;

use urlprism::compare::Engine;

#[test]
fn webkit_shows_what_webkitgtk_shows() {
    let engine = urlprism::engines::builtin_engine("webkit").unwrap();
    let mut counts = std::collections::BTreeMap::<String, (usize, usize)>::new();
    let mut differ = Vec::new();
    for (c, r) in &display_support::corpus_and_recording("webkit") {
        let input = c["input"].as_str().unwrap();
        let split = c["split"].as_str().unwrap().to_string();
        let theirs = r["shown"].as_str();
        let mine = match engine.display(input).unwrap() {
            Ok(d) => Some(d.shown),
            Err(_) => None,
        };
        let same = theirs == mine.as_deref();
        let e = counts.entry(split).or_default();
        e.0 += 1;
        e.1 += usize::from(same);
        if !same {
            differ.push(format!(
                "{} {input}\n  webkit {theirs:?}\n  engine {mine:?}",
                c["part"]
            ));
        }
    }
    for (split, (n, same)) in &counts {
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
