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
/// not valid UTF-8) its lossy decoding and the reason.
pub(crate) type Input<'a> = (Position, Result<&'a str, (String, String)>);

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
/// order, with one reused buffer: memory stays constant however many lines
/// there are.  `flush` is called before a read that may block, so that an
/// interactive caller sees each answer.
pub(crate) fn for_each_stdin_line(
    mut flush: impl FnMut() -> io::Result<()>,
    mut f: impl FnMut(Input<'_>) -> io::Result<bool>,
) -> io::Result<()> {
    let stdin = io::stdin();
    let mut reader = io::BufReader::with_capacity(256 * 1024, stdin.lock());
    let mut buf = Vec::new();
    let mut lineno = 0;
    loop {
        if reader.buffer().is_empty() {
            flush()?;
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
        let r = std::str::from_utf8(&buf).map_err(|e| {
            (
                String::from_utf8_lossy(&buf).into_owned(),
                format!(
                    "the line is not valid UTF-8 (invalid byte at offset {})",
                    e.valid_up_to()
                ),
            )
        });
        let at = Position {
            number: lineno,
            is_argument: false,
        };
        if !f((at, r))? {
            return Ok(());
        }
    }
}
