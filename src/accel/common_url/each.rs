//! The shortcut under several profiles at once
//! ([`canonicalize_common_url_each`]): the input scanned, and every
//! component but the host written, once; each profile's host put in the
//! first URL's place.

use super::hosts::{
    host_by_the_steps_into, hosts_by_the_steps_each, HostByTheSteps, HostOf, HostsByTheSteps,
    KEPT_HOSTS,
};
use super::scan::common_url_with_host;
use crate::accel::host::{HostInput, LdhHostKey};
use crate::accel::thread_buffer::give_back;
use crate::error::Error;
use crate::profile::plan::Plan;
use crate::profile::url_steps::InputFacts;
use crate::url::Url;
use encoding_rs::Encoding;

/// [`canonicalize_common_url`](super::canonicalize_common_url) under each of `profiles`
/// (`facts` are the input's [`InputFacts`] when they are known), pushed
/// into `into` (empty: its room is reused) where it can: element `i` is
/// `covered(i, url)` for the URL it gives under `profiles[i]` (a
/// [`Covered::SameAs`] an earlier profile's), or, where it
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
// The input and its facts, the profiles, the encoding, the vector to
// fill and what to make of each outcome: one call per input, from one
// caller.
#[allow(clippy::too_many_arguments)]
pub(crate) fn canonicalize_common_url_each<T>(
    input: &str,
    facts: Option<&InputFacts<'_>>,
    profiles: &[&Plan],
    encoding: &'static Encoding,
    into: Vec<T>,
    covered: impl Fn(usize, Covered) -> T,
    failed: impl Fn(Error) -> T,
    by_the_steps: impl FnOnce(&[&Plan]) -> Vec<T>,
) -> Vec<T> {
    // The URL-level steps that rewrite components (`crate::url_steps`)
    // are the steps' to run: the profiles whose steps may touch the input
    // (the input scanned once for all of them, unless its facts are
    // known) are left to the steps, with those the shortcut declines.
    let rewrites = |p: &&Plan| p.url_gates().components.on;
    let scanned = match facts {
        None if profiles.iter().any(rewrites) => Some(InputFacts::of(input)),
        _ => None,
    };
    let facts = facts.or(scanned.as_ref());
    let rewriting =
        |p: &Plan| facts.is_some_and(|f| p.url_gates().components.may_touch(f, p.url()));
    let n_rewriting = profiles.iter().filter(|p| rewriting(p)).count();
    if n_rewriting == 0 {
        return shortcut_each(
            input,
            profiles,
            encoding,
            into,
            covered,
            failed,
            |declined| by_the_steps(&plans_at(declined, profiles)),
        );
    }
    if n_rewriting == profiles.len() {
        return by_the_steps(profiles);
    }
    // The others take the shortcut; the steps are asked once, for the
    // profiles that rewrite and those the shortcut declines, in order.
    let (rest, rest_at): (Vec<&Plan>, Vec<usize>) = (profiles.iter().enumerate())
        .filter(|(_, p)| !rewriting(p))
        .map(|(i, p)| (*p, i))
        .unzip();
    let mut by_the_steps = Some(by_the_steps);
    // The steps' results for the profiles that rewrite, in order.
    let mut for_rewriting: Option<std::vec::IntoIter<T>> = None;
    let mut each = shortcut_each(
        input,
        &rest,
        encoding,
        Vec::with_capacity(rest.len()),
        |i, url| covered(rest_at[i], url.at(&rest_at)),
        &failed,
        |declined| {
            let mut asked: Vec<usize> = (0..profiles.len())
                .filter(|&i| rewriting(profiles[i]))
                .collect();
            asked.extend(declined.iter().map(|&i| rest_at[i]));
            asked.sort_unstable();
            let ask = by_the_steps.take().expect("the steps asked once");
            let results = ask(&plans_at(&asked, profiles));
            // Split in the order asked: the declined ones go back.
            let (mut mine, mut back) = (Vec::new(), Vec::new());
            for (i, r) in asked.into_iter().zip(results) {
                match rewriting(profiles[i]) {
                    true => mine.push(r),
                    false => back.push(r),
                }
            }
            for_rewriting = Some(mine.into_iter());
            back
        },
    )
    .into_iter();
    let mut for_rewriting = match (for_rewriting, by_the_steps) {
        (Some(r), _) => r,
        (None, Some(ask)) => {
            let asked: Vec<&Plan> = profiles.iter().copied().filter(|p| rewriting(p)).collect();
            ask(&asked).into_iter()
        }
        (None, None) => unreachable!("the steps were asked"),
    };
    profiles
        .iter()
        .map(|p| match rewriting(p) {
            true => for_rewriting.next(),
            false => each.next(),
        })
        .map(|r| r.expect("a result for each profile"))
        .collect()
}

/// What the shortcut gives a profile it covers
/// ([`canonicalize_common_url_each`]'s `covered`).
#[derive(Debug)]
pub(crate) enum Covered {
    /// A URL of its own.
    Url(Url),
    /// The same URL as the profile at this index (an earlier one), which
    /// profiles that share a URL are given once: a copy is made where it
    /// is wanted.
    SameAs(usize),
}

impl Covered {
    /// This result with the index of [`Covered::SameAs`] read in `at`
    /// (the indices of a subset of the profiles among all of them).
    fn at(self, at: &[usize]) -> Covered {
        match self {
            Covered::SameAs(j) => Covered::SameAs(at[j]),
            url => url,
        }
    }
}

/// The profiles at the indices `at`.
fn plans_at<'p>(at: &[usize], plans: &[&'p Plan]) -> Vec<&'p Plan> {
    at.iter().map(|&i| plans[i]).collect()
}

/// [`canonicalize_common_url_each`] for profiles whose URL-level rules
/// leave the input as it is: `by_the_steps` is given the indices of the
/// profiles it is asked for.
fn shortcut_each<T>(
    input: &str,
    profiles: &[&Plan],
    encoding: &'static Encoding,
    mut each: Vec<T>,
    covered: impl Fn(usize, Covered) -> T,
    failed: impl Fn(Error) -> T,
    by_the_steps: impl FnOnce(&[usize]) -> Vec<T>,
) -> Vec<T> {
    let all = || (0..profiles.len()).collect::<Vec<usize>>();
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
            return by_the_steps(&all());
        };
        let url = Url::new(out, offsets);
        return each_with_hosts_by_the_steps(url, hosts, each, covered, failed, by_the_steps);
    }
    let (Some(offsets), Some(host)) = (scanned, shared) else {
        return by_the_steps(&all());
    };
    // The common case: every profile has the first one's key, and shares
    // its URL (written once, given to the first, the same for the others;
    // `profiles` is not empty, one was covered).
    if first == 0 && keys.iter().all(|&k| k == keys[0]) {
        let url = Url::new(out, offsets);
        each.push(covered(0, Covered::Url(url)));
        each.extend((1..profiles.len()).map(|i| covered(i, Covered::SameAs(0))));
        return each;
    }
    // One URL per distinct key (`urls[key.slot()]`, `Some(None)` when
    // declined): the keys before the first covered one are declined, the
    // first one's URL is the one written, each later one's puts its host
    // in that one's place.
    let mut urls: [Option<Option<Url>>; LdhHostKey::SLOTS] = Default::default();
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
            let declined: Vec<usize> = (keys.iter().enumerate())
                .filter(|&ik| by_the_steps_for(ik))
                .map(|(i, _)| i)
                .collect();
            by_the_steps(&declined)
        }
        false => Vec::new(),
    }
    .into_iter();
    // Each URL given to the first profile that shares it, the same for
    // the others.
    let mut given: [Option<usize>; LdhHostKey::SLOTS] = Default::default();
    for (i, &k) in keys.iter().enumerate() {
        let url = urls[k.slot()].as_mut().expect("a result for every key");
        each.push(match (url, given[k.slot()]) {
            // Given (taken out) already.
            (_, Some(j)) => covered(i, Covered::SameAs(j)),
            (None, None) => match own[i].take() {
                Some(Ok(u)) => covered(i, Covered::Url(u)),
                Some(Err(e)) => failed(e),
                None => by_the_steps
                    .next()
                    .expect("a result for each declined profile"),
            },
            (url, None) => {
                given[k.slot()] = Some(i);
                covered(i, Covered::Url(url.take().expect("a URL")))
            }
        });
    }
    each
}

/// The result of each profile for a URL whose hosts went by the steps
/// ([`hosts_by_the_steps_each`]): `url`, written with the first host that
/// succeeds, for the first profile with that host (the others have the
/// same, [`Covered::SameAs`]), that URL with the profile's host in place for another,
/// `failed(e)` for a host that fails with `e`, and `by_the_steps` (once,
/// for all of them) for a host declined.
///
/// `http://Bücher.DE/a` under THIS, CHROME, GECKO and IE:
/// `http://xn--bcher-kva.de/a` written once, the same for CHROME, Gecko's
/// and IE's `bücher.de` put in place.
pub(super) fn each_with_hosts_by_the_steps<T>(
    url: Url,
    hosts: HostsByTheSteps,
    mut results: Vec<T>,
    covered: impl Fn(usize, Covered) -> T,
    failed: impl Fn(Error) -> T,
    by_the_steps: impl FnOnce(&[usize]) -> Vec<T>,
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
    let first_written = each.iter().position(|h| matches!(h, HostOf::Written));
    let asked: Vec<usize> = (each.iter().enumerate())
        .filter(|(_, h)| matches!(h, HostOf::Declined))
        .map(|(i, _)| i)
        .collect();
    let mut by_the_steps = match asked.is_empty() {
        true => Vec::new(),
        false => by_the_steps(&asked),
    }
    .into_iter();
    let mut url = Some(url);
    let mut own_urls = urls.drain(..);
    for (i, h) in each.drain(..).enumerate() {
        results.push(match h {
            HostOf::Written if Some(i) == first_written => {
                covered(i, Covered::Url(url.take().expect("the URL")))
            }
            HostOf::Written => covered(i, Covered::SameAs(first_written.expect("written"))),
            // In the order they were put in `urls`.
            HostOf::Url => covered(i, Covered::Url(own_urls.next().expect("a URL of its own"))),
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

#[cfg(test)]
mod tests {
    use super::super::canonicalize_common_url;
    use super::super::tests::shortcut;
    use super::*;
    use crate::accel::host::letters_digits_hyphens_shortcut;
    use crate::profile::plan::with_plans;
    use crate::profile::{builtin_profiles, this, Profile};
    use encoding_rs::UTF_8;

    /// [`canonicalize_common_url_each`] of `input` under `profiles`, `None`
    /// where it declines.
    fn each_or_none(input: &str, profiles: &[&dyn Profile]) -> Vec<Option<Url>> {
        let mut asked = Vec::new();
        let each = with_plans(profiles, |plans| {
            canonicalize_common_url_each(
                input,
                None,
                plans,
                UTF_8,
                Vec::new(),
                |_, u| Some(Ok(u)),
                |e| Some(Err(e)),
                |declined| {
                    asked.extend(declined.iter().map(|p| p.name().to_string()));
                    declined.iter().map(|_| None).collect()
                },
            )
        });
        // A profile whose host fails gives the error the steps give.
        for (p, r) in profiles.iter().zip(&each) {
            if let Some(Err(e)) = r {
                let steps = crate::algorithm::canonicalize::canonicalize(
                    &crate::algorithm::resolve::resolve_self(input),
                    *p,
                    UTF_8,
                );
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
        // A URL the same as an earlier profile's is that one.
        let mut urls: Vec<Option<Url>> = Vec::with_capacity(each.len());
        for r in each {
            let url = match r.and_then(Result::ok) {
                Some(Covered::Url(u)) => Some(u),
                Some(Covered::SameAs(j)) => Some(urls[j].as_ref().expect("a URL").clone_unmade()),
                None => None,
            };
            urls.push(url);
        }
        urls
    }

    /// [`canonicalize_common_url_each`] of `input` under `order`: for
    /// each profile what it gives alone, serialization and offsets; or,
    /// when the host shortcut declines the host under every profile (no
    /// URL is written to put the hosts by the steps in), the steps for
    /// all.
    fn assert_each_is_alone(input: &str, order: &[&dyn Profile]) {
        let each = each_or_none(input, order);
        let parsed = crate::algorithm::parse::parse(input);
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
        let steps = crate::algorithm::canonicalize::canonicalize(
            &crate::algorithm::resolve::resolve_self(broken),
            &googleurl,
            UTF_8,
        );
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
