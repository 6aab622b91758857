//! `urlprism key`: one line out per line in, in order, whatever the
//! input (not UTF-8, NUL, empty, enormous) and the number of threads; a
//! reason on standard error for each input the kind rejects; `--json`
//! with the steps; a key file of one's own; usage errors that name what
//! is wrong.

mod cli_support;
use cli_support::{run, stderr, stdout, temp_dir};

const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/keys/corpus.txt");

fn code(o: &std::process::Output) -> i32 {
    o.status.code().expect("urlprism exits normally")
}

#[test]
fn every_kind_answers_every_line_in_order_on_any_number_of_threads() {
    let input = std::fs::read(CORPUS).unwrap();
    let lines = input.iter().filter(|&&b| b == b'\n').count();
    let list = run(&["key", "--list"], b"");
    assert_eq!(code(&list), 0);
    let kinds: Vec<String> = stdout(&list)
        .lines()
        .map(|l| l.split_whitespace().next().unwrap().to_string())
        .collect();
    assert!(kinds.len() >= 14, "{kinds:?}");
    for kind in &kinds {
        let one = run(&["key", "--kind", kind, "--threads", "1"], &input);
        let two = run(&["key", "--kind", kind, "--threads", "2"], &input);
        assert_eq!(
            one.stdout, two.stdout,
            "{kind}: the same keys on one thread and two"
        );
        assert_eq!(
            one.stderr, two.stderr,
            "{kind}: the same messages on one thread and two"
        );
        assert_eq!(
            one.stdout.iter().filter(|&&b| b == b'\n').count(),
            lines,
            "{kind}: a line per input"
        );
        // An empty output line for each rejected input, and one message naming its line.
        let empty = one
            .stdout
            .split(|&b| b == b'\n')
            .filter(|l| l.is_empty())
            .count()
            - 1;
        let messages = stderr(&one)
            .lines()
            .filter(|l| l.starts_with("line "))
            .count();
        assert_eq!(empty, messages, "{kind}: a message for each empty line");
        assert_eq!(code(&one), if messages > 0 { 1 } else { 0 }, "{kind}");
    }
}

#[test]
fn the_archive_example_and_arguments() {
    let o = run(
        &[
            "key",
            "http://archive.org/goo/?a=2&b&a=1",
            "HTTP://www.Example.COM:80/B/?b=2&a=1#x",
        ],
        b"",
    );
    assert_eq!(
        stdout(&o),
        "org,archive)/goo?a=1&a=2&b\ncom,example)/b?a=1&b=2\n"
    );
    assert_eq!(code(&o), 0);
    let o = run(
        &["key", "--kind", "surt-scheme", "http://archive.org/goo/"],
        b"",
    );
    assert_eq!(stdout(&o), "http://(org,archive)/goo\n");
}

#[test]
fn hostile_lines_keep_their_place() {
    let mut input = b"http://a.example/\n\xff\xfe\n\n\0\nhttp://b.example/x\r\n".to_vec();
    input.extend(std::iter::repeat_n(b'a', 3 << 20));
    input.extend_from_slice(b"\nhttp://c.example/\n");
    for kind in ["surt", "urlcanon-semantic", "ssurt", "safebrowsing"] {
        for threads in ["1", "2"] {
            let o = run(&["key", "--kind", kind, "--threads", threads], &input);
            let out = o.stdout.split(|&b| b == b'\n').collect::<Vec<_>>();
            assert_eq!(out.len(), 8, "{kind}: seven lines and the end");
            assert!(code(&o) <= 1, "{kind}");
            let last = String::from_utf8_lossy(out[6]);
            assert!(
                last.contains("example"),
                "{kind}: the last line is still c.example's: {last}"
            );
        }
    }
}

#[test]
fn json_names_the_steps() {
    let o = run(
        &["key", "--json", "http://www.example.com/A?b=1&a=2#f"],
        b"",
    );
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["kind"], "surt");
    assert_eq!(v["key"], "com,example)/a?a=2&b=1");
    assert_eq!(v["error"], serde_json::Value::Null);
    let steps: Vec<&str> = v["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap())
        .collect();
    assert!(!steps.is_empty());
    // Not UTF-8: the octets in hexadecimal.
    let o = run(&["key", "--json"], b"http://a/\xff\n");
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["input_hex"], "687474703a2f2f612fff");
}

#[test]
fn expressions_only_where_the_family_has_them() {
    let o = run(
        &[
            "key",
            "--kind",
            "safebrowsing",
            "--expressions",
            "http://a.b.c/1/2.html?param=1",
        ],
        b"",
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let line = stdout(&o);
    let fields: Vec<&str> = line.trim_end().split('\t').collect();
    assert!(fields.len() > 2, "{line}");
    assert!(fields[1..].contains(&"a.b.c/1/2.html?param=1"), "{line}");
    assert!(fields[1..].contains(&"b.c/"), "{line}");
    let o = run(
        &["key", "--kind", "surt", "--expressions", "http://a/"],
        b"",
    );
    assert_eq!(code(&o), 2);
    assert!(
        stderr(&o).contains("no lookup expressions"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_key_file_of_ones_own() {
    let dir = temp_dir("key-file");
    let file = dir.join("keep-www.toml");
    std::fs::write(
        &file,
        "name = \"keep-www\"\nextends = \"surt\"\n[steps]\nhost_massage = false\n",
    )
    .unwrap();
    let o = run(
        &[
            "key",
            "--kind-file",
            file.to_str().unwrap(),
            "http://www.example.com/",
        ],
        b"",
    );
    assert_eq!(stdout(&o), "com,example,www)/\n", "{}", stderr(&o));
    std::fs::write(
        &file,
        "name = \"bad\"\nextends = \"surt\"\n[steps]\nno_such_step = true\n",
    )
    .unwrap();
    let o = run(
        &["key", "--kind-file", file.to_str().unwrap(), "http://a/"],
        b"",
    );
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("no_such_step"), "{}", stderr(&o));
    assert!(stderr(&o).contains("its steps:"), "{}", stderr(&o));
}

#[test]
fn usage_errors_name_what_is_wrong() {
    let o = run(&["key", "--kind", "surtt", "http://a/"], b"");
    assert_eq!(code(&o), 2);
    assert!(
        stderr(&o).contains("did you mean \"surt\""),
        "{}",
        stderr(&o)
    );
    let o = run(&["key", "--kind", "surt", "--steps"], b"");
    assert_eq!(code(&o), 0);
    assert!(stdout(&o).contains("family  surt"), "{}", stdout(&o));
}
