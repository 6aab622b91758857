//! Helpers shared by the robustness tests (`properties.rs`,
//! `regressions.rs`).

#![allow(dead_code)]

use encoding_rs::Encoding;
use urlprism::{canonicalize, parse, resolve, serialize, Canonicalizer, Error, ParsedUrl, Profile};

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
    match canonicalizer(base, urlprism::profile::this(), encoding) {
        Ok(c) => c
            .canonicalize_each(input, profiles)
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
    let base = parse(base.unwrap_or(input));
    let resolved = resolve(input, &base);
    let canon = canonicalize(&resolved, profile, encoding).ok()?;
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
    let own = parse(&urlprism::preprocess::preprocess(input));
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
/// Nothing else may change.
pub fn expected_reparse(canon: &str, profile: &urlprism::ProfileSpec) -> String {
    let canon = canon.trim_end_matches(' ');
    if profile.url.host_keeps_noncharacters {
        canon
            .chars()
            .map(|c| {
                if urlprism::preprocess::is_noncharacter(c) {
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
