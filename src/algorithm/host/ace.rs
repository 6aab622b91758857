//! ACE labels: a label's Punycode [RFC 3492] with the `xn--` prefix
//! (CanonicalizeHost steps 20.1.2, 20.2.1.2.1.2, 20.2.2.1).
//!
//! `bücher` → `xn--bcher-kva`.

use crate::text::unicode::punycode as puny;

/// The longest label, in characters (RFC 1034; RFC 3490 ToASCII step 8).
pub(crate) const MAX_LABEL_LEN: usize = 63;

/// The characters of `label`, decoded once into `buf`, or `None` when
/// there are more than 63 (Punycode of more than 63 characters could never
/// fit in a label; checking first keeps huge labels linear).
pub(crate) fn label_chars<'b>(
    label: &str,
    buf: &'b mut [char; MAX_LABEL_LEN],
) -> Option<&'b [char]> {
    let mut n = 0;
    for c in label.chars() {
        *buf.get_mut(n)? = c;
        n += 1;
    }
    Some(&buf[..n])
}

/// Punycode [RFC 3492] of a label, or `None` when it cannot be encoded or
/// could never fit in a label (see [`label_chars`]).
#[cfg(test)]
pub(crate) fn punycode_encode(label: &str) -> Option<String> {
    let mut buf = ['\0'; MAX_LABEL_LEN];
    let mut out = String::new();
    puny::encode_into(label_chars(label, &mut buf)?, &mut out)?;
    Some(out)
}

/// Appends `xn--` and the Punycode of `label` to `out` (the ACE form of a
/// non-ASCII label), or returns `None` (and appends nothing) as
/// [`label_chars`] does.  The encoder writes into `out` itself: `bücher` →
/// `xn--bcher-kva`.
pub(crate) fn push_ace(label: &str, out: &mut String) -> Option<()> {
    let mut buf = ['\0'; MAX_LABEL_LEN];
    let chars = label_chars(label, &mut buf)?;
    out.reserve(4 + label.len());
    out.push_str("xn--");
    puny::encode_into(chars, out)
}
