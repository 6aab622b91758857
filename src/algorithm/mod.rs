//! The specification's algorithm and nothing else: the steps to
//! preprocess, parse, resolve, canonicalize and serialize a URL, and the
//! Nameprep and CanonicalizeHost pipelines with their marked steps.

pub mod canonicalize;
pub mod host;
pub mod parse;
pub(crate) mod pipeline;
pub mod preprocess;
pub mod resolve;
pub mod serialize;
