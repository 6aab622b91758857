//! The browser engines (`chromium`, `firefox`, `webkit`) on the
//! web-platform-tests URL files vendored in `tests/data/wpt/`: each
//! gives, check by check, what its real browser gave (stored in
//! `tests/data/browsers/BROWSER/wpt.jsonl`, see its README), so that
//! `urlprism test` reports the browser's own failures
//! (`tests/data/wpt/expected-failures/BROWSER.json`) and nothing else.
//!
//! The setter cases run under every engine that models its browser's
//! URL API setters (all three); under an engine that has none
//! `urlprism test` says they do not run, and they are left out here.

use serde_json::Value;
use std::collections::BTreeSet;
use std::path::PathBuf;
use urlprism::compare::wpt::{self, Check};
use urlprism::compare::Engine;
use urlprism::engines::registry;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

const FILES: [&str; 5] = [
    "urltestdata.json",
    "setters_tests.json",
    "percent-encoding.json",
    "toascii.json",
    "IdnaTestV2.json",
];

fn engine(name: &str) -> urlprism::engines::EngineSpec {
    registry()
        .iter()
        .find(|r| r.name() == name)
        .unwrap_or_else(|| panic!("no engine {name}"))
        .engine()
}

/// The browser's stored result of each check: (file, key) → result.
fn recorded(browser: &str) -> Vec<(String, Value)> {
    let path = root().join(format!("tests/data/browsers/{browser}/wpt.jsonl"));
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .map(|l| {
            let v = wpt::parse_json(l).expect("a JSON line");
            (v["file"].as_str().unwrap().to_string(), v)
        })
        .collect()
}

/// Whether the stored line `line` is the check `check`.
fn is_the_check(line: &Value, check: &Check) -> bool {
    check
        .key()
        .iter()
        .all(|(k, v)| line.get(*k).and_then(Value::as_str) == *v)
}

/// The ten getters of `url`, as the recordings hold them.
fn getters_object(url: &urlprism::Url) -> serde_json::Map<String, Value> {
    wpt::getters_of_url(url)
        .into_iter()
        .map(|(k, v)| (k.to_string(), Value::String(v)))
        .collect()
}

/// What the engine gives for `check`, in the form of the recordings'
/// `result`: the getters, or `failure`.
fn engine_result(e: &dyn Engine, check: &Check) -> Option<Value> {
    let getters = |input: &str, base: Option<&str>, enc| {
        e.canonicalize(input, base, enc)
            .ok()
            .map(|u| getters_object(&u))
    };
    let failure = || serde_json::json!({"failure": true});
    let utf8 = urlprism::encoding_rs::UTF_8;
    Some(match check {
        Check::Parse { input, base, .. } => match getters(input, base.as_deref(), utf8) {
            Some(g) => Value::Object(g),
            None => failure(),
        },
        Check::Host { input, .. } => match getters(&format!("https://{input}/x"), None, utf8) {
            Some(g) => serde_json::json!({"host": g["host"]}),
            None => failure(),
        },
        Check::PercentEncoding {
            input, encoding, ..
        } => {
            let enc = urlprism::encoding_rs::Encoding::for_label(encoding.as_bytes())?;
            let link = format!("https://doesnotmatter.invalid/?{input}#{input}");
            match getters(&link, None, enc) {
                Some(g) => serde_json::json!({"search": g["search"], "hash": g["hash"]}),
                None => failure(),
            }
        }
        Check::Set {
            setter,
            href,
            new_value,
            ..
        } => match e.set(href, *setter, new_value)? {
            Ok(u) => Value::Object(getters_object(&u)),
            Err(_) => failure(),
        },
    })
}

/// Whether the browser's result `theirs` (the getters of a URL object)
/// is what the engine makes of its href: a failure, or getters that
/// parsing the href again gives.
fn round_trips(e: &dyn Engine, theirs: &Value) -> bool {
    let Some(href) = theirs.get("href").and_then(Value::as_str) else {
        return true;
    };
    let utf8 = urlprism::encoding_rs::UTF_8;
    match e.canonicalize(href, None, utf8) {
        Ok(u) => Value::Object(getters_object(&u)) == *theirs,
        Err(_) => false,
    }
}

/// A result with any failure message made `true`; a URL object that
/// holds an invalid URL, whose protocol is `:` (Chromium's after a
/// `protocol` setter made it invalid), is a failure too: an engine's URL
/// is always valid, and the engine says why it is not.
fn normalized(v: &Value) -> Value {
    let invalid = v.get("protocol").and_then(Value::as_str) == Some(":");
    match v.get("failure") {
        Some(_) => serde_json::json!({"failure": true}),
        None if invalid => serde_json::json!({"failure": true}),
        None => v.clone(),
    }
}

fn check_engine(name: &str) {
    let spec = engine(name);
    let e: &dyn Engine = &spec;
    let stored = recorded(name);
    let mut differ = Vec::new();
    let mut unexpected = Vec::new();
    let mut stale = Vec::new();
    let mut compared = 0;
    let mut unrepresentable = Vec::new();
    for file in FILES {
        let path = root().join("tests/data/wpt").join(file);
        let cases = wpt::read_cases(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let lines: Vec<&Value> = stored
            .iter()
            .filter(|(f, _)| f == file)
            .map(|(_, v)| v)
            .collect();
        for case in &cases {
            // The engine gives what the browser gave.
            if let Some(mine) = engine_result(e, &case.check) {
                let line = lines
                    .iter()
                    .find(|l| is_the_check(l, &case.check))
                    .unwrap_or_else(|| panic!("{file}: no stored line for {:?}", case.check));
                compared += 1;
                let theirs = normalized(&line["result"]);
                if theirs != mine && !round_trips(e, &theirs) {
                    // The browser's URL object holds what its own parser
                    // makes of no string: its href parsed again gives
                    // other getters (Firefox's `url` crate 2.5 after
                    // `non-spec:/.//p`.hostname = "h": the href
                    // `non-spec://h/.//p`, the pathname `//p`).  A URL of
                    // urlprism is its string and its parts, so only the
                    // href is compared.
                    unrepresentable.push(format!("{file} case {}", case.number));
                    if theirs["href"] == mine["href"] {
                        continue;
                    }
                }
                if theirs != mine {
                    differ.push(format!(
                        "{file} case {}: {:?}\n  browser {}\n  engine  {}",
                        case.number, case.check, line["result"], mine
                    ));
                }
            }
        }
        // `urlprism test`'s verdict: the failures are the listed ones.
        let report = wpt::run_file(&path, e).unwrap();
        let listed = wpt::ExpectedFailures::beside(&path, name).unwrap();
        let failing: BTreeSet<usize> = report.failures.iter().map(|f| f.line).collect();
        for f in &report.failures {
            if f.expected.is_none() {
                unexpected.push(format!("{file} case {}: {:?}", f.line, f.input));
            }
        }
        if report.not_run.is_none() {
            for case in &cases {
                if listed.reason(file, &case.check).is_some() && !failing.contains(&case.number) {
                    stale.push(format!("{file} case {}: {:?}", case.number, case.check));
                }
            }
        }
    }
    println!(
        "{name}: {compared} checks compared with the browser's; {} of them by the href alone, \
         the browser's URL object not being what its href parses to: {unrepresentable:?}",
        unrepresentable.len()
    );
    assert!(
        differ.is_empty(),
        "{name}: {} checks differ from the browser's:\n{}",
        differ.len(),
        differ.join("\n")
    );
    assert!(
        unexpected.is_empty(),
        "{name}: failures not listed: {unexpected:#?}"
    );
    assert!(stale.is_empty(), "{name}: listed, but passing: {stale:#?}");
}

#[test]
fn chromium_gives_what_chromium_gives() {
    check_engine("chromium");
}

#[test]
fn firefox_gives_what_firefox_gives() {
    check_engine("firefox");
}

#[test]
fn webkit_gives_what_webkit_gives() {
    check_engine("webkit");
}

/// Every engine's setters, on every `href` of the setter cases with every
/// value any case gives that attribute (17,458 settings per engine): a
/// URL whose components serialize to its href, or an error that says
/// why, never a panic nor an internal inconsistency (an engine checks
/// that the components it gives a URL serialize to its href, and says
/// "internal error" when they do not).
#[test]
fn every_setter_on_every_href_gives_a_url_or_a_reason() {
    let path = root().join("tests/data/wpt/setters_tests.json");
    let cases = wpt::read_cases(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let mut hrefs = BTreeSet::new();
    let mut values: Vec<(urlprism::compare::UrlAttribute, BTreeSet<String>)> = Vec::new();
    for case in &cases {
        if let Check::Set {
            setter,
            href,
            new_value,
            ..
        } = &case.check
        {
            hrefs.insert(href.clone());
            match values.iter_mut().find(|(a, _)| a == setter) {
                Some((_, v)) => {
                    v.insert(new_value.clone());
                }
                None => values.push((*setter, BTreeSet::from([new_value.clone()]))),
            }
        }
    }
    for name in ["whatwg", "chromium", "firefox", "webkit"] {
        let spec = engine(name);
        let e: &dyn Engine = &spec;
        let mut settings = 0;
        for href in &hrefs {
            for (attribute, vs) in &values {
                for v in vs {
                    settings += 1;
                    match e.set(href, *attribute, v) {
                        None => panic!("{name} has no setters"),
                        // A `Url` is checked when it is made; a browser's
                        // setter may give what parsing would not (Chromium
                        // keeps `data:x  `'s spaces when its ref goes).
                        Some(Ok(_)) => {}
                        Some(Err(why)) => assert!(
                            !why.to_string().contains("internal error"),
                            "{name}: {href} .{} = {v:?}: {why}",
                            attribute.name()
                        ),
                    }
                }
            }
        }
        println!("{name}: {settings} settings");
    }
}
