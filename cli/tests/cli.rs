//! Tests of the `urlprism` command line.

mod cli_support;
use cli_support::{run, stderr, stdout, temp_dir};

#[test]
fn canon_argument() {
    let o = run(&["canon", "http://EXAMPLE.com/a/../b"], b"");
    assert_eq!(
        stdout(&o),
        "http://example.com/b\n",
        "stderr: {}",
        stderr(&o)
    );
    assert_eq!(o.status.code(), Some(0));
}

#[test]
fn canon_stdin_lines_in_order_with_crlf() {
    let o = run(
        &["canon"],
        b"http://EXAMPLE.com/a/../b\r\nHTTP://x/y\nhttp://z/",
    );
    assert_eq!(
        stdout(&o),
        "http://example.com/b\nhttp://x/y\nhttp://z/\n",
        "stderr: {}",
        stderr(&o)
    );
    assert_eq!(o.status.code(), Some(0));
}

#[test]
fn canon_one_output_line_per_input_even_when_invalid() {
    // "no-scheme" has no scheme and no base: invalid.
    let o = run(&["canon"], b"http://a/\nno-scheme\n\nhttp://b/\n");
    let out = stdout(&o);
    let lines: Vec<&str> = out.split_terminator('\n').collect();
    assert_eq!(lines.len(), 4, "stdout: {out:?}");
    assert_eq!(lines[1], "");
    assert_eq!(lines[2], "");
    let err = stderr(&o);
    assert!(err.contains("line 2: "), "stderr: {err}");
    assert!(err.contains("line 3: "), "stderr: {err}");
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn canon_invalid_utf8_line_is_reported_and_batch_goes_on() {
    let o = run(&["canon"], b"http://a/\n\xff\xfe bad\nhttp://b/\n");
    let out = stdout(&o);
    let lines: Vec<&str> = out.split_terminator('\n').collect();
    assert_eq!(lines.len(), 3, "stdout: {out:?}");
    assert_eq!(lines[1], "");
    let err = stderr(&o);
    assert!(
        err.lines()
            .any(|l| l.starts_with("line 2: ") && l.contains("UTF-8")),
        "stderr: {err}"
    );
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn canon_invalid_utf8_line_keeps_neighbours() {
    let o = run(&["canon"], b"http://a/\n\xff\nhttp://b/\n");
    assert_eq!(
        stdout(&o),
        "http://a/\n\nhttp://b/\n",
        "stderr: {}",
        stderr(&o)
    );
}

#[test]
fn canon_invalid_argument_gets_empty_line_and_exit_1() {
    let o = run(&["canon", "http://a/", "no-scheme"], b"");
    let out = stdout(&o);
    assert_eq!(out.split_terminator('\n').count(), 2, "stdout: {out:?}");
    assert!(out.ends_with("\n\n"), "stdout: {out:?}");
    assert!(
        stderr(&o).starts_with("argument 2: "),
        "stderr: {}",
        stderr(&o)
    );
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn canon_empty_stdin() {
    let o = run(&["canon"], b"");
    assert_eq!(stdout(&o), "");
    assert_eq!(o.status.code(), Some(0));
}

#[test]
fn canon_base_option() {
    let o = run(
        &["canon", "--base", "http://example.com/a/b", "../c?d#e"],
        b"",
    );
    assert_eq!(
        stdout(&o),
        "http://example.com/c?d#e\n",
        "stderr: {}",
        stderr(&o)
    );
    assert_eq!(o.status.code(), Some(0));
}

/// An invalid URL the modelled browser still shows (googleurl's BROKEN
/// addresses under `chrome`): an empty line without `--json`; with it,
/// `"canonical": null` and the shown string as `"displayed"`, which a URL
/// without one does not carry.
#[test]
fn canon_shows_what_the_browser_displays_for_an_invalid_url() {
    let input = b"http://0X12C0a80001/x?y\nhttp://[google.com]/\nhttp://a.test/\nno-scheme\n";
    let plain = run(&["canon", "--profile", "chrome"], input);
    assert_eq!(stdout(&plain), "\n\nhttp://a.test/\n\n");
    assert!(stderr(&plain).contains("shown as"), "{}", stderr(&plain));
    let o = run(&["canon", "--profile", "chrome", "--json"], input);
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["canonical"], serde_json::Value::Null);
    assert_eq!(lines[0]["displayed"], "http://0x12c0a80001/x?y");
    assert_eq!(lines[1]["canonical"], serde_json::Value::Null);
    assert_eq!(lines[1]["displayed"], "http://[google.com]/");
    assert_eq!(lines[2]["canonical"], "http://a.test/");
    assert!(lines[2].get("displayed").is_none(), "{}", lines[2]);
    assert!(lines[3].get("displayed").is_none(), "{}", lines[3]);
    // THIS reads these hosts as it always did.
    let this = run(&["canon", "--profile", "this", "--json"], input);
    assert!(!stdout(&this).contains("displayed"), "{}", stdout(&this));
}

#[test]
fn canon_json_is_valid_json_per_line() {
    let o = run(
        &["canon", "--json"],
        b"http://EXAMPLE.com/a/../b\nno-scheme\n\xff\n",
    );
    let out = stdout(&o);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON: {l:?}: {e}")))
        .collect();
    assert_eq!(lines.len(), 3, "stdout: {out:?}");
    for v in &lines {
        for key in [
            "input",
            "canonical",
            "error",
            "scheme",
            "user",
            "password",
            "host",
            "port",
            "path",
            "query",
            "fragment",
        ] {
            assert!(v.get(key).is_some(), "missing {key} in {v}");
        }
    }
    assert_eq!(lines[1]["input"], "no-scheme");
    assert!(lines[1]["canonical"].is_null());
    assert!(lines[1]["error"].is_string());
    assert!(lines[2]["canonical"].is_null());
    assert!(lines[2]["error"]
        .as_str()
        .is_some_and(|e| e.contains("UTF-8")));
    assert_eq!(o.status.code(), Some(1));

    let v = &lines[0];
    assert_eq!(v["input"], "http://EXAMPLE.com/a/../b");
    assert_eq!(v["canonical"], "http://example.com/b", "{v}");
    assert!(v["error"].is_null());
    assert_eq!(v["scheme"], "http");
    assert_eq!(v["host"], "example.com");
    assert_eq!(v["path"], "/b");
    assert!(v["query"].is_null());
    assert!(v["user"].is_null());
}

#[test]
fn canon_unknown_profile_lists_known_ones() {
    let o = run(&["canon", "--profile", "netscape", "http://a/"], b"");
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains("unknown profile \"netscape\""),
        "stderr: {err}"
    );
    assert!(err.contains("this"), "stderr: {err}");
    assert_eq!(stdout(&o), "");
}

#[test]
fn canon_known_profiles_are_accepted_case_insensitively() {
    let o = run(&["canon", "--profile", "THIS", "no-scheme"], b"");
    assert_eq!(o.status.code(), Some(1), "stderr: {}", stderr(&o));
}

#[test]
fn canon_unknown_encoding() {
    let o = run(&["canon", "--encoding", "klingon-8", "http://a/"], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("unknown encoding label \"klingon-8\""),
        "stderr: {}",
        stderr(&o)
    );
}

#[test]
fn canon_malformed_profile_file_names_line_and_column() {
    let dir = temp_dir("bad-profile");
    let path = dir.join("bad.toml");
    std::fs::write(&path, "name = \"x\"\ndescription = 3\n").unwrap();
    let o = run(
        &[
            "canon",
            "--profile-file",
            path.to_str().unwrap(),
            "http://a/",
        ],
        b"",
    );
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains(&format!("{}:2:", path.display())),
        "stderr: {err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(
        run(&["canon", "--no-such-flag"], b"").status.code(),
        Some(2)
    );
    assert_eq!(run(&["no-such-command"], b"").status.code(), Some(2));
    assert_eq!(run(&["test"], b"").status.code(), Some(2));
    let o = run(&["test", "/no/such/suite/dir"], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("/no/such/suite/dir"),
        "stderr: {}",
        stderr(&o)
    );
}

/// Parses the last line `N passed, M failed`.
/// A path in the repository (the workspace's root, above `cli/`).
fn repo_path(rel: &str) -> String {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(rel)
        .display()
        .to_string()
}

fn last_line_counts(out: &str) -> (usize, usize) {
    let last = out.lines().last().expect("some output");
    // `N passed, M failed`, then maybe how many of them are expected.
    let last = last.split(" (").next().unwrap_or(last);
    let (p, f) = last
        .split_once(" passed, ")
        .unwrap_or_else(|| panic!("last line {last:?} is not `N passed, M failed`"));
    let f = f
        .strip_suffix(" failed")
        .unwrap_or_else(|| panic!("last line {last:?} is not `N passed, M failed`"));
    (
        p.parse().expect("N is a number"),
        f.parse().expect("M is a number"),
    )
}

const PARSING: &str = "#data\nhttp://www.example.com/\n#scheme http\n#host www.example.com\n#path /\n\n#data\nhttp://a/b\n#scheme http\n#host WRONG\n#path /b\n";

#[test]
fn test_command_last_line_and_failures() {
    let dir = temp_dir("suite");
    std::fs::write(dir.join("parsing.dat"), PARSING).unwrap();
    let o = run(&["test", "--profile", "this", dir.to_str().unwrap()], b"");
    let out = stdout(&o);
    assert_eq!(last_line_counts(&out), (1, 1), "stdout: {out}");
    assert_eq!(out.lines().last(), Some("1 passed, 1 failed"));
    assert_eq!(o.status.code(), Some(1));
    assert!(out.contains("parsing.dat"), "stdout: {out}");

    let o = run(
        &[
            "test",
            "--profile",
            "this",
            "--failures",
            dir.to_str().unwrap(),
        ],
        b"",
    );
    let out = stdout(&o);
    assert!(out.contains("parsing.dat:7"), "stdout: {out}");
    assert!(out.contains("\"WRONG\""), "stdout: {out}");
    assert!(out.contains("http://a/b"), "stdout: {out}");
    assert_eq!(out.lines().last(), Some("1 passed, 1 failed"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn test_command_counts_record_profile_pairs() {
    let dir = temp_dir("suite-all");
    std::fs::write(
        dir.join("parsing.dat"),
        &PARSING[..PARSING.find("\n\n").unwrap() + 1],
    )
    .unwrap();
    let o = run(&["test", dir.join("parsing.dat").to_str().unwrap()], b"");
    let out = stdout(&o);
    let profiles = urlprism::profile::builtin_profiles().len();
    assert_eq!(last_line_counts(&out), (profiles, 0), "stdout: {out}");
    assert_eq!(o.status.code(), Some(0));

    let o = run(
        &[
            "test",
            "--profile",
            "this",
            "--profile",
            "this",
            dir.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(last_line_counts(&stdout(&o)), (2, 0));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn test_command_pipeline_file() {
    let dir = temp_dir("suite-pipeline");
    std::fs::write(
        dir.join("decomps-mine.dat"),
        "#data\nhttp://EXAMPLE.com/a/../b\n#canon http://example.com/b\n#scheme http\n#host example.com\n#path /b\n\n#data\nno-scheme\n#invalid 1\n",
    )
    .unwrap();
    let o = run(
        &[
            "test",
            "--profile",
            "this",
            "--failures",
            dir.to_str().unwrap(),
        ],
        b"",
    );
    let out = stdout(&o);
    assert_eq!(
        out.lines().last(),
        Some("2 passed, 0 failed"),
        "stdout: {out}"
    );
    assert_eq!(o.status.code(), Some(0));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn test_command_malformed_suite_names_file_and_line() {
    let dir = temp_dir("suite-bad");
    std::fs::write(dir.join("x.dat"), "#data\na\n\n#host b\n").unwrap();
    let o = run(&["test", dir.to_str().unwrap()], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("x.dat:4:"), "stderr: {}", stderr(&o));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A `urltestdata.json` of three records: one every engine passes, one
/// every engine rejects as it should, one whose expected `href` is wrong.
const WPT: &str = r##"["a comment",
  {"input": "HTTP://EX.com:80/a", "base": null, "href": "http://ex.com/a",
   "protocol": "http:", "username": "", "password": "", "host": "ex.com",
   "hostname": "ex.com", "port": "", "pathname": "/a", "search": "", "hash": ""},
  {"input": "http://256.0.0.1/", "base": null, "failure": true},
  {"input": "b?c#d", "base": "http://a/", "href": "http://a/WRONG?c#d",
   "protocol": "http:", "username": "", "password": "", "host": "a",
   "hostname": "a", "port": "", "pathname": "/b", "search": "?c", "hash": "#d"}]"##;

#[test]
fn test_command_runs_wpt_records_under_any_engine() {
    let dir = temp_dir("wpt-engines");
    let wpt = dir.join("urltestdata.json");
    std::fs::write(&wpt, WPT).unwrap();
    let engines = ["whatwg", "chromium", "firefox", "webkit"];
    let mut args = vec!["test", "--failures"];
    for e in engines {
        args.extend(["--profile", e]);
    }
    args.push(wpt.to_str().unwrap());
    let o = run(&args, b"");
    let out = stdout(&o);
    assert_eq!(last_line_counts(&out), (8, 4), "stdout: {out}");
    assert_eq!(o.status.code(), Some(1));
    for e in engines {
        // The third record fails, on its `href` only.
        assert!(
            out.contains(&format!("FAIL [{e}] urltestdata.json:3\n")),
            "stdout: {out}"
        );
        assert!(
            !out.contains(&format!("FAIL [{e}] urltestdata.json:1\n"))
                && !out.contains(&format!("FAIL [{e}] urltestdata.json:2\n")),
            "stdout: {out}"
        );
    }
    assert_eq!(
        out.matches("  href: expected \"http://a/WRONG?c#d\", actual \"http://a/b?c#d\"\n")
            .count(),
        4,
        "{out}"
    );
    assert!(!out.contains("  pathname:"), "stdout: {out}");
    assert!(!out.contains("not run"), "stdout: {out}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A failure listed in `expected-failures/ENGINE.json` beside the file
/// is expected (`FAIL (expected)`, with the reason), counted apart, and
/// the run succeeds when every failure is expected; a failure not listed
/// still fails the run.
#[test]
fn test_command_tells_expected_failures_from_the_others() {
    let dir = temp_dir("wpt-expected");
    let wpt = dir.join("urltestdata.json");
    std::fs::write(&wpt, WPT).unwrap();
    std::fs::create_dir_all(dir.join("expected-failures")).unwrap();
    std::fs::write(
        dir.join("expected-failures/chromium.json"),
        r#"[{"file": "urltestdata.json", "input": "b?c#d", "base": "http://a/", "reason": "the record is wrong on purpose"}]"#,
    )
    .unwrap();
    let o = run(
        &[
            "test",
            "--failures",
            "--profile",
            "chromium",
            wpt.to_str().unwrap(),
        ],
        b"",
    );
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "stdout: {out}");
    assert!(
        out.contains("FAIL (expected) [chromium] urltestdata.json:3\n  expected: the record is wrong on purpose\n"),
        "stdout: {out}"
    );
    assert!(out.contains("(1 expected, listed in "), "stdout: {out}");
    assert!(out.contains("0 unexpected)"), "stdout: {out}");
    // Under another engine the list is not its own: the failure counts.
    let o = run(
        &["test", "--profile", "firefox", wpt.to_str().unwrap()],
        b"",
    );
    assert_eq!(o.status.code(), Some(1), "stdout: {}", stdout(&o));
    assert!(!stdout(&o).contains("expected,"), "stdout: {}", stdout(&o));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The vendored web-platform-tests URL files: `whatwg` passes every case,
/// each browser engine fails only its browser's own failures, listed in
/// `tests/data/wpt/expected-failures/`, setter cases included (each
/// engine has its browser's URL API setters).
#[test]
fn test_command_on_the_vendored_wpt_files() {
    // `tests/data/wpt/*.json`, as the README's command gives them.
    let mut paths: Vec<String> = std::fs::read_dir(repo_path("tests/data/wpt"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(|p| p.display().to_string())
        .collect();
    paths.sort();
    assert_eq!(paths.len(), 5, "{paths:?}");
    let mut args = vec!["test", "--summary"];
    for e in ["whatwg", "chromium", "firefox", "webkit"] {
        args.extend(["--profile", e]);
    }
    args.extend(paths.iter().map(String::as_str));
    let o = run(&args, b"");
    let out = stdout(&o);
    assert_eq!(
        o.status.code(),
        Some(0),
        "stdout: {out}\nstderr: {}",
        stderr(&o)
    );
    let line = |e: &str| {
        out.lines()
            .find(|l| l.split_whitespace().next() == Some(e))
            .unwrap_or_else(|| panic!("no line for {e}: {out}"))
            .to_string()
    };
    assert!(line("whatwg").contains(" 0 failed"), "{out}");
    assert!(!line("whatwg").contains("expected"), "{out}");
    for e in ["chromium", "firefox", "webkit"] {
        let l = line(e);
        let failed: usize = l.split_whitespace().nth(3).unwrap().parse().unwrap();
        assert!(
            failed > 0 && l.contains(&format!("({failed} expected)")),
            "{out}"
        );
    }
    assert!(!out.contains("not run"), "{out}");
    assert!(out.contains(" 0 unexpected)"), "{out}");
}

#[test]
fn test_command_says_why_a_path_runs_no_record() {
    let dir = temp_dir("not-run");
    let suite = dir.join("suite");
    std::fs::create_dir_all(&suite).unwrap();
    std::fs::write(
        suite.join("parsing.dat"),
        &PARSING[..PARSING.find("\n\n").unwrap() + 1],
    )
    .unwrap();
    let suite = suite.to_str().unwrap();

    // Nothing runs: the reasons, on standard error, exit status 2, and
    // no `0 passed, 0 failed`.
    let o = run(
        &[
            "test",
            "--profile",
            "chromium",
            "--profile",
            "firefox",
            suite,
        ],
        b"",
    );
    assert_eq!(o.status.code(), Some(2), "stderr: {}", stderr(&o));
    assert!(!stdout(&o).contains("0 passed"), "stdout: {}", stdout(&o));
    assert!(
        stderr(&o).contains(&format!(
            "chromium, firefox: {suite}: not run (the .dat files of the 2011 suite run under the 2011 profiles only)\n"
        )),
        "stderr: {}",
        stderr(&o)
    );
    assert!(
        stderr(&o).contains("no test record ran"),
        "stderr: {}",
        stderr(&o)
    );

    // Some run: the others are named before the last line.
    let o = run(
        &["test", "--profile", "this", "--profile", "whatwg", suite],
        b"",
    );
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "stdout: {out}");
    assert_eq!(last_line_counts(&out), (1, 0), "stdout: {out}");
    assert!(
        out.contains(&format!("whatwg: {suite}: not run (")),
        "stdout: {out}"
    );

    // A directory without a .dat file, a WPT file without a record.
    let empty = dir.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    let no_cases = dir.join("urltestdata.json");
    std::fs::write(&no_cases, r#"["only a comment"]"#).unwrap();
    let (empty, no_cases) = (empty.to_str().unwrap(), no_cases.to_str().unwrap());
    let o = run(&["test", "--profile", "webkit", empty, no_cases], b"");
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains(&format!("webkit: {empty}: not run (no .dat file in it)\n")),
        "stderr: {err}"
    );
    assert!(
        err.contains(&format!(
            "webkit: {no_cases}: not run (it holds no test record)\n"
        )),
        "stderr: {err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn profiles_lists_and_shows_a_file_to_start_from() {
    let o = run(&["profiles"], b"");
    assert_eq!(o.status.code(), Some(0));
    let names: Vec<String> = stdout(&o)
        .lines()
        .map(|l| l.split_whitespace().next().unwrap_or("").to_string())
        .collect();
    let registered: Vec<String> = urlprism::engines::builtin_names();
    assert_eq!(names, registered);
    assert_eq!(names[..5], ["this", "chrome", "gecko", "ie", "whatwg"]);

    // Chrome with THIS's root-dot step instead of its own: a user profile
    // made from `profiles --show chrome`.
    let o = run(&["profiles", "--show", "chrome"], b"");
    let text = stdout(&o).replace(
        "root_dot = \"before-nameprep\"",
        "root_dot = \"after-separators\"",
    );
    assert!(text.contains("root_dot = \"after-separators\""));
    let dir = temp_dir("profiles-show");
    let file = dir.join("mine.toml");
    std::fs::write(&file, text.replace("name = \"chrome\"", "name = \"mine\"")).unwrap();
    let o = run(
        &[
            "canon",
            "--profile-file",
            file.to_str().unwrap(),
            "http://A.b./",
        ],
        b"",
    );
    assert_eq!(stdout(&o), "http://a.b./\n", "stderr: {}", stderr(&o));
    let o = run(&["profiles", "--show", "netscape"], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("known profiles"), "{}", stderr(&o));
    let _ = std::fs::remove_dir_all(&dir);
}

/// `profiles --plan NAME` prints what the profile compiles to: the steps
/// it runs, as the registry's switches say, and step 1's other plan; a
/// profile file's plan shows its own change.
#[test]
fn profiles_plan_shows_the_steps_a_profile_runs() {
    let runs = |text: &str, pipeline: &str, step: &str| -> Option<String> {
        let section = text.split("\n\n").find(|s| s.starts_with(pipeline))?;
        section
            .lines()
            .find(|l| l.split_whitespace().next() == Some(step))
            .and_then(|l| {
                l.split_whitespace()
                    .rev()
                    .find(|w| *w == "yes" || *w == "no")
                    .map(String::from)
            })
    };
    let o = run(&["profiles", "--plan", "chrome"], b"");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    assert_eq!(
        runs(&text, "CanonicalizeHost", "12").as_deref(),
        Some("yes")
    );
    assert_eq!(runs(&text, "CanonicalizeHost", "11").as_deref(), Some("no"));
    assert_eq!(runs(&text, "Nameprep", "6").as_deref(), Some("no"));
    // Chrome sends no hosts to another profile; Gecko's `file:` hosts
    // follow THIS and run its step 26.
    assert!(!text.contains("step 1: hosts of the classes"), "{text}");
    let o = run(&["profiles", "--plan", "gecko"], b"");
    let gecko = stdout(&o);
    assert!(
        gecko.contains("step 1: hosts of the classes file follow profile this"),
        "{gecko}"
    );
    let routed = gecko.split("step 1:").nth(1).unwrap();
    assert_eq!(
        runs(routed, "CanonicalizeHost", "26").as_deref(),
        Some("yes")
    );
    // A profile file that turns step 11 on.
    let text = stdout(&run(&["profiles", "--show", "chrome"], b""))
        .replace("nameprep_whole_host = false", "nameprep_whole_host = true")
        .replace("name = \"chrome\"", "name = \"mine\"");
    let dir = temp_dir("profiles-plan");
    let file = dir.join("mine.toml");
    std::fs::write(&file, text).unwrap();
    let path = file.to_str().unwrap();
    let o = run(&["profiles", "--plan", "--profile-file", path], b"");
    let text = stdout(&o);
    assert!(text.starts_with("plan of profile mine"), "{text}");
    assert_eq!(
        runs(&text, "CanonicalizeHost", "11").as_deref(),
        Some("yes")
    );
    let o = run(&["profiles", "--plan", "netscape"], b"");
    assert_eq!(o.status.code(), Some(2));
    // A name and a file, or neither: a usage error.
    let o = run(&["profiles", "--plan", "ie", "--profile-file", path], b"");
    assert_eq!(o.status.code(), Some(2));
    let o = run(&["profiles", "--plan"], b"");
    assert_eq!(o.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A profile file of two lines extends a built-in profile: `canon` takes
/// it with that profile's answers, and `profiles --show --profile-file`
/// prints it whole (a file that reads back as the same profile).
#[test]
fn a_profile_file_extends_a_builtin_one() {
    let dir = temp_dir("profiles-extends");
    let file = dir.join("opera.toml");
    std::fs::write(&file, "extends = \"chrome\"\nname = \"opera\"\n").unwrap();
    let path = file.to_str().unwrap();
    let input = b"http://a%5fb.test/\nhttp://Bu\xcc\x88cher.de./\nhttp://0x7f.1/\n";
    let opera = run(&["canon", "--profile-file", path], input);
    let chrome = run(&["canon", "--profile", "chrome"], input);
    assert_eq!(stdout(&opera), stdout(&chrome));
    let o = run(
        &[
            "compare",
            "--profile",
            "chrome",
            "--profile-file",
            path,
            "http://x/",
        ],
        b"",
    );
    assert!(stdout(&o).contains("opera"), "{}", stdout(&o));
    let whole = stdout(&run(&["profiles", "--show", "--profile-file", path], b""));
    let again = dir.join("whole.toml");
    std::fs::write(&again, &whole).unwrap();
    let o = run(&["canon", "--profile-file", again.to_str().unwrap()], input);
    assert_eq!(stdout(&o), stdout(&chrome), "{whole}");
    assert!(
        whole.contains("name = \"opera\"") && whole.contains("[canonicalize_host]"),
        "{whole}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A bad `--base` or `--encoding` is a usage error (exit 2), reported
/// before any input is read: no output line, whatever the input.
#[test]
fn bad_base_or_encoding_is_a_usage_error_before_any_input() {
    for args in [
        &["canon", "--base", "nope"][..],
        &["canon", "--encoding", "no-such-label"],
        &["compare", "--base", "nope"],
        &["compare", "--json", "--base", "nope"],
        &["compare", "--encoding", "no-such-label"],
        &["trace", "--base", "nope", "http://a/"],
    ] {
        let o = run(args, b"http://a/\nhttp://b/\n");
        assert_eq!(o.status.code(), Some(2), "{args:?}: stderr {}", stderr(&o));
        assert_eq!(stdout(&o), "", "{args:?}");
        let err = stderr(&o);
        assert_eq!(err.lines().count(), 1, "{args:?}: one message: {err}");
        assert!(
            err.contains("invalid base URL \"nope\"") || err.contains("no-such-label"),
            "{args:?}: {err}"
        );
    }
    let o = run(&["canon", "--base", "nope", "http://a/"], b"");
    assert_eq!(o.status.code(), Some(2));
    // A valid base is still taken.
    let o = run(&["canon", "--base", "http://h/d/", "x"], b"");
    assert_eq!(stdout(&o), "http://h/d/x\n");
}

/// An input without scheme has one reason, whichever command reports it.
#[test]
fn no_scheme_has_one_reason_in_canon_compare_and_trace() {
    let canon = run(&["canon", "nope"], b"");
    let canon_reason = stderr(&canon)
        .trim_end()
        .strip_prefix("argument 1: ")
        .expect("canon prefixes the position")
        .to_string();
    assert!(canon_reason.contains("no scheme"), "{canon_reason}");

    let compare = run(&["compare", "--json", "nope"], b"");
    let v: serde_json::Value = serde_json::from_str(stdout(&compare).trim()).unwrap();
    for r in v["results"].as_array().unwrap() {
        // Today's standard and browsers have reasons of their own.
        if let Some(own) = todays_reason(r) {
            assert!(own, "{r}");
            continue;
        }
        assert_eq!(r["error"].as_str(), Some(canon_reason.as_str()), "{r}");
    }
    let json = run(&["canon", "--json", "nope"], b"");
    let v: serde_json::Value = serde_json::from_str(stdout(&json).trim()).unwrap();
    assert_eq!(v["error"].as_str(), Some(canon_reason.as_str()));

    let trace = run(&["trace", "--json", "nope"], b"");
    let v: serde_json::Value = serde_json::from_str(stdout(&trace).trim()).unwrap();
    for r in v["results"].as_array().unwrap() {
        // Today's standard and browsers have reasons of their own.
        if let Some(own) = todays_reason(r) {
            assert!(own, "{r}");
            continue;
        }
        assert_eq!(r["error"].as_str(), Some(canon_reason.as_str()), "{r}");
    }
}

/// For a result of today's engines on `nope`: whether its error gives
/// that engine's own reason for a relative URL without a base; `None`
/// for a 2011 profile.
fn todays_reason(r: &serde_json::Value) -> Option<bool> {
    let e = r["error"].as_str().unwrap_or("");
    match r["profile"].as_str()? {
        "whatwg" => Some(e.contains("relative URL without a base")),
        "chromium" => Some(e.contains("chromium rejects it: no scheme")),
        "firefox" | "webkit" => Some(e.contains("rejects it: no scheme, and no base URL")),
        _ => None,
    }
}

/// A URL with no host to trace is reported once, with its reason once.
#[test]
fn trace_reports_no_host_once() {
    let o = run(&["trace", "nope"], b"");
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    // The 2011 profiles' one reason, once for the four of them.
    let reason = "no scheme: the URL does not begin with scheme characters";
    assert_eq!(out.matches(reason).count(), 1, "{out}");
    assert_eq!(out.matches("no host to trace").count(), 1, "{out}");
    assert_eq!(stderr(&o), "", "the output already says it");

    let o = run(&["trace", "mailto:a@b"], b"");
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(
        out.contains("no host to trace: the URL has no host"),
        "{out}"
    );
    assert_eq!(out.matches("no host to trace").count(), 1, "{out}");
    assert_eq!(stderr(&o), "");
}

/// A URL-level step that changes a profile's result is shown with what
/// the profile gives without it; a profile whose URL-level steps give
/// the whole URL (googleurl's path URLs) has no host rows; a URL no such
/// step touches shows none.
#[test]
fn trace_shows_the_url_level_steps_that_act() {
    let o = run(
        &[
            "trace",
            "--all",
            "--profile",
            "chrome",
            "--profile",
            "this",
            "FoO://Bar/a/../b",
        ],
        b"",
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("url step  chrome  path_urls (kind); without it: foo://bar/b"),
        "{out}"
    );
    assert!(
        out.contains("untraced  chrome (URL-level steps give the whole URL"),
        "{out}"
    );
    let rows = trace_rows(&out);
    assert!(!rows.is_empty(), "{out}");
    assert!(rows.iter().all(|r| !r.contains("chrome")), "{out}");

    let o = run(
        &["trace", "--json", "--profile", "ie", "http://a/x?y%41"],
        b"",
    );
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["url_steps"][0]["step"], "windows_escapes", "{v}");
    assert_eq!(v["url_steps"][0]["without"], "http://a/x?y%41", "{v}");

    let o = run(&["trace", "--all", "http://a/b"], b"");
    let out = stdout(&o);
    assert!(!out.contains("url step"), "{out}");
    assert!(!out.contains("URL-level steps give"), "{out}");
}

/// The step rows of a trace table (after the header line `step ...`).
fn trace_rows(out: &str) -> Vec<&str> {
    out.lines()
        .skip_while(|l| !l.starts_with("step "))
        .skip(1)
        .take_while(|l| !l.is_empty())
        .collect()
}

/// `--changes` keeps the steps that changed the string or failed and the
/// divergence; `--all` (the default when the output is not a terminal)
/// keeps every step.
#[test]
fn trace_changes_shows_only_steps_that_change_or_fail() {
    let url = "http://Example.com/";
    let all = run(&["trace", "--all", url], b"");
    let default = run(&["trace", url], b"");
    assert_eq!(stdout(&all), stdout(&default), "not a terminal: every step");
    // The 2011 profiles, whose steps mostly leave this host alone.
    let profiles = [
        "--profile",
        "this",
        "--profile",
        "chrome",
        "--profile",
        "gecko",
        "--profile",
        "ie",
    ];
    let all = run(&[&["trace", "--all"][..], &profiles, &[url]].concat(), b"");
    let changes = run(
        &[&["trace", "--changes"][..], &profiles, &[url]].concat(),
        b"",
    );
    assert_eq!(changes.status.code(), Some(0), "{}", stderr(&changes));
    let (all, changes) = (stdout(&all), stdout(&changes));
    let (all_rows, change_rows) = (trace_rows(&all), trace_rows(&changes));
    assert!(
        all_rows.len() > 3 * change_rows.len(),
        "{all}\n---\n{changes}"
    );
    assert!(all_rows.iter().any(|r| r.contains("(unchanged)")), "{all}");
    assert!(
        !change_rows.iter().any(|r| r.contains("(unchanged)")),
        "{changes}"
    );
    // The lowercasing (Nameprep's map step, or CHROME's step 24) is kept.
    assert!(
        change_rows.iter().any(|r| r.contains("\"example.com\"")),
        "{changes}"
    );
    // A failing step is a change too.
    let fail = stdout(&run(
        &["trace", "--changes", "--profile", "chrome", "http://a~b/"],
        b"",
    ));
    assert!(
        trace_rows(&fail).iter().any(|r| r.contains("fail")),
        "{fail}"
    );
    // --changes and --all do not go together.
    let o = run(&["trace", "--changes", "--all", url], b"");
    assert_eq!(o.status.code(), Some(2));
}

/// Profiles that part at a step and end with the same result: the trace
/// says that the results agree and where the steps differ; profiles that
/// end apart: the first divergence.
#[test]
fn trace_says_when_results_agree_but_steps_differ() {
    let o = run(&["trace", "http://Example.com/"], b"");
    let out = stdout(&o);
    assert!(
        out.contains("results agree; intermediate steps differ at CanonicalizeHost step"),
        "{out}"
    );
    assert!(!out.contains("first divergence"), "{out}");
    assert!(out.contains("result    all "), "one result line: {out}");

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
    let out = stdout(&o);
    assert!(
        out.contains("first divergence: CanonicalizeHost step 6"),
        "{out}"
    );
    assert!(!out.contains("results agree"), "{out}");
}

/// `canon --threads N` writes what one thread writes, byte for byte, on
/// standard output and standard error, with the same exit status: over
/// many chunks of input, invalid URLs, lines that are not UTF-8, CRLF, a
/// last line without LF, with and without `--json`.
#[test]
fn canon_on_several_threads_writes_what_one_thread_writes() {
    let mut input = Vec::new();
    for i in 0..60_000u32 {
        let line: Vec<u8> = match i % 97 {
            0 => b"no scheme".to_vec(),
            1 => b"http://a\xffb/".to_vec(),
            2 => format!("HTTP://Example{i}.COM/a/../b\r").into_bytes(),
            3 => b"http://[::1/".to_vec(),
            _ => format!(
                "http://h{}.test/p/{i}?q={}#f",
                i % 13,
                "x".repeat((i % 50) as usize)
            )
            .into_bytes(),
        };
        input.extend_from_slice(&line);
        input.push(b'\n');
    }
    input.extend_from_slice(b"http://Last.test");
    for json in [false, true] {
        let args = |t: &'static str| {
            let mut a = vec!["canon", "--threads", t];
            if json {
                a.push("--json");
            }
            a
        };
        let one = run(&args("1"), &input);
        assert_eq!(one.status.code(), Some(1));
        assert_eq!(stdout(&one).lines().count(), 60_001);
        for t in ["2", "3"] {
            let many = run(&args(t), &input);
            assert_eq!(
                many.status.code(),
                one.status.code(),
                "{t} threads, json {json}"
            );
            assert!(
                many.stdout == one.stdout,
                "{t} threads, json {json}: standard output differs"
            );
            assert!(
                many.stderr == one.stderr,
                "{t} threads, json {json}: standard error differs"
            );
        }
    }
}

/// `canon` shows a progress line on standard error when it is a terminal
/// (here `script`'s pseudo-terminal) and the input long, and cleans it up;
/// never when standard error is a pipe.
#[test]
fn canon_shows_progress_on_a_terminal_only() {
    // Hosts that take the IDN steps, so that the run outlasts the
    // progress line's quarter-second interval on a fast, quiet machine
    // (two million ASCII URLs take less).
    let input: String = (0..1_000_000)
        .map(|i| format!("http://bücher{i}.straße.日本語.test/\n"))
        .collect();
    let dir = temp_dir("progress");
    let file = dir.join("urls.txt");
    std::fs::write(&file, &input).unwrap();
    let piped = run(&["canon", "--threads", "2"], input.as_bytes());
    assert!(piped.stderr.is_empty(), "{}", stderr(&piped));
    let script = std::process::Command::new("script")
        .args(["-qec"])
        .arg(format!(
            "{} canon --threads 2 < {} > /dev/null",
            env!("CARGO_BIN_EXE_urlprism"),
            file.display()
        ))
        .arg("/dev/null")
        .output();
    let Ok(o) = script else {
        // `script` (util-linux) is on every machine this runs on; say so
        // if it is not.
        panic!("`script` is needed to give the command a terminal");
    };
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.contains(" lines, ") && text.contains(" lines/s"),
        "{text:?}"
    );
    // The last thing written takes the line away.
    assert!(text.ends_with("\r\x1b[K"), "{text:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `compare --json` and `--diff-only` on several threads write what one
/// thread writes (the summary's timing aside), unreadable lines included.
#[test]
fn compare_on_several_threads_writes_what_one_thread_writes() {
    let mut input = Vec::new();
    for i in 0..20_000u32 {
        let line: Vec<u8> = match i % 53 {
            0 => b"http://a\xffb/".to_vec(),
            1 => format!("http://a%5fb{i}.test/").into_bytes(),
            2 => format!("http://B\u{fc}cher{i}.DE/").into_bytes(),
            3 => b"http://[::1/".to_vec(),
            _ => format!("http://h{}.test/p/{i}", i % 11).into_bytes(),
        };
        input.extend_from_slice(&line);
        input.push(b'\n');
    }
    let timing = |e: &[u8]| -> String {
        String::from_utf8_lossy(e)
            .lines()
            .filter(|l| !l.contains("URLs/s"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    for mode in [
        &["--json"][..],
        &["--diff-only"],
        &["--diff-only", "--steps"],
        &["--diff-only", "--json"],
    ] {
        let args = |t: &'static str| {
            let mut a = vec!["compare", "--threads", t];
            a.extend_from_slice(mode);
            a
        };
        let one = run(&args("1"), &input);
        assert_eq!(one.status.code(), Some(1), "{mode:?}");
        assert!(!one.stdout.is_empty());
        let many = run(&args("2"), &input);
        assert_eq!(many.status.code(), one.status.code(), "{mode:?}");
        assert!(
            many.stdout == one.stdout,
            "{mode:?}: standard output differs"
        );
        assert_eq!(timing(&many.stderr), timing(&one.stderr), "{mode:?}");
    }
}

/// What the help of `compare` and `trace` says they run is what they run:
/// every engine of the group `today` is named, and with no option both
/// eras run, the 2011 profiles first.
#[test]
fn compare_and_trace_help_name_the_engines_they_run() {
    use urlprism::compare::Engine;
    let today = urlprism::engines::group(urlprism::engines::TODAY).unwrap();
    for cmd in ["compare", "trace"] {
        let help = stdout(&run(&[cmd, "--help"], b""));
        for e in &today {
            assert!(
                help.contains(&format!("`{}`", e.name())),
                "{cmd}: {}\n{help}",
                e.name()
            );
        }
        assert!(help.contains("the 2011 profiles"), "{help}");
    }
    let table = stdout(&run(&["compare", "http://Bücher.DE/"], b""));
    let rows: Vec<&str> = table.lines().skip(2).take(8).collect();
    assert!(rows[0].trim_start().starts_with("2011"), "{table}");
    assert!(rows[4].trim_start().starts_with("today"), "{table}");
    for e in urlprism::engines::builtin_engines() {
        assert!(
            rows.iter()
                .any(|r| r.split_whitespace().any(|w| w == e.name())),
            "{table}"
        );
    }
}
