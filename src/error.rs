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
        reason: String,
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
                displayed,
                ..
            } => {
                write!(
                    f,
                    "invalid host {}: CanonicalizeHost step {step}: {reason}",
                    Quoted(host)
                )?;
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
                    shown_host,
                    displayed,
                },
                Some(written),
            ) if host.starts_with('[') && !host.contains(']') && written.len() > host.len() => {
                let reason = format!(
                    "{reason} (written {}: a '[' with no ']' is no IPv6 literal, \
                     and the port begins after the last ':')",
                    Quoted(written)
                );
                Error::Host {
                    host,
                    step,
                    reason,
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
            reason: "forbidden".into(),
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
