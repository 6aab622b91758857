//! The *parsed URL* of the specification: optional components and two flags.

use serde::Serialize;
use std::borrow::Cow;

/// A *parsed URL* (specification section "Parsed URL").
///
/// Every component is optional, and an absent component (`None`) is kept
/// apart from an empty one (`Some("")`): `http://host` has no path, while
/// `http://host?` has an empty query.  The `authority` component is the raw
/// text between `//` and the path; `user`, `password`, `host` and `port`
/// are its parts.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ParsedUrl {
    pub scheme: Option<String>,
    pub authority: Option<String>,
    pub user: Option<String>,
    pub password: Option<String>,
    pub host: Option<String>,
    pub port: Option<String>,
    pub path: Option<String>,
    pub query: Option<String>,
    pub fragment: Option<String>,
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
    pub host_as_written: Option<String>,
}

/// Why the /invalid/ flag of a parsed URL was set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum InvalidReason {
    /// "Steps to find the scheme": the string does not begin with valid
    /// scheme characters followed by `:` (and no base resolved it).
    NoScheme,
    /// Resolution step 4: the base URL is invalid.
    InvalidBase,
    /// "Steps to resolve a relative URL" step 1: the base URL is not
    /// hierarchical.
    NonHierarchicalBase,
}

impl std::fmt::Display for InvalidReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            InvalidReason::NoScheme => {
                "no scheme: the URL does not begin with scheme characters and ':'"
            }
            InvalidReason::InvalidBase => "the base URL is invalid",
            InvalidReason::NonHierarchicalBase => {
                "a relative URL cannot be resolved against a non-hierarchical base"
            }
        })
    }
}

impl std::error::Error for InvalidReason {}

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

/// A [`CowUrl`] whose components are borrowed from those of `$u` (a
/// [`ParsedUrl`] or a [`CowUrl`]: the fields have the same names).
macro_rules! borrowed_components {
    ($u:expr) => {
        CowUrl {
            scheme: $u.scheme.as_deref().map(Cow::Borrowed),
            authority: $u.authority.as_deref().map(Cow::Borrowed),
            user: $u.user.as_deref().map(Cow::Borrowed),
            password: $u.password.as_deref().map(Cow::Borrowed),
            host: $u.host.as_deref().map(Cow::Borrowed),
            port: $u.port.as_deref().map(Cow::Borrowed),
            path: $u.path.as_deref().map(Cow::Borrowed),
            query: $u.query.as_deref().map(Cow::Borrowed),
            fragment: $u.fragment.as_deref().map(Cow::Borrowed),
            invalid: $u.invalid,
            hierarchical: $u.hierarchical,
            host_as_written: $u.host_as_written.as_deref().map(Cow::Borrowed),
        }
    };
}

impl ParsedUrl {
    /// Whether the /invalid/ flag is set.
    pub fn is_invalid(&self) -> bool {
        self.invalid.is_some()
    }

    /// Whether the scheme is ASCII case-insensitively `scheme`.
    pub fn scheme_is(&self, scheme: &str) -> bool {
        scheme_is(self.scheme.as_deref(), scheme)
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
        self.as_cow().is_hierarchical()
    }

    /// Whether any of `user`, `password`, `host`, `port` is present.
    pub fn has_authority_parts(&self) -> bool {
        self.user.is_some() || self.password.is_some() || self.host.is_some() || self.port.is_some()
    }

    /// The same parsed URL, its components borrowed from this one.
    pub(crate) fn as_cow(&self) -> CowUrl<'_> {
        borrowed_components!(self)
    }

    /// The same parsed URL, its components moved (not copied).
    pub(crate) fn into_cow(self) -> CowUrl<'static> {
        let o = |c: Option<String>| c.map(Cow::Owned);
        CowUrl {
            scheme: o(self.scheme),
            authority: o(self.authority),
            user: o(self.user),
            password: o(self.password),
            host: o(self.host),
            port: o(self.port),
            path: o(self.path),
            query: o(self.query),
            fragment: o(self.fragment),
            invalid: self.invalid,
            hierarchical: self.hierarchical,
            host_as_written: o(self.host_as_written),
        }
    }
}

/// Whether `s` is present and ASCII case-insensitively `scheme`.
fn scheme_is(s: Option<&str>, scheme: &str) -> bool {
    s.is_some_and(|s| s.eq_ignore_ascii_case(scheme))
}

/// A *parsed URL* whose components borrow from the string it was parsed
/// from (or from another parsed URL) wherever they are slices of it, and
/// own only the text that parsing, resolution or canonicalization made
/// anew: `http://a/b` parsed this way allocates nothing.  The steps of
/// parsing, resolution, canonicalization and serialization work on it;
/// [`ParsedUrl`] is what they hand out.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct CowUrl<'a> {
    pub scheme: Option<Cow<'a, str>>,
    pub authority: Option<Cow<'a, str>>,
    pub user: Option<Cow<'a, str>>,
    pub password: Option<Cow<'a, str>>,
    pub host: Option<Cow<'a, str>>,
    pub port: Option<Cow<'a, str>>,
    pub path: Option<Cow<'a, str>>,
    pub query: Option<Cow<'a, str>>,
    pub fragment: Option<Cow<'a, str>>,
    pub invalid: Option<InvalidReason>,
    pub hierarchical: bool,
    pub host_as_written: Option<Cow<'a, str>>,
}

impl CowUrl<'_> {
    /// The same components, borrowed from these (a copy that costs no
    /// allocation).
    pub(crate) fn borrowed(&self) -> CowUrl<'_> {
        borrowed_components!(self)
    }

    /// The [`ParsedUrl`] with these components (borrowed ones copied).
    pub fn into_owned(self) -> ParsedUrl {
        let o = |c: Option<Cow<'_, str>>| c.map(Cow::into_owned);
        ParsedUrl {
            scheme: o(self.scheme),
            authority: o(self.authority),
            user: o(self.user),
            password: o(self.password),
            host: o(self.host),
            port: o(self.port),
            path: o(self.path),
            query: o(self.query),
            fragment: o(self.fragment),
            invalid: self.invalid,
            hierarchical: self.hierarchical,
            host_as_written: o(self.host_as_written),
        }
    }

    /// [`ParsedUrl::is_invalid`].
    pub fn is_invalid(&self) -> bool {
        self.invalid.is_some()
    }

    /// [`ParsedUrl::scheme_is`].
    pub fn scheme_is(&self, scheme: &str) -> bool {
        scheme_is(self.scheme.as_deref(), scheme)
    }

    /// [`ParsedUrl::is_hierarchical`].
    pub fn is_hierarchical(&self) -> bool {
        if self.hierarchical || self.scheme_is("file") {
            return true;
        }
        match self.scheme.as_deref() {
            Some(s) if !is_not_hierarchical_scheme(s) => {
                self.authority.is_some()
                    || self.host.is_some()
                    || self
                        .path
                        .as_deref()
                        .is_some_and(|p| p.starts_with(is_slash))
            }
            _ => false,
        }
    }

    /// [`ParsedUrl::has_authority_parts`].
    pub fn has_authority_parts(&self) -> bool {
        self.user.is_some() || self.password.is_some() || self.host.is_some() || self.port.is_some()
    }
}
