//! The "steps to resolve a URL" (OWNER: parse helper).

use crate::url::ParsedUrl;

/// Resolves `input` against `base`.
pub fn resolve(input: &str, base: &ParsedUrl) -> ParsedUrl {
    let _ = (input, base);
    todo!("resolve")
}
