//! `urlprism nameprep` and `urlprism host`: run a profile's Nameprep (with
//! the bidi check) or CanonicalizeHost on strings from arguments or
//! standard input.

use super::input::{for_each_arg, for_each_stdin_line, Input};
use super::{OneProfile, UsageError};
use clap::Args;
use serde::Serialize;
use std::ffi::OsString;
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;
use urlprism::algorithm::host::nameprep;
use urlprism::compare::Engine;
use urlprism::text::panic::catch_panic;

#[derive(Debug, Args)]
pub struct NameprepArgs {
    #[command(flatten)]
    profile: OneProfile,
    /// Print one JSON object per input: input, output, error.
    #[arg(long)]
    json: bool,
    /// The strings; when none is given, each line of standard input is one.
    #[arg(value_name = "STRING")]
    inputs: Vec<OsString>,
}

#[derive(Debug, Args)]
pub struct HostArgs {
    #[command(flatten)]
    profile: OneProfile,
    /// The scheme of the URL the host belongs to (`file` changes steps 26
    /// and 30).
    #[arg(long, value_name = "S", default_value = "http")]
    scheme: String,
    /// Print one JSON object per input: input, output, error.
    #[arg(long)]
    json: bool,
    /// The hosts; when none is given, each line of standard input is one.
    #[arg(value_name = "HOST")]
    inputs: Vec<OsString>,
}

#[derive(Serialize)]
struct JsonLine<'a> {
    input: &'a str,
    output: Option<&'a str>,
    error: Option<&'a str>,
}

/// Runs `f` on every input and writes one line per input: the output (an
/// empty line on failure, the reason on standard error), or a JSON object.
/// Exit status 1 when any input failed.
fn run_each(
    inputs: &[OsString],
    json: bool,
    f: impl Fn(&str) -> Result<String, String>,
) -> ExitCode {
    let stdout = io::stdout();
    let out = std::cell::RefCell::new(BufWriter::with_capacity(64 * 1024, stdout.lock()));
    let mut failed = false;
    let mut each = |(at, input): Input<'_>| -> io::Result<bool> {
        let lossy;
        let (text, result) = match input {
            Ok(s) => (
                s,
                catch_panic(|| f(s)).unwrap_or_else(|p| Err(format!("internal error: {p}"))),
            ),
            Err((text, e, _)) => {
                lossy = text;
                (lossy.as_str(), Err(e))
            }
        };
        let mut out = out.borrow_mut();
        if let Err(e) = &result {
            failed = true;
            eprintln!("{at}: {e}");
        }
        if json {
            let line = JsonLine {
                input: text,
                output: result.as_ref().ok().map(String::as_str),
                error: result.as_ref().err().map(String::as_str),
            };
            serde_json::to_writer(&mut *out, &line).map_err(io::Error::other)?;
            out.write_all(b"\n")?;
        } else {
            match &result {
                Ok(s) => writeln!(out, "{s}")?,
                Err(_) => writeln!(out)?,
            }
        }
        Ok(true)
    };
    let r = if inputs.is_empty() {
        for_each_stdin_line(|| out.borrow_mut().flush(), &mut each)
    } else {
        for_each_arg(inputs, &mut each)
    };
    match r.and_then(|()| out.borrow_mut().flush()) {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return ExitCode::from(1),
        Err(e) => {
            eprintln!("urlprism: error: {e}");
            return ExitCode::from(1);
        }
    }
    if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

pub fn run_nameprep(args: NameprepArgs) -> Result<ExitCode, UsageError> {
    let engine = args.profile.load_profile()?;
    let Some(p) = engine.as_profile() else {
        return Err(UsageError(format!("{} has no Nameprep", engine.name())));
    };
    Ok(run_each(&args.inputs, args.json, |s| {
        nameprep(s, p, true).map_err(|e| e.to_string())
    }))
}

pub fn run_host(args: HostArgs) -> Result<ExitCode, UsageError> {
    let engine = args.profile.load_engine()?;
    let scheme = args.scheme.to_ascii_lowercase();
    Ok(run_each(&args.inputs, args.json, |s| {
        match engine.canonicalize_host(s, &scheme) {
            Some(r) => r.map_err(|e| e.to_string()),
            None => Err(format!(
                "{} does not canonicalize a host alone",
                engine.name()
            )),
        }
    }))
}
