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
    let base = base.map(parse);
    let canon = canonicalize_input(input, base.as_ref(), profile, encoding)?;
    Ok(serialize(&canon).expect("a canonicalized URL is valid"))
}

/// Resolves `input` against `base` (already parsed; `input` itself when
/// `None`) and canonicalizes it: the canonical parsed URL, or why there is
/// none.  For many inputs against one base, parse the base once and call
/// this.
///
/// ```
/// let base = urlprism::parse("http://example.com/dir/");
/// let u = urlprism::canonicalize_input("../A%41", Some(&base), urlprism::profile::this(), encoding_rs::UTF_8).unwrap();
/// assert_eq!(u.path.as_deref(), Some("/AA"));
/// ```
pub fn canonicalize_input(
    input: &str,
    base: Option<&ParsedUrl>,
    profile: &dyn Profile,
    encoding: &'static Encoding,
) -> Result<ParsedUrl, Error> {
    let resolved = match base {
        Some(b) => resolve(input, b),
        None => resolve::resolve_self(input),
    };
    if let Some(reason) = resolved.invalid {
        // Without a base the input is its own base: an invalid "base" is
        // the input itself lacking a scheme.
        let reason = match reason {
            url::InvalidReason::InvalidBase if base.is_none() => url::InvalidReason::NoScheme,
            r => r,
        };
        return Err(Error::Invalid(reason));
    }
    canonicalize::canonicalize_owned(resolved, profile, encoding)
}
