//! The web-platform-tests URL parsing cases (`urltestdata.json`), run
//! through any [`Engine`] (the `whatwg` engine, and by default every
//! other: [`Engine::test_files`]).
//!
//! The file is a JSON array of comments (strings) and cases: `input`,
//! `base` (`null` or a string), and either `failure: true` or the
//! expected `href` and getters (`protocol`, `username`, `password`,
//! `host`, `hostname`, `port`, `pathname`, `search`, `hash`).  A case
//! passes when the engine fails where failure is expected, or gives each
//! expected value; the getters are computed from the components of the
//! engine's [`Url`](crate::url::Url) (for `whatwg`, its
//! [`components`](super::components())), so the mapping onto urlprism's
//! components is tested too.  The document encoding is UTF-8.
//!
//! ```
//! use urlprism::engines::whatwg::{wpt, Whatwg};
//! let cases = wpt::parse_cases(r#"["a comment",
//!   {"input": "HTTP://EX.com:80/a", "base": null, "href": "http://ex.com/a",
//!    "protocol": "http:", "username": "", "password": "", "host": "ex.com",
//!    "hostname": "ex.com", "port": "", "pathname": "/a", "search": "", "hash": ""},
//!   {"input": "http://256.0.0.1/", "base": null, "failure": true}]"#).unwrap();
//! assert_eq!(cases.len(), 2);
//! assert!(cases.iter().all(|c| wpt::run_case(&Whatwg::new(), c).is_empty()));
//! ```

use crate::compare::{Engine, TestFiles};
use crate::conformance::{self, Failure, FileKind, FileReport, ReadError};
use serde_json::Value;
use std::path::Path;

/// One parsing case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// The position of the case among the file's cases (from 1).
    pub number: usize,
    pub input: String,
    pub base: Option<String>,
    /// `None`: the URL Standard's parser fails.  Otherwise the expected
    /// (getter, value) pairs, `href` first.
    pub expected: Option<Vec<(&'static str, String)>>,
}

/// The getters a case gives, `href` first.
pub const GETTERS: [&str; 10] = [
    "href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search",
    "hash",
];

/// A getter whose value is not the expected one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// The getter, or `failure` when the engine failed or not against
    /// the expectation.
    pub getter: &'static str,
    pub expected: String,
    pub actual: String,
}

/// The cases of a `urltestdata.json` text, comments left out.
pub fn parse_cases(json: &str) -> Result<Vec<Case>, String> {
    let items: Vec<Value> =
        serde_json::from_str(json).map_err(|e| format!("not a JSON array of cases: {e}"))?;
    let mut cases = Vec::new();
    for item in items {
        let Value::Object(o) = item else { continue };
        let number = cases.len() + 1;
        let text = |k: &str| o.get(k).and_then(Value::as_str).map(str::to_string);
        let input = text("input").ok_or(format!("case {number} has no string \"input\""))?;
        let expected = match o.get("failure") {
            Some(Value::Bool(true)) => None,
            _ => Some(
                GETTERS
                    .iter()
                    .map(|&g| {
                        text(g)
                            .map(|v| (g, v))
                            .ok_or(format!("case {number} has no string {g:?}"))
                    })
                    .collect::<Result<_, _>>()?,
            ),
        };
        cases.push(Case {
            number,
            input,
            base: text("base"),
            expected,
        });
    }
    Ok(cases)
}

/// The files [`run_file`] reads: every engine's by default
/// ([`Engine::test_files`]).
pub const TEST_FILES: TestFiles = TestFiles {
    extension: "json",
    what: "urltestdata.json",
};

/// The getters of the engine's result for `case`, or why it failed.
pub fn getters<E: Engine + ?Sized>(
    engine: &E,
    case: &Case,
) -> Result<Vec<(&'static str, String)>, String> {
    let url = engine
        .canonicalize(&case.input, case.base.as_deref(), encoding_rs::UTF_8)
        .map_err(|e| e.to_string())?;
    let c = url.to_parsed_url();
    let hostname = c.host.clone().unwrap_or_default();
    let port = c.port.clone().unwrap_or_default();
    let host = match port.as_str() {
        "" => hostname.clone(),
        p => format!("{hostname}:{p}"),
    };
    let path = c.path.clone().unwrap_or_default();
    let pathname = match (&c.host, path.strip_prefix("/.")) {
        (None, Some(p)) if p.starts_with("//") => p.to_string(),
        _ => path,
    };
    let prefixed = |sigil: &str, v: &Option<String>| match v.as_deref() {
        None | Some("") => String::new(),
        Some(v) => format!("{sigil}{v}"),
    };
    let href =
        crate::algorithm::serialize::serialize(&c).ok_or("the components have no serialization")?;
    Ok(vec![
        ("href", href),
        (
            "protocol",
            format!("{}:", c.scheme.clone().unwrap_or_default()),
        ),
        ("username", c.user.clone().unwrap_or_default()),
        ("password", c.password.clone().unwrap_or_default()),
        ("host", host),
        ("hostname", hostname),
        ("port", port),
        ("pathname", pathname),
        ("search", prefixed("?", &c.query)),
        ("hash", prefixed("#", &c.fragment)),
    ])
}

/// Runs `case`: no mismatch when it passes.
pub fn run_case<E: Engine + ?Sized>(engine: &E, case: &Case) -> Vec<Mismatch> {
    let actual = crate::text::panic::catch_panic(|| getters(engine, case))
        .unwrap_or_else(|panic| Err(format!("internal error: {panic}")));
    match (&case.expected, actual) {
        (None, Err(_)) => Vec::new(),
        (None, Ok(got)) => vec![Mismatch {
            getter: "failure",
            expected: "failure".to_string(),
            actual: got[0].1.clone(),
        }],
        (Some(_), Err(e)) => vec![Mismatch {
            getter: "failure",
            expected: "a URL".to_string(),
            actual: e,
        }],
        (Some(exp), Ok(got)) => exp
            .iter()
            .zip(got)
            .filter(|((_, e), (_, a))| e != a)
            .map(|((g, e), (_, a))| Mismatch {
                getter: g,
                expected: e.clone(),
                actual: a,
            })
            .collect(),
    }
}

/// Reads the `urltestdata.json` file at `path` and runs every case under
/// `engine`, as a suite file report (a failure's `line` is the case's
/// number).
pub fn run_file<E: Engine + ?Sized>(path: &Path, engine: &E) -> Result<FileReport, ReadError> {
    let error = |line, message| ReadError {
        file: path.display().to_string(),
        line,
        message,
    };
    let text = std::fs::read_to_string(path).map_err(|e| error(0, format!("cannot read: {e}")))?;
    let cases = parse_cases(&text).map_err(|e| error(0, e))?;
    let mut failures = Vec::new();
    for case in &cases {
        let mismatches = run_case(engine, case);
        if !mismatches.is_empty() {
            failures.push(Failure {
                line: case.number,
                input: case.input.clone(),
                base: case.base.clone(),
                mismatches: mismatches
                    .into_iter()
                    .map(|m| conformance::Mismatch {
                        field: m.getter.to_string(),
                        expected: format!("{:?}", m.expected),
                        actual: format!("{:?}", m.actual),
                    })
                    .collect(),
            });
        }
    }
    Ok(FileReport {
        path: path.to_path_buf(),
        name: path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        ),
        kind: FileKind::Pipeline,
        profile: engine.name().to_string(),
        passed: cases.len() - failures.len(),
        failed: failures.len(),
        failures,
    })
}
