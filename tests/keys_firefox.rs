//! Firefox's url-classifier, live: runs `tests/browsers/firefox_safebrowsing.py`
//! (Debian's `/usr/bin/firefox-esr`, headless, driven over Marionette;
//! nothing fetched) on the whole key corpus (`tests/data/keys/corpus.txt`,
//! 9,000 lines; a run takes a few seconds) and checks that it still gives
//! the stored outputs, `tests/data/keys/oracle/safebrowsing-firefox.txt`
//! (which `tests/keys_oracle.rs` holds the kind `safebrowsing-firefox`
//! to), naming the rows that changed and the version that ran.
//!
//! Without `/usr/bin/firefox-esr` (or `python3`) it passes with a notice,
//! and fails when `CI` is set.

use std::path::{Path, PathBuf};
use std::process::Command;

const FIREFOX: &str = "/usr/bin/firefox-esr";

/// Seconds the runner may take in all (start, 18 scripts, exit).
const TIMEOUT_S: u32 = 50;

fn manifest() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn lines(path: &Path) -> Vec<Vec<u8>> {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut lines: Vec<Vec<u8>> = bytes.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect();
    if lines.last().is_some_and(Vec::is_empty) {
        lines.pop();
    }
    lines
}

/// The reason the live run cannot happen here, if any.
fn missing() -> Option<String> {
    if !Path::new(FIREFOX).exists() {
        return Some(format!("{FIREFOX} is not installed"));
    }
    match Command::new("python3").arg("--version").output() {
        Ok(o) if o.status.success() => None,
        _ => Some("python3 does not run".into()),
    }
}

#[test]
fn firefox_gives_the_stored_keys() {
    if let Some(reason) = missing() {
        assert!(
            std::env::var_os("CI").is_none(),
            "{reason}: Firefox's url-classifier cannot be re-run"
        );
        eprintln!(
            "notice: {reason}; the stored outputs of Firefox's url-classifier are not re-checked"
        );
        return;
    }
    let corpus = manifest().join("tests/data/keys/corpus.txt");
    let stored_path = manifest().join("tests/data/keys/oracle/safebrowsing-firefox.txt");
    let out_dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("keys-firefox");
    std::fs::create_dir_all(&out_dir).unwrap();
    let fresh_path = out_dir.join("safebrowsing-firefox.txt");
    let run = Command::new("python3")
        .arg(manifest().join("tests/browsers/firefox_safebrowsing.py"))
        .args(["--firefox", FIREFOX, "--timeout", &TIMEOUT_S.to_string()])
        .arg(&corpus)
        .arg(&fresh_path)
        .output()
        .expect("runs tests/browsers/firefox_safebrowsing.py");
    assert!(
        run.status.success(),
        "tests/browsers/firefox_safebrowsing.py failed: {}",
        String::from_utf8_lossy(&run.stderr)
    );
    let report = String::from_utf8_lossy(&run.stdout);
    let version = report
        .lines()
        .find_map(|l| l.strip_prefix("firefox "))
        .unwrap_or("(unknown version)")
        .to_string();
    println!(
        "ran Firefox {version} ({})",
        report.trim().replace('\n', "; ")
    );
    let inputs = lines(&corpus);
    let stored = lines(&stored_path);
    let fresh = lines(&fresh_path);
    assert_eq!(stored.len(), inputs.len(), "{}", stored_path.display());
    assert_eq!(fresh.len(), inputs.len(), "one output per corpus line");
    let changed: Vec<String> = inputs
        .iter()
        .zip(stored.iter().zip(&fresh))
        .enumerate()
        .filter(|(_, (_, (s, f)))| s != f)
        .map(|(i, (input, (s, f)))| {
            format!(
                "line {}: {}\n  stored: {}\n  now:    {}",
                i + 1,
                String::from_utf8_lossy(input),
                String::from_utf8_lossy(s),
                String::from_utf8_lossy(f)
            )
        })
        .collect();
    assert!(
        changed.is_empty(),
        "Firefox {version} answers {} of {} lines otherwise than stored (the stored outputs' version is in tests/data/keys/README.md):\n{}",
        changed.len(),
        inputs.len(),
        changed.iter().take(20).cloned().collect::<Vec<_>>().join("\n")
    );
}
