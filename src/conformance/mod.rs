//! Reading and running the conformance suite format of `tests-web-url`
//! (see `conformance/README.md` of the shared suite).
//!
//! # Reading
//!
//! [`parse_suite`] turns the text of a `.dat` file into [`Record`]s;
//! [`read_suite_file`] does the same for a file.  Errors name the file and
//! the line.
//!
//! - A record starts at a `#data` field line.  Every line starting with `#`
//!   opens a field `#name [option ...]`; the name is the run of ASCII
//!   letters, digits, `-` and `_` after `#`, and the rest of the line is
//!   split on white space into options (so the misspelt `#data:` of the
//!   suite is a `data` field with the option `:`).
//! - The block value of a field is its following lines up to the next field
//!   line, joined with LF.  For `#data` and `#path`, a leading `| ` is removed
//!   from each value line.
//! - When the last option is `escaped`, it is dropped and `\uXXXX` /
//!   `\UXXXXXXXX` escapes are decoded; a surrogate pair is one code point; a
//!   lone surrogate or a value above U+10FFFF becomes U+FFFD.
//! - The value is the block value if non-empty, else the first option, else
//!   the empty string.
//! - Blank lines followed by a field line (or the end of the file) end the
//!   record; blank lines followed by any other line belong to the current
//!   value.
//!
//! # Running
//!
//! [`run_record`] runs one record under one profile, as the suite README
//! says: `parsing.dat` checks the parse step, `resolving.dat` the
//! resolution step, and every other file the whole pipeline (resolve,
//! canonicalize with the record's `#charset`, serialize).  Overrides named
//! after the profile (`<name>-canon`, `<name>-host`, `<name>-invalid`,
//! `<name>-not-invalid`) are applied first.  Under the profile named `this`
//! the pipeline is also checked for idempotency.
//!
//! A panic in the engine is caught and counted as a failure (field
//! `panic`), so that a partly implemented engine can still be measured.
//! [`run_suite`] runs many files under many profiles on all CPUs.

//!
//! The reader is always built; the runner needs the `suite` feature (on
//! by default, with the command-line tool), as does the panic catching it
//! runs records under (`text::panic`).

mod reader;
pub use reader::*;

#[cfg(feature = "suite")]
mod runner;
#[cfg(feature = "suite")]
pub use runner::*;

#[cfg(all(test, feature = "suite"))]
mod tests {
    use super::*;

    #[test]
    fn unescape_pairs_and_lone_surrogates() {
        assert_eq!(unescape(r"a\u0020b"), "a b");
        assert_eq!(unescape(r"\uD83D\uDE00"), "\u{1F600}");
        assert_eq!(unescape(r"\uD83Dx"), "\u{FFFD}x");
        assert_eq!(unescape(r"\uDE00"), "\u{FFFD}");
        assert_eq!(unescape(r"\U0001F600"), "\u{1F600}");
        assert_eq!(unescape(r"\U00110000"), "\u{FFFD}");
        assert_eq!(unescape(r"\uD83D\uD83D\uDE00"), "\u{FFFD}\u{1F600}");
        assert_eq!(unescape(r"\x\u12"), r"\x\u12");
        assert_eq!(unescape("é\\u00e9"), "éé");
    }

    #[test]
    fn reads_fields_options_and_values() {
        let text = "#data\n| #foo\n#base http://x/\n#host \n#path\n| #p\n#ie-invalid \n#canon escaped\na\\u0020b\n\n#data:\nwss:a?b\n#scheme wss\n";
        let recs = parse_suite(text, "t.dat").unwrap();
        assert_eq!(recs.len(), 2);
        let r = &recs[0];
        assert_eq!(r.line, 1);
        assert_eq!(r.data(), "#foo");
        assert_eq!(r.base(), Some("http://x/"));
        assert_eq!(r.get("host"), Some(""));
        assert_eq!(r.get("path"), Some("#p"));
        assert_eq!(r.get("ie-invalid"), Some(""));
        assert!(!r.flag("ie-invalid"));
        assert_eq!(r.get("canon"), Some("a b"));
        assert!(r.field("canon").unwrap().escaped);
        assert_eq!(recs[1].line, 11);
        assert_eq!(recs[1].data(), "wss:a?b");
        assert_eq!(recs[1].get("scheme"), Some("wss"));
    }

    #[test]
    fn blank_lines_inside_values() {
        let text = "#data\na\n\nb\n#path\n\n\n#data\nc\n\n\n";
        let recs = parse_suite(text, "t.dat").unwrap();
        assert_eq!(recs.len(), 2);
        assert_eq!(recs[0].data(), "a\n\nb");
        assert_eq!(recs[0].get("path"), Some(""));
        assert_eq!(recs[1].data(), "c");
    }

    #[test]
    fn errors_name_file_and_line() {
        let e = parse_suite("#data\nx\n\n#host y\n", "f.dat").unwrap_err();
        assert_eq!(e.line, 4);
        assert!(e.to_string().starts_with("f.dat:4: "), "{e}");
        let e = parse_suite("stray\n#data\n", "g.dat").unwrap_err();
        assert_eq!(e.to_string().split(' ').next(), Some("g.dat:1:"));
        let e = parse_suite("#data\n# x\n", "h.dat").unwrap_err();
        assert_eq!(e.line, 2);
    }

    #[test]
    fn overrides_by_profile_name() {
        let text = "#data\nhttp://a/\n#invalid 1\n#host a\n#chrome-not-invalid 1\n#chrome-canon http://b/\n#gecko-host g\n#ie-invalid \n";
        let r = &parse_suite(text, "t").unwrap()[0];
        let e = Expectation::new(r, "this");
        assert!(e.invalid);
        assert_eq!(e.canon, None);
        let e = Expectation::new(r, "chrome");
        assert!(!e.invalid);
        assert_eq!(e.canon, Some("http://b/"));
        let e = Expectation::new(r, "gecko");
        assert!(e.invalid);
        assert_eq!(e.components[3], Some("g"));
        assert!(!Expectation::new(r, "ie").invalid);
        assert_eq!(Expectation::new(r, "chrome").displayed, None);
    }

    #[test]
    fn displayed_string_is_checked_where_the_profile_models_one() {
        // googleurl finds 0x12c0a80001 BROKEN (over 32 bits) and shows
        // the URL with the host it made.
        let record = |shown: &str| {
            let text = format!(
                "#data\nhttp://0X12C0a80001/x\n#invalid 1\n#chrome-invalid 1\n#chrome-canon {shown}\n"
            );
            parse_suite(&text, "t").unwrap().remove(0)
        };
        let chrome = crate::profile::builtin("chrome").unwrap();
        let r = record("http://0x12c0a80001/x");
        assert_eq!(
            Expectation::new(&r, "chrome").displayed,
            Some("http://0x12c0a80001/x")
        );
        assert!(run_record(FileKind::Pipeline, &r, chrome).is_pass());
        let r = record("http://18.192.168.0.1/x");
        match run_record(FileKind::Pipeline, &r, chrome) {
            Outcome::Fail(m) => {
                assert_eq!(m.len(), 1, "{m:?}");
                assert_eq!(m[0].field, "displayed");
                assert_eq!(m[0].actual, "\"http://0x12c0a80001/x\"");
            }
            Outcome::Pass => panic!("a displayed string other than the profile's passed"),
        }
        // A profile that shows no string for an invalid URL is not held to
        // the browser's.
        let this = crate::profile::this();
        let text = "#data\nhttp://a%zz/\n#invalid 1\n#this-invalid 1\n#this-canon http://a%zz/\n";
        let r = parse_suite(text, "t").unwrap().remove(0);
        assert!(run_record(FileKind::Pipeline, &r, this).is_pass());
    }

    proptest::proptest! {
        #[test]
        fn reader_never_panics(text in "[#dat| \\\\uUD8C0e\n\u{e9}\u{1F600}]{0,80}") {
            let _ = parse_suite(&text, "p.dat");
            let _ = unescape(&text);
        }
    }

    #[test]
    fn encodings() {
        let text = "#data\nx\n#charset euc-jp\n\n#data\ny\n#charset utf-7\n\n#data\nz\n";
        let recs = parse_suite(text, "t").unwrap();
        assert_eq!(record_encoding(&recs[0]), encoding_rs::EUC_JP);
        assert_eq!(record_encoding(&recs[1]), encoding_rs::UTF_8);
        assert_eq!(record_encoding(&recs[2]), encoding_rs::UTF_8);
    }
}
