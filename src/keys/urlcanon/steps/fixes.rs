//! The family's fixes of the reference's faults: the switches a key
//! turns on, and the steps that say where a fix made a result other
//! than the reference's.

use super::Work;
use crate::keys::urlcanon::parse::Url;
use crate::keys::KeyError;

/// The family's fixes of the reference's faults, each a step (off in
/// the reference's kinds) that changes how another step works.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub(in crate::keys::urlcanon) struct Fixes {
    /// `default_scheme_http_keeps_authority`.
    pub keeps_authority: bool,
    /// `ipv4_parts_digits_only`.
    pub ipv4_digits_only: bool,
    /// `ssurt_host_keeps_zero`.
    pub ssurt_keeps_zero: bool,
    /// `strip_session_ids_in_a_row`.
    pub session_ids_in_a_row: bool,
}

/// The fix steps: each says whether its fix made the step it changes
/// (the one before it in the running order) give another result than
/// the reference's.  What a fix makes of the output form is noted after
/// the form is written.
pub(in crate::keys::urlcanon) fn keeps_authority_made(
    _: &mut Url,
    work: &mut Work,
) -> Result<bool, KeyError> {
    Ok(std::mem::take(&mut work.made.keeps_authority))
}

/// See [`keeps_authority_made`].
pub(in crate::keys::urlcanon) fn ipv4_digits_only_made(
    _: &mut Url,
    work: &mut Work,
) -> Result<bool, KeyError> {
    Ok(std::mem::take(&mut work.made.ipv4_digits_only))
}

/// See [`keeps_authority_made`].
pub(in crate::keys::urlcanon) fn ssurt_keeps_zero_made(
    _: &mut Url,
    work: &mut Work,
) -> Result<bool, KeyError> {
    Ok(std::mem::take(&mut work.made.ssurt_keeps_zero))
}

/// See [`keeps_authority_made`].
pub(in crate::keys::urlcanon) fn session_ids_in_a_row_made(
    _: &mut Url,
    work: &mut Work,
) -> Result<bool, KeyError> {
    Ok(std::mem::take(&mut work.made.session_ids_in_a_row))
}
