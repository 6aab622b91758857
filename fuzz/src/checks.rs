//! The checks of the fuzz targets, one function per target, each taking
//! the target's bytes; a failed check panics.  Plain Rust with no
//! libFuzzer dependency: the targets (`fuzz_targets/*.rs`) call these
//! functions, and so does the main crate's `tests/fuzz_checks.rs` (over
//! the conformance suite's values) and `tests/regressions.rs`, which
//! include this file as a module (`#[path = "../fuzz/src/checks.rs"]`).
//!
//! Byte `0xFF` never occurs in UTF-8, so it serves as a separator: the
//! bytes before the first `0xFF` are the base URL and the bytes after it
//! the (relative) input.  Without a `0xFF` the whole input is the input
//! and the base is the input itself.  Invalid UTF-8 becomes U+FFFD, as a
//! document decoder would produce.

// Not every includer calls every function.
#![allow(dead_code)]

use urlprism::encoding_rs::{self, Encoding};
use urlprism::profile::builtin_profiles;

/// The separator between base and input.
pub const SEPARATOR: u8 = 0xFF;

/// A target's check: it panics when the input breaks a property.
pub type Check = fn(&[u8]);

/// The targets by name, each with its check.
pub const TARGETS: &[(&str, Check)] = &[
    ("parse", parse),
    ("resolve", resolve),
    ("canonicalize", canonicalize),
    ("canonicalize_host", canonicalize_host),
    ("nameprep", nameprep),
    ("whatwg", whatwg),
];

/// `(base, input)`: the base is `None` when the input holds no separator.
pub fn split(data: &[u8]) -> (Option<String>, String) {
    match data.iter().position(|&b| b == SEPARATOR) {
        Some(i) => (
            Some(String::from_utf8_lossy(&data[..i]).into_owned()),
            String::from_utf8_lossy(&data[i + 1..]).into_owned(),
        ),
        None => (None, String::from_utf8_lossy(data).into_owned()),
    }
}

/// The whole input as a string.
pub fn text(data: &[u8]) -> String {
    String::from_utf8_lossy(data).into_owned()
}

/// Document encodings the targets try besides UTF-8: the ones of the
/// suite's `#charset` records and a few with unusual encoders.
pub const ENCODINGS: &[&Encoding] = &[
    encoding_rs::UTF_8,
    encoding_rs::WINDOWS_1252,
    encoding_rs::SHIFT_JIS,
    encoding_rs::EUC_JP,
    encoding_rs::ISO_2022_JP,
    encoding_rs::GB18030,
    encoding_rs::BIG5,
    encoding_rs::EUC_KR,
    encoding_rs::UTF_16LE,
    encoding_rs::ISO_8859_2,
    encoding_rs::KOI8_R,
    encoding_rs::X_USER_DEFINED,
];

/// An encoding picked deterministically from the input.
pub fn pick_encoding(data: &[u8]) -> &'static Encoding {
    let h = data.iter().fold(0usize, |h, &b| {
        h.wrapping_mul(31).wrapping_add(usize::from(b))
    });
    ENCODINGS[h % ENCODINGS.len()]
}

/// Whether resolving `input` against `base` takes (part of) the base's
/// |path| without the normalization that a second round applies, as the
/// specification says (see `tests/common/mod.rs`,
/// `path_taken_verbatim_from_base`, for the steps): then the canonical URL
/// is not a fixed point, and only its path may change.
pub fn path_taken_verbatim_from_base(input: &str, base: &str) -> bool {
    let base = urlprism::parse(base);
    let own = urlprism::parse(&urlprism::algorithm::preprocess::preprocess(input));
    let resolved = urlprism::resolve(input, &base);
    base.path.is_some()
        && own.path.as_deref().is_none_or(str::is_empty)
        && resolved.path == base.path
}

/// `input` resolved against `base` (itself when `None`), canonicalized
/// under `profile` with `encoding` and serialized, through a
/// [`urlprism::Canonicalizer`].
pub fn canonicalize_str(
    input: &str,
    base: Option<&str>,
    profile: &dyn urlprism::Profile,
    encoding: &'static Encoding,
) -> Result<String, urlprism::Error> {
    let c = urlprism::Canonicalizer::new(profile).encoding(encoding);
    let c = match base {
        Some(b) => c.base(b)?,
        None => c,
    };
    c.canonicalize(input).map(urlprism::Url::into_string)
}

/// Two profiles mixing the built-in profiles' parameters
/// ([`urlprism::profile::mixed_profile`]), picked deterministically from
/// the input: the shortcuts of the host pipeline must give what the steps
/// give under any profile a user can write, not only the built-in ones.
pub fn mixed_profiles(data: &[u8]) -> Vec<urlprism::ProfileSpec> {
    let mut state = data.iter().fold(0x9E37_79B9_7F4A_7C15u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01B3)
    });
    let mut next = move |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n.max(1) as u64) as usize
    };
    (0..2)
        .map(|_| urlprism::profile::mixed_profile(&mut next))
        .collect()
}

/// `parse` on arbitrary text; whatever it returns serializes without
/// panic.
pub fn parse(data: &[u8]) {
    let input = text(data);
    let parsed = urlprism::parse(&input);
    let _ = urlprism::serialize(&parsed);
    let _ = parsed.is_hierarchical();
}

/// `resolve` of a relative input against a base (split at byte 0xFF),
/// then `serialize` of the result: a valid result has a scheme.
pub fn resolve(data: &[u8]) {
    let (base, input) = split(data);
    let base = urlprism::parse(base.as_deref().unwrap_or(&input));
    let resolved = urlprism::resolve(&input, &base);
    if !resolved.is_invalid() {
        assert!(
            resolved.scheme.is_some(),
            "a valid resolved URL has a scheme: {input:?} against {base:?} gave {resolved:?}"
        );
    }
    let _ = urlprism::serialize(&resolved);
}

/// The whole pipeline under every built-in profile, with UTF-8 and with an
/// encoding picked from the input.  Every profile is deterministic.  Under
/// THIS the output holds no control character, is ASCII before the
/// fragment, and is a fixed point: the canonical string, resolved against
/// the same base (or against itself) and canonicalized again, is unchanged
/// (but where the specification takes the base's path without
/// normalization; see [`path_taken_verbatim_from_base`]).  The profiles
/// canonicalized together (`canonicalize_each`) give what each gives alone,
/// the built-in ones and two that mix their parameters
/// ([`mixed_profiles`]), and so do the built-in ones from the string
/// (`Canonicalizer::canonicalize_each`, as `Url`s); under the mixed ones
/// the host gives the same canonicalized with the shortcuts and traced
/// step by step.  Every `Url` holds its invariants
/// (`Url::check_invariants`).  `Canonicalizer::canonicalize`, with its
/// shortcuts, gives what the steps give under every one of them (the steps
/// as the canonicalizer takes them, its URL-level steps included:
/// [`urlprism::observed::kind::canonicalize_by_the_steps`]).
pub fn canonicalize(data: &[u8]) {
    let (base, input) = split(data);
    let picked = pick_encoding(data);
    let same_base = base.as_deref().unwrap_or(&input);
    let resolved = urlprism::resolve(&input, &urlprism::parse(same_base));
    let mixed = mixed_profiles(data);
    let profiles: Vec<&dyn urlprism::Profile> = mixed
        .iter()
        .chain(builtin_profiles())
        .map(|p| p as &dyn urlprism::Profile)
        .collect();
    let together = urlprism::canonicalize_each(&resolved, &profiles, picked);
    for (p, t) in profiles.iter().zip(together) {
        assert_eq!(
            t,
            urlprism::canonicalize(&resolved, *p, picked),
            "{}: together differs from alone on {input:?}",
            p.name()
        );
    }
    // The same from the string, as `Url`s (`Canonicalizer::canonicalize_each`
    // takes the whole-URL shortcut once for all profiles): serialization
    // and components as each alone.
    let canonicalizer =
        |p: &'static dyn urlprism::Profile| -> Option<urlprism::Canonicalizer<'static>> {
            let c = urlprism::Canonicalizer::new(p).encoding(picked);
            match base.as_deref() {
                Some(b) => c.base(b).ok(),
                None => Some(c),
            }
        };
    let components = |u: &urlprism::Url| {
        (
            u.as_str().to_owned(),
            u.username().to_owned(),
            u.password().map(str::to_owned),
            u.host_str().map(str::to_owned),
            u.port(),
            u.path().to_owned(),
            u.query().map(str::to_owned),
            u.fragment().map(str::to_owned),
        )
    };
    let statics: Vec<&'static dyn urlprism::Profile> =
        builtin_profiles().iter().map(|p| p as _).collect();
    if let Some(c) = canonicalizer(statics[0]) {
        let plans: Vec<&urlprism::profile::plan::Plan> =
            urlprism::profile::plan::builtin_plans().iter().collect();
        for (p, t) in statics.iter().zip(c.canonicalize_each(&input, &plans)) {
            let alone = canonicalizer(*p).map(|c| c.canonicalize(&input));
            let alone = alone.expect("the base was valid for the first profile");
            for url in t.iter().chain(alone.iter()) {
                if let Err(e) = url.check_invariants() {
                    panic!("{}: {e}", p.name());
                }
            }
            assert_eq!(
                t.as_ref().map(components).map_err(ToString::to_string),
                alone.as_ref().map(components).map_err(ToString::to_string),
                "{}: Canonicalizer::canonicalize_each differs from alone on {input:?}",
                p.name()
            );
        }
    }
    // `Canonicalizer::canonicalize` (its shortcuts: the common absolute
    // URL, the common relative reference resolved as text) is the steps
    // one by one, under the built-in and the mixed profiles.
    for p in &profiles {
        let c = urlprism::Canonicalizer::new(*p).encoding(picked);
        let c = match base.as_deref() {
            Some(b) => c.base(b),
            None => Ok(c),
        };
        let Ok(c) = c else { continue };
        // The steps as the canonicalizer takes them under the profile: its
        // observed URL-level steps, then parse, resolve (without a base the
        // input is its own, and an input invalid by itself keeps its own
        // reason), canonicalize.
        let steps = urlprism::observed::kind::canonicalize_by_the_steps(
            &input,
            base.as_deref(),
            *p,
            picked,
        )
        .map(|u| urlprism::serialize(&u).expect("a canonical URL serializes"));
        assert_eq!(
            without_displayed(c.canonicalize(&input).map(|u| u.as_str().to_owned())),
            steps,
            "{}: Canonicalizer::canonicalize differs from the steps on {input:?} against {base:?}",
            p.name()
        );
    }
    if let (Some(host), Some(scheme)) = (resolved.host.as_deref(), resolved.scheme.as_deref()) {
        let scheme = scheme.to_ascii_lowercase();
        for p in &mixed {
            let mut log = urlprism::algorithm::host::trace::StepLog::default();
            assert_eq!(
                urlprism::accel::host::canonicalize_host(host, &scheme, p),
                urlprism::algorithm::host::canonicalize_host::canonicalize_host_traced(
                    host, &scheme, p, &mut log
                ),
                "mixed profile: shortcuts differ from the traced steps on {host:?}\n{p:?}"
            );
        }
    }
    for profile in builtin_profiles() {
        let is_this = profile.name == "this";
        for encoding in [encoding_rs::UTF_8, picked] {
            let first = canonicalize_str(&input, base.as_deref(), profile, encoding);
            let again = canonicalize_str(&input, base.as_deref(), profile, encoding);
            assert_eq!(
                first, again,
                "{} is not deterministic on {input:?}",
                profile.name
            );
            let Ok(canon) = first else { continue };
            if !is_this {
                continue;
            }
            assert!(
                !canon.chars().any(|c| c.is_control()),
                "THIS: control character in {canon:?} from {input:?}"
            );
            assert!(
                canon.split('#').next().unwrap_or("").is_ascii(),
                "THIS: non-ASCII before the fragment in {canon:?} from {input:?}"
            );
            let verbatim = path_taken_verbatim_from_base(&input, same_base);
            for second_base in [same_base, canon.as_str()] {
                let r = canonicalize_str(&canon, Some(second_base), profile, encoding);
                if verbatim {
                    // The second round must be a fixed point.
                    let c2 = r.expect("the canonical URL stays valid");
                    let c3 = canonicalize_str(&c2, Some(&c2), profile, encoding);
                    assert_eq!(c3.as_deref(), Ok(c2.as_str()), "second round of {input:?}");
                } else {
                    assert_eq!(
                        r.as_deref(),
                        Ok(canon.as_str()),
                        "THIS is not idempotent (base {second_base:?}) on {input:?}"
                    );
                }
            }
        }
    }
}

/// `r` without the URL a browser shows for an invalid host
/// ([`urlprism::Error::displayed`]), which a `Canonicalizer` adds to the
/// steps' error.
fn without_displayed(r: Result<String, urlprism::Error>) -> Result<String, urlprism::Error> {
    r.map_err(|e| match e {
        urlprism::Error::Host {
            host,
            step,
            reason,
            written,
            shown_host,
            ..
        } => urlprism::Error::Host {
            host,
            step,
            reason,
            written,
            shown_host,
            displayed: None,
        },
        e => e,
    })
}

/// CanonicalizeHost on arbitrary text under every built-in profile, for a
/// `file` and a non-`file` scheme: deterministic.
pub fn canonicalize_host(data: &[u8]) {
    let host = text(data);
    for profile in builtin_profiles() {
        for scheme in ["http", "file"] {
            let r = urlprism::accel::host::canonicalize_host(&host, scheme, profile);
            assert_eq!(
                r,
                urlprism::accel::host::canonicalize_host(&host, scheme, profile),
                "{} is not deterministic on {host:?}",
                profile.name
            );
        }
    }
}

/// Nameprep on arbitrary text under every built-in profile, with and
/// without the bidi check.  Whatever passes with the bidi check also
/// passes without it, with the same result.
pub fn nameprep(data: &[u8]) {
    let s = text(data);
    for profile in builtin_profiles() {
        let without = urlprism::algorithm::host::nameprep(&s, profile, false);
        let with = urlprism::algorithm::host::nameprep(&s, profile, true);
        if let Ok(w) = &with {
            assert_eq!(
                without.as_ref(),
                Ok(w),
                "{}: bidi check changed the result of {s:?}",
                profile.name
            );
        }
    }
}

/// The `whatwg` engine on an input against an optional base (a byte 0xFF
/// splits them): no panic; the one-pass common URL gives what the `url`
/// crate's parser gives (the same serialization and components, or the
/// same error; written into a buffer, the same serialization), under the
/// URL Standard and its transitional variant, in UTF-8 and in the
/// encoding the input picks; every URL holds its invariants.
pub fn whatwg(data: &[u8]) {
    use urlprism::engines::whatwg::Whatwg;
    let (base, input) = split(data);
    let picked = pick_encoding(data);
    for w in [Whatwg::new(), Whatwg::transitional()] {
        for encoding in [encoding_rs::UTF_8, picked] {
            let fast = w.canonicalize_url(&input, base.as_deref(), encoding);
            let parser = w.canonicalize_by_the_parser(&input, base.as_deref(), encoding);
            assert_eq!(fast, parser, "{input:?} against {base:?}");
            let mut out = String::from("http://left.over/");
            let to = w.canonicalize_to(&input, base.as_deref(), encoding, &mut out);
            assert_eq!(
                to.map(|()| out.as_str()),
                fast.as_ref().map(|u| u.as_str()).map_err(Clone::clone)
            );
            if fast.is_err() {
                assert_eq!(out, "");
            }
            if let (Ok(fast), Ok(parser)) = (fast, parser) {
                assert_eq!(fast.to_parsed_url(), parser.to_parsed_url());
                if let Err(e) = fast.check_invariants() {
                    panic!("{input:?} against {base:?}: {e}");
                }
            }
        }
        // The URL API's setters: the input set, as the attribute the
        // data picks, on the base (or a URL of each kind).
        use urlprism::compare::{Engine, UrlAttribute};
        let attribute = UrlAttribute::ALL[data.len() % UrlAttribute::ALL.len()];
        let hrefs = match &base {
            Some(b) => vec![b.clone()],
            None => vec!["http://u:p@h:81/p?q#f".to_string(), "sc:opaque".to_string()],
        };
        // Under the standard's engine and each browser's setters: a URL
        // that holds its invariants, or an error that is not an internal
        // one.
        let browsers: Vec<_> = ["chromium", "firefox", "webkit"]
            .iter()
            .filter_map(|n| urlprism::engines::builtin_engine(n))
            .collect();
        let engines =
            std::iter::once(&w as &dyn Engine).chain(browsers.iter().map(|e| e as &dyn Engine));
        for e in engines {
            for href in &hrefs {
                match e.set(href, attribute, &input) {
                    Some(Ok(u)) => {
                        if let Err(why) = u.check_invariants() {
                            panic!(
                                "{}: {href:?}.{} = {input:?}: {why}",
                                e.name(),
                                attribute.name()
                            );
                        }
                    }
                    Some(Err(why)) => assert!(
                        !why.to_string().contains("internal error"),
                        "{}: {href:?}.{} = {input:?}: {why}",
                        e.name(),
                        attribute.name()
                    ),
                    None => {}
                }
            }
        }
    }
}

/// Every address bar (the engines' and the 2011 profiles' that have
/// one) on the input and on the input after `http://`: no panic; a label
/// not shown in Unicode is shown as it is in the URL.
pub fn display(data: &[u8]) {
    use urlprism::compare::Engine;
    let input = text(data);
    let engines: Vec<_> = ["chromium", "firefox", "webkit", "chrome", "gecko"]
        .iter()
        .filter_map(|n| urlprism::engines::builtin_engine(n))
        .collect();
    for url in [input.clone(), format!("http://{input}")] {
        for e in &engines {
            if let Some(Ok(d)) = e.display(&url) {
                for l in &d.labels {
                    assert!(
                        l.unicode || l.shown == l.ascii,
                        "{}: {url:?}: label {l:?}",
                        e.name()
                    );
                }
            }
        }
    }
}
