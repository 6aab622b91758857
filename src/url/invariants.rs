//! What every [`Url`] holds true of its serialization and offsets
//! ([`Url::check_invariants`]).

use super::offsets::Span;
use super::Url;
use crate::url::components::is_not_hierarchical_scheme;

impl Url {
    /// Checks what every `Url` holds true, and says what does not hold:
    ///
    /// - the offsets are in order, within the serialization, and cover
    ///   it: the serialization is `scheme:`, then, when the URL has a
    ///   user, password, host or port, `//`, `user:password@` (either
    ///   part absent: `user@`, `:password@`), the host and `:port`, then
    ///   the path, `?query` and `#fragment`, each delimiter where the
    ///   offsets put it and nothing else between them;
    /// - the scheme is one or more scheme characters (letters, digits,
    ///   `+`, `-`, `.`), none of them uppercase;
    /// - no component holds the delimiter that would end it when the
    ///   serialization is read again: the user holds no `:`, `@`, `/`,
    ///   `\`, `?` or `#`, the password no `@`, `/`, `\`, `?` or `#`, the
    ///   port only ASCII digits (the host may hold any character: a profile
    ///   may map one to a delimiter, Gecko `a\u{FF03}b` to `a#b`), the
    ///   path no `?` or `#` (but a `file:` path: a profile may decode
    ///   their escapes there, IE `t%23es` to `t#es`), the query no `#`
    ///   (but under the schemes whose
    ///   path is all that follows `scheme:`, `about`, `data`,
    ///   `javascript`, `vbscript`, and under `mailto`, whose path ends at
    ///   the first `?` and whose query is all that follows);
    /// - a path after an authority is empty or begins with `/` or `\`.
    ///   Without an authority a path may begin with `//`: an engine's
    ///   opaque path (Chromium keeps `android://x:0/a` as the scheme and
    ///   the path `//x:0/a`); the offsets, not a second reading, say
    ///   where the components are.
    ///
    /// Every `Url` made by this crate holds them (debug builds check each
    /// one made; the tests check the URLs of the corpora under every
    /// profile); [`Url::from_parsed_url`] refuses components that would
    /// break them.
    ///
    /// ```
    /// let url = urlprism::Url::parse("HTTP://u:p@Example.COM:81/a?b#c")?;
    /// assert_eq!(url.check_invariants(), Ok(()));
    /// # Ok::<(), urlprism::Error>(())
    /// ```
    pub fn check_invariants(&self) -> Result<(), String> {
        check(self.as_str(), &self.offsets).map_err(|e| format!("{e} in {:?}", self.as_str()))
    }
}

/// [`Url::check_invariants`] of the serialization `s` with `offsets`.
fn check(s: &str, o: &super::offsets::Offsets) -> Result<(), String> {
    let b = s.as_bytes();
    if o.len() != b.len() {
        return Err(format!("length {} for {} bytes", o.len(), b.len()));
    }
    let spans = [
        ("user", o.user()),
        ("password", o.password()),
        ("host", o.host()),
        ("port", o.port()),
        ("path", o.path()),
        ("query", o.query()),
        ("fragment", o.fragment()),
    ];
    // In order and within the serialization, on character boundaries.
    let mut last = o.scheme_end();
    for (name, span) in spans {
        if let Some(span) = span {
            let (start, end) = (span.start(), span.end());
            if start < last || end < start || end > b.len() {
                return Err(format!("the {name} at {start}..{end} after {last}"));
            }
            if !s.is_char_boundary(start) || !s.is_char_boundary(end) {
                return Err(format!("the {name} at {start}..{end} splits a character"));
            }
            last = end;
        }
    }

    let scheme = &b[..o.scheme_end()];
    let scheme_character = |c: &u8| matches!(c, b'a'..=b'z' | b'0'..=b'9' | b'+' | b'-' | b'.');
    if scheme.is_empty() || !scheme.iter().all(scheme_character) {
        return Err(format!("the scheme {:?}", String::from_utf8_lossy(scheme)));
    }
    // The delimiters, each where the serialization puts it.
    let mut at = scheme.len();
    let delimiter = |at: &mut usize, d: &str, before: &str| {
        if b[*at..].starts_with(d.as_bytes()) {
            *at += d.len();
            Ok(())
        } else {
            Err(format!("no {d:?} at {at} before the {before}"))
        }
    };
    // A component that begins at `at` (after its delimiter): `at` moves
    // to its end.
    let component = |at: &mut usize, name: &str, span: Span, forbidden: &[u8]| {
        let (start, end) = (span.start(), span.end());
        if start != *at {
            return Err(format!("the {name} at {start}, not {at}"));
        }
        if let Some(c) = b[start..end].iter().find(|c| forbidden.contains(c)) {
            return Err(format!("a {:?} in the {name}", char::from(*c)));
        }
        *at = end;
        Ok(())
    };
    delimiter(&mut at, ":", "scheme's end")?;
    // The schemes that are not hierarchical but `mailto` keep all that
    // follows `scheme:` as the path, `?` and `#` included; `mailto` splits
    // it at the first `?` only.
    let mailto = scheme == b"mailto";
    let path_only =
        std::str::from_utf8(scheme).is_ok_and(|s| is_not_hierarchical_scheme(s) && !mailto);
    let authority = o.has_authority();
    if authority {
        delimiter(&mut at, "//", "authority")?;
        if o.user().is_some() || o.password().is_some() {
            if let Some(user) = o.user() {
                component(&mut at, "user", user, b":@/\\?#")?;
            }
            if let Some(password) = o.password() {
                delimiter(&mut at, ":", "password")?;
                component(&mut at, "password", password, b"@/\\?#")?;
            }
            delimiter(&mut at, "@", "host")?;
        }
        if let Some(host) = o.host() {
            // Any character: a profile may map one to a delimiter
            // (Gecko: `a\u{FF03}b.test` → `a#b.test`).
            component(&mut at, "host", host, b"")?;
        }
        if let Some(port) = o.port() {
            delimiter(&mut at, ":", "port")?;
            component(&mut at, "port", port, b"")?;
            if !b[port.range()].iter().all(u8::is_ascii_digit) {
                return Err("a port that is not a decimal number".to_string());
            }
        }
    }
    if let Some(path) = o.path() {
        // A `file:` path may hold `?` and `#`: a profile may decode their
        // escapes there (IE: urlmon's `canonicalize_path_hierarchical`
        // decodes the reserved characters of a file path, Wine 1.5.26
        // `dlls/urlmon/tests/uri.c`: `file:///C:/t%23es%t.mp3` →
        // `file:///C:/t#es%25t.mp3`).
        let file = scheme == b"file";
        let forbidden: &[u8] = match (path_only || file, mailto) {
            (true, _) => b"",
            (_, true) => b"?",
            _ => b"?#",
        };
        component(&mut at, "path", path, forbidden)?;
        let path = &b[path.range()];
        if authority && !path.is_empty() && !matches!(path[0], b'/' | b'\\') {
            return Err("a path after the authority that does not begin with '/'".to_string());
        }
    }
    if let Some(query) = o.query() {
        delimiter(&mut at, "?", "query")?;
        let forbidden: &[u8] = if mailto { b"" } else { b"#" };
        component(&mut at, "query", query, forbidden)?;
    }
    if let Some(fragment) = o.fragment() {
        delimiter(&mut at, "#", "fragment")?;
        component(&mut at, "fragment", fragment, b"")?;
    }
    if at != b.len() {
        return Err(format!("{} bytes after the last component", b.len() - at));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::offsets::{Offsets, OffsetsBuilder};
    use super::*;

    /// The checker finds what it is there to find: offsets that do not
    /// fit their serialization.
    #[test]
    fn broken_offsets_are_found() {
        let s = "http://u:p@h:81/p?q#f";
        let good = Offsets::of(&crate::parse(s).as_cow()).unwrap();
        assert_eq!(check(s, &good), Ok(()));
        // The same offsets on serializations they do not fit (the
        // builder refuses places that do not follow each other).
        let broken = [
            ("HTTP://u:p@h:81/p?q#f", good),
            ("http:/u:p@h:81/p?q#f/", good),
            ("http://u:p@h:81/p?q#fx", good),
            ("http://u:p@h:81/p!q#f", good),
            ("http://u:p@h:81/p?q?f", good),
            ("http://u@p:h:81/p?q#f", good),
            ("http://u:p@h:8a/p?q#f", good),
            ("http://u:p@h/81/p?q#f", good),
            ("http://u:p@h:81/p#q#f", good),
        ];
        for (s, o) in broken {
            assert!(check(s, &o).is_err(), "{s} {o:?}");
        }
        // An opaque path that begins with `//` (Chromium's `android:`).
        let mut b = OffsetsBuilder::new(3);
        b.path(Some(OffsetsBuilder::span(4, 7)));
        assert_eq!(check("foo://x", &b.finish(7).unwrap()), Ok(()));
    }
}
