//! The user name and password (`url/url_canon_etc.cc` `DoUserInfo`): both
//! dropped when both are empty; otherwise the user name (possibly empty),
//! `:` and the password when the password is not empty, and `@`.  Each is
//! escaped but for the `CHAR_USERINFO` characters, so Chromium escapes `'`
//! (`http://ua'b@h/` → `http://ua%27b@h/`), which the URL Standard's
//! userinfo percent-encode set leaves.

use super::component::{empty, nonempty, Part, Span};
use super::escape::{push_of_type, USERINFO_KEPT};

/// Appends the user information of `username` and `password` (ranges of
/// `spec`): the spans of the user name and password written.
pub(crate) fn canonicalize(
    spec: &str,
    username: Part,
    password: Part,
    out: &mut String,
) -> (Part, Part) {
    if empty(username) && empty(password) {
        return (None, None);
    }
    let begin = out.len();
    if let Some(u) = username {
        push_of_type(u.of(spec), &USERINFO_KEPT, out);
    }
    let user = Some(Span::new(begin, out.len()));
    let mut pass = None;
    if nonempty(password) {
        out.push(':');
        let at = out.len();
        push_of_type(password.map_or("", |p| p.of(spec)), &USERINFO_KEPT, out);
        pass = Some(Span::new(at, out.len()));
    }
    out.push('@');
    (user, pass)
}
