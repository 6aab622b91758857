//! CanonicalizeHost on arbitrary text under every built-in profile, for a
//! `file` and a non-`file` scheme.
//!
//! The check is `urlprism_fuzz::checks::canonicalize_host` (`src/checks.rs`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| urlprism_fuzz::checks::canonicalize_host(data));
