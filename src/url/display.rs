//! A URL as an address bar shows it ([`Display`]): the values the
//! engines' and the profiles' display policies give
//! ([`crate::compare::Engine::display`]).

use serde::Serialize;

/// A URL as an address bar shows it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Display {
    /// The text the address bar shows.
    pub shown: String,
    /// The whole URL with the host and the rest decoded for display,
    /// before anything is left out (Firefox's `displaySpec`).
    pub full: String,
    /// The host's labels, in order, with what decided each.
    pub labels: Vec<LabelDisplay>,
    /// What `shown` leaves out of `full` and why (`http://`: the scheme
    /// of an `http:` URL), in order.
    pub omitted: Vec<Omission>,
}

/// One host label as the address bar shows it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct LabelDisplay {
    /// The label in the URL's ASCII host (`xn--bcher-kva`).
    pub ascii: String,
    /// What is shown (`bücher`, or `xn--bcher-kva`).
    pub shown: String,
    /// Whether it is shown in Unicode (the label has a Unicode form and the
    /// policy allows it).
    pub unicode: bool,
    /// The rule that decided, in the browser's own terms ("mixed script
    /// Latin+Cyrillic").
    pub rule: String,
    /// Where the browser does it: file and function.
    pub source: &'static str,
}

/// A part of the URL the address bar leaves out.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Omission {
    /// The text left out (`http://`, `www.`, `/`).
    pub text: String,
    /// Why.
    pub rule: String,
    /// Where the browser does it.
    pub source: &'static str,
}

impl LabelDisplay {
    /// A label with no Unicode form to choose (ASCII, not `xn--`): shown
    /// as it is.
    pub fn ascii(label: &str, source: &'static str) -> LabelDisplay {
        LabelDisplay {
            ascii: label.to_string(),
            shown: label.to_string(),
            unicode: false,
            rule: "ASCII".to_string(),
            source,
        }
    }
}
