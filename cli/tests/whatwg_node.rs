//! Differential test: `urlprism canon --profile whatwg` against Node's
//! `URL` (a reference implementation of the URL Standard: the ada parser
//! in Node 20) on a large mixed corpus: the WPT cases, the 2011 suite's
//! inputs, the `../shared/bench/` corpora and generated hostile inputs.
//! The two must agree (the same `href`, or both fail) on at least 99.9%.
//!
//! Runs when `node` is on the PATH; without it the test is reported as
//! ignored, with the reason, unless `CI` is set, where it fails.  Corpora
//! missing from
//! `../shared/` are left out with a notice (and fail under `CI=true`).

mod cli_support;
mod real_parts;

use libtest_mimic::{Arguments, Trial};
use serde_json::Value;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use urlprism::compare::wpt;
use urlprism::engines::whatwg::Whatwg;

/// One input and its base.
type Item = (String, Option<String>);

/// The corpus: its parts, by name, in order.
struct Corpus {
    items: Vec<Item>,
    /// (part name, number of items) in order.
    parts: Vec<(String, usize)>,
}

impl Corpus {
    fn add(&mut self, part: &str, items: impl IntoIterator<Item = Item>) {
        let before = self.items.len();
        self.items.extend(items);
        self.parts
            .push((part.to_string(), self.items.len() - before));
    }
}

fn root() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

fn in_ci() -> bool {
    real_parts::in_ci()
}

fn read_shared(rel: &str) -> Option<String> {
    match std::fs::read_to_string(root().join("../shared").join(rel)) {
        Ok(t) => Some(t),
        Err(e) => {
            assert!(!in_ci(), "../shared/{rel}: {e}");
            eprintln!("note: ../shared/{rel} not found; left out of the corpus");
            None
        }
    }
}

/// Inputs built to break parsers: odd hosts, numbers, escapes, controls,
/// deviation characters, long and repeated parts.
fn hostile() -> Vec<Item> {
    let hosts = [
        "faß.de",
        "FASS.de",
        "ς.gr",
        "a\u{200d}b",
        "a\u{200c}b",
        "xn--fa-hia.de",
        "xn--a",
        "xn--",
        "XN--ls8h",
        "256.0.0.1",
        "0x7f.1",
        "0x100000000",
        "1.2.3.4.5",
        "1.2.3.08",
        "09.1",
        "4294967295",
        "4294967296",
        "0.0.0.0.",
        "1..2",
        "[::1]",
        "[::1",
        "[1:2:3:4:5:6:7:8:9]",
        "[::ffff:1.2.3.4]",
        "[v1.x]",
        "a%2fb",
        "a%2Eb",
        "%41%42",
        "%zz",
        "%",
        "a%00b",
        "a b",
        "a\tb",
        "a<b",
        "a^b",
        "a|b",
        "a~b",
        "a_b",
        "a$b",
        "ex%C3%A4mple",
        "%C3%28",
        "%EF%BB%BF",
        "\u{ff21}\u{ff22}",
        "a\u{3002}b",
        "a\u{ff0e}b",
        "\u{fe12}",
        "\u{1f4a9}.la",
        "\u{5d0}1",
        "1\u{5d0}",
        "\u{627}.\u{661}",
        "-a-.b",
        "a--b",
        "ab--c",
        "\u{ad}",
        "a\u{ad}b",
        "\u{200b}",
        "Ⅻ",
        "ǅ",
        "\u{fdd0}",
        "\u{e000}",
        "localhost",
        "LOCALHOST",
        "",
    ];
    let mut out = Vec::new();
    for h in hosts {
        for scheme in ["http", "https", "file", "ws", "foo"] {
            out.push((format!("{scheme}://{h}/p"), None));
        }
        out.push((format!("http://u:p@{h}:8080/a?b#c"), None));
        out.push((format!("//{h}/x"), Some("https://base.test/".to_string())));
    }
    for s in [
        "https:evil.com",
        "http:evil.com",
        "http:/evil.com",
        "http:\\\\evil.com\\a",
        "HTTP://EXAMPLE.com:80/./a/../b/%2e%2E/c",
        "http://a/b?c d#e f",
        "http://a/\u{0}\u{1f}\u{7f}",
        "  http://a/  ",
        "http://a:65536/",
        "http://a:0080/",
        "http://@@a@b/",
        "http://:@a/",
        "file:c:\\x\\y",
        "file:///C|/x",
        "file://localhost/x",
        "javascript:alert(1)",
        "data:text/html,<b>",
        "mailto:a@b",
        "web+demo:/.//not-a-host/",
        "non-special://h:1/..//p",
        "sc://\u{1f}/",
        "blob:https://a/b",
        "http://a/%",
        "http://a/?%zz&%41",
        "http://a/#%zz",
        "\u{feff}http://a/",
    ] {
        out.push((s.to_string(), None));
    }
    out.push((format!("http://{}/", "a.".repeat(3000)), None));
    out.push((format!("http://{}/", "%".repeat(3000)), None));
    out.push((format!("http://a/{}", "../".repeat(3000)), None));
    out.push((format!("http://{}.de/", "ß".repeat(100)), None));
    out
}

fn corpus() -> Corpus {
    let mut c = Corpus {
        items: Vec::new(),
        parts: Vec::new(),
    };
    let wpt = std::fs::read_to_string(root().join("tests/data/wpt/urltestdata.json")).unwrap();
    let cases = wpt::read_cases(&wpt).unwrap();
    c.add(
        "WPT urltestdata.json",
        cases.into_iter().filter_map(|k| match k.check {
            wpt::Check::Parse { input, base, .. } => Some((input, base)),
            _ => None,
        }),
    );
    let suite = root().join("../shared/conformance/tests-web-url");
    if suite.is_dir() {
        let files = urlprism::conformance::collect_suite_files(&[suite]).unwrap();
        // The generated files of code points unassigned in Unicode 3.2
        // (`-a1-`) are a part of their own: the IDNA tables of the two
        // implementations are of different Unicode versions.
        for a1 in [false, true] {
            let mut items = Vec::new();
            for f in files.iter().filter(|f| f.name.contains("-a1-") == a1) {
                for r in urlprism::conformance::read_suite_file(&f.path).unwrap() {
                    if let Some(data) = r.get("data") {
                        items.push((data.to_string(), r.get("base").map(str::to_string)));
                    }
                }
            }
            let name = match a1 {
                false => "2011 suite (but the A.1 files)",
                true => "2011 suite, generated A.1 files (code points unassigned in Unicode 3.2)",
            };
            c.add(name, items);
        }
    } else {
        assert!(!in_ci(), "../shared/conformance/tests-web-url is missing");
    }
    for f in [
        "bench/ascii.txt",
        "bench/idn.txt",
        "bench/kasztp-source.txt",
    ] {
        if let Some(text) = read_shared(f) {
            c.add(f, text.lines().map(|l| (l.to_string(), None)));
        }
    }
    if let Some(text) = read_shared("bench/relative.txt") {
        let pairs = text.lines().filter_map(|l| {
            l.split_once('\t')
                .map(|(base, rel)| (rel.to_string(), Some(base.to_string())))
        });
        c.add("bench/relative.txt", pairs);
    }
    c.add("hostile inputs", hostile());
    c
}

/// The start and length of the part whose name contains `name` (empty
/// when there is none).
fn part(corpus: &Corpus, name: &str) -> (usize, usize) {
    let mut start = 0;
    for (n, len) in &corpus.parts {
        if n.contains(name) {
            return (start, *len);
        }
        start += len;
    }
    (start, 0)
}

/// Node's `href` for each item (`None`: it throws).
fn node_hrefs(items: &[Item]) -> Vec<Option<String>> {
    let script = r#"
const rl = require('readline').createInterface({ input: process.stdin, crlfDelay: Infinity });
const out = [];
rl.on('line', (line) => {
  const [input, base] = JSON.parse(line);
  let href = null;
  try { href = (base === null ? new URL(input) : new URL(input, base)).href; } catch (e) {}
  out.push(JSON.stringify(href));
});
rl.on('close', () => { process.stdout.write(out.join('\n') + '\n'); });
"#;
    let mut child = Command::new("node")
        .args(["-e", script])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("node runs");
    let mut stdin = child.stdin.take().unwrap();
    let payload: String = items
        .iter()
        .map(|(i, b)| serde_json::to_string(&(i, b)).unwrap() + "\n")
        .collect();
    let writer = std::thread::spawn(move || stdin.write_all(payload.as_bytes()));
    let out = child.wait_with_output().expect("node output");
    writer.join().unwrap().unwrap();
    assert!(out.status.success(), "node failed");
    let text = String::from_utf8(out.stdout).unwrap();
    let hrefs: Vec<Option<String>> = text
        .lines()
        .map(|l| match serde_json::from_str::<Value>(l).unwrap() {
            Value::String(s) => Some(s),
            _ => None,
        })
        .collect();
    assert_eq!(hrefs.len(), items.len(), "one line per input from node");
    hrefs
}

/// `canon --profile whatwg`'s `href` for each item: the inputs without a
/// base (and without a line break) go through the command line, one per
/// line of standard input; the others through the library, which the
/// command calls.
fn urlprism_hrefs(items: &[Item]) -> Vec<Option<String>> {
    let by_cli: Vec<usize> = (0..items.len())
        .filter(|&i| items[i].1.is_none() && !items[i].0.contains(['\n', '\r']))
        .collect();
    let stdin: String = by_cli
        .iter()
        .map(|&i| format!("{}\n", items[i].0))
        .collect();
    let out = cli_support::run(&["canon", "--profile", "whatwg"], stdin.as_bytes());
    let lines: Vec<&str> = std::str::from_utf8(&out.stdout).unwrap().lines().collect();
    assert_eq!(lines.len(), by_cli.len(), "one output line per input line");
    let engine = Whatwg::new();
    let mut hrefs: Vec<Option<String>> = items
        .iter()
        .map(|(i, b)| {
            engine
                .canonicalize_str(i, b.as_deref(), encoding_rs::UTF_8)
                .ok()
        })
        .collect();
    for (&i, line) in by_cli.iter().zip(lines) {
        hrefs[i] = (!line.is_empty()).then(|| line.to_string());
    }
    hrefs
}

fn main() {
    let args = Arguments::from_args();
    let trials = vec![Trial::ignorable_test(
        "canon_whatwg_agrees_with_node",
        || {
            if Command::new("node").arg("--version").output().is_err() {
                return real_parts::missing("node (apt-get install nodejs)");
            }
            real_parts::completed(canon_whatwg_agrees_with_node)
        },
    )];
    libtest_mimic::run(&args, trials).exit();
}

fn canon_whatwg_agrees_with_node() {
    let corpus = corpus();
    let items = &corpus.items;
    let ours = urlprism_hrefs(items);
    let theirs = node_hrefs(items);
    let differ: Vec<usize> = (0..items.len()).filter(|&i| ours[i] != theirs[i]).collect();
    let agree = items.len() - differ.len();
    let rate = agree as f64 / items.len() as f64;
    println!(
        "whatwg vs node: {agree} of {} agree ({:.4}%)",
        items.len(),
        rate * 100.0
    );
    let mut start = 0;
    for (name, n) in &corpus.parts {
        let d = differ
            .iter()
            .filter(|&&i| i >= start && i < start + n)
            .count();
        println!(
            "  {name}: {} of {n} agree ({:.4}%)",
            n - d,
            100.0 * (n - d) as f64 / (*n).max(1) as f64
        );
        start += n;
    }
    // Every disagreement, for the record.
    let listing: String = differ
        .iter()
        .map(|&i| {
            format!(
                "{:?} base {:?}: urlprism {:?}, node {:?}\n",
                items[i].0, items[i].1, ours[i], theirs[i]
            )
        })
        .collect();
    let path = root().join("target/whatwg-node-differences.txt");
    if std::fs::write(&path, &listing).is_ok() {
        println!("the disagreements are listed in {}", path.display());
    }
    for line in listing.lines().take(20) {
        println!("  differs: {line}");
    }
    // The A.1 files: every disagreement is one implementation rejecting
    // a host the other accepts (the status of a code point in their IDNA
    // tables), or a `file:` URL (the url crate's `file:` differences,
    // listed in the WPT expected failures).  The rest of the corpus: at
    // least 99.9% agreement.
    let (a1_start, a1_len) = part(&corpus, "generated A.1 files");
    let in_a1 = |i: usize| i >= a1_start && i < a1_start + a1_len;
    for &i in differ.iter().filter(|&&i| in_a1(i)) {
        let file = [&ours[i], &theirs[i]]
            .iter()
            .any(|h| h.as_deref().is_some_and(|h| h.starts_with("file:")));
        assert!(
            ours[i].is_some() != theirs[i].is_some() || file,
            "an A.1 record parts otherwise than by validity: {:?}",
            items[i]
        );
    }
    let rest = items.len() - a1_len;
    let rest_agree = rest - differ.iter().filter(|&&i| !in_a1(i)).count();
    let rest_rate = rest_agree as f64 / rest as f64;
    println!(
        "whatwg vs node without the A.1 files: {rest_agree} of {rest} agree ({:.4}%)",
        rest_rate * 100.0
    );
    assert!(rest > 100_000 || !in_ci(), "the corpus is large");
    assert!(rest_rate >= 0.999, "agreement {rest_rate} is below 99.9%");
}
