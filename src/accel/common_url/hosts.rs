//! The host of a URL the shortcut covers but for its host, by the steps
//! of CanonicalizeHost: under one profile ([`host_by_the_steps_into`]),
//! and under several with the work on the host that no profile parameter
//! touches done once ([`hosts_by_the_steps_each`]).

use super::ROOM;
use crate::accel::host::{
    canonicalize_host_into, with_shared_host_work_on, HostInput, SharedHostWork, LDH_AND_DOT,
};
use crate::accel::thread_buffer::{take_kept, Room};
use crate::error::Error;
use crate::profile::plan::Plan;
use crate::url::Url;
use std::cell::RefCell;
use std::ops::Range;

/// [`host_by_the_steps_qualifies`] of a host that is not ASCII (cold: the
/// common host is ASCII).
#[cold]
#[inline(never)]
pub(super) fn internationalized_host_qualifies(host: &str) -> bool {
    host_by_the_steps_qualifies(host)
}

/// What [`host_by_the_steps_into`] did.
pub(super) enum HostByTheSteps {
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
pub(super) fn host_by_the_steps_into(
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
pub(super) fn host_by_the_steps_qualifies(host: &str) -> bool {
    // Every noncharacter's UTF-8 begins with an octet from 0xEF on: only
    // then are the characters read.
    let mut may_hold_noncharacter = false;
    for &c in host.as_bytes() {
        if c < 0x80 && !LDH_AND_DOT.contains(c) {
            return false;
        }
        may_hold_noncharacter |= c >= 0xEF;
    }
    let noncharacter = || {
        host.chars()
            .any(crate::algorithm::preprocess::is_noncharacter)
    };
    !host.is_empty() && (!may_hold_noncharacter || !noncharacter())
}

/// Each profile's host by the steps, for
/// [`each_with_hosts_by_the_steps`](super::each::each_with_hosts_by_the_steps).
pub(super) enum HostOf {
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
pub(super) struct HostsByTheSteps {
    /// Under each profile.
    pub(super) each: Vec<HostOf>,
    /// The text of the hosts that are not the written one.
    pub(super) others: String,
    /// The URLs with those hosts in place.
    pub(super) urls: Vec<Url>,
}

impl Room for HostsByTheSteps {
    fn room(&self) -> usize {
        self.each.room() + self.others.room() + self.urls.room()
    }
}

thread_local! {
    /// The room of [`HostsByTheSteps`], taken for a URL and given back
    /// empty.
    pub(super) static KEPT_HOSTS: RefCell<HostsByTheSteps> = const {
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
pub(super) fn hosts_by_the_steps_each(
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
