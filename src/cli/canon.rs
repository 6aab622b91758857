//! `urlprism canon`: canonicalize URLs from arguments or standard input.

use super::{encoding_by_label, profile_by_name, profile_from_file, UsageError};
use clap::Args;
use encoding_rs::Encoding;
use serde::Serialize;
use std::ffi::OsString;
use std::io::{self, BufRead, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use urlprism::conformance::catch_panic;
use urlprism::{ParsedUrl, Profile};

#[derive(Debug, Args)]
pub struct CanonArgs {
    /// The profile: a built-in name (this, chrome, gecko, ie).
    #[arg(
        long,
        value_name = "NAME",
        default_value = "this",
        conflicts_with = "profile_file"
    )]
    profile: String,
    /// Use the profile described in this TOML file instead.
    #[arg(long, value_name = "PATH")]
    profile_file: Option<PathBuf>,
    /// Resolve every input against this base URL (default: the input
    /// itself).
    #[arg(long, value_name = "URL")]
    base: Option<String>,
    /// The document encoding for queries, an Encoding Standard label.
    #[arg(long, value_name = "LABEL", default_value = "utf-8")]
    encoding: String,
    /// Print one JSON object per input instead of the canonical URL.
    #[arg(long)]
    json: bool,
    /// The URLs; when none is given, each line of standard input is one.
    #[arg(value_name = "URL")]
    urls: Vec<OsString>,
}

/// One output record of `--json`.
#[derive(Serialize)]
struct JsonLine<'a> {
    input: &'a str,
    canonical: Option<&'a str>,
    error: Option<&'a str>,
    scheme: Option<&'a str>,
    user: Option<&'a str>,
    password: Option<&'a str>,
    host: Option<&'a str>,
    port: Option<&'a str>,
    path: Option<&'a str>,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

struct Canonicalizer<'a> {
    profile: &'a dyn Profile,
    encoding: &'static Encoding,
    base: Option<ParsedUrl>,
}

impl Canonicalizer<'_> {
    /// The canonical URL of `input`, or why it has none.
    fn run(&self, input: &str) -> Result<(ParsedUrl, String), String> {
        let r = catch_panic(|| {
            let canon = urlprism::canonicalize_input(
                input,
                self.base.as_ref(),
                self.profile,
                self.encoding,
            )
            .map_err(|e| e.to_string())?;
            match urlprism::serialize(&canon) {
                Some(s) => Ok((canon, s)),
                None => Err("invalid URL: it has no serialization".to_string()),
            }
        });
        match r {
            Ok(r) => r,
            Err(panic) => Err(format!("internal error: {panic}")),
        }
    }
}

struct Output<W: Write> {
    out: W,
    json: bool,
    any_invalid: bool,
}

impl<W: Write> Output<W> {
    /// Writes the result for the input on line `lineno`.
    fn emit(
        &mut self,
        lineno: usize,
        input: &str,
        result: Result<(ParsedUrl, String), String>,
    ) -> io::Result<()> {
        if let Err(e) = &result {
            self.any_invalid = true;
            eprintln!("line {lineno}: {e}");
        }
        if self.json {
            let (url, canonical, error) = match &result {
                Ok((u, s)) => (Some(u), Some(s.as_str()), None),
                Err(e) => (None, None, Some(e.as_str())),
            };
            let c = |f: fn(&ParsedUrl) -> &Option<String>| url.and_then(|u| f(u).as_deref());
            let line = JsonLine {
                input,
                canonical,
                error,
                scheme: c(|u| &u.scheme),
                user: c(|u| &u.user),
                password: c(|u| &u.password),
                host: c(|u| &u.host),
                port: c(|u| &u.port),
                path: c(|u| &u.path),
                query: c(|u| &u.query),
                fragment: c(|u| &u.fragment),
            };
            serde_json::to_writer(&mut self.out, &line).map_err(io::Error::other)?;
            self.out.write_all(b"\n")
        } else {
            match &result {
                Ok((_, s)) => writeln!(self.out, "{s}"),
                Err(_) => writeln!(self.out),
            }
        }
    }
}

pub fn run(args: CanonArgs) -> Result<ExitCode, UsageError> {
    let profile = match &args.profile_file {
        Some(path) => profile_from_file(path)?,
        None => profile_by_name(&args.profile)?,
    };
    let encoding = encoding_by_label(&args.encoding)?;
    let canonicalizer = Canonicalizer {
        profile: &profile,
        encoding,
        base: match &args.base {
            Some(b) => match catch_panic(|| urlprism::parse(b)) {
                Ok(p) => Some(p),
                Err(panic) => {
                    return Err(UsageError(format!(
                        "cannot parse the base URL: internal error: {panic}"
                    )))
                }
            },
            None => None,
        },
    };
    let stdout = io::stdout();
    let mut output = Output {
        out: BufWriter::with_capacity(64 * 1024, stdout.lock()),
        json: args.json,
        any_invalid: false,
    };

    let written = if args.urls.is_empty() {
        process_stdin(&canonicalizer, &mut output)
    } else {
        process_args(&args.urls, &canonicalizer, &mut output)
    };
    let written = written.and_then(|()| output.out.flush());
    match written {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(ExitCode::from(1)),
        Err(e) => {
            eprintln!("urlprism: error writing the output: {e}");
            return Ok(ExitCode::from(1));
        }
    }
    Ok(if output.any_invalid {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn process_args<W: Write>(
    urls: &[OsString],
    c: &Canonicalizer<'_>,
    output: &mut Output<W>,
) -> io::Result<()> {
    for (k, url) in urls.iter().enumerate() {
        let lineno = k + 1;
        match url.to_str() {
            Some(s) => output.emit(lineno, s, c.run(s))?,
            None => {
                let lossy = url.to_string_lossy();
                output.emit(
                    lineno,
                    &lossy,
                    Err("the argument is not valid UTF-8".to_string()),
                )?
            }
        }
    }
    Ok(())
}

fn process_stdin<W: Write>(c: &Canonicalizer<'_>, output: &mut Output<W>) -> io::Result<()> {
    let stdin = io::stdin();
    let mut reader = io::BufReader::with_capacity(64 * 1024, stdin.lock());
    let mut buf = Vec::new();
    let mut lineno = 0;
    loop {
        // Flush before a read that may block, so that an interactive
        // caller sees each answer; batches stay buffered.
        if reader.buffer().is_empty() {
            output.out.flush()?;
        }
        buf.clear();
        if reader.read_until(b'\n', &mut buf)? == 0 {
            return Ok(());
        }
        lineno += 1;
        if buf.last() == Some(&b'\n') {
            buf.pop();
        }
        if buf.last() == Some(&b'\r') {
            buf.pop();
        }
        match std::str::from_utf8(&buf) {
            Ok(s) => output.emit(lineno, s, c.run(s))?,
            Err(e) => {
                let lossy = String::from_utf8_lossy(&buf);
                let msg = format!(
                    "the line is not valid UTF-8 (invalid byte at offset {})",
                    e.valid_up_to()
                );
                output.emit(lineno, &lossy, Err(msg))?
            }
        }
    }
}
