//! The "steps to serialize a parsed URL" (OWNER: parse helper).

use crate::url::ParsedUrl;

/// Serializes `u`; `None` when it is invalid.
pub fn serialize(u: &ParsedUrl) -> Option<String> {
    let _ = u;
    todo!("serialize")
}
