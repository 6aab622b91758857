//! The shortcut for the common relative reference against a common base
//! URL: the reference is resolved as text, into the string of an absolute
//! URL whose parse is the resolved URL, which the shortcut for the common
//! absolute URL ([`crate::common_url`]) then canonicalizes.
//!
//! `../g?y#s` against `http://a/b/c/d;p?q` → the text `http://a/b/g?y#s`
//! → `http://a/b/g?y#s` canonical.
//!
//! Canonicalization reads only the resolved URL's components, so it is
//! enough that the text written here parses, resolved against itself, into
//! the components that the steps to resolve a relative URL give
//! ([`crate::resolve()`]); [`crate::common_url`] gives what the steps give for
//! that text, or declines it.  That holds for what is covered:
//!
//! - the base ([`CommonBase`]): printable ASCII as written (so
//!   preprocessing left it as it is, and the host as written is the host),
//!   valid and hierarchical, with a scheme other than `file` followed by
//!   exactly `://` and an authority, no `\` (no slash character but `/`),
//!   no dot-segment in its path (steps 4 and 5 keep it as it is),
//!   and its components lying in the text in order, as parsing splits
//!   them: then `text[..authority_end]` parses into the base's scheme and
//!   authority, `text[..path_end]` adds its path and `text[..query_end]`
//!   its query, for the parse is the same on a prefix up to the end of a
//!   component;
//! - the reference: printable ASCII (preprocessing leaves it alone), no
//!   `\` before its query or fragment, and either empty, or beginning with
//!   `#` (step 5 of the steps to resolve a relative URL: the base's path
//!   and query are kept), `?` (step 4: the base's path), `//` (step 2:
//!   only the scheme comes from the base), `/` (step 3: the base's
//!   authority, the reference's path with its dot-segments removed), or a
//!   path without `:` before its first `/` (so parsing finds no scheme:
//!   step 6, the base's authority and the merged path with its
//!   dot-segments removed); the reference's query and fragment follow as
//!   written, and parsing splits them as it did in the reference.
//!
//! A path written here has no dot-segment left, so resolving the text
//! against itself leaves every component as written.  The resolved URL
//! of a reference without a scheme has the /hierarchical/ flag that
//! parsing set, the text's has not; canonicalization reads it only
//! through `is_hierarchical`, which is true for both (the text has a
//! hierarchical scheme and an authority).  `tests` checks,
//! for the bench's and generated pairs, that the text's parse resolved
//! against itself is what resolution gives, and
//! `tests/mixed_profiles.rs` that the canonical URLs and offsets are what
//! the steps give under mixed profiles.

use crate::accel::common_url;
use crate::algorithm::resolve::{is_free_of_dot_segments, push_without_dot_segments};
use crate::text::octets::{first_of, first_of2, first_where, printable_without};

/// Where the components of a base URL the shortcut covers end in its text
/// (see the module documentation).
///
/// `http://a/b?c#d`: scheme 4, authority 8, path 10, query 12.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CommonBase {
    scheme_end: usize,
    authority_end: usize,
    path_end: usize,
    query_end: usize,
    /// The end of the base's directory: its path up to and including the
    /// last `/` ("merge path"), `authority_end` when the path is empty.
    directory_end: usize,
}

impl CommonBase {
    /// The ends `[scheme, authority, path, query]` of the components of
    /// the base `text`, with the end of its directory found.
    fn with_directory(text: &str, ends: [usize; 4]) -> CommonBase {
        let [scheme_end, authority_end, path_end, query_end] = ends;
        let directory_end = text[authority_end..path_end]
            .rfind('/')
            .map_or(authority_end, |slash| authority_end + slash + 1);
        CommonBase {
            scheme_end,
            authority_end,
            path_end,
            query_end,
            directory_end,
        }
    }

    /// The ends of the components of the base URL `input`, when the
    /// shortcut covers it (see the module documentation), found in one
    /// scan of `input` (which preprocessing leaves as it is) without
    /// parsing it.
    ///
    /// Parsing splits such a URL as this scan does: after `scheme:` (a
    /// scheme [`common_url::scheme_end`] takes: two or more scheme
    /// characters, hierarchical, not `file` or `mailto`) come exactly two
    /// slashes, so "finding the authority, path, query, and fragment" takes
    /// the authority up to the first `/`, `?` or `#` (there is no `\`),
    /// the path up to the first `?` or `#`, then the query up to the first
    /// `#`, and the fragment.  `tests::the_scan_is_the_parse` checks it
    /// against the parse's components.
    ///
    /// `http://a/b?c#d` → ends 4, 8, 10, 12; `http://a/./b` → `None`.
    pub(crate) fn scan(input: &str) -> Option<CommonBase> {
        let b = input.as_bytes();
        if !printable_without(b, b'\\') {
            return None;
        }
        let scheme_end = match b {
            // The common schemes, told from their first bytes.
            [b'h', b't', b't', b'p', b's', b':', b'/', b'/', ..] => 5,
            [b'h', b't', b't', b'p', b':', b'/', b'/', ..] => 4,
            _ => common_url::scheme_end(b)?,
        };
        let authority_start = scheme_end + 3;
        if b.get(authority_start) == Some(&b'/') {
            return None;
        }
        let after = |from: usize, at: Option<usize>| at.map_or(b.len(), |i| from + i);
        let authority_end = after(
            authority_start,
            first_where(&b[authority_start..], |c| matches!(c, b'/' | b'?' | b'#')),
        );
        let path_end = after(authority_end, first_of2(&b[authority_end..], b'?', b'#'));
        let query_end = match b.get(path_end) {
            Some(b'?') => after(path_end, first_of(&b[path_end..], b'#')),
            _ => path_end,
        };
        // Steps 4 and 5 keep the base's path as it is, where resolving
        // the text against itself would remove its dot-segments.
        if !is_free_of_dot_segments(&input[authority_end..path_end]) {
            return None;
        }
        Some(CommonBase::with_directory(
            input,
            [scheme_end, authority_end, path_end, query_end],
        ))
    }
}

/// Writes into `out` (cleared first) the text of `reference` resolved
/// against the base `base_text` with the ends `base`, when the shortcut
/// covers the reference (see the module documentation); `false` when it
/// does not (`out` then holds nothing of use).
///
/// `g/../h?y` against `http://a/b/c` → `http://a/b/h?y`; `g:h` → `false`.
pub(crate) fn resolve_as_text(
    reference: &str,
    base_text: &str,
    base: &CommonBase,
    out: &mut String,
) -> bool {
    let r = reference.as_bytes();
    // The reference's path ends at its query or fragment; it has no `\`,
    // and no octet of the reference is other than printable (` ` is
    // not printable: no other octet is excepted).
    let path_end = first_of2(r, b'?', b'#').unwrap_or(r.len());
    if !printable_without(&r[..path_end], b'\\') || !printable_without(&r[path_end..], b' ') {
        return false;
    }
    out.clear();
    let path = &reference[..path_end];
    // Whether the reference's path is merged (steps 3 and 6, below).
    let merges = match r {
        // Step 6 of the steps to resolve a URL: the base without its
        // fragment.
        [] => {
            out.push_str(&base_text[..base.query_end]);
            false
        }
        // Step 5: the base's query too.
        [b'#', ..] => {
            out.push_str(&base_text[..base.query_end]);
            out.push_str(reference);
            false
        }
        // Step 4: the base's path too.
        [b'?', ..] => {
            out.push_str(&base_text[..base.path_end]);
            out.push_str(reference);
            false
        }
        // Step 2: only the scheme (the path is normalized by resolving the
        // text against itself, or declined by the shortcut).
        [b'/', b'/', ..] => {
            out.push_str(&base_text[..base.scheme_end]);
            out.push(':');
            out.push_str(reference);
            false
        }
        // Step 3: the base's authority, the path normalized (merged with
        // nothing, below).
        [b'/', ..] => {
            out.push_str(&base_text[..base.authority_end]);
            true
        }
        // Step 6 of the steps to resolve a relative URL: a reference with
        // a `:` in its first segment may have a scheme (declined).
        _ => {
            let mut first_segment = r[..path_end].iter().take_while(|&&c| c != b'/');
            if first_segment.any(|&c| c == b':') {
                return false;
            }
            // "Merge path": the base has an authority; with an empty path
            // `/`, otherwise its path up to and including its last `/`.
            out.push_str(&base_text[..base.directory_end]);
            if base.directory_end == base.authority_end {
                out.push('/');
            }
            true
        }
    };
    // Steps 3 and 6: the path merged, its dot-segments removed, then the
    // reference's query and fragment.
    if merges {
        push_merged(base.authority_end, path, out);
        out.push_str(&reference[path_end..]);
    }
    true
}

/// Appends the reference's `path` (no `\`) to the base's directory
/// written at `out[at..]` (beginning and ending with `/`, `/` at least:
/// an empty base path merges as `/`; without dot-segments), the merged
/// path's dot-segments removed.  A `path` that begins with `/` replaces
/// the directory (`out[at..]` empty): it is copied with its dot-segments
/// removed, `/a/./b` → `/a/b`.
///
/// The directory has no dot-segment, so "remove dot-segments" copies it
/// (rule E) up to the path's first segment; there a `./` goes (rule B)
/// and a `../` takes the directory's last segment with it (rule C; at `/`
/// nothing is left to take).  Those are removed here as they come, and
/// the rest, when it has no dot-segment, is copied: `/b/c/` and
/// `../../g` → `/g`.  Any other path is merged and then run through
/// "remove dot-segments" whole.
fn push_merged(at: usize, path: &str, out: &mut String) {
    let mut rest = path;
    loop {
        if let Some(r) = rest.strip_prefix("./") {
            rest = r;
        } else if let Some(r) = rest.strip_prefix("../") {
            // The last segment of the directory `/…/last/`, or nothing at
            // `/`.
            let directory = &out[at..out.len() - 1];
            let keep = directory.rfind('/').map_or(1, |slash| slash + 1);
            out.truncate(at + keep);
            rest = r;
        } else {
            break;
        }
    }
    out.push_str(rest);
    if !is_free_of_dot_segments(rest) {
        let merged = out.split_off(at);
        push_without_dot_segments(&merged, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accel::base::ParsedBase;
    use crate::algorithm::resolve::{resolve, resolve_self};

    /// The text for `reference` against `base`, when covered.
    fn text(base: &str, reference: &str) -> Option<String> {
        let held = ParsedBase::parse(base);
        let common = held.common()?;
        let mut out = String::new();
        resolve_as_text(reference, held.text(), &common, &mut out).then_some(out)
    }

    /// The text's parse, resolved against itself, is the resolved URL.
    fn check(base: &str, reference: &str) -> bool {
        let Some(t) = text(base, reference) else {
            return false;
        };
        // Canonicalization reads the /hierarchical/ flag only through
        // `is_hierarchical` (which also looks at the scheme and authority).
        let as_canonicalization_reads = |mut u: crate::url::components::ParsedUrl| {
            u.hierarchical = u.is_hierarchical();
            u
        };
        let resolved =
            as_canonicalization_reads(resolve(reference, &crate::algorithm::parse::parse(base)));
        let of_text = as_canonicalization_reads(resolve_self(&t));
        assert_eq!(of_text, resolved, "{reference:?} against {base:?}: {t:?}");
        true
    }

    #[test]
    fn covers_the_common_references() {
        let base = "http://u@a.test:81/b/c/d;p?q#f";
        for (reference, t) in [
            ("", "http://u@a.test:81/b/c/d;p?q"),
            ("#s", "http://u@a.test:81/b/c/d;p?q#s"),
            ("?y#s", "http://u@a.test:81/b/c/d;p?y#s"),
            ("//g/x/../y?z", "http://g/x/../y?z"),
            ("/x/./y/../z?a#b", "http://u@a.test:81/x/z?a#b"),
            ("g", "http://u@a.test:81/b/c/g"),
            ("../../../g/", "http://u@a.test:81/g/"),
            ("./g:h", "http://u@a.test:81/b/c/g:h"),
            (".", "http://u@a.test:81/b/c/"),
            ("..", "http://u@a.test:81/b/"),
            ("g?a/../b#c?d", "http://u@a.test:81/b/c/g?a/../b#c?d"),
        ] {
            assert_eq!(text(base, reference).as_deref(), Some(t), "{reference:?}");
            assert!(check(base, reference));
        }
        for (base, reference, t) in [
            ("http://a", "g", "http://a/g"),
            ("http://a", "?q", "http://a?q"),
            ("http://a?q", "../g", "http://a/g"),
            ("HTTP://A/b", "#", "HTTP://A/b#"),
        ] {
            assert_eq!(text(base, reference).as_deref(), Some(t), "{reference:?}");
            assert!(check(base, reference));
        }
    }

    #[test]
    fn declines_the_rest() {
        let base = "http://a/b/c";
        for reference in ["g:h", "http:g", "a b", " g", "g\\h", "\\\\a", "/a\\b", "é"] {
            assert_eq!(text(base, reference), None, "{reference:?}");
        }
        for base in [
            "file:///c/d",
            "http:/a/b",
            "http:///a",
            "mailto:a@b",
            "http://a/b c",
            " http://a/",
            "http://a\\b/",
            "nope",
            "http://a/é",
        ] {
            assert_eq!(text(base, "g"), None, "{base:?}");
        }
    }

    /// The ends of the components of `input` as parsing finds them, when
    /// it is a base the module documentation describes: the reference for
    /// [`CommonBase::scan`].
    fn from_the_parse(input: &str) -> Option<CommonBase> {
        use std::borrow::Cow;
        let b = input.as_bytes();
        if crate::algorithm::preprocess::preprocess(input) != input || !printable_without(b, b'\\')
        {
            return None;
        }
        let u = crate::algorithm::parse::parse_preprocessed(input);
        let scheme = u.scheme.as_deref()?;
        if u.is_invalid()
            || !u.is_hierarchical()
            || scheme.len() < 2
            || u.scheme_is("file")
            || u.scheme_is("mailto")
        {
            return None;
        }
        // Each component as a range of `input` (`None`: absent; a
        // component made anew is not covered).
        let at = |c: &Option<Cow<'_, str>>| -> Result<Option<(usize, usize)>, ()> {
            match c {
                None => Ok(None),
                Some(Cow::Borrowed(s)) => {
                    // A slice of another string (a constant) is not covered.
                    let start = (s.as_ptr() as usize)
                        .checked_sub(input.as_ptr() as usize)
                        .filter(|&start| start + s.len() <= input.len())
                        .ok_or(())?;
                    Ok(Some((start, start + s.len())))
                }
                Some(Cow::Owned(_)) => Err(()),
            }
        };
        let (0, scheme_end) = at(&u.scheme).ok()?? else {
            return None;
        };
        let (authority_start, authority_end) = at(&u.authority).ok()??;
        if authority_start != scheme_end + 3
            || b.get(scheme_end..authority_start) != Some(b"://")
            || b.get(authority_start) == Some(&b'/')
        {
            return None;
        }
        let next = |end: usize, c: &Option<Cow<'_, str>>, delimiter: Option<u8>| match (
            at(c).ok()?,
            delimiter,
        ) {
            (None, _) => Some(end),
            (Some((start, e)), None) => (start == end).then_some(e),
            (Some((start, e)), Some(d)) => {
                (start == end + 1 && b.get(end) == Some(&d)).then_some(e)
            }
        };
        let path_end = next(authority_end, &u.path, None)?;
        let query_end = next(path_end, &u.query, Some(b'?'))?;
        let text_end = next(query_end, &u.fragment, Some(b'#'))?;
        if text_end != b.len() || (u.fragment.is_none() && query_end != b.len()) {
            return None;
        }
        if !is_free_of_dot_segments(&input[authority_end..path_end]) {
            return None;
        }
        Some(CommonBase::with_directory(
            input,
            [scheme_end, authority_end, path_end, query_end],
        ))
    }

    /// The scan finds what parsing finds, on generated bases and the
    /// bench's.
    #[test]
    fn the_scan_is_the_parse() {
        let schemes = [
            "http",
            "HTTPS",
            "ftp",
            "git+ssh",
            "a",
            "file",
            "mailto",
            "javascript",
            "1a",
            "",
        ];
        let middles = ["://", ":/", ":///", ":", "//", ":\\\\", "://\\"];
        let authorities = [
            "", "a", "u:p@a:1", "@", "a@b@c", "[::1]:2", "a b", "é", "a?b", "a#b",
        ];
        let rests = [
            "", "/", "/b/c", "/./b", "/b/..", "/%2e", "?q", "#f", "/b?q#f", "?#", "#?", "/b\\c",
            "?a/../b",
        ];
        let mut covered = 0;
        let mut check = |input: &str| {
            let scanned = CommonBase::scan(input);
            assert_eq!(scanned, from_the_parse(input), "{input:?}");
            if scanned.is_some() {
                assert_eq!(ParsedBase::parse(input).invalid(), None);
                covered += 1;
            }
        };
        for s in schemes {
            for m in middles {
                for a in authorities {
                    for r in rests {
                        check(&format!("{s}{m}{a}{r}"));
                    }
                }
            }
        }
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/bench");
        for file in ["relative.txt", "ascii.txt"] {
            if let Ok(text) = std::fs::read_to_string(dir.join(file)) {
                for line in text.lines().step_by(7) {
                    check(line.split('\t').next().unwrap_or(line));
                }
            }
        }
        assert!(covered > 300, "{covered}");
    }

    /// Generated pairs and the bench's: whenever text is written, its
    /// parse is the resolved URL.
    #[test]
    fn the_text_parses_into_the_resolved_url() {
        let bases = [
            "http://a/b/c/d;p?q",
            "https://u:p@h.test:8080/",
            "http://a",
            "ftp://a/b?",
            "http://a/b#",
            "http://a/%2e/b/",
            "http://a/b/..",
            "gopher://a/b/c?x#y",
            "http://a?q#f",
        ];
        let pieces = [
            "", "g", ".", "..", "/", "//", "?", "#", "%2e", "%2E", ":", "@", "x:y", ";", "=", "a",
            "%", "%41", "~",
        ];
        let mut covered = 0;
        for base in bases {
            for a in pieces {
                for b in pieces {
                    for c in pieces {
                        let reference = format!("{a}{b}{c}");
                        covered += usize::from(check(base, &reference));
                        let reference = format!("{a}/{b}/{c}");
                        covered += usize::from(check(base, &reference));
                    }
                }
            }
        }
        assert!(covered > 50_000, "{covered}");
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/bench");
        if let Ok(pairs) = std::fs::read_to_string(dir.join("relative.txt")) {
            let covered = pairs
                .lines()
                .filter_map(|line| line.split_once('\t'))
                .filter(|(base, reference)| check(base, reference))
                .count();
            assert!(covered > 10_000, "{covered}");
        }
    }
}
