//! `parse` on arbitrary text; whatever it returns serializes without panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let input = urlprism_fuzz::text(data);
    let parsed = urlprism::parse(&input);
    let _ = urlprism::serialize(&parsed);
    let _ = parsed.is_hierarchical();
});
