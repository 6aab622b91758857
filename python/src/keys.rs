//! Archive keys from Python: a kind by name or as a key file's TOML text,
//! one URL or many (a list, or an Arrow string array's buffers).

use crate::arrow::{Buffers, StringsIn, StringsOut};
use crate::{in_parallel, input_of, texts_of, threads_for, ArrowIn};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};
use urlprism::keys::{Applied, Key};
use urlprism::text::panic::catch_panic;

pyo3::create_exception!(
    urlprism,
    KeyKindError,
    PyValueError,
    "A kind of key that cannot be loaded: an unknown name, or a key file's TOML text that is not one \
     (the message says what and where)."
);

/// The kind named `kind`, or the one `toml` (a key file's text) describes.
pub(crate) fn kind_of(kind: &str, toml: Option<&str>) -> PyResult<Key> {
    if let Some(text) = toml {
        return Key::from_toml(text).map_err(|e| KeyKindError::new_err(e.to_string()));
    }
    Key::builtin(kind).cloned().ok_or_else(|| {
        let names = urlprism::keys::builtin_names();
        let close = urlprism::text::names::closest(kind, &names)
            .map(|n| format!("; did you mean {n:?}?"))
            .unwrap_or_default();
        KeyKindError::new_err(format!(
            "unknown kind of key {kind:?}{close} (the kinds: {})",
            names.join(", ")
        ))
    })
}

/// The key of `input` into `out`, or why there is none (a panic, a bug,
/// is reported as an internal error).
fn make(kind: &Key, input: &[u8], applied: &mut Applied, out: &mut Vec<u8>) -> Result<(), String> {
    out.clear();
    match catch_panic(|| kind.make_into(input, applied, out)) {
        Ok(Ok(())) => Ok(()),
        Ok(Err(e)) => Err(e.to_string()),
        Err(panic) => Err(format!("internal error: {panic}")),
    }
}

fn text(key: &[u8]) -> String {
    String::from_utf8_lossy(key).into_owned()
}

/// key(url, kind="surt", toml=None)
/// --
///
/// The key of `url`, or `None` when the kind rejects it.
#[pyfunction]
#[pyo3(signature = (url, kind = "surt", toml = None))]
pub(crate) fn key(
    url: &Bound<'_, PyAny>,
    kind: &str,
    toml: Option<&str>,
) -> PyResult<Option<String>> {
    let kind = kind_of(kind, toml)?;
    let Some(Ok(s)) = input_of(url, || "url".to_string())? else {
        return Ok(None);
    };
    let mut out = Vec::new();
    Ok(make(&kind, s.as_bytes(), &mut Applied::off(), &mut out)
        .ok()
        .map(|()| text(&out)))
}

/// key_json(url, kind="surt", toml=None, expressions=False, host_columns=False)
/// --
///
/// The object `urlprism key --json` prints for `url`, as JSON text.
#[pyfunction]
#[pyo3(signature = (url, kind = "surt", toml = None, expressions = false, host_columns = false))]
pub(crate) fn key_json(
    url: &str,
    kind: &str,
    toml: Option<&str>,
    expressions: bool,
    host_columns: bool,
) -> PyResult<String> {
    let kind = kind_of(kind, toml)?;
    if expressions && kind.family().expressions.is_none() {
        return Err(PyValueError::new_err(format!(
            "expressions: the kind {:?} has no lookup expressions",
            kind.name()
        )));
    }
    let mut applied = Applied::recording();
    let mut out = Vec::new();
    let mut result = make(&kind, url.as_bytes(), &mut applied, &mut out);
    let mut exprs = Vec::new();
    if result.is_ok() && expressions {
        if let Some(Err(e)) = kind.expressions(url.as_bytes(), &mut exprs) {
            result = Err(e.to_string());
        }
    }
    let mut json = Vec::new();
    let result = result.map(|()| &out[..]);
    urlprism::json::write_key(
        &mut json,
        url.as_bytes(),
        kind.name(),
        result,
        applied.steps(),
        expressions.then_some(&exprs[..]),
        host_columns
            .then(|| urlprism::keys::psl::HostColumns::of_url(url))
            .as_ref()
            .map(Option::as_ref),
    )
    .map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(String::from_utf8_lossy(json.trim_ascii_end()).into_owned())
}

/// key_list(urls, kind="surt", toml=None, threads=None)
/// --
///
/// The keys of a list of `str` (or `None`): `str` or `None` each; the
/// work runs without the GIL.
#[pyfunction]
#[pyo3(signature = (urls, kind = "surt", toml = None, threads = None))]
pub(crate) fn key_list<'py>(
    py: Python<'py>,
    urls: &Bound<'py, PyList>,
    kind: &str,
    toml: Option<&str>,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyList>> {
    let kind = kind_of(kind, toml)?;
    let items: Vec<Bound<'py, PyAny>> = urls.iter().collect();
    let inputs = texts_of(&items)?;
    let keys = py.detach(|| {
        let parts = in_parallel(inputs.len(), threads, |range| {
            let mut out = StringsOut::with_capacity(range.len(), range.len() * 48);
            let mut buffer = Vec::new();
            let mut applied = Applied::off();
            for s in &inputs[range] {
                let made =
                    s.is_some_and(|s| make(&kind, s.as_bytes(), &mut applied, &mut buffer).is_ok());
                out.push(made.then(|| text(&buffer)).as_deref());
            }
            Ok(out)
        })?;
        Ok::<_, PyErr>(StringsOut::concat(parts))
    })?;
    PyList::new(
        py,
        (0..keys.len()).map(|i| match keys.get(i) {
            Some(s) => PyString::new(py, s).into_any(),
            None => py.None().into_bound(py),
        }),
    )
}

/// The keys of an Arrow string array given as its buffers: the new
/// array's buffers, null where the input is null or the kind rejects it.
#[pyfunction]
#[pyo3(signature = (array, kind = "surt", toml = None, threads = None))]
pub(crate) fn key_arrow<'py>(
    py: Python<'py>,
    array: ArrowIn<'py>,
    kind: &str,
    toml: Option<&str>,
    threads: Option<usize>,
) -> PyResult<crate::ArrowOut<'py>> {
    let kind = kind_of(kind, toml)?;
    let strings: StringsIn<'_> = array.strings()?;
    let built: Buffers = py.detach(|| {
        let parts = in_parallel(strings.length, threads, |range| {
            let share = strings.data.len() / threads_for(strings.length, threads);
            let mut out = StringsOut::with_capacity(range.len(), share + 16);
            let mut buffer = Vec::new();
            let mut applied = Applied::off();
            for i in range {
                let made = match strings.get(i) {
                    Some(Ok(s)) => make(&kind, s.as_bytes(), &mut applied, &mut buffer).is_ok(),
                    _ => false,
                };
                out.push(made.then(|| text(&buffer)).as_deref());
            }
            Ok(out)
        })?;
        Ok::<_, PyErr>(StringsOut::concat(parts).finish(strings.large))
    })?;
    Ok(crate::arrow_out(py, &built))
}

/// The names of the built-in kinds of key.
#[pyfunction]
pub(crate) fn key_kinds() -> Vec<String> {
    urlprism::keys::builtin_names()
        .into_iter()
        .map(str::to_string)
        .collect()
}

/// host_columns_json(urls)
/// --
///
/// Common Crawl's host columns of each URL's host, as JSON text (`None`
/// for a URL without a host, or `None`).
#[pyfunction]
pub(crate) fn host_columns_json<'py>(
    py: Python<'py>,
    urls: &Bound<'py, PyList>,
) -> PyResult<Vec<Option<String>>> {
    let items: Vec<Bound<'py, PyAny>> = urls.iter().collect();
    let inputs = texts_of(&items)?;
    Ok(py.detach(|| {
        inputs
            .iter()
            .map(|u| {
                let columns = catch_panic(|| u.and_then(urlprism::keys::psl::HostColumns::of_url))
                    .ok()
                    .flatten()?;
                serde_json::to_string(&columns).ok()
            })
            .collect()
    }))
}
