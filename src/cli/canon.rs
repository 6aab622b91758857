//! `urlprism canon`: canonicalize URLs from arguments or standard input.

use super::input::{for_each_arg, for_each_stdin_line, Input, Position};
use super::{encoding_by_label, BaseAndEncoding, JsonComponents, OneProfile, UsageError};
use clap::Args;
use encoding_rs::Encoding;
use serde::Serialize;
use std::cell::RefCell;
use std::ffi::OsString;
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;
use urlprism::conformance::catch_panic;
use urlprism::engine::EngineSpec;
use urlprism::whatwg::{components, Whatwg};
use urlprism::{ParsedUrl, Profile};

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

struct Canonicalizer<'a> {
    engine: &'a EngineSpec,
    encoding: &'static Encoding,
    base: Option<ParsedUrl>,
    /// The base as given (the URL Standard engine parses it itself).
    base_text: Option<&'a str>,
}

impl Canonicalizer<'_> {
    /// The canonical URL of `input` (its parsed form only when `parsed`,
    /// for `--json`), or why it has none.
    fn run(&self, input: &str, parsed: bool) -> Result<(Option<ParsedUrl>, String), String> {
        let profile: &dyn Profile = match self.engine {
            EngineSpec::Profile(p) => p,
            EngineSpec::Whatwg(w) => return self.run_whatwg(w, input, parsed),
        };
        self.run_profile(profile, input, parsed)
    }

    /// [`Canonicalizer::run`] under the URL Standard engine.
    fn run_whatwg(
        &self,
        w: &Whatwg,
        input: &str,
        parsed: bool,
    ) -> Result<(Option<ParsedUrl>, String), String> {
        let r = catch_panic(|| {
            let url = w
                .parse(input, self.base_text, self.encoding)
                .map_err(|e| e.to_string())?;
            Ok((parsed.then(|| components(&url)), String::from(url)))
        });
        r.unwrap_or_else(|panic| Err(format!("internal error: {panic}")))
    }

    /// [`Canonicalizer::run`] under a profile.
    fn run_profile(
        &self,
        profile: &dyn Profile,
        input: &str,
        parsed: bool,
    ) -> Result<(Option<ParsedUrl>, String), String> {
        let r = catch_panic(|| {
            if !parsed {
                return urlprism::canonicalize_input_str(
                    input,
                    self.base.as_ref(),
                    profile,
                    self.encoding,
                )
                .map(|s| (None, s))
                .map_err(|e| e.to_string());
            }
            let canon =
                urlprism::canonicalize_input(input, self.base.as_ref(), profile, self.encoding)
                    .map_err(|e| e.to_string())?;
            match urlprism::serialize(&canon) {
                Some(s) => Ok((Some(canon), s)),
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
    /// Writes the result for the input at `at`.
    fn emit(
        &mut self,
        at: Position,
        input: &str,
        result: Result<(Option<ParsedUrl>, String), String>,
    ) -> io::Result<()> {
        if let Err(e) = &result {
            self.any_invalid = true;
            eprintln!("{at}: {e}");
        }
        if self.json {
            let (url, canonical, error) = match &result {
                Ok((u, s)) => (u.as_ref(), Some(s.as_str()), None),
                Err(e) => (None, None, Some(e.as_str())),
            };
            let line = JsonLine {
                input,
                canonical,
                error,
                components: JsonComponents::of(url),
            };
            serde_json::to_writer(&mut self.out, &line).map_err(io::Error::other)?;
            self.out.write_all(b"\n")
        } else {
            if let Ok((_, s)) = &result {
                self.out.write_all(s.as_bytes())?;
            }
            self.out.write_all(b"\n")
        }
    }
}

pub fn run(args: CanonArgs) -> Result<ExitCode, UsageError> {
    let engine = args.profile.load_engine()?;
    let encoding = encoding_by_label(&args.resolution.encoding)?;
    let canonicalizer = Canonicalizer {
        engine: &engine,
        encoding,
        base_text: args.resolution.base.as_deref(),
        base: match &args.resolution.base {
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
    let output = Output {
        out: BufWriter::with_capacity(64 * 1024, stdout.lock()),
        json: args.json,
        any_invalid: false,
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
    c: &Canonicalizer<'_>,
    output: &RefCell<Output<W>>,
) -> io::Result<()> {
    let each = |(n, input): Input<'_>| -> io::Result<bool> {
        let mut o = output.borrow_mut();
        match input {
            Ok(s) => {
                let json = o.json;
                o.emit(n, s, c.run(s, json))?
            }
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
