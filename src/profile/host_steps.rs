//! The step registry: every step of Nameprep and CanonicalizeHost, and the
//! observed browser steps beyond the specification, as one [`Step`] item
//! with its number, its marks, its origin and the profile parameter that
//! switches it.  The pipelines name a step by its number; traces (and so
//! `urlprism trace`) take its marks from here.
//!
//! ```
//! use urlprism::profile::host_steps::{find, Mark, Origin, CANONICALIZE_HOST};
//! let s = find(CANONICALIZE_HOST, "6").unwrap();
//! assert_eq!(s.marks, [Mark::This, Mark::Chrome]);
//! assert_eq!(s.label, "THIS/CHROME");
//! assert_eq!(find(CANONICALIZE_HOST, "7a").unwrap().origin, Origin::Observed);
//! ```

use crate::profile::{Fallback, HostPercentDecoding, Ipv4Rule, LabelConversion, Profile, RootDot};

/// The pipeline name of CanonicalizeHost's steps.
pub const CANONICALIZE_HOST: &str = "CanonicalizeHost";
/// The pipeline name of Nameprep's steps.
pub const NAMEPREP: &str = "Nameprep";

/// A specification mark: whose choice a step is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// THIS: the specification's own choice.
    This,
    /// CHROME: Google Chrome.
    Chrome,
    /// GECKO: Firefox.
    Gecko,
    /// IE: Internet Explorer.
    Ie,
}

impl Mark {
    /// The mark as the specification writes it (`THIS`, `CHROME`, ...).
    pub fn as_str(self) -> &'static str {
        match self {
            Mark::This => "THIS",
            Mark::Chrome => "CHROME",
            Mark::Gecko => "GECKO",
            Mark::Ie => "IE",
        }
    }
}

/// Where a step comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// A step of the specification (marked, or unmarked: every profile).
    Specification,
    /// A step beyond the specification, modelling what the browsers of
    /// its marks were measured doing; numbered after the step it follows
    /// (`4a`, `20.2.2a`).
    Observed,
}

/// One step of a pipeline.
#[derive(Clone, Copy, Debug)]
pub struct Step {
    /// [`CANONICALIZE_HOST`] or [`NAMEPREP`].
    pub pipeline: &'static str,
    /// The step's number, e.g. `"20.2.1"`, `"4a"`.
    pub number: &'static str,
    /// The step's marks (empty: an unmarked step, which every profile
    /// runs), in the specification's order.
    pub marks: &'static [Mark],
    /// Specification or observed.
    pub origin: Origin,
    /// What traces show as the step's marks: the marks joined with `/`,
    /// after `observed: ` for an observed step (`"THIS/CHROME"`,
    /// `"observed: GECKO"`, `""`).
    pub label: &'static str,
    /// What the step does, in the specification's words.
    pub title: &'static str,
    /// Whether a profile turns the step on (`None`: the step depends on
    /// no profile parameter).  The only place where a step's dependence on
    /// the profile is written: a [`Plan`](super::plan::Plan) evaluates it
    /// once, and the pipelines ask the plan.
    pub switch: Option<fn(&dyn Profile) -> bool>,
    /// The step's place among the steps of both pipelines (CanonicalizeHost's
    /// first, then Nameprep's): its bit in a [`StepSet`].
    pub index: u8,
}

/// A set of steps of both pipelines, one bit per [`Step::index`]: the
/// steps a [`Plan`](super::plan::Plan) runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct StepSet(u64);

impl StepSet {
    /// No step.
    pub const EMPTY: StepSet = StepSet(0);

    /// Whether `step` is in the set.
    #[inline(always)]
    pub fn contains(self, step: &Step) -> bool {
        self.0 & (1 << step.index) != 0
    }

    /// The set with `step` added.
    #[must_use]
    pub fn with(self, step: &Step) -> StepSet {
        StepSet(self.0 | (1 << step.index))
    }
}

use Mark::{Chrome, Gecko, Ie, This};
use Origin::{Observed, Specification};

macro_rules! steps {
    ($pipeline:expr; $( $number:literal $origin:ident [$($mark:ident),*] $label:literal $title:literal $switch:expr; )*) => {
        [$(Step {
            pipeline: $pipeline,
            number: $number,
            marks: &[$($mark),*],
            origin: $origin,
            label: $label,
            title: $title,
            switch: $switch,
            index: 0,
        }),*]
    };
}

/// `steps` with their [`Step::index`] counted from `first`, at compile
/// time.
const fn indexed<const N: usize>(mut steps: [Step; N], first: usize) -> [Step; N] {
    assert!(first + N <= 64, "a StepSet holds 64 steps");
    let mut i = 0;
    while i < N {
        steps[i].index = (first + i) as u8;
        i += 1;
    }
    steps
}

/// The steps of CanonicalizeHost, in the order they run.
pub const CANONICALIZE_HOST_STEPS: &[Step] = &HOST_STEPS;

/// How many steps CanonicalizeHost has.
const HOST_STEP_COUNT: usize = 35;

const HOST_STEPS: [Step; HOST_STEP_COUNT] = indexed(
    steps![CANONICALIZE_HOST;
        "1" Specification [] "" "a host that is not a domain name follows the profile named for such hosts"
            Some(|p| !p.host().other_hosts_as.is_empty());
        "2" Specification [] "" "remove U+0009, U+000A, U+000D" None;
        "4" Specification [Gecko] "GECKO" "the fallback is the input in ASCII lowercase"
            Some(|p| p.host().fallback == Fallback::LowercasedInput);
        "4a" Observed [Gecko] "observed: GECKO" "a ':' outside brackets makes the URL invalid"
            Some(|p| p.host().observed.colon_in_host_is_invalid);
        "5" Specification [This] "THIS" "a host beginning with '%5B' returns the fallback"
            Some(|p| p.host().escaped_bracket_fallback);
        "6" Specification [This, Chrome] "THIS/CHROME" "percent-decode, then decode as UTF-8"
            Some(|p| p.host().percent_decoding == HostPercentDecoding::Utf8);
        "7" Specification [Ie] "IE" "percent-decode the selected octets"
            Some(|p| p.host().percent_decoding == HostPercentDecoding::Selective);
        "7a" Observed [Ie] "observed: IE" "a ';' makes the URL invalid"
            Some(|p| p.host().observed.semicolon_in_host_is_invalid);
        "9" Specification [] "" "need-punycode: the host is not ASCII" None;
        "10" Specification [Chrome, Ie] "CHROME/IE" "a trailing label separator is the root dot"
            Some(|p| p.host().root_dot == RootDot::BeforeNameprep);
        "11" Specification [This, Gecko, Ie] "THIS/GECKO/IE" "Nameprep without bidi on the whole host"
            Some(|p| p.host().nameprep_whole_host);
        "12" Specification [Chrome] "CHROME" "a '%' after Nameprep returns the fallback"
            Some(|p| p.host().percent_after_nameprep_fails);
        "13" Specification [Gecko] "GECKO" "U+0000 or U+0020 against the fallback"
            Some(|p| p.host().nul_space_check);
        "14" Specification [Chrome] "CHROME" "percent-encode before the labels are split"
            Some(|p| !p.host().early_percent_encode.is_empty());
        "15" Specification [] "" "label separators become '.'" None;
        "16" Specification [This] "THIS" "a trailing '.' is the root dot"
            Some(|p| p.host().root_dot == RootDot::AfterSeparators);
        "18" Specification [Ie] "IE" "an 'xn--' label needs Punycode"
            Some(|p| p.host().xn_label_needs_punycode);
        "20" Specification [] "" "convert each label (when need-punycode)" None;
        "20.1" Specification [Gecko] "GECKO" "IDN only under whitelisted TLDs, without blacklisted characters"
            Some(|p| p.host().idn_tld_check);
        "20.1a" Observed [Gecko] "observed: GECKO" "a host with a code point unassigned in Unicode 3.2 is not whitelisted"
            Some(|p| p.host().observed.idn_whitelist_needs_assigned);
        "20.2.1" Specification [This, Gecko, Chrome] "THIS/GECKO/CHROME" "ToASCII: Nameprep with bidi, then Punycode"
            Some(|p| p.host().label_conversion == LabelConversion::ToAscii);
        "20.2.2" Specification [Ie] "IE" "the ToUnicode / ToASCII round trip"
            Some(|p| p.host().label_conversion == LabelConversion::IeRoundTrip);
        "20.2.2a" Observed [Ie] "observed: IE" "schemes that do not keep Unicode labels get the ASCII form"
            Some(|p| p.host().observed.unicode_label_schemes.is_some());
        "20a" Observed [Gecko] "observed: GECKO" "the 'xn--' labels of an ASCII host under a whitelisted TLD are shown in Unicode"
            Some(|p| p.host().observed.whitelisted_ace_shown_in_unicode);
        "22" Specification [] "" "the root dot comes back" None;
        "23" Specification [Chrome] "CHROME" "percent-encoded octets become U+0000..U+00FF"
            Some(|p| p.host().decode_escapes_as_latin1);
        "24" Specification [Chrome] "CHROME" "ASCII lowercase"
            Some(|p| p.host().final_ascii_lowercase);
        "25" Specification [] "" "an IPv6 address, by the profile's rule (spec, googleurl-2011)" None;
        "25a" Observed [Ie] "observed: IE" "a bracketed host is an IPv6 address read and written the Windows way, or invalid"
            Some(|p| p.host().observed.windows_ipv6);
        "26" Specification [This] "THIS" "a ':' outside an IPv6 address returns the fallback"
            Some(|p| p.host().colon_fails);
        "27" Specification [] "" "an IPv4 address, by the profile's rule (spec, googleurl-2011; none: the step does not run)"
            Some(|p| p.host().ipv4 != Ipv4Rule::None);
        "28" Specification [] "" "forbidden characters return the fallback"
            Some(|p| !p.host().forbidden.is_empty());
        "29" Specification [Ie] "IE" "'%00' or a bad escape returns the fallback"
            Some(|p| p.host().bad_escape_fails);
        "30" Specification [] "" "percent-encode"
            Some(|p| !p.host().percent_encode.is_empty() || p.host().percent_encode_at_unless_file);
        "fallback" Specification [Gecko] "GECKO" "return the fallback"
            Some(|p| p.host().fallback == Fallback::LowercasedInput);
    ],
    0,
);

/// The steps of Nameprep, in the order they run.
pub const NAMEPREP_STEPS: &[Step] = &NAMEPREP_STEP_ARRAY;

const NAMEPREP_STEP_ARRAY: [Step; 10] = indexed(
    steps![NAMEPREP;
        "2" Specification [Gecko] "GECKO" "fail on U+0340 or U+0341"
            Some(|p| p.nameprep().reject_tone_marks);
        "3" Specification [] "" "Map (tables B.1, B.2)" None;
        "3a" Observed [Ie] "observed: IE" "the noncharacters of the BMP are mapped to nothing"
            Some(|p| p.nameprep().observed.bmp_noncharacters_map_to_nothing);
        "4" Specification [Gecko] "GECKO" "swap Corrigendum 5 sequences"
            Some(|p| p.nameprep().corrigendum_5_swap);
        "6" Specification [This, Gecko] "THIS/GECKO" "has-unassigned: a code point unassigned in Unicode 3.2"
            Some(|p| p.nameprep().remap_unassigned);
        "7" Specification [] "" "NFKC" None;
        "8" Specification [This, Gecko] "THIS/GECKO" "Map again when has-unassigned"
            Some(|p| p.nameprep().remap_unassigned);
        "9" Specification [This, Gecko] "THIS/GECKO" "NFKC again when has-unassigned"
            Some(|p| p.nameprep().remap_unassigned);
        "10" Specification [] "" "Prohibit (tables C.1.2, C.2.2, C.3 to C.9)" None;
        "11" Specification [] "" "Check bidi" None;
    ],
    HOST_STEP_COUNT,
);

/// The step numbered `number` of `pipeline` ([`CANONICALIZE_HOST`] or
/// [`NAMEPREP`]).
pub fn find(pipeline: &str, number: &str) -> Option<&'static Step> {
    let steps = if pipeline == NAMEPREP {
        NAMEPREP_STEPS
    } else {
        CANONICALIZE_HOST_STEPS
    };
    steps
        .iter()
        .find(|s| s.pipeline == pipeline && s.number == number)
}

/// Whether two strings are equal, in a constant expression.
const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The step numbered `number` in `steps`, found when the program is
/// compiled (`const { host("6") }`): a pipeline can name no step the
/// registry does not hold.
const fn in_steps(steps: &'static [Step], number: &str) -> &'static Step {
    let mut i = 0;
    while i < steps.len() {
        if same(steps[i].number, number) {
            return &steps[i];
        }
        i += 1;
    }
    panic!("the step is not in the registry")
}

/// CanonicalizeHost's step `number` (at compile time in a `const` block).
pub(crate) const fn host(number: &str) -> &'static Step {
    in_steps(CANONICALIZE_HOST_STEPS, number)
}

/// Nameprep's step `number` (at compile time in a `const` block).
pub(crate) const fn nameprep(number: &str) -> &'static Step {
    in_steps(NAMEPREP_STEPS, number)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile::builtin_profiles;

    fn all() -> impl Iterator<Item = &'static Step> {
        CANONICALIZE_HOST_STEPS.iter().chain(NAMEPREP_STEPS)
    }

    #[test]
    fn labels_are_the_marks() {
        assert_eq!(
            host("20.1").title,
            find(CANONICALIZE_HOST, "20.1").unwrap().title
        );
        assert_eq!(nameprep("3a").origin, Origin::Observed);
        for s in all() {
            let marks: Vec<_> = s.marks.iter().map(|m| m.as_str()).collect();
            let joined = marks.join("/");
            let expected = match s.origin {
                Origin::Specification => joined,
                Origin::Observed => format!("observed: {joined}"),
            };
            assert_eq!(s.label, expected, "{} {}", s.pipeline, s.number);
        }
    }

    #[test]
    fn every_traced_step_is_registered() {
        let hosts = [
            "Bücher.DE.",
            "a%3Bb.test",
            "%5B::1%5D",
            "ｘn--Ａ.jp",
            "xn--4gq.jp",
            "a b\u{340}",
            "foo:80",
            "\u{5D0}a.\u{FDD0}",
            "%30%78%63%30.1",
            "[::1]",
            "a%zz",
            "a\u{3002}b\u{FF0E}",
        ];
        for p in builtin_profiles() {
            for h in hosts {
                for scheme in ["http", "ftp", "file"] {
                    let mut log = crate::algorithm::host::trace::StepLog::default();
                    let _ = crate::algorithm::host::canonicalize_host::canonicalize_host_traced(
                        h, scheme, p, &mut log,
                    );
                    for t in &log.steps {
                        let s = find(t.pipeline, t.step);
                        assert!(
                            s.is_some(),
                            "{} step {} is not registered",
                            t.pipeline,
                            t.step
                        );
                    }
                }
            }
        }
    }

    /// Where a built-in profile's plan runs a marked step not marked for
    /// its browser, or an observed step: each is a choice its profile file
    /// explains.  The plan's step 1 counts too: a step the plan of the
    /// hosts that are not domain names runs is listed with the classes of
    /// hosts it runs for and that plan's name.
    #[test]
    fn builtin_profiles_turn_on_unmarked_steps_only_where_listed() {
        use crate::profile::plan::Plan;
        let mut found = Vec::new();
        for p in builtin_profiles() {
            let mark = match p.name.as_str() {
                "this" => This,
                "chrome" => Chrome,
                "gecko" => Gecko,
                _ => Ie,
            };
            let plan = Plan::new(p);
            let unmarked = |s: &Step| {
                (!s.marks.is_empty() && !s.marks.contains(&mark)) || s.origin == Origin::Observed
            };
            for s in plan.steps().filter(|s| unmarked(s)) {
                found.push(format!("{} {} {}", p.name, s.pipeline, s.number));
            }
            if let Some((other, classes)) = plan.other_hosts() {
                for s in other.steps().filter(|s| unmarked(s)) {
                    found.push(format!(
                        "{} {} {} (hosts {classes:?}: {})",
                        p.name,
                        s.pipeline,
                        s.number,
                        other.name()
                    ));
                }
            }
        }
        // A built-in profile may send the hosts that are not domain names
        // (`file:` hosts, IP literals, hosts in the IPv4 form) to THIS: the
        // suite records THIS's result for every browser there.
        let routed_classes = |p: &str, classes: &str, steps: &[&str]| -> Vec<String> {
            steps
                .iter()
                .map(|s| format!("{p} {s} (hosts [{classes}]: this)"))
                .collect()
        };
        // `chrome` sends none there: it reads `file:` hosts, IP literals and
        // hosts in the IPv4 form as googleurl does.
        let mut expected = vec![
            // THIS's step 5 (a host beginning with `%5B`): the suite
            // records the same rejection for Chrome and IE, and googleurl
            // rejects such hosts as well.
            "chrome CanonicalizeHost 5".to_string(),
        ];
        expected.extend(
            [
                "gecko CanonicalizeHost 4a",
                "gecko CanonicalizeHost 20.1a",
                "gecko CanonicalizeHost 20a",
            ]
            .map(String::from),
        );
        // Gecko reads IP literals and IPv4-form hosts itself (its code
        // lowercases them); only file: hosts follow THIS.
        expected.extend(routed_classes(
            "gecko",
            "File",
            &[
                "CanonicalizeHost 5",
                "CanonicalizeHost 6",
                "CanonicalizeHost 16",
                "CanonicalizeHost 26",
            ],
        ));
        expected.extend(
            [
                "ie CanonicalizeHost 5",
                "ie CanonicalizeHost 7a",
                "ie CanonicalizeHost 20.2.2a",
                "ie CanonicalizeHost 25a",
                // THIS's step 26 (a `:` outside an IPv6 address).
                "ie CanonicalizeHost 26",
                "ie Nameprep 3a",
            ]
            .map(String::from),
        );
        // IE reads IP literals itself (step 25a).
        expected.extend(routed_classes(
            "ie",
            "File, Ipv4Form",
            &[
                "CanonicalizeHost 5",
                "CanonicalizeHost 6",
                "CanonicalizeHost 16",
                "CanonicalizeHost 20.2.1",
                "CanonicalizeHost 26",
                "Nameprep 6",
                "Nameprep 8",
                "Nameprep 9",
            ],
        ));
        assert_eq!(found, expected, "{found:#?}");
    }

    /// A profile file's raw tables with `table.key` set to `value`
    /// (`None`: removed).
    fn with_key(
        file: &toml::Table,
        table: &str,
        key: &str,
        value: Option<&toml::Value>,
    ) -> toml::Table {
        let mut file = file.clone();
        let mut t = &mut file;
        for part in table.split('.') {
            t = t
                .entry(part)
                .or_insert_with(|| toml::Value::Table(toml::Table::new()))
                .as_table_mut()
                .unwrap();
        }
        match value {
            Some(v) => t.insert(key.into(), v.clone()),
            None => t.remove(key),
        };
        file
    }

    fn get<'a>(file: &'a toml::Table, table: &str, key: &str) -> Option<&'a toml::Value> {
        let mut t = file;
        for part in table.split('.') {
            t = t.get(part)?.as_table()?;
        }
        t.get(key)
    }

    /// The step registry decides where a parameter is written: every key
    /// that switches an observed step is in an `[observed...]` table, every
    /// key that switches a step of the specification is not.  Which key
    /// switches which step is found from the registry's switches: each key
    /// of each built-in profile file is given each value the built-in
    /// profiles give it, and the steps whose switch changes are noted.
    #[test]
    fn observed_parameters_are_in_the_observed_tables() {
        use crate::profile::{profile_tables, ProfileSpec, BUILTIN_PROFILE_FILES};
        let files: Vec<toml::Table> = BUILTIN_PROFILE_FILES
            .iter()
            .map(|(_, text)| text.parse().unwrap())
            .collect();
        let mut switched: Vec<(&Step, String)> = Vec::new();
        for file in &files {
            let base: ProfileSpec = file.clone().try_into().unwrap();
            for (table, keys) in profile_tables() {
                for key in keys {
                    for other in &files {
                        let changed = with_key(file, &table, &key, get(other, &table, &key));
                        let p: ProfileSpec = changed.try_into().unwrap();
                        for s in all() {
                            let Some(f) = s.switch else { continue };
                            if f(&p) != f(&base) {
                                let at = format!("{table}.{key}");
                                if !switched
                                    .iter()
                                    .any(|(t, k)| std::ptr::eq(*t, s) && *k == at)
                                {
                                    switched.push((s, at));
                                }
                            }
                        }
                    }
                }
            }
        }
        for (s, at) in &switched {
            assert_eq!(
                at.starts_with("observed."),
                s.origin == Origin::Observed,
                "{} step {} ({:?}) is switched by {at}",
                s.pipeline,
                s.number,
                s.origin
            );
        }
        // Not vacuous: every observed step some built-in profile turns on
        // is switched by a key found here.
        for s in all().filter(|s| s.origin == Origin::Observed) {
            assert!(
                switched.iter().any(|(t, _)| std::ptr::eq(*t, s)),
                "{} step {}: no key switches it",
                s.pipeline,
                s.number
            );
        }
    }

    /// An observed key in a specification table, or a specification key in
    /// an `[observed...]` table, is an error that names the place and the
    /// table the key belongs in.
    #[test]
    fn a_key_in_the_wrong_table_is_an_error() {
        use crate::profile::{profile_tables, ProfileSpec, BUILTIN_PROFILE_FILES};
        let file: toml::Table = BUILTIN_PROFILE_FILES[0].1.parse().unwrap();
        let tables = profile_tables();
        let mut tried = 0;
        for (table, keys) in &tables {
            // `[display]` (the address bar) has no counterpart table.
            if table == "display" {
                continue;
            }
            let wrong = match table.strip_prefix("observed.") {
                Some(spec) => spec.to_string(),
                None => format!("observed.{table}"),
            };
            if !tables.iter().any(|(t, _)| *t == wrong) && !wrong.starts_with("observed.") {
                continue;
            }
            for key in keys {
                let value = toml::Value::Boolean(true);
                let text = toml::to_string(&with_key(&file, &wrong, key, Some(&value))).unwrap();
                let e = ProfileSpec::from_toml(&text, "x.toml").unwrap_err();
                let msg = e.to_string();
                // The location is the line of the misplaced key.
                let line: usize = e
                    .location
                    .as_deref()
                    .unwrap()
                    .split(':')
                    .nth(1)
                    .unwrap()
                    .parse()
                    .unwrap();
                let at = text.lines().nth(line - 1).unwrap_or_default();
                assert!(
                    at.starts_with(&format!("{key} =")),
                    "{msg}: line {line} is {at}"
                );
                assert!(
                    msg.contains(&format!("`{key}` belongs in [{table}]")),
                    "{msg}"
                );
                tried += 1;
            }
        }
        assert!(tried > 30, "{tried} keys");
    }
}
