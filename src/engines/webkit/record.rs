//! The URL Standard's URL record (<https://url.spec.whatwg.org/#concept-url>):
//! its fields and its path, the shortening of the path (with the WebKit
//! rule on drive letters), and the URL serializer.

use crate::text::scheme::is_special;
/// A URL record of the URL Standard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub scheme: String,
    pub username: String,
    pub password: String,
    /// The serialized host; `Some("")` for the empty host.
    pub host: Option<String>,
    pub port: Option<u16>,
    pub path: Path,
    pub query: Option<String>,
    pub fragment: Option<String>,
}

/// A URL's path: opaque (a string) or a list of segments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Path {
    Opaque(String),
    Segments(Vec<String>),
}

impl Record {
    pub(super) fn new() -> Record {
        Record {
            scheme: String::new(),
            username: String::new(),
            password: String::new(),
            host: None,
            port: None,
            path: Path::Segments(Vec::new()),
            query: None,
            fragment: None,
        }
    }

    pub fn is_special(&self) -> bool {
        is_special(&self.scheme)
    }

    pub(super) fn has_opaque_path(&self) -> bool {
        matches!(self.path, Path::Opaque(_))
    }

    pub(super) fn segments(&mut self) -> &mut Vec<String> {
        if let Path::Opaque(_) = self.path {
            self.path = Path::Segments(Vec::new());
        }
        match &mut self.path {
            Path::Segments(s) => s,
            Path::Opaque(_) => unreachable!("the path was made a list"),
        }
    }

    /// Shortens the path: the last segment goes, unless it is the drive
    /// letter of a `file:` URL.
    ///
    /// WebKit rule (drive letters `C|` kept on `..`): `URLParser::shouldPopPath`
    /// keeps any Windows drive letter, `C|` as well as `C:` (the Standard
    /// keeps a normalized one); a `C|` stays after a host (see
    /// `Parser::drive_letter_at_start` in [`super::parser`]).
    pub(super) fn shorten_path(&mut self) {
        let file = self.scheme == "file";
        let segments = self.segments();
        if file && segments.len() == 1 {
            let first: Vec<char> = segments[0].chars().collect();
            if is_drive_letter(&first) {
                return;
            }
        }
        segments.pop();
    }

    /// The serialized path (with the `/.` the Standard puts before a path
    /// beginning with an empty segment when there is no host).
    pub fn path_string(&self) -> String {
        match &self.path {
            Path::Opaque(p) => p.clone(),
            Path::Segments(s) => {
                let mut out = String::new();
                if self.host.is_none() && s.len() > 1 && s[0].is_empty() {
                    out.push_str("/.");
                }
                for seg in s {
                    out.push('/');
                    out.push_str(seg);
                }
                out
            }
        }
    }

    /// The URL serializer.
    pub fn href(&self) -> String {
        let mut out = format!("{}:", self.scheme);
        if let Some(h) = &self.host {
            out.push_str("//");
            if !self.username.is_empty() || !self.password.is_empty() {
                out.push_str(&self.username);
                if !self.password.is_empty() {
                    out.push(':');
                    out.push_str(&self.password);
                }
                out.push('@');
            }
            out.push_str(h);
            if let Some(p) = self.port {
                out.push_str(&format!(":{p}"));
            }
        }
        out.push_str(&self.path_string());
        if let Some(q) = &self.query {
            out.push('?');
            out.push_str(q);
        }
        if let Some(f) = &self.fragment {
            out.push('#');
            out.push_str(f);
        }
        out
    }
}

/// Whether `s` is a Windows drive letter: an ASCII letter, then `:` or `|`.
pub(super) fn is_drive_letter(s: &[char]) -> bool {
    s.len() == 2 && s[0].is_ascii_alphabetic() && (s[1] == ':' || s[1] == '|')
}
