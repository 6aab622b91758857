//! Percent-encoding and percent-decoding.
//!
//! Everything about `%XX` lives here: the specification's "steps to
//! percent-encode a string" ([`percent_encode`]), the octet sets the
//! canonicalization steps pass to it ([`USERINFO_SET`], [`PATH_SET`],
//! [`OPAQUE_PATH_SET`], [`QUERY_SET`], [`FRAGMENT_SET`],
//! [`FRAGMENT_C1_SET`]), and the decoding helpers the canonicalizer and the
//! host pipeline need ([`decode_unreserved`], [`percent_decode_bytes`],
//! [`percent_decode_utf8`], [`decode_utf8_lossy`], [`percent_decode_latin1`],
//! [`percent_decode_selected`], [`has_bad_escape`]).
//!
//! Every function is linear in the length of its input and never panics.
//!
//! # The `0x2D (,)` typo
//!
//! The specification lists "0x2D (,)" among the octets that the user,
//! password, path and query steps do *not* encode.  0x2D is `-` (already
//! unreserved); the comma is 0x2C.  The suite settles it: `http://x:a,b@foo/`
//! keeps its password `a,b`, `mailto:addr1, addr2` becomes
//! `mailto:addr1,%20addr2`, `?a,b` stays `?a,b`.  The sets below therefore
//! leave both 0x2C and 0x2D unencoded.
//!
//! # `?` in the query
//!
//! The query step's list of unencoded octets omits 0x3F (`?`), but the suite
//! expects `http://example.com/?a?b` to keep its `?` (and the ISO-2022-JP
//! record keeps the `?` that replaces an unrepresentable character), so
//! [`QUERY_SET`] leaves `?` unencoded.

mod decode;
mod encode;
pub mod url_standard;
pub(crate) mod windows;

pub use decode::*;
pub use encode::*;

/// Where the conformance suite is, for the unit tests of
/// this module and of [`crate::ipv4`] / [`crate::ipv6`].
#[cfg(test)]
pub(crate) mod suite_reader {
    use std::path::PathBuf;

    /// The suite directory: the copy vendored in the repository (the
    /// files these tests read are all there).
    pub fn suite_dir() -> Option<PathBuf> {
        Some(crate::test_suite::vendored_dir())
    }

    /// Reads the records of `file` in the suite directory, with the
    /// crate's suite reader.
    pub fn read(file: &str) -> Option<Vec<crate::conformance::Record>> {
        let path = suite_dir()?.join(file);
        Some(crate::conformance::read_suite_file(&path).unwrap_or_else(|e| panic!("{e}")))
    }

    /// The records of `file` whose input is an `http://` URL with an
    /// expected `#host`: `(input, host as written, expected host)`.
    pub fn http_hosts(file: &str) -> Option<Vec<(String, String, String)>> {
        let records = read(file)?;
        let hosts = records.iter().filter_map(|r| {
            let (data, host) = (r.get("data")?, r.get("host")?);
            let raw = data.strip_prefix("http://")?.split('/').next()?;
            Some((data.to_string(), raw.to_string(), host.to_string()))
        });
        Some(hosts.collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile::HexCase;
    use crate::text::octets::OctetSet;
    use encode::table_of;
    use encoding_rs::{Encoding, UTF_8};
    use encoding_rs::{
        EUC_JP, ISO_2022_JP, REPLACEMENT, SHIFT_JIS, UTF_16BE, UTF_16LE, WINDOWS_1252,
    };
    use std::borrow::Cow;

    fn enc(s: &str, e: &'static Encoding, set: &OctetSet) -> String {
        percent_encoded(s, e, set, HexCase::Upper)
    }

    #[test]
    fn ascii_and_hex_case() {
        assert_eq!(enc("a b<c>", UTF_8, &QUERY_SET), "a%20b%3Cc%3E");
        assert_eq!(
            percent_encoded("\u{7F}^", UTF_8, &PATH_SET, HexCase::Lower),
            "%7f%5e"
        );
        assert_eq!(enc("", UTF_8, &OctetSet::ALL), "");
        assert_eq!(enc("abc", UTF_8, &OctetSet::ALL), "%61%62%63");
        assert_eq!(enc("abc", UTF_8, &OctetSet::EMPTY), "abc");
    }

    #[test]
    fn sets_match_the_spec() {
        for b in 0u16..256 {
            let b = b as u8;
            let unres = b.is_ascii_alphanumeric() || b"-._~".contains(&b);
            assert_eq!(is_unreserved(b), unres, "{b:#x}");
            assert_eq!(
                USERINFO_SET.contains(b),
                !(unres || b"!$%&'()*+,".contains(&b)),
                "{b:#x}"
            );
            assert_eq!(
                PATH_SET.contains(b),
                !(unres || b"!#$%&'()*+,/:;=@[]".contains(&b)),
                "{b:#x}"
            );
            assert_eq!(
                QUERY_SET.contains(b),
                !(unres || b"!#$%&'()*+,/:;=?@[]\\^`{|}".contains(&b)),
                "{b:#x}"
            );
            assert_eq!(OPAQUE_PATH_SET.contains(b), !(0x20..0x7F).contains(&b));
            assert_eq!(FRAGMENT_SET.contains(b), b < 0x20 || b == 0x7F);
        }
    }

    #[test]
    fn utf8_non_ascii() {
        assert_eq!(enc("a一b", UTF_8, &QUERY_SET), "a%E4%B8%80b");
        assert_eq!(enc("\u{103FF}", UTF_8, &PATH_SET), "%F0%90%8F%BF");
        // Only some octets of a character in the set: the rest decode to U+FFFD.
        let only_80 = OctetSet::EMPTY.with(0x80);
        assert_eq!(enc("一", UTF_8, &only_80), "\u{FFFD}%80");
        let only_e4 = OctetSet::EMPTY.with(0xE4);
        assert_eq!(enc("一x", UTF_8, &only_e4), "%E4\u{FFFD}\u{FFFD}x");
        // Non-ASCII kept when no octet is in the set.
        assert_eq!(enc("é\u{A0}", UTF_8, &FRAGMENT_SET), "é\u{A0}");
    }

    #[test]
    fn legacy_encodings() {
        assert_eq!(enc("一丁", SHIFT_JIS, &QUERY_SET), "%88%EA%92%9A");
        assert_eq!(enc("一丁", EUC_JP, &QUERY_SET), "%B0%EC%C3%FA");
        assert_eq!(enc("က", EUC_JP, &QUERY_SET), "?");
        assert_eq!(enc("a€é", WINDOWS_1252, &QUERY_SET), "a%80%E9");
        assert_eq!(enc("a一b", WINDOWS_1252, &QUERY_SET), "a?b");
        // Unencoded non-ASCII octets decode back to the characters.
        assert_eq!(enc("a€é", WINDOWS_1252, &OctetSet::EMPTY), "a€é");
        assert_eq!(enc("一", SHIFT_JIS, &OctetSet::EMPTY), "一");
        // ASCII fast path in a legacy encoding.
        assert_eq!(enc("a b", SHIFT_JIS, &QUERY_SET), "a%20b");
    }

    #[test]
    fn non_ascii_compatible_encodings_become_utf8() {
        for e in [UTF_16LE, UTF_16BE, REPLACEMENT] {
            assert_eq!(enc("一丁", e, &QUERY_SET), "%E4%B8%80%E4%B8%81");
            assert_eq!(enc("abcdef", e, &QUERY_SET), "abcdef");
        }
    }

    #[test]
    fn iso_2022_jp_is_used_as_it_is() {
        // Suite decomps-charsets.dat.
        assert_eq!(enc("一丁", ISO_2022_JP, &QUERY_SET), "%1B$B0lCz%1B(B");
        assert_eq!(
            enc("一က丁", ISO_2022_JP, &QUERY_SET),
            "%1B$B0l%1B(B?%1B$BCz%1B(B"
        );
        assert_eq!(enc("abc", ISO_2022_JP, &QUERY_SET), "abc");
        // ESC cannot be encoded in the ASCII state: `?`.
        assert_eq!(enc("a\u{1B}b", ISO_2022_JP, &QUERY_SET), "a?b");
        // Unescaped, the escape sequences decode back to the characters.
        assert_eq!(enc("一丁", ISO_2022_JP, &OctetSet::EMPTY), "一丁");
    }

    #[test]
    fn fragment() {
        let mut out = String::new();
        percent_encode_fragment(
            "a\u{0}\u{7F}\u{80}\u{9F}\u{A0}\u{FFFD}#x",
            HexCase::Upper,
            &mut out,
        );
        assert_eq!(out, "a%00%7F%C2%80%C2%9F\u{A0}\u{FFFD}#x");
        out.clear();
        percent_encode_fragment("plain", HexCase::Upper, &mut out);
        assert_eq!(out, "plain");
    }

    #[test]
    fn decoding() {
        assert_eq!(&*percent_decode_bytes("%"), b"%");
        assert_eq!(&*percent_decode_bytes("%%41"), b"%A");
        assert_eq!(&*percent_decode_bytes("%4%41"), b"%4A");
        assert_eq!(&*percent_decode_bytes("%C3%a9"), "é".as_bytes());
        assert!(matches!(percent_decode_bytes("abc%zz"), Cow::Borrowed(_)));
        assert_eq!(percent_decode_utf8("%ff%41"), "\u{FFFD}A");
        assert_eq!(percent_decode_utf8("%F0%90%8C"), "\u{FFFD}");
        assert_eq!(percent_decode_utf8("%ED%A0%80"), "\u{FFFD}\u{FFFD}\u{FFFD}");
        assert_eq!(percent_decode_utf8("一%E4%B8%80"), "一一");
        assert!(matches!(percent_decode_utf8("plain"), Cow::Borrowed(_)));
        assert_eq!(
            decode_unreserved("%41%2D%2e%5F%7E%7e%20%25%2F"),
            "A-._~~%20%25%2F"
        );
        assert_eq!(decode_unreserved("%%41%"), "%A%");
        assert!(matches!(decode_unreserved("%2F%zz"), Cow::Borrowed(_)));
        assert_eq!(percent_decode_selected("%C3%41", &OctetSet::ALL), "%C3A");
        assert_eq!(percent_decode_latin1("%41%ff"), "A\u{FF}");
        assert!(!has_bad_escape("") && has_bad_escape("%") && !has_bad_escape("%2a"));
    }

    #[test]
    fn tables_agree_with_the_sets() {
        // Octet by octet, as the specification's step 7 reads: the table
        // scans and the octet-by-octet loop give the same escapes.
        fn reference(s: &str, octets: &OctetSet) -> String {
            let mut out = Vec::new();
            for &b in s.as_bytes() {
                if octets.contains(b) {
                    out.extend_from_slice(format!("%{b:02X}").as_bytes());
                } else {
                    out.push(b);
                }
            }
            String::from_utf8_lossy(&out).into_owned()
        }
        let other = OctetSet::EMPTY.with_range(0x80, 0xFF).with(b'a');
        for set in [
            &PATH_SET,
            &QUERY_SET,
            &USERINFO_SET,
            &OPAQUE_PATH_SET,
            &other,
        ] {
            for b in 0..=255u8 {
                assert_eq!(
                    table_of(set).is_some_and(|t| t[b as usize]),
                    table_of(set).is_some() && set.contains(b)
                );
            }
            for s in [
                "",
                "/abcdefgh/ijklmnop",
                "/a b/é/一/💩 x\u{7F}\t",
                "/статьи/новости?q=1#f",
                "ééééééééé a",
            ] {
                let got = percent_encode_cow(s, UTF_8, set, HexCase::Upper);
                assert_eq!(got, reference(s, set), "{s:?}");
            }
        }
    }

    #[test]
    fn linear_on_huge_input() {
        // 100,000 units of escapes, non-ASCII and decodable escapes at the
        // large size (1.1 MB).
        let input = |n: usize| "%".repeat(2 * n) + &"é".repeat(n) + &"%41".repeat(n);
        for (e, name) in [
            (UTF_8, "UTF-8"),
            (SHIFT_JIS, "Shift_JIS"),
            (ISO_2022_JP, "ISO-2022-JP"),
        ] {
            crate::linear_time::assert_linear(
                &format!("percent-encoding in {name}"),
                10_000,
                |n| {
                    let _ = percent_encoded(&input(n), e, &QUERY_SET, HexCase::Upper);
                },
            );
        }
        crate::linear_time::assert_linear("decode_unreserved", 10_000, |n| {
            let _ = decode_unreserved(&input(n));
        });
        crate::linear_time::assert_linear("percent_decode_utf8", 10_000, |n| {
            let _ = percent_decode_utf8(&input(n));
        });
        crate::linear_time::assert_linear("percent_decode_latin1", 10_000, |n| {
            let _ = percent_decode_latin1(&input(n));
        });
        crate::linear_time::assert_linear("has_bad_escape", 10_000, |n| {
            assert!(!has_bad_escape(&"%41".repeat(n)));
        });
    }

    proptest::proptest! {
        #[test]
        fn encoding_round_trips(s in "\\PC{0,40}", e in 0usize..5) {
            let e = [UTF_8, SHIFT_JIS, EUC_JP, WINDOWS_1252, ISO_2022_JP][e];
            let set = QUERY_SET.with(b'%');
            let out = enc(&s, e, &set);
            proptest::prop_assert!(out.is_ascii());
            if e == UTF_8 {
                let decoded = percent_decode_bytes(&out);
                proptest::prop_assert_eq!(&*decoded, s.as_bytes());
            }
            let _ = percent_encoded(&s, e, &OctetSet::EMPTY.with(0xE4), HexCase::Lower);
            for set in [QUERY_SET, PATH_SET, OPAQUE_PATH_SET, USERINFO_SET, OctetSet::EMPTY.with(0xE4)] {
                proptest::prop_assert_eq!(
                    percent_encode_cow(&s, e, &set, HexCase::Upper),
                    enc(&s, e, &set)
                );
            }
            let _ = (decode_unreserved(&s), percent_decode_utf8(&s), percent_decode_latin1(&s), has_bad_escape(&s));
        }
    }

    /// The query records of decomps-charsets.dat and decomps-query.dat whose
    /// raw query needs no preprocessing: the query step alone must give the
    /// expected `#query`.
    #[test]
    fn suite_queries() {
        let mut checked = 0;
        for file in ["decomps-charsets.dat", "decomps-query.dat"] {
            let Some(records) = suite_reader::read(file) else {
                return;
            };
            for r in records {
                let (Some(data), Some(expected)) = (r.get("data"), r.get("query")) else {
                    continue;
                };
                if r.get("base").is_some() || r.flag("invalid") {
                    continue;
                }
                let Some(rest) = data
                    .strip_prefix("http://")
                    .or_else(|| data.strip_prefix("https://"))
                else {
                    continue;
                };
                let Some((_, raw)) = rest.split_once('?') else {
                    continue;
                };
                let needs_preprocessing = raw.chars().any(|c| {
                    matches!(c, '#' | '\t' | '\n' | '\r' | '\u{FDD0}'..='\u{FDEF}')
                        || (c as u32 & 0xFFFE) == 0xFFFE
                });
                if needs_preprocessing {
                    continue;
                }
                let label = r.get("charset").unwrap_or("utf-8");
                let e = Encoding::for_label(label.as_bytes()).unwrap_or(UTF_8);
                assert_eq!(&enc(raw, e, &QUERY_SET), expected, "{data:?} in {label}");
                checked += 1;
            }
        }
        assert!(checked > 100, "only {checked} records checked");
    }
}
