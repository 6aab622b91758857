//! ACE labels: a label's Punycode [RFC 3492] with the `xn--` prefix
//! (CanonicalizeHost steps 20.1.2, 20.2.1.2.1.2, 20.2.2.1), and the cache
//! that encodes a label once when one host is canonicalized under several
//! profiles.

use crate::text::unicode::punycode as puny;
use std::collections::HashMap;
use std::ops::Range;

/// The longest label, in characters (RFC 1034; RFC 3490 ToASCII step 8).
pub(crate) const MAX_LABEL_LEN: usize = 63;

/// [`push_ace`], from `shared` when there is one.
pub(crate) fn push_ace_shared(
    label: &str,
    out: &mut String,
    shared: Option<&mut AceCache>,
) -> Option<()> {
    match shared {
        Some(cache) => {
            let ace = cache.ace(label)?;
            out.push_str("xn--");
            out.push_str(ace);
            Some(())
        }
        None => push_ace(label, out),
    }
}

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

/// Labels and their Punycode, encoded once when one host is
/// canonicalized under several profiles (the encoding reads no profile
/// parameter).  The labels and their ACE forms are written one after the
/// other into one string, so that a label costs no allocation of its own.
#[derive(Debug, Default)]
pub(crate) struct AceCache {
    /// The labels and their ACE forms, as encoded so far.
    text: String,
    /// Where each label is in `text`, and its ACE form (with `xn--`;
    /// `None`: it cannot be encoded).
    aces: Vec<(Range<usize>, Option<Range<usize>>)>,
    /// Each label's place in `aces`, once there are more than
    /// [`ACE_CACHE_SCANNED`] (a host of many labels stays linear).
    index: Option<HashMap<String, usize>>,
}

/// How many labels [`AceCache`] looks through one by one; beyond, it
/// keeps an index.
const ACE_CACHE_SCANNED: usize = 16;

impl AceCache {
    /// An empty cache (for a thread-local that needs no lazy set-up).
    pub(crate) const fn new() -> AceCache {
        AceCache {
            text: String::new(),
            aces: Vec::new(),
            index: None,
        }
    }

    /// The Punycode of `label` (see [`push_ace`]), encoded once.
    pub(crate) fn ace(&mut self, label: &str) -> Option<&str> {
        let i = match self.position(label) {
            Some(i) => i,
            None => {
                let start = self.text.len();
                self.text.push_str(label);
                let end = self.text.len();
                let encoded = push_ace(label, &mut self.text).map(|()| end..self.text.len());
                if encoded.is_none() {
                    self.text.truncate(end);
                }
                self.aces.push((start..end, encoded));
                if self.aces.len() > ACE_CACHE_SCANNED {
                    match &mut self.index {
                        Some(index) if !index.is_empty() => {
                            index.insert(label.to_string(), self.aces.len() - 1);
                        }
                        _ => {
                            let text = &self.text;
                            self.index = Some(
                                (self.aces.iter().enumerate())
                                    .map(|(i, (l, _))| (text[l.clone()].to_string(), i))
                                    .collect(),
                            );
                        }
                    }
                }
                self.aces.len() - 1
            }
        };
        let ace = self.aces[i].1.clone()?;
        Some(&self.text[ace.start + 4..ace.end])
    }

    /// Where `label` is in `aces`, if it is there.
    fn position(&self, label: &str) -> Option<usize> {
        if self.aces.len() > ACE_CACHE_SCANNED {
            return self.index.as_ref()?.get(label).copied();
        }
        let text = &self.text;
        self.aces
            .iter()
            .position(|(l, _)| &text[l.clone()] == label)
    }

    /// The room its labels take, in octets.
    pub(crate) fn room(&self) -> usize {
        self.text.capacity()
    }

    /// Forgets every label, keeping the room.
    pub(crate) fn clear(&mut self) {
        self.text.clear();
        self.aces.clear();
        if let Some(index) = &mut self.index {
            index.clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Labels asked again give what they gave, past the index's start
    /// too; labels that cannot be encoded give `None` each time.
    #[test]
    fn ace_cache_gives_each_label_its_punycode() {
        let mut cache = AceCache::default();
        let labels: Vec<String> = (0..3 * ACE_CACHE_SCANNED)
            .map(|i| format!("\u{FC}{i}"))
            .chain(["a".repeat(70) + "\u{FC}"])
            .collect();
        for round in 0..2 {
            for label in &labels {
                let mut alone = String::new();
                let expected = push_ace(label, &mut alone).map(|()| &alone[4..]);
                assert_eq!(cache.ace(label), expected, "{label:?} round {round}");
            }
        }
        cache.clear();
        assert_eq!(cache.ace("b\u{FC}cher"), Some("bcher-kva"));
    }

    /// A host of many different labels costs time linear in their number
    /// (the index, not a scan of every label before).
    #[test]
    fn many_labels_are_linear() {
        crate::linear_time::assert_linear("AceCache of n labels", 2_000, |n| {
            let mut cache = AceCache::default();
            for i in 0..n {
                std::hint::black_box(cache.ace(&format!("\u{FC}{i:x}")));
            }
        });
    }
}
