//! urlprism parses, resolves and canonicalizes URLs the way web browsers
//! do, and shows where they disagree and why: today's browsers and the URL
//! Standard (the engines `whatwg`, `chromium`, `firefox`, `webkit`) beside
//! the browsers of 2011 as the url-canonicalization specification models
//! them (the profiles `this`, `chrome`, `gecko`, `ie`).
//!
//! [`Url::parse`] canonicalizes under the specification's own choice (the
//! THIS profile); a [`Canonicalizer`] chooses the profile or engine, of
//! either era, the base URL and the document encoding:
//!
//! ```
//! use urlprism::{Canonicalizer, Url};
//! let url: Url = "HTTP://EXAMPLE.com/a/../b".parse()?;
//! assert_eq!(url.as_str(), "http://example.com/b");
//!
//! // Today and 2011, side by side.
//! for (name, host) in [
//!     ("chromium", "xn--bcher-kva.de"),
//!     ("firefox", "xn--bcher-kva.de"),
//!     ("whatwg", "xn--bcher-kva.de"),
//!     ("chrome", "xn--bcher-kva.de"),
//!     ("ie", "bücher.de"),
//! ] {
//!     let c = Canonicalizer::named(name)?.base("http://example.com/dir/")?;
//!     assert_eq!(c.canonicalize("//Bücher.DE/x")?.host_str(), Some(host), "{name}");
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The items a program needs are at the crate's root ([`Url`], [`Host`],
//! [`Canonicalizer`], [`Profile`], [`Error`]), with
//! the modules [`profile`] (the profiles), [`engines`] (the engines by
//! name), [`compare`] (several side by side), [`keys`] (archive keys) and
//! [`url`].  The specification's steps are public too, for their
//! intermediate results: [`parse()`], [`resolve()`], [`canonicalize()`]
//! (a [`ParsedUrl`] to a canonical [`ParsedUrl`]) and [`serialize()`].
//!
//! The library's layers, each using only those below it (see
//! ARCHITECTURE.md): `text`, `url`, `profile`, `algorithm` (the
//! specification's steps), `observed` (the 2011 browsers' rules beyond
//! them), `accel` (shortcuts, held equal to the steps), `engines`, then
//! `compare`, `keys` and the [`Canonicalizer`] on top.  The layers below
//! the engines are public for the command-line tool, the Python package
//! and the tests, and hidden from these docs.

#[doc(hidden)]
pub mod accel;
#[doc(hidden)]
pub mod algorithm;
mod canonicalizer;
pub mod compare;
pub mod conformance;
pub mod engines;
pub mod error;
#[cfg(feature = "json")]
pub mod json;
pub mod keys;
#[doc(hidden)]
pub mod observed;
pub mod profile;
pub(crate) mod profile_canonicalizer;
#[doc(hidden)]
pub mod step_effects;
#[doc(hidden)]
pub mod text;
pub mod url;

pub use accel::each_components::canonicalize_each;
pub use algorithm::canonicalize::canonicalize;
pub use algorithm::parse::parse;
pub use algorithm::resolve::resolve;
pub use algorithm::serialize::serialize;
pub use canonicalizer::{Canonicalizer, Under};
/// The Encoding Standard's encodings, for [`Canonicalizer::encoding`]
/// (the `encoding_rs` crate, re-exported so that a user's crate need not
/// depend on it).
pub use encoding_rs;
pub use engines::page::Context;
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
