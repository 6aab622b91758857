//! Today's browsers as oracles: what `new URL(input, base).href` gives in
//! Chromium, Firefox and WebKit on the corpora of `tests/data/browsers/`
//! (see its README), stored with their provenance, and checked two ways.
//!
//! - `stored::BROWSER` (always runs): an engine of urlprism (per browser,
//!   [`ENGINES`]) against the browser's stored outputs: agreement per
//!   corpus and split (tuning / held-out) and per part, the first
//!   differing lines, every difference in a file under the target
//!   directory (`tmp/browsers/ENGINE-vs-BROWSER.jsonl`: corpus, line,
//!   split, part, input, base, the engine's and the browser's `href`).
//!   It fails when the agreement drops below [`FLOORS`].
//! - `fresh::BROWSER`: runs the installed browser on the corpora
//!   (`tests/browsers/`: Debian's chromium through playwright-core,
//!   firefox-esr through puppeteer-core over WebDriver BiDi, WebKitGTK
//!   through python3-gi under Xvfb; headless, nothing fetched) and compares
//!   its outputs with the stored ones.  Changed lines fail the test when
//!   the browser's version is the stored one (the browser or the harness
//!   is not deterministic); under another version they are reported (a
//!   browser upgrade), and `URLPRISM_RECORD_BROWSERS=BROWSER,...` (or
//!   `all`) stores the fresh outputs and provenance in place.  A browser,
//!   npm package or Xvfb that is missing makes the trial *ignored*, with
//!   the reason, unless `CI=true`, where it fails.
//! - `pages::BROWSER` (always runs): the browser's engine against the
//!   browser's stored `a.href` of links in pages of 22 document encodings
//!   (`tests/data/browsers/BROWSER/pages.jsonl`, see the README), each
//!   line a link in a page (`Context::LinkInPage`: the page's encoding
//!   and URL, its `<base href>` read by the engine's own document rules,
//!   `Engine::document_base`): agreement per encoding, split and part,
//!   the first differing lines, every difference in
//!   `tmp/browsers/ENGINE-vs-BROWSER-pages.jsonl`; failing below
//!   [`PAGE_FLOORS`].  `tests/browsers/measure_pages.py` measures every
//!   engine against every browser, with the causes.
//! - `fresh_pages::BROWSER`: runs the installed browser on the page corpus
//!   (`tests/browsers/record_pages.py --check`), prints its version and
//!   names every line that changed since the stored outputs; changed
//!   lines fail under the stored version, are reported under another, and
//!   `URLPRISM_RECORD_BROWSERS=BROWSER` stores the fresh outputs.
//! - `fresh_wpt::BROWSER`: runs the installed browser on the
//!   web-platform-tests URL files of `tests/data/wpt/`
//!   (`tests/browsers/record_wpt.py --check`): every check whose result
//!   changed since `tests/data/browsers/BROWSER/wpt.jsonl`, by file and
//!   case; failing under the stored version, reported under another;
//!   `URLPRISM_RECORD_BROWSERS=BROWSER` stores the fresh outputs and
//!   derives the browser's WPT failures again.
//! - `fresh_display::BROWSER`: runs the installed browser's address-bar
//!   formatting on the display corpus
//!   (`tests/browsers/record_display.py --check`: Chromium's tab titles
//!   over the DevTools protocol, Firefox's URL bar over Marionette,
//!   WebKit's `uri_for_display`): every line that changed since
//!   `tests/data/browsers/BROWSER/display.jsonl`; failing under the stored
//!   version, reported under another; `URLPRISM_RECORD_BROWSERS=BROWSER`
//!   stores the fresh outputs.  `display::outputs_are_the_corpus` (always
//!   runs): each stored `display.jsonl` has one line per corpus line, with
//!   its input.
//! - `wpt::expected_failures_are_the_recordings`: the expected WPT
//!   failures of the chromium, firefox and webkit engines
//!   (`tests/data/wpt/expected-failures/ENGINE.json`) are what
//!   `tests/browsers/wpt_expected.py` derives from the stored outputs
//!   (needs `python3`).
//! - `corpus::*`: the corpora are what the generators write
//!   (`tests/browsers/gen_corpora.py`, run again: needs `python3` and
//!   `../shared/`, ignored without them unless `CI=true`;
//!   `tests/browsers/gen_page_corpus.py` and
//!   `tests/browsers/gen_display_corpus.py`, need `python3`), and its reading
//!   of the conformance suite is the library's.
//!
//! The harness is libtest-mimic's, so that a trial skipped at run time
//! shows as ignored in the summary.

use libtest_mimic::{Arguments, Completion, Failed, Trial};
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::{BTreeMap, HashSet};
use std::fmt::Write as _;
use std::io::Read;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};
use urlprism::engines::builtin_engine;
use urlprism::{Canonicalizer, Context};

/// The engine checked against each browser's stored outputs (one line per
/// browser: the browser's own engine where there is one, else `whatwg`).
const ENGINES: [(&str, &str); 3] = [
    ("chromium", "chromium"),
    ("firefox", "firefox"),
    ("webkit", "webkit"),
];

/// The least number of lines on which an engine must agree with a
/// browser's stored outputs: (engine, browser, corpus, split, lines).  The
/// figures are those measured last (with the engines as they are now); an engine
/// without figures for a browser fails the test, which prints what it
/// measured.  Measured on the outputs of Chromium 156.0.8078.108, Firefox
/// 153.7.0esr and WebKitGTK 2.50.6 (their provenance.json).
const FLOORS: &[(&str, &str, &str, &str, usize)] = &[
    ("chromium", "chromium", "realistic", "tuning", 22769), // of 22771
    ("chromium", "chromium", "realistic", "held-out", 11364), // of 11364
    ("chromium", "chromium", "generated", "tuning", 27520), // of 27520
    ("chromium", "chromium", "generated", "held-out", 13818), // of 13818
    ("firefox", "firefox", "realistic", "tuning", 22771),   // of 22771
    ("firefox", "firefox", "realistic", "held-out", 11364), // of 11364
    ("firefox", "firefox", "generated", "tuning", 27520),   // of 27520
    ("firefox", "firefox", "generated", "held-out", 13818), // of 13818
    ("webkit", "webkit", "realistic", "tuning", 22771),     // of 22771
    ("webkit", "webkit", "realistic", "held-out", 11364),   // of 11364
    ("webkit", "webkit", "generated", "tuning", 27520),     // of 27520
    ("webkit", "webkit", "generated", "held-out", 13818),   // of 13818
];

/// The least number of page-corpus lines on which a browser's engine must
/// agree with the browser's stored `a.href` (with the engine's own
/// `<base href>` rules): (engine, browser, split, lines).  The current floor: the figures
/// measured with the engines as they are now, on the outputs of Chromium
/// 156.0.8078.108, Firefox 153.8.0esr and WebKitGTK 2.50.6 (their
/// pages-provenance.json).
const PAGE_FLOORS: &[(&str, &str, &str, usize)] = &[
    ("chromium", "chromium", "tuning", 21113),   // of 21113
    ("chromium", "chromium", "held-out", 10501), // of 10501
    ("firefox", "firefox", "tuning", 21113),     // of 21113
    ("firefox", "firefox", "held-out", 10501),   // of 10501
    ("webkit", "webkit", "tuning", 21113),       // of 21113
    ("webkit", "webkit", "held-out", 10501),     // of 10501
];

const CORPORA: [&str; 2] = ["realistic", "generated"];
const SPLITS: [&str; 2] = ["tuning", "held-out"];
/// Differing lines printed per corpus.
const SHOWN: usize = 8;
/// How long a browser may take on both corpora (it takes seconds).
const RUN_LIMIT: Duration = Duration::from_secs(600);
/// How long a browser may take on the display corpus (Chromium navigates
/// to every URL: about a quarter of an hour).
const DISPLAY_RUN_LIMIT: Duration = Duration::from_secs(3600);

#[derive(Clone, Copy)]
enum Runner {
    /// `node tests/browsers/SCRIPT`, which needs the npm package and the
    /// executable.
    Node {
        script: &'static str,
        package: &'static str,
        executable: &'static str,
        apt: &'static str,
    },
    /// `xvfb-run -a /usr/bin/python3 tests/browsers/webkit.py`.
    WebKit,
}

#[derive(Clone, Copy)]
struct Browser {
    name: &'static str,
    runner: Runner,
}

const BROWSERS: [Browser; 3] = [
    Browser {
        name: "chromium",
        runner: Runner::Node {
            script: "chromium.mjs",
            package: "playwright-core",
            executable: "/usr/bin/chromium",
            apt: "chromium",
        },
    },
    Browser {
        name: "firefox",
        runner: Runner::Node {
            script: "firefox.mjs",
            package: "puppeteer-core",
            executable: "/usr/bin/firefox-esr",
            apt: "firefox-esr",
        },
    },
    Browser {
        name: "webkit",
        runner: Runner::WebKit,
    },
];

/// Debian's Python, the one python3-gi is installed for.
const SYSTEM_PYTHON: &str = "/usr/bin/python3";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn data_dir() -> PathBuf {
    root().join("tests/data/browsers")
}

fn corpus_path(corpus: &str) -> PathBuf {
    data_dir().join("corpus").join(format!("{corpus}.jsonl"))
}

fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true")
}

fn engine_for(browser: &str) -> &'static str {
    ENGINES
        .iter()
        .find(|(b, _)| *b == browser)
        .map(|(_, e)| *e)
        .expect("every browser has an engine")
}

// ---------------------------------------------------------------------------
// Reading and writing the data

#[derive(Deserialize)]
struct CorpusLine {
    part: String,
    split: String,
    input: String,
    base: Option<String>,
}

#[derive(Deserialize)]
struct OutputLine {
    input: String,
    base: Option<String>,
    href: Option<String>,
}

struct Corpus {
    name: &'static str,
    lines: Vec<CorpusLine>,
}

fn read_jsonl<T: for<'de> Deserialize<'de>>(path: &Path) -> Result<Vec<T>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    text.lines()
        .enumerate()
        .map(|(i, l)| {
            serde_json::from_str(l).map_err(|e| format!("{}:{}: {e}", path.display(), i + 1))
        })
        .collect()
}

/// Both corpora, read once.
fn corpora() -> &'static [Corpus] {
    static CORPORA_READ: OnceLock<Vec<Corpus>> = OnceLock::new();
    CORPORA_READ.get_or_init(|| {
        CORPORA
            .iter()
            .map(|&name| Corpus {
                name,
                lines: read_jsonl(&corpus_path(name)).unwrap_or_else(|e| panic!("{e}")),
            })
            .collect()
    })
}

/// Outputs that answer a corpus: one line per corpus line, with its input
/// and base.
fn check_aligned(corpus: &Corpus, out: &[OutputLine], what: &str) -> Result<(), String> {
    if out.len() != corpus.lines.len() {
        return Err(format!(
            "{what}: {} lines for the {} of the corpus {}",
            out.len(),
            corpus.lines.len(),
            corpus.name
        ));
    }
    for (i, (c, o)) in corpus.lines.iter().zip(out).enumerate() {
        if c.input != o.input || c.base != o.base {
            return Err(format!(
                "{what}, line {}: input {:?} base {:?} where the corpus {} has {:?} base {:?}",
                i + 1,
                o.input,
                o.base,
                corpus.name,
                c.input,
                c.base
            ));
        }
    }
    Ok(())
}

/// Whether a character is written as a `\u` escape: the generator's list
/// (`needs_escape` in tests/browsers/gen_corpora.py), so that the stored
/// outputs are written as the corpora are.
fn needs_escape(c: char) -> bool {
    let o = c as u32;
    o < 0x20
        || (0x7F..=0xA0).contains(&o)
        || [
            0xAD, 0x034F, 0x061C, 0x115F, 0x1160, 0x1680, 0x180E, 0x3000, 0x3164, 0xFEFF,
        ]
        .contains(&o)
        || (0x2000..=0x200F).contains(&o)
        || (0x2028..=0x202F).contains(&o)
        || (0x205F..=0x206F).contains(&o)
        || (0xD800..=0xF8FF).contains(&o)
        || (0xFDD0..=0xFDEF).contains(&o)
        || (0xFE00..=0xFE0F).contains(&o)
        || (0xFFF0..=0xFFFF).contains(&o)
        || (o & 0xFFFE) == 0xFFFE
        || o >= 0xE0000
}

fn json_str(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if needs_escape(c) => {
                let mut units = [0u16; 2];
                for u in c.encode_utf16(&mut units) {
                    let _ = write!(out, "\\u{u:04x}");
                }
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

fn json_opt(s: Option<&str>, out: &mut String) {
    match s {
        Some(s) => json_str(s, out),
        None => out.push_str("null"),
    }
}

fn write_outputs(path: &Path, out: &[OutputLine]) -> Result<(), String> {
    let mut text = String::new();
    for o in out {
        text.push_str("{\"input\":");
        json_str(&o.input, &mut text);
        text.push_str(",\"base\":");
        json_opt(o.base.as_deref(), &mut text);
        text.push_str(",\"href\":");
        json_opt(o.href.as_deref(), &mut text);
        text.push_str("}\n");
    }
    std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}

fn read_json(path: &Path) -> Result<Value, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))
}

fn stored_outputs(browser: &str, corpus: &str) -> PathBuf {
    data_dir().join(browser).join(format!("{corpus}.jsonl"))
}

fn provenance_path(browser: &str) -> PathBuf {
    data_dir().join(browser).join("provenance.json")
}

fn percent(n: usize, of: usize) -> f64 {
    100.0 * n as f64 / of.max(1) as f64
}

fn show(s: Option<&str>) -> String {
    match s {
        Some(s) => format!("{s:?}"),
        None => "null".into(),
    }
}

// ---------------------------------------------------------------------------
// stored::BROWSER

/// Lines that agree, of lines, by a key.
#[derive(Default, Clone, Copy)]
struct Tally {
    agree: usize,
    lines: usize,
}

impl Tally {
    fn add(&mut self, agree: bool) {
        self.lines += 1;
        self.agree += usize::from(agree);
    }

    fn fmt(self) -> String {
        format!(
            "{}/{} ({:.2}%)",
            self.agree,
            self.lines,
            percent(self.agree, self.lines)
        )
    }
}

/// The engine's `href` for each line of a corpus (`None`: no URL, or a
/// base it cannot parse).
fn engine_hrefs(engine: &str, corpus: &Corpus) -> Result<Vec<Option<String>>, String> {
    let spec = builtin_engine(engine).ok_or_else(|| format!("no built-in engine {engine:?}"))?;
    let plain = Canonicalizer::new(&spec);
    Ok(corpus
        .lines
        .iter()
        .map(|l| {
            let url = match &l.base {
                None => plain.canonicalize(&l.input),
                Some(b) => Canonicalizer::new(&spec)
                    .base(b)
                    .and_then(|c| c.canonicalize(&l.input)),
            };
            url.ok().map(|u| u.as_str().to_string())
        })
        .collect())
}

fn stored(browser: Browser) -> Result<(), Failed> {
    let engine = engine_for(browser.name);
    let provenance = read_json(&provenance_path(browser.name))?;
    let version = provenance["version"].as_str().unwrap_or("?").to_string();
    let mut report = format!(
        "{engine} against {} {version} (stored {}):\n",
        browser.name,
        provenance["date"].as_str().unwrap_or("?")
    );
    let listing_dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("browsers");
    let _ = std::fs::create_dir_all(&listing_dir);
    let listing_path = listing_dir.join(format!("{engine}-vs-{}.jsonl", browser.name));
    let mut listing = String::new();
    let mut measured: Vec<(&str, &str, usize, usize)> = Vec::new();
    for corpus in corpora() {
        let out: Vec<OutputLine> = read_jsonl(&stored_outputs(browser.name, corpus.name))?;
        check_aligned(corpus, &out, &format!("stored {} outputs", browser.name))?;
        let ours = engine_hrefs(engine, corpus)?;
        let mut total = Tally::default();
        let mut by_split: BTreeMap<&str, Tally> = BTreeMap::new();
        let mut by_part: Vec<(&str, Tally, Tally)> = Vec::new();
        let mut shown = 0;
        for (i, (line, o)) in corpus.lines.iter().zip(&out).enumerate() {
            let agree = ours[i] == o.href;
            total.add(agree);
            by_split.entry(line.split.as_str()).or_default().add(agree);
            if by_part.last().is_none_or(|p| p.0 != line.part) {
                by_part.push((line.part.as_str(), Tally::default(), Tally::default()));
            }
            let p = by_part.last_mut().unwrap();
            if line.split == "tuning" {
                p.1.add(agree);
            } else {
                p.2.add(agree);
            }
            if !agree {
                let entry = json!({
                    "corpus": corpus.name,
                    "line": i + 1,
                    "split": line.split,
                    "part": line.part,
                    "input": line.input,
                    "base": line.base,
                    "engine": ours[i],
                    "browser": o.href,
                });
                listing.push_str(&entry.to_string());
                listing.push('\n');
                if shown < SHOWN && line.split == "tuning" {
                    shown += 1;
                    let _ = writeln!(
                        report,
                        "    differs: {:?} base {}: engine {engine} {}, browser {} {}",
                        line.input,
                        show(line.base.as_deref()),
                        show(ours[i].as_deref()),
                        browser.name,
                        show(o.href.as_deref())
                    );
                }
            }
        }
        let _ = writeln!(
            report,
            "  {}: {} agree; tuning {}, held-out {}",
            corpus.name,
            total.fmt(),
            by_split.get("tuning").copied().unwrap_or_default().fmt(),
            by_split.get("held-out").copied().unwrap_or_default().fmt(),
        );
        for (part, t, h) in &by_part {
            let _ = writeln!(
                report,
                "    {part:<20} tuning {:<24} held-out {}",
                t.fmt(),
                h.fmt()
            );
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

    let mut missing = Vec::new();
    let mut below = Vec::new();
    for &(corpus, split, agree, lines) in &measured {
        let floor = FLOORS
            .iter()
            .find(|f| f.0 == engine && f.1 == browser.name && f.2 == corpus && f.3 == split);
        match floor {
            None => missing.push(format!(
                "    ({engine:?}, {:?}, {corpus:?}, {split:?}, {agree}), // of {lines}",
                browser.name
            )),
            Some(f) if agree < f.4 => below.push(format!(
                "{corpus} {split}: {agree} of {lines} lines agree, below {}",
                f.4
            )),
            Some(_) => {}
        }
    }
    floors_verdict(engine, browser.name, Floors::NewUrl, &missing, &below)
}

/// Which table of agreement floors a check reads.
#[derive(Clone, Copy)]
enum Floors {
    /// `FLOORS`: `new URL()` on the stored corpora.
    NewUrl,
    /// `PAGE_FLOORS`: links in pages.
    Pages,
}

/// The verdict on an engine's agreement with `browser` once every split
/// is counted: a failure listing the splits with no floor in `floors`
/// (`missing`, the entries to add), else those below their floor
/// (`below`), else success.
fn floors_verdict(
    engine: &str,
    browser: &str,
    floors: Floors,
    missing: &[String],
    below: &[String],
) -> Result<(), Failed> {
    let (kind, table, on) = match floors {
        Floors::NewUrl => ("", "FLOORS", ""),
        Floors::Pages => ("page ", "PAGE_FLOORS", " on pages"),
    };
    if !missing.is_empty() {
        return Err(format!(
            "no {kind}agreement floors for {engine} against {browser}; measured ({table} entries):\n{}",
            missing.join("\n")
        )
        .into());
    }
    if !below.is_empty() {
        return Err(format!(
            "{engine} agrees less with {browser}{on} than it did: {}",
            below.join("; ")
        )
        .into());
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// pages::BROWSER

#[derive(Deserialize)]
struct PageLine {
    part: String,
    split: String,
    encoding: String,
    base: Option<String>,
    input: String,
}

#[derive(Deserialize)]
struct PageOutput {
    encoding: String,
    base: Option<String>,
    input: String,
    href: String,
    valid: bool,
}

/// The URL of the page of an encoding label (common.mjs's `pageUrl`).
fn page_url(label: &str) -> String {
    format!("http://page.example/dir/{label}.html")
}

fn pages(browser: Browser) -> Result<(), Failed> {
    let engine = engine_for(browser.name);
    let spec = builtin_engine(engine).ok_or_else(|| format!("no built-in engine {engine:?}"))?;
    let corpus: Vec<PageLine> = read_jsonl(&data_dir().join("corpus/pages.jsonl"))?;
    let out: Vec<PageOutput> = read_jsonl(&data_dir().join(browser.name).join("pages.jsonl"))?;
    if out.len() != corpus.len() {
        return Err(format!(
            "stored {} page outputs: {} lines for the corpus's {}",
            browser.name,
            out.len(),
            corpus.len()
        )
        .into());
    }
    let provenance = read_json(&data_dir().join(browser.name).join("pages-provenance.json"))?;
    let mut report = format!(
        "{engine} against {} {} on links in pages (stored {}; the engine's own <base href> rules):\n",
        browser.name,
        provenance["version"].as_str().unwrap_or("?"),
        provenance["date"].as_str().unwrap_or("?"),
    );
    let listing_dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("browsers");
    let _ = std::fs::create_dir_all(&listing_dir);
    let listing_path = listing_dir.join(format!("{engine}-vs-{}-pages.jsonl", browser.name));
    let mut listing = String::new();
    // One canonicalizer per page: its encoding, URL and <base href>.
    let mut pages: BTreeMap<(String, Option<String>), Canonicalizer<'static>> = BTreeMap::new();
    let mut by_label: Vec<(String, Tally)> = Vec::new();
    let mut by_split: BTreeMap<&str, Tally> = BTreeMap::new();
    let mut by_part: BTreeMap<&str, Tally> = BTreeMap::new();
    let mut shown = 0;
    for (i, (c, o)) in corpus.iter().zip(&out).enumerate() {
        if (&c.encoding, &c.base, &c.input) != (&o.encoding, &o.base, &o.input) {
            return Err(format!(
                "stored {} page outputs, line {}: {:?} base {:?} in {}, where the corpus has {:?} base {:?} in {}",
                browser.name,
                i + 1,
                o.input,
                o.base,
                o.encoding,
                c.input,
                c.base,
                c.encoding
            )
            .into());
        }
        let key = (c.encoding.clone(), c.base.clone());
        if !pages.contains_key(&key) {
            let encoding = encoding_rs::Encoding::for_label(c.encoding.as_bytes())
                .ok_or_else(|| format!("no encoding {:?}", c.encoding))?;
            let page = Canonicalizer::new(&spec).context(Context::LinkInPage {
                encoding,
                page_url: page_url(&c.encoding),
            });
            let page = match &c.base {
                Some(b) => page
                    .base(b)
                    .map_err(|e| format!("<base href={b:?}>: {e}"))?,
                None => page,
            };
            pages.insert(key.clone(), page);
        }
        let ours = pages[&key]
            .canonicalize(&c.input)
            .ok()
            .map(|u| u.as_str().to_string());
        let theirs = o.valid.then_some(o.href.as_str());
        let agree = ours.as_deref() == theirs;
        if by_label.last().is_none_or(|l| l.0 != c.encoding) {
            by_label.push((c.encoding.clone(), Tally::default()));
        }
        by_label.last_mut().unwrap().1.add(agree);
        by_split.entry(c.split.as_str()).or_default().add(agree);
        by_part.entry(c.part.as_str()).or_default().add(agree);
        if !agree {
            let entry = json!({
                "line": i + 1,
                "split": c.split,
                "part": c.part,
                "encoding": c.encoding,
                "base": c.base,
                "input": c.input,
                "engine": ours,
                "browser": theirs,
            });
            listing.push_str(&entry.to_string());
            listing.push('\n');
        }
        if !agree && shown < SHOWN {
            shown += 1;
            let _ = writeln!(
                report,
                "    differs: {} {:?} base {}: engine {engine} {}, browser {} {}",
                c.encoding,
                c.input,
                show(c.base.as_deref()),
                show(ours.as_deref()),
                browser.name,
                show(theirs)
            );
        }
    }
    for (label, t) in &by_label {
        let _ = writeln!(report, "  {label:<16} {}", t.fmt());
    }
    if std::fs::write(&listing_path, &listing).is_ok() {
        let _ = writeln!(
            report,
            "  every difference (JSON lines): {} ({} lines)",
            listing_path.display(),
            listing.lines().count()
        );
    }
    for (part, t) in &by_part {
        let _ = writeln!(report, "  part {part:<18} {}", t.fmt());
    }
    let mut missing = Vec::new();
    let mut below = Vec::new();
    for split in SPLITS {
        let t = by_split.get(split).copied().unwrap_or_default();
        let _ = writeln!(report, "  {split:<16} {}", t.fmt());
        match PAGE_FLOORS
            .iter()
            .find(|f| f.0 == engine && f.1 == browser.name && f.2 == split)
        {
            None => missing.push(format!(
                "    ({engine:?}, {:?}, {split:?}, {}), // of {}",
                browser.name, t.agree, t.lines
            )),
            Some(f) if t.agree < f.3 => below.push(format!(
                "{split}: {} of {} lines agree, below {}",
                t.agree, t.lines, f.3
            )),
            Some(_) => {}
        }
    }
    print!("{report}");
    floors_verdict(engine, browser.name, Floors::Pages, &missing, &below)
}

// ---------------------------------------------------------------------------
// fresh::BROWSER

fn on_path(program: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|p| std::env::split_paths(&p).any(|d| d.join(program).is_file()))
}

fn succeeds(cmd: &mut Command) -> bool {
    cmd.stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

fn browsers_dir() -> PathBuf {
    root().join("tests/browsers")
}

/// What is missing to run the browser, if anything.
fn missing(browser: Browser) -> Option<String> {
    match browser.runner {
        Runner::Node {
            package,
            executable,
            apt,
            ..
        } => {
            if !Path::new(executable).exists() {
                return Some(format!("{executable} (apt-get install {apt})"));
            }
            if !succeeds(Command::new("node").arg("--version")) {
                return Some("node (apt-get install nodejs)".into());
            }
            let module = browsers_dir().join("node_modules").join(package);
            if !module.exists() {
                return Some(format!("{} (npm ci in tests/browsers)", module.display()));
            }
            None
        }
        Runner::WebKit => {
            for (program, package) in [("xvfb-run", "xvfb"), ("Xvfb", "xvfb"), ("xauth", "xauth")] {
                if !on_path(program) {
                    return Some(format!("{program} (apt-get install {package})"));
                }
            }
            let probe = "import gi; gi.require_version('Gtk', '3.0'); \
                         gi.require_version('WebKit2', '4.1'); \
                         from gi.repository import WebKit2";
            if !succeeds(Command::new(SYSTEM_PYTHON).args(["-c", probe])) {
                return Some(format!(
                    "WebKit2 4.1 for {SYSTEM_PYTHON} (apt-get install python3-gi gir1.2-webkit2-4.1)"
                ));
            }
            None
        }
    }
}

/// The command that runs the browser on the corpora, writing into `out`.
fn runner_command(browser: Browser, out: &Path) -> (Command, String) {
    let corpus_args: Vec<PathBuf> = CORPORA.iter().map(|c| corpus_path(c)).collect();
    let rel: Vec<String> = CORPORA
        .iter()
        .map(|c| format!("tests/data/browsers/corpus/{c}.jsonl"))
        .collect();
    let (mut cmd, shown) = match browser.runner {
        Runner::Node { script, .. } => {
            let mut cmd = Command::new("node");
            cmd.arg(browsers_dir().join(script));
            (
                cmd,
                format!("node tests/browsers/{script} OUTDIR {}", rel.join(" ")),
            )
        }
        Runner::WebKit => {
            let mut cmd = Command::new("xvfb-run");
            cmd.args([
                "-a",
                "-s",
                "-screen 0 1280x1024x24 -nolisten tcp",
                SYSTEM_PYTHON,
            ])
            .arg(browsers_dir().join("webkit.py"));
            (
                cmd,
                format!(
                    "xvfb-run -a -s '-screen 0 1280x1024x24 -nolisten tcp' {SYSTEM_PYTHON} \
                     tests/browsers/webkit.py OUTDIR {}",
                    rel.join(" ")
                ),
            )
        }
    };
    cmd.arg(out)
        .args(corpus_args)
        .current_dir(browsers_dir())
        .env("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")
        .env("PUPPETEER_SKIP_DOWNLOAD", "1");
    (cmd, shown)
}

/// Runs `cmd` in a process group of its own; on time-out the whole group
/// (the driver, the browser, Xvfb) is killed.
fn run_limited(mut cmd: Command, limit: Duration) -> Result<(String, String), String> {
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()
        .map_err(|e| format!("cannot start {cmd:?}: {e}"))?;
    let mut so = child.stdout.take().unwrap();
    let mut se = child.stderr.take().unwrap();
    let t1 = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = so.read_to_string(&mut s);
        s
    });
    let t2 = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = se.read_to_string(&mut s);
        s
    });
    let start = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Ok(status),
            Ok(None) if start.elapsed() > limit => {
                let _ = Command::new("kill")
                    .args(["-KILL", "--", &format!("-{}", child.id())])
                    .status();
                let _ = child.wait();
                break Err(format!("killed after {} s", limit.as_secs()));
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(50)),
            Err(e) => break Err(e.to_string()),
        }
    };
    let (out, err) = (t1.join().unwrap(), t2.join().unwrap());
    match status {
        Ok(s) if s.success() => Ok((out, err)),
        Ok(s) => Err(format!("{s}\n{out}\n{err}")),
        Err(e) => Err(format!("{e}\n{out}\n{err}")),
    }
}

/// Whether `URLPRISM_RECORD_BROWSERS` asks for the browser's outputs to be
/// stored (`all`, or a comma-separated list of names).
fn recording(browser: &str) -> bool {
    std::env::var("URLPRISM_RECORD_BROWSERS").is_ok_and(|v| {
        v.split(',')
            .any(|n| n.trim() == "all" || n.trim() == browser)
    })
}

fn system_name() -> Option<String> {
    let text = std::fs::read_to_string("/etc/os-release").ok()?;
    text.lines()
        .find_map(|l| l.strip_prefix("PRETTY_NAME="))
        .map(|v| v.trim_matches('"').to_string())
}

fn fresh(browser: Browser) -> Result<Completion, Failed> {
    if let Some(what) = missing(browser) {
        if in_ci() {
            return Err(format!(
                "{} cannot run: {what} is missing (required under CI=true; .ci/run installs it)",
                browser.name
            )
            .into());
        }
        return Ok(Completion::ignored_with(format!(
            "SKIPPED: {what} is missing (.ci/run installs it)"
        )));
    }
    let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!(
        "browsers-{}-{}",
        browser.name,
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&tmp);
    std::fs::create_dir_all(&tmp).map_err(|e| format!("{}: {e}", tmp.display()))?;
    let (cmd, shown_cmd) = runner_command(browser, &tmp);
    let start = Instant::now();
    let (stdout, _) =
        run_limited(cmd, RUN_LIMIT).map_err(|e| format!("{} failed: {e}", browser.name))?;
    let took = start.elapsed();
    let info = read_json(&tmp.join("browser.json"))?;
    let version = info["version"]
        .as_str()
        .ok_or("browser.json has no version")?
        .to_string();
    let stored_info = read_json(&provenance_path(browser.name)).ok();
    let stored_version = stored_info
        .as_ref()
        .and_then(|p| p["version"].as_str())
        .map(str::to_string);
    let record = recording(browser.name);
    let mut report = format!(
        "{} {version} ({}; {}): both corpora in {:.1} s\n{}",
        browser.name,
        info["executable_version"].as_str().unwrap_or("?"),
        info["driver"].as_str().unwrap_or("?"),
        took.as_secs_f64(),
        stdout
            .lines()
            .map(|l| format!("  {l}\n"))
            .collect::<String>()
    );
    let mut changed_total = 0;
    let mut fresh_outputs = Vec::new();
    for corpus in corpora() {
        let out: Vec<OutputLine> = read_jsonl(&tmp.join(format!("{}.jsonl", corpus.name)))?;
        // The page echoes each input and base: the transport kept them.
        check_aligned(corpus, &out, &format!("{} as it ran", browser.name))?;
        match read_jsonl::<OutputLine>(&stored_outputs(browser.name, corpus.name)) {
            Ok(old) if old.len() == out.len() => {
                let changed: Vec<usize> = (0..out.len())
                    .filter(|&i| old[i].href != out[i].href)
                    .collect();
                let _ = writeln!(
                    report,
                    "  {}: {} of {} lines changed since the stored outputs",
                    corpus.name,
                    changed.len(),
                    out.len()
                );
                for &i in changed.iter().take(SHOWN) {
                    let _ = writeln!(
                        report,
                        "    changed: {:?} base {}: stored {}, now {}",
                        out[i].input,
                        show(out[i].base.as_deref()),
                        show(old[i].href.as_deref()),
                        show(out[i].href.as_deref())
                    );
                }
                changed_total += changed.len();
            }
            Ok(_) | Err(_) if record => {
                let _ = writeln!(report, "  {}: no stored outputs yet", corpus.name);
            }
            Ok(old) => {
                return Err(format!(
                    "the stored {} outputs of {} have {} lines, the corpus {}",
                    browser.name,
                    corpus.name,
                    old.len(),
                    out.len()
                )
                .into())
            }
            Err(e) => {
                return Err(format!(
                    "{e}: no stored outputs (store them with \
                     URLPRISM_RECORD_BROWSERS={} cargo test --release --test browsers)",
                    browser.name
                )
                .into())
            }
        }
        fresh_outputs.push((corpus, out));
    }
    let _ = std::fs::remove_dir_all(&tmp);

    if record {
        let dir = data_dir().join(browser.name);
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let corpus_provenance = read_json(&data_dir().join("corpus/provenance.json"))?;
        let mut outputs = serde_json::Map::new();
        for (corpus, out) in &fresh_outputs {
            write_outputs(&stored_outputs(browser.name, corpus.name), out)?;
            outputs.insert(
                corpus.name.to_string(),
                json!({
                    "lines": out.len(),
                    "no URL (href null)": out.iter().filter(|o| o.href.is_none()).count(),
                }),
            );
        }
        let provenance = json!({
            "browser": browser.name,
            "version": version,
            "product": info["product"],
            "revision": info["revision"],
            "js_version": info["js_version"],
            "user_agent": info["user_agent"],
            "executable": info["executable"],
            "executable_version": info["executable_version"],
            "package": info["package"],
            "driver": info["driver"],
            "system": system_name(),
            "date": info["date"],
            "command": format!(
                "URLPRISM_RECORD_BROWSERS={} cargo test --release --test browsers -- fresh::{}",
                browser.name, browser.name
            ),
            "runner": shown_cmd,
            "evaluated": "new URL(input, base).href, or new URL(input).href when base is null; null when it throws; in batches of 4000 in one about:blank page",
            "corpus": {
                "generator": corpus_provenance["generator"],
                "seed": corpus_provenance["seed"],
                "files": CORPORA.iter().map(|c| format!("tests/data/browsers/corpus/{c}.jsonl")).collect::<Vec<_>>(),
            },
            "outputs": outputs,
        });
        let text = serde_json::to_string_pretty(&provenance).unwrap() + "\n";
        let path = provenance_path(browser.name);
        std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
        let _ = writeln!(report, "  stored in {}", dir.display());
        print!("{report}");
        return Ok(Completion::Completed);
    }
    let stored_version = stored_version.unwrap_or_default();
    if stored_version != version {
        let _ = writeln!(
            report,
            "  the stored outputs are of {} {stored_version}; changed lines with the \
             upgrade: {changed_total} (reported, not a failure; store the new outputs with \
             URLPRISM_RECORD_BROWSERS={} cargo test --release --test browsers -- fresh::{})",
            browser.name, browser.name, browser.name
        );
    }
    print!("{report}");
    if stored_version == version && changed_total > 0 {
        return Err(format!(
            "{} {version} gives other outputs than it did when they were stored \
             (changed lines under the same version: {changed_total})",
            browser.name
        )
        .into());
    }
    Ok(Completion::Completed)
}

// ---------------------------------------------------------------------------
// fresh_pages::BROWSER, fresh_wpt::BROWSER

/// Runs the installed browser on the page corpus
/// (`tests/browsers/record_pages.py --check BROWSER`): its version and the
/// stored outputs' version, every changed line named by its corpus line,
/// encoding, input and base.  Lines changed under the stored version fail
/// the test; under another version they are reported (a browser update),
/// and `URLPRISM_RECORD_BROWSERS=BROWSER` stores the fresh outputs
/// (`record_pages.py BROWSER`).
fn fresh_pages(browser: Browser) -> Result<Completion, Failed> {
    recorder(browser, "record_pages.py")
}

/// Runs the installed browser on the web-platform-tests URL files
/// (`tests/browsers/record_wpt.py --check BROWSER`, every check in a few
/// evaluations): its version and the stored outputs' version, every
/// changed line named by its file and case.  Lines changed under the
/// stored version fail the test, and so do stored lines that are not the
/// checks of the vendored files; changed lines under another version are
/// reported (a browser update).  `URLPRISM_RECORD_BROWSERS=BROWSER` stores
/// the fresh outputs (`record_wpt.py BROWSER`) and derives the browser's
/// own WPT failures from them again (`wpt_expected.py BROWSER`).
fn fresh_wpt(browser: Browser) -> Result<Completion, Failed> {
    let done = recorder(browser, "record_wpt.py")?;
    if recording(browser.name) && matches!(done, Completion::Completed) {
        let mut cmd = Command::new("python3");
        cmd.arg(browsers_dir().join("wpt_expected.py"))
            .arg(browser.name)
            .current_dir(root());
        let (out, _) = run_limited(cmd, RUN_LIMIT)
            .map_err(|e| format!("wpt_expected.py {} failed: {e}", browser.name))?;
        print!("{out}");
    }
    Ok(done)
}

/// Runs the installed browser's address-bar formatting on the display
/// corpus (`tests/browsers/record_display.py --check BROWSER`): its
/// version and the stored outputs' version, every changed line named by
/// its corpus line.  Lines changed under the stored version fail the
/// test, and so do stored lines that are not the corpus's inputs; under
/// another version they are reported (a browser update).
/// `URLPRISM_RECORD_BROWSERS=BROWSER` stores the fresh outputs
/// (`record_display.py BROWSER`).  It needs the browser alone (Chromium
/// and Firefox are driven from Python, no npm package).
fn fresh_display(browser: Browser) -> Result<Completion, Failed> {
    let what = match browser.runner {
        Runner::Node {
            executable, apt, ..
        } => (!Path::new(executable).exists())
            .then(|| format!("{executable} (apt-get install {apt})")),
        Runner::WebKit => missing(browser),
    };
    recorder_with(browser, "record_display.py", what, DISPLAY_RUN_LIMIT)
}

/// Runs `tests/browsers/SCRIPT [--check] BROWSER` (a recorder: `--check`
/// unless `URLPRISM_RECORD_BROWSERS` names the browser), printing what it
/// prints; its failure (exit status 1: lines changed under the stored
/// version) fails the test.  What is missing to run the browser makes the
/// trial ignored, or failed under `CI=true`.
fn recorder(browser: Browser, script: &str) -> Result<Completion, Failed> {
    recorder_with(browser, script, missing(browser), RUN_LIMIT)
}

/// `recorder` with what is missing to run the browser (`missing`: None
/// when nothing is) and the time the script may take.
fn recorder_with(
    browser: Browser,
    script: &str,
    missing: Option<String>,
    limit: Duration,
) -> Result<Completion, Failed> {
    let what = missing.or_else(|| {
        (!succeeds(Command::new("python3").arg("--version")))
            .then(|| "python3 (apt-get install python3)".to_string())
    });
    if let Some(what) = what {
        if in_ci() {
            return Err(format!(
                "{} cannot run: {what} is missing (required under CI=true; .ci/run installs it)",
                browser.name
            )
            .into());
        }
        return Ok(Completion::ignored_with(format!(
            "SKIPPED: {what} is missing (.ci/run installs it)"
        )));
    }
    let mut cmd = Command::new("python3");
    cmd.arg(browsers_dir().join(script));
    if !recording(browser.name) {
        cmd.arg("--check");
    }
    cmd.arg(browser.name).current_dir(root());
    let (out, _) =
        run_limited(cmd, limit).map_err(|e| format!("{script} {} failed: {e}", browser.name))?;
    print!("{out}");
    Ok(Completion::Completed)
}

// ---------------------------------------------------------------------------
// wpt::*

/// The engines whose expected WPT failures are their browser's own
/// (`tests/data/wpt/expected-failures/ENGINE.json`).
const WPT_ENGINES: [&str; 3] = ["chromium", "firefox", "webkit"];

/// Running `tests/browsers/wpt_expected.py` again on the stored WPT
/// outputs writes the stored expected failures of the chromium, firefox
/// and webkit engines, byte for byte.
fn expected_failures_are_the_recordings() -> Result<Completion, Failed> {
    if !succeeds(Command::new("python3").arg("--version")) {
        if in_ci() {
            return Err("python3 is missing (required under CI=true)".into());
        }
        return Ok(Completion::ignored_with("SKIPPED: python3 is missing"));
    }
    let stored_dir = root().join("tests/data/wpt/expected-failures");
    let files: Vec<(String, PathBuf)> = WPT_ENGINES
        .iter()
        .map(|e| (format!("{e}.json"), stored_dir.join(format!("{e}.json"))))
        .collect();
    let stdout = script_reproduces(
        "wpt_expected.py",
        &WPT_ENGINES,
        &files,
        "derives from the stored browser outputs (run python3 tests/browsers/wpt_expected.py)",
    )?;
    print!("{stdout}");
    Ok(Completion::Completed)
}

/// Runs `script` (in `tests/browsers/`) with `args` and `--out` a
/// directory of its own, then compares each file it wrote with the
/// stored one of `files` (the name it writes, the stored file's path),
/// byte for byte: its standard output when all are the same, an error
/// naming every file that differs otherwise, then `hint` (what the
/// script does, and what to run).
fn script_reproduces(
    script: &str,
    args: &[&str],
    files: &[(String, PathBuf)],
    hint: &str,
) -> Result<String, Failed> {
    let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!(
        "browsers-{}-{}",
        script.trim_end_matches(".py"),
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&tmp);
    let o = Command::new("python3")
        .arg(browsers_dir().join(script))
        .args(args)
        .arg("--out")
        .arg(&tmp)
        .output()
        .map_err(|e| format!("python3: {e}"))?;
    if !o.status.success() {
        return Err(format!(
            "{script} failed: {}{}",
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        )
        .into());
    }
    let mut differ = Vec::new();
    for (name, stored) in files {
        let again = std::fs::read(tmp.join(name)).map_err(|e| format!("{name}: {e}"))?;
        let kept = std::fs::read(stored).map_err(|e| format!("{}: {e}", stored.display()))?;
        if again != kept {
            let shown = stored.strip_prefix(root()).unwrap_or(stored);
            differ.push(shown.display().to_string());
        }
    }
    let _ = std::fs::remove_dir_all(&tmp);
    if !differ.is_empty() {
        return Err(format!("{} not what {script} {hint}", differ.join(", ")).into());
    }
    Ok(String::from_utf8_lossy(&o.stdout).into_owned())
}

// ---------------------------------------------------------------------------
// corpus::*

/// The corpora's lines are well formed: each pair once, a known split, and
/// about one line in three held out; the part counts are those of
/// corpus/provenance.json.
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
    Ok(())
}

/// The generator's reading of the conformance suite and of the WPT cases
/// is the library's: the `suite` and `wpt` parts are the (data, base)
/// pairs `urlprism::conformance` and `urlprism::engines::whatwg::wpt` read, each
/// once, in file order.
fn suite_parts_are_what_the_library_reads() -> Result<(), Failed> {
    let realistic = &corpora()[0];
    let part = |name: &str| -> Vec<(&str, Option<&str>)> {
        realistic
            .lines
            .iter()
            .filter(|l| l.part == name)
            .map(|l| (l.input.as_str(), l.base.as_deref()))
            .collect()
    };
    let files =
        urlprism::conformance::collect_suite_files(&[root().join("tests/data/tests-web-url")])
            .map_err(|e| e.to_string())?;
    let mut seen: HashSet<(String, Option<String>)> = HashSet::new();
    let mut suite = Vec::new();
    for f in &files {
        for r in urlprism::conformance::read_suite_file(&f.path).map_err(|e| e.to_string())? {
            let pair = (r.data().to_string(), r.base().map(str::to_string));
            if seen.insert(pair.clone()) {
                suite.push(pair);
            }
        }
    }
    let mut wpt = Vec::new();
    let text = std::fs::read_to_string(root().join("tests/data/wpt/2026-01/urltestdata.json"))
        .map_err(|e| e.to_string())?;
    for case in urlprism::compare::wpt::read_cases(&text)? {
        let urlprism::compare::wpt::Check::Parse { input, base, .. } = case.check else {
            continue;
        };
        let pair = (input, base);
        if seen.insert(pair.clone()) {
            wpt.push(pair);
        }
    }
    for (name, expected) in [("suite", &suite), ("wpt", &wpt)] {
        let got = part(name);
        let expected: Vec<(&str, Option<&str>)> = expected
            .iter()
            .map(|(d, b)| (d.as_str(), b.as_deref()))
            .collect();
        if got != expected {
            let first = got.iter().zip(&expected).position(|(a, b)| a != b);
            return Err(format!(
                "the {name} part ({} lines) is not what the library reads ({} pairs); first \
                 difference at {first:?}: {:?} / {:?}",
                got.len(),
                expected.len(),
                first.map(|i| got[i]),
                first.map(|i| expected[i])
            )
            .into());
        }
        println!("{name}: {} pairs, as the library reads them", got.len());
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
    let shared = shared.display().to_string();
    let stdout = script_reproduces(
        "gen_corpora.py",
        &["--shared", &shared],
        &corpus_files(&["realistic.jsonl", "generated.jsonl", "provenance.json"]),
        "writes now (run it again, then store the browsers' outputs anew)",
    )?;
    print!("{stdout}");
    Ok(Completion::Completed)
}

/// The stored corpus files of `names`, each with the name the generator
/// writes.
fn corpus_files(names: &[&str]) -> Vec<(String, PathBuf)> {
    names
        .iter()
        .map(|n| (n.to_string(), data_dir().join("corpus").join(n)))
        .collect()
}

/// Running the page generator again writes the stored page corpus, byte
/// for byte.
fn page_generator_reproduces_the_corpus() -> Result<Completion, Failed> {
    if !succeeds(Command::new("python3").arg("--version")) {
        if in_ci() {
            return Err("python3 is missing (required under CI=true)".into());
        }
        return Ok(Completion::ignored_with("SKIPPED: python3 is missing"));
    }
    let stdout = script_reproduces(
        "gen_page_corpus.py",
        &[],
        &corpus_files(&["pages.jsonl", "pages-provenance.json"]),
        "writes now (run it again, then store the browsers' outputs anew: record_pages.py)",
    )?;
    print!("{stdout}");
    Ok(Completion::Completed)
}

/// Running the display generator again writes the stored display corpus,
/// byte for byte.
fn display_generator_reproduces_the_corpus() -> Result<Completion, Failed> {
    if !succeeds(Command::new("python3").arg("--version")) {
        if in_ci() {
            return Err("python3 is missing (required under CI=true)".into());
        }
        return Ok(Completion::ignored_with("SKIPPED: python3 is missing"));
    }
    let stdout = script_reproduces(
        "gen_display_corpus.py",
        &[],
        &corpus_files(&["display.jsonl", "display-provenance.json"]),
        "writes now (run it again, then store the browsers' outputs anew: record_display.py)",
    )?;
    print!("{stdout}");
    Ok(Completion::Completed)
}

// ---------------------------------------------------------------------------
// display::*

/// Each browser's stored address-bar outputs
/// (`tests/data/browsers/BROWSER/display.jsonl`) have one line per line
/// of `corpus/display.jsonl`, in order, with its input, an `href` and a
/// `shown` (a string or null), and a `display-provenance.json` naming the
/// corpus's lines.
fn display_outputs_are_the_corpus() -> Result<(), Failed> {
    let corpus: Vec<Value> = read_jsonl(&data_dir().join("corpus/display.jsonl"))?;
    for b in BROWSERS {
        let path = data_dir().join(b.name).join("display.jsonl");
        let out: Vec<Value> = read_jsonl(&path)?;
        if out.len() != corpus.len() {
            return Err(format!(
                "{}: {} lines for {} corpus lines",
                path.display(),
                out.len(),
                corpus.len()
            )
            .into());
        }
        for (i, (o, c)) in out.iter().zip(&corpus).enumerate() {
            let text = |v: &Value| v.is_string() || v.is_null();
            if o["input"] != c["input"] || !text(&o["href"]) || !text(&o["shown"]) {
                return Err(
                    format!("{}:{}: {o} for the corpus line {c}", path.display(), i + 1).into(),
                );
            }
        }
        let prov = read_json(&data_dir().join(b.name).join("display-provenance.json"))?;
        if prov["corpus"]["lines"].as_u64() != Some(corpus.len() as u64) {
            return Err(format!("{}: display-provenance.json names another corpus", b.name).into());
        }
        println!(
            "{} {}: {} lines, {} shown",
            b.name,
            prov["version"].as_str().unwrap_or("?"),
            out.len(),
            out.iter().filter(|o| o["shown"].is_string()).count()
        );
    }
    Ok(())
}

fn main() {
    let args = Arguments::from_args();
    let mut trials = vec![
        Trial::test(
            "corpus::lines_are_well_formed",
            corpus_lines_are_well_formed,
        ),
        Trial::test(
            "corpus::suite_parts_are_what_the_library_reads",
            suite_parts_are_what_the_library_reads,
        ),
        Trial::ignorable_test(
            "corpus::generator_reproduces_the_corpora",
            generator_reproduces_the_corpora,
        ),
        Trial::ignorable_test(
            "corpus::page_generator_reproduces_the_corpus",
            page_generator_reproduces_the_corpus,
        ),
        Trial::ignorable_test(
            "corpus::display_generator_reproduces_the_corpus",
            display_generator_reproduces_the_corpus,
        ),
        Trial::test(
            "display::outputs_are_the_corpus",
            display_outputs_are_the_corpus,
        ),
        Trial::ignorable_test(
            "wpt::expected_failures_are_the_recordings",
            expected_failures_are_the_recordings,
        ),
    ];
    for b in BROWSERS {
        trials.push(Trial::test(format!("stored::{}", b.name), move || {
            stored(b)
        }));
        trials.push(Trial::test(format!("pages::{}", b.name), move || pages(b)));
        trials.push(Trial::ignorable_test(
            format!("fresh::{}", b.name),
            move || fresh(b),
        ));
        trials.push(Trial::ignorable_test(
            format!("fresh_pages::{}", b.name),
            move || fresh_pages(b),
        ));
        trials.push(Trial::ignorable_test(
            format!("fresh_wpt::{}", b.name),
            move || fresh_wpt(b),
        ));
        trials.push(Trial::ignorable_test(
            format!("fresh_display::{}", b.name),
            move || fresh_display(b),
        ));
    }
    libtest_mimic::run(&args, trials).exit();
}
