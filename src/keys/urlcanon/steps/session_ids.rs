//! The steps that remove session ids: `strip_session_ids_from_query`
//! (QUERY_SESSIONID_RE) and `strip_session_ids_from_path`
//! (ASPX_PATH_SESSIONID_RE, PATH_SESSIONID_RE).

use super::{rewrite, run, Work};
use crate::keys::urlcanon::parse::Url;
use crate::keys::KeyError;

fn starts_with_ignore_case(s: &[u8], prefix: &[u8]) -> bool {
    s.len() >= prefix.len() && s[..prefix.len()].eq_ignore_ascii_case(prefix)
}

/// Where `s[at..]` ends Python's `$` (the end, or a final newline).
fn at_dollar(s: &[u8], at: usize) -> bool {
    at == s.len() || (at + 1 == s.len() && s[at] == b'\n')
}

/// The end of one of QUERY_SESSIONID_RE's session parameters at
/// `q[at..]` (without the `(&|$)` after it), ignoring case.
fn session_parameter(q: &[u8], at: usize) -> Option<usize> {
    let s = &q[at..];
    let alnum = |b: u8| b.is_ascii_alphanumeric();
    let with_run = |prefix: usize, min: usize, class: &dyn Fn(u8) -> bool| {
        let n = run(&s[prefix..], class);
        (n >= min).then_some(at + prefix + n)
    };
    if starts_with_ignore_case(s, b"jsessionid=") {
        with_run(11, 10, &|b| alnum(b) || b == b'$')
    } else if starts_with_ignore_case(s, b"sessionid=") || starts_with_ignore_case(s, b"phpsessid=")
    {
        with_run(10, 16, &alnum)
    } else if starts_with_ignore_case(s, b"sid=") {
        with_run(4, 16, &alnum)
    } else if starts_with_ignore_case(s, b"aspsessionid") {
        let letters = run(&s[12..], |b| b.is_ascii_alphabetic()).min(8);
        if letters == 8 && s.get(20) == Some(&b'=') {
            with_run(21, 16, &alnum)
        } else {
            None
        }
    } else if starts_with_ignore_case(s, b"cfid=") {
        let digits = run(&s[5..], |b| b.is_ascii_digit());
        let rest = &s[5 + digits..];
        if digits > 0 && starts_with_ignore_case(rest, b"&cftoken=") {
            let n = run(&rest[9..], |b| alnum(b) || b == b'-');
            (n > 0).then_some(at + 5 + digits + 9 + n)
        } else {
            None
        }
    } else {
        None
    }
}

/// `strip_session_ids_from_query`: QUERY_SESSIONID_RE
/// `(&|^)(?:jsessionid=…|sessionid=…|phpsessid=…|sid=…|aspsessionid…=…|cfid=…&cftoken=…)(&|$)`
/// replaced by its first and last groups, left to right without
/// overlap: `a=1&sid=0123456789abcdef&b=2` → `a=1&&b=2`; of two session
/// parameters in a row only the first goes (the `&` between them is
/// taken by the first match).  With the `strip_session_ids_in_a_row`
/// fix, the `&` after a match is left for the next one to start with
/// (as `(?=&|$)` replaced by the first group): every one goes.
pub(in crate::keys::urlcanon) fn strip_session_ids_from_query(
    url: &mut Url,
    work: &mut Work,
) -> Result<bool, KeyError> {
    if url.query.is_empty() {
        return Ok(false);
    }
    let in_a_row = work.fixes.session_ids_in_a_row;
    let made = &mut work.made.session_ids_in_a_row;
    Ok(rewrite(&mut url.query, &mut work.a, |q, out| {
        let mut copied = 0;
        let mut pos = 0;
        // Where the `&` after the last match stands, when the fix left
        // it in place.
        let mut left_amp = None;
        while pos < q.len() {
            let mut found = None;
            if q[pos] == b'&' {
                found = session_parameter(q, pos + 1).map(|e| (true, e));
            }
            if found.is_none() && pos == 0 {
                found = session_parameter(q, 0).map(|e| (false, e));
            }
            let matched = found.and_then(|(amp, end)| {
                if q.get(end) == Some(&b'&') {
                    Some((amp, true, end + 1))
                } else if at_dollar(q, end) {
                    Some((amp, false, end))
                } else {
                    None
                }
            });
            match matched {
                Some((amp_before, amp_after, end)) => {
                    if left_amp == Some(pos) {
                        // The reference's match took this `&`.
                        *made = true;
                    }
                    out.extend_from_slice(&q[copied..pos]);
                    if amp_before {
                        out.push(b'&');
                    }
                    if amp_after && in_a_row {
                        left_amp = Some(end - 1);
                        copied = end - 1;
                        pos = end - 1;
                    } else {
                        if amp_after {
                            out.push(b'&');
                        }
                        copied = end;
                        pos = end;
                    }
                }
                None => pos += 1,
            }
        }
        out.extend_from_slice(&q[copied..]);
    }))
}

/// ASPX_PATH_SESSIONID_RE at `p[at..]`: `([0-9a-z]{24})/` or
/// `(` then one or more `X([0-9a-z]{24})` then `)/`; its end.
fn aspx_session(p: &[u8], at: usize) -> Option<usize> {
    let s = &p[at..];
    let id = |s: &[u8]| {
        s.len() >= 24
            && s[..24]
                .iter()
                .all(|&b| b.is_ascii_digit() || b.is_ascii_lowercase())
    };
    if s.first() != Some(&b'(') {
        return None;
    }
    if id(&s[1..]) && s.get(25) == Some(&b')') && s.get(26) == Some(&b'/') {
        return Some(at + 27);
    }
    let mut i = 1;
    let mut reps = 0;
    while i + 27 <= s.len()
        && s[i].is_ascii_lowercase()
        && s[i + 1] == b'('
        && id(&s[i + 2..])
        && s[i + 26] == b')'
    {
        i += 27;
        reps += 1;
    }
    (reps > 0 && s.get(i) == Some(&b')') && s.get(i + 1) == Some(&b'/')).then_some(at + i + 2)
}

/// `strip_session_ids_from_path`: in a path ending `.aspx`, the ASP.NET
/// session segments after a `/` removed; then a final
/// `;jsessionid=` and 32 `[0-9a-z]` removed:
/// `/(0123456789abcdefghijklmn)/a.aspx` → `/a.aspx`.
pub(in crate::keys::urlcanon) fn strip_session_ids_from_path(
    url: &mut Url,
    work: &mut Work,
) -> Result<bool, KeyError> {
    let mut changed = false;
    // ASPX_SUFFIX_RE `.*\.aspx\Z`: `.` does not take a newline.
    if url.path.ends_with(b".aspx") && !url.path.contains(&b'\n') {
        changed |= rewrite(&mut url.path, &mut work.a, |p, out| {
            let mut copied = 0;
            let mut pos = 1;
            while pos < p.len() {
                if p[pos - 1] == b'/' {
                    if let Some(end) = aspx_session(p, pos) {
                        out.extend_from_slice(&p[copied..pos]);
                        copied = end;
                        pos = end.max(pos + 1);
                        continue;
                    }
                }
                pos += 1;
            }
            out.extend_from_slice(&p[copied..]);
        });
    }
    // PATH_SESSIONID_RE `;jsessionid=[0-9a-z]{32}$`.
    let p = &url.path;
    let end = if p.last() == Some(&b'\n') {
        p.len() - 1
    } else {
        p.len()
    };
    const LEN: usize = 12 + 32;
    if end >= LEN {
        let m = &p[end - LEN..end];
        if m.starts_with(b";jsessionid=")
            && m[12..]
                .iter()
                .all(|&b| b.is_ascii_digit() || b.is_ascii_lowercase())
        {
            url.path.drain(end - LEN..end);
            changed = true;
        }
    }
    Ok(changed)
}
