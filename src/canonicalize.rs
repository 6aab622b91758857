//! The "steps to canonicalize a URL".

use crate::error::Error;
use crate::profile::Profile;
use crate::url::ParsedUrl;
use encoding_rs::Encoding;

/// Canonicalizes a parsed URL under `profile`, with the document encoding
/// `encoding` for the query.
pub fn canonicalize(u: &ParsedUrl, profile: &dyn Profile, encoding: &'static Encoding) -> Result<ParsedUrl, Error> {
    let _ = (u, profile, encoding);
    todo!()
}
