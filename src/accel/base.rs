//! A base URL parsed once and held for many resolutions
//! ([`crate::Canonicalizer::base`]): its text and the ranges of its
//! components, lent out as a [`CowUrl`] for each input resolved against it.

use super::common_reference::CommonBase;
use crate::url::components::{CowUrl, InvalidReason};
use std::borrow::Cow;

/// A parsed URL kept for many resolutions (a [`crate::Canonicalizer`]'s
/// base URL): the preprocessed string it was parsed from, and each
/// component as a range of that string or, when parsing made it anew (a
/// drive URL's path, the host as written), as a string of its own.  So
/// parsing it costs one allocation in the common case, and
/// [`ParsedBase::as_cow`] lends its components out as a [`CowUrl`] for
/// nothing.
///
/// A base the shortcut for the common relative reference covers
/// ([`CommonBase`], found by a scan) is parsed only when the steps need
/// its components: a reference the shortcut covers needs only the text.
///
/// `http://a/b?c` is held as the string and the ranges `0..4` (scheme),
/// `7..8` (authority, host), `8..10` (path), `11..12` (query).
#[derive(Clone, Debug)]
pub(crate) struct ParsedBase {
    text: String,
    /// Where its components end, when the shortcut for the common relative
    /// reference covers it.
    common: Option<CommonBase>,
    /// Its components, parsed at once when it is not common, otherwise
    /// when first asked for (boxed: a `Canonicalizer` that holds the base
    /// is moved by value, and a common base then moves a pointer).
    parsed: std::sync::OnceLock<Box<Components>>,
}

/// The parse of a [`ParsedBase`].
#[derive(Clone, Debug)]
struct Components {
    /// Scheme, authority, user, password, host, port, path, query,
    /// fragment, host as written.
    held: [Option<Held>; 10],
    invalid: Option<InvalidReason>,
    hierarchical: bool,
}

/// A component of a [`ParsedBase`].
#[derive(Clone, Debug)]
enum Held {
    /// The component is `text[start..end]`.
    Range(usize, usize),
    /// A component made anew by parsing.
    Owned(String),
}

impl Components {
    /// The steps to parse a URL on `text`, which is `input` preprocessed.
    fn parse(input: &str, text: &str) -> Components {
        let mut u = crate::algorithm::parse::parse_preprocessed(text);
        crate::algorithm::parse::keep_host_as_written(input, &mut u);
        let hold = |c: Option<Cow<'_, str>>| c.map(|c| Held::of(text, c));
        Components {
            held: [
                hold(u.scheme),
                hold(u.authority),
                hold(u.user),
                hold(u.password),
                hold(u.host),
                hold(u.port),
                hold(u.path),
                hold(u.query),
                hold(u.fragment),
                hold(u.host_as_written),
            ],
            invalid: u.invalid,
            hierarchical: u.hierarchical,
        }
    }
}

impl ParsedBase {
    /// The steps to parse a URL on `input` ([`crate::algorithm::parse::parse()`]), held.
    pub fn parse(input: &str) -> ParsedBase {
        // A common base is printable ASCII: preprocessing leaves it as it
        // is, and the host as written is the host.
        if let Some(common) = CommonBase::scan(input) {
            return ParsedBase {
                text: input.to_string(),
                common: Some(common),
                parsed: std::sync::OnceLock::new(),
            };
        }
        let text = crate::algorithm::preprocess::preprocess(input).into_owned();
        let parsed = Box::new(Components::parse(input, &text));
        ParsedBase {
            text,
            common: None,
            parsed: std::sync::OnceLock::from(parsed),
        }
    }

    /// Its components, parsed now if they were not yet (only a common
    /// base is parsed late, and its text is its input).
    fn components(&self) -> &Components {
        self.parsed
            .get_or_init(|| Box::new(Components::parse(&self.text, &self.text)))
    }

    /// Where its components end, when the shortcut for the common relative
    /// reference covers it ([`crate::common_reference`]).
    pub fn common(&self) -> Option<CommonBase> {
        self.common
    }

    /// The URL as preprocessed.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Why the URL is invalid, when it is (a common base has a scheme, so
    /// it is valid).
    pub fn invalid(&self) -> Option<InvalidReason> {
        match self.common {
            Some(_) => None,
            None => self.components().invalid,
        }
    }

    /// The parsed URL, its components borrowed from this one.
    pub fn as_cow(&self) -> CowUrl<'_> {
        let parsed = self.components();
        let c = |i: usize| {
            parsed.held[i].as_ref().map(|h| match h {
                Held::Range(start, end) => Cow::Borrowed(&self.text[*start..*end]),
                Held::Owned(s) => Cow::Borrowed(s.as_str()),
            })
        };
        CowUrl {
            scheme: c(0),
            authority: c(1),
            user: c(2),
            password: c(3),
            host: c(4),
            port: c(5),
            path: c(6),
            query: c(7),
            fragment: c(8),
            invalid: parsed.invalid,
            hierarchical: parsed.hierarchical,
            host_as_written: c(9),
            path_as_written: None,
        }
    }
}

impl Held {
    /// The component `c` of a URL parsed from `text`: a range when it is
    /// a slice of `text` (found by its address), its own string otherwise
    /// (an empty one costs no allocation).
    fn of(text: &str, c: Cow<'_, str>) -> Held {
        match c {
            Cow::Borrowed(s) => {
                let start = (s.as_ptr() as usize).wrapping_sub(text.as_ptr() as usize);
                if start <= text.len() && s.len() <= text.len() - start {
                    Held::Range(start, start + s.len())
                } else {
                    Held::Owned(s.to_string())
                }
            }
            Cow::Owned(s) => Held::Owned(s),
        }
    }
}

#[cfg(test)]
mod parsed_base_tests {
    use super::*;

    /// Held, then lent out, a parsed URL is the one parsed.
    #[test]
    fn as_cow_is_the_parse() {
        for s in [
            "http://u:p@a:1/b?c#d",
            " HTTP://a\t/b ",
            "c:\\x",
            "file:///c|/x",
            "\\\\server\\share",
            "http://a\u{FDD0}b/x",
            "mailto:a?b#c",
            "http:///x",
            "",
            "nope",
        ] {
            assert_eq!(
                ParsedBase::parse(s).as_cow().into_owned(),
                crate::algorithm::parse::parse(s),
                "{s:?}"
            );
        }
        let held = ParsedBase::parse("http://a/b?c");
        assert!(held
            .components()
            .held
            .iter()
            .flatten()
            .all(|h| matches!(h, Held::Range(..))));
    }
}
