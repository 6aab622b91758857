//! The keys of the shortcuts: the steps and parameters of a plan each
//! shortcut reads, and whether it is proven to give what the steps give
//! for plans with that key ([`ShortcutKey::matches`]).  A plan holds its
//! shortcuts' keys ([`Shortcuts`]), found once when it is compiled.

use crate::profile::host_steps::{self as steps, StepSet};
use crate::profile::{HostParams, Ipv4Rule, LabelConversion};
use crate::text::octets::OctetSet;

/// The octets of a host made of ASCII letters, digits, hyphens and dots.
pub(crate) const LDH_AND_DOT: OctetSet = OctetSet::EMPTY
    .with_range(b'a', b'z')
    .with_range(b'A', b'Z')
    .with_range(b'0', b'9')
    .with_all(b"-.");

/// The profile parameters a shortcut reads: its key.  The shortcut is
/// taken only for a profile whose key [`ShortcutKey::matches`], the
/// profiles for which it is proven to give what the steps give; every
/// other profile runs the steps.  A parameter a shortcut's proof relies on
/// belongs in its key: `tests/mixed_profiles.rs` runs random mixes of the
/// built-in profiles' parameters through the shortcuts and the steps.
pub(crate) trait ShortcutKey: Copy + Eq {
    /// What a plan that runs the steps `runs`, with the parameters `hp`,
    /// gives the shortcut to read (whether the steps it skips run, and
    /// their parameters).
    fn of(runs: StepSet, hp: &HostParams) -> Self;
    /// Whether the shortcut is proven for profiles with this key.
    fn matches(self) -> bool;
}

/// Whether `set` holds an octet of `octets`.
pub(crate) fn touches(set: &OctetSet, octets: OctetSet) -> bool {
    !set.intersection(octets).is_empty()
}

/// The key of [`LdhHost::canonicalize`](super::ldh::LdhHost::canonicalize).  Its proof reads
/// nothing else: for a host of letters, digits, hyphens and dots no other
/// step of any profile has work (see there).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct LdhKey {
    /// Step 11 (Nameprep: ASCII lowercase) runs.
    nameprep_whole_host: bool,
    /// Step 24 (ASCII lowercase) runs.
    final_ascii_lowercase: bool,
    /// The step 14, 28 or 30 set holds a letter, digit, `-` or `.`.
    sets_touch_the_host: bool,
    /// Step 18 (IE): an `xn--` label needs Punycode (then a host with one
    /// is left to the `xn--` labels' shortcut).
    pub(crate) xn_label_needs_punycode: bool,
    /// Step 20a (observed, GECKO): the `xn--` labels of an ASCII host
    /// under a whitelisted TLD are shown in Unicode (then a host with an
    /// `xn--` label is left to the steps).
    pub(crate) xn_labels_shown: bool,
    /// Step 27's rule, which the shortcut runs itself (every rule is
    /// covered: the host is ASCII, so `ipv4_needs_ascii_host` never skips
    /// step 27 for it).
    pub(crate) ipv4: Ipv4Rule,
}

impl ShortcutKey for LdhKey {
    fn of(runs: StepSet, hp: &HostParams) -> LdhKey {
        LdhKey {
            nameprep_whole_host: runs.contains(const { steps::host("11") }),
            final_ascii_lowercase: runs.contains(const { steps::host("24") }),
            sets_touch_the_host: touches(
                &hp.forbidden
                    .union(hp.percent_encode)
                    .union(hp.early_percent_encode),
                LDH_AND_DOT,
            ),
            xn_label_needs_punycode: runs.contains(const { steps::host("18") }),
            xn_labels_shown: runs.contains(const { steps::host("20a") }),
            ipv4: hp.ipv4,
        }
    }
    fn matches(self) -> bool {
        (self.nameprep_whole_host || self.final_ascii_lowercase) && !self.sets_touch_the_host
    }
}

/// The octets of a host made of ASCII letters, digits, hyphens, dots and
/// non-ASCII characters (whose UTF-8 octets are 0x80 to 0xFF).
pub(crate) const LDH_DOT_AND_NON_ASCII: OctetSet = LDH_AND_DOT.with_range(0x80, 0xFF);

/// The key of [`idn_fast_path`](super::idn::idn_fast_path_into) and [`xn_labels_fast_path`](super::idn::xn_labels_fast_path_into) (and of the
/// prepared host that [`SharedHostWork`](super::shared::SharedHostWork) lends the former): the
/// parameters that decide whether every label reaches step 20 as the
/// shortcut has it, Nameprep'd and lowercased.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct IdnKey {
    /// Step 11: Nameprep on the whole host, before step 20.
    nameprep_whole_host: bool,
    /// Step 24: ASCII lowercase, after step 20.
    final_ascii_lowercase: bool,
    /// Step 20.1 (GECKO) reads the TLD and the characters of the host
    /// before step 20.2 converts the labels.
    idn_tld_check: bool,
    /// Step 20.2.
    label_conversion: LabelConversion,
    /// The step 14, 28 or 30 set holds a letter, digit, `-`, `.` or a
    /// non-ASCII octet.
    sets_touch_the_host: bool,
}

impl ShortcutKey for IdnKey {
    fn of(runs: StepSet, hp: &HostParams) -> IdnKey {
        let octets = LDH_DOT_AND_NON_ASCII;
        IdnKey {
            nameprep_whole_host: runs.contains(const { steps::host("11") }),
            final_ascii_lowercase: runs.contains(const { steps::host("24") }),
            idn_tld_check: runs.contains(const { steps::host("20.1") }),
            label_conversion: hp.label_conversion,
            sets_touch_the_host: touches(&hp.forbidden, octets)
                || touches(&hp.percent_encode, octets)
                || touches(&hp.early_percent_encode, octets),
        }
    }
    /// Nameprep reaches every label before step 20 reads it: at step 11;
    /// or, for a profile that lowercases at step 24, in step 20.2.1.1,
    /// when step 20.1 does not read the host before (it reads the TLD as
    /// written: `ᄀ。ﬁ`'s is `ﬁ`, not whitelisted, where the prepared host's
    /// `fi` is) and the conversion is not IE's round trip (which would
    /// convert the labels as written).
    fn matches(self) -> bool {
        let nameprep_reaches_the_labels = self.nameprep_whole_host
            || (self.final_ascii_lowercase
                && !self.idn_tld_check
                && self.label_conversion == LabelConversion::ToAscii);
        nameprep_reaches_the_labels && !self.sets_touch_the_host
    }
}

/// The key of [`xn_labels_fast_path`](super::idn::xn_labels_fast_path_into): IE's step 18, and the
/// parameters of [`IdnKey`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct XnLabelsKey {
    /// Step 18 (IE): an `xn--` label needs Punycode.
    xn_label_needs_punycode: bool,
    /// What [`idn_fast_path`](super::idn::idn_fast_path_into) reads.
    idn: IdnKey,
}

impl ShortcutKey for XnLabelsKey {
    fn of(runs: StepSet, hp: &HostParams) -> XnLabelsKey {
        XnLabelsKey {
            xn_label_needs_punycode: runs.contains(const { steps::host("18") }),
            idn: IdnKey::of(runs, hp),
        }
    }
    /// Step 18 looks for `xn--` as the host is then: the shortcut, which
    /// finds `XN--` too, needs step 11 to have lowercased it (without it,
    /// `XN--80ADXHKS` is no `xn--` label at step 18, and step 24
    /// lowercases it after step 20 has left it alone).
    fn matches(self) -> bool {
        self.xn_label_needs_punycode && self.idn.nameprep_whole_host && self.idn.matches()
    }
}

/// The shortcuts a [`Plan`](crate::profile::plan::Plan) may take: what their
/// keys say of its steps and parameters, found once when the plan is
/// compiled.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Shortcuts {
    /// The key of [`LdhHost::canonicalize`](super::ldh::LdhHost::canonicalize) (it matches for
    /// the plans the shortcut covers).
    pub(crate) ldh: LdhKey,
    /// [`idn_fast_path`](super::idn::idn_fast_path_into) may be taken: its [`IdnKey`] matches.
    pub(crate) idn: bool,
    /// [`xn_labels_fast_path`](super::idn::xn_labels_fast_path_into) may be taken: its [`XnLabelsKey`] matches.
    pub(crate) xn_labels: bool,
}

impl Shortcuts {
    /// The shortcuts of a plan that runs the steps `runs`, with the
    /// parameters `hp`.
    pub(crate) fn of(runs: StepSet, hp: &HostParams) -> Shortcuts {
        Shortcuts {
            ldh: LdhKey::of(runs, hp),
            idn: IdnKey::of(runs, hp).matches(),
            xn_labels: XnLabelsKey::of(runs, hp).matches(),
        }
    }
}
