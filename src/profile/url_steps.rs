//! The registry of URL-level steps ([`URL_STEPS`]): every observed step
//! of a profile's `[observed.url]` table that acts on more than the host,
//! with where it acts ([`Stage`]) and what it acts on, written once.
//!
//! The CanonicalizeHost and Nameprep steps have their registry in
//! [`super::host_steps`]; these are the steps around them, which model a
//! 2011 browser's URL library where the specification's parser and
//! canonicalization (which every profile shares) read a URL otherwise.
//! Each entry names its parameter, says in which [`Stage`] it runs, and
//! gives two conditions under which it may change a URL:
//!
//! - on the input string, as `InputFacts` (found in one scan of the
//!   input, shared by every profile): a step leaves alone an input that
//!   has none of its facts.  `http://a/b` holds none of the facts of
//!   CHROME's and IE's steps, so that the canonicalizers take it at once
//!   to the shortcut, under every profile, after that one scan;
//! - on the resolved URL, for a step of [`Stage::Components`]: whether
//!   it may give the URL's components otherwise than the specification's
//!   steps, so that profiles share the components where none may.
//!
//! A [`Plan`](crate::profile::plan::Plan) compiles the conditions of its
//! profile's steps into `UrlGates`, read per input.  A cheap test that
//! may say yes where nothing changes, never no where something would: the
//! tests run each step on generated inputs whose facts say no, and find
//! the input unchanged.

use crate::profile::{SchemeType, UrlParams};
use crate::url::components::CowUrl;

/// Where a URL-level step acts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stage {
    /// On the input string, before preprocessing: what the parser then
    /// reads ([`crate::observed::input::observed_input`]).
    Input,
    /// On the input string, before preprocessing: whether it is invalid
    /// ([`crate::observed::input::observed_input_invalid`]).
    InputInvalid,
    /// On the whole URL, in place of the specification's steps: a kind of
    /// URL of the browser's own ([`crate::observed::kind::observed_kind`]).
    Kind,
    /// The base URL, before resolution (the
    /// [`Canonicalizer`](crate::Canonicalizer)'s base).
    Base,
    /// The components around the host, in canonicalization
    /// ([`crate::canonicalize`]): the shortcuts for the common URL decline
    /// an input such a step may touch, and profiles share no component it
    /// may change.
    Components,
}

impl Stage {
    /// Its name, as `urlprism trace` shows it: `input`, `kind`, `base`,
    /// `components`.
    pub fn as_str(self) -> &'static str {
        match self {
            Stage::Input | Stage::InputInvalid => "input",
            Stage::Kind => "kind",
            Stage::Base => "base",
            Stage::Components => "components",
        }
    }
}

/// What a step's condition on the input reads besides [`InputFacts`]'
/// marks: the scheme, the text before the first `:`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SchemeCondition {
    /// None.
    Any,
    /// A scheme the profile does not know ([`UrlParams::knows_scheme`]).
    Unknown,
    /// A scheme of this type ([`UrlParams::scheme_types`]).
    Typed(SchemeType),
}

/// One URL-level step: its parameter, where it runs, and what it may
/// change.
pub struct UrlStep {
    /// The parameter of `[observed.url]` that switches it on.
    pub name: &'static str,
    /// Where it acts.
    pub stages: &'static [Stage],
    /// Whether the profile's parameters switch it on.
    pub on: fn(&UrlParams) -> bool,
    /// The facts of an input it may touch ([`InputFacts`] marks): it
    /// leaves alone an input with none of them whose scheme meets no
    /// `scheme` condition.
    facts: u16,
    scheme: SchemeCondition,
    /// For a step of [`Stage::Components`]: whether it may give the
    /// components of the resolved URL `u` (not a `file:` one) otherwise
    /// than the specification's steps.
    resolved: Option<fn(&CowUrl<'_>, &UrlParams) -> bool>,
}

impl std::fmt::Debug for UrlStep {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("UrlStep")
            .field("name", &self.name)
            .field("stages", &self.stages)
            .finish()
    }
}

impl UrlStep {
    /// Whether the step may touch an input of `facts` under `url`.
    fn may_touch(&self, facts: &InputFacts<'_>, url: &UrlParams) -> bool {
        facts.marks & self.facts != 0
            || match self.scheme {
                SchemeCondition::Any => false,
                SchemeCondition::Unknown => !facts.scheme.is_some_and(|s| url.knows_scheme(s)),
                SchemeCondition::Typed(t) => {
                    facts.scheme.and_then(|s| url.scheme_type(s)) == Some(t)
                }
            }
    }

    /// The standard schemes ([`STANDARD_SCHEMES`], a bit each) of the
    /// URLs whose scheme alone the step may change under `url`.
    fn standard_schemes_touched(&self, url: &UrlParams) -> u8 {
        let touched = |s: &str| match self.scheme {
            SchemeCondition::Any => false,
            SchemeCondition::Unknown => !url.knows_scheme(s),
            SchemeCondition::Typed(t) => url.scheme_type(s) == Some(t),
        };
        (STANDARD_SCHEMES.iter().enumerate())
            .filter(|(_, s)| touched(s))
            .fold(0, |bits, (i, _)| bits | 1 << i)
    }
}

use InputFacts as F;

/// The URL-level steps, in the order of [`UrlParams`]' fields.  The host
/// parameters of `[observed.url]` (`host_keeps_noncharacters`,
/// `host_replaces_fffe_ffff`, `port_split`, `empty_host_is_invalid`) are
/// read where the shared steps parse and canonicalize the host, as the
/// shortcuts do; they are not here.
pub static URL_STEPS: &[UrlStep] = &[
    UrlStep {
        name: "trim_controls",
        stages: &[Stage::Input],
        on: |u| u.trim_controls,
        facts: F::SHAPE,
        scheme: SchemeCondition::Any,
        resolved: None,
    },
    UrlStep {
        name: "standard_scheme_slashes",
        stages: &[Stage::Input],
        on: |u| u.standard_scheme_slashes,
        facts: F::SHAPE,
        scheme: SchemeCondition::Any,
        resolved: None,
    },
    UrlStep {
        name: "network_path_slashes",
        stages: &[Stage::Input],
        on: |u| u.network_path_slashes,
        facts: F::SHAPE,
        scheme: SchemeCondition::Any,
        resolved: None,
    },
    // A control in the fragment: the common URL holds none (the shortcuts
    // decline it), so that only the resolved URL is read.
    UrlStep {
        name: "fragment_keeps_del_and_c1",
        stages: &[Stage::Components],
        on: |u| u.fragment_keeps_del_and_c1,
        facts: 0,
        scheme: SchemeCondition::Any,
        resolved: Some(|u, _| {
            u.fragment
                .as_deref()
                .is_some_and(|f| f.contains(crate::text::percent::fragment_escapes))
        }),
    },
    // `%00` in the input; a written NUL is no common URL.
    UrlStep {
        name: "path_nul_is_invalid",
        stages: &[Stage::Components],
        on: |u| u.path_nul_is_invalid,
        facts: F::ESCAPED_NUL,
        scheme: SchemeCondition::Any,
        resolved: Some(|u, _| {
            u.path
                .as_deref()
                .is_some_and(|p| p.contains('\0') || p.contains("%00"))
        }),
    },
    UrlStep {
        name: "file_host_to_first_slash",
        stages: &[Stage::Input],
        on: |u| u.file_host_to_first_slash,
        facts: F::SHAPE,
        scheme: SchemeCondition::Any,
        resolved: None,
    },
    // Resolution and canonicalization of `file:` URLs, and a string that
    // begins with `\\`.
    UrlStep {
        name: "file_paths_as_posix",
        stages: &[Stage::Kind],
        on: |u| u.file_paths_as_posix,
        facts: F::SHAPE,
        scheme: SchemeCondition::Any,
        resolved: None,
    },
    UrlStep {
        name: "network_path_after_trim_is_invalid",
        stages: &[Stage::Kind],
        on: |u| u.network_path_after_trim_is_invalid,
        facts: F::SHAPE,
        scheme: SchemeCondition::Any,
        resolved: None,
    },
    UrlStep {
        name: "path_keeps_noncharacters",
        stages: &[Stage::Input],
        on: |u| u.path_keeps_noncharacters,
        facts: F::NONCHARACTER_OCTET,
        scheme: SchemeCondition::Any,
        resolved: None,
    },
    UrlStep {
        name: "base_canonicalized",
        stages: &[Stage::Base],
        on: |u| u.base_canonicalized,
        facts: F::BASE,
        scheme: SchemeCondition::Any,
        resolved: None,
    },
    UrlStep {
        name: "path_urls",
        stages: &[Stage::Kind],
        on: |u| u.path_urls,
        facts: F::SHAPE,
        scheme: SchemeCondition::Any,
        resolved: None,
    },
    UrlStep {
        name: "mailto_path_and_query",
        stages: &[Stage::Kind],
        on: |u| u.mailto_path_and_query,
        facts: F::SHAPE,
        scheme: SchemeCondition::Any,
        resolved: None,
    },
    UrlStep {
        name: "apostrophe_escaped",
        stages: &[Stage::Components],
        on: |u| u.apostrophe_escaped,
        facts: F::APOSTROPHE,
        scheme: SchemeCondition::Any,
        resolved: Some(|u, _| {
            [&u.user, &u.password, &u.path, &u.query, &u.fragment]
                .into_iter()
                .any(|part| part.as_deref().is_some_and(|s| s.contains('\'')))
        }),
    },
    UrlStep {
        name: "port_zero_is_invalid",
        stages: &[Stage::Components],
        on: |u| u.port_zero_is_invalid,
        facts: F::COLON_ZERO,
        scheme: SchemeCondition::Any,
        resolved: Some(|u, _| {
            u.port
                .as_deref()
                .is_some_and(|p| !p.is_empty() && p.bytes().all(|b| b == b'0'))
        }),
    },
    // What it changes, an `http`, `https` or `ftp` URL whose scheme
    // another run of slashes than `//` follows, or a network-path
    // reference of three slashes or more, is not of the standard shape.
    UrlStep {
        name: "authority_after_any_slashes",
        stages: &[Stage::Input],
        on: |u| u.authority_after_any_slashes,
        facts: F::SHAPE,
        scheme: SchemeCondition::Any,
        resolved: None,
    },
    UrlStep {
        name: "semicolon_ends_authority",
        stages: &[Stage::Input],
        on: |u| u.semicolon_ends_authority,
        facts: F::SEMICOLON,
        scheme: SchemeCondition::Any,
        resolved: None,
    },
    // An escape of an unreserved character or an octet it encodes in the
    // query, the fragment or an opaque path (whose URL is not of the
    // standard shape); a user or password; a scheme it does not know (its
    // own query set).  The step reads the query as the document encoding
    // wrote it, and an encoding other than UTF-8 may write a character
    // that is not ASCII with such octets (ISO-2022-JP writes `÷` as ESC,
    // `$B!`, a backquote, ESC, `(B`; IE escapes the backquote): a query
    // that is not ASCII may be rewritten.  (The common URL declines such a
    // query in those encodings, so that the facts of the input need no
    // mark of it.)
    UrlStep {
        name: "windows_escapes",
        stages: &[Stage::Components],
        on: |u| u.windows_escapes,
        facts: F::WINDOWS_OUTSIDE_PATH | F::SHAPE,
        scheme: SchemeCondition::Any,
        resolved: Some(|u, url| {
            u.user.is_some()
                || u.password.is_some()
                || !url.knows_scheme(u.scheme.as_deref().unwrap_or(""))
                || u.query.as_deref().is_some_and(|q| !q.is_ascii())
                || crate::text::percent::windows::windows_octet(u.query.as_deref())
                || crate::text::percent::windows::windows_octet(u.fragment.as_deref())
                || (!u.is_hierarchical()
                    && crate::text::percent::windows::windows_octet(u.path.as_deref()))
        }),
    },
    UrlStep {
        name: "bad_escape_is_invalid",
        stages: &[Stage::Components],
        on: |u| u.bad_escape_is_invalid,
        facts: F::BAD_ESCAPE,
        scheme: SchemeCondition::Any,
        resolved: Some(|u, url| {
            url.knows_scheme(u.scheme.as_deref().unwrap_or(""))
                && u.path
                    .as_deref()
                    .is_some_and(|p| crate::text::percent::windows::has_bad_escape(p.as_bytes()))
        }),
    },
    UrlStep {
        name: "empty_userinfo_kept",
        stages: &[Stage::Components],
        on: |u| u.empty_userinfo_kept,
        facts: F::EMPTY_USERINFO,
        scheme: SchemeCondition::Any,
        resolved: Some(|u, _| u.user.is_some() || u.password.is_some()),
    },
    UrlStep {
        name: "unknown_schemes_as_written",
        stages: &[Stage::Components],
        on: |u| u.unknown_schemes_as_written,
        facts: 0,
        scheme: SchemeCondition::Unknown,
        resolved: Some(|u, url| !url.knows_scheme(u.scheme.as_deref().unwrap_or(""))),
    },
    UrlStep {
        name: "mk_paths",
        stages: &[Stage::Components],
        on: |u| u.mk_paths,
        facts: 0,
        scheme: SchemeCondition::Typed(SchemeType::Mk),
        resolved: Some(|u, url| typed(u, url, SchemeType::Mk)),
    },
    UrlStep {
        name: "res_hosts",
        stages: &[Stage::Input, Stage::Components],
        on: |u| u.res_hosts,
        facts: 0,
        scheme: SchemeCondition::Typed(SchemeType::Res),
        resolved: Some(|u, url| typed(u, url, SchemeType::Res)),
    },
    UrlStep {
        name: "file_escapes",
        stages: &[Stage::Input, Stage::Components],
        on: |u| u.file_escapes,
        facts: 0,
        scheme: SchemeCondition::Typed(SchemeType::File),
        resolved: Some(|u, url| typed(u, url, SchemeType::File)),
    },
    UrlStep {
        name: "windows_combine",
        stages: &[Stage::Input],
        on: |u| u.windows_combine,
        facts: F::SHAPE,
        scheme: SchemeCondition::Any,
        resolved: None,
    },
    UrlStep {
        name: "implicit_file_paths_invalid",
        stages: &[Stage::InputInvalid],
        on: |u| u.implicit_file_paths_invalid,
        facts: F::SHAPE,
        scheme: SchemeCondition::Any,
        resolved: None,
    },
    UrlStep {
        name: "written_extra_bad_escape_is_invalid",
        stages: &[Stage::InputInvalid],
        on: |u| u.written_extra_bad_escape_is_invalid,
        facts: F::BAD_ESCAPE,
        scheme: SchemeCondition::Any,
        resolved: None,
    },
    UrlStep {
        name: "unclosed_bracket_host",
        stages: &[Stage::Components],
        on: |u| u.unclosed_bracket_host,
        facts: F::BRACKET,
        scheme: SchemeCondition::Any,
        resolved: Some(|u, _| u.host.as_deref().is_some_and(|h| h.starts_with('['))),
    },
    // A `file:` URL without `//`: no common URL (and components of
    // `file:` URLs are never shared).
    UrlStep {
        name: "file_without_authority_opaque",
        stages: &[Stage::Components],
        on: |u| u.file_without_authority_opaque,
        facts: F::SHAPE,
        scheme: SchemeCondition::Any,
        resolved: Some(|u, _| u.scheme_is("file")),
    },
];

/// Whether the scheme of `u` is of type `t` under `url`.
fn typed(u: &CowUrl<'_>, url: &UrlParams, t: SchemeType) -> bool {
    u.scheme.as_deref().and_then(|s| url.scheme_type(s)) == Some(t)
}

/// The schemes googleurl r155 parses as "standard" URLs, with an
/// authority (`src/url_util.cc`, `kStandardURLSchemes`), but `file`.
use crate::text::scheme::GOOGLEURL_STANDARD_SCHEMES as STANDARD_SCHEMES;

/// The steps of `url` that are on, in the registry's order.
pub fn steps_on(url: &UrlParams) -> impl Iterator<Item = &'static UrlStep> + '_ {
    URL_STEPS.iter().filter(move |s| (s.on)(url))
}

/// A step's switch ([`UrlStep::on`]).
type Switch = fn(&UrlParams) -> bool;

/// Whether a step of `url` that acts in `stage` is on: the switches of
/// the stage's steps, listed once per process, read in turn (what the
/// observed functions ask on every call, before any work).
pub(crate) fn any_on(url: &UrlParams, stage: Stage) -> bool {
    static SWITCHES: std::sync::OnceLock<Vec<(Stage, Vec<Switch>)>> = std::sync::OnceLock::new();
    let switches = SWITCHES.get_or_init(|| {
        let stages = [
            Stage::Input,
            Stage::InputInvalid,
            Stage::Kind,
            Stage::Base,
            Stage::Components,
        ];
        (stages.into_iter())
            .map(|stage| {
                let on = URL_STEPS.iter().filter(|s| s.stages.contains(&stage));
                (stage, on.map(|s| s.on).collect())
            })
            .collect()
    });
    (switches.iter())
        .find(|(s, _)| *s == stage)
        .is_some_and(|(_, on)| on.iter().any(|on| on(url)))
}

/// A profile's URL-level steps compiled ([`UrlGates::of`]): which stages
/// have a step on, and the union of their conditions on the input.
#[derive(Clone, Debug, Default)]
pub(crate) struct UrlGates {
    /// The steps before the shared parser ([`Stage::Input`],
    /// [`Stage::InputInvalid`], [`Stage::Kind`], [`Stage::Base`]).
    pub before: Gate,
    /// The steps of [`Stage::Components`].
    pub components: Gate,
    /// The steps with a condition on the resolved URL.
    resolved: Vec<&'static UrlStep>,
}

/// The conditions on the input of some steps, together.
#[derive(Clone, Debug, Default)]
pub(crate) struct Gate {
    /// Whether any of the steps is on.
    pub on: bool,
    /// The union of their facts.
    facts: u16,
    /// The steps with a condition on the scheme.
    by_scheme: Vec<&'static UrlStep>,
    /// The standard schemes ([`STANDARD_SCHEMES`], a bit each) whose URLs
    /// a step of `by_scheme` may change by their scheme alone.
    standard_by_scheme: u8,
}

impl UrlGates {
    /// The gates of the steps of `url` that are on.
    pub(crate) fn of(url: &UrlParams) -> UrlGates {
        let gate = |stages: &[Stage]| {
            let steps = || steps_on(url).filter(|s| s.stages.iter().any(|t| stages.contains(t)));
            let by_scheme: Vec<&'static UrlStep> = steps()
                .filter(|s| s.scheme != SchemeCondition::Any)
                .collect();
            Gate {
                on: steps().next().is_some(),
                facts: steps().fold(0, |f, s| f | s.facts),
                standard_by_scheme: by_scheme
                    .iter()
                    .fold(0, |bits, s| bits | s.standard_schemes_touched(url)),
                by_scheme,
            }
        };
        UrlGates {
            before: gate(&[Stage::Input, Stage::InputInvalid, Stage::Kind, Stage::Base]),
            components: gate(&[Stage::Components]),
            resolved: steps_on(url).filter(|s| s.resolved.is_some()).collect(),
        }
    }

    /// Whether a step of [`Stage::Components`] of `url` (the parameters
    /// the gates were compiled from) may give the components of the
    /// resolved URL `u` (not a `file:` URL) otherwise than the
    /// specification's steps, which every profile without them shares.
    /// `http://a/b?c` under IE: no; `http://a/b%41`, `zip://a/`,
    /// `http://u@a/`: yes.
    pub(crate) fn may_rewrite_resolved(&self, u: &CowUrl<'_>, url: &UrlParams) -> bool {
        self.resolved
            .iter()
            .any(|s| s.resolved.is_some_and(|r| r(u, url)))
    }
}

impl Gate {
    /// Whether a step of the gate may touch an input of `facts` under
    /// `url` (the parameters the gate was compiled from).
    #[inline]
    pub(crate) fn may_touch(&self, facts: &InputFacts<'_>, url: &UrlParams) -> bool {
        self.on
            && (facts.marks & self.facts != 0
                || match facts.standard {
                    // Of the standard shape: its scheme is known.
                    0 => self.by_scheme.iter().any(|s| s.may_touch(facts, url)),
                    scheme => self.standard_by_scheme & scheme != 0,
                })
    }
}

/// What the URL-level steps look for in an input, found in one scan
/// (`accel::facts`) and read by every profile's gate ([`Gate::may_touch`]).
///
/// `http://a/'` holds an apostrophe; `http://a:0/` a `:0`;
/// `http://a/%41` an octet of IE's escapes; `http://:@a/` an empty
/// userinfo (`:@` or `/@`); the scheme is `http` (the text before the
/// first `:`); `http:a`, `//a`, ` http://a` and `file:///` are not of the
/// standard shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct InputFacts<'i> {
    /// The facts found, a set of the constants below.
    pub(crate) marks: u16,
    /// The text before the first `:`, when there is one.
    pub(crate) scheme: Option<&'i str>,
    /// For an input of the standard shape ([`InputFacts::SHAPE`] not
    /// found), its scheme's bit in [`STANDARD_SCHEMES`]; `0` otherwise.
    pub(crate) standard: u8,
}

impl<'i> InputFacts<'i> {
    /// `'` (`apostrophe_escaped`).
    pub(crate) const APOSTROPHE: u16 = 1;
    /// `:0` (`port_zero_is_invalid`).
    pub(crate) const COLON_ZERO: u16 = 2;
    /// One of `|<>"^{}\`, a backquote, or a `%` that begins no escape or
    /// an escape of an RFC 3986 unreserved character (`windows_escapes`,
    /// `bad_escape_is_invalid`, which change a `%` only there: `%41` is
    /// decoded, `%zz` is invalid, `%20` and `%C3` stay).
    pub(crate) const WINDOWS: u16 = 4;
    /// `/@` or `:@` (`empty_userinfo_kept`).
    pub(crate) const EMPTY_USERINFO: u16 = 8;
    /// `[` (`unclosed_bracket_host`).
    pub(crate) const BRACKET: u16 = 16;
    /// An octet from 0xEF up, which begins the UTF-8 of every noncharacter
    /// (`path_keeps_noncharacters`).
    pub(crate) const NONCHARACTER_OCTET: u16 = 32;
    /// Not of the standard shape: the input does not begin with one of
    /// googleurl's standard schemes (`http`, `https`, `ftp`, `gopher`,
    /// `ws`, `wss`, in any case), `:` and `//` followed by an octet other
    /// than `/` and `\`, or it begins or ends with an octet up to 0x20, or
    /// holds a tab or a newline.  Every step on the input's text and every
    /// kind of URL of the browser's own acts only on such an input: a
    /// relative reference, another scheme, other slashes, controls to
    /// trim.
    pub(crate) const SHAPE: u16 = 64;
    /// A `%` that begins no escape (`written_extra_bad_escape_is_invalid`).
    pub(crate) const BAD_ESCAPE: u16 = 128;
    /// `%00` (`path_nul_is_invalid`).
    pub(crate) const ESCAPED_NUL: u16 = 256;
    /// A base URL (`base_canonicalized`): not of the input, added by the
    /// canonicalizer that has one ([`InputFacts::with_base`]).
    pub(crate) const BASE: u16 = 512;
    /// [`InputFacts::WINDOWS`] outside the path of a URL of the standard
    /// shape: from its first `?` or `#` on, or anywhere in an input with
    /// an `@` (a user or password) (`windows_escapes`, which leaves the
    /// path of a hierarchical URL to the specification's steps:
    /// `http://a/b%41` holds it not, `http://a/?b%41` and
    /// `http://u%41@a/` do).
    pub(crate) const WINDOWS_OUTSIDE_PATH: u16 = 1024;
    /// `;` (`semicolon_ends_authority`).
    pub(crate) const SEMICOLON: u16 = 1 << 15;

    /// These facts and [`InputFacts::BASE`] when `base` is.
    #[inline]
    pub(crate) fn with_base(mut self, base: bool) -> InputFacts<'i> {
        if base {
            self.marks |= Self::BASE;
        }
        self
    }

    /// Whether the fact `fact` (one of the constants) was found.
    #[cfg(test)]
    pub(crate) fn has(&self, fact: u16) -> bool {
        self.marks & fact != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::observed::input::{observed_input, observed_input_invalid};
    use crate::observed::kind::{canonicalize_by_the_steps, observed_kind};
    use crate::profile::{builtin, ProfileSpec};
    use crate::profile_canonicalizer::ProfileCanonicalizer as Canonicalizer;
    use encoding_rs::UTF_8;

    /// [`InputFacts::of`] finds each fact where a search of the input for
    /// what the rules act on finds it: generated strings of the octets the
    /// facts read, around the chunks of sixteen the scan takes at once.
    #[test]
    fn input_facts_are_the_searches() {
        let pieces = [
            "http",
            "HTTPS",
            "ws",
            "file",
            "://",
            "//",
            "\t",
            "\n",
            " ",
            "\u{1}",
            "%00",
            "\u{FFFF}",
            "\u{FDD0}",
            ":",
            "0",
            ":0",
            "@",
            "/@",
            ":@",
            "/",
            "'",
            "%",
            "|",
            "<",
            ">",
            "\"",
            "^",
            "`",
            "{",
            "}",
            "\\",
            "a",
            "abcdefghijklmnop",
            "?",
            "#",
            "\u{E9}",
            "zip",
            "ZIP",
            "%41",
            "%2F",
            "%7e",
            "%2d",
            "%zz",
            "%4",
            "%C3%A9",
            "4",
            "f",
            "+",
            "[",
            "]",
            ";",
        ];
        for input in crate::test_strings::from_pieces(0x2545_f491_4f6c_dd1du64, &pieces, 12, 20_000)
        {
            let f = InputFacts::of(&input);
            let unreserved = |v: u8| v.is_ascii_alphanumeric() || b"-._~".contains(&v);
            let changed_percent = input.match_indices('%').any(|(j, _)| {
                match input.get(j + 1..j + 3).map(|h| u8::from_str_radix(h, 16)) {
                    Some(Ok(v)) if input.as_bytes()[j + 1].is_ascii_hexdigit() => unreserved(v),
                    _ => true,
                }
            });
            let windows =
                input.contains(['|', '<', '>', '"', '^', '`', '{', '}', '\\']) || changed_percent;
            assert_eq!(
                f.has(InputFacts::APOSTROPHE),
                input.contains('\''),
                "{input:?}"
            );
            assert_eq!(
                f.has(InputFacts::COLON_ZERO),
                input.contains(":0"),
                "{input:?}"
            );
            assert_eq!(f.has(InputFacts::WINDOWS), windows, "{input:?}");
            let outside_path = windows
                && (input.contains('@')
                    || input.find(['?', '#']).is_some_and(|q| {
                        let t = &input[q..];
                        t.contains(['|', '<', '>', '"', '^', '`', '{', '}', '\\'])
                            || t.match_indices('%').any(|(j, _)| {
                                match t.get(j + 1..j + 3).map(|h| u8::from_str_radix(h, 16)) {
                                    Some(Ok(v)) if t.as_bytes()[j + 1].is_ascii_hexdigit() => {
                                        unreserved(v)
                                    }
                                    _ => true,
                                }
                            })
                    }));
            assert_eq!(
                f.has(InputFacts::WINDOWS_OUTSIDE_PATH),
                outside_path,
                "{input:?}"
            );
            let empty = input.contains("/@") || input.contains(":@");
            assert_eq!(f.has(InputFacts::EMPTY_USERINFO), empty, "{input:?}");
            assert_eq!(f.has(InputFacts::BRACKET), input.contains('['), "{input:?}");
            assert_eq!(
                f.has(InputFacts::SEMICOLON),
                input.contains(';'),
                "{input:?}"
            );
            let scheme = input.split_once(':').map(|(s, _)| s);
            assert_eq!(f.scheme, scheme, "{input:?}");
            let high = input.bytes().any(|b| b >= 0xEF);
            assert_eq!(f.has(InputFacts::NONCHARACTER_OCTET), high, "{input:?}");
            let bad = input.match_indices('%').any(|(j, _)| {
                !input.as_bytes()[j + 1..]
                    .iter()
                    .take(2)
                    .filter(|b| b.is_ascii_hexdigit())
                    .count()
                    .eq(&2)
            });
            assert_eq!(f.has(InputFacts::BAD_ESCAPE), bad, "{input:?}");
            assert_eq!(
                f.has(InputFacts::ESCAPED_NUL),
                input.contains("%00"),
                "{input:?}"
            );
            let standard = scheme
                .is_some_and(|s| STANDARD_SCHEMES.iter().any(|t| t.eq_ignore_ascii_case(s)))
                && input[input.find(':').unwrap_or(0)..].starts_with("://")
                && !input[input.find(':').unwrap_or(0) + 3..].starts_with(['/', '\\'])
                && input.len() > input.find(':').unwrap_or(0) + 3
                && !input.starts_with(|c: char| c <= ' ')
                && !input.ends_with(|c: char| c <= ' ')
                && !input.contains(['\t', '\n', '\r']);
            assert_eq!(f.has(InputFacts::SHAPE), !standard, "{input:?}");
        }
    }

    /// The parameters with only `step` on, and IE's lists of schemes
    /// (which the steps on schemes read).
    fn only(step: &UrlStep) -> UrlParams {
        let ie = &builtin("ie").expect("ie is built in").url;
        let mut table = toml::Table::try_from(UrlParams::default()).expect("a table");
        table.insert(step.name.into(), toml::Value::Boolean(true));
        UrlParams {
            known_schemes: ie.known_schemes.clone(),
            scheme_types: ie.scheme_types.clone(),
            ..table.try_into().expect("the step's parameter is a switch")
        }
    }

    /// Each step's parameter is a switch of [`UrlParams`] that turns on
    /// that step and no other; every switch of [`UrlParams`] is a step's
    /// but those of the host, which the shared steps read.
    #[test]
    fn the_registry_names_the_switches() {
        let host = [
            "host_keeps_noncharacters",
            "host_replaces_fffe_ffff",
            "empty_host_is_invalid",
        ];
        for step in URL_STEPS {
            let on: Vec<&str> = steps_on(&only(step)).map(|s| s.name).collect();
            assert_eq!(on, [step.name]);
        }
        let table = toml::Table::try_from(UrlParams::default()).expect("a table");
        for (name, value) in &table {
            if value.is_bool() && !host.contains(&name.as_str()) {
                assert!(
                    URL_STEPS.iter().any(|s| s.name == name),
                    "{name} is not in the registry"
                );
            }
        }
    }

    /// Bases against which the generated inputs are resolved: standard,
    /// `file:` with a drive, no authority, IE's scheme types, a path URL.
    const BASES: [Option<&str>; 8] = [
        None,
        Some("http://a/b/c"),
        Some("HTTPS://a/"),
        Some("file:///c:/x/y"),
        Some("zip:?t"),
        Some("mk:@MSITStore:C:\\d\\f.chm::/s/y"),
        Some("sc:/a"),
        Some("res://c:\\w/x"),
    ];

    /// A step leaves alone what its facts do not show: for each step on
    /// its own, on generated inputs against each base, where the gate
    /// before the parser says no, the observed steps on the input and
    /// the observed kinds leave the input to the parser, and the
    /// canonicalizer (which then takes the input at once to the shortcuts,
    /// whose own gate decides for the steps on components) gives what
    /// the steps one by one give.
    #[test]
    fn a_step_leaves_alone_what_its_facts_do_not_show() {
        let pieces = [
            "http", "HTTPS", "ftp", "ws", "file", "mailto", "zip", "res", "mk", "c", ":", "://",
            "//", "/", "\\", "?", "#", "@", ":0", "'", "%", "%00", "%41", "%zz", "[", "]", " ",
            ";", "\t", "\u{1}", "a", "x.y", "\u{FFFF}", "\u{FDD0}", "\u{E9}", "..", "|",
        ];
        let inputs: Vec<String> =
            crate::test_strings::from_pieces(0x5bd1_e995_2f4a_7c15u64, &pieces, 9, 1_500)
                .chain(["http://a/b", "https://a.b/c?d#e", "HTTP://A:80/'"].map(String::from))
                .collect();
        let (mut left, mut touched) = (0usize, 0usize);
        for step in URL_STEPS {
            let params = only(step);
            let gates = UrlGates::of(&params);
            let profile = ProfileSpec {
                url: params.clone(),
                ..crate::profile::this().clone()
            };
            for input in &inputs {
                let facts = InputFacts::of(input);
                for base in BASES {
                    let f = facts.with_base(base.is_some());
                    if gates.before.may_touch(&f, &params) {
                        touched += 1;
                        continue;
                    }
                    left += 1;
                    let context = format!("{}: {input:?} against {base:?}", step.name);
                    assert_eq!(
                        observed_input(&params, input, base),
                        input.as_str(),
                        "{context}"
                    );
                    assert_eq!(observed_input_invalid(&params, input), None, "{context}");
                    assert!(
                        observed_kind(&params, input, input, base).is_none(),
                        "{context}"
                    );
                    let c = match base {
                        Some(b) => Canonicalizer::new(&profile).base(b),
                        None => Ok(Canonicalizer::new(&profile)),
                    };
                    let fast = c.and_then(|c| c.canonicalize(input));
                    let steps = canonicalize_by_the_steps(input, base, &profile, UTF_8);
                    let fast = fast.map(|u| u.as_str().to_string()).ok();
                    let steps = steps.ok().and_then(|u| crate::serialize(&u));
                    assert_eq!(fast, steps, "{context}");
                }
            }
        }
        // Both branches are taken, the gate's no most of the time.
        assert!(
            left > 20_000 && touched > 20_000,
            "{left} left alone, {touched} touched"
        );
    }
}
