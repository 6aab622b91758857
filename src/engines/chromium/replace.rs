//! Replacing components of a canonical URL (`url/url_util.cc`
//! `DoReplaceComponents`; `url_canon_internal.cc`
//! `SetupOverrideComponents`), which Blink's URL setters call.
//!
//! The URL is not parsed again: each replaced component is read from the
//! new value, the others from the canonical URL, and the canonicalizer of
//! the URL's kind runs on that mix.  So `sc:opaque  ` keeps its trailing
//! spaces when its query is removed, where parsing `sc:opaque  ` again
//! would trim them.  Replacing the scheme is the exception: the new
//! scheme and the rest of the canonical URL are canonicalized as one
//! string, then the other replacements are applied to the result.
//!
//! ```text
//! http://h/p?q  with the port "81"    → http://h:81/p?q
//! http://h/p    with the scheme "ws"  → ws://h/p
//! ```

use super::canon::{self, Source};
use super::component::{Canon, Part, Span};
use super::scheme;
use super::util;

/// What becomes of one component (`url::Replacements`' `SetX`, `ClearX`,
/// or neither).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum Replace<'a> {
    /// The component stays as it is.
    #[default]
    Keep,
    /// The component is this text, canonicalized (maybe empty).
    Set(&'a str),
    /// The component is removed.
    Clear,
}

/// The replacements of a URL's components (`url::Replacements`).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Replacements<'a> {
    pub scheme: Replace<'a>,
    pub username: Replace<'a>,
    pub password: Replace<'a>,
    pub host: Replace<'a>,
    pub port: Replace<'a>,
    pub path: Replace<'a>,
    pub query: Replace<'a>,
    pub fragment: Replace<'a>,
}

/// A component of a URL, for [`Replacements::one`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Component {
    Scheme,
    Username,
    Password,
    Host,
    Port,
    Path,
    Query,
    Fragment,
}

impl<'a> Replacements<'a> {
    /// The replacement of the one component `c` (`url::Replacements`
    /// with one `SetX` or `ClearX` call).
    pub fn one(c: Component, r: Replace<'a>) -> Replacements<'a> {
        let mut out = Replacements::default();
        *match c {
            Component::Scheme => &mut out.scheme,
            Component::Username => &mut out.username,
            Component::Password => &mut out.password,
            Component::Host => &mut out.host,
            Component::Port => &mut out.port,
            Component::Path => &mut out.path,
            Component::Query => &mut out.query,
            Component::Fragment => &mut out.fragment,
        } = r;
        out
    }
}

/// The URL `url` with the components `r` replaces (`ReplaceComponents`):
/// the query is always UTF-8 (Blink passes no charset converter).
pub(crate) fn replace_components(url: &Canon, r: &Replacements<'_>) -> Canon {
    if let Replace::Set(new_scheme) = r.scheme {
        // The new scheme, then all after the old scheme's `:`.
        let mut spec = String::new();
        let (_, _) =
            scheme::canonicalize(new_scheme, Some(Span::new(0, new_scheme.len())), &mut spec);
        let after_colon = url.parsed.scheme.map_or(1, |s| s.end + 1);
        spec.push_str(url.spec.get(after_colon..).unwrap_or(""));
        let again = util::canonicalize(&util::remove_whitespace(&spec), false, None);
        let rest = Replacements {
            scheme: Replace::Keep,
            ..*r
        };
        return replace_components(&again, &rest);
    }
    // One string holds the canonical URL and, after it, each new value; the
    // components are ranges of it (`SetupOverrideComponents`).
    let mut text = url.spec.clone();
    let mut parsed = url.parsed.clone();
    parsed.failure = None;
    for (replace, part) in [
        (r.username, &mut parsed.username),
        (r.password, &mut parsed.password),
        (r.host, &mut parsed.host),
        (r.port, &mut parsed.port),
        (r.path, &mut parsed.path),
        (r.query, &mut parsed.query),
        (r.fragment, &mut parsed.fragment),
    ] {
        *part = match replace {
            Replace::Keep => *part,
            Replace::Clear => None,
            Replace::Set(value) => {
                let begin = text.len();
                text.push_str(value);
                Some(Span::new(begin, text.len())) as Part
            }
        };
    }
    let name = parsed.scheme.map_or("", |s| s.of(&url.spec));
    let src = Source::one(&text, false, None);
    let mut out = String::with_capacity(text.len());
    let (parsed, valid) = if name == "file" {
        canon::file(src, &parsed, &mut out)
    } else if name == "filesystem" {
        canon::filesystem(src, &parsed, &mut out)
    } else if let Some(t) = scheme::standard_type(name) {
        canon::standard(src, &parsed, t, &mut out)
    } else {
        // `ReplaceNonSpecialURL`: a URL with an opaque path is replaced as
        // a path URL (`ReplacePathURL`), which `non_special` does.
        canon::non_special(src, &parsed, &mut out)
    };
    Canon {
        spec: out,
        parsed,
        valid,
    }
}
