//! urlcanon's step functions (`urlcanon/canon.py`), each on the parsed
//! URL, each returning whether it changed the URL's text.
//!
//! The reference's regular expressions are scanners here; each comment
//! names the function it follows and gives an example.
//!
//! The steps are kept by what they work on: `scheme` (the URL as a
//! whole, its scheme and slashes), `authority` (the user information and
//! the port), `host`, `path`, `query` (and the fragment), `session_ids`
//! (in the query and the path), `pct` (the percent-encode sets and the
//! steps on every component at once) and `fixes` (the family's fixes of
//! the reference's faults).  This file holds what they share: the
//! scratch buffers, the type of a step and the helpers that rewrite a
//! component.

mod authority;
mod fixes;
mod host;
mod path;
mod pct;
mod query;
mod scheme;
mod session_ids;

pub(super) use authority::{
    clean_up_userinfo, elide_default_port, pct_encode_userinfo, remove_userinfo,
};
pub(super) use fixes::{
    ipv4_digits_only_made, keeps_authority_made, session_ids_in_a_row_made, ssurt_keeps_zero_made,
    Fixes,
};
pub(super) use host::{
    fix_host_dots, normalize_ip_address, pct_decode_host, pct_encode_host, punycode_special_host,
    reparse_host, strip_www,
};
pub(super) use path::{
    collapse_consecutive_slashes, empty_path_to_slash, leading_slash, lowercase_path,
    normalize_path_dots, pct_encode_path, strip_trailing_slash_unless_empty,
};
pub(super) use pct::{
    google_pct_encode, less_dumb_pct_encode, pct_decode_repeatedly,
    pct_decode_repeatedly_except_query,
};
pub(super) use query::{
    alpha_reorder_query, less_dumb_pct_recode_query, lowercase_query,
    omit_question_mark_if_query_empty, pct_encode_fragment, pct_encode_query, remove_fragment,
    remove_redundant_ampersands_from_query,
};
pub(super) use scheme::{
    default_scheme_http, fix_backslashes, https_to_http, lowercase_scheme,
    remove_leading_trailing_junk, remove_tabs_and_newlines, two_slashes,
};
pub(super) use session_ids::{strip_session_ids_from_path, strip_session_ids_from_query};

use super::idna;
use super::parse::Url;
use crate::keys::KeyError;

/// Scratch buffers a key reuses from one URL to the next.
#[derive(Default)]
pub(super) struct Work {
    pub a: Vec<u8>,
    pub b: Vec<u8>,
    pub spans: Vec<(usize, usize)>,
    pub idna: idna::Work,
    /// The fixes the key turns on.
    pub fixes: Fixes,
    /// The fixes that made a step's result other than the reference's,
    /// not yet noted.
    pub made: Fixes,
}

/// A step: changes the URL, says whether its text changed.
pub(super) type StepFn = fn(&mut Url, &mut Work) -> Result<bool, KeyError>;

/// Replaces `field` by what `f` writes into the scratch buffer; whether
/// it changed.
fn rewrite(field: &mut Vec<u8>, tmp: &mut Vec<u8>, f: impl FnOnce(&[u8], &mut Vec<u8>)) -> bool {
    tmp.clear();
    f(field, tmp);
    if *field == *tmp {
        false
    } else {
        std::mem::swap(field, tmp);
        true
    }
}

fn clear(field: &mut Vec<u8>) -> bool {
    let changed = !field.is_empty();
    field.clear();
    changed
}

fn unset(flag: &mut bool) -> bool {
    std::mem::replace(flag, false)
}

fn lowercase(field: &mut [u8]) -> bool {
    let changed = field.iter().any(u8::is_ascii_uppercase);
    field.make_ascii_lowercase();
    changed
}

/// The length of the run at the start of `s` of octets `class` takes.
fn run(s: &[u8], class: impl Fn(u8) -> bool) -> usize {
    s.iter().take_while(|&&b| class(b)).count()
}

/// A step that does nothing to the URL (the output forms, written after
/// the steps).
pub(super) fn form(_: &mut Url, _: &mut Work) -> Result<bool, KeyError> {
    Ok(false)
}
