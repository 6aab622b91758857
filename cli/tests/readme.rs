//! The examples of the README and of the pages of docs/ that no doctest
//! runs: every profile file they show (a ```toml block) loads as what it
//! says it is, every command of a ```console block prints what it shows,
//! and every relative link points to a file (and heading) that exists.

use std::path::{Path, PathBuf};
use urlprism::compare::Engine;
use urlprism::engines::EngineSpec;

fn root() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

/// The Markdown files whose examples are checked, relative to the root:
/// the READMEs and every page of docs/ (a new page is checked as soon as
/// it is there).
fn doc_files() -> Vec<String> {
    let mut files: Vec<String> = ["README.md", "profiles/README.md", "python/README.md"]
        .map(String::from)
        .to_vec();
    let mut pages: Vec<String> = std::fs::read_dir(root().join("docs"))
        .expect("docs/ reads")
        .map(|e| {
            e.expect("a docs/ entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|name| name.ends_with(".md"))
        .map(|name| format!("docs/{name}"))
        .collect();
    pages.sort();
    assert!(
        pages.len() >= 10,
        "docs/ has {} pages: {pages:?}",
        pages.len()
    );
    files.extend(pages);
    files
}

/// The page whose ```toml blocks are key files, not profile files.
const KEY_FILES_PAGE: &str = "docs/keys.md";

/// The ```toml blocks of the Markdown file `rel`.
fn toml_blocks(rel: &str) -> Vec<String> {
    let text = std::fs::read_to_string(root().join(rel)).expect("the file reads");
    text.split("```toml\n")
        .skip(1)
        .map(|b| b.split("```").next().unwrap_or_default().to_string())
        .collect()
}

#[test]
fn every_profile_file_shown_loads() {
    let mut loaded = 0;
    for rel in doc_files() {
        if rel == KEY_FILES_PAGE {
            continue;
        }
        let rel = rel.as_str();
        for (i, block) in toml_blocks(rel).into_iter().enumerate() {
            let e = EngineSpec::from_toml(&block, &format!("{rel} block {i}"))
                .unwrap_or_else(|e| panic!("{rel}, toml block {i}: {e}\n{block}"));
            // It is named as it says.
            let name = block
                .lines()
                .find_map(|l| l.strip_prefix("name = "))
                .map(|n| n.trim_matches('"'));
            assert_eq!(Some(e.name()), name, "{rel}, toml block {i}");
            assert!(e
                .canonicalize("http://a/", None, urlprism::encoding_rs::UTF_8)
                .is_ok());
            loaded += 1;
        }
    }
    assert!(
        loaded >= 3,
        "{loaded} profile files in the README and docs/"
    );
}

/// The key files that docs/keys.md shows (its ```toml blocks) read as
/// kinds of key named as they say.
#[test]
fn every_key_file_shown_loads() {
    let blocks = toml_blocks(KEY_FILES_PAGE);
    assert!(!blocks.is_empty(), "docs/keys.md shows a key file");
    for (i, block) in blocks.iter().enumerate() {
        let key = urlprism::keys::Key::from_toml(block)
            .unwrap_or_else(|e| panic!("docs/keys.md, toml block {i}: {e}\n{block}"));
        let name = block
            .lines()
            .find_map(|l| l.strip_prefix("name = "))
            .map(|n| n.trim_matches('"'));
        assert_eq!(Some(key.name()), name, "docs/keys.md, toml block {i}");
    }
}

/// docs/keys.md's table names every built-in kind (a `-surt` kind through
/// `urlcanon-*-surt`), and nothing that is not one.
#[test]
fn the_keys_page_lists_every_kind() {
    let text = std::fs::read_to_string(root().join("docs/keys.md")).unwrap();
    let listed: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("| `"))
        .filter_map(|l| l.split('`').next())
        .collect();
    let names = urlprism::keys::builtin_names();
    for name in &names {
        let covered = listed.contains(name)
            || (name.starts_with("urlcanon-")
                && name.ends_with("-surt")
                && listed.contains(&"urlcanon-*-surt"));
        assert!(covered, "docs/keys.md does not list the kind {name}");
    }
    for l in &listed {
        assert!(
            names.contains(l) || *l == "urlcanon-*-surt",
            "docs/keys.md lists {l}, which is no kind"
        );
    }
}

mod serve_support;

/// A ```console block: its file, the line it starts on, and its commands
/// (the text after `$ `), each with the output shown below it.
struct ConsoleBlock {
    file: String,
    line: usize,
    commands: Vec<(String, Vec<String>)>,
}

/// The ```console blocks of the Markdown file `rel`.
fn console_blocks(rel: &str) -> Vec<ConsoleBlock> {
    let text = std::fs::read_to_string(root().join(rel)).expect("the file reads");
    let mut blocks = Vec::new();
    let mut current: Option<ConsoleBlock> = None;
    // A block in a list item is indented: so are its lines.
    let mut indent = 0;
    for (n, line) in text.lines().enumerate() {
        let line = match current {
            Some(_) => line
                .get(indent..)
                .filter(|_| line[..indent].trim().is_empty())
                .unwrap_or(line),
            None => line,
        };
        match current.as_mut() {
            None if line.trim_start() == "```console" => {
                indent = line.len() - line.trim_start().len();
                current = Some(ConsoleBlock {
                    file: rel.to_string(),
                    line: n + 1,
                    commands: Vec::new(),
                });
            }
            None => {}
            Some(_) if line.trim_start().starts_with("```") => {
                blocks.extend(current.take());
            }
            Some(b) => match line.strip_prefix("$ ") {
                Some(command) => b.commands.push((command.to_string(), Vec::new())),
                None => {
                    let (command, out) = b.commands.last_mut().unwrap_or_else(|| {
                        panic!("{rel}:{}: a console block begins with a '$ ' line", n + 1)
                    });
                    assert!(!command.is_empty());
                    out.push(line.to_string());
                }
            },
        }
    }
    blocks
}

/// Whether `actual` is what `shown` shows: line by line, where a line
/// `...` stands for any number of lines and `...` within a line for any
/// text (a rate, a time); trailing empty lines aside.
fn shows(shown: &[String], actual: &[&str]) -> bool {
    fn line_matches(pattern: &str, line: &str) -> bool {
        let mut parts = pattern.split("...");
        let first = parts.next().unwrap_or_default();
        let Some(mut rest) = line.strip_prefix(first) else {
            return false;
        };
        let parts: Vec<&str> = parts.collect();
        for (i, part) in parts.iter().enumerate() {
            if i + 1 == parts.len() {
                return rest.ends_with(part);
            }
            match rest.find(part) {
                Some(at) => rest = &rest[at + part.len()..],
                None => return false,
            }
        }
        rest.is_empty()
    }
    match shown.split_first() {
        None => actual.is_empty(),
        Some((p, more)) if p.trim() == "..." => {
            (0..=actual.len()).any(|skip| shows(more, &actual[skip..]))
        }
        Some((p, more)) => {
            !actual.is_empty() && line_matches(p, actual[0]) && shows(more, &actual[1..])
        }
    }
}

fn trim_end_lines<T: AsRef<str>>(lines: &[T]) -> &[T] {
    let mut n = lines.len();
    while n > 0 && lines[n - 1].as_ref().trim().is_empty() {
        n -= 1;
    }
    &lines[..n]
}

/// Every command the README and docs/ show in a ```console block prints
/// what they show: run by bash in a scratch directory (the commands of a
/// block one after the other, in one directory), with the `urlprism`
/// under test first on the PATH and standard error with standard output.
/// The server the `curl` example talks to is started, on a free port put
/// in place of the 8080 shown.
#[test]
fn every_console_example_prints_what_it_shows() {
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_urlprism"));
    let path = format!(
        "{}:{}",
        bin.parent().expect("the binary's directory").display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut server: Option<serve_support::Server> = None;
    let mut checked = 0;
    let mut blocks_checked = 0;
    let mut failures = Vec::new();
    for rel in doc_files() {
        for block in console_blocks(&rel) {
            let dir = std::env::temp_dir().join(format!(
                "urlprism-readme-{}-{}-{}",
                std::process::id(),
                blocks_checked,
                block.line
            ));
            std::fs::create_dir_all(&dir).expect("a scratch directory");
            for (command, shown) in &block.commands {
                let mut command = command.clone();
                if command.contains("127.0.0.1:8080") {
                    let s = server.get_or_insert_with(serve_support::Server::start);
                    command = command.replace("http://127.0.0.1:8080", &s.origin());
                }
                let out = std::process::Command::new("bash")
                    .args(["-c", &format!("exec 2>&1; {command}")])
                    .current_dir(&dir)
                    .env("PATH", &path)
                    .output()
                    .unwrap_or_else(|e| panic!("bash runs: {e}"));
                let text = String::from_utf8_lossy(&out.stdout);
                let actual: Vec<&str> = text.lines().collect();
                if !shows(trim_end_lines(shown), trim_end_lines(&actual)) {
                    failures.push(format!(
                        "{}:{}: $ {command}\n--- shown\n{}\n--- printed\n{}",
                        block.file,
                        block.line,
                        trim_end_lines(shown).join("\n"),
                        text.trim_end()
                    ));
                }
                checked += 1;
            }
            let _ = std::fs::remove_dir_all(&dir);
            blocks_checked += 1;
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(
        blocks_checked >= 24,
        "{blocks_checked} console blocks in the README and docs/"
    );
    assert!(
        checked >= 35,
        "{checked} console commands in the README and docs/"
    );
}

#[test]
fn the_console_matcher_elides_only_what_it_is_told_to() {
    let s = |v: &[&str]| v.iter().map(|l| l.to_string()).collect::<Vec<_>>();
    assert!(shows(&s(&["a", "...", "d"]), &["a", "b", "c", "d"]));
    assert!(shows(&s(&["a", "...", "d"]), &["a", "d"]));
    assert!(!shows(&s(&["a", "...", "d"]), &["a", "b", "c"]));
    assert!(shows(&s(&["rate ... URLs/s"]), &["rate 7489 URLs/s"]));
    assert!(!shows(&s(&["rate ... URLs/s"]), &["rate 7489 URLs"]));
    assert!(!shows(&s(&["a"]), &["a", "b"]));
    assert!(!shows(&s(&["a", "b"]), &["a"]));
}

/// The anchor GitHub gives a heading: in lower case, a space made `-`,
/// every character but a letter, a digit, `-` and `_` dropped.
fn slug(heading: &str) -> String {
    let mut s = String::new();
    for c in heading.trim().chars() {
        if c.is_alphanumeric() || c == '-' || c == '_' {
            s.extend(c.to_lowercase());
        } else if c == ' ' {
            s.push('-');
        }
    }
    s
}

/// The text of a Markdown file with its fenced code blocks blanked out,
/// line for line (so that line numbers stay).
fn without_fences(text: &str) -> String {
    let mut fence = false;
    let mut out = String::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fence = !fence;
        } else if !fence {
            out.push_str(line);
        }
        out.push('\n');
    }
    out
}

/// The anchors of a Markdown file's headings, a repeated one numbered as
/// GitHub numbers it (`-1`, `-2`...).
fn anchors(text: &str) -> Vec<String> {
    let mut seen = std::collections::HashMap::<String, usize>::new();
    let mut out = Vec::new();
    for line in without_fences(text).lines() {
        let heading = line.trim_start_matches('#');
        if heading.len() == line.len() || !heading.starts_with(' ') {
            continue;
        }
        let s = slug(heading);
        let n = seen.entry(s.clone()).or_insert(0);
        out.push(if *n == 0 {
            s.clone()
        } else {
            format!("{s}-{n}")
        });
        *n += 1;
    }
    out
}

/// The targets of the inline links (`[text](target)`) of a Markdown file,
/// outside code blocks and code spans, each with its line.
fn link_targets(text: &str) -> Vec<(usize, String)> {
    let text = without_fences(text);
    let mut out = Vec::new();
    let (mut line, mut in_code) = (1, false);
    for (at, c) in text.char_indices() {
        match c {
            '\n' => line += 1,
            '`' => in_code = !in_code,
            ']' if !in_code && text[at..].starts_with("](") => {
                let rest = &text[at + 2..];
                let end = rest
                    .find(|c: char| c == ')' || c.is_whitespace())
                    .unwrap_or(rest.len());
                out.push((line, rest[..end].to_string()));
            }
            _ => {}
        }
    }
    out
}

/// Every relative link of the README and of docs/ (and of the other
/// READMEs checked here) points to a file that exists, and its `#anchor`,
/// if any, to a heading of that file.
#[test]
fn every_relative_link_resolves() {
    let mut checked = 0;
    let mut broken = Vec::new();
    for rel in doc_files() {
        let path = root().join(&rel);
        let text = std::fs::read_to_string(&path).expect("the file reads");
        let dir = path.parent().expect("the file's directory");
        for (line, target) in link_targets(&text) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (file, anchor) = target.split_once('#').unwrap_or((&target, ""));
            let linked: PathBuf = if file.is_empty() {
                path.clone()
            } else {
                dir.join(file)
            };
            checked += 1;
            if !linked.exists() {
                broken.push(format!("{rel}:{line}: {target}: no such file"));
                continue;
            }
            let is_markdown = linked.extension().is_some_and(|e| e == "md");
            if !anchor.is_empty() && is_markdown {
                let headings = anchors(&std::fs::read_to_string(&linked).expect("it reads"));
                if !headings.iter().any(|h| h == anchor) {
                    broken.push(format!(
                        "{rel}:{line}: {target}: no heading #{anchor} in {}",
                        Path::new(file).display()
                    ));
                }
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
    assert!(checked >= 40, "{checked} relative links checked");
}

#[test]
fn headings_and_links_are_read_as_github_reads_them() {
    assert_eq!(
        slug(" The `whatwg` engine: today's URL Standard beside 2011"),
        "the-whatwg-engine-todays-url-standard-beside-2011"
    );
    assert_eq!(
        anchors("# A\n```sh\n# not a heading\n```\n## A\n#no\n"),
        ["a", "a-1"]
    );
    assert_eq!(
        link_targets("[`x`](a.md#b) `[c](d)` [e](https://f) [g](h.md \"t\")\n"),
        [
            (1, "a.md#b".to_string()),
            (1, "https://f".to_string()),
            (1, "h.md".to_string())
        ]
    );
}
