//! Every input in `tests/regressions/` (crashes, hangs and property
//! failures found by fuzzing or by hand) through every API under every
//! built-in profile.
//!
//! A file's bytes are read as the fuzz targets read them (see
//! `fuzz/src/checks.rs`): the whole file, invalid UTF-8 as U+FFFD, is the
//! input of `parse`, CanonicalizeHost and Nameprep; for `resolve` and the
//! whole pipeline, a byte 0xFF splits it into base (before) and input
//! (after), and without one the input is its own base.
//!
//! Checked: nothing panics; every profile gives the same answer twice;
//! THIS output holds no control character, is ASCII before the fragment and
//! is a fixed point (with the specification's one exception, see
//! `common::check_idempotent`); a canonical URL survives `parse` +
//! `serialize`.  Each input also runs with no base and with a fixed one.
//! Then every fuzz target's check (`fuzz/src/checks.rs`) runs on the
//! file's bytes as the target would read them.

use common::canonicalize_str;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use urlprism::algorithm::host::{canonicalize_host, nameprep};
use urlprism::profile::builtin_profiles;
use urlprism::{parse, resolve, serialize};

#[path = "../fuzz/src/checks.rs"]
mod checks;
mod common;

const ENCODINGS: [&encoding_rs::Encoding; 3] = [
    encoding_rs::UTF_8,
    encoding_rs::SHIFT_JIS,
    encoding_rs::WINDOWS_1252,
];

/// A hang found by fuzzing must now end quickly.
const TIME_LIMIT: Duration = Duration::from_secs(if cfg!(debug_assertions) { 20 } else { 2 });

fn inputs() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/regressions");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.is_file() && p.extension().is_none_or(|x| x != "md"))
        .collect();
    files.sort();
    files
}

/// Runs one input; `Err` says what went wrong.
fn check(data: &[u8]) -> Result<(), String> {
    let whole = String::from_utf8_lossy(data).into_owned();
    let parsed = parse(&whole);
    let _ = serialize(&parsed);
    let (base, input) = checks::split(data);
    let base_url = parse(base.as_deref().unwrap_or(&input));
    let _ = serialize(&resolve(&input, &base_url));

    let bases = [base.clone(), None, Some("http://a/b/c?q#f".to_string())];
    for profile in builtin_profiles() {
        let name = &profile.name;
        for scheme in ["http", "file"] {
            let r = canonicalize_host(&whole, scheme, profile);
            if r != canonicalize_host(&whole, scheme, profile) {
                return Err(format!("{name}: CanonicalizeHost is not deterministic"));
            }
        }
        for bidi in [false, true] {
            if nameprep(&whole, profile, bidi) != nameprep(&whole, profile, bidi) {
                return Err(format!("{name}: Nameprep is not deterministic"));
            }
        }
        for b in &bases {
            for enc in ENCODINGS {
                let r = canonicalize_str(&input, b.as_deref(), profile, enc);
                if r != canonicalize_str(&input, b.as_deref(), profile, enc) {
                    return Err(format!("{name}: not deterministic (base {b:?})"));
                }
                let Ok(c) = r else { continue };
                let expected = common::expected_reparse(&c, profile);
                if serialize(&parse(&c)).as_deref() != Some(expected.as_str()) {
                    return Err(format!("{name}: {c:?} does not survive parse + serialize"));
                }
                if name != "this" {
                    continue;
                }
                if c.chars().any(char::is_control) {
                    return Err(format!("THIS: control character in {c:?}"));
                }
                if !c.split('#').next().unwrap_or("").is_ascii() {
                    return Err(format!("THIS: non-ASCII before the fragment in {c:?}"));
                }
                common::check_idempotent(&input, b.as_deref(), &c, profile, enc).map_err(|e| {
                    format!("THIS not idempotent (base {b:?}, {}): {e}", enc.name())
                })?;
            }
        }
    }
    for (target, check) in checks::TARGETS {
        std::panic::catch_unwind(|| check(data)).map_err(|e| {
            let message = e
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            format!("the {target} fuzz check: {message}")
        })?;
    }
    Ok(())
}

#[test]
fn regression_inputs() {
    let files = inputs();
    assert!(!files.is_empty(), "tests/regressions/ holds no input");
    let mut failures = Vec::new();
    for file in &files {
        let data = std::fs::read(file).expect("a readable regression input");
        let start = Instant::now();
        let r = std::panic::catch_unwind(|| check(&data));
        let took = start.elapsed();
        let name = file.file_name().unwrap().to_string_lossy();
        match r {
            Ok(Ok(())) if took <= TIME_LIMIT => {}
            Ok(Ok(())) => failures.push(format!("{name}: took {took:?}")),
            Ok(Err(e)) => failures.push(format!("{name}: {e}")),
            Err(_) => failures.push(format!("{name}: panicked (message above)")),
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} failed:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}

/// The harness can fail: an input that breaks a property is caught.
#[test]
fn the_harness_sees_a_broken_property() {
    // Not idempotent per the spec's one exception is accepted...
    assert_eq!(check(b"x-y+z.:/./\xFF"), Ok(()));
    // ...but the checks themselves do look at the output.
    let c = canonicalize_str(
        "http://h/\u{1}",
        None,
        urlprism::profile::this(),
        encoding_rs::UTF_8,
    )
    .unwrap();
    assert!(!c.chars().any(char::is_control), "{c:?}");
    assert!(common::check_idempotent(
        "http://h/",
        None,
        "http://H/",
        urlprism::profile::this(),
        encoding_rs::UTF_8
    )
    .is_err());
}

/// Found by the property tests: decoding the unreserved escape
/// `%41` in the THIS path `%4%41` formed the new escape `%4A`, which the
/// next round decoded, so the output was not a fixed point (specification,
/// "Canonicalization" goals: "The algorithm should be idempotent").  The
/// literal `%` is now written `%25` when decoding would make it an escape.
#[test]
fn escape_formed_by_decoding_is_idempotent() {
    let this = urlprism::profile::this();
    for input in [
        "http://h/%4%41",
        "mailto:%4%41",
        "http://h/%%34%31",
        "http://h/%2%45",
    ] {
        let c = canonicalize_str(input, None, this, encoding_rs::UTF_8).unwrap();
        let again = canonicalize_str(&c, None, this, encoding_rs::UTF_8).unwrap();
        assert_eq!(again, c, "{input}");
    }
}

/// A query that is not ASCII, in a document encoding that writes it with
/// octets IE escapes (ISO-2022-JP writes `÷` with a backquote): under
/// IE the query is its own, also among other profiles
/// (`Canonicalizer::canonicalize_each`, which shares the components no
/// URL-level step may rewrite).
#[test]
fn encoded_query_octets_are_read_by_the_gates() {
    let plans: Vec<&urlprism::profile::plan::Plan> =
        urlprism::profile::plan::builtin_plans().iter().collect();
    for encoding in [
        encoding_rs::ISO_2022_JP,
        encoding_rs::SHIFT_JIS,
        encoding_rs::WINDOWS_1252,
    ] {
        for input in ["http://example.com/?a\u{F7}b", "http://a/p?\u{3042}`#f"] {
            let c = urlprism::Canonicalizer::new(urlprism::profile::this()).encoding(encoding);
            let each = c.canonicalize_each(input, &plans);
            for (plan, together) in plans.iter().zip(each) {
                let profile = urlprism::profile::builtin(plan.name()).unwrap();
                let alone = urlprism::Canonicalizer::new(profile)
                    .encoding(encoding)
                    .canonicalize(input);
                assert_eq!(
                    together.map(urlprism::Url::into_string),
                    alone.map(urlprism::Url::into_string),
                    "{}: {input:?} in {}",
                    plan.name(),
                    encoding.name()
                );
            }
        }
    }
}

/// Gecko 2.0's parser under the `gecko` profile (`[observed.url]`
/// `authority_after_any_slashes`, `semicolon_ends_authority`), each row's
/// expectation read off Gecko 2.0's code (`nsURLParsers.cpp`
/// `nsAuthURLParser::ParseAfterScheme`, `ParseServerInfo`;
/// `nsStandardURL.cpp` `Init`, `Resolve`, `ParsePath`,
/// `BuildNormalizedSpec`), `None` for NS_ERROR_MALFORMED_URI: through
/// `canonicalize`, `canonicalize_to` and `canonicalize_each`.
#[test]
fn gecko_authority_rows() {
    const BASE: &str = "http://localhost/d/index.html";
    let rows: [(&str, Option<&str>, Option<&str>); 32] = [
        // `;` ends the authority; a path not beginning with `/` gets one.
        (
            "http://example.com;bar",
            None,
            Some("http://example.com/;bar"),
        ),
        ("http://example.com;", None, Some("http://example.com/;")),
        ("ftp://h;type=a", None, Some("ftp://h/;type=a")),
        // ... before the userinfo's `@`: the user is the host.
        ("http://u;p@h/", None, Some("http://u/;p@h/")),
        ("http://a;b:80@c/", None, Some("http://a/;b:80@c/")),
        // ... and the server info `u:p` has the port `p`.
        ("http://u:p;q@h/", None, None),
        // ... after the port; the default port is dropped.
        ("http://h:81;x", None, Some("http://h:81/;x")),
        ("http://h:80;x", None, Some("http://h/;x")),
        (
            "http://foo.com:5870;80",
            None,
            Some("http://foo.com:5870/;80"),
        ),
        ("http://[::1];x", None, Some("http://[::1]/;x")),
        // ... but not after the path, query or fragment begins.
        ("http://h/a;b", None, Some("http://h/a;b")),
        ("http://h?a;b", None, Some("http://h/?a;b")),
        ("http://h#a;b", None, Some("http://h/#a;b")),
        // A network-path reference is absolute with the base's scheme.
        ("//h;x", Some(BASE), Some("http://h/;x")),
        // Another scheme than the base's: the authority after any run of
        // `/`, none included.
        ("https:c.html", Some(BASE), Some("https://c.html/")),
        ("https:/c.html", Some(BASE), Some("https://c.html/")),
        ("ftp:c", None, Some("ftp://c/")),
        ("ftp:c", Some(BASE), Some("ftp://c/")),
        ("ftp:/c;d", None, Some("ftp://c/;d")),
        ("http:", None, Some("http:///")),
        // `//` after the scheme: absolute against any base.
        ("http:///x", Some(BASE), Some("http://x/")),
        ("///g", Some(BASE), Some("http://g/")),
        // The base's own scheme without `//`: relative.
        (
            "https:c.html",
            Some("https://localhost/d/i.html"),
            Some("https://localhost/d/c.html"),
        ),
        ("http:a.html", Some(BASE), Some("http://localhost/d/a.html")),
        ("HtTp:b.html", Some(BASE), Some("http://localhost/d/b.html")),
        (
            "./https:d.html",
            Some(BASE),
            Some("http://localhost/d/https:d.html"),
        ),
        (
            "http: //foo.com",
            Some(BASE),
            Some("http://localhost/d/%20//foo.com"),
        ),
        // A space in the server info is malformed; in the user it is not.
        ("http: //foo.com", None, None),
        ("http:// foo.com/", None, None),
        ("http://foo.com: 80/", None, None),
        ("https: x", Some(BASE), None),
        ("http://a b@foo.com/", None, Some("http://a%20b@foo.com/")),
    ];
    let gecko = urlprism::profile::builtin("gecko").expect("gecko is built in");
    let plans: Vec<&urlprism::profile::plan::Plan> =
        urlprism::profile::plan::builtin_plans().iter().collect();
    let g = plans
        .iter()
        .position(|p| p.name() == "gecko")
        .expect("a gecko plan");
    for (input, base, expected) in rows {
        let c = urlprism::Canonicalizer::new(gecko);
        let c = match base {
            Some(b) => c.base(b).expect("a valid base"),
            None => c,
        };
        let context = format!("{input:?} against {base:?}");
        let alone = c.canonicalize(input).ok().map(urlprism::Url::into_string);
        assert_eq!(alone.as_deref(), expected, "canonicalize: {context}");
        let mut out = String::new();
        let to = c.canonicalize_to(input, &mut out).ok().map(|()| out);
        assert_eq!(to.as_deref(), expected, "canonicalize_to: {context}");
        let each = c.canonicalize_each(input, &plans).swap_remove(g);
        let each = each.ok().map(urlprism::Url::into_string);
        assert_eq!(each.as_deref(), expected, "canonicalize_each: {context}");
    }
}
