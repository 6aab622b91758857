//! The "steps to parse a URL" (OWNER: parse helper).

use crate::url::ParsedUrl;

/// Parses `input` (after preprocessing) into a [`ParsedUrl`].
pub fn parse(input: &str) -> ParsedUrl {
    let _ = input;
    todo!("parse")
}
