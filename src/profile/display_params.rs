//! The parameters of a profile's address bar ([`DisplayParams`], the
//! optional `[display]` table of a profile file): how the browser of 2011
//! showed a URL, which [`crate::observed::display`] follows.

use serde::{Deserialize, Serialize};

/// How the address bar shows a URL's host labels.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum IdnDisplay {
    /// No source records the browser's address bar: the profile models
    /// none (IE 9, and the specification, which says nothing of display).
    #[default]
    None,
    /// The canonical URL is what the bar shows: the browser stored the
    /// host in the form it displayed (Gecko 2.0's `nsStandardURL` kept the
    /// host `nsIDNService::ConvertToDisplayIDN` gave, in Unicode under a
    /// whitelisted TLD: CanonicalizeHost step 20.1).
    AsCanonicalized,
    /// Each `xn--` label decoded and shown in Unicode when it holds no
    /// dangerous character and every character is in the alphabet of one
    /// of the `accept_languages` (Chrome 12's `net::IDNToUnicode`,
    /// `net/base/net_util.cc` `IsIDNComponentSafe`); with no language, when
    /// the label is in one script.
    AcceptLanguages,
}

/// What the address bar leaves out of the URL it shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Omit {
    /// The user name and password (`kFormatUrlOmitUsernamePassword`).
    UsernamePassword,
    /// `http://` (`kFormatUrlOmitHTTP`).
    Http,
    /// The `/` of a URL whose path is `/` alone and that has no query or
    /// fragment (`kFormatUrlOmitTrailingSlashOnBareHostname`).
    TrailingSlashOnBareHostname,
}

/// A profile's address bar: the optional `[display]` table of a profile
/// file.  None by default: a profile models an address bar only where a
/// source records it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct DisplayParams {
    /// How host labels are shown.
    pub idn: IdnDisplay,
    /// The browser's languages (`AcceptLanguages`), in order, e.g.
    /// `["en-US", "en"]`, Chrome's default for English.
    pub accept_languages: Vec<String>,
    /// What the bar leaves out.
    pub omit: Vec<Omit>,
}

impl DisplayParams {
    /// Whether the profile models no address bar (the table is left out of
    /// a profile file it writes).
    pub fn is_none(&self) -> bool {
        self.idn == IdnDisplay::None
    }
}
