//! The tables of `compare`, `trace` and `test` line up as a terminal
//! shows them: a full-width character takes two columns, so a cell that
//! holds one is padded by its display width, not by its characters.

mod cli_support;
use cli_support::{run, stdout, temp_dir};

/// The terminal columns `c` takes: two for the East Asian wide and
/// full-width blocks the inputs below use, one otherwise (written out
/// here rather than taken from the crate the command uses).
fn columns(c: char) -> usize {
    match c {
        '\u{1100}'..='\u{115F}'
        | '\u{2E80}'..='\u{A4CF}'
        | '\u{AC00}'..='\u{D7A3}'
        | '\u{F900}'..='\u{FAFF}'
        | '\u{FF00}'..='\u{FF60}'
        | '\u{FFE0}'..='\u{FFE6}' => 2,
        _ => 1,
    }
}

/// The line as display columns: each character at the column it starts
/// in.
fn placed(line: &str) -> Vec<(usize, char)> {
    let mut col = 0;
    line.chars()
        .map(|c| {
            let at = col;
            col += columns(c);
            (at, c)
        })
        .collect()
}

/// The display columns where the line's space-separated words begin.
fn word_starts(line: &str) -> Vec<usize> {
    let mut starts = Vec::new();
    let mut previous = ' ';
    for (at, c) in placed(line) {
        if c != ' ' && previous == ' ' {
            starts.push(at);
        }
        previous = c;
    }
    starts
}

/// Whether a cell begins at display column `col` of `line`: a
/// non-space character there, after two spaces.
fn cell_starts_at(line: &str, col: usize) -> bool {
    let p = placed(line);
    let Some(i) = p.iter().position(|&(at, _)| at == col) else {
        return false;
    };
    p[i].1 != ' ' && i >= 2 && p[i - 1].1 == ' ' && p[i - 2].1 == ' '
}

fn has_wide(s: &str) -> bool {
    s.chars().any(|c| columns(c) == 2)
}

#[test]
fn compare_columns_after_full_width_text_line_up() {
    // `ie` keeps the Unicode host; `this` gives its Punycode, so that
    // only some rows hold full-width characters.
    let url = "http://例え.テスト/ｐａｔｈ";
    let o = run(
        &["compare", "--profile", "ie", "--profile", "this", url],
        b"",
    );
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    // The URL, the header, one row per profile, then `differs: ...`.
    let header = lines[1];
    assert!(header.trim_start().starts_with("profile"), "{out}");
    let rows = &lines[2..4];
    assert!(
        rows.iter().any(|r| has_wide(r)),
        "no row holds wide text:\n{out}"
    );
    assert!(
        rows.iter().any(|r| !has_wide(r)),
        "every row holds wide text:\n{out}"
    );
    let starts = word_starts(header);
    // profile, canonical and the one component that differs (host).
    assert!(starts.len() >= 3, "{out}");
    for row in rows {
        assert_eq!(word_starts(row), starts, "row {row:?} of\n{out}");
    }
}

#[test]
fn trace_columns_after_full_width_text_line_up() {
    let o = run(
        &[
            "trace",
            "--all",
            "--profile",
            "ie",
            "--profile",
            "this",
            "http://例え.テスト/",
        ],
        b"",
    );
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    let h = lines
        .iter()
        .position(|l| l.starts_with("step "))
        .unwrap_or_else(|| panic!("no step header:\n{out}"));
    let header = lines[h];
    let starts = word_starts(header);
    assert_eq!(
        starts.len(),
        5,
        "step marks profile before after: {header:?}"
    );
    let (before, after) = (starts[3], starts[4]);
    let steps: Vec<&str> = lines[h + 1..]
        .iter()
        .copied()
        .take_while(|l| !l.is_empty() && !l.starts_with("first divergence"))
        .collect();
    let wide: Vec<&&str> = steps.iter().filter(|l| has_wide(l)).collect();
    assert!(wide.len() >= 2, "no step shows the Unicode host:\n{out}");
    let mut checked = 0;
    for line in &steps {
        // A `before` cell: the host in quotes, or empty (a skipped step).
        if placed(line).iter().any(|&(at, c)| at == before && c == '"') {
            assert!(cell_starts_at(line, before), "before, {line:?} of\n{out}");
            // Every `after` cell is one word or more, after `before`.
            assert!(cell_starts_at(line, after), "after, {line:?} of\n{out}");
            checked += 1;
        }
    }
    assert!(
        checked > wide.len() / 2,
        "{checked} lines checked of\n{out}"
    );
    for line in wide {
        assert!(cell_starts_at(line, after), "after, {line:?} of\n{out}");
    }
}

#[test]
fn test_table_columns_after_a_full_width_file_name_line_up() {
    let dir = temp_dir("wide-names");
    let record = "#data\nhttp://a/\n#scheme http\n#host a\n#path /\n";
    std::fs::write(dir.join("例え.dat"), record).unwrap();
    std::fs::write(dir.join("plain.dat"), record).unwrap();
    let o = run(&["test", "--profile", "this", dir.to_str().unwrap()], b"");
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    // The header, two files, the total.
    let starts = word_starts(lines[0]);
    for row in &lines[1..4] {
        assert_eq!(word_starts(row).len(), 4, "{row:?} of\n{out}");
        // The numbers are right-aligned: their cells end together.
        let end = |l: &str| placed(l).last().map(|&(at, c)| at + columns(c));
        assert_eq!(end(row), end(lines[0]), "{row:?} of\n{out}");
        assert_eq!(word_starts(row)[1], starts[1], "{row:?} of\n{out}");
    }
    assert!(lines[1..3].iter().any(|l| has_wide(l)), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}
