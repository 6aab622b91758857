//! The "steps to resolve a URL" and the "steps to resolve a relative URL"
//! (specification section "Resolution"), with "merge path" and "remove
//! dot-segments" of RFC 3986 (sections 5.2.3 and 5.2.4) as amended, and
//! the *drive specification* of the specification's "Authority" section.

use crate::algorithm::parse::parse_preprocessed;
use crate::algorithm::preprocess::preprocess;
use crate::text::octets::{eq_mask, word_at};
use crate::url::components::{is_slash, CowUrl, InvalidReason, ParsedUrl};
use std::borrow::Cow;

// ---------------------------------------------------------------------
// Drive specifications
// ---------------------------------------------------------------------

/// The value of the two hexadecimal digits at the beginning of `s`.
fn hex_pair(s: &[u8]) -> Option<u8> {
    let digit = |b: u8| (b as char).to_digit(16);
    match s {
        [h, l, ..] => Some((digit(*h)? * 16 + digit(*l)?) as u8),
        _ => None,
    }
}

/// The character at the beginning of `s`, decoding one percent-encoded
/// ASCII octet (`%63` is `c`), with its length in bytes.
fn ascii_or_percent_encoded(s: &str) -> Option<(char, usize)> {
    let b = s.as_bytes();
    match b.first()? {
        b'%' => {
            let octet = hex_pair(&b[1..])?;
            octet.is_ascii().then_some((octet as char, 3))
        }
        &c if c.is_ascii() => Some((c as char, 1)),
        _ => None,
    }
}

/// A *drive letter* at the beginning of `s`: an ASCII letter, or its
/// percent-encoded form (in UTF-8).  Returns the (decoded) letter and its
/// length in bytes.
///
/// ```
/// use urlprism::algorithm::resolve::drive_letter;
/// assert_eq!(drive_letter("c:/"), Some(('c', 1)));
/// assert_eq!(drive_letter("%43|"), Some(('C', 3)));
/// assert_eq!(drive_letter("0:"), None);
/// ```
pub fn drive_letter(s: &str) -> Option<(char, usize)> {
    ascii_or_percent_encoded(s).filter(|(c, _)| c.is_ascii_alphabetic())
}

/// A *drive suffix* at the beginning of `s`: `:` or `|`, or its
/// percent-encoded form (`%3A`, `%7C`, any case).  Returns its length in
/// bytes.
///
/// ```
/// use urlprism::algorithm::resolve::drive_suffix;
/// assert_eq!(drive_suffix("|/"), Some(1));
/// assert_eq!(drive_suffix("%3a"), Some(3));
/// assert_eq!(drive_suffix("/"), None);
/// ```
pub fn drive_suffix(s: &str) -> Option<usize> {
    ascii_or_percent_encoded(s)
        .filter(|(c, _)| *c == ':' || *c == '|')
        .map(|(_, len)| len)
}

/// The *drive specification* at the beginning of `s` — a drive letter
/// followed by a drive suffix — with the decoded letter and the length in
/// bytes.
///
/// The specification calls the drive suffix optional, but the suite
/// treats a lone letter as no drive: `file:///c/` stays `file:///c/` and
/// `//c/foo` against a `file:` base has the host `c`.  So the suffix is
/// required here, as in what the suite's implementation does.
///
/// ```
/// use urlprism::algorithm::resolve::drive_specification;
/// assert_eq!(drive_specification("c:/windows"), Some(('c', 2)));
/// assert_eq!(drive_specification("%41%7C"), Some(('A', 6)));
/// assert_eq!(drive_specification("c/windows"), None);
/// ```
pub fn drive_specification(s: &str) -> Option<(char, usize)> {
    let (letter, letter_len) = drive_letter(s)?;
    let suffix_len = drive_suffix(&s[letter_len..])?;
    Some((letter, letter_len + suffix_len))
}

/// Whether the whole of `s` is a *drive specification* (see
/// [`drive_specification`]).
///
/// ```
/// use urlprism::algorithm::resolve::is_drive_specification;
/// assert!(is_drive_specification("C|"));
/// assert!(!is_drive_specification("C|/"));
/// assert!(!is_drive_specification("cd:"));
/// ```
pub fn is_drive_specification(s: &str) -> bool {
    drive_specification(s).is_some_and(|(_, len)| len == s.len())
}

/// Whether `s` *begins with a drive specification*, i.e. a drive
/// specification followed by a slash character or the end of `s` (so
/// that `c:foo` does not, as the suite expects: `file:c:foo/bar.html`
/// against `file://aa/bb/cc` is `file://aa/bb/c:foo/bar.html`).  Returns
/// the decoded drive letter and the length of the drive specification.
///
/// ```
/// use urlprism::algorithm::resolve::begins_with_drive_specification;
/// assert_eq!(begins_with_drive_specification("c:\\x"), Some(('c', 2)));
/// assert_eq!(begins_with_drive_specification("%41:"), Some(('A', 4)));
/// assert_eq!(begins_with_drive_specification("c:foo"), None);
/// ```
pub fn begins_with_drive_specification(s: &str) -> Option<(char, usize)> {
    drive_specification(s).filter(|&(_, len)| s[len..].chars().next().is_none_or(is_slash))
}

// ---------------------------------------------------------------------
// Path operations
// ---------------------------------------------------------------------

/// Percent-decodes any `%2F` and `%5C` (ASCII case-insensitive) in a
/// `file:` path, as resolution requires.
///
/// ```
/// use urlprism::algorithm::resolve::decode_file_slashes;
/// assert_eq!(decode_file_slashes("/c:%5cwin%2Fx%41"), "/c:\\win/x%41");
/// ```
pub fn decode_file_slashes(path: &str) -> String {
    decode_file_slashes_cow(path).into_owned()
}

/// [`decode_file_slashes`], borrowed when there is nothing to decode.
fn decode_file_slashes_cow(path: &str) -> Cow<'_, str> {
    let b = path.as_bytes();
    let has_escape = b.windows(3).any(|w| {
        w[0] == b'%'
            && matches!(
                (w[1], w[2].to_ascii_uppercase()),
                (b'2', b'F') | (b'5', b'C')
            )
    });
    if !has_escape {
        return Cow::Borrowed(path);
    }
    let mut out = String::with_capacity(path.len());
    let mut last = 0;
    let mut i = 0;
    while i + 2 < b.len() {
        let decoded = match (b[i], b[i + 1], b[i + 2].to_ascii_uppercase()) {
            (b'%', b'2', b'F') => Some('/'),
            (b'%', b'5', b'C') => Some('\\'),
            _ => None,
        };
        if let Some(c) = decoded {
            out.push_str(&path[last..i]);
            out.push(c);
            i += 3;
            last = i;
        } else {
            i += 1;
        }
    }
    out.push_str(&path[last..]);
    Cow::Owned(out)
}

/// "Merge path" (RFC 3986 section 5.2.3) with slash characters: if the
/// base has an authority and an empty path, `/` followed by `r_path`;
/// otherwise `b_path` up to and including its last slash character
/// (`/` or `\`), followed by `r_path`.
///
/// ```
/// use urlprism::algorithm::resolve::merge_path;
/// assert_eq!(merge_path("g", "/b/c/d;p", true), "/b/c/g");
/// assert_eq!(merge_path("g", "\\b\\c", false), "\\b\\g");
/// assert_eq!(merge_path("g", "", true), "/g");
/// assert_eq!(merge_path("g", "", false), "g");
/// ```
pub fn merge_path(r_path: &str, b_path: &str, base_has_authority: bool) -> String {
    if base_has_authority && b_path.is_empty() {
        return format!("/{r_path}");
    }
    let keep = b_path.rfind(is_slash).map_or(0, |i| i + 1);
    let mut merged = String::with_capacity(keep + r_path.len());
    merged.push_str(&b_path[..keep]);
    merged.push_str(r_path);
    merged
}

/// The length of a `.` at the beginning of `s`, where `%2E` and `%2e`
/// count as `.` too.
fn dot_len(s: &[u8]) -> Option<usize> {
    match s {
        [b'.', ..] => Some(1),
        [b'%', b'2', b'e' | b'E', ..] => Some(3),
        _ => None,
    }
}

/// Whether `s` is empty or begins with `/`.
fn at_segment_end(s: &[u8]) -> bool {
    s.first().is_none_or(|&b| b == b'/')
}

/// The length of a complete `.` segment (`.`, `%2E`) at the beginning
/// of `s`, i.e. followed by `/` or the end.
fn dot_segment_len(s: &[u8]) -> Option<usize> {
    dot_len(s).filter(|&n| at_segment_end(&s[n..]))
}

/// The length of a complete `..` segment (any mix of `.` and `%2E`) at
/// the beginning of `s`, followed by `/` or the end.
fn dot_dot_segment_len(s: &[u8]) -> Option<usize> {
    let first = dot_len(s)?;
    let second = dot_len(&s[first..])?;
    let n = first + second;
    at_segment_end(&s[n..]).then_some(n)
}

/// "Remove dot-segments" (RFC 3986 section 5.2.4), as amended: every `\`
/// is first replaced by `/`, and `%2E`/`%2e` counts as `.`.  Runs in
/// linear time: the input is scanned once and the output buffer only
/// grows at its end or shrinks back by the segment just removed.
///
/// ```
/// use urlprism::algorithm::resolve::remove_dot_segments;
/// assert_eq!(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
/// assert_eq!(remove_dot_segments("mid/content=5/../6"), "mid/6");
/// assert_eq!(remove_dot_segments("\\a\\%2e%2E\\b"), "/b");
/// assert_eq!(remove_dot_segments("/a%2Eb/."), "/a%2Eb/");
/// ```
pub fn remove_dot_segments(path: &str) -> String {
    remove_dot_segments_cow(path).into_owned()
}

/// Whether "remove dot-segments" leaves `path` as it is: it has no `\\`
/// and no segment beginning with `.`, `%2E` or `%2e` (so no `.` or `..`
/// segment), and then only rule E, which copies, applies.
pub(crate) fn is_free_of_dot_segments(path: &str) -> bool {
    let b = path.as_bytes();
    if dot_len(b).is_some() {
        return false;
    }
    // A segment begins after a `/`: `\\`, `/.` and `/%` are looked for
    // eight bytes at a time (the byte after each `/` is in the word one
    // byte along); from the first word with one, each is checked.
    let mut i = 0;
    while i + 9 <= b.len() {
        let (x, next) = (word_at(b, i), word_at(b, i + 1));
        let dot_or_percent = eq_mask(next, b'.') | eq_mask(next, b'%');
        if eq_mask(x, b'\\') | (eq_mask(x, b'/') & dot_or_percent) != 0 {
            break;
        }
        i += 8;
    }
    !b[i..]
        .iter()
        .enumerate()
        .any(|(k, &c)| c == b'\\' || (c == b'/' && dot_len(&b[i + k + 1..]).is_some()))
}

/// [`remove_dot_segments`], borrowed when the path has no dot-segment to
/// remove and no `\\` to replace.
fn remove_dot_segments_cow(path: &str) -> Cow<'_, str> {
    if is_free_of_dot_segments(path) {
        return Cow::Borrowed(path);
    }
    let input: Cow<'_, str> = if path.contains('\\') {
        Cow::Owned(path.replace('\\', "/"))
    } else {
        Cow::Borrowed(path)
    };
    let mut output = String::with_capacity(input.len());
    push_without_dot_segments(&input, &mut output);
    Cow::Owned(output)
}

/// Appends to `output` the path `input` (without `\\`) with its
/// dot-segments removed ("remove dot-segments", rules A to E): what is in
/// `output` before stays, rule C removes segments only from what is
/// appended.  Linear in the length of `input`.
///
/// `http://a` and `/b/../c` → `http://a/c`.
pub(crate) fn push_without_dot_segments(input: &str, output: &mut String) {
    let floor = output.len();
    let s = input.as_bytes();
    let mut i = 0;
    while i < s.len() {
        let rest = &s[i..];
        // A. Remove a leading "../" or "./".
        if let Some(n) = dot_dot_segment_len(rest).or_else(|| dot_segment_len(rest)) {
            if rest.get(n) == Some(&b'/') {
                i += n + 1;
                continue;
            }
        }
        if rest[0] == b'/' {
            // B. Replace a leading "/./" or "/." (complete) by "/".
            if let Some(n) = dot_segment_len(&rest[1..]) {
                if i + 1 + n == s.len() {
                    output.push('/');
                    break;
                }
                i += 1 + n;
                continue;
            }
            // C. Replace a leading "/../" or "/.." by "/" and remove the
            // last segment and its preceding "/" from the output.
            if let Some(n) = dot_dot_segment_len(&rest[1..]) {
                let cut = output[floor..].rfind('/').map_or(floor, |c| floor + c);
                output.truncate(cut);
                if i + 1 + n == s.len() {
                    output.push('/');
                    break;
                }
                i += 1 + n;
                continue;
            }
        } else if dot_dot_segment_len(rest).or_else(|| dot_segment_len(rest)) == Some(rest.len()) {
            // D. The input is "." or "..": remove it.
            break;
        }
        // E. Move the first path segment (with its leading "/", if any)
        // to the output.
        let end = rest[1..]
            .iter()
            .position(|&b| b == b'/')
            .map_or(s.len(), |p| i + 1 + p);
        output.push_str(&input[i..end]);
        i = end;
    }
}

// ---------------------------------------------------------------------
// Resolution
// ---------------------------------------------------------------------

/// Whether `u` has the |authority| component (the raw text or any of its
/// parts).
fn has_authority(u: &CowUrl<'_>) -> bool {
    u.authority.is_some() || u.has_authority_parts()
}

/// Copies the |authority| component (raw text, |user|, |password|,
/// |host|, |port|) of `from` into `to`.
fn copy_authority<'a>(to: &mut CowUrl<'a>, from: &CowUrl<'a>) {
    to.authority.clone_from(&from.authority);
    to.user.clone_from(&from.user);
    to.password.clone_from(&from.password);
    to.host.clone_from(&from.host);
    to.host_as_written.clone_from(&from.host_as_written);
    to.port.clone_from(&from.port);
}

/// Removes the |authority| component and its parts from `u`.
fn remove_authority(u: &mut CowUrl<'_>) {
    u.authority = None;
    u.user = None;
    u.password = None;
    u.host = None;
    u.host_as_written = None;
    u.port = None;
}

/// A parsed URL with the /invalid/ flag alone.
fn invalid(reason: InvalidReason) -> CowUrl<'static> {
    CowUrl {
        invalid: Some(reason),
        ..CowUrl::default()
    }
}

/// The base URL without its fragment (resolution steps 6 and 9.1).
fn base_without_fragment<'a>(base: &CowUrl<'a>) -> CowUrl<'a> {
    let mut resolved = base.clone();
    resolved.fragment = None;
    resolved
}

/// The path normalization used throughout resolution: for `file:`,
/// percent-decode `%2F` and `%5C`; then "remove dot-segments".
///
/// `None` when the path stays as it is (the common case, which then costs
/// no allocation).
fn normalize_path(path: &str, is_file: bool) -> Option<String> {
    if is_file {
        match decode_file_slashes_cow(path) {
            Cow::Borrowed(p) => owned_if_changed(remove_dot_segments_cow(p)),
            Cow::Owned(p) => Some(remove_dot_segments_cow(&p).into_owned()),
        }
    } else {
        owned_if_changed(remove_dot_segments_cow(path))
    }
}

fn owned_if_changed(p: Cow<'_, str>) -> Option<String> {
    match p {
        Cow::Borrowed(_) => None,
        Cow::Owned(p) => Some(p),
    }
}

/// The *steps to resolve a URL*: resolves `input` against `base` (a
/// parsed URL, usually from [`parse()`](crate::algorithm::parse::parse())).
///
/// 4. an invalid base makes the result invalid;
/// 6. an empty string (after preprocessing) gives the base without its
///    fragment;
/// 8. a string without scheme is a relative URL ([`resolve_relative_url`]);
/// 9. so is one with the base's scheme when the base is hierarchical
///    (`http:g`), unless it has the scheme alone (`http:` gives the base
///    without its fragment);
/// 10. otherwise the URL is absolute: if hierarchical, its path is
///     normalized (`%2F`/`%5C` decoded for `file:`, dot-segments removed).
///
/// An invalid result has no components.  The /hierarchical/ flag set by
/// parsing a string without scheme is kept on the result.
///
/// ```
/// use urlprism::{parse, resolve};
/// let base = parse("http://a/b/c/d;p?q");
/// assert_eq!(resolve("../g", &base).path.as_deref(), Some("/b/g"));
/// assert!(resolve("g", &parse("mailto:x")).is_invalid());
/// ```
pub fn resolve(input: &str, base: &ParsedUrl) -> ParsedUrl {
    let relative = preprocess(input);
    resolve_cow(input, &relative, &base.as_cow(), true).into_owned()
}

/// [`resolve`], with the specification's `file:` rules of resolution
/// (`%2F` and `%5C` decoded in the path, the whole authority the host,
/// drive letters) only when `file_rules` is true; otherwise a `file:` URL
/// is resolved as any hierarchical URL (a profile with
/// [`crate::profile::UrlParams::file_paths_as_posix`]).
///
/// ```
/// use urlprism::{algorithm::resolve::resolve_with_file_rules, parse};
/// let base = parse("file://host/dir/file");
/// assert_eq!(resolve_with_file_rules("C|", &base, true).path.as_deref(), Some("C|"));
/// assert_eq!(resolve_with_file_rules("C|", &base, false).path.as_deref(), Some("/dir/C|"));
/// ```
pub fn resolve_with_file_rules(input: &str, base: &ParsedUrl, file_rules: bool) -> ParsedUrl {
    let relative = preprocess(input);
    resolve_cow(input, &relative, &base.as_cow(), file_rules).into_owned()
}

/// Sets [`ParsedUrl::path_as_written`] of `u`, just parsed: the path of a
/// `file:` URL without an authority (`file:a/../b`), whatever resolution
/// then makes of it.
fn keep_opaque_file_path(u: &mut CowUrl<'_>) {
    if u.authority.is_none() && u.host.is_none() && u.scheme_is("file") {
        u.path_as_written.clone_from(&u.path);
    }
}

/// [`resolve`] on borrowed components: `relative` is `input`
/// preprocessed (steps 5 and 7 parse it), and the result borrows from it
/// and from `base`.
pub(crate) fn resolve_cow<'a>(
    input: &str,
    relative: &'a str,
    base: &CowUrl<'a>,
    file_rules: bool,
) -> CowUrl<'a> {
    // Step 4.
    if base.is_invalid() {
        return invalid(InvalidReason::InvalidBase);
    }
    // Steps 5 and 6.
    if relative.is_empty() {
        return base_without_fragment(base);
    }
    // Step 7.
    let mut resolved = parse_preprocessed(relative);
    crate::algorithm::parse::keep_host_as_written(input, &mut resolved);
    keep_opaque_file_path(&mut resolved);
    // Step 8.
    if resolved.is_invalid() {
        return resolve_relative_cow(resolved, base, file_rules);
    }
    // Step 9.
    let same_scheme = match (&resolved.scheme, &base.scheme) {
        (Some(r), Some(b)) => r.eq_ignore_ascii_case(b),
        _ => false,
    };
    if same_scheme && base.is_hierarchical() {
        let only_scheme = !has_authority(&resolved)
            && resolved.query.is_none()
            && resolved.fragment.is_none()
            && resolved.path.as_deref().is_none_or(str::is_empty);
        if only_scheme {
            return base_without_fragment(base);
        }
        return resolve_relative_cow(resolved, base, file_rules);
    }
    // Step 10.
    if resolved.is_hierarchical() {
        let is_file = file_rules && resolved.scheme_is("file");
        normalize_path_in_place(&mut resolved, is_file);
    }
    resolved
}

/// The *steps to resolve a relative URL*: fills in `resolved` (a parsed
/// relative URL, or an absolute one with the base's scheme) from `base`.
///
/// 1. a base that is not hierarchical makes the result invalid;
/// 2. with an authority (`//g`), only the scheme comes from the base (for
///    `file:`, the whole authority becomes the host);
/// 3. with a path beginning with a slash character, the authority too;
/// 4. with only a query, the path too;
/// 5. with only a fragment, the query too;
/// 6. otherwise the path is merged with the base's (for `file:`, a path
///    beginning with a drive specification drops the base's authority and
///    path).
///
/// The query and fragment of `resolved` are kept in every case, and the
/// /invalid/ flag set by parsing a string without scheme is cleared.
///
/// ```
/// use urlprism::{algorithm::resolve::resolve_relative_url, parse};
/// let r = resolve_relative_url(parse("g?y#s"), &parse("http://a/b/c/d;p?q"));
/// assert_eq!(r.path.as_deref(), Some("/b/c/g"));
/// assert_eq!(r.query.as_deref(), Some("y"));
/// ```
pub fn resolve_relative_url(resolved: ParsedUrl, base: &ParsedUrl) -> ParsedUrl {
    resolve_relative_cow(resolved.into_cow(), &base.as_cow(), true).into_owned()
}

/// [`resolve_relative_url`] on borrowed components.
fn resolve_relative_cow<'a>(
    mut resolved: CowUrl<'a>,
    base: &CowUrl<'a>,
    file_rules: bool,
) -> CowUrl<'a> {
    // Step 1.
    if !base.is_hierarchical() {
        return invalid(InvalidReason::NonHierarchicalBase);
    }
    resolved.invalid = None;
    resolved.scheme.clone_from(&base.scheme);
    let is_file = file_rules && resolved.scheme_is("file");
    let path_is_empty = resolved.path.as_deref().is_none_or(str::is_empty);

    if has_authority(&resolved) {
        // Step 2.
        relative_with_authority(&mut resolved, is_file);
    } else if path_begins_with_slash(&resolved) {
        // Step 3.
        normalize_path_in_place(&mut resolved, is_file);
        copy_authority(&mut resolved, base);
    } else if path_is_empty && resolved.query.is_some() {
        // Step 4.
        copy_authority(&mut resolved, base);
        resolved.path.clone_from(&base.path);
    } else if path_is_empty && resolved.fragment.is_some() {
        // Step 5.
        copy_authority(&mut resolved, base);
        resolved.path.clone_from(&base.path);
        resolved.query.clone_from(&base.query);
    } else {
        // Step 6.
        copy_authority(&mut resolved, base);
        let mut r_path = resolved.path.take().unwrap_or_default();
        let mut b_path = Cow::Borrowed(base.path.as_deref().unwrap_or(""));
        if is_file {
            if let Cow::Owned(decoded) = decode_file_slashes_cow(&r_path) {
                r_path = Cow::Owned(decoded);
            }
            // The base's path as it would be once resolved itself
            // (Resolution step 10.1): the specification decodes /r_path/
            // only, but a `%2F` kept from the base would be decoded by the
            // next canonicalization, which would then read a host out of
            // the slashes (`file:%2f/o%00` against itself); the suite's
            // results are the same either way.
            b_path = decode_file_slashes_cow(base.path.as_deref().unwrap_or(""));
            if begins_with_drive_specification(&r_path).is_some() {
                remove_authority(&mut resolved);
                b_path = Cow::Borrowed("");
            }
        }
        let merged = merge_path(&r_path, &b_path, has_authority(&resolved));
        resolved.path = Some(Cow::Owned(match remove_dot_segments_cow(&merged) {
            Cow::Borrowed(_) => merged,
            Cow::Owned(p) => p,
        }));
    }
    resolved
}

/// Step 2 of the steps to resolve a relative URL: the path is normalized,
/// and for `file:` the whole authority becomes the host.
fn relative_with_authority(resolved: &mut CowUrl<'_>, is_file: bool) {
    normalize_path_in_place(resolved, is_file);
    if is_file {
        if let Some(authority) = resolved.authority.clone() {
            resolved.host = Some(authority);
            resolved.host_as_written = None;
            resolved.user = None;
            resolved.password = None;
            resolved.port = None;
        }
    }
}

/// Whether the path of `u` begins with a slash character (step 3).
fn path_begins_with_slash(u: &CowUrl<'_>) -> bool {
    u.path.as_deref().is_some_and(|p| p.starts_with(is_slash))
}

/// Normalizes the path of `u` ([`normalize_path`]), if it has one.
fn normalize_path_in_place(u: &mut CowUrl<'_>, is_file: bool) {
    if let Some(normalized) = u.path.as_deref().and_then(|p| normalize_path(p, is_file)) {
        u.path = Some(Cow::Owned(normalized));
    }
}

/// [`resolve`] of `input` against itself, that is
/// `resolve(input, &parse(input))` (what canonicalizing a URL without a
/// base does), parsing `input` once instead of twice.
///
/// Parsing `input` again would give the base itself, so: an invalid base
/// gives an invalid result (step 4); the scheme is the base's (step 9),
/// so a hierarchical URL is resolved as a relative URL against itself,
/// where steps 2 to 5 only normalize its own path and step 6 merges the
/// path with itself; otherwise the URL is not hierarchical and step 10
/// leaves it as it is.
///
/// An input that is invalid by itself keeps its own reason (no scheme)
/// where `resolve(s, &parse(s))` says that the base URL is invalid.
///
/// ```
/// use urlprism::{algorithm::resolve::resolve_self, parse, resolve, url::components::InvalidReason};
/// for s in ["HTTP://a/b/../c?q#f", "file:c:/x/..", "http:", "javascript:a/../b"] {
///     assert_eq!(resolve_self(s), resolve(s, &parse(s)));
/// }
/// assert_eq!(resolve_self("x").invalid, Some(InvalidReason::NoScheme));
/// assert_eq!(resolve("x", &parse("x")).invalid, Some(InvalidReason::InvalidBase));
/// ```
pub fn resolve_self_with_file_rules(input: &str, file_rules: bool) -> ParsedUrl {
    let preprocessed = preprocess(input);
    resolve_self_cow(input, &preprocessed, file_rules).into_owned()
}

/// [`resolve_self_with_file_rules`] with the specification's `file:`
/// rules: `input` resolved against itself.
///
/// ```
/// use urlprism::{algorithm::resolve::resolve_self, parse, resolve, url::components::InvalidReason};
/// for s in ["HTTP://a/b/../c?q#f", "file:c:/x/..", "http:", "javascript:a/../b"] {
///     assert_eq!(resolve_self(s), resolve(s, &parse(s)));
/// }
/// assert_eq!(resolve_self("x").invalid, Some(InvalidReason::NoScheme));
/// ```
pub fn resolve_self(input: &str) -> ParsedUrl {
    let preprocessed = preprocess(input);
    resolve_self_cow(input, &preprocessed, true).into_owned()
}

/// [`resolve_self`] on borrowed components: `preprocessed` is `input`
/// preprocessed, and the result borrows from it.
pub(crate) fn resolve_self_cow<'a>(
    input: &str,
    preprocessed: &'a str,
    file_rules: bool,
) -> CowUrl<'a> {
    let mut u = parse_preprocessed(preprocessed);
    crate::algorithm::parse::keep_host_as_written(input, &mut u);
    keep_opaque_file_path(&mut u);
    // Step 4: the base is invalid.  It is the input itself, so the reason
    // is the input's own (`x` → no scheme), not "the base URL is invalid".
    if let Some(reason) = u.invalid {
        return invalid(reason);
    }
    // Step 10 (`u` is its own base, so step 9 applies to hierarchical
    // URLs only, and a URL that is not hierarchical is left alone).
    if !u.is_hierarchical() {
        return u;
    }
    // Step 9.
    let only_scheme = !has_authority(&u)
        && u.query.is_none()
        && u.fragment.is_none()
        && u.path.as_deref().is_none_or(str::is_empty);
    if only_scheme {
        // The base itself (step 9), as parsed.
        u.fragment = None;
        u.path_as_written = None;
        return u;
    }
    // The steps to resolve a relative URL, with `u` as its own base: step 1
    // passes, and copying the authority, path or query of the base into
    // `u` (steps 3 to 5) changes nothing.
    let is_file = file_rules && u.scheme_is("file");
    let path_is_empty = u.path.as_deref().is_none_or(str::is_empty);
    if has_authority(&u) {
        relative_with_authority(&mut u, is_file);
    } else if path_begins_with_slash(&u) {
        normalize_path_in_place(&mut u, is_file);
    } else if path_is_empty && (u.query.is_some() || u.fragment.is_some()) {
        // Steps 4 and 5: nothing to do.
    } else {
        // Step 6 merges the path with the base's own: rare enough (a
        // `file:` URL with a relative path) to take the general way.
        let base = u.clone();
        return resolve_relative_cow(u, &base, file_rules);
    }
    u
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algorithm::parse::parse;
    use crate::algorithm::serialize::serialize;

    #[track_caller]
    fn check(base: &str, cases: &[(&str, &str)]) {
        let base_url = parse(base);
        for (input, expected) in cases {
            let resolved = resolve(input, &base_url);
            assert_eq!(
                serialize(&resolved).as_deref(),
                Some(*expected),
                "resolving {input:?} against {base:?}"
            );
        }
    }

    #[test]
    fn rfc3986_normal_examples() {
        check(
            "http://a/b/c/d;p?q",
            &[
                // A one-letter scheme is a drive letter here, so RFC 3986's
                // "g:h" becomes a file: URL; a longer scheme stays absolute.
                ("g:h", "file:///g:/h"),
                ("gg:h", "gg:h"),
                ("g", "http://a/b/c/g"),
                ("./g", "http://a/b/c/g"),
                ("g/", "http://a/b/c/g/"),
                ("/g", "http://a/g"),
                ("//g", "http://g"),
                ("?y", "http://a/b/c/d;p?y"),
                ("g?y", "http://a/b/c/g?y"),
                ("#s", "http://a/b/c/d;p?q#s"),
                ("g#s", "http://a/b/c/g#s"),
                ("g?y#s", "http://a/b/c/g?y#s"),
                (";x", "http://a/b/c/;x"),
                ("g;x", "http://a/b/c/g;x"),
                ("g;x?y#s", "http://a/b/c/g;x?y#s"),
                ("", "http://a/b/c/d;p?q"),
                (".", "http://a/b/c/"),
                ("./", "http://a/b/c/"),
                ("..", "http://a/b/"),
                ("../", "http://a/b/"),
                ("../g", "http://a/b/g"),
                ("../..", "http://a/"),
                ("../../", "http://a/"),
                ("../../g", "http://a/g"),
            ],
        );
    }

    #[test]
    fn rfc3986_abnormal_examples() {
        check(
            "http://a/b/c/d;p?q",
            &[
                ("../../../g", "http://a/g"),
                ("../../../../g", "http://a/g"),
                ("/./g", "http://a/g"),
                ("/../g", "http://a/g"),
                ("g.", "http://a/b/c/g."),
                (".g", "http://a/b/c/.g"),
                ("g..", "http://a/b/c/g.."),
                ("..g", "http://a/b/c/..g"),
                ("./../g", "http://a/b/g"),
                ("./g/.", "http://a/b/c/g/"),
                ("g/./h", "http://a/b/c/g/h"),
                ("g/../h", "http://a/b/c/h"),
                ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
                ("g;x=1/../y", "http://a/b/c/y"),
                ("g?y/./x", "http://a/b/c/g?y/./x"),
                ("g?y/../x", "http://a/b/c/g?y/../x"),
                ("g#s/./x", "http://a/b/c/g#s/./x"),
                ("g#s/../x", "http://a/b/c/g#s/../x"),
                // The "for backward compatibility" choice of RFC 3986: a
                // same-scheme reference is relative.
                ("http:g", "http://a/b/c/g"),
            ],
        );
    }

    #[test]
    fn specification_examples() {
        check(
            "http://a/b/c/d;p?q",
            &[
                ("http:", "http://a/b/c/d;p?q"),
                ("http:.", "http://a/b/c/"),
                ("hTtP://foo/../bar", "http://foo/bar"),
                ("\\\\server\\file", "file://server/file"),
                ("/\\server/file", "http://server/file"),
                ("c:\\foo\\bar", "file:///c:/foo/bar"),
                ("javascript:/./x", "javascript:/./x"),
                ("ftp://x/y/%2E%2e/z", "ftp://x/z"),
            ],
        );
        check(
            "http://hoge?fuga",
            &[("http:?foo#bar", "http://hoge?foo#bar")],
        );
        check(
            "file:///C:/foo/bar",
            &[
                ("/C|\\foo\\bar", "file:///C|/foo/bar"),
                ("//C|/foo/bar", "file://C|/foo/bar"),
                ("//u:p@h:1/x", "file://u:p@h:1/x"),
                ("system32/hoge", "file:///C:/foo/system32/hoge"),
                ("x%2F..%5Cy", "file:///C:/foo/y"),
                ("../D|/foo/", "file:///C:/D|/foo/"),
            ],
        );
        check(
            "file://foo/bar",
            &[
                ("%41:\\windows", "file:%41:/windows"),
                ("c:x", "file:///c:/x"),
            ],
        );
        check(
            "file://aa/bb/cc",
            &[("file:c:foo/bar.html", "file://aa/bb/c:foo/bar.html")],
        );
    }

    #[test]
    fn invalid_results() {
        let r = resolve("//foo/bar", &parse("http:abc"));
        assert_eq!(r, invalid(InvalidReason::NonHierarchicalBase).into_owned());
        let r = resolve("http://x/", &parse(""));
        assert_eq!(r, invalid(InvalidReason::InvalidBase).into_owned());
        // An absolute URL does not need a hierarchical base.
        let r = resolve("http://x/", &parse("mailto:a"));
        assert_eq!(serialize(&r).as_deref(), Some("http://x/"));
    }

    #[test]
    fn file_authority_becomes_host() {
        let r = resolve("//foo:bar@hoge:080/a", &parse("file:///x"));
        assert_eq!(r.host.as_deref(), Some("foo:bar@hoge:080"));
        assert_eq!((r.user, r.password, r.port), (None, None, None));
    }

    #[test]
    fn remove_dot_segments_cases() {
        assert_eq!(remove_dot_segments(""), "");
        assert_eq!(remove_dot_segments("/"), "/");
        assert_eq!(remove_dot_segments("."), "");
        assert_eq!(remove_dot_segments(".."), "");
        assert_eq!(remove_dot_segments("/.."), "/");
        assert_eq!(remove_dot_segments("a/.."), "/");
        assert_eq!(remove_dot_segments("../a"), "a");
        assert_eq!(remove_dot_segments("/%2E%2e/%2e"), "/");
        assert_eq!(remove_dot_segments("/.%2E./a"), "/.%2E./a");
        assert_eq!(remove_dot_segments("/a//../b"), "/a/b");
        assert_eq!(remove_dot_segments("//"), "//");
    }

    proptest::proptest! {
        #[test]
        fn never_panics(
            input in "[a:/\\\\.%2eE?#@\\[\\]|C\u{e9}\u{4e00} \t]{0,24}",
            base in "[a:/\\\\.%2eE?#@\\[\\]|C\u{e9}\u{4e00} \t]{0,24}",
        ) {
            let base_url = parse(&base);
            let resolved = resolve(&input, &base_url);
            let _ = serialize(&resolved);
            let _ = serialize(&parse(&input));
        }

        #[test]
        fn dot_segment_removal_is_idempotent(path in "(/|[./\\\\a]|%2[eE]){0,30}") {
            let once = remove_dot_segments(&format!("/{path}"));
            proptest::prop_assert_eq!(remove_dot_segments(&once), once.clone());
        }
    }

    #[test]
    fn resolve_self_is_resolve_against_itself() {
        for s in [
            "",
            " ",
            "x",
            "//h/p",
            "http:",
            "http:#f",
            "http:?q",
            "http:p",
            "http:/p/../q",
            "HTTP://a/b/../c?q#f",
            "http://a",
            "file:",
            "file:x/../y",
            "file:c:/x/..",
            "file://h%2Fx/a%2F..%5Cb",
            "file:/a%2f..",
            "c:\\x\\..\\y",
            "\\\\srv\\a\\..",
            "javascript:a/../b",
            "mailto:a/../b?c#d",
            "about:",
            "unknown:a/./b",
            "x:#",
            "http://u:p@h:1/./a/%2e%2E/b",
            "file://u:p@h:1/x",
            "http:\\\\h\\a\\..\\b",
        ] {
            assert_eq!(resolve_self(s), resolve_against_itself(s), "{s:?}");
        }
    }

    /// `resolve(s, &parse(s))`, with an invalid `s`'s own reason where
    /// resolution says that the base (`s` itself) is invalid: what
    /// [`resolve_self`] gives.
    fn resolve_against_itself(s: &str) -> ParsedUrl {
        let base = parse(s);
        let mut r = resolve(s, &base);
        if r.invalid == Some(InvalidReason::InvalidBase) {
            r.invalid = base.invalid;
        }
        r
    }

    proptest::proptest! {
        #[test]
        fn resolve_self_agrees(s in "(http|file|HtTp|c|mailto|x)?:?[a:/\\\\.%2eEfF5cC?#@|h ]{0,20}") {
            proptest::prop_assert_eq!(resolve_self(&s), resolve_against_itself(&s));
        }
    }

    #[test]
    fn huge_inputs_are_linear() {
        let path = "/a".repeat(100_000) + &"/..".repeat(100_000) + "/x";
        assert_eq!(remove_dot_segments(&path), "/x");
        let path = "/.".repeat(200_000);
        assert_eq!(remove_dot_segments(&path), "/");
        let base = parse("http://h/");
        let r = resolve(&"../".repeat(100_000), &base);
        assert_eq!(r.path.as_deref(), Some("/"));
    }
}
