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
/// assert_eq!(urlprism::preprocess::preprocess(" \thttp://a\n/b\u{FFFF} "), "http://a/b\u{FFFD}");
/// ```
pub fn preprocess(s: &str) -> std::borrow::Cow<'_, str> {
    let trim = |c: char| c == '\u{B}' || c == '\u{C}' || c == ' ';
    let needs_work = s
        .chars()
        .any(|c| c == '\t' || c == '\n' || c == '\r' || (c as u32 >= 0xFDD0 && is_noncharacter(c)));
    if !needs_work {
        return std::borrow::Cow::Borrowed(s.trim_matches(trim));
    }
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\t' | '\n' | '\r' => {}
            c if is_noncharacter(c) => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    let t = out.trim_matches(trim);
    std::borrow::Cow::Owned(t.to_string())
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
}
