//! The README's examples that no doctest runs: every profile file it
//! shows (a ```toml block) loads as what it says it is.

use std::path::PathBuf;
use urlprism::compare::Engine;
use urlprism::engine::EngineSpec;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The ```toml blocks of the Markdown file `rel`.
fn toml_blocks(rel: &str) -> Vec<String> {
    let text = std::fs::read_to_string(root().join(rel)).expect("the file reads");
    text.split("```toml\n")
        .skip(1)
        .map(|b| b.split("```").next().unwrap_or_default().to_string())
        .collect()
}

#[test]
fn every_profile_file_shown_loads() {
    let mut loaded = 0;
    for rel in ["README.md", "profiles/README.md", "python/README.md"] {
        for (i, block) in toml_blocks(rel).into_iter().enumerate() {
            let e = EngineSpec::from_toml(&block, &format!("{rel} block {i}"))
                .unwrap_or_else(|e| panic!("{rel}, toml block {i}: {e}\n{block}"));
            // It is named as it says.
            let name = block
                .lines()
                .find_map(|l| l.strip_prefix("name = "))
                .map(|n| n.trim_matches('"'));
            assert_eq!(Some(e.name()), name, "{rel}, toml block {i}");
            assert!(e
                .canonicalize("http://a/", None, urlprism::encoding_rs::UTF_8)
                .is_ok());
            loaded += 1;
        }
    }
    assert!(loaded >= 2, "{loaded} profile files in the READMEs");
}
