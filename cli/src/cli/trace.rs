//! `urlprism trace`: every CanonicalizeHost (and Nameprep) step of a URL's
//! host under one or more profiles, and where the profiles diverge.

use super::compare::{
    color_stdout, compared_engines, paint, printable, BOLD_RED, BOLD_YELLOW, DIM, RED,
};
use super::width::{display_width, pad};
use super::UsageError;
use clap::Args;
use std::ffi::OsString;
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use urlprism::compare::{AlignedStep, CellState, Comparison, Engine, StepCell, UrlTrace};
use urlprism::engines::EngineSpec;

#[derive(Debug, Args)]
pub struct TraceArgs {
    /// Trace under this built-in profile or engine, e.g. chrome, firefox
    /// (repeatable; default: every one, the 2011 profiles (`urlprism
    /// profiles`) and today's engines: `whatwg`, `chromium`, `firefox`,
    /// `webkit`).
    #[arg(long = "profile", value_name = "NAME")]
    profiles: Vec<String>,
    /// Trace under the engines of this group (repeatable), besides those
    /// of --profile: `today`, the URL Standard and today's browsers.
    #[arg(long = "group", value_name = "GROUP")]
    groups: Vec<String>,
    /// Trace under today's engines, the URL Standard (`whatwg`) and
    /// today's browsers (`chromium`, `firefox`, `webkit`), besides those
    /// of --profile: the same as `--group today`.
    #[arg(long)]
    today: bool,
    /// Also trace under the profile described in this TOML file
    /// (repeatable).
    #[arg(long = "profile-file", value_name = "PATH")]
    profile_files: Vec<PathBuf>,
    /// Resolve the URL against this base URL (default: the URL itself).
    #[arg(long, value_name = "URL")]
    base: Option<String>,
    /// Print one JSON object instead of the step table.
    #[arg(long)]
    json: bool,
    /// Show only the steps that changed the string or failed (and the
    /// step where the profiles diverge).
    #[arg(long, conflicts_with = "all")]
    changes: bool,
    /// Show every step.  By default, when standard output is a terminal,
    /// runs of steps that change nothing are folded into one line.
    #[arg(long)]
    all: bool,
    /// The URL whose host is traced.
    #[arg(value_name = "URL")]
    url: OsString,
}

/// Which steps the table shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Rows {
    /// Every step.
    All,
    /// The steps that changed the string or failed, each run of the other
    /// steps folded into one line.
    Folded,
    /// Only the steps that changed the string or failed.
    Changes,
}

pub fn run(args: TraceArgs) -> Result<ExitCode, UsageError> {
    let groups = super::compare::group_names(&args.groups, args.today);
    let profiles = options(
        &args.profiles,
        &groups,
        &args.profile_files,
        args.base.as_deref(),
    )?;
    let rows = if args.changes {
        Rows::Changes
    } else if args.all || !io::stdout().is_terminal() {
        Rows::All
    } else {
        Rows::Folded
    };
    let Some(url) = args.url.to_str() else {
        return Err(UsageError("the URL is not valid UTF-8".into()));
    };
    let (trace, comparison) =
        urlprism::json::trace_and_compare(url, args.base.as_deref(), &profiles);
    let text = if args.json {
        urlprism::json::trace_text(&trace, &comparison)
    } else {
        let mut text = render(&trace, &comparison, rows, color_stdout());
        text.push_str(&display_rules(&profiles, &comparison));
        text
    };
    let mut out = io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {}
        Err(e) => eprintln!("urlprism: error writing the output: {e}"),
    }
    // The output says why there is no host; the exit status says that
    // there is none.
    Ok(if trace.no_host.is_some() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// What the address bar of each engine that has one shows of its
/// canonical URL, and the rule that decided each host label
/// ([`Engine::display`]); empty when none has one.
fn display_rules(profiles: &[EngineSpec], c: &Comparison) -> String {
    let mut s = String::new();
    for (e, r) in profiles.iter().zip(&c.results) {
        let Some(canonical) = r.canonical() else {
            continue;
        };
        let Some(Ok(d)) = e.display(canonical) else {
            continue;
        };
        if s.is_empty() {
            s.push_str("\naddress bar (what each browser shows, and why)\n");
        }
        s.push_str(&format!("{}  {}\n", e.name(), printable(&d.shown)));
        for l in d.labels.iter().filter(|l| l.rule != "ASCII") {
            s.push_str(&format!(
                "  {} -> {}  {}  ({})\n",
                printable(&l.ascii),
                printable(&l.shown),
                l.rule,
                l.source
            ));
        }
        for o in &d.omitted {
            s.push_str(&format!(
                "  left out {:?}: {}  ({})\n",
                o.text, o.rule, o.source
            ));
        }
    }
    s
}

/// What `urlprism trace --json URL` prints (the object and its newline)
/// with the built-in profiles named (as `--profile`; every built-in one
/// when none is) and `base`.  The answer of `urlprism serve`'s
/// `/api/trace`.
pub(super) fn json_of_argument(
    url: &str,
    names: &[String],
    groups: &[String],
    base: Option<&str>,
) -> Result<String, UsageError> {
    let profiles = options(names, groups, &[], base)?;
    let (trace, comparison) = urlprism::json::trace_and_compare(url, base, &profiles);
    Ok(urlprism::json::trace_text(&trace, &comparison))
}

/// The profiles the options name (as [`compared_engines`]), once the
/// base is checked.
fn options(
    names: &[String],
    groups: &[String],
    files: &[PathBuf],
    base: Option<&str>,
) -> Result<Vec<EngineSpec>, UsageError> {
    let profiles = compared_engines(names, groups, files)?;
    if let Some(b) = base {
        super::check_base(b, &profiles, encoding_rs::UTF_8)?;
    }
    Ok(profiles)
}

/// What a cell shows in the "after" column.
fn after_text(c: &StepCell, ended: bool) -> String {
    match c.state {
        CellState::Skipped => "(skipped)".into(),
        CellState::Absent if ended => "(not reached: the pipeline has ended)".into(),
        CellState::Absent => "(not run)".into(),
        CellState::Ran => {
            let after = c.after.as_deref().unwrap_or("");
            if Some(after) == c.before.as_deref() {
                "(unchanged)".into()
            } else if after.starts_with("fail: ") || after.contains(" = ") {
                printable(after).into_owned()
            } else {
                format!("{:?}", after)
            }
        }
    }
}

/// `CanonicalizeHost step 6`, `CanonicalizeHost step 20.2.1 (label 2)`,
/// `CanonicalizeHost step 11 > Nameprep step 2`.
fn describe(row: &AlignedStep) -> String {
    let label = row
        .label
        .map(|l| format!(" (label {l})"))
        .unwrap_or_default();
    match &row.within {
        Some(w) => format!(
            "CanonicalizeHost step {w}{label} > Nameprep step {}",
            row.step
        ),
        None => format!("CanonicalizeHost step {}{label}", row.step),
    }
}

fn before_text(c: &StepCell) -> String {
    match &c.before {
        Some(b) => format!("{b:?}"),
        None => String::new(),
    }
}

/// The step table: one line per step when every profile did the same,
/// otherwise one line per group of profiles that did the same.
pub(super) fn render(t: &UrlTrace, c: &Comparison, rows: Rows, color: bool) -> String {
    let mut s = String::new();
    s.push_str(&format!("url       {}\n", printable(&t.input)));
    if let Some(b) = &t.base {
        s.push_str(&format!("base      {}\n", printable(b)));
    }
    let shown: Vec<String> = c
        .results
        .iter()
        .map(|r| match (r.canonical(), r.rejection()) {
            (Some(canon), _) => printable(canon).into_owned(),
            (None, Some(e)) => paint(color, RED, &format!("error: {}", printable(&e.to_string()))),
            (None, None) => String::new(),
        })
        .collect();
    // One line per group of profiles with the same result (`all` when
    // they all have it), so that a reason is said once.
    let mut groups: Vec<(Vec<&str>, &str)> = Vec::new();
    for (r, v) in c.results.iter().zip(&shown) {
        match groups.iter_mut().find(|(_, g)| *g == v.as_str()) {
            Some((names, _)) => names.push(&r.engine),
            None => groups.push((vec![&r.engine], v)),
        }
    }
    let labels: Vec<String> = match groups.len() {
        1 if c.results.len() > 1 => vec!["all".to_string()],
        _ => groups.iter().map(|(names, _)| names.join(", ")).collect(),
    };
    let w = labels.iter().map(|l| display_width(l)).max().unwrap_or(0);
    for (k, (label, (_, v))) in labels.iter().zip(&groups).enumerate() {
        let heading = if k == 0 { "result" } else { "" };
        s.push_str(&format!("{}  {}  {v}\n", pad(heading, 8), pad(label, w)));
    }
    // The URL-level steps that change a result: what the profile gives
    // without each.
    for (k, (engine, effect)) in t.url_steps.iter().enumerate() {
        let heading = if k == 0 { "url step" } else { "" };
        let stage = effect.stages.first().map_or("", |s| s.as_str());
        let without = match &effect.without {
            Ok(url) => printable(url).into_owned(),
            Err(e) => format!("error: {}", printable(e)),
        };
        s.push_str(&format!(
            "{}  {engine}  {} ({stage}); without it: {without}\n",
            pad(heading, 8),
            effect.step
        ));
    }
    let Some(host) = &t.host else {
        let why = t.no_host.as_deref().unwrap_or("");
        // An invalid URL's reason is already on the result line.
        let said = c
            .results
            .iter()
            .any(|r| r.rejection().is_some_and(|e| e.to_string() == why));
        if said {
            s.push_str("no host to trace (the URL is invalid)\n");
        } else {
            s.push_str(&format!("no host to trace: {why}\n"));
        }
        return s;
    };
    s.push_str(&format!(
        "host      {:?} (scheme {})\n",
        host,
        t.scheme.as_deref().unwrap_or("")
    ));
    if !t.untraced.is_empty() {
        s.push_str(&format!(
            "untraced  {} (no marked steps)\n",
            t.untraced.join(", ")
        ));
    }
    if !t.whole_url.is_empty() {
        s.push_str(&format!(
            "untraced  {} (URL-level steps give the whole URL: no host steps run)\n",
            t.whole_url.join(", ")
        ));
    }
    if t.traces.is_empty() {
        return s;
    }
    s.push('\n');

    // Which engines have ended at each row (for "not reached").
    let last: Vec<Option<usize>> = (0..t.engines.len())
        .map(|e| {
            t.steps
                .iter()
                .rposition(|r| r.cells[e].state != CellState::Absent)
        })
        .collect();
    let divergence = t.divergence.as_ref().map(|d| d.index);

    // Rows of cells: step, marks, profiles, before, after.
    let mut lines: Vec<Line> = Vec::new();
    let mut folded: Vec<&str> = Vec::new();
    for (i, row) in t.steps.iter().enumerate() {
        let is_div = divergence == Some(i);
        if rows != Rows::All && !is_div && !row.cells.iter().any(changed) {
            folded.push(&row.step);
            continue;
        }
        if rows == Rows::Folded {
            fold(&mut lines, &mut folded);
        }
        folded.clear();
        let ended = |e: usize| last[e].is_none_or(|l| i > l);
        // Groups of engines with the same cell.
        let mut groups: Vec<(Vec<usize>, String, String)> = Vec::new();
        for (e, cell) in row.cells.iter().enumerate() {
            if cell.state == CellState::Absent && !is_div {
                continue;
            }
            // A skipped step passes its string on: what it was does not
            // matter, and leaving it out keeps skipped profiles together.
            let before = if cell.state == CellState::Skipped {
                String::new()
            } else {
                before_text(cell)
            };
            let after = after_text(cell, ended(e));
            match groups
                .iter_mut()
                .find(|(_, b, a)| *b == before && *a == after)
            {
                Some((members, _, _)) => members.push(e),
                None => groups.push((vec![e], before, after)),
            }
        }
        let step = if row.within.is_some() {
            format!("  {}", row.label())
        } else {
            row.label()
        };
        for (k, (members, before, after)) in groups.into_iter().enumerate() {
            let who = if members.len() == t.engines.len() && t.engines.len() > 1 {
                "all".to_string()
            } else {
                members
                    .iter()
                    .map(|&e| t.engines[e].as_str())
                    .collect::<Vec<_>>()
                    .join(",")
            };
            let (st, marks) = if k == 0 {
                (step.clone(), row.marks.clone())
            } else {
                (String::new(), String::new())
            };
            lines.push(Line::Step([st, marks, who, before, after], k == 0, is_div));
        }
    }
    if rows == Rows::Folded {
        fold(&mut lines, &mut folded);
    }
    let headers = ["step", "marks", "profile", "before", "after"];
    let mut width = headers.map(display_width);
    for line in &lines {
        let Line::Step(cells, _, _) = line else {
            continue;
        };
        for k in 0..4 {
            width[k] = width[k].max(display_width(&cells[k]));
        }
    }
    let header: Vec<String> = headers
        .iter()
        .enumerate()
        .map(|(k, h)| {
            if k < 4 {
                pad(h, width[k])
            } else {
                h.to_string()
            }
        })
        .collect();
    s.push_str(&paint(color, DIM, &header.join("  ")));
    s.push('\n');
    let mut marked = false;
    // The same result everywhere: the same components, or the same
    // rejection (rejections for different reasons do not agree).
    let agree = c.groups().len() == 1;
    for line in lines {
        let (cells, first, is_div) = match line {
            Line::Step(cells, first, is_div) => (cells, first, is_div),
            Line::Fold(text) => {
                s.push_str(&paint(color, DIM, &text));
                s.push('\n');
                continue;
            }
        };
        let mut l = String::new();
        for k in 0..4 {
            l.push_str(&pad(&cells[k], width[k]));
            l.push_str("  ");
        }
        l.push_str(&cells[4]);
        if is_div {
            if first && !marked {
                l.push_str(if agree {
                    "  <== steps differ"
                } else {
                    "  <== first divergence"
                });
                marked = true;
            }
            s.push_str(&paint(color, BOLD_YELLOW, &l));
        } else {
            s.push_str(&l);
        }
        s.push('\n');
    }
    s.push('\n');
    if t.engines.len() >= 2 {
        match &t.divergence {
            Some(d) => {
                let row = &t.steps[d.index];
                let mut groups: Vec<String> = d.groups.iter().map(|g| g.join(", ")).collect();
                if !d.not_at_step.is_empty() {
                    groups.push(format!("{} (not at this step)", d.not_at_step.join(", ")));
                }
                let marks = if row.marks.is_empty() {
                    String::new()
                } else {
                    format!(" [{}]", row.marks)
                };
                s.push_str(&paint(
                    color,
                    BOLD_RED,
                    &format!(
                        "{} {}{marks}: {}",
                        if agree {
                            "results agree; intermediate steps differ at"
                        } else {
                            "first divergence:"
                        },
                        describe(row),
                        groups.join(" | ")
                    ),
                ));
                s.push('\n');
            }
            None => s.push_str("no divergence: every profile's steps give the same host\n"),
        }
    }
    s
}

/// A line of the step table: a step's cells (step, marks, profiles,
/// before, after), whether it is the step's first line and whether the
/// step is where the profiles diverge; or a run of folded steps.
enum Line {
    Step([String; 5], bool, bool),
    Fold(String),
}

/// Whether a profile's step changed the string or failed (a note such as
/// `need-punycode = true` changes nothing).
fn changed(c: &StepCell) -> bool {
    let Some(after) = c.after.as_deref() else {
        return false;
    };
    c.state == CellState::Ran
        && (after.starts_with("fail: ")
            || (Some(after) != c.before.as_deref() && !after.contains(" = ")))
}

/// One line for the steps in `folded` (if any), which changed nothing.
fn fold(lines: &mut Vec<Line>, folded: &mut Vec<&str>) {
    match folded.as_slice() {
        [] => {}
        [one] => lines.push(Line::Fold(format!("  (step {one} changes nothing)"))),
        [first, .., last] => lines.push(Line::Fold(format!(
            "  ({} steps, {first} to {last}, change nothing)",
            folded.len()
        ))),
    }
    folded.clear();
}

#[cfg(test)]
mod tests {
    use super::*;
    use urlprism::engines::builtin_engines;

    /// The table of `url` under every built-in engine, with `rows`.
    fn table(url: &str, rows: Rows) -> String {
        let (trace, comparison) = urlprism::json::trace_and_compare(url, None, &builtin_engines());
        render(&trace, &comparison, rows, false)
    }

    /// Folding (the default on a terminal) keeps the rows `--changes`
    /// keeps, in order, and puts one line in place of each run of the
    /// others, which together count every step left out.
    #[test]
    fn folded_table_is_the_changes_with_one_line_per_run() {
        let url = "http://Example.com/";
        let (all, folded, changes) = (
            table(url, Rows::All),
            table(url, Rows::Folded),
            table(url, Rows::Changes),
        );
        let is_fold = |l: &&str| l.trim_start().starts_with('(') && l.contains("change");
        let unfolded: Vec<&str> = folded.lines().filter(|l| !is_fold(l)).collect();
        assert_eq!(unfolded, changes.lines().collect::<Vec<_>>());
        let folds: Vec<&str> = folded.lines().filter(is_fold).collect();
        assert!(!folds.is_empty(), "{folded}");
        // The steps folded away: each fold line says how many.
        let counted: usize = folds
            .iter()
            .map(|l| {
                let n = l.trim_start().trim_start_matches('(');
                n.split(' ').next().unwrap().parse::<usize>().unwrap_or(1)
            })
            .sum();
        let step_rows = |t: &str| {
            t.lines()
                .skip_while(|l| !l.starts_with("step "))
                .skip(1)
                .take_while(|l| !l.is_empty())
                .filter(|l| {
                    !l.starts_with(' ') || l.trim_start().starts_with(|c: char| c.is_ascii_digit())
                })
                .count()
        };
        assert_eq!(
            step_rows(&all),
            step_rows(&changes) + counted,
            "{all}\n{folded}"
        );
    }
}
