//! The `url` crate's counterpart of `urlprism canon` for the process-level
//! comparison of `benches/process.sh`: reads standard input line by line
//! and prints `Url::parse(line)` serialized, or an empty line when the
//! line does not parse, buffered like `urlprism canon`.
//!
//! ```text
//! cargo build --release --example url_canon_peer
//! target/release/examples/url_canon_peer < ../shared/bench/ascii.txt
//! ```

mod peer_lines;

use std::io::{self, Write};

fn main() -> io::Result<()> {
    peer_lines::for_each_line(|line, out| match url::Url::parse(line) {
        Ok(u) => writeln!(out, "{}", u.as_str()),
        Err(_) => writeln!(out),
    })
}
