//! Lookup expressions: the host-suffix / path-prefix combinations a
//! client hashes and looks up (`urls.go` `generatePatterns`,
//! `generateLookupHosts`, `generateLookupPaths`).

use super::{host, parse, Steps};
use crate::keys::step::{Applied, Switches};
use crate::keys::KeyError;

/// Appends to `out` the lookup expressions of `input` (a URL as given,
/// canonicalized by the `safebrowsing` family with the steps `on`, e.g.
/// [`Key::switches`](crate::keys::Key::switches) of a built-in kind): each
/// host suffix followed by each path prefix, hosts first, as
/// `urls.go` `generatePatterns` lists them.
///
/// Hosts (`generateLookupHosts`): the exact host, then its suffixes of at
/// most 7 labels down to 2 (`maxHostComponents`), or of at most 5 with the
/// step `five_host_suffixes` (the v4 document: at most 5 hosts in all);
/// an IP address is only itself.  Paths (`generateLookupPaths`): `/`, the
/// prefixes of up to 3 segments with a final `/`, the path, and the path
/// with the query when there is a non-empty one: at most 6.
///
/// ```
/// use urlprism::keys::{builtin, safebrowsing::lookup_expressions};
/// let sb = builtin("safebrowsing").unwrap();
/// let mut out = Vec::new();
/// lookup_expressions(b"http://a.b.c/1/2.html?param=1/2", sb.switches(), &mut out).unwrap();
/// let text: Vec<String> = out.iter().map(|e| String::from_utf8_lossy(e).into_owned()).collect();
/// assert_eq!(text, [
///     "a.b.c/", "a.b.c/1/", "a.b.c/1/2.html", "a.b.c/1/2.html?param=1/2",
///     "b.c/", "b.c/1/", "b.c/1/2.html", "b.c/1/2.html?param=1/2",
/// ]);
/// ```
pub fn lookup_expressions(
    input: &[u8],
    on: Switches,
    out: &mut Vec<Vec<u8>>,
) -> Result<(), KeyError> {
    let steps = Steps::new(on);
    let parsed = parse(input, &steps, &mut Applied::off())?;
    let host = &parsed.host[..];
    let mut hosts: Vec<&[u8]> = vec![host];
    let bare = {
        let start = host
            .iter()
            .position(|&b| b != b'[' && b != b']')
            .unwrap_or(host.len());
        let end = host
            .iter()
            .rposition(|&b| b != b'[' && b != b']')
            .map_or(start, |p| p + 1);
        &host[start..end]
    };
    if !host::is_ip(bare) {
        let most = if steps.five_host_suffixes { 5 } else { 7 };
        let dots: Vec<usize> = host
            .iter()
            .enumerate()
            .filter(|(_, &b)| b == b'.')
            .map(|(i, _)| i)
            .collect();
        // With n labels (n - 1 dots), the suffix of k labels starts after
        // dot n - 1 - k: k from min(n - 1, most) down to 2.
        let labels = dots.len() + 1;
        let top = (labels - 1).min(most);
        for k in (2..=top).rev() {
            hosts.push(&host[dots[labels - 1 - k] + 1..]);
        }
    }
    let path = &parsed.path[..];
    let mut paths: Vec<Vec<u8>> = vec![b"/".to_vec()];
    let segments: Vec<&[u8]> = path
        .split(|&b| b == b'/')
        .filter(|s| !s.is_empty())
        .collect();
    for i in 1..segments.len().min(4) {
        let mut p = b"/".to_vec();
        for s in &segments[..i] {
            p.extend_from_slice(s);
            p.push(b'/');
        }
        paths.push(p);
    }
    if path != b"/" {
        paths.push(path.to_vec());
    }
    if let Some(q) = parsed.query.as_ref().filter(|q| !q.is_empty()) {
        let mut p = path.to_vec();
        p.push(b'?');
        p.extend_from_slice(q);
        paths.push(p);
    }
    for h in &hosts {
        for p in &paths {
            let mut e = Vec::with_capacity(h.len() + p.len());
            e.extend_from_slice(h);
            e.extend_from_slice(p);
            out.push(e);
        }
    }
    Ok(())
}
