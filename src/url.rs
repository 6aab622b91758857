//! The *parsed URL* of the specification: optional components and two flags.

use serde::Serialize;

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

/// Schemes that are *not hierarchical* (specification "Hierarchicalness").
pub const NOT_HIERARCHICAL_SCHEMES: [&str; 5] =
    ["about", "data", "javascript", "mailto", "vbscript"];

/// Whether `scheme` is classified as "not hierarchical", ASCII
/// case-insensitively.
pub fn is_not_hierarchical_scheme(scheme: &str) -> bool {
    NOT_HIERARCHICAL_SCHEMES
        .iter()
        .any(|s| s.eq_ignore_ascii_case(scheme))
}

/// A *slash character*: U+002F (/) or U+005C (\) [url-spec].
#[inline]
pub fn is_slash(c: char) -> bool {
    c == '/' || c == '\\'
}

impl ParsedUrl {
    /// Whether the /invalid/ flag is set.
    pub fn is_invalid(&self) -> bool {
        self.invalid.is_some()
    }

    /// Whether the scheme is ASCII case-insensitively `scheme`.
    pub fn scheme_is(&self, scheme: &str) -> bool {
        self.scheme
            .as_deref()
            .is_some_and(|s| s.eq_ignore_ascii_case(scheme))
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
        match &self.scheme {
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

    /// Whether any of `user`, `password`, `host`, `port` is present.
    pub fn has_authority_parts(&self) -> bool {
        self.user.is_some() || self.password.is_some() || self.host.is_some() || self.port.is_some()
    }
}
