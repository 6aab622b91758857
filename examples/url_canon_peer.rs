//! The `url` crate's counterpart of `urlprism canon` for the process-level
//! comparison of `benches/process.sh`: reads standard input line by line
//! and prints `Url::parse(line)` serialized, or an empty line when the
//! line does not parse, buffered like `urlprism canon`.
//!
//! ```text
//! cargo build --release --example url_canon_peer
//! target/release/examples/url_canon_peer < ../shared/bench/ascii.txt
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
        match url::Url::parse(&line) {
            Ok(u) => writeln!(out, "{}", u.as_str())?,
            Err(_) => writeln!(out)?,
        }
    }
    out.flush()
}
