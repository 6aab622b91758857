//! Reading the inputs of a subcommand: its arguments, or the lines of
//! standard input, streamed with one reused buffer.

use std::ffi::OsString;
use std::fmt;
use std::io::{self, BufRead};

/// Where an input is: its line of standard input or its argument, counted
/// from 1.  Displays as `line 3` or `argument 3`, for messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Position {
    pub number: usize,
    pub is_argument: bool,
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = if self.is_argument { "argument" } else { "line" };
        write!(f, "{what} {}", self.number)
    }
}

/// An input: its line (or argument) number and the text, or (when it is
/// not valid UTF-8) its lossy decoding, the reason and its bytes.
pub(crate) type Input<'a> = (Position, Result<&'a str, (String, String, Vec<u8>)>);

/// Calls `f` on each argument, in order; stops early when `f` says so.
pub(crate) fn for_each_arg(
    args: &[OsString],
    mut f: impl FnMut(Input<'_>) -> io::Result<bool>,
) -> io::Result<()> {
    for (k, a) in args.iter().enumerate() {
        let r = match a.to_str() {
            Some(s) => Ok(s),
            None => Err((
                a.to_string_lossy().into_owned(),
                "not valid UTF-8".to_string(),
                a.as_encoded_bytes().to_vec(),
            )),
        };
        let at = Position {
            number: k + 1,
            is_argument: true,
        };
        if !f((at, r))? {
            break;
        }
    }
    Ok(())
}

/// Calls `f` on each line of standard input (without its LF or CRLF), in
/// order: memory stays constant however many lines there are.  A line is
/// read where it lies in the input buffer (found with `memchr`); only a
/// line that straddles two reads is copied, into one reused buffer.
/// `flush` is called before a read that may block, so that an interactive
/// caller sees each answer.
pub(crate) fn for_each_stdin_line(
    flush: impl FnMut() -> io::Result<()>,
    mut f: impl FnMut(Input<'_>) -> io::Result<bool>,
) -> io::Result<()> {
    for_each_stdin_line_octets(flush, |bytes, lineno| line(bytes, lineno, &mut f))
}

/// [`for_each_stdin_line`] for a caller that reads octets: `f` gets each
/// line's octets (without its LF; a CR before it is taken off) and its
/// number, unchecked for UTF-8.
pub(crate) fn for_each_stdin_line_octets(
    mut flush: impl FnMut() -> io::Result<()>,
    mut f: impl FnMut(&[u8], usize) -> io::Result<bool>,
) -> io::Result<()> {
    let stdin = io::stdin();
    let mut reader = io::BufReader::with_capacity(256 * 1024, stdin.lock());
    // The beginning of a line that straddles two reads.
    let mut pending = Vec::new();
    let mut lineno = 0;
    loop {
        if reader.buffer().is_empty() {
            flush()?;
        }
        let available = match reader.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            // The end of input: a last line without LF.
            if pending.is_empty() {
                return Ok(());
            }
            lineno += 1;
            let go_on = f(strip_cr(&pending), lineno)?;
            pending.clear();
            if !go_on {
                return Ok(());
            }
            continue;
        }
        let Some(end) = memchr::memchr(b'\n', available) else {
            pending.extend_from_slice(available);
            let n = available.len();
            reader.consume(n);
            continue;
        };
        lineno += 1;
        let go_on = if pending.is_empty() {
            f(strip_cr(&available[..end]), lineno)?
        } else {
            pending.extend_from_slice(&available[..end]);
            let go_on = f(strip_cr(&pending), lineno)?;
            pending.clear();
            go_on
        };
        reader.consume(end + 1);
        if !go_on {
            return Ok(());
        }
    }
}

/// `bytes` without a CR at its end.
fn strip_cr(bytes: &[u8]) -> &[u8] {
    bytes.strip_suffix(b"\r").unwrap_or(bytes)
}

/// Calls `f` on the line `bytes` (its CR already taken off), line number
/// `lineno`.
fn line(
    bytes: &[u8],
    lineno: usize,
    f: &mut impl FnMut(Input<'_>) -> io::Result<bool>,
) -> io::Result<bool> {
    f(text_input(bytes, lineno))
}

/// The input of the line `bytes` (without its LF; a CR before it is taken
/// off), line number `lineno`.
pub(crate) fn line_input(bytes: &[u8], lineno: usize) -> Input<'_> {
    text_input(strip_cr(bytes), lineno)
}

/// The input of the line `bytes` (without its LF and CR), line number
/// `lineno`: its text, or its lossy decoding and why it is not UTF-8.
fn text_input(bytes: &[u8], lineno: usize) -> Input<'_> {
    let r = std::str::from_utf8(bytes).map_err(|e| {
        (
            String::from_utf8_lossy(bytes).into_owned(),
            format!(
                "the line is not valid UTF-8 (invalid byte at offset {})",
                e.valid_up_to()
            ),
            bytes.to_vec(),
        )
    });
    let at = Position {
        number: lineno,
        is_argument: false,
    };
    (at, r)
}
