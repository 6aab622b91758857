//! The Nameprep algorithm (specification "The Nameprep algorithm"), a
//! modified Nameprep [RFC 3491] whose marked steps the profile switches.
//!
//! ```
//! use urlprism::algorithm::host::nameprep;
//! let this = urlprism::profile::this();
//! assert_eq!(nameprep("EXAMPLE.Ｃｏｍ", this, false).unwrap(), "example.com");
//! assert!(nameprep("a\u{E000}b", this, false).is_err()); // private use (C.3)
//! ```

use super::pipeline::Pipeline;
use super::trace::{NoTrace, Tracer};
use crate::profile::host_steps as steps;
use crate::profile::plan::Plan;
use crate::profile::{BidiVersion, NfkcVariant, Profile};
use crate::text::unicode::tables::{
    self, FLAG_A_1, FLAG_B_1, FLAG_B_2, FLAG_NFKC_CCC, FLAG_NFKC_OWN_MAYBE, FLAG_PROHIBITED,
};
use crate::text::unicode::{bidi, nfkc, stringprep};
use std::borrow::Cow;

pub use crate::error::{NameprepError, NameprepReason};

/// Runs Nameprep under `profile`, with or without the Check bidi step
/// (step 11).
pub fn nameprep(s: &str, profile: &dyn Profile, bidi: bool) -> Result<String, NameprepError> {
    nameprep_traced(s, profile, bidi, &mut NoTrace)
}

/// [`nameprep`], reporting each step to `tracer`.
pub fn nameprep_traced<T: Tracer>(
    input: &str,
    profile: &dyn Profile,
    bidi: bool,
    tracer: &mut T,
) -> Result<String, NameprepError> {
    nameprep_with(input, &Plan::of(profile), bidi, tracer).map(Cow::into_owned)
}

/// Nameprep under `plan` of `input`: borrowed as long as no step changes
/// it (`example` → `Cow::Borrowed("example")`; `EXAMPLE` →
/// `Cow::Owned("example")`).
pub(crate) fn nameprep_with<'a, T: Tracer>(
    input: &'a str,
    plan: &Plan,
    bidi: bool,
    tracer: &mut T,
) -> Result<Cow<'a, str>, NameprepError> {
    let mut s = Cow::Borrowed(input);
    let p = plan.nameprep();
    let mut pl = Pipeline::new(plan, tracer);
    // What the table lookups of steps 3, 6, 7 and 10 would find, made in
    // one pass and made again only when a step changes the string.
    let mut found = flags_of(&s);
    // Step 1: /s/ is the input.
    pl.check(const { steps::nameprep("2") }, &s, reject_tone_marks)?;
    // Steps 3 and 8: the Map step [STRINGPREP] [NAMEPREP]: table B.1
    // mapped to nothing, table B.2 case folding (RFC 3454's own table):
    // `"A\u{AD}B"` → `"ab"`.
    let changed = pl.rewrite(const { steps::nameprep("3") }, &mut s, |s| {
        map_step(s, found)
    });
    refresh(changed, &s, &mut found);
    let changed = pl.rewrite(
        const { steps::nameprep("3a") },
        &mut s,
        remove_bmp_noncharacters,
    );
    refresh(changed, &s, &mut found);
    let changed = pl.rewrite(const { steps::nameprep("4") }, &mut s, |s| {
        if found & FLAG_NFKC_CCC != 0 {
            Cow::Owned(nfkc::swap_corrigendum_5_sequences(s))
        } else {
            Cow::Borrowed(s)
        }
    });
    refresh(changed, &s, &mut found);
    // Steps 5 and 6.
    let has_unassigned = plan.runs(const { steps::nameprep("6") }) && found & FLAG_A_1 != 0;
    pl.note(const { steps::nameprep("6") }, &s, || {
        format!("has-unassigned = {has_unassigned}")
    });
    let changed = pl.rewrite(const { steps::nameprep("7") }, &mut s, |s| {
        nfkc_step(s, found, &p.nfkc)
    });
    refresh(changed, &s, &mut found);
    let changed = pl.rewrite_if(
        const { steps::nameprep("8") },
        has_unassigned,
        &mut s,
        |s| map_step(s, found),
    );
    refresh(changed, &s, &mut found);
    let changed = pl.rewrite_if(
        const { steps::nameprep("9") },
        has_unassigned,
        &mut s,
        |s| nfkc_step(s, found, &p.nfkc),
    );
    refresh(changed, &s, &mut found);
    pl.check(const { steps::nameprep("10") }, &s, |s| {
        if found & FLAG_PROHIBITED == 0 {
            Ok(())
        } else {
            prohibit(s)
        }
    })?;
    pl.check_if(const { steps::nameprep("11") }, bidi, &s, |s| {
        check_bidi(s, p.bidi)
    })?;
    Ok(s)
}

/// `found` made again for `s` when a step has changed it.
fn refresh(changed: bool, s: &str, found: &mut u16) {
    if changed {
        *found = flags_of(s);
    }
}

/// Steps 3 and 8: the Map step, skipped when [`flags_of`] found nothing
/// it maps.
fn map_step(s: &str, found: u16) -> Cow<'_, str> {
    if found & (FLAG_B_1 | FLAG_B_2) == 0 {
        Cow::Borrowed(s)
    } else {
        stringprep::map_cow(s)
    }
}

/// Steps 7 and 9: NFKC, skipped when [`flags_of`] found only characters
/// assigned in Unicode 3.2 that the own NFKC may not act on: every variant
/// leaves them alone (see `nfkc::nfkc_cow`).
fn nfkc_step<'a>(s: &'a str, found: u16, variant: &NfkcVariant) -> Cow<'a, str> {
    if found & (FLAG_A_1 | FLAG_NFKC_OWN_MAYBE) == 0 {
        Cow::Borrowed(s)
    } else {
        nfkc::nfkc_cow(s, variant)
    }
}

/// The union of the flag-table bits ([`tables::flags`]) of the characters
/// of `s`, an ASCII uppercase letter counting as table B.2 (as in
/// [`stringprep::map_cow`]): in one pass, whether steps 3, 6, 7 and 10
/// have anything to do.
pub(crate) fn flags_of(s: &str) -> u16 {
    s.chars().fold(0, |found, c| {
        found
            | if c.is_ascii() {
                if c.is_ascii_uppercase() {
                    FLAG_B_2
                } else {
                    0
                }
            } else {
                tables::flags(c)
            }
    })
}

/// Step 2 (GECKO): if the string contains U+0340 COMBINING GRAVE TONE MARK
/// or U+0341 COMBINING ACUTE TONE MARK, fail.
fn reject_tone_marks(s: &str) -> Result<(), NameprepError> {
    match s.chars().find(|&c| c == '\u{340}' || c == '\u{341}') {
        Some(c) => Err(NameprepError {
            step: "2",
            reason: NameprepReason::ToneMark(c),
        }),
        None => Ok(()),
    }
}

/// Step 10: the Prohibit step \[STRINGPREP\] \[NAMEPREP\]: tables C.1.2, C.2.2,
/// C.3 to C.9.
fn prohibit(s: &str) -> Result<(), NameprepError> {
    match s.chars().find(|&c| stringprep::is_prohibited(c)) {
        Some(c) => Err(NameprepError {
            step: "10",
            reason: NameprepReason::Prohibited(c),
        }),
        None => Ok(()),
    }
}

/// Step 11: the Check bidi step \[STRINGPREP\] \[NAMEPREP\] with the profile's
/// Unicode data.
pub(crate) fn check_bidi(s: &str, version: BidiVersion) -> Result<(), NameprepError> {
    bidi::check_bidi(s, version).map_err(|rule| NameprepError {
        step: "11",
        reason: NameprepReason::Bidi(rule),
    })
}

/// After step 3 (IE, [`crate::profile::ObservedNameprepParams::bmp_noncharacters_map_to_nothing`]):
/// the noncharacters of the Basic Multilingual Plane (U+FDD0..U+FDEF,
/// U+FFFE, U+FFFF) are mapped to nothing, like the characters of table
/// B.1; supplementary noncharacters stay for the Prohibit step (C.4).
///
/// `"a\u{FDD0}b\u{FFFF}"` → `"ab"`; `"a\u{1FFFE}"` is left as it is.
fn remove_bmp_noncharacters(s: &str) -> Cow<'_, str> {
    let is_bmp_noncharacter =
        |c: char| (0xFDD0..=0xFDEF).contains(&(c as u32)) || matches!(c, '\u{FFFE}' | '\u{FFFF}');
    if s.contains(is_bmp_noncharacter) {
        Cow::Owned(s.chars().filter(|&c| !is_bmp_noncharacter(c)).collect())
    } else {
        Cow::Borrowed(s)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::algorithm::host::trace::StepLog;
    use crate::profile::this;

    #[test]
    fn ascii_lowercases() {
        assert_eq!(nameprep("ExAmple", this(), true).unwrap(), "example");
    }

    #[test]
    fn maps_and_normalizes() {
        // B.1: U+00AD soft hyphen is mapped to nothing; B.2 + NFKC: fullwidth.
        assert_eq!(nameprep("a\u{AD}b\u{FF21}", this(), false).unwrap(), "aba");
    }

    #[test]
    fn prohibited_fails_at_step_10() {
        let e = nameprep("a\u{E000}b", this(), false).unwrap_err();
        assert_eq!(e.step, "10");
    }

    #[test]
    fn bidi_only_when_asked() {
        // Hebrew alef followed by a Latin letter: RandAL with L.
        assert!(nameprep("\u{5D0}a", this(), false).is_ok());
        assert_eq!(nameprep("\u{5D0}a", this(), true).unwrap_err().step, "11");
    }

    #[test]
    fn bmp_noncharacters_map_to_nothing_before_nfkc() {
        let ie = crate::profile::builtin("ie").unwrap();
        // U+0306 composes with `a` once U+FDD0 is gone.
        assert_eq!(
            nameprep("a\u{FDD0}\u{306}b", ie, false).unwrap(),
            "\u{103}b"
        );
        assert_eq!(nameprep("a\u{FFFE}b\u{FFFF}", ie, false).unwrap(), "ab");
        // Supplementary noncharacters are prohibited (C.4), as before.
        assert_eq!(nameprep("a\u{1FFFE}b", ie, false).unwrap_err().step, "10");
        // The specification's Nameprep prohibits them all.
        assert_eq!(
            nameprep("a\u{FDD0}b", this(), false).unwrap_err().step,
            "10"
        );
    }

    /// Nameprep as the specification writes it, every step run in full
    /// (no skipping on what [`flags_of`] found): the oracle of
    /// `skipping_steps_changes_nothing`.
    fn nameprep_every_step(s: &str, profile: &dyn Profile, bidi: bool) -> Option<String> {
        let p = profile.nameprep();
        if p.reject_tone_marks && s.contains(['\u{340}', '\u{341}']) {
            return None;
        }
        let mut s = stringprep::map_cow(s).into_owned();
        if p.observed.bmp_noncharacters_map_to_nothing {
            s = remove_bmp_noncharacters(&s).into_owned();
        }
        if p.corrigendum_5_swap {
            s = nfkc::swap_corrigendum_5_sequences(&s);
        }
        let has_unassigned = p.remap_unassigned && s.chars().any(stringprep::is_unassigned);
        s = nfkc::nfkc(&s, &p.nfkc);
        if has_unassigned {
            s = stringprep::map_cow(&s).into_owned();
            s = nfkc::nfkc(&s, &p.nfkc);
        }
        if s.chars().any(stringprep::is_prohibited) {
            return None;
        }
        if bidi && check_bidi(&s, p.bidi).is_err() {
            return None;
        }
        Some(s)
    }

    /// Characters on which Nameprep's steps act: ASCII letters, Latin,
    /// Greek, bidi, Hangul and compatibility blocks, the tone marks and
    /// Corrigendum 5's characters, any other.
    pub(crate) fn interesting_char() -> impl proptest::strategy::Strategy<Value = char> {
        proptest::prop_oneof![
            proptest::char::range('A', 'c'),
            proptest::char::range('\u{A0}', '\u{3FF}'),
            proptest::char::range('\u{591}', '\u{6FF}'),
            proptest::char::range('\u{1100}', '\u{11FF}'),
            proptest::char::range('\u{F900}', '\u{FA6D}'),
            proptest::char::range('\u{FB00}', '\u{FFFF}'),
            proptest::sample::select(vec![
                '\u{340}',
                '\u{341}',
                '\u{AC00}',
                '\u{2126}',
                '\u{1E9E}',
                '\u{2F868}',
                '\u{1D400}',
                '\u{E0001}',
                '\u{1F600}',
                '\u{3099}',
                '\u{B3E}',
                '\u{B47}',
                '\u{221}',
                '\u{7C0}',
            ]),
            proptest::char::any(),
        ]
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(3000))]
        /// Skipping the steps that [`flags_of`] shows have nothing to do
        /// gives what running every step gives, under every built-in
        /// profile.
        #[test]
        fn skipping_steps_changes_nothing(v in proptest::collection::vec(interesting_char(), 0..10), bidi: bool) {
            let s: String = v.into_iter().collect();
            for p in crate::profile::builtin_profiles() {
                proptest::prop_assert_eq!(
                    nameprep(&s, p, bidi).ok(),
                    nameprep_every_step(&s, p, bidi),
                    "{} {:?}", p.name, s
                );
            }
        }
    }

    #[test]
    fn trace_reports_every_step() {
        let mut log = StepLog::default();
        let out = nameprep_traced("AB", this(), true, &mut log).unwrap();
        assert_eq!(out, "ab");
        let steps: Vec<_> = log.steps.iter().map(|s| s.step).collect();
        assert_eq!(steps, ["2", "3", "3a", "4", "6", "7", "8", "9", "10", "11"]);
        assert!(!log.steps[0].ran, "step 2 is GECKO only");
        assert_eq!(log.steps[1].after, "ab");
    }
}
