//! The stdin-to-stdout loop of the benchmark peers (`url_canon_peer`,
//! `ada_canon_peer`), buffered like `urlprism canon`: each line of
//! standard input, without its LF or CRLF and read as UTF-8 (lossily:
//! checked first, so that a valid line costs what `urlprism canon` pays),
//! goes to `write`, which writes that line's output line.

use std::io::{self, BufRead, BufWriter, StdoutLock, Write};

/// Runs `write` on each line of standard input, with the buffered
/// standard output to write to, then flushes it.
pub fn for_each_line(
    mut write: impl FnMut(&str, &mut BufWriter<StdoutLock<'static>>) -> io::Result<()>,
) -> io::Result<()> {
    let mut reader = io::BufReader::with_capacity(64 * 1024, io::stdin().lock());
    let mut out = BufWriter::with_capacity(64 * 1024, io::stdout().lock());
    let mut buf = Vec::new();
    loop {
        buf.clear();
        if reader.read_until(b'\n', &mut buf)? == 0 {
            break;
        }
        if buf.last() == Some(&b'\n') {
            buf.pop();
        }
        if buf.last() == Some(&b'\r') {
            buf.pop();
        }
        // `from_utf8_lossy` gives the same, but reads a valid line byte by
        // byte: the validation `urlprism canon` does is the peers' too.
        match std::str::from_utf8(&buf) {
            Ok(line) => write(line, &mut out)?,
            Err(_) => write(&String::from_utf8_lossy(&buf), &mut out)?,
        }
    }
    out.flush()
}
