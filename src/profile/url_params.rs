//! The parameters of the URL-level steps around the host pipelines that
//! model a browser beyond the specification (a profile file's
//! `[observed.url]` table), with the scheme types and port splits they name.

use serde::{Deserialize, Serialize};

/// Parameters of URL-level steps that model a browser beyond the
/// specification's marked steps (in `canonicalize.rs`).  Every field
/// defaults to the specification's behaviour, so a profile file names only
/// what it changes.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct UrlParams {
    /// Before CanonicalizeHost (next to preprocessing step 2, "replace
    /// noncharacters by U+FFFD"): the host keeps its noncharacters as
    /// written ([`crate::url::components::ParsedUrl::host_as_written`]) and the host
    /// pipeline decides about them; the path, query and fragment still get
    /// U+FFFD.  Models IE 9, whose host `a\u{FDD0}b` becomes `ab` (see
    /// [`ObservedNameprepParams::bmp_noncharacters_map_to_nothing`](
    /// super::ObservedNameprepParams::bmp_noncharacters_map_to_nothing)) while a
    /// written U+FFFD makes the host invalid.  Default: false (the
    /// specification: the host is preprocessed like the rest).
    pub host_keeps_noncharacters: bool,
    /// With `host_keeps_noncharacters`, next to preprocessing step 2: the
    /// host keeps every noncharacter but U+FFFE and U+FFFF, which still
    /// become U+FFFD.  Models Gecko 2011, whose host `a\u{FDD0}b` (and
    /// `a\u{1FFFE}b`) stays as written (Nameprep prohibits it, so the
    /// fallback keeps it) while `a\u{FFFE}b` becomes `a\u{FFFD}b`.  Default:
    /// false (every noncharacter is kept).
    pub host_replaces_fffe_ffff: bool,
    /// Where the port begins in the authority's host and port, as parsed
    /// (before CanonicalizeHost).  Default: `last-colon` (the
    /// specification's parser).
    pub port_split: PortSplit,
    /// Before preprocessing (modelling Chrome 2011): every code point up
    /// to U+0020 at the beginning and the end of the input is removed
    /// (googleurl `src/url_parse.cc` `TrimURL`), where the specification
    /// removes only U+000B, U+000C and U+0020 there:
    /// `\u{0}http://a/\u{1}` → `http://a/`.  Default: false.  See
    /// [`crate::observed::input::observed_input`].
    pub trim_controls: bool,
    /// Before preprocessing (modelling Chrome 2011): a URL of a standard
    /// scheme (`http`, `https`, `ftp`, `gopher`, `ws`, `wss`) reads its
    /// authority after any run of `/` and `\`, none included, unless it
    /// is a reference with at most one slash against a base of its own
    /// scheme (googleurl `url_parse.cc` `DoParseStandardURL`,
    /// `url_canon_relative.cc` `DoIsRelativeURL`): `http:host/p` →
    /// `http://host/p`, `https:\\\h` → `https://h/`.  Default: false.
    pub standard_scheme_slashes: bool,
    /// Before preprocessing (modelling Chrome 2011 on Linux): against a
    /// base of a standard scheme other than `file`, a reference beginning
    /// with two or more `/` or `\` is a network-path reference
    /// (googleurl `url_canon_relative.cc` `DoResolveRelativeURL`; a UNC
    /// path is a file URL only in the Windows build): `\\g\h` against
    /// `http://a/` → `http://g/h`.  Default: false (the specification: a
    /// UNC path).
    pub network_path_slashes: bool,
    /// After the parse (modelling Chrome 2011): a URL of a standard scheme
    /// other than `file` with an empty host is invalid (googleurl
    /// `url_canon_stdurl.cc` `DoCanonicalizeStandardURL`: the host
    /// canonicalizer fails on an empty host): `http:///`, `http://user@/`,
    /// `http://:80/`.  Default: false.
    pub empty_host_is_invalid: bool,
    /// The fragment step (modelling Chrome 2011): U+0000 is removed, the
    /// other C0 controls (U+0001 to U+001F) are percent-encoded, and every
    /// other character, DEL and the C1 controls included, is kept
    /// (googleurl `src/url_canon_etc.cc` `DoCanonicalizeRef`):
    /// `a\u{0}b\u{1}\u{7F}\u{85}` → `ab%01\u{7F}\u{85}`.  Default: false
    /// (the specification: 0x00-0x1F, 0x7F and U+0080 to U+009F are
    /// percent-encoded).
    pub fragment_keeps_del_and_c1: bool,
    /// After the path step (modelling Chrome 2011): a URL of a standard
    /// scheme (`file` included) whose path holds U+0000, written or as
    /// `%00`, is invalid (googleurl `src/url_canon_path.cc`
    /// `DoPartialPath`: NUL is the path's one invalid character):
    /// `http://a/b%00c` is invalid.  Default: false.
    pub path_nul_is_invalid: bool,
    /// Before preprocessing (modelling Chrome 2011 on Linux): a `file:`
    /// URL after exactly two `/` or `\` has a host that runs to the next
    /// `/` or `\`, `?` and `#` included, which the host step escapes or
    /// rejects; after one slash or three and more there is no host, and
    /// the path begins at the last slash (googleurl `url_parse_file.cc`
    /// `DoParseFileURL`, `DoParseUNC`): `file://a#y` → `file://a%23y/`,
    /// `file://a?x` invalid, `file:////x/../y` → `file:///y`.  Against a
    /// `file:` base, a reference of more than two slashes or of slashes
    /// only is such a URL (`url_canon_relative.cc`
    /// `DoResolveRelativeURL`): `////g` → `file:///g`.  Default: false.
    /// See [`crate::observed::input::observed_input`].
    pub file_host_to_first_slash: bool,
    /// At canonicalization of a `file:` URL (modelling Chrome 2011 on
    /// Linux): no drive letters and no `localhost` rule: the host is kept
    /// as any host, a drive specification in the host or at the start of
    /// the path is a name like any other, `|` no drive separator
    /// (googleurl `url_canon_fileurl.cc` `DoCanonicalizeFileURL`,
    /// `DoFileCanonicalizePath`: `FileDoDriveSpec` only `#ifdef WIN32`;
    /// `url_parse_file.cc` `DoParseUNC`): `file://localhost/c:/` stays,
    /// `file:///C|/foo` → `file:///C%7C/foo`, `file://C|/x` has the host
    /// `c%7C`.  Default: false (the specification's drive and `localhost`
    /// rules).  A string beginning with two backslashes is no UNC path:
    /// without a base it has no scheme and is invalid (`url_util.cc`
    /// `DoCanonicalize`: `DoesBeginUNCPath` only `#ifdef WIN32`).
    pub file_paths_as_posix: bool,
    /// Resolution (modelling Chrome 2011): against a standard base, a
    /// network-path reference (two or more slashes) preceded by
    /// characters up to U+0020 is invalid: googleurl trims them
    /// (`url_parse.cc` `TrimURL`) and then counts their offset twice
    /// (`url_canon_relative.cc` `DoResolveRelativeHost` passes the
    /// trimmed start both as the text and as its offset to
    /// `ParseAfterScheme`): `  //g` against `http://a/b` is invalid, `//g`
    /// is `http://g/`.  Default: false.
    pub network_path_after_trim_is_invalid: bool,
    /// Before preprocessing (modelling Chrome 2011): in the path of a URL
    /// of a standard scheme (`file` included), or of a reference against
    /// such a base, a noncharacter is kept, as the escapes of its UTF-8,
    /// where the specification makes it U+FFFD (googleurl
    /// `url_canon_path.cc` `DoPartialPath` escapes an 8-bit input's bytes
    /// as they are; the query and fragment go through UTF-16 and get
    /// U+FFFD): `http://a/b\u{FFFE}?\u{FFFE}` →
    /// `http://a/b%EF%BF%BE?%EF%BF%BD`.  Default: false.  See
    /// [`crate::observed::input::observed_input`].
    pub path_keeps_noncharacters: bool,
    /// Resolution (modelling Chrome 2011): the base URL is canonicalized
    /// under the profile first, and an input is resolved against that
    /// canonical URL; a base the profile finds invalid makes every input
    /// invalid (googleurl resolves against a `GURL`, `gurl.cc`
    /// `GURL::Resolve`, which is invalid when its spec is):
    /// `?y` against `http://h/a\\b/./c` → `http://h/a/b/c?y`; anything
    /// against `http://a:b@c:d/` is invalid.  Default: false (the
    /// specification resolves against the base as parsed).
    pub base_canonicalized: bool,
    /// The whole URL (modelling Chrome 2011): a URL whose scheme is
    /// neither standard (`http`, `https`, `file`, `ftp`, `gopher`, `ws`,
    /// `wss`) nor `mailto` is a "path URL", the scheme in lowercase and the
    /// rest as written but for controls and non-ASCII, percent-encoded;
    /// against a base of such a scheme a reference without a scheme is
    /// invalid (googleurl `url_util.cc` `DoCanonicalize`,
    /// `DoResolveRelative`; `url_canon_pathurl.cc`
    /// `DoCanonicalizePathURL`; `url_canon_relative.cc` `DoIsRelativeURL`):
    /// `FoO://Bar:80/a/../b` → `foo://Bar:80/a/../b`, `c:\x` → `c:\x`,
    /// `x` against `sc:/a` invalid.  Default: false.  See
    /// [`crate::observed::kind::observed_kind`].
    pub path_urls: bool,
    /// The whole URL (modelling Chrome 2011): a `mailto:` URL is a path up
    /// to the first `?`, escaped as a path URL's, and a query, with no
    /// fragment: `#` in the query is escaped (googleurl `url_parse.cc`
    /// `DoParseMailtoURL`, `url_canon_mailtourl.cc`
    /// `DoCanonicalizeMailtoURL`): `mailto:a?b#c` → `mailto:a?b%23c`,
    /// `mailto:%41` stays.  Default: false.  See
    /// [`crate::observed::kind::observed_kind`].
    pub mailto_path_and_query: bool,
    /// After canonicalization (modelling Gecko 2.0): in a hierarchical
    /// URL, `'` is percent-encoded (`%27`) in the user, password, path,
    /// query and fragment.  Gecko's `nsEscape.cpp` table `EscapeChars`
    /// gives 0x27 no flag, so `NS_EscapeURL` escapes it in every part
    /// `nsStandardURL::BuildNormalizedSpec` encodes (`esc_Username` ...
    /// `esc_Ref`): `http://example.com/'` → `http://example.com/%27`,
    /// `?'` → `?%27` (test_bug376844.js).  Default: false (the
    /// specification keeps `'`).
    pub apostrophe_escaped: bool,
    /// At the port step (modelling Gecko 2.0): a port of value 0 makes the
    /// URL invalid.  `nsAuthURLParser::ParseServerInfo`
    /// (`nsURLParsers.cpp`) reads the port with `ToInteger` and returns
    /// `NS_ERROR_MALFORMED_URI` when it is `<= 0`: `http://foo.com:0` is
    /// invalid (test_bug479485.js:39), `http://foo.com:` is not.  Default:
    /// false (the specification keeps `:0`).
    pub port_zero_is_invalid: bool,
    /// Before preprocessing (modelling Gecko 2.0): a URL of a scheme Gecko
    /// parses with an authority (`http`, `https`, `ftp`: `URLTYPE_AUTHORITY`)
    /// reads its authority after any run of `/`, none included, unless it
    /// is a reference against a base of its own scheme not followed by
    /// `//`; a network-path reference against such a base does too
    /// (`nsURLParsers.cpp` `nsAuthURLParser::ParseAfterScheme`,
    /// `nsStandardURL::Init` and `Resolve`): `https:c.html` against
    /// `http://localhost/` → `https://c.html/` (test_bug379034.js:14);
    /// `http: //foo.com` has the authority ` ` (invalid, test_bug261425.js);
    /// `http:a.html` against `http://localhost/` stays relative.
    /// Default: false.  See [`crate::observed::input::observed_input`].
    pub authority_after_any_slashes: bool,
    /// Before preprocessing (modelling Gecko 2.0): in a URL of a scheme
    /// Gecko parses with an authority (`http`, `https`, `ftp`), `;` ends
    /// the authority as `/`, `?` and `#` do, user and port included
    /// (`nsURLParsers.cpp` `nsAuthURLParser::ParseAfterScheme`;
    /// `nsStandardURL::BuildNormalizedSpec` puts `/` before the path):
    /// `http://example.com;bar` → `http://example.com/;bar`
    /// (test_bug429347.js:19), `http://u;p@h/` → `http://u/;p@h/`.
    /// Default: false (the specification: `;` is part of the authority).
    pub semicolon_ends_authority: bool,
    /// The schemes the browser knows (modelling IE: urlmon's recognized
    /// scheme types, `URL_SCHEME_*`); read by `windows_escapes` and
    /// `bad_escape_is_invalid`, which treat the other schemes
    /// (`zip:`, `1234:`) as unknown.  Default: empty.
    pub known_schemes: Vec<String>,
    /// After canonicalization (modelling IE 7-9 as Wine's urlmon tests
    /// record Windows): in the user and password, the query, the fragment
    /// and the path of a URL that is not hierarchical (but `javascript:`),
    /// an escape of an RFC 3986 unreserved character is decoded and an
    /// ASCII character that is neither unreserved nor reserved (nor `%`) is
    /// percent-encoded, for a scheme of `known_schemes`; the query and
    /// fragment of another scheme keep what they hold (controls, spaces and
    /// non-ASCII aside), and its user and password are only encoded.
    /// Wine 1.5.26 `dlls/urlmon/tests/uri.c` `uri_tests`:
    /// `ftp://w%49%4Ee:PA%53%53@ftp.google.com/` → `ftp://wINe:PASS@...`;
    /// `ftp://user:pass:word@winehq.org/` keeps `pass:word`;
    /// `ftp://[](),'test':word@winehq.org/` keeps the brackets (a
    /// delimiter that would end the user or password when the URL is read
    /// again, `@ / \\ ? #`, is still encoded);
    /// `?query=%30%31` → `?query=01`; `?query=<|>` → `?query=%3C%7C%3E`;
    /// `#Te<|>` → `#Te%3C%7C%3E`; `news:test.%74%65%73%74.com` →
    /// `news:test.test.com`; `zip://www.winehq.org/tests/..?query=<|>` keeps
    /// `<|>`.  Default: false (the specification's sets).
    pub windows_escapes: bool,
    /// Before canonicalization (modelling IE 7-9 as Wine's urlmon tests
    /// record Windows): for a scheme of `known_schemes` other than `file`,
    /// a `%` not followed by two hexadecimal digits in the path makes the
    /// URL invalid (Wine `uri.c` `invalid_uri_tests`: `news:test%XX`,
    /// `mailto:wine@winehq%G8.com`; `uri_combine_tests`: `/Te%XXst` against
    /// `http://google.com/test`; `file://C:/te%3Es%2Et/tes%t.mp3` is
    /// valid).  The query and fragment are not checked: Wine's tests find
    /// `?Tes%XXt` valid when combined with a base.  Default: false.
    pub bad_escape_is_invalid: bool,
    /// At the userinfo step (modelling IE 7-9 as Wine's urlmon tests record
    /// Windows): an empty password, or an empty user, is kept with its `:`
    /// or `@` (Wine `uri.c` `uri_tests`: `ftp://empty:@ftp.google.com/`
    /// keeps `empty:@`; `zip://@gov.uk` → `zip://@gov.uk/`).  Default:
    /// false (the specification drops them).
    pub empty_userinfo_kept: bool,
    /// At canonicalization (modelling IE 7-9 as Wine's urlmon tests record
    /// Windows): in a hierarchical URL whose scheme is not one of
    /// `known_schemes`, the host and the path are kept as written (no
    /// CanonicalizeHost, no percent-encoding; dot-segments are still
    /// removed), and a port that is no number up to 65535 stays part of
    /// the host.  Wine `uri.c` `uri_tests`: `zip://GOOGLE.com/` keeps
    /// `GOOGLE.com`; `1234://4294967295/<|>" test<|>` is kept;
    /// `zip://google.com:65536` has the host `google.com:65536`;
    /// `zip://[::ffff]:abcd` the host `[::ffff]:abcd`.  Default: false
    /// (every scheme's host and path are canonicalized).
    pub unknown_schemes_as_written: bool,
    /// The scheme types of the browser's own (modelling IE: urlmon's
    /// `URL_SCHEME_MK`, `URL_SCHEME_RES`, `URL_SCHEME_FILE`), scheme (lowercase)
    /// to type; read by `mk_paths`, `res_hosts`, `file_escapes` and
    /// `windows_combine`.  Default: empty (no scheme has one).
    pub scheme_types: std::collections::BTreeMap<String, SchemeType>,
    /// At the path step (modelling IE 7-9 as Wine's urlmon tests record
    /// Windows; Wine 1.5.26 `dlls/urlmon/uri.c` `canonicalize_path_opaque`,
    /// `remove_dot_segments`): the opaque path of a scheme of type `mk`
    /// keeps its `\` up to the first `::` and has the later ones made `/`,
    /// then loses its dot segments, `/` and `\` both ending a segment
    /// (`uri.c` `uri_tests`: `mk:@MSITStore:Z:\dir\test.chm::/html/../images/xxx.jpg`
    /// → `...test.chm::/images/xxx.jpg`; `...::/html/../../images/xxx.jpg`
    /// → `mk:@MSITStore:Z:\dir\images/xxx.jpg`).  Default: false.
    pub mk_paths: bool,
    /// Parsing and host (modelling IE 7-9; urlmon `parse_reg_name`,
    /// `canonicalize_path_hierarchical`): the host of a URL of a scheme of
    /// type `res` runs up to the first `/` (no user, no port, `\` and `:`
    /// part of it) and is kept as written; `<`, `>` or `"` in it make the
    /// URL invalid; its path is not percent-encoded (`uri.c` `uri_tests`:
    /// `res://C:\dir\file.exe/DATA/test.html` has the host
    /// `C:\dir\file.exe`, `res://c:\test/tes<|>t` the path `/tes<|>t`;
    /// `invalid_uri_tests`: `res://c:\te<st\test/test`).  Default: false.
    pub res_hosts: bool,
    /// At the path step (modelling IE 7-9; urlmon
    /// `canonicalize_path_hierarchical`): in the path of a scheme of type
    /// `file`, every `%` is escaped as `%25` when the path, as written
    /// after `file://`, begins with a drive letter; otherwise a `%` that
    /// begins no escape becomes `%25` and an escape of an unreserved or a
    /// reserved character is decoded (`uri.c` `uri_tests`:
    /// `file://c:\tests\../tests/foo%20bar.mp3` →
    /// `file:///c:/tests/foo%2520bar.mp3`; `file:///C:/te%3Es%2Et/t%23es%t.mp3`
    /// → `file:///C:/te%3Es.t/t#es%25t.mp3`).  Default: false.
    pub file_escapes: bool,
    /// Resolution (modelling IE 7-9; urlmon `combine_uri`, `merge_paths`):
    /// a reference without scheme or authority against a base that has no
    /// authority (and is not `file:`) is combined with its path: the base's
    /// query when the reference has no path nor query, the reference's
    /// path when it begins with `/` (for type `mk`: after the base path's
    /// `::`, or its `@xxx:`), else the base path up to its last `/` and
    /// the reference; against a `file:` base whose path begins with a
    /// drive (`/c:`), the drive stays (`uri.c` `uri_combine_tests`: `?test`
    /// against `zip:?testing` → `zip:?test`; `/relative/path.txt` against
    /// `mk:@MSITSTORE:C:\dir\file.chm::/subdir/file.txt` →
    /// `mk:@MSITSTORE:C:\dir\file.chm::/relative/path.txt`;
    /// `/testing.mp3` against `file:///c:/test/test` →
    /// `file:///c:/testing.mp3`).  Default: false (the specification: no
    /// relative reference against a non-hierarchical base).
    pub windows_combine: bool,
    /// On the input (modelling IE 7-9; urlmon `parse_scheme`, which turns
    /// down what `is_implicit_file_path` finds unless
    /// `Uri_CREATE_ALLOW_IMPLICIT_FILE_SCHEME` is given): a URL or a
    /// reference that begins with a letter and `:`, or with `\\`, is
    /// invalid (Wine 1.5.26 `dlls/urlmon/tests/uri.c` `invalid_uri_tests`,
    /// flags 0: `C:/test/test.mp3`, `\\Server/test/test.mp3`).  Default:
    /// false (the specification reads them as `file:` URLs).
    pub implicit_file_paths_invalid: bool,
    /// On the input (modelling IE 7-9; urlmon `parse_query`,
    /// `parse_fragment`): a `%` that begins no escape in the query or the
    /// fragment of a URL written with a scheme of `known_schemes` makes it
    /// invalid; a reference's are not checked (it has no scheme: `?Tes%XXt`
    /// combined with `http://google.com/test` is valid) (`uri.c`
    /// `invalid_uri_tests`: `http://google.com/?query=te%xx`,
    /// `ftp://google.com/#Test%xx`).  Default: false.
    pub written_extra_bad_escape_is_invalid: bool,
    /// At the host step (modelling IE 7-9; urlmon `parse_reg_name`, where
    /// a `:` after a `[` ends nothing until a `]`, and
    /// `canonicalize_reg_name`): for a scheme of `known_schemes`, a host
    /// that begins with `[` and has no `]` is a registered name that takes
    /// in what the parser read as its port, lowercased and kept without
    /// CanonicalizeHost (`uri.c` `uri_tests`: `http://[xyz:12345.com/test`
    /// has the host `[xyz:12345.com` and port 80).  Default: false.
    pub unclosed_bracket_host: bool,
    /// At canonicalization (modelling IE 7-9; urlmon `parse_hierpart`,
    /// which reads an authority only after `//`, `canonicalize_path_opaque`
    /// and `canonicalize_hierpart`): a URL of the scheme type `file` written
    /// without an authority (`file:x`, `file:/x`; not a reference resolved
    /// into one) is opaque: no host, its
    /// path as written ([`crate::url::components::ParsedUrl::path_as_written`]: dot
    /// segments kept, no `/` put in front) with `\` made `/` (`uri.c`
    /// `uri_tests`: `file:index.html` has the path `index.html`,
    /// `file:c:\dir\../..\index.html` the path `c:/dir/../../index.html`,
    /// and neither an absolute URI).  Default: false.
    pub file_without_authority_opaque: bool,
}

/// A scheme type of the browser's own ([`UrlParams::scheme_types`]): the
/// `URL_SCHEME_*` of urlmon that the observed steps treat apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SchemeType {
    /// `URL_SCHEME_MK` (`mk:@MSITStore:...`, compiled help files).
    Mk,
    /// `URL_SCHEME_RES` (`res://file.dll/resource`, resources of a
    /// Windows module).
    Res,
    /// `URL_SCHEME_FILE`.
    File,
}

impl UrlParams {
    /// The type of `scheme` in [`UrlParams::scheme_types`], ASCII
    /// case-insensitively.
    pub(crate) fn scheme_type(&self, scheme: &str) -> Option<SchemeType> {
        if self.scheme_types.is_empty() {
            return None;
        }
        self.scheme_types
            .iter()
            .find(|(s, _)| s.eq_ignore_ascii_case(scheme))
            .map(|(_, t)| *t)
    }

    /// Whether `scheme` (lowercase) is one of [`UrlParams::known_schemes`].
    pub(crate) fn knows_scheme(&self, scheme: &str) -> bool {
        self.known_schemes
            .iter()
            .any(|s| s.eq_ignore_ascii_case(scheme))
    }
}

/// Where the port of an authority begins (see [`UrlParams::port_split`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PortSplit {
    /// The specification's parser: after the last `:`, unless the host
    /// begins with `[` and that `:` is inside the brackets.
    #[default]
    LastColon,
    /// After the first `:` that follows the last `]` (the first `:` when
    /// there is no `]`): Gecko 2.0's `nsAuthURLParser::ParseServerInfo`
    /// (`netwerk/base/src/nsURLParsers.cpp`), which, scanning the server
    /// info backwards, ignores the colons left of the last `]`.
    /// `xn--[::]-` → host `xn--[::]-`, no port; `foo:80:98` → host `foo`,
    /// port `80:98` (not all digits: invalid); `[::1]:80` → `[::1]`, `80`.
    FirstColonAfterLastBracket,
}
