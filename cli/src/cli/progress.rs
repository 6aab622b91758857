//! A progress line on standard error while a long input is read: the
//! number of lines and the rate, rewritten in place at most four times a
//! second, and only when standard error is a terminal (never in a pipe or
//! a file, where it would be noise).

use std::io::{self, IsTerminal, Write};
use std::time::{Duration, Instant};

/// The progress of a command over standard input.
pub(crate) struct Progress {
    on: bool,
    start: Instant,
    last: Instant,
    shown: bool,
}

impl Progress {
    /// A progress line, shown when standard error is a terminal and `on`
    /// (the input is standard input).
    pub(crate) fn new(on: bool) -> Progress {
        let now = Instant::now();
        Progress {
            on: on && io::stderr().is_terminal(),
            start: now,
            last: now,
            shown: false,
        }
    }

    /// Shows `lines` lines read, and what `more` adds (`, 12 disagreeing`),
    /// when the last showing is a quarter of a second old.
    pub(crate) fn tick(&mut self, lines: u64, more: impl FnOnce() -> String) {
        if !self.on {
            return;
        }
        let now = Instant::now();
        if now.duration_since(self.last) < Duration::from_millis(250) {
            return;
        }
        self.last = now;
        let secs = now.duration_since(self.start).as_secs_f64().max(1e-9);
        let mut err = io::stderr().lock();
        let _ = write!(
            err,
            "\r\x1b[K{lines} lines{}, {:.0} lines/s",
            more(),
            lines as f64 / secs
        );
        let _ = err.flush();
        self.shown = true;
    }

    /// Takes the line away (before a message, or at the end).
    pub(crate) fn clear(&mut self) {
        if self.shown {
            eprint!("\r\x1b[K");
            self.shown = false;
        }
    }
}
