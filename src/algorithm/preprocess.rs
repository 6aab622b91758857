//! The "steps to preprocess a string".

/// Whether `c` is replaced by U+FFFD in preprocessing step 2: surrogates,
/// noncharacters (U+FDD0..U+FDEF and U+xFFFE, U+xFFFF).  Surrogates and
/// non-Unicode code points cannot occur in a Rust `str`.
#[inline]
pub fn is_noncharacter(c: char) -> bool {
    let u = c as u32;
    (0xFDD0..=0xFDEF).contains(&u) || (u & 0xFFFE) == 0xFFFE
}

/// The steps to preprocess a string:
///
/// 2. replace noncharacters by U+FFFD;
/// 3. remove U+0009, U+000A and U+000D;
/// 4. remove U+000B, U+000C and U+0020 at the beginning and the end.
///
/// ```
/// assert_eq!(urlprism::algorithm::preprocess::preprocess(" \thttp://a\n/b\u{FFFF} "), "http://a/b\u{FFFD}");
/// ```
pub fn preprocess(s: &str) -> std::borrow::Cow<'_, str> {
    // Fast path: a single byte scan.  Only U+0009, U+000A, U+000D and the
    // noncharacters need work, and every noncharacter is encoded in UTF-8
    // with a lead byte of 0xEF (U+FDD0..U+FDEF, U+FFFE, U+FFFF) or 0xF0 to
    // 0xF4 (U+1FFFE ... U+10FFFF), so a string without those bytes is only
    // trimmed.
    if !may_need_work(s.as_bytes()) {
        return std::borrow::Cow::Borrowed(trim(s));
    }
    let needs_work = s
        .chars()
        .any(|c| c == '\t' || c == '\n' || c == '\r' || (c as u32 >= 0xFDD0 && is_noncharacter(c)));
    if !needs_work {
        return std::borrow::Cow::Borrowed(trim(s));
    }
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\t' | '\n' | '\r' => {}
            c if is_noncharacter(c) => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    let t = trim(&out);
    if t.len() == out.len() {
        return std::borrow::Cow::Owned(out);
    }
    std::borrow::Cow::Owned(t.to_string())
}

/// Whether `bytes` holds a tab, LF, CR, or a UTF-8 lead byte of a
/// noncharacter (0xEF, 0xF0..=0xF4; every byte ≥ 0xEF is taken, which is
/// only a little wider).  Written as branch-free folds over 16-byte chunks
/// so that the compiler vectorizes them.
#[inline]
fn may_need_work(bytes: &[u8]) -> bool {
    #[inline(always)]
    fn flag(b: u8) -> bool {
        (b == b'\t') | (b == b'\n') | (b == b'\r') | (b >= 0xEF)
    }
    let mut chunks = bytes.chunks_exact(16);
    for chunk in &mut chunks {
        if chunk.iter().fold(false, |acc, &b| acc | flag(b)) {
            return true;
        }
    }
    chunks.remainder().iter().any(|&b| flag(b))
}

/// Step 4: removes U+000B, U+000C and U+0020 at both ends.  They are ASCII,
/// so the byte offsets found are character boundaries.
#[inline]
fn trim(s: &str) -> &str {
    let trimmed = |b: &u8| matches!(*b, 0x0B | 0x0C | b' ');
    let bytes = s.as_bytes();
    let start = bytes
        .iter()
        .position(|b| !trimmed(b))
        .unwrap_or(bytes.len());
    let end = bytes
        .iter()
        .rposition(|b| !trimmed(b))
        .map_or(start, |e| e + 1);
    &s[start..end.max(start)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn removes_tab_lf_cr_and_trims() {
        assert_eq!(preprocess("\u{B}\u{C} a\tb\nc\rd \u{C}"), "abcd");
        assert_eq!(preprocess("\u{0}a\u{0}"), "\u{0}a\u{0}");
    }

    #[test]
    fn trims_after_removing() {
        // A tab between trailing spaces does not protect them.
        assert_eq!(preprocess("a \t "), "a");
    }

    #[test]
    fn noncharacters_become_replacement() {
        assert_eq!(
            preprocess("\u{FDD0}\u{1FFFE}\u{10FFFF}"),
            "\u{FFFD}\u{FFFD}\u{FFFD}"
        );
        assert_eq!(preprocess("\u{FDCF}\u{FFFD}"), "\u{FDCF}\u{FFFD}");
    }

    /// The steps to preprocess a string, written plainly.
    fn reference(s: &str) -> String {
        let t: String = s
            .chars()
            .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
            .map(|c| if is_noncharacter(c) { '\u{FFFD}' } else { c })
            .collect();
        t.trim_matches(|c| c == '\u{B}' || c == '\u{C}' || c == ' ')
            .to_string()
    }

    proptest::proptest! {
        #[test]
        fn agrees_with_reference(s in "[ \t\n\r\u{B}\u{C}a%\u{E9}\u{FDCF}-\u{FDF0}\u{FFFC}-\u{FFFF}\u{1FFFD}-\u{1FFFF}\u{10FFFF}]{0,12}") {
            proptest::prop_assert_eq!(preprocess(&s), reference(&s));
        }
    }

    #[test]
    fn fast_path_agrees_with_the_definition() {
        for s in [
            "",
            " ",
            "\u{B}\u{C} ",
            " a ",
            "a",
            "http://a/b",
            " \u{B}x\u{C}y ",
            "\u{EFFF}\u{FFFE}\u{F0000}\u{FFFD}",
            "é一\u{1F600}",
            "\u{FDEF}\u{FDF0}",
            "\u{10FFFE}\u{10FFFD}",
            "\u{2FFFF}a",
            "\u{A0} a \u{A0}",
            "\t \n",
        ] {
            assert_eq!(preprocess(s), reference(s), "{s:?}");
        }
    }
}
