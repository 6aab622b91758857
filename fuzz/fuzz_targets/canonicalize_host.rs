//! CanonicalizeHost on arbitrary text under every built-in profile, for a
//! `file` and a non-`file` scheme.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urlprism::host::canonicalize_host;
use urlprism::profile::builtin_profiles;

fuzz_target!(|data: &[u8]| {
    let host = urlprism_fuzz::text(data);
    for profile in builtin_profiles() {
        for scheme in ["http", "file"] {
            let r = canonicalize_host(&host, scheme, profile);
            assert_eq!(
                r,
                canonicalize_host(&host, scheme, profile),
                "{} is not deterministic on {host:?}",
                profile.name
            );
        }
    }
});
