//! The work on a host that no profile parameter touches, done once when
//! the host is canonicalized under several profiles ([`SharedHostWork`]),
//! and the labels one profile converts that tell another's result
//! ([`ToAsciiKey`]).

use super::ace_cache::AceCache;
use super::prepare::{qualify, Qualified};
use crate::accel::thread_buffer::{with_kept, Room};
use crate::algorithm::host::labels::{idn_tld_whitelisted, labels};
use crate::observed::host::keeps_unicode_labels;
use crate::profile::host_steps as steps;
use crate::profile::plan::Plan;
use crate::profile::BidiVersion;
use crate::text::unicode::bidi;
use crate::text::unicode::tables::{
    FLAG_ADDED_3_2, FLAG_GECKO_BLACKLIST, FLAG_LATEST_BIDI_DIFFERS, FLAG_MAY_BE_RAND_AL,
};
use std::cell::RefCell;
use std::ops::Range;

/// What step 20.2.1 (THIS/GECKO/CHROME) reads of a profile when
/// [`idn_fast_path`](super::idn::idn_fast_path_into) converts the labels of a host (Nameprep is known to
/// leave them as they are, so that only its Check bidi step runs), each
/// parameter narrowed to what it does to *these* labels
/// ([`LabelFacts`]): two profiles with the same key convert them the same
/// way.  `None` for IE's round trip (step 20.2.2), whose ToASCII runs the
/// profile's whole Nameprep on a decoded label.
///
/// A parameter that cannot act on the labels counts as its neutral value:
/// - the bidi data (20.2.1.1, Check bidi) when no character of the host
///   may be RandALCat under any version
///   ([`may_be_rand_al`](crate::text::unicode::bidi::may_be_rand_al)): the
///   check then passes under every version;
/// - Gecko's IDN whitelist (20.1) counts by its outcome, /idn-enabled/: a
///   profile that runs the check and finds the TLD off the list (or a
///   blacklisted character) converts as one that does not run it;
/// - 20.2.1.2.1.1 (an `xn--` label with non-ASCII characters fails) when
///   no non-ASCII label begins with `xn--`;
/// - 20.2.1.3.1 (Gecko's truncation) when no ASCII label is longer than
///   the length it truncates to;
/// - 20.2.1.3.2 (an empty label fails) when no label is empty.
///
/// `bücher.de` under THIS, CHROME and GECKO (`de` is whitelisted): THIS
/// and CHROME share a key, GECKO (/idn-enabled/) has another;
/// `bücher.com` (not whitelisted): one key for all three.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ToAsciiKey {
    bidi: Option<BidiVersion>,
    idn_enabled: bool,
    xn_non_ascii_fails: bool,
    truncate_ascii_label: usize,
    empty_label_fails: bool,
}

impl ToAsciiKey {
    /// The key of `profile` for the labels of `text` (what step 20
    /// converts), whose [`LabelFacts`] `work` holds or finds.
    pub(crate) fn of(plan: &Plan, text: &str, work: &mut SharedHostWork) -> Option<ToAsciiKey> {
        let hp = plan.host();
        if !plan.runs(const { steps::host("20.2.1") }) {
            return None;
        }
        let facts = work
            .facts
            .get_or_insert_with(|| LabelFacts::of(text, work.text_flags));
        let idn_enabled = plan.runs(const { steps::host("20.1") })
            && *facts.idn_enabled.get_or_insert_with(|| {
                // What `idn_enabled_tld` finds, the blacklist read from
                // the flags (no ASCII letter, digit, `-` or `.` is on it).
                !facts.blacklisted && idn_tld_whitelisted(text)
            })
            // Next to step 20.1 (observed, GECKO): an unassigned code
            // point makes the host "not whitelisted" (a profile's own
            // reading, not kept in the facts shared by every profile).
            && !(plan.runs(const { steps::host("20.1a") })
                && crate::observed::host::holds_unassigned(text));
        let truncates =
            hp.truncate_ascii_label > 0 && facts.longest_ascii > hp.truncate_ascii_label;
        Some(ToAsciiKey {
            bidi: facts.bidi_read(plan),
            idn_enabled,
            xn_non_ascii_fails: hp.xn_non_ascii_fails && facts.xn_non_ascii,
            truncate_ascii_label: if truncates {
                hp.truncate_ascii_label
            } else {
                0
            },
            empty_label_fails: hp.empty_label_fails && facts.empty_label,
        })
    }
}

/// For IE's round trip (step 20.2.2) of the labels of a host
/// [`idn_fast_path`](super::idn::idn_fast_path_into) converts, the [`ToAsciiKey`] of a conversion by
/// step 20.2.1 that gives the round trip's result: when that conversion
/// succeeds, the round trip gives the labels as they are (or, for a
/// scheme that does not keep Unicode labels, the ACE labels that
/// conversion made).  `None` when the labels hold an ASCII `xn--` label
/// (which the round trip decodes) or a label with `-` first or last
/// (which only the round trip's UseSTD3ASCIIRules turns down).
///
/// Label by label, with Nameprep leaving the labels as they are: a
/// non-ASCII label that step 20.2.1 converts passed Check bidi with the
/// profile's bidi data (or, as [`ToAsciiKey`] narrows it, with any), does
/// not begin with `xn--` (20.2.1.2.1.1, when such a label is there) and
/// has an ACE form of at most 63 octets, hence at most 59 characters; the
/// round trip checks the same (20.2.2.4: Check bidi, the ACE prefix, the
/// length) and its hyphens, and gives the label, or that ACE form.  An
/// ASCII label that step 20.2.1 keeps is not empty (20.2.1.3.2, when an
/// empty one is there) and at most 63 octets (20.2.1.3.3, no truncation);
/// the round trip checks the same and its hyphens, and gives it as it is.
///
/// `bücher.de` under IE after THIS: THIS's `xn--bcher-kva.de` says the
/// round trip gives `bücher.de`; `-a.bücher.de` takes its own.
fn round_trip_key(plan: &Plan, facts: &LabelFacts) -> Option<ToAsciiKey> {
    if !plan.runs(const { steps::host("20.2.2") }) || facts.xn_ascii || facts.hyphen_at_an_end {
        return None;
    }
    Some(ToAsciiKey {
        bidi: facts.bidi_read(plan),
        idn_enabled: false,
        xn_non_ascii_fails: facts.xn_non_ascii,
        truncate_ascii_label: 0,
        empty_label_fails: facts.empty_label,
    })
}

/// The result of `profile` for the labels of `text` (under `scheme`)
/// that an earlier profile's successful ToASCII of them tells, if one
/// does: the labels as they are for a profile that keeps them
/// ([`ToAsciiKey::kept_where`], `key` being the profile's own), IE's
/// round trip ([`round_trip_key`]: the labels, or that ToASCII's ACE
/// labels for a scheme that does not keep Unicode).
pub(crate) fn told_by_to_ascii<'a>(
    plan: &Plan,
    scheme: &str,
    key: Option<ToAsciiKey>,
    text: &'a str,
    work: &'a mut SharedHostWork,
) -> Option<&'a str> {
    let facts = *work
        .facts
        .get_or_insert_with(|| LabelFacts::of(text, work.text_flags));
    if let Some(kept) = key.and_then(|k| k.kept_where(&facts)) {
        return work.converted(kept).flatten().map(|_| text);
    }
    let ace = work.converted(round_trip_key(plan, &facts)?).flatten()?;
    Some(match keeps_unicode_labels(plan, scheme) {
        true => text,
        false => ace,
    })
}

impl ToAsciiKey {
    /// For a key with /idn-enabled/ (20.2.1.2: the non-ASCII labels are
    /// kept as they are after Check bidi), the key of a ToASCII of the
    /// labels (without it) whose success means that this one keeps every
    /// label as it is: the same bidi data, 20.2.1.2.1.1 and 20.2.1.3.2
    /// where such labels are there, and no truncation (`None` when this
    /// key truncates).  That ToASCII passed Check bidi on every label and
    /// found no ASCII label empty or longer than 63 octets, which is all
    /// 20.2.1.3 asks of the ASCII labels here.
    ///
    /// Gecko on `bücher.de` (`de` is whitelisted) after THIS: THIS's
    /// `xn--bcher-kva.de` says Gecko keeps `bücher.de`.
    fn kept_where(self, facts: &LabelFacts) -> Option<ToAsciiKey> {
        (self.idn_enabled && self.truncate_ascii_label == 0).then_some(ToAsciiKey {
            idn_enabled: false,
            xn_non_ascii_fails: facts.xn_non_ascii,
            empty_label_fails: facts.empty_label,
            ..self
        })
    }
}

/// What the parameters of [`ToAsciiKey`] may act on in the labels of a
/// host, found once per host.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct LabelFacts {
    /// A character may be RandALCat under some version
    /// ([`may_be_rand_al`](crate::text::unicode::bidi::may_be_rand_al)).
    pub(crate) may_be_rand_al: bool,
    /// A character is on Gecko's IDN blacklist (step 20.1.4).
    blacklisted: bool,
    /// What [`bidi::reads_as`] reads of the characters' flags.
    bidi_flags: u16,
    /// A non-ASCII label begins with `xn--`.
    xn_non_ascii: bool,
    /// An ASCII label begins with `xn--`.
    xn_ascii: bool,
    /// A label begins or ends with `-`.
    hyphen_at_an_end: bool,
    /// The length of the longest ASCII label.
    longest_ascii: usize,
    /// A label is empty.
    empty_label: bool,
    /// Step 20.1's /idn-enabled/, once a profile that runs it asks.
    pub(crate) idn_enabled: Option<bool>,
}

impl LabelFacts {
    /// The bidi data `profile`'s Check bidi reads on these labels, as
    /// [`ToAsciiKey`] counts it: none when no character may be RandALCat
    /// (the check passes), otherwise the profile's as [`bidi::reads_as`]
    /// makes it.
    fn bidi_read(&self, plan: &Plan) -> Option<BidiVersion> {
        let version = plan.nameprep().bidi;
        self.may_be_rand_al
            .then(|| bidi::reads_as(version, self.bidi_flags))
    }

    /// The facts of `text`, whose non-ASCII characters have the `flags`
    /// ([`idn_chars_flags`](super::prepare::idn_chars_flags)).
    fn of(text: &str, flags: u16) -> LabelFacts {
        let mut facts = LabelFacts {
            may_be_rand_al: flags & FLAG_MAY_BE_RAND_AL != 0,
            bidi_flags: flags & (FLAG_ADDED_3_2 | FLAG_LATEST_BIDI_DIFFERS),
            blacklisted: flags & FLAG_GECKO_BLACKLIST != 0,
            ..LabelFacts::default()
        };
        for label in labels(text) {
            if label.is_ascii() {
                facts.longest_ascii = facts.longest_ascii.max(label.len());
                facts.empty_label |= label.is_empty();
                facts.xn_ascii |= label.starts_with("xn--");
            } else {
                facts.xn_non_ascii |= label.starts_with("xn--");
            }
            facts.hyphen_at_an_end |= label.starts_with('-') || label.ends_with('-');
        }
        facts
    }
}

/// The part of CanonicalizeHost's work on a host that does not depend on
/// the profile, done once when one host is canonicalized under several
/// profiles ([`crate::canonicalize_each`]): whether its characters
/// qualify for the IDN shortcut, and the Punycode of its labels (steps
/// 20.1, 20.2.1.2.1.2, 20.2.2.1).
#[derive(Debug, Default)]
pub struct SharedHostWork {
    /// The host `qualified` and `text` are about.
    host: String,
    /// [`qualify`] of `host`, once asked.
    qualified: Option<Qualified>,
    /// The address and length of the host [`with_shared_host_work_on`]
    /// keeps borrowed while the work is about it.
    pinned: Option<(usize, usize)>,
    /// What [`qualify`] made of `host` for step 20 (empty: `host` itself).
    pub(crate) text: String,
    /// The flags of the non-ASCII characters of `text` ([`qualify`]).
    text_flags: u16,
    /// What the parameters of step 20.2.1 may act on in `text`'s labels,
    /// once a profile asks.
    pub(crate) facts: Option<LabelFacts>,
    /// Step 20.2.1's conversion of `text` (where in `converted_text`;
    /// `None`: it failed), for the parameters it reads.
    converted: Vec<(ToAsciiKey, Option<Range<usize>>)>,
    /// The conversions of `converted`, one after the other.
    converted_text: String,
    /// The labels' Punycode, encoded once for every profile.
    pub(crate) aces: AceCache,
    /// Whether `host` is of the IPv4 form (the class of
    /// [`HostParams::other_hosts`](crate::profile::HostParams::other_hosts)),
    /// once told.
    ipv4_form: Option<bool>,
}

impl SharedHostWork {
    /// Work about nothing yet (for a thread-local that needs no lazy
    /// set-up).
    const fn new() -> SharedHostWork {
        SharedHostWork {
            host: String::new(),
            qualified: None,
            pinned: None,
            text: String::new(),
            text_flags: 0,
            facts: None,
            converted: Vec::new(),
            converted_text: String::new(),
            aces: AceCache::new(),
            ipv4_form: None,
        }
    }

    /// Makes the work about `host`: what was kept about another host is
    /// dropped (the Punycode of labels, which does not depend on the host,
    /// stays).
    fn about(&mut self, host: &str) {
        if self.pinned == Some((host.as_ptr() as usize, host.len())) {
            return;
        }
        if self.host != host {
            self.forget_the_host();
            self.host.push_str(host);
        }
    }

    /// Forgets what it knows about its host (not the Punycode of labels),
    /// keeping the room.
    fn forget_the_host(&mut self) {
        self.pinned = None;
        self.host.clear();
        self.qualified = None;
        self.text.clear();
        self.text_flags = 0;
        self.facts = None;
        self.converted.clear();
        self.converted_text.clear();
        self.ipv4_form = None;
    }

    /// Forgets everything, keeping the room (see [`with_shared_host_work`]).
    fn clear(&mut self) {
        self.forget_the_host();
        self.aces.clear();
    }

    /// Step 20.2.1's conversion of the host's labels for `key`, when a
    /// profile before made it: `Some(None)` when it failed.
    pub(crate) fn converted(&self, key: ToAsciiKey) -> Option<Option<&str>> {
        let (_, range) = self.converted.iter().find(|(k, _)| *k == key)?;
        Some(range.clone().map(|r| &self.converted_text[r]))
    }

    /// Keeps step 20.2.1's conversion for `key` (`None`: it failed).
    pub(crate) fn keep_converted(&mut self, key: ToAsciiKey, labels: Option<&str>) {
        let range = labels.map(|l| {
            let start = self.converted_text.len();
            self.converted_text.push_str(l);
            start..self.converted_text.len()
        });
        self.converted.push((key, range));
    }

    /// [`qualify`] of `host`, computed once per host.
    #[inline]
    pub(crate) fn qualify(&mut self, host: &str) -> Qualified {
        self.about(host);
        match self.qualified {
            Some(qualified) => qualified,
            None => self.qualify_first(host),
        }
    }

    /// [`SharedHostWork::qualify`] the first time (every profile after
    /// the first asks again, and finds it kept).
    #[inline(never)]
    fn qualify_first(&mut self, host: &str) -> Qualified {
        let (qualified, flags) = qualify(host, &mut self.text, true);
        self.qualified = Some(qualified);
        self.text_flags = flags;
        qualified
    }

    /// Whether `host`, which is not ASCII, is of the IPv4 form: `tell()`,
    /// asked once per host, unless the host's characters qualify for
    /// [`idn_fast_path`](super::idn::idn_fast_path_into) as they are (which the profiles ask next, once):
    /// then it has no escape, and NFKC leaves it alone under every
    /// variant, non-ASCII characters and all, which no part of the form
    /// holds.
    pub(crate) fn is_ipv4_form(&mut self, host: &str, tell: impl FnOnce() -> bool) -> bool {
        if self.qualify(host) == Qualified::AsIs {
            return false;
        }
        *self.ipv4_form.get_or_insert_with(tell)
    }
}

impl Room for SharedHostWork {
    fn room(&self) -> usize {
        self.host.capacity()
            + self.text.capacity()
            + self.converted_text.capacity()
            + self.aces.room()
    }
}

thread_local! {
    /// The [`SharedHostWork`] of [`with_shared_host_work`], whose buffers
    /// serve one URL after another.
    static SHARED_HOST_WORK: RefCell<SharedHostWork> = const { RefCell::new(SharedHostWork::new()) };
}

/// `f` of a [`SharedHostWork`] about nothing yet: the thread's, whose
/// buffers are reused from one call to the next so that sharing the work
/// costs no allocation in the common case (see [`with_kept`]).
pub(crate) fn with_shared_host_work<R>(f: impl FnOnce(&mut SharedHostWork) -> R) -> R {
    with_kept(&SHARED_HOST_WORK, |work| {
        work.clear();
        f(work)
    })
}

/// [`with_shared_host_work`] for one host, which every profile's work
/// asks about: the work is about `host` from the start, and a host asked
/// about at the same address and of the same length is told to be it
/// without comparing the octets.  That holds because `host` is borrowed
/// for as long as `f` runs: a string there is `host` while it is.
pub(crate) fn with_shared_host_work_on<R>(
    host: &str,
    f: impl FnOnce(&mut SharedHostWork) -> R,
) -> R {
    with_shared_host_work(|work| {
        work.about(host);
        work.pinned = Some((host.as_ptr() as usize, host.len()));
        let r = f(work);
        work.pinned = None;
        r
    })
}

#[cfg(test)]
mod tests {
    use super::super::prepare::idn_chars_qualify;
    use super::*;
    use crate::profile::shortcut_keys::LDH_AND_DOT;

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(4000))]
        /// [`LabelFacts::of`] finds what the labels say.
        #[test]
        fn label_facts_are_the_labels(v in proptest::collection::vec(
            proptest::sample::select(vec!['a', 'x', 'n', '-', '.', '\u{FC}', '\u{4E00}']), 0..24)
        ) {
            let text: String = v.into_iter().collect();
            let f = LabelFacts::of(&text, 0);
            let ls: Vec<&str> = text.split('.').collect();
            let longest = ls.iter().filter(|l| l.is_ascii()).map(|l| l.len()).max().unwrap_or(0);
            proptest::prop_assert_eq!(f.longest_ascii, longest);
            proptest::prop_assert_eq!(f.empty_label, ls.iter().any(|l| l.is_empty()));
            proptest::prop_assert_eq!(f.xn_ascii, ls.iter().any(|l| l.is_ascii() && l.starts_with("xn--")));
            proptest::prop_assert_eq!(f.xn_non_ascii, ls.iter().any(|l| !l.is_ascii() && l.starts_with("xn--")));
            proptest::prop_assert_eq!(f.hyphen_at_an_end, ls.iter().any(|l| l.starts_with('-') || l.ends_with('-')));
        }
    }

    /// [`LabelFacts`] reads Gecko's blacklist and the possible RandALCat
    /// characters from the flags of the non-ASCII characters only: no
    /// octet a qualifying host may hold otherwise is either.
    #[test]
    fn ascii_of_a_qualifying_host_is_neither_blacklisted_nor_rand_al() {
        for b in (0..0x80u8).filter(|&b| LDH_AND_DOT.contains(b)) {
            let c = char::from(b);
            assert!(!crate::text::unicode::gecko::is_idn_blacklisted(c), "{c:?}");
            assert!(!crate::text::unicode::bidi::may_be_rand_al(c), "{c:?}");
        }
        let facts = |host: &str| {
            let mut text = String::new();
            let (_, flags) = qualify(host, &mut text, true);
            let text = if text.is_empty() { host } else { &text };
            LabelFacts::of(text, flags)
        };
        assert!(facts("\u{5D0}\u{5D1}.test").may_be_rand_al);
        assert!(!facts("b\u{FC}cher.de").may_be_rand_al);
        assert!(!facts("B\u{DC}CHER.DE").blacklisted);
        let mut blacklisted = 0;
        for c in (0x80..0x11_0000).filter_map(char::from_u32) {
            let host = format!("a{c}.de");
            if crate::text::unicode::gecko::is_idn_blacklisted(c) && idn_chars_qualify(&host) {
                assert!(facts(&host).blacklisted, "{c:?}");
                blacklisted += 1;
            }
        }
        assert!(blacklisted > 0);
    }
}
