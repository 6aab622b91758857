//! Resolving a relative URL against a base (`url/url_canon_relative.cc`
//! `DoIsRelativeURL`, `DoResolveRelativeURL`, `DoResolveRelativePath`,
//! `DoResolveRelativeHost`, `DoResolveAbsoluteFile`).
//!
//! Departures from the URL Standard that live here:
//!
//! - a path is resolved as a special URL's whatever the base
//!   (`a\b` against `foo://h/` → `foo://h/a/b`);
//! - two or more slashes or backslashes begin an authority against a
//!   special base; against a non-special base the reference is parsed as
//!   what follows a non-special scheme, where backslashes count for
//!   nothing, so `\\g` is a path and the base's host is dropped
//!   (`\\g` against `foo://a` → `foo:/\\g`);
//! - against a `file:` base, two or more slashes make the reference a
//!   `file:` URL of its own (Linux: exactly two give a host).

use super::canon::{self, Source};
use super::component::{empty, Canon, Parsed, Part, Span};
use super::parse::{
    count_slashes, extract_scheme, is_slash, parse_after_non_special_scheme,
    parse_after_special_scheme, parse_file, parse_path, trim,
};
use super::path::{self, Mode as PathMode};
use super::scheme;
use super::{fragment, query};

/// Whether `relative` is relative to `base` (`DoIsRelativeURL`): `Err`
/// when it cannot be resolved, `Ok(None)` when it is absolute, `Ok(Some)`
/// with the range to resolve.
pub(crate) fn is_relative(
    base: Option<&Canon>,
    relative: &str,
    base_hierarchical: bool,
) -> Result<Option<Span>, ()> {
    let t = trim(relative, true);
    let b = relative.as_bytes();
    if t.is_empty() {
        return if base_hierarchical {
            Ok(Some(Span::new(t.begin, t.begin)))
        } else {
            Err(())
        };
    }
    let sc = extract_scheme(relative, 0, t.end).filter(|s| !s.is_empty());
    let Some(sc) = sc else {
        if b[t.begin] != b'#' && !base_hierarchical {
            return Err(());
        }
        return Ok(Some(t));
    };
    let name = sc.of(relative);
    if !scheme::is_valid(name.as_bytes()) {
        if b[t.begin] != b'#' && !base_hierarchical {
            return Err(());
        }
        return Ok(Some(t));
    }
    let base_scheme = base.and_then(|c| c.parsed.scheme.map(|s| s.of(&c.spec)));
    let same = base_scheme.is_some_and(|bs| {
        bs.len() == name.len()
            && name
                .bytes()
                .zip(bs.bytes())
                .all(|(x, y)| scheme::canonical_char(x) == Some(y))
    });
    let standard_base = base_scheme.is_some_and(|bs| scheme::standard_type(bs).is_some());
    if !standard_base || !same || !base_hierarchical || name.eq_ignore_ascii_case("filesystem") {
        return Ok(None);
    }
    let after = sc.end + 1;
    if count_slashes(b, after, t.end) <= 1 {
        return Ok(Some(Span::new(after, t.end)));
    }
    Ok(None)
}

/// Copies `spec[begin..end]` up to and including its last `/` or `\`
/// (`CopyToLastSlash`).
fn copy_to_last_slash(spec: &str, begin: usize, end: usize, out: &mut String) {
    if let Some(last) = (begin..end).rev().find(|&i| is_slash(spec.as_bytes()[i])) {
        out.push_str(&spec[begin..=last]);
    }
}

/// Copies a component of the base (`CopyOneComponent`).
fn copy_component(spec: &str, part: Part, out: &mut String) -> Part {
    let p = part?;
    let at = out.len();
    out.push_str(p.of(spec));
    Some(Span::new(at, out.len()))
}

/// The reference is a path, query or fragment on the base's host
/// (`DoResolveRelativePath`).
fn relative_path(
    base: &Canon,
    base_is_file: bool,
    rel: Source<'_>,
    comp: Span,
    out: &mut String,
) -> (Parsed, bool) {
    let bp = &base.parsed;
    let spec = base.spec.as_str();
    let mut np = bp.clone();
    let (path, q, f) = parse_path(rel.rest.as_bytes(), comp);
    let mut ok = true;
    if empty(bp.path) {
        out.push_str(&spec[..bp.length().min(spec.len())]);
    } else if bp.host.is_none() && !base_is_file && bp.inner.is_none() {
        let scheme_end = bp.scheme.map_or(0, |s| s.end);
        out.push_str(&spec[..scheme_end]);
        out.push(':');
    } else {
        out.push_str(&spec[..bp.path.map_or(0, |p| p.begin)]);
    }
    if let Some(pa) = path.filter(|p| !p.is_empty()) {
        let mut true_path_begin = out.len();
        let (base_path_begin, base_path_end) = bp.path.map_or((0, 0), |p| (p.begin, p.end));
        let mut new_path;
        if is_slash(rel.rest.as_bytes()[pa.begin]) {
            let (ps, path_ok) = path::canonicalize(rel.rest, Some(pa), PathMode::Special, out);
            ok &= path_ok;
            new_path = ps.unwrap_or(Span::new(out.len(), out.len()));
        } else {
            let path_begin = out.len();
            if empty(bp.path) {
                out.push('/');
            }
            copy_to_last_slash(spec, base_path_begin, base_path_end, out);
            ok &= path::push_partial(rel.rest, pa, path_begin, PathMode::Special, out);
            new_path = Span::new(path_begin, out.len());
        }
        if bp.host.is_none() && new_path.of(out).starts_with("//") {
            out.insert_str(new_path.begin, "/.");
            new_path = Span::new(new_path.begin + 2, new_path.end + 2);
            true_path_begin = new_path.begin;
        }
        np.query = query::canonicalize(rel.rest, q, rel.encoding, out);
        np.fragment = fragment::canonicalize(rel.rest, f, out);
        np.path = Some(Span::new(true_path_begin, new_path.end));
        return (np, ok);
    }
    np.path = copy_component(spec, bp.path, out);
    if q.is_some() {
        np.query = query::canonicalize(rel.rest, q, rel.encoding, out);
        np.fragment = fragment::canonicalize(rel.rest, f, out);
        return (np, ok);
    }
    if bp.query.is_some() {
        out.push('?');
    }
    np.query = copy_component(spec, bp.query, out);
    np.fragment = match f {
        Some(_) => fragment::canonicalize(rel.rest, f, out),
        None => None,
    };
    (np, ok)
}

/// The reference begins with an authority (`DoResolveRelativeHost`):
/// every component but the scheme is the reference's.
fn relative_host(base: &Canon, rel: Source<'_>, comp: Span, out: &mut String) -> (Parsed, bool) {
    let bp = &base.parsed;
    let base_scheme = bp.scheme.map_or("", |s| s.of(&base.spec));
    let standard = scheme::standard_type(base_scheme);
    let mut rp = Parsed::default();
    match standard {
        Some(_) => parse_after_special_scheme(rel.rest, comp.end, comp.begin, &mut rp),
        None => parse_after_non_special_scheme(rel.rest, comp.end, comp.begin, &mut rp),
    }
    rp.scheme = bp.scheme;
    rp.opaque_path = false;
    // The reference's components reach the canonicalizer as UTF-8
    // (`SetupUTF16OverrideComponents`), whatever the string was.
    let src = Source {
        scheme: &base.spec,
        wide: false,
        ..rel
    };
    match standard {
        Some(t) => canon::standard(src, &rp, t, out),
        None => canon::non_special(src, &rp, out),
    }
}

/// Resolves the reference `rel.rest[comp]` against `base`
/// (`DoResolveRelativeURL`).
pub(crate) fn resolve(base: &Canon, base_is_file: bool, rel: Source<'_>, comp: Span) -> Canon {
    let bp = &base.parsed;
    let mut out = String::new();
    if empty(bp.scheme) {
        return Canon::invalid(base.spec.clone());
    }
    if comp.is_empty() {
        let mut len = bp.length().min(base.spec.len());
        if let Some(f) = bp.fragment {
            len -= f.len() + 1;
        }
        let mut parsed = bp.clone();
        parsed.fragment = None;
        return Canon {
            spec: base.spec[..len].to_string(),
            parsed,
            valid: true,
        };
    }
    let slashes = count_slashes(rel.rest.as_bytes(), comp.begin, comp.end);
    let (parsed, valid) = if base_is_file && slashes >= 2 {
        let sub = &rel.rest[comp.begin..comp.end];
        let p = parse_file(sub);
        canon::file(
            Source {
                rest: sub,
                scheme: sub,
                ..rel
            },
            &p,
            &mut out,
        )
    } else if slashes >= 2 {
        relative_host(base, rel, comp, &mut out)
    } else {
        relative_path(base, base_is_file, rel, comp, &mut out)
    };
    Canon {
        spec: out,
        parsed,
        valid,
    }
}
