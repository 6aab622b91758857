//! `nsSimpleURI` (`netwerk/base/nsSimpleURI.cpp`), the URI class of
//! `data:`, `javascript:` (`nsJSURI`), `blob:` (`BlobURL`), `about:`
//! and Firefox's internal `moz-safe-about:`, `page-icon:`, `moz:`,
//! `cached-favicon:`: the spec as written, filtered
//! (`net_FilterAndEscapeURI`: leading and trailing C0 controls and spaces
//! trimmed, tabs and newlines removed), what is not ASCII and the
//! controls escaped (`esc_OnlyNonASCII`), the scheme lowercased, the ref
//! escaped as a ref; no authority, no dot segments.

use super::net::{self, Escape};

/// An `nsSimpleURI`: its spec and where the query and ref begin.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SimpleUri {
    pub spec: String,
    /// The index of the scheme's `:`.
    pub scheme_end: usize,
    pub query: Option<usize>,
    pub fragment: Option<usize>,
}

impl SimpleUri {
    /// `nsSimpleURI::SetSpecInternal`; `strip_whitespace` for
    /// `SetSpecAndFilterWhitespace` (a base64 `data:` URL: every space,
    /// tab, newline and form feed removed).
    pub fn set_spec(input: &[u8], strip_whitespace: bool) -> Result<SimpleUri, String> {
        let scheme = net::extract_scheme(input).ok_or_else(|| "no scheme".to_string())?;
        let start = input.iter().position(|&c| c > 0x20).unwrap_or(input.len());
        let end = input
            .iter()
            .rposition(|&c| c > 0x20)
            .map_or(start, |e| e + 1);
        let filtered: Vec<u8> = input[start..end.max(start)]
            .iter()
            .copied()
            .filter(|&c| match strip_whitespace {
                true => !matches!(c, b'\t' | b'\n' | b'\r' | b'\x0c' | b' '),
                false => !matches!(c, b'\t' | b'\n' | b'\r'),
            })
            .collect();
        let escaped = net::escape(&filtered, Escape::OnlyNonAscii);
        let colon = escaped
            .iter()
            .position(|&c| c == b':')
            .ok_or_else(|| "no scheme".to_string())?;
        let mut spec = scheme.into_bytes();
        spec.extend_from_slice(&escaped[colon..]);
        let scheme_end = spec.iter().position(|&c| c == b':').unwrap_or(0);
        Ok(Self::with_path(spec, scheme_end))
    }

    /// `SetPathQueryRefInternal`: the query and ref found, the ref
    /// escaped, and (but for `javascript:`) trailing spaces and controls
    /// of a spec without query and ref trimmed.
    fn with_path(mut spec: Vec<u8>, scheme_end: usize) -> SimpleUri {
        let path_start = scheme_end + 1;
        let sep = spec[path_start..]
            .iter()
            .position(|&c| matches!(c, b'?' | b'#'))
            .map(|i| i + path_start);
        let (query, mut fragment) = match sep {
            Some(i) if spec[i] == b'?' => (Some(i), None),
            Some(i) => (None, Some(i)),
            None => (None, None),
        };
        if let Some(q) = query {
            fragment = spec[q..].iter().position(|&c| c == b'#').map(|i| i + q);
        }
        if let Some(f) = fragment {
            let r = spec.split_off(f + 1);
            net::escape_into(&r, Escape::Ref, &mut spec);
        }
        let scheme = &spec[..scheme_end];
        if scheme != b"javascript" && query.is_none() && fragment.is_none() {
            while spec.len() > path_start && spec.last().is_some_and(|&c| c <= 0x20) {
                spec.pop();
            }
        }
        SimpleUri {
            spec: String::from_utf8_lossy(&spec).into_owned(),
            scheme_end,
            query,
            fragment,
        }
    }

    pub fn scheme(&self) -> &str {
        &self.spec[..self.scheme_end]
    }

    /// `nsSimpleURI::SetRef`: tabs and newlines removed, escaped as a ref
    /// (nothing trimmed); an empty ref removes the ref.
    pub fn with_ref(&self, input: &[u8]) -> SimpleUri {
        let filtered: Vec<u8> = input
            .iter()
            .copied()
            .filter(|&c| !matches!(c, b'\t' | b'\n' | b'\r'))
            .collect();
        let r = net::escape(&filtered, Escape::Ref);
        let base_end = self.fragment.unwrap_or(self.spec.len());
        let mut spec = self.spec.as_bytes()[..base_end].to_vec();
        let mut fragment = None;
        if !r.is_empty() {
            fragment = Some(spec.len());
            if r[0] != b'#' {
                spec.push(b'#');
            }
            spec.extend_from_slice(&r);
        }
        if self.scheme() != "javascript" && self.query.is_none() && fragment.is_none() {
            while spec.len() > self.scheme_end + 1 && spec.last().is_some_and(|&c| c <= 0x20) {
                spec.pop();
            }
        }
        SimpleUri {
            spec: String::from_utf8_lossy(&spec).into_owned(),
            scheme_end: self.scheme_end,
            query: self.query,
            fragment,
        }
    }
}

impl SimpleUri {
    /// The spec with the trailing spaces and controls of its path trimmed
    /// when it has neither query nor ref, but for `javascript:`
    /// (`TrimTrailingCharactersFromPath`).
    fn trimmed(
        mut spec: Vec<u8>,
        scheme_end: usize,
        query: Option<usize>,
        fragment: Option<usize>,
    ) -> SimpleUri {
        if &spec[..scheme_end] != b"javascript" && query.is_none() && fragment.is_none() {
            while spec.len() > scheme_end + 1 && spec.last().is_some_and(|&c| c <= 0x20) {
                spec.pop();
            }
        }
        SimpleUri {
            spec: String::from_utf8_lossy(&spec).into_owned(),
            scheme_end,
            query,
            fragment,
        }
    }

    /// `nsSimpleURI::SetQuery`: the value escaped (`esc_OnlyNonASCII`), a
    /// `?` put in front unless it has one; an empty value removes the
    /// query, and then the path's trailing spaces go when there is no ref
    /// (`data:x ?q` with `""` → `data:x`).
    pub fn with_query(&self, input: &[u8]) -> SimpleUri {
        let q = net::escape(input, Escape::OnlyNonAscii);
        if q.is_empty() && self.query.is_none() {
            return self.clone();
        }
        let bytes = self.spec.as_bytes();
        let cut_start = self.query.or(self.fragment).unwrap_or(bytes.len());
        let cut_end = match self.query {
            Some(_) => self.fragment.unwrap_or(bytes.len()),
            None => cut_start,
        };
        let mut spec = bytes[..cut_start].to_vec();
        let query = (!q.is_empty()).then_some(cut_start);
        if !q.is_empty() && q[0] != b'?' {
            spec.push(b'?');
        }
        spec.extend_from_slice(&q);
        let fragment = self.fragment.map(|_| spec.len());
        spec.extend_from_slice(&bytes[cut_end..]);
        Self::trimmed(spec, self.scheme_end, query, fragment)
    }

    /// `nsSimpleURI::SetFilePath`: only for a path that begins with `/`
    /// (`None` otherwise); the value up to its first `?` or `#` replaces
    /// the path, the query and the ref (`SetPathQueryRef`), escaped
    /// (`esc_OnlyNonASCII`): `data:/x?q` with `y ` → `data:y`.
    pub fn with_file_path(&self, input: &[u8]) -> Option<SimpleUri> {
        let path_start = self.scheme_end + 1;
        if !self.spec.as_bytes()[path_start..].starts_with(b"/") {
            return None;
        }
        let end = input
            .iter()
            .position(|&c| matches!(c, b'?' | b'#'))
            .unwrap_or(input.len());
        let mut spec = self.spec.as_bytes()[..path_start].to_vec();
        spec.extend_from_slice(&net::escape(&input[..end], Escape::OnlyNonAscii));
        Some(Self::with_path(spec, self.scheme_end))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(s: &str) -> Option<String> {
        SimpleUri::set_spec(s.as_bytes(), false)
            .ok()
            .map(|u| u.spec)
    }

    #[test]
    fn taken_as_written() {
        assert_eq!(spec("DATA:/../x").as_deref(), Some("data:/../x"));
        assert_eq!(
            spec(" about:a@b.c?subject=x y ").as_deref(),
            Some("about:a@b.c?subject=x y")
        );
        assert_eq!(
            spec("javascript:\"abc?def\"").as_deref(),
            Some("javascript:\"abc?def\"")
        );
        assert_eq!(
            spec("data:x\u{e9}\u{1}#a b").as_deref(),
            Some("data:x%C3%A9%01#a%20b")
        );
        assert_eq!(spec("x"), None);
        let u = SimpleUri::set_spec(b"about:blank", false).unwrap();
        assert_eq!(u.with_ref(b"# ").spec, "about:blank#%20");
        assert_eq!(
            SimpleUri::set_spec(b"data:;base64, aG k=", true)
                .unwrap()
                .spec,
            "data:;base64,aGk="
        );
    }
}
