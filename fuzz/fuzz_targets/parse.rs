//! `parse` on arbitrary text; whatever it returns serializes without panic.
//!
//! The check is `urlprism_fuzz::checks::parse` (`src/checks.rs`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| urlprism_fuzz::checks::parse(data));
