//! Errors: an invalid URL is a normal result, and the error says which step
//! of the specification rejected it.

use crate::url::InvalidReason;
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
    },
    /// The port is not a decimal number, or is above 65535.
    Port {
        /// The port component.
        port: String,
    },
    /// An unknown document encoding label.
    UnknownEncoding(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Invalid(r) => write!(f, "invalid URL: {r}"),
            Error::Host { host, step, reason } => {
                write!(
                    f,
                    "invalid host {host:?}: CanonicalizeHost step {step}: {reason}"
                )
            }
            Error::Port { port } => write!(
                f,
                "invalid port {port:?}: not a decimal number from 0 to 65535"
            ),
            Error::UnknownEncoding(l) => write!(f, "unknown encoding label {l:?}"),
        }
    }
}

impl std::error::Error for Error {}
