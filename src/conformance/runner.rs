//! Running the conformance suite: one record under one profile
//! ([`run_record`]), many files under many profiles on all CPUs
//! ([`run_suite`]), with the counts per profile and file ([`Summary`]).

use super::reader::*;
use crate::profile::Profile;
use crate::text::panic::catch_panic;
use crate::url::components::ParsedUrl;
use encoding_rs::Encoding;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

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
    /// Why the failure is expected (the reason of a list of expected
    /// failures), `None` when it is not.
    pub expected: Option<String>,
}

fn show(v: Option<&str>) -> String {
    match v {
        None => "(absent)".to_string(),
        Some(s) => format!("{s:?}"),
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
    let file_rules = !profile.url().file_paths_as_posix;
    let resolved = crate::algorithm::resolve::resolve_with_file_rules(data, base, file_rules);
    if let Some(reason) = resolved.invalid {
        return Err(crate::error::Error::Invalid(reason).to_string());
    }
    let canon = crate::algorithm::canonicalize::canonicalize(&resolved, profile, encoding)
        .map_err(|e| e.to_string())?;
    if let Some(reason) = canon.invalid {
        return Err(crate::error::Error::Invalid(reason).to_string());
    }
    let s = crate::algorithm::serialize::serialize(&canon)
        .ok_or_else(|| "serialize returned no string".to_string())?;
    Ok((canon, s))
}

/// The string the profile shows for `data` (against `base`, or alone),
/// which it finds invalid ([`crate::error::Error::displayed`]), if it models one.
fn displayed(
    data: &str,
    base: Option<&str>,
    profile: &dyn Profile,
    encoding: &'static Encoding,
) -> Option<String> {
    let c = crate::profile_canonicalizer::ProfileCanonicalizer::new(profile).encoding(encoding);
    let c = match base {
        Some(b) => c.base(b).ok()?,
        None => c,
    };
    c.canonicalize(data)
        .err()
        .and_then(|e| e.displayed().map(str::to_string))
}

fn run_record_inner(kind: FileKind, record: &Record, profile: &dyn Profile) -> Vec<Mismatch> {
    let exp = Expectation::new(record, profile.name());
    let data = record.data();
    let mut out = Vec::new();
    match kind {
        FileKind::Parsing | FileKind::Resolving => {
            let actual = if kind == FileKind::Parsing {
                crate::algorithm::parse::parse(data)
            } else {
                let base = crate::algorithm::parse::parse(record.base().unwrap_or(""));
                crate::algorithm::resolve::resolve(data, &base)
            };
            compare_components(&exp, &actual, &mut out);
            let reason = actual.invalid.map(|r| r.to_string());
            out.extend(invalid_mismatch(exp.invalid, reason.as_deref()));
        }
        FileKind::Pipeline => {
            // The profile's observed steps on the input come first
            // (`[observed.url]`, see `crate::observed_input`).
            let given_base = record.base().filter(|b| !b.is_empty());
            let input = &*crate::observed::input::observed_input(profile.url(), data, given_base);
            let base_str = given_base.unwrap_or(input);
            let encoding = record_encoding(record);
            // A profile that resolves against the canonical base
            // (`UrlParams::base_canonicalized`) canonicalizes it first.
            let canonical_base = given_base
                .filter(|_| profile.url().base_canonicalized)
                .map(|b| {
                    pipeline(b, &crate::algorithm::parse::parse(b), profile, encoding)
                        .map(|(_, s)| s)
                });
            let base = match &canonical_base {
                Some(Ok(s)) => crate::algorithm::parse::parse(s),
                Some(Err(_)) => crate::algorithm::parse::parse(""),
                None => crate::algorithm::parse::parse(base_str),
            };
            // So do its observed kinds of URL (see `crate::observed_kind`).
            let result = match crate::observed::kind::observed_kind(
                profile.url(),
                data,
                input,
                given_base,
            ) {
                Some(Ok(url)) => {
                    let s = crate::algorithm::serialize::serialize(&url).unwrap_or_default();
                    Ok((url, s))
                }
                Some(Err(reason)) => Err(crate::error::Error::Invalid(reason).to_string()),
                None => match crate::observed::input::observed_input_invalid(profile.url(), data) {
                    Some(reason) => Err(crate::error::Error::Invalid(reason).to_string()),
                    None => pipeline(input, &base, profile, encoding),
                },
            };
            match (&result, exp.invalid) {
                (Err(_), true) => {
                    // The string the browser showed for the invalid URL
                    // (`<profile>-canon` beside `<profile>-invalid`, as
                    // googleurl's `possibly_invalid_spec()`), checked
                    // where the profile models one.
                    if let Some(recorded) = exp.displayed {
                        let shown = displayed(data, given_base, profile, encoding);
                        if shown.as_deref().is_some_and(|s| s != recorded) {
                            out.push(Mismatch {
                                field: "displayed".into(),
                                expected: show(Some(recorded)),
                                actual: show(shown.as_deref()),
                            });
                        }
                    }
                }
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
    /// Records of the file the engine did not run, and why (`None`: it
    /// ran them all).
    pub not_run: Option<String>,
    /// The list the expected failures come from, when there is one.
    pub expected_from: Option<String>,
}

impl FileReport {
    /// How many of the failures are expected.
    pub fn expected_failures(&self) -> usize {
        self.failures
            .iter()
            .filter(|f| f.expected.is_some())
            .count()
    }
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
                expected: None,
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
        not_run: None,
        expected_from: None,
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
                not_run: None,
                expected_from: None,
            };
            (p, f, report)
        })
        .collect();
    reports.sort_unstable_by_key(|(p, f, _)| (*p, *f));
    Ok(Summary {
        reports: reports.into_iter().map(|(_, _, r)| r).collect(),
    })
}
