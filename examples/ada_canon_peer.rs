//! The ada counterpart of `urlprism canon` for the process-level comparison
//! of `benches/process.sh`: reads standard input line by line and prints
//! `ada_url::Url::parse(line, None)`'s `href`, or an empty line when the
//! line does not parse, buffered like `urlprism canon` (and like
//! `examples/url_canon_peer.rs`, the `url` crate's counterpart).
//!
//! ada is the C++ WHATWG URL parser of <https://github.com/ada-url/ada>;
//! the `ada-url` crate (a dev-dependency) compiles it from source with the
//! C++ compiler of the machine.
//!
//! ```text
//! cargo build --release --example ada_canon_peer
//! target/release/examples/ada_canon_peer < ../shared/bench/ascii.txt
//! ```

mod peer_lines;

use std::io::{self, Write};

fn main() -> io::Result<()> {
    peer_lines::for_each_line(|line, out| {
        if let Ok(u) = ada_url::Url::parse(line, None) {
            out.write_all(u.href().as_bytes())?;
        }
        out.write_all(b"\n")
    })
}
