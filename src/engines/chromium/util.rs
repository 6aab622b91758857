//! The library's entry points as Blink calls them (`url/url_util.cc`
//! `DoCanonicalize`, `DoResolveRelative`; Blink's `KURL::Init`).
//!
//! - Tabs and newlines are removed from the input, unless it begins with
//!   `data:` (any case: `data:x\ty` → `data:x%09y`; `DoRemoveURLWhitespace`);
//!   C0 controls and spaces are trimmed from both ends (`TrimURL`).
//! - The scheme picks the parser and canonicalizer: `file`, `filesystem`,
//!   a standard scheme of the registry (`scheme`), a non-special
//!   scheme Chromium keeps as a path URL, or any other (non-special).
//! - A reference resolves against a base when `relative` says it
//!   is relative; otherwise it is canonicalized alone.

use super::canon::{self, Source};
use super::component::{nonempty, Canon};
use super::parse::{
    count_slashes, extract_scheme, parse_file, parse_filesystem, parse_non_special, parse_path_url,
    parse_standard, trim,
};
use super::relative;
use super::scheme;
use encoding_rs::Encoding;
use std::borrow::Cow;

/// `input` without tab, LF and CR, unless it begins with `data:`
/// (`DoRemoveURLWhitespace`).
pub(crate) fn remove_whitespace(input: &str) -> Cow<'_, str> {
    if !input.contains(['\t', '\n', '\r']) {
        return Cow::Borrowed(input);
    }
    if input.len() > 5 && input.as_bytes()[..5].eq_ignore_ascii_case(b"data:") {
        return Cow::Borrowed(input);
    }
    Cow::Owned(input.replace(['\t', '\n', '\r'], ""))
}

/// Canonicalizes the absolute URL `spec` (`DoCanonicalize`, whitespace
/// already removed).
pub(crate) fn canonicalize(spec: &str, wide: bool, encoding: Option<&'static Encoding>) -> Canon {
    let t = trim(spec, true);
    let s = &spec[t.begin..t.end];
    let Some(sc) = extract_scheme(s, 0, s.len()) else {
        return Canon::invalid(String::new());
    };
    let name = sc.of(s);
    let src = Source::one(s, wide, encoding);
    let mut out = String::with_capacity(s.len() + 8);
    let (parsed, valid) = if name.eq_ignore_ascii_case("file") {
        canon::file(src, &parse_file(s), &mut out)
    } else if name.eq_ignore_ascii_case("filesystem") {
        let p = parse_filesystem(s, |n| scheme::standard_type(n).is_some());
        canon::filesystem(src, &p, &mut out)
    } else if let Some(t) = scheme::standard_type(name) {
        canon::standard(src, &parse_standard(s), t, &mut out)
    } else if scheme::is_opaque_non_special(name) {
        canon::path_url(src, &parse_path_url(s, true), &mut out)
    } else {
        canon::non_special(src, &parse_non_special(s, true), &mut out)
    };
    Canon {
        spec: out,
        parsed,
        valid,
    }
}

/// Resolves `relative` against `base` (none: `new URL(input)` alone) as
/// `KURL(base, relative)` does (`DoResolveRelative`).
pub(crate) fn resolve(
    base: Option<&Canon>,
    relative: &str,
    wide: bool,
    encoding: Option<&'static Encoding>,
) -> Canon {
    let rel = remove_whitespace(relative);
    let rel = rel.as_ref();
    let (mut authority_based, mut hierarchical) = (false, false);
    if let Some(b) = base {
        if let Some(sc) = b.parsed.scheme.filter(|s| !s.is_empty()) {
            let slashes = count_slashes(b.spec.as_bytes(), sc.end + 1, b.spec.len());
            authority_based = slashes > 1;
            hierarchical = slashes > 0;
        }
    }
    let hierarchical_base =
        base.is_some_and(|b| nonempty(b.parsed.scheme) && !b.parsed.opaque_path);
    let comp = match relative::is_relative(base, rel, hierarchical || hierarchical_base) {
        Err(()) => return Canon::invalid(String::new()),
        Ok(c) => c,
    };
    let src = Source::one(rel, wide, encoding);
    if let (Some(comp), Some(b)) = (comp, base) {
        if authority_based && !hierarchical_base {
            // A base that is not hierarchical but has an authority is read
            // as a standard URL for the resolution, and the result
            // canonicalized again.
            let as_standard = parse_standard(&b.spec);
            if nonempty(as_standard.host) {
                let pretend = Canon {
                    spec: b.spec.clone(),
                    parsed: as_standard,
                    valid: true,
                };
                let r = relative::resolve(&pretend, false, src, comp);
                let again = canonicalize(&remove_whitespace(&r.spec), wide, encoding);
                return Canon {
                    valid: r.valid,
                    ..again
                };
            }
        } else {
            let file_base = b
                .parsed
                .scheme
                .is_some_and(|s| s.of(&b.spec).eq_ignore_ascii_case("file"));
            return relative::resolve(b, file_base, src, comp);
        }
    }
    canonicalize(rel, wide, encoding)
}
