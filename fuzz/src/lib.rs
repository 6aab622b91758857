//! What the fuzz targets share: how an input's bytes become the arguments
//! of the API under test, and each target's check (`checks`, a plain file
//! that the main crate's tests include too: `tests/fuzz_checks.rs` runs
//! every check over the conformance suite's values).

pub mod checks;

pub use checks::*;
