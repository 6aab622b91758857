//! Corpus mode (`urlprism compare --diff-only`): the counts kept while
//! URLs stream by, in constant memory, with the summary printed at the
//! end, and the progress line on standard error.

use crate::cli::width::{display_width, pad};
use std::collections::HashMap;
use std::io::{self, IsTerminal};
use std::time::{Duration, Instant};
use urlprism::compare::{pair_divergences, Comparison, Engine, Field, HostTrace};
use urlprism::ParsedUrl;

/// Counts kept while streaming: constant memory (the keys are profile
/// pairs, fields and step names, never URLs).
pub(super) struct Stats {
    names: Vec<String>,
    pub(super) read: u64,
    pub(super) unreadable: u64,
    pub(super) disagreeing: u64,
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
    pub(super) fn new(names: Vec<String>, trace_steps: bool) -> Stats {
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
    pub(super) fn record(&mut self, c: &Comparison) {
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
    pub(super) fn record_steps(
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
    pub(super) fn merge(mut self, other: Stats) -> Stats {
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

    pub(super) fn summary(&self, elapsed: Duration) -> String {
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
pub(super) struct Progress {
    pub(super) on: bool,
    start: Instant,
    last: Instant,
    shown: bool,
}

impl Progress {
    pub(super) fn new() -> Progress {
        let now = Instant::now();
        Progress {
            on: io::stderr().is_terminal(),
            start: now,
            last: now,
            shown: false,
        }
    }

    pub(super) fn tick(&mut self, read: u64, disagreeing: u64) {
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

    pub(super) fn clear(&mut self) {
        if self.shown {
            eprint!("\r\x1b[K");
            self.shown = false;
        }
    }
}

/// `n` and the noun in its number: `1 URL`, `2 URLs`.
fn plural(n: u64, one: &str, many: &str) -> String {
    match n {
        1 => format!("1 {one}"),
        n => format!("{n} {many}"),
    }
}
