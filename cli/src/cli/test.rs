//! `urlprism test`: run conformance suite files under profiles.

use super::{select_engines, UsageError};
use clap::Args;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use urlprism::compare::{Engine, TestFiles};
use urlprism::conformance::{collect_suite_files, run_suite, Summary};
use urlprism::engine::{registry, EngineSpec};
use urlprism::Profile;

#[derive(Debug, Args)]
pub struct TestArgs {
    /// Run under this built-in profile (repeatable; default: all built-in
    /// profiles, unless --profile-file is given); an engine runs the test
    /// data of its own (`whatwg`: the `.json` files, web-platform-tests
    /// `urltestdata.json`).
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
    /// an engine's own test files (`urltestdata.json` for the whatwg
    /// engine).
    #[arg(value_name = "PATH", required = true)]
    paths: Vec<PathBuf>,
}

pub fn run(args: TestArgs) -> Result<ExitCode, UsageError> {
    let engines = select_engines(&args.profiles, &args.profile_files)?;
    // The 2011 suite (`.dat`) is for the profiles; another engine runs
    // test data of its own format (`Engine::test_files`: the URL
    // Standard's `urltestdata.json` for `whatwg`), the files of that
    // extension.
    let others: Vec<&EngineSpec> = engines
        .iter()
        .filter(|e| e.as_profile().is_none())
        .collect();
    let extensions: Vec<&str> = (registry().iter().map(|r| r.engine()))
        .chain(others.iter().map(|e| (*e).clone()))
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
    let mut summary = Summary::default();
    if !profiles.is_empty() {
        let files = collect_suite_files(&dat).map_err(|e| UsageError(e.to_string()))?;
        if files.is_empty() {
            eprintln!("urlprism: warning: no .dat files found (the 2011 profiles run the tests-web-url suite)");
        }
        summary = run_suite(&files, &profiles).map_err(|e| UsageError(e.to_string()))?;
    }
    let mut warned: Vec<TestFiles> = Vec::new();
    for e in others {
        let Some(t) = e.test_files() else {
            eprintln!("urlprism: warning: {} runs no test files", e.name());
            continue;
        };
        let paths: Vec<&PathBuf> = own
            .iter()
            .filter(|p| of_extension(p, t.extension))
            .collect();
        if paths.is_empty() && !warned.contains(&t) {
            eprintln!(
                "urlprism: warning: no .{} file given (the {} engine runs {})",
                t.extension,
                e.name(),
                t.what
            );
            warned.push(t);
        }
        for path in paths {
            let report = e
                .run_test_file(path)
                .map_err(|e| UsageError(e.to_string()))?;
            summary.reports.push(report);
        }
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
    text.push_str(&format!(
        "{} passed, {} failed\n",
        summary.passed(),
        summary.failed()
    ));
    let mut out = io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {}
        Err(e) => eprintln!("urlprism: error writing the output: {e}"),
    }
    Ok(if summary.failed() == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn write_failures(summary: &Summary, out: &mut String) {
    for report in &summary.reports {
        for f in &report.failures {
            out.push_str(&format!(
                "FAIL [{}] {}:{}\n",
                report.profile, report.name, f.line
            ));
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
    let width = profiles
        .iter()
        .map(|p| p.chars().count())
        .max()
        .unwrap_or(0);
    for p in profiles {
        let (passed, failed) = summary
            .for_profile(p)
            .fold((0, 0), |(a, b), r| (a + r.passed, b + r.failed));
        let rate = 100.0 * passed as f64 / (passed + failed).max(1) as f64;
        out.push_str(&format!(
            "{p:<width$}  {passed:>6} passed  {failed:>5} failed  {rate:6.2}%\n"
        ));
    }
}

/// The per-profile, per-file table, with a total row per profile.
fn write_table(summary: &Summary, out: &mut String) {
    let mut rows: Vec<[String; 4]> = vec![[
        "profile".into(),
        "file".into(),
        "passed".into(),
        "failed".into(),
    ]];
    for p in profiles_of(summary) {
        let (mut passed, mut failed, mut files) = (0, 0, 0);
        for r in summary.for_profile(p) {
            rows.push([
                p.to_string(),
                r.name.clone(),
                r.passed.to_string(),
                r.failed.to_string(),
            ]);
            passed += r.passed;
            failed += r.failed;
            files += 1;
        }
        if files > 1 {
            rows.push([
                p.to_string(),
                "(total)".into(),
                passed.to_string(),
                failed.to_string(),
            ]);
        }
    }
    let mut width = [0; 4];
    for row in &rows {
        for (w, cell) in width.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    for row in &rows {
        out.push_str(&format!(
            "{:<w0$}  {:<w1$}  {:>w2$}  {:>w3$}\n",
            row[0],
            row[1],
            row[2],
            row[3],
            w0 = width[0],
            w1 = width[1],
            w2 = width[2],
            w3 = width[3]
        ));
    }
}
