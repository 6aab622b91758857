//! The `urlcanon` family against urlcanon's own test data
//! (`tests/data/keys/vectors/urlcanon/`, vendored from iipc/urlcanon's
//! `testdata/`; see the README there), each file read as urlcanon's
//! `python/tests/test_urlcanon.py` reads it (JSON strings as Latin-1
//! octets) and checked the same way through the built-in kinds, or
//! through a kind of the family with only the step under test on.
//!
//! Every vector must pass but those of `KNOWN`, each with its reason.

use serde_json::Value;
use std::path::Path;
use urlprism::keys::{builtin, family, Key};

/// Vectors that do not pass: (file, section, input, reason).
const KNOWN: &[(&str, &str, &str, &str)] = &[(
    "ssurt.json",
    "reverseHost",
    "",
    "reverse_host(b'') is b',', but the family reaches reverse_host only through ssurt_host, \
     which returns an empty host as it is (the reference's ssurt of `http:///` is `///http:` too)",
)];

fn load(file: &str) -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/keys/vectors/urlcanon")
        .join(file);
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    // `load_json_bytes`: the file read as Latin-1 (here: every octet a
    // character), the strings turned back into octets the same way.
    let text: String = if file == "urltestdata.json" {
        String::from_utf8(bytes).unwrap()
    } else {
        bytes.iter().map(|&b| char::from(b)).collect()
    };
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{file}: {e}"))
}

/// A JSON string as the octets `load_json_bytes` makes of it.
fn latin1(v: &Value) -> Vec<u8> {
    v.as_str()
        .unwrap()
        .chars()
        .map(|c| u8::try_from(u32::from(c)).expect("a Latin-1 character"))
        .collect()
}

/// A kind of the `urlcanon` family with only `steps` on.
fn only(steps: &[&str]) -> Key {
    let fam = family("urlcanon").unwrap();
    let mut text = String::from("name = \"test\"\nfamily = \"urlcanon\"\n[steps]\n");
    for s in fam.steps {
        text += &format!("{} = {}\n", s.name, steps.contains(&s.name));
    }
    for s in steps {
        assert!(fam.steps.iter().any(|f| f.name == *s), "no step {s}");
    }
    Key::from_toml(&text).unwrap()
}

struct Run {
    checked: usize,
    failures: Vec<String>,
    known_seen: Vec<(&'static str, &'static str, &'static str)>,
}

impl Run {
    fn new() -> Run {
        Run {
            checked: 0,
            failures: Vec::new(),
            known_seen: Vec::new(),
        }
    }

    fn check(&mut self, file: &str, section: &str, input: &[u8], want: &[u8], got: &[u8]) {
        self.checked += 1;
        let input_text = String::from_utf8_lossy(input);
        let known = KNOWN
            .iter()
            .find(|k| k.0 == file && k.1 == section && k.2 == input_text);
        match (want == got, known) {
            (true, None) => {}
            (false, Some(k)) => self.known_seen.push((k.0, k.1, k.2)),
            (true, Some(k)) => self.failures.push(format!(
                "{file} {section} {input_text:?}: passes, but listed as known ({})",
                k.3
            )),
            (false, None) => self.failures.push(format!(
                "{file} {section} {input_text:?}: want {:?}, got {:?}",
                String::from_utf8_lossy(want),
                String::from_utf8_lossy(got)
            )),
        }
    }

    fn finish(self, what: &str) {
        assert!(self.checked > 0, "{what}: no vector read");
        println!(
            "{what}: {} vectors, {} known differences",
            self.checked,
            self.known_seen.len()
        );
        assert!(
            self.failures.is_empty(),
            "{what}:\n{}",
            self.failures.join("\n")
        );
    }
}

fn key_of(key: &Key, input: &[u8]) -> Vec<u8> {
    key.make(input)
        .unwrap_or_else(|e| format!("!{e}").into_bytes())
}

/// `test_supplemental_whatwg`, `test_semantic_precise`, `test_aggressive`
/// and `test_google_canonicalizer`: the canonicalizer's `bytes(url)`.
#[test]
fn canonicalizers() {
    let mut run = Run::new();
    for (file, section, kind) in [
        ("supplemental_whatwg.json", "", "urlcanon-whatwg"),
        ("semantic_precise.json", "", "urlcanon-semantic-precise"),
        ("aggressive.json", "", "urlcanon-aggressive"),
        ("surt.json", "google", "urlcanon-google"),
    ] {
        let data = load(file);
        let data = if section.is_empty() {
            &data
        } else {
            &data[section]
        };
        let key = builtin(kind).unwrap();
        for (input, want) in data.as_object().unwrap() {
            let input = latin1(&Value::String(input.clone()));
            run.check(file, section, &input, &latin1(want), &key_of(key, &input));
        }
    }
    run.finish("canonicalizers");
}

/// `test_w3c_test_data`: the absolute URLs of the web-platform-tests
/// `urltestdata.json` that urlcanon keeps, through `whatwg`, to `href`.
#[test]
fn w3c_href() {
    let mut run = Run::new();
    let key = builtin("urlcanon-whatwg").unwrap();
    for t in load("urltestdata.json").as_array().unwrap() {
        let (Some(input), Some(href)) = (t["input"].as_str(), t["href"].as_str()) else {
            continue;
        };
        if t["base"] != "about:blank" || input.starts_with('#') {
            continue;
        }
        run.check(
            "urltestdata.json",
            "href",
            input.as_bytes(),
            href.as_bytes(),
            &key_of(key, input.as_bytes()),
        );
    }
    run.finish("urltestdata.json");
}

/// `test_ssurt`, `test_surt`, `test_surt_without_scheme`,
/// `test_surt_without_trailing_comma` (the forms of a URL as parsed, no
/// step run), and `test_ssurt_host`, `test_reverse_host` through the
/// SSURT form of `http://HOST/`.
#[test]
fn forms() {
    let mut run = Run::new();
    let data = load("ssurt.json");
    for (section, steps) in [
        ("ssurt", &["ssurt_form", "trailing_comma"][..]),
        ("surt", &["surt_form", "with_scheme", "trailing_comma"][..]),
        ("surtWithoutScheme", &["surt_form", "trailing_comma"][..]),
        (
            "surtWithoutTrailingComma",
            &["surt_form", "with_scheme"][..],
        ),
    ] {
        let key = only(steps);
        for (input, want) in data[section].as_object().unwrap() {
            let input = latin1(&Value::String(input.clone()));
            run.check(
                "ssurt.json",
                section,
                &input,
                &latin1(want),
                &key_of(&key, &input),
            );
        }
    }
    // ssurt_host(HOST) is what the SSURT of `http://HOST/` starts with.
    let key = only(&["ssurt_form", "trailing_comma"]);
    for section in ["ssurtHost", "reverseHost"] {
        for (host, want) in data[section].as_object().unwrap() {
            let mut input = b"http://".to_vec();
            input.extend(latin1(&Value::String(host.clone())));
            input.push(b'/');
            let mut want = latin1(want);
            want.extend_from_slice(b"//http:/");
            run.check(
                "ssurt.json",
                section,
                host.as_bytes(),
                &want,
                &key_of(&key, &input),
            );
        }
    }
    run.finish("ssurt.json");
}

/// `test_funky_ipv4`: the host's IPv4 reading, written dotted, through
/// `reparse_host` and `normalize_ip_address` on `http://HOST/`.
#[test]
fn funky_ipv4() {
    let mut run = Run::new();
    let key = only(&["reparse_host", "normalize_ip_address"]);
    for (host, want) in load("funky_ipv4.json").as_object().unwrap() {
        let host = latin1(&Value::String(host.clone()));
        let want_host = if want.is_null() {
            host.clone()
        } else {
            latin1(want)
        };
        let url = |h: &[u8]| [b"http://", h, b"/"].concat();
        run.check(
            "funky_ipv4.json",
            "",
            &host,
            &url(&want_host),
            &key_of(&key, &url(&host)),
        );
    }
    run.finish("funky_ipv4.json");
}

/// `test_resolve_path_dots`: `normalize_path_dots` on the path of a
/// special (`http:`) and a non-special (`foo:`) URL.
#[test]
fn path_dots() {
    let mut run = Run::new();
    let key = only(&["normalize_path_dots"]);
    let data = load("path_dots.json");
    for (section, scheme) in [
        ("special", &b"http://h"[..]),
        ("nonspecial", &b"foo://h"[..]),
    ] {
        for (path, want) in data[section].as_object().unwrap() {
            let path = latin1(&Value::String(path.clone()));
            let got = key_of(&key, &[scheme, &path].concat());
            run.check(
                "path_dots.json",
                section,
                &path,
                &[scheme, &latin1(want)].concat(),
                &got,
            );
        }
    }
    run.finish("path_dots.json");
}

/// `test_parser_idempotence`: with no step on, the key is the input.
#[test]
fn parser_idempotence() {
    let mut run = Run::new();
    let key = only(&[]);
    for input in load("idempotence.json").as_array().unwrap() {
        let input = latin1(input);
        run.check(
            "idempotence.json",
            "",
            &input,
            &input,
            &key_of(&key, &input),
        );
    }
    run.finish("idempotence.json");
}

/// `ssurt_host` of a host by its IPv4 reading (`parse_ipv4`, given).
fn ssurt_host(host: &[u8], ip4: &Value) -> Vec<u8> {
    let is_ip = ip4.as_i64().is_some_and(|n| n != 0);
    if host.is_empty() || host[0] == b'[' || is_ip {
        return host.to_vec();
    }
    let mut out = Vec::new();
    for (i, part) in host.rsplit(|&b| b == b'.').enumerate() {
        if i > 0 {
            out.push(b',');
        }
        out.extend(part.iter().map(|&b| if b == b',' { b'.' } else { b }));
    }
    out.push(b',');
    out
}

/// `test_parsing`: the fields of `parse_url`, seen through the SSURT
/// form of the URL as parsed (no step run), which writes every field in
/// another order than the input: the field boundaries must be the
/// vector's.  (`surt_ancestry` is not a form of the family.)
#[test]
fn parsing() {
    let mut run = Run::new();
    let key = only(&["ssurt_form", "trailing_comma"]);
    for (input, f) in load("parsing.json").as_object().unwrap() {
        let input = latin1(&Value::String(input.clone()));
        let field = |name: &str| latin1(&f[name]);
        let want = [
            field("leading_junk"),
            ssurt_host(&field("host"), &f["ip4"]),
            field("slashes"),
            field("port"),
            field("colon_before_port"),
            field("scheme"),
            field("at_sign"),
            field("username"),
            field("colon_before_password"),
            field("password"),
            field("colon_after_scheme"),
            field("path"),
            field("question_mark"),
            field("query"),
            field("hash_sign"),
            field("fragment"),
            field("trailing_junk"),
        ]
        .concat();
        run.check("parsing.json", "", &input, &want, &key_of(&key, &input));
    }
    run.finish("parsing.json");
}

/// Each canonicalizer's kind runs the steps of its list in
/// `urlcanon/canon.py`, in that order (a step's second place in the
/// family has a suffixed name; `remove_fragment` has one place, which
/// serves `google` too: no other step reads the fragment).
#[test]
fn kinds_run_the_reference_lists() {
    let whatwg = [
        "remove_leading_trailing_junk",
        "remove_tabs_and_newlines",
        "lowercase_scheme",
        "elide_default_port",
        "clean_up_userinfo",
        "two_slashes",
        "pct_decode_host",
        "reparse_host",
        "normalize_ip_address",
        "punycode_special_host",
        "pct_encode_host",
        "fix_backslashes",
        "pct_encode_path",
        "leading_slash",
        "normalize_path_dots",
        "empty_path_to_slash",
        "pct_encode_userinfo",
        "pct_encode_query",
        "pct_encode_fragment",
    ];
    let google = [
        "remove_leading_trailing_junk",
        "default_scheme_http",
        "remove_tabs_and_newlines",
        "lowercase_scheme",
        "fix_backslashes",
        "pct_encode_path",
        "empty_path_to_slash",
        "elide_default_port",
        "clean_up_userinfo",
        "leading_slash",
        "two_slashes",
        "remove_fragment",
        "pct_decode_repeatedly",
        "normalize_path_dots",
        "fix_host_dots",
        "collapse_consecutive_slashes",
        "punycode_special_host",
        "reparse_host",
        "normalize_ip_address",
        "google_pct_encode",
    ];
    let semantic_precise = [
        "remove_leading_trailing_junk",
        "default_scheme_http",
        "remove_tabs_and_newlines",
        "lowercase_scheme",
        "elide_default_port",
        "clean_up_userinfo",
        "two_slashes",
        "pct_decode_repeatedly_except_query",
        "reparse_host",
        "normalize_ip_address",
        "fix_host_dots",
        "punycode_special_host",
        "remove_userinfo",
        "less_dumb_pct_encode",
        "less_dumb_pct_recode_query",
        "fix_backslashes",
        "leading_slash",
        "normalize_path_dots",
        "collapse_consecutive_slashes",
        "empty_path_to_slash",
        "alpha_reorder_query",
    ];
    let semantic: Vec<&str> = semantic_precise
        .iter()
        .copied()
        .chain(["remove_fragment"])
        .collect();
    let aggressive: Vec<&str> = semantic
        .iter()
        .copied()
        .chain([
            "https_to_http",
            "strip_www",
            "lowercase_path",
            "lowercase_query",
            "strip_session_ids_from_query",
            "strip_session_ids_from_path",
            "strip_trailing_slash_unless_empty",
            "remove_redundant_ampersands_from_query",
            "omit_question_mark_if_query_empty",
            "alpha_reorder_query",
        ])
        .collect();
    let base = |n: &str| -> String {
        ["_early", "_late", "_again"]
            .iter()
            .find_map(|s| n.strip_suffix(s))
            .unwrap_or(n)
            .to_string()
    };
    let forms = ["surt_form", "ssurt_form", "with_scheme", "trailing_comma"];
    for (kind, list) in [
        ("urlcanon-whatwg", whatwg.to_vec()),
        ("urlcanon-google", google.to_vec()),
        ("urlcanon-semantic-precise", semantic_precise.to_vec()),
        ("urlcanon-semantic", semantic.clone()),
        ("urlcanon-aggressive", aggressive.clone()),
    ] {
        for k in [kind.to_string(), format!("{kind}-surt")] {
            let ran: Vec<String> = builtin(&k)
                .unwrap()
                .steps_on()
                .filter(|s| !forms.contains(s))
                .map(base)
                .collect();
            let want: Vec<&str> = list
                .iter()
                .copied()
                .filter(|s| *s != "remove_fragment")
                .collect();
            let ran_wo: Vec<String> = ran
                .iter()
                .filter(|s| *s != "remove_fragment")
                .cloned()
                .collect();
            assert_eq!(ran_wo, want, "{k}");
            assert_eq!(
                ran.len() - ran_wo.len(),
                list.len() - want.len(),
                "{k}: remove_fragment"
            );
        }
    }
    // `ssurt` is `whatwg` with the SSURT form.
    let ssurt: Vec<&str> = builtin("ssurt").unwrap().steps_on().collect();
    let mut want: Vec<&str> = builtin("urlcanon-whatwg").unwrap().steps_on().collect();
    want.push("ssurt_form");
    want.sort_unstable();
    let mut ssurt_sorted = ssurt.clone();
    ssurt_sorted.sort_unstable();
    assert_eq!(ssurt_sorted, want);
}

/// The kinds of the family: the reference's eleven and the three
/// `-fixed` ones.
fn urlcanon_kinds() -> Vec<&'static Key> {
    urlprism::keys::builtin_names()
        .into_iter()
        .map(|n| builtin(n).unwrap())
        .filter(|k| k.family().name == "urlcanon")
        .collect()
}

/// Any octets make a key or a rejection, never a panic; and a key of an
/// octet not UTF-8 keeps it where the reference keeps it.
#[test]
fn any_octets() {
    let kinds = urlcanon_kinds();
    assert_eq!(kinds.len(), 14);
    let alphabet: &[u8] = b"hH:/\\\\?#@%.[]&=;_-0x19aZ \t\n\r\x00\x7f\x80\xc3\xa9\xff\xe2\x80\x8c";
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for _ in 0..20_000 {
        let len = (next() % 48) as usize;
        let mut input: Vec<u8> = b"http://".to_vec();
        if next() % 4 == 0 {
            input.clear();
        }
        for _ in 0..len {
            let r = next();
            input.push(if r % 8 == 0 {
                (r >> 8) as u8
            } else {
                alphabet[(r >> 8) as usize % alphabet.len()]
            });
        }
        for k in &kinds {
            let _ = k.make(&input);
        }
    }
    // `%FF` in the path stays an escape; a raw 0xFF of the fragment is
    // encoded; a host that is not UTF-8 is kept, then encoded.
    let whatwg = builtin("urlcanon-whatwg").unwrap();
    assert_eq!(
        whatwg.make(b"http://a\xff.com/%ff#\xff").unwrap(),
        b"http://a%FF.com/%ff#%FF"
    );
}

/// Long lines of the patterns that make the reference's expressions
/// and loops work hardest are keyed in time linear in their length.
#[test]
fn long_lines() {
    let kinds = urlcanon_kinds();
    let patterns: &[&[u8]] = &[
        b"%25",
        b"%2525",
        b"/..",
        b"/%2e%2e/.",
        b"&",
        b"&sid=0123456789abcdef",
        b"cfid=1&cftoken=",
        b".",
        b"a@",
        b":",
        b"[",
        b"/(abcdefghijklmnopqrstuvwx)",
        b"/(a(abcdefghijklmnopqrstuvwx)",
        b"\xe2\x80\x8c",
        b"0x",
        b"\\",
        b"\t",
    ];
    let n = 50_000;
    let start = std::time::Instant::now();
    for p in patterns {
        let body = p.repeat(n);
        let mut line = b"http://".to_vec();
        line.extend_from_slice(&body);
        line.push(b'/');
        line.extend_from_slice(&body);
        line.extend_from_slice(b".aspx?");
        line.extend_from_slice(&body);
        line.push(b'#');
        line.extend_from_slice(&body);
        for k in &kinds {
            let _ = k.make(&line);
        }
    }
    // About 30 MB keyed fourteen times over: seconds if linear, hours
    // if not.
    assert!(start.elapsed().as_secs() < 120, "{:?}", start.elapsed());
}

/// The fix steps of the family: (step, the `-fixed` kind that turns it
/// on, its base, what the reference (urlcanon 0.3.1, run on the step's
/// example) gives there).
const FIXES: &[(&str, &str, &str, &str)] = &[
    (
        "default_scheme_http_keeps_authority",
        "urlcanon-semantic-fixed",
        "urlcanon-semantic",
        "http://a/",
    ),
    (
        "ipv4_parts_digits_only",
        "urlcanon-semantic-fixed",
        "urlcanon-semantic",
        "http://0.255.0.0/",
    ),
    (
        "strip_session_ids_in_a_row",
        "urlcanon-aggressive-fixed",
        "urlcanon-aggressive",
        "http://a/?sid=0123456789abcdef&x=1&y=2",
    ),
    (
        "ssurt_host_keeps_zero",
        "ssurt-fixed",
        "ssurt",
        "0,0,0,0,//http:/",
    ),
];

/// `base` with the steps `fixes` on.
fn with_fixes(base: &str, fixes: &[&str]) -> Key {
    let mut text = format!("name = \"{base}+fix\"\nextends = \"{base}\"\n[steps]\n");
    for f in fixes {
        text += &format!("{f} = true\n");
    }
    Key::from_toml(&text).unwrap()
}

fn text_of(key: &Key, input: &[u8]) -> String {
    String::from_utf8_lossy(&key_of(key, input)).into_owned()
}

/// Each fix step is off by default, says it is a fix, and its example is
/// what its `-fixed` kind (and its base with that step alone) makes, where
/// the base kind gives the reference's output; `--json` names it.
#[test]
fn fix_steps() {
    let fam = family("urlcanon").unwrap();
    let fix_steps: Vec<&str> = fam
        .steps
        .iter()
        .filter(|s| s.title.starts_with("fix: "))
        .map(|s| s.name)
        .collect();
    assert_eq!(
        fix_steps,
        FIXES.iter().map(|f| f.0).collect::<Vec<_>>(),
        "the fix steps"
    );
    for &(name, fixed, base, reference) in FIXES {
        let step = fam.steps.iter().find(|s| s.name == name).unwrap();
        assert!(!step.default, "{name} is off by default");
        assert!(
            step.title.contains(&format!("`{reference}`")),
            "{name}: the title shows the reference's output {reference}"
        );
        let (input, want) = step.example;
        let base = builtin(base).unwrap();
        assert_eq!(text_of(base, input.as_bytes()), reference, "{name}: base");
        assert_ne!(reference, want, "{name}");
        assert_eq!(
            text_of(builtin(fixed).unwrap(), input.as_bytes()),
            want,
            "{name}: {fixed}"
        );
        let alone = with_fixes(base.name(), &[name]);
        assert_eq!(text_of(&alone, input.as_bytes()), want, "{name} alone");
        let mut applied = urlprism::keys::Applied::recording();
        let mut out = Vec::new();
        alone
            .make_into(input.as_bytes(), &mut applied, &mut out)
            .unwrap();
        assert_eq!(
            applied.steps().iter().filter(|s| **s == name).count(),
            1,
            "{name}: noted once among {:?}",
            applied.steps()
        );
        // The base kind never notes it.
        let mut applied = urlprism::keys::Applied::recording();
        base.make_into(input.as_bytes(), &mut applied, &mut Vec::new())
            .unwrap();
        assert!(!applied.steps().contains(&name), "{name}");
    }
    // The `-fixed` kinds are their base with their fixes on, and say so.
    for (fixed, base, fixes) in [
        (
            "urlcanon-semantic-fixed",
            "urlcanon-semantic",
            &[
                "default_scheme_http_keeps_authority",
                "ipv4_parts_digits_only",
            ][..],
        ),
        (
            "urlcanon-aggressive-fixed",
            "urlcanon-aggressive",
            &[
                "default_scheme_http_keeps_authority",
                "ipv4_parts_digits_only",
                "strip_session_ids_in_a_row",
            ][..],
        ),
        (
            "ssurt-fixed",
            "ssurt",
            &["ipv4_parts_digits_only", "ssurt_host_keeps_zero"][..],
        ),
    ] {
        let k = builtin(fixed).unwrap();
        assert_eq!(k.switches(), with_fixes(base, fixes).switches(), "{fixed}");
        assert!(k.description().contains("fixed"), "{fixed}");
        for f in fixes {
            assert!(
                !builtin(base).unwrap().steps_on().any(|s| s == *f),
                "{base}: {f}"
            );
        }
    }
}

/// The fixes on URLs the faults touch and on URLs near them: the
/// reference's key (through the base kind) and the fixed one.
#[test]
fn fixes_by_example() {
    let cases: &[(&str, &str, &str, &str)] = &[
        // (fixed kind, input, reference, fixed)
        ("urlcanon-semantic-fixed", "//host/p", "http://p/", "http://host/p"),
        ("urlcanon-semantic-fixed", "//u:p@host:8080/p", "http://p/", "http://host:8080/p"),
        ("urlcanon-semantic-fixed", " //example.com/a?b#c", "http://a/?b", "http://example.com/a?b"),
        ("urlcanon-semantic-fixed", "//host", "http://host/", "http://host/"),
        ("urlcanon-semantic-fixed", "example.com/a", "http://example.com/a", "http://example.com/a"),
        ("urlcanon-semantic-fixed", "http://1.-1.0.0/", "http://0.255.0.0/", "http://1.-1.0.0/"),
        ("urlcanon-semantic-fixed", "http://1.+1.0.0/", "http://1.1.0.0/", "http://1.+1.0.0/"),
        ("urlcanon-semantic-fixed", "http://1_0.0.0.1/", "http://10.0.0.1/", "http://1_0.0.0.1/"),
        ("urlcanon-semantic-fixed", "http://1. 2.3.4/", "http://1.2.3.4/", "http://1.%202.3.4/"),
        ("urlcanon-semantic-fixed", "http://0x1_f.1/", "http://31.0.0.1/", "http://0x1_f.1/"),
        ("urlcanon-semantic-fixed", "http://-1/", "!", "http://-1/"),
        ("urlcanon-semantic-fixed", "http://0x7f.1/", "http://127.0.0.1/", "http://127.0.0.1/"),
        ("urlcanon-semantic-fixed", "http://0X7F.017.0x.1/", "http://127.15.0.1/", "http://127.15.0.1/"),
        ("urlcanon-semantic-fixed", "http://3232235777/", "http://192.168.1.1/", "http://192.168.1.1/"),
        ("urlcanon-semantic-fixed", "http://1.2.3.256/", "http://1.2.3.256/", "http://1.2.3.256/"),
        ("ssurt-fixed", "http://0.0.0.0/", "0,0,0,0,//http:/", "0.0.0.0//http:/"),
        ("ssurt-fixed", "http://0x0/", "0,0,0,0,//http:/", "0.0.0.0//http:/"),
        ("ssurt-fixed", "http://1.2.3.4/", "1.2.3.4//http:/", "1.2.3.4//http:/"),
        ("ssurt-fixed", "http://1.-1.0.0/", "0.255.0.0//http:/", "0,0,-1,1,//http:/"),
        ("ssurt-fixed", "http://a.b/", "b,a,//http:/", "b,a,//http:/"),
        (
            "urlcanon-aggressive-fixed",
            "http://a/?sid=0123456789abcdef&jsessionid=0123456789&y=2",
            "http://a/?sid=0123456789abcdef&y=2",
            "http://a/?y=2",
        ),
        (
            "urlcanon-aggressive-fixed",
            "http://a/?x=1&sid=0123456789abcdef&y=2&phpsessid=0123456789abcdef&sessionid=0123456789abcdef",
            "http://a/?sessionid=0123456789abcdef&x=1&y=2",
            "http://a/?x=1&y=2",
        ),
        (
            "urlcanon-aggressive-fixed",
            "http://a/?x=1&sid=0123456789abcdef&y=2",
            "http://a/?x=1&y=2",
            "http://a/?x=1&y=2",
        ),
        (
            "urlcanon-aggressive-fixed",
            "http://a/?cfid=1&cftoken=a&sid=0123456789abcdef",
            "http://a/?sid=0123456789abcdef",
            "http://a/",
        ),
    ];
    for &(fixed, input, reference, want) in cases {
        let fixed = builtin(fixed).unwrap();
        let base = builtin(fixed.name().strip_suffix("-fixed").unwrap()).unwrap();
        let got = text_of(base, input.as_bytes());
        if reference == "!" {
            assert!(got.starts_with('!'), "{input}: {got}");
        } else {
            assert_eq!(got, reference, "{} {input}", base.name());
        }
        assert_eq!(
            text_of(fixed, input.as_bytes()),
            want,
            "{} {input}",
            fixed.name()
        );
    }
}

/// Whether `line`, with no scheme (as `parse_url` reads one), starts with
/// two slashes: where `default_scheme_http` reads the authority from the
/// path.
fn no_scheme_two_slashes(line: &[u8]) -> bool {
    let core: Vec<u8> = line.iter().copied().skip_while(|&b| b <= 0x20).collect();
    let has_scheme = core.first().is_some_and(u8::is_ascii_alphabetic) && core.contains(&b':');
    let mut slashes = core
        .iter()
        .filter(|&&b| !matches!(b, b'\t' | b'\n' | b'\r'))
        .take(2);
    !has_scheme && slashes.all(|&b| b == b'/') && core.iter().filter(|&&b| b == b'/').count() >= 2
}

/// `line` percent-decoded until no escape is left (as the semantic
/// canonicalizers decode the host).
fn decoded(line: &[u8]) -> Vec<u8> {
    let mut cur = line.to_vec();
    loop {
        let mut next = Vec::with_capacity(cur.len());
        let mut i = 0;
        while i < cur.len() {
            let hex = |b: u8| (b as char).to_digit(16);
            if cur[i] == b'%' && i + 2 < cur.len() {
                if let (Some(h), Some(l)) = (hex(cur[i + 1]), hex(cur[i + 2])) {
                    next.push((h * 16 + l) as u8);
                    i += 3;
                    continue;
                }
            }
            next.push(cur[i]);
            i += 1;
        }
        if next == cur {
            return cur;
        }
        cur = next;
    }
}

/// Whether a dotted part of `line` (decoded; the parts between `/`, `\`,
/// `?`, `#`, `@`, `:` and `.`) reads as a number only with what Python's
/// `int()` takes beside digits: a sign, white space, an underscore, or
/// its own radix prefix after urlcanon's.
fn ipv4_part_with_int_extras(line: &[u8]) -> bool {
    let extra = |b: u8| b"+-_ \t\n\x0b\x0c\r".contains(&b);
    decoded(line)
        .split(|b| b"/\\?#@:.".contains(b))
        .any(|part| {
            let lower = part.to_ascii_lowercase();
            let numeric = !part.is_empty()
                && part
                    .iter()
                    .all(|&b| b.is_ascii_hexdigit() || b"xXoO".contains(&b) || extra(b));
            numeric
                && (part.iter().any(|&b| extra(b))
                    || lower.starts_with(b"00o")
                    || lower.starts_with(b"0x0x"))
        })
}

/// Whether the query of `key` holds a parameter QUERY_SESSIONID_RE
/// removes (`(&|^)` and `(&|$)` being the bounds of a parameter).
fn key_keeps_session_id(key: &[u8]) -> bool {
    let Some(q) = key.splitn(2, |&b| b == b'?').nth(1) else {
        return false;
    };
    let q = q
        .split(|&b| b == b'#')
        .next()
        .unwrap_or(q)
        .to_ascii_lowercase();
    let params: Vec<&[u8]> = q.split(|&b| b == b'&').collect();
    let run = |s: &[u8], min: usize, class: &dyn Fn(u8) -> bool| {
        s.len() >= min && s.iter().all(|&b| class(b))
    };
    let alnum = |b: u8| b.is_ascii_digit() || b.is_ascii_lowercase();
    params.iter().enumerate().any(|(i, p)| {
        if let Some(v) = p.strip_prefix(b"jsessionid=") {
            run(v, 10, &|b| alnum(b) || b == b'$')
        } else if let Some(v) = p
            .strip_prefix(b"sessionid=")
            .or_else(|| p.strip_prefix(b"phpsessid="))
            .or_else(|| p.strip_prefix(b"sid="))
        {
            run(v, 16, &alnum)
        } else if let Some(v) = p.strip_prefix(b"aspsessionid") {
            v.len() > 9
                && run(&v[..8], 8, &|b| b.is_ascii_lowercase())
                && v[8] == b'='
                && run(&v[9..], 16, &alnum)
        } else if let Some(v) = p.strip_prefix(b"cfid=") {
            run(v, 1, &|b| b.is_ascii_digit())
                && params
                    .get(i + 1)
                    .and_then(|n| n.strip_prefix(b"cftoken="))
                    .is_some_and(|t| run(t, 1, &|b| alnum(b) || b == b'-'))
        } else {
            false
        }
    })
}

/// The differential: over the key corpus and some URLs the faults touch
/// (or nearly), each fix step alone, and each `-fixed` kind, changes the
/// key of its base only where a fault applies (each fault described by a
/// predicate of the input or of the reference's key), and each fix
/// changes some keys.
#[test]
fn fixes_change_only_the_faulty_cases() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/keys/corpus.txt");
    let corpus = std::fs::read(&path).unwrap();
    let mut lines: Vec<&[u8]> = corpus
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .collect();
    let extra: &[&[u8]] = &[
        b"//host/p",
        b"\t//a.b/c/d?e",
        b"///p",
        b"/\\x/p",
        b"example.com/a",
        b"http://1.-1.0.0/",
        b"http://1.%2D1.0.0/",
        b"http://1_0.0.0.1/",
        b"http://+1/",
        b"http://-1/",
        b"http://1. 2.3.4/",
        b"http://00o17.1/",
        b"http://0x0x1f.1/",
        b"http://a-b.example/",
        b"http://0x7f.1/",
        b"http://0.0.0.0/",
        b"http://0/",
        b"http://0x0.0/",
        b"https://a/?x=1&sid=0123456789abcdef&sid=0123456789abcdef&y=2",
        b"https://a/?sid=0123456789abcdef&y=2&sid=0123456789abcdef",
        b"https://a/?sid=0123456789abcdef&y=2",
    ];
    lines.extend_from_slice(extra);
    type Fault = fn(input: &[u8], reference: &[u8]) -> bool;
    let authority: Fault = |input, _| no_scheme_two_slashes(input);
    let ipv4: Fault = |input, _| ipv4_part_with_int_extras(input);
    let zero: Fault = |_, reference| reference.starts_with(b"0,0,0,0,");
    let sessions: Fault = |_, reference| key_keeps_session_id(reference);
    let fault_of = |step: &str| -> Fault {
        match step {
            "default_scheme_http_keeps_authority" => authority,
            "ipv4_parts_digits_only" => ipv4,
            "ssurt_host_keeps_zero" => zero,
            _ => sessions,
        }
    };
    let check = |base: &Key, fixed: &Key, faults: &[Fault], what: &str| -> usize {
        let mut changed = 0;
        for line in &lines {
            let reference = key_of(base, line);
            let got = key_of(fixed, line);
            if got != reference {
                changed += 1;
                assert!(
                    faults.iter().any(|f| f(line, &reference)),
                    "{what} changes a key no fault of its touches: {:?}: {:?} -> {:?}",
                    String::from_utf8_lossy(line),
                    String::from_utf8_lossy(&reference),
                    String::from_utf8_lossy(&got)
                );
            }
        }
        println!("{what}: {changed} of {} keys changed", lines.len());
        changed
    };
    for &(step, _, base, _) in FIXES {
        let base = builtin(base).unwrap();
        let alone = with_fixes(base.name(), &[step]);
        let changed = check(
            base,
            &alone,
            &[fault_of(step)],
            &format!("{} + {step}", base.name()),
        );
        assert!(changed > 0, "{step} changes nothing");
    }
    // The fixes the other kinds' faults have too.
    for (base, step) in [
        ("urlcanon-aggressive", "default_scheme_http_keeps_authority"),
        ("urlcanon-aggressive", "ipv4_parts_digits_only"),
        ("ssurt", "ipv4_parts_digits_only"),
    ] {
        let changed = check(
            builtin(base).unwrap(),
            &with_fixes(base, &[step]),
            &[fault_of(step)],
            &format!("{base} + {step}"),
        );
        assert!(changed > 0, "{base} + {step} changes nothing");
    }
    for (fixed, base, faults) in [
        (
            "urlcanon-semantic-fixed",
            "urlcanon-semantic",
            vec![authority, ipv4],
        ),
        (
            "urlcanon-aggressive-fixed",
            "urlcanon-aggressive",
            vec![authority, ipv4, sessions],
        ),
        ("ssurt-fixed", "ssurt", vec![ipv4, zero]),
    ] {
        check(
            builtin(base).unwrap(),
            builtin(fixed).unwrap(),
            &faults,
            fixed,
        );
    }
}
