//! NFKC variants: latest Unicode, Unicode 3.2, 4.0 and 4.1, each with or
//! without normalization corrigenda #3, #4 and #5 (Nameprep step 7 of the
//! specification; UAX #15).
//!
//! The 3.2, 4.0 and 4.1 variants are implemented here from the generated tables
//! (see `data/`): full compatibility decomposition (Hangul algorithmically),
//! canonical ordering, then canonical composition with the exclusions of the
//! version.  The latest variant is the `unicode-normalization` crate.

use super::stringprep::is_unassigned;
use super::tables::{
    flags, in_ranges, ASSIGNED_4_0_ADDED, ASSIGNED_4_1_ADDED, CCC_3_2, CCC_4_0_ADDED,
    CCC_4_1_ADDED, COMPOSE_3_2, COMPOSE_4_0_ADDED, COMPOSE_4_1_ADDED, DECOMP_3_2, DECOMP_4_0_ADDED,
    DECOMP_4_1_ADDED, FLAG_A_1, FLAG_NFKC_CCC, FLAG_NFKC_COMPOSITE, FLAG_NFKC_DECOMP,
    FLAG_NFKC_OWN_MAYBE, FLAG_NFKC_SECOND,
};
use super::version::{NfkcVariant, UnicodeVersion};
use unicode_normalization::UnicodeNormalization;

const S_BASE: u32 = 0xAC00;
const L_BASE: u32 = 0x1100;
const V_BASE: u32 = 0x1161;
const T_BASE: u32 = 0x11A7;
const L_COUNT: u32 = 19;
const V_COUNT: u32 = 21;
const T_COUNT: u32 = 28;
const N_COUNT: u32 = V_COUNT * T_COUNT;
const S_COUNT: u32 = L_COUNT * N_COUNT;

/// Corrigendum #3: the decomposition of U+F951 before it (Unicode 3.0 to
/// 3.1.1).  UnicodeData-3.2.0 already has the corrected U+964B.
const F951_BEFORE_C3: &[char] = &['\u{96FB}'];

/// Corrigendum #4: the corrected decompositions of five CJK compatibility
/// ideographs (UnicodeData-3.2.0 maps them to U+2136A, U+5F33, U+43AB,
/// U+7AAE, U+4D57).
fn corrigendum_4(c: char) -> Option<&'static [char]> {
    Some(match c {
        '\u{2F868}' => &['\u{36FC}'],
        '\u{2F874}' => &['\u{5F53}'],
        '\u{2F91F}' => &['\u{243AB}'],
        '\u{2F95F}' => &['\u{7AEE}'],
        '\u{2F9BF}' => &['\u{45D7}'],
        _ => return None,
    })
}

/// The characters whose NFKC depends on the corrigendum flags of an
/// [`NfkcVariant`]: U+F951 (Corrigendum #3) and the five of
/// [`corrigendum_4`].
pub(crate) const CORRIGENDUM_CHARACTERS: [char; 6] = [
    '\u{F951}',
    '\u{2F868}',
    '\u{2F874}',
    '\u{2F91F}',
    '\u{2F95F}',
    '\u{2F9BF}',
];

/// The Unicode data of one of the table-driven versions (3.2, 4.0 or 4.1).
#[derive(Clone, Copy)]
struct Data {
    /// With the characters Unicode 4.0 added.
    v4_0: bool,
    /// With the characters Unicode 4.1 added (implies `v4_0`).
    v4_1: bool,
    /// Answer from the flag table (the `FLAG_NFKC_*` bits) before asking
    /// the maps; false only in tests, as the reference the flags are
    /// checked against.
    use_flags: bool,
}

impl Data {
    const V3_2: Data = Data {
        v4_0: false,
        v4_1: false,
        use_flags: true,
    };
    const V4_0: Data = Data {
        v4_0: true,
        v4_1: false,
        use_flags: true,
    };
    const V4_1: Data = Data {
        v4_0: true,
        v4_1: true,
        use_flags: true,
    };

    /// Whether `c` is assigned in this version (RFC 3454 table A.1 for 3.2,
    /// minus the characters Unicode 4.0 and 4.1 added for those).
    fn assigned(self, c: char) -> bool {
        !is_unassigned(c)
            || (self.v4_0 && in_ranges(ASSIGNED_4_0_ADDED, c))
            || (self.v4_1 && in_ranges(ASSIGNED_4_1_ADDED, c))
    }

    /// Canonical combining class (0 for unassigned code points).
    fn ccc(self, c: char) -> u8 {
        if self.use_flags && flags(c) & FLAG_NFKC_CCC == 0 {
            // Class 0 in every version: no map to ask.
            return 0;
        }
        if let Some(&cc) = CCC_3_2.get(&c) {
            return cc;
        }
        if self.v4_0 {
            if let Some(&cc) = CCC_4_0_ADDED.get(&c) {
                return cc;
            }
        }
        if self.v4_1 {
            if let Some(&cc) = CCC_4_1_ADDED.get(&c) {
                return cc;
            }
        }
        0
    }

    /// One level of (canonical or compatibility) decomposition, with the
    /// corrigenda of `variant` applied.
    fn decomposition(self, c: char, variant: &NfkcVariant) -> Option<&'static [char]> {
        if c == '\u{F951}' && !variant.corrigendum_3 {
            return Some(F951_BEFORE_C3);
        }
        if variant.corrigendum_4 {
            if let Some(d) = corrigendum_4(c) {
                return Some(d);
            }
        }
        if let Some(d) = DECOMP_3_2.get(&c) {
            return Some(d.chars);
        }
        if self.v4_0 {
            if let Some(d) = DECOMP_4_0_ADDED.get(&c) {
                return Some(d.chars);
            }
        }
        if self.v4_1 {
            if let Some(d) = DECOMP_4_1_ADDED.get(&c) {
                return Some(d.chars);
            }
        }
        None
    }

    /// The primary composite of `a` + `b`, if any (Hangul algorithmically).
    fn compose(self, a: char, b: char) -> Option<char> {
        if self.use_flags && flags(b) & FLAG_NFKC_SECOND == 0 {
            // Neither a Hangul V or T jamo nor the second character of a
            // primary composite in any version.
            return None;
        }
        let (a32, b32) = (a as u32, b as u32);
        if (L_BASE..L_BASE + L_COUNT).contains(&a32) && (V_BASE..V_BASE + V_COUNT).contains(&b32) {
            let s = S_BASE + ((a32 - L_BASE) * V_COUNT + (b32 - V_BASE)) * T_COUNT;
            return char::from_u32(s);
        }
        if (S_BASE..S_BASE + S_COUNT).contains(&a32)
            && (a32 - S_BASE).is_multiple_of(T_COUNT)
            && (T_BASE + 1..T_BASE + T_COUNT).contains(&b32)
        {
            return char::from_u32(a32 + (b32 - T_BASE));
        }
        let key = (u64::from(a32) << 32) | u64::from(b32);
        if let Some(&c) = COMPOSE_3_2.get(&key) {
            return Some(c);
        }
        if self.v4_0 {
            if let Some(&c) = COMPOSE_4_0_ADDED.get(&key) {
                return Some(c);
            }
        }
        if self.v4_1 {
            if let Some(&c) = COMPOSE_4_1_ADDED.get(&key) {
                return Some(c);
            }
        }
        None
    }

    /// Full compatibility decomposition of `c` appended to `out`, keeping
    /// `out` in canonical order.
    fn decompose(self, c: char, variant: &NfkcVariant, out: &mut Vec<(char, u8)>) {
        if (self.use_flags && !may_change(c)) || !self.assigned(c) {
            // No decomposition and class 0 in every version, or
            // unassigned: passes through as a starter.
            out.push((c, 0));
            return;
        }
        let cp = c as u32;
        if (S_BASE..S_BASE + S_COUNT).contains(&cp) {
            let s = cp - S_BASE;
            let l = L_BASE + s / N_COUNT;
            let v = V_BASE + (s % N_COUNT) / T_COUNT;
            let t = T_BASE + s % T_COUNT;
            for j in [l, v] {
                out.extend(char::from_u32(j).map(|j| (j, 0)));
            }
            if t != T_BASE {
                out.extend(char::from_u32(t).map(|t| (t, 0)));
            }
            return;
        }
        let may_decompose = !self.use_flags || flags(c) & FLAG_NFKC_DECOMP != 0;
        if let Some(d) = may_decompose
            .then(|| self.decomposition(c, variant))
            .flatten()
        {
            for &x in d {
                self.decompose(x, variant, out);
            }
            return;
        }
        let cc = self.ccc(c);
        out.push((c, cc));
        if cc != 0 {
            // Canonical ordering: bubble back past higher classes.
            let mut i = out.len() - 1;
            while i > 0 && out[i - 1].1 > cc {
                out.swap(i - 1, i);
                i -= 1;
            }
        }
    }

    /// NFKC of `s` under `variant`, appended to `dest`.
    fn nfkc(self, s: &str, variant: &NfkcVariant, dest: &mut String) {
        let mut decomposed: Vec<(char, u8)> = Vec::with_capacity(s.len());
        for c in s.chars() {
            self.decompose(c, variant, &mut decomposed);
        }
        // Composed in place: `decomposed[..out]` is the output so far (never
        // longer than what has been read).
        let mut out = 0;
        // Index of the last starter in the output, and the combining class
        // of the last character appended after it (`None`: none appended
        // yet).
        let mut starter: Option<usize> = None;
        let mut last_cc: Option<u8> = None;
        for read in 0..decomposed.len() {
            let (c, cc) = decomposed[read];
            if let Some(si) = starter {
                let unblocked = match last_cc {
                    None => true,
                    // Corrigendum #5 definition: blocked by any B with
                    // ccc(B) = 0 or ccc(B) >= ccc(C).  Appended characters
                    // after the starter are non-starters in canonical order,
                    // so the last one has the highest class.
                    Some(prev) if variant.corrigendum_5 => prev != 0 && prev < cc,
                    // Before Corrigendum #5: blocked only by a starter or a
                    // character of the same class, so a starter C right
                    // after non-starters can still combine.
                    Some(prev) => prev != 0 && (prev < cc || cc == 0),
                };
                if unblocked {
                    if let Some(composite) = self.compose(decomposed[si].0, c) {
                        decomposed[si].0 = composite;
                        continue;
                    }
                }
            }
            if cc == 0 {
                starter = Some(out);
                last_cc = None;
            } else if starter.is_some() {
                last_cc = Some(cc);
            }
            decomposed[out] = (c, cc);
            out += 1;
        }
        dest.extend(decomposed[..out].iter().map(|&(c, _)| c));
    }
}

/// Whether the own NFKC (any of 3.2, 4.0, 4.1, any corrigendum flag) may
/// act on `c`: the `FLAG_NFKC_OWN_MAYBE` bit of the flag table.  When it
/// is false, `c` has no decomposition and combining class 0 in each of
/// those versions, and composes with no character before it.
#[inline]
pub fn may_change(c: char) -> bool {
    flags(c) & FLAG_NFKC_OWN_MAYBE != 0
}

/// Whether the latest NFKC (`unicode-normalization`) certainly leaves `c`
/// alone in any string: `c` is assigned in Unicode 3.2 (not in RFC 3454
/// table A.1) and the own NFKC may not act on it (no
/// `FLAG_NFKC_OWN_MAYBE`).  Normalization is stable for assigned
/// characters, so `c` has combining class 0 and NFKC_Quick_Check=Yes today
/// too; a test checks every code point against `unicode-normalization`.
#[inline]
pub fn latest_nfkc_leaves_alone(c: char) -> bool {
    flags(c) & (FLAG_A_1 | FLAG_NFKC_OWN_MAYBE) == 0
}

/// Whether every character of the latest compatibility decomposition of
/// `c` (`unicode-normalization`, NFKD of `c` alone) is one that `within`
/// accepts.  When it is not, NFKC of any string holding `c`, under any
/// own variant, holds a character `within` may turn down, if `within`
/// accepts ASCII characters only: a character of the decomposition that
/// `within` turns down either stays, or is composed into a primary
/// composite, which is not ASCII (no ASCII character has a canonical
/// decomposition); and the own variants decompose `c` as the latest
/// Unicode does, or (`c` unassigned in 3.2, or a corrigendum character,
/// whose decompositions are CJK ideographs) leave it as the non-ASCII
/// character it is.  A test checks every code point under THIS's variant.
///
/// `\u{FF10}` (fullwidth `0`) and `\u{2488}` (`1.`) decompose within
/// `[0-9.]`; `\u{FC}` (`u` and a diaeresis) and `\u{4E00}` do not.
pub fn decomposes_within(c: char, within: impl Fn(char) -> bool) -> bool {
    let mut all = true;
    unicode_normalization::char::decompose_compatible(c, |d| all &= within(d));
    all
}

/// The NFKC quick check of `s` in flag-table terms: true only if NFKC
/// certainly leaves `s` as it is under every own variant (3.2, 4.0, 4.1,
/// any corrigendum flag) and, with `latest`, under the latest Unicode too.
///
/// NFKC changes a string only by decomposing (a character with a
/// decomposition: [`FLAG_NFKC_DECOMP`], unless it is a composite that
/// composes back, [`FLAG_NFKC_COMPOSITE`], and no non-starter follows it; a
/// Hangul syllable decomposes and composes back), composing (with a
/// possible second character of a primary composite: [`FLAG_NFKC_SECOND`])
/// or reordering (two non-starters next to each other: [`FLAG_NFKC_CCC`]
/// twice in a row).  The flags hold
/// for any of the own versions.  With `latest`, a character unassigned in
/// Unicode 3.2 ([`FLAG_A_1`]) answers false: for assigned characters the
/// stability policy keeps combining classes, decompositions and
/// compositions as they were.
///
/// `\u{0E15}\u{0E31}\u{0E27}\u{0E2D}\u{0E22}\u{0E48}\u{0E32}\u{0E07}` (Thai,
/// one tone mark after a consonant) and `\u{B274}\u{C2A4}` (Hangul
/// syllables) and `b\u{FC}cher` (U+00FC composes back) pass; `\u{FC}\u{316}`
/// (a mark after a composite), `a\u{316}\u{301}` (two marks in a row) and
/// `\u{FB01}` (a compatibility decomposition) do not.
fn quick_check_yes(s: &str, latest: bool) -> bool {
    let mut stop = FLAG_NFKC_SECOND;
    if latest {
        stop |= FLAG_A_1;
    }
    // Whether the character before is a non-starter, or a composite whose
    // decomposition a non-starter would join.
    let mut open = false;
    for c in s.chars() {
        let f = flags(c);
        if f & stop != 0 || f & (FLAG_NFKC_DECOMP | FLAG_NFKC_COMPOSITE) == FLAG_NFKC_DECOMP {
            return false;
        }
        let non_starter = f & FLAG_NFKC_CCC != 0;
        if non_starter && open {
            return false;
        }
        open = non_starter || f & FLAG_NFKC_COMPOSITE != 0;
    }
    true
}

/// Whether every NFKC variant (own and latest) certainly leaves `s` as it
/// is, for a string without a character unassigned in Unicode 3.2 (see
/// `quick_check_yes`): `b\u{FC}cher` and Thai with one mark per
/// consonant are left alone, `\u{FB01}` is not.
pub fn leaves_alone(s: &str) -> bool {
    quick_check_yes(s, true)
}

fn data_of(version: UnicodeVersion) -> Option<Data> {
    match version {
        UnicodeVersion::V3_2 => Some(Data::V3_2),
        UnicodeVersion::V4_0 => Some(Data::V4_0),
        UnicodeVersion::V4_1 => Some(Data::V4_1),
        UnicodeVersion::Latest => None,
    }
}

/// NFKC of `s` under `variant` (Nameprep step 7; UAX #15).  A code point
/// unassigned in the variant's Unicode version is left as it is (a starter
/// that composes with nothing).
///
/// * `Latest`: the `unicode-normalization` crate, which has all corrigenda;
///   the corrigendum flags are ignored.
/// * `V3_2`: UnicodeData-3.2.0 (which already includes Corrigendum #3),
///   with Corrigendum #3 undone when `corrigendum_3` is false and
///   Corrigendum #4 applied when `corrigendum_4` is true; composition uses
///   the blocking rule of Corrigendum #5 when `corrigendum_5` is true.
/// * `V4_0`: the same, plus the characters Unicode 4.0 added.
/// * `V4_1`: the same, plus the characters Unicode 4.1 added.
pub fn nfkc(s: &str, variant: &NfkcVariant) -> String {
    nfkc_cow(s, variant).into_owned()
}

/// [`nfkc`], borrowing `s` when it is normalized already (ASCII; for the
/// latest Unicode, when the NFKC quick check says so; for 3.2, 4.0 and 4.1,
/// when no character [`may_change`]).  Otherwise the characters before
/// the one preceding the first that may change are copied as they are:
/// they are starters that neither decompose nor compose with anything.
pub fn nfkc_cow<'a>(s: &'a str, variant: &NfkcVariant) -> std::borrow::Cow<'a, str> {
    use std::borrow::Cow;
    if s.is_ascii() {
        // NFKC of ASCII is the identity in every version.
        return Cow::Borrowed(s);
    }
    match data_of(variant.unicode) {
        None => {
            let Some((first, _)) = s
                .char_indices()
                .find(|&(_, c)| !latest_nfkc_leaves_alone(c))
            else {
                return Cow::Borrowed(s);
            };
            // Characters left alone have class 0 and NFKC_Quick_Check=Yes:
            // the quick check of the rest is that of the whole string, and
            // there is a normalization boundary before each of them (the
            // one before `first` may compose with it).  The flag table
            // answers first.
            if quick_check_yes(&s[first..], true)
                || unicode_normalization::is_nfkc_quick(s[first..].chars())
                    == unicode_normalization::IsNormalized::Yes
            {
                return Cow::Borrowed(s);
            }
            let start = s[..first].char_indices().next_back().map_or(0, |(i, _)| i);
            let mut out = String::with_capacity(s.len() + 8);
            out.push_str(&s[..start]);
            out.extend(s[start..].nfkc());
            Cow::Owned(out)
        }
        Some(data) => {
            let Some((first, _)) = s.char_indices().find(|&(_, c)| may_change(c)) else {
                return Cow::Borrowed(s);
            };
            // The characters before `first` are starters that compose with
            // nothing after them.
            if quick_check_yes(&s[first..], false) {
                return Cow::Borrowed(s);
            }
            // The character before `first` may be the starter it composes
            // with: normalization starts there.
            let start = s[..first].char_indices().next_back().map_or(0, |(i, _)| i);
            let mut out = String::with_capacity(s.len() + 8);
            out.push_str(&s[..start]);
            data.nfkc(&s[start..], variant, &mut out);
            Cow::Owned(out)
        }
    }
}

/// Canonical combining class of `c` in `version` (0 for an unassigned code
/// point); `Latest` uses `unicode-normalization`.
pub fn combining_class(c: char, version: UnicodeVersion) -> u8 {
    match data_of(version) {
        None => unicode_normalization::char::canonical_combining_class(c),
        Some(data) => data.ccc(c),
    }
}

/// Nameprep step 4 (GECKO): in each Corrigendum 5 sequence (UAX #15: a
/// starter, then one or more non-starters, then a starter that would
/// canonically compose with the first starter), swap the second last and
/// the last characters.  Uses the Unicode 4.1 data (that of Gecko's
/// normalizer, see [`UnicodeVersion::V4_1`]); 4.1 only adds to 3.2 and 4.0.
///
/// After a swap, the moved starter is taken as the first starter of any
/// following sequence (the sequence is matched in the string as it is, not
/// as a non-Corrigendum-5 NFKC would have composed it).
pub fn swap_corrigendum_5_sequences(s: &str) -> String {
    if s.is_ascii() {
        return s.to_owned();
    }
    // A sequence ends with a starter that composes with a character before
    // it: none without such a character (4.1 holds the classes of 3.2).
    if !s
        .chars()
        .any(|c| flags(c) & (FLAG_NFKC_SECOND | FLAG_NFKC_CCC) == FLAG_NFKC_SECOND)
    {
        return s.to_owned();
    }
    swap_sequences(Data::V4_1, s)
}

/// [`swap_corrigendum_5_sequences`] with the data of `data`, without the
/// shortcut.
fn swap_sequences(data: Data, s: &str) -> String {
    let mut chars: Vec<char> = s.chars().collect();
    let mut starter: Option<usize> = None;
    for i in 0..chars.len() {
        if data.ccc(chars[i]) != 0 {
            continue;
        }
        if let Some(si) = starter {
            // Every character between `si` and `i` is a non-starter.
            if i >= si + 2 && data.compose(chars[si], chars[i]).is_some() {
                chars.swap(i - 1, i);
                starter = Some(i - 1);
                continue;
            }
        }
        starter = Some(i);
    }
    chars.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use UnicodeVersion::*;

    fn variant(unicode: UnicodeVersion, c3: bool, c4: bool, c5: bool) -> NfkcVariant {
        NfkcVariant {
            unicode,
            corrigendum_3: c3,
            corrigendum_4: c4,
            corrigendum_5: c5,
        }
    }

    /// Unicode 3.2 with #3 and #5, without #4 (CHROME / IE).
    fn chrome() -> NfkcVariant {
        variant(V3_2, true, false, true)
    }

    fn cps(s: &str) -> Vec<u32> {
        s.chars().map(|c| c as u32).collect()
    }

    #[test]
    fn ascii_identity() {
        for v in [V3_2, V4_0, Latest] {
            assert_eq!(
                nfkc("Hello, World! 123", &variant(v, true, true, true)),
                "Hello, World! 123"
            );
            assert_eq!(nfkc("", &variant(v, false, false, false)), "");
        }
    }

    #[test]
    fn basics_3_2() {
        let v = chrome();
        assert_eq!(nfkc("e\u{0301}", &v), "\u{00E9}");
        assert_eq!(nfkc("\u{00E9}", &v), "\u{00E9}");
        assert_eq!(nfkc("\u{FB01}", &v), "fi");
        assert_eq!(nfkc("\u{2460}", &v), "1");
        assert_eq!(nfkc("\u{FF21}", &v), "A");
        assert_eq!(nfkc("\u{00BD}", &v), "1\u{2044}2");
        assert_eq!(nfkc("\u{3392}", &v), "MHz");
        // Canonical ordering: dot below (220) before acute (230).
        assert_eq!(nfkc("a\u{0301}\u{0323}", &v), "\u{1EA1}\u{0301}");
        // Composition exclusion (U+0958 DEVANAGARI QA) and singleton U+212B.
        assert_eq!(nfkc("\u{0958}", &v), "\u{0915}\u{093C}");
        assert_eq!(nfkc("\u{212B}", &v), "\u{00C5}");
        // Non-starter decomposition U+0344.
        assert_eq!(nfkc("\u{0344}", &v), "\u{0308}\u{0301}");
    }

    #[test]
    fn hangul() {
        for v in [
            chrome(),
            variant(V4_0, true, true, true),
            variant(Latest, true, true, true),
        ] {
            assert_eq!(nfkc("\u{1100}\u{1161}", &v), "\u{AC00}");
            assert_eq!(nfkc("\u{1100}\u{1161}\u{11A8}", &v), "\u{AC01}");
            assert_eq!(nfkc("\u{AC00}\u{11A8}", &v), "\u{AC01}");
            assert_eq!(nfkc("\u{AC01}", &v), "\u{AC01}");
            assert_eq!(nfkc("\u{D7A3}", &v), "\u{D7A3}");
            // Compatibility jamo.
            assert_eq!(nfkc("\u{3131}\u{314F}", &v), "\u{AC00}");
            // T alone after an LVT syllable does not compose.
            assert_eq!(nfkc("\u{AC01}\u{11A8}", &v), "\u{AC01}\u{11A8}");
        }
    }

    #[test]
    fn corrigendum_3() {
        // UnicodeData-3.2.0 has U+964B (Corrigendum #3 applied).
        assert_eq!(
            cps(&nfkc("\u{F951}", &variant(V3_2, true, false, true))),
            [0x964B]
        );
        assert_eq!(
            cps(&nfkc("\u{F951}", &variant(V3_2, false, false, true))),
            [0x96FB]
        );
        assert_eq!(
            cps(&nfkc("\u{F951}", &variant(V4_0, true, true, true))),
            [0x964B]
        );
        assert_eq!(
            cps(&nfkc("\u{F951}", &variant(Latest, false, false, false))),
            [0x964B]
        );
    }

    #[test]
    fn corrigendum_4() {
        let cases = [
            (0x2F868, 0x2136A, 0x36FC),
            (0x2F874, 0x5F33, 0x5F53),
            (0x2F91F, 0x43AB, 0x243AB),
            (0x2F95F, 0x7AAE, 0x7AEE),
            (0x2F9BF, 0x4D57, 0x45D7),
        ];
        for (c, old, new) in cases {
            let s = char::from_u32(c).unwrap().to_string();
            assert_eq!(cps(&nfkc(&s, &variant(V3_2, true, false, true))), [old]);
            assert_eq!(cps(&nfkc(&s, &variant(V3_2, true, true, true))), [new]);
            assert_eq!(cps(&nfkc(&s, &variant(V4_0, true, false, true))), [old]);
            assert_eq!(cps(&nfkc(&s, &variant(V4_0, true, true, true))), [new]);
            assert_eq!(cps(&nfkc(&s, &variant(Latest, true, false, true))), [new]);
        }
    }

    #[test]
    fn corrigendum_5_sequences() {
        let hangul = "\u{1100}\u{0300}\u{1161}";
        let oriya = "\u{0B47}\u{0300}\u{0B3E}";
        for u in [V3_2, V4_0] {
            let with = variant(u, true, false, true);
            let without = variant(u, true, false, false);
            assert_eq!(nfkc(hangul, &with), hangul);
            assert_eq!(nfkc(oriya, &with), oriya);
            assert_eq!(nfkc(hangul, &without), "\u{AC00}\u{0300}");
            assert_eq!(nfkc(oriya, &without), "\u{0B4B}\u{0300}");
            // Without #5, a non-starter of the same class still blocks.
            assert_eq!(
                nfkc("\u{1100}\u{0300}\u{1161}\u{0301}", &without),
                "\u{AC00}\u{0300}\u{0301}"
            );
            assert_eq!(nfkc("a\u{0300}\u{0301}", &without), "\u{00E0}\u{0301}");
        }
        let latest = variant(Latest, true, true, true);
        assert_eq!(nfkc(hangul, &latest), hangul);
        assert_eq!(nfkc(oriya, &latest), oriya);
    }

    #[test]
    fn swap() {
        assert_eq!(
            swap_corrigendum_5_sequences("\u{1100}\u{0300}\u{1161}"),
            "\u{1100}\u{1161}\u{0300}"
        );
        assert_eq!(
            swap_corrigendum_5_sequences("\u{0B47}\u{0300}\u{0B3E}"),
            "\u{0B47}\u{0B3E}\u{0300}"
        );
        // Swap then NFKC with #5 emulates NFKC without #5.
        let v = variant(V4_0, true, true, true);
        assert_eq!(
            nfkc(
                &swap_corrigendum_5_sequences("\u{1100}\u{0300}\u{1161}"),
                &v
            ),
            "\u{AC00}\u{0300}"
        );
        // Not a sequence: no non-starter between, or no composition.
        for s in [
            "\u{1100}\u{1161}",
            "a\u{0300}b",
            "abc",
            "\u{0300}\u{1161}",
            "",
            "\u{1100}\u{0300}",
        ] {
            assert_eq!(swap_corrigendum_5_sequences(s), s);
        }
        // Two non-starters: only the last two characters swap.
        assert_eq!(
            swap_corrigendum_5_sequences("x\u{1100}\u{0300}\u{0301}\u{1161}y"),
            "x\u{1100}\u{0300}\u{1161}\u{0301}y"
        );
    }

    #[test]
    fn unassigned_pass_through() {
        // U+0221 is unassigned in 3.2 (assigned in 4.0, no decomposition).
        // U+0350 (4.0, ccc 230) is a starter in 3.2: no reordering.
        let v32 = chrome();
        let v40 = variant(V4_0, true, false, true);
        assert_eq!(nfkc("a\u{0350}\u{0316}", &v32), "a\u{0350}\u{0316}");
        assert_eq!(nfkc("a\u{0350}\u{0316}", &v40), "a\u{0316}\u{0350}");
        // U+1D2C MODIFIER LETTER CAPITAL A (4.0, <super> 0041).
        assert_eq!(nfkc("\u{1D2C}", &v32), "\u{1D2C}");
        assert_eq!(nfkc("\u{1D2C}", &v40), "A");
        // U+2C00 (4.1) and U+1E9E (5.1) pass through in 3.2 and 4.0.
        assert_eq!(nfkc("\u{2C00}\u{1E9E}", &v40), "\u{2C00}\u{1E9E}");
        // U+0F77 (3.2) decomposes to U+0FB2 U+0F81.
        assert_eq!(
            nfkc("\u{0F77}", &v32),
            nfkc("\u{0F77}", &variant(Latest, true, true, true))
        );
        assert_eq!(combining_class('\u{0350}', V3_2), 0);
        assert_eq!(combining_class('\u{0350}', V4_0), 230);
        assert_eq!(combining_class('\u{0350}', Latest), 230);
    }

    fn interesting_char() -> impl proptest::strategy::Strategy<Value = char> {
        use proptest::prelude::*;
        prop_oneof![
            proptest::char::range('a', 'z'),
            proptest::char::range('\u{0300}', '\u{036F}'),
            proptest::char::range('\u{0591}', '\u{05C4}'),
            proptest::char::range('\u{0B00}', '\u{0BFF}'),
            proptest::char::range('\u{0F40}', '\u{0FBC}'),
            proptest::char::range('\u{1100}', '\u{11FF}'),
            proptest::char::range('\u{1E00}', '\u{1FFF}'),
            proptest::char::range('\u{3130}', '\u{33FF}'),
            proptest::char::range('\u{AC00}', '\u{AC60}'),
            proptest::char::range('\u{F900}', '\u{FB4F}'),
            proptest::char::range('\u{1D15E}', '\u{1D1C0}'),
            proptest::char::range('\u{2F800}', '\u{2FA1D}'),
            proptest::char::any(),
        ]
    }

    proptest::proptest! {
        /// On code points assigned in 3.2, Unicode 3.2 with all corrigenda
        /// is today's NFKC (decompositions and combining classes of
        /// assigned characters are stable; later composites are excluded).
        #[test]
        fn v3_2_with_corrigenda_is_latest(v in proptest::collection::vec(interesting_char(), 0..12)) {
            let s: String = v.into_iter().filter(|&c| !is_unassigned(c)).collect();
            let all = variant(V3_2, true, true, true);
            let latest = variant(Latest, true, true, true);
            proptest::prop_assert_eq!(nfkc(&s, &all), nfkc(&s, &latest));
        }

        /// Any string: no panic, and NFKC with Corrigendum #5 is idempotent.
        #[test]
        fn idempotent(v in proptest::collection::vec(interesting_char(), 0..12)) {
            let s: String = v.into_iter().collect();
            for u in [V3_2, V4_0] {
                let var = variant(u, true, false, true);
                let once = nfkc(&s, &var);
                proptest::prop_assert_eq!(nfkc(&once, &var), once.clone());
                let _ = nfkc(&s, &variant(u, false, true, false));
            }
            let _ = swap_corrigendum_5_sequences(&s);
        }
    }

    #[test]
    fn agrees_with_latest_on_assigned_characters() {
        // For assigned 3.2 characters, 3.2 with all corrigenda equals the
        // latest NFKC except the Corrigendum 5 cases (none here: one char).
        let v = variant(V3_2, true, true, true);
        let latest = variant(Latest, true, true, true);
        for cp in 0x80..0x3_0000u32 {
            let Some(c) = char::from_u32(cp) else {
                continue;
            };
            if is_unassigned(c) {
                continue;
            }
            let s = c.to_string();
            assert_eq!(nfkc(&s, &v), nfkc(&s, &latest), "U+{cp:04X}");
        }
        // The same for the characters Unicode 4.0 and 4.1 added.
        for (version, data, at_least) in [(V4_0, Data::V4_0, 1000), (V4_1, Data::V4_1, 2000)] {
            let v = variant(version, true, true, true);
            let mut added = 0;
            for cp in 0x80..0x11_0000u32 {
                let Some(c) = char::from_u32(cp) else {
                    continue;
                };
                if !is_unassigned(c) || !data.assigned(c) {
                    continue;
                }
                added += 1;
                let s = format!("a{c}\u{0316}");
                assert_eq!(nfkc(&s, &v), nfkc(&s, &latest), "U+{cp:04X}");
            }
            assert!(added > at_least, "{version:?}: {added}");
        }
    }

    /// The variants the exhaustive tests run: each version with each
    /// corrigendum flag on and off, the profiles' (CHROME / IE: 3.2 with #3
    /// and #5; GECKO: 4.1 with all) among them.
    fn own_variants() -> [NfkcVariant; 6] {
        [
            chrome(),
            variant(V3_2, false, true, false),
            variant(V4_0, true, true, true),
            variant(V4_0, false, false, false),
            variant(V4_1, true, true, true),
            variant(V4_1, false, true, false),
        ]
    }

    /// The own NFKC without the flag table: the maps alone.
    fn reference(s: &str, v: &NfkcVariant) -> String {
        let data = Data {
            use_flags: false,
            ..data_of(v.unicode).expect("own version")
        };
        let mut out = String::new();
        data.nfkc(s, v, &mut out);
        out
    }

    /// Every code point without the NFKC_OWN_MAYBE flag has class 0 and no
    /// decomposition in every own version, is no Hangul syllable, and
    /// composes with nothing before it (per the maps); alone and between
    /// two letters, it is its own NFKC under every own variant.
    #[test]
    fn no_flag_no_change() {
        let seconds: std::collections::HashSet<u32> =
            [&COMPOSE_3_2, &COMPOSE_4_0_ADDED, &COMPOSE_4_1_ADDED]
                .iter()
                .flat_map(|m| m.keys().map(|&k| k as u32))
                .collect();
        let variants = own_variants();
        let mut unflagged = 0;
        let mut buf = String::new();
        for c in (0..0x11_0000u32).filter_map(char::from_u32) {
            if may_change(c) {
                continue;
            }
            unflagged += 1;
            assert!(!seconds.contains(&(c as u32)), "{c:?}");
            assert!(!(S_BASE..S_BASE + S_COUNT).contains(&(c as u32)), "{c:?}");
            for v in &variants {
                let data = Data {
                    use_flags: false,
                    ..data_of(v.unicode).unwrap()
                };
                assert_eq!(data.ccc(c), 0, "{c:?}");
                assert_eq!(data.decomposition(c, v), None, "{c:?}");
                assert_eq!(data.compose('\u{1100}', c), None, "{c:?}");
                assert_eq!(data.compose('\u{AC00}', c), None, "{c:?}");
                buf.clear();
                buf.push(c);
                assert_eq!(reference(&buf, v), buf, "{c:?} {v:?}");
                buf.clear();
                buf.extend(['a', c, 'b']);
                assert_eq!(reference(&buf, v), buf, "{c:?} {v:?}");
                assert!(matches!(nfkc_cow(&buf, v), std::borrow::Cow::Borrowed(_)));
            }
        }
        // Most code points (the unassigned planes among them) are unflagged,
        // and the flagged ones are not a handful either.
        assert!(unflagged > 1_000_000, "{unflagged}");
        assert!(0x11_0000 - 0x800 - unflagged > 10_000, "{unflagged}");
    }

    /// Every code point [`latest_nfkc_leaves_alone`] says so of has class 0
    /// and NFKC_Quick_Check=Yes in `unicode-normalization`.
    #[test]
    fn latest_leaves_alone() {
        use unicode_normalization::{char::canonical_combining_class, is_nfkc_quick, IsNormalized};
        let mut alone = 0;
        for c in (0..0x11_0000u32).filter_map(char::from_u32) {
            if latest_nfkc_leaves_alone(c) {
                alone += 1;
                assert_eq!(canonical_combining_class(c), 0, "{c:?}");
                assert_eq!(
                    is_nfkc_quick(std::iter::once(c)),
                    IsNormalized::Yes,
                    "{c:?}"
                );
            }
        }
        assert!(alone > 100_000, "{alone}");
    }

    proptest::proptest! {
        /// With the flag table (and the copied prefix), the own NFKC and the
        /// Corrigendum 5 swap are those of the maps alone, and the latest
        /// NFKC is that of `unicode-normalization`.
        #[test]
        fn flags_change_nothing(v in proptest::collection::vec(interesting_char(), 0..12)) {
            let s: String = v.into_iter().collect();
            let plain41 = Data { use_flags: false, ..Data::V4_1 };
            proptest::prop_assert_eq!(swap_corrigendum_5_sequences(&s), swap_sequences(plain41, &s));
            let latest = variant(Latest, true, true, true);
            proptest::prop_assert_eq!(nfkc(&s, &latest), s.nfkc().collect::<String>());
            for var in own_variants() {
                proptest::prop_assert_eq!(nfkc(&s, &var), reference(&s, &var));
                for c in s.chars() {
                    let data = data_of(var.unicode).unwrap();
                    let plain = Data { use_flags: false, ..data };
                    proptest::prop_assert_eq!(data.ccc(c), plain.ccc(c));
                }
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(3000))]
        /// When [`quick_check_yes`] passes a string, NFKC leaves it as it
        /// is: the maps alone under every own variant, and
        /// `unicode-normalization` with `latest`.
        #[test]
        fn quick_check_is_right(v in proptest::collection::vec(interesting_char(), 0..12)) {
            let s: String = v.into_iter().collect();
            if quick_check_yes(&s, true) {
                proptest::prop_assert_eq!(s.nfkc().collect::<String>(), s.clone());
            }
            if quick_check_yes(&s, false) {
                for var in own_variants() {
                    proptest::prop_assert_eq!(reference(&s, &var), s.clone(), "{:?}", var);
                }
            }
        }
    }

    #[test]
    fn quick_check_passes_thai_and_hangul() {
        for s in [
            "\u{0E15}\u{0E31}\u{0E27}\u{0E2D}\u{0E22}\u{0E48}\u{0E32}\u{0E07}",
            "\u{B274}\u{C2A4}",
            "\u{05D7}\u{05D3}\u{05E9}\u{05D5}\u{05EA}",
        ] {
            assert!(quick_check_yes(s, true), "{s:?}");
            assert!(matches!(
                nfkc_cow(s, &chrome()),
                std::borrow::Cow::Borrowed(_)
            ));
        }
        for s in [
            "b\u{FC}cher",
            "\u{3AC}\u{3B8}\u{3AE}\u{3BD}\u{3B1}",
            "\u{1F85}",
        ] {
            assert!(quick_check_yes(s, true), "{s:?}");
        }
        for s in [
            "\u{FC}\u{316}",
            "a\u{316}\u{301}",
            "\u{1100}\u{1161}",
            "\u{AC00}\u{11A8}",
            "\u{FB01}",
            "\u{F951}",
            "\u{344}",
        ] {
            assert!(!quick_check_yes(s, false), "{s:?}");
        }
        assert!(!quick_check_yes("\u{0221}", true));
    }

    /// Every character with [`FLAG_NFKC_COMPOSITE`] is its own NFKC, alone,
    /// after a letter and before one, under every own variant (the maps
    /// alone) and the latest Unicode.
    #[test]
    fn composites_compose_back() {
        let mut n = 0;
        for c in (0..0x11_0000u32).filter_map(char::from_u32) {
            let f = flags(c);
            if f & FLAG_NFKC_COMPOSITE == 0 {
                continue;
            }
            n += 1;
            assert!(f & FLAG_NFKC_DECOMP != 0 && f & FLAG_NFKC_CCC == 0, "{c:?}");
            for s in [
                String::from(c),
                format!("a{c}b"),
                format!("\u{4E00}{c}\u{AC00}"),
            ] {
                assert!(quick_check_yes(&s, true), "{s:?}");
                assert_eq!(s.nfkc().collect::<String>(), s, "{s:?}");
                for v in own_variants() {
                    assert_eq!(reference(&s, &v), s, "{s:?} {v:?}");
                }
            }
        }
        assert!(n > 900, "{n}");
    }

    #[test]
    fn prefix_is_copied() {
        let v = chrome();
        assert_eq!(nfkc("abce\u{0301}x", &v), "abc\u{00E9}x");
        assert_eq!(nfkc("\u{0301}", &v), "\u{0301}");
        assert_eq!(nfkc("xy\u{1100}\u{1161}", &v), "xy\u{AC00}");
        assert_eq!(nfkc("\u{4E00}\u{FB01}", &v), "\u{4E00}fi");
        let latest = variant(Latest, true, true, true);
        assert_eq!(nfkc("abce\u{0301}x", &latest), "abc\u{00E9}x");
        assert_eq!(nfkc("xy\u{1100}\u{1161}", &latest), "xy\u{AC00}");
        assert_eq!(nfkc("x\u{0221}\u{FB01}", &latest), "x\u{0221}fi");
        assert!(matches!(
            nfkc_cow("bu\u{308}cher", &v),
            std::borrow::Cow::Owned(_)
        ));
        assert!(matches!(
            nfkc_cow("\u{0E44}\u{0E17}\u{0E22}", &v),
            std::borrow::Cow::Borrowed(_)
        ));
    }

    #[test]
    fn unicode_4_1_additions() {
        // U+FA70 CJK COMPATIBILITY IDEOGRAPH-FA70 and U+FE10 PRESENTATION
        // FORM FOR VERTICAL COMMA are new in 4.1: unassigned (left alone) in
        // 3.2 and 4.0, normalized in 4.1.
        let v40 = variant(V4_0, true, true, true);
        let v41 = variant(V4_1, true, true, true);
        assert_eq!(nfkc("a\u{FA70}\u{FE10}", &v40), "a\u{FA70}\u{FE10}");
        assert_eq!(nfkc("a\u{FA70}\u{FE10}", &v41), "a\u{4E26},");
        // U+1D6A4 MATHEMATICAL ITALIC SMALL DOTLESS I (4.1); U+1D7CA (5.0)
        // stays unassigned in 4.1.
        assert_eq!(nfkc("\u{1D6A4}\u{1D7CA}", &v41), "\u{131}\u{1D7CA}");
        // U+1DC0 COMBINING DOTTED GRAVE ACCENT (4.1, ccc 230) is reordered
        // after U+0316 (ccc 220) only in 4.1.
        assert_eq!(nfkc("a\u{1DC0}\u{316}", &v40), "a\u{1DC0}\u{316}");
        assert_eq!(nfkc("a\u{1DC0}\u{316}", &v41), "a\u{316}\u{1DC0}");
    }
}
