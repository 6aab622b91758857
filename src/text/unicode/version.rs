//! The Unicode versions, bidi data and NFKC variants the table-driven
//! steps can use, as a profile names them (`bidi = "latest"`, `nfkc = {
//! unicode = "3.2", ... }`).

use serde::{Deserialize, Serialize};

/// A Unicode version a table-driven step can use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum UnicodeVersion {
    /// Unicode 3.2.0, the version of RFC 3454 (stringprep).
    #[serde(rename = "3.2")]
    V3_2,
    /// Unicode 4.0.0.
    #[serde(rename = "4.0")]
    V4_0,
    /// Unicode 4.1.0: the data of Gecko's normalizer of 2011, which
    /// normalizes the characters 4.1 added (U+FA70..U+FAD9, U+FE10..U+FE19,
    /// U+1D6A4, U+1D6A5) but none added later.
    #[serde(rename = "4.1")]
    V4_1,
    /// The latest version this build knows (that of `unicode-normalization`
    /// and `unicode-bidi`).
    #[serde(rename = "latest")]
    Latest,
}

/// The bidi data of Nameprep step 11 (RFC 3454 section 6): which
/// characters are RandALCat and which LCat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BidiVersion {
    /// Tables D.1 and D.2 of RFC 3454 without the code points first
    /// assigned in Unicode 3.2 (`data/unicode-3.2-additions.txt`): bidi
    /// data of Unicode 3.1, on which the stringprep drafts were based.
    /// Models IE 9, measured to accept `http://\u{07B1}x/` (U+07B1 THAANA
    /// LETTER NAA, new in 3.2, is not RandALCat to it) while it rejects
    /// every older Thaana, Hebrew or Arabic letter next to an LCat one
    /// (`\u{0786}x`).
    #[serde(rename = "3.1")]
    V3_1,
    /// Tables D.1 and D.2 of RFC 3454 (Unicode 3.2.0).
    #[serde(rename = "3.2")]
    V3_2,
    /// Unicode 4.0.0: tables D.1 and D.2 as for 3.2.
    #[serde(rename = "4.0")]
    V4_0,
    /// Unicode 4.1.0: tables D.1 and D.2 as for 3.2.
    #[serde(rename = "4.1")]
    V4_1,
    /// The current Bidi_Class of the `unicode-bidi` crate.
    #[serde(rename = "latest")]
    Latest,
}

/// A variant of NFKC (Nameprep step 7): a Unicode version plus the
/// normalization corrigenda applied on top of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NfkcVariant {
    /// Whose decomposition and composition data.
    pub unicode: UnicodeVersion,
    /// Corrigendum #3 (U+F951).
    pub corrigendum_3: bool,
    /// Corrigendum #4 (U+2F868, U+2F874, U+2F91F, U+2F95F, U+2F9BF).
    pub corrigendum_4: bool,
    /// Corrigendum #5 (composition blocked by an intervening character of
    /// combining class 0 or of higher class; see UAX #15).
    pub corrigendum_5: bool,
}
