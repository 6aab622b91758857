//! The whole pipeline under every built-in profile, with UTF-8 and with an
//! encoding picked from the input.  Under THIS the result must be a fixed
//! point: the canonical string, resolved against the same base (or against
//! itself) and canonicalized again, is unchanged.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urlprism::profile::builtin_profiles;

fuzz_target!(|data: &[u8]| {
    let (base, input) = urlprism_fuzz::split(data);
    let picked = urlprism_fuzz::pick_encoding(data);
    for profile in builtin_profiles() {
        let is_this = profile.name == "this";
        for encoding in [encoding_rs::UTF_8, picked] {
            let first = urlprism::canonicalize_str(&input, base.as_deref(), profile, encoding);
            let again = urlprism::canonicalize_str(&input, base.as_deref(), profile, encoding);
            assert_eq!(first, again, "{} is not deterministic on {input:?}", profile.name);
            let Ok(canon) = first else { continue };
            if !is_this {
                continue;
            }
            assert!(
                !canon.chars().any(|c| c.is_control()),
                "THIS: control character in {canon:?} from {input:?}"
            );
            let same_base = base.as_deref().unwrap_or(&input);
            let r1 = urlprism::canonicalize_str(&canon, Some(same_base), profile, encoding);
            assert_eq!(
                r1.as_deref(),
                Ok(canon.as_str()),
                "THIS is not idempotent (same base {same_base:?}) on {input:?}"
            );
            let r2 = urlprism::canonicalize_str(&canon, None, profile, encoding);
            assert_eq!(
                r2.as_deref(),
                Ok(canon.as_str()),
                "THIS is not idempotent (base = itself) on {input:?}"
            );
        }
    }
});
