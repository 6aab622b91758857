//! Property tests: no panic on arbitrary input, THIS output is a
//! fixed point of the pipeline and is plain ASCII without controls outside
//! the fragment, every profile is deterministic, a canonical URL
//! survives `parse` + `serialize`, and `compare` gives what each engine
//! gives alone.
//!
//! Inputs come from two sources: strings of arbitrary characters, and
//! strings glued together from URL-ish pieces (schemes, `//`, `@`, `:`,
//! brackets, escapes, backslashes, dot segments, non-ASCII text,
//! ideographic dots...).  Case counts are capped so that the whole file runs
//! in seconds.

use encoding_rs::{Encoding, SHIFT_JIS, UTF_8, WINDOWS_1252};
use proptest::prelude::*;
use proptest::test_runner::RngSeed;
use urlprism::algorithm::host::{canonicalize_host, nameprep};
use urlprism::profile::{builtin_profiles, this};
use urlprism::{canonicalize, parse, resolve, serialize, Profile};

mod common;
use common::{canonicalize_str, check_idempotent, expected_reparse, pipeline};

/// Pieces URLs are made of, with an eye on the corners of the spec.
#[rustfmt::skip]
const PIECES: &[&str] = &[
    // schemes
    "http:", "HTTP:", "https:", "file:", "FILE:", "ftp:", "mailto:", "javascript:", "data:",
    "about:", "x-y+z.:", "ws:", "gopher:", "c:", "C|", "a:", "1:",
    // authority and path structure
    "//", "///", "/", "\\", "\\\\", "@", ":", "::", "[", "]", "[::1]", "[v1.x]", "?", "#", "&",
    "=", ";", ",", "+", "localhost", "127.0.0.1", "0x7f.1", "4294967296", "1", "80", "65536",
    "example.com", "host", "a", "B", "xn--", "xn--mgbh0fb", "xn--a-", "%3F", "%5B", "%5b::1%5d",
    // escapes
    "%", "%4", "%41", "%2e", "%2E", "%2F", "%5C", "%25", "%zz", "%ff", "%FF", "%00", "%C3%A9",
    "%E3%80%82", "%F0%90%80",
    // dot segments
    ".", "..", "./", "../", "/./", "/../", "/.%2e/", "%2e%2E", ".%2E",
    // whitespace and controls
    " ", "\t", "\n", "\r", "\u{B}", "\u{C}", "\u{0}", "\u{1}", "\u{7F}", "\u{85}", "\u{9F}",
    // non-ASCII: ideographic and full-width dots, letters, bidi, ignorables
    "\u{3002}", "\u{FF0E}", "\u{FF61}", "é", "E\u{301}", "ß", "日本", "語", "ｅｘａｍｐｌｅ", "İ",
    "\u{5D0}", "\u{627}", "\u{202E}", "\u{200B}", "\u{AD}", "\u{340}", "\u{E000}", "ﬀ",
    "\u{2F868}", "\u{FFFD}", "\u{FFFF}", "\u{FDD0}", "\u{1F600}", "\u{10FFFD}", "\u{E0001}",
    "\u{3000}",
];

/// A string glued together from [`PIECES`] and a few arbitrary characters.
fn urlish() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        6 => prop::sample::select(PIECES).prop_map(str::to_string),
        1 => any::<char>().prop_map(String::from),
        1 => "[a-zA-Z0-9]{1,6}",
    ];
    prop::collection::vec(piece, 0..24).prop_map(|v| v.concat())
}

/// Arbitrary characters, or URL-ish text.
fn input() -> impl Strategy<Value = String> {
    prop_oneof![
        1 => any::<String>(),
        1 => "\\PC{0,40}",
        4 => urlish(),
    ]
}

/// An optional base URL: none (the input is its own base), a fixed
/// hierarchical one, a `file:` one, an opaque one, or URL-ish text.
fn base() -> impl Strategy<Value = Option<String>> {
    prop_oneof![
        2 => Just(None),
        1 => Just(Some("http://user:pw@example.com:8080/a/b/c?q#f".to_string())),
        1 => Just(Some("file:///c:/dir/file".to_string())),
        1 => Just(Some("mailto:x@y".to_string())),
        2 => urlish().prop_map(Some),
    ]
}

fn encoding() -> impl Strategy<Value = &'static Encoding> {
    prop::sample::select(vec![UTF_8, WINDOWS_1252, SHIFT_JIS])
}

/// Pieces of ASCII URLs near the edges of the `whatwg` engine's one-pass
/// common URL (`src/whatwg/common_url.rs`): its schemes in any case and
/// others, one to three slashes, hosts of letters, digits, hyphens and dots
/// with what ends its reach (`xn--`, `%`, `_`, a last label of digits, `@`,
/// `\\`, brackets), ports at the edges, dot segments written every way, and
/// the characters each component escapes.
#[rustfmt::skip]
const COMMON_PIECES: &[&str] = &[
    "http:", "HTTP:", "hTTps:", "ws:", "WSS:", "ftp:", "file:", "foo:", "//", "/", "///", "\\",
    "a", "B", "-", ".", "..", "a-b", "xn--", "XN--a", "1", "09", "0x7f", "_", "%41", "%", "@",
    ":", "[", "]", ":80", ":443", ":21", ":0", ":65535", ":65536", ":00080", "/a", "/./", "/../",
    "/%2e/", "/.%2E", "/..", "?", "#", "\"", "<", ">", "`", "{", "}", "^", "'", "|", " ", "\t",
    "~", "!", "$", "&", "=", "+", ";", ",", "*", "(", ")", "\u{7F}", "\u{1}", "é",
];

fn common_ascii_url() -> impl Strategy<Value = String> {
    let scheme = prop::sample::select(&COMMON_PIECES[..8]).prop_map(str::to_string);
    let rest = prop::collection::vec(
        prop_oneof![
            6 => prop::sample::select(COMMON_PIECES).prop_map(str::to_string),
            1 => "[a-z0-9]{1,8}",
        ],
        0..16,
    );
    (
        scheme,
        prop::sample::select(&COMMON_PIECES[8..11]),
        "[a-zA-Z0-9.-]{0,12}",
        rest,
    )
        .prop_map(|(scheme, slashes, host, rest)| {
            format!("{scheme}{slashes}{host}{}", rest.concat())
        })
}

/// ASCII URLs whose every part is near an edge of the `whatwg` engine's
/// one-pass common URL: schemes special or not (an opaque path after
/// them, or slashes), user information with `:` and what it escapes,
/// hosts that are or are nearly IPv4 addresses, ports, and paths of dot
/// segments written every way between `/` and `\`.
fn wide_ascii_url() -> impl Strategy<Value = String> {
    let scheme = prop::sample::select(
        &[
            "http:",
            "HTTPS:",
            "ws:",
            "ftp:",
            "file:",
            "mailto:",
            "c:",
            "JavaScript:",
            "a+b.c-d:",
            "1a:",
            "foo:",
        ][..],
    );
    let slashes = prop::sample::select(&["//", "//", "//", "", "/", "\\\\", "//\\"][..]);
    let userinfo = prop::option::of(
        prop::collection::vec(
            prop::sample::select(
                &[
                    "user", "u", ":", "p:q", "%40", "\"", "<", "^", "|", ";", "=", "[", "]", "`",
                    "{", "~", "!", "$", "@", "é", " ",
                ][..],
            ),
            0..4,
        )
        .prop_map(|v| v.concat() + "@"),
    );
    let number = "(0|00|1|9|10|99|199|255|256|300|0x7f|01)";
    let regex = |r: &str| prop::string::string_regex(r).expect("a regex");
    let host = prop_oneof![
        regex("[a-zA-Z0-9-]{1,6}(\\.[a-zA-Z0-9-]{1,6}){0,3}"),
        regex(&format!("{number}(\\.{number}){{0,4}}\\.?")),
        regex("[a-z.:]{0,3}"),
    ];
    let port = prop::sample::select(&["", "", ":", ":80", ":8080", ":0", ":65536", ":x"][..]);
    let rest = prop::collection::vec(
        prop_oneof![
            3 => prop::sample::select(&[
                "/", "\\", "/.", "/..", "\\..", "/.\\", "/%2E%2e", "/.%2e/", "%2e", ".", "..",
                "/..?", "/.#", "a", "/a", "/c:", "/Z|", "?", "#", "%", "^", "'", "\"", "`", "{", "<",
                "@", ":",
            ][..]),
            1 => prop::sample::select(COMMON_PIECES),
        ],
        0..10,
    );
    (scheme, slashes, userinfo, host, port, rest).prop_map(|(s, sl, u, h, p, r)| {
        format!("{s}{sl}{}{h}{p}{}", u.unwrap_or_default(), r.concat())
    })
}

/// `cases` cases from a fixed seed, so that every run (and CI) tries the
/// same inputs; `PROPTEST_CASES` and `PROPTEST_RNG_SEED` ask for a deeper
/// or a different run by hand.
fn config(cases: u32) -> ProptestConfig {
    let env = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok());
    let default = ProptestConfig::default();
    let rng_seed = match default.rng_seed {
        RngSeed::Random => RngSeed::Fixed(0x0075_726c_7072_6973),
        fixed => fixed,
    };
    ProptestConfig {
        cases: env.unwrap_or(cases),
        failure_persistence: None,
        rng_seed,
        ..default
    }
}

proptest! {
    #![proptest_config(config(512))]

    /// The profiles canonicalized together (`canonicalize_each`, sharing
    /// what no profile parameter touches) give what each gives alone.
    #[test]
    fn profiles_together_equal_profiles_alone(s in input(), b in base(), enc in encoding()) {
        let base = parse(b.as_deref().unwrap_or(&s));
        let resolved = resolve(&s, &base);
        let profiles: Vec<&dyn Profile> = builtin_profiles().iter().map(|p| p as &dyn Profile).collect();
        let together = urlprism::canonicalize_each(&resolved, &profiles, enc);
        for (p, t) in profiles.iter().zip(&together) {
            prop_assert_eq!(t, &canonicalize(&resolved, *p, enc), "{}", p.name());
        }
        let strings = common::canonicalize_str_each(&s, b.as_deref(), &profiles, enc);
        for (p, t) in profiles.iter().zip(&strings) {
            prop_assert_eq!(t, &canonicalize_str(&s, b.as_deref(), *p, enc), "{}", p.name());
        }
    }

    /// `compare` (its profiles canonicalized together, each result a
    /// `Url`) gives what each engine gives alone, and says they differ
    /// exactly where the results alone differ.
    #[test]
    fn compare_equals_each_engine_alone(s in input(), b in base(), enc in encoding()) {
        for engines in common::compared_engine_sets() {
            common::check_comparison(&engines, &s, b.as_deref(), enc).map_err(TestCaseError::fail)?;
        }
    }

    /// A canonical `Url` (one string and the offsets of its components)
    /// has, at its offsets, the components the steps give, and is valid
    /// exactly when the steps' result is; it orders and compares as its
    /// serialization, and reads back through `FromStr` under THIS.
    #[test]
    fn url_offsets_match_the_steps(s in input(), b in base(), enc in encoding()) {
        for p in builtin_profiles() {
            // The steps run on the input as the profile's observed steps
            // on the input leave it.
            // (and its whole-URL rules: `observed_kind`).
            let steps_input = common::observed_input(p, &s, b.as_deref());
            let base = parse(b.as_deref().unwrap_or(&steps_input));
            let Ok(c) = common::canonicalizer(b.as_deref(), p, enc) else {
                prop_assert!(base.is_invalid());
                continue;
            };
            let steps = urlprism::observed::kind::canonicalize_by_the_steps(&s, b.as_deref(), p, enc);
            match c.canonicalize(&s) {
                Ok(url) => {
                    let canonical = steps.map_err(|e| TestCaseError::fail(format!("{}: steps fail: {e}", p.name)))?;
                    common::check_url_components(&url, &canonical).map_err(TestCaseError::fail)?;
                    prop_assert_eq!(url.to_string(), url.as_str());
                }
                Err(e) => prop_assert!(steps.is_err(), "{}: {e} but the steps succeed", p.name),
            }
        }
    }


    /// Every `Url` made holds its invariants (`Url::check_invariants`),
    /// under each built-in profile and a mix of their parameters, alone
    /// and together (`canonicalize_each`, which puts each profile's host
    /// in one URL's place), and under `whatwg`; and its components make
    /// it again (`Url::from_parsed_url`).
    #[test]
    fn urls_hold_their_invariants(s in input(), b in base(), enc in encoding(), seed in any::<u64>()) {
        let mut seed = seed;
        let mixed = urlprism::profile::mixed_profile(|n| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) as usize % n
        });
        let mut profiles: Vec<&dyn Profile> = builtin_profiles().iter().map(|p| p as &dyn Profile).collect();
        profiles.push(&mixed);
        let mut urls = Vec::new();
        for p in &profiles {
            if let Ok(c) = common::canonicalizer(b.as_deref(), *p, enc) {
                urls.extend(c.canonicalize(&s).ok());
            }
        }
        let plans: Vec<urlprism::profile::plan::Plan> = profiles.iter().map(|p| urlprism::profile::plan::Plan::new(*p)).collect();
        let plans: Vec<&urlprism::profile::plan::Plan> = plans.iter().collect();
        if let Ok(c) = common::canonicalizer(b.as_deref(), this(), enc) {
            urls.extend(c.canonicalize_each(&s, &plans).into_iter().flatten());
        }
        let whatwg = urlprism::engines::builtin_engine("whatwg").unwrap();
        let w = urlprism::Canonicalizer::new(&whatwg).encoding(enc);
        let w = match b.as_deref() {
            Some(b) => w.base(b).ok(),
            None => Some(w),
        };
        urls.extend(w.and_then(|w| w.canonicalize(&s).ok()));
        for url in &urls {
            url.check_invariants().map_err(TestCaseError::fail)?;
            let again = urlprism::Url::from_parsed_url(&url.to_parsed_url());
            prop_assert_eq!(again.as_ref().map(urlprism::Url::as_str), Ok(url.as_str()));
        }
    }

    /// Every entry point, under every profile, returns rather than panics.
    #[test]
    fn no_panic(s in input(), b in base(), enc in encoding()) {
        let parsed = parse(&s);
        let _ = serialize(&parsed);
        let _ = resolve(&s, &parsed);
        if let Some(b) = &b {
            let based = parse(b);
            let _ = serialize(&resolve(&s, &based));
        }
        for p in builtin_profiles() {
            let _ = canonicalize_str(&s, b.as_deref(), p, enc);
            let _ = canonicalize(&parsed, p, enc);
            let _ = canonicalize_host(&s, "http", p);
            let _ = canonicalize_host(&s, "file", p);
            let _ = nameprep(&s, p, true);
            let _ = nameprep(&s, p, false);
        }
    }

    /// THIS: the canonical string, canonicalized again with itself as the
    /// base, is unchanged (and so is it against the original base, the
    /// conformance suite's form of the check).
    ///
    /// Exception, mandated by the specification: where resolution takes
    /// (part of) the base's |path| without the normalization that the
    /// second round applies (Resolution steps 6.1 and 9.1.1, "steps to
    /// resolve a relative URL" steps 4.3, 5.3 and, for `file:`, 6.5.1; see
    /// `common::path_taken_verbatim_from_base`), only the path may change,
    /// once: `""` against base `x:/./` gives `x:/./`, then `x:/`;
    /// `file:http:%2F//` against itself gives `file:///http:%2F//http:///`,
    /// then `file:///http:///http:///`.
    #[test]
    fn this_is_idempotent(s in input(), b in base(), enc in encoding()) {
        let Ok(c) = canonicalize_str(&s, b.as_deref(), this(), enc) else {
            return Ok(());
        };
        if let Err(e) = check_idempotent(&s, b.as_deref(), &c, this(), enc) {
            return Err(TestCaseError::fail(e));
        }
    }

    /// THIS: no control character anywhere, nothing but ASCII outside the
    /// fragment (specification "Serialization": the fragment alone may keep
    /// non-ASCII characters).
    #[test]
    fn this_output_is_ascii_outside_fragment(s in input(), b in base(), enc in encoding()) {
        if let Some((u, c)) = pipeline(&s, b.as_deref(), this(), enc) {
            prop_assert!(!c.chars().any(char::is_control), "control character in {:?}", c);
            let outside = [
                ("scheme", &u.scheme),
                ("user", &u.user),
                ("password", &u.password),
                ("host", &u.host),
                ("port", &u.port),
                ("path", &u.path),
                ("query", &u.query),
            ];
            for (name, part) in outside {
                if let Some(part) = part {
                    prop_assert!(part.is_ascii(), "non-ASCII {} {:?} in {:?}", name, part, c);
                }
            }
            // The same judged on the string: before the first `#`.
            let before_fragment = c.split('#').next().unwrap_or("");
            prop_assert!(before_fragment.is_ascii(), "non-ASCII before '#' in {:?}", c);
        }
    }

    /// Every profile gives the same answer twice, and the one-call API
    /// agrees with the step-by-step pipeline.
    #[test]
    fn profiles_are_deterministic(s in input(), b in base(), enc in encoding()) {
        for p in builtin_profiles() {
            let first = canonicalize_str(&s, b.as_deref(), p, enc);
            let second = canonicalize_str(&s, b.as_deref(), p, enc);
            prop_assert_eq!(&first, &second, "profile {}", &p.name);
            let steps = pipeline(&s, b.as_deref(), p, enc).map(|(_, c)| c);
            prop_assert_eq!(first.ok(), steps, "profile {}", &p.name);
            prop_assert_eq!(
                canonicalize_host(&s, "http", p),
                canonicalize_host(&s, "http", p),
                "profile {}", &p.name
            );
            prop_assert_eq!(nameprep(&s, p, true), nameprep(&s, p, true), "profile {}", &p.name);
        }
    }

    /// A canonical URL, under every profile, parses back to components that
    /// serialize to the same string (a profile that keeps noncharacters in
    /// the host gets U+FFFD for them: `common::expected_reparse`).
    #[test]
    fn canonical_url_survives_parse_and_serialize(s in input(), b in base(), enc in encoding()) {
        for p in builtin_profiles() {
            if let Ok(c) = canonicalize_str(&s, b.as_deref(), p, enc) {
                let parsed = parse(&c);
                prop_assert!(!parsed.is_invalid(), "profile {}: {:?} parses as invalid", &p.name, c);
                let back = serialize(&parsed);
                let expected = expected_reparse(&c, p);
                prop_assert_eq!(back.as_deref(), Some(expected.as_str()), "profile {}", &p.name);
            }
        }
    }
}

/// The properties hold on a few hand-picked inputs too (a sanity check that
/// the properties can see what they claim to see).
#[test]
fn properties_see_what_they_claim() {
    let c = canonicalize_str("HTTP://EXAMPLE.com/a/../b#\u{e9}", None, this(), UTF_8).unwrap();
    assert_eq!(c, "http://example.com/b#\u{e9}");
    let (u, _) = pipeline(
        "http://\u{65e5}\u{672c}.jp/\u{e9}?\u{e9}",
        None,
        this(),
        UTF_8,
    )
    .unwrap();
    assert!(u.host.as_deref().unwrap().starts_with("xn--"));
    assert_eq!(u.path.as_deref(), Some("/%C3%A9"));
    assert_eq!(u.query.as_deref(), Some("%C3%A9"));
}

proptest! {
    // Cheap, and where a rare quirk of the parser hides: more cases.
    #![proptest_config(config(20_000))]

    /// The `whatwg` engine's one-pass common URL gives what the `url`
    /// crate's parser gives (the same serialization and components, or
    /// the same error), under the URL Standard and its transitional
    /// variant, with and without a base; written into a buffer
    /// (`canonicalize_to`), the same serialization, or the same error and
    /// an empty buffer.
    #[test]
    fn whatwg_common_url_is_the_parsers(
        s in prop_oneof![common_ascii_url(), wide_ascii_url()],
        b in prop::option::of(prop_oneof![common_ascii_url(), wide_ascii_url()]),
    ) {
        for w in [urlprism::engines::whatwg::Whatwg::new(), urlprism::engines::whatwg::Whatwg::transitional()] {
            let fast = w.canonicalize_url(&s, b.as_deref(), UTF_8);
            let parser = w.canonicalize_by_the_parser(&s, b.as_deref(), UTF_8);
            prop_assert_eq!(&fast, &parser);
            let mut out = String::from("http://left.over/");
            let to = w.canonicalize_to(&s, b.as_deref(), UTF_8, &mut out).map(|()| out.clone());
            prop_assert_eq!(to, parser.clone().map(urlprism::Url::into_string));
            if parser.is_err() {
                prop_assert_eq!(out, "");
            }
            if let (Ok(fast), Ok(parser)) = (fast, parser) {
                prop_assert_eq!(fast.to_parsed_url(), parser.to_parsed_url());
            }
        }
    }
}
