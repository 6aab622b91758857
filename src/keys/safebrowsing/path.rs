//! The path: Go's `path.Clean` as `urls.go` `parseURL` runs it on the
//! escaped path, keeping a final `/` the path had.

/// Appends the cleaned `path` (empty, or starting with `/`): empty and `.`
/// segments dropped, `..` removes the segment before it (none above the
/// root), a final `/` kept where the path had one.
///
/// `"/foo/.././bar/./../foo.html"` -> `"/foo.html"`; `"//a//b///c////"` ->
/// `"/a/b/c/"`; `""` -> `"/"`; `"/a/b/.."` -> `"/a"`.
pub(super) fn clean(path: &[u8], out: &mut Vec<u8>) {
    let base = out.len();
    out.push(b'/');
    // Where each kept segment's `/` is in `out` (the root's excluded).
    let mut starts: Vec<usize> = Vec::new();
    for segment in path.split(|&b| b == b'/') {
        match segment {
            b"" | b"." => {}
            b".." => {
                if let Some(s) = starts.pop() {
                    out.truncate(s);
                }
            }
            _ => {
                if starts.is_empty() && out.len() == base + 1 {
                    starts.push(base + 1);
                    out.extend_from_slice(segment);
                    // The root's `/` is shared: the first segment starts after it.
                    continue;
                }
                starts.push(out.len());
                out.push(b'/');
                out.extend_from_slice(segment);
            }
        }
    }
    if out.len() == base {
        out.push(b'/');
    }
    if path.last() == Some(&b'/') && out.last() != Some(&b'/') {
        out.push(b'/');
    }
}

#[cfg(test)]
mod tests {
    fn clean(p: &str) -> String {
        let mut out = Vec::new();
        super::clean(p.as_bytes(), &mut out);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn go_path_clean() {
        assert_eq!(clean(""), "/");
        assert_eq!(clean("/"), "/");
        assert_eq!(clean("/foo/.././bar/./../foo.html"), "/foo.html");
        assert_eq!(clean("//a//b///c////"), "/a/b/c/");
        assert_eq!(clean("/a/b/.."), "/a");
        assert_eq!(clean("/a/b/../"), "/a/");
        assert_eq!(clean("/.."), "/");
        assert_eq!(clean("/../a/."), "/a");
        assert_eq!(clean("/a/../../b"), "/b");
        assert_eq!(clean("/a/.."), "/");
    }
}
