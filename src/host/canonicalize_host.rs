//! The CanonicalizeHost algorithm (specification "The CanonicalizeHost
//! algorithm"), written once; the profile decides which marked steps run.
//!
//! ```
//! use urlprism::host::canonicalize_host;
//! let this = urlprism::profile::this();
//! assert_eq!(canonicalize_host("WWW.Ｅxample.COM.", "http", this).unwrap(), "www.example.com.");
//! assert_eq!(canonicalize_host("b%C3%BCcher.de", "http", this).unwrap(), "xn--bcher-kva.de");
//! assert_eq!(canonicalize_host("0x7f.1", "http", this).unwrap(), "127.0.0.1");
//! assert!(canonicalize_host("a%2Fb", "http", this).is_err());
//! ```

use super::fast_paths::{
    idn_fast_path_into, letters_digits_hyphens_fast_path, letters_digits_hyphens_into,
    xn_labels_fast_path_into, LdhHost,
};
use super::labels::convert_labels;
use super::nameprep::nameprep_owned;
use super::observed::{
    colon_outside_brackets, escaped_bracket_is_invalid, ipv4_address, port_like_host,
    semicolon_in_host,
};
use super::pipeline::{give_up, GiveUp, Pipeline};
use super::steps;
use super::trace::{NoTrace, Tracer};
use crate::error::Error;
use crate::ipv4::has_ipv4_form;
use crate::ipv6::canonicalize_ipv6;
use crate::octets::OctetSet;
use crate::percent::{self, percent_encode};
use crate::profile::{
    Fallback, HexCase, HostClass, HostParams, HostPercentDecoding, Profile, RootDot,
};
use crate::unicode::{nfkc, stringprep};
use std::borrow::Cow;

/// The work on a host shared between profiles, for `canonicalize_each`.
pub(crate) use super::fast_paths::{
    with_shared_host_work, with_shared_host_work_on, SharedHostWork,
};
/// A profile's key for one host, for the shortcut under several profiles.
pub(crate) use super::fast_paths::{LdhHostKey, LDH_AND_DOT};
/// A label separator (step 15), where it was before the host pipeline was
/// split by concern.
pub use super::labels::is_label_separator;

/// Runs CanonicalizeHost on `host` of a URL whose scheme is `scheme`.
///
/// Returns the canonical host (possibly empty), the profile's fallback when
/// a step gives up and the profile falls back to the input, or
/// [`Error::Host`] naming the step that failed.
pub fn canonicalize_host(host: &str, scheme: &str, profile: &dyn Profile) -> Result<String, Error> {
    let mut h = Cow::Borrowed(host);
    canonicalize_host_cow(&mut h, scheme, profile, None)?;
    Ok(h.into_owned())
}

/// The profile that canonicalizes `host` in place of `profile`, when the
/// host is not a domain name and the profile names one for such hosts
/// ([`HostParams::other_hosts_as`]).
///
/// With `other_hosts_as = "this"`: `file://c:foo/`'s host `c:foo`, `[::1]`,
/// `foo;type=A` → THIS; `a%3Bb.test`, `bücher.de` stay with the profile.
fn other_hosts_profile(
    host: &str,
    scheme: &str,
    profile: &dyn Profile,
    mut shared: Option<&mut SharedHostWork>,
) -> Option<&'static dyn Profile> {
    // Whether a host that is not ASCII is of the IPv4 form (the costly
    // class: NFKC) is told once for all the profiles that share the work
    // on the host.
    other_hosts_profile_by(profile, |class| match (class, shared.as_deref_mut()) {
        (HostClass::Ipv4Form, Some(work)) if !host.is_ascii() => {
            work.is_ipv4_form(host, || is_ipv4_form(host))
        }
        _ => is_class(host, scheme, class),
    })
}

/// [`other_hosts_profile`] of a host whose classes `is` tells.
#[inline]
fn other_hosts_profile_by(
    profile: &dyn Profile,
    is: impl FnMut(&HostClass) -> bool,
) -> Option<&'static dyn Profile> {
    // The profile's own name is asked last: a host of none of the classes
    // is the common case.
    let hp = profile.host();
    let name = hp.other_hosts_as.as_str();
    if name.is_empty()
        || !hp.other_hosts.iter().any(is)
        || name.eq_ignore_ascii_case(profile.name())
    {
        return None;
    }
    crate::profile::builtin(name).map(|p| p as &dyn Profile)
}

/// Whether `host` of a URL whose scheme is `scheme` is of `class`.
fn is_class(host: &str, scheme: &str, class: &HostClass) -> bool {
    match class {
        HostClass::File => scheme.eq_ignore_ascii_case("file"),
        HostClass::IpLiteral => host.starts_with('[') || host.ends_with(']'),
        HostClass::Ipv4Form => is_ipv4_form(host),
        HostClass::Delimiters => host.bytes().any(|b| {
            b.is_ascii() && !(b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'%'))
        }),
    }
}

/// A host of ASCII letters, digits, hyphens and dots (or any other: the
/// shortcut then declines it) canonicalized by the shortcut of
/// [`canonicalize_ldh_host_into`] under several profiles: read once, and
/// each profile reduced to its [`LdhHostKey`] for this host, so that the
/// profiles with equal keys share one result.
///
/// `0x7f.1` under THIS and IE → one key (both `spec`, IE's round trip
/// does not matter without an `xn--` label); under Gecko without its other
/// hosts, another (`none`); `www.example.com` → one key under all three.
#[derive(Debug)]
pub(crate) struct SharedLdhHost<'h> {
    host: LdhHost<'h>,
    /// The host is of the class [`HostClass::File`] (told only for a host
    /// the shortcut may cover).
    file: bool,
    /// The host is of the class [`HostClass::Ipv4Form`] (likewise).
    ipv4_form: bool,
}

impl<'h> SharedLdhHost<'h> {
    /// `host` of a URL whose scheme is `scheme`.
    #[inline]
    pub(crate) fn new(host: &'h str, scheme: &'h str) -> SharedLdhHost<'h> {
        let ldh = LdhHost::of(host);
        // A host of letters, digits, `-` and `.` is of the `file` class
        // with its scheme (`is_class`); it has no escape and is ASCII, so it
        // is of the IPv4 form when it has it as written (`is_ipv4_form`).
        let covered = ldh.covered_octets();
        SharedLdhHost {
            host: ldh,
            file: covered && scheme.eq_ignore_ascii_case("file"),
            ipv4_form: covered && ldh.may_be_ipv4_form() && has_ipv4_form(host),
        }
    }

    /// The key of `profile` for this host: the key, for this host, of the
    /// profile that canonicalizes it ([`other_hosts_profile`]).
    #[cfg(test)]
    pub(crate) fn key(&self, profile: &dyn Profile) -> LdhHostKey {
        let mut key = [LdhHostKey::Declined];
        self.keys(&[profile], &mut key);
        key[0]
    }

    /// The key of each of `profiles` for this host, into `keys` (as long).
    #[inline]
    pub(crate) fn keys(&self, profiles: &[&dyn Profile], keys: &mut [LdhHostKey]) {
        if !self.host.covered_octets() {
            keys.fill(LdhHostKey::Declined);
            return;
        }
        // A host of letters, digits, `-` and `.` has no `[` or `]` and no
        // delimiter: of the classes, only `file` and `ipv4-form` can hold
        // it (`is_class`); no profile names another for a host of none.
        let of_a_class = self.file || self.ipv4_form;
        let is = |class: &HostClass| match class {
            HostClass::File => self.file,
            HostClass::Ipv4Form => self.ipv4_form,
            HostClass::IpLiteral | HostClass::Delimiters => false,
        };
        for (k, &p) in keys.iter_mut().zip(profiles) {
            let p = match of_a_class {
                true => other_hosts_profile_by(p, is).unwrap_or(p),
                false => p,
            };
            *k = self.host.key(p);
        }
    }

    /// Appends to `out` what [`canonicalize_ldh_host_into`] appends under
    /// a profile whose key for this host is `key`; `false`, and `out`
    /// unchanged, when it declines.
    #[inline]
    pub(crate) fn write(&self, key: LdhHostKey, out: &mut String) -> bool {
        self.host.write(key, out)
    }

    /// Whether the host is not empty and of ASCII letters, digits, `-` and
    /// `.` only.
    pub(crate) fn covered_octets(&self) -> bool {
        self.host.covered_octets()
    }

    /// [`canonicalize_host_into`] of such a host (see
    /// [`SharedLdhHost::covered_octets`]) under `profile` when its key for
    /// the host is [`LdhHostKey::Declined`] (IE's round trip of an `xn--`
    /// label): appended to `out`, with the profile that canonicalizes the
    /// host and the declining shortcut known already.
    pub(crate) fn canonicalize_declined_into(
        &self,
        scheme: &str,
        profile: &dyn Profile,
        out: &mut String,
    ) -> Result<(), Error> {
        let is = |class: &HostClass| match class {
            HostClass::File => self.file,
            HostClass::Ipv4Form => self.ipv4_form,
            HostClass::IpLiteral | HostClass::Delimiters => false,
        };
        let profile = other_hosts_profile_by(profile, is).unwrap_or(profile);
        canonicalize_host_after_shortcuts(self.host.host(), scheme, profile, out)
    }
}

/// Whether `host` is of the class [`HostClass::Ipv4Form`]: with its
/// escapes decoded as UTF-8 and NFKC (Unicode 3.2) applied, it
/// [`has_ipv4_form`].  Hosts with an ASCII character that can be no part
/// of the form (`www.example.com`) are told at once.
///
/// `192.168.0.256`, `%30%78%63%30%2e%30%32%35%30.01%2e`,
/// `\u{FF10}\u{FF38}\u{FF43}\u{FF10}\u{FF0E}\u{FF10}\u{FF12}` are;
/// `19\u{200C}2.168.0.001` and `123.abc` are not.
fn is_ipv4_form(host: &str) -> bool {
    // An escape may decode to part of the form, a non-ASCII character
    // normalize to one.
    let may_be = |b: u8| !b.is_ascii() || b == b'%' || in_ipv4_form(char::from(b));
    if !host.bytes().all(may_be) {
        return false;
    }
    if host.is_ascii() && !host.contains('%') {
        return has_ipv4_form(host);
    }
    let decoded = percent::percent_decode_utf8(host);
    // A non-ASCII character whose compatibility decomposition holds a
    // character that no number or `.` of the form holds leaves such a
    // character in NFKC of the host (`nfkc::decomposes_within`): the
    // result cannot have the form (Thai `\u{E44}\u{E17}\u{E22}` and
    // `b\u{FC}cher` are told at once; `\u{FF10}` and `0x\u{AA}` go on).
    if decoded
        .chars()
        .any(|c| !c.is_ascii() && !nfkc::decomposes_within(c, in_ipv4_form))
    {
        return false;
    }
    has_ipv4_form(&nfkc::nfkc_cow(
        &decoded,
        &crate::profile::this().nameprep.nfkc,
    ))
}

/// Whether `c` may be part of a host in the IPv4 form ([`has_ipv4_form`]):
/// a hexadecimal digit, `x` or `.`.
fn in_ipv4_form(c: char) -> bool {
    c.is_ascii_hexdigit() || matches!(c, 'x' | 'X' | '.')
}

/// [`canonicalize_host`] of `host`, written back into it; the common host
/// of ASCII letters, digits, hyphens and dots is lowercased where it is.
pub fn canonicalize_host_in_place(
    host: &mut String,
    scheme: &str,
    profile: &dyn Profile,
) -> Result<(), Error> {
    let mut h = Cow::Owned(std::mem::take(host));
    let r = canonicalize_host_cow(&mut h, scheme, profile, None);
    *host = h.into_owned();
    r
}

/// [`canonicalize_host_in_place`] of a host that may be borrowed: it is
/// copied only to be lowercased in place; a host the steps make anew
/// replaces it without a copy first.  `shared` is kept from one profile to
/// the next when the same host is canonicalized under several.
pub(crate) fn canonicalize_host_cow(
    host: &mut Cow<'_, str>,
    scheme: &str,
    profile: &dyn Profile,
    mut shared: Option<&mut SharedHostWork>,
) -> Result<(), Error> {
    let profile =
        other_hosts_profile(host, scheme, profile, shared.as_deref_mut()).unwrap_or(profile);
    // The shortcut declines a host that is not ASCII under every profile
    // (it covers letters, digits, `-` and `.` only): not asked for it.
    if host.is_ascii() && letters_digits_hyphens_fast_path(host, profile) {
        return Ok(());
    }
    *host = Cow::Owned(canonicalize_host_steps(
        host,
        scheme,
        profile,
        &mut NoTrace,
        shared,
    )?);
    Ok(())
}

/// CanonicalizeHost of `host` appended to `out`, as [`canonicalize_host_cow`]
/// makes it (`out` unchanged when it fails): the shortcuts write into
/// `out`, and a profile whose labels an earlier one sharing `shared`
/// converted the same way costs no string of its own.
pub(crate) fn canonicalize_host_into(
    host: &str,
    scheme: &str,
    profile: &dyn Profile,
    mut shared: Option<&mut SharedHostWork>,
    out: &mut String,
) -> Result<(), Error> {
    let profile =
        other_hosts_profile(host, scheme, profile, shared.as_deref_mut()).unwrap_or(profile);
    if host.is_ascii() {
        if letters_digits_hyphens_into(host, profile, out) {
            return Ok(());
        }
    } else if idn_fast_path_into(host, scheme, profile, shared, out).is_some() {
        return Ok(());
    }
    canonicalize_host_after_shortcuts(host, scheme, profile, out)
}

/// [`canonicalize_host_into`] of a host that neither the
/// letters-digits-hyphens shortcut nor the IDN one covers under
/// `profile`, the one that canonicalizes it: IE's `xn--` labels, or the
/// steps one by one.
fn canonicalize_host_after_shortcuts(
    host: &str,
    scheme: &str,
    profile: &dyn Profile,
    out: &mut String,
) -> Result<(), Error> {
    if xn_labels_fast_path_into(host, scheme, profile, out).is_some() {
        return Ok(());
    }
    out.push_str(&canonicalize_host_one_by_one(
        host,
        scheme,
        profile,
        &mut NoTrace,
    )?);
    Ok(())
}

/// The shortcut [`canonicalize_host_cow`] takes for a host of ASCII
/// letters, digits, hyphens and dots (under the profile that
/// [`HostParams::other_hosts_as`] names for it, when it does), appending
/// the canonical host to `out` rather than making a string of it: `false`,
/// and `out` unchanged, when the shortcut does not cover `host` under
/// `profile` and the steps must run.
///
/// `WWW.Example.COM` → `www.example.com` appended; `a_b.test` → `false`.
pub(crate) fn canonicalize_ldh_host_into(
    host: &str,
    scheme: &str,
    profile: &dyn Profile,
    out: &mut String,
) -> bool {
    let profile = other_hosts_profile(host, scheme, profile, None).unwrap_or(profile);
    letters_digits_hyphens_into(host, profile, out)
}

/// [`canonicalize_host`], reporting each step to `tracer`.
pub fn canonicalize_host_traced<T: Tracer>(
    host: &str,
    scheme: &str,
    profile: &dyn Profile,
    tracer: &mut T,
) -> Result<String, Error> {
    if let Some(other) = other_hosts_profile(host, scheme, profile, None) {
        if T::ENABLED {
            let step = const { steps::host("1") };
            tracer.step(
                step.pipeline,
                step.number,
                step.label,
                true,
                host,
                &format!("not a domain name: following profile {}", other.name()),
            );
        }
        return canonicalize_host_steps(host, scheme, other, tracer, None);
    }
    canonicalize_host_steps(host, scheme, profile, tracer, None)
}

/// Steps 2 to 31 under `profile` (its `other_hosts_as` is not consulted
/// again: the choice of profile is made once).
fn canonicalize_host_steps<T: Tracer>(
    host: &str,
    scheme: &str,
    profile: &dyn Profile,
    tracer: &mut T,
    shared: Option<&mut SharedHostWork>,
) -> Result<String, Error> {
    // The callers without a tracer have taken the shortcut of
    // [`letters_digits_hyphens_fast_path`] already.
    if !T::ENABLED {
        let mut out = String::new();
        if idn_fast_path_into(host, scheme, profile, shared, &mut out).is_some() {
            return Ok(out);
        }
        if xn_labels_fast_path_into(host, scheme, profile, &mut out).is_some() {
            return Ok(out);
        }
    }
    canonicalize_host_one_by_one(host, scheme, profile, tracer)
}

/// Steps 2 to 31 one by one, without a shortcut.
fn canonicalize_host_one_by_one<T: Tracer>(
    host: &str,
    scheme: &str,
    profile: &dyn Profile,
    tracer: &mut T,
) -> Result<String, Error> {
    let hp = profile.host();
    // Step 2: remove U+0009, U+000A, U+000D.
    let s = remove_tab_newline(host);
    let mut pl = Pipeline {
        tracer,
        shared: None,
        known_idn_enabled: None,
        known_may_hold_rand_al: None,
        bidi_may_fail: true,
    };
    pl.note(const { steps::host("2") }, true, host, || s.clone());
    // Steps 3 and 4: the fallback, made when it is needed.
    let has_fallback = match hp.fallback {
        Fallback::Fail => false,
        Fallback::LowercasedInput => true,
    };
    let fallback_of = |host: &str| remove_tab_newline(host).to_ascii_lowercase();
    pl.note(const { steps::host("4") }, has_fallback, &s, || {
        format!("fallback = {:?}", fallback_of(host))
    });
    match steps(
        s,
        scheme,
        profile,
        hp,
        has_fallback.then_some(host),
        &mut pl,
    ) {
        Ok(out) => Ok(out),
        Err(g) if has_fallback && !g.outright => {
            let f = fallback_of(host);
            pl.note(const { steps::host("fallback") }, true, &g.reason, || {
                f.clone()
            });
            Ok(f)
        }
        Err(g) => Err(Error::Host {
            host: host.to_string(),
            step: g.step,
            reason: g.reason,
        }),
    }
}

/// Step 2: `host` without U+0009, U+000A and U+000D.
fn remove_tab_newline(host: &str) -> String {
    if host.bytes().any(|b| matches!(b, b'\t' | b'\n' | b'\r')) {
        host.chars()
            .filter(|&c| !matches!(c, '\t' | '\n' | '\r'))
            .collect()
    } else {
        host.to_string()
    }
}

/// Steps 5 to 31; `Err` is "return /fallback/" from the step it names.
/// `fallback_input` is the host as given when the profile falls back to it
/// (step 4: the fallback is that host, step 2 applied, in ASCII lowercase).
fn steps<T: Tracer>(
    mut s: String,
    scheme: &str,
    profile: &dyn Profile,
    hp: &HostParams,
    fallback_input: Option<&str>,
    pl: &mut Pipeline<'_, T>,
) -> Result<String, GiveUp> {
    let is_file = scheme.eq_ignore_ascii_case("file");

    pl.check(
        const { steps::host("4a") },
        hp.observed.colon_in_host_is_invalid && !is_file,
        &s,
        colon_outside_brackets,
    )?;
    pl.check(
        const { steps::host("4b") },
        hp.observed.escaped_bracket_is_invalid,
        &s,
        escaped_bracket_is_invalid,
    )?;
    pl.check(
        const { steps::host("5") },
        hp.escaped_bracket_fallback,
        &s,
        escaped_bracket,
    )?;
    pl.rewrite(
        const { steps::host("6") },
        hp.percent_decoding == HostPercentDecoding::Utf8,
        &mut s,
        percent::percent_decode_utf8,
    );
    pl.rewrite(
        const { steps::host("7") },
        hp.percent_decoding == HostPercentDecoding::Selective,
        &mut s,
        |s| percent::percent_decode_selected(s, &hp.selective_decode),
    );
    pl.check(
        const { steps::host("7a") },
        hp.observed.semicolon_in_host_is_invalid,
        &s,
        semicolon_in_host,
    )?;

    // Steps 8 and 9.
    let mut has_root_dot = false;
    let mut need_punycode = !s.is_ascii();
    let ascii_after_step_7 = !need_punycode;
    pl.note(const { steps::host("9") }, true, &s, || {
        format!("need-punycode = {need_punycode}")
    });

    // Step 10 (CHROME/IE): a trailing label separator is the root dot.
    let strip_early = hp.root_dot == RootDot::BeforeNameprep && s.ends_with(is_label_separator);
    pl.rewrite(
        const { steps::host("10") },
        hp.root_dot == RootDot::BeforeNameprep,
        &mut s,
        |s| {
            if strip_early {
                let last = s.char_indices().next_back().map_or(0, |(i, _)| i);
                Cow::Borrowed(&s[..last])
            } else {
                Cow::Borrowed(s)
            }
        },
    );
    has_root_dot |= strip_early;

    // Step 11 (THIS/GECKO/IE): Nameprep without bidi on the whole host.
    if hp.nameprep_whole_host && !T::ENABLED && s.is_ascii() {
        // Nameprep of ASCII is ASCII lowercase (see `nameprep_traced`),
        // done in place.
        s.make_ascii_lowercase();
    } else if hp.nameprep_whole_host {
        // The string before, kept for a tracer only.
        let before = if T::ENABLED { s.clone() } else { String::new() };
        match nameprep_owned(std::mem::take(&mut s), profile, false, pl.tracer) {
            Ok(t) => {
                pl.note(const { steps::host("11") }, true, &before, || t.clone());
                s = t;
            }
            Err(e) => {
                let g = give_up("11", e.to_string());
                pl.note(const { steps::host("11") }, true, &before, || {
                    format!("fail: {g}")
                });
                return Err(g);
            }
        }
    } else {
        pl.note(const { steps::host("11") }, false, &s, String::new);
    }

    pl.check(
        const { steps::host("12") },
        hp.percent_after_nameprep_fails,
        &s,
        |s| {
            if s.contains('%') {
                Err(give_up("12", "'%' in the host after Nameprep"))
            } else {
                Ok(())
            }
        },
    )?;
    pl.check(
        const { steps::host("13a") },
        hp.observed.port_like_host_is_invalid,
        &s,
        port_like_host,
    )?;
    pl.check(const { steps::host("13") }, hp.nul_space_check, &s, |s| {
        nul_space_check(s, fallback_input)
    })?;
    let before_step_14 = s.len();
    pl.rewrite(
        const { steps::host("14") },
        !hp.early_percent_encode.is_empty(),
        &mut s,
        |s| encode(s, &hp.early_percent_encode, HexCase::Upper),
    );
    // Step 11's Nameprep still holds for step 20.2.1.1 when step 14
    // encoded nothing (an encoded octet makes the host longer).
    let step_11_holds = hp.nameprep_whole_host && s.len() == before_step_14;
    pl.rewrite(const { steps::host("15") }, true, &mut s, |s| {
        if s.contains(['\u{3002}', '\u{FF0E}', '\u{FF61}']) {
            Cow::Owned(
                s.chars()
                    .map(|c| if is_label_separator(c) { '.' } else { c })
                    .collect(),
            )
        } else {
            Cow::Borrowed(s)
        }
    });
    let strip_late = hp.root_dot == RootDot::AfterSeparators && s.ends_with('.');
    pl.rewrite(
        const { steps::host("16") },
        hp.root_dot == RootDot::AfterSeparators,
        &mut s,
        |s| {
            if strip_late {
                Cow::Borrowed(&s[..s.len() - 1])
            } else {
                Cow::Borrowed(s)
            }
        },
    );
    has_root_dot |= strip_late;

    // Step 17.  The labels are taken apart only when step 20 has work to
    // do; otherwise steps 21 and 22 would put the same string together.
    // Step 18 (IE).
    if hp.xn_label_needs_punycode && s.split('.').any(|l| l.starts_with("xn--")) {
        need_punycode = true;
    }
    pl.note(
        const { steps::host("18") },
        hp.xn_label_needs_punycode,
        &s,
        || format!("need-punycode = {need_punycode}"),
    );

    // Steps 19 and 20: each label converted, and step 21's join, written
    // into one string.
    if need_punycode {
        s = convert_labels(&s, scheme, profile, false, step_11_holds, pl)?;
    } else if T::ENABLED {
        pl.note(const { steps::host("20") }, false, &s, String::new);
    }

    // Step 22.
    if has_root_dot {
        s.push('.');
    }
    pl.note(const { steps::host("22") }, true, &s, || s.clone());

    pl.rewrite(
        const { steps::host("23") },
        hp.decode_escapes_as_latin1,
        &mut s,
        percent::percent_decode_latin1,
    );
    pl.rewrite(
        const { steps::host("24") },
        hp.final_ascii_lowercase,
        &mut s,
        |s| {
            if s.bytes().any(|b| b.is_ascii_uppercase()) {
                Cow::Owned(s.to_ascii_lowercase())
            } else {
                Cow::Borrowed(s)
            }
        },
    );

    // Step 25: IPv6.
    let bracketed = s.len() >= 2 && s.starts_with('[') && s.ends_with(']');
    if bracketed {
        if let Some(v6) = canonicalize_ipv6(&s[1..s.len() - 1]) {
            let out = format!("[{v6}]");
            pl.note(const { steps::host("25") }, true, &s, || out.clone());
            return Ok(out);
        }
    }
    // "Otherwise" ties step 26 to step 25's condition: a bracketed host
    // that is not an IPv6 address keeps its colons.
    pl.check(
        const { steps::host("26") },
        hp.colon_fails && !is_file && !bracketed,
        &s,
        |s| {
            if s.contains(':') {
                Err(give_up("26", "':' in a host that is not an IPv6 address"))
            } else {
                Ok(())
            }
        },
    )?;
    // Step 27: IPv4, by the profile's rule; IE reads only a host that was
    // ASCII after step 7 (see `ObservedHostParams::ipv4_needs_ascii_host`).
    if ascii_after_step_7 || !hp.observed.ipv4_needs_ascii_host {
        match ipv4_address(&s, hp.ipv4) {
            Ok(Some(v4)) => {
                pl.note(const { steps::host("27") }, true, &s, || v4.clone());
                return Ok(v4);
            }
            Ok(None) => {}
            Err(g) => {
                pl.note(const { steps::host("27") }, true, &s, || {
                    format!("fail: {g}")
                });
                return Err(g);
            }
        }
    }
    pl.check(
        const { steps::host("28") },
        !hp.forbidden.is_empty(),
        &s,
        |s| {
            // The set holds ASCII octets only, and an ASCII octet of UTF-8 is
            // the ASCII character itself.
            match s
                .bytes()
                .find(|&b| b.is_ascii() && hp.forbidden.contains(b))
            {
                Some(b) => Err(give_up(
                    "28",
                    format!("forbidden character {:?} in the host", b as char),
                )),
                None => Ok(()),
            }
        },
    )?;
    pl.check(const { steps::host("29") }, hp.bad_escape_fails, &s, |s| {
        if percent::has_bad_escape(s) {
            Err(give_up(
                "29",
                "\"%00\", or '%' not followed by two hexadecimal digits",
            ))
        } else {
            Ok(())
        }
    })?;
    let mut octets = hp.percent_encode;
    if hp.percent_encode_at_unless_file && !is_file {
        octets = octets.with(b'@');
    }
    pl.rewrite(
        const { steps::host("30") },
        !octets.is_empty(),
        &mut s,
        |s| encode(s, &octets, hp.hex_case),
    );
    Ok(s)
}

/// Step 5 (THIS): a host beginning with `%5B` (an escaped `[`) returns the
/// fallback: `%5B::1%5D` is not an IPv6 literal in disguise.
fn escaped_bracket(s: &str) -> Result<(), GiveUp> {
    if s.as_bytes()
        .get(..3)
        .is_some_and(|b| b.eq_ignore_ascii_case(b"%5B"))
    {
        Err(give_up("5", "the host begins with an escaped '['"))
    } else {
        Ok(())
    }
}

/// Step 13 (GECKO): when the host holds U+0000 or U+0020, look at the
/// fallback (the lowercased input): with U+0000 or U+0020 as well the host
/// fails outright; with a character the Prohibit step disallows, the
/// fallback is returned.
fn nul_space_check(s: &str, fallback_input: Option<&str>) -> Result<(), GiveUp> {
    if !s.contains(['\0', ' ']) {
        return Ok(());
    }
    // Neither U+0000 nor U+0020 nor a prohibited character is touched by
    // step 2 or by ASCII lowercasing: the input answers for the fallback.
    let fallback = fallback_input.unwrap_or_default();
    if fallback.contains(['\0', ' ']) {
        // 13.1: "return fail", whatever the fallback.
        return Err(GiveUp {
            outright: true,
            ..give_up("13.1", "U+0000 or U+0020 in the host")
        });
    }
    if fallback.chars().any(stringprep::is_prohibited) {
        return Err(give_up(
            "13.2",
            "U+0000 or U+0020 after Nameprep, and a character the Prohibit step disallows in the input",
        ));
    }
    Ok(())
}

/// Steps 14 and 30: percent-encode in UTF-8 (borrowed when no octet of
/// `s` is in `octets`).
fn encode<'a>(s: &'a str, octets: &OctetSet, hex: HexCase) -> Cow<'a, str> {
    if !s.bytes().any(|b| octets.contains(b)) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    percent_encode(s, encoding_rs::UTF_8, octets, hex, &mut out);
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::super::ace::*;
    use super::super::fast_paths::*;
    use super::*;
    use crate::profile::this;

    fn this_host(h: &str) -> Result<String, Error> {
        canonicalize_host(h, "http", this())
    }

    #[test]
    fn this_lowercases_and_keeps_root_dot() {
        assert_eq!(this_host("ExAmPlE.CoM.").unwrap(), "example.com.");
    }

    #[test]
    fn this_punycodes_idn() {
        assert_eq!(this_host("Bücher.de").unwrap(), "xn--bcher-kva.de");
        assert_eq!(this_host("日本語。jp").unwrap(), "xn--wgv71a119e.jp");
    }

    #[test]
    fn this_empty_label_fails_only_for_idn() {
        assert_eq!(this_host("a..b").unwrap(), "a..b");
        let e = this_host("ü..b").unwrap_err();
        assert!(
            matches!(
                e,
                Error::Host {
                    step: "20.2.1.3.2",
                    ..
                }
            ),
            "{e:?}"
        );
    }

    /// Step 20.2.1.1 runs Nameprep again when step 14 percent-encoded
    /// after step 11: Nameprep lowercases the escape's hex digits, and
    /// the shortcuts and the traced steps agree on it, with and without
    /// the Corrigendum 5 swap (found by the `canonicalize` fuzz target).
    #[test]
    fn nameprep_after_step_14_lowercases_its_escapes() {
        let chrome = crate::profile::builtin("chrome").unwrap();
        for swap in [false, true] {
            let mut p = this().clone();
            p.canonicalize_host.early_percent_encode =
                chrome.canonicalize_host.early_percent_encode;
            // IE's step 28 and Gecko's step 30 leave the escapes alone.
            let ie = crate::profile::builtin("ie").unwrap();
            let gecko = crate::profile::builtin("gecko").unwrap();
            p.canonicalize_host.forbidden = ie.canonicalize_host.forbidden;
            p.canonicalize_host.percent_encode = gecko.canonicalize_host.percent_encode;
            p.nameprep.corrigendum_5_swap = swap;
            for host in ["\u{4E00}=.test", "\u{4E00}\u{1B}=", "b\u{FC}cher=x"] {
                let fast = canonicalize_host(host, "http", &p).unwrap();
                let mut log = crate::host::trace::StepLog::default();
                let traced = canonicalize_host_traced(host, "http", &p, &mut log).unwrap();
                assert_eq!(fast, traced, "{host:?}, swap {swap}");
                assert!(
                    fast.contains("%3d") && !fast.contains("%3D"),
                    "{host:?} → {fast:?}"
                );
            }
        }
    }

    #[test]
    fn this_forbidden_and_colon() {
        assert!(matches!(
            this_host("a%2fb").unwrap_err(),
            Error::Host { step: "28", .. }
        ));
        assert!(matches!(
            this_host("a:b").unwrap_err(),
            Error::Host { step: "26", .. }
        ));
        assert_eq!(canonicalize_host("c:", "file", this()).unwrap(), "c:");
    }

    #[test]
    fn this_percent_encodes_specials() {
        assert_eq!(this_host("a b<@").unwrap(), "a%20b%3C%40");
        assert_eq!(canonicalize_host("a@", "file", this()).unwrap(), "a@");
    }

    #[test]
    fn this_escaped_bracket_fails() {
        assert!(matches!(
            this_host("%5B::1%5D").unwrap_err(),
            Error::Host { step: "5", .. }
        ));
    }

    #[test]
    fn ip_literals() {
        assert_eq!(this_host("[0:0::1]").unwrap(), "[::1]");
        assert_eq!(this_host("0x7F.0.0.1").unwrap(), "127.0.0.1");
    }

    #[test]
    fn xn_label_with_unicode_fails() {
        assert!(this_host("xn--ü.de").is_err());
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]
        /// The one-pass shortcut gives what the steps give, under every
        /// built-in profile and for `file` as well as `http` (a tracer
        /// turns the shortcut off).
        #[test]
        fn ldh_fast_path_matches_the_steps(host in "(xn--|XN--|0x|[a-zA-Z0-9.-]){0,12}[a-zA-Z0-9.-]{0,6}") {
            for p in crate::profile::builtin_profiles() {
                for scheme in ["http", "file"] {
                    let fast = canonicalize_host(&host, scheme, p);
                    let mut log = crate::host::trace::StepLog::default();
                    let slow = canonicalize_host_traced(&host, scheme, p, &mut log);
                    proptest::prop_assert_eq!(&fast, &slow, "{} {} {:?}", p.name, scheme, host);
                    let mut in_place = host.clone();
                    let r = canonicalize_host_in_place(&mut in_place, scheme, p).map(|()| in_place);
                    proptest::prop_assert_eq!(&r, &slow, "in place: {} {} {:?}", p.name, scheme, host);
                }
            }
        }
    }

    /// Characters that exercise the IDN steps: ASCII, label separators,
    /// escapes, case, fullwidth forms, combining marks (Corrigendum 5
    /// sequences), Hangul jamo, RandALCat, CJK, mapped-to-nothing.
    fn idn_char() -> impl proptest::strategy::Strategy<Value = char> {
        proptest::prop_oneof![
            proptest::char::range('a', 'e'),
            proptest::char::range('A', 'E'),
            proptest::sample::select(vec![
                '.',
                '-',
                '%',
                '3',
                '0',
                'x',
                'n',
                ' ',
                ':',
                '\u{3002}',
                '\u{FF0E}',
                '\u{FF21}',
                '\u{DF}',
                '\u{AD}',
                '\u{200D}',
                '\u{301}',
                '\u{316}',
                '\u{340}',
                '\u{1100}',
                '\u{1161}',
                '\u{11A8}',
                '\u{AE30}',
                '\u{5D0}',
                '\u{627}',
                '\u{661}',
                '\u{4E00}',
                '\u{FB01}',
                '\u{2163}',
                '\u{E9}',
                '\u{3C3}',
                '\u{3A3}',
                '\u{E000}',
                '\u{FDD0}',
                '\u{FC}',
                '\u{3CC}',
                '\u{430}',
                '\u{E01}',
                '\u{E31}',
                '\u{E48}',
                '\u{E38}',
                '\u{B274}',
                '\u{C2A4}',
                '\u{5D1}',
                '\u{644}',
                '\u{915}',
                '\u{94D}',
                '\u{1F600}',
                '\u{FF61}',
                '\u{2024}',
                '\u{2488}',
                '\u{FF05}',
                '\u{FF1A}',
                '\u{F951}',
                '\u{C4}',
                '\u{FF41}',
                '\u{B47}',
                '\u{B3E}',
                '\u{FF11}',
                '\u{FF0D}',
                '\u{FF58}',
                '\u{FF4E}',
            ]),
            proptest::char::range('\u{300}', '\u{36F}'),
            proptest::char::range('\u{A0}', '\u{24F}'),
        ]
    }

    /// The characters of [`ipv4_form_is_told_as_by_nfkc`]: IPv4 form
    /// characters, ASCII and compatibility forms of them (fullwidth, one
    /// dot leader, circled and parenthesized digits, superscripts), and
    /// characters NFKC leaves non-ASCII (combining marks among them).
    fn ipv4_form_char() -> impl proptest::strategy::Strategy<Value = char> {
        proptest::sample::select(vec![
            '0',
            '1',
            '7',
            '9',
            'x',
            'X',
            'a',
            'f',
            'g',
            '.',
            '%',
            '2',
            'e',
            '3',
            '\u{FF10}',
            '\u{FF17}',
            '\u{FF38}',
            '\u{FF46}',
            '\u{FF0E}',
            '\u{2024}',
            '\u{2488}',
            '\u{2460}',
            '\u{B9}',
            '\u{2070}',
            '\u{3002}',
            '\u{200C}',
            '\u{AD}',
            '\u{301}',
            '\u{338}',
            '\u{E44}',
            '\u{4E00}',
            '\u{FC}',
            '\u{1D7CE}',
            '\u{2151}',
            '\u{FB01}',
            '\u{AA}',
            '\u{2179}',
            '\u{FF58}',
        ])
    }

    /// Every non-ASCII character whose latest compatibility decomposition
    /// leaves [`in_ipv4_form`] leaves it in THIS's NFKC too, so that
    /// [`is_ipv4_form`] may tell the host at once.
    #[test]
    fn characters_told_at_once_leave_the_ipv4_form() {
        let nfkc_variant = &crate::profile::this().nameprep.nfkc;
        let mut told = 0;
        for c in (0x80..=0x10_FFFF).filter_map(char::from_u32) {
            if !nfkc::decomposes_within(c, in_ipv4_form) {
                told += 1;
                let mut utf8 = [0; 4];
                let n = nfkc::nfkc_cow(c.encode_utf8(&mut utf8), nfkc_variant);
                assert!(!n.chars().all(in_ipv4_form), "{c:?} -> {n:?}");
            }
        }
        assert!(told > 1_000_000, "{told}");
        for c in [
            '\u{FF10}',
            '\u{FF58}',
            '\u{2488}',
            '\u{AA}',
            '\u{2179}',
            '\u{1D7CE}',
        ] {
            assert!(nfkc::decomposes_within(c, in_ipv4_form), "{c:?}");
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(4000))]
        /// [`is_ipv4_form`], which tells some hosts at once, says what the
        /// form of the host's NFKC says.
        #[test]
        fn ipv4_form_is_told_as_by_nfkc(v in proptest::collection::vec(ipv4_form_char(), 1..10)) {
            let host: String = v.into_iter().collect();
            let decoded = percent::percent_decode_utf8(&host);
            let nfkc = nfkc::nfkc_cow(&decoded, &crate::profile::this().nameprep.nfkc);
            proptest::prop_assert_eq!(is_ipv4_form(&host), has_ipv4_form(&nfkc), "{:?}", host);
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]
        /// One host canonicalized under every profile in turn, sharing the
        /// work no profile parameter touches ([`SharedHostWork`]), gives
        /// what each profile gives alone.
        #[test]
        fn shared_work_changes_nothing(v in proptest::collection::vec(idn_char(), 0..16)) {
            let host: String = v.into_iter().collect();
            shared_as_alone(&host, false)?;
        }
    }

    /// `host` canonicalized under every built-in profile in turn, both
    /// ways round, sharing one [`SharedHostWork`]: each result is what
    /// the profile gives alone (and, with `traced`, what the traced steps
    /// give).
    fn shared_as_alone(
        host: &str,
        traced: bool,
    ) -> Result<(), proptest::test_runner::TestCaseError> {
        let profiles = crate::profile::builtin_profiles();
        // IE keeps Unicode labels for `http` only (its round trip may
        // take another profile's ToASCII, or its ACE labels for `ftp`).
        for scheme in ["http", "ftp"] {
            let mut shared = SharedHostWork::default();
            for p in profiles.iter().chain(profiles.iter().rev()) {
                let alone = canonicalize_host(host, scheme, p);
                if traced {
                    let mut log = crate::host::trace::StepLog::default();
                    let steps = canonicalize_host_traced(host, scheme, p, &mut log);
                    proptest::prop_assert_eq!(&alone, &steps, "{} {:?}", p.name, host);
                }
                let mut h = Cow::Borrowed(host);
                let r = canonicalize_host_cow(&mut h, scheme, p, Some(&mut shared))
                    .map(|()| h.into_owned());
                proptest::prop_assert_eq!(&r, &alone, "{} {} {:?}", scheme, p.name, host);
            }
        }
        Ok(())
    }

    /// Hosts whose result a profile may take from another's ToASCII of
    /// the same labels (Gecko's whitelisted TLDs, IE's round trip), and
    /// hosts where it may not (a label too long for Gecko's truncation,
    /// an empty label, `xn--` labels, hyphens at an end, RTL letters):
    /// shared as alone, under `http` and `ftp`, both orders.
    #[test]
    fn results_taken_from_another_profile_are_its_own() {
        let long = "a".repeat(63);
        let hosts = [
            "bücher.de".to_string(),
            format!("{long}.bücher.de"),
            format!("{}.bücher.de", &long[..62]),
            "bücher..de".to_string(),
            "xn--ü.de".to_string(),
            "xn--bcher-kva.ü.de".to_string(),
            "-bücher.de".to_string(),
            "bücher-.com".to_string(),
            "\u{5D0}\u{5D1}.de".to_string(),
            "\u{5D0}a.de".to_string(),
            "ü.\u{5D0}.jp".to_string(),
        ];
        for host in &hosts {
            shared_as_alone(host, true).unwrap();
        }
    }

    /// The characters of [`fullwidth_hosts_shared_as_alone`]: fullwidth
    /// forms of letters, digits and `-` (which Nameprep makes ASCII), the
    /// label separators, ASCII, and a few characters that stay non-ASCII.
    fn fullwidth_char() -> impl proptest::strategy::Strategy<Value = char> {
        proptest::prop_oneof![
            proptest::char::range('\u{FF41}', '\u{FF45}'),
            proptest::char::range('\u{FF10}', '\u{FF12}'),
            proptest::sample::select(vec![
                '\u{FF21}', '\u{FF0D}', '\u{FF58}', '\u{FF4E}', '\u{FF0E}', '\u{3002}', '\u{FF61}',
                '.', 'a', 'X', '1', '-', '\u{FC}', '\u{4E00}', '\u{5D0}',
            ]),
        ]
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]
        /// Hosts of fullwidth forms, most of which Nameprep makes ASCII
        /// (`\u{FF41}\u{FF0E}\u{FF42}` → `a.b`, through the shared
        /// work's prepared host): canonicalized under every profile in
        /// turn, sharing the work, each gives what the profile gives alone,
        /// which is what the traced steps give.
        #[test]
        fn fullwidth_hosts_shared_as_alone(v in proptest::collection::vec(fullwidth_char(), 1..14)) {
            let host: String = v.into_iter().collect();
            shared_as_alone(&host, true)?;
        }
    }

    /// One [`SharedHostWork`] for hosts that follow one another (as
    /// under profiles that keep a host's noncharacters and profiles that
    /// do not): what it tells about one host (its IPv4 form for the other
    /// hosts, whether it qualifies, its labels converted) never reaches
    /// another.  The hosts tell the IPv4 form apart (fullwidth, escaped,
    /// with a joiner) and are canonicalized under profiles with and
    /// without other hosts, each in turn, both ways round.
    #[test]
    fn shared_work_across_hosts_changes_nothing() {
        let mut gecko_without_other_hosts = crate::profile::builtin("gecko").unwrap().clone();
        gecko_without_other_hosts
            .canonicalize_host
            .other_hosts
            .clear();
        let mut profiles: Vec<&dyn Profile> = crate::profile::builtin_profiles()
            .iter()
            .map(|p| p as &dyn Profile)
            .collect();
        profiles.push(&gecko_without_other_hosts);
        let hosts = [
            "\u{FF10}\u{FF38}\u{FF17}\u{FF46}\u{FF0E}\u{FF11}",
            "\u{FF10}\u{FF38}\u{FF17}\u{FF46}\u{FF0E}\u{FF11}a",
            "%30x7f.1",
            "19\u{200C}2.168.0.001",
            "0x7f.1",
            "\u{65E5}\u{672C}.jp",
            "b\u{FC}cher.de",
            "\u{43C}\u{43E}\u{441}\u{43A}\u{432}\u{430}.\u{440}\u{444}",
            "a\u{FDD0}b.test",
        ];
        for scheme in ["http", "file"] {
            let mut shared = SharedHostWork::default();
            for round in 0..2 {
                for host in hosts {
                    let order: Vec<&dyn Profile> = match round {
                        0 => profiles.clone(),
                        _ => profiles.iter().rev().copied().collect(),
                    };
                    for p in order {
                        let mut h = Cow::Borrowed(host);
                        let r = canonicalize_host_cow(&mut h, scheme, p, Some(&mut shared))
                            .map(|()| h.into_owned());
                        assert_eq!(
                            r,
                            canonicalize_host(host, scheme, p),
                            "{} {scheme} {host:?}",
                            p.name()
                        );
                    }
                }
            }
        }
        // The hosts do tell the profiles apart: THIS reads the fullwidth
        // IPv4 form for Gecko, which alone keeps it.
        let gecko = crate::profile::builtin("gecko").unwrap();
        assert_eq!(
            canonicalize_host(hosts[0], "http", gecko).unwrap(),
            "127.0.0.1"
        );
        assert_ne!(
            canonicalize_host(hosts[0], "http", &gecko_without_other_hosts).unwrap(),
            "127.0.0.1"
        );
    }

    /// IE's round trip of the ASCII labels of a host the shortcuts take
    /// (letters, digits, hyphens) fails where the steps fail: a hyphen
    /// first or last, an empty label, a label over 63 letters.
    #[test]
    fn ie_round_trip_of_ascii_labels_is_the_steps() {
        let ie = crate::profile::builtin("ie").unwrap();
        let long = "a".repeat(64);
        for host in [
            "a-.b\u{FC}cher.jp".to_string(),
            "-a.b\u{FC}cher.jp".to_string(),
            "a.b\u{FC}cher..jp".to_string(),
            format!("{long}.b\u{FC}cher.jp"),
            format!("{}.b\u{FC}cher.jp", &long[1..]),
            "www.b\u{FC}cher.xn--4gq.jp".to_string(),
        ] {
            for scheme in ["http", "ftp"] {
                let fast = canonicalize_host(&host, scheme, ie);
                let mut log = crate::host::trace::StepLog::default();
                let slow = canonicalize_host_traced(&host, scheme, ie, &mut log);
                assert_eq!(fast, slow, "{host:?} {scheme}");
            }
        }
    }

    /// Profiles that differ only in their bidi data (or their step 20
    /// parameters) share no conversion of a host on which those differ,
    /// whichever comes first: `\u{7B1}x` (U+07B1 is RandALCat since
    /// Unicode 3.2, not in 3.1) passes Check bidi under 3.1 only; a
    /// 70-letter ASCII label is truncated under Gecko's 62 only; `de` is on
    /// Gecko's whitelist.
    #[test]
    fn shared_work_tells_step_20_parameters_apart() {
        use crate::profile::BidiVersion;
        let this = crate::profile::this();
        let mut bidi_3_1 = this.clone();
        bidi_3_1.nameprep.bidi = BidiVersion::V3_1;
        let mut truncating = this.clone();
        truncating.canonicalize_host.truncate_ascii_label = 62;
        let mut whitelisting = this.clone();
        whitelisting.canonicalize_host.idn_tld_check = true;
        let long = "a".repeat(70);
        let hosts = [
            "\u{7B1}x.b\u{FC}cher.com".to_string(),
            format!("{long}.b\u{FC}cher.com"),
            "b\u{FC}cher.de".to_string(),
        ];
        for (other, host) in [&bidi_3_1, &truncating, &whitelisting]
            .into_iter()
            .zip(&hosts)
        {
            let alone: Vec<_> = [this, other]
                .iter()
                .map(|p| canonicalize_host(host, "http", *p))
                .collect();
            assert_ne!(alone[0], alone[1], "{host:?}");
            for order in [[0, 1], [1, 0]] {
                let mut shared = SharedHostWork::default();
                for i in order {
                    let p = [this, other][i];
                    let mut h = Cow::Borrowed(host.as_str());
                    let r = canonicalize_host_cow(&mut h, "http", p, Some(&mut shared))
                        .map(|()| h.into_owned());
                    assert_eq!(r, alone[i], "{host:?} {order:?}");
                }
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(3000))]
        /// The untraced pipeline (with its shortcuts: no second Nameprep
        /// without a non-starter, no Punycode decoding of a label just
        /// encoded, ...) gives what the traced one, which runs every step,
        /// gives.
        #[test]
        fn shortcuts_match_the_traced_steps(v in proptest::collection::vec(idn_char(), 0..16)) {
            let host: String = v.into_iter().collect();
            for p in crate::profile::builtin_profiles() {
                for scheme in ["http", "ftp"] {
                    let fast = canonicalize_host(&host, scheme, p);
                    let mut log = crate::host::trace::StepLog::default();
                    let slow = canonicalize_host_traced(&host, scheme, p, &mut log);
                    proptest::prop_assert_eq!(&fast, &slow, "{} {} {:?}", p.name, scheme, host);
                }
            }
        }

        /// The own Punycode encoder, used by [`punycode_encode`], agrees
        /// with the `punycode` crate's.
        #[test]
        fn punycode_encoders_agree(v in proptest::collection::vec(idn_char(), 0..70)) {
            let label: String = v.into_iter().collect();
            let ours = punycode_encode(&label);
            if label.chars().count() <= MAX_LABEL_LEN {
                proptest::prop_assert_eq!(ours, punycode::encode(&label).ok(), "{:?}", label);
            } else {
                proptest::prop_assert_eq!(ours, None);
            }
        }
    }

    #[test]
    fn gecko_second_nameprep_runs_when_the_swap_may_apply() {
        // Gecko's recorded `\u{1100}\u{1175}\u{301}\u{11A8}` composes further in the second
        // Nameprep of step 20.2.1.1.
        let gecko = crate::profile::builtin("gecko").unwrap();
        for host in [
            "\u{1100}\u{1175}\u{301}\u{11A8}",
            "a.\u{1100}\u{1175}\u{301}\u{11A8}.com",
        ] {
            let fast = canonicalize_host(host, "http", gecko);
            let mut log = crate::host::trace::StepLog::default();
            let slow = canonicalize_host_traced(host, "http", gecko, &mut log);
            assert_eq!(fast, slow, "{host:?}");
            let once = crate::host::nameprep(host, gecko, false).unwrap();
            assert_ne!(crate::host::nameprep(&once, gecko, false).unwrap(), once);
        }
    }

    #[test]
    fn idn_fast_path_covers_the_common_idn_host() {
        let ie = crate::profile::builtin("ie").unwrap();
        let fast = |h: &str, p: &dyn Profile| {
            idn_fast_path(h, "http", p, Some(&mut SharedHostWork::default()))
        };
        assert_eq!(
            fast("WWW.Bücher.DE", this()).as_deref(),
            Some("www.xn--bcher-kva.de")
        );
        assert_eq!(
            fast("\u{E17}\u{E14}\u{E2A}\u{E2D}\u{E1A}.TH", this()).as_deref(),
            Some("xn--l3cfk7dp.th")
        );
        assert_eq!(fast("日本.JP", ie).as_deref(), Some("日本.jp"));
        // Characters Nameprep maps, the same way under every profile: the
        // host as Nameprep and step 15 make it (see `prepare_host`).
        assert_eq!(fast("Ü\u{3002}de", this()).as_deref(), Some("xn--tda.de"));
        assert_eq!(fast("\u{FB01}.ü", this()).as_deref(), Some("fi.xn--tda"));
        // IE: an ASCII host with an xn-- label.
        assert_eq!(
            xn_labels_fast_path("WWW.XN--4GQ.JP", "http", ie).as_deref(),
            Some("www.\u{4E00}.jp")
        );
        assert_eq!(xn_labels_fast_path("xn--4gq.jp", "http", this()), None);
        // An xn-- label is an ASCII label, but for IE's round trip, which
        // decodes it (or fails, and the steps run one by one).
        assert_eq!(
            fast("xn--4gq.ü", this()).as_deref(),
            Some("xn--4gq.xn--tda")
        );
        assert_eq!(fast("xn--4gq.ü", ie).as_deref(), Some("\u{4E00}.ü"));
        assert_eq!(fast("xn--a.ü", ie), None);
        // Outside the shortcut: a root dot, a character Nameprep maps, a
        // label separator other than `.`, escapes.
        for h in ["ü.de.", "ü%41.de", "ü:80.de"] {
            assert_eq!(fast(h, this()), None, "{h:?}");
        }
    }

    #[test]
    fn xn_labels_fast_path_matches_the_steps() {
        for host in [
            "xn--4gq.jp",
            "WWW.XN--4GQ.JP",
            "a.xn--bcher-kva.de",
            "xn--abc-.de",
            "xn--.de",
            "xn--a",
            "xn--ls8h.xn--4gq",
            "xn--4gq..jp",
            "-xn--4gq.jp",
            "xn--ab-mia",
            "xn--zca",
        ] {
            for p in crate::profile::builtin_profiles() {
                let fast = canonicalize_host(host, "http", p);
                let mut log = crate::host::trace::StepLog::default();
                let slow = canonicalize_host_traced(host, "http", p, &mut log);
                assert_eq!(fast, slow, "{} {host:?}", p.name);
            }
        }
    }

    #[test]
    fn prepared_hosts() {
        assert_eq!(
            prepare_host("WWW.ÄRZTE.DE").map(|(p, _)| p).as_deref(),
            Some("www.ärzte.de")
        );
        assert_eq!(
            prepare_host("\u{FF25}\u{FF58}.d\u{E9}\u{3002}\u{FF24}\u{FF25}")
                .map(|(p, _)| p)
                .as_deref(),
            Some("ex.dé.de")
        );
        // NFKC makes a `.`; a trailing separator; a non-starter; a
        // corrigendum character.
        for h in [
            "a\u{2024}b.\u{E9}",
            "\u{C4}.de\u{3002}",
            "a\u{301}.\u{C4}",
            "\u{F951}.\u{C4}",
        ] {
            assert_eq!(prepare_host(h), None, "{h:?}");
        }
        let ie = crate::profile::builtin("ie").unwrap();
        let fast = |h: &str, p: &dyn Profile| {
            idn_fast_path(h, "http", p, Some(&mut SharedHostWork::default()))
        };
        assert_eq!(
            fast("WWW.ÄRZTE\u{FF0E}DE", this()).as_deref(),
            Some("www.xn--rzte-koa.de")
        );
        assert_eq!(
            fast("WWW.ÄRZTE\u{FF0E}DE", ie).as_deref(),
            Some("www.ärzte.de")
        );
        // Fullwidth forms prepared to ASCII are covered, unless the
        // prepared host begins with a digit (step 27 may find an address).
        let fullwidth =
            "\u{FF37}\u{FF37}\u{FF37}\u{FF0E}\u{FF45}\u{FF58}\u{3002}\u{FF4F}\u{FF52}\u{FF47}";
        assert_eq!(
            prepare_host(fullwidth).map(|(p, _)| p).as_deref(),
            Some("www.ex.org")
        );
        for p in crate::profile::builtin_profiles() {
            assert_eq!(
                fast(fullwidth, p).as_deref(),
                Some("www.ex.org"),
                "{}",
                p.name
            );
            assert_eq!(
                canonicalize_host(fullwidth, "http", p).as_deref(),
                Ok("www.ex.org")
            );
        }
        let address = "\u{FF11}\u{FF12}\u{FF17}\u{FF0E}\u{FF10}\u{FF0E}\u{FF10}\u{FF0E}\u{FF11}";
        assert_eq!(
            prepare_host(address).map(|(p, _)| p).as_deref(),
            Some("127.0.0.1")
        );
        assert_eq!(fast(address, this()), None);
        assert_eq!(
            canonicalize_host(address, "http", this()).as_deref(),
            Ok("127.0.0.1")
        );
    }

    #[test]
    fn ldh_fast_path_covers_the_common_host() {
        let fast = |h: &str, p: &dyn Profile| {
            let mut h = Cow::Borrowed(h);
            letters_digits_hyphens_fast_path(&mut h, p).then(|| h.into_owned())
        };
        assert_eq!(
            fast("WWW.Example.COM", this()).as_deref(),
            Some("www.example.com")
        );
        assert_eq!(fast("0x7F.1", this()).as_deref(), Some("127.0.0.1"));
        assert_eq!(fast("a_b", this()), None);
        let ie = crate::profile::builtin("ie").unwrap();
        assert_eq!(fast("xn--4gq.jp", ie), None);
    }

    #[test]
    fn huge_label_is_linear_and_fails() {
        let h = "ü".repeat(200_000);
        assert!(this_host(&h).is_err());
    }

    /// [`SharedLdhHost`]: under every profile, the key it gives a host
    /// writes what [`canonicalize_ldh_host_into`] writes alone (so that
    /// profiles with equal keys may share one result), for hosts that tell
    /// the IPv4 rules, step 18 and the other hosts apart, under the
    /// built-in profiles and mixes of their parameters, with a `file` and
    /// an `http` scheme.
    #[test]
    fn shared_ldh_host_key_writes_what_each_profile_writes() {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut pick = move |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let mixed: Vec<crate::profile::ProfileSpec> = (0..64)
            .map(|_| crate::profile::mixed_profile(&mut pick))
            .collect();
        let profiles: Vec<&dyn Profile> = crate::profile::builtin_profiles()
            .iter()
            .chain(&mixed)
            .map(|p| p as &dyn Profile)
            .collect();
        let hosts = [
            "",
            "0x7f.1",
            "0X7F.1.",
            "1.2.3.4",
            "1.2.3",
            "08.1",
            "0",
            "4294967296",
            "99999999999.abc",
            "99999999999.com",
            "192.168.0.256",
            "1a.b",
            "a.0x7f",
            ".1",
            "xn--4gq.jp",
            "WWW.XN--4GQ.jp",
            "xn--",
            "a-xn--b.c",
            "a--b",
            "Example.COM",
            "a..b.",
            "-x-.y",
            "a_b",
            "[::1]",
            "%41",
            "é.de",
            "a b",
        ];
        let mut keys_seen = std::collections::HashMap::new();
        for scheme in ["http", "file", "FILE"] {
            for host in hosts {
                let shared = SharedLdhHost::new(host, scheme);
                for (i, p) in profiles.iter().enumerate() {
                    let key = shared.key(*p);
                    let (mut together, mut alone) = (String::from("x"), String::from("x"));
                    let t = shared.write(key, &mut together);
                    let a = canonicalize_ldh_host_into(host, scheme, *p, &mut alone);
                    let got = (t, together);
                    assert_eq!(
                        got,
                        (a, alone),
                        "{host:?} ({scheme}) under profile {i}, key {key:?}"
                    );
                    keys_seen
                        .entry((scheme, host, format!("{key:?}")))
                        .or_insert(got.clone());
                    assert_eq!(keys_seen[&(scheme, host, format!("{key:?}"))], got);
                }
            }
        }
        // The keys do differ between profiles for some hosts, and agree
        // for more profiles than LdhKey does.
        let differing = hosts
            .iter()
            .filter(|h| {
                let s = SharedLdhHost::new(h, "http");
                profiles.iter().any(|p| s.key(*p) != s.key(profiles[0]))
            })
            .count();
        assert!(differing >= 5, "{differing}");
        // One slot per key, and the rule read back as it was given.
        let mut slots = [false; LdhHostKey::SLOTS];
        for ipv4 in [
            None,
            Some(crate::profile::Ipv4Rule::Spec),
            Some(crate::profile::Ipv4Rule::Googleurl2011),
            Some(crate::profile::Ipv4Rule::None),
        ] {
            let key = LdhHostKey::covered(ipv4);
            assert_eq!(key.ipv4(), Some(ipv4));
            assert!(!std::mem::replace(&mut slots[key.slot()], true));
        }
        assert_eq!(LdhHostKey::Declined.ipv4(), None);
        assert!(!slots[LdhHostKey::Declined.slot()]);
        let s = SharedLdhHost::new("www.example.com", "http");
        assert!(profiles
            .iter()
            .all(|p| s.key(*p) == s.key(profiles[0]) || s.key(*p) == LdhHostKey::Declined));
    }

    /// [`SharedLdhHost`] tells the classes of a host the shortcut may
    /// cover as `is_class` does, for every class: `file` by the scheme,
    /// `ipv4-form` from the host as written (the octets that may make the
    /// form, then `has_ipv4_form`), no IP literal, no delimiter.  Every
    /// host of up to five octets of hexadecimal digits, `x`, `X`, other
    /// letters and digits, `.`, `-` and `_`, under three schemes.
    #[test]
    fn shared_ldh_host_classes_are_is_class() {
        let octets = b"0179aAfFxXgz.-_";
        let mut host = Vec::new();
        let mut of_form = 0;
        let mut check = |host: &[u8]| {
            let host = std::str::from_utf8(host).unwrap();
            for scheme in ["http", "file", "FILE"] {
                let s = SharedLdhHost::new(host, scheme);
                let is = |class| is_class(host, scheme, &class);
                if !s.host.covered_octets() {
                    assert!(!s.file && !s.ipv4_form, "{host:?}");
                    continue;
                }
                assert_eq!(s.file, is(HostClass::File), "{host:?} ({scheme})");
                assert_eq!(s.ipv4_form, is(HostClass::Ipv4Form), "{host:?}");
                assert!(!is(HostClass::IpLiteral) && !is(HostClass::Delimiters));
                of_form += usize::from(s.ipv4_form);
            }
        };
        // Every string of up to five of `octets`, in order of length.
        let mut todo = std::collections::VecDeque::from([Vec::new()]);
        while let Some(h) = todo.pop_front() {
            check(&h);
            if h.len() < 5 {
                for &o in octets {
                    host.clone_from(&h);
                    host.push(o);
                    todo.push_back(host.clone());
                }
            }
        }
        // The IPv4 form is found in hosts of it (`0x7.1`, `077`, `9.9`).
        assert!(of_form > 1000, "{of_form}");
    }
}
