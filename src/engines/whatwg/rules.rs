//! Where the `url` crate (2.5.8, the newest on crates.io) is behind the
//! URL Standard, a named rule puts the standard's result in its place,
//! each in its own function, applied to the components of the crate's
//! URL ([`super::Whatwg::canonicalize_url`]):
//!
//! | rule | the standard | the crate |
//! | --- | --- | --- |
//! | [`caret_in_path`] | `^` is in the path percent-encode set (2025): `http://h/a^b` → `http://h/a%5Eb` | keeps `^` |
//! | [`file_leading_empty_segments`] | a `file:` path keeps its empty first segments (the step that removed them was dropped in 2023): `file:///.//bar` → `file:////bar` | removes them: `file:///bar` |
//! | [`space_before_query_or_fragment`] | in an opaque path, a space followed by `?` or `#` is `%20` (2024): `non-special:opaque  ?hi` → `non-special:opaque %20?hi` | keeps the space |
//! | [`special_authority_slashes`] | a reference against a special base that begins with three or more slashes skips them all (the special authority ignore slashes state): `///test` against `http://example.org/` → `http://test/` | takes an empty host and fails |
//!
//! The last two rewrite the input before the crate parses it; the
//! second reads the path of an absolute `file:` input as the
//! standard's path state does, and takes its result only where it differs
//! from the crate's in the number of leading slashes; a reference resolved
//! against a `file:` base keeps the crate's path.

use std::borrow::Cow;

/// `^` in a path that is not opaque is `%5E` (the URL Standard's path
/// percent-encode set since 2025; the crate's lacks it).
pub(super) fn caret_in_path(path: &mut Cow<'_, str>, opaque: bool) {
    if !opaque && path.contains('^') {
        *path = Cow::Owned(path.replace('^', "%5E"));
    }
}

/// The path of the absolute `file:` URL `input` as the URL Standard's
/// file, file slash, file host, path start and path states make it (the
/// input already stripped of leading and trailing C0 controls and spaces,
/// tabs and newlines), `None` when the input is not an absolute `file:`
/// URL.
fn standard_file_path(input: &str) -> Option<String> {
    let colon = input.find(':')?;
    if !input[..colon].eq_ignore_ascii_case("file") {
        return None;
    }
    let rest = &input[colon + 1..];
    let slash = |c: char| c == '/' || c == '\\';
    // The text the path state reads.
    let path_text: &str = match (rest.chars().next(), rest.chars().nth(1)) {
        (Some(a), Some(b)) if slash(a) && slash(b) => {
            // The file host state: the host up to / \ ? # or the end.
            let after = &rest[2..];
            let end = after.find(['/', '\\', '?', '#']).unwrap_or(after.len());
            let host = &after[..end];
            if is_windows_drive_letter(host) {
                after
            } else {
                // The path start state consumes a / or \.
                let t = &after[end..];
                match t.chars().next() {
                    Some(c) if slash(c) => &t[1..],
                    _ => t,
                }
            }
        }
        (Some(a), _) if slash(a) => &rest[1..],
        _ => rest,
    };
    let end = path_text.find(['?', '#']).unwrap_or(path_text.len());
    let text = &path_text[..end];
    let mut path: Vec<String> = Vec::new();
    let segments: Vec<&str> = text.split(['/', '\\']).collect();
    let last = segments.len() - 1;
    for (i, seg) in segments.iter().enumerate() {
        let ends_with_slash = i < last;
        let lower = seg.to_ascii_lowercase();
        if matches!(lower.as_str(), ".." | ".%2e" | "%2e." | "%2e%2e") {
            // Shorten the path (keeping a normalized drive letter alone).
            if !(path.len() == 1 && is_normalized_drive(&path[0])) {
                path.pop();
            }
            if !ends_with_slash {
                path.push(String::new());
            }
        } else if matches!(lower.as_str(), "." | "%2e") {
            if !ends_with_slash {
                path.push(String::new());
            }
        } else {
            let mut s = seg.to_string();
            if path.is_empty() && is_windows_drive_letter(seg) {
                s = format!("{}:", &seg[..1]);
            }
            path.push(s);
        }
    }
    Some(format!("/{}", path.join("/")))
}

/// The opaque path state's rule for U+0020: a space followed by `?` or
/// `#` is appended as `%20`.  The input cleaned as the basic URL parser
/// cleans it, with that space escaped, when it has an opaque path (a
/// scheme that is not special, then no `/`) whose last character before
/// its `?` or `#` is a space: `non-special:opaque  #hi` →
/// `non-special:opaque %20#hi`; `None` for any other input.
pub(super) fn space_before_query_or_fragment(input: &str) -> Option<String> {
    if !input.contains(' ') {
        return None;
    }
    let cleaned = super::transitional::clean(input);
    let colon = scheme_end(&cleaned)?;
    let scheme = cleaned[..colon].to_ascii_lowercase();
    let rest = &cleaned[colon + 1..];
    if crate::text::scheme::is_special(&scheme) || rest.starts_with('/') {
        return None;
    }
    let end = colon + 1 + rest.find(['?', '#'])?;
    if !cleaned[..end].ends_with(' ') {
        return None;
    }
    Some(format!("{}%20{}", &cleaned[..end - 1], &cleaned[end..]))
}

/// The special authority ignore slashes state: a reference without a
/// scheme against a special base other than `file:` that begins with
/// three or more `/` or `\` has its authority after all of them.  The
/// input cleaned, with exactly `//` before its authority, when it begins
/// so (`///\\//test` → `//test`); `None` for any other input.
pub(super) fn special_authority_slashes(input: &str, base_scheme: Option<&str>) -> Option<String> {
    let base_scheme = base_scheme?;
    if base_scheme == "file" || !crate::text::scheme::is_special(base_scheme) {
        return None;
    }
    let slash = |c: char| c == '/' || c == '\\';
    let trimmed = input.trim_start_matches(|c: char| c <= ' ');
    if !trimmed.starts_with(slash) {
        return None;
    }
    let cleaned = super::transitional::clean(input);
    let authority = cleaned.trim_start_matches(slash);
    (cleaned.len() - authority.len() >= 3).then(|| format!("//{authority}"))
}

/// Where the scheme of the cleaned input `s` ends (its `:`), when it
/// begins with one: an ASCII letter, then letters, digits, `+`, `-`, `.`.
fn scheme_end(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    if !b.first()?.is_ascii_alphabetic() {
        return None;
    }
    let end = b
        .iter()
        .position(|&c| !(c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.')))?;
    (b[end] == b':').then_some(end)
}

fn is_windows_drive_letter(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 2 && b[0].is_ascii_alphabetic() && matches!(b[1], b':' | b'|')
}

fn is_normalized_drive(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 2 && b[0].is_ascii_alphabetic() && b[1] == b':'
}

/// A `file:` URL's path keeps its leading empty segments (the URL
/// Standard since 2023); the crate removes them.  `input` is the input as
/// given, `path` the crate's (escaped) path: only the leading slashes are
/// taken from the standard's reading of the input.
pub(super) fn file_leading_empty_segments(input: &str, path: &mut Cow<'_, str>) {
    let cleaned = super::transitional::clean(input);
    let Some(standard) = standard_file_path(&cleaned) else {
        return;
    };
    let leading = standard.len() - standard.trim_start_matches('/').len();
    if leading < 2 || !path.starts_with('/') || path.starts_with("//") {
        return;
    }
    // The crate's path, but for its leading slash, must be the standard's
    // but for its leading slashes; the escapes are the crate's.
    let rest = &path[1..];
    let standard_rest = &standard[leading..];
    if rest.is_empty() != standard_rest.is_empty() || !same_segments(rest, standard_rest) {
        return;
    }
    *path = Cow::Owned(format!("{}{rest}", "/".repeat(leading)));
}

/// Whether two paths have the same segments, escapes aside (the crate's
/// are escaped, the standard's reading is not).
fn same_segments(escaped: &str, raw: &str) -> bool {
    escaped.split('/').count() == raw.split('/').count()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fix(input: &str, crate_path: &str) -> String {
        let mut p = Cow::Owned(crate_path.to_string());
        file_leading_empty_segments(input, &mut p);
        p.into_owned()
    }

    #[test]
    fn a_space_before_the_query_or_fragment_of_an_opaque_path_is_escaped() {
        let f = space_before_query_or_fragment;
        assert_eq!(
            f("non-special:opaque  ?hi").as_deref(),
            Some("non-special:opaque %20?hi")
        );
        assert_eq!(
            f("non-special:opaque\t\t  \r #hi").as_deref(),
            Some("non-special:opaque  %20#hi")
        );
        assert_eq!(f("non-special:a b"), None);
        assert_eq!(f("non-special:/a ?b"), None, "not an opaque path");
        assert_eq!(f("http://h/a ?b"), None, "special");
        assert_eq!(f("a b ?c"), None, "no scheme");
    }

    #[test]
    fn three_slashes_against_a_special_base_skip_to_the_authority() {
        let f = special_authority_slashes;
        assert_eq!(f("///test", Some("http")).as_deref(), Some("//test"));
        assert_eq!(
            f("///\\//\\//test", Some("https")).as_deref(),
            Some("//test")
        );
        assert_eq!(
            f("//test", Some("http")),
            None,
            "two slashes: the crate's way"
        );
        assert_eq!(f("///test", Some("file")), None);
        assert_eq!(f("///test", Some("foo")), None);
        assert_eq!(f("///test", None), None);
        assert_eq!(f("x///test", Some("http")), None);
    }

    #[test]
    fn carets_in_paths_are_escaped() {
        let mut p = Cow::Borrowed("/a^b");
        caret_in_path(&mut p, false);
        assert_eq!(p, "/a%5Eb");
        let mut p = Cow::Borrowed("a^b");
        caret_in_path(&mut p, true);
        assert_eq!(p, "a^b");
    }

    #[test]
    fn file_paths_keep_their_leading_empty_segments() {
        assert_eq!(fix("file:///.//bar", "/bar"), "//bar");
        assert_eq!(fix("file:////foo", "/foo"), "//foo");
        assert_eq!(fix("file:.//p", "/p"), "//p");
        assert_eq!(fix("file://spider///", "/"), "///");
        assert_eq!(fix("file://localhost//a//../..//", "/"), "///");
        assert_eq!(fix("file:///a/b", "/a/b"), "/a/b");
        assert_eq!(fix("http://h//a", "/a"), "/a");
    }
}
