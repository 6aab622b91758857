//! The shortcut for the common absolute URL: `scheme://[user[:password]@]host[:port][/path][?query][#fragment]`
//! in printable ASCII (but for characters that are not ASCII in the host,
//! path, query and fragment), canonicalized in one pass over the input and
//! written straight into the serialization, with the offsets of its
//! components.
//!
//! It gives what the steps give (preprocess, parse, resolve, canonicalize,
//! serialize) for every input it covers, under every profile and against
//! any base URL, and declines the rest, which then take the steps.  An
//! input it covers has a scheme and an authority, so resolution against a
//! valid base gives what resolution against itself gives: with the base's
//! scheme (in any case) and a hierarchical base it is resolved as a
//! relative URL with an authority (step 2: only the scheme comes from the
//! base, the path is normalized), otherwise it is absolute (step 10: the
//! path is normalized); either way the scheme is lowercased by
//! canonicalization.  What it covers:
//!
//! - preprocessing has no work: every ASCII octet is printable (0x21 to
//!   0x7E), and no character is a noncharacter, so there is no tab,
//!   newline, space to trim or noncharacter to replace (and the host as
//!   written is the host);
//! - the scheme is two or more scheme characters, and not `file`,
//!   `mailto` or a scheme that is not hierarchical: "finding the
//!   authority, path, query, and fragment" parses it; exactly two `/`
//!   follow the `:`, so there is an authority and the URL is hierarchical;
//! - resolution against itself only removes dot-segments from the path:
//!   a path with a `.` or `..` segment (or `%2E`, or a `\`) is declined;
//! - the user and password have no octet of the userinfo set to encode
//!   (an empty password, and then an empty user, are dropped as the
//!   userinfo step does);
//! - the host is of ASCII letters, digits, hyphens and dots, not empty:
//!   such a host has no `:`, `[`, `]` or noncharacter, so the URL-level
//!   parameters ([`crate::profile::UrlParams`]: where the port is split,
//!   the host's noncharacters) make no difference, and it is the host
//!   CanonicalizeHost gets.  The letters-digits-hyphens shortcut of
//!   CanonicalizeHost (the same function the steps call first, keyed on
//!   the profile parameters it reads) canonicalizes most such hosts;
//!   under a profile whose shortcut declines one (IE's round trip of an
//!   `xn--` label, a step 14, 28 or 30 set that holds a letter) the host
//!   is CanonicalizeHost's by the steps, as the steps of the URL run it
//!   ([`host_by_the_steps_into`]): when that fails the URL has its error (the
//!   host is the first component the steps canonicalize that can fail),
//!   and when it is empty the URL is declined;
//! - or the host is internationalized: letters, digits, hyphens, dots and
//!   characters that are not ASCII, no noncharacter among them
//!   ([`host_by_the_steps_qualifies`]); such a host too is CanonicalizeHost's
//!   by the steps (with the work no profile parameter touches shared
//!   between profiles, [`hosts_by_the_steps_each`]), read after the port
//!   so that its error is the URL's only in a URL the shortcut covers;
//! - the port is empty or a decimal number without leading zero up to
//!   65535 (the scheme's default is dropped);
//! - in the path, escapes of unreserved characters are decoded and the
//!   printable octets of the path set are escaped, and so are the UTF-8
//!   octets of a character that is not ASCII; a `%` that begins no escape
//!   is declined (the idempotent decoding may rewrite it);
//! - the query escapes the printable octets of the query set (ASCII is
//!   itself in the document encodings that take this way), and the UTF-8
//!   octets of a character that is not ASCII when the document encoding is
//!   UTF-8 (declined otherwise); the fragment keeps every printable octet
//!   and every character that is not ASCII but a C1 control (declined:
//!   the fragment step escapes those).
//!
//! `HTTPS://Example.COM:443/a%7Eb/c d?q"#f` is not covered (the space);
//! `HTTPS://Example.COM:443/a%7Eb/c"d?q"#f` → `https://example.com/a~b/c%22d?q%22#f`;
//! `http://Bücher.DE/a` → `http://xn--bcher-kva.de/a` (THIS), `http://bücher.de/a` (IE).
//!
//! [`host_by_the_steps_into`]: hosts::host_by_the_steps_into
//! [`host_by_the_steps_qualifies`]: hosts::host_by_the_steps_qualifies
//! [`hosts_by_the_steps_each`]: hosts::hosts_by_the_steps_each

mod classes;
mod each;
mod hosts;
mod scan;

use crate::accel::host::{canonicalize_host_with, HostInput, HostOutcome};
use crate::algorithm::host::trace::NoTrace;
use crate::error::Error;
use crate::profile::plan::Plan;
use crate::profile::url_steps::InputFacts;
use crate::url::Offsets;
use encoding_rs::Encoding;
use hosts::internationalized_host_qualifies;
use scan::common_url_with_host;

pub(crate) use each::{canonicalize_common_url_each, Covered};
pub(crate) use scan::scheme_end;

/// The length of host up to which room is reserved for its growth
/// (Punycode, `xn--`) before it is written: a longer one grows its
/// string as it is written.
const ROOM: usize = 1024;

/// Canonicalizes `input` under `profile` (resolved against itself or any
/// valid base, with the document encoding `encoding`) when it is a URL this shortcut
/// covers (see the module documentation): its serialization is written
/// into `out` (which is cleared first) and its offsets returned.  `None`
/// when it is not covered; `out` then holds nothing of use, and `failed`
/// the URL's error when the shortcut knows it (its host by the steps
/// fails, see [`hosts::host_by_the_steps_into`]); the steps must run
/// otherwise.
///
/// The steps give the same for every input and profile: the tests compare
/// the two on generated URLs under random mixes of the profiles'
/// parameters.
pub(crate) fn canonicalize_common_url(
    input: &str,
    plan: &Plan,
    encoding: &'static Encoding,
    out: &mut String,
    failed: &mut Option<Error>,
) -> Option<Offsets> {
    canonicalize_common_url_of(input, None, plan, encoding, out, failed)
}

/// [`canonicalize_common_url`] of an input whose facts
/// ([`InputFacts::of`]) may be known already.
pub(crate) fn canonicalize_common_url_of(
    input: &str,
    facts: Option<&InputFacts<'_>>,
    plan: &Plan,
    encoding: &'static Encoding,
    out: &mut String,
    failed: &mut Option<Error>,
) -> Option<Offsets> {
    // The URL-level steps that rewrite components (`crate::url_steps`)
    // are the steps' to run (the input scanned only under a profile with
    // any, and only when its facts are not known yet).
    let gate = &plan.url_gates().components;
    if gate.on {
        let touched = |f: &InputFacts<'_>| gate.may_touch(f, plan.url());
        if facts.map_or_else(|| touched(&InputFacts::of(input)), touched) {
            return None;
        }
    }
    common_url_with_host(input, encoding, out, |host, scheme, ascii, out| {
        let host = match ascii {
            true => HostInput::new(host, scheme),
            false => HostInput::international(host, scheme),
        };
        // An ASCII host qualifies when it is of letters, digits, `-` and
        // `.` (the common host, which the shortcut of CanonicalizeHost
        // takes at once); an internationalized one is looked at again.
        let qualifies = match host.is_ascii() {
            true => host.covered_octets(),
            false => internationalized_host_qualifies(host.host()),
        };
        if !qualifies {
            return false;
        }
        let at = out.len();
        match canonicalize_host_with(&host, plan, None, out, &mut NoTrace) {
            Ok(HostOutcome::Passthrough) => {
                out.push_str(host.host());
                true
            }
            Ok(_) => out.len() > at,
            Err(e) => {
                *failed = Some(e);
                false
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile::{builtin_profiles, this, Profile};
    use encoding_rs::UTF_8;

    /// The shortcut's result, as a string.
    pub(in crate::accel::common_url) fn shortcut(input: &str, p: &dyn Profile) -> Option<String> {
        let mut out = String::new();
        let offsets = canonicalize_common_url(input, &Plan::of(p), UTF_8, &mut out, &mut None)?;
        Some(crate::url::Url::new(out, offsets).as_str().to_string())
    }

    #[test]
    fn covers_the_common_url() {
        for (input, canonical) in [
            ("https://example.com/a/b.htm", "https://example.com/a/b.htm"),
            (
                "HTTPS://Example.COM:443/a%7Eb/c\"d?q\"#f",
                "https://example.com/a~b/c%22d?q%22#f",
            ),
            ("http://u:p@a.b:8080", "http://u:p@a.b:8080/"),
            ("http://u:@a.b:/?", "http://u@a.b/?"),
            ("http://:@a.b#", "http://a.b/#"),
            (
                "http://a.b/%2f%2F%41/..x/.y?%zz#a#b",
                "http://a.b/%2f%2FA/..x/.y?%zz#a#b",
            ),
            ("ftp://a:21/", "ftp://a/"),
            (
                "http://a/ü/日?é=\u{85}#ö\u{A0}",
                "http://a/%C3%BC/%E6%97%A5?%C3%A9=%C2%85#ö\u{A0}",
            ),
            ("gopher://a:80/", "gopher://a:80/"),
        ] {
            assert_eq!(
                shortcut(input, this()).as_deref(),
                Some(canonical),
                "{input}"
            );
        }
        // A host the letters-digits-hyphens shortcut declines under IE (an
        // `xn--` label), an internationalized host: its host by the steps.
        let ie = crate::profile::builtin("ie").unwrap();
        assert_eq!(
            shortcut("HTTP://WWW.XN--4GQ.JP/a", ie).as_deref(),
            Some("http://www.\u{4E00}.jp/a")
        );
        for (input, this_canonical, ie_canonical) in [
            (
                "HTTP://Bücher.DE:80/a?b#c",
                "http://xn--bcher-kva.de/a?b#c",
                "http://bücher.de/a?b#c",
            ),
            (
                "ftp://u:p@ｗｗｗ．ｅｘａｍｐｌｅ．ｃｏｍ/",
                "ftp://u:p@www.example.com/",
                "ftp://u:p@www.example.com/",
            ),
            (
                "https://日本.jp/",
                "https://xn--wgv71a.jp/",
                "https://日本.jp/",
            ),
        ] {
            assert_eq!(shortcut(input, this()).as_deref(), Some(this_canonical));
            assert_eq!(shortcut(input, ie).as_deref(), Some(ie_canonical));
        }
        // A port the shortcut declines is read before the host by the
        // steps: under a profile that splits the port off after the last
        // `]`, `xn--zz:]`'s host is all of it, not `xn--zz` (which fails).
        let mut bracketed = ie.clone();
        bracketed.url.port_split = crate::profile::PortSplit::FirstColonAfterLastBracket;
        for input in ["http://xn--zz:]/", "http://\u{5D0}a:]/"] {
            let mut failed = None;
            let mut out = String::new();
            assert!(canonicalize_common_url(
                input,
                &Plan::new(&bracketed),
                UTF_8,
                &mut out,
                &mut failed
            )
            .is_none());
            assert_eq!(failed, None, "{input}");
        }
        // A query that is not ASCII in a document encoding but UTF-8: the
        // steps encode it in that encoding.
        let mut out = String::new();
        let latin = encoding_rs::WINDOWS_1252;
        assert!(canonicalize_common_url(
            "http://a/?é",
            &Plan::of(this()),
            latin,
            &mut out,
            &mut None
        )
        .is_none());
        assert!(canonicalize_common_url(
            "http://a/é?a",
            &Plan::of(this()),
            latin,
            &mut out,
            &mut None
        )
        .is_some());
        // A host that fails: the URL's error, the one the steps give.
        let mut failed = None;
        let input = "http://\u{5D0}a.il/";
        let mut out = String::new();
        assert!(
            canonicalize_common_url(input, &Plan::of(this()), UTF_8, &mut out, &mut failed)
                .is_none()
        );
        let steps = crate::algorithm::canonicalize::canonicalize(
            &crate::algorithm::resolve::resolve_self(input),
            this(),
            UTF_8,
        );
        assert_eq!(failed, steps.err());
        assert!(failed.is_some());
    }

    #[test]
    fn declines_what_needs_the_steps() {
        for input in [
            "http://a/b c",
            " http://a/",
            "http://a/./b",
            "http://a/b/..",
            "http://a/b/%2e/",
            "http://a/%4%41",
            "http:///a",
            "http:\\\\a",
            "http://a\\b",
            "http://a:080/",
            "http://a:65536/",
            "http://a:8a/",
            "http://a_b/",
            "http://[::1]/",
            "http://u:p:q@a/",
            "http://a\u{FDD0}b/",
            "http://é_a/",
            "http://é:8a/",
            "http://é/\u{FDD0}",
            "http://a/?\u{FFFF}",
            "http://a/#\u{85}",
            "http://a/#\u{1FFFE}",
            "http://ü@é/",
            "http://é/a b",
            "http://é/./b",
            "file://a/",
            "mailto://a/",
            "javascript://a/",
            "c://a/",
            "no scheme",
        ] {
            for p in builtin_profiles() {
                assert_eq!(shortcut(input, p), None, "{input} under {}", p.name());
            }
        }
    }

    #[test]
    fn equals_the_steps_when_it_covers() {
        for p in builtin_profiles() {
            for input in [
                "https://WWW.Example.COM/x?y#z",
                "http://0x7F.1/",
                "http://1.2.3.4:81/a",
                "http://a..b./",
                "http://xn--bcher-kva.de/",
                "http://XN--A.b/",
                "http://4294967296/",
                "http://Bücher.DE/",
                "http://ｗｗｗ．ｅｘａｍｐｌｅ．ｃｏｍ/",
                "http://\u{5D0}\u{5D1}.il/",
                "http://a\u{FFFD}b/",
                "http://ﬁ.de/",
                "http://１２７．０．０．１/",
                "http://a/ü/日?é=\u{85}#ö\u{A0}",
                "http://Bücher.de/ü?ü#ü",
            ] {
                let resolved = crate::algorithm::resolve::resolve_self(input);
                let steps = crate::algorithm::canonicalize::canonicalize(&resolved, p, UTF_8)
                    .ok()
                    .and_then(|c| crate::algorithm::serialize::serialize(&c));
                if let Some(s) = shortcut(input, p) {
                    assert_eq!(Some(s), steps, "{input} under {}", p.name());
                }
            }
        }
    }
}
