//! Nameprep on arbitrary text under every built-in profile, with and
//! without the bidi check.  Whatever passes with the bidi check also passes
//! without it, with the same result.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urlprism::host::nameprep;
use urlprism::profile::builtin_profiles;

fuzz_target!(|data: &[u8]| {
    let s = urlprism_fuzz::text(data);
    for profile in builtin_profiles() {
        let without = nameprep(&s, profile, false);
        let with = nameprep(&s, profile, true);
        if let Ok(w) = &with {
            assert_eq!(
                without.as_ref(),
                Ok(w),
                "{}: bidi check changed the result of {s:?}",
                profile.name
            );
        }
    }
});
