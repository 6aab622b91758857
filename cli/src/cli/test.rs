//! `urlprism test`: run the 2011 conformance suite's files under
//! profiles, and the web-platform-tests URL files under any engine, each
//! failure told expected (listed in `expected-failures/ENGINE.json`
//! beside the file, with its reason) or not.

use super::width::{display_width, pad, pad_left};
use super::{select_engines, UsageError};
use clap::Args;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use urlprism::compare::Engine;
use urlprism::conformance::{collect_suite_files, run_suite, Summary};
use urlprism::engines::registry;
use urlprism::Profile;

#[derive(Debug, Args)]
pub struct TestArgs {
    /// Run under this built-in profile or engine (repeatable; default:
    /// all built-in profiles, unless --profile-file is given).  A 2011
    /// profile runs the `.dat` files; every engine runs the
    /// web-platform-tests URL files (`.json`: urltestdata,
    /// setters_tests, percent-encoding, toascii, IdnaTestV2), with the
    /// failures listed beside them in expected-failures/ENGINE.json
    /// counted as expected.
    #[arg(long = "profile", value_name = "NAME")]
    profiles: Vec<String>,
    /// Run under the profile described in this TOML file (repeatable).
    #[arg(long = "profile-file", value_name = "PATH")]
    profile_files: Vec<PathBuf>,
    /// List every failing record with the fields that differ.
    #[arg(long)]
    failures: bool,
    /// Print one line per profile (passed, failed, pass rate) instead of
    /// the table per file.
    #[arg(long)]
    summary: bool,
    /// Suite files, or directories searched recursively for `.dat` files;
    /// web-platform-tests URL files.
    #[arg(value_name = "PATH", required = true)]
    paths: Vec<PathBuf>,
}

/// A path given that an engine runs no record of, and why.
struct NotRun {
    engine: String,
    path: String,
    why: String,
}

pub fn run(args: TestArgs) -> Result<ExitCode, UsageError> {
    let engines = select_engines(&args.profiles, &args.profile_files)?;
    // The 2011 suite (`.dat`, and the directories holding it) is for the
    // profiles; a file of the extension of an engine's other test data
    // (`Engine::test_files`: by default the URL Standard's
    // `urltestdata.json`) goes to the engines that run it.
    let extensions: Vec<&str> = (registry().iter().map(|r| r.engine()))
        .chain(engines.iter().cloned())
        .filter_map(|e| e.test_files())
        .map(|t| t.extension)
        .collect();
    let of_extension = |p: &PathBuf, x: &str| p.extension().is_some_and(|e| e == x);
    let (own, dat): (Vec<PathBuf>, Vec<PathBuf>) = args
        .paths
        .iter()
        .cloned()
        .partition(|p| extensions.iter().any(|x| of_extension(p, x)));
    let profiles: Vec<&dyn Profile> = engines.iter().filter_map(|e| e.as_profile()).collect();
    let mut not_run: Vec<NotRun> = Vec::new();
    let mut files = Vec::new();
    for path in &dat {
        let found = collect_suite_files(std::slice::from_ref(path))
            .map_err(|e| UsageError(e.to_string()))?;
        let why = if found.is_empty() {
            "no .dat file in it".to_string()
        } else {
            "the .dat files of the 2011 suite run under the 2011 profiles only".to_string()
        };
        for e in &engines {
            if found.is_empty() || e.as_profile().is_none() {
                not_run.push(NotRun {
                    engine: e.name().to_string(),
                    path: path.display().to_string(),
                    why: why.clone(),
                });
            }
        }
        files.extend(found);
    }
    let mut summary = Summary::default();
    if !profiles.is_empty() && !files.is_empty() {
        summary = run_suite(&files, &profiles).map_err(|e| UsageError(e.to_string()))?;
    }
    for e in &engines {
        for path in &own {
            match e.test_files() {
                Some(t) if of_extension(path, t.extension) => {
                    let report = e
                        .run_test_file(path)
                        .map_err(|e| UsageError(e.to_string()))?;
                    summary.reports.push(report);
                }
                t => not_run.push(NotRun {
                    engine: e.name().to_string(),
                    path: path.display().to_string(),
                    why: match t {
                        Some(t) => format!("this engine runs {} files only", t.what),
                        None => format!(
                            "this engine runs no .{} files",
                            path.extension().unwrap_or_default().to_string_lossy()
                        ),
                    },
                }),
            }
        }
    }
    for r in &summary.reports {
        if let Some(why) = &r.not_run {
            not_run.push(NotRun {
                engine: r.profile.clone(),
                path: r.path.display().to_string(),
                why: why.clone(),
            });
        }
        if r.passed + r.failed == 0 && r.not_run.is_none() {
            not_run.push(NotRun {
                engine: r.profile.clone(),
                path: r.path.display().to_string(),
                why: "it holds no test record".to_string(),
            });
        }
    }
    let not_run = not_run_lines(&not_run);

    if summary.passed() + summary.failed() == 0 {
        eprint!("{not_run}");
        return Err(UsageError(
            "no test record ran (see above why not)".to_string(),
        ));
    }
    let mut text = String::new();
    if args.failures {
        write_failures(&summary, &mut text);
    }
    if args.summary {
        write_summary(&summary, &mut text);
    } else {
        write_table(&summary, &mut text);
    }
    text.push_str(&not_run);
    let expected: usize = summary.reports.iter().map(|r| r.expected_failures()).sum();
    let unexpected = summary.failed() - expected;
    text.push_str(&format!(
        "{} passed, {} failed",
        summary.passed(),
        summary.failed()
    ));
    if expected > 0 {
        let lists: Vec<&str> = summary
            .reports
            .iter()
            .filter(|r| r.expected_failures() > 0)
            .filter_map(|r| r.expected_from.as_deref())
            .fold(Vec::new(), |mut v, l| {
                if !v.contains(&l) {
                    v.push(l);
                }
                v
            });
        text.push_str(&format!(
            " ({expected} expected, listed in {}; {unexpected} unexpected)",
            lists.join(", ")
        ));
    }
    text.push('\n');
    let mut out = io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {}
        Err(e) => eprintln!("urlprism: error writing the output: {e}"),
    }
    // Success when every failure is an expected one (listed, with its
    // reason: for a browser engine, the real browser's own).
    Ok(if unexpected == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// One line per path and reason: `chromium, firefox: PATH: not run
/// (why)`, the engines in their order.
fn not_run_lines(not_run: &[NotRun]) -> String {
    let mut groups: Vec<(Vec<&str>, &str, &str)> = Vec::new();
    for n in not_run {
        match groups
            .iter_mut()
            .find(|(_, path, why)| *path == n.path && *why == n.why)
        {
            Some((engines, _, _)) => {
                if !engines.contains(&n.engine.as_str()) {
                    engines.push(&n.engine);
                }
            }
            None => groups.push((vec![&n.engine], &n.path, &n.why)),
        }
    }
    groups
        .iter()
        .map(|(engines, path, why)| format!("{}: {path}: not run ({why})\n", engines.join(", ")))
        .collect()
}

fn write_failures(summary: &Summary, out: &mut String) {
    for report in &summary.reports {
        for f in &report.failures {
            let mark = match f.expected {
                Some(_) => "FAIL (expected)",
                None => "FAIL",
            };
            out.push_str(&format!(
                "{mark} [{}] {}:{}\n",
                report.profile, report.name, f.line
            ));
            if let Some(why) = &f.expected {
                out.push_str(&format!("  expected: {why}\n"));
            }
            out.push_str(&format!("  input: {:?}\n", f.input));
            match &f.base {
                Some(b) => out.push_str(&format!("  base:  {b:?}\n")),
                None => out.push_str("  base:  (absent)\n"),
            }
            for m in &f.mismatches {
                out.push_str(&format!(
                    "  {}: expected {}, actual {}\n",
                    m.field, m.expected, m.actual
                ));
            }
        }
    }
}

/// The profiles of `summary`, in order.
fn profiles_of(summary: &Summary) -> Vec<&str> {
    let mut profiles: Vec<&str> = Vec::new();
    for r in &summary.reports {
        if !profiles.contains(&r.profile.as_str()) {
            profiles.push(&r.profile);
        }
    }
    profiles
}

/// One line per profile: `this  7626 passed  0 failed  100.00%`.
fn write_summary(summary: &Summary, out: &mut String) {
    let profiles = profiles_of(summary);
    let width = profiles.iter().map(|p| display_width(p)).max().unwrap_or(0);
    for p in profiles {
        let (passed, failed, expected) = summary.for_profile(p).fold((0, 0, 0), |(a, b, c), r| {
            (a + r.passed, b + r.failed, c + r.expected_failures())
        });
        let rate = 100.0 * passed as f64 / (passed + failed).max(1) as f64;
        let expected = match expected {
            0 => String::new(),
            n => format!("  ({n} expected)"),
        };
        out.push_str(&format!(
            "{}  {passed:>6} passed  {failed:>5} failed  {rate:6.2}%{expected}\n",
            pad(p, width)
        ));
    }
}

/// The per-profile, per-file table, with a total row per profile.
fn write_table(summary: &Summary, out: &mut String) {
    // The column of expected failures, when a file has a list of them.
    let lists = summary.reports.iter().any(|r| r.expected_from.is_some());
    let mut rows: Vec<[String; 5]> = vec![[
        "profile".into(),
        "file".into(),
        "passed".into(),
        "failed".into(),
        "expected".into(),
    ]];
    for p in profiles_of(summary) {
        let (mut passed, mut failed, mut expected, mut files) = (0, 0, 0, 0);
        for r in summary.for_profile(p) {
            rows.push([
                p.to_string(),
                r.name.clone(),
                r.passed.to_string(),
                r.failed.to_string(),
                r.expected_failures().to_string(),
            ]);
            passed += r.passed;
            failed += r.failed;
            expected += r.expected_failures();
            files += 1;
        }
        if files > 1 {
            rows.push([
                p.to_string(),
                "(total)".into(),
                passed.to_string(),
                failed.to_string(),
                expected.to_string(),
            ]);
        }
    }
    let mut width = [0; 5];
    for row in &rows {
        for (w, cell) in width.iter_mut().zip(row) {
            *w = (*w).max(display_width(cell));
        }
    }
    for row in &rows {
        let mut line = format!(
            "{}  {}  {}  {}",
            pad(&row[0], width[0]),
            pad(&row[1], width[1]),
            pad_left(&row[2], width[2]),
            pad_left(&row[3], width[3]),
        );
        if lists {
            line.push_str(&format!("  {}", pad_left(&row[4], width[4])));
        }
        line.push('\n');
        out.push_str(&line);
    }
}
