//! Runs the conformance suite under every built-in profile: the copy
//! vendored in `tests/data/tests-web-url/`, and the shared suite's A.1
//! files when `../shared` is there (required when `CI` is set).
//!
//! The records a profile fails must be exactly those listed for it in
//! `tests/conformance-expected-failures.toml` (file, line, input and the
//! reason): a record that starts failing fails the test, and so does a
//! listed record that starts passing (remove it from the list), so that
//! one fix cannot hide one regression.
//!
//! `URLPRISM_UPDATE_EXPECTED_FAILURES=1 cargo test --release --test
//! conformance` rewrites the list from the current failures (keeping the
//! reasons of the records that stay, `unknown` for new ones); review the
//! diff.

use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use urlprism::conformance::{read_suite_file, run_suite, SuiteFile, Summary};
use urlprism::observed::input::{observed_input, observed_input_invalid};
use urlprism::profile::builtin_profiles;
use urlprism::url::components::InvalidReason;
use urlprism::Profile;

mod common;
mod suite;

/// One record a profile is expected to fail.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
struct Expected {
    /// The suite file, relative to the suite directory.
    file: String,
    /// The line of the record's `#data`.
    line: usize,
    /// The record's input (its `#data`), to catch a list gone stale.
    input: String,
    /// Why the profile fails it.
    reason: String,
}

/// Profile name → the records it is expected to fail.
type ExpectedFailures = BTreeMap<String, Vec<Expected>>;

fn list_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/conformance-expected-failures.toml")
}

fn read_list() -> ExpectedFailures {
    let path = list_path();
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

const LIST_HEADER: &str = "\
# The conformance records each built-in profile is expected to fail, with
# the reason.  tests/conformance.rs fails when a record not listed here
# fails, and when a listed record passes.  Records of the A.1 files
# (generated/*-a1-*) are checked when ../shared is there.
#
# Rewrite from the current failures (keeping the reasons of the records
# that stay) with
#
#     URLPRISM_UPDATE_EXPECTED_FAILURES=1 cargo test --release --test conformance
#
# and review the diff.

";

/// Every suite file to run, in the runner's form.
fn suite_files() -> Vec<SuiteFile> {
    suite::files()
        .into_iter()
        .map(|(name, path)| SuiteFile { path, name })
        .collect()
}

/// (file, line) of each record `profile` failed.
fn failures_of(summary: &Summary, profile: &str) -> BTreeMap<(String, usize), String> {
    summary
        .for_profile(profile)
        .flat_map(|r| {
            r.failures
                .iter()
                .map(|f| ((r.name.clone(), f.line), f.input.clone()))
        })
        .collect()
}

/// One line per profile: passed of total, on the vendored files and on
/// all the files run.
fn summary_lines(summary: &Summary, profiles: &[&str]) -> String {
    let mut s = String::new();
    for p in profiles {
        let (mut vp, mut vt, mut ap, mut at) = (0, 0, 0, 0);
        for r in summary.for_profile(p) {
            if !suite::is_a1(&r.name) {
                vp += r.passed;
                vt += r.passed + r.failed;
            }
            ap += r.passed;
            at += r.passed + r.failed;
        }
        let pct = |a: usize, b: usize| 100.0 * a as f64 / b.max(1) as f64;
        s.push_str(&format!(
            "{p:<8} vendored {vp}/{vt} ({:.2}%)   all files run {ap}/{at} ({:.2}%)\n",
            pct(vp, vt),
            pct(ap, at)
        ));
    }
    s
}

#[test]
fn profiles_fail_exactly_the_expected_records() {
    let files = suite_files();
    let ran: BTreeSet<&str> = files.iter().map(|f| f.name.as_str()).collect();
    // parsing, resolving, 18 decomps files, 4 B and 18 C files.
    let vendored = ran.iter().filter(|n| !suite::is_a1(n)).count();
    assert!(
        vendored >= 42,
        "only {vendored} suite files found under {}",
        suite::vendored_dir().display()
    );
    let profiles = builtin_profiles();
    let names: Vec<&str> = profiles.iter().map(|p| p.name.as_str()).collect();
    let dyn_profiles: Vec<&dyn Profile> = profiles.iter().map(|p| p as &dyn Profile).collect();
    let summary = run_suite(&files, &dyn_profiles).unwrap_or_else(|e| panic!("{e}"));
    println!("{}", summary_lines(&summary, &names));

    let list = read_list();
    if std::env::var_os("URLPRISM_UPDATE_EXPECTED_FAILURES").is_some() {
        write_list(&summary, &names, &list, &ran);
        return;
    }
    let mut problems = Vec::new();
    for p in &names {
        let failed = failures_of(&summary, p);
        let expected: BTreeMap<(String, usize), &Expected> = list
            .get(*p)
            .into_iter()
            .flatten()
            .filter(|e| ran.contains(e.file.as_str()))
            .map(|e| ((e.file.clone(), e.line), e))
            .collect();
        for ((file, line), input) in &failed {
            match expected.get(&(file.clone(), *line)) {
                None => problems.push(format!("{p}: {file}:{line} {input:?} fails (not listed)")),
                Some(e) if e.input != *input => problems.push(format!(
                    "{p}: {file}:{line} is listed with input {:?} but the record's input is {input:?}",
                    e.input
                )),
                Some(_) => {}
            }
        }
        for ((file, line), e) in &expected {
            if !failed.contains_key(&(file.clone(), *line)) {
                problems.push(format!(
                    "{p}: {file}:{line} {:?} passes but is listed as failing ({}): remove it from the list",
                    e.input, e.reason
                ));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "the failures differ from {}:\n{}",
        list_path().display(),
        problems.join("\n")
    );

    // The bar: THIS passes every vendored record.
    let this_vendored: Vec<String> = failures_of(&summary, "this")
        .into_keys()
        .filter(|(file, _)| !suite::is_a1(file))
        .map(|(file, line)| format!("{file}:{line}"))
        .collect();
    assert!(this_vendored.is_empty(), "THIS fails {this_vendored:?}");
    this_failures_are_unicode_drift_only(&summary);
}

/// Rewrites the list from the failures of `summary`, keeping the reasons
/// of the records that stay, and the entries of files that did not run.
fn write_list(summary: &Summary, profiles: &[&str], old: &ExpectedFailures, ran: &BTreeSet<&str>) {
    let assigned = assigned_in_6_0();
    let mut new = ExpectedFailures::new();
    for p in profiles {
        let old_entries = old.get(*p).map(Vec::as_slice).unwrap_or(&[]);
        let mut entries: Vec<Expected> = old_entries
            .iter()
            .filter(|e| !ran.contains(e.file.as_str()))
            .cloned()
            .collect();
        for ((file, line), input) in failures_of(summary, p) {
            let kept = old_entries
                .iter()
                .find(|e| e.file == file && e.line == line && e.input == input);
            let reason = match kept {
                Some(e) => e.reason.clone(),
                None if *p == "this" => drift_reason(&input, &assigned),
                None => "unknown".to_string(),
            };
            entries.push(Expected {
                file,
                line,
                input,
                reason,
            });
        }
        entries.sort();
        if !entries.is_empty() {
            new.insert(p.to_string(), entries);
        }
    }
    let text = toml::to_string(&new).expect("the list serializes");
    std::fs::write(list_path(), format!("{LIST_HEADER}{text}"))
        .unwrap_or_else(|e| panic!("cannot write {}: {e}", list_path().display()));
    eprintln!("wrote {}", list_path().display());
}

/// The list names only built-in profiles, existing vendored files and
/// records that are there with the input given, once each, with a reason.
#[test]
fn expected_failures_list_is_well_formed() {
    let list = read_list();
    let names: Vec<&str> = builtin_profiles().iter().map(|p| p.name.as_str()).collect();
    let mut records: BTreeMap<String, BTreeMap<usize, String>> = BTreeMap::new();
    for (profile, entries) in &list {
        assert!(
            names.contains(&profile.as_str()),
            "unknown profile {profile:?}"
        );
        let mut seen = BTreeSet::new();
        for e in entries {
            assert!(
                !e.reason.trim().is_empty(),
                "{profile}: {}:{} has no reason",
                e.file,
                e.line
            );
            assert!(
                seen.insert((&e.file, e.line)),
                "{profile}: {}:{} twice",
                e.file,
                e.line
            );
            if suite::is_a1(&e.file) {
                continue;
            }
            let lines = records.entry(e.file.clone()).or_insert_with(|| {
                read_suite_file(&suite::vendored(&e.file))
                    .unwrap_or_else(|err| panic!("{err}"))
                    .into_iter()
                    .map(|r| (r.line, r.data().to_string()))
                    .collect()
            });
            assert_eq!(
                lines.get(&e.line),
                Some(&e.input),
                "{profile}: {}:{} is not a record with that input",
                e.file,
                e.line
            );
        }
    }
}

/// Code points assigned in Unicode 6.0 (`data/unicode-6.0-assigned.txt`).
fn assigned_in_6_0() -> Vec<(u32, u32)> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data/unicode-6.0-assigned.txt");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (a, b) = l.split_once("..").unwrap_or((l, l));
            let hex = |h: &str| u32::from_str_radix(h.trim(), 16).expect("hex code point");
            (hex(a), hex(b))
        })
        .collect()
}

/// Whether the THIS profile may legitimately differ from the suite on `c`
/// because of the Unicode version: the suite's "latest Unicode" results were
/// made with Unicode 6.0 (suite README, "Unicode version").  Derived from
/// the data alone: `c` was unassigned in Unicode 6.0 (so 6.0's NFKC left it
/// alone) and the NFKC of this build's latest Unicode changes it.
fn is_unicode_drift(c: char, assigned: &[(u32, u32)]) -> bool {
    let cp = c as u32;
    let in_6_0 = assigned.iter().any(|&(lo, hi)| lo <= cp && cp <= hi);
    let latest = urlprism::profile::this().nameprep.nfkc;
    !in_6_0 && urlprism::text::unicode::nfkc::nfkc(&c.to_string(), &latest) != c.to_string()
}

/// The reason a THIS failure is listed with: the Unicode-drift code points
/// of its input, or `unknown`.
fn drift_reason(input: &str, assigned: &[(u32, u32)]) -> String {
    let cps: Vec<String> = input
        .chars()
        .filter(|&c| is_unicode_drift(c, assigned))
        .map(|c| format!("U+{:04X}", c as u32))
        .collect();
    if cps.is_empty() {
        return "unknown".to_string();
    }
    format!(
        "Unicode version: {} unassigned in Unicode 6.0 (the suite's), changed by the NFKC of Unicode {:?}",
        cps.join(", "),
        unicode_normalization::UNICODE_VERSION
    )
}

/// THIS must pass every record of the suite except those whose input holds
/// a Unicode-drift code point; those are listed (by code point) on stdout.
fn this_failures_are_unicode_drift_only(summary: &Summary) {
    let assigned = assigned_in_6_0();
    let mut unexplained = Vec::new();
    let mut drift: BTreeMap<u32, usize> = BTreeMap::new();
    for r in summary.reports.iter().filter(|r| r.profile == "this") {
        for f in &r.failures {
            let cps: Vec<char> = f
                .input
                .chars()
                .filter(|&c| is_unicode_drift(c, &assigned))
                .collect();
            if cps.is_empty() {
                unexplained.push(format!("{}:{} {:?}", r.name, f.line, f.input));
            }
            for c in cps {
                *drift.entry(c as u32).or_default() += 1;
            }
        }
    }
    println!(
        "THIS: {} records differ because of Unicode versions newer than 6.0, {} code points",
        drift.values().sum::<usize>(),
        drift.len()
    );
    assert!(
        unexplained.is_empty(),
        "THIS fails records not explained by Unicode versions:\n{}",
        unexplained.join("\n")
    );
}

/// Whether `p` has URL-level rules that take a URL by its kind, resolve
/// `file:` URLs otherwise, or resolve against the canonical base
/// (`observed_kind`, `UrlParams::file_paths_as_posix`,
/// `UrlParams::base_canonicalized`): the public steps on one shared parse
/// (`canonicalize_each`) do not follow them.
fn reads_whole_urls(p: &dyn Profile) -> bool {
    let url = p.url();
    url.path_urls
        || url.mailto_path_and_query
        || url.file_paths_as_posix
        || url.network_path_after_trim_is_invalid
        || url.base_canonicalized
}

/// What the public steps give for `data` (the observed steps on the input
/// made it `input`) against `given_base` under `p`, taking the URL-level
/// rules of [`reads_whole_urls`] as a `Canonicalizer` does: a kind of
/// URL decided whole, the base canonicalized, `file:` URLs resolved as the
/// profile resolves them.
fn steps_alone(
    p: &dyn Profile,
    data: &str,
    input: &str,
    given_base: Option<&str>,
    enc: &'static urlprism::encoding_rs::Encoding,
) -> Result<urlprism::ParsedUrl, urlprism::Error> {
    if reads_whole_urls(p) {
        return urlprism::observed::kind::canonicalize_by_the_steps(data, given_base, p, enc);
    }
    let base = urlprism::parse(given_base.unwrap_or(input));
    urlprism::canonicalize(&urlprism::resolve(input, &base), p, enc)
}

/// For every input and base of the vendored suite, under every built-in
/// profile: the profiles together (`Canonicalizer::canonicalize_each`,
/// `canonicalize_each`) give what each gives alone, and a canonical `Url`
/// has at its offsets the components the steps give.
#[test]
fn profiles_together_equal_profiles_alone_and_urls_match_the_steps() {
    let profiles: Vec<&dyn Profile> = builtin_profiles()
        .iter()
        .map(|p| p as &dyn Profile)
        .collect();
    let plans: Vec<&urlprism::profile::plan::Plan> =
        urlprism::profile::plan::builtin_plans().iter().collect();
    let mut checked = 0;
    for (name, path) in suite::files().into_iter().filter(|(n, _)| !n.contains('/')) {
        for r in read_suite_file(&path).unwrap() {
            let enc = urlprism::conformance::record_encoding(&r);
            let base = urlprism::parse(r.base().unwrap_or(r.data()));
            let resolved = urlprism::resolve(r.data(), &base);
            let together = urlprism::canonicalize_each(&resolved, &profiles, enc);
            // A profile's observed steps on the input (`[observed.url]`)
            // make it read another URL: its steps run on that one, and
            // the profiles together on the same parse compare only when
            // no profile changes the input (or finds it invalid).
            let input_of = |p: &dyn Profile| observed_input(p.url(), r.data(), r.base());
            let rewritten = profiles.iter().any(|p| {
                input_of(*p) != r.data() || observed_input_invalid(p.url(), r.data()).is_some()
            });
            let Ok(c) = common::canonicalizer(r.base(), urlprism::profile::this(), enc) else {
                assert!(base.is_invalid(), "{name}:{}", r.line);
                continue;
            };
            let urls = c.canonicalize_each(r.data(), &plans);
            for ((p, t), u) in profiles.iter().zip(&together).zip(&urls) {
                let input = input_of(*p);
                let alone = match observed_input_invalid(p.url(), r.data()) {
                    Some(reason) => Err(urlprism::Error::Invalid(reason)),
                    None => steps_alone(*p, r.data(), &input, r.base(), enc),
                };
                if !rewritten && !reads_whole_urls(*p) {
                    assert_eq!(t, &alone, "{name}:{} under {}", r.line, p.name());
                }
                let url_alone = common::canonicalizer(r.base(), *p, enc).map_or_else(
                    |_| Err(urlprism::Error::Invalid(InvalidReason::InvalidBase)),
                    |c| c.canonicalize(r.data()),
                );
                assert_eq!(u, &url_alone, "{name}:{} under {} (Url)", r.line, p.name());
                match (u, &alone) {
                    (Ok(u), Ok(a)) => common::check_url_components(u, a)
                        .unwrap_or_else(|e| panic!("{name}:{} under {}: {e}", r.line, p.name())),
                    (Err(_), Err(_)) => {}
                    (u, a) => panic!(
                        "{name}:{} under {}: {u:?} but the steps give {a:?}",
                        r.line,
                        p.name()
                    ),
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 10_000, "only {checked} results checked");
}
