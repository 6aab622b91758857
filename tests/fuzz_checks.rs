//! The fuzz targets' checks (`fuzz/src/checks.rs`, included here as a
//! module, without libFuzzer) over the seeds `fuzz/seed.sh` draws from the
//! conformance suite: every `#data`, `#base` and `#host` value of the
//! vendored suite (`tests/data/tests-web-url/`, the generated files
//! unsampled), and the host of each `scheme://` input, through every
//! target's check, and for the targets that read a base (`resolve`,
//! `canonicalize`, `whatwg`) each record's base and input as the suite
//! pairs them (the base, byte 0xFF, the input).
//!
//! A failure names the target and the input's bytes, as a fuzz artifact
//! would hold them.

use std::collections::BTreeSet;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

#[path = "../fuzz/src/checks.rs"]
mod checks;
mod suite;

/// The seeds of each kind, deduplicated.
#[derive(Default)]
struct Seeds {
    /// `#data`, `#base` and `#host` values, and the hosts of the inputs.
    values: BTreeSet<Vec<u8>>,
    /// `#base` 0xFF `#data`, for the records with a non-empty base.
    pairs: BTreeSet<Vec<u8>>,
}

/// The host part of a URL-ish string, roughly, as `fuzz/seed.sh` takes
/// it: after `scheme://` (or `:\\`), before the path, after the last `@`.
fn host_of(s: &str) -> Option<&str> {
    let (scheme, rest) = s.split_once(':')?;
    let mut chars = scheme.chars();
    let scheme_ok = chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '.' | '-'));
    let b = rest.as_bytes();
    if !scheme_ok || b.len() < 2 || !b[..2].iter().all(|&c| c == b'/' || c == b'\\') {
        return None;
    }
    let authority = rest[2..].split(['/', '\\', '?', '#']).next()?;
    Some(authority.rsplit('@').next().unwrap_or(authority))
}

fn seeds() -> Seeds {
    let mut seeds = Seeds::default();
    let dir = suite::vendored_dir();
    let mut files = 0;
    for (name, path) in suite::files() {
        if suite::is_a1(&name) {
            continue;
        }
        files += 1;
        let records = urlprism::conformance::read_suite_file(&path)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.join(&name).display()));
        for record in records {
            let data = record.data();
            seeds.values.insert(data.as_bytes().to_vec());
            let base = record.base().filter(|b| !b.is_empty());
            if let Some(base) = base {
                seeds.values.insert(base.as_bytes().to_vec());
                let mut pair = base.as_bytes().to_vec();
                pair.push(checks::SEPARATOR);
                pair.extend_from_slice(data.as_bytes());
                seeds.pairs.insert(pair);
            }
            for host in [record.get("host"), host_of(data)].into_iter().flatten() {
                if !host.is_empty() {
                    seeds.values.insert(host.as_bytes().to_vec());
                }
            }
        }
    }
    assert!(files > 40, "only {files} suite files in {}", dir.display());
    seeds
}

thread_local! {
    /// Whether this thread's panics are caught and reported by
    /// [`run`], and so not printed by the panic hook.
    static QUIET: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs `check` on every input (on two threads), returning the failures
/// as (input, panic message), at most `keep` of them, and their number.
fn run(check: checks::Check, inputs: &[&[u8]], keep: usize) -> (Vec<(Vec<u8>, String)>, usize) {
    static HOOK: std::sync::Once = std::sync::Once::new();
    HOOK.call_once(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !QUIET.with(std::cell::Cell::get) {
                default(info);
            }
        }));
    });
    let next = AtomicUsize::new(0);
    let failed = AtomicUsize::new(0);
    let kept = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                QUIET.with(|q| q.set(true));
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(input) = inputs.get(i) else { break };
                    let Err(e) = catch_unwind(AssertUnwindSafe(|| check(input))) else {
                        continue;
                    };
                    failed.fetch_add(1, Ordering::Relaxed);
                    let message = e
                        .downcast_ref::<String>()
                        .cloned()
                        .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                        .unwrap_or_default();
                    let mut kept = kept.lock().unwrap();
                    if kept.len() < keep {
                        kept.push((input.to_vec(), message));
                    }
                }
            });
        }
    });
    let mut kept = kept.into_inner().unwrap();
    kept.sort();
    (kept, failed.into_inner())
}

/// Every check of `targets` over its seeds; fails with the first few
/// failures of each.
fn check_targets(targets: &[&str]) {
    let seeds = seeds();
    let mut report = String::new();
    for &(name, check) in checks::TARGETS {
        if !targets.contains(&name) {
            continue;
        }
        let mut inputs: Vec<&[u8]> = seeds.values.iter().map(Vec::as_slice).collect();
        if matches!(name, "resolve" | "canonicalize" | "whatwg") {
            inputs.extend(seeds.pairs.iter().map(Vec::as_slice));
        }
        let (failures, count) = run(check, &inputs, 10);
        if count == 0 {
            continue;
        }
        report.push_str(&format!(
            "{name}: {count} of {} seeds fail, among them:\n",
            inputs.len()
        ));
        for (input, message) in failures {
            report.push_str(&format!(
                "  {:?}\n    {}\n",
                String::from_utf8_lossy(&input),
                message.replace('\n', "\n    ")
            ));
        }
    }
    assert!(report.is_empty(), "{report}");
}

#[test]
fn parse_and_resolve() {
    check_targets(&["parse", "resolve"]);
}

#[test]
fn canonicalize() {
    check_targets(&["canonicalize"]);
}

#[test]
fn hosts() {
    check_targets(&["canonicalize_host", "nameprep"]);
}

#[test]
fn whatwg() {
    check_targets(&["whatwg"]);
}
