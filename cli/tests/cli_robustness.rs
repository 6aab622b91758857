//! `urlprism canon` on hostile input: invalid UTF-8, NUL bytes, empty
//! lines, enormous lines, CRLF, control characters, unknown encoding labels
//! and profile names, malformed or missing profile files.
//!
//! What must hold: each bad line or argument gets a message that names it;
//! the batch goes on; exactly one output line per input line, nothing
//! dropped or cut, and no output line broken by a stray line terminator;
//! the exit status says whether anything failed (0 all good, 1 some input
//! invalid, 2 usage error before any input is read).

use std::io::{Read, Write};
use std::process::{Output, Stdio};

mod cli_support;
use cli_support::{run, stderr, stdout, temp_dir, urlprism};

fn code(o: &Output) -> i32 {
    o.status
        .code()
        .expect("urlprism exits normally, not by a signal")
}

/// The output lines (each ends with LF; the last one too).
fn out_lines(o: &Output) -> Vec<String> {
    let s = stdout(o);
    assert!(
        s.is_empty() || s.ends_with('\n'),
        "stdout does not end with a newline: {:?}",
        tail(&s)
    );
    s.lines().map(str::to_string).collect()
}

fn tail(s: &str) -> &str {
    let mut i = s.len().saturating_sub(80);
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    &s[i..]
}

const PROFILES: [&str; 4] = ["this", "chrome", "gecko", "ie"];

/// A batch mixing good lines and every kind of bad line.
fn hostile_batch() -> (Vec<u8>, Vec<bool>) {
    // (line bytes, whether THIS canonicalizes it)
    let lines: Vec<(&[u8], bool)> = vec![
        (b"http://example.com/a", true),
        (b"http://ex\xFFample.com/", false), // invalid UTF-8
        (b"", false),                        // empty line
        (b"http://a/\x00b", true),           // NUL in the path
        (b"http://a\x00b/", false),          // NUL in the host
        (b"\xC3", false),                    // truncated sequence
        (b"http://\xE6\x97\xA5\xE6\x9C\xAC.jp/", true),
        (b"no scheme", false),
        (b"http://h/#\x01\x7F\xC2\x85", true), // controls in the fragment
        (b"   ", false),                       // blanks only
        (b"http://h/\x0B", true),              // vertical tab (trimmed)
        (b"\xEF\xBB\xBFhttp://bom/", false),   // a BOM is not whitespace
        (b"http://h:99999/", false),
        (b"http://last/", true),
    ];
    let mut data = Vec::new();
    for (l, _) in &lines {
        data.extend_from_slice(l);
        data.push(b'\n');
    }
    (data, lines.iter().map(|(_, ok)| *ok).collect())
}

#[test]
fn hostile_batch_one_line_each_and_messages_name_lines() {
    let (data, ok) = hostile_batch();
    let o = run(&["canon"], &data);
    let lines = out_lines(&o);
    assert_eq!(lines.len(), ok.len(), "stdout: {:?}", stdout(&o));
    let err = stderr(&o);
    for (k, (line, &ok)) in lines.iter().zip(&ok).enumerate() {
        let n = k + 1;
        let named = err.lines().any(|l| l.starts_with(&format!("line {n}:")));
        if ok {
            assert!(
                !line.is_empty(),
                "line {n} has no canonical form; stderr:\n{err}"
            );
            assert!(!named, "line {n} is good but reported; stderr:\n{err}");
        } else {
            assert_eq!(line, "", "line {n} is bad yet has output");
            assert!(named, "line {n} is bad but not named; stderr:\n{err}");
        }
    }
    assert_eq!(lines[0], "http://example.com/a");
    assert_eq!(lines[3], "http://a/%00b");
    assert_eq!(lines[8], "http://h/#%01%7F%C2%85");
    assert_eq!(lines[13], "http://last/");
    assert!(err.contains("line 2: the line is not valid UTF-8"), "{err}");
    assert_eq!(code(&o), 1, "some lines failed, so the status is 1");
}

#[test]
fn hostile_batch_under_every_profile_and_json() {
    let (data, ok) = hostile_batch();
    for profile in PROFILES {
        for json in [false, true] {
            let mut args = vec!["canon", "--profile", profile];
            if json {
                args.push("--json");
            }
            let o = run(&args, &data);
            let lines = out_lines(&o);
            assert_eq!(
                lines.len(),
                ok.len(),
                "{profile} json={json}: stdout {:?}\nstderr {}",
                stdout(&o),
                stderr(&o)
            );
            assert!(
                !stderr(&o).contains("internal error"),
                "{profile}: {}",
                stderr(&o)
            );
            if json {
                for (k, l) in lines.iter().enumerate() {
                    let v: serde_json::Value = serde_json::from_str(l)
                        .unwrap_or_else(|e| panic!("{profile} line {}: {e}: {l}", k + 1));
                    assert!(v.get("input").is_some_and(|i| i.is_string()), "{l}");
                    let has = |f: &str| v.get(f).is_some_and(|x| !x.is_null());
                    assert!(has("canonical") != has("error"), "{profile}: {l}");
                }
            }
            assert_eq!(code(&o), 1, "{profile} json={json}");
        }
    }
}

#[test]
fn no_output_line_is_broken_by_a_control_character() {
    // Every C0 control and DEL, in each component, under every profile.
    // THIS output holds no control character at all.  The browser profiles
    // may keep some raw, as the browsers did (the suite records Gecko's host
    // `a\u0001b.test` raw: decomps-authority-domain.dat, `http://a\u0001b.test/`),
    // but never a CR or LF, which would break the line-oriented output.
    let mut data = Vec::new();
    let mut count = 0;
    for c in (0u8..0x20).chain([0x7F]) {
        if c == b'\n' {
            continue;
        }
        for template in [
            "http://h/p{}q",
            "http://h{}x/",
            "http://u{}:p{}@h/",
            "http://h/?{}",
            "http://h/#{}",
            "javascript:{}",
            "file:///{}",
            "file://h{}/",
            "x{}y:z",
        ] {
            data.extend_from_slice(
                template
                    .replace("{}", &char::from(c).to_string())
                    .as_bytes(),
            );
            data.push(b'\n');
            count += 1;
        }
    }
    for profile in PROFILES {
        let o = run(&["canon", "--profile", profile], &data);
        let out = stdout(&o);
        assert_eq!(out.matches('\n').count(), count, "{profile}");
        assert!(!out.contains('\r'), "{profile}: a CR in the output");
        assert!(!stderr(&o).contains("internal error"), "{}", stderr(&o));
        if profile == "this" {
            for (k, l) in out.lines().enumerate() {
                assert!(
                    !l.chars().any(|c| c.is_control()),
                    "{profile}: output line {} holds a control character: {l:?}",
                    k + 1
                );
            }
        }
    }
}

#[test]
fn enormous_lines_are_neither_dropped_nor_cut() {
    let mb = 1 << 20;
    let path = "a".repeat(mb);
    let query = "\u{65e5}".repeat(mb / 3);
    let mut data = Vec::new();
    data.extend_from_slice(format!("http://h/{path}\n").as_bytes());
    data.extend_from_slice(b"http://small/\n");
    data.extend_from_slice(format!("http://h/?{query}\n").as_bytes());
    data.extend_from_slice(format!("{path}\n").as_bytes()); // 1 MB, no scheme
    data.extend_from_slice(b"http://end/"); // no final newline
    let o = run(&["canon"], &data);
    let lines = out_lines(&o);
    assert_eq!(lines.len(), 5, "stderr: {}", stderr(&o));
    assert_eq!(lines[0].len(), "http://h/".len() + mb);
    assert_eq!(lines[0], format!("http://h/{path}"));
    assert_eq!(lines[1], "http://small/");
    assert_eq!(
        lines[2],
        format!("http://h/?{}", "%E6%97%A5".repeat(mb / 3))
    );
    assert_eq!(lines[3], "");
    assert_eq!(lines[4], "http://end/");
    assert!(stderr(&o).contains("line 4:"), "{}", stderr(&o));
    assert!(
        stderr(&o).len() < 64 << 10,
        "the message about a 1 MB line should not repeat it whole ({} bytes)",
        stderr(&o).len()
    );
    assert_eq!(code(&o), 1);
}

#[test]
fn enormous_argument_is_not_cut() {
    // Linux takes at most 128 KiB in one argument (MAX_ARG_STRLEN).
    let path = "b".repeat(120 << 10);
    let url = format!("http://h/{path}");
    let o = run(&["canon", &url], b"");
    assert_eq!(stdout(&o), format!("{url}\n"));
    assert_eq!(code(&o), 0);
}

#[test]
fn crlf_and_lf_give_the_same_output() {
    let lf = b"HTTP://A/b/../c\n\nhttp://x/\xFF\nhttp://[::1]/\n";
    let crlf = b"HTTP://A/b/../c\r\n\r\nhttp://x/\xFF\r\nhttp://[::1]/\r\n";
    let a = run(&["canon"], lf);
    let b = run(&["canon"], crlf);
    assert_eq!(stdout(&a), stdout(&b));
    assert_eq!(stderr(&a), stderr(&b));
    assert_eq!(out_lines(&b).len(), 4);
    assert!(!stdout(&b).contains('\r'));
    assert_eq!(code(&a), 1);
    assert_eq!(code(&b), 1);
    // A lone CR inside a line is removed by preprocessing; it does not
    // split the line.
    let o = run(&["canon"], b"http://a/\rb\r\n");
    assert_eq!(stdout(&o), "http://a/b\n");
    assert_eq!(code(&o), 0);
}

#[test]
fn all_good_exits_0_any_bad_exits_1() {
    let o = run(&["canon"], b"http://a/\nhttps://b/\n");
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(stderr(&o), "");
    let o = run(&["canon"], b"http://a/\n\xFF\n");
    assert_eq!(code(&o), 1);
    let o = run(&["canon"], b"");
    assert_eq!(code(&o), 0);
    assert_eq!(stdout(&o), "");
}

#[test]
fn only_bad_lines_still_one_empty_line_each() {
    let data = b"\xFF\n\x00\n\n\xC0\x80\n";
    let o = run(&["canon"], data);
    assert_eq!(stdout(&o), "\n\n\n\n");
    let err = stderr(&o);
    for n in 1..=4 {
        assert!(
            err.contains(&format!("line {n}:")),
            "line {n} not named: {err}"
        );
    }
    assert_eq!(code(&o), 1);
}

#[cfg(unix)]
#[test]
fn invalid_utf8_argument_is_named_and_the_others_go_on() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let o = urlprism()
        .arg("canon")
        .arg("http://a/")
        .arg(OsStr::from_bytes(b"http://b/\xFF"))
        .arg("http://c/")
        .output()
        .expect("urlprism runs");
    assert_eq!(stdout(&o), "http://a/\n\nhttp://c/\n");
    let err = stderr(&o);
    assert!(err.contains("2:") && err.contains("argument"), "{err}");
    assert_eq!(code(&o), 1);
}

#[test]
fn unknown_encoding_label_is_named() {
    for label in ["bogus-8", "", "utf-7x", "\u{e9}"] {
        let o = run(&["canon", "--encoding", label, "http://a/"], b"");
        assert_eq!(code(&o), 2, "label {label:?}");
        assert_eq!(stdout(&o), "", "no output before a usage error");
        let err = stderr(&o);
        assert!(
            err.contains(&format!("{label:?}")),
            "label {label:?}: {err}"
        );
        assert!(err.contains("encoding"), "{err}");
    }
    // A known label with odd case and spaces is accepted.
    let o = run(
        &["canon", "--encoding", " Shift_JIS ", "http://a/?\u{65e5}"],
        b"",
    );
    assert_eq!(stdout(&o), "http://a/?%93%FA\n", "{}", stderr(&o));
}

#[test]
fn unknown_profile_name_is_named() {
    for name in ["opera", "", "this ", "t\u{e9}"] {
        let o = run(&["canon", "--profile", name, "http://a/"], b"");
        assert_eq!(code(&o), 2, "profile {name:?}");
        assert_eq!(stdout(&o), "");
        let err = stderr(&o);
        assert!(err.contains(&format!("{name:?}")), "{name:?}: {err}");
        let known = urlprism::engines::builtin_names().join(", ");
        assert!(err.contains(&format!("known profiles: {known}")), "{err}");
    }
}

#[test]
fn malformed_profile_files_are_named_with_line() {
    let dir = temp_dir("profiles");
    let good = include_str!("../../profiles/this.toml");
    let cases: Vec<(&str, String, Option<usize>)> = vec![
        (
            "bad-value.toml",
            good.replace("fallback = \"fail\"", "fallback = \"explode\""),
            good.lines().position(|l| l.starts_with("fallback =")),
        ),
        (
            "unknown-key.toml",
            good.replace("[nameprep]\n", "[nameprep]\nfrobnicate = true\n"),
            good.lines()
                .position(|l| l.starts_with("[nameprep]"))
                .map(|i| i + 1),
        ),
        ("not-toml.toml", "name = \"x\n".to_string(), Some(0)),
        ("empty.toml", String::new(), None),
        ("binary.toml", "\u{0}\u{1}\u{2}".to_string(), None),
    ];
    for (file, text, line) in &cases {
        let path = dir.join(file);
        std::fs::write(&path, text).unwrap();
        let o = run(
            &[
                "canon",
                "--profile-file",
                path.to_str().unwrap(),
                "http://a/",
            ],
            b"",
        );
        assert_eq!(code(&o), 2, "{file}: {}", stderr(&o));
        assert_eq!(stdout(&o), "", "{file}");
        let err = stderr(&o);
        assert!(
            err.contains(file),
            "{file}: message does not name the file: {err}"
        );
        if let Some(l) = line {
            assert!(
                err.contains(&format!("{file}:{}:", l + 1)),
                "{file}: message does not name line {}: {err}",
                l + 1
            );
        }
    }
    // Invalid UTF-8 in the file.
    let path = dir.join("latin1.toml");
    std::fs::write(&path, b"name = \"caf\xE9\"\n").unwrap();
    let o = run(
        &[
            "canon",
            "--profile-file",
            path.to_str().unwrap(),
            "http://a/",
        ],
        b"",
    );
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("latin1.toml"), "{}", stderr(&o));
    // A missing file and a directory.
    for p in [dir.join("missing.toml"), dir.clone()] {
        let o = run(
            &["canon", "--profile-file", p.to_str().unwrap(), "http://a/"],
            b"",
        );
        assert_eq!(code(&o), 2, "{}", p.display());
        assert!(stderr(&o).contains(p.to_str().unwrap()), "{}", stderr(&o));
    }
    // And a good file still works, on a batch with a bad line.
    let path = dir.join("good.toml");
    std::fs::write(&path, good).unwrap();
    let o = run(
        &["canon", "--profile-file", path.to_str().unwrap()],
        b"HTTP://A/\n\xFF\nhttp://b/\n",
    );
    assert_eq!(stdout(&o), "http://a/\n\nhttp://b/\n", "{}", stderr(&o));
    assert_eq!(code(&o), 1);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_base_is_refused_before_any_line() {
    let o = run(&["canon", "--base", "no scheme"], b"a\nb\n");
    assert_eq!(stdout(&o), "");
    let err = stderr(&o);
    assert!(!err.contains("line 1:"), "{err}");
    assert!(err.contains("invalid base URL \"no scheme\""), "{err}");
    assert_eq!(code(&o), 2);
}

#[test]
fn output_to_a_closed_pipe_does_not_hang_or_panic() {
    // The reader goes away after the first line: urlprism must end, not
    // hang or die of a panic message.
    let mut child = urlprism()
        .args(["canon"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("urlprism runs");
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let line = b"http://example.com/some/path\n".repeat(50_000);
        let _ = stdin.write_all(&line);
    });
    let mut out = child.stdout.take().unwrap();
    let mut first = [0u8; 10];
    out.read_exact(&mut first).unwrap();
    drop(out);
    let status = child.wait().expect("urlprism ends");
    writer.join().unwrap();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert!(!err.contains("panicked"), "{err}");
    assert_ne!(status.code(), Some(0), "a failed write is a failure");
}

/// The message about a bad 1 MB host quotes a bounded prefix of it
/// (`src/error.rs`), so that one bad line does not write 1 MB to standard
/// error.
#[test]
fn message_about_an_enormous_bad_host_is_bounded() {
    let line = format!("http://{}%/\n", "a".repeat(1 << 20));
    let o = run(&["canon"], line.as_bytes());
    assert_eq!(stdout(&o), "\n");
    assert!(stderr(&o).starts_with("line 1:"), "{}", tail(&stderr(&o)));
    assert!(
        stderr(&o).len() < 64 << 10,
        "{} bytes of message for one line",
        stderr(&o).len()
    );
}
