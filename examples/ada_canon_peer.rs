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

use std::io::{self, BufRead, BufWriter, Write};

fn main() -> io::Result<()> {
    let stdin = io::stdin();
    let mut reader = io::BufReader::with_capacity(64 * 1024, stdin.lock());
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(64 * 1024, stdout.lock());
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
        let line = String::from_utf8_lossy(&buf);
        match ada_url::Url::parse(&*line, None) {
            Ok(u) => {
                out.write_all(u.href().as_bytes())?;
                out.write_all(b"\n")?;
            }
            Err(_) => out.write_all(b"\n")?,
        }
    }
    out.flush()
}
