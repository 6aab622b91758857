//! The whole pipeline under every built-in profile, with UTF-8 and with an
//! encoding picked from the input.  Every profile is deterministic.  Under
//! THIS the output holds no control character, is ASCII before the
//! fragment, and is a fixed point: the canonical string, resolved against
//! the same base (or against itself) and canonicalized again, is unchanged
//! (but where the specification takes the base's path without
//! normalization; see `path_taken_verbatim_from_base`).  The profiles
//! canonicalized together (`canonicalize_each`) give what each gives alone,
//! the built-in ones and two that mix their parameters
//! (`urlprism_fuzz::mixed_profiles`), and so do the built-in ones from the
//! string (`Canonicalizer::canonicalize_each`, as `Url`s); under the
//! mixed ones the host gives the same canonicalized with the shortcuts
//! and traced step by step.  Every `Url` holds its invariants
//! (`Url::check_invariants`).  `Canonicalizer::canonicalize`, with its
//! shortcuts, gives what the steps give under every one of them.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urlprism::profile::builtin_profiles;
use urlprism_fuzz::path_taken_verbatim_from_base;

fuzz_target!(|data: &[u8]| {
    let (base, input) = urlprism_fuzz::split(data);
    let picked = urlprism_fuzz::pick_encoding(data);
    let same_base = base.as_deref().unwrap_or(&input);
    let resolved = urlprism::resolve(&input, &urlprism::parse(same_base));
    let mixed = urlprism_fuzz::mixed_profiles(data);
    let profiles: Vec<&dyn urlprism::Profile> = mixed
        .iter()
        .chain(builtin_profiles())
        .map(|p| p as &dyn urlprism::Profile)
        .collect();
    let together = urlprism::canonicalize_each(&resolved, &profiles, picked);
    for (p, t) in profiles.iter().zip(together) {
        assert_eq!(
            t,
            urlprism::canonicalize(&resolved, *p, picked),
            "{}: together differs from alone on {input:?}",
            p.name()
        );
    }
    // The same from the string, as `Url`s (`Canonicalizer::canonicalize_each`
    // takes the whole-URL shortcut once for all profiles): serialization
    // and components as each alone.
    let canonicalizer =
        |p: &'static dyn urlprism::Profile| -> Option<urlprism::Canonicalizer<'static>> {
            let c = urlprism::Canonicalizer::new(p).encoding(picked);
            match base.as_deref() {
                Some(b) => c.base(b).ok(),
                None => Some(c),
            }
        };
    let components = |u: &urlprism::Url| {
        (
            u.as_str().to_owned(),
            u.username().to_owned(),
            u.password().map(str::to_owned),
            u.host_str().map(str::to_owned),
            u.port(),
            u.path().to_owned(),
            u.query().map(str::to_owned),
            u.fragment().map(str::to_owned),
        )
    };
    let statics: Vec<&'static dyn urlprism::Profile> =
        builtin_profiles().iter().map(|p| p as _).collect();
    if let Some(c) = canonicalizer(statics[0]) {
        let plans: Vec<&urlprism::host::plan::Plan> =
            urlprism::host::plan::builtin_plans().iter().collect();
        for (p, t) in statics.iter().zip(c.canonicalize_each(&input, &plans)) {
            let alone = canonicalizer(*p).map(|c| c.canonicalize(&input));
            let alone = alone.expect("the base was valid for the first profile");
            for url in t.iter().chain(alone.iter()) {
                if let Err(e) = url.check_invariants() {
                    panic!("{}: {e}", p.name());
                }
            }
            assert_eq!(
                t.as_ref().map(components).map_err(ToString::to_string),
                alone.as_ref().map(components).map_err(ToString::to_string),
                "{}: Canonicalizer::canonicalize_each differs from alone on {input:?}",
                p.name()
            );
        }
    }
    // `Canonicalizer::canonicalize` (its shortcuts: the common absolute
    // URL, the common relative reference resolved as text) is the steps
    // one by one, under the built-in and the mixed profiles.
    for p in &profiles {
        let c = urlprism::Canonicalizer::new(*p).encoding(picked);
        let c = match base.as_deref() {
            Some(b) => c.base(b),
            None => Ok(c),
        };
        let Ok(c) = c else { continue };
        // Without a base the input is its own (an input invalid by itself
        // keeps its own reason: `resolve_self`).
        let own;
        let resolved = match base {
            Some(_) => &resolved,
            None => {
                own = urlprism::resolve::resolve_self(&input);
                &own
            }
        };
        let steps = urlprism::canonicalize(resolved, *p, picked)
            .map(|u| urlprism::serialize(&u).expect("a canonical URL serializes"));
        assert_eq!(
            c.canonicalize(&input).map(|u| u.as_str().to_owned()),
            steps,
            "{}: Canonicalizer::canonicalize differs from the steps on {input:?} against {base:?}",
            p.name()
        );
    }
    if let (Some(host), Some(scheme)) = (resolved.host.as_deref(), resolved.scheme.as_deref()) {
        let scheme = scheme.to_ascii_lowercase();
        for p in &mixed {
            let mut log = urlprism::host::trace::StepLog::default();
            assert_eq!(
                urlprism::host::canonicalize_host(host, &scheme, p),
                urlprism::host::canonicalize_host::canonicalize_host_traced(
                    host, &scheme, p, &mut log
                ),
                "mixed profile: shortcuts differ from the traced steps on {host:?}\n{p:?}"
            );
        }
    }
    for profile in builtin_profiles() {
        let is_this = profile.name == "this";
        for encoding in [encoding_rs::UTF_8, picked] {
            let first = urlprism_fuzz::canonicalize_str(&input, base.as_deref(), profile, encoding);
            let again = urlprism_fuzz::canonicalize_str(&input, base.as_deref(), profile, encoding);
            assert_eq!(
                first, again,
                "{} is not deterministic on {input:?}",
                profile.name
            );
            let Ok(canon) = first else { continue };
            if !is_this {
                continue;
            }
            assert!(
                !canon.chars().any(|c| c.is_control()),
                "THIS: control character in {canon:?} from {input:?}"
            );
            assert!(
                canon.split('#').next().unwrap_or("").is_ascii(),
                "THIS: non-ASCII before the fragment in {canon:?} from {input:?}"
            );
            let verbatim = path_taken_verbatim_from_base(&input, same_base);
            for second_base in [same_base, canon.as_str()] {
                let r =
                    urlprism_fuzz::canonicalize_str(&canon, Some(second_base), profile, encoding);
                if verbatim {
                    // The second round must be a fixed point.
                    let c2 = r.expect("the canonical URL stays valid");
                    let c3 = urlprism_fuzz::canonicalize_str(&c2, Some(&c2), profile, encoding);
                    assert_eq!(c3.as_deref(), Ok(c2.as_str()), "second round of {input:?}");
                } else {
                    assert_eq!(
                        r.as_deref(),
                        Ok(canon.as_str()),
                        "THIS is not idempotent (base {second_base:?}) on {input:?}"
                    );
                }
            }
        }
    }
});
