//! NFKC variants: latest Unicode, Unicode 3.2, Unicode 4.0, each with or
//! without normalization corrigenda #3, #4 and #5.

use crate::profile::NfkcVariant;

/// NFKC of `s` under `variant`.  A code point unassigned in the variant's
/// Unicode version is left as it is.
pub fn nfkc(s: &str, variant: &NfkcVariant) -> String {
    let _ = (s, variant);
    todo!()
}

/// Nameprep step 4 (GECKO): in each Corrigendum 5 sequence, swap the second
/// last and the last characters.
pub fn swap_corrigendum_5_sequences(s: &str) -> String {
    let _ = s;
    todo!()
}
