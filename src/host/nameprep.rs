//! The Nameprep algorithm (specification "The Nameprep algorithm").

use crate::profile::Profile;

/// Why Nameprep returned "fail".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NameprepError {
    pub step: &'static str,
    pub reason: String,
}

/// Runs Nameprep under `profile`, with or without the Check bidi step.
pub fn nameprep(s: &str, profile: &dyn Profile, bidi: bool) -> Result<String, NameprepError> {
    let _ = (s, profile, bidi);
    todo!()
}
