//! The *parsed URL* of the specification: optional components and two flags.

use serde::Serialize;
use std::borrow::Cow;

/// The components of a URL and the two flags of the specification's
/// *parsed URL* (section "Parsed URL"), each component held as an `S`:
/// [`ParsedUrl`] owns them (`Components<String>`); the steps work on
/// components borrowed from the input wherever they are slices of it.
///
/// Every component is optional, and an absent component (`None`) is kept
/// apart from an empty one (`Some("")`): `http://host` has no path, while
/// `http://host?` has an empty query.  The `authority` component is the raw
/// text between `//` and the path; `user`, `password`, `host` and `port`
/// are its parts.
///
/// ```
/// use urlprism::url::components::Components;
/// let u = urlprism::parse("http://h/p?q");
/// let lengths: Components<usize> = u.map(|c| c.len());
/// assert_eq!((lengths.host, lengths.path, lengths.fragment), (Some(1), Some(2), None));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Components<S> {
    pub scheme: Option<S>,
    pub authority: Option<S>,
    pub user: Option<S>,
    pub password: Option<S>,
    pub host: Option<S>,
    pub port: Option<S>,
    pub path: Option<S>,
    pub query: Option<S>,
    pub fragment: Option<S>,
    /// The /invalid/ flag, with the reason it was set.
    pub invalid: Option<InvalidReason>,
    /// The /hierarchical/ flag (set while parsing a string without scheme).
    pub hierarchical: bool,
    /// The |host| component as written in the input, when the steps to
    /// preprocess a string replaced noncharacters in it by U+FFFD (`None`
    /// otherwise): `http://a\u{FDD0}b/` has the host `a\u{FFFD}b` and this
    /// `a\u{FDD0}b`.  A profile whose browser leaves the host's
    /// noncharacters to its host pipeline
    /// ([`crate::profile::UrlParams::host_keeps_noncharacters`])
    /// canonicalizes this one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub host_as_written: Option<S>,
    /// The |path| as written, before resolution normalized it, of a `file:`
    /// URL written without an authority (`file:a/../b`: the path `b`, this
    /// `a/../b`); `None` otherwise.  A profile whose browser keeps such a
    /// path opaque ([`crate::profile::UrlParams::file_without_authority_opaque`])
    /// canonicalizes this one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path_as_written: Option<S>,
}

/// A *parsed URL* (specification section "Parsed URL"): its components
/// owned.  What the public steps ([`crate::parse()`], [`crate::resolve()`],
/// [`crate::canonicalize()`], [`crate::serialize()`]) take and give.
///
/// ```
/// use urlprism::ParsedUrl;
/// let u = ParsedUrl { scheme: Some("http".into()), host: Some("a".into()), ..Default::default() };
/// assert_eq!(urlprism::serialize(&u).as_deref(), Some("http://a"));
/// ```
pub type ParsedUrl = Components<String>;

/// A *parsed URL* whose components borrow from the string it was parsed
/// from (or from another parsed URL) wherever they are slices of it, and
/// own only the text that parsing, resolution or canonicalization made
/// anew: `http://a/b` parsed this way allocates nothing.  The steps of
/// parsing, resolution, canonicalization and serialization work on it;
/// [`ParsedUrl`] is what they hand out.
pub(crate) type CowUrl<'a> = Components<Cow<'a, str>>;

pub use crate::error::InvalidReason;

/// Schemes that are *not hierarchical* (specification "Hierarchicalness").
pub const NOT_HIERARCHICAL_SCHEMES: [&str; 5] =
    ["about", "data", "javascript", "mailto", "vbscript"];

/// Whether `scheme` is classified as "not hierarchical", ASCII
/// case-insensitively.
pub fn is_not_hierarchical_scheme(scheme: &str) -> bool {
    // The five names differ in length: the length picks the one to
    // compare with.
    let name = match scheme.len() {
        4 => "data",
        5 => "about",
        6 => "mailto",
        8 => "vbscript",
        10 => "javascript",
        _ => return false,
    };
    debug_assert!(NOT_HIERARCHICAL_SCHEMES.contains(&name));
    name.eq_ignore_ascii_case(scheme)
}

/// A *slash character*: U+002F (/) or U+005C (\) [url-spec].
#[inline]
pub fn is_slash(c: char) -> bool {
    c == '/' || c == '\\'
}

impl<S> Components<S> {
    /// The same components, each borrowed.
    pub fn each_ref(&self) -> Components<&S> {
        Components {
            scheme: self.scheme.as_ref(),
            authority: self.authority.as_ref(),
            user: self.user.as_ref(),
            password: self.password.as_ref(),
            host: self.host.as_ref(),
            port: self.port.as_ref(),
            path: self.path.as_ref(),
            query: self.query.as_ref(),
            fragment: self.fragment.as_ref(),
            invalid: self.invalid,
            hierarchical: self.hierarchical,
            host_as_written: self.host_as_written.as_ref(),
            path_as_written: self.path_as_written.as_ref(),
        }
    }

    /// The same components, each made by `f` (the flags as they are).
    pub fn map<T>(self, mut f: impl FnMut(S) -> T) -> Components<T> {
        Components {
            scheme: self.scheme.map(&mut f),
            authority: self.authority.map(&mut f),
            user: self.user.map(&mut f),
            password: self.password.map(&mut f),
            host: self.host.map(&mut f),
            port: self.port.map(&mut f),
            path: self.path.map(&mut f),
            query: self.query.map(&mut f),
            fragment: self.fragment.map(&mut f),
            invalid: self.invalid,
            hierarchical: self.hierarchical,
            host_as_written: self.host_as_written.map(&mut f),
            path_as_written: self.path_as_written.map(&mut f),
        }
    }
}

impl<S: AsRef<str>> Components<S> {
    /// Whether the /invalid/ flag is set.
    pub fn is_invalid(&self) -> bool {
        self.invalid.is_some()
    }

    /// Whether the scheme is ASCII case-insensitively `scheme`.
    pub fn scheme_is(&self, scheme: &str) -> bool {
        self.scheme
            .as_ref()
            .is_some_and(|s| s.as_ref().eq_ignore_ascii_case(scheme))
    }

    /// Whether the URL is *hierarchical* (specification "Hierarchicalness"):
    /// its scheme is not one of the non-hierarchical ones and the text after
    /// `scheme:` began with a slash character, or its scheme is `file`, or
    /// the /hierarchical/ flag is set.
    ///
    /// As the original string is no longer at hand, "followed by a slash
    /// character" is judged from the parsed components: an authority or a
    /// path that begins with a slash character.
    pub fn is_hierarchical(&self) -> bool {
        if self.hierarchical || self.scheme_is("file") {
            return true;
        }
        match self.scheme.as_ref().map(AsRef::as_ref) {
            Some(s) if !is_not_hierarchical_scheme(s) => {
                self.authority.is_some()
                    || self.host.is_some()
                    || self
                        .path
                        .as_ref()
                        .is_some_and(|p| p.as_ref().starts_with(is_slash))
            }
            _ => false,
        }
    }

    /// Whether any of `user`, `password`, `host`, `port` is present.
    pub fn has_authority_parts(&self) -> bool {
        self.user.is_some() || self.password.is_some() || self.host.is_some() || self.port.is_some()
    }

    /// The same components, borrowed from these (a copy that costs no
    /// allocation).
    pub(crate) fn as_cow(&self) -> CowUrl<'_> {
        self.each_ref().map(|c| Cow::Borrowed(c.as_ref()))
    }
}

impl ParsedUrl {
    /// The same parsed URL, its components moved (not copied).
    pub(crate) fn into_cow(self) -> CowUrl<'static> {
        self.map(Cow::Owned)
    }
}

impl CowUrl<'_> {
    /// The same components, borrowed from these (a copy that costs no
    /// allocation).
    pub(crate) fn borrowed(&self) -> CowUrl<'_> {
        self.as_cow()
    }

    /// The [`ParsedUrl`] with these components (borrowed ones copied).
    pub fn into_owned(self) -> ParsedUrl {
        self.map(Cow::into_owned)
    }
}

#[cfg(test)]
mod tests {

    /// A parsed URL serializes as an object of its components and flags,
    /// the host as written only when there is one.
    #[test]
    fn parsed_url_serializes_its_fields_in_order() {
        let u = crate::parse("http://u@h:1/p?q#f");
        assert_eq!(
            serde_json::to_string(&u).unwrap(),
            r#"{"scheme":"http","authority":"u@h:1","user":"u","password":null,"host":"h","port":"1","path":"/p","query":"q","fragment":"f","invalid":null,"hierarchical":false}"#
        );
        let u = crate::parse("http://a\u{FDD0}/");
        let json = serde_json::to_string(&u).unwrap();
        // (The closing brace as an escape: `tools/module_cycles.py` counts
        // the braces of each line.)
        let body = json.strip_suffix('\u{7D}').unwrap();
        let end = "\"hierarchical\":false,\"host_as_written\":\"a\u{FDD0}\"";
        assert!(body.ends_with(end), "{json}");
        let json = serde_json::to_string(&crate::parse("no scheme")).unwrap();
        assert!(json.contains(r#""invalid":"no-scheme""#), "{json}");
    }

    /// The borrowed and owned forms hold the same components.
    #[test]
    fn conversions_keep_every_component() {
        for s in ["http://u:p@h:1/p?q#f", "http://a\u{FDD0}/", "x", "mailto:a"] {
            let u = crate::parse(s);
            assert_eq!(u.as_cow().into_owned(), u);
            assert_eq!(u.clone().into_cow().borrowed().into_owned(), u);
            assert_eq!(u.each_ref().map(String::clone), u);
            let lens = u.clone().map(|c| c.len());
            assert_eq!(lens.path, u.path.as_ref().map(String::len), "{s}");
            assert_eq!(lens.host_as_written.is_some(), u.host_as_written.is_some());
        }
    }
}
