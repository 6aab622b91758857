//! The web-platform-tests URL files, run through any [`Engine`] (every
//! engine runs them by default: [`Engine::test_files`]).
//!
//! A file's kind is read from its content ([`read_cases`]):
//!
//! | file | a case | what it checks |
//! | --- | --- | --- |
//! | `urltestdata.json` | `input`, `base`, `failure: true` or `href` and the getters | `new URL(input, base)`: [`Engine::canonicalize`] in UTF-8 |
//! | `setters_tests.json` | per setter: `href`, `new_value`, `expected` getters | `url[setter] = new_value` on `new URL(href)`: [`Engine::set`] |
//! | `toascii.json`, `IdnaTestV2.json` | `input`, `output` (`null`: failure) | the host of `new URL("https://" + input + "/x")` |
//! | `percent-encoding.json` | `input`, `output` per encoding | a link `https://doesnotmatter.invalid/?INPUT#INPUT` in a page of each encoding: `search` in that encoding, `hash` in UTF-8 |
//!
//! A case passes when the engine fails where failure is expected, or
//! gives each expected value; the getters are computed from the
//! components of the engine's [`Url`](crate::url::Url), so the mapping
//! onto urlprism's components is tested too.  An engine without setters
//! runs none of the setter cases, and says so.
//!
//! The failures an engine is expected to have (for `chromium`, `firefox`
//! and `webkit`, the real browser's own) are listed in
//! `expected-failures/ENGINE.json` beside the file ([`ExpectedFailures`]);
//! [`run_file`] marks each failure expected or not.
//!
//! ```
//! use urlprism::compare::wpt;
//! use urlprism::engines::whatwg::Whatwg;
//! let cases = wpt::read_cases(r#"["a comment",
//!   {"input": "HTTP://EX.com:80/a", "base": null, "href": "http://ex.com/a",
//!    "protocol": "http:", "username": "", "password": "", "host": "ex.com",
//!    "hostname": "ex.com", "port": "", "pathname": "/a", "search": "", "hash": ""},
//!   {"input": "http://256.0.0.1/", "base": null, "failure": true}]"#).unwrap();
//! assert_eq!(cases.len(), 2);
//! assert!(cases.iter().all(|c| wpt::run_case(&Whatwg::new(), c) == Ok(vec![])));
//! ```

mod expected;

pub use expected::ExpectedFailures;

use super::{Engine, TestFiles, UrlAttribute};
use crate::conformance::{self, Failure, FileKind, FileReport, ReadError};
use serde_json::{Map, Value};
use std::path::Path;

/// The getters a parsing case gives, `href` first.
pub const GETTERS: [&str; 10] = [
    "href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search",
    "hash",
];

/// One case of a web-platform-tests URL file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// The position of the case among the file's cases (from 1; in a
    /// setters file, among its setter's cases).
    pub number: usize,
    pub check: Check,
}

/// What a case checks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Check {
    /// `new URL(input, base)`: `None` when the URL Standard's parser
    /// fails, else the expected (getter, value) pairs, `href` first.
    Parse {
        input: String,
        base: Option<String>,
        expected: Option<Vec<(&'static str, String)>>,
    },
    /// `url[setter] = new_value` on `new URL(href)`: the expected
    /// (getter, value) pairs after it.
    Set {
        setter: UrlAttribute,
        href: String,
        new_value: String,
        expected: Vec<(&'static str, String)>,
    },
    /// The host of `new URL("https://" + input + "/x")`, `None` when it
    /// fails.
    Host {
        input: String,
        expected: Option<String>,
    },
    /// A link `https://doesnotmatter.invalid/?INPUT#INPUT` in a page of
    /// `encoding`: the expected `search` and `hash` (both with their `?`
    /// and `#`).
    PercentEncoding {
        input: String,
        encoding: String,
        search: String,
        hash: String,
    },
}

impl Check {
    /// The fields that name the case in a list of expected failures, in
    /// the order they are written there (`input` and `base`; `setter`,
    /// `href` and `new_value`; `input`; `input` and `encoding`).
    pub fn key(&self) -> Vec<(&'static str, Option<&str>)> {
        match self {
            Check::Parse { input, base, .. } => {
                vec![("input", Some(input)), ("base", base.as_deref())]
            }
            Check::Set {
                setter,
                href,
                new_value,
                ..
            } => vec![
                ("setter", Some(setter.name())),
                ("href", Some(href)),
                ("new_value", Some(new_value)),
            ],
            Check::Host { input, .. } => vec![("input", Some(input))],
            Check::PercentEncoding {
                input, encoding, ..
            } => vec![("input", Some(input)), ("encoding", Some(encoding))],
        }
    }

    /// The input and base shown for a failure.
    fn shown(&self) -> (String, Option<String>) {
        match self {
            Check::Parse { input, base, .. } => (input.clone(), base.clone()),
            Check::Set {
                setter,
                href,
                new_value,
                ..
            } => (format!("{}={new_value}", setter.name()), Some(href.clone())),
            Check::Host { input, .. } => (input.clone(), None),
            Check::PercentEncoding {
                input, encoding, ..
            } => (format!("{input} (in {encoding})"), None),
        }
    }
}

/// A value that is not the expected one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// The getter, or `failure` when the engine failed or not against
    /// the expectation.
    pub getter: &'static str,
    pub expected: String,
    pub actual: String,
}

/// Why a case did not run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotRun {
    /// The engine has no setters ([`Engine::set`] is `None`).
    NoSetters,
}

/// The cases of the text of a web-platform-tests URL file, comments left
/// out, its kind read from its content.
/// A lone surrogate (`"a\\ud900z"` in `IdnaTestV2.json`) is read as
/// U+FFFD, as a browser's `new URL()` reads it (a USVString).
pub fn read_cases(json: &str) -> Result<Vec<Case>, String> {
    let value = parse_json(json)?;
    match value {
        Value::Object(setters) => read_setters(&setters),
        Value::Array(items) => {
            let objects: Vec<&Map<String, Value>> =
                items.iter().filter_map(Value::as_object).collect();
            let mut cases = Vec::new();
            for (i, o) in objects.iter().enumerate() {
                let number = i + 1;
                let text = |k: &str| o.get(k).and_then(Value::as_str).map(str::to_string);
                let input =
                    text("input").ok_or(format!("case {number} has no string \"input\""))?;
                let check = match o.get("output") {
                    Some(Value::Object(per_encoding)) => {
                        let utf8 = per_encoding
                            .get("utf-8")
                            .and_then(Value::as_str)
                            .ok_or(format!("case {number} has no \"utf-8\" output"))?;
                        for (encoding, v) in per_encoding {
                            let search = v.as_str().ok_or(format!(
                                "case {number}: output {encoding:?} is no string"
                            ))?;
                            cases.push(Case {
                                number,
                                check: Check::PercentEncoding {
                                    input: input.clone(),
                                    encoding: encoding.clone(),
                                    search: format!("?{search}"),
                                    hash: format!("#{utf8}"),
                                },
                            });
                        }
                        continue;
                    }
                    Some(output) => {
                        // WPT cannot test an empty host through new URL()
                        // (`https:///x` has the host `x`), and skips it.
                        if input.is_empty() {
                            continue;
                        }
                        Check::Host {
                            input,
                            expected: output.as_str().map(str::to_string),
                        }
                    }
                    None => Check::Parse {
                        input,
                        base: text("base"),
                        expected: match o.get("failure") {
                            Some(Value::Bool(true)) => None,
                            _ => Some(getters_of(o, &GETTERS, number)?),
                        },
                    },
                };
                cases.push(Case { number, check });
            }
            Ok(cases)
        }
        _ => Err("neither a JSON array of cases nor an object of setters".to_string()),
    }
}

/// The JSON text `json`, a lone surrogate read as U+FFFD (see
/// [`read_cases`]).
pub fn parse_json(json: &str) -> Result<Value, String> {
    serde_json::from_str(&lone_surrogates_replaced(json))
        .map_err(|e| format!("not a JSON document: {e}"))
}

/// `json` with each `\\uXXXX` escape of a lone surrogate replaced by
/// `\\ufffd` (a surrogate pair stays).
fn lone_surrogates_replaced(json: &str) -> std::borrow::Cow<'_, str> {
    let b = json.as_bytes();
    let unit = |i: usize| -> Option<u16> {
        let hex = json.get(i + 2..i + 6)?;
        (b.get(i) == Some(&b'\\') && b.get(i + 1) == Some(&b'u'))
            .then(|| u16::from_str_radix(hex, 16).ok())
            .flatten()
    };
    let mut out = String::new();
    let (mut i, mut copied) = (0, 0);
    while i < b.len() {
        if b[i] != b'\\' {
            i += 1;
            continue;
        }
        match unit(i) {
            Some(0xD800..=0xDBFF) if matches!(unit(i + 6), Some(0xDC00..=0xDFFF)) => i += 12,
            Some(0xD800..=0xDFFF) => {
                out.push_str(&json[copied..i]);
                out.push_str("\\ufffd");
                i += 6;
                copied = i;
            }
            // Any other escape: both characters (`\\\\` is not the start
            // of a `\\u`).
            _ => i += 2,
        }
    }
    if copied == 0 {
        return std::borrow::Cow::Borrowed(json);
    }
    out.push_str(&json[copied..]);
    std::borrow::Cow::Owned(out)
}

/// The expected getters of `getters` that `o` gives: all of them for a
/// parsing case (an error names the one missing).
fn getters_of(
    o: &Map<String, Value>,
    getters: &[&'static str],
    number: usize,
) -> Result<Vec<(&'static str, String)>, String> {
    getters
        .iter()
        .map(|&g| {
            o.get(g)
                .and_then(Value::as_str)
                .map(|v| (g, v.to_string()))
                .ok_or(format!("case {number} has no string {g:?}"))
        })
        .collect()
}

/// The cases of a `setters_tests.json` object: each setter's list, in
/// the file's order (`comment` left out).
fn read_setters(setters: &Map<String, Value>) -> Result<Vec<Case>, String> {
    let mut cases = Vec::new();
    for (name, list) in setters {
        if name == "comment" {
            continue;
        }
        let setter = UrlAttribute::from_name(name).ok_or(format!("unknown setter {name:?}"))?;
        let list = list
            .as_array()
            .ok_or(format!("the {name:?} cases are not an array"))?;
        for (i, o) in list.iter().filter_map(Value::as_object).enumerate() {
            let number = i + 1;
            let text = |k: &str| {
                o.get(k)
                    .and_then(Value::as_str)
                    .map(str::to_string)
                    .ok_or(format!("{name} case {number} has no string {k:?}"))
            };
            let expected = o
                .get("expected")
                .and_then(Value::as_object)
                .ok_or(format!("{name} case {number} has no \"expected\" object"))?;
            let named: Vec<&'static str> = GETTERS
                .iter()
                .copied()
                .filter(|g| expected.contains_key(*g))
                .collect();
            cases.push(Case {
                number,
                check: Check::Set {
                    setter,
                    href: text("href")?,
                    new_value: text("new_value")?,
                    expected: getters_of(expected, &named, number)?,
                },
            });
        }
    }
    Ok(cases)
}

/// The files [`run_file`] reads: every engine's by default
/// ([`Engine::test_files`]).
pub const TEST_FILES: TestFiles = TestFiles {
    extension: "json",
    what: "web-platform-tests URL",
};

/// The ten getters of `url`, `href` first.
pub fn getters_of_url(url: &crate::url::Url) -> Vec<(&'static str, String)> {
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
    vec![
        ("href", url.as_str().to_string()),
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
    ]
}

/// The getters of the engine's URL for `input` against `base` in
/// `encoding`, or why it failed.
fn getters<E: Engine + ?Sized>(
    engine: &E,
    input: &str,
    base: Option<&str>,
    encoding: &'static encoding_rs::Encoding,
) -> Result<Vec<(&'static str, String)>, String> {
    let url = engine
        .canonicalize(input, base, encoding)
        .map_err(|e| e.to_string())?;
    // The components must serialize to the URL: the getters are theirs.
    let c = url.to_parsed_url();
    match crate::algorithm::serialize::serialize(&c) {
        Some(s) if s == url.as_str() => Ok(getters_of_url(&url)),
        _ => Err(format!(
            "the components of {} do not serialize to it",
            url.as_str()
        )),
    }
}

/// Each expected (getter, value) against what the engine gave.
fn compare(
    expected: &Option<Vec<(&'static str, String)>>,
    actual: Result<Vec<(&'static str, String)>, String>,
) -> Vec<Mismatch> {
    match (expected, actual) {
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
            .filter_map(|(g, e)| {
                let a = got.iter().find(|(h, _)| h == g).map_or("", |(_, a)| a);
                (e != a).then(|| Mismatch {
                    getter: g,
                    expected: e.clone(),
                    actual: a.to_string(),
                })
            })
            .collect(),
    }
}

/// Runs `case` under `engine`: the mismatches (none when it passes), or
/// why it did not run.
pub fn run_case<E: Engine + ?Sized>(engine: &E, case: &Case) -> Result<Vec<Mismatch>, NotRun> {
    let utf8 = encoding_rs::UTF_8;
    let caught = |f: &dyn Fn() -> Result<Vec<(&'static str, String)>, String>| {
        crate::text::panic::catch_panic(f)
            .unwrap_or_else(|panic| Err(format!("internal error: {panic}")))
    };
    Ok(match &case.check {
        Check::Parse {
            input,
            base,
            expected,
        } => compare(
            expected,
            caught(&|| getters(engine, input, base.as_deref(), utf8)),
        ),
        Check::Set {
            setter,
            href,
            new_value,
            expected,
        } => {
            let set = crate::text::panic::catch_panic(|| engine.set(href, *setter, new_value));
            let actual = match set {
                Ok(None) => return Err(NotRun::NoSetters),
                Ok(Some(Ok(url))) => Ok(getters_of_url(&url)),
                Ok(Some(Err(e))) => Err(e.to_string()),
                Err(panic) => Err(format!("internal error: {panic}")),
            };
            compare(&Some(expected.clone()), actual)
        }
        Check::Host { input, expected } => {
            let url = format!("https://{input}/x");
            let actual = caught(&|| getters(engine, &url, None, utf8));
            let host = actual.map(|g| vec![g[4].clone()]);
            compare(&expected.as_ref().map(|h| vec![("host", h.clone())]), host)
        }
        Check::PercentEncoding {
            input,
            encoding,
            search,
            hash,
        } => {
            let Some(enc) = encoding_rs::Encoding::for_label(encoding.as_bytes()) else {
                return Ok(vec![Mismatch {
                    getter: "encoding",
                    expected: encoding.clone(),
                    actual: "an encoding urlprism does not know".to_string(),
                }]);
            };
            let link = format!("https://doesnotmatter.invalid/?{input}#{input}");
            let actual = caught(&|| getters(engine, &link, None, enc));
            compare(
                &Some(vec![("search", search.clone()), ("hash", hash.clone())]),
                actual,
            )
        }
    })
}

/// Reads the web-platform-tests URL file at `path` and runs every case
/// under `engine`, as a suite file report (a failure's `line` is the
/// case's number).  A failure listed in `expected-failures/ENGINE.json`
/// beside the file is marked expected, with the list's reason.
pub fn run_file<E: Engine + ?Sized>(path: &Path, engine: &E) -> Result<FileReport, ReadError> {
    let error = |line, message| ReadError {
        file: path.display().to_string(),
        line,
        message,
    };
    let text = std::fs::read_to_string(path).map_err(|e| error(0, format!("cannot read: {e}")))?;
    let cases = read_cases(&text).map_err(|e| error(0, e))?;
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let expected = ExpectedFailures::beside(path, engine.name()).map_err(|e| error(0, e))?;
    let mut failures = Vec::new();
    let mut not_run = 0;
    for case in &cases {
        let mismatches = match run_case(engine, case) {
            Ok(m) => m,
            Err(NotRun::NoSetters) => {
                not_run += 1;
                continue;
            }
        };
        if mismatches.is_empty() {
            continue;
        }
        let (input, base) = case.check.shown();
        failures.push(Failure {
            line: case.number,
            input,
            base,
            mismatches: mismatches
                .into_iter()
                .map(|m| conformance::Mismatch {
                    field: m.getter.to_string(),
                    expected: format!("{:?}", m.expected),
                    actual: format!("{:?}", m.actual),
                })
                .collect(),
            expected: expected.reason(&name, &case.check).map(str::to_string),
        });
    }
    Ok(FileReport {
        path: path.to_path_buf(),
        name,
        kind: FileKind::Pipeline,
        profile: engine.name().to_string(),
        passed: cases.len() - not_run - failures.len(),
        failed: failures.len(),
        not_run: (not_run > 0)
            .then(|| format!("{not_run} setter cases: this engine has no URL API setters")),
        expected_from: expected.source().map(str::to_string),
        failures,
    })
}
