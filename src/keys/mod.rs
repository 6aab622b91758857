//! Keys for crawlers and web archives: what an index stores for a URL
//! (the SURT of the Wayback Machine and Common Crawl, IIPC `urlcanon`'s
//! canonical forms and SSURT, Safe Browsing's canonical URL), each byte for
//! byte with its reference implementation.
//!
//! A *family* is one reference implementation's reading of a URL and its
//! named steps ([`Step`]); a *kind* of key ([`Key`]) is a family with some
//! of its steps on, written as data: the built-in kinds are the files
//! `keys/*.toml`, and a user's file may start from one (`extends =
//! "surt"`) and turn a step off or on.
//!
//! ```
//! use urlprism::keys::builtin;
//! let surt = builtin("surt").unwrap();
//! assert_eq!(surt.make_str("http://archive.org/goo/?a=2&b&a=1").unwrap(), "org,archive)/goo?a=1&a=2&b");
//! ```

mod error;
mod kinds;
pub mod psl;
pub mod safebrowsing;
pub mod step;
pub mod surt;
mod urlcanon;

pub use error::{KeyError, KeyFileError};
pub use kinds::{builtin, builtin_names, Key};
pub use step::{Applied, Step, Switches};

/// A family of keys: a reference implementation's parse of a URL and the
/// steps it can run on it, in running order.
pub struct Family {
    /// The family's name in key files (`family = "surt"`).
    pub name: &'static str,
    /// The reference implementation and version the family follows.
    pub reference: &'static str,
    /// The steps, in running order; a kind turns each on or off.
    pub steps: &'static [Step],
    /// Makes the key of `input` with the steps `on`, appending it to `out`
    /// (which the caller clears), noting in `applied` the steps that
    /// changed the URL.
    pub make: MakeKey,
    /// The lookup expressions of a URL, for a family whose keys are looked
    /// up by several expressions (Safe Browsing's host suffixes and path
    /// prefixes): appends them to `out`.  `None` for a family without.
    pub expressions: Option<MakeExpressions>,
}

/// The function of a family that makes the key of `input` with the steps
/// `on` into `out`, noting in `applied` the steps that changed the URL.
pub type MakeKey = fn(
    input: &[u8],
    on: Switches,
    applied: &mut Applied,
    out: &mut Vec<u8>,
) -> Result<(), KeyError>;

/// The function of a family that appends the lookup expressions of
/// `input` with the steps `on` to `out`.
pub type MakeExpressions =
    fn(input: &[u8], on: Switches, out: &mut Vec<Vec<u8>>) -> Result<(), KeyError>;

impl std::fmt::Debug for Family {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Family")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

/// Every family, by name.
pub static FAMILIES: &[&Family] = &[&surt::FAMILY, &urlcanon::FAMILY, &safebrowsing::FAMILY];

/// The family named `name`.
pub fn family(name: &str) -> Option<&'static Family> {
    FAMILIES.iter().copied().find(|f| f.name == name)
}
