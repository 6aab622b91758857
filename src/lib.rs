//! urlprism parses, resolves and canonicalizes URLs the way web browsers
//! did, following the url-canonicalization specification, and shows how
//! browser profiles (THIS, CHROME, GECKO, IE) would disagree.
//!
//! ```
//! let canon = urlprism::canonicalize_str("HTTP://EXAMPLE.com/a/../b", None, urlprism::profile::this(), encoding_rs::UTF_8);
//! assert_eq!(canon.unwrap(), "http://example.com/b");
//! ```

pub mod canonicalize;
pub mod compare;
pub mod conformance;
pub mod error;
pub mod host;
pub mod ipv4;
pub mod ipv6;
pub mod octets;
pub mod parse;
pub mod percent;
pub mod preprocess;
pub mod profile;
pub mod resolve;
pub mod serialize;
pub mod unicode;
pub mod url;

pub use canonicalize::canonicalize;
pub use error::Error;
pub use parse::parse;
pub use profile::{Profile, ProfileSpec};
pub use resolve::resolve;
pub use serialize::serialize;
pub use url::ParsedUrl;

use encoding_rs::Encoding;

/// From string to canonical string: parses the base (`input` itself when
/// `base` is `None`), resolves `input` against it, canonicalizes under
/// `profile` with the document encoding `encoding`, and serializes.
pub fn canonicalize_str(
    input: &str,
    base: Option<&str>,
    profile: &dyn Profile,
    encoding: &'static Encoding,
) -> Result<String, Error> {
    let own_base = base.is_none();
    let base = parse(base.unwrap_or(input));
    let resolved = resolve(input, &base);
    if let Some(reason) = resolved.invalid {
        // Without a base the input is its own base: an invalid "base" is
        // the input itself lacking a scheme.
        let reason = match reason {
            url::InvalidReason::InvalidBase if own_base => url::InvalidReason::NoScheme,
            r => r,
        };
        return Err(Error::Invalid(reason));
    }
    let canon = canonicalize(&resolved, profile, encoding)?;
    Ok(serialize(&canon).expect("a canonicalized URL is valid"))
}
