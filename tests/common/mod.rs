//! Helpers shared by the robustness tests (`properties.rs`,
//! `regressions.rs`).

#![allow(dead_code)]

use encoding_rs::Encoding;
use urlprism::profile::plan::Plan;
use urlprism::{parse, resolve, serialize, Canonicalizer, Error, ParsedUrl, Profile};

/// A [`Canonicalizer`] under `profile` with `base` (none: each input is its
/// own) and `encoding`.
pub fn canonicalizer<'p>(
    base: Option<&str>,
    profile: &'p dyn Profile,
    encoding: &'static Encoding,
) -> Result<Canonicalizer<'p>, Error> {
    let c = Canonicalizer::new(profile).encoding(encoding);
    match base {
        Some(b) => c.base(b),
        None => Ok(c),
    }
}

/// From string to canonical string through a [`Canonicalizer`].
pub fn canonicalize_str(
    input: &str,
    base: Option<&str>,
    profile: &dyn Profile,
    encoding: &'static Encoding,
) -> Result<String, Error> {
    canonicalizer(base, profile, encoding)?
        .canonicalize(input)
        .map(urlprism::Url::into_string)
}

/// [`canonicalize_str`] under each of `profiles` at once
/// ([`Canonicalizer::canonicalize_each`]).
pub fn canonicalize_str_each(
    input: &str,
    base: Option<&str>,
    profiles: &[&dyn Profile],
    encoding: &'static Encoding,
) -> Vec<Result<String, Error>> {
    let plans: Vec<Plan> = profiles.iter().map(|p| Plan::new(*p)).collect();
    let plans: Vec<&Plan> = plans.iter().collect();
    match canonicalizer(base, urlprism::profile::this(), encoding) {
        Ok(c) => c
            .canonicalize_each(input, &plans)
            .into_iter()
            .map(|r| r.map(urlprism::Url::into_string))
            .collect(),
        Err(e) => profiles.iter().map(|_| Err(e.clone())).collect(),
    }
}

/// The step-level view of a canonical [`urlprism::Url`]'s components must
/// be what the steps give: `canonical` (from [`urlprism::canonicalize`])
/// with the fields a `Url` does not keep (the raw authority, the flags)
/// cleared.
pub fn check_url_components(url: &urlprism::Url, canonical: &ParsedUrl) -> Result<(), String> {
    let expected = ParsedUrl {
        authority: None,
        hierarchical: false,
        host_as_written: None,
        ..canonical.clone()
    };
    let got = url.to_parsed_url();
    if got != expected {
        return Err(format!(
            "{url:?}: components {got:?}, the steps give {expected:?}"
        ));
    }
    if serialize(&got).as_deref() != Some(url.as_str()) {
        return Err(format!("{url:?}: its components serialize otherwise"));
    }
    Ok(())
}

/// The pipeline step by step, keeping the canonical components: parse the
/// base (`input` itself when `None`), resolve, canonicalize, serialize.
pub fn pipeline(
    input: &str,
    base: Option<&str>,
    profile: &dyn Profile,
    encoding: &'static Encoding,
) -> Option<(ParsedUrl, String)> {
    // The profile's observed steps on the input and its whole-URL rules
    // come first.
    let canon =
        urlprism::observed::kind::canonicalize_by_the_steps(input, base, profile, encoding).ok()?;
    let s = serialize(&canon)?;
    Some((canon, s))
}

/// Whether resolving `input` against `base` takes (part of) the base's
/// |path| without the normalization the second round will apply, as the
/// specification says:
///
/// - the input has no path of its own and the base's |path| is copied
///   verbatim (Resolution steps 6.1 and 9.1.1, "steps to resolve a relative
///   URL" steps 4.3 and 5.3): it skips "remove dot-segments" and the
///   `file:` `%2F`/`%5C` decoding.
///
/// The canonical URL is not a fixed point there.
pub fn path_taken_verbatim_from_base(input: &str, base: &str) -> bool {
    let base = parse(base);
    let own = parse(&urlprism::algorithm::preprocess::preprocess(input));
    let resolved = resolve(input, &base);
    base.path.is_some()
        && own.path.as_deref().is_none_or(str::is_empty)
        && resolved.path == base.path
}

/// Checks that the THIS result `canon` of `input` (against `base`, the
/// input itself when `None`) is a fixed point: canonicalized again with
/// itself as the base, and with the same base, it is unchanged.  Where
/// [`path_taken_verbatim_from_base`] holds, the specification lets the
/// path change once: then only the path may differ, and the second result
/// must be a fixed point.
pub fn check_idempotent(
    input: &str,
    base: Option<&str>,
    canon: &str,
    profile: &dyn Profile,
    encoding: &'static Encoding,
) -> Result<(), String> {
    let same_base = base.unwrap_or(input);
    for (what, second_base) in [("base = itself", canon), ("same base", same_base)] {
        let again = canonicalize_str(canon, Some(second_base), profile, encoding);
        if path_taken_verbatim_from_base(input, same_base) {
            let c2 = again.map_err(|e| format!("{what}: {canon:?} became invalid: {e}"))?;
            let u1 = pipeline(canon, Some(canon), profile, encoding).map(|(u, _)| u);
            let u2 = pipeline(&c2, Some(&c2), profile, encoding).map(|(u, _)| u);
            let strip = |u: Option<ParsedUrl>| u.map(|u| ParsedUrl { path: None, ..u });
            if strip(u1) != strip(u2) {
                return Err(format!(
                    "{what}: {canon:?} became {c2:?}: more than the path changed"
                ));
            }
            let c3 = canonicalize_str(&c2, Some(&c2), profile, encoding);
            if c3.as_deref() != Ok(c2.as_str()) {
                return Err(format!("{what}: second round {c2:?} became {c3:?}"));
            }
        } else if again.as_deref() != Ok(canon) {
            return Err(format!(
                "{what} ({second_base:?}): {canon:?} became {again:?}"
            ));
        }
    }
    Ok(())
}

/// What `serialize(parse(canon))` must give for the canonical URL `canon`
/// of `profile`: `canon` itself, with two exceptions that parsing's "steps
/// to preprocess a string" bring about:
///
/// - a profile whose `url.host_keeps_noncharacters` is set (Gecko and IE
///   2011 kept noncharacters written in the host, `profiles/gecko.toml`
///   `[observed.url]`) may put noncharacters in the host, which step 2 replaces by
///   U+FFFD;
/// - a path that is not hierarchical keeps U+0020 as it is (specification,
///   path canonicalization: "ASCII characters not allowed in URLs are not
///   percent-encoded here"), and when the base is taken without its
///   fragment (Resolution step 6.2) the URL can end with it (`""` against
///   base `http: #` gives `http: `), which step 4 trims.
///
/// Nothing else may change, but for a profile that reads URLs by their
/// kind ([`urlprism::observed_kind`]): a googleurl path URL or `mailto:` URL
/// is no URL of the specification's parser (`x:/a` is a drive URL there,
/// `foo://a` has a host), so such a canonical URL is expected to read
/// as the specification's parser reads it.
pub fn expected_reparse(canon: &str, profile: &urlprism::ProfileSpec) -> String {
    let by_kind = (profile.url.path_urls || profile.url.mailto_path_and_query)
        && !urlprism::algorithm::parse::find_scheme(canon).is_some_and(|(s, _)| {
            ["http", "https", "ftp", "gopher", "ws", "wss", "file"]
                .iter()
                .any(|k| k.eq_ignore_ascii_case(s))
        });
    if by_kind {
        return urlprism::serialize(&urlprism::parse(canon)).unwrap_or_default();
    }
    let canon = canon.trim_end_matches(' ');
    if profile.url.host_keeps_noncharacters {
        canon
            .chars()
            .map(|c| {
                if urlprism::algorithm::preprocess::is_noncharacter(c) {
                    '\u{FFFD}'
                } else {
                    c
                }
            })
            .collect()
    } else {
        canon.to_string()
    }
}

/// The error of `input` when `profile`'s observed steps on the input find
/// it invalid ([`urlprism::observed::input::observed_input_invalid`]):
/// then the steps go no further.
pub fn steps_input_invalid(
    profile: &dyn urlprism::Profile,
    input: &str,
) -> Option<urlprism::Error> {
    urlprism::observed::input::observed_input_invalid(profile.url(), input)
        .map(urlprism::Error::Invalid)
}

/// `input` as `profile`'s observed steps on the input leave it
/// ([`urlprism::observed::input::observed_input`]), against `base`.
pub fn observed_input(profile: &dyn urlprism::Profile, input: &str, base: Option<&str>) -> String {
    let base = base.map(urlprism::algorithm::preprocess::preprocess);
    urlprism::observed::input::observed_input(profile.url(), input, base.as_deref()).into_owned()
}

/// `e` without the URL string the browser shows
/// ([`urlprism::Error::displayed`]), which the `Canonicalizer` adds from
/// the whole input and the steps on a parsed URL cannot.
pub fn without_displayed(e: &urlprism::Error) -> urlprism::Error {
    let mut e = e.clone();
    if let urlprism::Error::Host { displayed, .. } = &mut e {
        *displayed = None;
    }
    e
}

/// One engine's result alone: the canonical string and its eight
/// components (in the order of [`urlprism::compare::Field::COMPONENTS`]),
/// or the error's message.
pub type Alone = Result<(String, Vec<Option<String>>), String>;

/// What `engine` gives alone for `input` resolved against `base` (or
/// itself) with the document encoding `encoding`: a profile through its
/// own [`Canonicalizer`] (which must agree with the steps one by one,
/// whose components are taken), another engine (the URL Standard)
/// through its [`urlprism::compare::Engine::canonicalize`], whose
/// components, serialized, must give its canonical URL.  A base that a
/// `Canonicalizer` refuses makes the steps' resolution invalid (its step
/// 4); an input that is its own base is resolved as `resolve_self` does
/// it.
pub fn engine_alone(
    engine: &urlprism::engines::EngineSpec,
    input: &str,
    base: Option<&str>,
    encoding: &'static Encoding,
) -> Result<Alone, String> {
    use urlprism::compare::{Engine, Field};
    let parts = |u: &ParsedUrl| {
        vec![
            u.scheme.clone(),
            u.user.clone(),
            u.password.clone(),
            u.host.clone(),
            u.port.clone(),
            u.path.clone(),
            u.query.clone(),
            u.fragment.clone(),
        ]
    };
    match engine.as_profile() {
        Some(p) => {
            // The steps run on the input as the profile's observed steps
            // on the input leave it (`[observed.url]`).
            // (and its whole-URL rules: `observed_kind`).
            let steps =
                urlprism::observed::kind::canonicalize_by_the_steps(input, base, p, encoding);
            let by_canonicalizer = match canonicalizer(base, p, encoding) {
                Ok(c) => c.canonicalize(input),
                Err(_) if steps.is_err() => return Ok(Err(steps.unwrap_err().to_string())),
                Err(e) => {
                    return Err(format!(
                        "{}: the base is refused ({e}), the steps resolve it",
                        p.name()
                    ))
                }
            };
            match (by_canonicalizer, steps) {
                (Ok(url), Ok(c)) if serialize(&c).as_deref() == Some(url.as_str()) => {
                    Ok(Ok((url.into_string(), parts(&c))))
                }
                (Err(e), Err(f)) if without_displayed(&e) == f => Ok(Err(e.to_string())),
                (a, b) => Err(format!(
                    "{}: the Canonicalizer gives {a:?}, the steps {b:?}",
                    p.name()
                )),
            }
        }
        None => match engine.canonicalize(input, base, encoding) {
            Ok(u) => {
                let c: Vec<Option<String>> = Field::COMPONENTS
                    .iter()
                    .map(|f| f.of(&u).map(str::to_string))
                    .collect();
                let [scheme, user, password, host, port, path, query, fragment] =
                    <[Option<String>; 8]>::try_from(c.clone()).expect("eight components");
                let components = ParsedUrl {
                    scheme,
                    user,
                    password,
                    host,
                    port,
                    path,
                    query,
                    fragment,
                    ..ParsedUrl::default()
                };
                match serialize(&components) {
                    Some(s) if s == u.as_str() => Ok(Ok((s, c))),
                    other => Err(format!(
                        "{}: the components of {:?} serialize to {other:?}",
                        engine.name(),
                        u.as_str()
                    )),
                }
            }
            Err(e) => Ok(Err(e.to_string())),
        },
    }
}

/// Checks that `urlprism compare` (a [`urlprism::compare::Comparer`] of
/// `engines`) gives for `input` what each engine gives alone
/// ([`engine_alone`], and the engine's own
/// [`urlprism::compare::Engine::canonicalize`]): each canonical string and
/// its components, or the same error; and that the fields on which it
/// says they differ, whether they agree, and the groups that agree, are
/// those of the results alone.
pub fn check_comparison(
    engines: &[urlprism::engines::EngineSpec],
    input: &str,
    base: Option<&str>,
    encoding: &'static Encoding,
) -> Result<(), String> {
    use urlprism::compare::{Comparer, Engine, Field};
    let dyns: Vec<&dyn Engine> = engines.iter().map(|e| e as &dyn Engine).collect();
    let c = Comparer::new(&dyns, base, encoding).compare(input);
    let at = || format!("{input:?} (base {base:?}, {})", encoding.name());
    let mut alone: Vec<Alone> = Vec::new();
    for (e, r) in engines.iter().zip(&c.results) {
        let a = engine_alone(e, input, base, encoding).map_err(|m| format!("{}: {m}", at()))?;
        let got: Alone = match &r.outcome {
            Ok(u) => Ok((
                u.as_str().to_string(),
                Field::COMPONENTS
                    .iter()
                    .map(|f| f.of(u).map(str::to_string))
                    .collect(),
            )),
            Err(rejection) => Err(rejection.to_string()),
        };
        if r.engine != e.name() || got != a {
            return Err(format!(
                "{}: {}: compare gives {got:?}, alone {a:?}",
                at(),
                e.name()
            ));
        }
        let own = Engine::canonicalize(e, input, base, encoding);
        let own = own
            .map(urlprism::Url::into_string)
            .map_err(|e| e.to_string());
        if own != a.as_ref().map(|(s, _)| s.clone()).map_err(Clone::clone) {
            return Err(format!(
                "{}: {}: Engine::canonicalize gives {own:?}, alone {a:?}",
                at(),
                e.name()
            ));
        }
        alone.push(a);
    }
    // The fields that differ, from the results alone.
    let mut differing = Vec::new();
    if alone.iter().any(|a| a.is_ok()) && alone.iter().any(|a| a.is_err()) {
        differing.push(Field::Valid);
    }
    let accepted: Vec<&Vec<Option<String>>> = alone.iter().flatten().map(|(_, p)| p).collect();
    for (k, f) in Field::COMPONENTS.into_iter().enumerate() {
        if accepted.windows(2).any(|w| w[0][k] != w[1][k]) {
            differing.push(f);
        }
    }
    if c.differing != differing || c.agree() != differing.is_empty() {
        return Err(format!(
            "{}: compare says {:?} differ, the results alone {differing:?}",
            at(),
            c.differing
        ));
    }
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for (i, a) in alone.iter().enumerate() {
        match groups.iter_mut().find(|g| alone[g[0]] == *a) {
            Some(g) => g.push(i),
            None => groups.push(vec![i]),
        }
    }
    if c.groups() != groups {
        return Err(format!(
            "{}: compare groups {:?}, the results alone {groups:?}",
            at(),
            c.groups()
        ));
    }
    Ok(())
}

/// The engine selections the comparison tests run: every built-in engine
/// (the four profiles and `whatwg`); one profile beside `whatwg`; two
/// profiles beside two profile files (the URL Standard with Transitional
/// Processing, and CHROME with two parameters changed).
pub fn compared_engine_sets() -> Vec<Vec<urlprism::engines::EngineSpec>> {
    use urlprism::engines::{builtin_engine, builtin_engines, EngineSpec};
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let transitional =
        EngineSpec::from_file(root.join("profiles/examples/whatwg-transitional.toml"))
            .expect("profiles/examples/whatwg-transitional.toml reads");
    let chrome = std::fs::read_to_string(root.join("profiles/chrome.toml")).expect("chrome.toml");
    let mix_text = chrome
        .replacen("name = \"chrome\"", "name = \"mix\"", 1)
        .replacen(
            "final_ascii_lowercase = true ",
            "final_ascii_lowercase = false",
            1,
        )
        .replacen("hex_case = \"upper\"", "hex_case = \"lower\"", 1);
    let mix = EngineSpec::from_toml(&mix_text, "mix.toml").expect("the mixed profile reads");
    let named = |n: &str| builtin_engine(n).expect("a built-in engine");
    vec![
        builtin_engines(),
        vec![named("ie"), named("whatwg")],
        vec![named("this"), named("gecko"), transitional, mix],
    ]
}
