//! Errors: an invalid URL is a normal result, and the error says which step
//! of the specification rejected it.

use serde::Serialize;
use std::fmt;

/// Why a URL has no canonical form.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// Parsing or resolution set the /invalid/ flag.
    Invalid(InvalidReason),
    /// The CanonicalizeHost algorithm returned "fail".
    Host {
        /// The host as it entered CanonicalizeHost.
        host: String,
        /// The specification step that failed, e.g. `"20.2.1.3.2"`.
        step: &'static str,
        /// What was wrong.
        reason: HostReason,
        /// The host and port as written in the authority, when the host is
        /// only part of what was written as one (a `[` with no `]`: the
        /// port begins after the last `:`): `[::1` of `http://[::1/`.
        written: Option<Box<str>>,
        /// The host the modelled browser writes although it rejects it,
        /// when the profile models that (googleurl keeps the host it made
        /// when it finds the address BROKEN: `0x12c0a80001`,
        /// `[google.com]`); `None` otherwise.
        shown_host: Option<String>,
        /// The whole URL the modelled browser shows although the URL is
        /// invalid (googleurl's `possibly_invalid_spec()`: what a 2011
        /// page saw in `a.href`), made from `shown_host` by
        /// [`crate::Canonicalizer`]; see [`Error::displayed`].
        displayed: Option<String>,
    },
    /// The port is not a decimal number, or is above 65535 (or is 0, under
    /// a profile with [`crate::profile::UrlParams::port_zero_is_invalid`]).
    Port {
        /// The port component.
        port: String,
    },
    /// The URL Standard's parser returned failure (the `whatwg` engine).
    UrlStandard {
        /// What failed, e.g. `invalid international domain name`.
        reason: String,
    },
    /// A browser engine's parser rejects the URL, where the browser's
    /// `new URL()` throws (e.g. the `chromium` engine).
    Rejected {
        /// The engine's name.
        engine: &'static str,
        /// Why.
        reason: String,
    },
    /// The base URL given to [`crate::Canonicalizer::base`] is invalid.
    Base {
        /// The base URL as given.
        base: String,
        /// Why parsing it set the /invalid/ flag (the error's source).
        reason: InvalidReason,
    },
    /// The components given to [`crate::Url::from_parsed_url`] make no URL
    /// a [`crate::Url`] can hold (see [`crate::Url::check_invariants`]).
    Components {
        /// What does not hold.
        reason: String,
    },
    /// A setter of [`crate::Url`] cannot set the component (the URL is
    /// left as it was).
    CannotSet {
        /// The component: `scheme`, `username`, `password`, `host`,
        /// `port`, `path`, `query` or `fragment`.
        component: &'static str,
        /// Why not.
        reason: &'static str,
    },
    /// The canonical URL would be 4 GiB or longer: a [`crate::Url`]
    /// cannot hold it.
    TooLong {
        /// The length of the serialization, in bytes.
        len: usize,
    },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Invalid(r) => write!(f, "invalid URL: {r}"),
            Error::Host {
                host,
                step,
                reason,
                written,
                displayed,
                ..
            } => {
                write!(
                    f,
                    "invalid host {}: CanonicalizeHost step {step}: {reason}",
                    Quoted(host)
                )?;
                if let Some(w) = written {
                    write!(
                        f,
                        " (written {}: a '[' with no ']' is no IPv6 literal, \
                         and the port begins after the last ':')",
                        Quoted(w)
                    )?;
                }
                match displayed {
                    Some(d) => write!(f, " (shown as {})", Quoted(d)),
                    None => Ok(()),
                }
            }
            Error::Port { port } => write!(
                f,
                "invalid port {}: not a decimal number from 0 to 65535",
                Quoted(port)
            ),
            Error::UrlStandard { reason } => {
                write!(f, "invalid URL: URL Standard parser failure: {reason}")
            }
            Error::Rejected { engine, reason } => {
                write!(f, "invalid URL: {engine} rejects it: {reason}")
            }
            Error::Base { base, reason } => {
                write!(f, "invalid base URL {}: {reason}", Quoted(base))
            }
            Error::Components { reason } => write!(f, "the components make no URL: {reason}"),
            Error::CannotSet { component, reason } => {
                write!(f, "cannot set the {component}: {reason}")
            }
            Error::TooLong { len } => write!(
                f,
                "the canonical URL would be {len} bytes long (a Url holds less than 4 GiB)"
            ),
        }
    }
}

impl Error {
    /// [`Error::Rejected`]: the engine `engine` rejects the URL, for
    /// `reason`.
    pub(crate) fn rejected(engine: &'static str, reason: impl Into<String>) -> Error {
        Error::Rejected {
            engine,
            reason: reason.into(),
        }
    }

    /// The URL string the modelled browser shows although the URL is
    /// invalid (googleurl's `possibly_invalid_spec()`), when the profile
    /// models it: `http://0x12c0a80001/` under `chrome`, whose googleurl
    /// finds the address BROKEN but keeps the host it made.
    ///
    /// ```
    /// use urlprism::{profile, Canonicalizer};
    /// let e = Canonicalizer::new(profile::builtin("chrome").unwrap())
    ///     .canonicalize("http://0X12C0a80001/x")
    ///     .unwrap_err();
    /// assert_eq!(e.displayed(), Some("http://0x12c0a80001/x"));
    /// ```
    pub fn displayed(&self) -> Option<&str> {
        match self {
            Error::Host { displayed, .. } => displayed.as_deref(),
            _ => None,
        }
    }

    /// A host error made clear by the authority the host was parsed from,
    /// when that host is only part of what was written as one: a `[` with
    /// no `]` after it is no IPv6 literal, so the port is split off at the
    /// last `:` (the authority `[::1` gives the host `[:`).  Any other error
    /// is returned as it is.
    ///
    /// ```
    /// let e = urlprism::Url::parse("http://[::1/").unwrap_err();
    /// assert!(e.to_string().contains("written \"[::1\""), "{e}");
    /// ```
    pub(crate) fn in_authority(self, authority: Option<&str>) -> Error {
        // The host and port as written: the authority after its user
        // information.
        let host_port = authority.map(|a| a.rsplit_once('@').map_or(a, |(_, h)| h));
        match (self, host_port) {
            (
                Error::Host {
                    host,
                    step,
                    reason,
                    written: None,
                    shown_host,
                    displayed,
                },
                Some(written),
            ) if host.starts_with('[') && !host.contains(']') && written.len() > host.len() => {
                Error::Host {
                    host,
                    step,
                    reason,
                    written: Some(written.into()),
                    shown_host,
                    displayed,
                }
            }
            (e, _) => e,
        }
    }
}

impl std::error::Error for Error {
    /// The reason a base URL is invalid; the other errors have no cause
    /// beyond their message.
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Base { reason, .. } => Some(reason),
            _ => None,
        }
    }
}

/// The longest part of an input a message quotes, in bytes.
const QUOTE_LIMIT: usize = 200;

/// A component quoted in a message: in full when short, else its first
/// [`QUOTE_LIMIT`] bytes and its length, so that a 1 MB host does not make
/// a 1 MB message.
struct Quoted<'a>(&'a str);

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.0;
        if s.len() <= QUOTE_LIMIT {
            return write!(f, "{s:?}");
        }
        let mut end = QUOTE_LIMIT;
        while !s.is_char_boundary(end) {
            end -= 1;
        }
        write!(f, "{:?}... ({} bytes)", &s[..end], s.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_components_are_cut_in_messages() {
        let e = Error::Host {
            host: "é".repeat(100_000),
            step: "28",
            reason: HostReason::ForbiddenCharacter('~'),
            written: None,
            shown_host: None,
            displayed: None,
        };
        let m = e.to_string();
        assert!(m.len() < 400, "{m}");
        assert!(m.contains("(200000 bytes)"), "{m}");
        let short = Error::Port { port: "8a".into() }.to_string();
        assert!(short.starts_with("invalid port \"8a\":"), "{short}");
    }
}

/// Why the /invalid/ flag of a parsed URL was set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum InvalidReason {
    /// "Steps to find the scheme": the string does not begin with valid
    /// scheme characters followed by `:` (and no base resolved it).
    NoScheme,
    /// Resolution step 4: the base URL is invalid.
    InvalidBase,
    /// "Steps to resolve a relative URL" step 1: the base URL is not
    /// hierarchical.
    NonHierarchicalBase,
    /// A URL of a standard scheme other than `file` with an empty host,
    /// under a profile that makes it invalid
    /// ([`crate::profile::UrlParams::empty_host_is_invalid`]).
    EmptyHost,
    /// A URL of a standard scheme whose path holds U+0000 (written or as
    /// `%00`), under a profile that makes it invalid
    /// ([`crate::profile::UrlParams::path_nul_is_invalid`]).
    NulInPath,
    /// A `%` that does not begin an escape (two hexadecimal digits) in the
    /// path, query or fragment, under a profile that turns it down
    /// ([`crate::profile::UrlParams::bad_escape_is_invalid`]).
    BadEscape,
    /// A `<`, `>` or `"` in the host of a `res:` URL, which names a file
    /// (urlmon's `is_forbidden_dos_path_char`), under a profile that reads
    /// that host as IE does ([`crate::profile::UrlParams::res_hosts`]).
    DosPathCharacter,
    /// A string that begins with a drive letter and `:` or with `\\`,
    /// under a profile that does not read it as a `file:` URL
    /// ([`crate::profile::UrlParams::implicit_file_paths_invalid`]).
    ImplicitFilePath,
    /// A scheme that does not begin with a letter, or holds other than
    /// letters, digits, `+`, `-` and `.`, in a URL a profile reads by
    /// its kind ([`crate::observed::kind`]).
    InvalidScheme,
    /// A noncharacter in a URL a profile reads by its kind
    /// ([`crate::observed::kind`]), which writes it as U+FFFD.
    Noncharacter,
    /// A network-path reference after characters up to U+0020, which a
    /// profile finds invalid
    /// ([`crate::profile::UrlParams::network_path_after_trim_is_invalid`]).
    TrimmedNetworkPath,
}

impl std::fmt::Display for InvalidReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            InvalidReason::NoScheme => {
                "no scheme: the URL does not begin with scheme characters and ':'"
            }
            InvalidReason::InvalidBase => "the base URL is invalid",
            InvalidReason::NonHierarchicalBase => {
                "a relative URL cannot be resolved against a non-hierarchical base"
            }
            InvalidReason::EmptyHost => "the host is empty",
            InvalidReason::NulInPath => "the path holds U+0000",
            InvalidReason::InvalidScheme => {
                "the scheme does not begin with a letter or holds other than letters, digits, '+', '-', '.'"
            }
            InvalidReason::Noncharacter => "a noncharacter in the URL",
            InvalidReason::TrimmedNetworkPath => {
                "a network-path reference after characters up to U+0020"
            }
            InvalidReason::BadEscape => {
                "a '%' that begins no escape in the path, query or fragment"
            }
            InvalidReason::ImplicitFilePath => {
                "a file path (a drive letter and ':', or '\\\\') and no URL"
            }
            InvalidReason::DosPathCharacter => "a '<', '>' or '\"' in the file name of a res: URL",
        })
    }
}

impl std::error::Error for InvalidReason {}

/// Why CanonicalizeHost failed: the reason of the step that returned
/// "fail" (or its /fallback/, under a profile without one), one short
/// message each.  [`Error::Host`] names the step.
///
/// ```
/// use urlprism::{error::HostReason, Error, Url};
/// match Url::parse("http://a%zz/").unwrap_err() {
///     Error::Host { step, reason, .. } => {
///         assert_eq!((step, &reason), ("28", &HostReason::ForbiddenCharacter('%')));
///         assert_eq!(reason.to_string(), "forbidden character '%' in the host");
///     }
///     e => panic!("{e}"),
/// }
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum HostReason {
    /// Step 4a (observed, GECKO): a `:` outside brackets.
    ColonOutsideBrackets,
    /// Step 5: the host begins with an escaped `[` (`%5B`).
    EscapedBracket,
    /// Step 7a (observed, GECKO): a `;` (or `%3B`) in the host.
    Semicolon,
    /// Steps 11 and 20.2.1.1: Nameprep failed.
    Nameprep(Box<NameprepError>),
    /// Step 12: a `%` in the host after Nameprep.
    PercentAfterNameprep,
    /// Step 13.1: U+0000 or U+0020 in the host.
    NulOrSpace,
    /// Step 13.2: U+0000 or U+0020 after Nameprep, where the input held a
    /// character the Prohibit step disallows.
    NulOrSpaceAfterNameprep,
    /// Step 20.2.1.2.1.1: a label that begins with `xn--` holds non-ASCII
    /// characters.
    AceLabelNotAscii,
    /// Steps 20.2.1.2.1.2, 20.2.2.1.1 and 20.2.2a: Punycode cannot encode
    /// the label (it would overflow).
    PunycodeCannotEncode,
    /// Steps 20.2.1.2.1.4 and 20.2.1.3.3: a label longer than 63
    /// characters.
    LabelTooLong,
    /// Step 20.2.1.3.2: an empty label in a host with a label converted.
    EmptyLabel,
    /// Step 20.2.2.3.2: a Punycode label too long to decode.
    PunycodeTooLong,
    /// Step 20.2.2.3.2: a label after `xn--` that is no Punycode.
    NotPunycode,
    /// Step 20.2.2.4: ToASCII failed.
    ToAscii(Box<ToAsciiError>),
    /// Step 20.2.2.5: ToASCII of the decoded label is not the label:
    /// what ToASCII gives, and the label.
    RoundTrip(Box<(String, String)>),
    /// Step 20.2.2.6: U+3002 in the label.
    IdeographicFullStop,
    /// Step 25a (IE): a bracketed host that is no IPv6 address.
    BracketedNotIpv6,
    /// Step 26: a `:` in a host that is not an IPv6 address.
    ColonNotIpv6,
    /// Step 27 (observed, googleurl 2011): numbers that make no IPv4
    /// address (a component over 32 bits, or over its bytes).
    BrokenIpv4,
    /// Step 28: a forbidden character.
    ForbiddenCharacter(char),
    /// Step 29: `%00`, or a `%` not followed by two hexadecimal digits.
    BadEscape,
}

impl fmt::Display for HostReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HostReason::ColonOutsideBrackets => f.write_str("':' outside brackets in the host"),
            HostReason::EscapedBracket => f.write_str("the host begins with an escaped '['"),
            HostReason::Semicolon => f.write_str("';' (or \"%3B\") in the host"),
            HostReason::Nameprep(e) => write!(f, "{e}"),
            HostReason::PercentAfterNameprep => f.write_str("'%' in the host after Nameprep"),
            HostReason::NulOrSpace => f.write_str("U+0000 or U+0020 in the host"),
            HostReason::NulOrSpaceAfterNameprep => f.write_str(
                "U+0000 or U+0020 after Nameprep, and a character the Prohibit step disallows in the input",
            ),
            HostReason::AceLabelNotAscii => {
                f.write_str("a label beginning with \"xn--\" holds non-ASCII characters")
            }
            HostReason::PunycodeCannotEncode => f.write_str("Punycode cannot encode the label"),
            HostReason::LabelTooLong => f.write_str("the label is longer than 63 characters"),
            HostReason::EmptyLabel => f.write_str("empty label"),
            HostReason::PunycodeTooLong => f.write_str("the Punycode label is too long"),
            HostReason::NotPunycode => f.write_str("not a valid Punycode label"),
            HostReason::ToAscii(e) => write!(f, "{e}"),
            HostReason::RoundTrip(pair) => {
                write!(f, "ToASCII gives {:?}, not {:?}", pair.0, pair.1)
            }
            HostReason::IdeographicFullStop => f.write_str("U+3002 in the label"),
            HostReason::BracketedNotIpv6 => {
                f.write_str("a bracketed host that is no IPv6 address (Windows)")
            }
            HostReason::ColonNotIpv6 => f.write_str("':' in a host that is not an IPv6 address"),
            HostReason::BrokenIpv4 => f.write_str(
                "numbers that make no IPv4 address (googleurl 2011: a component over 32 bits, or over its bytes)",
            ),
            HostReason::ForbiddenCharacter(c) => write!(f, "forbidden character {c:?} in the host"),
            HostReason::BadEscape => {
                f.write_str("\"%00\", or '%' not followed by two hexadecimal digits")
            }
        }
    }
}

/// Why ToASCII [RFC 3490 4.1] (with UseSTD3ASCIIRules, without
/// AllowUnassigned) failed on a label.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ToAsciiError {
    /// Step 2: a code point unassigned in Unicode 3.2.
    Unassigned(char),
    /// Step 2: Nameprep failed.
    Nameprep(NameprepError),
    /// Step 3: a character other than a letter, digit or hyphen.
    NotLetterDigitHyphen(char),
    /// Step 3: the label begins or ends with `-`.
    HyphenAtAnEnd,
    /// Step 5: the label begins with the ACE prefix already.
    AcePrefix,
    /// Step 6: Punycode cannot encode the label.
    PunycodeCannotEncode,
    /// Step 8: the label is empty or longer than 63 characters.
    EmptyOrTooLong,
}

impl fmt::Display for ToAsciiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ToASCII: ")?;
        match self {
            ToAsciiError::Unassigned(c) => {
                write!(f, "U+{:04X} is unassigned in Unicode 3.2", *c as u32)
            }
            ToAsciiError::Nameprep(e) => write!(f, "{e}"),
            ToAsciiError::NotLetterDigitHyphen(c) => {
                write!(f, "{c:?} is not a letter, digit or hyphen")
            }
            ToAsciiError::HyphenAtAnEnd => f.write_str("the label begins or ends with '-'"),
            ToAsciiError::AcePrefix => f.write_str("the label already begins with the ACE prefix"),
            ToAsciiError::PunycodeCannotEncode => f.write_str("Punycode cannot encode the label"),
            ToAsciiError::EmptyOrTooLong => {
                f.write_str("the label is empty or longer than 63 characters")
            }
        }
    }
}

impl std::error::Error for ToAsciiError {}

/// Nameprep failed: the step that failed (`"2"`, `"10"` or `"11"`) and
/// why.
///
/// ```
/// let e = urlprism::algorithm::host::nameprep::nameprep("a\u{E000}b", urlprism::profile::this(), true).unwrap_err();
/// assert_eq!(e.to_string(), "Nameprep step 10: U+E000 is prohibited by Nameprep");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NameprepError {
    /// The Nameprep step that failed: `"2"`, `"10"` or `"11"`.
    pub step: &'static str,
    /// What was wrong.
    pub reason: NameprepReason,
}

/// Why a Nameprep step failed.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum NameprepReason {
    /// Step 2 (GECKO): a combining tone mark (U+0340, U+0341).
    ToneMark(char),
    /// Step 10: a character Nameprep prohibits (RFC 3454 C.*).
    Prohibited(char),
    /// Step 11: the Check bidi step; the rule of RFC 3454 section 6
    /// that fails.
    Bidi(&'static str),
}

impl fmt::Display for NameprepError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Nameprep step {}: ", self.step)?;
        match self.reason {
            NameprepReason::ToneMark(c) => {
                write!(f, "U+{:04X} (a combining tone mark) is rejected", c as u32)
            }
            NameprepReason::Prohibited(c) => {
                write!(f, "U+{:04X} is prohibited by Nameprep", c as u32)
            }
            NameprepReason::Bidi(rule) => write!(f, "bidi check: {rule}"),
        }
    }
}

impl std::error::Error for NameprepError {}
