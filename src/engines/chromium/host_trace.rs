//! Chromium's host canonicalization, stage by stage, for `urlprism trace`.
//!
//! The stages are those the engine runs (`host`), recorded as it
//! runs them, named as Chromium's functions do their work:
//!
//! | stage | Chromium | lines up with (2011) |
//! | --- | --- | --- |
//! | `ASCII fast path` | `DoSimpleHost` on a host with no `%` and nothing beyond ASCII (`kHostCharLookup`: lowercase, escape space and `*`, refuse the rest) | 28 |
//! | `percent-decode` | `DoSimpleHost` decoding escapes (`DoComplexHost`) | 6 |
//! | `UTF-8 decode` | `ConvertUTF8ToUTF16` of the decoded host | — |
//! | `escape for IDNA` | `DoSimpleHost` before `IDNToASCII` (`DoIDNHost`) | — |
//! | `IDNA` | `IDNToASCII`: ICU UTS #46 ToASCII | 11 (Nameprep) |
//! | `host characters after IDNA` | `DoSimpleHost` on ICU's output | 28 |
//! | `IPv4 parser`, `IPv6 parser` | `CanonicalizeIPAddress` on the result | 27, 25 |
//! | `opaque-host parser` | `DoOpaqueHost` (non-special schemes) | — |
//!
//! ```
//! let t = urlprism::engines::chromium::host_trace::trace("A B.xn--9c", "http");
//! assert_eq!(t.output.as_deref(), Some("a%20b.xn--9c"));
//! assert_eq!(t.steps[0].step, "ASCII fast path");
//! ```

use super::host::{self, Mode};
use super::scheme;
use super::trace::Stages;
use crate::compare::HostTrace;

/// How a URL of the scheme `scheme` reads its host.
fn mode(scheme: &str) -> Mode {
    if scheme.eq_ignore_ascii_case("file") {
        Mode::File
    } else if scheme::standard_type(scheme).is_some() {
        Mode::Special
    } else {
        Mode::NonSpecial
    }
}

/// The host `host` of a URL of the scheme `scheme`, canonicalized, the
/// stages going to `st`.
pub(crate) fn run(host: &str, scheme: &str, st: &mut Stages) -> Result<String, String> {
    let m = mode(scheme);
    if host.is_empty() {
        return match m {
            Mode::Special => Err("empty host".to_string()),
            _ => Ok(String::new()),
        };
    }
    let wide = host.chars().any(|c| u32::from(c) > 0xFF);
    host::canonicalize(host, m, wide, st)
}

/// Chromium's host canonicalization of `host` (of a URL whose lowercase
/// scheme is `scheme`), stage by stage.
pub fn trace(host: &str, scheme: &str) -> HostTrace {
    let mut st = Stages::recording();
    let r = run(host, scheme, &mut st);
    HostTrace::staged(super::NAME, host, scheme, st.into_steps(), r)
}
