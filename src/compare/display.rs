//! What a browser's address bar shows for a URL ([`Engine::display`]):
//! each host label in Unicode or in its ASCII (Punycode) form, with the
//! rule that decided it, the path, query and fragment as the browser
//! decodes them for display, and what the bar leaves out.
//!
//! [`Engine::display`]: super::Engine::display

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

/// What `engine`'s address bar shows for `input`, or why there is
/// nothing to show, as a sentence: the engine models no address bar,
/// `input` is no URL to it, or (a bug) the engine panicked, reported as
/// an internal error.
pub fn display_of(engine: &dyn super::Engine, input: &str) -> Result<Display, String> {
    match super::guard::guarded(|| engine.display(input)) {
        Ok(Some(Ok(d))) => Ok(d),
        Ok(Some(Err(e))) => Err(e.to_string()),
        Ok(None) => Err(format!("{} models no address bar", engine.name())),
        Err(panic) => Err(format!("internal error: {panic}")),
    }
}
