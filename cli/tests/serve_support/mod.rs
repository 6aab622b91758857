//! Running `urlprism serve` from the tests (`tests/serve.rs`,
//! `tests/page.rs`) and talking HTTP/1.1 to it over a plain `TcpStream`.

// Each test crate uses a different part of this module.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// A running server, killed when dropped.
pub struct Server {
    child: Child,
    pub addr: SocketAddr,
}

impl Server {
    /// Starts `urlprism serve --port 0` and waits for the line saying
    /// where it listens.
    pub fn start() -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_urlprism"))
            .args(["serve", "--host", "127.0.0.1", "--port", "0"])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the urlprism binary runs");
        let stderr = child.stderr.take().expect("stderr is piped");
        let (tx, rx) = mpsc::channel();
        // Reads standard error to its end, so that the server never blocks
        // on it; the first line says where it listens.
        std::thread::spawn(move || {
            let mut first = true;
            for line in BufReader::new(stderr).lines() {
                let Ok(line) = line else { break };
                if first {
                    let _ = tx.send(line.clone());
                    first = false;
                } else {
                    eprintln!("server: {line}");
                }
            }
        });
        let line = rx
            .recv_timeout(Duration::from_secs(30))
            .expect("the server says where it listens");
        let addr = line
            .strip_prefix("urlprism serve: listening on http://")
            .and_then(|s| s.strip_suffix('/'))
            .unwrap_or_else(|| panic!("unexpected first line on stderr: {line:?}"))
            .parse()
            .expect("a socket address");
        Server { child, addr }
    }

    /// Whether the process is still running.
    pub fn alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// `http://127.0.0.1:PORT`
    pub fn origin(&self) -> String {
        format!("http://{}", self.addr)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An HTTP response.
#[derive(Debug)]
pub struct Response {
    pub status: u16,
    pub head: String,
    pub body: Vec<u8>,
}

impl Response {
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("the body is JSON ({e}): {}", self.text()))
    }

    /// The value of header `name` (case-insensitive).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.head.lines().skip(1).find_map(|l| {
            let (n, v) = l.split_once(':')?;
            n.eq_ignore_ascii_case(name).then(|| v.trim())
        })
    }
}

/// Sends `request` (raw bytes: the whole request) on a new connection and
/// reads the response to the end of the connection.  An error means the
/// connection was dropped without a response.
pub fn send_raw(addr: SocketAddr, request: &[u8]) -> Result<Response, String> {
    let mut s = TcpStream::connect(addr).map_err(|e| format!("connect: {e}"))?;
    s.set_read_timeout(Some(Duration::from_secs(60))).ok();
    s.set_write_timeout(Some(Duration::from_secs(60))).ok();
    // The server may answer (e.g. 431) and close before reading it all.
    let written = s.write_all(request);
    let mut raw = Vec::new();
    let read = s.read_to_end(&mut raw);
    if raw.is_empty() {
        return Err(format!("no response (write: {written:?}, read: {read:?})"));
    }
    parse_response(&raw)
}

fn parse_response(raw: &[u8]) -> Result<Response, String> {
    let end = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .ok_or_else(|| format!("no end of head in {:?}", String::from_utf8_lossy(raw)))?;
    let head = String::from_utf8_lossy(&raw[..end]).into_owned();
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| format!("no status in {head:?}"))?;
    Ok(Response {
        status,
        head,
        body: raw[end + 4..].to_vec(),
    })
}

/// `GET target` on a new connection.
pub fn get(addr: SocketAddr, target: &str) -> Response {
    let req = format!("GET {target} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    send_raw(addr, req.as_bytes()).unwrap_or_else(|e| panic!("GET {target}: {e}"))
}

/// `s` percent-encoded for a query value: every byte but the unreserved
/// ones (`A-Z a-z 0-9 - . _ ~`).
pub fn encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len() * 3);
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}
