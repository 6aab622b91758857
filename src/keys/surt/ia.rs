//! The steps of `surt/IAURLCanonicalizer.py` (`massageHost`,
//! `alphaReorderQuery`) and of `surt/URLRegexTransformer.py`
//! (`stripPathSessionID`, `stripQuerySessionID`), without regular
//! expressions: each pattern's greedy `^(.*)` is its last match, found by
//! trying the positions from the right.

/// The length of the `www\d*\.` that `massageHost` strips from the start
/// of `host` (`www13.example.com` → 6), if any.  With `keep_domain`, only
/// when what remains holds a dot (`www1355544.com` keeps its `www1355544.`,
/// which the reference strips to leave `com`).
pub(super) fn www_prefix(host: &[u8], keep_domain: bool) -> Option<usize> {
    let rest = host.strip_prefix(b"www")?;
    let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    if rest.get(digits) != Some(&b'.') {
        return None;
    }
    let n = 3 + digits + 1;
    if keep_domain && !host[n..].contains(&b'.') {
        return None;
    }
    Some(n)
}

#[inline]
fn starts_with_ignore_case(s: &[u8], at: usize, prefix: &[u8]) -> bool {
    s.len() >= at + prefix.len() && s[at..at + prefix.len()].eq_ignore_ascii_case(prefix)
}

/// The first position at or after `from` where `found_at` holds, for
/// queries whose `from` never grows: each octet is looked at once over
/// all queries.
struct NextFrom {
    lo: usize,
    found: usize,
}

impl NextFrom {
    fn new(len: usize) -> NextFrom {
        NextFrom {
            lo: len,
            found: len,
        }
    }

    fn query(&mut self, from: usize, found_at: impl Fn(usize) -> bool) -> usize {
        if from < self.lo {
            if let Some(k) = (from..self.lo).find(|&k| found_at(k)) {
                self.found = k;
            }
            self.lo = from;
        }
        self.found
    }
}

/// `stripPathSessionID`: its two patterns in turn,
/// `^(.*/)(\((?:[a-z]\([0-9a-z]{24}\))+\)/)([^\?]+\.aspx.*)$` and
/// `^(.*/)(\([0-9a-z]{24}\)/)([^\?]+\.aspx.*)$` (ignoring case), each
/// cutting its second group:
/// `/a/(S(ab1cd2ef3gh4ij5kl6mn7op8))/x.aspx` → `/a/x.aspx`.  Appends to
/// `out`; `tmp` is scratch space.
pub(super) fn strip_path_session_id(path: &[u8], out: &mut Vec<u8>, tmp: &mut Vec<u8>) -> bool {
    tmp.clear();
    let first = strip_path_pattern(path, tmp, session_of_many);
    let second = if first {
        strip_path_pattern(tmp, out, session_of_one)
    } else {
        strip_path_pattern(path, out, session_of_one)
    };
    if first && !second {
        out.extend_from_slice(tmp);
    }
    first || second
}

/// `\((?:[a-z]\([0-9a-z]{24}\))+\)/` at `i`: its end.
fn session_of_many(p: &[u8], i: usize) -> Option<usize> {
    if p.get(i) != Some(&b'(') {
        return None;
    }
    let mut j = i + 1;
    let mut repeats = 0;
    while let Some(end) = letter_paren_id(p, j) {
        j = end;
        repeats += 1;
    }
    (repeats > 0 && p.get(j) == Some(&b')') && p.get(j + 1) == Some(&b'/')).then_some(j + 2)
}

/// `[a-z]\([0-9a-z]{24}\)` at `j`: its end.
fn letter_paren_id(p: &[u8], j: usize) -> Option<usize> {
    let ok = p.len() >= j + 28
        && p[j].is_ascii_alphabetic()
        && p[j + 1] == b'('
        && p[j + 2..j + 26].iter().all(u8::is_ascii_alphanumeric)
        && p[j + 26] == b')';
    ok.then_some(j + 27)
}

/// `\([0-9a-z]{24}\)/` at `i`: its end.
fn session_of_one(p: &[u8], i: usize) -> Option<usize> {
    let ok = p.len() >= i + 27
        && p[i] == b'('
        && p[i + 1..i + 25].iter().all(u8::is_ascii_alphanumeric)
        && p[i + 25] == b')'
        && p[i + 26] == b'/';
    ok.then_some(i + 27)
}

/// One path pattern: the last `/` after which `session` matches and is
/// followed by `[^?]+\.aspx.*`; the session cut, appended to `out`.
/// `false` (nothing appended) when the pattern does not match.
fn strip_path_pattern(
    p: &[u8],
    out: &mut Vec<u8>,
    session: fn(&[u8], usize) -> Option<usize>,
) -> bool {
    if !p.contains(&b'(') {
        return false;
    }
    let mut next_aspx = NextFrom::new(p.len());
    let mut next_question = NextFrom::new(p.len());
    let is_aspx = |k: usize| starts_with_ignore_case(p, k, b".aspx");
    let is_question = |k: usize| p[k] == b'?';
    // Candidates: the positions right after a `/`, from the right.
    for i in (1..p.len()).rev() {
        if p[i - 1] != b'/' || p[i] != b'(' {
            continue;
        }
        let Some(j) = session(p, i) else { continue };
        // `[^?]+\.aspx`: a `.aspx` starting at j + 1 or later, before the
        // first `?` from j.
        if j >= p.len() {
            continue;
        }
        let aspx = next_aspx.query(j + 1, is_aspx);
        let question = next_question.query(j, is_question);
        if aspx < question && aspx < p.len() {
            out.extend_from_slice(&p[..i]);
            out.extend_from_slice(&p[j..]);
            return true;
        }
    }
    false
}

/// `stripQuerySessionID`: its five patterns in turn, each
/// `^(.*)(?:SESSION)(?:&(.*))?$` ignoring case, the session and the `&`
/// after it cut: `a=1&jsessionid=<32 alphanumerics>&b=2` → `a=1&b=2`.
/// The query is in `q`; `tmp` is scratch space.  Whether it changed.
pub(super) fn strip_query_session_id(q: &mut Vec<u8>, tmp: &mut Vec<u8>) -> bool {
    // Every pattern holds `id` (`jsessionid=`, `phpsessid=`, `sid=`,
    // `ASPSESSIONID`, `cfid=`): without one there is nothing to cut.
    // The shortest match, `cfid=1&cftoken=2`, is 16 octets long.
    let has_id = q.len() >= 16
        && memchr::memchr2_iter(b'd', b'D', q)
            .any(|i| i > 0 && q[i - 1].eq_ignore_ascii_case(&b'i'));
    if !has_id {
        return false;
    }
    let mut changed = false;
    for pattern in 0..5 {
        let found = if pattern == 4 {
            last_cfid(q)
        } else {
            let (prefix, value_len, alpha_only): (&[u8], usize, bool) = match pattern {
                0 => (b"jsessionid=", 32, false),
                1 => (b"phpsessid=", 32, false),
                2 => (b"sid=", 32, false),
                _ => (b"aspsessionid", 24, true),
            };
            last_fixed(q, prefix, value_len, alpha_only)
        };
        if let Some((start, end)) = found {
            tmp.clear();
            tmp.extend_from_slice(&q[..start]);
            if end < q.len() {
                tmp.extend_from_slice(&q[end + 1..]);
            }
            std::mem::swap(q, tmp);
            changed = true;
        }
    }
    changed
}

/// The last match of `PREFIX[0-9a-z]{N}` (or, for `ASPSESSIONID`,
/// `ASPSESSIONID[a-z]{8}=[a-z]{24}`) followed by `&` or the end: its
/// start and end.
fn last_fixed(
    q: &[u8],
    prefix: &[u8],
    value_len: usize,
    alpha_only: bool,
) -> Option<(usize, usize)> {
    let extra = if alpha_only { 9 } else { 0 };
    let len = prefix.len() + extra + value_len;
    // A match ends at the end or at an `&`: only those ends are tried,
    // from the right.
    let ends = std::iter::once(q.len()).chain(memchr::memrchr_iter(b'&', q));
    ends.filter_map(|end| Some((end.checked_sub(len)?, end)))
        .find(|&(p, end)| {
            if !starts_with_ignore_case(q, p, prefix) {
                return false;
            }
            let body = &q[p + prefix.len()..end];
            if alpha_only {
                body[..8].iter().all(u8::is_ascii_alphabetic)
                    && body[8] == b'='
                    && body[9..].iter().all(u8::is_ascii_alphabetic)
            } else {
                body.iter().all(u8::is_ascii_alphanumeric)
            }
        })
}

/// The last match of `cfid=[^&]+&cftoken=[^&]+`: its start and end.
fn last_cfid(q: &[u8]) -> Option<(usize, usize)> {
    // Fast path: a match holds `&cftoken=`; without one (`a=1&id=2`)
    // there is none.
    if !memchr::memchr_iter(b'&', q).any(|i| starts_with_ignore_case(q, i + 1, b"cftoken=")) {
        return None;
    }
    // Scanning from the right, the first `&` at or after the position and
    // the one after it.
    let (mut amp1, mut amp2) = (q.len(), q.len());
    for p in (0..q.len()).rev() {
        if q[p] == b'&' {
            amp2 = amp1;
            amp1 = p;
            continue;
        }
        if !starts_with_ignore_case(q, p, b"cfid=") {
            continue;
        }
        // "cfid=" holds no `&`: the first `&` after it is amp1.
        let value = p + 5;
        if amp1 <= value || amp1 == q.len() || !starts_with_ignore_case(q, amp1 + 1, b"cftoken=") {
            continue;
        }
        let token = amp1 + 9;
        if amp2 > token {
            return Some((p, amp2));
        }
    }
    None
}

/// `alphaReorderQuery`: the `&`-separated arguments sorted as Python
/// sorts the tuples `arg.split(b'=', 1)` (by name; a name alone before
/// the same name with `=`; then by value): `a=2&b&a=1` → `a=1&a=2&b`.
/// Appends to `out`; `args` is scratch space.
pub(super) fn alpha_reorder_query(
    q: &[u8],
    out: &mut Vec<u8>,
    args: &mut Vec<(usize, usize, usize)>,
) {
    args.clear();
    let mut at = 0;
    for arg in q.split(|&b| b == b'&') {
        let eq = arg
            .iter()
            .position(|&b| b == b'=')
            .map_or(usize::MAX, |i| at + i);
        args.push((at, eq, at + arg.len()));
        at += arg.len() + 1;
    }
    let name = |&(s, eq, e): &(usize, usize, usize)| &q[s..eq.min(e)];
    let value = |&(_, eq, e): &(usize, usize, usize)| (eq != usize::MAX).then(|| &q[eq + 1..e]);
    args.sort_by(|a, b| name(a).cmp(name(b)).then_with(|| value(a).cmp(&value(b))));
    for (i, &(s, _, e)) in args.iter().enumerate() {
        if i > 0 {
            out.push(b'&');
        }
        out.extend_from_slice(&q[s..e]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strip_query(s: &str) -> String {
        let mut q = s.as_bytes().to_vec();
        strip_query_session_id(&mut q, &mut Vec::new());
        String::from_utf8(q).unwrap()
    }

    #[test]
    fn strips_query_session_ids() {
        let id = "0123456789abcdef0123456789ABCDEF";
        assert_eq!(strip_query(&format!("a=1&jsessionid={id}&b=2")), "a=1&b=2");
        assert_eq!(strip_query(&format!("a=1&jsessionid={id}")), "a=1&");
        assert_eq!(
            strip_query(&format!("a=1&jsessionid={id}x")),
            format!("a=1&jsessionid={id}x")
        );
        assert_eq!(strip_query(&format!("phpsessid={id}&b")), "b");
        assert_eq!(strip_query(&format!("xsid={id}")), "x");
        assert_eq!(
            strip_query("ASPSESSIONIDABCDEFGH=ABCDEFGHIJKLMNOPQRSTUVWX&b"),
            "b"
        );
        assert_eq!(strip_query("a&cfid=1&cftoken=2&z"), "a&z");
        assert_eq!(strip_query("cfid=1&cftoken=2"), "");
        assert_eq!(strip_query("cfid=&cftoken=2"), "cfid=&cftoken=2");
    }

    fn strip_path(s: &str) -> String {
        let mut out = Vec::new();
        if strip_path_session_id(s.as_bytes(), &mut out, &mut Vec::new()) {
            String::from_utf8(out).unwrap()
        } else {
            s.to_string()
        }
    }

    #[test]
    fn strips_path_session_ids() {
        assert_eq!(
            strip_path("/a/(s(ab1cd2ef3gh4ij5kl6mn7op8))/x.aspx"),
            "/a/x.aspx"
        );
        assert_eq!(
            strip_path("/a/(ab1cd2ef3gh4ij5kl6mn7op8)/x.aspx?q"),
            "/a/x.aspx?q"
        );
        assert_eq!(
            strip_path("/a/(ab1cd2ef3gh4ij5kl6mn7op8)/?x.aspx"),
            "/a/(ab1cd2ef3gh4ij5kl6mn7op8)/?x.aspx"
        );
        assert_eq!(
            strip_path("/a/(ab1cd2ef3gh4ij5kl6mn7op8)/.aspx"),
            "/a/(ab1cd2ef3gh4ij5kl6mn7op8)/.aspx"
        );
    }

    #[test]
    fn reorders_queries() {
        let mut out = Vec::new();
        alpha_reorder_query(b"a=2&b&a=1&b=&a", &mut out, &mut Vec::new());
        assert_eq!(out, b"a&a=1&a=2&b&b=");
    }

    #[test]
    fn massages_hosts() {
        assert_eq!(www_prefix(b"www13.example.com", false), Some(6));
        assert_eq!(www_prefix(b"www1355544.com", false), Some(11));
        assert_eq!(www_prefix(b"www1355544.com", true), None);
        assert_eq!(www_prefix(b"wwwx.com", false), None);
    }
}
