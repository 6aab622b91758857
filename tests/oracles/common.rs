//! What the oracle tests share: paths, JSON lines, tallies.

use serde::Deserialize;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

pub fn data_dir() -> PathBuf {
    root().join("tests/data/oracles")
}

pub fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true")
}

pub fn succeeds(cmd: &mut Command) -> bool {
    cmd.stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

pub fn read_jsonl<T: for<'de> Deserialize<'de>>(path: &Path) -> Result<Vec<T>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    text.lines()
        .enumerate()
        .map(|(i, l)| {
            serde_json::from_str(l).map_err(|e| format!("{}:{}: {e}", path.display(), i + 1))
        })
        .collect()
}

pub fn read_json(path: &Path) -> Result<Value, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))
}

pub fn percent(n: usize, of: usize) -> f64 {
    100.0 * n as f64 / of.max(1) as f64
}

/// Lines that agree, of lines.
#[derive(Default, Clone, Copy)]
pub struct Tally {
    pub agree: usize,
    pub lines: usize,
}

impl Tally {
    pub fn add(&mut self, agree: bool) {
        self.lines += 1;
        self.agree += usize::from(agree);
    }

    pub fn fmt(self) -> String {
        format!(
            "{}/{} ({:.2}%)",
            self.agree,
            self.lines,
            percent(self.agree, self.lines)
        )
    }
}

/// A string for a report: quoted, or `null`.
pub fn show(s: Option<&str>) -> String {
    match s {
        Some(s) => format!("{s:?}"),
        None => "null".into(),
    }
}

/// The directory the tests write their listings into.
pub fn listing_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("oracles");
    let _ = std::fs::create_dir_all(&dir);
    dir
}
