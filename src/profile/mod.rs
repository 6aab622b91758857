//! Profiles: which marked steps of Nameprep and CanonicalizeHost run, and
//! with which parameters.
//!
//! The specification marks steps THIS, CHROME, GECKO or IE.  The pipelines in
//! [`crate::algorithm::host`] are written once; at each marked step they ask the
//! profile, in the vocabulary of this module, whether the step runs and with
//! what.  A profile is data: the built-in ones are `profiles/*.toml`,
//! found and compiled in by the build ([`BUILTIN_PROFILE_FILES`]), and a
//! user can load their own with [`ProfileSpec::from_toml`].

pub use crate::text::octets::OctetSet;
pub use crate::text::percent::HexCase;
/// The Unicode versions and NFKC variants a profile names (defined with
/// the Unicode algorithms that read them).
pub use crate::text::unicode::version::{BidiVersion, NfkcVariant, UnicodeVersion};

pub mod host_steps;
pub mod plan;
pub(crate) mod shortcut_keys;
pub mod url_steps;

mod display_params;
mod file;
mod host_params;
mod mixed;
mod url_params;

pub use display_params::{DisplayParams, IdnDisplay, Omit};
pub use file::{profile_tables, ProfileError, ProfileSpec};
pub use host_params::{
    Fallback, HostClass, HostParams, HostPercentDecoding, Ipv4Rule, Ipv6Rule, LabelConversion,
    NameprepParams, ObservedHostParams, ObservedNameprepParams, RootDot,
};
pub use mixed::mixed_profile;
pub use url_params::{PortSplit, SchemeType, UrlParams};

use std::sync::OnceLock;

/// A profile: the answers to every question the pipelines ask.
///
/// Implement it to model a browser in code; or describe one in TOML and load
/// it with [`ProfileSpec::from_toml`].
pub trait Profile: Send + Sync {
    /// Short name, e.g. `this`, `chrome`.
    fn name(&self) -> &str;
    /// What it models, e.g. "CHROME: Google Chrome as measured in 2011"
    /// (empty by default).
    fn description(&self) -> &str {
        ""
    }
    /// Nameprep parameters.
    fn nameprep(&self) -> &NameprepParams;
    /// CanonicalizeHost parameters.
    fn host(&self) -> &HostParams;
    /// Parameters of the URL-level steps around the host pipelines.
    fn url(&self) -> &UrlParams;
    /// The address bar (none by default).
    fn display(&self) -> &DisplayParams {
        static NONE: DisplayParams = DisplayParams {
            idn: IdnDisplay::None,
            accept_languages: Vec::new(),
            omit: Vec::new(),
        };
        &NONE
    }
    /// The profile as [`Any`](std::any::Any), when it is a compiled one:
    /// [`Plan::of`](crate::profile::plan::Plan::of) takes a plan as it is
    /// rather than compiling it again.  `None` (the default) for a profile
    /// that is only parameters.
    fn as_any(&self) -> Option<&dyn std::any::Any> {
        None
    }
}

/// The built-in profile files, compiled in: (name, TOML text).
///
/// They are the files `profiles/*.toml`, found by the build
/// (`build/profile_files.rs`): a file added there is a built-in profile.
/// Their order, the column order of `urlprism compare`, is set by each
/// file's optional top-level key `order` (an integer, lowest first;
/// files without it come after, ties broken by name): THIS, CHROME,
/// GECKO, IE.  A built-in file is named after its profile
/// (`profiles/NAME.toml`) and names no `engine`.
pub const BUILTIN_PROFILE_FILES: &[(&str, &str)] =
    include!(concat!(env!("OUT_DIR"), "/builtin_profiles.rs"));

/// The built-in profiles, in the order of [`BUILTIN_PROFILE_FILES`]:
/// THIS, CHROME, GECKO, IE.
pub fn builtin_profiles() -> &'static [ProfileSpec] {
    static PROFILES: OnceLock<Vec<ProfileSpec>> = OnceLock::new();
    PROFILES.get_or_init(|| {
        BUILTIN_PROFILE_FILES
            .iter()
            .map(|(name, text)| {
                ProfileSpec::from_toml(text, &format!("profiles/{name}.toml"))
                    .unwrap_or_else(|e| panic!("built-in profile is malformed: {e}"))
            })
            .collect()
    })
}

/// The built-in profile named `name` (ASCII case-insensitive).
pub fn builtin(name: &str) -> Option<&'static ProfileSpec> {
    builtin_profiles()
        .iter()
        .find(|p| p.name.eq_ignore_ascii_case(name))
}

/// The name of the THIS profile, the specification's own choice.
pub const THIS: &str = "this";

/// The THIS profile, the specification's own choice.
pub fn this() -> &'static ProfileSpec {
    // Found by name once.
    static THIS_PROFILE: OnceLock<&'static ProfileSpec> = OnceLock::new();
    THIS_PROFILE.get_or_init(|| builtin(THIS).expect("profiles/this.toml is built in"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_profiles_parse() {
        let names: Vec<_> = builtin_profiles().iter().map(|p| p.name.as_str()).collect();
        let files: Vec<_> = BUILTIN_PROFILE_FILES.iter().map(|(n, _)| *n).collect();
        assert_eq!(names, files);
        // The profiles of the specification's marks, in the order their
        // `order` keys give (other files of `profiles/` may come between).
        let marked = ["this", "chrome", "gecko", "ie"];
        let found: Vec<_> = names.iter().filter(|n| marked.contains(n)).collect();
        assert_eq!(found, marked.iter().collect::<Vec<_>>());
        assert_eq!(this().name, "this");
    }

    #[test]
    fn malformed_profile_names_line_and_key() {
        let text = include_str!("../../profiles/this.toml")
            .replace("hex_case = \"upper\"", "hex_case = \"middle\"");
        let e = ProfileSpec::from_toml(&text, "x.toml").unwrap_err();
        let line = text
            .lines()
            .position(|l| l.starts_with("hex_case"))
            .unwrap()
            + 1;
        assert_eq!(
            e.location.as_deref(),
            Some(format!("x.toml:{line}:12").as_str()),
            "{e}"
        );
        assert!(e.message.contains("middle"), "{e}");
        let e = ProfileSpec::from_toml("name = \"x\"\nbogus = 1\n", "y.toml").unwrap_err();
        assert!(e.to_string().contains("y.toml:"), "{e}");
        // A file of the format before the `[observed]` tables.
        let text = include_str!("../../profiles/ie.toml").replace("[observed.url]", "[url]");
        let e = ProfileSpec::from_toml(&text, "old.toml").unwrap_err();
        assert!(
            e.to_string().contains("`url` belongs in [observed.url]"),
            "{e}"
        );
    }

    /// A file of two lines that extends a built-in profile is that
    /// profile under another name; a key set in it overrides one, a table
    /// key by key.
    #[test]
    fn a_profile_file_extends_a_builtin() {
        let chrome = builtin("chrome").unwrap();
        let p =
            ProfileSpec::from_toml("extends = \"chrome\"\nname = \"opera\"\n", "o.toml").unwrap();
        assert_eq!(p.name, "opera");
        assert_eq!(
            (&p.nameprep, &p.canonicalize_host, &p.url),
            (&chrome.nameprep, &chrome.canonicalize_host, &chrome.url)
        );
        assert_eq!(
            p.description,
            format!("chrome, extended: {}", chrome.description)
        );
        let text = "extends = \"Chrome\"\nname = \"x\"\ndescription = \"mine\"\n\
                    [nameprep]\nnfkc = { unicode = \"latest\" }\n\
                    [canonicalize_host]\nroot_dot = \"keep\"\n";
        let p = ProfileSpec::from_toml(text, "x.toml").unwrap();
        assert_eq!(p.description, "mine");
        assert_eq!(p.nameprep.nfkc.unicode, UnicodeVersion::Latest);
        // The other keys of the inline table stay chrome's.
        assert_eq!(
            p.nameprep.nfkc.corrigendum_3,
            chrome.nameprep.nfkc.corrigendum_3
        );
        assert_eq!(p.canonicalize_host.root_dot, RootDot::Keep);
        assert_eq!(
            p.canonicalize_host.forbidden,
            chrome.canonicalize_host.forbidden
        );
    }

    /// An error in a file that extends a built-in profile names the line
    /// of the file that causes it.
    #[test]
    fn an_extending_file_s_errors_name_its_lines() {
        let line_of = |e: &ProfileError| -> usize {
            e.location
                .as_deref()
                .unwrap()
                .split(':')
                .nth(1)
                .unwrap()
                .parse()
                .unwrap()
        };
        let text = "extends = \"ie\"\nname = \"x\"\n\n[canonicalize_host]\nhex_case = \"middle\"\n";
        let e = ProfileSpec::from_toml(text, "x.toml").unwrap_err();
        assert_eq!(line_of(&e), 5, "{e}");
        assert!(e.message.contains("middle"), "{e}");
        let text = "extends = \"ie\"\nname = \"x\"\n[canonicalize_host]\ncolon_in_host_is_invalid = true\n";
        let e = ProfileSpec::from_toml(text, "x.toml").unwrap_err();
        assert_eq!(line_of(&e), 4, "{e}");
        assert!(
            e.to_string()
                .contains("belongs in [observed.canonicalize_host]"),
            "{e}"
        );
        let e =
            ProfileSpec::from_toml("name = \"x\"\nextends = \"netscape\"\n", "x.toml").unwrap_err();
        assert_eq!(line_of(&e), 2, "{e}");
        assert!(e.message.contains("chrome"), "{e}");
        let e = ProfileSpec::from_toml("extends = \"ie\"\n", "x.toml").unwrap_err();
        assert!(e.message.contains("needs a `name`"), "{e}");
    }

    #[test]
    fn a_user_profile_can_mix() {
        // Chrome with latest-Unicode NFKC.
        let text = include_str!("../../profiles/chrome.toml")
            .replace("unicode = \"3.2\"", "unicode = \"latest\"");
        let p = ProfileSpec::from_toml(&text, "mix.toml").unwrap();
        assert_eq!(p.nameprep.nfkc.unicode, UnicodeVersion::Latest);
    }

    #[test]
    fn mixed_profiles_take_each_value_seen() {
        // Picking the i-th value of every parameter, for every i, meets
        // every built-in profile's value of every parameter.
        for b in builtin_profiles() {
            let found = (0..4).any(|i| {
                let m = mixed_profile(|n| i.min(n - 1));
                m.canonicalize_host.root_dot == b.canonicalize_host.root_dot
            });
            assert!(found, "{}", b.name);
        }
        // A mix really mixes: THIS's Nameprep with IE's host steps is one.
        let mut calls = 0;
        let m = mixed_profile(|n| {
            calls += 1;
            n - 1
        });
        assert!(calls > 20, "{calls} parameters");
        assert_eq!(m.name, "mixed");
        assert!(ProfileSpec::from_toml(&toml::to_string(&m).unwrap(), "m.toml").is_ok());
    }
}
