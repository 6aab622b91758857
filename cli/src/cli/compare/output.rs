//! What `urlprism compare` prints for one input: the side-by-side table
//! (profile, canonical URL or error, and the components, the differing
//! ones highlighted), and corpus mode's tab-separated line.

use crate::cli::terminal::{paint, printable, BOLD_YELLOW, DIM, GREEN, RED};
use crate::cli::width::{display_width, pad};
use std::io::{self, Write};
use urlprism::compare::{Comparison, Engine, Field};

/// A tab-separated line: the input, the differing fields (comma-separated),
/// then one column per group of profiles with the same result:
/// `names=canonical` or `names=error: reason`.  Tabs and line breaks in the
/// input are written `\t`, `\n`, `\r`.
pub(super) fn tsv_line(out: &mut impl Write, c: &Comparison) -> io::Result<()> {
    let mut line = String::with_capacity(c.input.len() + 128);
    for ch in c.input.chars() {
        match ch {
            '\t' => line.push_str("\\t"),
            '\n' => line.push_str("\\n"),
            '\r' => line.push_str("\\r"),
            ch => line.push(ch),
        }
    }
    line.push('\t');
    let fields: Vec<&str> = c.differing.iter().map(|f| f.as_str()).collect();
    line.push_str(&fields.join(","));
    for g in c.groups() {
        line.push('\t');
        let names: Vec<&str> = g.iter().map(|&i| c.results[i].engine.as_str()).collect();
        line.push_str(&names.join(","));
        line.push('=');
        let r = &c.results[g[0]];
        match r.canonical() {
            Some(s) => line.push_str(s),
            None => {
                line.push_str("error: ");
                let e = r.rejection().map(|e| e.to_string()).unwrap_or_default();
                line.push_str(&e.replace(['\t', '\n', '\r'], " "));
            }
        }
    }
    line.push('\n');
    out.write_all(line.as_bytes())
}

/// The era of an engine for [`table`]: `2011` for a profile of the
/// specification's marked steps, `today` for an engine of today's
/// standard or browsers (the group [`urlprism::engines::TODAY`]), empty
/// for another.
pub(super) fn era(engine: &urlprism::engines::EngineSpec) -> &'static str {
    use urlprism::compare::Engine;
    let today = urlprism::engines::group(urlprism::engines::TODAY).unwrap_or_default();
    if engine.as_profile().is_some() {
        "2011"
    } else if today.iter().any(|t| t.name() == engine.name()) {
        "today"
    } else {
        ""
    }
}

/// The side-by-side table of one input: the era of each engine (`eras`,
/// one per result, shown when the table holds more than one), the
/// profile, its canonical URL (or error), and the components that differ,
/// highlighted (colored on a terminal, marked `*` otherwise).  Components
/// on which every result agrees are read in the canonical URL: the table
/// stays as narrow as the URL.
pub(super) fn table(c: &Comparison, eras: &[&str], color: bool, link: bool) -> String {
    let mut s = String::new();
    s.push_str(&paint(color, "\x1b[1m", &printable(&c.input)));
    if let Some(b) = &c.base {
        // For a link in a page, the base is its <base href>.
        let what = if link { "<base href>" } else { "base" };
        s.push_str(&format!("  ({what} {})", printable(b)));
    }
    s.push('\n');
    let differs = |f: Field| c.differing.contains(&f);
    let shown: Vec<Field> = Field::COMPONENTS
        .into_iter()
        .filter(|f| differs(*f) && c.results.iter().any(|r| r.field(*f).is_some()))
        .collect();
    let valid_differs = differs(Field::Valid);
    let heading = |name: &str, d: bool| {
        if d && !color {
            format!("{name}*")
        } else {
            name.to_string()
        }
    };
    // The era before the name, on the first of each era's rows.
    let era_width = eras.iter().map(|e| display_width(e)).max().unwrap_or(0);
    let with_era = |era: &str, name: &str| match era_width {
        0 => name.to_string(),
        w => format!("{}  {name}", pad(era, w)),
    };
    let mut header = vec![
        heading(&with_era("", "profile"), false),
        heading("canonical", valid_differs || !c.differing.is_empty()),
    ];
    header.extend(shown.iter().map(|f| heading(f.as_str(), differs(*f))));
    let mut rows: Vec<Vec<(String, Option<&str>)>> = Vec::new();
    for (i, r) in c.results.iter().enumerate() {
        let era = eras.get(i).copied().unwrap_or("");
        let first_of_era = i == 0 || eras.get(i - 1).copied().unwrap_or("") != era;
        let name = with_era(if first_of_era { era } else { "" }, &printable(&r.engine));
        let mut row = vec![(name, None)];
        match r.canonical() {
            Some(canon) => {
                row.push((printable(canon).into_owned(), None));
                for f in &shown {
                    let v = match r.field(*f) {
                        None => "-".to_string(),
                        Some("") => "\"\"".to_string(),
                        Some(v) => printable(v).into_owned(),
                    };
                    row.push((v, differs(*f).then_some(BOLD_YELLOW)));
                }
            }
            None => {
                let e = r.rejection().map(|e| e.to_string()).unwrap_or_default();
                let e = format!("error: {}", printable(&e));
                // The string the browser showed for the invalid URL, which
                // the message ends with, greyed.
                let shown_at = r
                    .rejection()
                    .and_then(|j| j.displayed())
                    .and_then(|_| e.rfind(" (shown as "));
                match shown_at {
                    Some(i) if color => row.push((
                        format!("{}{}", paint(true, RED, &e[..i]), paint(true, DIM, &e[i..])),
                        None,
                    )),
                    _ => row.push((e, Some(RED))),
                }
                // The error is the last column, unpadded.
            }
        }
        rows.push(row);
    }
    let ncols = header.len();
    let mut width = vec![0; ncols];
    for (k, h) in header.iter().enumerate() {
        width[k] = display_width(h);
    }
    for row in &rows {
        // An error cell spans the component columns: it does not widen
        // the canonical column.
        let spans = row.len() == 2 && !shown.is_empty();
        for (k, (cell, _)) in row.iter().enumerate() {
            if spans && k == 1 {
                continue;
            }
            width[k] = width[k].max(display_width(cell));
        }
    }
    let line = |cells: Vec<(String, Option<&str>)>, s: &mut String| {
        s.push_str("  ");
        let n = cells.len();
        for (k, (cell, col)) in cells.into_iter().enumerate() {
            let last = k + 1 == n;
            let text = if last { cell } else { pad(&cell, width[k]) };
            match col {
                Some(col) if color => s.push_str(&paint(true, col, &text)),
                _ => s.push_str(&text),
            }
            if !last {
                s.push_str("  ");
            }
        }
        s.push('\n');
    };
    let header_cells = header
        .into_iter()
        .enumerate()
        .map(|(k, h)| {
            let d = match k {
                0 => false,
                1 => !c.differing.is_empty(),
                _ => differs(shown[k - 2]),
            };
            (h, d.then_some(BOLD_YELLOW))
        })
        .collect();
    line(header_cells, &mut s);
    for row in rows {
        line(row, &mut s);
    }
    if c.agree() {
        s.push_str(&format!(
            "  {}\n",
            paint(color, GREEN, "all profiles agree")
        ));
    } else {
        let fields: Vec<&str> = c.differing.iter().map(|f| f.as_str()).collect();
        let groups: Vec<String> = c
            .groups()
            .iter()
            .map(|g| {
                g.iter()
                    .map(|&i| c.results[i].engine.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            })
            .collect();
        s.push_str(&format!(
            "  {} {}  (groups: {})\n",
            paint(color, BOLD_YELLOW, "differs:"),
            fields.join(", "),
            groups.join(" | ")
        ));
    }
    s
}

/// The "shown as" rows: the whole text each engine with an address bar
/// shows of its canonical URL ([`Engine::display`]: the host as its IDN
/// policy shows it, the rest decoded for display, before the bar leaves
/// parts out), when they group the engines otherwise than their canonical
/// URLs do (`http://xn--ls8h.la/`, one URL, is `http://💩.la/` in WebKit
/// alone); `None` when the bars only repeat the canonical URLs'
/// differences or fewer than two engines have one.
pub(super) fn shown_as(c: &Comparison, engines: &[&dyn Engine], color: bool) -> Option<String> {
    let shown: Vec<(&str, &str, String)> = c
        .results
        .iter()
        .zip(engines)
        .filter_map(|(r, e)| {
            let canonical = r.canonical()?;
            let d = e.display(canonical)?.ok()?;
            Some((r.engine.as_str(), canonical, d.full))
        })
        .collect();
    // Which engines give the same value, pair by pair.
    let pairs = |same: &dyn Fn(usize, usize) -> bool| -> Vec<bool> {
        (0..shown.len())
            .flat_map(|i| (0..shown.len()).map(move |j| (i, j)))
            .map(|(i, j)| same(i, j))
            .collect()
    };
    if shown.len() < 2
        || pairs(&|i, j| shown[i].1 == shown[j].1) == pairs(&|i, j| shown[i].2 == shown[j].2)
    {
        return None;
    }
    let shown: Vec<(&str, String)> = shown.into_iter().map(|(n, _, f)| (n, f)).collect();
    let width = shown
        .iter()
        .map(|(n, _)| display_width(n))
        .max()
        .unwrap_or(0);
    let mut s = format!(
        "  {}\n",
        paint(color, BOLD_YELLOW, "shown as (address bar, in full):")
    );
    for (name, text) in &shown {
        s.push_str(&format!("    {}  {}\n", pad(name, width), printable(text)));
    }
    Some(s)
}
