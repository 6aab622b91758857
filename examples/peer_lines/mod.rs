//! The stdin-to-stdout loop of the benchmark peers (`url_canon_peer`,
//! `ada_canon_peer`), reading and writing as `urlprism canon` does, so
//! that only the work on each URL differs: standard input through a
//! 256 KiB buffer, each line (without its LF or CRLF) found where it lies
//! with `memchr` (a line that straddles two reads is gathered in a reused
//! buffer), read as UTF-8 (lossily: checked first, as `urlprism canon`
//! checks it), goes to `write`, which writes that line's output line into
//! a 64 KiB `BufWriter`.

use std::io::{self, BufRead, BufWriter, StdoutLock, Write};

/// Runs `write` on each line of standard input, with the buffered
/// standard output to write to, then flushes it.
pub fn for_each_line(
    mut write: impl FnMut(&str, &mut BufWriter<StdoutLock<'static>>) -> io::Result<()>,
) -> io::Result<()> {
    let mut reader = io::BufReader::with_capacity(256 * 1024, io::stdin().lock());
    let mut out = BufWriter::with_capacity(64 * 1024, io::stdout().lock());
    let mut pending = Vec::new();
    let mut one = |bytes: &[u8], out: &mut BufWriter<StdoutLock<'static>>| {
        let bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
        match std::str::from_utf8(bytes) {
            Ok(line) => write(line, out),
            Err(_) => write(&String::from_utf8_lossy(bytes), out),
        }
    };
    loop {
        let available = reader.fill_buf()?;
        if available.is_empty() {
            if !pending.is_empty() {
                one(&pending, &mut out)?;
            }
            break;
        }
        let n = match memchr::memchr(b'\n', available) {
            Some(end) if pending.is_empty() => {
                one(&available[..end], &mut out)?;
                end + 1
            }
            Some(end) => {
                pending.extend_from_slice(&available[..end]);
                one(&pending, &mut out)?;
                pending.clear();
                end + 1
            }
            None => {
                pending.extend_from_slice(available);
                available.len()
            }
        };
        reader.consume(n);
    }
    out.flush()
}
