//! What a browser's address bar shows for a URL ([`Engine::display`]):
//! each host label in Unicode or in its ASCII (Punycode) form, with the
//! rule that decided it, the path, query and fragment as the browser
//! decodes them for display, and what the bar leaves out.
//!
//! [`Engine::display`]: super::Engine::display

pub use crate::url::display::{Display, LabelDisplay, Omission};

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
