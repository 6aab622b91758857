//! Wine's conformance tests (what Windows' urlmon and mshtml answer, IE
//! 7-9) against the `ie` profile: the rows of
//! tests/data/oracles/wine-1.5.26/rows.json (see
//! tests/oracles/extract_wine.py for what each kind and property means).

use crate::common::{data_dir, listing_dir, percent, read_json, show};
use libtest_mimic::Failed;
use serde::Deserialize;
use serde_json::Value;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use urlprism::{profile, Canonicalizer, ProfileSpec, Url};

const PROFILE: &str = "ie";
/// Shown beside it: the specification's own choice.
const REFERENCE: &str = "this";
/// The least number of rows the `ie` profile passes: the figure measured
/// with the observed steps taken from Wine's tests of Windows and urlmon's
/// rules (101 when the rows were extracted, 141 before the scheme types,
/// combining and the input rules).
const FLOOR: usize = 178;
/// The properties compared, in the order they are reported.
const PROPERTIES: [&str; 8] = [
    "absolute_uri",
    "host",
    "path",
    "query",
    "fragment",
    "user_name",
    "password",
    "port",
];

#[derive(Deserialize)]
struct Row {
    file: String,
    line: usize,
    kind: String,
    input: String,
    #[serde(default)]
    base: Option<String>,
    expect: Value,
}

/// urlmon's hierarchical scheme types (`is_hierarchical_scheme` of Wine
/// 1.5.26 `dlls/urlmon/uri.c`).
const HIERARCHICAL_SCHEME_TYPES: [&str; 9] = [
    "http", "ftp", "gopher", "nntp", "telnet", "wais", "file", "https", "res",
];

/// The port IUri reports for a URL without one: the scheme's default
/// (urlmon's known schemes).
fn default_port(scheme: &str) -> Option<u64> {
    match scheme {
        "http" => Some(80),
        "https" => Some(443),
        "ftp" => Some(21),
        "gopher" => Some(70),
        "telnet" => Some(23),
        _ => None,
    }
}

/// A property of the profile's URL as IUri reports it: the value and
/// whether it is present (S_OK rather than S_FALSE).
fn property(url: &Url, name: &str) -> (String, bool) {
    let parsed = url.to_parsed_url();
    let opt = |v: Option<String>| match v {
        Some(v) => (v, true),
        None => (String::new(), false),
    };
    match name {
        // IUri has no ABSOLUTE_URI (S_FALSE) for a URL of a hierarchical
        // scheme type written without an authority (Wine 1.5.26
        // dlls/urlmon/uri.c canonicalize_hierpart sets
        // URI_DISPLAY_NO_ABSOLUTE_URI; uri.c: `http:test.com/index.html`).
        "absolute_uri" => (
            url.as_str().to_string(),
            url.host_str().is_some() || !HIERARCHICAL_SCHEME_TYPES.contains(&url.scheme()),
        ),
        "host" => {
            // IUri's HOST has no brackets around an IPv6 address (it keeps
            // them around an IPvFuture literal, `[v2.34]`).
            let h = url.host_str().unwrap_or("");
            let h = match h.strip_prefix('[').and_then(|h| h.strip_suffix(']')) {
                Some(inner) if !inner.starts_with(['v', 'V']) => inner,
                _ => h,
            };
            (h.to_string(), !h.is_empty())
        }
        // IUri's PATH is there (S_OK) when the URL has a path component,
        // even an empty one (`zip:?test`).
        "path" => (url.path().to_string(), parsed.path.is_some()),
        "query" => opt(url.query().map(|q| format!("?{q}"))),
        "fragment" => opt(url.fragment().map(|f| format!("#{f}"))),
        "user_name" => opt(parsed.user),
        "password" => opt(parsed.password),
        _ => (String::new(), false),
    }
}

/// Whether the profile's outcome is the row's, and what differs.
fn check(row: &Row, got: &Result<Url, String>) -> Result<(bool, Vec<String>), String> {
    if row.expect == "invalid" {
        return Ok((
            got.is_err(),
            match got {
                Ok(u) => vec![format!("expected invalid, got {}", u.as_str())],
                Err(_) => vec![],
            },
        ));
    }
    let expect = row.expect.as_object().ok_or_else(|| {
        format!(
            "{}:{}: expect is neither \"invalid\" nor properties",
            row.file, row.line
        )
    })?;
    let url = match got {
        Ok(u) => u,
        Err(e) => return Ok((false, vec![format!("expected a URL, got the error {e}")])),
    };
    let mut diffs = Vec::new();
    for name in PROPERTIES {
        let Some(want) = expect.get(name) else {
            continue;
        };
        if name == "port" {
            let want = want.as_u64().ok_or("port is not a number")?;
            let ours = url
                .port()
                .map(u64::from)
                .or_else(|| default_port(url.scheme()));
            if ours != Some(want) {
                diffs.push(format!("port: expected {want}, got {ours:?}"));
            }
            continue;
        }
        let (value, present) = (
            want[0].as_str().ok_or("a property value is not a string")?,
            want[1]
                .as_bool()
                .ok_or("a property's presence is not a boolean")?,
        );
        let (ours, ours_present) = property(url, name);
        let agree = if present {
            ours_present && ours == value
        } else {
            !ours_present || ours.is_empty()
        };
        if !agree {
            diffs.push(format!(
                "{name}: expected {}, got {}",
                if present {
                    format!("{value:?}")
                } else {
                    "none".into()
                },
                if ours_present {
                    format!("{ours:?}")
                } else {
                    "none".into()
                }
            ));
        }
    }
    Ok((diffs.is_empty(), diffs))
}

fn run(p: &ProfileSpec, row: &Row) -> Result<Url, String> {
    let c = Canonicalizer::new(p);
    let c = match &row.base {
        Some(b) => c.base(b).map_err(|e| e.to_string())?,
        None => c,
    };
    c.canonicalize(&row.input).map_err(|e| e.to_string())
}

pub fn rows() -> Result<(), Failed> {
    let dir = data_dir().join("wine-1.5.26");
    let provenance = read_json(&dir.join("provenance.json"))?;
    let text = std::fs::read_to_string(dir.join("rows.json")).map_err(|e| e.to_string())?;
    let rows: Vec<Row> = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    if provenance["rows"].as_u64() != Some(rows.len() as u64) {
        return Err(format!(
            "rows.json holds {} rows, provenance.json says {}",
            rows.len(),
            provenance["rows"]
        )
        .into());
    }
    let ie = profile::builtin(PROFILE).ok_or("no ie profile")?;
    let this = profile::builtin(REFERENCE).ok_or("no this profile")?;
    let mut passed = 0;
    let mut reference_passed = 0;
    let mut by_kind: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    let mut by_property: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    let mut failures = String::new();
    for row in &rows {
        let got = run(ie, row);
        let (ok, diffs) = check(row, &got)?;
        passed += usize::from(ok);
        reference_passed += usize::from(check(row, &run(this, row))?.0);
        let k = by_kind.entry(row.kind.as_str()).or_default();
        k.0 += usize::from(ok);
        k.1 += 1;
        if let Some(expect) = row.expect.as_object() {
            for name in PROPERTIES {
                if expect.contains_key(name) {
                    let e = by_property.entry(name).or_default();
                    e.1 += 1;
                    e.0 += usize::from(
                        got.is_ok() && !diffs.iter().any(|d| d.starts_with(&format!("{name}:"))),
                    );
                }
            }
        }
        if !ok {
            let _ = writeln!(
                failures,
                "    {}:{} {} {:?}{}: {PROFILE} {}\n        {}",
                row.file.rsplit('/').next().unwrap_or(&row.file),
                row.line,
                row.kind,
                row.input,
                row.base
                    .as_deref()
                    .map(|b| format!(" base {b:?}"))
                    .unwrap_or_default(),
                show(got.as_ref().ok().map(|u| u.as_str())),
                diffs.join("; ")
            );
        }
    }
    let mut report = format!(
        "{PROFILE} on Wine {}'s conformance rows ({} rows, {} left out: {}): {passed} pass ({:.1}%); \
         {REFERENCE} passes {reference_passed}\n",
        provenance["wine_version"].as_str().unwrap_or("?"),
        rows.len(),
        provenance["left_out"].as_array().map_or(0, Vec::len),
        provenance["source"].as_str().unwrap_or("?"),
        percent(passed, rows.len()),
    );
    for (kind, (p, n)) in &by_kind {
        let _ = writeln!(report, "  {kind:<10} {p}/{n}");
    }
    let _ = writeln!(report, "  by property (rows that state it, agreeing):");
    for name in PROPERTIES {
        if let Some((p, n)) = by_property.get(name) {
            let _ = writeln!(report, "    {name:<14} {p}/{n}");
        }
    }
    if !failures.is_empty() {
        let _ = writeln!(report, "  failing rows:\n{failures}");
    }
    let _ = std::fs::write(listing_dir().join("wine-1.5.26-rows.txt"), &report);
    print!("{report}");
    if passed < FLOOR {
        return Err(format!(
            "{PROFILE} passes {passed} of Wine's {} rows, below {FLOOR}",
            rows.len()
        )
        .into());
    }
    if passed > FLOOR {
        println!("  (above the floor of {FLOOR}: raise FLOOR in tests/oracles/wine.rs)");
    }
    Ok(())
}
