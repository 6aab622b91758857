//! The steps on the authority's user information and port (the host's
//! are in `host`): `elide_default_port`, `clean_up_userinfo`,
//! `remove_userinfo` and `pct_encode_userinfo`.

use super::pct::{pct_encode, USERINFO};
use super::{clear, unset, Work};
use crate::keys::urlcanon::parse::{special, Url};
use crate::keys::KeyError;

/// `elide_default_port`: the special scheme's own port dropped, as
/// written (`:80`, not `:080`): `http://a:80/` → `http://a/`.
pub(in crate::keys::urlcanon) fn elide_default_port(
    url: &mut Url,
    _: &mut Work,
) -> Result<bool, KeyError> {
    if let Some(Some(port)) = special(&url.scheme) {
        if url.port == port {
            url.port.clear();
            url.colon_before_port = false;
            return Ok(true);
        }
    }
    Ok(false)
}

/// `clean_up_userinfo`: no password → no `:`; no user information
/// at all → no `@`: `http://u:@a/` → `http://u@a/`, `http://@a/` →
/// `http://a/`.
pub(in crate::keys::urlcanon) fn clean_up_userinfo(
    url: &mut Url,
    _: &mut Work,
) -> Result<bool, KeyError> {
    let mut changed = false;
    if url.password.is_empty() {
        changed |= unset(&mut url.colon_before_password);
        if url.username.is_empty() {
            changed |= unset(&mut url.at_sign);
        }
    }
    Ok(changed)
}

/// `pct_encode_userinfo`: `a b:c@d` → `a%20b:c%40d` (user and password).
pub(in crate::keys::urlcanon) fn pct_encode_userinfo(
    url: &mut Url,
    work: &mut Work,
) -> Result<bool, KeyError> {
    Ok(pct_encode(&mut url.username, &USERINFO, &mut work.a)
        | pct_encode(&mut url.password, &USERINFO, &mut work.a))
}

/// `remove_userinfo`: `http://u:p@a/` → `http://a/`.
pub(in crate::keys::urlcanon) fn remove_userinfo(
    url: &mut Url,
    _: &mut Work,
) -> Result<bool, KeyError> {
    Ok(clear(&mut url.username)
        | unset(&mut url.colon_before_password)
        | clear(&mut url.password)
        | unset(&mut url.at_sign))
}
