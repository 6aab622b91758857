//! Why a key could not be made, or a key file not read.

use std::fmt;

/// Why an input has no key of a kind: the reference implementation
/// rejects it (raises, or returns no key).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum KeyError {
    /// The family's reference implementation rejects the input.
    Rejected {
        /// The family, e.g. `surt`.
        family: &'static str,
        /// Why, e.g. `invalid IPv6 address in the authority`.
        reason: &'static str,
    },
    /// The input is not valid UTF-8 where the family reads text.
    NotUtf8 {
        /// The family.
        family: &'static str,
    },
}

impl fmt::Display for KeyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KeyError::Rejected { family, reason } => write!(f, "{family}: {reason}"),
            KeyError::NotUtf8 { family } => write!(f, "{family}: the input is not valid UTF-8"),
        }
    }
}

impl std::error::Error for KeyError {}

/// Why a key file (or a built-in kind's name) could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyFileError {
    /// What was wrong, with the line where there is one.
    pub message: String,
}

impl fmt::Display for KeyFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for KeyFileError {}
