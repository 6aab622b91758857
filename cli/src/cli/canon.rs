//! `urlprism canon`: canonicalize URLs from arguments or standard input.

use super::input::{for_each_arg, for_each_stdin_line, Input, Position};
use super::parallel::{self, LineWork};
use super::{engine_by_name, BaseAndEncoding, OneProfile, UsageError};
use clap::Args;
use std::cell::RefCell;
use std::ffi::OsString;
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;
use urlprism::text::panic::catch_panic;
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
    /// Canonicalize standard input's lines on this many threads (default:
    /// one per core; 1: on the main thread).  The output is the same, in
    /// input order, whatever the number.
    #[arg(long, value_name = "N")]
    threads: Option<usize>,
    /// The URLs; when none is given, each line of standard input is one.
    #[arg(value_name = "URL")]
    urls: Vec<OsString>,
}

/// The canonical URL of `input`, or why it has none (a panic, a bug,
/// is reported as an internal error and the batch goes on); for an
/// invalid URL, also the string the modelled browser still shows
/// ([`urlprism::Error::displayed`]), if any.
fn canonicalize_displayed(
    c: &Canonicalizer<'_>,
    input: &str,
) -> (Result<Url, String>, Option<String>) {
    match catch_panic(|| c.canonicalize(input)) {
        Ok(Ok(u)) => (Ok(u), None),
        Ok(Err(e)) => {
            let displayed = e.displayed().map(str::to_string);
            (Err(e.to_string()), displayed)
        }
        Err(panic) => (Err(format!("internal error: {panic}")), None),
    }
}

/// [`canonicalize_displayed`]'s URL into `out`, which is left empty when there is no
/// canonical URL.
#[inline]
fn canonicalize_to(c: &Canonicalizer<'_>, input: &str, out: &mut String) -> Result<(), String> {
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
    /// A link in a page: the JSON line has `"href"` (what `a.href`
    /// gives).
    link: bool,
    any_invalid: bool,
    /// The canonical URL of the current input and its newline, without
    /// `--json` (one buffer for all the inputs).
    line: String,
}

impl<W: Write> Output<W> {
    /// Canonicalizes the input at `at` with `c` and writes its line
    /// (without `--json`).
    #[inline]
    fn canonicalize_and_emit(
        &mut self,
        c: &Canonicalizer<'_>,
        at: Position,
        input: &str,
    ) -> io::Result<()> {
        if self.json {
            let (result, displayed) = canonicalize_displayed(c, input);
            return self.emit(at, input, result, displayed.as_deref());
        }
        if let Err(e) = canonicalize_to(c, input, &mut self.line) {
            self.any_invalid = true;
            eprintln!("{at}: {e}");
        }
        self.line.push('\n');
        self.out.write_all(self.line.as_bytes())
    }

    /// Writes the line for the input at `at`, which is not valid UTF-8
    /// (`lossy` its lossy decoding, `bytes` the input itself).
    fn emit_not_utf8(
        &mut self,
        at: Position,
        lossy: &str,
        bytes: &[u8],
        reason: String,
    ) -> io::Result<()> {
        self.any_invalid = true;
        eprintln!("{at}: {reason}");
        if self.json {
            urlprism::json::write_canon_not_utf8(&mut self.out, lossy, bytes, &reason)
        } else {
            self.out.write_all(b"\n")
        }
    }

    /// Writes the result for the input at `at`.
    fn emit(
        &mut self,
        at: Position,
        input: &str,
        result: Result<Url, String>,
        displayed: Option<&str>,
    ) -> io::Result<()> {
        if let Err(e) = &result {
            self.any_invalid = true;
            eprintln!("{at}: {e}");
        }
        if self.json {
            urlprism::json::write_canon_in_context(
                &mut self.out,
                input,
                &result,
                displayed,
                self.link,
            )
        } else {
            if let Ok(u) = &result {
                self.out.write_all(u.as_str().as_bytes())?;
            }
            self.out.write_all(b"\n")
        }
    }
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
    let canonicalizer = resolution.canonicalizer(&engine)?;
    let link = resolution.context()?.page_url().is_some();
    let mut out = Vec::new();
    let (result, displayed) = canonicalize_displayed(&canonicalizer, url);
    urlprism::json::write_canon_in_context(&mut out, url, &result, displayed.as_deref(), link)
        .map_err(|e| UsageError(format!("cannot write the JSON: {e}")))?;
    Ok(out)
}

pub fn run(args: CanonArgs) -> Result<ExitCode, UsageError> {
    let engine = args.profile.load_engine()?;
    let canonicalizer = args.resolution.canonicalizer(&engine)?;
    let link = args.resolution.context()?.page_url().is_some();
    let threads = parallel::threads(args.threads);
    if args.urls.is_empty() && threads > 1 {
        return Ok(run_in_parallel(&canonicalizer, args.json, link, threads));
    }
    let stdout = io::stdout();
    let output = Output {
        out: BufWriter::with_capacity(64 * 1024, stdout.lock()),
        json: args.json,
        link,
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
    c: &Canonicalizer<'_>,
    output: &RefCell<Output<W>>,
) -> io::Result<()> {
    let each = |(n, input): Input<'_>| -> io::Result<bool> {
        let mut o = output.borrow_mut();
        match input {
            Ok(s) => o.canonicalize_and_emit(c, n, s)?,
            Err((lossy, reason, bytes)) => o.emit_not_utf8(n, &lossy, &bytes, reason)?,
        }
        Ok(true)
    };
    if urls.is_empty() {
        for_each_stdin_line(|| output.borrow_mut().out.flush(), each)
    } else {
        for_each_arg(urls, each)
    }
}

/// The per-line work of `canon` on several threads: what the one-thread
/// loop writes for a line, into the chunk's buffers.
struct CanonLines<'c> {
    canonicalizer: &'c Canonicalizer<'c>,
    json: bool,
    link: bool,
}

impl LineWork for CanonLines<'_> {
    /// The canonical URL of the current line.
    type State = String;

    fn state(&self) -> String {
        String::new()
    }

    fn line(
        &self,
        buffer: &mut String,
        (at, input): Input<'_>,
        out: &mut Vec<u8>,
        err: &mut Vec<u8>,
    ) -> bool {
        let c = self.canonicalizer;
        let failed = match (input, self.json) {
            (Ok(s), false) => {
                let r = canonicalize_to(c, s, buffer);
                out.extend_from_slice(buffer.as_bytes());
                r.err()
            }
            (Ok(s), true) => {
                let (result, displayed) = canonicalize_displayed(c, s);
                let e = result.as_ref().err().cloned();
                // Writing to a Vec cannot fail.
                let _ = urlprism::json::write_canon_in_context(
                    &mut *out,
                    s,
                    &result,
                    displayed.as_deref(),
                    self.link,
                );
                if e.is_none() {
                    return false;
                }
                e
            }
            (Err((lossy, reason, bytes)), json) => {
                if json {
                    let _ =
                        urlprism::json::write_canon_not_utf8(&mut *out, &lossy, &bytes, &reason);
                }
                Some(reason)
            }
        };
        if !self.json {
            out.push(b'\n');
        }
        match failed {
            Some(e) => {
                err.extend_from_slice(format!("{at}: {e}\n").as_bytes());
                true
            }
            None => false,
        }
    }
}

/// `canon` of standard input on `threads` threads: the exit status.
fn run_in_parallel(c: &Canonicalizer<'_>, json: bool, link: bool, threads: usize) -> ExitCode {
    let work = CanonLines {
        canonicalizer: c,
        json,
        link,
    };
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(64 * 1024, stdout.lock());
    let written = parallel::run_stdin_lines(threads, &work, &mut out);
    match written {
        Ok((_, true)) => ExitCode::from(1),
        Ok((_, false)) => ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::from(1),
        Err(e) => {
            eprintln!("urlprism: error writing the output: {e}");
            ExitCode::from(1)
        }
    }
}
