//! Tests of `urlprism compare`, `trace`, `nameprep` and `host`, and of the
//! `urlprism::compare` library, with golden outputs in `tests/golden/`.
//!
//! The golden files are regenerated with
//! `UPDATE_GOLDEN=1 cargo test --release --test compare`; check the diff
//! before committing it.

use std::path::PathBuf;
use std::process::Output;
use urlprism::compare::{compare, trace_url, Engine, Field};
use urlprism::conformance::{read_suite_file, Expectation, Record};
use urlprism::{Error, ParsedUrl, Url};

mod cli_support;
#[path = "../../tests/suite/mod.rs"]
mod suite;
use cli_support::{run, stderr, stdout};

fn json_lines(o: &Output) -> Vec<serde_json::Value> {
    stdout(o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect()
}

// ---------------------------------------------------------------------------
// Golden outputs
// ---------------------------------------------------------------------------

/// URLs whose browser differences the suite records
/// (`decomps-authority-domain.dat`), with the line of their record; every
/// built-in profile currently agrees with the suite on them.
const GOLDEN_URLS: &[(&str, usize)] = &[
    // GECKO keeps an escaped '_' (no percent-decoding in hosts).
    ("http://a%5fb.test/", 70),
    // THIS and CHROME decode and Punycode; GECKO and IE keep the escapes
    // (lowercased).
    ("http://r%C3%A9sum%C3%A9.example.org", 2970),
    // A NUL: CHROME and IE reject it, GECKO keeps it.
    ("http://hello%00/", 2609),
    // '~' in an xn-- label: CHROME and IE reject it, GECKO keeps it.
    ("http://xn--~-s18d/", 2025),
    // An escaped root dot: only GECKO keeps the escape.
    ("http://foo.bar%2E/", 3644),
    // A label ending in '-' after xn--: IE rejects it.
    ("http://xn--192-.168.0.1/", 1900),
];

/// A URL every profile agrees on (left out by --diff-only).
const AGREED_URL: &str = "HTTP://Example.COM:80/a/./b/../c";

fn golden_dir() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/..")).join("tests/golden")
}

/// A line-by-line diff of `expected` and `actual` (the lines that differ,
/// with their numbers).
fn line_diff(expected: &str, actual: &str) -> String {
    let e: Vec<&str> = expected.lines().collect();
    let a: Vec<&str> = actual.lines().collect();
    let mut out = String::new();
    for k in 0..e.len().max(a.len()) {
        let (x, y) = (e.get(k), a.get(k));
        if x != y {
            out.push_str(&format!("line {}:\n", k + 1));
            match x {
                Some(x) => out.push_str(&format!("  - expected: {x}\n")),
                None => out.push_str("  - expected: (no line)\n"),
            }
            match y {
                Some(y) => out.push_str(&format!("  + actual:   {y}\n")),
                None => out.push_str("  + actual:   (no line)\n"),
            }
        }
    }
    out
}

/// `s` with the wording of host errors left out: what follows
/// `CanonicalizeHost step N:` up to the end of the value (a tab or the end
/// of the line; in JSON, the closing quote).  The goldens pin the results
/// and the failing step, while the engine's messages may be reworded.
fn without_reasons(s: &str, json: bool) -> String {
    const MARK: &str = "CanonicalizeHost step ";
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find(MARK) {
        let after = &rest[i + MARK.len()..];
        let step_len = after.find(':').unwrap_or(after.len());
        out.push_str(&rest[..i + MARK.len() + step_len]);
        let reason = &after[step_len..];
        let mut end = reason.len();
        let mut escaped = false;
        for (k, c) in reason.char_indices() {
            if c == '\t' || c == '\n' || (json && c == '"' && !escaped) {
                end = k;
                break;
            }
            escaped = json && c == '\\' && !escaped;
        }
        out.push_str(": ...");
        rest = &reason[end..];
    }
    out.push_str(rest);
    out
}

/// Compares `actual` with the golden file `name`, or rewrites the file
/// when `UPDATE_GOLDEN` is set.  Host error messages are compared up to
/// the step number only.
fn check_golden(name: &str, actual: &str) {
    let path = golden_dir().join(name);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::create_dir_all(golden_dir()).expect("tests/golden is writable");
        std::fs::write(&path, actual).expect("the golden file is writable");
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "cannot read golden file {}: {e}\n(run UPDATE_GOLDEN=1 cargo test --test compare to create it)",
            path.display()
        )
    });
    let json = name.ends_with(".jsonl");
    let (expected, actual) = (
        without_reasons(&expected, json),
        without_reasons(actual, json),
    );
    if expected != actual {
        panic!(
            "output differs from golden file {}:\n{}\n(if the change is intended, run UPDATE_GOLDEN=1 cargo test --release --test compare and review the diff)",
            path.display(),
            line_diff(&expected, &actual)
        );
    }
}

fn golden_args(extra: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = vec!["compare".into()];
    v.extend(extra.iter().map(|s| s.to_string()));
    v.extend(GOLDEN_URLS.iter().map(|(u, _)| u.to_string()));
    v.push(AGREED_URL.into());
    v
}

fn run_owned(args: &[String], stdin: &[u8]) -> Output {
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    run(&refs, stdin)
}

#[test]
fn golden_compare_table() {
    let o = run_owned(&golden_args(&[]), b"");
    assert_eq!(o.status.code(), Some(0), "stderr: {}", stderr(&o));
    let out = stdout(&o);
    assert!(
        !out.contains('\x1b'),
        "no color when stdout is not a terminal"
    );
    check_golden("compare.txt", &out);
}

#[test]
fn golden_compare_json() {
    let o = run_owned(&golden_args(&["--json"]), b"");
    assert_eq!(o.status.code(), Some(0), "stderr: {}", stderr(&o));
    check_golden("compare.jsonl", &stdout(&o));
}

#[test]
fn golden_diff_only() {
    let mut input = String::new();
    for (u, _) in GOLDEN_URLS {
        input.push_str(u);
        input.push('\n');
    }
    input.push_str(AGREED_URL);
    input.push('\n');
    let o = run(&["compare", "--diff-only"], input.as_bytes());
    assert_eq!(o.status.code(), Some(0), "stderr: {}", stderr(&o));
    let out = stdout(&o);
    assert_eq!(out.lines().count(), GOLDEN_URLS.len(), "{out}");
    assert!(!out.contains("Example.COM"), "agreed URLs are left out");
    check_golden("diff-only.tsv", &out);
}

/// The suite's records, by line (the vendored copy is always at hand).
fn suite_records() -> Option<Vec<Record>> {
    let path = suite::vendored("decomps-authority-domain.dat");
    Some(read_suite_file(&path).expect("the suite file reads"))
}

/// The golden JSON holds, for each profile, what the suite expects.
#[test]
fn golden_outputs_match_the_suite() {
    let Some(records) = suite_records() else {
        return;
    };
    let golden = std::fs::read_to_string(golden_dir().join("compare.jsonl"))
        .expect("tests/golden/compare.jsonl");
    let lines: Vec<serde_json::Value> = golden
        .lines()
        .map(|l| serde_json::from_str(l).expect("golden JSON"))
        .collect();
    let mut problems = Vec::new();
    for (k, (url, line)) in GOLDEN_URLS.iter().enumerate() {
        let record = records
            .iter()
            .find(|r| r.line == *line)
            .unwrap_or_else(|| panic!("no record at line {line}"));
        assert_eq!(record.data(), *url, "record at line {line}");
        let j = &lines[k];
        assert_eq!(j["input"], *url);
        for r in j["results"].as_array().expect("results") {
            let profile = r["profile"].as_str().expect("profile");
            // The suite records the 2011 browsers; the whatwg column is
            // today's standard (its tests are tests/whatwg_*.rs).
            if urlprism::profile::builtin(profile).is_none() {
                continue;
            }
            let exp = Expectation::new(record, profile);
            let canonical = r["canonical"].as_str();
            if exp.invalid {
                if canonical.is_some() {
                    problems.push(format!(
                        "{url} [{profile}]: suite expects invalid, golden has {canonical:?}"
                    ));
                }
                continue;
            }
            if canonical.is_none() {
                problems.push(format!(
                    "{url} [{profile}]: suite expects {:?}, golden has error {}",
                    exp.canon, r["error"]
                ));
                continue;
            }
            if let Some(c) = exp.canon {
                if canonical != Some(c) {
                    problems.push(format!(
                        "{url} [{profile}]: suite expects canon {c:?}, golden has {canonical:?}"
                    ));
                }
            }
            if let Some(h) = exp.components[3] {
                if r["host"].as_str() != Some(h) {
                    problems.push(format!(
                        "{url} [{profile}]: suite expects host {h:?}, golden has {}",
                        r["host"]
                    ));
                }
            }
        }
        assert!(
            j["agree"] == false,
            "{url}: a golden URL is one the profiles disagree on"
        );
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn golden_comparison_ignores_reason_wording() {
    let a = "x\terror: invalid host \"h\": CanonicalizeHost step 28: forbidden '~'\ty\n";
    let b = "x\terror: invalid host \"h\": CanonicalizeHost step 28: not allowed\ty\n";
    assert_eq!(without_reasons(a, false), without_reasons(b, false));
    let c = "x\terror: invalid host \"h\": CanonicalizeHost step 26: forbidden '~'\ty\n";
    assert_ne!(without_reasons(a, false), without_reasons(c, false));
    let j = r#"{"error":"invalid host \"h\": CanonicalizeHost step 5: a \"q\" b","host":null}"#;
    assert_eq!(
        without_reasons(j, true),
        r#"{"error":"invalid host \"h\": CanonicalizeHost step 5: ...","host":null}"#
    );
}

// ---------------------------------------------------------------------------
// compare
// ---------------------------------------------------------------------------

#[test]
fn compare_table_marks_differing_columns() {
    let o = run(&["compare", "http://a%5fb.test/"], b"");
    let out = stdout(&o);
    let header = out.lines().nth(1).expect("a header line");
    assert!(header.contains("host*"), "{out}");
    assert!(!header.contains("path*"), "{out}");
    assert!(out.contains("differs: host"), "{out}");
    // Columns are aligned: each row's host starts where the header's does.
    let col = header.find("host*").unwrap();
    for row in out.lines().skip(2).take(4) {
        let host = &row[col..];
        assert!(
            host.starts_with("a_b.test") || host.starts_with("a%5fb.test"),
            "{row:?} in\n{out}"
        );
    }
}

#[test]
fn compare_selected_profiles_and_profile_file() {
    let dir = std::env::temp_dir().join(format!("urlprism-compare-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("mine.toml");
    let text =
        include_str!("../../profiles/gecko.toml").replace("name = \"gecko\"", "name = \"mine\"");
    std::fs::write(&file, text).unwrap();
    let o = run(
        &[
            "compare",
            "--json",
            "--profile",
            "this",
            "--profile-file",
            file.to_str().unwrap(),
            "http://a%5fb.test/",
        ],
        b"",
    );
    let j = &json_lines(&o)[0];
    let names: Vec<&str> = j["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["profile"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["this", "mine"]);
    assert_eq!(j["differing"], serde_json::json!(["host"]));
    assert_eq!(j["results"][1]["host"], "a%5fb.test");
    // By default: every built-in profile and engine (the four profiles
    // and whatwg), plus the file.
    let o = run(
        &[
            "compare",
            "--json",
            "--profile-file",
            file.to_str().unwrap(),
            "http://a/",
        ],
        b"",
    );
    let builtin = urlprism::engines::builtin_engines().len();
    assert_eq!(
        json_lines(&o)[0]["results"].as_array().unwrap().len(),
        builtin + 1
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn compare_base_and_encoding() {
    let o = run(
        &[
            "compare",
            "--json",
            "--base",
            "http://example.com/dir/",
            "--encoding",
            "windows-1252",
            "../x?\u{e9}",
        ],
        b"",
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let j = &json_lines(&o)[0];
    assert_eq!(j["agree"], true);
    assert_eq!(j["base"], "http://example.com/dir/");
    assert_eq!(j["results"][0]["canonical"], "http://example.com/x?%E9");
}

#[test]
fn compare_usage_errors() {
    let o = run(&["compare", "--profile", "netscape", "http://a/"], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("unknown profile"), "{}", stderr(&o));
    let o = run(&["compare", "--encoding", "klingon", "http://a/"], b"");
    assert_eq!(o.status.code(), Some(2));
    let o = run(
        &[
            "compare",
            "--profile-file",
            "/nonexistent.toml",
            "http://a/",
        ],
        b"",
    );
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn diff_only_streams_reports_bad_lines_and_summarizes() {
    let mut input = Vec::new();
    input.extend_from_slice(b"http://a%5fb.test/\r\n");
    input.extend_from_slice(b"http://\xff\xfe/\n");
    input.extend_from_slice(b"http://example.com/\n");
    input.extend_from_slice(b"http://a~b/\n");
    input.extend_from_slice(b"no scheme\n");
    // Without --steps, the summary names the option instead of the steps.
    let o = run(&["compare", "--diff-only"], &input);
    let err = stderr(&o);
    assert!(
        err.contains("CanonicalizeHost steps where profiles first diverge: with --steps"),
        "{err}"
    );
    assert!(!err.contains("step 6 "), "{err}");
    let untraced = stdout(&o);
    let o = run(&["compare", "--diff-only", "--steps"], &input);
    let out = stdout(&o);
    assert_eq!(out, untraced, "--steps changes only the summary");
    let err = stderr(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    let cols: Vec<&str> = lines[0].split('\t').collect();
    assert_eq!(cols[0], "http://a%5fb.test/");
    assert_eq!(cols[1], "host");
    assert!(cols.contains(&"gecko=http://a%5fb.test/"), "{cols:?}");
    assert!(
        cols.contains(&"this,chrome,ie,whatwg,chromium,firefox,webkit=http://a_b.test/"),
        "{cols:?}"
    );
    let cols: Vec<&str> = lines[1].split('\t').collect();
    assert_eq!(cols[1], "valid");
    assert!(
        cols.iter().any(|c| c.starts_with("chrome=error: ")),
        "{cols:?}"
    );
    // The bad line is reported by number, and the batch goes on.
    assert!(err.contains("line 2: the line is not valid UTF-8"), "{err}");
    assert!(
        err.contains("5 URLs, 2 on which the profiles disagree"),
        "{err}"
    );
    assert!(err.contains("disagreements by pair of profiles:"), "{err}");
    assert!(err.contains("disagreements by component:"), "{err}");
    assert!(
        err.contains("CanonicalizeHost steps where profiles first diverge (URLs x pairs):"),
        "{err}"
    );
    assert!(
        err.contains("step 6 "),
        "a%5fb: THIS decodes at step 6: {err}"
    );
    assert!(
        err.contains("step 28 "),
        "a~b: CHROME forbids '~' at step 28: {err}"
    );
    assert!(
        !err.contains('\r'),
        "no progress line when stderr is not a terminal"
    );
    assert_eq!(o.status.code(), Some(1), "a line was not valid UTF-8");
}

#[test]
fn diff_only_json() {
    let o = run(
        &["compare", "--diff-only", "--json"],
        b"http://a/\nhttp://a%5fb.test/\n",
    );
    let j = json_lines(&o);
    assert_eq!(j.len(), 1);
    assert_eq!(j[0]["line"], 2);
    assert_eq!(j[0]["differing"], serde_json::json!(["host"]));
    assert_eq!(o.status.code(), Some(0));
}

#[test]
fn diff_only_constant_memory_on_many_lines() {
    // 200,000 lines through a pipe: the command streams (it would be slow
    // and large otherwise), and counts them all.
    let mut input = Vec::new();
    for k in 0..200_000 {
        input.extend_from_slice(format!("http://h{k}.example/p{k}\n").as_bytes());
    }
    let o = run(
        &[
            "compare",
            "--diff-only",
            "--profile",
            "this",
            "--profile",
            "chrome",
        ],
        &input,
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "");
    assert!(
        stderr(&o).contains("200000 URLs, 0 on which"),
        "{}",
        stderr(&o)
    );
}

// ---------------------------------------------------------------------------
// trace
// ---------------------------------------------------------------------------

#[test]
fn trace_two_profiles_points_at_divergence() {
    let o = run(
        &[
            "trace",
            "--profile",
            "this",
            "--profile",
            "gecko",
            "http://a%5fb.test/",
        ],
        b"",
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("host      \"a%5fb.test\" (scheme http)"),
        "{out}"
    );
    let marked: Vec<&str> = out
        .lines()
        .filter(|l| l.contains("<== first divergence"))
        .collect();
    assert_eq!(marked.len(), 1, "{out}");
    assert!(marked[0].starts_with("6 "), "{out}");
    assert!(marked[0].contains("\"a_b.test\""), "{out}");
    assert!(
        out.contains("first divergence: CanonicalizeHost step 6 [THIS/CHROME]: this | gecko"),
        "{out}"
    );
    assert!(out.contains("(skipped)"), "{out}");
    // Every step is listed with its number and mark.
    assert!(
        out.lines()
            .any(|l| l.starts_with("13 ") && l.contains("GECKO")),
        "{out}"
    );
    assert!(out.contains("11 > Nameprep 7"), "{out}");
}

#[test]
fn trace_json() {
    let o = run(
        &[
            "trace",
            "--json",
            "--profile",
            "this",
            "--profile",
            "gecko",
            "http://a\u{340}b.test/",
        ],
        b"",
    );
    let j = &json_lines(&o)[0];
    assert_eq!(j["profiles"], serde_json::json!(["this", "gecko"]));
    let d = &j["divergence"];
    assert_eq!(d["step"], "11 > Nameprep 2");
    let row = &j["steps"][d["index"].as_u64().unwrap() as usize];
    assert_eq!(row["pipeline"], "Nameprep");
    assert_eq!(row["within"], "11");
    assert_eq!(row["cells"][0]["state"], "skipped");
    assert_eq!(row["cells"][1]["state"], "ran");
    assert!(row["cells"][1]["after"]
        .as_str()
        .unwrap()
        .starts_with("fail: "));
}

#[test]
fn trace_one_profile_and_no_host() {
    let o = run(
        &["trace", "--profile", "chrome", "http://WWW.Example.com./"],
        b"",
    );
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    assert!(!out.contains("first divergence"), "{out}");
    assert!(
        out.lines()
            .any(|l| l.starts_with("24 ") && l.contains("CHROME")),
        "{out}"
    );
    let o = run(&["trace", "mailto:someone@example.com"], b"");
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("no host to trace"), "{}", stdout(&o));
}

// ---------------------------------------------------------------------------
// nameprep and host
// ---------------------------------------------------------------------------

#[test]
fn nameprep_arguments_and_json() {
    let o = run(&["nameprep", "EXAMPLE.Ｃｏｍ", "a\u{E000}b"], b"");
    assert_eq!(stdout(&o), "example.com\n\n");
    assert!(
        stderr(&o).contains("argument 2: Nameprep step 10"),
        "{}",
        stderr(&o)
    );
    assert_eq!(o.status.code(), Some(1));

    let o = run(
        &["nameprep", "--json", "--profile", "gecko"],
        "A\u{340}\nBC\n".as_bytes(),
    );
    let j = json_lines(&o);
    assert_eq!(j.len(), 2);
    assert_eq!(j[0]["input"], "A\u{340}");
    assert_eq!(j[0]["output"], serde_json::Value::Null);
    assert!(
        j[0]["error"].as_str().unwrap().contains("step 2"),
        "{}",
        j[0]
    );
    assert_eq!(
        j[1],
        serde_json::json!({"input": "BC", "output": "bc", "error": null})
    );
}

#[test]
fn nameprep_checks_bidi() {
    let o = run(&["nameprep", "--json", "\u{5D0}a"], b"");
    let j = &json_lines(&o)[0];
    assert!(j["error"].as_str().unwrap().contains("step 11"), "{j}");
}

#[test]
fn host_command() {
    let o = run(&["host", "Bücher.DE", "0x7f.1", "a%2fb"], b"");
    assert_eq!(stdout(&o), "xn--bcher-kva.de\n127.0.0.1\n\n");
    assert!(stderr(&o).contains("argument 3: invalid host \"a%2fb\": CanonicalizeHost step 28"));
    assert_eq!(o.status.code(), Some(1));

    let o = run(&["host", "--json", "--profile", "gecko"], b"a%5Fb\n");
    assert_eq!(
        json_lines(&o)[0],
        serde_json::json!({"input": "a%5Fb", "output": "a%5fb", "error": null})
    );
    assert_eq!(o.status.code(), Some(0));

    // `file` changes step 26: a colon is kept.
    let o = run(&["host", "--scheme", "file", "c:"], b"");
    assert_eq!(stdout(&o), "c:\n");
    let o = run(&["host", "c:"], b"");
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn nameprep_invalid_utf8_line() {
    let o = run(&["nameprep", "--json"], b"ok\n\xff\n");
    let j = json_lines(&o);
    assert_eq!(j.len(), 2);
    assert!(j[1]["error"].as_str().unwrap().contains("not valid UTF-8"));
    assert_eq!(o.status.code(), Some(1));
}

// ---------------------------------------------------------------------------
// The library: an engine that is not a profile
// ---------------------------------------------------------------------------

/// The WHATWG URL Standard (the `url` crate) as a column.
struct Whatwg;

impl Engine for Whatwg {
    fn name(&self) -> &str {
        "whatwg"
    }
    fn canonicalize(
        &self,
        input: &str,
        base: Option<&str>,
        _encoding: &'static encoding_rs::Encoding,
    ) -> Result<Url, Error> {
        let parsed = match base {
            Some(b) => url::Url::parse(b).and_then(|b| b.join(input)),
            None => url::Url::parse(input),
        };
        let u = parsed
            .map_err(|_| Error::Invalid(urlprism::url::components::InvalidReason::NoScheme))?;
        let opt = |s: &str| (!s.is_empty()).then(|| s.to_string());
        Url::from_parsed_url(&ParsedUrl {
            scheme: Some(u.scheme().to_string()),
            user: opt(u.username()),
            password: u.password().map(str::to_string),
            host: u.host_str().map(str::to_string),
            port: u.port().map(|p| p.to_string()),
            path: Some(u.path().to_string()),
            query: u.query().map(str::to_string),
            fragment: u.fragment().map(str::to_string),
            ..ParsedUrl::default()
        })
    }
}

#[test]
fn a_whatwg_column() {
    let this = urlprism::profile::builtin("this").unwrap();
    let engines: Vec<&dyn Engine> = vec![this, &Whatwg];
    // THIS decodes the escapes of unreserved characters in the path; the
    // URL Standard keeps them.
    let c = compare("http://a/%7e", None, encoding_rs::UTF_8, &engines);
    assert_eq!(c.results[1].engine, "whatwg");
    assert_eq!(c.results[0].canonical(), Some("http://a/~"));
    assert_eq!(c.results[1].canonical(), Some("http://a/%7e"));
    assert_eq!(c.differing, [Field::Path]);
    let c = compare(
        "HTTP://EXAMPLE.com/a/../b",
        None,
        encoding_rs::UTF_8,
        &engines,
    );
    assert!(c.agree(), "{c:?}");
    // A trace covers the engines that have steps.
    let t = trace_url("http://a%5fb.test/", None, &engines);
    assert_eq!(t.engines, ["this"]);
    assert_eq!(t.untraced, ["whatwg"]);
}

#[test]
fn compare_shows_the_string_a_browser_displayed_for_an_invalid_url() {
    // googleurl 2011 finds 0x12c0a80001 BROKEN (over 32 bits) and shows
    // the URL with the host it made; THIS keeps it as a name.
    let url = "http://0X12C0a80001/x";
    let o = run(
        &[
            "compare",
            "--json",
            "--profile",
            "this",
            "--profile",
            "chrome",
            url,
        ],
        b"",
    );
    let v = &json_lines(&o)[0]["results"];
    assert_eq!(v[0]["canonical"], "http://0x12c0a80001/x");
    assert!(v[0].get("displayed").is_none(), "{v}");
    assert!(v[1]["canonical"].is_null(), "{v}");
    assert_eq!(v[1]["displayed"], "http://0x12c0a80001/x");
    let o = run(
        &["compare", "--profile", "this", "--profile", "chrome", url],
        b"",
    );
    let table = stdout(&o);
    let chrome = table
        .lines()
        .find(|l| l.trim_start().starts_with("chrome"))
        .unwrap_or_else(|| panic!("a chrome row: {table}"));
    assert!(
        chrome.ends_with("(shown as \"http://0x12c0a80001/x\")"),
        "{chrome}"
    );
}
