//! Running the `urlprism` binary from the command-line tests
//! (`tests/cli.rs`, `tests/cli_robustness.rs`, `tests/compare.rs`).

// Each test crate uses a different part of this module.
#![allow(dead_code)]

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

pub fn urlprism() -> Command {
    Command::new(env!("CARGO_BIN_EXE_urlprism"))
}

/// Runs `urlprism args...` with `stdin` as standard input.  Standard input
/// is written from another thread, so a large input cannot deadlock against
/// a large output; a command that exits before reading it all (a usage
/// error) is not an error here.
pub fn run(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = urlprism()
        .args(args)
        .env_remove("NO_COLOR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the urlprism binary runs");
    let mut input = child.stdin.take().expect("stdin is piped");
    let data = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        // A broken pipe here is the program's doing; the assertions on the
        // output tell what went wrong.
        let _ = input.write_all(&data);
    });
    let out = child.wait_with_output().expect("urlprism finishes");
    writer.join().expect("the stdin writer ends");
    out
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("stdout is UTF-8")
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A fresh temporary directory for one test (`name` unique per test).
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("urlprism-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    dir
}
