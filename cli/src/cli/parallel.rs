//! Standard input's lines on several threads, written in input order: a
//! reader cuts the input into chunks of whole lines, workers each turn a
//! chunk into its output (standard output and standard error bytes), and
//! the calling thread writes the chunks' outputs in order.  Memory stays
//! bounded whatever the input's size: at most a few chunks per worker are
//! read and not yet written (the reader waits for the writer).
//!
//! What a worker writes for a line is what the one-thread loop writes for
//! it (the same function makes both), so the output is the same byte for
//! byte, standard error included, whatever the number of threads.

use super::input::{line_input, Input};
use std::collections::BTreeMap;
use std::io::{self, Read};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};
use std::sync::Mutex;

/// The size of a chunk of input, about (a chunk ends at a line's end; a
/// line longer than this makes a chunk of its own).
const CHUNK: usize = 1 << 20;

/// The size of one read.
const READ: usize = 256 << 10;

/// How many chunks per worker may be read and not yet written.
const IN_FLIGHT_PER_WORKER: usize = 4;

/// A chunk of whole lines of the input, its place and the number of its
/// first line.
struct Chunk {
    seq: u64,
    first_line: usize,
    bytes: Vec<u8>,
}

/// What a worker made of a chunk.
pub(crate) struct Done {
    seq: u64,
    /// Standard output's bytes.
    pub(crate) out: Vec<u8>,
    /// Standard error's bytes.
    pub(crate) err: Vec<u8>,
    /// The number of lines.
    pub(crate) lines: usize,
    /// Whether a line had no result (an invalid URL, a line that is not
    /// UTF-8...): the command's exit status.
    pub(crate) any_invalid: bool,
}

/// The per-line work of a worker: appends what the line `input` gives to
/// `out` (standard output) and `err` (standard error), and says whether it
/// had no result.
pub(crate) trait LineWork: Sync {
    /// A worker's own state (buffers reused from line to line).
    type State;
    fn state(&self) -> Self::State;
    fn line(
        &self,
        state: &mut Self::State,
        input: Input<'_>,
        out: &mut Vec<u8>,
        err: &mut Vec<u8>,
    ) -> bool;
}

/// Runs `work` on every line of `input` on `threads` workers, and hands
/// each chunk's output to `write`, in input order.  Returns when the
/// input is read and written, or at the first error of reading or of
/// `write` (which stops the workers), with each worker's state at the end
/// (what it gathered besides its output).
pub(crate) fn run_lines<W: LineWork>(
    input: impl Read + Send,
    threads: usize,
    work: &W,
    mut write: impl FnMut(&Done) -> io::Result<()>,
) -> io::Result<Vec<W::State>>
where
    W::State: Send,
{
    let threads = threads.max(1);
    let slots = IN_FLIGHT_PER_WORKER * threads;
    let (chunks_tx, chunks_rx) = sync_channel::<Chunk>(slots);
    let (done_tx, done_rx) = sync_channel::<Done>(slots);
    // A token per chunk in flight: the reader takes one before it reads,
    // the writer gives it back once the chunk is written.
    let (tokens_tx, tokens_rx) = sync_channel::<()>(slots);
    for _ in 0..slots {
        tokens_tx.send(()).expect("room for every token");
    }
    let chunks_rx = Mutex::new(chunks_rx);
    std::thread::scope(|scope| {
        let reader = scope.spawn(move || read_chunks(input, &chunks_tx, &tokens_rx));
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                let done_tx = done_tx.clone();
                let chunks_rx = &chunks_rx;
                scope.spawn(move || worker(work, chunks_rx, &done_tx))
            })
            .collect();
        drop(done_tx);
        let written = write_in_order(&done_rx, &tokens_tx, &mut write);
        // On a write error, the reader and the workers stop once their
        // channels close.
        drop(done_rx);
        drop(tokens_tx);
        let read = reader
            .join()
            .unwrap_or_else(|_| Err(io::Error::other("the input reader stopped unexpectedly")));
        let states = workers
            .into_iter()
            .map(|w| {
                w.join()
                    .map_err(|_| io::Error::other("a worker stopped unexpectedly"))
            })
            .collect::<io::Result<Vec<_>>>();
        written.and(read).and(states)
    })
}

/// [`run_lines`] on standard input, writing each chunk's output to `out`
/// in input order and its messages to standard error (what is written so
/// far goes out first, as on one thread), with a progress line on a
/// terminal: each worker's state, and whether any line had no result.
pub(crate) fn run_stdin_lines<W: LineWork>(
    threads: usize,
    work: &W,
    out: &mut impl io::Write,
) -> io::Result<(Vec<W::State>, bool)>
where
    W::State: Send,
{
    let mut progress = super::progress::Progress::new(true);
    let mut lines = 0u64;
    let mut any_invalid = false;
    let states = run_lines(io::stdin(), threads, work, |d| {
        any_invalid |= d.any_invalid;
        if !d.err.is_empty() {
            out.flush()?;
            progress.clear();
            io::Write::write_all(&mut io::stderr(), &d.err)?;
        }
        out.write_all(&d.out)?;
        lines += d.lines as u64;
        progress.tick(lines, String::new);
        out.flush()
    });
    progress.clear();
    states.map(|s| (s, any_invalid))
}

/// Reads `input` into chunks of whole lines and sends them, each once a
/// token is free.
fn read_chunks(
    mut input: impl Read,
    chunks: &SyncSender<Chunk>,
    tokens: &Receiver<()>,
) -> io::Result<()> {
    let mut carry: Vec<u8> = Vec::new();
    let mut buf = vec![0u8; READ];
    let mut seq = 0;
    let mut first_line = 1;
    let mut ended = false;
    while !ended {
        if tokens.recv().is_err() {
            return Ok(()); // the writer has stopped
        }
        let mut bytes = std::mem::take(&mut carry);
        bytes.reserve(CHUNK);
        // Read until the chunk is full and holds a line's end, or the
        // input ends.
        loop {
            let n = loop {
                match input.read(&mut buf) {
                    Ok(n) => break n,
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    Err(e) => return Err(e),
                }
            };
            if n == 0 {
                ended = true;
                break;
            }
            bytes.extend_from_slice(&buf[..n]);
            // A chunk is sent at a line's end once it has some size, or
            // at once when the input comes in short reads (a terminal, a
            // pipe that its writer does not fill), so that an interactive
            // user gets each answer.
            let has_end = memchr::memchr(b'\n', &buf[..n]).is_some();
            if has_end && (bytes.len() >= CHUNK || n < READ) {
                break;
            }
        }
        if let Some(last) = memchr::memrchr(b'\n', &bytes) {
            carry.extend_from_slice(&bytes[last + 1..]);
            bytes.truncate(last + 1);
        }
        if bytes.is_empty() {
            continue;
        }
        let lines =
            memchr::memchr_iter(b'\n', &bytes).count() + usize::from(!bytes.ends_with(b"\n"));
        let chunk = Chunk {
            seq,
            first_line,
            bytes,
        };
        seq += 1;
        first_line += lines;
        if chunks.send(chunk).is_err() {
            return Ok(()); // the workers have stopped
        }
    }
    Ok(())
}

/// Takes chunks until there are none, and sends what each gives; its
/// state at the end.
fn worker<W: LineWork>(
    work: &W,
    chunks: &Mutex<Receiver<Chunk>>,
    done: &SyncSender<Done>,
) -> W::State {
    let mut state = work.state();
    loop {
        let chunk = {
            let Ok(rx) = chunks.lock() else { return state };
            match rx.recv() {
                Ok(c) => c,
                Err(_) => return state,
            }
        };
        let mut d = Done {
            seq: chunk.seq,
            out: Vec::with_capacity(chunk.bytes.len() + chunk.bytes.len() / 8),
            err: Vec::new(),
            lines: 0,
            any_invalid: false,
        };
        let mut rest: &[u8] = &chunk.bytes;
        while !rest.is_empty() {
            let end = memchr::memchr(b'\n', rest).unwrap_or(rest.len());
            let input = line_input(&rest[..end], chunk.first_line + d.lines);
            d.any_invalid |= work.line(&mut state, input, &mut d.out, &mut d.err);
            d.lines += 1;
            rest = rest.get(end + 1..).unwrap_or_default();
        }
        if done.send(d).is_err() {
            return state;
        }
    }
}

/// Writes the chunks' outputs in order as they come, giving back a token
/// for each.
fn write_in_order(
    done: &Receiver<Done>,
    tokens: &SyncSender<()>,
    write: &mut impl FnMut(&Done) -> io::Result<()>,
) -> io::Result<()> {
    let mut next = 0;
    let mut waiting: BTreeMap<u64, Done> = BTreeMap::new();
    for d in done {
        waiting.insert(d.seq, d);
        while let Some(d) = waiting.remove(&next) {
            write(&d)?;
            next += 1;
            // The reader may have stopped (at the end of the input).
            let _ = tokens.try_send(());
        }
    }
    Ok(())
}

/// The number of threads `--threads` asks for: `0` or none, one per core.
pub(crate) fn threads(asked: Option<usize>) -> usize {
    match asked {
        Some(n) if n > 0 => n,
        _ => std::thread::available_parallelism().map_or(1, |n| n.get()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Upper-cases each line; a line "bad" has no result.
    struct Upper;
    impl LineWork for Upper {
        type State = ();
        fn state(&self) {}
        fn line(&self, _: &mut (), input: Input<'_>, out: &mut Vec<u8>, err: &mut Vec<u8>) -> bool {
            let (at, r) = input;
            match r {
                Ok("bad") | Err(_) => {
                    err.extend_from_slice(format!("{at}: bad\n").as_bytes());
                    out.push(b'\n');
                    true
                }
                Ok(s) => {
                    out.extend_from_slice(s.to_uppercase().as_bytes());
                    out.push(b'\n');
                    false
                }
            }
        }
    }

    fn run(input: &[u8], threads: usize) -> (Vec<u8>, Vec<u8>, usize, bool) {
        let (mut out, mut err, mut lines, mut invalid) = (Vec::new(), Vec::new(), 0, false);
        run_lines(input, threads, &Upper, |d| {
            out.extend_from_slice(&d.out);
            err.extend_from_slice(&d.err);
            lines += d.lines;
            invalid |= d.any_invalid;
            Ok(())
        })
        .unwrap();
        (out, err, lines, invalid)
    }

    /// Any number of threads gives what one does, in order, line numbers
    /// and the last line without LF included, over many chunks.
    #[test]
    fn threads_write_what_one_does_in_order() {
        let mut input = Vec::new();
        for i in 0..300_000 {
            let line = match i % 1000 {
                7 => "bad".to_string(),
                8 => "x\r".to_string(),
                _ => format!("line {i} {}", "a".repeat(i % 37)),
            };
            input.extend_from_slice(line.as_bytes());
            input.push(b'\n');
        }
        input.extend_from_slice(b"last \xff");
        let one = run(&input, 1);
        assert_eq!(one.2, 300_001);
        assert!(one.3);
        assert!(String::from_utf8_lossy(&one.1).contains("line 300001: bad"));
        assert!(String::from_utf8_lossy(&one.1).contains("line 8: bad"));
        for threads in [2, 3, 8] {
            assert_eq!(run(&input, threads), one, "{threads} threads");
        }
        assert_eq!(run(b"", 4), (Vec::new(), Vec::new(), 0, false));
        assert_eq!(run(b"\n\n", 4).2, 2);
    }

    /// A write error stops the run and is its result.
    #[test]
    fn a_write_error_stops_the_run() {
        let input = "a\n".repeat(1 << 20);
        let mut calls = 0;
        let r = run_lines(input.as_bytes(), 4, &Upper, |_| {
            calls += 1;
            Err(io::Error::other("closed"))
        });
        assert_eq!(r.unwrap_err().to_string(), "closed");
        assert_eq!(calls, 1);
    }
}
