//! googleurl r155 (Chrome's URL library, 2011-05-02) against the `chrome`
//! profile, on the corpora of tests/data/oracles/corpus/.

use crate::common::{
    data_dir, in_ci, listing_dir, percent, read_json, read_jsonl, root, show, succeeds, Tally,
};
use libtest_mimic::{Completion, Failed, Trial};
use serde::Deserialize;
use serde_json::json;
use std::collections::{BTreeMap, HashSet};
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use urlprism::{profile, Canonicalizer};

/// The profile measured against googleurl.
const PROFILE: &str = "chrome";
/// The revision whose outputs are stored (tests/data/oracles/googleurl-r155/).
const REVISION: &str = "r155";
pub const CORPORA: [&str; 4] = ["hosts", "urls", "relative", "mixed"];
const SPLITS: [&str; 2] = ["tuning", "held-out"];
/// The builds: Linux/Mac rules, and Windows rules for `file:` URLs,
/// backslashes and drive letters.  Each with the variable that may name
/// its `gurl_canon` for `fresh`.
const BUILDS: [(&str, &str); 2] = [
    ("linux", "URLPRISM_GOOGLEURL_LINUX"),
    ("win", "URLPRISM_GOOGLEURL_WIN"),
];
/// Categories of differences shown per corpus, and examples per category.
const SHOWN_CATEGORIES: usize = 12;
const EXAMPLES: usize = 2;

/// The least number of lines on which the `chrome` profile agrees with
/// googleurl r155 (both valid with the same string, or both invalid):
/// (build, corpus, split, lines).  The figures measured when the outputs
/// were stored; the profile is to rise above them, never fall below
/// (and the floors with it).
pub const FLOORS: &[(&str, &str, &str, usize)] = &[
    ("linux", "hosts", "tuning", 14340),     // of 14344 (99.97%)
    ("linux", "hosts", "held-out", 7060),    // of 7061 (99.99%)
    ("linux", "urls", "tuning", 5021),       // of 5030 (99.82%)
    ("linux", "urls", "held-out", 2496),     // of 2500 (99.84%)
    ("linux", "relative", "tuning", 3227),   // of 3315 (97.35%)
    ("linux", "relative", "held-out", 1650), // of 1694 (97.40%)
    ("linux", "mixed", "tuning", 19229),     // of 19242 (99.93%)
    ("linux", "mixed", "held-out", 9616),    // of 9622 (99.94%)
    ("win", "hosts", "tuning", 14340),       // of 14344 (99.97%)
    ("win", "hosts", "held-out", 7060),      // of 7061 (99.99%)
    ("win", "urls", "tuning", 4505),         // of 5030 (89.56%)
    ("win", "urls", "held-out", 2241),       // of 2500 (89.64%)
    ("win", "relative", "tuning", 2850),     // of 3315 (85.97%)
    ("win", "relative", "held-out", 1451),   // of 1694 (85.66%)
    ("win", "mixed", "tuning", 19088),       // of 19242 (99.20%)
    ("win", "mixed", "held-out", 9526),      // of 9622 (99.00%)
];

// ---------------------------------------------------------------------------
// The data

#[derive(Deserialize)]
pub struct CorpusLine {
    pub part: String,
    pub split: String,
    pub input: String,
    pub base: Option<String>,
}

#[derive(Deserialize)]
struct OutputLine {
    #[serde(default)]
    line: Option<usize>,
    input: String,
    base: Option<String>,
    spec: Option<String>,
    loose: Option<String>,
    #[serde(default)]
    hex: bool,
}

/// What googleurl says of one line: valid with `spec()`, or invalid with
/// `possibly_invalid_spec()`; octets, since a few are not UTF-8.
#[derive(Clone, PartialEq, Eq, Debug)]
enum Answer {
    Valid(Vec<u8>),
    Invalid(Vec<u8>),
}

impl Answer {
    fn text(&self) -> String {
        match self {
            Answer::Valid(s) => String::from_utf8_lossy(s).into_owned(),
            Answer::Invalid(s) => format!("invalid ({:?})", String::from_utf8_lossy(s)),
        }
    }
}

fn unhex(s: &str) -> Result<Vec<u8>, String> {
    if !s.len().is_multiple_of(2) {
        return Err(format!("odd hex {s:?}"));
    }
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).map_err(|e| format!("{s:?}: {e}")))
        .collect()
}

impl OutputLine {
    fn answer(&self) -> Result<Answer, String> {
        let bytes = |s: &str| {
            if self.hex {
                unhex(s)
            } else {
                Ok(s.as_bytes().to_vec())
            }
        };
        match (&self.spec, &self.loose) {
            (Some(s), None) => Ok(Answer::Valid(bytes(s)?)),
            (None, Some(l)) => Ok(Answer::Invalid(bytes(l)?)),
            _ => Err(format!(
                "{:?}: exactly one of spec and loose must be given",
                self.input
            )),
        }
    }
}

pub struct Corpus {
    pub name: &'static str,
    pub lines: Vec<CorpusLine>,
}

pub fn corpus_path(name: &str) -> PathBuf {
    data_dir().join("corpus").join(format!("{name}.jsonl"))
}

fn outputs_dir(build: &str) -> PathBuf {
    data_dir().join(format!("googleurl-{REVISION}")).join(build)
}

/// The corpora, read once.
pub fn corpora() -> &'static [Corpus] {
    static READ: OnceLock<Vec<Corpus>> = OnceLock::new();
    READ.get_or_init(|| {
        CORPORA
            .iter()
            .map(|&name| Corpus {
                name,
                lines: read_jsonl(&corpus_path(name)).unwrap_or_else(|e| panic!("{e}")),
            })
            .collect()
    })
}

/// googleurl's answers for a corpus under a build: the Linux build's file
/// answers every line; another build's holds the lines where it differs,
/// each with its line number.  Each line's input and base are checked
/// against the corpus.
fn stored_answers(build: &str, corpus: &Corpus) -> Result<Vec<Answer>, String> {
    let linux_path = outputs_dir("linux").join(format!("{}.jsonl", corpus.name));
    let linux: Vec<OutputLine> = read_jsonl(&linux_path)?;
    if linux.len() != corpus.lines.len() {
        return Err(format!(
            "{}: {} lines for the {} of the corpus",
            linux_path.display(),
            linux.len(),
            corpus.lines.len()
        ));
    }
    let check = |o: &OutputLine, i: usize, what: &str| -> Result<(), String> {
        let c = &corpus.lines[i];
        if c.input != o.input || c.base != o.base {
            return Err(format!(
                "{what}, line {}: input {:?} base {:?} where the corpus has {:?} base {:?}",
                i + 1,
                o.input,
                o.base,
                c.input,
                c.base
            ));
        }
        Ok(())
    };
    let mut answers = Vec::with_capacity(linux.len());
    for (i, o) in linux.iter().enumerate() {
        check(o, i, &linux_path.display().to_string())?;
        answers.push(o.answer()?);
    }
    if build != "linux" {
        let path = outputs_dir(build).join(format!("{}.jsonl", corpus.name));
        let mut last = 0;
        for o in read_jsonl::<OutputLine>(&path)? {
            let n = o
                .line
                .ok_or_else(|| format!("{}: a line without its number", path.display()))?;
            if n <= last || n > answers.len() {
                return Err(format!("{}: line number {n} out of order", path.display()));
            }
            last = n;
            check(&o, n - 1, &path.display().to_string())?;
            let a = o.answer()?;
            if a == answers[n - 1] {
                return Err(format!(
                    "{}: line {n} is listed but answers as the Linux build does",
                    path.display()
                ));
            }
            answers[n - 1] = a;
        }
    }
    Ok(answers)
}

// ---------------------------------------------------------------------------
// Comparing

/// A URL string split into the components a difference is named by.
#[derive(Default, PartialEq)]
struct Parts<'a> {
    scheme: &'a str,
    userinfo: Option<&'a str>,
    host: Option<&'a str>,
    port: Option<&'a str>,
    path: &'a str,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

fn split_url(s: &str) -> Parts<'_> {
    let mut p = Parts::default();
    let (rest, fragment) = match s.find('#') {
        Some(i) => (&s[..i], Some(&s[i + 1..])),
        None => (s, None),
    };
    p.fragment = fragment;
    let Some(colon) = rest.find(':') else {
        p.path = rest;
        return p;
    };
    p.scheme = &rest[..colon];
    let mut rest = &rest[colon + 1..];
    if let Some(after) = rest.strip_prefix("//") {
        let end = after.find(['/', '?']).unwrap_or(after.len());
        let authority = &after[..end];
        rest = &after[end..];
        let hostport = match authority.rfind('@') {
            Some(at) => {
                p.userinfo = Some(&authority[..at]);
                &authority[at + 1..]
            }
            None => authority,
        };
        let bracket = hostport.rfind(']').map_or(0, |i| i + 1);
        match hostport[bracket..].find(':') {
            Some(c) => {
                p.host = Some(&hostport[..bracket + c]);
                p.port = Some(&hostport[bracket + c + 1..]);
            }
            None => p.host = Some(hostport),
        }
    }
    match rest.find('?') {
        Some(q) => {
            p.path = &rest[..q];
            p.query = Some(&rest[q + 1..]);
        }
        None => p.path = rest,
    }
    p
}

/// The first component in which two URL strings differ.
fn differing_component(a: &str, b: &str) -> &'static str {
    let (x, y) = (split_url(a), split_url(b));
    if x.scheme != y.scheme {
        "scheme"
    } else if x.userinfo != y.userinfo {
        "userinfo"
    } else if x.host != y.host {
        "host"
    } else if x.port != y.port {
        "port"
    } else if x.path != y.path {
        "path"
    } else if x.query != y.query {
        "query"
    } else if x.fragment != y.fragment {
        "fragment"
    } else {
        "string"
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Outcome {
    /// Both valid with the same string, or both invalid.
    Agree,
    /// googleurl says invalid, the profile gives a URL, and that URL is
    /// googleurl's `possibly_invalid_spec()`: they differ on validity
    /// only (a 2011 page saw this string in `a.href`).
    ValidityOnly,
    Differ,
}

/// The outcome of a line and, for a difference, its category.
fn compare(ours: &Option<String>, oracle: &Answer) -> (Outcome, String) {
    match (ours, oracle) {
        (Some(o), Answer::Valid(g)) if o.as_bytes() == g.as_slice() => {
            (Outcome::Agree, String::new())
        }
        (None, Answer::Invalid(_)) => (Outcome::Agree, String::new()),
        (Some(o), Answer::Invalid(g)) if o.as_bytes() == g.as_slice() => (
            Outcome::ValidityOnly,
            "googleurl invalid, ours valid: possibly_invalid_spec() is ours (validity only)".into(),
        ),
        (Some(o), Answer::Invalid(g)) => match std::str::from_utf8(g) {
            Ok("") => (
                Outcome::Differ,
                "googleurl invalid (no string), ours valid".into(),
            ),
            Ok(g) => (
                Outcome::Differ,
                format!(
                    "googleurl invalid, ours valid: {} differs from possibly_invalid_spec()",
                    differing_component(o, g)
                ),
            ),
            Err(_) => (
                Outcome::Differ,
                "googleurl invalid, ours valid: googleurl's string is not UTF-8".into(),
            ),
        },
        (None, Answer::Valid(_)) => (Outcome::Differ, "googleurl valid, ours invalid".into()),
        (Some(o), Answer::Valid(g)) => match std::str::from_utf8(g) {
            Ok(g) => (
                Outcome::Differ,
                format!("both valid: {} differs", differing_component(o, g)),
            ),
            Err(_) => (
                Outcome::Differ,
                "both valid: googleurl's spec is not UTF-8 (octets copied through)".into(),
            ),
        },
    }
}

/// Each line's URL under the profile (`None`: invalid, or an invalid
/// base), and for an invalid one the string the profile says the browser
/// shows ([`urlprism::Error::displayed`]).
type ProfileUrls = (Vec<Option<String>>, Vec<Option<String>>);

/// The profile's URLs for the lines of a corpus ([`ProfileUrls`]).
fn profile_urls(corpus: &Corpus) -> Result<ProfileUrls, String> {
    let p = profile::builtin(PROFILE).ok_or_else(|| format!("no built-in profile {PROFILE}"))?;
    let plain = Canonicalizer::new(p);
    let mut bases: BTreeMap<&str, Option<Canonicalizer>> = BTreeMap::new();
    let mut out = Vec::with_capacity(corpus.lines.len());
    let mut displayed = Vec::with_capacity(corpus.lines.len());
    for l in &corpus.lines {
        let url = match &l.base {
            None => Some(plain.canonicalize(&l.input)),
            Some(b) => bases
                .entry(b.as_str())
                .or_insert_with(|| Canonicalizer::new(p).base(b).ok())
                .as_ref()
                .map(|c| c.canonicalize(&l.input)),
        };
        displayed.push(
            url.as_ref()
                .and_then(|r| r.as_ref().err())
                .and_then(|e| e.displayed())
                .map(str::to_string),
        );
        out.push(url.and_then(Result::ok).map(|u| u.as_str().to_string()));
    }
    Ok((out, displayed))
}

/// A category's count and first examples.
#[derive(Default)]
struct Category {
    count: usize,
    examples: Vec<String>,
}

fn stored(build: &'static str) -> Result<(), Failed> {
    let provenance = read_json(&outputs_dir(build).join("provenance.json"))?;
    let mut report = format!(
        "{PROFILE} against googleurl {REVISION} ({}, {build} build, ICU {}, stored {}):\n",
        provenance["commit"].as_str().unwrap_or("?"),
        provenance["icu"].as_str().unwrap_or("?"),
        provenance["date"].as_str().unwrap_or("?"),
    );
    let listing_path =
        listing_dir().join(format!("{PROFILE}-vs-googleurl-{REVISION}-{build}.jsonl"));
    let mut listing = String::new();
    let mut measured: Vec<(&str, &str, usize, usize)> = Vec::new();
    for corpus in corpora() {
        let answers = stored_answers(build, corpus)?;
        let (ours, displayed) = profile_urls(corpus)?;
        // Both invalid: how often the string the profile says the browser
        // shows is googleurl's possibly_invalid_spec().
        let mut shown = Tally::default();
        let mut by_split: BTreeMap<&str, Tally> = BTreeMap::new();
        let mut validity_only: BTreeMap<&str, usize> = BTreeMap::new();
        let mut by_part: Vec<(&str, Tally, Tally)> = Vec::new();
        let mut categories: BTreeMap<String, Category> = BTreeMap::new();
        for (i, (line, oracle)) in corpus.lines.iter().zip(&answers).enumerate() {
            let (outcome, category) = compare(&ours[i], oracle);
            let agree = outcome == Outcome::Agree;
            if let (None, Answer::Invalid(g)) = (&ours[i], oracle) {
                if !g.is_empty() {
                    shown.add(displayed[i].as_deref().map(str::as_bytes) == Some(g.as_slice()));
                }
            }
            by_split.entry(line.split.as_str()).or_default().add(agree);
            if outcome == Outcome::ValidityOnly {
                *validity_only.entry(line.split.as_str()).or_default() += 1;
            }
            if by_part.last().is_none_or(|p| p.0 != line.part) {
                by_part.push((line.part.as_str(), Tally::default(), Tally::default()));
            }
            let p = by_part.last_mut().unwrap();
            if line.split == "tuning" {
                p.1.add(agree);
            } else {
                p.2.add(agree);
            }
            if agree {
                continue;
            }
            let key = format!("{}: {category}", line.part);
            let c = categories.entry(key).or_default();
            c.count += 1;
            if c.examples.len() < EXAMPLES {
                c.examples.push(format!(
                    "{:?}{}: {PROFILE} {}, googleurl {}",
                    line.input,
                    line.base
                        .as_deref()
                        .map(|b| format!(" base {b:?}"))
                        .unwrap_or_default(),
                    show(ours[i].as_deref()),
                    oracle.text()
                ));
            }
            let entry = json!({
                "corpus": corpus.name,
                "line": i + 1,
                "split": line.split,
                "part": line.part,
                "category": category,
                "input": line.input,
                "base": line.base,
                "profile": ours[i],
                "googleurl_valid": matches!(oracle, Answer::Valid(_)),
                "googleurl": String::from_utf8_lossy(match oracle {
                    Answer::Valid(s) | Answer::Invalid(s) => s,
                }),
            });
            listing.push_str(&entry.to_string());
            listing.push('\n');
        }
        let t = by_split.get("tuning").copied().unwrap_or_default();
        let h = by_split.get("held-out").copied().unwrap_or_default();
        let _ = writeln!(
            report,
            "  {}: both invalid, googleurl showing a string: the profile shows the same \
             string (Error::displayed) on {}",
            corpus.name,
            shown.fmt()
        );
        let _ = writeln!(
            report,
            "  {}: tuning {}, held-out {}; validity only (googleurl invalid, its \
             possibly_invalid_spec() ours): tuning {}, held-out {}",
            corpus.name,
            t.fmt(),
            h.fmt(),
            validity_only.get("tuning").copied().unwrap_or(0),
            validity_only.get("held-out").copied().unwrap_or(0),
        );
        for (part, t, h) in &by_part {
            let _ = writeln!(
                report,
                "    {part:<16} tuning {:<24} held-out {}",
                t.fmt(),
                h.fmt()
            );
        }
        let mut sorted: Vec<(&String, &Category)> = categories.iter().collect();
        sorted.sort_by(|a, b| b.1.count.cmp(&a.1.count).then(a.0.cmp(b.0)));
        if !sorted.is_empty() {
            let _ = writeln!(
                report,
                "    differences by category ({} categories, the first {}):",
                sorted.len(),
                SHOWN_CATEGORIES.min(sorted.len())
            );
        }
        for (name, c) in sorted.iter().take(SHOWN_CATEGORIES) {
            let _ = writeln!(report, "      {:>5}  {name}", c.count);
            for e in &c.examples {
                let _ = writeln!(report, "               {e}");
            }
        }
        for split in SPLITS {
            let t = by_split.get(split).copied().unwrap_or_default();
            measured.push((corpus.name, split, t.agree, t.lines));
        }
    }
    if std::fs::write(&listing_path, &listing).is_ok() {
        let _ = writeln!(
            report,
            "  every difference (JSON lines): {} ({} lines)",
            listing_path.display(),
            listing.lines().count()
        );
    }
    print!("{report}");
    check_floors(build, &measured)
}

fn check_floors(build: &str, measured: &[(&str, &str, usize, usize)]) -> Result<(), Failed> {
    let mut missing = Vec::new();
    let mut below = Vec::new();
    for &(corpus, split, agree, lines) in measured {
        let floor = FLOORS
            .iter()
            .find(|f| f.0 == build && f.1 == corpus && f.2 == split);
        match floor {
            None => missing.push(format!(
                "    ({build:?}, {corpus:?}, {split:?}, {agree}), // of {lines} ({:.2}%)",
                percent(agree, lines)
            )),
            Some(f) if agree < f.3 => below.push(format!(
                "{corpus} {split}: {agree} of {lines} lines agree, below {}",
                f.3
            )),
            Some(_) => {}
        }
    }
    if !missing.is_empty() {
        return Err(format!(
            "no agreement floors for the {build} build; measured (FLOORS entries):\n{}",
            missing.join("\n")
        )
        .into());
    }
    if !below.is_empty() {
        return Err(format!(
            "{PROFILE} agrees less with googleurl {REVISION} ({build}) than it did: {}",
            below.join("; ")
        )
        .into());
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// fresh::BUILD

fn hex(bytes: &[u8]) -> String {
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        let _ = write!(s, "{b:02x}");
    }
    s
}

/// Runs `gurl_canon --hex --loose` on a corpus.
fn run_oracle(binary: &str, corpus: &Corpus) -> Result<Vec<Answer>, String> {
    let mut feed = String::new();
    for l in &corpus.lines {
        feed.push_str(&hex(l.input.as_bytes()));
        if let Some(b) = &l.base {
            feed.push('\t');
            feed.push_str(&hex(b.as_bytes()));
        }
        feed.push('\n');
    }
    let mut child = Command::new(binary)
        .args(["--hex", "--loose"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {binary}: {e}"))?;
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(feed.as_bytes()));
    let out = child
        .wait_with_output()
        .map_err(|e| format!("{binary}: {e}"))?;
    writer
        .join()
        .map_err(|_| "writer panicked".to_string())?
        .map_err(|e| format!("{binary}: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "{binary} failed: {}\n{}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let mut lines: Vec<&[u8]> = out.stdout.split(|&b| b == b'\n').collect();
    if lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    if lines.len() != corpus.lines.len() {
        return Err(format!(
            "{binary}: {} answers for the {} lines of {}",
            lines.len(),
            corpus.lines.len(),
            corpus.name
        ));
    }
    Ok(lines
        .into_iter()
        .map(|l| match l.strip_prefix(b"!") {
            Some(rest) => Answer::Invalid(rest.to_vec()),
            None if l.is_empty() => Answer::Invalid(Vec::new()),
            None => Answer::Valid(l.to_vec()),
        })
        .collect())
}

fn fresh(build: &'static str, var: &'static str) -> Result<Completion, Failed> {
    let Some(binary) = std::env::var(var).ok().filter(|v| !v.is_empty()) else {
        return Ok(Completion::ignored_with(format!(
            "SKIPPED: {var} does not name a gurl_canon built from googleurl {REVISION} \
             ({build} rules; tests/data/oracles/README.md says how to build one)"
        )));
    };
    let mut report = format!("googleurl {REVISION} ({build}) run again: {binary}\n");
    let mut changed_total = 0;
    for corpus in corpora() {
        let stored = stored_answers(build, corpus)?;
        let fresh = run_oracle(&binary, corpus)?;
        let changed: Vec<usize> = (0..stored.len())
            .filter(|&i| stored[i] != fresh[i])
            .collect();
        changed_total += changed.len();
        let _ = writeln!(
            report,
            "  {}: {} lines, {} answer otherwise than stored",
            corpus.name,
            stored.len(),
            changed.len()
        );
        for &i in changed.iter().take(5) {
            let _ = writeln!(
                report,
                "    line {}: {:?}: stored {}, now {}",
                i + 1,
                corpus.lines[i].input,
                stored[i].text(),
                fresh[i].text()
            );
        }
    }
    print!("{report}");
    if changed_total > 0 {
        return Err(format!(
            "{changed_total} lines answer otherwise than the stored outputs of the {build} \
             build (a different build of the oracle, or stale data: \
             tests/oracles/record_googleurl.py stores them again)"
        )
        .into());
    }
    Ok(Completion::Completed)
}

// ---------------------------------------------------------------------------
// corpus::*

/// The corpora's lines are well formed: each (input, base) once, a known
/// split, about one line in three held out, the part counts of
/// corpus/provenance.json; the stored outputs' provenance names the
/// corpora's generator and seed.
fn corpus_lines_are_well_formed() -> Result<(), Failed> {
    let provenance = read_json(&data_dir().join("corpus/provenance.json"))?;
    for corpus in corpora() {
        let mut seen = HashSet::new();
        let mut parts: BTreeMap<&str, u64> = BTreeMap::new();
        let mut held = 0;
        for (i, l) in corpus.lines.iter().enumerate() {
            if !SPLITS.contains(&l.split.as_str()) {
                return Err(format!("{}:{}: split {:?}", corpus.name, i + 1, l.split).into());
            }
            if !seen.insert((l.input.as_str(), l.base.as_deref())) {
                return Err(format!("{}:{}: a pair seen before", corpus.name, i + 1).into());
            }
            held += usize::from(l.split == "held-out");
            *parts.entry(l.part.as_str()).or_default() += 1;
        }
        let share = held as f64 / corpus.lines.len() as f64;
        if !(0.30..=0.37).contains(&share) {
            return Err(format!("{}: {share:.3} of the lines held out", corpus.name).into());
        }
        let listed = &provenance["corpora"][corpus.name]["parts"];
        for (part, n) in &parts {
            if listed[part].as_u64() != Some(*n) {
                return Err(format!(
                    "{}: part {part} has {n} lines, provenance.json says {}",
                    corpus.name, listed[part]
                )
                .into());
            }
        }
        println!(
            "{}: {} lines, {held} held out, {} parts",
            corpus.name,
            corpus.lines.len(),
            parts.len()
        );
    }
    for (build, _) in BUILDS {
        let p = read_json(&outputs_dir(build).join("provenance.json"))?;
        if p["corpus_seed"] != provenance["seed"] || p["revision"] != REVISION {
            return Err(format!(
                "googleurl-{REVISION}/{build}/provenance.json: seed {} revision {}, where the \
                 corpora have seed {}",
                p["corpus_seed"], p["revision"], provenance["seed"]
            )
            .into());
        }
        for corpus in corpora() {
            stored_answers(build, corpus)?;
            let n = &p["corpora"][corpus.name]["lines"];
            if n.as_u64() != Some(corpus.lines.len() as u64) {
                return Err(format!(
                    "googleurl-{REVISION}/{build}/provenance.json: {} has {n} lines",
                    corpus.name
                )
                .into());
            }
        }
    }
    Ok(())
}

/// Running the generator again writes the stored corpora, byte for byte.
fn generator_reproduces_the_corpora() -> Result<Completion, Failed> {
    let shared = root().join("../shared");
    let needs = [
        shared.join("bench/relative.txt"),
        shared.join("conformance/tests-web-url/generated"),
    ];
    let absent = if !succeeds(Command::new("python3").arg("--version")) {
        Some("python3".to_string())
    } else {
        needs
            .iter()
            .find(|p| !p.exists())
            .map(|p| p.display().to_string())
    };
    if let Some(what) = absent {
        if in_ci() {
            return Err(format!("{what} is missing (required under CI=true)").into());
        }
        return Ok(Completion::ignored_with(format!(
            "SKIPPED: {what} is missing"
        )));
    }
    let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("oracles-corpus-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    let o = Command::new("python3")
        .arg(root().join("tests/oracles/gen_corpora.py"))
        .arg("--out")
        .arg(&tmp)
        .arg("--shared")
        .arg(&shared)
        .output()
        .map_err(|e| format!("python3: {e}"))?;
    if !o.status.success() {
        return Err(format!(
            "gen_corpora.py failed: {}",
            String::from_utf8_lossy(&o.stderr)
        )
        .into());
    }
    let files: Vec<String> = CORPORA
        .iter()
        .map(|c| format!("{c}.jsonl"))
        .chain(["provenance.json".to_string()])
        .collect();
    for file in &files {
        let again = std::fs::read(tmp.join(file)).map_err(|e| format!("{file}: {e}"))?;
        let stored = std::fs::read(data_dir().join("corpus").join(file))
            .map_err(|e| format!("{file}: {e}"))?;
        if again != stored {
            return Err(format!(
                "tests/data/oracles/corpus/{file} is not what gen_corpora.py writes now \
                 (run it again, then store the oracle's outputs anew)"
            )
            .into());
        }
    }
    let _ = std::fs::remove_dir_all(&tmp);
    print!("{}", String::from_utf8_lossy(&o.stderr));
    Ok(Completion::Completed)
}

pub fn trials() -> Vec<Trial> {
    let mut trials = vec![
        Trial::test(
            "googleurl::corpus::lines_are_well_formed",
            corpus_lines_are_well_formed,
        ),
        Trial::ignorable_test(
            "googleurl::corpus::generator_reproduces_the_corpora",
            generator_reproduces_the_corpora,
        ),
    ];
    for (build, var) in BUILDS {
        trials.push(Trial::test(
            format!("googleurl::stored::{build}"),
            move || stored(build),
        ));
        trials.push(Trial::ignorable_test(
            format!("googleurl::fresh::{build}"),
            move || fresh(build, var),
        ));
    }
    trials
}
