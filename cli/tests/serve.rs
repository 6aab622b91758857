//! Tests of `urlprism serve`: the API answers what the command line prints
//! with `--json`, on many URLs; hostile requests get a 4xx and leave the
//! server up; many clients at once are all answered.

mod cli_support;
mod serve_support;

use serve_support::{encode, get, send_raw, Server};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::Output;
use urlprism::conformance::{read_suite_file, record_encoding};

fn shared() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/..")).join("../shared")
}

/// The shared material at `rel`, or `None` with a notice (a failure when
/// `CI` is set).
fn shared_path(rel: &str) -> Option<PathBuf> {
    let p = shared().join(rel);
    if p.exists() {
        return Some(p);
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "{} is missing (required when CI is set)",
        p.display()
    );
    eprintln!("note: {} is missing; those inputs are skipped", p.display());
    None
}

/// Strings that have broken URL code before: controls, NUL, lone
/// escapes, odd Unicode, huge labels.
fn hostile_urls() -> Vec<String> {
    let mut v: Vec<String> = [
        "",
        " ",
        "http://",
        "http://a\u{0}b/",
        "http://a/\u{0}",
        "\u{0}",
        "http://%/",
        "http://%zz/",
        "http://a%00b/",
        "http://[::1/",
        "http://[::1]]/",
        "http://1.2.3.4.5/",
        "http://0x7f.1/",
        "http://999999999999/",
        "http://xn--/",
        "http://xn--a.xn--b/",
        "http://\u{202e}evil.com/",
        "http://\u{fffd}/",
        "http://\u{1f600}.test/",
        "http://a..b/",
        "http://.../",
        "http://a b/",
        "http://user:pass@host:99999/",
        "http://@/",
        "javascript:alert(1)",
        "data:text/html,<script>alert(1)</script>",
        "http://x/<script>alert(1)</script>",
        "mailto:\"<b>\"@x",
        "\\\\server\\share",
        "file:///C:/a/../../b",
        "http://example.com/a\nb",
        "http://example.com/a\rb",
        "http://exa\tmple.com/",
        "http://example.com/%E0%A4%A",
        "http://example.com/?%FF%FE",
        "http://example.com/#\u{7f}",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    v.push(format!("http://{}.com/", "a".repeat(300)));
    v.push(format!("http://{}/", "ü.".repeat(200)));
    v.push(format!("http://example.com/{}", "%".repeat(1000)));
    v.push(format!("http://example.com/{}", "../".repeat(1000)));
    v
}

/// The inputs, grouped by (base, encoding label): the suite's records,
/// samples of the benchmark corpora, and hostile strings.
fn inputs() -> BTreeMap<(Option<String>, String), Vec<String>> {
    let mut groups: BTreeMap<(Option<String>, String), Vec<String>> = BTreeMap::new();
    let mut add = |base: Option<&str>, encoding: &str, url: &str| {
        groups
            .entry((base.map(str::to_string), encoding.to_string()))
            .or_default()
            .push(url.to_string());
    };
    if let Some(dir) = shared_path("conformance/tests-web-url") {
        let mut files: Vec<PathBuf> = Vec::new();
        for d in [dir.clone(), dir.join("generated")] {
            let Ok(entries) = std::fs::read_dir(&d) else {
                continue;
            };
            files.extend(
                entries
                    .filter_map(|e| e.ok().map(|e| e.path()))
                    .filter(|p| p.extension().is_some_and(|x| x == "dat")),
            );
        }
        files.sort();
        assert!(files.len() > 10, "the suite has its files");
        for f in files {
            for r in read_suite_file(&f).expect("the suite file reads") {
                add(r.base(), record_encoding(&r).name(), r.data());
            }
        }
    }
    for (file, n) in [
        ("ascii.txt", 300),
        ("idn.txt", 300),
        ("kasztp-source.txt", 200),
    ] {
        if let Some(p) = shared_path(&format!("bench/{file}")) {
            let text = std::fs::read_to_string(p).expect("the corpus reads");
            for line in text.lines().take(n) {
                add(None, "UTF-8", line);
            }
        }
    }
    if let Some(p) = shared_path("bench/relative.txt") {
        let text = std::fs::read_to_string(p).expect("the corpus reads");
        for line in text.lines().take(150) {
            if let Some((base, rel)) = line.split_once('\t') {
                add(Some(base), "UTF-8", rel);
            }
        }
    }
    for u in hostile_urls() {
        add(None, "UTF-8", &u);
        add(Some("http://example.com/dir/"), "Shift_JIS", &u);
    }
    groups
}

/// Runs `urlprism <args> --json` on `urls`: through standard input when
/// every URL fits on a line, as arguments otherwise (an argument cannot
/// hold NUL, a line cannot hold a line break).  One JSON value per URL,
/// or the usage error (exit status 2) on standard error.
fn cli_json(args: &[String], urls: &[String]) -> Result<Vec<serde_json::Value>, String> {
    let one_line = urls.iter().all(|u| !u.contains(['\n', '\r']));
    let mut all: Vec<&str> = args.iter().map(String::as_str).collect();
    all.push("--json");
    let o: Output = if one_line {
        let mut stdin = urls.join("\n").into_bytes();
        stdin.push(b'\n');
        cli_support::run(&all, &stdin)
    } else {
        assert!(urls.iter().all(|u| !u.contains('\0')), "{urls:?}");
        all.push("--");
        all.extend(urls.iter().map(String::as_str));
        cli_support::run(&all, b"")
    };
    if o.status.code() == Some(2) {
        return Err(String::from_utf8_lossy(&o.stderr).into_owned());
    }
    let out = String::from_utf8(o.stdout).expect("UTF-8 output");
    let v: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    assert_eq!(v.len(), urls.len(), "one line per URL: {args:?}");
    Ok(v)
}

fn query(url: &str, base: Option<&str>, extra: &str) -> String {
    let mut q = format!("url={}", encode(url));
    if let Some(b) = base {
        q.push_str(&format!("&base={}", encode(b)));
    }
    q.push_str(extra);
    q
}

/// Checks `/api/<endpoint>` against `urlprism <endpoint> --json` for every
/// input, under the options `cli_opts` (command line) and `api_opts`
/// (query string); returns how many URLs were checked.
fn check_endpoint(
    server: &Server,
    endpoint: &str,
    cli_opts: &[&str],
    api_opts: &str,
    with_encoding: bool,
) -> usize {
    let mut checked = 0;
    for ((base, encoding), urls) in inputs() {
        // Line breaks go as arguments, the rest through standard input;
        // the command line cannot take a URL with both a NUL and a line
        // break.
        let (lines, args): (Vec<String>, Vec<String>) = urls
            .into_iter()
            .filter(|u| !(u.contains('\0') && u.contains(['\n', '\r'])))
            .partition(|u| !u.contains(['\n', '\r']));
        for urls in [lines, args] {
            if urls.is_empty() {
                continue;
            }
            let mut cli: Vec<String> = vec![endpoint.to_string()];
            cli.extend(cli_opts.iter().map(|s| s.to_string()));
            let mut extra = api_opts.to_string();
            if let Some(b) = &base {
                cli.extend(["--base".to_string(), b.clone()]);
            }
            if with_encoding {
                cli.extend(["--encoding".to_string(), encoding.clone()]);
                extra.push_str(&format!("&encoding={}", encode(&encoding)));
            }
            let expected = match cli_json(&cli, &urls) {
                Ok(v) => v,
                Err(usage) => {
                    // A usage error (an invalid base): the API refuses
                    // every URL with the same message.
                    for url in &urls {
                        let target =
                            format!("/api/{endpoint}?{}", query(url, base.as_deref(), &extra));
                        let r = get(server.addr, &target);
                        assert_eq!(r.status, 400, "{target}: {}", r.text());
                        let e = r.json()["error"].as_str().unwrap().to_string();
                        assert!(usage.contains(&e), "{target}: {e:?} vs {usage:?}");
                        checked += 1;
                    }
                    continue;
                }
            };
            for (url, mut want) in urls.iter().zip(expected) {
                let target = format!("/api/{endpoint}?{}", query(url, base.as_deref(), &extra));
                let r = get(server.addr, &target);
                assert_eq!(r.status, 200, "{target}: {}", r.text());
                assert_eq!(
                    r.header("content-type"),
                    Some("application/json"),
                    "{target}"
                );
                assert!(r.body.ends_with(b"}\n"), "one JSON line: {target}");
                let got = r.json();
                // The command line numbers its inputs; the API has one.
                if let Some(line) = want.get_mut("line") {
                    assert_eq!(got["line"], 1, "{target}");
                    *line = 1.into();
                }
                assert_eq!(got, want, "{target}");
                checked += 1;
            }
        }
    }
    checked
}

#[test]
fn api_compare_equals_cli_on_many_urls() {
    let server = Server::start();
    let n = check_endpoint(&server, "compare", &[], "", true);
    eprintln!("compare: {n} URLs, every profile, equal to the command line");
    assert!(n >= hostile_urls().len() * 2);
    let n = check_endpoint(
        &server,
        "compare",
        &[
            "--profile",
            "gecko",
            "--profile",
            "ie",
            "--profile",
            "gecko",
        ],
        "&profile=gecko&profile=ie&profile=gecko",
        true,
    );
    eprintln!("compare gecko,ie,gecko: {n} URLs equal to the command line");
    // A group: the API's group=today is the command line's --today.
    let n = check_endpoint(
        &server,
        "compare",
        &["--profile", "this", "--today"],
        "&profile=this&group=today",
        true,
    );
    eprintln!("compare this + today: {n} URLs equal to the command line");
    let listed = get(server.addr, "/api/profiles").json();
    let today = &listed["groups"]["today"];
    assert_eq!(
        today,
        &serde_json::json!(["whatwg", "chromium", "firefox", "webkit"]),
        "{listed}"
    );
    let registered: Vec<&str> = listed["registered"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["name"].as_str().unwrap())
        .collect();
    assert!(registered.contains(&"chromium"), "{listed}");
    assert_eq!(
        listed["profiles"],
        serde_json::json!([
            "this", "chrome", "gecko", "ie", "whatwg", "chromium", "firefox", "webkit"
        ]),
        "both eras are compared by default: {listed}"
    );
    let r = get(server.addr, "/api/compare?url=x&group=tomorrow");
    assert_eq!(r.status, 400);
    assert!(r.text().contains("unknown group"), "{}", r.text());
    let r = get(server.addr, "/api/canon?url=x&group=today");
    assert_eq!(r.status, 400);
    assert!(
        r.text().contains("url, base, profile, encoding"),
        "{}",
        r.text()
    );
}

#[test]
fn api_canon_equals_cli_on_many_urls() {
    let server = Server::start();
    let n = check_endpoint(&server, "canon", &[], "", true);
    eprintln!("canon: {n} URLs equal to the command line");
    let n = check_endpoint(&server, "canon", &["--profile", "ie"], "&profile=ie", true);
    eprintln!("canon ie: {n} URLs equal to the command line");
}

/// `/api/keys`: for each kind, the object `key --json` prints, and the
/// host columns `key --host-columns --json` gives; on the key corpus
/// (a sample) and hostile URLs; bad parameters get a 400 naming them.
#[test]
fn api_keys_equals_cli() {
    let server = Server::start();
    let corpus = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/data/keys/corpus.txt"
    ))
    .unwrap();
    let mut urls: Vec<String> = corpus.lines().step_by(97).map(str::to_string).collect();
    urls.extend(
        hostile_urls()
            .into_iter()
            .filter(|u| !u.contains('\n') && !u.contains('\r'))
            .take(40),
    );
    let mut checked = 0;
    for url in &urls {
        let answer = get(server.addr, &format!("/api/keys?url={}", encode(url)));
        assert_eq!(answer.status, 200, "{url}: {}", answer.text());
        let v = answer.json();
        let keys = v["keys"].as_array().unwrap();
        assert_eq!(keys.len(), urlprism::keys::builtin_names().len(), "{url}");
        for k in keys {
            let kind = k["kind"].as_str().unwrap();
            let line = format!("{url}\n");
            let out = cli_support::run(&["key", "--json", "--kind", kind], line.as_bytes());
            let mut cli: serde_json::Value =
                serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
                    panic!(
                        "{kind} {url}: {e}: {}",
                        String::from_utf8_lossy(&out.stdout)
                    )
                });
            // The API gives a kind's lookup expressions where it has them.
            if k.get("expressions").is_some() {
                let out = cli_support::run(
                    &["key", "--json", "--expressions", "--kind", kind],
                    line.as_bytes(),
                );
                cli = serde_json::from_slice(&out.stdout).unwrap();
            }
            assert_eq!(k, &cli, "{kind} {url}");
            checked += 1;
        }
        let out = cli_support::run(
            &["key", "--json", "--host-columns"],
            format!("{url}\n").as_bytes(),
        );
        let cli: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["host_columns"], cli["host_columns"], "{url}");
    }
    assert!(checked > 1000, "{checked}");
    let only = get(
        server.addr,
        "/api/keys?url=http%3A%2F%2Fwww.a.example%2F&kind=surt&kind=ssurt",
    )
    .json();
    let kinds: Vec<&str> = only["keys"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["surt", "ssurt"]);
    for (target, reason) in [
        (
            "/api/keys?url=a&kind=surtt",
            "unknown kind of key \"surtt\"",
        ),
        (
            "/api/keys?url=a&profile=ie",
            "unknown parameter \"profile\"",
        ),
        (
            "/api/keys?url=a&base=http%3A%2F%2Fa%2F",
            "unknown parameter \"base\"",
        ),
        ("/api/keys?kind=surt", "url parameter is missing"),
    ] {
        let r = get(server.addr, target);
        assert_eq!(r.status, 400, "{target}");
        let error = r.json()["error"].as_str().unwrap_or_default().to_string();
        assert!(error.contains(reason), "{target}: {error}");
    }
}

/// `trace` takes one URL a run: byte for byte, on a sample.
#[test]
fn api_trace_equals_cli_byte_for_byte() {
    let server = Server::start();
    let mut urls: Vec<(Option<String>, String)> = hostile_urls()
        .into_iter()
        .filter(|u| !u.contains('\0'))
        .map(|u| (None, u))
        .collect();
    urls.push((
        Some("http://Bücher.example/".into()),
        "//EXAMPLE.ｃｏｍ/".into(),
    ));
    urls.push((None, "http://a%5fb.test/".into()));
    if let Some(p) = shared_path("bench/idn.txt") {
        let text = std::fs::read_to_string(p).expect("the corpus reads");
        urls.extend(text.lines().step_by(400).map(|l| (None, l.to_string())));
    }
    for profiles in [vec![], vec!["this", "ie"]] {
        for (base, url) in &urls {
            let mut args: Vec<&str> = vec!["trace", "--json"];
            let mut extra = String::new();
            for p in &profiles {
                args.extend(["--profile", p]);
                extra.push_str(&format!("&profile={p}"));
            }
            if let Some(b) = base {
                args.extend(["--base", b]);
            }
            args.extend(["--", url]);
            let o = cli_support::run(&args, b"");
            let target = format!("/api/trace?{}", query(url, base.as_deref(), &extra));
            let r = get(server.addr, &target);
            assert_eq!(r.status, 200, "{target}: {}", r.text());
            assert_eq!(
                r.text(),
                String::from_utf8_lossy(&o.stdout),
                "{target} (trace --json {url:?})"
            );
        }
    }
}

/// The usage errors of the command line are the API's 400s, with the
/// same message.
#[test]
fn bad_parameters_get_400_with_a_json_reason() {
    let server = Server::start();
    let cases: &[(&str, u16, &str)] = &[
        ("/api/compare", 400, "url parameter is missing"),
        ("/api/compare?base=x", 400, "url parameter is missing"),
        (
            "/api/compare?url=a&profile=netscape",
            400,
            "unknown profile \"netscape\"",
        ),
        ("/api/trace?url=a&profile=netscape", 400, "unknown profile"),
        ("/api/canon?url=a&profile=netscape", 400, "unknown profile"),
        (
            "/api/canon?url=a&profile=this&profile=ie",
            400,
            "one profile",
        ),
        (
            "/api/compare?url=a&encoding=klingon",
            400,
            "unknown encoding label \"klingon\"",
        ),
        (
            "/api/trace?url=a&encoding=utf-8",
            400,
            "unknown parameter \"encoding\"",
        ),
        ("/api/compare?url=a&url=b", 400, "more than once"),
        ("/api/compare?url=%zz", 400, "invalid percent-encoding"),
        ("/api/compare?url=%", 400, "invalid percent-encoding"),
        ("/api/compare?url=%C3", 400, "not valid UTF-8"),
        ("/api/compare?url=%FF%FE", 400, "not valid UTF-8"),
        ("/api/compare?%FF=1", 400, "not valid UTF-8"),
        ("/api/compare?url=a&x%00y=1", 400, "unknown parameter"),
        ("/api/nothing?url=a", 404, "no such page"),
    ];
    for &(target, status, why) in cases {
        let r = get(server.addr, target);
        assert_eq!(r.status, status, "{target}: {}", r.text());
        let j = r.json();
        let e = j["error"].as_str().expect("an error string");
        assert!(e.contains(why), "{target}: {e:?} should say {why:?}");
        assert_eq!(j["status"], status);
        assert_eq!(j["limits"]["url_bytes"], 8192, "{target}");
    }
    // The command line says the same about a profile.
    let o = cli_support::run(&["compare", "--profile", "netscape", "a"], b"");
    let cli = String::from_utf8_lossy(&o.stderr);
    let r = get(server.addr, "/api/compare?url=a&profile=netscape");
    let api = r.json()["error"].as_str().unwrap().to_string();
    assert!(cli.contains(&api), "{cli:?} vs {api:?}");

    // Other methods.
    let r = send_raw(
        server.addr,
        b"POST /api/compare?url=a HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nConnection: close\r\n\r\nabc",
    )
    .unwrap();
    assert_eq!(r.status, 405, "{}", r.text());
    assert_eq!(r.header("allow"), Some("GET, HEAD"));
    assert!(r.json()["error"].as_str().unwrap().contains("use GET"));
}

#[test]
fn size_limits_are_enforced_and_stated() {
    let server = Server::start();
    let at_limit = format!("http://example.com/{}", "a".repeat(8192 - 19));
    assert_eq!(at_limit.len(), 8192);
    let r = get(
        server.addr,
        &format!("/api/compare?url={}", encode(&at_limit)),
    );
    assert_eq!(r.status, 200, "a URL at the limit is served");
    let over = format!("{at_limit}b");
    let r = get(server.addr, &format!("/api/compare?url={}", encode(&over)));
    assert_eq!(r.status, 414, "{}", r.text());
    let e = r.json()["error"].as_str().unwrap().to_string();
    assert!(e.contains("8193 bytes") && e.contains("8192"), "{e}");
    // The limit is on the decoded value: 8192 escaped 'ü's are too many,
    // 4096 are not.
    let r = get(
        server.addr,
        &format!("/api/canon?url={}", "%C3%BC".repeat(4097)),
    );
    assert_eq!(r.status, 414, "{}", r.text());
    let r = get(
        server.addr,
        &format!("/api/canon?url={}", "%C3%BC".repeat(4096)),
    );
    assert_eq!(r.status, 200, "{}", r.text());
    // A url and a base at their limit, (nearly) every byte escaped, fit
    // in a query.
    let full = "%C3%BC".repeat(4096);
    let base = format!("{}{}", encode("http://ab/"), "%C3%BC".repeat(4091));
    let r = get(server.addr, &format!("/api/canon?url={full}&base={base}"));
    assert_eq!(r.status, 200, "{}", r.text());
    // The query string as sent.
    let r = get(
        server.addr,
        &format!("/api/canon?url=a&base={}", "%41".repeat(21000)),
    );
    assert_eq!(r.status, 414, "{}", r.text());
    assert!(r.json()["error"].as_str().unwrap().contains("61440"));
    // The request head: answered by the HTTP layer, connection closed.
    let r = get(
        server.addr,
        &format!("/api/canon?url={}", "a".repeat(200_000)),
    );
    assert!((400..500).contains(&r.status), "{}", r.head);
    let big_header = format!(
        "GET /api/canon?url=a HTTP/1.1\r\nHost: x\r\nX-Big: {}\r\nConnection: close\r\n\r\n",
        "b".repeat(300_000)
    );
    let r = send_raw(server.addr, big_header.as_bytes()).unwrap();
    assert!((400..500).contains(&r.status), "{}", r.head);
    assert_eq!(get(server.addr, "/api/canon?url=http://a/").status, 200);
}

/// Requests that are not HTTP, or not well-formed: a 4xx, never a 5xx,
/// never a connection dropped without an answer, and the server lives.
fn hostile_requests() -> Vec<Vec<u8>> {
    let mut v: Vec<Vec<u8>> = vec![
        b"GET /api/compare?url=a\0b HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".to_vec(),
        b"GET /\0 HTTP/1.1\r\n\r\n".to_vec(),
        b"\0\0\0\0\r\n\r\n".to_vec(),
        b"GARBAGE\r\n\r\n".to_vec(),
        b"GET\r\n\r\n".to_vec(),
        b"GET / HTTP/9.9\r\n\r\n".to_vec(),
        b"GET /api/compare?url=\xff\xfe HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".to_vec(),
        b"GET /api/compare?url=a HTTP/1.1\r\nHost: x\r\nBad Header\r\nConnection: close\r\n\r\n"
            .to_vec(),
        b"GET /api/compare?url=a HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n".to_vec(),
        b"GET http://[::1 HTTP/1.1\r\n\r\n".to_vec(),
        b"GET /api/compare?url=%zz%%%&&&=&= HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
            .to_vec(),
        b"GET /api/compare?url=a&profile=%00 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
            .to_vec(),
        b"GET /api/trace?url=a&profile=this&profile=this&profile=this&profile=this&profile=this&profile=this&profile=this&profile=this&profile=this&profile=this&profile=this&profile=this&profile=this&profile=this&profile=this&profile=this&profile=this HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".to_vec(),
    ];
    let mut huge = b"GET /api/compare?url=".to_vec();
    huge.extend(std::iter::repeat_n(b'a', 1 << 20));
    huge.extend(b" HTTP/1.1\r\nHost: x\r\n\r\n");
    v.push(huge);
    let mut many_headers = b"GET /api/canon?url=a HTTP/1.1\r\nHost: x\r\n".to_vec();
    for k in 0..500 {
        many_headers.extend(format!("X-{k}: y\r\n").as_bytes());
    }
    many_headers.extend(b"Connection: close\r\n\r\n");
    v.push(many_headers);
    v
}

#[test]
fn hostile_requests_get_4xx_and_the_server_lives() {
    let mut server = Server::start();
    for req in hostile_requests() {
        let shown = String::from_utf8_lossy(&req[..req.len().min(120)]).into_owned();
        let r = send_raw(server.addr, &req).unwrap_or_else(|e| panic!("{shown:?}: {e}"));
        assert!((400..500).contains(&r.status), "{shown:?}: {}", r.head);
        assert!(server.alive(), "after {shown:?}");
    }
    // A well-formed request with a malformed body: the body is not read
    // (the API takes none), the request is answered, the connection ends.
    let r = send_raw(
        server.addr,
        b"GET /api/canon?url=a HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
    )
    .expect("an answer");
    assert!(r.status < 500, "{}", r.head);
    // A NUL in the URL, percent-encoded, is an input like any other: a
    // result (the URL is invalid), as the command line gives.
    let r = get(server.addr, "/api/canon?url=http://a%00b/");
    assert_eq!(r.status, 200, "{}", r.text());
    assert!(r.json()["error"].is_string());
    // A client that connects and says nothing, or half a request, does
    // not block the others.
    let idle = std::net::TcpStream::connect(server.addr).unwrap();
    let mut half = std::net::TcpStream::connect(server.addr).unwrap();
    std::io::Write::write_all(&mut half, b"GET /api/canon?url=a HTTP/1.1\r\nHo").unwrap();
    assert_eq!(get(server.addr, "/api/canon?url=http://a/").status, 200);
    drop((idle, half));
    assert!(server.alive());
}

/// 2,000 hostile requests from 16 clients at once (malformed HTTP, huge
/// heads, over-limit URLs, escapes that are not UTF-8, and URLs that have
/// broken URL code, in a well-formed request): every one is answered,
/// none with a 5xx, and the server answers after.
#[test]
fn two_thousand_requests_from_sixteen_clients() {
    let mut server = Server::start();
    let addr = server.addr;
    let hostile = std::sync::Arc::new(hostile_requests());
    let urls = std::sync::Arc::new(hostile_urls());
    let threads: Vec<_> = (0..16)
        .map(|t| {
            let hostile = hostile.clone();
            let urls = urls.clone();
            std::thread::spawn(move || {
                let mut statuses: BTreeMap<u16, usize> = BTreeMap::new();
                for k in 0..125 {
                    let n = t * 125 + k;
                    let req = match n % 4 {
                        0 => hostile[n / 4 % hostile.len()].clone(),
                        1 => {
                            let u = &urls[n / 4 % urls.len()];
                            let ep = ["compare", "trace", "canon"][n / 4 % 3];
                            format!(
                                "GET /api/{ep}?url={} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
                                encode(u)
                            )
                            .into_bytes()
                        }
                        // A URL over the limit (414).
                        2 => format!(
                            "GET /api/compare?url=http://{n}.example/{} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
                            "a".repeat(8192 + n % 100)
                        )
                        .into_bytes(),
                        // Escapes that do not decode to UTF-8, or do not
                        // decode (400).
                        _ => format!(
                            "GET /api/compare?url=http://a/%{:02X}{} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
                            0x80 + n % 0x80,
                            if n % 8 == 3 { "%g" } else { "" }
                        )
                        .into_bytes(),
                    };
                    let r = send_raw(addr, &req).unwrap_or_else(|e| {
                        panic!(
                            "request {n} dropped: {e}: {:?}",
                            String::from_utf8_lossy(&req[..req.len().min(100)])
                        )
                    });
                    assert!(r.status < 500, "request {n}: {}", r.head);
                    *statuses.entry(r.status).or_default() += 1;
                }
                statuses
            })
        })
        .collect();
    let mut all: BTreeMap<u16, usize> = BTreeMap::new();
    for t in threads {
        for (s, n) in t.join().expect("a client thread ends") {
            *all.entry(s).or_default() += n;
        }
    }
    eprintln!("statuses of 2000 requests from 16 clients: {all:?}");
    assert_eq!(all.values().sum::<usize>(), 2000);
    // The hostile URLs in well-formed requests are answered (200); the
    // rest are refused.
    assert_eq!(all.get(&200).copied().unwrap_or(0), 500, "{all:?}");
    assert_eq!(all.get(&414).copied().unwrap_or(0), 500, "{all:?}");
    assert!(server.alive());
    assert_eq!(get(addr, "/api/canon?url=http://a/").status, 200);
}

/// Keep-alive: several requests on one connection.
#[test]
fn keep_alive_connection_serves_several_requests() {
    let server = Server::start();
    let mut req = Vec::new();
    for k in 0..5 {
        req.extend(
            format!("GET /api/canon?url=http://x{k}/ HTTP/1.1\r\nHost: x\r\n\r\n").as_bytes(),
        );
    }
    req.extend(b"GET /api/canon?url=http://last/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    let r = send_raw(server.addr, &req).expect("answers");
    let all = String::from_utf8_lossy(&r.body).into_owned() + &r.head;
    for k in 0..5 {
        assert!(all.contains(&format!("http://x{k}/")), "{all}");
    }
    assert!(all.contains("http://last/"));
}

#[test]
fn page_and_assets_are_served_self_contained() {
    let server = Server::start();
    let page = get(server.addr, "/");
    assert_eq!(page.status, 200);
    assert_eq!(
        page.header("content-type"),
        Some("text/html; charset=utf-8")
    );
    let csp = page.header("content-security-policy").unwrap_or("");
    assert!(csp.contains("default-src 'none'"), "{csp}");
    let html = page.text();
    for asset in ["/app.js", "/style.css"] {
        assert!(
            html.contains(&format!("\"{asset}\"")),
            "the page loads {asset}"
        );
        let r = get(server.addr, asset);
        assert_eq!(r.status, 200, "{asset}");
        // No resource from elsewhere.
        assert!(
            !r.text().contains("http://") && !r.text().contains("https://"),
            "{asset}"
        );
    }
    assert!(
        !html.contains("https://") && !html.contains("src=\"http"),
        "no external resource"
    );
    let p = get(server.addr, "/api/profiles").json();
    let o = cli_support::run(&["compare", "--json", "x"], b"");
    let cli: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let cli_names: Vec<&str> = cli["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["profile"].as_str().unwrap())
        .collect();
    assert_eq!(
        p["profiles"],
        serde_json::json!(cli_names),
        "the CLI's default profiles"
    );
}

#[test]
fn serve_refuses_a_bad_address() {
    let o = cli_support::run(&["serve", "--host", "no such host!", "--port", "1"], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("cannot listen on"));
}
