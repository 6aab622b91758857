//! `urlprism display`: one line per input in input order (an empty line
//! and a reason on standard error for a URL an engine does not take),
//! one tab-separated column per engine, `--full`, `--json`, the same
//! output on any number of threads, and usage errors that say what is
//! wrong.

mod cli_support;
use cli_support::{run, stderr, stdout};

/// The first `n` inputs of the display corpus, one per line.
fn corpus(n: usize) -> String {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/data/browsers/corpus/display.jsonl"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let mut out = String::new();
    for line in text.lines().take(n) {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let input = v["input"].as_str().unwrap();
        if !input.contains(['\n', '\r']) {
            out.push_str(input);
            out.push('\n');
        }
    }
    out
}

#[test]
fn one_line_per_input_and_the_reason_on_standard_error() {
    let o = run(
        &["display", "--profile", "webkit"],
        b"http://xn--bcher-kva.de/%C3%A9\nhttp://[\nhttp://xn--e1afmkfd.ru/\n",
    );
    assert_eq!(
        stdout(&o),
        "http://b\u{fc}cher.de/\u{e9}\n\nhttp://xn--e1afmkfd.ru/\n"
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).starts_with("line 2: "), "{}", stderr(&o));
}

#[test]
fn json_says_which_rule_decided_each_label() {
    let o = run(
        &[
            "display",
            "--json",
            "--profile",
            "webkit",
            "http://xn--e1afmkfd.ru/",
        ],
        b"",
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim_end()).unwrap();
    let d = &v["displays"][0];
    assert_eq!(d["profile"], "webkit");
    assert_eq!(d["labels"][0]["ascii"], "xn--e1afmkfd");
    assert_eq!(d["labels"][0]["unicode"], false);
    assert!(d["labels"][0]["rule"]
        .as_str()
        .unwrap()
        .contains("Cyrillic"));
    assert!(d["labels"][0]["source"]
        .as_str()
        .unwrap()
        .contains("URLHelpers.cpp"));
}

#[test]
fn the_same_output_on_any_number_of_threads() {
    let input = corpus(3000);
    let one = run(
        &["display", "--profile", "webkit", "--threads", "1"],
        input.as_bytes(),
    );
    let two = run(
        &["display", "--profile", "webkit", "--threads", "2"],
        input.as_bytes(),
    );
    assert_eq!(stdout(&one), stdout(&two));
    assert_eq!(stdout(&one).lines().count(), input.lines().count());
    let full = run(
        &["display", "--profile", "webkit", "--full"],
        input.as_bytes(),
    );
    assert_eq!(stdout(&full).lines().count(), input.lines().count());
}

#[test]
fn usage_errors_say_what_is_wrong() {
    let o = run(&["display", "--profile", "webkti", "http://x/"], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("did you mean \"webkit\""),
        "{}",
        stderr(&o)
    );
    let o = run(&["display", "--profile", "ie", "http://x/"], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("ie models no address bar; these do:"),
        "{}",
        stderr(&o)
    );
}

/// The 2011 profiles whose sources record an address bar: Gecko 2.0
/// showed the host as it stored it (the canonical URL, Unicode under a
/// whitelisted TLD), Chrome 12 decoded a label only into the alphabet of
/// its languages (English: `a`-`z`) and left out `http://`, the user
/// information and a bare host's `/`.
#[test]
fn the_2011_address_bars() {
    let input =
        b"http://xn--bcher-kva.de/\nhttp://u:p@xn--bcher-kva.com/a\nhttp://xn--abc-123.de/\n";
    let gecko = run(&["display", "--profile", "gecko"], input);
    let canon = run(&["canon", "--profile", "gecko"], input);
    assert_eq!(stdout(&gecko), stdout(&canon));
    assert!(stdout(&gecko).starts_with("http://b\u{fc}cher.de/\n"));
    let chrome = run(&["display", "--profile", "chrome"], input);
    assert_eq!(
        stdout(&chrome),
        "xn--bcher-kva.de\nxn--bcher-kva.com/a\nxn--abc-123.de\n",
        "{}",
        stderr(&chrome)
    );
    let o = run(
        &[
            "display",
            "--json",
            "--profile",
            "chrome",
            "http://xn--bcher-kva.de/",
        ],
        b"",
    );
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim_end()).unwrap();
    let d = &v["displays"][0];
    assert!(d["labels"][0]["rule"]
        .as_str()
        .unwrap()
        .contains("accept-languages en-US,en"));
    assert_eq!(d["omitted"][0]["text"], "http://");
}
