//! Nameprep on arbitrary text under every built-in profile, with and
//! without the bidi check.  Whatever passes with the bidi check also passes
//! without it, with the same result.
//!
//! The check is `urlprism_fuzz::checks::nameprep` (`src/checks.rs`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| urlprism_fuzz::checks::nameprep(data));
