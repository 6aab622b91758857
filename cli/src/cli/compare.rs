//! `urlprism compare`: run URLs through several profiles side by side; in
//! corpus mode (`--diff-only`), stream URLs and keep only disagreements.

mod corpus;
mod output;

use super::input::{for_each_arg, for_each_stdin_line, Input};
use super::parallel::{self, LineWork};
/// The terminal helpers that `urlprism trace` takes from here too.
pub(super) use super::terminal::{color_stdout, paint, printable, BOLD_RED, BOLD_YELLOW, DIM, RED};
use super::{engine_by_name, engine_from_file, BaseAndEncoding, UsageError};
use clap::Args;
use corpus::{Progress, Stats};
use output::{table, tsv_line};
use std::ffi::OsString;
use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;
use urlprism::compare::{Comparer, Engine};
use urlprism::engines::{builtin_engines, number_repeated_names, EngineSpec};
use urlprism::Context;

#[derive(Debug, Args)]
pub struct CompareArgs {
    /// Compare this built-in profile or engine, e.g. chrome, firefox
    /// (repeatable; default: every one, the 2011 profiles (`urlprism
    /// profiles`) and today's engines: `whatwg`, `chromium`, `firefox`,
    /// `webkit`).
    #[arg(long = "profile", value_name = "NAME")]
    profiles: Vec<String>,
    /// Compare the engines of this group (repeatable), besides those of
    /// --profile: `today`, the URL Standard and today's browsers.
    #[arg(long = "group", value_name = "GROUP")]
    groups: Vec<String>,
    /// Compare today's engines, the URL Standard (`whatwg`) and today's
    /// browsers (`chromium`, `firefox`, `webkit`), besides those of
    /// --profile: the same as `--group today`.
    #[arg(long)]
    today: bool,
    /// Also compare the profile described in this TOML file (repeatable;
    /// `engine = "whatwg"` in it selects the URL Standard engine).
    #[arg(long = "profile-file", value_name = "PATH")]
    profile_files: Vec<PathBuf>,
    #[command(flatten)]
    resolution: BaseAndEncoding,
    /// Print one JSON object per input instead of a table.
    #[arg(long)]
    json: bool,
    /// Corpus mode: print only the URLs on which the profiles disagree,
    /// one line each (tab-separated, or JSON with --json), then a summary
    /// on standard error.
    #[arg(long)]
    diff_only: bool,
    /// With --diff-only: also count, in the summary, the CanonicalizeHost
    /// step where each pair of profiles first diverges, found by tracing
    /// the host of each URL they disagree on under every profile (as
    /// `trace` does; several times the cost of the comparison itself).
    #[arg(long, requires = "diff_only")]
    steps: bool,
    /// With --json or --diff-only, compare standard input's lines on this
    /// many threads (default: one per core; 1: on the main thread).  The
    /// output is the same, in input order, whatever the number.
    #[arg(long, value_name = "N")]
    threads: Option<usize>,
    /// The URLs; when none is given, each line of standard input is one.
    #[arg(value_name = "URL")]
    urls: Vec<OsString>,
}

/// The groups `groups` and `today` (`--today`, the group
/// [`urlprism::engines::TODAY`]) name.
pub(super) fn group_names(groups: &[String], today: bool) -> Vec<String> {
    let mut out = groups.to_vec();
    if today {
        out.push(urlprism::engines::TODAY.to_string());
    }
    out
}

/// The engines to compare: the named built-in ones (the default ones, the
/// built-in profiles and `whatwg`, when neither an engine nor a group is
/// named), then the engines of the named groups that are not named
/// already, then those from profile files.  A name that repeats gets a
/// `#2`, `#3`... suffix so that the columns stay apart.
pub(super) fn compared_engines(
    names: &[String],
    groups: &[String],
    files: &[PathBuf],
) -> Result<Vec<EngineSpec>, UsageError> {
    let mut out = Vec::new();
    if names.is_empty() && groups.is_empty() {
        out.extend(builtin_engines());
    }
    for n in names {
        out.push(engine_by_name(n)?);
    }
    for g in groups {
        let members = urlprism::engines::group(g).ok_or_else(|| {
            UsageError(format!(
                "unknown group {g:?}; the groups are {}",
                urlprism::engines::group_names().join(", ")
            ))
        })?;
        for e in members {
            if !out.iter().any(|o| o.name() == e.name()) {
                out.push(e);
            }
        }
    }
    for f in files {
        out.push(engine_from_file(f)?);
    }
    number_repeated_names(&mut out);
    Ok(out)
}

/// The era of the column `name` of a comparison (a repeated name's
/// `ie#2` is `ie`'s), as `compare`'s table shows it: `2011`, `today`, or
/// empty for an engine of neither or a name that is not registered.
pub(super) fn era_of_column(name: &str) -> &'static str {
    let registered = match name.rsplit_once('#') {
        Some((n, k)) if !k.is_empty() && k.bytes().all(|b| b.is_ascii_digit()) => n,
        _ => name,
    };
    urlprism::engines::builtin_engine(registered).map_or("", |e| output::era(&e))
}

/// What `urlprism compare --json URL` prints for the one argument `url`
/// (the object and its newline): compared under the built-in profiles
/// named (as `--profile`; every built-in one when none is), with the base
/// and encoding of `resolution`.  The answer of `urlprism serve`'s
/// `/api/compare`.
pub(super) fn json_of_argument(
    url: &str,
    names: &[String],
    groups: &[String],
    resolution: &BaseAndEncoding,
) -> Result<Vec<u8>, UsageError> {
    let (profiles, context, base) = options(names, groups, &[], resolution)?;
    Ok(urlprism::json::compare_in_context(url, &profiles, base, &context).into_bytes())
}

/// The profiles (as [`compared_engines`]), the context and the checked
/// base that the options name.
fn options<'r>(
    names: &[String],
    groups: &[String],
    files: &[PathBuf],
    resolution: &'r BaseAndEncoding,
) -> Result<(Vec<EngineSpec>, Context, Option<&'r str>), UsageError> {
    let profiles = compared_engines(names, groups, files)?;
    let context = resolution.context()?;
    let base = resolution.checked_base(&profiles)?;
    Ok((profiles, context, base))
}

/// The note under a table of a link in a page: the page, and what
/// `a.href` gives for an invalid link (the attribute as written), when an
/// engine finds it invalid.
fn page_note(c: &urlprism::compare::Comparison, context: &Context) -> Option<String> {
    let Context::LinkInPage { encoding, page_url } = context else {
        return None;
    };
    let mut note = format!(
        "a link in a page of {} at {}",
        encoding.name(),
        super::terminal::printable(page_url)
    );
    if c.results.iter().any(|r| r.canonical().is_none()) {
        note.push_str(&format!(
            "; a.href of the invalid link: {} (as written)",
            super::terminal::printable(&c.input)
        ));
    }
    Some(note + "\n")
}

/// The engines as `dyn Engine`s, in the same order.
pub(super) fn engines_of(engines: &[EngineSpec]) -> Vec<&dyn Engine> {
    engines.iter().map(|e| e as &dyn Engine).collect()
}

// ---------------------------------------------------------------------------
// The command
// ---------------------------------------------------------------------------

pub fn run(args: CompareArgs) -> Result<ExitCode, UsageError> {
    let groups = group_names(&args.groups, args.today);
    let (profiles, context, base) = options(
        &args.profiles,
        &groups,
        &args.profile_files,
        &args.resolution,
    )?;
    let engines = engines_of(&profiles);
    let comparer = Comparer::in_context(&engines, base, &context);
    let link = context.page_url().is_some();
    // The era of each column, shown when the table holds two.
    let mut eras: Vec<&str> = profiles.iter().map(output::era).collect();
    let mut distinct: Vec<&str> = eras.clone();
    distinct.sort_unstable();
    distinct.dedup();
    if distinct.len() < 2 {
        eras.iter_mut().for_each(|e| *e = "");
    }
    let threads = parallel::threads(args.threads);
    if args.urls.is_empty() && (args.json || args.diff_only) && threads > 1 {
        let work = CompareLines {
            comparer: &comparer,
            engines: &engines,
            diff_only: args.diff_only,
            steps: args.steps,
            json: args.json,
            link,
        };
        return Ok(compare_in_parallel(&work, threads));
    }
    let color = !args.json && !args.diff_only && color_stdout();
    let stdout = io::stdout();
    let out = std::cell::RefCell::new(BufWriter::with_capacity(256 * 1024, stdout.lock()));
    let mut stats = Stats::new(comparer.names(), args.steps);
    let mut progress = Progress::new();
    let from_stdin = args.urls.is_empty();
    progress.on &= from_stdin;
    let mut first = true;

    let mut each = |(at, input): Input<'_>| -> io::Result<bool> {
        stats.read += 1;
        let input = match input {
            Ok(s) => s,
            Err((_, e, _)) => {
                stats.unreadable += 1;
                progress.clear();
                eprintln!("{at}: {e}");
                return Ok(true);
            }
        };
        let mut out = out.borrow_mut();
        if args.diff_only {
            // Nothing is made for a URL on which the engines agree.
            if let Some(c) = comparer.compare_differing(input) {
                stats.record(&c);
                if args.steps {
                    // The host to trace is the resolved one, as
                    // CanonicalizeHost receives it.
                    stats.record_steps(&c, &comparer.resolve(input), &engines);
                }
                if args.json {
                    urlprism::json::write_comparison_in_context(&mut *out, at.number, &c, link)?;
                } else {
                    tsv_line(&mut *out, &c)?;
                }
            }
            progress.tick(stats.read, stats.disagreeing);
        } else if args.json {
            let c = comparer.compare(input);
            urlprism::json::write_comparison_in_context(&mut *out, at.number, &c, link)?;
        } else {
            if !first {
                out.write_all(b"\n")?;
            }
            first = false;
            let c = comparer.compare(input);
            out.write_all(table(&c, &eras, color, link).as_bytes())?;
            if let Some(rows) = output::shown_as(&c, &engines, color) {
                out.write_all(rows.as_bytes())?;
            }
            if let Some(note) = link.then(|| page_note(&c, &context)).flatten() {
                out.write_all(note.as_bytes())?;
            }
        }
        Ok(true)
    };
    let start = Instant::now();
    let r = if from_stdin {
        for_each_stdin_line(|| out.borrow_mut().flush(), &mut each)
    } else {
        for_each_arg(&args.urls, &mut each)
    };
    let r = r.and_then(|()| out.borrow_mut().flush());
    progress.clear();
    let elapsed = start.elapsed();
    let mut code = if stats.unreadable > 0 { 1 } else { 0 };
    match r {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => code = 1,
        Err(e) => {
            eprintln!("urlprism: error: {e}");
            code = 1;
        }
    }
    if args.diff_only {
        eprint!("{}", stats.summary(elapsed));
    }
    Ok(ExitCode::from(code))
}

/// The per-line work of `compare --json` and `--diff-only` on several
/// threads: what the one-thread loop writes for a line, into the chunk's
/// buffers; each worker gathers the corpus statistics of its lines.
struct CompareLines<'c> {
    comparer: &'c Comparer<'c>,
    engines: &'c [&'c dyn Engine],
    diff_only: bool,
    steps: bool,
    json: bool,
    link: bool,
}

impl LineWork for CompareLines<'_> {
    type State = Stats;

    fn state(&self) -> Stats {
        Stats::new(self.comparer.names(), self.steps)
    }

    /// Says whether the line is unreadable (the exit status).
    fn line(
        &self,
        stats: &mut Stats,
        (at, input): Input<'_>,
        out: &mut Vec<u8>,
        err: &mut Vec<u8>,
    ) -> bool {
        stats.read += 1;
        let input = match input {
            Ok(s) => s,
            Err((_, e, _)) => {
                stats.unreadable += 1;
                err.extend_from_slice(format!("{at}: {e}\n").as_bytes());
                return true;
            }
        };
        // Writing to a Vec cannot fail.
        if self.diff_only {
            // Nothing is made for a URL on which the engines agree.
            if let Some(c) = self.comparer.compare_differing(input) {
                stats.record(&c);
                if self.steps {
                    stats.record_steps(&c, &self.comparer.resolve(input), self.engines);
                }
                let _ = match self.json {
                    true => urlprism::json::write_comparison_in_context(
                        &mut *out, at.number, &c, self.link,
                    ),
                    false => tsv_line(&mut *out, &c),
                };
            }
        } else {
            let c = self.comparer.compare(input);
            let _ =
                urlprism::json::write_comparison_in_context(&mut *out, at.number, &c, self.link);
        }
        false
    }
}

/// `compare --json` or `--diff-only` of standard input on `threads`
/// threads: the exit status.
fn compare_in_parallel(work: &CompareLines<'_>, threads: usize) -> ExitCode {
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(256 * 1024, stdout.lock());
    let start = Instant::now();
    let written = parallel::run_stdin_lines(threads, work, &mut out).map(|(states, _)| states);
    let elapsed = start.elapsed();
    let (stats, mut code) = match written {
        Ok(states) => (states.into_iter().reduce(Stats::merge), 0),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => (None, 1),
        Err(e) => {
            eprintln!("urlprism: error: {e}");
            (None, 1)
        }
    };
    if let Some(stats) = stats {
        if stats.unreadable > 0 {
            code = 1;
        }
        if work.diff_only {
            eprint!("{}", stats.summary(elapsed));
        }
    }
    ExitCode::from(code)
}
