//! The `firefox` and `webkit` engines everywhere an engine name goes:
//! `canon`, `compare` (`--profile`, the `--today` group), `trace`,
//! `profiles`, and the library; no panic and linear time on hostile
//! input.

mod cli_support;

use cli_support::{run, stderr, stdout};
use proptest::prelude::*;
use urlprism::compare::Engine;
use urlprism::encoding_rs::UTF_8;
use urlprism::engines::firefox::Firefox;
use urlprism::engines::webkit::Webkit;
use urlprism::Url;

#[test]
fn canon_gives_each_browsers_href_or_why_it_throws() {
    let input =
        "file://server/x\nhttp://a*b/\nchrome:foobar\nfoo://u@h?q\nhttp://[::2002:c000:022a:]/\n";
    let o = run(&["canon", "--profile", "firefox"], input.as_bytes());
    assert_eq!(
        stdout(&o),
        "file:///x\n\nchrome://foobar/\nfoo://u@h?q\n\n",
        "{}",
        stderr(&o)
    );
    assert!(
        stderr(&o).contains("line 2: invalid URL: firefox rejects it"),
        "{}",
        stderr(&o)
    );
    let o = run(&["canon", "--profile", "webkit"], input.as_bytes());
    assert_eq!(
        stdout(&o),
        "file://server/x\nhttp://a*b/\nchrome:foobar\nfoo://u@h/?q\nhttp://[::2002:c000:22a]/\n",
        "{}",
        stderr(&o)
    );
}

#[test]
fn compare_puts_them_beside_the_standard() {
    let o = run(
        &[
            "compare",
            "--json",
            "--profile",
            "firefox",
            "--profile",
            "webkit",
            "--profile",
            "whatwg",
            "foo://u@h?q",
        ],
        b"",
    );
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    let got: Vec<(&str, &str)> = v["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["profile"].as_str().unwrap(),
                r["canonical"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            ("firefox", "foo://u@h?q"),
            ("webkit", "foo://u@h/?q"),
            ("whatwg", "foo://u@h?q")
        ]
    );
    assert_eq!(v["differing"][0], "path", "{v}");
    // Both are in the group of today's engines, and default columns.
    let o = run(&["compare", "--json", "--today", "http://x/"], b"");
    assert!(stdout(&o).contains("\"firefox\""), "{}", stdout(&o));
    assert!(stdout(&o).contains("\"webkit\""), "{}", stdout(&o));
    assert!(
        !stdout(&o).contains("\"gecko\""),
        "--today alone: {}",
        stdout(&o)
    );
    let o = run(&["compare", "--json", "http://x/"], b"");
    assert!(stdout(&o).contains("\"firefox\""));
    assert!(stdout(&o).contains("\"webkit\""));
}

#[test]
fn profiles_lists_them_and_trace_shows_their_host_stages() {
    let o = run(&["profiles"], b"");
    let out = stdout(&o);
    assert!(out.lines().any(|l| l.starts_with("firefox ")), "{out}");
    assert!(out.lines().any(|l| l.starts_with("webkit ")), "{out}");
    let o = run(
        &[
            "trace",
            "--all",
            "--profile",
            "firefox",
            "--profile",
            "webkit",
            "http://Fa\u{DF}.DE/",
        ],
        b"",
    );
    let out = stdout(&o);
    assert!(out.contains("UTS #46 data (ICU 72)"), "{out}");
    assert!(out.contains("domain to ASCII"), "{out}");
    assert!(out.contains("\"xn--fa-hia.de\""), "{out}");
}

/// Components of each engine's `Url` agree with its serialization on the
/// browser corpora, and no line panics.
#[test]
fn every_corpus_line_gives_a_url_or_a_reason_without_panicking() {
    let engines: [Box<dyn Engine>; 2] = [Box::new(Firefox::new()), Box::new(Webkit::new())];
    let dir = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .join("tests/data/browsers/corpus");
    let mut n = 0;
    for f in ["realistic.jsonl", "generated.jsonl"] {
        let text = std::fs::read_to_string(dir.join(f)).unwrap();
        for line in text.lines() {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            let input = v["input"].as_str().unwrap();
            let base = v["base"].as_str();
            for e in &engines {
                if let Ok(u) = e.canonicalize(input, base, UTF_8) {
                    let again = Url::from_parsed_url(&u.to_parsed_url()).unwrap();
                    assert_eq!(again.as_str(), u.as_str(), "{} {input:?}", e.name());
                }
            }
            n += 1;
        }
    }
    assert!(n > 70_000);
}

/// Time on a 1 MB input grows linearly: the longest of these is at most
/// a few times the shortest, per byte.
#[test]
fn long_inputs_take_linear_time() {
    let engines: [Box<dyn Engine>; 2] = [Box::new(Firefox::new()), Box::new(Webkit::new())];
    let shapes = [
        "http://h/{}",
        "http://{}/",
        "foo://{}/",
        "http://h/?{}#{}",
        "file:///{}",
    ];
    let pieces = ["a/../", "%2e/", "\u{e9}\\", "ab.", "a b|"];
    for e in &engines {
        for shape in shapes {
            for piece in pieces {
                let per_byte = |n: usize| {
                    let input = shape.replace("{}", &piece.repeat(n / piece.len()));
                    let t = std::time::Instant::now();
                    let _ = e.canonicalize(&input, Some("http://base/x"), UTF_8);
                    t.elapsed().as_secs_f64() / input.len() as f64
                };
                let small = per_byte(50_000).max(1e-9);
                let large = per_byte(1_000_000);
                assert!(
                    large < small * 20.0,
                    "{} {shape} {piece}: {small:e} s/B then {large:e} s/B",
                    e.name()
                );
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn random_strings_never_panic(
        input in "\\PC{0,40}|[a-zA-Z:/\\\\?#%@\\[\\]. \t\u{140}\u{3000}0-9a-f|]{0,40}",
        base in proptest::option::of("[a-z]{1,5}:[/\\\\]{0,3}[a-z.%0-9]{0,10}(/[a-z.]{0,5}){0,3}"),
    ) {
        let engines: [Box<dyn Engine>; 2] = [Box::new(Firefox::new()), Box::new(Webkit::new())];
        for e in &engines {
            if let Ok(u) = e.canonicalize(&input, base.as_deref(), UTF_8) {
                // What a browser gives parses again in that browser.
                let again = e.canonicalize(u.as_str(), None, UTF_8);
                prop_assert!(again.is_ok(), "{} {:?} -> {:?} -> {:?}", e.name(), input, u.as_str(), again);
            }
            let _ = e.canonicalize_host(&input, "http");
            let _ = e.canonicalize_host(&input, "foo");
            let _ = e.trace_host(&input, "file");
        }
    }
}
