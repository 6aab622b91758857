//! The two contexts on the command line and in the library: `new URL(input,
//! base)` (no `--encoding`: UTF-8, `--base` the base as given) and a link
//! in a page (`--encoding`, `--page-url` or `--context link`: the page's
//! encoding for the query, `--base` its `<base href>` read by each
//! engine's browser's rules, the page's URL without one); `a.href` of an
//! invalid link (the attribute as written) beside the error.

mod cli_support;

use cli_support::{run, stderr, stdout};
use urlprism::encoding_rs::{SHIFT_JIS, UTF_8, WINDOWS_1252};
use urlprism::{Canonicalizer, Context};

const PAGE: &str = "http://page.example/dir/page.html";

/// `canon --profile ENGINE ARGS... -- INPUT`: (stdout, stderr, exit code).
fn canon(engine: &str, args: &[&str], input: &str) -> (String, String, Option<i32>) {
    let mut argv = vec!["canon", "--profile", engine];
    argv.extend_from_slice(args);
    argv.extend_from_slice(&["--", input]);
    let o = run(&argv, b"");
    (stdout(&o), stderr(&o), o.status.code())
}

#[test]
fn without_an_encoding_it_is_new_url_in_utf8() {
    for engine in ["whatwg", "chromium", "firefox", "webkit"] {
        let (out, err, _) = canon(engine, &["--base", "http://a/"], "?\u{e9}");
        assert_eq!(out, "http://a/?%C3%A9\n", "{engine}: {err}");
        let (out, _, _) = canon(
            engine,
            &["--base", "http://a/", "--context", "new-url"],
            "?\u{e9}",
        );
        assert_eq!(out, "http://a/?%C3%A9\n", "{engine}");
        // new URL() refuses an invalid base before any input.
        let (_, err, code) = canon(engine, &["--base", "http://["], "#f");
        assert_eq!(code, Some(2), "{engine}: {err}");
    }
}

#[test]
fn with_an_encoding_it_is_a_link_in_a_page() {
    // The query in the page's encoding, against the page's URL.
    for engine in ["whatwg", "chromium", "firefox", "webkit"] {
        let (out, err, _) = canon(engine, &["--encoding", "shift_jis"], "a?\u{3042}");
        assert_eq!(out, "http://page.example/dir/a?%82%A0\n", "{engine}: {err}");
        let (out, _, _) = canon(
            engine,
            &[
                "--encoding",
                "shift_jis",
                "--page-url",
                "https://example.jp/x/y.html",
            ],
            "../a?\u{3042}",
        );
        assert_eq!(out, "https://example.jp/a?%82%A0\n", "{engine}");
    }
    // --context link alone: a UTF-8 page.
    let (out, _, _) = canon("chromium", &["--context", "link"], "a?\u{e9}");
    assert_eq!(out, "http://page.example/dir/a?%C3%A9\n");
}

/// The `<base href>` rules, measured on Chromium 156.0.8078.108, Firefox
/// 153.8.0esr and WebKitGTK 2.50.6: (engine, base, link in a windows-1252
/// page, a.href; `None`: no URL).
const BASE_RULES: &[(&str, &str, &str, Option<&str>)] = &[
    (
        "chromium",
        "http://b/?\u{e9}",
        "#f",
        Some("http://b/?%C3%A9#f"),
    ),
    ("firefox", "http://b/?\u{e9}", "#f", Some("http://b/?%E9#f")),
    ("webkit", "http://b/?\u{e9}", "#f", Some("http://b/?%E9#f")),
    ("whatwg", "http://b/?\u{e9}", "#f", Some("http://b/?%E9#f")),
    (
        "chromium",
        "data:,x",
        "#f",
        Some("http://page.example/dir/page.html#f"),
    ),
    (
        "firefox",
        "javascript:x",
        "#f",
        Some("http://page.example/dir/page.html#f"),
    ),
    ("webkit", "data:,x", "#f", Some("data:,x#f")),
    (
        "whatwg",
        "data:,x",
        "#f",
        Some("http://page.example/dir/page.html#f"),
    ),
    ("chromium", "http://[", "#f", None),
    (
        "firefox",
        "http://[",
        "#f",
        Some("http://page.example/dir/page.html#f"),
    ),
    ("webkit", "http://[", "#f", None),
    (
        "whatwg",
        "http://[",
        "#f",
        Some("http://page.example/dir/page.html#f"),
    ),
];

#[test]
fn each_engine_reads_the_base_href_by_its_browsers_rules() {
    for &(engine, base, link, href) in BASE_RULES {
        let args = ["--json", "--encoding", "windows-1252", "--base", base];
        let (out, err, _) = canon(engine, &args, link);
        let v: serde_json::Value =
            serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out} {err}"));
        assert_eq!(v["canonical"].as_str(), href, "{engine} {base}: {out}");
        // a.href: the canonical URL, or the attribute as written.
        assert_eq!(
            v["href"].as_str(),
            Some(href.unwrap_or(link)),
            "{engine} {base}"
        );
        // The library gives the same.
        let c = Canonicalizer::named(engine)
            .unwrap()
            .link_in_page(WINDOWS_1252)
            .base(base)
            .unwrap();
        let got = c.canonicalize(link).ok().map(|u| u.as_str().to_string());
        assert_eq!(got.as_deref(), href, "{engine} {base}");
    }
}

#[test]
fn new_url_json_has_no_href() {
    let (out, _, _) = canon("chromium", &["--json"], "http://[");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(v.get("href").is_none(), "{out}");
    assert!(v["error"].is_string(), "{out}");
}

#[test]
fn compare_shows_where_the_browsers_part_and_a_href() {
    let o = run(
        &[
            "compare",
            "--today",
            "--encoding",
            "windows-1252",
            "--base",
            "http://[",
            "#f",
        ],
        b"",
    );
    let out = stdout(&o);
    assert!(out.contains("chromium  error: "), "{out}");
    assert!(
        out.contains("firefox   http://page.example/dir/page.html#f"),
        "{out}"
    );
    assert!(
        out.contains(
            "a link in a page of windows-1252 at http://page.example/dir/page.html; \
             a.href of the invalid link: #f (as written)"
        ),
        "{out}"
    );
    let o = run(
        &[
            "compare",
            "--today",
            "--json",
            "--encoding",
            "utf-8",
            "--base",
            "data:,x",
            "#f",
        ],
        b"",
    );
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let hrefs: Vec<&str> = v["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["href"].as_str().unwrap())
        .collect();
    let page = "http://page.example/dir/page.html#f";
    assert_eq!(hrefs, [page, page, page, "data:,x#f"]);
    // new URL(): no href.
    let o = run(&["compare", "--today", "--json", "http://a/"], b"");
    assert!(!stdout(&o).contains("\"href\""), "{}", stdout(&o));
}

#[test]
fn bad_contexts_are_usage_errors() {
    for args in [
        &["--context", "new-url", "--encoding", "utf-8"][..],
        &["--context", "new-url", "--page-url", PAGE][..],
        &["--page-url", "nope"][..],
        &["--context", "page"][..],
    ] {
        let (_, err, code) = canon("chromium", args, "a");
        assert_eq!(code, Some(2), "{args:?}: {err}");
    }
}

#[test]
fn the_library_contexts() {
    let link = Canonicalizer::named("firefox")
        .unwrap()
        .context(Context::LinkInPage {
            encoding: SHIFT_JIS,
            page_url: "https://example.jp/x/y.html".into(),
        });
    assert_eq!(
        link.canonicalize("../a?\u{3042}").unwrap().as_str(),
        "https://example.jp/a?%82%A0"
    );
    assert_eq!(link.current_context().name(), "link");
    // new_url() takes it back to new URL(): UTF-8, no page.
    let new_url = link.new_url();
    assert_eq!(new_url.current_context(), Context::NewUrl);
    assert!(new_url.canonicalize("../a").is_err());
    // A 2011 profile takes the encoding alone: no page, the base as given.
    let ie = Canonicalizer::named("ie")
        .unwrap()
        .link_in_page(WINDOWS_1252);
    assert!(ie.canonicalize("a").is_err());
    assert_eq!(
        ie.canonicalize("http://a/?\u{e9}").unwrap().as_str(),
        "http://a/?%E9"
    );
    // The page's URL must parse.
    assert!(Canonicalizer::named("webkit")
        .unwrap()
        .page_url("nope")
        .is_err());
    let c = Canonicalizer::named("webkit")
        .unwrap()
        .page_url(PAGE)
        .unwrap();
    assert_eq!(c.current_context(), Context::link_in_page(UTF_8));
}
