//! Profiles and engines as Python sees them: a built-in name, a path to
//! a TOML profile file, or a [`Profile`] object; each loaded once per
//! process and shared.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};
use urlprism::compare::Engine;
use urlprism::engines::{builtin_engines, number_repeated_names, registered_engines, EngineSpec};

pyo3::create_exception!(
    urlprism,
    ProfileError,
    PyValueError,
    "A profile that cannot be loaded: an unknown name, an unreadable file, or a TOML text that \
     is not a profile (the message gives the file, line and column)."
);

/// A profile (or the URL Standard engine), loaded once.
///
/// ``Profile("ie")`` is a built-in one; ``Profile.from_file(path)`` and
/// ``Profile.from_toml(text)`` read a profile file.  Every function that
/// takes a ``profile`` accepts one, as well as a name or a path.  A
/// ``Profile`` pickles as its name or TOML text, so that Spark ships it
/// to its executors.
#[pyclass(module = "urlprism", frozen, name = "Profile")]
pub struct Profile {
    pub engine: Arc<EngineSpec>,
    /// Where it came from, for pickling and `repr`.
    source: Source,
}

#[derive(Clone)]
enum Source {
    Builtin(String),
    Toml { text: String, origin: String },
}

#[pymethods]
impl Profile {
    /// The built-in profile ``name`` (``profiles()`` lists them).
    #[new]
    fn new(name: &str) -> PyResult<Profile> {
        Ok(Profile {
            engine: builtin(name)?,
            source: Source::Builtin(name.to_string()),
        })
    }

    /// The profile of a TOML profile file's text; ``origin`` names it in
    /// error messages.
    #[staticmethod]
    #[pyo3(signature = (text, origin = "<toml>"))]
    fn from_toml(text: &str, origin: &str) -> PyResult<Profile> {
        Ok(Profile {
            engine: from_toml(text, origin)?,
            source: Source::Toml {
                text: text.to_string(),
                origin: origin.to_string(),
            },
        })
    }

    /// The profile of the TOML profile file at ``path``.
    #[staticmethod]
    fn from_file(path: PathBuf) -> PyResult<Profile> {
        let text = read(&path)?;
        Profile::from_toml(&text, &path.display().to_string())
    }

    /// The profile's name (``this``, ``ie``, ``whatwg``, or the ``name``
    /// of its file).
    #[getter]
    fn name(&self) -> &str {
        self.engine.name()
    }

    /// Whether it is a 2011 profile (the specification's marked steps,
    /// with Nameprep) rather than another engine (``whatwg``).
    #[getter]
    fn is_profile(&self) -> bool {
        self.engine.as_profile().is_some()
    }

    /// What it models (its file's ``description``).
    #[getter]
    fn description(&self) -> &str {
        self.engine.description()
    }

    fn __repr__(&self) -> String {
        match &self.source {
            Source::Builtin(n) => format!("Profile({n:?})"),
            Source::Toml { origin, .. } => {
                format!(
                    "Profile.from_toml(<{origin}>, name={:?})",
                    self.engine.name()
                )
            }
        }
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let this = slf.get();
        let class = slf.get_type();
        match &this.source {
            Source::Builtin(n) => (class, (n.as_str(),)).into_pyobject(py),
            Source::Toml { text, origin } => {
                let from_toml = class.getattr("from_toml")?;
                (from_toml, (text.as_str(), origin.as_str())).into_pyobject(py)
            }
        }
    }
}

/// The names of the built-in profiles and engines (every one the
/// registry holds), in `urlprism compare`'s column order.
pub fn builtin_names() -> Vec<String> {
    builtins().iter().map(|e| e.name().to_string()).collect()
}

/// Every registered engine (found by name).
fn builtins() -> &'static [Arc<EngineSpec>] {
    static BUILTINS: OnceLock<Vec<Arc<EngineSpec>>> = OnceLock::new();
    BUILTINS.get_or_init(|| registered_engines().into_iter().map(Arc::new).collect())
}

/// The engines compared when none is named (`urlprism compare`'s
/// default columns).
fn defaults() -> &'static [Arc<EngineSpec>] {
    static DEFAULTS: OnceLock<Vec<Arc<EngineSpec>>> = OnceLock::new();
    DEFAULTS.get_or_init(|| builtin_engines().into_iter().map(Arc::new).collect())
}

/// The registered engine `name` (ASCII case-insensitive).
pub fn builtin(name: &str) -> PyResult<Arc<EngineSpec>> {
    builtins()
        .iter()
        .find(|e| e.name().eq_ignore_ascii_case(name))
        .cloned()
        .ok_or_else(|| {
            let names = builtin_names();
            let refs: Vec<&str> = names.iter().map(String::as_str).collect();
            let close = urlprism::text::names::closest(name, &refs)
                .map(|n| format!("did you mean {n:?}? "))
                .unwrap_or_default();
            ProfileError::new_err(format!(
                "unknown profile {name:?}; {close}known profiles: {} (or a path to a TOML profile \
                 file, or a urlprism.Profile)",
                names.join(", ")
            ))
        })
}

/// Loaded profile files and TOML texts, by path or text.
fn cache() -> &'static Mutex<HashMap<String, Arc<EngineSpec>>> {
    static CACHE: OnceLock<Mutex<HashMap<String, Arc<EngineSpec>>>> = OnceLock::new();
    CACHE.get_or_init(Default::default)
}

fn cached(key: String, load: impl FnOnce() -> PyResult<EngineSpec>) -> PyResult<Arc<EngineSpec>> {
    if let Some(e) = cache().lock().ok().and_then(|c| c.get(&key).cloned()) {
        return Ok(e);
    }
    let e = Arc::new(load()?);
    if let Ok(mut c) = cache().lock() {
        c.insert(key, e.clone());
    }
    Ok(e)
}

/// The engine of a profile file's text (cached by the text).
fn from_toml(text: &str, origin: &str) -> PyResult<Arc<EngineSpec>> {
    cached(format!("toml:{text}"), || {
        EngineSpec::from_toml(text, origin).map_err(|e| ProfileError::new_err(e.to_string()))
    })
}

fn read(path: &std::path::Path) -> PyResult<String> {
    std::fs::read_to_string(path).map_err(|e| {
        ProfileError::new_err(format!("cannot read profile file {}: {e}", path.display()))
    })
}

/// The engine of the profile file at `path` (read once per process).
fn from_path(path: PathBuf) -> PyResult<Arc<EngineSpec>> {
    cached(format!("path:{}", path.display()), || {
        EngineSpec::from_file(&path).map_err(|e| ProfileError::new_err(e.to_string()))
    })
}

/// The engine `profile` names: a [`Profile`], a built-in name, or a path
/// (a `str` ending in `.toml` or holding a `/`, or an `os.PathLike`).
pub fn engine_of(profile: &Bound<'_, PyAny>) -> PyResult<Arc<EngineSpec>> {
    if let Ok(p) = profile.cast::<Profile>() {
        return Ok(p.get().engine.clone());
    }
    if let Ok(s) = profile.cast::<PyString>() {
        let s = s.to_str()?;
        if s.ends_with(".toml") || s.contains('/') || s.contains(std::path::MAIN_SEPARATOR) {
            return from_path(PathBuf::from(s));
        }
        return builtin(s);
    }
    if profile.hasattr("__fspath__")? {
        return from_path(profile.extract::<PathBuf>()?);
    }
    Err(PyTypeError::new_err(format!(
        "profile: expected a profile name, a path or a urlprism.Profile, got {}",
        profile.get_type().name()?
    )))
}

/// The engines `profiles` names (the default ones when `None`, as
/// `urlprism compare`'s columns), a name that repeats numbered `#2`,
/// `#3`... as in `urlprism compare`.
pub fn engines_of(profiles: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<EngineSpec>> {
    let Some(profiles) = profiles else {
        return Ok(defaults().iter().map(|e| (**e).clone()).collect());
    };
    if profiles.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(
            "profiles: expected a list of profiles, got a str (write [\"ie\"] for one)",
        ));
    }
    let mut out = Vec::new();
    for p in profiles.try_iter()? {
        out.push((*engine_of(&p?)?).clone());
    }
    if out.is_empty() {
        return Err(PyValueError::new_err(
            "profiles: the list is empty (None means every built-in profile)",
        ));
    }
    number_repeated_names(&mut out);
    Ok(out)
}
