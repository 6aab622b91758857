//! The CanonicalizeHost algorithm.

use crate::error::Error;
use crate::profile::Profile;

/// Runs CanonicalizeHost on `host` of a URL whose scheme is `scheme`.
pub fn canonicalize_host(host: &str, scheme: &str, profile: &dyn Profile) -> Result<String, Error> {
    let _ = (host, scheme, profile);
    todo!()
}
