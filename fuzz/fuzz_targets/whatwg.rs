//! The `whatwg` engine on an input against an optional base (a byte 0xFF
//! splits them): no panic; the one-pass common URL gives what the `url`
//! crate's parser gives (the same serialization and components, or the
//! same error; written into a buffer, the same serialization), under the
//! URL Standard and its transitional variant, in UTF-8 and in the
//! encoding the input picks; every URL holds its
//! invariants.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urlprism::whatwg::Whatwg;

fuzz_target!(|data: &[u8]| {
    let (base, input) = urlprism_fuzz::split(data);
    let picked = urlprism_fuzz::pick_encoding(data);
    for w in [Whatwg::new(), Whatwg::transitional()] {
        for encoding in [encoding_rs::UTF_8, picked] {
            let fast = w.canonicalize_url(&input, base.as_deref(), encoding);
            let parser = w.canonicalize_by_the_parser(&input, base.as_deref(), encoding);
            assert_eq!(fast, parser, "{input:?} against {base:?}");
            let mut out = String::from("http://left.over/");
            let to = w.canonicalize_to(&input, base.as_deref(), encoding, &mut out);
            assert_eq!(to.map(|()| out.as_str()), fast.as_ref().map(|u| u.as_str()).map_err(Clone::clone));
            if fast.is_err() {
                assert_eq!(out, "");
            }
            if let (Ok(fast), Ok(parser)) = (fast, parser) {
                assert_eq!(fast.to_parsed_url(), parser.to_parsed_url());
                if let Err(e) = fast.check_invariants() {
                    panic!("{input:?} against {base:?}: {e}");
                }
            }
        }
    }
});
