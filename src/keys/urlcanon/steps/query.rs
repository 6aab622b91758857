//! The steps on the query (percent-encoding and recoding it, the order
//! of its parameters, case, redundant `&`, an empty query's `?`) and on
//! the fragment.

use super::pct::{
    pct_encode, pct_encode_into, unquote_repeatedly_into, C0, LESS_DUMB_QUERY, QUERY,
};
use super::{clear, lowercase, rewrite, run, unset, Work};
use crate::keys::urlcanon::parse::Url;
use crate::keys::KeyError;

/// `pct_encode_query`: the query percent-encode set (`&` and `=` are
/// not in it, so the split into parameters changes nothing): `a b` →
/// `a%20b`.
pub(in crate::keys::urlcanon) fn pct_encode_query(
    url: &mut Url,
    work: &mut Work,
) -> Result<bool, KeyError> {
    Ok(pct_encode(&mut url.query, &QUERY, &mut work.a))
}

/// `pct_encode_fragment`: C0 controls and non-ASCII: `a\x01` → `a%01`.
pub(in crate::keys::urlcanon) fn pct_encode_fragment(
    url: &mut Url,
    work: &mut Work,
) -> Result<bool, KeyError> {
    Ok(pct_encode(&mut url.fragment, &C0, &mut work.a))
}

/// `remove_fragment`: `a#b` → `a`.
pub(in crate::keys::urlcanon) fn remove_fragment(
    url: &mut Url,
    _: &mut Work,
) -> Result<bool, KeyError> {
    Ok(unset(&mut url.hash_sign) | clear(&mut url.fragment))
}

/// `less_dumb_pct_recode_query`: each name and value (split at `&`,
/// then at the first `=`) decoded repeatedly, then encoded with `&`, `=`,
/// `#`, `%`, controls, space and non-ASCII: `a=%3D%26&b` → `a=%3D%26&b`,
/// `a=b=c` → `a=b%3Dc`.
pub(in crate::keys::urlcanon) fn less_dumb_pct_recode_query(
    url: &mut Url,
    work: &mut Work,
) -> Result<bool, KeyError> {
    if url.query.is_empty() {
        return Ok(false);
    }
    let (a, b) = (&mut work.a, &mut work.b);
    Ok(rewrite(&mut url.query, a, |q, out| {
        for (i, part) in q.split(|&c| c == b'&').enumerate() {
            if i > 0 {
                out.push(b'&');
            }
            let (name, value) = match memchr::memchr(b'=', part) {
                Some(e) => (&part[..e], Some(&part[e + 1..])),
                None => (part, None),
            };
            for (j, token) in std::iter::once(name).chain(value).enumerate() {
                if j > 0 {
                    out.push(b'=');
                }
                b.clear();
                unquote_repeatedly_into(token, b);
                pct_encode_into(b, &LESS_DUMB_QUERY, out);
            }
        }
    }))
}

fn sort_query(url: &mut Url, work: &mut Work) -> bool {
    if url.query.is_empty() {
        return false;
    }
    let spans = &mut work.spans;
    rewrite(&mut url.query, &mut work.a, |q, out| {
        spans.clear();
        let mut start = 0;
        for i in memchr::memchr_iter(b'&', q) {
            spans.push((start, i));
            start = i + 1;
        }
        spans.push((start, q.len()));
        spans.sort_by(|x, y| q[x.0..x.1].cmp(&q[y.0..y.1]));
        for (i, &(s, e)) in spans.iter().enumerate() {
            if i > 0 {
                out.push(b'&');
            }
            out.extend_from_slice(&q[s..e]);
        }
    })
}

/// `alpha_reorder_query`: the parameters sorted by their octets:
/// `b=1&a=2` → `a=2&b=1`.
pub(in crate::keys::urlcanon) fn alpha_reorder_query(
    url: &mut Url,
    work: &mut Work,
) -> Result<bool, KeyError> {
    Ok(sort_query(url, work))
}

/// `lowercase_query`: `A=B` → `a=b` (ASCII only).
pub(in crate::keys::urlcanon) fn lowercase_query(
    url: &mut Url,
    _: &mut Work,
) -> Result<bool, KeyError> {
    Ok(lowercase(&mut url.query))
}

/// `remove_redundant_ampersands_from_query`: REDUNDANT_AMPERSAND_RE
/// `^&+|&+$|(?<=&)&+` removed: `&&a&&b&` → `a&b`.
pub(in crate::keys::urlcanon) fn remove_redundant_ampersands_from_query(
    url: &mut Url,
    work: &mut Work,
) -> Result<bool, KeyError> {
    if !url.query.contains(&b'&') {
        return Ok(false);
    }
    Ok(rewrite(&mut url.query, &mut work.a, |q, out| {
        let start = run(q, |b| b == b'&');
        let q = &q[start..];
        // `&+$`: the run before the end, or before a final newline.
        let (body, tail): (&[u8], &[u8]) = match q.split_last() {
            Some((b'\n', body)) if body.last() == Some(&b'&') => (body, b"\n"),
            _ => (q, b""),
        };
        let trailing = body.iter().rev().take_while(|&&b| b == b'&').count();
        let body = &body[..body.len() - trailing];
        let mut last_amp = false;
        for &b in body {
            if b == b'&' && last_amp {
                continue;
            }
            last_amp = b == b'&';
            out.push(b);
        }
        out.extend_from_slice(tail);
    }))
}

/// `omit_question_mark_if_query_empty`: `a?` → `a`.
pub(in crate::keys::urlcanon) fn omit_question_mark_if_query_empty(
    url: &mut Url,
    _: &mut Work,
) -> Result<bool, KeyError> {
    if url.query.is_empty() {
        return Ok(unset(&mut url.question_mark));
    }
    Ok(false)
}
