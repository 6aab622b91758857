//! The failures an engine is expected to have on the web-platform-tests
//! URL files: `expected-failures/ENGINE.json` beside the files, a JSON
//! array of objects, each naming the file (`file`), the case by the
//! fields of [`Check::key`](super::Check::key), and the `reason`:
//!
//! ```json
//! [
//!   {"file": "urltestdata.json", "input": "C|/foo/bar", "base": "file:///tmp/mock/path", "reason": "Chromium 156.0.8078.108 gives ..."}
//! ]
//! ```
//!
//! For `chromium`, `firefox` and `webkit` the lists are the real
//! browser's own failures, measured (`tests/browsers/wpt_expected.py`).

use super::Check;
use serde_json::{Map, Value};
use std::path::Path;

/// An engine's list of expected failures (empty when there is none).
#[derive(Clone, Debug, Default)]
pub struct ExpectedFailures {
    /// The list's path, when there is one.
    source: Option<String>,
    entries: Vec<Map<String, Value>>,
}

impl ExpectedFailures {
    /// The list of `engine` beside the WPT file at `path`
    /// (`expected-failures/ENGINE.json` in its directory): empty when
    /// there is none, an error when it cannot be read or is not a list
    /// of objects with a `file` and a `reason`.
    pub fn beside(path: &Path, engine: &str) -> Result<ExpectedFailures, String> {
        let list = path
            .parent()
            .unwrap_or(Path::new(""))
            .join("expected-failures")
            .join(format!("{engine}.json"));
        let text = match std::fs::read_to_string(&list) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Ok(ExpectedFailures::default())
            }
            Err(e) => return Err(format!("cannot read {}: {e}", list.display())),
        };
        let source = list.display().to_string();
        ExpectedFailures::parse(&text, source)
    }

    /// The list in `text`, read from `source`.
    pub fn parse(text: &str, source: String) -> Result<ExpectedFailures, String> {
        let items: Vec<Value> =
            serde_json::from_str(text).map_err(|e| format!("{source}: not a JSON array: {e}"))?;
        let mut entries = Vec::new();
        for (i, item) in items.into_iter().enumerate() {
            let Value::Object(o) = item else {
                return Err(format!("{source}: entry {} is not an object", i + 1));
            };
            for k in ["file", "reason"] {
                if o.get(k).and_then(Value::as_str).is_none_or(str::is_empty) {
                    return Err(format!("{source}: entry {} has no {k:?}", i + 1));
                }
            }
            entries.push(o);
        }
        Ok(ExpectedFailures {
            source: Some(source),
            entries,
        })
    }

    /// The list's path, `None` when there is no list.
    pub fn source(&self) -> Option<&str> {
        self.source.as_deref()
    }

    /// How many failures it lists.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether it lists none.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The reason the case `check` of the file named `file` is expected
    /// to fail, `None` when it is not listed.
    pub fn reason(&self, file: &str, check: &Check) -> Option<&str> {
        let key = check.key();
        self.entries
            .iter()
            .find(|e| {
                e.get("file").and_then(Value::as_str) == Some(file)
                    && key
                        .iter()
                        .all(|(k, v)| e.get(*k).and_then(Value::as_str) == *v)
            })
            .and_then(|e| e.get("reason").and_then(Value::as_str))
    }
}
