//! Text for a terminal: control characters escaped so that a URL cannot
//! drive the terminal, and ANSI colors when standard output is a terminal
//! and `NO_COLOR` is not set.

use std::io::{self, IsTerminal};

/// `s` with control characters escaped (`\u{1b}`), safe to print on a
/// terminal.
pub(super) fn printable(s: &str) -> std::borrow::Cow<'_, str> {
    if !s.chars().any(char::is_control) {
        return s.into();
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out.into()
}

/// Whether to color the output written to stdout: a terminal, and no
/// `NO_COLOR` in the environment.
pub(super) fn color_stdout() -> bool {
    io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

pub(super) const BOLD_RED: &str = "\x1b[1;31m";
pub(super) const BOLD_YELLOW: &str = "\x1b[1;33m";
pub(super) const GREEN: &str = "\x1b[32m";
pub(super) const RED: &str = "\x1b[31m";
pub(super) const DIM: &str = "\x1b[2m";
pub(super) const RESET: &str = "\x1b[0m";

/// `text` in `color` when `on`.
pub(super) fn paint(on: bool, color: &str, text: &str) -> String {
    if on {
        format!("{color}{text}{RESET}")
    } else {
        text.to_string()
    }
}
