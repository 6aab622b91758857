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

use crate::canonical_url::{Offsets, Span, Url};
use crate::canonicalize::default_port;
use crate::error::Error;
use crate::host::canonicalize_host::{
    canonicalize_host_into, canonicalize_host_with, with_shared_host_work_on, HostInput,
    HostOutcome, LdhHostKey, SharedHostWork, LDH_AND_DOT,
};
use crate::host::plan::Plan;
use crate::host::trace::NoTrace;
use crate::octets::{first_where, OctetSet};
use crate::percent::{self, push_escape, PATH_SET, QUERY_SET, UNRESERVED, USERINFO_SET};
use crate::profile::HexCase;
use crate::thread_buffer::{give_back, take_kept, Room};
use crate::url::is_not_hierarchical_scheme;
use encoding_rs::{Encoding, UTF_8};
use std::cell::RefCell;
use std::ops::Range;

/// Printable ASCII, 0x21 to 0x7E: the octets the shortcut reads.
const PRINTABLE: OctetSet = OctetSet::EMPTY.with_range(0x21, 0x7E);

/// The length of host up to which room is reserved for its growth
/// (Punycode, `xn--`) before it is written: a longer one grows its
/// string as it is written.
const ROOM: usize = 1024;

/// Byte class: a valid scheme character.
const SCHEME: u8 = 1;
/// Byte class: copied as it is into the path (printable, not in the path
/// set, and none of `. % ? #`, which the path loop looks at).
const PATH_COPY: u8 = 2;
/// Byte class: escaped in the path (printable, in the path set, not `\`).
const PATH_ESCAPE: u8 = 4;
/// Byte class: escaped in the query (printable, in the query set).
const QUERY_ESCAPE: u8 = 8;
/// Byte class: copied as it is into the query (printable, not in the
/// query set, not `#`).
const QUERY_COPY: u8 = 128;
/// Byte class: copied as it is into the user or password (printable, not
/// in the userinfo set).
const USERINFO_COPY: u8 = 16;
/// Byte class: printable.
const PRINT: u8 = 32;
/// Byte class: neither ends nor splits the authority (printable, none of
/// `/ \\ ? # @ :`).
const AUTHORITY_PLAIN: u8 = 64;

/// The classes of each octet, made from the octet sets of the steps.
static CLASS: [u8; 256] = {
    let scheme = OctetSet::EMPTY
        .with_range(b'a', b'z')
        .with_range(b'A', b'Z')
        .with_range(b'0', b'9')
        .with_all(b"+-.");
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        let b = i as u8;
        if PRINTABLE.contains(b) {
            let mut c = PRINT;
            if scheme.contains(b) {
                c |= SCHEME;
            }
            let path_special = matches!(b, b'.' | b'%' | b'?' | b'#');
            if !PATH_SET.contains(b) && !path_special {
                c |= PATH_COPY;
            }
            if PATH_SET.contains(b) && b != b'\\' {
                c |= PATH_ESCAPE;
            }
            if QUERY_SET.contains(b) {
                c |= QUERY_ESCAPE;
            } else if b != b'#' {
                c |= QUERY_COPY;
            }
            if !USERINFO_SET.contains(b) {
                c |= USERINFO_COPY;
            }
            if !matches!(b, b'/' | b'\\' | b'?' | b'#' | b'@' | b':') {
                c |= AUTHORITY_PLAIN;
            }
            t[i] = c;
        }
        i += 1;
    }
    t
};

#[inline(always)]
fn class(b: u8) -> u8 {
    CLASS[b as usize]
}

/// Canonicalizes `input` under `profile` (resolved against itself or any
/// valid base, with the document encoding `encoding`) when it is a URL this shortcut
/// covers (see the module documentation): its serialization is written
/// into `out` (which is cleared first) and its offsets returned.  `None`
/// when it is not covered; `out` then holds nothing of use, and `failed`
/// the URL's error when the shortcut knows it (its host by the steps
/// fails, see [`host_by_the_steps_into`]); the steps must run otherwise.
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

/// [`host_by_the_steps_qualifies`] of a host that is not ASCII (cold: the
/// common host is ASCII).
#[cold]
#[inline(never)]
fn internationalized_host_qualifies(host: &str) -> bool {
    host_by_the_steps_qualifies(host)
}

/// What [`host_by_the_steps_into`] did.
enum HostByTheSteps {
    /// It appended the host.
    Written,
    /// The host failed with this error, the URL's.
    Failed(Error),
    /// CanonicalizeHost gives an empty host: the steps for the URL.
    Declined,
}

/// The canonical host, by the steps of CanonicalizeHost, of a URL the
/// shortcut covers but for its host, when the letters-digits-hyphens
/// shortcut does not cover it (an internationalized host; IE's round trip
/// of an `xn--` label) and the host qualifies
/// ([`host_by_the_steps_qualifies`]): CanonicalizeHost of it under
/// `profile` appended to `out` (`Written`; `out` is unchanged otherwise),
/// or the error it gives (`Failed`), which is the URL's (the host is the
/// first component the steps canonicalize that can fail, and nothing
/// before makes such a URL invalid).  `Declined` when CanonicalizeHost
/// gives an empty host (the steps of the URL then give what they give).
/// The work on the host that no profile parameter touches is shared with
/// the other profiles of `shared`, when there is one.
///
/// What the steps of the URL make of the host: they hand CanonicalizeHost
/// the host as parsed, which for such a host is the host as written (see
/// [`host_by_the_steps_qualifies`]), and the lowercased scheme, which it
/// compares case-insensitively only (`file`, IE's schemes that keep
/// Unicode labels).
///
/// IE: `http://WWW.XN--4GQ.JP/` → `www.\u{4E00}.jp`; THIS:
/// `http://Bücher.DE/` → `xn--bcher-kva.de`.
fn host_by_the_steps_into(
    host: &HostInput<'_>,
    plan: &Plan,
    shared: Option<&mut SharedHostWork>,
    out: &mut String,
) -> HostByTheSteps {
    host_written(out, |out| canonicalize_host_into(host, plan, shared, out))
}

/// What `canonicalize(out)`, which appends a canonical host to `out`
/// or fails, did ([`host_by_the_steps_into`]; `out` is unchanged unless
/// `Written`).
#[inline]
fn host_written(
    out: &mut String,
    canonicalize: impl FnOnce(&mut String) -> Result<(), Error>,
) -> HostByTheSteps {
    let at = out.len();
    match canonicalize(out) {
        Ok(()) if out.len() > at => HostByTheSteps::Written,
        Ok(()) => HostByTheSteps::Declined,
        Err(e) => {
            out.truncate(at);
            HostByTheSteps::Failed(e)
        }
    }
}

/// Whether the steps of the URL hand CanonicalizeHost `host` as written
/// (in a URL the shortcut covers but for its host): it is not empty, and
/// its octets are ASCII letters, digits, hyphens and dots, or not ASCII,
/// with no noncharacter among the characters.  Preprocessing then leaves
/// it alone (it replaces noncharacters only, and removes or trims ASCII
/// octets it does not hold), the host as written is the host as parsed
/// (kept only for a host with a noncharacter), no URL-level parameter
/// acts on it (it has no `:`, `[` or `]`), and the parser splits the URL
/// at the same ASCII delimiters as the shortcut, since neither a
/// non-ASCII character nor U+FFFD is one.
///
/// `bücher.de`, `ｗｗｗ．ｅｘａｍｐｌｅ．ｃｏｍ`, `a\u{FFFD}b`: true;
/// `a\u{FDD0}b`, `a_b`, `é:80` (its `:`): false.
fn host_by_the_steps_qualifies(host: &str) -> bool {
    // Every noncharacter's UTF-8 begins with an octet from 0xEF on: only
    // then are the characters read.
    let mut may_hold_noncharacter = false;
    for &c in host.as_bytes() {
        if c < 0x80 && !LDH_AND_DOT.contains(c) {
            return false;
        }
        may_hold_noncharacter |= c >= 0xEF;
    }
    let noncharacter = || host.chars().any(crate::preprocess::is_noncharacter);
    !host.is_empty() && (!may_hold_noncharacter || !noncharacter())
}

/// [`canonicalize_common_url`] under each of `profiles`: element `i` is
/// `covered(url)` for the URL it gives under `profiles[i]`, or, where it
/// declines, the element `by_the_steps` gives for that profile (called
/// once, with the profiles declined, in order; with all of them when the
/// URL is declined for anything but its host, or its host under every
/// profile).
///
/// The profile decides nothing in this shortcut but the host (the
/// letters-digits-hyphens shortcut of CanonicalizeHost): the input is
/// scanned, and every other component written, once, with the host of the
/// first profile the shortcut covers; the URL of each later profile is
/// that one with its own host put in place.  A URL the shortcut declines
/// for anything but its host is declined under every profile, after one
/// scan.  An internationalized host goes by the steps under every profile
/// ([`each_with_hosts_by_the_steps`]).
///
/// The host is read once ([`HostInput`]), and each profile reduced to
/// the parameters the host shortcut reads *for this host*
/// ([`LdhHostKey`]: step 27's rule only for a host that begins with a
/// digit, step 18's only for one with an `xn--` label): a profile whose
/// key equals an earlier one's gets a copy of that one's URL (or is
/// declined with it), whatever else in it differs.
///
/// `HTTP://Example.COM/a` under THIS, CHROME, GECKO and IE →
/// `http://example.com/a` four times, the host canonicalized once;
/// A profile whose host shortcut declines the host gets its host by the
/// steps ([`host_by_the_steps_into`]) in place of the first URL's: IE's
/// `www.\u{4E00}.jp` for `http://WWW.XN--4GQ.JP/`, where THIS, CHROME and
/// GECKO share `http://www.xn--4gq.jp/`; `failed(e)` when that fails
/// with `e`, the URL's error.
///
/// `http://0x7F.1/` under THIS and IE → `http://127.0.0.1/` once (their
/// keys are equal: IE's round trip does not matter without an `xn--`
/// label), under a profile without step 27 → `http://0x7f.1/`.
pub(crate) fn canonicalize_common_url_each<T>(
    input: &str,
    profiles: &[&Plan],
    encoding: &'static Encoding,
    covered: impl Fn(Url) -> T,
    failed: impl Fn(Error) -> T,
    by_the_steps: impl FnOnce(&[&Plan]) -> Vec<T>,
) -> Vec<T> {
    // The keys of the profiles, on the stack for up to eight of them.
    let mut on_stack = [LdhHostKey::Declined; 8];
    let mut on_heap = Vec::new();
    let keys: &mut [LdhHostKey] = match profiles.len() <= on_stack.len() {
        true => &mut on_stack[..profiles.len()],
        false => {
            on_heap.resize(profiles.len(), LdhHostKey::Declined);
            &mut on_heap
        }
    };
    let mut shared = None;
    let mut first = 0;
    let mut out = String::new();
    // An internationalized host: each profile's by the steps.
    let mut hosts_by_the_steps = None;
    let scanned = common_url_with_host(input, encoding, &mut out, |host, scheme, ascii, out| {
        if !ascii {
            hosts_by_the_steps = Some(hosts_by_the_steps_each(host, scheme, profiles, out));
            return true;
        }
        let host = HostInput::new(host, scheme);
        host.keys(profiles, keys);
        // The first profile whose key covers the host (and whose step 27
        // does not fail).
        let written = keys.iter().position(|&k| host.write(k, out));
        shared = Some(host);
        written.map(|i| first = i).is_some()
    });
    if let Some(hosts) = hosts_by_the_steps {
        let Some(offsets) = scanned else {
            return by_the_steps(profiles);
        };
        let url = Url::new(out, offsets);
        return each_with_hosts_by_the_steps(url, hosts, profiles, covered, failed, by_the_steps);
    }
    let (Some(offsets), Some(host)) = (scanned, shared) else {
        return by_the_steps(profiles);
    };
    // The common case: every profile has the first one's key, and shares
    // its URL (written once, copied for all but the last, each copy
    // allocated to its length; `profiles` is not empty, one was covered).
    if first == 0 && keys.iter().all(|&k| k == keys[0]) {
        let url = Url::new(out, offsets);
        let mut each = Vec::with_capacity(profiles.len());
        each.extend(std::iter::repeat_with(|| covered(url.clone())).take(profiles.len() - 1));
        each.push(covered(url));
        return each;
    }
    // One URL per distinct key (`urls[key.slot()]`, `Some(None)` when
    // declined): the keys before the first covered one are declined, the
    // first one's URL is the one written, each later one's puts its host
    // in that one's place.
    let mut urls: [Option<Option<Url>>; LdhHostKey::SLOTS] = Default::default();
    let mut uses = [0usize; LdhHostKey::SLOTS];
    for &k in &keys[..first] {
        urls[k.slot()] = Some(None);
    }
    urls[keys[first].slot()] = Some(Some(Url::new(out, offsets)));
    for &k in &keys[first + 1..] {
        if urls[k.slot()].is_none() {
            let url = urls[keys[first].slot()]
                .as_ref()
                .and_then(Option::as_ref)
                .expect("the first covered profile's URL");
            // Not too long: the input is at most a quarter of u32::MAX
            // long, and so is the host written.
            urls[k.slot()] = Some(url.with_host(|out| host.write(k, out)).and_then(Result::ok));
        }
    }
    let declined = |k: &LdhHostKey| matches!(urls[k.slot()], Some(None));
    // A profile whose host shortcut declines the host: its host by the
    // steps put in place of the first URL's (`own[i]`), or, when that
    // declines too, the steps for the whole URL.
    let mut own: Vec<Option<Result<Url, Error>>> = Vec::new();
    if keys.iter().any(declined) {
        let url = urls[keys[first].slot()]
            .as_ref()
            .and_then(Option::as_ref)
            .expect("the first covered profile's URL");
        // An ASCII host qualifies when it is letters, digits, `-` and `.`
        // ([`host_by_the_steps_qualifies`]).
        let qualifies = host.covered_octets();
        own = (keys.iter().zip(profiles))
            .map(|(k, p)| {
                if !declined(k) || !qualifies {
                    return None;
                }
                // The host written into the URL's own string.
                let mut failed = None;
                let own = url.with_host(|out| match host_by_the_steps_into(&host, p, None, out) {
                    HostByTheSteps::Written => true,
                    HostByTheSteps::Failed(e) => {
                        failed = Some(e);
                        false
                    }
                    HostByTheSteps::Declined => false,
                });
                match (own, failed) {
                    (Some(own), _) => own.ok().map(Ok),
                    (None, failed) => failed.map(Err),
                }
            })
            .collect();
    }
    let by_the_steps_for = |(i, k): (usize, &LdhHostKey)| declined(k) && own[i].is_none();
    let mut by_the_steps = match keys.iter().enumerate().any(by_the_steps_for) {
        true => {
            let declined: Vec<&Plan> = (keys.iter().enumerate().zip(profiles))
                .filter(|(ik, _)| by_the_steps_for(*ik))
                .map(|(_, p)| *p)
                .collect();
            by_the_steps(&declined)
        }
        false => Vec::new(),
    }
    .into_iter();
    // Each URL moved out for the last profile that shares it, copied for
    // the others.
    for &k in keys.iter() {
        uses[k.slot()] += 1;
    }
    let mut each = Vec::with_capacity(profiles.len());
    for (i, &k) in keys.iter().enumerate() {
        uses[k.slot()] -= 1;
        let url = urls[k.slot()].as_mut().expect("a result for every key");
        each.push(match url {
            None => match own[i].take() {
                Some(Ok(u)) => covered(u),
                Some(Err(e)) => failed(e),
                None => by_the_steps
                    .next()
                    .expect("a result for each declined profile"),
            },
            Some(u) if uses[k.slot()] > 0 => covered(u.clone()),
            Some(_) => covered(url.take().expect("a URL")),
        });
    }
    each
}

/// Each profile's host by the steps, for [`each_with_hosts_by_the_steps`].
enum HostOf {
    /// The host written in the URL (the first profile's that succeeds).
    Written,
    /// Another host, in [`HostsByTheSteps::others`].
    Other(Range<usize>),
    /// The URL with that other host in place of the written one: the
    /// next of [`HostsByTheSteps::urls`].
    Url,
    /// The host failed with this error, the URL's (boxed: rare, and the
    /// entries stay small).
    Failed(Box<Error>),
    /// The steps for the URL (the host does not qualify or is empty).
    Declined,
}

/// The hosts by the steps of a URL under several profiles (the thread
/// keeps its room from one URL to the next: see [`KEPT_HOSTS`]).
#[derive(Default)]
struct HostsByTheSteps {
    /// Under each profile.
    each: Vec<HostOf>,
    /// The text of the hosts that are not the written one.
    others: String,
    /// The URLs with those hosts in place.
    urls: Vec<Url>,
}

impl Room for HostsByTheSteps {
    fn room(&self) -> usize {
        self.each.room() + self.others.room() + self.urls.room()
    }
}

thread_local! {
    /// The room of [`HostsByTheSteps`], taken for a URL and given back
    /// empty.
    static KEPT_HOSTS: RefCell<HostsByTheSteps> = const {
        RefCell::new(HostsByTheSteps {
            each: Vec::new(),
            others: String::new(),
            urls: Vec::new(),
        })
    };
}

/// [`host_by_the_steps_into`] of `host` under each of `profiles`, with the work
/// on the host that no profile parameter touches done once for all of
/// them: the first host that succeeds appended to `out` (the URL), each
/// other one that differs from it to a string of its own.
fn hosts_by_the_steps_each(
    host: &str,
    scheme: &str,
    profiles: &[&Plan],
    out: &mut String,
) -> HostsByTheSteps {
    let mut written: Option<Range<usize>> = None;
    let HostsByTheSteps {
        mut each,
        mut others,
        urls,
    } = take_kept(&KEPT_HOSTS);
    each.clear();
    others.clear();
    if !host_by_the_steps_qualifies(host) {
        each.extend(profiles.iter().map(|_| HostOf::Declined));
        return HostsByTheSteps { each, others, urls };
    }
    // Room for the other hosts (Punycode and `xn--` may grow a label), for
    // common hosts only: a huge one grows the string as it is written.
    others.reserve(profiles.len() * (2 * host.len().min(ROOM) + 8));
    let input = HostInput::international(host, scheme);
    with_shared_host_work_on(host, |work| {
        each.extend(profiles.iter().map(|p| {
            let Some(w) = written.clone() else {
                let at = out.len();
                return match host_by_the_steps_into(&input, p, Some(work), out) {
                    HostByTheSteps::Written => {
                        written = Some(at..out.len());
                        HostOf::Written
                    }
                    HostByTheSteps::Failed(e) => HostOf::Failed(Box::new(e)),
                    HostByTheSteps::Declined => HostOf::Declined,
                };
            };
            let at = others.len();
            match host_by_the_steps_into(&input, p, Some(work), &mut others) {
                HostByTheSteps::Written if others[at..] == out[w] => {
                    others.truncate(at);
                    HostOf::Written
                }
                HostByTheSteps::Written => HostOf::Other(at..others.len()),
                HostByTheSteps::Failed(e) => HostOf::Failed(Box::new(e)),
                HostByTheSteps::Declined => HostOf::Declined,
            }
        }))
    });
    HostsByTheSteps { each, others, urls }
}

/// The result of each profile for a URL whose hosts went by the steps
/// ([`hosts_by_the_steps_each`]): `url`, written with the first host that
/// succeeds, for a profile with that host (moved out for the last of
/// them), that URL with the profile's host in place for another,
/// `failed(e)` for a host that fails with `e`, and `by_the_steps` (once,
/// for all of them) for a host declined.
///
/// `http://Bücher.DE/a` under THIS, CHROME, GECKO and IE:
/// `http://xn--bcher-kva.de/a` written once, copied for CHROME, Gecko's
/// and IE's `bücher.de` put in place.
fn each_with_hosts_by_the_steps<T>(
    url: Url,
    hosts: HostsByTheSteps,
    profiles: &[&Plan],
    covered: impl Fn(Url) -> T,
    failed: impl Fn(Error) -> T,
    by_the_steps: impl FnOnce(&[&Plan]) -> Vec<T>,
) -> Vec<T> {
    let HostsByTheSteps {
        mut each,
        others,
        mut urls,
    } = hosts;
    // Each other host put in place of the written one (into `urls`),
    // before the steps are asked for the profiles whose host (or URL, at 4
    // GiB) is declined.
    urls.clear();
    for h in &mut each {
        if let HostOf::Other(r) = h {
            let own = url.with_host(|out| {
                out.push_str(&others[r.clone()]);
                true
            });
            *h = match own.and_then(Result::ok) {
                Some(own) => {
                    urls.push(own);
                    HostOf::Url
                }
                None => HostOf::Declined,
            };
        }
    }
    let last_written = each.iter().rposition(|h| matches!(h, HostOf::Written));
    let asked: Vec<&Plan> = (each.iter().zip(profiles))
        .filter(|(h, _)| matches!(h, HostOf::Declined))
        .map(|(_, p)| *p)
        .collect();
    let mut by_the_steps = match asked.is_empty() {
        true => Vec::new(),
        false => by_the_steps(&asked),
    }
    .into_iter();
    let mut url = Some(url);
    let mut own_urls = urls.drain(..);
    let mut results = Vec::with_capacity(each.len());
    for (i, h) in each.drain(..).enumerate() {
        results.push(match h {
            HostOf::Written if Some(i) == last_written => covered(url.take().expect("the URL")),
            HostOf::Written => covered(url.clone().expect("the URL")),
            // In the order they were put in `urls`.
            HostOf::Url => covered(own_urls.next().expect("a URL of its own")),
            HostOf::Other(_) => unreachable!("every other host is put in place above"),
            HostOf::Failed(e) => failed(*e),
            HostOf::Declined => by_the_steps
                .next()
                .expect("a result for each declined profile"),
        });
    }
    drop(own_urls);
    let mut others = others;
    others.clear();
    give_back(&KEPT_HOSTS, HostsByTheSteps { each, others, urls });
    results
}

/// The shortcut, with the host written by `host_into(host, scheme, ascii,
/// out)` (the host as written, the scheme as written, whether the
/// authority is ASCII, the serialization so far; `false` declines): the
/// offsets.
#[inline(always)]
fn common_url_with_host<'i>(
    input: &'i str,
    encoding: &'static Encoding,
    out: &mut String,
    host_into: impl FnOnce(&'i str, &'i str, bool, &mut String) -> bool,
) -> Option<Offsets> {
    let b = input.as_bytes();
    // Offsets are u32, and escaping can triple the path and query.
    if b.len() > (u32::MAX / 4) as usize {
        return None;
    }
    out.clear();

    // The scheme, lowercased, and `://`.
    let scheme_end = match b {
        // The common schemes, lowercase already.
        [b'h', b't', b't', b'p', b's', b':', b'/', b'/', ..] => 5,
        [b'h', b't', b't', b'p', b':', b'/', b'/', ..] => 4,
        _ => scheme_end(b)?,
    };
    // No third slash character.
    if matches!(b.get(scheme_end + 3), Some(b'/' | b'\\')) {
        return None;
    }

    // The authority: up to the first `/`, `\`, `?` or `#`, split at its
    // last `@` and the last `:` after it.  Read before anything is
    // written: an authority with an ASCII octet that is not printable is
    // declined at once; one with non-ASCII octets is noted (the userinfo
    // and port decline them, the host goes by the steps).
    let authority_start = scheme_end + 3;
    let (mut last_at, mut last_colon) = (None, None);
    let mut ascii = true;
    let mut authority_end = b.len();
    let mut i = authority_start;
    loop {
        i += first_where(&b[i..], |c| class(c) & AUTHORITY_PLAIN == 0).unwrap_or(b.len() - i);
        match b.get(i) {
            None => break,
            Some(b'@') => last_at = Some(i),
            Some(b':') => last_colon = Some(i),
            Some(b'/' | b'?' | b'#') => {
                authority_end = i;
                break;
            }
            Some(&c) if c >= 0x80 => {
                // The rest of the character, and any more that follow.
                ascii = false;
                i += b[i..].iter().take_while(|&&c| c >= 0x80).count() - 1;
            }
            Some(_) => return None,
        }
        i += 1;
    }
    // An internationalized host by the steps may grow (its labels in
    // Punycode, `xn--` before each).
    let growth = if ascii {
        8
    } else {
        8 + 2 * (authority_end - authority_start).min(ROOM)
    };
    out.reserve(b.len() + growth);
    out.push_str(&input[..scheme_end]);
    out.make_ascii_lowercase();
    out.push_str("://");
    let mut user = None;
    let mut password = None;
    let host_start = match last_at {
        Some(at) => {
            let userinfo = &input[authority_start..at];
            if !userinfo
                .bytes()
                .all(|c| class(c) & USERINFO_COPY != 0 || c == b':')
            {
                return None;
            }
            let (u, p) = match userinfo.split_once(':') {
                Some((u, p)) => (u, Some(p)),
                None => (userinfo, None),
            };
            // An empty password is dropped, then an empty user without one;
            // a `:` in the password is escaped by the steps.
            let p = p.filter(|p| !p.is_empty());
            if p.is_some_and(|p| p.contains(':')) {
                return None;
            }
            if !u.is_empty() || p.is_some() {
                user = Some(push_span(out, u));
                if let Some(p) = p {
                    out.push(':');
                    password = Some(push_span(out, p));
                }
                out.push('@');
            }
            at + 1
        }
        None => authority_start,
    };
    let (host_end, port) = match last_colon.filter(|&c| c >= host_start) {
        Some(colon) => (colon, Some(&input[colon + 1..authority_end])),
        None => (authority_end, None),
    };
    let port_number = match port {
        Some(p) => port_number(p)?,
        None => None,
    };
    let scheme = &input[..scheme_end];
    let host = &input[host_start..host_end];
    // A host by the steps costs more than the rest of the URL: its path,
    // query and fragment must hold no ASCII octet the shortcut declines.
    if !ascii && first_where(&b[authority_end..], |c| c < 0x80 && class(c) & PRINT == 0).is_some() {
        return None;
    }
    let host_at = out.len();
    // The host shortcut reads the scheme only to pick the profile for
    // other hosts (`file`), with which it compares case-insensitively.
    if !host_into(host, scheme, ascii, out) {
        return None;
    }
    let host = Some(span(host_at, out.len()));
    let port = match port {
        Some(p) => push_port(p, port_number, default_port(&out[..scheme_end]), out),
        None => None,
    };

    // The path: at least `/`.
    let path_at = out.len();
    let mut i = authority_end;
    if b.get(i) == Some(&b'/') {
        i = push_path(input, i, out)?;
    } else {
        out.push('/');
    }
    let path = Some(span(path_at, out.len()));

    let mut query = None;
    if b.get(i) == Some(&b'?') {
        let encoding = encoding.output_encoding();
        if !(encoding == UTF_8 || encoding.is_ascii_compatible()) {
            return None;
        }
        out.push('?');
        let at = out.len();
        i = push_query(input, i + 1, encoding == UTF_8, out)?;
        query = Some(span(at, out.len()));
    }
    let mut fragment = None;
    if b.get(i) == Some(&b'#') {
        let f = &input[i + 1..];
        if first_where(f.as_bytes(), |c| class(c) & PRINT == 0).is_some() && !fragment_keeps(f) {
            return None;
        }
        out.push('#');
        fragment = Some(push_span(out, f));
    }
    let offsets = Offsets {
        scheme_end: scheme_end as u32,
        user,
        password,
        host,
        port,
        path,
        query,
        fragment,
        len: out.len() as u32,
    };
    Some(offsets)
}

/// The end of the scheme at the start of `b` when it is followed by `://`
/// and the shortcut covers it: two or more scheme characters (one letter
/// is a drive), and not `file`, `mailto` or a scheme that is not
/// hierarchical, in any case.
///
/// `FTP://a` → `Some(3)`; `c://a`, `File://a`, `javascript://a` → `None`.
pub(crate) fn scheme_end(b: &[u8]) -> Option<usize> {
    let end = b.iter().position(|&c| class(c) & SCHEME == 0)?;
    if end < 2 || b.get(end..end + 3) != Some(b"://") {
        return None;
    }
    let scheme = &b[..end];
    let is = |name: &str| scheme.eq_ignore_ascii_case(name.as_bytes());
    let hierarchical = std::str::from_utf8(scheme).is_ok_and(|s| !is_not_hierarchical_scheme(s));
    (hierarchical && !is("file") && !is("mailto")).then_some(end)
}

/// The span `start..end` of the serialization.
fn span(start: usize, end: usize) -> Span {
    Span {
        start: start as u32,
        end: end as u32,
    }
}

/// Appends `s` to `out`: its span there.
fn push_span(out: &mut String, s: &str) -> Span {
    let start = out.len();
    out.push_str(s);
    span(start, out.len())
}

/// The port step's number for `port`: `Some(None)` when it is empty,
/// `Some(Some(n))` for a number up to 65535 without leading zero (written
/// as it is), `None` (declined) for anything else.  Read before the host
/// is canonicalized: a host by the steps that fails is the URL's error
/// only in a URL the shortcut covers.
///
/// `8080` → 8080; `` → none; `080`, `8a`, `65536` → declined.
fn port_number(port: &str) -> Option<Option<u16>> {
    if port.is_empty() {
        return Some(None);
    }
    let p = port.as_bytes();
    if p.len() > 5 || p[0] == b'0' || !p.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let value = p.iter().fold(0u32, |v, &d| v * 10 + u32::from(d - b'0'));
    u16::try_from(value).ok().map(Some)
}

/// The port step: `port` (whose number is `number`) dropped when it is
/// empty or the scheme's `default`, written as it is otherwise.
///
/// `http` `80` → dropped; `8080` → `:8080`.
fn push_port(
    port: &str,
    number: Option<u16>,
    default: Option<u16>,
    out: &mut String,
) -> Option<Span> {
    if number.is_none() || number == default {
        return None;
    }
    out.push(':');
    Some(push_span(out, port))
}

/// Appends the canonical path that begins at `input[i]` (a `/`): the
/// offset of the `?` or `#` after it (or the end).  Declined: a `.` or
/// `..` segment (which resolution removes), a `\`, an escape of `.`, a `%`
/// that begins no escape, an octet that is not printable.
///
/// `/a%7Eb/c"d` → `/a~b/c%22d`; `/a/./b` → declined.
fn push_path(input: &str, mut i: usize, out: &mut String) -> Option<usize> {
    let b = input.as_bytes();
    let mut run = i;
    loop {
        i += first_where(&b[i..], |c| class(c) & PATH_COPY == 0).unwrap_or(b.len() - i);
        let Some(&c) = b.get(i) else {
            break;
        };
        match c {
            // The path begins with `/`: a `.` has a byte before it.
            b'.' => {
                if b[i - 1] == b'/' && is_dot_segment(&b[i..]) {
                    return None;
                }
                i += 1;
                continue;
            }
            b'?' | b'#' => break,
            _ => {}
        }
        out.push_str(&input[run..i]);
        if class(c) & PATH_ESCAPE != 0 {
            push_escape(c, HexCase::Upper, out);
            i += 1;
        } else if c == b'%' {
            let v = percent::escape_at(b, i)?;
            if v == b'.' {
                return None;
            }
            if UNRESERVED.contains(v) {
                out.push(char::from(v));
            } else {
                out.push_str(&input[i..i + 3]);
            }
            i += 3;
        } else if c >= 0x80 {
            // A character that is not ASCII: the path step encodes it in
            // UTF-8, `é` → `%C3%A9`.
            i = push_escaped_char_at(input, i, out)?;
        } else {
            return None;
        }
        run = i;
    }
    out.push_str(&input[run..i]);
    Some(i)
}

/// The character that begins at `input[i]` (not ASCII) escaped in UTF-8
/// and appended to `out`: the offset after it; `None` for a noncharacter
/// (preprocessing would have made it U+FFFD).  Cold: the common URL is
/// ASCII.
#[cold]
#[inline(never)]
fn push_escaped_char_at(input: &str, i: usize, out: &mut String) -> Option<usize> {
    let c = input.get(i..)?.chars().next()?;
    if crate::preprocess::is_noncharacter(c) {
        return None;
    }
    percent::push_escaped_char(c, HexCase::Upper, out);
    Some(i + c.len_utf8())
}

/// Whether the fragment step leaves `f` as it is, and preprocessing did
/// too: printable ASCII, and characters that are not ASCII but neither
/// one the fragment step escapes ([`percent::fragment_escapes`], the C1
/// controls) nor a noncharacter.
///
/// `é#a` → true; `\u{85}`, `\u{FDD0}`, `a b` → false.  Cold: the
/// common fragment is printable ASCII.
#[cold]
#[inline(never)]
fn fragment_keeps(f: &str) -> bool {
    f.chars().all(|c| match u8::try_from(c) {
        Ok(b) if b < 0x80 => class(b) & PRINT != 0,
        _ => !percent::fragment_escapes(c) && !crate::preprocess::is_noncharacter(c),
    })
}

/// Whether `s` (what follows a `/` of the path) begins with a `.` or `..`
/// segment: `.` or `..` followed by `/`, `?`, `#` or the end (a `\` is
/// declined anyway).
#[inline]
fn is_dot_segment(s: &[u8]) -> bool {
    let dots = match s {
        [b'.', b'.', ..] => 2,
        [b'.', ..] => 1,
        _ => return false,
    };
    matches!(s.get(dots), None | Some(b'/' | b'?' | b'#'))
}

/// Appends the canonical query that begins at `input[i]`: the offset of
/// the `#` after it (or the end).  Declined: an ASCII octet that is not
/// printable, a noncharacter, and a character that is not ASCII unless
/// the document encoding is UTF-8 (`utf8`), in which the query step
/// escapes its octets.
///
/// `q="a"` → `q=%22a%22`; `q=é` → `q=%C3%A9` (UTF-8).
#[inline(always)]
fn push_query(input: &str, mut i: usize, utf8: bool, out: &mut String) -> Option<usize> {
    let b = input.as_bytes();
    let mut run = i;
    loop {
        i += first_where(&b[i..], |c| class(c) & QUERY_COPY == 0).unwrap_or(b.len() - i);
        match b.get(i) {
            None | Some(b'#') => break,
            Some(&c) if class(c) & QUERY_ESCAPE != 0 => {
                out.push_str(&input[run..i]);
                push_escape(c, HexCase::Upper, out);
                i += 1;
                run = i;
            }
            Some(&c) if c >= 0x80 && utf8 => {
                out.push_str(&input[run..i]);
                i = push_escaped_char_at(input, i, out)?;
                run = i;
            }
            Some(_) => return None,
        }
    }
    out.push_str(&input[run..i]);
    Some(i)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::host::canonicalize_host::letters_digits_hyphens_shortcut;
    use crate::host::plan::with_plans;
    use crate::profile::{builtin_profiles, this, Profile};

    /// The shortcut's result, as a string and its components.
    fn shortcut(input: &str, p: &dyn Profile) -> Option<String> {
        let mut out = String::new();
        let offsets = canonicalize_common_url(input, &Plan::of(p), UTF_8, &mut out, &mut None)?;
        Some(
            crate::canonical_url::Url::new(out, offsets)
                .as_str()
                .to_string(),
        )
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
        let steps = crate::canonicalize(&crate::resolve::resolve_self(input), this(), UTF_8);
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
                let resolved = crate::resolve::resolve_self(input);
                let steps = crate::canonicalize(&resolved, p, UTF_8)
                    .ok()
                    .and_then(|c| crate::serialize(&c));
                if let Some(s) = shortcut(input, p) {
                    assert_eq!(Some(s), steps, "{input} under {}", p.name());
                }
            }
        }
    }

    /// [`canonicalize_common_url_each`] of `input` under `profiles`, `None`
    /// where it declines.
    fn each_or_none(input: &str, profiles: &[&dyn Profile]) -> Vec<Option<Url>> {
        let mut asked = Vec::new();
        let each = with_plans(profiles, |plans| {
            canonicalize_common_url_each(
                input,
                plans,
                UTF_8,
                |u| Some(Ok(u)),
                |e| Some(Err(e)),
                |declined| {
                    asked.extend(declined.iter().map(|p| p.name().to_string()));
                    vec![None; declined.len()]
                },
            )
        });
        // A profile whose host fails gives the error the steps give.
        for (p, r) in profiles.iter().zip(&each) {
            if let Some(Err(e)) = r {
                let steps = crate::canonicalize(&crate::resolve::resolve_self(input), *p, UTF_8);
                assert_eq!(steps.as_ref().err(), Some(e), "{input} under {}", p.name());
            }
        }
        assert_eq!(each.len(), profiles.len());
        // The steps are asked for the profiles declined, once each.
        let declined: Vec<String> = (profiles.iter().zip(&each))
            .filter(|(_, u)| u.is_none())
            .map(|(p, _)| p.name().to_string())
            .collect();
        assert_eq!(asked, declined, "{input}");
        each.into_iter().map(|r| r.and_then(Result::ok)).collect()
    }

    /// [`canonicalize_common_url_each`] of `input` under `order`: for
    /// each profile what it gives alone, serialization and offsets; or,
    /// when the host shortcut declines the host under every profile (no
    /// URL is written to put the hosts by the steps in), the steps for
    /// all.
    fn assert_each_is_alone(input: &str, order: &[&dyn Profile]) {
        let each = each_or_none(input, order);
        let parsed = crate::parse(input);
        let host = parsed.host.unwrap_or_default();
        let scheme = parsed.scheme.unwrap_or_default();
        let declined_by_all = order
            .iter()
            .all(|p| letters_digits_hyphens_shortcut(&host, &scheme, &Plan::of(*p)).is_none());
        if declined_by_all && each.iter().all(Option::is_none) {
            return;
        }
        for (i, p) in order.iter().enumerate() {
            let mut out = String::new();
            let alone = canonicalize_common_url(input, &Plan::of(*p), UTF_8, &mut out, &mut None)
                .map(|o| (out, format!("{o:?}")));
            let got = each[i]
                .as_ref()
                .map(|u| (u.as_str().to_string(), format!("{:?}", u.offsets())));
            assert_eq!(got, alone, "{input} under {} (profile {i})", p.name());
        }
    }

    /// Under several profiles at once: for each, what it gives alone
    /// (serialization and offsets), in either order; a profile the host
    /// shortcut declines (IE and an `xn--` label) comes out `None` before
    /// or after one it covers.
    #[test]
    fn each_is_alone() {
        let all: Vec<&dyn Profile> = builtin_profiles().iter().map(|p| p as _).collect();
        let reversed: Vec<&dyn Profile> = all.iter().rev().copied().collect();
        for input in [
            "https://WWW.Example.COM/x?y#z",
            "http://u:p@0x7F.1:8080/a?b",
            "http://1.2.3.4:81/a",
            "http://a..b./#f",
            "http://xn--bcher-kva.de/",
            "HTTP://XN--A.b/",
            "http://4294967296/",
            "http://a b/",
            "HTTP://Bücher.DE:80/a?b#c",
            "http://u@ｗｗｗ．ｅｘａｍｐｌｅ．ｃｏｍ:81/",
            "https://xn--bcher-kva.日本/",
            "http://\u{5D0}a.il/",
            "http://\u{5D0}\u{5D1}.il/",
            "http://a\u{FFFD}b/",
            "http://ﬁ.de/",
            "http://é..a/",
        ] {
            for order in [&all, &reversed] {
                assert_each_is_alone(input, order);
            }
        }
        // Hosts of other lengths under later profiles: Gecko without its
        // other hosts keeps `0x7F.1`, THIS reads 127.0.0.1; the spans
        // after the host move.
        let mut gecko = crate::profile::builtin("gecko").unwrap().clone();
        gecko.canonicalize_host.other_hosts.clear();
        let input = "http://u@0x7F.1:81/p?q#f";
        for order in [[&gecko as &dyn Profile, this()], [this(), &gecko]] {
            assert_each_is_alone(input, &order);
        }
        let mut out = String::new();
        canonicalize_common_url(input, &Plan::new(&gecko), UTF_8, &mut out, &mut None).unwrap();
        assert_eq!(out, "http://u@0x7f.1:81/p?q#f");
        // IE's host shortcut declines an `xn--` label: its host by the
        // steps, put in place of THIS's, before or after it; the steps for
        // the whole URL when no URL is written.
        let ie = crate::profile::builtin("ie").unwrap() as &dyn Profile;
        for (order, i) in [([ie, this()], 0), ([this(), ie], 1)] {
            let each = each_or_none("http://WWW.XN--4GQ.jp/a", &order);
            assert_eq!(
                each[i].as_ref().unwrap().as_str(),
                "http://www.\u{4E00}.jp/a"
            );
            assert_eq!(
                each[1 - i].as_ref().unwrap().as_str(),
                "http://www.xn--4gq.jp/a"
            );
        }
        assert!(each_or_none("http://xn--4gq.jp/", &[ie, ie])
            .iter()
            .all(Option::is_none));
        // A host by the steps that fails: the steps for that profile.
        assert!(each_or_none("http://xn--zz.jp/", &[this(), ie])[1].is_none());
        // Declined for every profile: the steps are asked for all.
        for input in ["http://é/./b", "http://a\u{FDD0}b/", "http://a/./b"] {
            assert!(each_or_none(input, &all).iter().all(Option::is_none));
        }
    }

    /// The profiles the narrower key ([`LdhHostKey`]) tells apart for one
    /// host, and only those, share a result: a numeric host under the
    /// three IPv4 rules (127.0.0.1, `0x7f.1` kept, a failure under
    /// googleurl 2011, the same string from two rules), an `xn--` host
    /// under IE's step 18 and THIS, a host no rule reads, each profile
    /// before and after the others, in every order.
    #[test]
    fn narrower_key_shares_only_equal_results() {
        use crate::profile::Ipv4Rule;
        let with_rule = |rule| {
            let mut p = this().clone();
            p.canonicalize_host.ipv4 = rule;
            p
        };
        let spec = with_rule(Ipv4Rule::Spec);
        let googleurl = with_rule(Ipv4Rule::Googleurl2011);
        let none = with_rule(Ipv4Rule::None);
        let ie = crate::profile::builtin("ie").unwrap();
        let mut ie_without_other_hosts = ie.clone();
        ie_without_other_hosts.canonicalize_host.other_hosts.clear();
        let mut gecko_without_other_hosts = crate::profile::builtin("gecko").unwrap().clone();
        gecko_without_other_hosts
            .canonicalize_host
            .other_hosts
            .clear();
        let profiles: [&dyn Profile; 7] = [
            &spec,
            &googleurl,
            &none,
            ie,
            &ie_without_other_hosts,
            &gecko_without_other_hosts,
            crate::profile::builtin("chrome").unwrap(),
        ];
        let hosts = [
            "0x7f.1",
            "0X7F.1",
            "1.2.3.4",
            "99999999999.abc",
            "192.168.0.256",
            "4294967296",
            "1a.b",
            "a.0x7f",
            "xn--4gq.jp",
            "WWW.XN--4GQ.jp",
            "a-b--c.d",
            "Example.COM",
        ];
        let mut distinct_results = 0;
        for host in hosts {
            let input = format!("http://u@{host}:81/p?q#f");
            // Every order of three of the profiles, and all of them both ways.
            for a in 0..profiles.len() {
                for b in 0..profiles.len() {
                    for c in 0..profiles.len() {
                        assert_each_is_alone(&input, &[profiles[a], profiles[b], profiles[c]]);
                    }
                }
            }
            let reversed: Vec<&dyn Profile> = profiles.iter().rev().copied().collect();
            assert_each_is_alone(&input, &profiles);
            assert_each_is_alone(&input, &reversed);
            let results: std::collections::BTreeSet<Option<String>> =
                profiles.iter().map(|p| shortcut(&input, *p)).collect();
            distinct_results += results.len() - 1;
        }
        // The profiles do tell these hosts apart: the test would miss a
        // key that merges them otherwise.
        assert!(distinct_results >= 7, "{distinct_results}");
        // Step 27 fails under googleurl 2011: the host by the steps fails
        // too, with the error the steps of the URL give.
        let mut out = String::new();
        let broken = "http://99999999999.abc/";
        let steps = crate::canonicalize(&crate::resolve::resolve_self(broken), &googleurl, UTF_8);
        assert!(steps.is_err());
        let mut failed = None;
        assert_eq!(
            canonicalize_common_url(broken, &Plan::new(&googleurl), UTF_8, &mut out, &mut failed),
            None
        );
        assert_eq!(failed, steps.err());
        assert!(canonicalize_common_url(
            "http://0x7f.1/",
            &Plan::new(&none),
            UTF_8,
            &mut out,
            &mut None
        )
        .is_some());
        assert_eq!(out, "http://0x7f.1/");
    }
}
