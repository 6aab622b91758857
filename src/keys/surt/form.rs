//! `surt/handyurl.py`'s `geturl_bytes` with `surt=True` (the SURT form)
//! and `surt/URLRegexTransformer.py`'s `hostToSURT`.

use std::io::Write;

/// The options of `geturl_bytes` that are steps.
pub(super) struct Form {
    pub surt: bool,
    pub with_scheme: bool,
    pub trailing_comma: bool,
    pub reverse_ipaddr: bool,
}

/// What `geturl_bytes` writes.
pub(super) struct Written<'a> {
    pub scheme: &'a [u8],
    pub host: &'a [u8],
    pub port: Option<u32>,
    pub path: &'a [u8],
    pub query: Option<&'a [u8]>,
    pub hash: Option<&'a [u8]>,
    pub last_delimiter: bool,
}

/// `_RE_IP_ADDRESS`'s `match`: four groups of one to three digits.
fn looks_like_ipv4(host: &[u8]) -> bool {
    let mut parts = 0;
    for part in host.split(|&b| b == b'.') {
        parts += 1;
        if parts > 4 || !(1..=3).contains(&part.len()) || !part.iter().all(u8::is_ascii_digit) {
            return false;
        }
    }
    parts == 4
}

/// `hostToSURT`: the labels in reverse order joined by `,`
/// (`www.example.com` → `com,example,www`); an IPv4 address stays as it
/// is unless `reverse_ipaddr`.
pub(super) fn push_host_surt(host: &[u8], reverse_ipaddr: bool, out: &mut Vec<u8>) {
    if !reverse_ipaddr && looks_like_ipv4(host) {
        out.extend_from_slice(host);
        return;
    }
    // The labels from the last, found by one backward walk (hosts are
    // short: a plain loop beats a vectorized search here).
    let mut end = host.len();
    for i in (0..host.len()).rev() {
        if host[i] == b'.' {
            out.extend_from_slice(&host[i + 1..end]);
            out.push(b',');
            end = i;
        }
    }
    out.extend_from_slice(&host[..end]);
}

/// `geturl_bytes`: `com,example)/path?query` (with the scheme,
/// `http://(com,example)/path?query`); a URL without a host is
/// `scheme:path`.
pub(super) fn write(url: &Written<'_>, form: &Form, out: &mut Vec<u8>) {
    let has_host = !url.host.is_empty();
    if form.with_scheme {
        out.extend_from_slice(url.scheme);
        out.push(b':');
        if has_host {
            if url.scheme != b"dns" {
                out.extend_from_slice(b"//");
            }
            if form.surt {
                out.push(b'(');
            }
        }
    } else if !has_host {
        out.extend_from_slice(url.scheme);
        out.push(b':');
    }
    if has_host {
        if form.surt {
            push_host_surt(url.host, form.reverse_ipaddr, out);
        } else {
            out.extend_from_slice(url.host);
        }
        if let Some(port) = url.port {
            out.push(b':');
            // `":%d" % port`; writing to a vector cannot fail.
            let _ = write!(out, "{port}");
        }
        if form.surt {
            if form.trailing_comma {
                out.push(b',');
            }
            out.push(b')');
        }
    }
    if !url.path.is_empty() {
        out.extend_from_slice(url.path);
    } else if url.query.is_some() || url.hash.is_some() {
        out.push(b'/');
    }
    if let Some(q) = url.query {
        out.push(b'?');
        out.extend_from_slice(q);
    }
    if let Some(h) = url.hash {
        out.push(b'#');
        out.extend_from_slice(h);
    }
    if url.last_delimiter {
        out.push(b'?');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reverses_hosts() {
        let mut out = Vec::new();
        push_host_surt(b"www.example.com", true, &mut out);
        assert_eq!(out, b"com,example,www");
        out.clear();
        push_host_surt(b"192.168.1.1", false, &mut out);
        assert_eq!(out, b"192.168.1.1");
    }
}
