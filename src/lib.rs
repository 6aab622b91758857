//! urlprism parses, resolves and canonicalizes URLs the way web browsers
//! did around 2011, following the url-canonicalization specification, and
//! shows how browser profiles (THIS, CHROME, GECKO, IE) disagree.
//!
//! [`Url::parse`] canonicalizes under the specification's own choice (the
//! THIS profile); a [`Canonicalizer`] chooses the profile, the base URL and
//! the document encoding:
//!
//! ```
//! use urlprism::{profile, Canonicalizer, Url};
//! let url: Url = "HTTP://EXAMPLE.com/a/../b".parse()?;
//! assert_eq!(url.as_str(), "http://example.com/b");
//!
//! let ie = Canonicalizer::new(profile::builtin("ie").unwrap()).base("http://example.com/dir/")?;
//! assert_eq!(ie.canonicalize("//Bücher.DE/x")?.host_str(), Some("bücher.de"));
//! # Ok::<(), urlprism::Error>(())
//! ```
//!
//! The specification's steps are public too, for their intermediate
//! results: [`parse()`], [`resolve()`], [`canonicalize()`] (a
//! [`ParsedUrl`] to a canonical [`ParsedUrl`]) and [`serialize()`].

mod accel;
pub mod algorithm;
mod canonicalizer;
pub mod compare;
pub mod conformance;
pub mod engines;
pub mod error;
#[cfg(feature = "json")]
pub mod json;
pub mod keys;
pub mod observed;
pub mod profile;
pub mod step_effects;
pub mod text;
pub mod url;

pub use algorithm::canonicalize::{canonicalize, canonicalize_each};
pub use algorithm::parse::parse;
pub use algorithm::resolve::resolve;
pub use algorithm::serialize::serialize;
pub use canonicalizer::Canonicalizer;
/// The Encoding Standard's encodings, for [`Canonicalizer::encoding`]
/// (the `encoding_rs` crate, re-exported so that a user's crate need not
/// depend on it).
pub use encoding_rs;
pub use engines::engine_canonicalizer::EngineCanonicalizer;
pub use error::Error;
/// The `form_urlencoded` crate, whose `Parse` [`Url::query_pairs`]
/// gives.
pub use form_urlencoded;
pub use profile::{Profile, ProfileSpec};
pub use url::components::ParsedUrl;
pub use url::{Host, OpaqueOrigin, Origin, Url};

#[cfg(test)]
mod linear_time;
#[cfg(test)]
mod test_strings;
/// Where the conformance suite is, for the unit tests (the helper the
/// integration tests use too).
#[cfg(test)]
#[path = "../tests/suite/mod.rs"]
mod test_suite;

/// The Rust examples of docs/keys.md, run as doctests.
#[doc = include_str!("../docs/keys.md")]
#[cfg(doctest)]
pub struct KeysDocDoctests;

/// The README's Rust examples, run as doctests so that they cannot rot.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

/// The Rust examples of docs/library.md, run as doctests.
#[doc = include_str!("../docs/library.md")]
#[cfg(doctest)]
pub struct LibraryDocDoctests;
