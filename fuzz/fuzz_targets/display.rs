//! Every address bar on an input, alone and after `http://`: no panic,
//! and a label not shown in Unicode is shown as the URL has it.
//!
//! The check is `urlprism_fuzz::checks::display` (`src/checks.rs`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| urlprism_fuzz::checks::display(data));
