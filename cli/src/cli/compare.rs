//! `urlprism compare`: run URLs through several profiles side by side; in
//! corpus mode (`--diff-only`), stream URLs and keep only disagreements.

use super::input::{for_each_arg, for_each_stdin_line, Input};
use super::parallel::{self, LineWork};
use super::width::{display_width, pad};
use super::{engine_by_name, engine_from_file, BaseAndEncoding, UsageError};
use clap::Args;
use std::collections::HashMap;
use std::ffi::OsString;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};
use urlprism::compare::{pair_divergences, Comparer, Comparison, Engine, Field, HostTrace};
use urlprism::engines::{builtin_engines, number_repeated_names, EngineSpec};
use urlprism::ParsedUrl;

#[derive(Debug, Args)]
pub struct CompareArgs {
    /// Compare this built-in profile or engine, e.g. chrome, whatwg
    /// (repeatable; default: every one, the built-in profiles (`urlprism
    /// profiles`) and the engines).
    #[arg(long = "profile", value_name = "NAME")]
    profiles: Vec<String>,
    /// Also compare the engines of this group (repeatable), e.g. `today`:
    /// the URL Standard and today's browsers (`urlprism compare --today`).
    #[arg(long = "group", value_name = "GROUP")]
    groups: Vec<String>,
    /// Also compare today's engines: the URL Standard (`whatwg`) and the
    /// engines of today's browsers (`chromium`); the same as `--group today`.
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

/// `s` with control characters escaped (`\u{1b}`), safe to print on a
/// terminal.
pub(super) fn printable(s: &str) -> std::borrow::Cow<'_, str> {
    if !s.chars().any(char::is_control) {
        return s.into();
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out.into()
}

/// Whether to color the output written to stdout: a terminal, and no
/// `NO_COLOR` in the environment.
pub(super) fn color_stdout() -> bool {
    io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

pub(super) const BOLD_RED: &str = "\x1b[1;31m";
pub(super) const BOLD_YELLOW: &str = "\x1b[1;33m";
pub(super) const GREEN: &str = "\x1b[32m";
pub(super) const RED: &str = "\x1b[31m";
pub(super) const DIM: &str = "\x1b[2m";
pub(super) const RESET: &str = "\x1b[0m";

/// `text` in `color` when `on`.
pub(super) fn paint(on: bool, color: &str, text: &str) -> String {
    if on {
        format!("{color}{text}{RESET}")
    } else {
        text.to_string()
    }
}

// ---------------------------------------------------------------------------
// Output
// ---------------------------------------------------------------------------

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
    let (profiles, encoding, base) = options(names, groups, &[], resolution)?;
    Ok(urlprism::json::compare(url, &profiles, base, encoding).into_bytes())
}

/// The profiles (as [`compared_engines`]), the encoding and the checked
/// base that the options name.
fn options<'r>(
    names: &[String],
    groups: &[String],
    files: &[PathBuf],
    resolution: &'r BaseAndEncoding,
) -> Result<
    (
        Vec<EngineSpec>,
        &'static urlprism::encoding_rs::Encoding,
        Option<&'r str>,
    ),
    UsageError,
> {
    let profiles = compared_engines(names, groups, files)?;
    let encoding = resolution.encoding()?;
    let base = resolution.checked_base(&profiles)?;
    Ok((profiles, encoding, base))
}

/// The engines as `dyn Engine`s, in the same order.
pub(super) fn engines_of(engines: &[EngineSpec]) -> Vec<&dyn Engine> {
    engines.iter().map(|e| e as &dyn Engine).collect()
}

/// A tab-separated line: the input, the differing fields (comma-separated),
/// then one column per group of profiles with the same result:
/// `names=canonical` or `names=error: reason`.  Tabs and line breaks in the
/// input are written `\t`, `\n`, `\r`.
fn tsv_line(out: &mut impl Write, c: &Comparison) -> io::Result<()> {
    let mut line = String::with_capacity(c.input.len() + 128);
    for ch in c.input.chars() {
        match ch {
            '\t' => line.push_str("\\t"),
            '\n' => line.push_str("\\n"),
            '\r' => line.push_str("\\r"),
            ch => line.push(ch),
        }
    }
    line.push('\t');
    let fields: Vec<&str> = c.differing.iter().map(|f| f.as_str()).collect();
    line.push_str(&fields.join(","));
    for g in c.groups() {
        line.push('\t');
        let names: Vec<&str> = g.iter().map(|&i| c.results[i].engine.as_str()).collect();
        line.push_str(&names.join(","));
        line.push('=');
        let r = &c.results[g[0]];
        match r.canonical() {
            Some(s) => line.push_str(s),
            None => {
                line.push_str("error: ");
                let e = r.rejection().map(|e| e.to_string()).unwrap_or_default();
                line.push_str(&e.replace(['\t', '\n', '\r'], " "));
            }
        }
    }
    line.push('\n');
    out.write_all(line.as_bytes())
}

/// The side-by-side table of one input: profile, canonical URL (or error),
/// and the components present in any result; the differing columns are
/// highlighted (colored on a terminal, marked `*` otherwise).
pub(super) fn table(c: &Comparison, color: bool) -> String {
    let mut s = String::new();
    s.push_str(&paint(color, "\x1b[1m", &printable(&c.input)));
    if let Some(b) = &c.base {
        s.push_str(&format!("  (base {})", printable(b)));
    }
    s.push('\n');
    let shown: Vec<Field> = Field::COMPONENTS
        .into_iter()
        .filter(|f| c.results.iter().any(|r| r.field(*f).is_some()))
        .collect();
    let differs = |f: Field| c.differing.contains(&f);
    let valid_differs = differs(Field::Valid);
    let heading = |name: &str, d: bool| {
        if d && !color {
            format!("{name}*")
        } else {
            name.to_string()
        }
    };
    let mut header = vec![
        heading("profile", false),
        heading("canonical", valid_differs || !c.differing.is_empty()),
    ];
    header.extend(shown.iter().map(|f| heading(f.as_str(), differs(*f))));
    let mut rows: Vec<Vec<(String, Option<&str>)>> = Vec::new();
    for r in &c.results {
        let mut row = vec![(printable(&r.engine).into_owned(), None)];
        match r.canonical() {
            Some(canon) => {
                row.push((printable(canon).into_owned(), None));
                for f in &shown {
                    let v = match r.field(*f) {
                        None => "-".to_string(),
                        Some("") => "\"\"".to_string(),
                        Some(v) => printable(v).into_owned(),
                    };
                    row.push((v, differs(*f).then_some(BOLD_YELLOW)));
                }
            }
            None => {
                let e = r.rejection().map(|e| e.to_string()).unwrap_or_default();
                let e = format!("error: {}", printable(&e));
                // The string the browser showed for the invalid URL, which
                // the message ends with, greyed.
                let shown_at = r
                    .rejection()
                    .and_then(|j| j.displayed())
                    .and_then(|_| e.rfind(" (shown as "));
                match shown_at {
                    Some(i) if color => row.push((
                        format!("{}{}", paint(true, RED, &e[..i]), paint(true, DIM, &e[i..])),
                        None,
                    )),
                    _ => row.push((e, Some(RED))),
                }
                // The error is the last column, unpadded.
            }
        }
        rows.push(row);
    }
    let ncols = header.len();
    let mut width = vec![0; ncols];
    for (k, h) in header.iter().enumerate() {
        width[k] = display_width(h);
    }
    for row in &rows {
        // An error cell spans the component columns: it does not widen
        // the canonical column.
        let spans = row.len() == 2 && !shown.is_empty();
        for (k, (cell, _)) in row.iter().enumerate() {
            if spans && k == 1 {
                continue;
            }
            width[k] = width[k].max(display_width(cell));
        }
    }
    let line = |cells: Vec<(String, Option<&str>)>, s: &mut String| {
        s.push_str("  ");
        let n = cells.len();
        for (k, (cell, col)) in cells.into_iter().enumerate() {
            let last = k + 1 == n;
            let text = if last { cell } else { pad(&cell, width[k]) };
            match col {
                Some(col) if color => s.push_str(&paint(true, col, &text)),
                _ => s.push_str(&text),
            }
            if !last {
                s.push_str("  ");
            }
        }
        s.push('\n');
    };
    let header_cells = header
        .into_iter()
        .enumerate()
        .map(|(k, h)| {
            let d = match k {
                0 => false,
                1 => !c.differing.is_empty(),
                _ => differs(shown[k - 2]),
            };
            (h, d.then_some(BOLD_YELLOW))
        })
        .collect();
    line(header_cells, &mut s);
    for row in rows {
        line(row, &mut s);
    }
    if c.agree() {
        s.push_str(&format!(
            "  {}\n",
            paint(color, GREEN, "all profiles agree")
        ));
    } else {
        let fields: Vec<&str> = c.differing.iter().map(|f| f.as_str()).collect();
        let groups: Vec<String> = c
            .groups()
            .iter()
            .map(|g| {
                g.iter()
                    .map(|&i| c.results[i].engine.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            })
            .collect();
        s.push_str(&format!(
            "  {} {}  (groups: {})\n",
            paint(color, BOLD_YELLOW, "differs:"),
            fields.join(", "),
            groups.join(" | ")
        ));
    }
    s
}

// ---------------------------------------------------------------------------
// Corpus statistics
// ---------------------------------------------------------------------------

/// Counts kept while streaming: constant memory (the keys are profile
/// pairs, fields and step names, never URLs).
struct Stats {
    names: Vec<String>,
    read: u64,
    unreadable: u64,
    disagreeing: u64,
    /// Per pair (i < j), URLs on which they differ.
    pairs: HashMap<(usize, usize), u64>,
    fields: HashMap<Field, u64>,
    /// Per CanonicalizeHost step name: per pair, how many URLs first
    /// diverge there.
    steps: HashMap<String, HashMap<(usize, usize), u64>>,
    /// Whether the steps are traced (`--steps`).
    trace_steps: bool,
    /// The first divergence of each pair on a (host, scheme) already
    /// traced: hosts repeat in a corpus.  Cleared when full, so that
    /// memory stays bounded.
    cache: HashMap<(String, String), HashMap<Pair, Option<String>>>,
}

/// Hosts longer than this (in bytes) are not traced for the summary: a
/// trace keeps the string before and after every step, and no real host
/// comes near (DNS names have at most 253 characters).
const TRACE_HOST_LIMIT: usize = 4096;

/// A pair of profiles (indices, `i < j`).
type Pair = (usize, usize);

/// The most (host, scheme) entries kept in [`Stats::cache`].
const CACHE_LIMIT: usize = 50_000;

impl Stats {
    fn new(names: Vec<String>, trace_steps: bool) -> Stats {
        Stats {
            names,
            read: 0,
            unreadable: 0,
            disagreeing: 0,
            pairs: HashMap::new(),
            fields: HashMap::new(),
            steps: HashMap::new(),
            trace_steps,
            cache: HashMap::new(),
        }
    }

    /// Records a disagreeing comparison: the pairs and the fields that
    /// differ.
    fn record(&mut self, c: &Comparison) {
        self.disagreeing += 1;
        for f in &c.differing {
            *self.fields.entry(*f).or_insert(0) += 1;
        }
        for i in 0..c.results.len() {
            for j in i + 1..c.results.len() {
                if c.differ(i, j) {
                    *self.pairs.entry((i, j)).or_insert(0) += 1;
                }
            }
        }
    }

    /// Records where the pairs of a disagreeing comparison first diverge:
    /// traces the host under each profile when a pair differs on the host
    /// or on validity.
    fn record_steps(
        &mut self,
        c: &Comparison,
        resolved: &Result<ParsedUrl, String>,
        engines: &[&dyn Engine],
    ) {
        let host = resolved.as_ref().ok().and_then(|r| {
            let scheme = r.scheme.as_deref()?.to_ascii_lowercase();
            let host = r.host.as_deref().filter(|h| h.len() <= TRACE_HOST_LIMIT)?;
            Some((host.to_string(), scheme))
        });
        let mut found: Vec<((usize, usize), Option<String>)> = Vec::new();
        let mut to_trace: Vec<(usize, usize)> = Vec::new();
        let cached = host.as_ref().and_then(|h| self.cache.get(h));
        for i in 0..c.results.len() {
            for j in i + 1..c.results.len() {
                let d = c.differing_between(i, j);
                if d.is_empty() {
                    continue;
                }
                if host.is_none() || !(d.contains(&Field::Host) || d.contains(&Field::Valid)) {
                    continue;
                }
                match cached.and_then(|m| m.get(&(i, j))) {
                    Some(step) => found.push(((i, j), step.clone())),
                    None => to_trace.push((i, j)),
                }
            }
        }
        if let (Some((host, scheme)), false) = (&host, to_trace.is_empty()) {
            // Trace each engine of a pair once, and align them all once.
            let mut slot: Vec<Option<usize>> = vec![None; engines.len()];
            let mut traces: Vec<HostTrace> = Vec::new();
            for &(i, j) in &to_trace {
                for k in [i, j] {
                    if slot[k].is_none() {
                        if let Some(t) = engines[k].trace_host(host, scheme) {
                            slot[k] = Some(traces.len());
                            traces.push(t);
                        }
                    }
                }
            }
            let refs: Vec<&HostTrace> = traces.iter().collect();
            let (pairs, wanted): (Vec<Pair>, Vec<Pair>) = to_trace
                .iter()
                .filter_map(|&(i, j)| Some(((slot[i]?, slot[j]?), (i, j))))
                .unzip();
            for (step, pair) in pair_divergences(&refs, &pairs).into_iter().zip(wanted) {
                found.push((pair, step));
            }
        }
        for (pair, step) in &found {
            if let Some(step) = step {
                *self
                    .steps
                    .entry(step.clone())
                    .or_default()
                    .entry(*pair)
                    .or_insert(0) += 1;
            }
        }
        if let Some(h) = host {
            if !found.is_empty() {
                if self.cache.len() >= CACHE_LIMIT && !self.cache.contains_key(&h) {
                    self.cache.clear();
                }
                self.cache.entry(h).or_default().extend(found);
            }
        }
    }

    fn pair_name(&self, (i, j): (usize, usize)) -> String {
        format!("{}/{}", self.names[i], self.names[j])
    }

    /// The summary written to standard error at the end of corpus mode.
    /// The statistics of `self`'s lines and `other`'s together (the same
    /// profiles); the cache of traced hosts is `self`'s.
    fn merge(mut self, other: Stats) -> Stats {
        self.read += other.read;
        self.unreadable += other.unreadable;
        self.disagreeing += other.disagreeing;
        for (k, n) in other.pairs {
            *self.pairs.entry(k).or_insert(0) += n;
        }
        for (k, n) in other.fields {
            *self.fields.entry(k).or_insert(0) += n;
        }
        for (step, by_pair) in other.steps {
            let mine = self.steps.entry(step).or_default();
            for (k, n) in by_pair {
                *mine.entry(k).or_insert(0) += n;
            }
        }
        self
    }

    fn summary(&self, elapsed: Duration) -> String {
        let mut s = String::new();
        let secs = elapsed.as_secs_f64();
        let rate = if secs > 0.0 {
            self.read as f64 / secs
        } else {
            0.0
        };
        let pct = if self.read > 0 {
            100.0 * self.disagreeing as f64 / self.read as f64
        } else {
            0.0
        };
        s.push_str(&format!(
            "urlprism compare: {}, {} on which the profiles disagree ({pct:.2}%); {:.1} s, {rate:.0} URLs/s\n",
            plural(self.read, "URL", "URLs"),
            self.disagreeing,
            secs
        ));
        if self.unreadable > 0 {
            s.push_str(&format!(
                "  {} not valid UTF-8 (skipped)\n",
                plural(self.unreadable, "line", "lines")
            ));
        }
        if self.disagreeing == 0 {
            return s;
        }
        s.push_str("disagreements by pair of profiles:\n");
        let mut pairs: Vec<_> = self.pairs.iter().collect();
        pairs.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        let w = pairs
            .iter()
            .map(|(p, _)| display_width(&self.pair_name(**p)))
            .max()
            .unwrap_or(0);
        for (p, n) in pairs {
            s.push_str(&format!("  {}  {n:>9}\n", pad(&self.pair_name(*p), w)));
        }
        s.push_str("disagreements by component:\n");
        for f in Field::ALL {
            if let Some(n) = self.fields.get(&f) {
                s.push_str(&format!("  {}  {n:>9}\n", pad(f.as_str(), 8)));
            }
        }
        if !self.steps.is_empty() {
            s.push_str("CanonicalizeHost steps where profiles first diverge (URLs x pairs):\n");
            let mut steps: Vec<(&String, u64, &HashMap<Pair, u64>)> = self
                .steps
                .iter()
                .map(|(k, m)| (k, m.values().sum(), m))
                .collect();
            steps.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
            let w = steps
                .iter()
                .map(|(k, _, _)| display_width(k))
                .max()
                .unwrap_or(0)
                .max(4);
            for (k, total, m) in steps.iter().take(15) {
                let mut by_pair: Vec<_> = m.iter().collect();
                by_pair.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
                let detail: Vec<String> = by_pair
                    .iter()
                    .take(4)
                    .map(|(p, n)| format!("{} {n}", self.pair_name(**p)))
                    .collect();
                let more = if by_pair.len() > 4 { ", ..." } else { "" };
                s.push_str(&format!(
                    "  step {}  {total:>9}  ({}{more})\n",
                    pad(k, w),
                    detail.join(", ")
                ));
            }
            if steps.len() > 15 {
                s.push_str(&format!("  ... and {} more steps\n", steps.len() - 15));
            }
        } else if !self.trace_steps {
            s.push_str("CanonicalizeHost steps where profiles first diverge: with --steps\n");
        }
        s
    }
}

/// A progress line on standard error, when it is a terminal.
struct Progress {
    on: bool,
    start: Instant,
    last: Instant,
    shown: bool,
}

impl Progress {
    fn new() -> Progress {
        let now = Instant::now();
        Progress {
            on: io::stderr().is_terminal(),
            start: now,
            last: now,
            shown: false,
        }
    }

    fn tick(&mut self, read: u64, disagreeing: u64) {
        if !self.on || !read.is_multiple_of(1024) {
            return;
        }
        let now = Instant::now();
        if now.duration_since(self.last) < Duration::from_millis(250) {
            return;
        }
        self.last = now;
        let secs = now.duration_since(self.start).as_secs_f64().max(1e-9);
        eprint!(
            "\r\x1b[K{read} URLs, {disagreeing} disagreeing, {:.0} URLs/s",
            read as f64 / secs
        );
        self.shown = true;
    }

    fn clear(&mut self) {
        if self.shown {
            eprint!("\r\x1b[K");
            self.shown = false;
        }
    }
}

// ---------------------------------------------------------------------------
// The command
// ---------------------------------------------------------------------------

pub fn run(args: CompareArgs) -> Result<ExitCode, UsageError> {
    let groups = group_names(&args.groups, args.today);
    let (profiles, encoding, base) = options(
        &args.profiles,
        &groups,
        &args.profile_files,
        &args.resolution,
    )?;
    let engines = engines_of(&profiles);
    let comparer = Comparer::new(&engines, base, encoding);
    let threads = parallel::threads(args.threads);
    if args.urls.is_empty() && (args.json || args.diff_only) && threads > 1 {
        let work = CompareLines {
            comparer: &comparer,
            engines: &engines,
            diff_only: args.diff_only,
            steps: args.steps,
            json: args.json,
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
                    urlprism::json::write_comparison(&mut *out, at.number, &c)?;
                } else {
                    tsv_line(&mut *out, &c)?;
                }
            }
            progress.tick(stats.read, stats.disagreeing);
        } else if args.json {
            let c = comparer.compare(input);
            urlprism::json::write_comparison(&mut *out, at.number, &c)?;
        } else {
            if !first {
                out.write_all(b"\n")?;
            }
            first = false;
            out.write_all(table(&comparer.compare(input), color).as_bytes())?;
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
                    true => urlprism::json::write_comparison(&mut *out, at.number, &c),
                    false => tsv_line(&mut *out, &c),
                };
            }
        } else {
            let c = self.comparer.compare(input);
            let _ = urlprism::json::write_comparison(&mut *out, at.number, &c);
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

/// `n` and the noun in its number: `1 URL`, `2 URLs`.
fn plural(n: u64, one: &str, many: &str) -> String {
    match n {
        1 => format!("1 {one}"),
        n => format!("{n} {many}"),
    }
}
