//! Reading and running the conformance suite format of `tests-web-url`
//! (see `conformance/README.md` of the shared suite).
//!
//! # Reading
//!
//! [`parse_suite`] turns the text of a `.dat` file into [`Record`]s;
//! [`read_suite_file`] does the same for a file.  Errors name the file and
//! the line.
//!
//! - A record starts at a `#data` field line.  Every line starting with `#`
//!   opens a field `#name [option ...]`; the name is the run of ASCII
//!   letters, digits, `-` and `_` after `#`, and the rest of the line is
//!   split on white space into options (so the misspelt `#data:` of the
//!   suite is a `data` field with the option `:`).
//! - The block value of a field is its following lines up to the next field
//!   line, joined with LF.  For `#data` and `#path`, a leading `| ` is removed
//!   from each value line.
//! - When the last option is `escaped`, it is dropped and `\uXXXX` /
//!   `\UXXXXXXXX` escapes are decoded; a surrogate pair is one code point; a
//!   lone surrogate or a value above U+10FFFF becomes U+FFFD.
//! - The value is the block value if non-empty, else the first option, else
//!   the empty string.
//! - Blank lines followed by a field line (or the end of the file) end the
//!   record; blank lines followed by any other line belong to the current
//!   value.
//!
//! # Running
//!
//! [`run_record`] runs one record under one profile, as the suite README
//! says: `parsing.dat` checks the parse step, `resolving.dat` the
//! resolution step, and every other file the whole pipeline (resolve,
//! canonicalize with the record's `#charset`, serialize).  Overrides named
//! after the profile (`<name>-canon`, `<name>-host`, `<name>-invalid`,
//! `<name>-not-invalid`) are applied first.  Under the profile named `this`
//! the pipeline is also checked for idempotency.
//!
//! A panic in the engine is caught and counted as a failure (field
//! `panic`), so that a partly implemented engine can still be measured.
//! [`run_suite`] runs many files under many profiles on all CPUs.

use crate::profile::Profile;
use crate::url::ParsedUrl;
use encoding_rs::Encoding;
use std::cell::{Cell, RefCell};
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

// ---------------------------------------------------------------------------
// Records
// ---------------------------------------------------------------------------

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

/// One difference between expectation and result.  `expected` and `actual`
/// are rendered for display: `(absent)`, a quoted string, `true`/`false`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// The field: a component name, `canon`, `invalid`, `idempotency`,
    /// `panic`.
    pub field: String,
    pub expected: String,
    pub actual: String,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: expected {}, actual {}",
            self.field, self.expected, self.actual
        )
    }
}

/// The outcome of one record under one profile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Pass,
    Fail(Vec<Mismatch>),
}

impl Outcome {
    pub fn is_pass(&self) -> bool {
        matches!(self, Outcome::Pass)
    }
}

/// A failing record, with what it takes to show it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// Line of the `#data` line.
    pub line: usize,
    pub input: String,
    pub base: Option<String>,
    pub mismatches: Vec<Mismatch>,
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

fn show(v: Option<&str>) -> String {
    match v {
        None => "(absent)".to_string(),
        Some(s) => format!("{s:?}"),
    }
}

/// The expectation of a record for one profile, overrides applied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expectation<'a> {
    pub invalid: bool,
    /// `canon` (after `<profile>-canon`); `None` when the record has none.
    pub canon: Option<&'a str>,
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
        let mut components = COMPONENTS.map(|c| record.get(c));
        if let Some(h) = over("host") {
            components[3] = Some(h);
        }
        Expectation {
            invalid,
            canon,
            components,
        }
    }
}

thread_local! {
    static SILENT: Cell<bool> = const { Cell::new(false) };
    static LAST_PANIC_LOCATION: RefCell<Option<String>> = const { RefCell::new(None) };
}

fn install_panic_hook() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if SILENT.with(|s| s.get()) {
                let loc = info
                    .location()
                    .map(|l| format!("{}:{}", l.file(), l.line()));
                LAST_PANIC_LOCATION.with(|p| *p.borrow_mut() = loc);
            } else {
                previous(info);
            }
        }));
    });
}

/// Runs `f`, catching a panic; the panic message is not printed (on this
/// thread) and is returned as `Err("panic: <message> (at <file:line>)")`.
pub fn catch_panic<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    install_panic_hook();
    let was = SILENT.with(|s| s.replace(true));
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
    SILENT.with(|s| s.set(was));
    r.map_err(|payload| {
        let msg = if let Some(s) = payload.downcast_ref::<&str>() {
            (*s).to_string()
        } else if let Some(s) = payload.downcast_ref::<String>() {
            s.clone()
        } else {
            "(non-string payload)".to_string()
        };
        match LAST_PANIC_LOCATION.with(|p| p.borrow_mut().take()) {
            Some(loc) => format!("panic: {msg} (at {loc})"),
            None => format!("panic: {msg}"),
        }
    })
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

fn compare_components(exp: &Expectation<'_>, actual: &ParsedUrl, out: &mut Vec<Mismatch>) {
    for (k, name) in COMPONENTS.iter().enumerate() {
        let a = component(actual, name);
        if exp.components[k] != a {
            out.push(Mismatch {
                field: name.to_string(),
                expected: show(exp.components[k]),
                actual: show(a),
            });
        }
    }
}

fn invalid_mismatch(expected: bool, actual: Option<&str>) -> Option<Mismatch> {
    if expected == actual.is_some() {
        return None;
    }
    Some(Mismatch {
        field: "invalid".into(),
        expected: expected.to_string(),
        actual: match actual {
            Some(reason) => format!("true ({reason})"),
            None => "false".into(),
        },
    })
}

/// Resolve, canonicalize and serialize; `Err` is the reason it is invalid.
fn pipeline(
    data: &str,
    base: &ParsedUrl,
    profile: &dyn Profile,
    encoding: &'static Encoding,
) -> Result<(ParsedUrl, String), String> {
    let resolved = crate::resolve(data, base);
    if let Some(reason) = resolved.invalid {
        return Err(crate::Error::Invalid(reason).to_string());
    }
    let canon = crate::canonicalize(&resolved, profile, encoding).map_err(|e| e.to_string())?;
    if let Some(reason) = canon.invalid {
        return Err(crate::Error::Invalid(reason).to_string());
    }
    let s = crate::serialize(&canon).ok_or_else(|| "serialize returned no string".to_string())?;
    Ok((canon, s))
}

fn run_record_inner(kind: FileKind, record: &Record, profile: &dyn Profile) -> Vec<Mismatch> {
    let exp = Expectation::new(record, profile.name());
    let data = record.data();
    let mut out = Vec::new();
    match kind {
        FileKind::Parsing | FileKind::Resolving => {
            let actual = if kind == FileKind::Parsing {
                crate::parse(data)
            } else {
                let base = crate::parse(record.base().unwrap_or(""));
                crate::resolve(data, &base)
            };
            compare_components(&exp, &actual, &mut out);
            let reason = actual.invalid.map(|r| r.to_string());
            out.extend(invalid_mismatch(exp.invalid, reason.as_deref()));
        }
        FileKind::Pipeline => {
            let base_str = record.base().filter(|b| !b.is_empty()).unwrap_or(data);
            let base = crate::parse(base_str);
            let encoding = record_encoding(record);
            let result = pipeline(data, &base, profile, encoding);
            match (&result, exp.invalid) {
                (Err(_), true) => {}
                (Ok((_, s)), true) => {
                    out.extend(invalid_mismatch(true, None));
                    out.push(Mismatch {
                        field: "canon".into(),
                        expected: "(invalid)".into(),
                        actual: show(Some(s)),
                    });
                }
                (Err(reason), false) => {
                    out.extend(invalid_mismatch(false, Some(reason)));
                    out.push(Mismatch {
                        field: "canon".into(),
                        expected: show(Some(exp.canon.unwrap_or(data))),
                        actual: "(invalid)".into(),
                    });
                }
                (Ok((canon, s)), false) => {
                    let expected_canon = exp.canon.unwrap_or(data);
                    if expected_canon != s {
                        out.push(Mismatch {
                            field: "canon".into(),
                            expected: show(Some(expected_canon)),
                            actual: show(Some(s)),
                        });
                    }
                    compare_components(&exp, canon, &mut out);
                }
            }
            if profile.name().eq_ignore_ascii_case("this") {
                if let Ok((_, s)) = &result {
                    let again = pipeline(s, &base, profile, encoding);
                    match again {
                        Ok((_, s2)) if &s2 == s => {}
                        Ok((_, s2)) => out.push(Mismatch {
                            field: "idempotency".into(),
                            expected: show(Some(s)),
                            actual: show(Some(&s2)),
                        }),
                        Err(reason) => out.push(Mismatch {
                            field: "idempotency".into(),
                            expected: show(Some(s)),
                            actual: format!("(invalid: {reason})"),
                        }),
                    }
                }
            }
        }
    }
    out
}

/// Runs one record of a file of kind `kind` under `profile`.  A panic in
/// the engine is a failure with the field `panic`.
pub fn run_record(kind: FileKind, record: &Record, profile: &dyn Profile) -> Outcome {
    let mismatches = match catch_panic(|| run_record_inner(kind, record, profile)) {
        Ok(m) => m,
        Err(msg) => vec![Mismatch {
            field: "panic".into(),
            expected: "(no panic)".into(),
            actual: msg,
        }],
    };
    if mismatches.is_empty() {
        Outcome::Pass
    } else {
        Outcome::Fail(mismatches)
    }
}

/// The results of one file under one profile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileReport {
    /// The file's path.
    pub path: PathBuf,
    /// The file's display name (relative to the directory it was found in).
    pub name: String,
    pub kind: FileKind,
    /// The profile's name.
    pub profile: String,
    pub passed: usize,
    pub failed: usize,
    /// The failing records, in file order.
    pub failures: Vec<Failure>,
}

/// Runs `records` (of a file of kind `kind`) under `profile`.
pub fn run_records(
    kind: FileKind,
    records: &[Record],
    profile: &dyn Profile,
) -> (usize, Vec<Failure>) {
    let mut passed = 0;
    let mut failures = Vec::new();
    for r in records {
        match run_record(kind, r, profile) {
            Outcome::Pass => passed += 1,
            Outcome::Fail(mismatches) => failures.push(Failure {
                line: r.line,
                input: r.data().to_string(),
                base: r.base().map(str::to_string),
                mismatches,
            }),
        }
    }
    (passed, failures)
}

/// Reads the file at `path` and runs it under `profile`.
pub fn run_file(path: &Path, profile: &dyn Profile) -> Result<FileReport, ReadError> {
    let records = read_suite_file(path)?;
    let kind = FileKind::of(path);
    let (passed, failures) = run_records(kind, &records, profile);
    Ok(FileReport {
        path: path.to_path_buf(),
        name: path.display().to_string(),
        kind,
        profile: profile.name().to_string(),
        passed,
        failed: failures.len(),
        failures,
    })
}

/// A suite file found by [`collect_suite_files`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuiteFile {
    pub path: PathBuf,
    /// Relative to the directory given, with `/` separators; the path as
    /// given for a file.
    pub name: String,
}

/// The `.dat` files under `roots`: a file is taken as it is, a directory
/// is searched recursively; each directory's files are sorted by path.
pub fn collect_suite_files<P: AsRef<Path>>(roots: &[P]) -> Result<Vec<SuiteFile>, ReadError> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), ReadError> {
        let io_err = |e: std::io::Error| ReadError {
            file: dir.display().to_string(),
            line: 0,
            message: format!("cannot read directory: {e}"),
        };
        for entry in std::fs::read_dir(dir).map_err(io_err)? {
            let path = entry.map_err(io_err)?.path();
            if path.is_dir() {
                walk(&path, out)?;
            } else if path.extension().is_some_and(|e| e == "dat") {
                out.push(path);
            }
        }
        Ok(())
    }
    let mut files = Vec::new();
    for root in roots {
        let root = root.as_ref();
        if root.is_dir() {
            let mut found = Vec::new();
            walk(root, &mut found)?;
            found.sort();
            for path in found {
                let rel = path.strip_prefix(root).unwrap_or(&path);
                let name = rel
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy())
                    .collect::<Vec<_>>()
                    .join("/");
                files.push(SuiteFile { path, name });
            }
        } else if root.is_file() {
            files.push(SuiteFile {
                path: root.to_path_buf(),
                name: root.display().to_string(),
            });
        } else {
            return Err(ReadError {
                file: root.display().to_string(),
                line: 0,
                message: "no such file or directory".into(),
            });
        }
    }
    Ok(files)
}

/// The results of [`run_suite`]: one report per (profile, file), profile by
/// profile in the order given, files in the order given.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub reports: Vec<FileReport>,
}

impl Summary {
    /// (record, profile) pairs that passed.
    pub fn passed(&self) -> usize {
        self.reports.iter().map(|r| r.passed).sum()
    }
    /// (record, profile) pairs that failed.
    pub fn failed(&self) -> usize {
        self.reports.iter().map(|r| r.failed).sum()
    }
    /// The reports of the profile named `profile`.
    pub fn for_profile<'a>(
        &'a self,
        profile: &'a str,
    ) -> impl Iterator<Item = &'a FileReport> + 'a {
        self.reports.iter().filter(move |r| r.profile == profile)
    }
}

/// Applies `f` to every item on `threads` threads; the results are in the
/// order of `items`.  Items are handed out one at a time, so put the big
/// ones first.
fn par_map<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let threads = std::thread::available_parallelism()
        .map_or(4, |n| n.get())
        .min(items.len());
    let next = AtomicUsize::new(0);
    let mut indexed: Vec<(usize, R)> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                s.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(item) = items.get(i) else { break };
                        done.push((i, f(item)));
                    }
                    done
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    indexed.sort_unstable_by_key(|(i, _)| *i);
    indexed.into_iter().map(|(_, r)| r).collect()
}

/// Runs every file under every profile, on all CPUs.  Each file is read
/// once; a file that cannot be read or parsed is an error.
pub fn run_suite(files: &[SuiteFile], profiles: &[&dyn Profile]) -> Result<Summary, ReadError> {
    let records = par_map(files, |f| read_suite_file(&f.path))
        .into_iter()
        .collect::<Result<Vec<_>, _>>()?;

    // Run (profile, file) jobs, biggest files first for balance.
    let mut jobs: Vec<(usize, usize)> = (0..profiles.len())
        .flat_map(|p| (0..files.len()).map(move |f| (p, f)))
        .collect();
    jobs.sort_by_key(|&(_, f)| std::cmp::Reverse(records[f].len()));
    let results = par_map(&jobs, |&(p, f)| {
        let kind = FileKind::of(&files[f].path);
        run_records(kind, &records[f], profiles[p])
    });
    let mut reports: Vec<(usize, usize, FileReport)> = jobs
        .iter()
        .zip(results)
        .map(|(&(p, f), (passed, failures))| {
            let report = FileReport {
                path: files[f].path.clone(),
                name: files[f].name.clone(),
                kind: FileKind::of(&files[f].path),
                profile: profiles[p].name().to_string(),
                passed,
                failed: failures.len(),
                failures,
            };
            (p, f, report)
        })
        .collect();
    reports.sort_unstable_by_key(|(p, f, _)| (*p, *f));
    Ok(Summary {
        reports: reports.into_iter().map(|(_, _, r)| r).collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unescape_pairs_and_lone_surrogates() {
        assert_eq!(unescape(r"a\u0020b"), "a b");
        assert_eq!(unescape(r"\uD83D\uDE00"), "\u{1F600}");
        assert_eq!(unescape(r"\uD83Dx"), "\u{FFFD}x");
        assert_eq!(unescape(r"\uDE00"), "\u{FFFD}");
        assert_eq!(unescape(r"\U0001F600"), "\u{1F600}");
        assert_eq!(unescape(r"\U00110000"), "\u{FFFD}");
        assert_eq!(unescape(r"\uD83D\uD83D\uDE00"), "\u{FFFD}\u{1F600}");
        assert_eq!(unescape(r"\x\u12"), r"\x\u12");
        assert_eq!(unescape("é\\u00e9"), "éé");
    }

    #[test]
    fn reads_fields_options_and_values() {
        let text = "#data\n| #foo\n#base http://x/\n#host \n#path\n| #p\n#ie-invalid \n#canon escaped\na\\u0020b\n\n#data:\nwss:a?b\n#scheme wss\n";
        let recs = parse_suite(text, "t.dat").unwrap();
        assert_eq!(recs.len(), 2);
        let r = &recs[0];
        assert_eq!(r.line, 1);
        assert_eq!(r.data(), "#foo");
        assert_eq!(r.base(), Some("http://x/"));
        assert_eq!(r.get("host"), Some(""));
        assert_eq!(r.get("path"), Some("#p"));
        assert_eq!(r.get("ie-invalid"), Some(""));
        assert!(!r.flag("ie-invalid"));
        assert_eq!(r.get("canon"), Some("a b"));
        assert!(r.field("canon").unwrap().escaped);
        assert_eq!(recs[1].line, 11);
        assert_eq!(recs[1].data(), "wss:a?b");
        assert_eq!(recs[1].get("scheme"), Some("wss"));
    }

    #[test]
    fn blank_lines_inside_values() {
        let text = "#data\na\n\nb\n#path\n\n\n#data\nc\n\n\n";
        let recs = parse_suite(text, "t.dat").unwrap();
        assert_eq!(recs.len(), 2);
        assert_eq!(recs[0].data(), "a\n\nb");
        assert_eq!(recs[0].get("path"), Some(""));
        assert_eq!(recs[1].data(), "c");
    }

    #[test]
    fn errors_name_file_and_line() {
        let e = parse_suite("#data\nx\n\n#host y\n", "f.dat").unwrap_err();
        assert_eq!(e.line, 4);
        assert!(e.to_string().starts_with("f.dat:4: "), "{e}");
        let e = parse_suite("stray\n#data\n", "g.dat").unwrap_err();
        assert_eq!(e.to_string().split(' ').next(), Some("g.dat:1:"));
        let e = parse_suite("#data\n# x\n", "h.dat").unwrap_err();
        assert_eq!(e.line, 2);
    }

    #[test]
    fn overrides_by_profile_name() {
        let text = "#data\nhttp://a/\n#invalid 1\n#host a\n#chrome-not-invalid 1\n#chrome-canon http://b/\n#gecko-host g\n#ie-invalid \n";
        let r = &parse_suite(text, "t").unwrap()[0];
        let e = Expectation::new(r, "this");
        assert!(e.invalid);
        assert_eq!(e.canon, None);
        let e = Expectation::new(r, "chrome");
        assert!(!e.invalid);
        assert_eq!(e.canon, Some("http://b/"));
        let e = Expectation::new(r, "gecko");
        assert!(e.invalid);
        assert_eq!(e.components[3], Some("g"));
        assert!(!Expectation::new(r, "ie").invalid);
    }

    #[test]
    fn catch_panic_reports_message() {
        let r: Result<(), String> = catch_panic(|| panic!("boom"));
        let msg = r.unwrap_err();
        assert!(msg.starts_with("panic: boom"), "{msg}");
        assert_eq!(catch_panic(|| 3), Ok(3));
    }

    proptest::proptest! {
        #[test]
        fn reader_never_panics(text in "[#dat| \\\\uUD8C0e\n\u{e9}\u{1F600}]{0,80}") {
            let _ = parse_suite(&text, "p.dat");
            let _ = unescape(&text);
        }
    }

    #[test]
    fn encodings() {
        let text = "#data\nx\n#charset euc-jp\n\n#data\ny\n#charset utf-7\n\n#data\nz\n";
        let recs = parse_suite(text, "t").unwrap();
        assert_eq!(record_encoding(&recs[0]), encoding_rs::EUC_JP);
        assert_eq!(record_encoding(&recs[1]), encoding_rs::UTF_8);
        assert_eq!(record_encoding(&recs[2]), encoding_rs::UTF_8);
    }
}
