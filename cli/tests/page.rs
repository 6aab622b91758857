//! The `urlprism serve` page end to end: starts the server, writes the
//! cases with what the command line prints for them, and runs
//! `tests/e2e/page.test.mjs` (playwright-core driving Debian's
//! `/usr/bin/chromium`).  Without node, `tests/e2e/node_modules` or
//! chromium, the test fails when `CI` is set and is otherwise reported as
//! ignored, with what is missing (`.ci/run` installs them).

mod cli_support;
mod real_parts;
mod serve_support;

use libtest_mimic::{Arguments, Completion, Failed, Trial};

use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::Command;

const CHROMIUM: &str = "/usr/bin/chromium";

/// A URL whose host has a 63-character label.
const LONG_HOST: &str = "http://a-very-long-label-of-sixty-three-characters-xxxxxxxxxxxxxxxxxxx.another-long-label.example.com/path";

/// What is missing to run the browser test, if anything.
fn missing(e2e: &Path) -> Option<String> {
    if !Path::new(CHROMIUM).exists() {
        return Some(format!("{CHROMIUM} (apt-get install chromium)"));
    }
    if !e2e.join("node_modules/playwright-core").exists() {
        return Some(format!(
            "{} (npm ci in tests/e2e)",
            e2e.join("node_modules/playwright-core").display()
        ));
    }
    match Command::new("node").arg("--version").output() {
        Ok(o) if o.status.success() => None,
        _ => Some("node (apt-get install nodejs)".into()),
    }
}

fn cli_json(args: &[&str]) -> Value {
    let o = cli_support::run(args, b"");
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| {
        panic!(
            "urlprism {args:?} prints JSON ({e}): {}",
            String::from_utf8_lossy(&o.stderr)
        )
    })
}

/// A view of the page: what its address names.
#[derive(Default)]
struct View<'a> {
    url: &'a str,
    base: Option<&'a str>,
    encoding: Option<&'a str>,
    context: Option<&'a str>,
    page_url: Option<&'a str>,
    profiles: &'a [&'a str],
    groups: &'a [&'a str],
    /// Typed into the form (rather than opened as a link).
    typed: bool,
}

/// A case: the view, and what `compare --json` and `trace --json` print
/// for it.
fn case_of(v: View) -> Value {
    let mut common: Vec<&str> = Vec::new();
    for p in v.profiles {
        common.extend(["--profile", p]);
    }
    for g in v.groups {
        common.extend(["--group", g]);
    }
    if let Some(b) = v.base {
        common.extend(["--base", b]);
    }
    let mut compare = vec!["compare", "--json"];
    compare.extend(&common);
    for (flag, value) in [
        ("--encoding", v.encoding),
        ("--context", v.context),
        ("--page-url", v.page_url),
    ] {
        if let Some(value) = value {
            compare.extend([flag, value]);
        }
    }
    compare.extend(["--", v.url]);
    let mut trace = vec!["trace", "--json"];
    trace.extend(&common);
    trace.extend(["--", v.url]);
    json!({
        "url": v.url,
        "base": v.base,
        "encoding": v.encoding,
        "context": v.context,
        "page_url": v.page_url,
        "profiles": v.profiles,
        "groups": v.groups,
        "typed": v.typed,
        "compare": cli_json(&compare),
        "trace": cli_json(&trace),
    })
}

fn case(
    url: &str,
    base: Option<&str>,
    encoding: Option<&str>,
    profiles: &[&str],
    typed: bool,
) -> Value {
    case_of(View {
        url,
        base,
        encoding,
        profiles,
        typed,
        ..View::default()
    })
}

fn main() {
    let args = Arguments::from_args();
    let trials = vec![Trial::ignorable_test(
        "page_in_chromium_shows_the_cli_results_and_links_restore_the_view",
        page_in_chromium,
    )];
    libtest_mimic::run(&args, trials).exit();
}

fn page_in_chromium() -> Result<Completion, Failed> {
    let root = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/.."));
    let e2e = root.join("tests/e2e");
    if let Some(what) = missing(&e2e) {
        return real_parts::missing(&what);
    }
    real_parts::completed(|| page_cases(&e2e))
}

fn page_cases(e2e: &Path) {
    let cases = json!([
        case("http://Bücher.DE/", None, None, &[], true),
        case("http://a%5fb.test/x?y#z", None, None, &[], true),
        case("http://%zz/", None, None, &[], true),
        case(
            "../x?é=ü#z",
            Some("http://EXAMPLE.com/dir/sub/"),
            Some("windows-1252"),
            &["this", "ie"],
            true,
        ),
        case(
            "http://a b/<script>alert(1)</script>",
            None,
            None,
            &["gecko", "chrome"],
            false
        ),
        case(
            "http://ＥＸＡＭＰＬＥ．com/a/./b",
            None,
            None,
            &["ie", "gecko", "ie"],
            false
        ),
        case("mailto:someone@example.com", None, None, &[], false),
        // Both reject the URL, for different reasons: they differ.
        case(
            "http://ex ample.com/",
            None,
            None,
            &["gecko", "whatwg"],
            false
        ),
        // Chrome does not run the step where the others part.
        case("http://faß.DE/", None, None, &[], false),
        case("http://a b/x|y^", None, None, &["whatwg", "chromium"], true),
        // googleurl finds the address BROKEN and shows the URL anyway.
        case(
            "http://0X12C0a80001/x",
            None,
            None,
            &["this", "chrome"],
            false
        ),
        // A group, alone and beside a profile.
        case_of(View {
            url: "http://a b/x|y",
            groups: &["today"],
            ..View::default()
        }),
        case_of(View {
            url: "http://Bücher.DE/",
            profiles: &["ie"],
            groups: &["today"],
            ..View::default()
        }),
        // A link in a page of its own URL and encoding, and new URL().
        case_of(View {
            url: "../x?é#\"'&<b>",
            encoding: Some("shift_jis"),
            context: Some("link"),
            page_url: Some("http://page.example/dir/sub/p.html"),
            profiles: &["this", "chromium", "firefox"],
            ..View::default()
        }),
        case_of(View {
            url: "?é",
            base: Some("http://b/"),
            context: Some("new-url"),
            ..View::default()
        }),
        // Quotes, ampersands and markup in every component.
        case_of(View {
            url: "http://u\"&<i>:p'@x.test/<b>\"&'?q=<s>&r=\"#<i>'&",
            ..View::default()
        }),
        // A host whose labels are longer than a phone's screen is wide.
        case_of(View {
            url: LONG_HOST,
            ..View::default()
        }),
    ]);
    let dir = std::env::temp_dir().join(format!("urlprism-page-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let profile_dir = dir.join("chromium-profile");
    std::fs::create_dir_all(&profile_dir).expect("a temporary directory");
    let cases_file = dir.join("cases.json");
    std::fs::write(&cases_file, cases.to_string()).expect("the cases are written");

    let server = serve_support::Server::start();
    let mut node = Command::new("node");
    node.arg(e2e.join("page.test.mjs"))
        .current_dir(e2e)
        .env("URLPRISM_ORIGIN", server.origin())
        .env("URLPRISM_CASES", &cases_file)
        .env("URLPRISM_LONG_HOST", LONG_HOST)
        .env("URLPRISM_USER_DATA_DIR", &profile_dir)
        .env("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1");
    if let Some(shots) = std::env::var_os("URLPRISM_SCREENSHOTS") {
        node.env("URLPRISM_SCREENSHOTS", shots);
    }
    let o = node.output().expect("node runs");
    let out = String::from_utf8_lossy(&o.stdout);
    let err = String::from_utf8_lossy(&o.stderr);
    eprintln!("{out}");
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        o.status.success(),
        "the page test failed ({:?}):\n{out}\n{err}",
        o.status
    );
    assert!(out.contains(" passed, 0 failed"), "{out}");
}
