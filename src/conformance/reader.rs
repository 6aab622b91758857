//! Reading the conformance suite format: [`parse_suite`] and
//! [`read_suite_file`] make [`Record`]s, [`Expectation::new`] applies a
//! profile's overrides (see the parent module for the format).

use crate::url::components::ParsedUrl;
use encoding_rs::Encoding;
use std::fmt;
use std::path::Path;

/// One field of a record: `#name [option ...]` and its value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Field {
    /// The field name, e.g. `data`, `chrome-canon`.
    pub name: String,
    /// The options on the field line, without a final `escaped`.
    pub options: Vec<String>,
    /// Whether the value was written with escapes (`escaped` option).
    pub escaped: bool,
    /// The field's value (block value, else first option, else empty),
    /// escapes decoded.
    pub value: String,
    /// 1-based line number of the `#name` line.
    pub line: usize,
}

/// A record: the fields from a `#data` line to the end of the record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// 1-based line number of the `#data` line.
    pub line: usize,
    /// The fields in file order; the first is `data`.
    pub fields: Vec<Field>,
}

impl Record {
    /// The first field named `name`.
    pub fn field(&self, name: &str) -> Option<&Field> {
        self.fields.iter().find(|f| f.name == name)
    }

    /// The value of the first field named `name`, `None` when absent.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.field(name).map(|f| f.value.as_str())
    }

    /// Whether the field `name` is present with a non-empty value.
    pub fn flag(&self, name: &str) -> bool {
        self.get(name).is_some_and(|v| !v.is_empty())
    }

    /// The input: the value of `#data` (empty when absent).
    pub fn data(&self) -> &str {
        self.get("data").unwrap_or("")
    }

    /// The base: the value of `#base`, `None` when absent.
    pub fn base(&self) -> Option<&str> {
        self.get("base")
    }
}

/// An error while reading a suite file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadError {
    /// The file (or other origin) name.
    pub file: String,
    /// 1-based line number; 0 when the error is not about a line (e.g. the
    /// file cannot be read).
    pub line: usize,
    pub message: String,
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}: {}", self.file, self.message)
        } else {
            write!(f, "{}:{}: {}", self.file, self.line, self.message)
        }
    }
}

impl std::error::Error for ReadError {}

/// Decodes `\uXXXX` and `\UXXXXXXXX` escapes.  The values are read as
/// UTF-16 code units where they are surrogates: a high surrogate followed
/// by a low one is one supplementary code point; a lone surrogate, or a
/// value above U+10FFFF, becomes U+FFFD.  A backslash that does not begin
/// a well-formed escape is kept as it is.
pub fn unescape(s: &str) -> String {
    fn escape_at(s: &str, i: usize) -> Option<(u32, usize)> {
        let b = s.as_bytes();
        if b.get(i) != Some(&b'\\') {
            return None;
        }
        let n = match b.get(i + 1) {
            Some(b'u') => 4,
            Some(b'U') => 8,
            _ => return None,
        };
        let hex = s.get(i + 2..i + 2 + n)?;
        if !hex.bytes().all(|c| c.is_ascii_hexdigit()) {
            return None;
        }
        let v = u32::from_str_radix(hex, 16).ok()?;
        Some((v, 2 + n))
    }

    if !s.contains('\\') {
        return s.to_string();
    }
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        if let Some((v, len)) = escape_at(s, i) {
            i += len;
            if (0xD800..0xDC00).contains(&v) {
                if let Some((lo, len2)) = escape_at(s, i) {
                    if (0xDC00..0xE000).contains(&lo) {
                        i += len2;
                        let c = 0x10000 + ((v - 0xD800) << 10) + (lo - 0xDC00);
                        out.push(char::from_u32(c).unwrap_or('\u{FFFD}'));
                        continue;
                    }
                }
                out.push('\u{FFFD}');
            } else {
                out.push(char::from_u32(v).unwrap_or('\u{FFFD}'));
            }
        } else {
            // Copy up to the next backslash (or one char if at one).
            let rest = &s[i..];
            let first = rest.chars().next().map_or(1, char::len_utf8);
            let next = rest[first..].find('\\').map_or(rest.len(), |p| p + first);
            out.push_str(&rest[..next]);
            i += next;
        }
    }
    out
}

struct FieldBuilder<'a> {
    name: &'a str,
    options: Vec<&'a str>,
    line: usize,
    lines: Vec<&'a str>,
}

impl FieldBuilder<'_> {
    fn finish(self) -> Field {
        let strip_bar = self.name == "data" || self.name == "path";
        let mut block = String::new();
        for (k, l) in self.lines.iter().enumerate() {
            if k > 0 {
                block.push('\n');
            }
            let l = if strip_bar {
                l.strip_prefix("| ").unwrap_or(l)
            } else {
                l
            };
            block.push_str(l);
        }
        let mut options: Vec<String> = self.options.iter().map(|s| s.to_string()).collect();
        let escaped = options.last().is_some_and(|o| o == "escaped");
        if escaped {
            options.pop();
        }
        let raw = if !block.is_empty() {
            block
        } else {
            options.first().cloned().unwrap_or_default()
        };
        let value = if escaped { unescape(&raw) } else { raw };
        Field {
            name: self.name.to_string(),
            options,
            escaped,
            value,
            line: self.line,
        }
    }
}

/// Parses the text of a suite file.  `origin` names it in errors.
pub fn parse_suite(text: &str, origin: &str) -> Result<Vec<Record>, ReadError> {
    let err = |line: usize, message: String| ReadError {
        file: origin.to_string(),
        line,
        message,
    };
    let mut lines: Vec<&str> = text.split('\n').collect();
    if text.ends_with('\n') {
        lines.pop();
    }
    let mut records = Vec::new();
    let mut record: Option<Record> = None;
    let mut field: Option<FieldBuilder> = None;
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let lineno = i + 1;
        if let Some(header) = line.strip_prefix('#') {
            if let (Some(f), Some(r)) = (field.take(), record.as_mut()) {
                r.fields.push(f.finish());
            }
            let name_len = header
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'))
                .unwrap_or(header.len());
            let name = &header[..name_len];
            if name.is_empty() {
                return Err(err(
                    lineno,
                    format!("a field line needs a name after '#': {line:?}"),
                ));
            }
            let options: Vec<&str> = header[name_len..].split_whitespace().collect();
            if name == "data" {
                if let Some(r) = record.take() {
                    records.push(r);
                }
                record = Some(Record {
                    line: lineno,
                    fields: Vec::new(),
                });
            } else if record.is_none() {
                return Err(err(
                    lineno,
                    format!("field #{name} outside a record (a record starts with a #data line)"),
                ));
            }
            field = Some(FieldBuilder {
                name,
                options,
                line: lineno,
                lines: Vec::new(),
            });
            i += 1;
        } else if line.is_empty() {
            // A run of blank lines: it ends the record when a field line or
            // the end of the file follows; otherwise it belongs to the value.
            let mut j = i;
            while j < lines.len() && lines[j].is_empty() {
                j += 1;
            }
            let ends = j == lines.len() || lines[j].starts_with('#');
            if ends {
                if let Some(mut r) = record.take() {
                    if let Some(f) = field.take() {
                        r.fields.push(f.finish());
                    }
                    records.push(r);
                }
            } else if let Some(f) = field.as_mut() {
                f.lines.extend_from_slice(&lines[i..j]);
            } else {
                return Err(err(
                    j + 1,
                    "text outside a record (a record starts with a #data line)".into(),
                ));
            }
            i = j;
        } else {
            match field.as_mut() {
                Some(f) => f.lines.push(line),
                None => {
                    return Err(err(
                        lineno,
                        "text outside a record (a record starts with a #data line)".into(),
                    ))
                }
            }
            i += 1;
        }
    }
    if let Some(mut r) = record.take() {
        if let Some(f) = field.take() {
            r.fields.push(f.finish());
        }
        records.push(r);
    }
    Ok(records)
}

/// Reads and parses a suite file (UTF-8).
pub fn read_suite_file(path: &Path) -> Result<Vec<Record>, ReadError> {
    let origin = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| ReadError {
        file: origin.clone(),
        line: 0,
        message: format!("cannot read suite file: {e}"),
    })?;
    let text = std::str::from_utf8(&bytes).map_err(|e| ReadError {
        file: origin.clone(),
        line: bytes[..e.valid_up_to()]
            .iter()
            .filter(|&&b| b == b'\n')
            .count()
            + 1,
        message: "not valid UTF-8".into(),
    })?;
    parse_suite(text, &origin)
}

// ---------------------------------------------------------------------------
// Running
// ---------------------------------------------------------------------------

/// How a file's records are run, decided by the file name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FileKind {
    /// `parsing.dat`: the parse step alone.
    Parsing,
    /// `resolving.dat`: resolution against `#base`.
    Resolving,
    /// Every other file: resolve, canonicalize, serialize.
    Pipeline,
}

impl FileKind {
    /// The kind of the file at `path`, from its file name.
    pub fn of(path: &Path) -> FileKind {
        match path.file_name().and_then(|n| n.to_str()) {
            Some("parsing.dat") => FileKind::Parsing,
            Some("resolving.dat") => FileKind::Resolving,
            _ => FileKind::Pipeline,
        }
    }
}

/// The components compared, in display order.
pub const COMPONENTS: [&str; 8] = [
    "scheme", "user", "password", "host", "port", "path", "query", "fragment",
];

/// The component `name` of `u` (one of [`COMPONENTS`]).
pub fn component<'a>(u: &'a ParsedUrl, name: &str) -> Option<&'a str> {
    match name {
        "scheme" => u.scheme.as_deref(),
        "user" => u.user.as_deref(),
        "password" => u.password.as_deref(),
        "host" => u.host.as_deref(),
        "port" => u.port.as_deref(),
        "path" => u.path.as_deref(),
        "query" => u.query.as_deref(),
        "fragment" => u.fragment.as_deref(),
        _ => None,
    }
}

/// The expectation of a record for one profile, overrides applied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expectation<'a> {
    pub invalid: bool,
    /// `canon` (after `<profile>-canon`); `None` when the record has none.
    pub canon: Option<&'a str>,
    /// The string the browser showed although the URL is invalid: the
    /// record's `<profile>-canon` when it also has `<profile>-invalid`
    /// (the suite's `chrome-canon` beside `chrome-invalid`).
    pub displayed: Option<&'a str>,
    /// Components in the order of [`COMPONENTS`] (host after
    /// `<profile>-host`).
    pub components: [Option<&'a str>; 8],
}

impl<'a> Expectation<'a> {
    /// The expectation of `record` for the profile named `profile`.
    pub fn new(record: &'a Record, profile: &str) -> Expectation<'a> {
        let prefix = profile.to_ascii_lowercase();
        let over = |f: &str| record.get(&format!("{prefix}-{f}"));
        let mut invalid = record.flag("invalid");
        if let Some(v) = over("invalid") {
            invalid = !v.is_empty();
        }
        if over("not-invalid").is_some_and(|v| !v.is_empty()) {
            invalid = false;
        }
        let canon = over("canon").or_else(|| record.get("canon"));
        let displayed = over("canon").filter(|_| invalid && over("invalid").is_some());
        let mut components = COMPONENTS.map(|c| record.get(c));
        if let Some(h) = over("host") {
            components[3] = Some(h);
        }
        Expectation {
            invalid,
            canon,
            displayed,
            components,
        }
    }
}

/// The document encoding of a record: `#charset` by its Encoding Standard
/// label, UTF-8 when absent or empty.  A label the Encoding Standard does
/// not know (the suite has `utf-7` and `ibm037`) is not an ASCII-compatible
/// encoding the engine could use, so it is UTF-8 as well, as the
/// specification's percent-encoding step does for such encodings.
pub fn record_encoding(record: &Record) -> &'static Encoding {
    match record.get("charset") {
        Some(l) if !l.is_empty() => {
            Encoding::for_label(l.trim().as_bytes()).unwrap_or(encoding_rs::UTF_8)
        }
        _ => encoding_rs::UTF_8,
    }
}
