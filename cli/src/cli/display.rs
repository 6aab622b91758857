//! `urlprism display`: what each browser's address bar shows for a URL
//! (its IDN display policy, the path decoded for display, what it leaves
//! out), one line per input, in input order, on every core.

use super::input::Input;
use super::parallel::{self, LineWork};
use super::{engine_by_name, UsageError};
use clap::Args;
use std::ffi::OsString;
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;
use urlprism::compare::display::{display_of, Display};
use urlprism::compare::Engine;
use urlprism::engines::EngineSpec;

/// The browsers whose address bar `display` shows when no profile is
/// named.
const TODAY: [&str; 3] = ["chromium", "firefox", "webkit"];

#[derive(Debug, Args)]
pub struct DisplayArgs {
    /// Show the address bar of this engine (repeatable; default: chromium,
    /// firefox and webkit, today's browsers).  With more than one, each
    /// line holds one text per engine, tab-separated, in this order.
    #[arg(long = "profile", value_name = "NAME")]
    profiles: Vec<String>,
    /// Print the whole URL as the browser decodes it for display, before
    /// it leaves anything out (Firefox's full URL-bar text, Chromium's
    /// URL with its scheme).
    #[arg(long, conflicts_with = "json")]
    full: bool,
    /// Print one JSON object per input: each engine's shown and full text,
    /// each host label with the rule that decided it, and what is left out.
    #[arg(long)]
    json: bool,
    /// Work on N threads (default: one per core).
    #[arg(long, value_name = "N")]
    threads: Option<usize>,
    /// The URLs; when none is given, each line of standard input is one.
    #[arg(value_name = "URL")]
    urls: Vec<OsString>,
}

struct DisplayLines {
    engines: Vec<EngineSpec>,
    json: bool,
    full: bool,
}

impl LineWork for DisplayLines {
    type State = ();

    fn state(&self) {}

    fn line(
        &self,
        _: &mut (),
        (at, input): Input<'_>,
        out: &mut Vec<u8>,
        err: &mut Vec<u8>,
    ) -> bool {
        let input = match input {
            Ok(s) => s,
            Err((_, reason, _)) => {
                err.extend_from_slice(format!("{at}: {reason}\n").as_bytes());
                out.push(b'\n');
                return true;
            }
        };
        let results: Vec<Result<Display, String>> =
            self.engines.iter().map(|e| display_of(e, input)).collect();
        let mut invalid = false;
        for (e, r) in self.engines.iter().zip(&results) {
            if let Err(why) = r {
                invalid = true;
                let who = if self.engines.len() > 1 {
                    format!("{}: ", e.name())
                } else {
                    String::new()
                };
                err.extend_from_slice(format!("{at}: {who}{why}\n").as_bytes());
            }
        }
        if self.json {
            let line = urlprism::json::display_results(input, &self.engines, results);
            out.extend_from_slice(line.as_bytes());
        } else {
            for (i, r) in results.iter().enumerate() {
                if i > 0 {
                    out.push(b'\t');
                }
                if let Ok(d) = r {
                    let text = if self.full { &d.full } else { &d.shown };
                    out.extend_from_slice(text.as_bytes());
                }
            }
        }
        out.push(b'\n');
        invalid
    }
}

/// The engines named (today's browsers when none is), each one that
/// models an address bar.
fn engines_named(profiles: &[String]) -> Result<Vec<EngineSpec>, UsageError> {
    let names: Vec<String> = if profiles.is_empty() {
        TODAY.iter().map(|s| s.to_string()).collect()
    } else {
        profiles.to_vec()
    };
    let mut engines = Vec::new();
    for n in &names {
        let e = engine_by_name(n)?;
        if e.display("http://example.com/").is_none() {
            return Err(UsageError(format!(
                "{n} models no address bar; these do: {}",
                urlprism::engines::builtin_names()
                    .iter()
                    .filter(|n| urlprism::engines::builtin_engine(n)
                        .is_some_and(|e| e.display("http://example.com/").is_some()))
                    .cloned()
                    .collect::<Vec<_>>()
                    .join(", ")
            )));
        }
        engines.push(e);
    }
    Ok(engines)
}

/// What `urlprism display --json URL` prints for the one argument `url`
/// (the object and its newline) under the engines `profiles`: the answer
/// of `urlprism serve`'s `/api/display`.
pub(super) fn json_of_argument(url: &str, profiles: &[String]) -> Result<Vec<u8>, UsageError> {
    let work = DisplayLines {
        engines: engines_named(profiles)?,
        json: true,
        full: false,
    };
    let at = super::input::Position {
        number: 1,
        is_argument: true,
    };
    let (mut out, mut err) = (Vec::new(), Vec::new());
    work.line(&mut (), (at, Ok(url)), &mut out, &mut err);
    Ok(out)
}

pub fn run(args: DisplayArgs) -> Result<ExitCode, UsageError> {
    let work = DisplayLines {
        engines: engines_named(&args.profiles)?,
        json: args.json,
        full: args.full,
    };
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(64 * 1024, stdout.lock());
    let written = if args.urls.is_empty() {
        let threads = parallel::threads(args.threads);
        parallel::run_stdin_lines(threads, &work, &mut out).map(|(_, invalid)| invalid)
    } else {
        let mut invalid = false;
        super::input::for_each_arg(&args.urls, |input| {
            let (mut line, mut err) = (Vec::new(), Vec::new());
            invalid |= work.line(&mut (), input, &mut line, &mut err);
            out.write_all(&line)?;
            if !err.is_empty() {
                out.flush()?;
                io::stderr().write_all(&err)?;
            }
            Ok(true)
        })
        .map(|()| invalid)
    };
    let written = written.and_then(|invalid| out.flush().map(|()| invalid));
    Ok(match written {
        Ok(true) => ExitCode::from(1),
        Ok(false) => ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::from(1),
        Err(e) => {
            eprintln!("urlprism: error writing the output: {e}");
            ExitCode::from(1)
        }
    })
}
