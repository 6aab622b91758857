//! The parameters of Nameprep and CanonicalizeHost: which of their marked
//! steps run and with what, and the parameters of the observed steps next
//! to them (a profile file's `[nameprep]`, `[canonicalize_host]`,
//! `[observed.nameprep]` and `[observed.canonicalize_host]` tables).

use crate::text::octets::OctetSet;
use crate::text::percent::HexCase;
use crate::text::unicode::version::{BidiVersion, NfkcVariant};
use serde::{Deserialize, Serialize};

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
    /// (`text::ipv6::canonicalize_ipv6_windows`), or the URL is invalid
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
