//! The JSON objects of `urlprism canon --json`, `compare --json` and
//! `trace --json`: one definition, written by the command-line tool, its
//! HTTP server and the Python package alike (feature `json`).
//!
//! ```
//! use urlprism::engines::builtin_engines;
//! let engines = builtin_engines();
//! let line = urlprism::json::compare("http://a%5Fb.test/", &engines, None, urlprism::encoding_rs::UTF_8);
//! let v: serde_json::Value = serde_json::from_str(&line).unwrap();
//! assert_eq!(v["agree"], false);
//! assert_eq!(v["differing"], serde_json::json!(["host"]));
//! assert_eq!(v["results"][2]["profile"], "gecko");
//! assert_eq!(v["results"][2]["canonical"], "http://a%5fb.test/");
//! ```

use crate::compare::{
    trace_url, AlignedStep, Comparer, Comparison, Divergence, Engine, Field, Rejection, UrlTrace,
};
use crate::engines::EngineSpec;
use crate::url::Url;
use encoding_rs::Encoding;
use serde::Serialize;
use std::io::{self, Write};

/// The eight components of a canonical URL (`null` when absent, or when
/// there is no URL).
#[derive(Serialize)]
struct Components<'a> {
    scheme: Option<&'a str>,
    user: Option<&'a str>,
    password: Option<&'a str>,
    host: Option<&'a str>,
    port: Option<&'a str>,
    path: Option<&'a str>,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

impl<'a> Components<'a> {
    fn of(u: Option<&'a Url>) -> Self {
        let c = |f: Field| u.and_then(|u| f.of(u));
        Components {
            scheme: c(Field::Scheme),
            user: c(Field::User),
            password: c(Field::Password),
            host: c(Field::Host),
            port: c(Field::Port),
            path: c(Field::Path),
            query: c(Field::Query),
            fragment: c(Field::Fragment),
        }
    }
}

/// One line of `canon --json`.
#[derive(Serialize)]
struct CanonLine<'a> {
    input: &'a str,
    /// The input's bytes in hexadecimal, for an input that is not valid
    /// UTF-8 (`input` is then its lossy decoding).
    #[serde(skip_serializing_if = "Option::is_none")]
    input_hex: Option<String>,
    canonical: Option<&'a str>,
    /// For an invalid URL that the modelled browser still shows (see
    /// [`crate::error::Error::displayed`]), that string.
    #[serde(skip_serializing_if = "Option::is_none")]
    displayed: Option<&'a str>,
    error: Option<&'a str>,
    /// For a link in a page, what `a.href` gives: the canonical URL, or
    /// for an invalid link the attribute as written.
    #[serde(skip_serializing_if = "Option::is_none")]
    href: Option<&'a str>,
    #[serde(flatten)]
    components: Components<'a>,
}

/// What `a.href` gives for a link (`input`) in a page: its canonical
/// URL, or for an invalid link the URL a 2011 browser shows
/// (`displayed`), or the attribute as written.
fn a_href<'a>(input: &'a str, canonical: Option<&'a str>, displayed: Option<&'a str>) -> &'a str {
    canonical.or(displayed).unwrap_or(input)
}

/// Writes the `canon --json` line (the object and its newline) of `input`
/// and its canonical URL or the reason it has none.
///
/// ```
/// let mut out = Vec::new();
/// urlprism::json::write_canon(&mut out, "x", &Err("no scheme".to_string())).unwrap();
/// assert!(String::from_utf8(out).unwrap().starts_with(r#"{"input":"x","canonical":null,"error":"no scheme","scheme":null"#));
/// ```
pub fn write_canon(
    out: &mut impl Write,
    input: &str,
    result: &Result<Url, String>,
) -> io::Result<()> {
    write_canon_displayed(out, input, result, None)
}

/// [`write_canon`] of an invalid URL that the modelled browser still
/// shows as `displayed` ([`crate::error::Error::displayed`]): `"canonical":
/// null`, then `"displayed"`.
///
/// ```
/// let mut out = Vec::new();
/// let e = Err("invalid host".to_string());
/// urlprism::json::write_canon_displayed(&mut out, "http://[a]/", &e, Some("http://[a]/")).unwrap();
/// assert!(String::from_utf8(out).unwrap().starts_with(r#"{"input":"http://[a]/","canonical":null,"displayed":"http://[a]/","error":"invalid host""#));
/// ```
pub fn write_canon_displayed(
    out: &mut impl Write,
    input: &str,
    result: &Result<Url, String>,
    displayed: Option<&str>,
) -> io::Result<()> {
    let (canonical, error) = match result {
        Ok(u) => (Some(u.as_str()), None),
        Err(e) => (None, Some(e.as_str())),
    };
    let line = CanonLine {
        input,
        input_hex: None,
        canonical,
        displayed: displayed.filter(|_| result.is_err()),
        error,
        href: None,
        components: Components::of(result.as_ref().ok()),
    };
    serde_json::to_writer(&mut *out, &line).map_err(io::Error::other)?;
    out.write_all(b"\n")
}

/// [`write_canon_displayed`] in a context: for a link in a page (`link`),
/// also `"href"`, what `a.href` gives (the canonical URL, or for an
/// invalid link the attribute as written).
///
/// ```
/// let mut out = Vec::new();
/// let e = Err("invalid host".to_string());
/// urlprism::json::write_canon_in_context(&mut out, "http://[/", &e, None, true).unwrap();
/// assert!(String::from_utf8(out).unwrap().contains(r#""error":"invalid host","href":"http://[/""#));
/// ```
pub fn write_canon_in_context(
    out: &mut impl Write,
    input: &str,
    result: &Result<Url, String>,
    displayed: Option<&str>,
    link: bool,
) -> io::Result<()> {
    let (canonical, error) = match result {
        Ok(u) => (Some(u.as_str()), None),
        Err(e) => (None, Some(e.as_str())),
    };
    let displayed = displayed.filter(|_| result.is_err());
    let line = CanonLine {
        input,
        input_hex: None,
        canonical,
        displayed,
        error,
        href: link.then(|| a_href(input, canonical, displayed)),
        components: Components::of(result.as_ref().ok()),
    };
    serde_json::to_writer(&mut *out, &line).map_err(io::Error::other)?;
    out.write_all(b"\n")
}

/// Writes the `canon --json` line of an input that is not valid UTF-8:
/// `input` its lossy decoding (U+FFFD for each ill-formed sequence),
/// `input_hex` its bytes, `error` why it has no canonical URL.
///
/// ```
/// let mut out = Vec::new();
/// urlprism::json::write_canon_not_utf8(&mut out, "a\u{FFFD}", b"a\xff", "not valid UTF-8").unwrap();
/// let line = String::from_utf8(out).unwrap();
/// assert!(line.starts_with("{\"input\":\"a\u{FFFD}\",\"input_hex\":\"61ff\",\"canonical\":null,\"error\":\"not valid UTF-8\""), "{line}");
/// ```
pub fn write_canon_not_utf8(
    out: &mut impl Write,
    lossy: &str,
    bytes: &[u8],
    reason: &str,
) -> io::Result<()> {
    let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    let line = CanonLine {
        input: lossy,
        input_hex: Some(hex),
        canonical: None,
        displayed: None,
        error: Some(reason),
        href: None,
        components: Components::of(None),
    };
    serde_json::to_writer(&mut *out, &line).map_err(io::Error::other)?;
    out.write_all(b"\n")
}

/// One engine's result in a `compare --json` line.
#[derive(Serialize)]
struct CompareResult<'a> {
    profile: &'a str,
    canonical: Option<&'a str>,
    /// The string the browser showed for the invalid URL, where the
    /// engine models one ([`crate::error::Error::displayed`]); absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    displayed: Option<&'a str>,
    error: Option<String>,
    /// For a link in a page, what `a.href` gives (see [`a_href`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    href: Option<&'a str>,
    #[serde(flatten)]
    components: Components<'a>,
}

/// One line of `compare --json`.
#[derive(Serialize)]
struct CompareLine<'a> {
    line: usize,
    input: &'a str,
    base: Option<&'a str>,
    agree: bool,
    differing: &'a [Field],
    results: Vec<CompareResult<'a>>,
}

/// Writes the `compare --json` line (the object and its newline) of the
/// comparison `c` of input number `line`.
pub fn write_comparison(out: &mut impl Write, line: usize, c: &Comparison) -> io::Result<()> {
    write_comparison_in_context(out, line, c, false)
}

/// [`write_comparison`] in a context: for a link in a page (`link`), each
/// result also has `"href"`, what `a.href` gives (the canonical URL, or
/// for an invalid link the attribute as written).
pub fn write_comparison_in_context(
    out: &mut impl Write,
    line: usize,
    c: &Comparison,
    link: bool,
) -> io::Result<()> {
    let results = c
        .results
        .iter()
        .map(|r| {
            let displayed = r.rejection().and_then(Rejection::displayed);
            CompareResult {
                profile: &r.engine,
                canonical: r.canonical(),
                displayed,
                error: r.rejection().map(|e| e.to_string()),
                href: link.then(|| a_href(&c.input, r.canonical(), displayed)),
                components: Components::of(r.url()),
            }
        })
        .collect();
    let j = CompareLine {
        line,
        input: &c.input,
        base: c.base.as_deref(),
        agree: c.agree(),
        differing: &c.differing,
        results,
    };
    serde_json::to_writer(&mut *out, &j).map_err(io::Error::other)?;
    out.write_all(b"\n")
}

/// What `urlprism compare --json URL` prints for the one argument `url`
/// (the object and its newline, `"line":1`): compared under `engines`,
/// resolved against `base` (a checked one: an invalid base makes every
/// result an error) with the document encoding `encoding`.
pub fn compare(
    url: &str,
    engines: &[EngineSpec],
    base: Option<&str>,
    encoding: &'static Encoding,
) -> String {
    let engines = engines_of(engines);
    let c = Comparer::new(&engines, base, encoding).compare(url);
    let mut out = Vec::new();
    // Writing into a Vec fails only if serialization does, which it
    // does not for these types.
    let _ = write_comparison(&mut out, 1, &c);
    String::from_utf8(out).unwrap_or_default()
}

/// [`compare`] in `context` ([`Comparer::in_context`]; for a link in a
/// page, each result has its `"href"`).
///
/// ```
/// use urlprism::{engines::group, Context, encoding_rs::UTF_8};
/// let line = urlprism::json::compare_in_context("http://[", &group("today").unwrap(), None, &Context::link_in_page(UTF_8));
/// let v: serde_json::Value = serde_json::from_str(&line).unwrap();
/// assert_eq!(v["results"][1]["canonical"], serde_json::Value::Null);
/// assert_eq!(v["results"][1]["href"], "http://[");
/// ```
pub fn compare_in_context(
    url: &str,
    engines: &[EngineSpec],
    base: Option<&str>,
    context: &crate::engines::page::Context,
) -> String {
    let engines = engines_of(engines);
    let c = Comparer::in_context(&engines, base, context).compare(url);
    let mut out = Vec::new();
    let link = context.page_url().is_some();
    let _ = write_comparison_in_context(&mut out, 1, &c, link);
    String::from_utf8(out).unwrap_or_default()
}

/// The `trace --json` object.
#[derive(Serialize)]
struct TraceObject<'a> {
    input: &'a str,
    base: Option<&'a str>,
    scheme: Option<&'a str>,
    host: Option<&'a str>,
    /// Why no host was traced.
    no_host: Option<&'a str>,
    profiles: &'a [String],
    results: Vec<TraceResult<'a>>,
    steps: &'a [AlignedStep],
    divergence: Option<&'a Divergence>,
    /// The URL-level steps that change a profile's result, with what it
    /// gives without each.
    url_steps: Vec<UrlStepJson<'a>>,
    /// The profiles whose URL-level steps give the whole URL (no host
    /// steps run).
    whole_url: &'a [String],
}

/// A URL-level step that changes a profile's result, in the `trace
/// --json` object.
#[derive(Serialize)]
struct UrlStepJson<'a> {
    profile: &'a str,
    /// The step (its `[observed.url]` parameter).
    step: &'a str,
    /// The canonical URL the profile gives without the step.
    without: Option<&'a str>,
    /// Why there is none without it.
    without_error: Option<&'a str>,
}

/// One engine's result in the `trace --json` object.
#[derive(Serialize)]
struct TraceResult<'a> {
    profile: &'a str,
    /// The canonical host.
    host: Option<&'a str>,
    host_error: Option<&'a str>,
    /// The whole URL.
    canonical: Option<&'a str>,
    error: Option<String>,
}

/// The host trace of `url` (resolved against `base`) under `engines`, and
/// its comparison for the whole URL's results (UTF-8 queries): what
/// `urlprism trace` shows.
pub fn trace_and_compare(
    url: &str,
    base: Option<&str>,
    engines: &[EngineSpec],
) -> (UrlTrace, Comparison) {
    let engines = engines_of(engines);
    let trace = trace_url(url, base, &engines);
    let comparison = Comparer::new(&engines, base, encoding_rs::UTF_8).compare(url);
    (trace, comparison)
}

/// What `urlprism trace --json URL` prints (the object and its newline)
/// under `engines`, resolved against `base`.
///
/// ```
/// use urlprism::engines::builtin_engines;
/// let text = urlprism::json::trace("http://a%5Fb.test/", &builtin_engines(), None);
/// let v: serde_json::Value = serde_json::from_str(&text).unwrap();
/// assert_eq!(v["host"], "a%5Fb.test");
/// assert_eq!(v["results"][0]["host"], "a_b.test");
/// ```
pub fn trace(url: &str, engines: &[EngineSpec], base: Option<&str>) -> String {
    let (t, c) = trace_and_compare(url, base, engines);
    trace_text(&t, &c)
}

/// The `trace --json` object of a trace and its comparison (as made by
/// [`trace_and_compare`]), and its newline.
pub fn trace_text(trace: &UrlTrace, comparison: &Comparison) -> String {
    let results = comparison
        .results
        .iter()
        .map(|r| {
            let t = trace.traces.iter().find(|t| t.engine == r.engine);
            TraceResult {
                profile: &r.engine,
                host: t.and_then(|t| t.output.as_deref()),
                host_error: t.and_then(|t| t.error.as_deref()),
                canonical: r.canonical(),
                error: r.rejection().map(|e| e.to_string()),
            }
        })
        .collect();
    let j = TraceObject {
        input: &trace.input,
        base: trace.base.as_deref(),
        scheme: trace.scheme.as_deref(),
        host: trace.host.as_deref(),
        no_host: trace.no_host.as_deref(),
        profiles: &trace.engines,
        results,
        steps: &trace.steps,
        divergence: trace.divergence.as_ref(),
        url_steps: (trace.url_steps.iter())
            .map(|(profile, e)| UrlStepJson {
                profile,
                step: e.step,
                without: e.without.as_ref().ok().map(String::as_str),
                without_error: e.without.as_ref().err().map(String::as_str),
            })
            .collect(),
        whole_url: &trace.whole_url,
    };
    let mut s = serde_json::to_string(&j).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"));
    s.push('\n');
    s
}

/// The engines as `dyn Engine`s, in the same order.
fn engines_of(engines: &[EngineSpec]) -> Vec<&dyn Engine> {
    engines.iter().map(|e| e as &dyn Engine).collect()
}

/// One line of `key --json`.
#[derive(Serialize)]
struct KeyLine<'a> {
    input: &'a str,
    /// The input's octets in hexadecimal, when they are not UTF-8.
    #[serde(skip_serializing_if = "Option::is_none")]
    input_hex: Option<String>,
    kind: &'a str,
    key: Option<String>,
    /// The key's octets in hexadecimal, when they are not UTF-8.
    #[serde(skip_serializing_if = "Option::is_none")]
    key_hex: Option<String>,
    error: Option<String>,
    /// The steps that changed the URL, in order.
    steps: &'a [&'static str],
    #[serde(skip_serializing_if = "Option::is_none")]
    expressions: Option<Vec<String>>,
    /// Common Crawl's host columns, when asked for (`null` for a URL
    /// without a host).
    #[serde(skip_serializing_if = "Option::is_none")]
    host_columns: Option<Option<&'a crate::keys::psl::HostColumns>>,
}

fn text_and_hex(bytes: &[u8]) -> (String, Option<String>) {
    match std::str::from_utf8(bytes) {
        Ok(s) => (s.to_string(), None),
        Err(_) => (
            String::from_utf8_lossy(bytes).into_owned(),
            Some(bytes.iter().map(|b| format!("{b:02x}")).collect()),
        ),
    }
}

/// Writes the object of `key --json` for `input` (one line): `input`,
/// `kind`, `key` or `error`, `steps` (the steps that changed the URL, in
/// order), `expressions` and `host_columns` (Common Crawl's columns of the
/// URL's host, `null` without one) when given; `input_hex` and `key_hex`
/// when the octets are not UTF-8.
///
/// ```
/// use urlprism::keys::{Applied, Key};
/// let kind = Key::builtin("surt").unwrap();
/// let mut applied = Applied::recording();
/// let mut key = Vec::new();
/// let result = kind.make_into(b"http://www.Example.com/", &mut applied, &mut key);
/// let mut out = Vec::new();
/// urlprism::json::write_key(&mut out, b"http://www.Example.com/", kind.name(), result.map(|()| &key[..]).map_err(|e| e.to_string()), applied.steps(), None, None).unwrap();
/// let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
/// assert_eq!(v["key"], "com,example)/");
/// ```
pub fn write_key(
    out: &mut impl Write,
    input: &[u8],
    kind: &str,
    key: Result<&[u8], String>,
    steps: &[&'static str],
    expressions: Option<&[Vec<u8>]>,
    host_columns: Option<Option<&crate::keys::psl::HostColumns>>,
) -> io::Result<()> {
    let (input, input_hex) = text_and_hex(input);
    let (key, key_hex, error) = match key {
        Ok(k) => {
            let (k, hex) = text_and_hex(k);
            (Some(k), hex, None)
        }
        Err(e) => (None, None, Some(e)),
    };
    let line = KeyLine {
        input: &input,
        input_hex,
        kind,
        key,
        key_hex,
        error,
        steps,
        expressions: expressions.map(|e| {
            e.iter()
                .map(|x| String::from_utf8_lossy(x).into_owned())
                .collect()
        }),
        host_columns,
    };
    serde_json::to_writer(&mut *out, &line).map_err(io::Error::other)?;
    out.write_all(b"\n")
}

/// One engine's address bar for one input, in [`display`]'s object.
#[derive(Serialize)]
struct Shown<'a> {
    profile: &'a str,
    #[serde(flatten)]
    display: Option<crate::compare::display::Display>,
    error: Option<String>,
}

/// The object of `urlprism display --json URL` (without its newline):
/// the input, and for each engine in order what its address bar shows
/// (`shown`, `full`, each host label with the rule that decided it, what
/// is left out) or why there is nothing to show (`error`).  An engine
/// that models no address bar says so in `error`; a panic, a bug, is an
/// internal error.
///
/// ```
/// let webkit = urlprism::engines::builtin_engine("webkit").unwrap();
/// let line = urlprism::json::display("http://xn--bcher-kva.de/", &[webkit]);
/// let v: serde_json::Value = serde_json::from_str(&line).unwrap();
/// assert_eq!(v["displays"][0]["shown"], "http://bücher.de/");
/// assert_eq!(v["displays"][0]["labels"][0]["unicode"], true);
/// ```
pub fn display(input: &str, engines: &[EngineSpec]) -> String {
    let results: Vec<_> = engines
        .iter()
        .map(|e| crate::compare::display::display_of(e, input))
        .collect();
    display_results(input, engines, results)
}

/// [`display`]'s object of `results`, the display (or why none) of each
/// of `engines` for `input`, in order.
pub fn display_results(
    input: &str,
    engines: &[EngineSpec],
    results: Vec<Result<crate::compare::display::Display, String>>,
) -> String {
    #[derive(Serialize)]
    struct Line<'a> {
        input: &'a str,
        displays: Vec<Shown<'a>>,
    }
    let displays = engines
        .iter()
        .zip(results)
        .map(|(e, r)| match r {
            Ok(d) => Shown {
                profile: e.name(),
                display: Some(d),
                error: None,
            },
            Err(why) => Shown {
                profile: e.name(),
                display: None,
                error: Some(why),
            },
        })
        .collect();
    serde_json::to_string(&Line { input, displays }).expect("a JSON object")
}
