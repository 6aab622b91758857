//! The `urlcanon` family: IIPC's `urlcanon` 0.3.1 (PyPI; iipc/urlcanon),
//! its parse of a URL (`urlcanon/parse.py`), its step functions
//! (`urlcanon/canon.py`) and its output forms (`bytes(url)`, `surt()`,
//! `ssurt()`), octet for octet.
//!
//! The five canonicalizers of `canon.py` (`whatwg`, `google`,
//! `semantic_precise`, `semantic`, `aggressive`) run their steps in
//! different orders.  The family's running order below holds each of
//! their lists as a subsequence: a step that one canonicalizer runs
//! elsewhere than another appears twice, under a second name
//! (`fix_backslashes_early` is `fix_backslashes` where `google` runs it,
//! `alpha_reorder_query_again` is `aggressive`'s second sort), and each
//! canonicalizer is a kind (`keys/urlcanon-*.toml`) turning on its own.
//!
//! Four steps, off in the reference's kinds, fix its known faults (each
//! titled "fix: ...", placed after the step whose working it changes, and
//! noted by `--json` where it changed a result): `default_scheme_http`
//! reading the authority from the path, IPv4 parts read by Python's
//! `int()`, the SSURT of the address 0, and session parameters in a row.
//! The `-fixed` kinds turn them on.
//!
//! ```
//! let key = urlprism::keys::builtin("urlcanon-semantic").unwrap();
//! assert_eq!(key.make_str("HTTP://www.Example.com:80/a/../b?z=1&a=2#f").unwrap(), "http://www.example.com/b?a=2&z=1");
//! ```

mod form;
mod idna;
mod idna_tables;
mod ipv4;
mod parse;
mod steps;

use super::{Applied, Family, KeyError, Step, Switches};
use crate::keys::step::step;
use std::cell::RefCell;
use steps::{Fixes, StepFn, Work};

/// The steps, in running order, and the function of each (the defaults
/// are the `whatwg` canonicalizer's steps).
static TABLE: &[(Step, StepFn)] = &[
    (step("remove_leading_trailing_junk", "Remove leading and trailing C0 controls and spaces", "urlcanon/canon.py remove_leading_trailing_junk", true, (" http://a/ ", "http://a/")), steps::remove_leading_trailing_junk),
    (step("default_scheme_http", "No scheme: add `http:` and read the rest again as a special URL's", "urlcanon/canon.py default_scheme_http", false, ("example.com/a", "http://example.com/a")), steps::default_scheme_http),
    (step("default_scheme_http_keeps_authority", "fix: `default_scheme_http` reads the slashes and authority again with the path (the reference reads the authority from the path: `//example.com/a` is `http://a/`)", "urlcanon/canon.py default_scheme_http (parse_pathish of url.path)", false, ("//example.com/a", "http://example.com/a")), steps::keeps_authority_made),
    (step("remove_tabs_and_newlines", "Remove tabs, line feeds and carriage returns from every component", "urlcanon/canon.py remove_tabs_and_newlines", true, ("ht\ttp://a\n/", "http://a/")), steps::remove_tabs_and_newlines),
    (step("lowercase_scheme", "Lowercase the scheme", "urlcanon/canon.py lowercase_scheme", true, ("HTTP://a/", "http://a/")), steps::lowercase_scheme),
    (step("fix_backslashes_early", "fix_backslashes where `google` runs it (before the path is encoded)", "urlcanon/canon.py fix_backslashes", false, ("http:\\\\a\\b", "http://a/b")), steps::fix_backslashes),
    (step("pct_encode_path_early", "pct_encode_path where `google` runs it (before the port and user information are cleaned up)", "urlcanon/canon.py pct_encode_path", false, ("http://a/a b", "http://a/a%20b")), steps::pct_encode_path),
    (step("empty_path_to_slash_early", "empty_path_to_slash where `google` runs it (before the default port and an empty `@` go)", "urlcanon/canon.py empty_path_to_slash", false, ("http://:80", "http://:80/")), steps::empty_path_to_slash),
    (step("elide_default_port", "Remove the special scheme's default port", "urlcanon/canon.py elide_default_port", true, ("http://a:80/", "http://a/")), steps::elide_default_port),
    (step("clean_up_userinfo", "Remove an empty password's `:` and an empty user information's `@`", "urlcanon/canon.py clean_up_userinfo", true, ("http://u:@a/", "http://u@a/")), steps::clean_up_userinfo),
    (step("two_slashes", "Exactly `//` after the scheme where there are slashes, an authority or the `file` scheme", "urlcanon/canon.py two_slashes", true, ("http:/a/", "http://a/")), steps::two_slashes),
    (step("pct_decode_host", "Percent-decode a special URL's host once", "urlcanon/canon.py pct_decode_host", true, ("http://%41.com/", "http://A.com/")), steps::pct_decode_host),
    (step("pct_decode_repeatedly_except_query", "Percent-decode every component but the query until no escape is left", "urlcanon/canon.py pct_decode_repeatedly_except_query", false, ("http://a/%2541?%2541", "http://a/A?%2541")), steps::pct_decode_repeatedly_except_query),
    (step("reparse_host", "Read the host again as an IP address", "urlcanon/canon.py reparse_host", true, ("http://0x7f.1/", "http://0x7f.1/")), steps::reparse_host),
    (step("normalize_ip_address", "Write the IP address the host reads as canonically", "urlcanon/canon.py normalize_ip_address", true, ("http://0x7f.1/", "http://127.0.0.1/")), steps::normalize_ip_address),
    (step("ipv4_parts_digits_only", "fix: each part of an IPv4 host is digits only after its `0x` or `0`, in every reading of the host (the reference takes Python `int()`'s signs, spaces and underscores: `http://1.-1.0.0/` is `http://0.255.0.0/`)", "urlcanon/parse.py parse_ipv4 (_parse_num)", false, ("http://1.-1.0.0/", "http://1.-1.0.0/")), steps::ipv4_digits_only_made),
    (step("fix_host_dots", "Remove leading and trailing dots of the host, collapse runs of dots", "urlcanon/canon.py fix_host_dots", false, ("http://..a...b../", "http://a.b/")), steps::fix_host_dots),
    (step("punycode_special_host", "A special URL's host to ASCII by `idna` (UTS #46, IDNA 2008), or else IDNA 2003", "urlcanon/canon.py punycode_special_host", true, ("http://Bücher.example/", "http://xn--bcher-kva.example/")), steps::punycode_special_host),
    (step("remove_userinfo", "Remove the user information", "urlcanon/canon.py remove_userinfo", false, ("http://u:p@a/", "http://a/")), steps::remove_userinfo),
    (step("pct_encode_host", "Percent-encode controls, space and non-ASCII octets of the host", "urlcanon/canon.py pct_encode_host", true, ("http://a b/", "http://a%20b/")), steps::pct_encode_host),
    (step("less_dumb_pct_encode", "Percent-encode controls, space, non-ASCII, `#` and `%` (and `:@` in the user information, `?` in the path)", "urlcanon/canon.py less_dumb_pct_encode", false, ("http://a/%/?", "http://a/%25/%3F")), steps::less_dumb_pct_encode),
    (step("less_dumb_pct_recode_query", "Decode each query name and value, then encode `&`, `=`, `#`, `%`, controls, space and non-ASCII", "urlcanon/canon.py less_dumb_pct_recode_query", false, ("http://a/?a=b=c&d=%41", "http://a/?a=b%3Dc&d=A")), steps::less_dumb_pct_recode_query),
    (step("fix_backslashes", "A special URL's slashes all `/`, its path's `\\` made `/`", "urlcanon/canon.py fix_backslashes", true, ("http:\\\\a\\b", "http://a/b")), steps::fix_backslashes),
    (step("pct_encode_path", "Percent-encode the path (path set where it starts with `/` or the scheme is special, C0 set otherwise)", "urlcanon/canon.py pct_encode_path", true, ("http://a/a b", "http://a/a%20b")), steps::pct_encode_path),
    (step("leading_slash", "A special URL's path starts with `/`", "urlcanon/canon.py leading_slash", true, ("http:a", "http:/a")), steps::leading_slash),
    (step("two_slashes_late", "two_slashes where `google` runs it (after the path is made to start with `/`)", "urlcanon/canon.py two_slashes", false, ("http:/a/", "http://a/")), steps::two_slashes),
    (step("pct_decode_repeatedly", "Percent-decode every component until no escape is left", "urlcanon/canon.py pct_decode_repeatedly", false, ("http://a/%2541?%2541", "http://a/A?A")), steps::pct_decode_repeatedly),
    (step("normalize_path_dots", "Resolve `.` and `..` segments (also `%2e`) of a path that starts with a slash", "urlcanon/canon.py normalize_path_dots", true, ("http://a/b/../c/./d", "http://a/c/d")), steps::normalize_path_dots),
    (step("fix_host_dots_late", "fix_host_dots where `google` runs it (after percent-decoding)", "urlcanon/canon.py fix_host_dots", false, ("http://..a...b../", "http://a.b/")), steps::fix_host_dots),
    (step("collapse_consecutive_slashes", "Collapse runs of `/` in a special URL's path", "urlcanon/canon.py collapse_consecutive_slashes", false, ("http://a//b///c", "http://a/b/c")), steps::collapse_consecutive_slashes),
    (step("empty_path_to_slash", "A special URL with an authority and an empty path gets `/`", "urlcanon/canon.py empty_path_to_slash", true, ("http://a", "http://a/")), steps::empty_path_to_slash),
    (step("alpha_reorder_query", "Sort the query's parameters by their octets", "urlcanon/canon.py alpha_reorder_query", false, ("http://a/?b=1&a=2", "http://a/?a=2&b=1")), steps::alpha_reorder_query),
    (step("remove_fragment", "Remove the fragment and its `#`", "urlcanon/canon.py remove_fragment", false, ("http://a/#f", "http://a/")), steps::remove_fragment),
    (step("https_to_http", "`https:` becomes `http:`", "urlcanon/canon.py https_to_http", false, ("https://a/", "http://a/")), steps::https_to_http),
    (step("strip_www", "Remove a leading `www.`, `www2.`, ... of the host", "urlcanon/canon.py strip_www", false, ("http://www2.a.com/", "http://a.com/")), steps::strip_www),
    (step("lowercase_path", "Lowercase the path (ASCII)", "urlcanon/canon.py lowercase_path", false, ("http://a/A/B", "http://a/a/b")), steps::lowercase_path),
    (step("lowercase_query", "Lowercase the query (ASCII)", "urlcanon/canon.py lowercase_query", false, ("http://a/?A=B", "http://a/?a=b")), steps::lowercase_query),
    (step("strip_session_ids_from_query", "Remove session parameters (jsessionid, sessionid, phpsessid, sid, aspsessionid, cfid and cftoken) from the query", "urlcanon/canon.py strip_session_ids_from_query", false, ("http://a/?x=1&sid=0123456789abcdef&y=2", "http://a/?x=1&y=2")), steps::strip_session_ids_from_query),
    (step("strip_session_ids_in_a_row", "fix: `strip_session_ids_from_query` removes session parameters in a row too (the reference removes the first of two: `http://a/?x=1&sid=0123456789abcdef&sid=0123456789abcdef&y=2` is `http://a/?sid=0123456789abcdef&x=1&y=2`)", "urlcanon/canon.py strip_session_ids_from_query (QUERY_SESSIONID_RE)", false, ("http://a/?x=1&sid=0123456789abcdef&sid=0123456789abcdef&y=2", "http://a/?x=1&y=2")), steps::session_ids_in_a_row_made),
    (step("strip_session_ids_from_path", "Remove ASP.NET session segments of an `.aspx` path and a final `;jsessionid=`", "urlcanon/canon.py strip_session_ids_from_path", false, ("http://a/b;jsessionid=0123456789abcdef0123456789abcdef", "http://a/b")), steps::strip_session_ids_from_path),
    (step("strip_trailing_slash_unless_empty", "Remove a trailing `/` of a path other than `/`", "urlcanon/canon.py strip_trailing_slash_unless_empty", false, ("http://a/b/", "http://a/b")), steps::strip_trailing_slash_unless_empty),
    (step("remove_redundant_ampersands_from_query", "Remove leading and trailing `&` of the query, collapse runs of `&`", "urlcanon/canon.py remove_redundant_ampersands_from_query", false, ("http://a/?&a&&b&", "http://a/?a&b")), steps::remove_redundant_ampersands_from_query),
    (step("omit_question_mark_if_query_empty", "Remove the `?` of an empty query", "urlcanon/canon.py omit_question_mark_if_query_empty", false, ("http://a/?", "http://a/")), steps::omit_question_mark_if_query_empty),
    (step("alpha_reorder_query_again", "alpha_reorder_query where `aggressive` runs it a second time (after lowercasing)", "urlcanon/canon.py alpha_reorder_query", false, ("http://a/?b=1&a=2", "http://a/?a=2&b=1")), steps::alpha_reorder_query),
    (step("pct_encode_userinfo", "Percent-encode the user name and password (userinfo set)", "urlcanon/canon.py pct_encode_userinfo", true, ("http://a b@c/", "http://a%20b@c/")), steps::pct_encode_userinfo),
    (step("pct_encode_query", "Percent-encode the query (query set)", "urlcanon/canon.py pct_encode_query", true, ("http://a/?a b", "http://a/?a%20b")), steps::pct_encode_query),
    (step("pct_encode_fragment", "Percent-encode the fragment (C0 controls and non-ASCII)", "urlcanon/canon.py pct_encode_fragment", true, ("http://a/#é", "http://a/#%C3%A9")), steps::pct_encode_fragment),
    (step("punycode_special_host_late", "punycode_special_host where `google` runs it (after percent-decoding)", "urlcanon/canon.py punycode_special_host", false, ("http://Bücher.example/", "http://xn--bcher-kva.example/")), steps::punycode_special_host),
    (step("reparse_host_late", "reparse_host where `google` runs it (after the host is decoded)", "urlcanon/canon.py reparse_host", false, ("http://0x7f.1/", "http://0x7f.1/")), steps::reparse_host),
    (step("normalize_ip_address_late", "normalize_ip_address where `google` runs it (after the host is decoded)", "urlcanon/canon.py normalize_ip_address", false, ("http://0x7f.1/", "http://127.0.0.1/")), steps::normalize_ip_address),
    (step("google_pct_encode", "Percent-encode controls, space, non-ASCII, `#` and `%` in every component", "urlcanon/canon.py google_pct_encode", false, ("http://a/%/é", "http://a/%25/%C3%A9")), steps::google_pct_encode),
    (step("surt_form", "Write the SURT form instead of the URL", "urlcanon/parse.py ParsedUrl.surt", false, ("http://u@a.b:8/p", "http://(b,a,:8)/p")), steps::form),
    (step("ssurt_form", "Write the SSURT form instead of the URL (wins over surt_form)", "urlcanon/parse.py ParsedUrl.ssurt", false, ("http://u@a.b:8/p", "b,a,//8:http@u:/p")), steps::form),
    (step("ssurt_host_keeps_zero", "fix: the IPv4 address 0 stays as it is in the SSURT and SURT forms (the reference tests `parse_ipv4` for truth: `http://0.0.0.0/` is `0,0,0,0,//http:/`)", "urlcanon/__init__.py ssurt_host", false, ("http://0.0.0.0/", "0.0.0.0//http:/")), steps::ssurt_keeps_zero_made),
    (step("with_scheme", "In the SURT form, the scheme, slashes and `(` before the host", "urlcanon/parse.py ParsedUrl.surt with_scheme", true, ("http://a.b/", "http://(b,a,)/")), steps::form),
    (step("trailing_comma", "In the SURT and SSURT forms, a comma after the reversed host", "urlcanon/__init__.py reverse_host trailing_comma", true, ("http://a.b/", "http://(b,a,)/")), steps::form),
];

const N: usize = TABLE.len();

static STEPS: [Step; N] = {
    let mut s = [TABLE[0].0; N];
    let mut i = 0;
    while i < N {
        s[i] = TABLE[i].0;
        i += 1;
    }
    s
};

const fn index(name: &str) -> usize {
    let mut i = 0;
    while i < N {
        let a = TABLE[i].0.name.as_bytes();
        let b = name.as_bytes();
        if a.len() == b.len() {
            let mut j = 0;
            while j < a.len() && a[j] == b[j] {
                j += 1;
            }
            if j == a.len() {
                return i;
            }
        }
        i += 1;
    }
    panic!("no such step")
}

const SURT_FORM: usize = index("surt_form");
const SSURT_FORM: usize = index("ssurt_form");
const WITH_SCHEME: usize = index("with_scheme");
const TRAILING_COMMA: usize = index("trailing_comma");
const KEEPS_AUTHORITY: usize = index("default_scheme_http_keeps_authority");
const IPV4_DIGITS_ONLY: usize = index("ipv4_parts_digits_only");
const SSURT_KEEPS_ZERO: usize = index("ssurt_host_keeps_zero");
const SESSION_IDS_IN_A_ROW: usize = index("strip_session_ids_in_a_row");

/// The `urlcanon` family.
pub static FAMILY: Family = Family {
    name: "urlcanon",
    reference: "urlcanon 0.3.1 (PyPI; iipc/urlcanon)",
    steps: &STEPS,
    make,
    expressions: None,
};

thread_local! {
    static SCRATCH: RefCell<(parse::Url, Work)> = RefCell::default();
}

fn make(
    input: &[u8],
    on: Switches,
    applied: &mut Applied,
    out: &mut Vec<u8>,
) -> Result<(), KeyError> {
    SCRATCH.with(|cell| {
        let mut guard = cell.borrow_mut();
        let (url, work) = &mut *guard;
        let fixes = Fixes {
            keeps_authority: on.on(KEEPS_AUTHORITY),
            ipv4_digits_only: on.on(IPV4_DIGITS_ONLY),
            ssurt_keeps_zero: on.on(SSURT_KEEPS_ZERO),
            session_ids_in_a_row: on.on(SESSION_IDS_IN_A_ROW),
        };
        work.fixes = fixes;
        work.made = Fixes::default();
        url.ipv4_digits_only = fixes.ipv4_digits_only;
        parse::parse_url(input, url);
        for (i, (step, run)) in TABLE.iter().enumerate() {
            if on.on(i) && run(url, work)? {
                applied.note(step.name);
            }
        }
        let trailing_comma = on.on(TRAILING_COMMA);
        let made = &mut work.made;
        if on.on(SSURT_FORM) {
            form::ssurt(url, trailing_comma, (fixes, made), out);
        } else if on.on(SURT_FORM) {
            form::surt(url, trailing_comma, on.on(WITH_SCHEME), (fixes, made), out);
        } else {
            url.write(out);
        }
        // A fix that changed a result after its own place (in the form,
        // or in a step that runs again later) is noted last, once.
        for (index, made) in [
            (KEEPS_AUTHORITY, made.keeps_authority),
            (IPV4_DIGITS_ONLY, made.ipv4_digits_only),
            (SSURT_KEEPS_ZERO, made.ssurt_keeps_zero),
            (SESSION_IDS_IN_A_ROW, made.session_ids_in_a_row),
        ] {
            let name = TABLE[index].0.name;
            if made && !applied.steps().contains(&name) {
                applied.note(name);
            }
        }
        Ok(())
    })
}
