//! `urlprism key`: the key a crawler or web archive stores for each URL
//! (SURT, SSURT, urlcanon's canonical forms, Safe Browsing's), one line
//! per input, in input order, on every core.

use super::input::{for_each_arg, for_each_stdin_line_octets, Input, Position};
use super::parallel::{self, LineWork};
use super::width::pad;
use super::{did_you_mean, UsageError};
use clap::Args;
use std::ffi::OsString;
use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use urlprism::keys::psl::HostColumns;
use urlprism::keys::{builtin_names, Applied, Key};

#[derive(Debug, Args)]
pub struct KeyArgs {
    /// The kind of key (see --list): surt, surt-scheme, ssurt,
    /// urlcanon-whatwg, urlcanon-google, urlcanon-semantic-precise,
    /// urlcanon-semantic, urlcanon-aggressive (and each with -surt),
    /// safebrowsing...
    #[arg(
        long,
        value_name = "KIND",
        default_value = "surt",
        conflicts_with = "kind_file"
    )]
    kind: String,
    /// A key file of your own (TOML: `name`, `extends = "KIND"` or
    /// `family`, and `[steps]`, each step true or false).
    #[arg(long, value_name = "PATH")]
    kind_file: Option<PathBuf>,
    /// List the built-in kinds, with what each is.
    #[arg(long)]
    list: bool,
    /// Print the kind's steps: each step of its family, on or off, what it
    /// does and where its reference implementation does it.
    #[arg(long, conflicts_with = "list")]
    steps: bool,
    /// Write one JSON object per input: input, kind, key or error, and the
    /// steps that changed the URL.
    #[arg(long)]
    json: bool,
    /// Also write the key's lookup expressions (Safe Browsing's host
    /// suffixes x path prefixes), tab-separated after the key.
    #[arg(long)]
    expressions: bool,
    /// Also write Common Crawl's host columns of the URL's host (as the URL
    /// Standard parses it) from the Public Suffix List: url_host_name,
    /// url_host_tld, url_host_2nd_last_part ... url_host_5th_last_part,
    /// url_host_registry_suffix, url_host_registered_domain,
    /// url_host_private_suffix, url_host_private_domain,
    /// url_host_name_reversed, tab-separated after the key (empty where
    /// null); with --json, as `host_columns`.
    #[arg(long, conflicts_with = "expressions")]
    host_columns: bool,
    /// Work on N threads (default: one per core).
    #[arg(long, value_name = "N")]
    threads: Option<usize>,
    /// The URLs (default: each line of standard input).
    #[arg(value_name = "URL")]
    urls: Vec<OsString>,
}

fn load(args: &KeyArgs) -> Result<Key, UsageError> {
    if let Some(path) = &args.kind_file {
        let text = std::fs::read_to_string(path)
            .map_err(|e| UsageError(format!("{}: {e}", path.display())))?;
        return Key::from_toml(&text).map_err(|e| UsageError(format!("{}: {e}", path.display())));
    }
    builtin_kind(&args.kind).cloned()
}

/// The built-in kind `name`, or a usage error with the closest name and
/// the list of kinds.
fn builtin_kind(name: &str) -> Result<&'static Key, UsageError> {
    Key::builtin(name).ok_or_else(|| {
        let names = builtin_names();
        UsageError(format!(
            "unknown kind of key {name:?}{}; the kinds: {}",
            did_you_mean(name, &names),
            names.join(", ")
        ))
    })
}

pub fn run(args: KeyArgs) -> Result<ExitCode, UsageError> {
    if args.list {
        for name in builtin_names() {
            let k = Key::builtin(name).expect("a listed kind");
            println!("{} {}", pad(name, 28), k.description());
        }
        return Ok(ExitCode::SUCCESS);
    }
    let key = load(&args)?;
    if args.steps {
        print_steps(&key);
        return Ok(ExitCode::SUCCESS);
    }
    if args.expressions && key.family().expressions.is_none() {
        return Err(UsageError(format!(
            "--expressions: the kind {:?} (family {}) has no lookup expressions",
            key.name(),
            key.family().name
        )));
    }
    let work = KeyLines {
        key: &key,
        json: args.json,
        expressions: args.expressions,
        host_columns: args.host_columns,
    };
    let threads = parallel::threads(args.threads);
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(64 * 1024, stdout.lock());
    let mut any_invalid = false;
    let written = if args.urls.is_empty() && threads > 1 {
        parallel::run_stdin_lines(threads, &work, &mut out).map(|(_, invalid)| {
            any_invalid = invalid;
        })
    } else {
        // One thread: the keys are written straight into one buffer, sent
        // to standard output when it is full and before a read may block.
        let mut state = work.state();
        let mut buffer: Vec<u8> = Vec::with_capacity(64 * 1024);
        let mut line_err = Vec::new();
        let out = std::cell::RefCell::new(&mut out);
        let flush = |buffer: &mut Vec<u8>| -> io::Result<()> {
            let mut out = out.borrow_mut();
            out.write_all(buffer)?;
            buffer.clear();
            out.flush()
        };
        let buffer = std::cell::RefCell::new(&mut buffer);
        let mut each = |at: Position, bytes: &[u8]| -> io::Result<bool> {
            line_err.clear();
            let mut b = buffer.borrow_mut();
            any_invalid |= work.key_line(&mut state, at, bytes, &mut b, &mut line_err);
            if !line_err.is_empty() {
                flush(&mut b)?;
                io::stderr().write_all(&line_err)?;
            } else if b.len() >= 64 * 1024 {
                out.borrow_mut().write_all(&b)?;
                b.clear();
            }
            Ok(true)
        };
        let read = if args.urls.is_empty() {
            for_each_stdin_line_octets(
                || flush(&mut buffer.borrow_mut()),
                |bytes, number| {
                    let at = Position {
                        number,
                        is_argument: false,
                    };
                    each(at, bytes)
                },
            )
        } else {
            for_each_arg(&args.urls, |(at, input)| each(at, octets(&input)))
        };
        read.and_then(|()| flush(&mut buffer.borrow_mut()))
    };
    let written = written.and_then(|()| out.flush());
    Ok(match written {
        Ok(()) if any_invalid => ExitCode::from(1),
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::from(1),
        Err(e) => {
            eprintln!("urlprism: error writing the output: {e}");
            ExitCode::from(1)
        }
    })
}

fn print_steps(key: &Key) {
    let family = key.family();
    println!("kind    {}", key.name());
    println!("family  {} ({})", family.name, family.reference);
    if !key.description().is_empty() {
        println!("        {}", key.description());
    }
    println!();
    let on = key.switches();
    for (i, step) in family.steps.iter().enumerate() {
        let mark = if on.on(i) { "on " } else { "off" };
        println!("{mark} {} {}", pad(step.name, 36), step.title);
        println!("    {:36} {}", "", step.source);
        if !step.example.0.is_empty() || !step.example.1.is_empty() {
            println!("    {:36} {} -> {}", "", step.example.0, step.example.1);
        }
    }
}

/// The per-line work of `key`: what one line gives, on one thread or many.
struct KeyLines<'k> {
    key: &'k Key,
    json: bool,
    expressions: bool,
    host_columns: bool,
}

/// The columns of `HostColumns` in the order `key --host-columns` writes
/// them.
fn columns_in_order(c: &HostColumns) -> [&Option<String>; 11] {
    [
        &c.url_host_name,
        &c.url_host_tld,
        &c.url_host_2nd_last_part,
        &c.url_host_3rd_last_part,
        &c.url_host_4th_last_part,
        &c.url_host_5th_last_part,
        &c.url_host_registry_suffix,
        &c.url_host_registered_domain,
        &c.url_host_private_suffix,
        &c.url_host_private_domain,
        &c.url_host_name_reversed,
    ]
}

/// A worker's buffers, reused from line to line.
#[derive(Default)]
struct KeyState {
    key: Vec<u8>,
    applied: Applied,
    expressions: Vec<Vec<u8>>,
}

impl LineWork for KeyLines<'_> {
    type State = KeyState;

    fn state(&self) -> KeyState {
        KeyState {
            applied: if self.json {
                Applied::recording()
            } else {
                Applied::off()
            },
            ..KeyState::default()
        }
    }

    fn line(
        &self,
        state: &mut KeyState,
        (at, input): Input<'_>,
        out: &mut Vec<u8>,
        err: &mut Vec<u8>,
    ) -> bool {
        self.key_line(state, at, octets(&input), out, err)
    }
}

/// The octets of an input, UTF-8 or not: a key is made of the input's
/// octets, as the reference implementations read octets too.
fn octets<'a>(input: &'a Result<&'a str, (String, String, Vec<u8>)>) -> &'a [u8] {
    match input {
        Ok(s) => s.as_bytes(),
        Err((_, _, bytes)) => bytes,
    }
}

impl KeyLines<'_> {
    /// Appends what the input `bytes` at `at` gives to `out` (and a
    /// message to `err`): whether it had no key.
    fn key_line(
        &self,
        state: &mut KeyState,
        at: Position,
        bytes: &[u8],
        out: &mut Vec<u8>,
        err: &mut Vec<u8>,
    ) -> bool {
        let applied = &mut state.applied;
        applied.clear();
        if !self.json && !self.expressions && !self.host_columns {
            // The plain line: the key straight into the output (a family
            // appends its key to what the buffer holds).
            let start = out.len();
            let result = self.key.make_into(bytes, applied, out);
            if let Err(e) = result {
                out.truncate(start);
                out.push(b'\n');
                err.extend_from_slice(format!("{at}: {e}\n").as_bytes());
                return true;
            }
            out.push(b'\n');
            return false;
        }
        state.key.clear();
        state.expressions.clear();
        let mut result = self.key.make_into(bytes, applied, &mut state.key);
        if result.is_ok() && self.expressions {
            if let Some(Err(e)) = self.key.expressions(bytes, &mut state.expressions) {
                result = Err(e);
            }
        }
        let columns = if self.host_columns {
            Some(
                std::str::from_utf8(bytes)
                    .ok()
                    .and_then(HostColumns::of_url),
            )
        } else {
            None
        };
        if self.json {
            // Writing to a Vec cannot fail.
            let _ = urlprism::json::write_key(
                &mut *out,
                bytes,
                self.key.name(),
                result
                    .as_ref()
                    .map(|()| &state.key[..])
                    .map_err(|e| e.to_string()),
                applied.steps(),
                self.expressions.then_some(&state.expressions[..]),
                columns.as_ref().map(Option::as_ref),
            );
        } else {
            if result.is_ok() {
                out.extend_from_slice(&state.key);
                for e in &state.expressions {
                    out.push(b'\t');
                    out.extend_from_slice(e);
                }
            }
            if let Some(columns) = &columns {
                let none = HostColumns::default();
                for c in columns_in_order(columns.as_ref().unwrap_or(&none)) {
                    out.push(b'\t');
                    out.extend_from_slice(c.as_deref().unwrap_or("").as_bytes());
                }
            }
            out.push(b'\n');
        }
        match result {
            Ok(()) => false,
            Err(e) => {
                err.extend_from_slice(format!("{at}: {e}\n").as_bytes());
                true
            }
        }
    }
}

/// The answer of `/api/keys`: `{"url": ..., "host_columns": ..., "keys":
/// [...]}`, Common Crawl's host columns of the URL's host (`null` without
/// one) and the objects `key --json` prints for `url`, one per kind of
/// `kinds` (every built-in kind when empty), with the lookup expressions
/// of a kind that has them.
pub(super) fn json_of_argument(url: &str, kinds: &[String]) -> Result<Vec<u8>, UsageError> {
    let names: Vec<String> = if kinds.is_empty() {
        builtin_names().into_iter().map(str::to_string).collect()
    } else {
        kinds.to_vec()
    };
    let mut out = Vec::new();
    out.extend_from_slice(b"{\"url\":");
    serde_json::to_writer(&mut out, url).map_err(|e| UsageError(e.to_string()))?;
    out.extend_from_slice(b",\"host_columns\":");
    serde_json::to_writer(&mut out, &HostColumns::of_url(url))
        .map_err(|e| UsageError(e.to_string()))?;
    out.extend_from_slice(b",\"keys\":[");
    for (i, name) in names.iter().enumerate() {
        let kind = builtin_kind(name)?;
        // What `key --json` (with `--expressions` for a kind that has
        // them) writes for the URL.
        let work = KeyLines {
            key: kind,
            json: true,
            expressions: kind.family().expressions.is_some(),
            host_columns: false,
        };
        if i > 0 {
            out.push(b',');
        }
        let at = Position {
            number: 1,
            is_argument: true,
        };
        work.key_line(
            &mut work.state(),
            at,
            url.as_bytes(),
            &mut out,
            &mut Vec::new(),
        );
        // The object ends with a newline.
        out.pop();
    }
    out.extend_from_slice(b"]}\n");
    Ok(out)
}
