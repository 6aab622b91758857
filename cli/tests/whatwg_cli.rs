//! The `whatwg` engine on the command line: every command that takes a
//! profile name takes it, or says why not.

mod cli_support;

use cli_support::{run, stderr, stdout};
use std::path::PathBuf;

fn transitional_file() -> String {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .join("profiles/examples/whatwg-transitional.toml")
        .display()
        .to_string()
}

#[test]
fn canon_one_line_per_input() {
    let o = run(
        &["canon", "--profile", "whatwg"],
        "http://faß.de/\nhttp://256.0.0.1/\nhttps:evil.com\n".as_bytes(),
    );
    assert_eq!(
        stdout(&o),
        "http://xn--fa-hia.de/\n\nhttps://evil.com/\n",
        "{}",
        stderr(&o)
    );
    let err = stderr(&o);
    assert!(
        err.contains("line 2: invalid URL: URL Standard parser failure: invalid IPv4 address"),
        "{err}"
    );
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn canon_json_base_and_encoding() {
    let o = run(
        &[
            "canon",
            "--profile",
            "whatwg",
            "--json",
            "--encoding",
            "shift_jis",
            "--base",
            "http://h/dir/",
            "../x?\u{3042}#f",
        ],
        b"",
    );
    let j: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(j["canonical"], "http://h/x?%82%A0#f");
    assert_eq!(j["query"], "%82%A0");
    assert_eq!(j["port"], serde_json::Value::Null);
    assert_eq!(j["user"], serde_json::Value::Null);
    let o = run(
        &["canon", "--profile", "whatwg", "--base", "no base", "x"],
        b"",
    );
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
}

#[test]
fn transitional_profile_file() {
    let f = transitional_file();
    let o = run(
        &[
            "canon",
            "--profile-file",
            &f,
            "http://faß.de/",
            "http://a\u{200d}b/",
        ],
        b"",
    );
    assert_eq!(
        stdout(&o),
        "http://fass.de/\nhttp://ab/\n",
        "{}",
        stderr(&o)
    );
    let o = run(&["host", "--profile-file", &f, "Fa%C3%9F.de"], b"");
    assert_eq!(stdout(&o), "fass.de\n");
}

#[test]
fn compare_has_both_eras_by_default() {
    let o = run(&["compare", "--json", "http://faß.de/"], b"");
    let j: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    let names: Vec<&str> = j["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["profile"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        ["this", "chrome", "gecko", "ie", "whatwg", "chromium", "firefox", "webkit"]
    );
    assert_eq!(j["results"][4]["canonical"], "http://xn--fa-hia.de/");
    assert_eq!(j["differing"], serde_json::json!(["host"]));
}

#[test]
fn corpus_mode_counts_whatwg_pairs() {
    let o = run(
        &["compare", "--diff-only", "--steps"],
        // `chrome` (googleurl's IPv4 reader) rejects the first as the URL
        // Standard does, and reads the second as a name where it fails.
        b"http://256.0.0.1/\nhttp://1.2.3.09/\n",
    );
    let err = stderr(&o);
    for pair in ["this/whatwg", "chrome/whatwg", "gecko/whatwg", "ie/whatwg"] {
        assert!(err.contains(pair), "{pair}: {err}");
    }
    assert!(err.contains("IPv4 parser"), "{err}");
}

#[test]
fn trace_chrome_and_whatwg_part_at_the_label() {
    let o = run(
        &[
            "trace",
            "--all",
            "--profile",
            "chrome",
            "--profile",
            "whatwg",
            "http://faß.de/",
        ],
        b"",
    );
    let out = stdout(&o);
    assert!(out.contains("UTS #46 mapping"), "{out}");
    assert!(out.contains("xn--fa-hia"), "{out}");
    // The steps end at the divergence; the address bars follow.
    let last = out
        .lines()
        .take_while(|l| !l.starts_with("address bar"))
        .filter(|l| !l.is_empty())
        .last()
        .unwrap();
    assert!(
        last.starts_with("first divergence: CanonicalizeHost step 20.2.1/Punycode (label 1)"),
        "{out}"
    );
    assert!(
        out.contains("address bar (what each browser shows, and why)\nchrome  fass.de\n"),
        "{out}"
    );
    let o = run(
        &[
            "trace",
            "--json",
            "--profile",
            "this",
            "--profile",
            "whatwg",
            "http://faß.de/",
        ],
        b"",
    );
    let j: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let i = j["divergence"]["index"].as_u64().unwrap() as usize;
    assert_eq!(j["steps"][i]["step"], "3/UTS #46 mapping");
}

#[test]
fn host_and_test_take_whatwg_nameprep_does_not() {
    let o = run(
        &[
            "host",
            "--profile",
            "whatwg",
            "EXAMPLE.%63om",
            "0x7f.1",
            "a b",
        ],
        b"",
    );
    assert_eq!(stdout(&o), "example.com\n127.0.0.1\n\n");
    let o = run(
        &["host", "--profile", "whatwg", "--scheme", "foo", "A%2F"],
        b"",
    );
    assert_eq!(stdout(&o), "A%2F\n");
    let o = run(&["nameprep", "--profile", "whatwg", "x"], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("no Nameprep"), "{}", stderr(&o));
    let wpt = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .join("tests/data/wpt/urltestdata.json");
    let o = run(&["test", "--profile", "whatwg", wpt.to_str().unwrap()], b"");
    let out = stdout(&o);
    let last = out.lines().last().unwrap();
    assert!(last.ends_with(" failed"), "{out}");
    let passed: usize = last.split(' ').next().unwrap().parse().unwrap();
    assert!(passed > 800, "{out}");
}
