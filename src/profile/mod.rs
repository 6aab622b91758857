//! Profiles: which marked steps of Nameprep and CanonicalizeHost run, and
//! with which parameters.
//!
//! The specification marks steps THIS, CHROME, GECKO or IE.  The pipelines in
//! [`crate::host`] are written once; at each marked step they ask the
//! profile, in the vocabulary of this module, whether the step runs and with
//! what.  A profile is data: the built-in ones are `profiles/*.toml`,
//! found and compiled in by the build ([`BUILTIN_PROFILE_FILES`]), and a
//! user can load their own with [`ProfileSpec::from_toml`].

pub use crate::text::octets::OctetSet;
/// The Unicode versions and NFKC variants a profile names (defined with
/// the Unicode algorithms that read them).
pub use crate::text::unicode::version::{BidiVersion, NfkcVariant, UnicodeVersion};

pub mod host_steps;
pub mod plan;
pub mod url_steps;
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// Nameprep parameters (specification "The Nameprep algorithm").
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NameprepParams {
    /// Step 2 (GECKO): fail on U+0340 or U+0341.
    pub reject_tone_marks: bool,
    /// Step 4 (GECKO): swap the last two characters of Corrigendum 5
    /// sequences (emulates an NFKC without Corrigendum #5).
    pub corrigendum_5_swap: bool,
    /// Steps 5, 6, 8, 9 (THIS/GECKO): when the string holds a code point
    /// unassigned in Unicode 3.2, map and normalize again after NFKC.
    pub remap_unassigned: bool,
    /// Step 7: the NFKC variant.
    pub nfkc: NfkcVariant,
    /// Step 11: the Unicode data of the bidi check.
    pub bidi: BidiVersion,
    /// The observed steps of Nameprep (the profile file's
    /// `[observed.nameprep]` table).
    #[serde(skip)]
    pub observed: ObservedNameprepParams,
}

/// What CanonicalizeHost returns when it gives up (steps 3 and 4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Fallback {
    /// Step 3: "fail"; the URL is invalid.
    Fail,
    /// Step 4 (GECKO): the input, converted to ASCII lowercase.
    LowercasedInput,
}

/// How percent-encoded octets in a host are decoded (steps 6 and 7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum HostPercentDecoding {
    /// No decoding (GECKO).
    None,
    /// Step 6 (THIS/CHROME): decode every escape, then decode as UTF-8 with
    /// error handling.
    Utf8,
    /// Step 7 (IE): decode only the escapes of the octets in
    /// `selective_decode`.
    Selective,
}

/// Where the root dot is recognized and removed (steps 10 and 16).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RootDot {
    /// Never: a trailing dot makes an empty last label (GECKO).
    Keep,
    /// Step 10 (CHROME/IE): a trailing label separator, before Nameprep.
    BeforeNameprep,
    /// Step 16 (THIS): a trailing U+002E after separators are mapped.
    AfterSeparators,
}

/// How each label is converted (step 20.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LabelConversion {
    /// Step 20.2.1 (THIS/GECKO/CHROME): Nameprep with bidi, then Punycode.
    ToAscii,
    /// Step 20.2.2 (IE): the modified ToUnicode / ToASCII round trip.
    IeRoundTrip,
}

/// Which rule reads a host as an IPv4 address at step 27.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ipv4Rule {
    /// Step 27 as specified ("IPv4 addresses": `inet_addr` forms; a host
    /// that is not one is a domain name: `192.168.0.256` stays).
    #[default]
    Spec,
    /// Step 27 as googleurl read IPv4 addresses before revision 9ddcf11
    /// (June 2011): a host of IPv4 characters whose first non-number
    /// component comes after a component over 32 bits, or whose numbers
    /// exceed their bytes, makes the URL invalid (see
    /// `ipv4::googleurl_2011_ipv4`).  Models Chrome 2011.
    #[serde(rename = "googleurl-2011")]
    Googleurl2011,
    /// No step 27: no host is an IPv4 address (`0x7f.1` stays).  Models
    /// Gecko 2.0, whose `nsStandardURL` has no IPv4 code.
    None,
}

/// Which rule reads a bracketed host as an IPv6 address at step 25.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ipv6Rule {
    /// Step 25 as specified ("IPv6 addresses": RFC 3986's `IPv6address`
    /// with four decimal numbers of at most 255 as its IPv4 part).
    #[default]
    Spec,
    /// Step 25 as googleurl r155 read IPv6 addresses
    /// (`src/url_canon_ip.cc`, `DoIPv6AddressToNumber`): the IPv4 part is
    /// read by googleurl's IPv4 reader (one to four numbers, octal or
    /// hexadecimal too, one trailing `.`), after any number of groups:
    /// `[::1.201]` → `[::100:c9]` (see `ipv6::googleurl_ipv6`).  Models
    /// Chrome 2011.
    #[serde(rename = "googleurl-2011")]
    Googleurl2011,
}

/// Case of hexadecimal digits in percent-encoded output.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum HexCase {
    Upper,
    Lower,
}

/// CanonicalizeHost parameters (specification "The CanonicalizeHost
/// algorithm"); each field names the step it controls.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HostParams {
    /// Steps 3 and 4.
    pub fallback: Fallback,
    /// Step 5 (THIS): a host beginning with `%5B` returns the fallback.
    pub escaped_bracket_fallback: bool,
    /// Steps 6 and 7.
    pub percent_decoding: HostPercentDecoding,
    /// Step 7 (IE): the octets whose escapes are decoded.
    #[serde(default)]
    pub selective_decode: OctetSet,
    /// Steps 10 and 16.
    pub root_dot: RootDot,
    /// Step 11 (THIS/GECKO/IE): Nameprep (without bidi) on the whole host.
    pub nameprep_whole_host: bool,
    /// Step 12 (CHROME): a `%` after Nameprep returns the fallback.
    pub percent_after_nameprep_fails: bool,
    /// Step 13 (GECKO): the U+0000 / U+0020 check against the fallback.
    pub nul_space_check: bool,
    /// Step 14 (CHROME): octets percent-encoded before labels are split
    /// (empty: the step does not run).
    #[serde(default)]
    pub early_percent_encode: OctetSet,
    /// Step 18 (IE): a label beginning with `xn--` needs Punycode.
    pub xn_label_needs_punycode: bool,
    /// Step 20.1 (GECKO): IDN only under whitelisted TLDs and without
    /// blacklisted characters.
    pub idn_tld_check: bool,
    /// Step 20.2.
    pub label_conversion: LabelConversion,
    /// Step 20.2.1.2.1.1 (THIS/CHROME): a non-ASCII label beginning with
    /// `xn--` returns the fallback.
    pub xn_non_ascii_fails: bool,
    /// Step 20.2.1.3.1 (GECKO): ASCII labels are cut to this many
    /// characters (0: not cut).
    #[serde(default)]
    pub truncate_ascii_label: usize,
    /// Step 20.2.1.3.2 (THIS/CHROME): an empty label returns the fallback.
    pub empty_label_fails: bool,
    /// Step 23 (CHROME): percent-encoded octets become U+0000..U+00FF.
    pub decode_escapes_as_latin1: bool,
    /// Step 24 (CHROME): ASCII lowercase at the end.
    pub final_ascii_lowercase: bool,
    /// Step 26 (THIS): a `:` outside brackets in a non-`file` host returns
    /// the fallback.
    pub colon_fails: bool,
    /// Step 28: characters that make the host return the fallback.
    #[serde(default)]
    pub forbidden: OctetSet,
    /// Step 29 (IE): `%00`, or `%` not followed by two hex digits, returns
    /// the fallback.
    pub bad_escape_fails: bool,
    /// Step 30: octets percent-encoded at the end.
    #[serde(default)]
    pub percent_encode: OctetSet,
    /// Step 30 (THIS): also encode `@` unless the scheme is `file`.
    pub percent_encode_at_unless_file: bool,
    /// Step 30: hexadecimal case of the escapes it writes (IE: lower).
    pub hex_case: HexCase,
    /// Before step 2: hosts that are not domain names, of the classes listed
    /// in `other_hosts`, are canonicalized by the built-in profile of this
    /// name instead (empty: by this profile).
    ///
    /// The 2011 browser measurements behind the CHROME, GECKO and IE
    /// profiles cover domain names; for the other hosts the suite records a
    /// single result for every browser, the THIS one, and the browser
    /// profiles say `other_hosts_as = "this"`.
    #[serde(default)]
    pub other_hosts_as: String,
    /// Which hosts count as "not domain names" for `other_hosts_as`.
    #[serde(default)]
    pub other_hosts: Vec<HostClass>,
    /// Step 27: the rule that reads the host as an IPv4 address.  Default:
    /// `spec`.
    #[serde(default)]
    pub ipv4: Ipv4Rule,
    /// Step 25: the rule that reads a bracketed host as an IPv6 address.
    /// Default: `spec`.
    #[serde(default)]
    pub ipv6: Ipv6Rule,
    /// The observed steps of CanonicalizeHost (the profile file's
    /// `[observed.canonicalize_host]` table).
    #[serde(skip)]
    pub observed: ObservedHostParams,
}

/// Parameters of the observed steps of Nameprep: steps beyond the
/// specification that model what a browser was measured doing (origin
/// [`crate::profile::host_steps::Origin::Observed`] in the step registry).  A
/// profile file gives them in the table `[observed.nameprep]`.  Every field
/// defaults to the specification's behaviour.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ObservedNameprepParams {
    /// Step 3 (Map), in addition to table B.1: the noncharacters of the
    /// Basic Multilingual Plane (U+FDD0..U+FDEF, U+FFFE, U+FFFF) are mapped
    /// to nothing; the supplementary ones (U+1FFFE ...) are left to the
    /// Prohibit step (table C.4).  Models IE 9: `a\u{FDD0}\u{306}b` →
    /// `\u{103}b` (the mark composes with `a` once the noncharacter is
    /// gone), `a\u{1FFFE}b` fails.  Default: false (the specification).
    pub bmp_noncharacters_map_to_nothing: bool,
}

/// Parameters of the observed steps of CanonicalizeHost: steps beyond the
/// specification that model what a browser was measured doing (origin
/// [`crate::profile::host_steps::Origin::Observed`] in the step registry).  A
/// profile file gives them in the table `[observed.canonicalize_host]`.
/// Every field defaults to the specification's behaviour.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ObservedHostParams {
    /// Next to step 7 (IE): a host holding U+003B (`;`), written or
    /// percent-encoded (`%3B`), returns the fallback.  Models IE 9, for
    /// which `http://a;b.test/` and `http://a%3bb.test/` are invalid.
    /// Default: false (the specification: `;` is an ordinary character,
    /// percent-encoded or not by step 30).
    pub semicolon_in_host_is_invalid: bool,
    /// After step 20.2.2 (IE): the URL schemes whose hosts keep the
    /// ToUnicode result (the Unicode label); under any other scheme the
    /// label is written in its ASCII form (`xn--...`, the /p_label/ of
    /// 20.2.2.2).  Models IE 9, which shows `http://xn--4gq.com/` as
    /// `http://\u{4E00}.com/` but keeps `ftp://\u{4E00}.jp/` as
    /// `ftp://xn--4gq.jp/`.  Default: absent (every scheme keeps the
    /// Unicode label, as step 20.2.2 reads).
    pub unicode_label_schemes: Option<Vec<String>>,
    /// Before step 5 (modelling Gecko 2011): a host that, as parsed, holds
    /// a `:` outside a `[`...`]` span makes the URL invalid outright (not
    /// the fallback); `file:` hosts are exempt, as at step 26.  Gecko
    /// splits the port off at the last `:`, and a host left with a colon
    /// (`foo:80:98` → host `foo:80`; `foo::`; `ab[cd:012::3`; `%5B::abc:80`)
    /// is rejected, while a `:` that Nameprep makes later (`a\u{FF1A}b.test`
    /// → `a:b.test`) is kept.  Default: false (the specification: step 26,
    /// THIS only, returns the fallback).
    pub colon_in_host_is_invalid: bool,
    /// Step 27 (observed, IE) runs only when the host was ASCII after step 7
    /// (/need-punycode/ of step 9 is false): an address spelled with
    /// characters the IDN steps remove or map is a domain name.  Models
    /// IE 9, measured to keep `19\u{200C}2.168.0.001` as `192.168.0.001`
    /// (and `192.168.%E2%80%8D0.001` as a name) while it reads ASCII
    /// `0300.0250.00.01` as `192.168.0.1`.  Default: false.
    pub ipv4_needs_ascii_host: bool,
    /// Next to step 20.1 (modelling Gecko 2.0): a host that still holds a
    /// code point unassigned in Unicode 3.2 (table A.1) after Nameprep is
    /// not under a whitelisted TLD, so step 20.2.1 writes its labels in
    /// ACE.  Gecko's `nsIDNService::isInWhitelist`
    /// (`netwerk/dns/nsIDNService.cpp`) converts the host with
    /// `UTF8toACE(..., allowUnassigned = PR_FALSE)` before it looks the TLD
    /// up, and a failure means "not whitelisted"
    /// (`ConvertToDisplayIDN` then returns the ACE form): `foo\u{3040}bar.org`
    /// → `xn--foobar-...org` (test_bug479413.js), while `bücher.org` stays.
    /// Default: false (step 20.1 reads only the TLD and the blacklist).
    pub idn_whitelist_needs_assigned: bool,
    /// After step 20 (modelling Gecko 2.0): in a host that was ASCII as
    /// written, under a whitelisted TLD (step 20.1's list), the `xn--`
    /// labels are written in Unicode when every one of them decodes to a
    /// label that is not ASCII, holds no blacklisted character, and that
    /// Nameprep (unassigned code points not allowed) and Punycode turn back
    /// into the same `xn--` label; if one does not, the host stays as it
    /// is.  Gecko's `nsIDNService::ConvertToDisplayIDN`, ASCII branch:
    /// `ACEtoUTF8(host, ..., PR_FALSE)`, whose `decodeACE` checks each
    /// label so (test_idnservice.js: `xn--bcher-kva.es` → `bücher.es`;
    /// test_bug396389.js: `xn--jos-dma.example.net.ch` →
    /// `josé.example.net.ch`; test_bug479413.js: `xn--foobar-533e.com`
    /// stays, its U+3040 is unassigned).  Default: false (an ASCII host
    /// is not converted).
    pub whitelisted_ace_shown_in_unicode: bool,
    /// Next to step 25 (modelling IE 7-9 as Wine's urlmon tests record
    /// Windows): a host in brackets that is not an IPvFuture literal
    /// (`[v...]`) is an IPv6 address read and written the Windows way
    /// ([`crate::text::ipv6::canonicalize_ipv6_windows`]), or the URL is invalid
    /// (Wine `uri.c`: `http://[1:2:3:4]`, `http://[::2:3:4:5:6:7:8]`,
    /// `ftp://[not.valid.uri]/` are invalid; `ftp://[::13.1.68.3]` stays
    /// `ftp://[::13.1.68.3]/`).  Default: false (step 25; a bracketed host
    /// that is no address keeps its colons).
    pub windows_ipv6: bool,
}

/// Kinds of hosts that are not domain names (see
/// [`HostParams::other_hosts_as`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum HostClass {
    /// The host of a `file:` URL (`file://c:foo/`, `\\server\share`).
    File,
    /// A host beginning with `[` or ending with `]`: an IPv6 literal or a
    /// broken one (`[::1]`, `[foo`, `d]`).
    IpLiteral,
    /// A host in the form of an IPv4 address: with its escapes decoded (as
    /// UTF-8) and NFKC applied, one to four *numbers* of the
    /// specification's "IPv4 addresses" (hexadecimal, octal or decimal) of
    /// any value, separated by `.`, with at most one trailing `.`
    /// (`0300.0250.00.01`, `192.168.0.256`, `%30%78%63%30%2e%30%32%35%30.01%2e`,
    /// fullwidth `\u{FF10}\u{FF38}\u{FF43}\u{FF10}`; not
    /// `19\u{200C}2.168.0.001`, `123.abc`).  The suite's IPv4 file
    /// (`decomps-authority-ipv4.dat`) records one result for every
    /// browser, the THIS one.
    Ipv4Form,
    /// A host holding an ASCII character other than letters, digits, `-`,
    /// `.`, `_` and `%` (`foo;type=A`, `a b`).
    Delimiters,
}

/// A profile: the answers to every question the pipelines ask.
///
/// Implement it to model a browser in code; or describe one in TOML and load
/// it with [`ProfileSpec::from_toml`].
pub trait Profile: Send + Sync {
    /// Short name, e.g. `this`, `chrome`.
    fn name(&self) -> &str;
    /// What it models, e.g. "CHROME: Google Chrome as measured in 2011"
    /// (empty by default).
    fn description(&self) -> &str {
        ""
    }
    /// Nameprep parameters.
    fn nameprep(&self) -> &NameprepParams;
    /// CanonicalizeHost parameters.
    fn host(&self) -> &HostParams;
    /// Parameters of the URL-level steps around the host pipelines.
    fn url(&self) -> &UrlParams;
    /// The profile as [`Any`](std::any::Any), when it is a compiled one:
    /// [`Plan::of`](crate::profile::plan::Plan::of) takes a plan as it is
    /// rather than compiling it again.  `None` (the default) for a profile
    /// that is only parameters.
    fn as_any(&self) -> Option<&dyn std::any::Any> {
        None
    }
}

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
    /// [`ObservedNameprepParams::bmp_noncharacters_map_to_nothing`]) while a
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

/// A profile described as data, as in `profiles/*.toml`.
///
/// In the file, the parameters of the observed steps (steps beyond the
/// specification, [`crate::profile::host_steps::Origin::Observed`]) live in their
/// own tables, `[observed.nameprep]`, `[observed.canonicalize_host]` and
/// `[observed.url]`, apart from the specification's marked steps in
/// `[nameprep]` and `[canonicalize_host]`; in memory they are the
/// `observed` fields of [`NameprepParams`] and [`HostParams`], and
/// [`ProfileSpec::url`].  A key in the wrong table is an error:
///
/// ```
/// let text = include_str!("../../profiles/gecko.toml")
///     .replace("[canonicalize_host]", "[canonicalize_host]\ncolon_in_host_is_invalid = true");
/// let e = urlprism::ProfileSpec::from_toml(&text, "g.toml").unwrap_err();
/// assert!(e.to_string().contains("belongs in [observed.canonicalize_host]"), "{e}");
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(from = "ProfileFile", into = "ProfileFile")]
pub struct ProfileSpec {
    /// Short name, used on the command line and in suite overrides
    /// (`chrome-canon` is the expectation for the profile named `chrome`).
    pub name: String,
    /// What it models, e.g. "Google Chrome as of 2011".
    pub description: String,
    pub nameprep: NameprepParams,
    pub canonicalize_host: HostParams,
    /// URL-level steps beyond the specification (optional table
    /// `[observed.url]`).
    pub url: UrlParams,
}

/// A profile file's tables: [`ProfileSpec`] as written.
#[derive(Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct ProfileFile {
    name: String,
    description: String,
    /// The place of a built-in profile among the built-in ones (see
    /// [`BUILTIN_PROFILE_FILES`]), read by the build; nothing in a file
    /// a user loads.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    order: Option<i64>,
    nameprep: NameprepParams,
    canonicalize_host: HostParams,
    #[serde(default)]
    observed: ObservedTables,
}

/// The `[observed]` tables of a profile file.
#[derive(Clone, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
struct ObservedTables {
    nameprep: ObservedNameprepParams,
    canonicalize_host: ObservedHostParams,
    url: UrlParams,
}

impl From<ProfileFile> for ProfileSpec {
    fn from(mut f: ProfileFile) -> ProfileSpec {
        f.nameprep.observed = f.observed.nameprep;
        f.canonicalize_host.observed = f.observed.canonicalize_host;
        ProfileSpec {
            name: f.name,
            description: f.description,
            nameprep: f.nameprep,
            canonicalize_host: f.canonicalize_host,
            url: f.observed.url,
        }
    }
}

impl From<ProfileSpec> for ProfileFile {
    fn from(p: ProfileSpec) -> ProfileFile {
        let observed = ObservedTables {
            nameprep: p.nameprep.observed.clone(),
            canonicalize_host: p.canonicalize_host.observed.clone(),
            url: p.url,
        };
        ProfileFile {
            name: p.name,
            description: p.description,
            order: None,
            nameprep: p.nameprep,
            canonicalize_host: p.canonicalize_host,
            observed,
        }
    }
}

/// The tables of a profile file and the keys each holds: `(table,
/// keys)`, e.g. `("observed.canonicalize_host", [..,
/// "colon_in_host_is_invalid", ..])`, in the order of the built-in
/// profile files, which together write every key of the format.
pub fn profile_tables() -> Vec<(String, Vec<String>)> {
    fn collect(prefix: &str, table: &toml::Table, out: &mut Vec<(String, Vec<String>)>) {
        for (key, value) in table {
            let Some(sub) = value.as_table() else {
                continue;
            };
            let name = format!("{prefix}{key}");
            if sub.values().all(|v| v.is_table()) {
                collect(&format!("{name}."), sub, out);
                continue;
            }
            let i = match out.iter().position(|(n, _)| *n == name) {
                Some(i) => i,
                None => {
                    out.push((name, Vec::new()));
                    out.len() - 1
                }
            };
            for key in sub.keys() {
                if !out[i].1.contains(key) {
                    out[i].1.push(key.clone());
                }
            }
        }
    }
    let mut out = Vec::new();
    for (_, text) in BUILTIN_PROFILE_FILES {
        if let Ok(table) = text.parse::<toml::Table>() {
            collect("", &table, &mut out);
        }
    }
    out
}

/// The table of a profile file that holds the key `key`, or that `key`
/// names without its `observed.` (the `[url]` table of older files is
/// `[observed.url]`), for an error about a key in the wrong table.
fn table_of(key: &str) -> Option<String> {
    let tables = profile_tables();
    let observed = format!("observed.{key}");
    let holding = tables
        .iter()
        .find(|(_, keys)| keys.iter().any(|k| k == key));
    holding
        .or_else(|| tables.iter().find(|(table, _)| *table == observed))
        .map(|(table, _)| table.clone())
}

/// `message` of a profile file's error, with the table a misplaced key
/// belongs in: serde's "unknown field `KEY`, expected ..." and "`KEY`
/// belongs in [observed.canonicalize_host]".
fn explained(message: &str) -> String {
    let unknown = message
        .strip_prefix("unknown field `")
        .and_then(|rest| rest.split('`').next());
    match unknown.and_then(|k| table_of(k).map(|t| (k, t))) {
        Some((key, table)) => format!("{message}; `{key}` belongs in [{table}]"),
        None => message.to_string(),
    }
}

/// `origin:line:column` of the byte offset `at` of `text`.
fn line_col(text: &str, at: usize, origin: &str) -> String {
    let before = &text[..at.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let col = before.len() - before.rfind('\n').map_or(0, |i| i + 1) + 1;
    format!("{origin}:{line}:{col}")
}

/// The table (a `[header]`'s name; `None`: the top level) and the key of
/// the line of `text` that holds the byte offset `at` (`key = value`).
fn key_at(text: &str, at: usize) -> Option<(Option<String>, String)> {
    let at = at.min(text.len());
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let line = text[start..].lines().next()?;
    let key = line.split('=').next()?.trim().trim_matches('"').to_string();
    let table = text[..start].lines().rev().find_map(|l| {
        l.trim()
            .strip_prefix('[')?
            .strip_suffix(']')
            .map(String::from)
    });
    Some((table, key))
}

/// The byte offset in `text` of the line that sets `key` (in the table
/// `table` when given: its `[table]` section, or an inline table of it),
/// the first such line otherwise.
fn key_line(text: &str, table: Option<&str>, key: &str) -> Option<usize> {
    let mut offset = 0;
    let mut current: Option<String> = None;
    let mut first = None;
    for line in text.split_inclusive('\n') {
        let t = line.trim();
        if let Some(h) = t.strip_prefix('[').and_then(|h| h.strip_suffix(']')) {
            current = Some(h.trim().to_string());
        } else if t.split('=').next().map(|k| k.trim().trim_matches('"')) == Some(key) {
            let in_table = match (table, current.as_deref()) {
                (None, _) => true,
                (Some(want), Some(have)) => want == have || want.starts_with(&format!("{have}.")),
                (Some(want), None) => want.is_empty(),
            };
            if in_table {
                return Some(offset + (line.len() - line.trim_start().len()));
            }
            first.get_or_insert(offset);
        }
        offset += line.len();
    }
    first
}

/// `over`'s keys put in `table`: a table key by key, any other value in
/// place of the one there.
fn merge_tables(table: &mut toml::Table, over: toml::Table) {
    for (key, value) in over {
        match (table.get_mut(&key), value) {
            (Some(toml::Value::Table(t)), toml::Value::Table(o)) => merge_tables(t, o),
            (_, value) => {
                table.insert(key, value);
            }
        }
    }
}

/// An error while reading a profile file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProfileError {
    /// Where the error is, e.g. `profiles/x.toml:12:3`, when known.
    pub location: Option<String>,
    pub message: String,
}

impl std::fmt::Display for ProfileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.location {
            Some(l) => write!(f, "{l}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for ProfileError {}

impl ProfileError {
    /// Reads the fields of an engine's profile file (`T`, a serde type
    /// that denies unknown fields) from its TOML text; `origin` names the
    /// text in errors.
    pub(crate) fn read_toml<T: serde::de::DeserializeOwned>(
        text: &str,
        origin: &str,
    ) -> Result<T, ProfileError> {
        toml::from_str(text).map_err(|e| ProfileError {
            location: Some(origin.to_string()),
            message: e.message().to_string(),
        })
    }
}

impl ProfileSpec {
    /// Reads a profile from TOML text.  `origin` names the text in errors
    /// (a file name); errors give the line and column and the key.
    ///
    /// ```
    /// let text = include_str!("../../profiles/this.toml");
    /// let p = urlprism::ProfileSpec::from_toml(text, "this.toml").unwrap();
    /// assert_eq!(p.name, "this");
    /// ```
    ///
    /// A file may start from a built-in profile: `extends = "chrome"`, then
    /// only the keys that change (a table key by key; `name` is needed,
    /// `description` defaults to the built-in's, said to be extended):
    ///
    /// ```
    /// let text = "extends = \"chrome\"\nname = \"chrome-latest\"\n[nameprep.nfkc]\nunicode = \"latest\"\n";
    /// let p = urlprism::ProfileSpec::from_toml(text, "chrome-latest.toml").unwrap();
    /// let chrome = urlprism::profile::builtin("chrome").unwrap();
    /// assert_eq!(p.nameprep.nfkc.unicode, urlprism::profile::UnicodeVersion::Latest);
    /// assert_eq!(p.canonicalize_host, chrome.canonicalize_host);
    /// assert!(p.description.starts_with("chrome, extended: "));
    /// ```
    pub fn from_toml(text: &str, origin: &str) -> Result<ProfileSpec, ProfileError> {
        if let Ok(table) = text.parse::<toml::Table>() {
            if let Some(base) = table.get("extends") {
                let base = base.clone();
                return Self::extending(&base, table, text, origin);
            }
        }
        toml::from_str::<ProfileSpec>(text).map_err(|e| {
            let location = e.span().map(|span| line_col(text, span.start, origin));
            ProfileError {
                location: location.or_else(|| Some(origin.to_string())),
                message: explained(e.message()),
            }
        })
    }

    /// The profile of a file (`text`, read as `file`) that extends the
    /// built-in profile `base`: the built-in's tables with the file's keys
    /// over them.  An error names the place in the file of the key it is
    /// about.
    fn extending(
        base: &toml::Value,
        mut file: toml::Table,
        text: &str,
        origin: &str,
    ) -> Result<ProfileSpec, ProfileError> {
        let at_key = |key: &str| -> Option<String> {
            key_line(text, None, key).map(|at| line_col(text, at, origin))
        };
        let names = || {
            BUILTIN_PROFILE_FILES
                .iter()
                .map(|(n, _)| *n)
                .collect::<Vec<_>>()
                .join(", ")
        };
        let Some((name, base_text)) = base.as_str().and_then(|b| {
            BUILTIN_PROFILE_FILES
                .iter()
                .find(|(n, _)| n.eq_ignore_ascii_case(b))
        }) else {
            return Err(ProfileError {
                location: at_key("extends").or_else(|| Some(origin.to_string())),
                message: format!(
                    "`extends` names no built-in profile: {base}; the built-in profiles are {}",
                    names()
                ),
            });
        };
        file.remove("extends");
        let mut merged: toml::Table = base_text
            .parse()
            .unwrap_or_else(|e| panic!("built-in profile {name} is malformed: {e}"));
        // Its place among the built-in profiles is the built-in's own.
        merged.remove("order");
        if !file.contains_key("description") {
            let description = merged
                .get("description")
                .and_then(toml::Value::as_str)
                .unwrap_or_default();
            let extended = format!("{name}, extended: {description}");
            merged.insert("description".into(), toml::Value::String(extended));
        }
        if !file.contains_key("name") {
            return Err(ProfileError {
                location: Some(origin.to_string()),
                message: format!("a file that extends {name} needs a `name` of its own"),
            });
        }
        merge_tables(&mut merged, file);
        let merged_text = toml::to_string(&merged).map_err(|e| ProfileError {
            location: Some(origin.to_string()),
            message: e.to_string(),
        })?;
        toml::from_str::<ProfileSpec>(&merged_text).map_err(|e| {
            // The place in the merged text, its key, and that key's place
            // in the file.
            let location = e
                .span()
                .and_then(|span| key_at(&merged_text, span.start))
                .and_then(|(table, key)| key_line(text, table.as_deref(), &key))
                .or_else(|| {
                    let message = e.message();
                    let key = message
                        .strip_prefix("unknown field `")
                        .and_then(|rest| rest.split('`').next())?;
                    key_line(text, None, key)
                })
                .map(|at| line_col(text, at, origin));
            ProfileError {
                location: location.or_else(|| Some(origin.to_string())),
                message: explained(e.message()),
            }
        })
    }

    /// Reads a profile file.
    pub fn from_file(path: impl AsRef<std::path::Path>) -> Result<ProfileSpec, ProfileError> {
        let path = path.as_ref();
        let text = std::fs::read_to_string(path).map_err(|e| ProfileError {
            location: Some(path.display().to_string()),
            message: format!("cannot read profile file: {e}"),
        })?;
        Self::from_toml(&text, &path.display().to_string())
    }
}

impl Profile for ProfileSpec {
    fn name(&self) -> &str {
        &self.name
    }
    fn description(&self) -> &str {
        &self.description
    }
    fn nameprep(&self) -> &NameprepParams {
        &self.nameprep
    }
    fn host(&self) -> &HostParams {
        &self.canonicalize_host
    }
    fn url(&self) -> &UrlParams {
        &self.url
    }
}

/// The built-in profile files, compiled in: (name, TOML text).
///
/// They are the files `profiles/*.toml`, found by the build
/// (`build/profile_files.rs`): a file added there is a built-in profile.
/// Their order, the column order of `urlprism compare`, is set by each
/// file's optional top-level key `order` (an integer, lowest first;
/// files without it come after, ties broken by name): THIS, CHROME,
/// GECKO, IE.  A built-in file is named after its profile
/// (`profiles/NAME.toml`) and names no `engine`.
pub const BUILTIN_PROFILE_FILES: &[(&str, &str)] =
    include!(concat!(env!("OUT_DIR"), "/builtin_profiles.rs"));

/// The built-in profiles, in the order of [`BUILTIN_PROFILE_FILES`]:
/// THIS, CHROME, GECKO, IE.
pub fn builtin_profiles() -> &'static [ProfileSpec] {
    static PROFILES: OnceLock<Vec<ProfileSpec>> = OnceLock::new();
    PROFILES.get_or_init(|| {
        BUILTIN_PROFILE_FILES
            .iter()
            .map(|(name, text)| {
                ProfileSpec::from_toml(text, &format!("profiles/{name}.toml"))
                    .unwrap_or_else(|e| panic!("built-in profile is malformed: {e}"))
            })
            .collect()
    })
}

/// The built-in profile named `name` (ASCII case-insensitive).
pub fn builtin(name: &str) -> Option<&'static ProfileSpec> {
    builtin_profiles()
        .iter()
        .find(|p| p.name.eq_ignore_ascii_case(name))
}

/// The name of the THIS profile, the specification's own choice.
pub const THIS: &str = "this";

/// The THIS profile, the specification's own choice.
pub fn this() -> &'static ProfileSpec {
    // Found by name once.
    static THIS_PROFILE: OnceLock<&'static ProfileSpec> = OnceLock::new();
    THIS_PROFILE.get_or_init(|| builtin(THIS).expect("profiles/this.toml is built in"))
}

/// A profile that mixes the built-in profiles' parameters: for every
/// parameter (every key of every table of `profiles/*.toml`, the
/// `nfkc` table's keys one by one), `pick(n)` chooses one of the `n`
/// distinct values the built-in profiles give it (taken modulo `n`; a
/// parameter a built-in profile leaves out counts as one more value, its
/// default).  The result is a profile a user could write; the property
/// tests and the fuzz targets run such profiles to check that the
/// shortcuts of the pipelines give what the steps give for any of them,
/// not only for the built-in ones.
///
/// ```
/// use urlprism::profile::{builtin_profiles, mixed_profile};
/// // Always the first value seen: the THIS profile's parameters.
/// let p = mixed_profile(|_| 0);
/// assert_eq!(p.canonicalize_host, builtin_profiles()[0].canonicalize_host);
/// // Always the last value seen.
/// let q = mixed_profile(|n| n - 1);
/// assert_eq!(q.canonicalize_host.hex_case, urlprism::profile::HexCase::Lower);
/// ```
pub fn mixed_profile(mut pick: impl FnMut(usize) -> usize) -> ProfileSpec {
    let tables: Vec<toml::Table> = builtin_profiles()
        .iter()
        .map(|p| toml::Table::try_from(p).expect("a profile serializes to a TOML table"))
        .collect();
    let refs: Vec<&toml::Table> = tables.iter().collect();
    let mut mixed = mix_tables(&refs, &mut pick);
    mixed.insert("name".into(), toml::Value::String("mixed".into()));
    mixed.insert(
        "description".into(),
        toml::Value::String("the built-in profiles' parameters, mixed".into()),
    );
    mixed
        .try_into()
        .expect("values every built-in profile accepts make a profile")
}

/// [`mixed_profile`] of some tables: the union of their keys, a sub-table
/// mixed key by key, any other value picked among the distinct values
/// seen (`None`: the key is left out).
fn mix_tables(tables: &[&toml::Table], pick: &mut impl FnMut(usize) -> usize) -> toml::Table {
    let mut keys: Vec<&String> = tables.iter().flat_map(|t| t.keys()).collect();
    keys.sort();
    keys.dedup();
    let mut out = toml::Table::new();
    for key in keys {
        let values: Vec<Option<&toml::Value>> = tables.iter().map(|t| t.get(key)).collect();
        let subtables: Vec<&toml::Table> = values.iter().filter_map(|v| (*v)?.as_table()).collect();
        if subtables.len() == values.len() {
            out.insert(
                key.clone(),
                toml::Value::Table(mix_tables(&subtables, pick)),
            );
            continue;
        }
        let mut distinct: Vec<Option<&toml::Value>> = Vec::new();
        for v in values {
            if !distinct.contains(&v) {
                distinct.push(v);
            }
        }
        if let Some(v) = distinct[pick(distinct.len()) % distinct.len()] {
            out.insert(key.clone(), v.clone());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_profiles_parse() {
        let names: Vec<_> = builtin_profiles().iter().map(|p| p.name.as_str()).collect();
        let files: Vec<_> = BUILTIN_PROFILE_FILES.iter().map(|(n, _)| *n).collect();
        assert_eq!(names, files);
        // The profiles of the specification's marks, in the order their
        // `order` keys give (other files of `profiles/` may come between).
        let marked = ["this", "chrome", "gecko", "ie"];
        let found: Vec<_> = names.iter().filter(|n| marked.contains(n)).collect();
        assert_eq!(found, marked.iter().collect::<Vec<_>>());
        assert_eq!(this().name, "this");
    }

    #[test]
    fn malformed_profile_names_line_and_key() {
        let text = include_str!("../../profiles/this.toml")
            .replace("hex_case = \"upper\"", "hex_case = \"middle\"");
        let e = ProfileSpec::from_toml(&text, "x.toml").unwrap_err();
        let line = text
            .lines()
            .position(|l| l.starts_with("hex_case"))
            .unwrap()
            + 1;
        assert_eq!(
            e.location.as_deref(),
            Some(format!("x.toml:{line}:12").as_str()),
            "{e}"
        );
        assert!(e.message.contains("middle"), "{e}");
        let e = ProfileSpec::from_toml("name = \"x\"\nbogus = 1\n", "y.toml").unwrap_err();
        assert!(e.to_string().contains("y.toml:"), "{e}");
        // A file of the format before the `[observed]` tables.
        let text = include_str!("../../profiles/ie.toml").replace("[observed.url]", "[url]");
        let e = ProfileSpec::from_toml(&text, "old.toml").unwrap_err();
        assert!(
            e.to_string().contains("`url` belongs in [observed.url]"),
            "{e}"
        );
    }

    /// A file of two lines that extends a built-in profile is that
    /// profile under another name; a key set in it overrides one, a table
    /// key by key.
    #[test]
    fn a_profile_file_extends_a_builtin() {
        let chrome = builtin("chrome").unwrap();
        let p =
            ProfileSpec::from_toml("extends = \"chrome\"\nname = \"opera\"\n", "o.toml").unwrap();
        assert_eq!(p.name, "opera");
        assert_eq!(
            (&p.nameprep, &p.canonicalize_host, &p.url),
            (&chrome.nameprep, &chrome.canonicalize_host, &chrome.url)
        );
        assert_eq!(
            p.description,
            format!("chrome, extended: {}", chrome.description)
        );
        let text = "extends = \"Chrome\"\nname = \"x\"\ndescription = \"mine\"\n\
                    [nameprep]\nnfkc = { unicode = \"latest\" }\n\
                    [canonicalize_host]\nroot_dot = \"keep\"\n";
        let p = ProfileSpec::from_toml(text, "x.toml").unwrap();
        assert_eq!(p.description, "mine");
        assert_eq!(p.nameprep.nfkc.unicode, UnicodeVersion::Latest);
        // The other keys of the inline table stay chrome's.
        assert_eq!(
            p.nameprep.nfkc.corrigendum_3,
            chrome.nameprep.nfkc.corrigendum_3
        );
        assert_eq!(p.canonicalize_host.root_dot, RootDot::Keep);
        assert_eq!(
            p.canonicalize_host.forbidden,
            chrome.canonicalize_host.forbidden
        );
    }

    /// An error in a file that extends a built-in profile names the line
    /// of the file that causes it.
    #[test]
    fn an_extending_file_s_errors_name_its_lines() {
        let line_of = |e: &ProfileError| -> usize {
            e.location
                .as_deref()
                .unwrap()
                .split(':')
                .nth(1)
                .unwrap()
                .parse()
                .unwrap()
        };
        let text = "extends = \"ie\"\nname = \"x\"\n\n[canonicalize_host]\nhex_case = \"middle\"\n";
        let e = ProfileSpec::from_toml(text, "x.toml").unwrap_err();
        assert_eq!(line_of(&e), 5, "{e}");
        assert!(e.message.contains("middle"), "{e}");
        let text = "extends = \"ie\"\nname = \"x\"\n[canonicalize_host]\ncolon_in_host_is_invalid = true\n";
        let e = ProfileSpec::from_toml(text, "x.toml").unwrap_err();
        assert_eq!(line_of(&e), 4, "{e}");
        assert!(
            e.to_string()
                .contains("belongs in [observed.canonicalize_host]"),
            "{e}"
        );
        let e =
            ProfileSpec::from_toml("name = \"x\"\nextends = \"netscape\"\n", "x.toml").unwrap_err();
        assert_eq!(line_of(&e), 2, "{e}");
        assert!(e.message.contains("chrome"), "{e}");
        let e = ProfileSpec::from_toml("extends = \"ie\"\n", "x.toml").unwrap_err();
        assert!(e.message.contains("needs a `name`"), "{e}");
    }

    #[test]
    fn a_user_profile_can_mix() {
        // Chrome with latest-Unicode NFKC.
        let text = include_str!("../../profiles/chrome.toml")
            .replace("unicode = \"3.2\"", "unicode = \"latest\"");
        let p = ProfileSpec::from_toml(&text, "mix.toml").unwrap();
        assert_eq!(p.nameprep.nfkc.unicode, UnicodeVersion::Latest);
    }

    #[test]
    fn mixed_profiles_take_each_value_seen() {
        // Picking the i-th value of every parameter, for every i, meets
        // every built-in profile's value of every parameter.
        for b in builtin_profiles() {
            let found = (0..4).any(|i| {
                let m = mixed_profile(|n| i.min(n - 1));
                m.canonicalize_host.root_dot == b.canonicalize_host.root_dot
            });
            assert!(found, "{}", b.name);
        }
        // A mix really mixes: THIS's Nameprep with IE's host steps is one.
        let mut calls = 0;
        let m = mixed_profile(|n| {
            calls += 1;
            n - 1
        });
        assert!(calls > 20, "{calls} parameters");
        assert_eq!(m.name, "mixed");
        assert!(ProfileSpec::from_toml(&toml::to_string(&m).unwrap(), "m.toml").is_ok());
    }
}
