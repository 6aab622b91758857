//! `urlprism._urlprism`: the Python extension module of urlprism.  The
//! package `urlprism` (`python/urlprism/`) wraps it: it documents the
//! public functions and turns JSON text and Arrow buffers into Python
//! objects.
//!
//! Every call into the library runs under `catch_panic`: a bug reaches
//! Python as a result's reason ("internal error: ...") or a
//! `RuntimeError`, never as a `PanicException`.

mod arrow;
mod keys;
mod profile;

use arrow::{bitmap, Buffers, StringsIn, StringsOut};
use profile::{engine_of, engines_of, Profile, ProfileError};
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList, PyString};
use std::sync::Arc;
use urlprism::compare::{Comparer, Engine};
use urlprism::encoding_rs::Encoding;
use urlprism::engines::EngineSpec;
use urlprism::text::panic::catch_panic;
use urlprism::{Canonicalizer, Context, Url};

/// The options of a canonicalization: the engine, the base URL (checked
/// once) and the document encoding.
struct Options {
    engine: Arc<EngineSpec>,
    base: Option<String>,
    context: Context,
}

/// The keyword arguments `encoding`, `context` and `page_url`, as given.
type Place<'a> = (Option<&'a str>, Option<&'a str>, Option<&'a str>);

/// The context the keyword arguments name (as the command line's
/// `--encoding`, `--context` and `--page-url`): a link in a page with
/// `context="link"`, an `encoding` or a `page_url`, else `new URL()`
/// (UTF-8).  A `ValueError` for an unknown context or label, or an
/// encoding or page URL with `context="new-url"`.
fn context_of((encoding, context, page_url): Place<'_>) -> PyResult<Context> {
    let link = match context {
        None => encoding.is_some() || page_url.is_some(),
        Some("link") => true,
        Some("new-url") => false,
        Some(other) => {
            return Err(PyValueError::new_err(format!(
                "context: unknown context {other:?}: \"link\" (a link in a page) or \"new-url\" \
                 (new URL())"
            )))
        }
    };
    if !link {
        if encoding.is_some() || page_url.is_some() {
            return Err(PyValueError::new_err(
                "context: encoding and page_url are for a link in a page (context=\"link\"): \
                 new URL() parses in UTF-8 against base",
            ));
        }
        return Ok(Context::NewUrl);
    }
    let page_url = page_url.unwrap_or(urlprism::engines::page::DEFAULT_PAGE_URL);
    if urlprism::parse(page_url).scheme.is_none() {
        return Err(PyValueError::new_err(format!(
            "page_url: {page_url:?} is not an absolute URL"
        )));
    }
    Ok(Context::LinkInPage {
        encoding: encoding_of(encoding.unwrap_or("utf-8"))?,
        page_url: page_url.to_string(),
    })
}

impl Options {
    fn new(
        profile: Option<&Bound<'_, PyAny>>,
        base: Option<&str>,
        place: Place<'_>,
    ) -> PyResult<Options> {
        let engine = match profile {
            Some(p) => engine_of(p)?,
            None => profile::builtin("this")?,
        };
        // The base is checked by `canonicalizer`, which every use calls.
        Ok(Options {
            engine,
            base: base.map(str::to_string),
            context: context_of(place)?,
        })
    }

    /// The canonicalizer; an invalid base (of `new URL()`) is a
    /// `ValueError`.
    fn canonicalizer(&self) -> PyResult<Canonicalizer<'_>> {
        let c = Canonicalizer::new(&*self.engine).context(self.context.clone());
        match &self.base {
            None => Ok(c),
            Some(b) => with_base(b, || c.base(b)),
        }
    }

    /// Whether the inputs are links in a page.
    fn link(&self) -> bool {
        self.context.page_url().is_some()
    }
}

/// What `set_base` gives (a canonicalizer with the base URL `base`); an
/// invalid base is a `ValueError`.
fn with_base<T>(base: &str, set_base: impl FnOnce() -> Result<T, urlprism::Error>) -> PyResult<T> {
    match catch_panic(set_base) {
        Ok(Ok(c)) => Ok(c),
        Ok(Err(e)) => Err(PyValueError::new_err(format!("base: {e}"))),
        Err(panic) => Err(PyValueError::new_err(format!(
            "base: cannot parse the base URL {base:?}: internal error: {panic}"
        ))),
    }
}

/// The encoding of an Encoding Standard label; an unknown one is a
/// `ValueError`.
fn encoding_of(label: &str) -> PyResult<&'static Encoding> {
    Encoding::for_label(label.trim().as_bytes()).ok_or_else(|| {
        PyValueError::new_err(format!(
            "encoding: unknown label {label:?} (an Encoding Standard label, e.g. utf-8, \
             shift_jis, windows-1252)"
        ))
    })
}

/// The canonical URL of `input` under `c`, or why it has none (a panic,
/// a bug, is reported as an internal error).
fn canonical(c: &Canonicalizer<'_>, input: &str) -> Result<Url, String> {
    match catch_panic(|| c.canonicalize(input)) {
        Ok(Ok(u)) => Ok(u),
        Ok(Err(e)) => Err(e.to_string()),
        Err(panic) => Err(format!("internal error: {panic}")),
    }
}

/// [`canonical`] into `out`: whether `input` has a canonical URL.
fn canonical_to(c: &Canonicalizer<'_>, input: &str, out: &mut String) -> bool {
    matches!(catch_panic(|| c.canonicalize_to(input, out)), Ok(Ok(())))
}

/// The URL `url` as a Rust string: `None` for `None`, the reason for a
/// `str` that is not valid Unicode (a lone surrogate), a `TypeError` for
/// anything else (`what` names it).
fn input_of<'a>(
    url: &'a Bound<'_, PyAny>,
    what: impl FnOnce() -> String,
) -> PyResult<Option<Result<&'a str, String>>> {
    if url.is_none() {
        return Ok(None);
    }
    let Ok(s) = url.cast::<PyString>() else {
        return Err(PyTypeError::new_err(format!(
            "{}: expected a str or None, got {}",
            what(),
            url.get_type().name()?
        )));
    };
    Ok(Some(
        s.to_str()
            .map_err(|e| format!("the URL is not valid Unicode: {e}")),
    ))
}

/// The text of each item of a list (`urls[i]` in messages): `None` for
/// `None` and for a `str` that is not valid Unicode, which have no result;
/// a `TypeError` for an item of another type.
fn texts_of<'a>(items: &'a [Bound<'_, PyAny>]) -> PyResult<Vec<Option<&'a str>>> {
    let mut inputs = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        inputs.push(match input_of(item, || format!("urls[{i}]"))? {
            Some(Ok(s)) => Some(s),
            _ => None,
        });
    }
    Ok(inputs)
}

/// canonicalize(url, profile="this", base=None, encoding=None, context=None, page_url=None)
/// --
///
/// The canonical URL of `url`, or `None` when it has none (`explain`
/// says why).
#[pyfunction]
#[pyo3(signature = (url, profile = None, base = None, encoding = None, context = None, page_url = None))]
fn canonicalize(
    url: &Bound<'_, PyAny>,
    profile: Option<&Bound<'_, PyAny>>,
    base: Option<&str>,
    encoding: Option<&str>,
    context: Option<&str>,
    page_url: Option<&str>,
) -> PyResult<Option<String>> {
    Ok(explained(url, profile, base, (encoding, context, page_url))?.ok())
}

/// explain(url, profile="this", base=None, encoding=None, context=None, page_url=None)
/// --
///
/// Why `url` has no canonical URL, or `None` when it has one.
#[pyfunction]
#[pyo3(signature = (url, profile = None, base = None, encoding = None, context = None, page_url = None))]
fn explain(
    url: &Bound<'_, PyAny>,
    profile: Option<&Bound<'_, PyAny>>,
    base: Option<&str>,
    encoding: Option<&str>,
    context: Option<&str>,
    page_url: Option<&str>,
) -> PyResult<Option<String>> {
    Ok(explained(url, profile, base, (encoding, context, page_url))?.err())
}

fn explained(
    url: &Bound<'_, PyAny>,
    profile: Option<&Bound<'_, PyAny>>,
    base: Option<&str>,
    place: Place<'_>,
) -> PyResult<Result<String, String>> {
    let options = Options::new(profile, base, place)?;
    let c = options.canonicalizer()?;
    Ok(match input_of(url, || "url".to_string())? {
        None => Err("the URL is None".to_string()),
        Some(Err(reason)) => Err(reason),
        Some(Ok(s)) => canonical(&c, s).map(String::from),
    })
}

/// The canonical URLs of a list of `str` (or `None`), a list of `str` or
/// `None`; the work runs without the GIL.
// The Python function's keyword arguments, one parameter each.
#[allow(clippy::too_many_arguments)]
#[pyfunction]
#[pyo3(signature = (urls, profile = None, base = None, encoding = None, context = None, page_url = None, threads = None))]
fn canonicalize_list<'py>(
    py: Python<'py>,
    urls: &Bound<'py, PyList>,
    profile: Option<&Bound<'py, PyAny>>,
    base: Option<&str>,
    encoding: Option<&str>,
    context: Option<&str>,
    page_url: Option<&str>,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyList>> {
    let options = Options::new(profile, base, (encoding, context, page_url))?;
    // Owned references: the strings live while the GIL is released even
    // if another thread empties the list meanwhile.
    let items: Vec<Bound<'py, PyAny>> = urls.iter().collect();
    let inputs = texts_of(&items)?;
    let (canonical, unchanged) = py.detach(|| {
        let parts = in_parallel(inputs.len(), threads, |range| {
            let c = options.canonicalizer()?;
            let mut out = StringsOut::with_capacity(range.len(), range.len() * 64);
            let mut unchanged = Vec::with_capacity(range.len());
            let mut buffer = String::new();
            for s in &inputs[range] {
                let valid = s.is_some_and(|s| canonical_to(&c, s, &mut buffer));
                let same = valid && *s == Some(buffer.as_str());
                // An input already canonical is given back as it is:
                // no bytes copied, no str made for it.
                out.push((valid && !same).then_some(buffer.as_str()));
                unchanged.push(same);
            }
            Ok((out, unchanged))
        })?;
        let (outs, flags): (Vec<StringsOut>, Vec<Vec<bool>>) = parts.into_iter().unzip();
        Ok::<_, PyErr>((StringsOut::concat(outs), flags.concat()))
    })?;
    // An exact `str` (not a subclass) that is its own canonical URL is
    // returned itself, which saves making one new `str` per URL on an
    // already canonical corpus.
    PyList::new(
        py,
        (0..canonical.len()).map(|i| {
            let text = if unchanged[i] {
                if items[i].is_exact_instance_of::<PyString>() {
                    return items[i].clone();
                }
                inputs[i]
            } else {
                canonical.get(i)
            };
            match text {
                Some(s) => PyString::new(py, s).into_any(),
                None => py.None().into_bound(py),
            }
        }),
    )
}

/// How many threads a batch of `n` URLs runs on: `threads`, or every
/// core when `None`, but no more than one per 4096 URLs.
fn threads_for(n: usize, threads: Option<usize>) -> usize {
    let cores = || std::thread::available_parallelism().map_or(1, |c| c.get());
    let most = threads.unwrap_or_else(cores).clamp(1, 256);
    most.min(n.div_ceil(4096)).max(1)
}

/// `work` run on `threads` contiguous ranges of `0..n` (one per thread),
/// its results in order.
fn in_parallel<R: Send>(
    n: usize,
    threads: Option<usize>,
    work: impl Fn(std::ops::Range<usize>) -> PyResult<R> + Sync,
) -> PyResult<Vec<R>> {
    let threads = threads_for(n, threads);
    if threads == 1 {
        return Ok(vec![work(0..n)?]);
    }
    let chunk = n.div_ceil(threads);
    let work = &work;
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| scope.spawn(move || work(t * chunk..((t + 1) * chunk).min(n))))
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join().unwrap_or_else(|_| {
                    Err(PyRuntimeError::new_err(
                        "internal error: a worker thread panicked",
                    ))
                })
            })
            .collect()
    })
}

/// An Arrow string array's buffers, as `canonicalize_arrow` and
/// `compare_arrow` take them (see `urlprism/_arrow.py`).
#[derive(FromPyObject)]
#[pyo3(from_item_all)]
struct ArrowIn<'py> {
    validity: Option<Bound<'py, PyBytes>>,
    validity_offset: usize,
    offsets: Bound<'py, PyBytes>,
    data: Bound<'py, PyBytes>,
    data_base: usize,
    length: usize,
    large: bool,
}

impl<'py> ArrowIn<'py> {
    fn strings(&self) -> PyResult<StringsIn<'_>> {
        let s = StringsIn {
            validity: self.validity.as_ref().map(|v| v.as_bytes()),
            validity_offset: self.validity_offset,
            offsets: self.offsets.as_bytes(),
            data: self.data.as_bytes(),
            data_base: self.data_base,
            length: self.length,
            large: self.large,
        };
        s.check()?;
        Ok(s)
    }
}

/// An Arrow string array's new buffers: (validity, offsets, data, null
/// count, large).
type ArrowOut<'py> = (
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
    usize,
    bool,
);

fn arrow_out<'py>(py: Python<'py>, b: &Buffers) -> ArrowOut<'py> {
    (
        PyBytes::new(py, &b.validity),
        PyBytes::new(py, &b.offsets),
        PyBytes::new(py, &b.data),
        b.nulls,
        b.large,
    )
}

/// The canonical URLs of an Arrow string array given as its buffers:
/// the new array's buffers, null where the input is null or has no
/// canonical URL.  The work runs without the GIL.
// The Python function's keyword arguments, one parameter each.
#[allow(clippy::too_many_arguments)]
#[pyfunction]
#[pyo3(signature = (array, profile = None, base = None, encoding = None, context = None, page_url = None, threads = None))]
fn canonicalize_arrow<'py>(
    py: Python<'py>,
    array: ArrowIn<'py>,
    profile: Option<&Bound<'py, PyAny>>,
    base: Option<&str>,
    encoding: Option<&str>,
    context: Option<&str>,
    page_url: Option<&str>,
    threads: Option<usize>,
) -> PyResult<ArrowOut<'py>> {
    let options = Options::new(profile, base, (encoding, context, page_url))?;
    let strings = array.strings()?;
    let built = py.detach(|| {
        let parts = in_parallel(strings.length, threads, |range| {
            let c = options.canonicalizer()?;
            let share = strings.data.len() / threads_for(strings.length, threads);
            let mut out = StringsOut::with_capacity(range.len(), share + 16);
            // One buffer for every canonical URL, rather than a Url each.
            let mut buffer = String::new();
            for i in range {
                let valid = match strings.get(i) {
                    Some(Ok(s)) => canonical_to(&c, s, &mut buffer),
                    _ => false,
                };
                out.push(valid.then_some(buffer.as_str()));
            }
            Ok(out)
        })?;
        Ok::<_, PyErr>(StringsOut::concat(parts).finish(strings.large))
    })?;
    Ok(arrow_out(py, &built))
}

/// Each engine's canonical URLs of an Arrow string array and whether
/// they agree: (names, one array's buffers per engine, the agree bitmap).
// The Python function's keyword arguments, one parameter each.
#[allow(clippy::too_many_arguments)]
#[pyfunction]
#[pyo3(signature = (array, profiles = None, base = None, encoding = None, context = None, page_url = None, threads = None))]
fn compare_arrow<'py>(
    py: Python<'py>,
    array: ArrowIn<'py>,
    profiles: Option<&Bound<'py, PyAny>>,
    base: Option<&str>,
    encoding: Option<&str>,
    context: Option<&str>,
    page_url: Option<&str>,
    threads: Option<usize>,
) -> PyResult<(Vec<String>, Vec<ArrowOut<'py>>, Bound<'py, PyBytes>)> {
    let engines = engines_of(profiles)?;
    let (base, context) = checked(base, (encoding, context, page_url))?;
    let strings = array.strings()?;
    let (columns, agree) = py.detach(|| {
        let parts = in_parallel(strings.length, threads, |range| {
            let dyns: Vec<&dyn Engine> = engines.iter().map(|e| e as &dyn Engine).collect();
            let comparer = Comparer::in_context(&dyns, base, &context);
            let share = strings.data.len() / threads_for(strings.length, threads);
            let mut columns: Vec<StringsOut> = engines
                .iter()
                .map(|_| StringsOut::with_capacity(range.len(), share + 16))
                .collect();
            let mut agree = Vec::with_capacity(range.len());
            for i in range {
                let comparison = match strings.get(i) {
                    Some(Ok(s)) => Some(comparer.compare(s)),
                    _ => None,
                };
                for (j, column) in columns.iter_mut().enumerate() {
                    column.push(comparison.as_ref().and_then(|c| c.results[j].canonical()));
                }
                agree.push(comparison.is_some_and(|c| c.agree()));
            }
            Ok((columns, agree))
        })?;
        let mut per_engine: Vec<Vec<StringsOut>> = engines.iter().map(|_| Vec::new()).collect();
        let mut agree = Vec::with_capacity(strings.length);
        for (columns, flags) in parts {
            for (j, column) in columns.into_iter().enumerate() {
                per_engine[j].push(column);
            }
            agree.extend(flags);
        }
        let columns: Vec<Buffers> = per_engine
            .into_iter()
            .map(|parts| StringsOut::concat(parts).finish(strings.large))
            .collect();
        Ok::<_, PyErr>((columns, bitmap(agree.into_iter())))
    })?;
    let names = engines.iter().map(|e| e.name().to_string()).collect();
    let columns = columns.iter().map(|b| arrow_out(py, b)).collect();
    Ok((names, columns, PyBytes::new(py, &agree)))
}

/// The base (checked as `urlprism compare` checks it: for `new URL()`;
/// a page's `<base href>` may be invalid) and the context.
fn checked<'b>(base: Option<&'b str>, place: Place<'_>) -> PyResult<(Option<&'b str>, Context)> {
    let context = context_of(place)?;
    if let (Some(b), Context::NewUrl) = (base, &context) {
        let this = urlprism::profile::this();
        with_base(b, || urlprism::Canonicalizer::new(this).base(b))?;
    }
    Ok((base, context))
}

/// Each engine's canonical URL of each of a list of `str` (or `None`) and
/// whether they agree: a list of dicts `{name: canonical or None, ...,
/// "agree": bool}`, `None` for a `None` input (what `compare_arrow` gives,
/// as Python objects, without pyarrow); the work runs without the GIL.
// The Python function's keyword arguments, one parameter each.
#[allow(clippy::too_many_arguments)]
#[pyfunction]
#[pyo3(signature = (urls, profiles = None, base = None, encoding = None, context = None, page_url = None, threads = None))]
fn compare_list<'py>(
    py: Python<'py>,
    urls: &Bound<'py, PyList>,
    profiles: Option<&Bound<'py, PyAny>>,
    base: Option<&str>,
    encoding: Option<&str>,
    context: Option<&str>,
    page_url: Option<&str>,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyList>> {
    let engines = engines_of(profiles)?;
    let (base, context) = checked(base, (encoding, context, page_url))?;
    let items: Vec<Bound<'py, PyAny>> = urls.iter().collect();
    let mut inputs: Vec<Option<Result<&str, String>>> = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        inputs.push(input_of(item, || format!("urls[{i}]"))?);
    }
    type Compared = Option<(Vec<Option<String>>, bool)>;
    let results: Vec<Compared> = py.detach(|| {
        let parts = in_parallel(inputs.len(), threads, |range| {
            let dyns: Vec<&dyn Engine> = engines.iter().map(|e| e as &dyn Engine).collect();
            let comparer = Comparer::in_context(&dyns, base, &context);
            let part: Vec<Compared> = inputs[range]
                .iter()
                .map(|input| match input {
                    None => None,
                    // A `str` that is not valid Unicode has no canonical URL
                    // under any engine: they agree.
                    Some(Err(_)) => Some((vec![None; engines.len()], true)),
                    Some(Ok(s)) => {
                        let c = comparer.compare(s);
                        let canonical = c.results.iter().map(|r| r.canonical().map(String::from));
                        Some((canonical.collect(), c.agree()))
                    }
                })
                .collect();
            Ok(part)
        })?;
        Ok::<_, PyErr>(parts.into_iter().flatten().collect())
    })?;
    let names: Vec<&str> = engines.iter().map(|e| e.name()).collect();
    let list = PyList::empty(py);
    for r in results {
        match r {
            None => list.append(py.None())?,
            Some((canonical, agree)) => {
                let d = pyo3::types::PyDict::new(py);
                for (name, c) in names.iter().zip(canonical) {
                    d.set_item(name, c)?;
                }
                d.set_item("agree", agree)?;
                list.append(d)?;
            }
        }
    }
    Ok(list)
}

/// The text of `urlprism canon --json URL`: `url` under `profile`, its
/// canonical URL (or why it has none) and the components.
#[pyfunction]
#[pyo3(signature = (url, profile = None, base = None, encoding = None, context = None, page_url = None))]
fn parse_json(
    url: &Bound<'_, PyAny>,
    profile: Option<&Bound<'_, PyAny>>,
    base: Option<&str>,
    encoding: Option<&str>,
    context: Option<&str>,
    page_url: Option<&str>,
) -> PyResult<String> {
    let options = Options::new(profile, base, (encoding, context, page_url))?;
    let c = options.canonicalizer()?;
    let (input, result) = match input_of(url, || "url".to_string())? {
        None => return Err(PyTypeError::new_err("url: expected a str, got None")),
        Some(Err(reason)) => (String::new(), Err(reason)),
        Some(Ok(s)) => {
            let r = catch_panic(|| c.canonicalize(s))
                .map_err(|panic| format!("internal error: {panic}"))
                .and_then(|r| r.map_err(|e| e.to_string()));
            (s.to_string(), r)
        }
    };
    let mut out = Vec::new();
    urlprism::json::write_canon_in_context(&mut out, &input, &result, None, options.link())
        .map_err(|e| PyRuntimeError::new_err(format!("internal error: {e}")))?;
    String::from_utf8(out).map_err(|e| PyRuntimeError::new_err(format!("internal error: {e}")))
}

/// The text of `urlprism compare --json URL`: `url` under `profiles`.
#[pyfunction]
#[pyo3(signature = (url, profiles = None, base = None, encoding = None, context = None, page_url = None))]
fn compare_json(
    url: &str,
    profiles: Option<&Bound<'_, PyAny>>,
    base: Option<&str>,
    encoding: Option<&str>,
    context: Option<&str>,
    page_url: Option<&str>,
) -> PyResult<String> {
    let engines = engines_of(profiles)?;
    let (base, context) = checked(base, (encoding, context, page_url))?;
    catch_panic(|| urlprism::json::compare_in_context(url, &engines, base, &context))
        .map_err(|panic| PyRuntimeError::new_err(format!("internal error: {panic}")))
}

/// The text of `urlprism trace --json URL`: `url` under `profiles`.
#[pyfunction]
#[pyo3(signature = (url, profiles = None, base = None))]
fn trace_json(
    url: &str,
    profiles: Option<&Bound<'_, PyAny>>,
    base: Option<&str>,
) -> PyResult<String> {
    let engines = engines_of(profiles)?;
    let (base, _) = checked(base, (None, None, None))?;
    catch_panic(|| urlprism::json::trace(url, &engines, base))
        .map_err(|panic| PyRuntimeError::new_err(format!("internal error: {panic}")))
}

/// The text of `urlprism display --json URL`: what the address bar of
/// each of `profiles` shows for `url` (Python passes today's browsers
/// when none is named).
#[pyfunction]
#[pyo3(signature = (url, profiles))]
fn display_json(url: &str, profiles: &Bound<'_, PyAny>) -> PyResult<String> {
    let engines = engines_of(Some(profiles))?;
    catch_panic(|| urlprism::json::display(url, &engines))
        .map_err(|panic| PyRuntimeError::new_err(format!("internal error: {panic}")))
}

/// What the address bar of `profile` shows for each of `urls` (the
/// whole text with `full`), `None` where it shows nothing; the work runs
/// without the GIL.
#[pyfunction]
#[pyo3(signature = (urls, profile, full = false, threads = None))]
fn display_list<'py>(
    py: Python<'py>,
    urls: &Bound<'py, PyList>,
    profile: &Bound<'py, PyAny>,
    full: bool,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyList>> {
    let engine = (*profile::engine_of(profile)?).clone();
    let items: Vec<Bound<'py, PyAny>> = urls.iter().collect();
    let inputs = texts_of(&items)?;
    let shown: Vec<Option<String>> = py.detach(|| {
        let parts = in_parallel(inputs.len(), threads, |range| {
            Ok::<_, PyErr>(
                inputs[range]
                    .iter()
                    .map(|s| {
                        let d = urlprism::compare::display::display_of(&engine, (*s)?).ok()?;
                        Some(if full { d.full } else { d.shown })
                    })
                    .collect::<Vec<_>>(),
            )
        })?;
        Ok::<_, PyErr>(parts.into_iter().flatten().collect())
    })?;
    PyList::new(py, shown)
}

/// The names of the built-in profiles and engines.
#[pyfunction]
fn profiles() -> Vec<String> {
    profile::builtin_names()
}

#[pymodule]
fn _urlprism(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Profile>()?;
    m.add("ProfileError", m.py().get_type::<ProfileError>())?;
    m.add("KeyKindError", m.py().get_type::<keys::KeyKindError>())?;
    m.add_function(wrap_pyfunction!(keys::key, m)?)?;
    m.add_function(wrap_pyfunction!(keys::key_json, m)?)?;
    m.add_function(wrap_pyfunction!(keys::key_list, m)?)?;
    m.add_function(wrap_pyfunction!(keys::key_arrow, m)?)?;
    m.add_function(wrap_pyfunction!(keys::key_kinds, m)?)?;
    m.add_function(wrap_pyfunction!(keys::host_columns_json, m)?)?;
    m.add_function(wrap_pyfunction!(canonicalize, m)?)?;
    m.add_function(wrap_pyfunction!(explain, m)?)?;
    m.add_function(wrap_pyfunction!(canonicalize_list, m)?)?;
    m.add_function(wrap_pyfunction!(canonicalize_arrow, m)?)?;
    m.add_function(wrap_pyfunction!(compare_arrow, m)?)?;
    m.add_function(wrap_pyfunction!(compare_json, m)?)?;
    m.add_function(wrap_pyfunction!(compare_list, m)?)?;
    m.add_function(wrap_pyfunction!(parse_json, m)?)?;
    m.add_function(wrap_pyfunction!(trace_json, m)?)?;
    m.add_function(wrap_pyfunction!(display_json, m)?)?;
    m.add_function(wrap_pyfunction!(display_list, m)?)?;
    m.add_function(wrap_pyfunction!(profiles, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
