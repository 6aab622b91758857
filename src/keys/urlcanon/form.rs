//! The output forms of a parsed URL (`urlcanon/parse.py` `ParsedUrl.surt`,
//! `ParsedUrl.ssurt`; `urlcanon/__init__.py` `reverse_host`,
//! `ssurt_host`).

use super::ipv4;
use super::parse::Url;
use super::steps::Fixes;

/// `reverse_host`: the dotted parts in reverse order joined by commas,
/// each part's own commas made dots, a trailing comma if asked:
/// `x,y.b.c` → `c,b,x.y,`.
fn reverse_host(host: &[u8], trailing_comma: bool, out: &mut Vec<u8>) {
    for (i, part) in host.rsplit(|&b| b == b'.').enumerate() {
        if i > 0 {
            out.push(b',');
        }
        out.extend(part.iter().map(|&b| if b == b',' { b'.' } else { b }));
    }
    if trailing_comma {
        out.push(b',');
    }
}

/// `ssurt_host`: the host reversed unless it is empty, bracketed, or an
/// IPv4 address other than 0 (`parse_ipv4` is tested for truth, and 0
/// is false): `a.b.c` → `c,b,a,`; `1.2.3.4` stays; `0.0.0.0` →
/// `0,0,0,0,`.  The fixes `fixes` turns on change the test
/// (`ipv4_parts_digits_only`: the parts are digits; `ssurt_host_keeps_zero`:
/// the address 0 stays too); those that changed the result are set in
/// `made`.
fn ssurt_host(
    host: &[u8],
    trailing_comma: bool,
    fixes: Fixes,
    made: &mut Fixes,
    out: &mut Vec<u8>,
) {
    let keep = if host.is_empty() || host[0] == b'[' {
        true
    } else {
        let reference = ipv4::parse_ipv4(host, false);
        let read = if fixes.ipv4_digits_only {
            ipv4::parse_ipv4(host, true)
        } else {
            reference
        };
        let is_ip = read.is_some_and(|n| n != 0);
        made.ipv4_digits_only |= is_ip != reference.is_some_and(|n| n != 0);
        if fixes.ssurt_keeps_zero && read == Some(0) {
            made.ssurt_keeps_zero = true;
            true
        } else {
            is_ip
        }
    };
    if keep {
        out.extend_from_slice(host);
    } else {
        reverse_host(host, trailing_comma, out);
    }
}

/// `ParsedUrl.surt(trailing_comma, with_scheme)`: the scheme, `:` and
/// slashes (with the scheme), then `(` (with the scheme), the host
/// reversed, the port, `)`, then the rest; the user information is left
/// out: `http://u@a.b:8/p` → `http://(b,a,:8)/p`.
pub(super) fn surt(
    url: &Url,
    trailing_comma: bool,
    with_scheme: bool,
    (fixes, made): (Fixes, &mut Fixes),
    out: &mut Vec<u8>,
) {
    out.extend_from_slice(&url.leading_junk);
    if with_scheme {
        out.extend_from_slice(&url.scheme);
        if url.colon_after_scheme {
            out.push(b':');
        }
        out.extend_from_slice(&url.slashes);
    }
    if !url.host.is_empty() {
        if with_scheme {
            out.push(b'(');
        }
        ssurt_host(&url.host, trailing_comma, fixes, made, out);
        if url.colon_before_port {
            out.push(b':');
        }
        out.extend_from_slice(&url.port);
        out.push(b')');
    }
    url.write_from_path(out);
}

/// `ParsedUrl.ssurt()`: the host reversed, the slashes, the port, `:`,
/// the scheme, `@` and the user information, `:`, then the rest:
/// `http://u@a.b:8/p` → `b,a,//8:http@u:/p`.
pub(super) fn ssurt(
    url: &Url,
    trailing_comma: bool,
    (fixes, made): (Fixes, &mut Fixes),
    out: &mut Vec<u8>,
) {
    out.extend_from_slice(&url.leading_junk);
    ssurt_host(&url.host, trailing_comma, fixes, made, out);
    out.extend_from_slice(&url.slashes);
    out.extend_from_slice(&url.port);
    if url.colon_before_port {
        out.push(b':');
    }
    out.extend_from_slice(&url.scheme);
    if url.at_sign {
        out.push(b'@');
    }
    out.extend_from_slice(&url.username);
    if url.colon_before_password {
        out.push(b':');
    }
    out.extend_from_slice(&url.password);
    if url.colon_after_scheme {
        out.push(b':');
    }
    url.write_from_path(out);
}
