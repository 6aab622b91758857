//! Helpers shared by the fuzz targets: how an input's bytes become the
//! arguments of the API under test.
//!
//! Byte `0xFF` never occurs in UTF-8, so it serves as a separator: the
//! bytes before the first `0xFF` are the base URL and the bytes after it the
//! (relative) input.  Without a `0xFF` the whole input is the input and the
//! base is the input itself.  Invalid UTF-8 becomes U+FFFD, as a document
//! decoder would produce.

use encoding_rs::Encoding;

/// The separator between base and input.
pub const SEPARATOR: u8 = 0xFF;

/// `(base, input)`: the base is `None` when the input holds no separator.
pub fn split(data: &[u8]) -> (Option<String>, String) {
    match data.iter().position(|&b| b == SEPARATOR) {
        Some(i) => (
            Some(String::from_utf8_lossy(&data[..i]).into_owned()),
            String::from_utf8_lossy(&data[i + 1..]).into_owned(),
        ),
        None => (None, String::from_utf8_lossy(data).into_owned()),
    }
}

/// The whole input as a string.
pub fn text(data: &[u8]) -> String {
    String::from_utf8_lossy(data).into_owned()
}

/// Document encodings the canonicalize target tries besides UTF-8: the
/// ones of the suite's `#charset` records and a few with unusual encoders.
pub const ENCODINGS: &[&Encoding] = &[
    encoding_rs::UTF_8,
    encoding_rs::WINDOWS_1252,
    encoding_rs::SHIFT_JIS,
    encoding_rs::EUC_JP,
    encoding_rs::ISO_2022_JP,
    encoding_rs::GB18030,
    encoding_rs::BIG5,
    encoding_rs::EUC_KR,
    encoding_rs::UTF_16LE,
    encoding_rs::ISO_8859_2,
    encoding_rs::KOI8_R,
    encoding_rs::X_USER_DEFINED,
];

/// An encoding picked deterministically from the input.
pub fn pick_encoding(data: &[u8]) -> &'static Encoding {
    let h = data.iter().fold(0usize, |h, &b| {
        h.wrapping_mul(31).wrapping_add(usize::from(b))
    });
    ENCODINGS[h % ENCODINGS.len()]
}

/// Whether resolving `input` against `base` takes (part of) the base's
/// |path| without the normalization that a second round applies, as the
/// specification says (see `tests/common/mod.rs`,
/// `path_taken_verbatim_from_base`, for the steps): then the canonical URL
/// is not a fixed point, and only its path may change.
pub fn path_taken_verbatim_from_base(input: &str, base: &str) -> bool {
    let base = urlprism::parse(base);
    let own = urlprism::parse(&urlprism::preprocess::preprocess(input));
    let resolved = urlprism::resolve(input, &base);
    base.path.is_some()
        && own.path.as_deref().is_none_or(str::is_empty)
        && resolved.path == base.path
}

/// `input` resolved against `base` (itself when `None`), canonicalized
/// under `profile` with `encoding` and serialized, through a
/// [`urlprism::Canonicalizer`].
pub fn canonicalize_str(
    input: &str,
    base: Option<&str>,
    profile: &dyn urlprism::Profile,
    encoding: &'static urlprism::encoding_rs::Encoding,
) -> Result<String, urlprism::Error> {
    let c = urlprism::Canonicalizer::new(profile).encoding(encoding);
    let c = match base {
        Some(b) => c.base(b)?,
        None => c,
    };
    c.canonicalize(input).map(urlprism::Url::into_string)
}

/// Two profiles mixing the built-in profiles' parameters
/// ([`urlprism::profile::mixed_profile`]), picked deterministically from
/// the input: the shortcuts of the host pipeline must give what the steps
/// give under any profile a user can write, not only the built-in ones.
pub fn mixed_profiles(data: &[u8]) -> Vec<urlprism::ProfileSpec> {
    let mut state = data.iter().fold(0x9E37_79B9_7F4A_7C15u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01B3)
    });
    let mut next = move |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n.max(1) as u64) as usize
    };
    (0..2)
        .map(|_| urlprism::profile::mixed_profile(&mut next))
        .collect()
}
