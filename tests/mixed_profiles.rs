//! Random profiles that mix the built-in profiles' parameters
//! ([`urlprism::profile::mixed_profile`]) give the same result alone
//! (`canonicalize`, `canonicalize_str`), together with other profiles
//! (`canonicalize_each`, `canonicalize_str_each`, the `compare` engine,
//! which share work between profiles), and traced (the host's
//! CanonicalizeHost run step by step, which takes no shortcut), on
//! generated hosts and on the real URLs of `../shared/bench/` (when it is
//! there; a built-in list of real URLs otherwise).
//!
//! The shortcuts of the host pipeline are proven for the profiles whose
//! parameters they read (their keys); this test is what says that a
//! profile outside a shortcut's key runs the steps.  The number of rounds
//! is `URLPRISM_MIXED_ROUNDS` (default 48; each round mixes 4 profiles and
//! runs 1,000 URLs through them, next to the 4 built-in ones).

use urlprism::accel::host::canonicalize_host;
use urlprism::algorithm::host::canonicalize_host::canonicalize_host_traced;
use urlprism::algorithm::host::trace::StepLog;
use urlprism::compare::{Comparer, Engine};
use urlprism::profile::plan::Plan;
use urlprism::profile::{builtin_profiles, mixed_profile, ProfileSpec};
use urlprism::{canonicalize, canonicalize_each, Canonicalizer, Error, Profile};

/// SplitMix64: a small deterministic generator, so that a failure names
/// its round and can be replayed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Characters that exercise the host steps: ASCII letters in both cases,
/// digits, label separators, escapes, delimiters, compatibility forms,
/// combining marks, Hangul jamo, RandALCat (U+07B1 only since Unicode
/// 3.2), characters whose latest bidi class tells RandALCat or LCat
/// otherwise than tables D.1 and D.2 (U+2801, ON in 3.2 and L now;
/// U+1885, L in 3.2 and NSM now), CJK, mapped-to-nothing, noncharacters,
/// Gecko's blacklist.
const HOST_CHARS: &[char] = &[
    'a',
    'b',
    'c',
    'x',
    'n',
    'A',
    'B',
    'X',
    'N',
    '0',
    '1',
    '7',
    '-',
    '-',
    '.',
    '.',
    '.',
    '%',
    '2',
    'e',
    'E',
    'f',
    'F',
    ':',
    ';',
    '@',
    ' ',
    '_',
    '[',
    ']',
    '\u{3002}',
    '\u{FF0E}',
    '\u{FF61}',
    '\u{FF21}',
    '\u{FF41}',
    '\u{DF}',
    '\u{AD}',
    '\u{200D}',
    '\u{301}',
    '\u{316}',
    '\u{340}',
    '\u{1100}',
    '\u{1161}',
    '\u{11A8}',
    '\u{AE30}',
    '\u{5D0}',
    '\u{627}',
    '\u{7B1}',
    '\u{2801}',
    '\u{1885}',
    '\u{661}',
    '\u{4E00}',
    '\u{FB01}',
    '\u{2163}',
    '\u{E9}',
    '\u{3C3}',
    '\u{3A3}',
    '\u{E000}',
    '\u{FDD0}',
    '\u{FC}',
    '\u{430}',
    '\u{43C}',
    '\u{420}',
    '\u{424}',
    '\u{E01}',
    '\u{E48}',
    '\u{915}',
    '\u{94D}',
    '\u{1F600}',
    '\u{2024}',
    '\u{2488}',
    '\u{FF05}',
    '\u{FF1A}',
    '\u{F951}',
    '\u{C4}',
    '\u{B47}',
    '\u{B3E}',
    '\u{221}',
    '\u{2F868}',
    '\u{FFFD}',
    '\u{1D6A4}',
    '\u{FA70}',
    '\u{2027}',
    '\u{115F}',
    '\u{3164}',
    '\u{2F00}',
    '\u{1E9E}',
    '\u{130}',
    '\u{FF11}',
    '\u{FF0D}',
    '\u{FF58}',
];

/// Whole labels that exercise the label steps: `xn--` labels valid and
/// not, TLDs on Gecko's whitelist and off it, in both cases.
const LABELS: &[&str] = &[
    "xn--",
    "XN--",
    "xn--bcher-kva",
    "xn--4gq",
    "XN--80ADXHKS",
    "xn--p1ai",
    "xn--a-",
    "de",
    "DE",
    "jp",
    "fi",
    "com",
    "test",
    "org",
    "РФ",
    "рф",
    "москва",
    "ﬁ",
    "ᄀ",
    "bücher",
    "0x7f",
    "1",
    "255",
    "4294967295",
    "www",
    "%41",
    "%C3%BC",
    "%5B",
    "%3A80",
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
    // Fullwidth forms, which Nameprep makes ASCII: `www`, `xn--bcher-kva`,
    // `127`, `-a`, `com`.
    "\u{FF37}\u{FF57}\u{FF57}",
    "\u{FF38}\u{FF2E}\u{FF0D}\u{FF0D}\u{FF42}\u{FF43}\u{FF48}\u{FF45}\u{FF52}\u{FF0D}\u{FF4B}\u{FF56}\u{FF41}",
    "\u{FF11}\u{FF12}\u{FF17}",
    "\u{FF0D}\u{FF41}",
    "\u{FF43}\u{FF4F}\u{FF4D}",
];

/// A generated host: labels of [`HOST_CHARS`] and [`LABELS`], joined by
/// label separators.
fn generated_host(rng: &mut Rng) -> String {
    let labels = 1 + rng.below(4);
    let mut host = String::new();
    for i in 0..labels {
        if i > 0 {
            host.push(['.', '.', '.', '\u{3002}', '\u{FF0E}'][rng.below(5)]);
        }
        if rng.below(3) == 0 {
            host.push_str(LABELS[rng.below(LABELS.len())]);
        } else {
            for _ in 0..rng.below(8) {
                host.push(HOST_CHARS[rng.below(HOST_CHARS.len())]);
            }
        }
    }
    if rng.below(8) == 0 {
        host.push('.');
    }
    host
}

/// A URL around a generated host.
fn generated_url(rng: &mut Rng) -> String {
    let scheme = ["http", "https", "ftp", "file", "HTTP"][rng.below(5)];
    let host = generated_host(rng);
    let tail = ["/", "/x", ":80/a?b#c", "/%41?q"][rng.below(4)];
    format!("{scheme}://{host}{tail}")
}

/// Real URLs to use when `../shared/bench/` is not there, the issue's
/// two among them.
const REAL_URLS: &[&str] = &[
    "http://ᄀ。ﬁ/x",
    "https://москва.РФ/",
    "http://Bücher.DE/",
    "http://www.例え.テスト/",
    "http://日本.JP/",
    "http://xn--4gq.jp/",
    "http://WWW.XN--4GQ.JP/",
    "https://ΕΛΛΑΔΑ.gr/",
    "http://παράδειγμα.δοκιμή/",
    "http://ａｂｃ．ｃｏｍ/",
    "http://a%5fb.test/",
    "http://0x7f.1/",
    "http://[::1]/",
    "file://c:foo/",
    "http://foo:80:98/",
    "http://müller.de./",
];

/// Real URLs: every `step`-th line of the corpora of `../shared/bench/`.
fn real_urls() -> Vec<String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/bench");
    let mut urls: Vec<String> = REAL_URLS.iter().map(|s| s.to_string()).collect();
    for (file, step) in [
        ("idn.txt", 10),
        ("kasztp-source.txt", 24),
        ("ascii.txt", 100),
    ] {
        if let Ok(text) = std::fs::read_to_string(dir.join(file)) {
            urls.extend(text.lines().step_by(step).map(str::to_string));
        }
    }
    urls
}

fn rounds() -> usize {
    std::env::var("URLPRISM_MIXED_ROUNDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(48)
}

/// Checks one URL under `profiles` (the mixed ones first, `mixed` of
/// them): together = alone = traced.  Returns a description of the first
/// disagreement.
fn check(input: &str, specs: &[&ProfileSpec], mixed: usize) -> Result<(), String> {
    let utf8 = encoding_rs::UTF_8;
    let profiles: Vec<&dyn Profile> = specs.iter().map(|p| *p as _).collect();
    let profiles = profiles.as_slice();
    let u = urlprism::resolve(input, &urlprism::parse(input));
    let together = canonicalize_each(&u, profiles, utf8);
    let together_str = canonicalize_str_each(input, profiles);
    let together_urls = each(&Canonicalizer::new(profiles[0]), input, profiles);
    let engines: Vec<&dyn Engine> = specs.iter().map(|p| *p as _).collect();
    let compared = Comparer::new(&engines, None, utf8).compare(input);
    for (i, p) in profiles.iter().enumerate() {
        let alone = canonicalize(&u, *p, utf8);
        if together[i] != alone {
            return Err(format!(
                "profile {i}: canonicalize_each {:?} != canonicalize {alone:?}",
                together[i]
            ));
        }
        let alone_str = canonicalize_str(input, *p);
        if together_str[i] != alone_str {
            return Err(format!(
                "profile {i}: canonicalize_str_each {:?} != canonicalize_str {alone_str:?}",
                together_str[i]
            ));
        }
        // The components too (the hosts put in place of another's move
        // the spans after them).
        if !same_result(
            &together_urls[i],
            &Canonicalizer::new(*p).canonicalize(input),
        ) {
            return Err(format!(
                "profile {i}: the components of canonicalize_each {:?} differ from canonicalize's",
                together_urls[i]
            ));
        }
        if compared.results[i].canonical() != alone_str.as_deref().ok() {
            return Err(format!(
                "profile {i}: compare {:?} != canonicalize_str {alone_str:?}",
                compared.results[i].canonical()
            ));
        }
        if i >= mixed {
            continue;
        }
        let (Some(host), Some(scheme)) = (u.host.as_deref(), u.scheme.as_deref()) else {
            continue;
        };
        let scheme = scheme.to_ascii_lowercase();
        let fast = canonicalize_host(host, &scheme, *p);
        let traced = canonicalize_host_traced(host, &scheme, *p, &mut StepLog::default());
        if fast != traced {
            return Err(format!(
                "profile {i}: host {host:?}: canonicalize_host {fast:?} != traced {traced:?}"
            ));
        }
    }
    Ok(())
}

#[test]
fn mixed_profiles_alone_together_and_traced_agree() {
    let real = real_urls();
    let mut checked = 0usize;
    for round in 0..rounds() {
        let mut rng = Rng(round as u64 * 0x1234_5678 + 16);
        let mixed: Vec<ProfileSpec> = (0..4).map(|_| mixed_profile(|n| rng.below(n))).collect();
        let profiles: Vec<&ProfileSpec> = mixed.iter().chain(builtin_profiles()).collect();
        let mut urls: Vec<String> = (0..500).map(|_| generated_url(&mut rng)).collect();
        urls.extend((0..500).map(|_| real[rng.below(real.len())].clone()));
        for input in urls {
            if let Err(e) = check(&input, &profiles, mixed.len()) {
                let culprit = e
                    .strip_prefix("profile ")
                    .and_then(|r| r.split(':').next())
                    .and_then(|i| i.parse::<usize>().ok())
                    .and_then(|i| mixed.get(i));
                panic!(
                    "round {round}, {input:?}: {e}\nprofile:\n{}",
                    culprit.map_or(String::new(), |p| toml::to_string(p).unwrap_or_default())
                );
            }
            checked += mixed.len();
        }
    }
    eprintln!("checked {checked} (mixed profile, URL) pairs");
    assert!(checked >= rounds() * 4000);
}

/// The example: THIS with step 11 off and steps 20.1 and 24 on.
/// Alone, the steps read the TLD before Nameprep (`ﬁ`, not whitelisted);
/// together, the shared prepared host must not stand in for it.
#[test]
fn tld_check_without_whole_host_nameprep_is_the_same_together() {
    let text = include_str!("../profiles/this.toml")
        .replace("nameprep_whole_host = true ", "nameprep_whole_host = false")
        .replace("idn_tld_check = false", "idn_tld_check = true ")
        .replace(
            "final_ascii_lowercase = false",
            "final_ascii_lowercase = true ",
        );
    let p = ProfileSpec::from_toml(&text, "mix.toml").unwrap();
    assert!(!p.canonicalize_host.nameprep_whole_host);
    assert!(p.canonicalize_host.idn_tld_check);
    assert!(p.canonicalize_host.final_ascii_lowercase);
    let this = urlprism::profile::this();
    let utf8 = encoding_rs::UTF_8;
    for (input, expected) in [
        ("http://ᄀ。ﬁ/x", "http://xn--ypd.fi/x"),
        ("https://москва.РФ/", "https://xn--80adxhks.xn--p1ai/"),
    ] {
        let alone = canonicalize_str(input, &p);
        assert_eq!(alone.as_deref(), Ok(expected), "alone: {input}");
        let together = canonicalize_str_each(input, &[&p, this]);
        assert_eq!(together[0].as_deref(), Ok(expected), "together: {input}");
        let engines: [&dyn Engine; 2] = [&p, this];
        let compared = Comparer::new(&engines, None, utf8).compare(input);
        assert_eq!(
            compared.results[0].canonical(),
            Some(expected),
            "compare: {input}"
        );
    }
}

/// [`Canonicalizer::canonicalize_each`] of `input` under `profiles`, each
/// compiled for the call.
fn each(
    c: &Canonicalizer<'_>,
    input: &str,
    profiles: &[&dyn Profile],
) -> Vec<Result<urlprism::Url, Error>> {
    let plans: Vec<Plan> = profiles.iter().map(|p| Plan::new(*p)).collect();
    let plans: Vec<&Plan> = plans.iter().collect();
    c.canonicalize_each(input, &plans)
}

/// The canonical string of `input` (its own base) under `profile`.
fn canonicalize_str(input: &str, profile: &dyn Profile) -> Result<String, Error> {
    Canonicalizer::new(profile)
        .canonicalize(input)
        .map(|u| u.as_str().to_owned())
}

/// [`canonicalize_str`] under each of `profiles` at once
/// ([`Canonicalizer::canonicalize_each`]).
fn canonicalize_str_each(input: &str, profiles: &[&dyn Profile]) -> Vec<Result<String, Error>> {
    each(&Canonicalizer::new(profiles[0]), input, profiles)
        .into_iter()
        .map(|r| r.map(|u| u.as_str().to_owned()))
        .collect()
}

/// The same serialization and the same components.
fn same_url(a: &urlprism::Url, b: &urlprism::Url) -> bool {
    a.as_str() == b.as_str()
        && a.scheme() == b.scheme()
        && a.username() == b.username()
        && a.password() == b.password()
        && a.host_str() == b.host_str()
        && a.port() == b.port()
        && a.path() == b.path()
        && a.query() == b.query()
        && a.fragment() == b.fragment()
}

/// The same URL ([`same_url`]) or the same error.
fn same_result(a: &Result<urlprism::Url, Error>, b: &Result<urlprism::Url, Error>) -> bool {
    match (a, b) {
        (Ok(a), Ok(b)) => same_url(a, b),
        (Err(a), Err(b)) => a == b,
        _ => false,
    }
}

/// `e` without the URL string the browser shows
/// ([`urlprism::Error::displayed`]), which the `Canonicalizer` adds from
/// the whole input and the steps on a parsed URL cannot.
fn without_displayed(e: &urlprism::Error) -> urlprism::Error {
    let mut e = e.clone();
    if let urlprism::Error::Host { displayed, .. } = &mut e {
        *displayed = None;
    }
    e
}

/// Whether a `Canonicalizer`'s result is what the steps give: the same
/// serialization and components, or the same error.
fn agrees_with_the_steps(
    fast: &Result<urlprism::Url, urlprism::Error>,
    steps: &Result<urlprism::ParsedUrl, urlprism::Error>,
) -> bool {
    match (fast, steps) {
        (Ok(u), Ok(c)) => {
            Some(u.as_str()) == urlprism::serialize(c).as_deref()
                && u.username() == c.user.as_deref().unwrap_or("")
                && u.password() == c.password.as_deref()
                && u.host_str() == c.host.as_deref()
                && u.port().map(|p| p.to_string()) == c.port
                && u.path() == c.path.as_deref().unwrap_or("")
                && u.query() == c.query.as_deref()
                && u.fragment() == c.fragment.as_deref()
        }
        // A base the profile finds invalid once canonicalized
        // (`UrlParams::base_canonicalized`): refused by the Canonicalizer,
        // invalid by the steps.
        (Err(urlprism::Error::Base { reason, .. }), Err(urlprism::Error::Invalid(r))) => {
            reason == r
        }
        (Err(a), Err(b)) => without_displayed(a) == without_displayed(b),
        _ => false,
    }
}

/// Pieces of generated ASCII URLs for [`shortcut_is_the_steps`]: what the
/// whole-URL shortcut of `Canonicalizer::canonicalize` covers and what it
/// must leave to the steps (escapes, dot-segments, `\`, tabs, spaces,
/// uppercase, ports, IPv4-looking hosts, `xn--` labels, userinfo).
const SCHEMES: &[&str] = &[
    "http",
    "https",
    "HTTP",
    "Https",
    "ftp",
    "wss",
    "gopher",
    "x-y.z+w",
    "file",
    "mailto",
    "javascript",
    // Schemes IE knows without an authority, and one it does not know.
    "news",
    "zip",
    "c",
    "1a",
    "",
];
const AFTER_SCHEME: &[&str] = &[
    "://", "://", "://", "://", ":///", ":/", ":\\\\", ":", "://\\",
];
const USERINFO: &[&str] = &[
    "",
    "",
    "",
    "u@",
    "u:p@",
    "u:@",
    ":@",
    ":p@",
    "@",
    "U%41:p!$&'()*+,@",
    "u:p:q@",
    "a@b@",
    "u;v@",
    "u p@",
];
const HOSTS: &[&str] = &[
    "example.com",
    "WWW.Example.COM",
    "a",
    "a..b.",
    "1.2.3.4",
    "0x7F.1",
    "4294967296",
    "999.1.1.1",
    "1.2.3",
    "0",
    "08.1",
    "xn--bcher-kva.de",
    "XN--A.b",
    "xn--",
    "a_b",
    "",
    "[::1]",
    "%41",
    "a b",
    "a\tb",
    "é.de",
    "a;b",
    "a:b",
    "-x-.y",
    "99999999999.abc",
    "a.0X7F",
    "1a.b",
    "WWW.XN--4GQ.jp",
    "a-b--c.d",
    "xn--mgbh0fb.xn--kgbechtv",
    "xn--zz.de",
    "XN--80ADXHKS.XN--P1AI",
    // Internationalized hosts, which the shortcut takes by the steps of
    // CanonicalizeHost: mapped, prepared, bidi, failing, noncharacters.
    "Bücher.DE",
    "日本.JP",
    "ｗｗｗ．ｅｘａｍｐｌｅ．ｃｏｍ",
    "１２７．０．０．１",
    "\u{5D0}\u{5D1}.il",
    "\u{5D0}a.il",
    "\u{7B1}x.mv",
    // Bidi data that differ between versions: U+2801 is ON in 3.2 and L
    // now, U+1885 L in 3.2 and NSM now.
    "\u{5D0}\u{2801}.il",
    "\u{5D0}\u{2801}\u{5D1}.il",
    "\u{5D0}\u{1885}\u{5D1}.il",
    "a\u{FDD0}b",
    "a\u{FFFD}b",
    "ﬁ.de",
    "ᄀ。ﬁ",
    "xn--bcher-kva.日本",
    "é.xn--zz",
    "москва.РФ",
    "é_a",
    "\u{3002}é",
    "é.",
];
const PORTS: &[&str] = &[
    "", "", "", ":", ":80", ":443", ":21", ":8080", ":080", ":0", ":00", ":65535", ":65536", ":8a",
    "::1", ":99999",
];
const PATH_PIECES: &[&str] = &[
    "/",
    "/",
    "/",
    "a",
    "B",
    ".",
    "..",
    ".x",
    "x.",
    "%2e",
    "%2E",
    "%41",
    "%7e",
    "%2f",
    "%2F",
    "%",
    "%4",
    "%zz",
    "\\",
    "\t",
    " ",
    "\"",
    "<",
    ">",
    "{",
    "|",
    "^",
    "`",
    ";",
    "=",
    "@",
    ":",
    "é",
    "!",
    "~",
    "'",
    "日本",
    "\u{85}",
    "\u{FDD0}",
    "\u{FFFD}",
    "\u{1F600}",
    "\u{10FFFF}",
];
const QUERY_PIECES: &[&str] = &[
    "a",
    "=",
    "&",
    "\"",
    "<",
    ">",
    "%",
    "%41",
    "%30",
    "|",
    "`",
    "?",
    "/",
    "'",
    " ",
    "{",
    "é",
    "\\",
    "^",
    "日本",
    "\u{85}",
    "\u{FFFE}",
    "\u{1F600}",
];
/// Base URLs for [`shortcut_is_the_steps`]: the input's scheme in another
/// case, another scheme, `file:`, one that is not hierarchical, one with
/// an authority of its own.
const BASES: &[&str] = &[
    "HTTP://Base.test/dir/page?q#f",
    "https://b/",
    "ftp://u:p@f/x/",
    "file:///c:/x/",
    "mailto:someone",
    "x:/opaque",
    "http:relative",
];
const FRAGMENT_PIECES: &[&str] = &[
    "a",
    "'",
    "%30",
    "#",
    "?",
    "\"",
    " ",
    "%",
    "\u{1}",
    "é",
    "<",
    "\u{85}",
    "\u{9F}",
    "\u{A0}",
    "\u{FDEF}",
    "\u{FFFD}",
    "\u{1FFFF}",
    "日本",
];

/// A generated ASCII-looking URL from the pieces above.
fn generated_ascii_url(rng: &mut Rng) -> String {
    fn pick(rng: &mut Rng, pieces: &[&str]) -> String {
        pieces[rng.below(pieces.len())].to_string()
    }
    let mut url = String::new();
    if rng.below(20) == 0 {
        url.push(' ');
    }
    url += &pick(rng, SCHEMES);
    url += &pick(rng, AFTER_SCHEME);
    url += &pick(rng, USERINFO);
    url += &pick(rng, HOSTS);
    url += &pick(rng, PORTS);
    let path_len = rng.below(8);
    for _ in 0..path_len {
        url += &pick(rng, PATH_PIECES);
    }
    if rng.below(3) == 0 {
        url.push('?');
        for _ in 0..rng.below(5) {
            url += &pick(rng, QUERY_PIECES);
        }
    }
    if rng.below(4) == 0 {
        url.push('#');
        for _ in 0..rng.below(4) {
            url += &pick(rng, FRAGMENT_PIECES);
        }
    }
    if rng.below(20) == 0 {
        url.push_str(["\t", " ", "\n"][rng.below(3)]);
    }
    url
}

/// `Canonicalizer::canonicalize` (which takes the whole-URL shortcut for
/// the common absolute URL) against the steps one by one
/// (`observed_kind::canonicalize_by_the_steps`: the profile's URL-level
/// rules, `resolve_self`, `canonicalize`, `serialize`): the same canonical
/// URL, the same components, the same error, under random mixed profiles
/// and the built-in ones, on generated ASCII URLs and the real ones, each
/// its own base or resolved against one of [`BASES`].  Some of them are
/// covered by the shortcut: a plain `http://host/path` among them must
/// come out right.
#[test]
fn shortcut_is_the_steps() {
    let real = real_urls();
    let mut checked = 0usize;
    for round in 0..rounds() {
        let mut rng = Rng(round as u64 * 0x9876_5431 + 7);
        let mixed: Vec<ProfileSpec> = (0..4).map(|_| mixed_profile(|n| rng.below(n))).collect();
        let profiles: Vec<&ProfileSpec> = mixed.iter().chain(builtin_profiles()).collect();
        let mut urls: Vec<String> = (0..800).map(|_| generated_ascii_url(&mut rng)).collect();
        urls.extend((0..200).map(|_| real[rng.below(real.len())].clone()));
        for input in &urls {
            for (i, spec) in profiles.iter().enumerate() {
                let p: &dyn Profile = *spec;
                // Its own base most of the time, one of `BASES` otherwise.
                let base = BASES.get(rng.below(3 * BASES.len())).copied();
                // The steps run as the profile's observed steps on the
                // input and its whole-URL rules lead them.
                let fast = match base {
                    Some(b) => Canonicalizer::new(p)
                        .base(b)
                        .and_then(|c| c.canonicalize(input)),
                    None => Canonicalizer::new(p).canonicalize(input),
                };
                let steps = urlprism::observed::kind::canonicalize_by_the_steps(
                    input,
                    base,
                    p,
                    encoding_rs::UTF_8,
                );
                let agree = agrees_with_the_steps(&fast, &steps);
                assert!(
                    agree,
                    "round {round}, {input:?} (base {base:?}), profile {i}: canonicalize {fast:?} != steps {steps:?}\nprofile:\n{}",
                    toml::to_string(spec).unwrap_or_default()
                );
                checked += 1;
            }
            // Together (the shortcut's scan once, each profile's host), in
            // both orders, against a base or not: as alone.
            let all: Vec<&dyn Profile> = profiles.iter().map(|p| *p as &dyn Profile).collect();
            let reversed: Vec<&dyn Profile> = all.iter().rev().copied().collect();
            let one = vec![all[rng.below(all.len())]];
            let base = BASES.get(rng.below(3 * BASES.len())).copied();
            for order in [&all, &reversed, &one] {
                let c = match base {
                    Some(b) => Canonicalizer::new(urlprism::profile::this())
                        .base(b)
                        .unwrap(),
                    None => Canonicalizer::new(urlprism::profile::this()),
                };
                let together = each(&c, input, order);
                for (i, (p, t)) in order.iter().zip(&together).enumerate() {
                    let alone = match base {
                        Some(b) => Canonicalizer::new(*p).base(b).unwrap(),
                        None => Canonicalizer::new(*p),
                    }
                    .canonicalize(input);
                    assert!(
                        same_result(t, &alone),
                        "round {round}, {input:?} (base {base:?}), profile {i}: canonicalize_each {t:?} != canonicalize {alone:?}"
                    );
                }
            }
        }
    }
    eprintln!("checked {checked} (profile, URL) pairs");
    assert!(checked >= rounds() * 8000);
}

/// Beginnings of generated relative references for
/// [`reference_shortcut_is_the_steps`]: each case of the steps to resolve
/// a relative URL, and what the shortcut for the common relative
/// reference must decline (a scheme, `\`, spaces).
const REFERENCE_STARTS: &[&str] = &[
    "",
    "",
    "/",
    "/",
    "//",
    "//h.test",
    "//H.test:81",
    "?",
    "#",
    "./",
    "../",
    "../../../",
    ".",
    "..",
    "g",
    "g/",
    "G:h",
    "http:",
    "HTTP:x",
    "./g:h",
    "%2e/",
    "%2E%2e/",
    "\\",
    "/\\",
    " ",
    "\t/",
    "//a@b",
    "///",
];

/// Generated relative references and bases under random mixed profiles:
/// `Canonicalizer::canonicalize` with a base (which resolves a common
/// relative reference against a common base as text and takes the
/// result as the common absolute URL) against the steps one by one
/// (`resolve`, `canonicalize`, `serialize`): the same canonical URL and
/// components, or the same error; `canonicalize_each` gives what each
/// profile gives alone.
#[test]
fn reference_shortcut_is_the_steps() {
    let real = real_urls();
    let mut checked = 0usize;
    for round in 0..rounds() {
        let mut rng = Rng(round as u64 * 0x1234_5679 + 11);
        let mixed: Vec<ProfileSpec> = (0..4).map(|_| mixed_profile(|n| rng.below(n))).collect();
        let profiles: Vec<&ProfileSpec> = mixed.iter().chain(builtin_profiles()).collect();
        let all: Vec<&dyn Profile> = profiles.iter().map(|p| *p as &dyn Profile).collect();
        for _ in 0..300 {
            let base = match rng.below(3) {
                0 => generated_ascii_url(&mut rng),
                1 => real[rng.below(real.len())].clone(),
                _ => BASES[rng.below(BASES.len())].to_string(),
            };
            let mut reference = REFERENCE_STARTS[rng.below(REFERENCE_STARTS.len())].to_string();
            for _ in 0..rng.below(6) {
                reference += PATH_PIECES[rng.below(PATH_PIECES.len())];
            }
            if rng.below(3) == 0 {
                reference.push('?');
                for _ in 0..rng.below(4) {
                    reference += QUERY_PIECES[rng.below(QUERY_PIECES.len())];
                }
            }
            if rng.below(4) == 0 {
                reference.push('#');
                reference += FRAGMENT_PIECES[rng.below(FRAGMENT_PIECES.len())];
            }
            let Ok(any) = Canonicalizer::new(urlprism::profile::this()).base(&base) else {
                continue;
            };
            for (i, p) in all.iter().enumerate() {
                let fast = Canonicalizer::new(*p)
                    .base(&base)
                    .and_then(|c| c.canonicalize(&reference));
                let steps = urlprism::observed::kind::canonicalize_by_the_steps(
                    &reference,
                    Some(&base),
                    *p,
                    encoding_rs::UTF_8,
                );
                let agree = agrees_with_the_steps(&fast, &steps);
                assert!(
                    agree,
                    "round {round}, {reference:?} against {base:?}, profile {i}: canonicalize {fast:?} != steps {steps:?}\nprofile:\n{}",
                    toml::to_string(profiles[i]).unwrap_or_default()
                );
                checked += 1;
            }
            for (i, (p, t)) in all.iter().zip(each(&any, &reference, &all)).enumerate() {
                let alone = Canonicalizer::new(*p)
                    .base(&base)
                    .unwrap()
                    .canonicalize(&reference);
                assert!(
                    same_result(&t, &alone),
                    "round {round}, {reference:?} against {base:?}, profile {i}: canonicalize_each {t:?} != canonicalize {alone:?}"
                );
            }
        }
    }
    eprintln!("checked {checked} (profile, reference, base) triples");
    assert!(checked >= rounds() * 1000);
}
