//! `urlprism canon`: canonicalize URLs from arguments or standard input.

use super::input::{for_each_arg, for_each_stdin_line, Input, Position};
use super::{engine_by_name, BaseAndEncoding, JsonComponents, OneProfile, UsageError};
use clap::Args;
use serde::Serialize;
use std::cell::RefCell;
use std::ffi::OsString;
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;
use urlprism::conformance::catch_panic;
use urlprism::encoding_rs::Encoding;
use urlprism::engine::EngineSpec;
use urlprism::whatwg::Whatwg;
use urlprism::{Canonicalizer, Url};

#[derive(Debug, Args)]
pub struct CanonArgs {
    #[command(flatten)]
    profile: OneProfile,
    #[command(flatten)]
    resolution: BaseAndEncoding,
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
    #[serde(flatten)]
    components: JsonComponents<'a>,
}

/// What canonicalizes the inputs: a profile's canonicalizer, or the URL
/// Standard engine (which parses the base itself).
// One per command: its size is of no concern.
#[allow(clippy::large_enum_variant)]
enum Canon<'a> {
    Profile(Canonicalizer<'a>),
    Whatwg {
        engine: &'a Whatwg,
        base: Option<&'a str>,
        encoding: &'static Encoding,
    },
}

impl<'a> Canon<'a> {
    /// The canonicalizer of `engine` with the options of `resolution`.
    fn new(engine: &'a EngineSpec, resolution: &'a BaseAndEncoding) -> Result<Self, UsageError> {
        match engine {
            EngineSpec::Profile(p) => resolution.canonicalizer(p).map(Canon::Profile),
            EngineSpec::Whatwg(w) => {
                let encoding = resolution.encoding()?;
                let base = resolution.base.as_deref();
                if let Some(b) = base {
                    w.parse(b, None, encoding)
                        .map_err(|e| UsageError(format!("--base: {e}")))?;
                }
                Ok(Canon::Whatwg {
                    engine: w,
                    base,
                    encoding,
                })
            }
        }
    }

    /// [`Canon::canonicalize`] into `out` (a buffer reused from input to
    /// input), left empty on error.
    fn canonicalize_to(&self, input: &str, out: &mut String) -> Result<(), urlprism::Error> {
        match self {
            Canon::Profile(c) => c.canonicalize_to(input, out),
            Canon::Whatwg { .. } => {
                out.clear();
                out.push_str(self.canonicalize(input)?.as_str());
                Ok(())
            }
        }
    }

    fn canonicalize(&self, input: &str) -> Result<Url, urlprism::Error> {
        match self {
            Canon::Profile(c) => c.canonicalize(input),
            Canon::Whatwg {
                engine,
                base,
                encoding,
            } => engine.canonicalize_url(input, *base, encoding),
        }
    }
}

/// The canonical URL of `input`, or why it has none (a panic, a bug,
/// is reported as an internal error and the batch goes on).
fn canonicalize(c: &Canon<'_>, input: &str) -> Result<Url, String> {
    match catch_panic(|| c.canonicalize(input)) {
        Ok(r) => r.map_err(|e| e.to_string()),
        Err(panic) => Err(format!("internal error: {panic}")),
    }
}

/// [`canonicalize`] into `out`, which is left empty when there is no
/// canonical URL.
fn canonicalize_to(c: &Canon<'_>, input: &str, out: &mut String) -> Result<(), String> {
    match catch_panic(|| c.canonicalize_to(input, out)) {
        Ok(r) => r.map_err(|e| e.to_string()),
        Err(panic) => {
            out.clear();
            Err(format!("internal error: {panic}"))
        }
    }
}

struct Output<W: Write> {
    out: W,
    json: bool,
    any_invalid: bool,
    /// The canonical URL of the current input and its newline, without
    /// `--json` (one buffer for all the inputs).
    line: String,
}

impl<W: Write> Output<W> {
    /// Canonicalizes the input at `at` with `c` and writes its line
    /// (without `--json`).
    fn canonicalize_and_emit(
        &mut self,
        c: &Canon<'_>,
        at: Position,
        input: &str,
    ) -> io::Result<()> {
        if self.json {
            return self.emit(at, input, canonicalize(c, input));
        }
        if let Err(e) = canonicalize_to(c, input, &mut self.line) {
            self.any_invalid = true;
            eprintln!("{at}: {e}");
        }
        self.line.push('\n');
        self.out.write_all(self.line.as_bytes())
    }

    /// Writes the result for the input at `at`.
    fn emit(&mut self, at: Position, input: &str, result: Result<Url, String>) -> io::Result<()> {
        if let Err(e) = &result {
            self.any_invalid = true;
            eprintln!("{at}: {e}");
        }
        if self.json {
            json_line(&mut self.out, input, &result)
        } else {
            if let Ok(u) = &result {
                self.out.write_all(u.as_str().as_bytes())?;
            }
            self.out.write_all(b"\n")
        }
    }
}

/// Writes the `--json` line of `input` and its result.
fn json_line(out: &mut impl Write, input: &str, result: &Result<Url, String>) -> io::Result<()> {
    let parsed = result.as_ref().ok().map(Url::to_parsed_url);
    let (canonical, error) = match result {
        Ok(u) => (Some(u.as_str()), None),
        Err(e) => (None, Some(e.as_str())),
    };
    let line = JsonLine {
        input,
        canonical,
        error,
        components: JsonComponents::of(parsed.as_ref()),
    };
    serde_json::to_writer(&mut *out, &line).map_err(io::Error::other)?;
    out.write_all(b"\n")
}

/// What `urlprism canon --json URL` prints for the one argument `url`
/// (the object and its newline), under the built-in profile or engine
/// named `profile`, with the base and encoding of `resolution`.  The answer of
/// `urlprism serve`'s `/api/canon`.
pub(super) fn json_of_argument(
    url: &str,
    profile: &str,
    resolution: &BaseAndEncoding,
) -> Result<Vec<u8>, UsageError> {
    let engine = engine_by_name(profile)?;
    let canonicalizer = Canon::new(&engine, resolution)?;
    let mut out = Vec::new();
    json_line(&mut out, url, &canonicalize(&canonicalizer, url))
        .map_err(|e| UsageError(format!("cannot write the JSON: {e}")))?;
    Ok(out)
}

pub fn run(args: CanonArgs) -> Result<ExitCode, UsageError> {
    let engine = args.profile.load_engine()?;
    let canonicalizer = Canon::new(&engine, &args.resolution)?;
    let stdout = io::stdout();
    let output = Output {
        out: BufWriter::with_capacity(64 * 1024, stdout.lock()),
        json: args.json,
        any_invalid: false,
        line: String::new(),
    };

    let output = RefCell::new(output);
    let written = process(&args.urls, &canonicalizer, &output);
    let mut output = output.into_inner();
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

/// Canonicalizes each input (an argument, or a line of standard input).
fn process<W: Write>(
    urls: &[OsString],
    c: &Canon<'_>,
    output: &RefCell<Output<W>>,
) -> io::Result<()> {
    let each = |(n, input): Input<'_>| -> io::Result<bool> {
        let mut o = output.borrow_mut();
        match input {
            Ok(s) => o.canonicalize_and_emit(c, n, s)?,
            Err((lossy, reason)) => o.emit(n, &lossy, Err(reason))?,
        }
        Ok(true)
    };
    if urls.is_empty() {
        for_each_stdin_line(|| output.borrow_mut().out.flush(), each)
    } else {
        for_each_arg(urls, each)
    }
}
