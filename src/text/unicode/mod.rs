//! Unicode data and algorithms of the Unicode 3.2 era.
//!
//! Generated tables live in `tables` (from `build.rs`, which reads `data/`,
//! itself made by `data/generate.py`); the logic is in the other modules.

pub mod bidi;
pub mod gecko;
pub mod nfkc;
pub mod punycode;
pub mod stringprep;
pub(crate) mod tables;
pub mod unassigned;
pub mod version;
