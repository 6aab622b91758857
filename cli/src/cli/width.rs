//! Table columns as a terminal shows them: a cell's width is its display
//! width (a full-width character such as `例` takes two columns, a
//! combining mark none), not its number of characters or bytes.  Every
//! table the commands print pads its cells here.

use unicode_width::UnicodeWidthStr;

/// The number of terminal columns `text` takes (control characters,
/// which the tables escape first, count as none).
pub(super) fn display_width(text: &str) -> usize {
    UnicodeWidthStr::width(text)
}

/// `text` followed by spaces up to `width` columns (as it is when it is
/// already that wide or wider).
pub(super) fn pad(text: &str, width: usize) -> String {
    let fill = width.saturating_sub(display_width(text));
    let mut s = String::with_capacity(text.len() + fill);
    s.push_str(text);
    s.extend(std::iter::repeat_n(' ', fill));
    s
}

/// `text` preceded by spaces up to `width` columns.
pub(super) fn pad_left(text: &str, width: usize) -> String {
    let fill = width.saturating_sub(display_width(text));
    let mut s = String::with_capacity(text.len() + fill);
    s.extend(std::iter::repeat_n(' ', fill));
    s.push_str(text);
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_and_zero_width_characters() {
        assert_eq!(display_width("abc"), 3);
        assert_eq!(display_width("例え.テスト"), 11);
        assert_eq!(display_width("e\u{301}"), 1);
        assert_eq!(pad("例え", 6), "例え  ");
        assert_eq!(pad("abcdef", 3), "abcdef");
        assert_eq!(pad_left("例", 4), "  例");
    }
}
