//! Every built-in kind of key against its reference implementation, on the
//! corpus of `tests/data/keys/` (see its README):
//!
//! - `stored`: for each kind with stored outputs
//!   (`tests/data/keys/oracle/KIND.txt`, one line per corpus line: the
//!   reference's key, or `!` and the exception it raised; a key that
//!   begins with `!` or `\` is stored after a `\`), the agreement
//!   on the inputs the reference accepts must be at least 99.9%, and an
//!   input the reference rejects must be rejected; every difference is
//!   written to `$CARGO_TARGET_TMPDIR/keys/KIND.diff`, and the first few
//!   are printed.
//! - `fresh`: runs `tools/keys/oracle.py` with the Python of
//!   `URLPRISM_PYTHON` (a virtual environment with `surt` and `urlcanon`
//!   from `python/requirements-test.txt`) and checks that the reference
//!   still gives the stored outputs, naming the rows that changed.  Without
//!   `URLPRISM_PYTHON` it passes with a notice, and fails under `CI`.
//!
//! `URLPRISM_KEYS_DATA=DIR` reads another corpus and its outputs (the
//! same layout: `corpus.txt`, `oracle/`), e.g. a held-out one made with
//! another seed.

use std::path::{Path, PathBuf};
use urlprism::keys::{builtin, builtin_names};

const FLOOR: f64 = 99.9;

/// The corpus and stored outputs: `tests/data/keys`, or the folder named
/// by `URLPRISM_KEYS_DATA` (same layout), to check a held-out corpus.
fn data() -> PathBuf {
    match std::env::var_os("URLPRISM_KEYS_DATA") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/keys"),
    }
}

fn lines(path: &Path) -> Vec<Vec<u8>> {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut lines: Vec<Vec<u8>> = bytes.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect();
    if lines.last().is_some_and(Vec::is_empty) {
        lines.pop();
    }
    lines
}

/// The kinds with stored outputs, and the outputs.
fn stored_kinds() -> Vec<(String, Vec<Vec<u8>>)> {
    let mut kinds = Vec::new();
    for name in builtin_names() {
        let path = data().join("oracle").join(format!("{name}.txt"));
        if path.exists() {
            kinds.push((name.to_string(), lines(&path)));
        }
    }
    kinds
}

#[test]
fn stored() {
    let corpus = lines(&data().join("corpus.txt"));
    let kinds = stored_kinds();
    let out_dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("keys");
    std::fs::create_dir_all(&out_dir).unwrap();
    let mut failures = Vec::new();
    for (name, expected) in &kinds {
        assert_eq!(
            expected.len(),
            corpus.len(),
            "{name}: the stored outputs answer the corpus line by line"
        );
        let key = builtin(name).unwrap();
        let (mut accepted, mut agree, mut rejected, mut rejected_wrongly) =
            (0usize, 0usize, 0usize, 0usize);
        let mut diffs = String::new();
        for (input, stored) in corpus.iter().zip(expected) {
            // A key that begins with `!` or `\` is stored after a `\`.
            let want: &[u8] = match stored.first() {
                Some(b'\\') => &stored[1..],
                _ => stored,
            };
            let got = key.make(input);
            let input_text = String::from_utf8_lossy(input);
            if stored.first() == Some(&b'!') {
                rejected += 1;
                if let Ok(k) = &got {
                    rejected_wrongly += 1;
                    diffs += &format!(
                        "{input_text}\n  reference: {}\n  urlprism:  {}\n",
                        String::from_utf8_lossy(want),
                        String::from_utf8_lossy(k)
                    );
                }
                continue;
            }
            accepted += 1;
            match &got {
                Ok(k) if k[..] == *want => agree += 1,
                _ => {
                    diffs += &format!(
                        "{input_text}\n  reference: {}\n  urlprism:  {}\n",
                        String::from_utf8_lossy(want),
                        match &got {
                            Ok(k) => String::from_utf8_lossy(k).into_owned(),
                            Err(e) => format!("error: {e}"),
                        }
                    );
                }
            }
        }
        let pct = 100.0 * agree as f64 / accepted.max(1) as f64;
        println!(
            "{name:32} {agree:>6} of {accepted:>6} accepted inputs agree ({pct:.3}%); {rejected_wrongly} the reference rejects got a key"
        );
        std::fs::write(out_dir.join(format!("{name}.diff")), &diffs).unwrap();
        let rejected_pct = if rejected == 0 {
            100.0
        } else {
            100.0 * (rejected - rejected_wrongly) as f64 / rejected as f64
        };
        if rejected_pct < FLOOR {
            failures.push(format!(
                "{name}: {rejected_wrongly} of the {rejected} inputs the reference rejects got a key"
            ));
        }
        if pct < FLOOR {
            let first: String = diffs.lines().take(12).collect::<Vec<_>>().join("\n");
            failures.push(format!(
                "{name}: {pct:.3}% < {FLOOR}%; first differences:\n{first}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn fresh() {
    let Some(python) = std::env::var_os("URLPRISM_PYTHON") else {
        assert!(
            std::env::var_os("CI").is_none(),
            "URLPRISM_PYTHON is not set: the reference implementations (surt, urlcanon) cannot be run"
        );
        eprintln!("notice: URLPRISM_PYTHON is not set; the stored outputs of the references are not re-checked");
        return;
    };
    let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join("keys-fresh");
    let status = std::process::Command::new(python)
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("tools/keys/oracle.py"))
        .arg(data().join("corpus.txt"))
        .arg(&out)
        .status()
        .expect("runs tools/keys/oracle.py");
    assert!(status.success(), "tools/keys/oracle.py failed");
    let mut changed = Vec::new();
    // The kinds the script makes (an oracle of another language, stored
    // beside them, is not re-run here).
    for entry in std::fs::read_dir(&out).unwrap() {
        let fresh_path = entry.unwrap().path();
        if fresh_path.extension().is_none_or(|e| e != "txt") {
            continue;
        }
        let path = data().join("oracle").join(fresh_path.file_name().unwrap());
        let stored = lines(&path);
        let fresh = lines(&fresh_path);
        for (i, (s, f)) in stored.iter().zip(&fresh).enumerate() {
            if s != f {
                changed.push(format!(
                    "{} line {}: stored {} now {}",
                    path.file_name().unwrap().to_string_lossy(),
                    i + 1,
                    String::from_utf8_lossy(s),
                    String::from_utf8_lossy(f)
                ));
            }
        }
        assert_eq!(stored.len(), fresh.len(), "{}", path.display());
    }
    let versions = std::fs::read_to_string(out.join("VERSIONS")).unwrap();
    println!("references run: {}", versions.replace('\n', "; "));
    assert!(
        changed.is_empty(),
        "the references now answer otherwise than stored ({} rows; stored with {}):\n{}",
        changed.len(),
        std::fs::read_to_string(data().join("oracle/VERSIONS")).unwrap_or_default(),
        changed
            .iter()
            .take(20)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// A family appends its key to what the caller's buffer holds (the command
/// line writes keys straight into its output): on every third corpus
/// line, under every kind, `make_into` after other octets keeps them and
/// appends what `make` gives alone, or rejects the input as `make` does.
#[test]
fn a_key_is_appended_to_the_buffer() {
    let corpus = lines(&data().join("corpus.txt"));
    for name in builtin_names() {
        let key = builtin(name).unwrap();
        let mut out = b"previous line\n".to_vec();
        for input in corpus.iter().step_by(3) {
            out.truncate(b"previous line\n".len());
            let alone = key.make(input);
            let appended = key.make_into(input, &mut urlprism::keys::Applied::off(), &mut out);
            assert_eq!(
                &out[..14],
                b"previous line\n",
                "{name}: {}",
                String::from_utf8_lossy(input)
            );
            match alone {
                Ok(k) => {
                    assert!(appended.is_ok(), "{name}");
                    assert_eq!(
                        &out[14..],
                        &k[..],
                        "{name}: {}",
                        String::from_utf8_lossy(input)
                    );
                }
                Err(e) => assert_eq!(appended, Err(e), "{name}"),
            }
        }
    }
}
