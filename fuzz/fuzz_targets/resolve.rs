//! `resolve` of a relative input against a base (split at byte 0xFF, see
//! `src/lib.rs`), then `serialize` of the result.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (base, input) = urlprism_fuzz::split(data);
    let base = urlprism::parse(base.as_deref().unwrap_or(&input));
    let resolved = urlprism::resolve(&input, &base);
    if !resolved.is_invalid() {
        assert!(
            resolved.scheme.is_some(),
            "a valid resolved URL has a scheme: {input:?} against {base:?} gave {resolved:?}"
        );
    }
    let _ = urlprism::serialize(&resolved);
});
