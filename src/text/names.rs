//! The name closest to a misspelt one, for the "did you mean" of an
//! unknown profile or kind of key (the command line and the Python
//! package give the same suggestion).

/// The one of `names` closest to `name` (ASCII case-insensitively): the
/// nearest by edit distance when it is at most two edits away (and no
/// more than half its length), or else one that `name` (two characters
/// or more) begins; `None` when none is close.
///
/// ```
/// use urlprism::text::names::closest;
/// let names = ["this", "chrome", "gecko", "ie", "whatwg"];
/// assert_eq!(closest("chrom", &names), Some("chrome"));
/// assert_eq!(closest("GEKCO", &names), Some("gecko"));
/// assert_eq!(closest("what", &names), Some("whatwg"));
/// assert_eq!(closest("safari", &names), None);
/// ```
pub fn closest<'a>(name: &str, names: &[&'a str]) -> Option<&'a str> {
    let name = name.to_ascii_lowercase();
    names
        .iter()
        .copied()
        .min_by_key(|n| edit_distance(&name, n))
        .filter(|n| {
            let d = edit_distance(&name, n);
            d <= 2.min(n.len() / 2) || (name.len() >= 2 && n.starts_with(name.as_str()))
        })
}

/// The Levenshtein distance between `a` and `b` (as characters).
pub fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1)
                .min(row[j] + 1)
                .min(diagonal + usize::from(ca != cb));
            diagonal = above;
        }
    }
    row[b.len()]
}
