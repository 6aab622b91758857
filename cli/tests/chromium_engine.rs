//! The `chromium` engine everywhere an engine name goes: `canon`,
//! `compare` (`--profile chromium`, the `--today` group, corpus mode),
//! `trace`, and the library; no panic and linear time on hostile input.

mod cli_support;

use cli_support::{run, stderr, stdout};
use proptest::prelude::*;
use urlprism::compare::Engine;
use urlprism::encoding_rs::UTF_8;
use urlprism::engines::chromium::Chromium;

#[test]
fn canon_gives_chromiums_href_or_why_it_throws() {
    let o = run(
        &["canon", "--profile", "chromium"],
        "http://a b/x|y^\nhttp://xn--9c/\nfoo://\u{140}/\nhttp://h:99999/\nfile://localhost/x\nchrome:/settings\n"
            .as_bytes(),
    );
    assert_eq!(
        stdout(&o),
        "http://a%20b/x%7Cy%5E\nhttp://xn--9c/\n\n\nfile://localhost/x\nchrome://settings/\n",
        "{}",
        stderr(&o)
    );
    let err = stderr(&o);
    assert!(
        err.contains("line 3: invalid URL: chromium rejects it: invalid host"),
        "{err}"
    );
    assert!(
        err.contains("low octet is the forbidden host code point '@'"),
        "{err}"
    );
    assert!(
        err.contains("line 4: invalid URL: chromium rejects it: invalid port \"99999\""),
        "{err}"
    );
    assert_eq!(o.status.code(), Some(1));
    let o = run(
        &[
            "canon",
            "--profile",
            "chromium",
            "--base",
            "foo://a",
            "--",
            "\\\\g",
            "x\\y",
        ],
        b"",
    );
    assert_eq!(stdout(&o), "foo:/\\\\g\nfoo://a/x/y\n", "{}", stderr(&o));
}

#[test]
fn compare_today_puts_chromium_beside_the_standard() {
    let o = run(&["compare", "--today", "--json", "http://a b/"], b"");
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    let names: Vec<&str> = v["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["profile"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["whatwg", "chromium", "firefox", "webkit"]);
    assert_eq!(v["results"][1]["canonical"], "http://a%20b/");
    assert!(v["results"][0]["canonical"].is_null());
    assert_eq!(v["differing"][0], "valid");
    // Named engines first, then the group's others; the same as naming
    // them.
    let a = run(
        &[
            "compare",
            "--json",
            "--profile",
            "chrome",
            "--today",
            "http://x/",
        ],
        b"",
    );
    let b = run(
        &[
            "compare",
            "--json",
            "--profile",
            "chrome",
            "--profile",
            "whatwg",
            "--profile",
            "chromium",
            "--profile",
            "firefox",
            "--profile",
            "webkit",
            "http://x/",
        ],
        b"",
    );
    assert_eq!(stdout(&a), stdout(&b));
    assert_eq!(
        stdout(&run(
            &["compare", "--json", "--group", "today", "http://x/"],
            b""
        )),
        stdout(&run(&["compare", "--json", "--today", "http://x/"], b""))
    );
    let o = run(&["compare", "--group", "tomorrow", "http://x/"], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("unknown group \"tomorrow\"; the groups are today"),
        "{}",
        stderr(&o)
    );
    // By default, both eras: the four profiles, then today's engines.
    let o = run(&["compare", "--json", "http://x/"], b"");
    let engines: Vec<String> = serde_json::from_str::<serde_json::Value>(&stdout(&o)).unwrap()
        ["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["profile"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(
        engines,
        ["this", "chrome", "gecko", "ie", "whatwg", "chromium", "firefox", "webkit"]
    );
}

#[test]
fn diff_only_counts_disagreements_per_pair() {
    let o = run(
        &[
            "compare",
            "--diff-only",
            "--profile",
            "chrome",
            "--profile",
            "whatwg",
            "--profile",
            "chromium",
        ],
        "http://a b/\nhttp://example.com/\nsc:/a|b\nhttp://h/^\n".as_bytes(),
    );
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 2, "{out}");
    assert!(
        out.contains("sc:/a|b\tpath\tchrome,whatwg=sc:/a|b\tchromium=sc:/a%7Cb"),
        "{out}"
    );
    let err = stderr(&o);
    assert!(
        err.contains("4 URLs, 2 on which the profiles disagree"),
        "{err}"
    );
    assert!(err.contains("  whatwg/chromium          2"), "{err}");
}

#[test]
fn trace_shows_chromiums_host_stages() {
    let o = run(
        &[
            "trace",
            "--all",
            "--profile",
            "whatwg",
            "--profile",
            "chromium",
            "http://A B.example/",
        ],
        b"",
    );
    let out = stdout(&o);
    assert!(out.contains("ASCII fast path"), "{out}");
    assert!(out.contains("\"a%20b.example\""), "{out}");
    let o = run(
        &[
            "trace",
            "--json",
            "--today",
            "http://\u{FF05}\u{FF14}\u{FF11}/",
        ],
        b"",
    );
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["results"][1]["host"], "a", "{v}");
    let stages: Vec<&str> = v["steps"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["cells"][1]["state"] == "ran")
        .map(|s| s["step"].as_str().unwrap())
        .collect();
    assert!(stages.contains(&"UTS #46 mapping"), "{stages:?}");
    assert!(
        stages
            .iter()
            .any(|s| s.ends_with("host characters after IDNA")),
        "{stages:?}"
    );
}

#[test]
fn the_engine_is_registered_and_run_by_default() {
    let e = urlprism::engines::builtin_engine("Chromium").unwrap();
    assert_eq!(e.name(), "chromium");
    assert!(urlprism::engines::builtin_engines()
        .iter()
        .any(|e| e.name() == "chromium"));
    assert!(urlprism::engines::registered_engines()
        .iter()
        .any(|e| e.name() == "chromium"));
    let u = e
        .canonicalize("../x?'", Some("HTTP://EXAMPLE.com/a/b"), UTF_8)
        .unwrap();
    assert_eq!(u.as_str(), "http://example.com/x?%27");
    assert_eq!(
        (u.host_str(), u.path(), u.query()),
        (Some("example.com"), "/x", Some("%27"))
    );
    // A base Chromium refuses: every input is refused, saying why.
    let err = e.canonicalize("x", Some("http://a:b/"), UTF_8).unwrap_err();
    assert!(err.to_string().contains("the base URL is invalid"), "{err}");
}

/// Components of the engine's `Url` agree with its serialization on the
/// browser corpora (the engine checks it, and says when they do not).
#[test]
fn every_corpus_line_gives_a_url_or_a_reason_without_panicking() {
    let c = Chromium::new();
    let dir = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .join("tests/data/browsers/corpus");
    let mut n = 0;
    for f in ["realistic.jsonl", "generated.jsonl"] {
        let text = std::fs::read_to_string(dir.join(f)).unwrap();
        for line in text.lines() {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            let input = v["input"].as_str().unwrap();
            let base = v["base"].as_str();
            match c.canonicalize(input, base, UTF_8) {
                Ok(u) => {
                    let again = Url::from_parsed_url(&u.to_parsed_url()).unwrap();
                    assert_eq!(again.as_str(), u.as_str(), "{input:?}");
                }
                Err(e) => assert!(!e.to_string().contains("internal error"), "{input:?}: {e}"),
            }
            n += 1;
        }
    }
    assert!(n > 70_000);
}

use urlprism::Url;

/// Time on a 1 MB input grows linearly: the longest of these is at most
/// a few times the shortest, per byte.
#[test]
fn long_inputs_take_linear_time() {
    let c = Chromium::new();
    let shapes = [
        "http://h/{}",
        "http://{}/",
        "foo://{}/",
        "http://h/?{}#{}",
        "file:///{}",
    ];
    let pieces = ["a/../", "%2e/", "\u{e9}\\", "ab.", "a b|"];
    for shape in shapes {
        for piece in pieces {
            let per_byte = |n: usize| {
                let input = shape.replace("{}", &piece.repeat(n / piece.len()));
                let t = std::time::Instant::now();
                let _ = c.canonicalize(&input, Some("http://base/x"), UTF_8);
                t.elapsed().as_secs_f64() / input.len() as f64
            };
            let small = per_byte(50_000).max(1e-9);
            let large = per_byte(1_000_000);
            assert!(
                large < small * 20.0,
                "{shape} {piece}: {small:e} s/B then {large:e} s/B"
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn random_strings_never_panic(
        input in "\\PC{0,40}|[a-zA-Z:/\\\\?#%@\\[\\]. \t\u{140}\u{3000}0-9a-f]{0,40}",
        base in proptest::option::of("[a-z]{1,5}:[/\\\\]{0,3}[a-z.%0-9]{0,10}(/[a-z.]{0,5}){0,3}"),
    ) {
        let c = Chromium::new();
        if let Ok(u) = c.canonicalize(&input, base.as_deref(), UTF_8) {
            // Canonical output is ASCII, and canonical again.
            prop_assert!(u.as_str().is_ascii());
            let again = c.canonicalize(u.as_str(), None, UTF_8);
            prop_assert!(again.is_ok(), "{:?} -> {:?} -> {:?}", input, u.as_str(), again);
        }
        let _ = c.host(&input, "http");
        let _ = c.host(&input, "foo");
        let _ = urlprism::engines::chromium::host_trace::trace(&input, "file");
    }
}
