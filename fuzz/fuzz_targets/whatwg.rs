//! The `whatwg` engine on an input against an optional base (a byte 0xFF
//! splits them): no panic; the one-pass common URL gives what the parser
//! gives (the same serialization and components, or the same error;
//! written into a buffer, the same serialization), under the URL
//! Standard and its transitional variant, in UTF-8 and in the encoding
//! the input picks; the input given to a setter of the URL API (the
//! attribute the data picks) on the base, or on URLs of each kind, by the
//! standard's setters and by each browser engine's (no internal error);
//! every URL holds its invariants.
//!
//! The check is `urlprism_fuzz::checks::whatwg` (`src/checks.rs`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| urlprism_fuzz::checks::whatwg(data));
