//! The Punycode of labels shared between the profiles one host is
//! canonicalized under ([`AceCache`]): a label is encoded once (steps
//! 20.2.1.2.1.2 and 20.2.2.1 read no profile parameter), and every
//! profile after the first copies it.
//!
//! `bücher` under THIS, then CHROME: encoded for THIS, copied for CHROME.

use crate::algorithm::host::ace::push_ace;
use std::collections::HashMap;
use std::ops::Range;

/// [`push_ace`] of `label` into `out`, from `cache` when there is one
/// (`None`, and nothing appended, where Punycode cannot encode it).
pub(crate) fn push_ace_cached(
    label: &str,
    out: &mut String,
    cache: Option<&mut AceCache>,
) -> Option<()> {
    match cache {
        Some(cache) => {
            let ace = cache.ace(label)?;
            out.push_str("xn--");
            out.push_str(ace);
            Some(())
        }
        None => push_ace(label, out),
    }
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
    #[inline]
    pub(crate) fn room(&self) -> usize {
        self.text.capacity()
    }

    /// Forgets every label, keeping the room.
    #[inline]
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
