//! Explaining where engines differ: their CanonicalizeHost traces
//! aligned step by step ([`UrlTrace`], [`trace_url`]) and the first step
//! where they diverge ([`Divergence`]).

use super::comparison::Comparer;
use super::engine::{Engine, HostTrace, CANONICALIZE_HOST, NAMEPREP};
use crate::algorithm::host::trace::TraceStep;
use crate::engines::chromium::CHROMIUM;
use crate::engines::whatwg::host_trace::URL_STANDARD;
use crate::error::Error;
use crate::step_effects::StepEffect;
use serde::Serialize;

// ---------------------------------------------------------------------------
// Engines
// ---------------------------------------------------------------------------

/// Whether an engine ran a step, skipped it, or never reported it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum CellState {
    /// The profile runs the step.
    Ran,
    /// The step is marked for other profiles.
    Skipped,
    /// The engine did not report the step: its pipeline had already
    /// returned or failed, or it took another path (e.g. no Nameprep run
    /// there, or no label conversion).
    Absent,
}

/// One engine's part of an aligned step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StepCell {
    /// The engine's name.
    pub engine: String,
    pub state: CellState,
    /// The step number the engine reported (e.g. `20.2.2` where another
    /// reports `20.2.1`).
    pub step: Option<&'static str>,
    /// The string before the step (absent: `None`).
    pub before: Option<String>,
    /// What the step made of it: the new string, `fail: <reason>`, or a
    /// note such as `need-punycode = true` (skipped or absent: `None`).
    pub after: Option<String>,
}

/// One step, with every engine's outcome.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AlignedStep {
    /// Unique among the rows, e.g. `6`, `11/Nameprep 3`, `20.2[1]`.
    pub key: String,
    /// `CanonicalizeHost` or `Nameprep`.
    pub pipeline: &'static str,
    /// The specification step number (those reported, joined with `/`
    /// when engines differ, e.g. `20.2.1/20.2.2`).
    pub step: String,
    /// For a step inside a Nameprep run, the CanonicalizeHost step that
    /// ran it (e.g. `11`, `20.2.1`).
    pub within: Option<String>,
    /// For the label conversion (step 20.2) and the Nameprep run inside
    /// it, the label's number (from 1).
    pub label: Option<usize>,
    /// The step's marks (`""` for an unmarked step; those reported, joined
    /// with ` | `, when engines differ).
    pub marks: String,
    /// One cell per engine.
    pub cells: Vec<StepCell>,
}

impl AlignedStep {
    /// A short description, e.g. `6`, `11 > Nameprep 7`, `20.2.1 (label 2)`.
    pub fn label(&self) -> String {
        let mut s = String::new();
        if let Some(w) = &self.within {
            s.push_str(w);
            s.push_str(" > Nameprep ");
        }
        s.push_str(&self.step);
        if let Some(l) = self.label {
            s.push_str(&format!(" (label {l})"));
        }
        s
    }

    /// [`AlignedStep::label`] without the label number (to count steps
    /// across URLs).
    pub fn step_name(&self) -> String {
        match &self.within {
            Some(w) => format!("{w} > Nameprep {}", self.step),
            None => self.step.clone(),
        }
    }

    /// Whether every engine reported the same thing (or nothing).
    pub fn uniform(&self) -> bool {
        let first = &self.cells[0];
        self.cells
            .iter()
            .all(|c| c.state == first.state && c.before == first.before && c.after == first.after)
    }
}

/// The first step where engines diverge.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Divergence {
    /// Index into the aligned steps.
    pub index: usize,
    /// The row's [`AlignedStep::label`].
    pub step: String,
    /// The engines grouped by outcome at that step (names).
    pub groups: Vec<Vec<String>>,
    /// The engines that have no outcome to compare at that step (names):
    /// they did not run it (a step their pipeline does not have, or the
    /// note of a step they skipped), and go on after it.
    pub not_at_step: Vec<String>,
}

/// A URL's host traced under several engines, aligned step by step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct UrlTrace {
    pub input: String,
    pub base: Option<String>,
    /// The resolved URL's scheme (lowercase), when it has one.
    pub scheme: Option<String>,
    /// The resolved URL's host, as CanonicalizeHost receives it (for
    /// `file:` URLs, before the drive letter and `localhost` are moved
    /// out).
    pub host: Option<String>,
    /// Why the URL has no host to trace (invalid, or no host).
    pub no_host: Option<String>,
    /// The engines traced, in order.
    pub engines: Vec<String>,
    /// Engines that have no steps to trace.
    pub untraced: Vec<String>,
    /// Profiles whose observed URL-level steps give the URL without the
    /// host's steps (a kind of URL of the browser's own, such as
    /// googleurl's path URLs, or an input they find invalid): not traced.
    pub whole_url: Vec<String>,
    /// The URL-level steps that change a profile's result for this URL
    /// ([`crate::step_effects::acting`]), profile by profile.
    pub url_steps: Vec<(String, StepEffect)>,
    /// Each traced engine's run.
    pub traces: Vec<HostTrace>,
    /// The steps, aligned.
    pub steps: Vec<AlignedStep>,
    /// The first step where the traced engines diverge, when they do.
    pub divergence: Option<Divergence>,
}

/// Resolves `input` against `base` (or itself) and traces its host under
/// each engine that has steps to trace.
pub fn trace_url(input: &str, base: Option<&str>, engines: &[&dyn Engine]) -> UrlTrace {
    let comparer = Comparer::new(engines, base, encoding_rs::UTF_8);
    let mut t = UrlTrace {
        input: input.to_string(),
        base: base.map(str::to_string),
        scheme: None,
        host: None,
        no_host: None,
        engines: Vec::new(),
        untraced: Vec::new(),
        whole_url: Vec::new(),
        url_steps: Vec::new(),
        traces: Vec::new(),
        steps: Vec::new(),
        divergence: None,
    };
    for e in engines {
        if let Some(p) = e.as_profile() {
            let effects = super::guard::guarded(|| crate::step_effects::acting(p, input, base));
            let name = e.name().to_string();
            t.url_steps.extend(
                effects
                    .unwrap_or_default()
                    .into_iter()
                    .map(|s| (name.clone(), s)),
            );
        }
    }
    let resolved = match comparer.resolve(input) {
        Ok(r) => r,
        Err(panic) => {
            t.no_host = Some(format!("internal error: {panic}"));
            return t;
        }
    };
    if let Some(reason) = resolved.invalid {
        t.no_host = Some(Error::Invalid(reason).to_string());
        return t;
    }
    let scheme = resolved
        .scheme
        .as_deref()
        .unwrap_or("")
        .to_ascii_lowercase();
    t.scheme = resolved.scheme.as_ref().map(|_| scheme.clone());
    let Some(host) = resolved.host.as_deref() else {
        t.no_host = Some("the URL has no host".to_string());
        return t;
    };
    t.host = Some(host.to_string());
    for e in engines {
        if e.as_profile()
            .is_some_and(|p| gives_whole_url(p, input, base))
        {
            t.whole_url.push(e.name().to_string());
            continue;
        }
        match e.trace_host(host, &scheme) {
            Some(tr) => {
                t.engines.push(e.name().to_string());
                t.traces.push(tr);
            }
            None => t.untraced.push(e.name().to_string()),
        }
    }
    let refs: Vec<&HostTrace> = t.traces.iter().collect();
    t.steps = align(&refs);
    t.divergence = first_divergence(&t.steps, &refs);
    t
}

/// Whether the observed URL-level steps of `profile` give `input`
/// (against `base`) without the host's steps
/// ([`crate::observed::kind::before_the_parser`]).
fn gives_whole_url(profile: &dyn crate::profile::Profile, input: &str, base: Option<&str>) -> bool {
    use crate::observed::kind::{before_the_parser, BeforeTheParser};
    let before = before_the_parser(input, base, profile, encoding_rs::UTF_8);
    matches!(before, BeforeTheParser::Whole(_))
}

/// Steps whose outcome is a note (a flag or a decision, such as
/// `need-punycode = true`), not a string.
pub fn is_note(pipeline: &str, step: &str) -> bool {
    match pipeline {
        CANONICALIZE_HOST => matches!(step, "4" | "9" | "18" | "20.1" | "20"),
        NAMEPREP => step == "6",
        URL_STANDARD => step == crate::engines::whatwg::host_trace::ENDS_IN_A_NUMBER,
        _ => false,
    }
}

/// Whether `pipeline` is the stages of an engine of today (the URL
/// Standard's host parser, Chromium's host canonicalization), aligned with
/// the 2011 steps by [`stage_alignment`].
fn is_stage_pipeline(pipeline: &str) -> bool {
    pipeline == URL_STANDARD || pipeline == CHROMIUM
}

/// Where a stage of today's engines (the URL Standard's host parser,
/// Chromium's) lines up with the 2011 steps, where the algorithms
/// correspond: the CanonicalizeHost step (`20.2` for a label's
/// conversion) and, for a stage matching a Nameprep step, that step.  A
/// stage both engines run has one name, and one row.  `None`: a stage of
/// its own row.
///
/// - `percent-decode` ↔ step 6 (percent-decoding, UTF-8);
/// - `UTS #46 mapping` ↔ Nameprep 3 (Map), `UTS #46 normalization` ↔
///   Nameprep 7 (NFKC), `validity criteria` ↔ Nameprep 10 (Prohibit), in
///   the whole-host Nameprep of step 11; Chromium's `IDNA` (ICU's ToASCII
///   in one call) ↔ step 11;
/// - `Punycode` (one per label) ↔ 20.2.1 / 20.2.2 (ToASCII of a label);
/// - `IPv6 parser` ↔ 25, `IPv4 parser` ↔ 27, `forbidden domain code
///   points` ↔ 28, and Chromium's character checks, `ASCII fast path` and
///   `host characters after IDNA` ↔ 28.
fn stage_alignment(stage: &str) -> Option<(&'static str, Option<&'static str>)> {
    Some(match stage {
        "percent-decode" => ("6", None),
        "UTS #46 mapping" => ("11", Some("3")),
        "UTS #46 normalization" => ("11", Some("7")),
        "validity criteria" => ("11", Some("10")),
        "IDNA" => ("11", None),
        "Punycode" => ("20.2", None),
        "IPv6 parser" => ("25", None),
        "IPv4 parser" => ("27", None),
        "forbidden domain code points" | "ASCII fast path" | "host characters after IDNA" => {
            ("28", None)
        }
        _ => return None,
    })
}

/// The label conversion steps (20.2.1, 20.2.2), one report per label.
fn is_label_step(step: &str) -> bool {
    step == "20.2.1" || step == "20.2.2"
}

/// Where a step sits, the same across engines: the CanonicalizeHost step
/// (`20.2` for the conversion of a label, whichever of 20.2.1 and 20.2.2
/// the engine runs), the label's number, and for a Nameprep step, its
/// number (the Nameprep run belongs to the CanonicalizeHost step reported
/// after it).  `dup` tells apart a step reported twice at one place.
///
/// `fp`, a fingerprint of the other fields but `dup`, comes first so that
/// the derived equality rejects most keys without comparing strings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Key {
    fp: u64,
    dup: usize,
    host: &'static str,
    label: Option<usize>,
    nameprep: Option<(&'static str, &'static str)>,
}

impl Key {
    fn new(
        host: &'static str,
        label: Option<usize>,
        nameprep: Option<(&'static str, &'static str)>,
    ) -> Key {
        // FNV-1a over the fields.
        let mut fp: u64 = 0xcbf2_9ce4_8422_2325;
        let mut eat = |bytes: &[u8]| {
            for &b in bytes.iter().chain([0xff].iter()) {
                fp ^= u64::from(b);
                fp = fp.wrapping_mul(0x0100_0000_01b3);
            }
        };
        eat(host.as_bytes());
        eat(&label.map_or(0, |l| l + 1).to_le_bytes());
        if let Some((p, st)) = nameprep {
            eat(p.as_bytes());
            eat(st.as_bytes());
        }
        Key {
            fp,
            dup: 0,
            host,
            label,
            nameprep,
        }
    }

    /// Unique text for the row, e.g. `6`, `11/Nameprep 3`, `20.2[1]`.
    fn text(&self) -> String {
        let mut s = self.host.to_string();
        if let Some(l) = self.label {
            s.push_str(&format!("[{l}]"));
        }
        if let Some((pipeline, step)) = self.nameprep {
            s.push_str(&format!("/{pipeline} {step}"));
        }
        if self.dup > 0 {
            s.push_str(&format!("#{}", self.dup + 1));
        }
        s
    }
}

/// A step of one engine's trace, with its key and the actual number of
/// the CanonicalizeHost step that ran it (for a Nameprep step).
struct Keyed<'a> {
    key: Key,
    within: Option<&'static str>,
    step: &'a TraceStep,
}

/// Appends a step at `key`, counting the steps already there.
fn push<'a>(out: &mut Vec<Keyed<'a>>, key: Key, within: Option<&'static str>, step: &'a TraceStep) {
    let dup = out
        .iter()
        .filter(|k| k.key.fp == key.fp && Key { dup: 0, ..k.key } == key)
        .count();
    out.push(Keyed {
        key: Key { dup, ..key },
        within,
        step,
    });
}

/// Keys the steps of one trace, in order.
fn key_steps(steps: &[TraceStep]) -> Vec<Keyed<'_>> {
    let mut out: Vec<Keyed<'_>> = Vec::with_capacity(steps.len());
    let mut pending: Vec<&TraceStep> = Vec::new();
    let mut labels = 0;
    for s in steps {
        if is_stage_pipeline(s.pipeline) {
            let (key, within) = match stage_alignment(s.step) {
                Some(("20.2", None)) => {
                    labels += 1;
                    (Key::new("20.2", Some(labels), None), None)
                }
                Some((host, Some(nameprep))) => {
                    (Key::new(host, None, Some((NAMEPREP, nameprep))), Some(host))
                }
                Some((host, None)) => (Key::new(host, None, None), None),
                None => (Key::new(s.step, None, None), None),
            };
            push(&mut out, key, within, s);
            continue;
        }
        if s.pipeline != CANONICALIZE_HOST {
            pending.push(s);
            continue;
        }
        let (host, label) = if is_label_step(s.step) {
            labels += 1;
            ("20.2", Some(labels))
        } else {
            (s.step, None)
        };
        for p in pending.drain(..) {
            let key = Key::new(host, label, Some((p.pipeline, p.step)));
            push(&mut out, key, Some(s.step), p);
        }
        let key = Key::new(host, label, None);
        push(&mut out, key, None, s);
    }
    for p in pending {
        let key = Key::new("end", None, Some((p.pipeline, p.step)));
        push(&mut out, key, Some("end"), p);
    }
    out
}

/// The steps of several traces on a common grid: the ordered union of the
/// keys (in the order the steps ran), and for each row, each engine's
/// step there (if it reported one).
struct Grid<'a> {
    rows: Vec<Key>,
    within: Vec<Option<&'static str>>,
    cells: Vec<Vec<Option<&'a TraceStep>>>,
}

fn grid<'a>(traces: &[&'a HostTrace]) -> Grid<'a> {
    let keyed: Vec<Vec<Keyed<'a>>> = traces.iter().map(|t| key_steps(&t.steps)).collect();
    let mut rows: Vec<Key> = Vec::new();
    let mut within: Vec<Option<&'static str>> = Vec::new();
    // The engines mostly run the same steps in the same order: look where
    // the last step left off first.
    let find = |rows: &[Key], key: &Key, hint: usize| {
        rows.get(hint..)
            .and_then(|r| r.iter().position(|r| r == key))
            .map(|j| j + hint)
            .or_else(|| rows.iter().position(|r| r == key))
    };
    for ks in &keyed {
        let mut pos = 0;
        for k in ks {
            match find(&rows, &k.key, pos) {
                Some(j) => pos = pos.max(j + 1),
                None => {
                    rows.insert(pos, k.key);
                    within.insert(pos, k.within);
                    pos += 1;
                }
            }
        }
    }
    let mut cells = vec![vec![None; traces.len()]; rows.len()];
    for (e, ks) in keyed.iter().enumerate() {
        let mut hint = 0;
        for k in ks {
            if let Some(i) = find(&rows, &k.key, hint) {
                cells[i][e] = Some(k.step);
                hint = i + 1;
            }
        }
    }
    Grid {
        rows,
        within,
        cells,
    }
}

/// Aligns the traces step by step: one row per step any engine reported,
/// in the order they ran.
pub fn align(traces: &[&HostTrace]) -> Vec<AlignedStep> {
    let g = grid(traces);
    g.rows
        .iter()
        .zip(&g.within)
        .zip(&g.cells)
        .map(|((key, within), cells)| {
            let mut row = AlignedStep {
                key: key.text(),
                pipeline: key.nameprep.map_or(CANONICALIZE_HOST, |(p, _)| p),
                step: String::new(),
                within: within.map(str::to_string),
                label: key.label,
                marks: String::new(),
                cells: Vec::with_capacity(traces.len()),
            };
            for (t, cell) in traces.iter().zip(cells) {
                row.cells.push(match cell {
                    Some(s) => {
                        join_distinct(&mut row.step, s.step, "/");
                        join_distinct(&mut row.marks, s.marks, " | ");
                        StepCell {
                            engine: t.engine.clone(),
                            state: if s.ran {
                                CellState::Ran
                            } else {
                                CellState::Skipped
                            },
                            step: Some(s.step),
                            before: Some(s.before.clone()),
                            after: s.ran.then(|| s.after.clone()),
                        }
                    }
                    None => StepCell {
                        engine: t.engine.clone(),
                        state: CellState::Absent,
                        step: None,
                        before: None,
                        after: None,
                    },
                });
            }
            row
        })
        .collect()
}

/// Appends `part` to the list `s` of parts joined with `sep`, unless it
/// is there.
fn join_distinct(s: &mut String, part: &str, sep: &str) {
    if part.is_empty() || s.split(sep).any(|p| p == part) {
        return;
    }
    if !s.is_empty() {
        s.push_str(sep);
    }
    s.push_str(part);
}

/// One engine's cell, borrowed from an [`AlignedStep`] or a [`TraceStep`].
#[derive(Clone, Copy)]
struct View<'a> {
    pipeline: &'a str,
    step: &'a str,
    state: CellState,
    before: &'a str,
    after: &'a str,
}

/// What an engine's cell says for the purpose of finding a divergence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Said<'a> {
    /// The string after the step (unchanged when skipped), or a failure.
    Value(&'a str),
    /// A note (compared with notes only).
    Note(&'a str),
    /// The pipeline has ended: its result.
    Ended(&'a str),
}

fn said<'a>(v: Option<View<'a>>, ended: bool, result: &'a str) -> Option<Said<'a>> {
    let Some(v) = v else {
        return ended.then_some(Said::Ended(result));
    };
    let note = is_note(v.pipeline, v.step);
    match v.state {
        CellState::Ran if note => Some(Said::Note(v.after)),
        CellState::Ran => Some(Said::Value(v.after)),
        CellState::Skipped if note => None,
        CellState::Skipped => Some(Said::Value(v.before)),
        CellState::Absent => ended.then_some(Said::Ended(result)),
    }
}

/// Whether two sayings agree; `None` when they cannot be compared.
fn same(a: Said<'_>, b: Said<'_>) -> Option<bool> {
    match (a, b) {
        (Said::Note(x), Said::Note(y)) => Some(x == y),
        (Said::Note(_), _) | (_, Said::Note(_)) => None,
        (Said::Value(x) | Said::Ended(x), Said::Value(y) | Said::Ended(y)) => Some(x == y),
    }
}

/// The divergence logic on a grid of views (`cell(row, engine)`, `rows`
/// rows of `results.len()` engines): the first row where two comparable
/// outcomes differ, and the engines grouped by outcome there.  Runs once
/// per engine pair of every disagreeing URL in `compare --diff-only`: no
/// allocation per row.
fn divergence_core<'a>(
    rows: usize,
    cell: impl Fn(usize, usize) -> Option<View<'a>>,
    results: &[&'a str],
) -> Option<(usize, Vec<Vec<usize>>, Vec<usize>)> {
    const NOT_AT_STEP: usize = usize::MAX;
    let engines = results.len();
    if engines < 2 {
        return None;
    }
    let last: Vec<Option<usize>> = (0..engines)
        .map(|e| (0..rows).rposition(|r| cell(r, e).is_some()))
        .collect();
    // Each engine's string so far, for a row where another fails.
    let mut so_far: Vec<Option<&'a str>> = vec![None; engines];
    let mut says: Vec<Option<Said<'a>>> = Vec::with_capacity(engines);
    let mut views: Vec<Option<View<'a>>> = Vec::with_capacity(engines);
    // The outcomes met at a row, and each engine's (an index into them).
    let mut groups: Vec<Said<'a>> = Vec::with_capacity(engines);
    let mut member: Vec<usize> = vec![NOT_AT_STEP; engines];
    for i in 0..rows {
        views.clear();
        views.extend((0..engines).map(|e| cell(i, e)));
        says.clear();
        says.extend(
            (0..engines).map(|e| said(views[e], last[e].is_none_or(|l| i > l), results[e])),
        );
        groups.clear();
        let mut differ = false;
        // A step that fails parts from an engine that goes on without
        // reporting it (a step of another algorithm): compared with that
        // engine's string so far.
        let fails = says
            .iter()
            .any(|s| matches!(s, Some(Said::Value(v)) if v.starts_with("fail: ")));
        for e in 0..engines {
            member[e] = NOT_AT_STEP;
            let going_on = last[e].is_some_and(|l| i < l);
            let s = match (says[e], views[e], so_far[e]) {
                (Some(s), _, _) => s,
                (None, None, Some(v)) if fails && going_on => Said::Value(v),
                _ => continue,
            };
            if let Some(Said::Value(v)) = says[e] {
                so_far[e] = Some(v);
            }
            if groups.iter().any(|g| same(*g, s) == Some(false)) {
                differ = true;
            }
            member[e] = match groups.iter().position(|g| same(*g, s) == Some(true)) {
                Some(g) => g,
                None => {
                    groups.push(s);
                    groups.len() - 1
                }
            };
        }
        if differ {
            let grouped = (0..groups.len())
                .map(|g| (0..engines).filter(|&e| member[e] == g).collect())
                .collect();
            let not_at_step = (0..engines).filter(|&e| member[e] == NOT_AT_STEP);
            return Some((i, grouped, not_at_step.collect()));
        }
    }
    None
}

fn view_of_step(s: &TraceStep) -> View<'_> {
    View {
        pipeline: s.pipeline,
        step: s.step,
        state: if s.ran {
            CellState::Ran
        } else {
            CellState::Skipped
        },
        before: &s.before,
        after: if s.ran { &s.after } else { "" },
    }
}

/// The first aligned step where the engines' outcomes differ: the strings
/// after it (a skipped step leaves the string unchanged), a failure, or
/// the end of one engine's pipeline while another goes on.  Notes are
/// compared only between engines that ran the step; an engine that did
/// not report a step but goes on afterwards is not compared there.
///
/// `rows` are [`align`]`(traces)`.
pub fn first_divergence(rows: &[AlignedStep], traces: &[&HostTrace]) -> Option<Divergence> {
    let results: Vec<String> = traces.iter().map(|t| t.result()).collect();
    let results: Vec<&str> = results.iter().map(String::as_str).collect();
    let cell = |r: usize, e: usize| {
        let (row, c) = (&rows[r], &rows[r].cells[e]);
        (c.state != CellState::Absent).then(|| View {
            pipeline: row.pipeline,
            step: c.step.unwrap_or(""),
            state: c.state,
            before: c.before.as_deref().unwrap_or(""),
            after: c.after.as_deref().unwrap_or(""),
        })
    };
    let (index, groups, not_at_step) = divergence_core(rows.len(), cell, &results)?;
    let name = |e: usize| traces[e].engine.clone();
    Some(Divergence {
        index,
        step: rows[index].label(),
        groups: groups
            .into_iter()
            .map(|g| g.into_iter().map(name).collect())
            .collect(),
        not_at_step: not_at_step.into_iter().map(name).collect(),
    })
}

/// The first step where two engines' host traces diverge, as
/// [`AlignedStep::step_name`] (e.g. `6`, `11 > Nameprep 4`); the same as
/// [`first_divergence`] on [`align`], without building the rows.
pub fn pair_divergence(a: &HostTrace, b: &HostTrace) -> Option<String> {
    pair_divergences(&[a, b], &[(0, 1)]).pop().flatten()
}

/// [`pair_divergence`] for each pair `(i, j)` of `pairs` (indices into
/// `traces`), aligning all the traces once.  Rows where neither engine of
/// a pair reported a step are left out of that pair's comparison.
pub fn pair_divergences(traces: &[&HostTrace], pairs: &[(usize, usize)]) -> Vec<Option<String>> {
    let g = grid(traces);
    let results: Vec<String> = traces.iter().map(|t| t.result()).collect();
    pairs
        .iter()
        .map(|&(i, j)| {
            let kept: Vec<usize> = (0..g.cells.len())
                .filter(|&r| g.cells[r][i].is_some() || g.cells[r][j].is_some())
                .collect();
            let pair = [i, j];
            let cell = |r: usize, e: usize| g.cells[kept[r]][pair[e]].map(view_of_step);
            let pair_results = [results[i].as_str(), results[j].as_str()];
            let (k, _, _) = divergence_core(kept.len(), cell, &pair_results)?;
            let r = kept[k];
            let mut step = String::new();
            for s in [g.cells[r][i], g.cells[r][j]].into_iter().flatten() {
                join_distinct(&mut step, s.step, "/");
            }
            Some(match g.within[r] {
                Some(w) => format!("{w} > Nameprep {step}"),
                None => step,
            })
        })
        .collect()
}
