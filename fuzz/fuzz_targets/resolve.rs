//! `resolve` of a relative input against a base (split at byte 0xFF, see
//! `src/lib.rs`), then `serialize` of the result.
//!
//! The check is `urlprism_fuzz::checks::resolve` (`src/checks.rs`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| urlprism_fuzz::checks::resolve(data));
