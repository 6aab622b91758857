//! Engines by name or from a profile file: the one place that turns
//! `this`, `chrome`, `gecko`, `ie`, `whatwg` or a TOML file into an
//! [`Engine`].
//!
//! A profile file describes a 2011 profile ([`ProfileSpec`]), or, with
//! `engine = "whatwg"`, the URL Standard engine ([`Whatwg`]), e.g. with
//! UTS #46 Transitional Processing:
//!
//! ```
//! use urlprism::compare::Engine;
//! use urlprism::engine::EngineSpec;
//! let text = "name = \"whatwg-2015\"\nengine = \"whatwg\"\ntransitional = true\n";
//! let e = EngineSpec::from_toml(text, "whatwg-2015.toml").unwrap();
//! assert_eq!(e.name(), "whatwg-2015");
//! let names: Vec<String> = urlprism::engine::builtin_engines().iter().map(|e| e.name().to_string()).collect();
//! assert_eq!(names, ["this", "chrome", "gecko", "ie", "whatwg"]);
//! ```

use crate::compare::{Engine, HostTrace};
use crate::error::Error;
use crate::profile::{builtin_profiles, Profile, ProfileError, ProfileSpec};
use crate::whatwg::{self, Whatwg};
use crate::Url;
use encoding_rs::Encoding;

/// An engine described as data: a 2011 profile or the URL Standard.
// A command holds a handful of engines, made once: their size is of no
// concern, and a box would only add a layer to every match.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq)]
pub enum EngineSpec {
    /// A profile of the specification's marked steps.
    Profile(ProfileSpec),
    /// The URL Standard (the `url` crate).
    Whatwg(Whatwg),
}

impl EngineSpec {
    /// The profile, when the engine is one.
    pub fn profile(&self) -> Option<&ProfileSpec> {
        match self {
            EngineSpec::Profile(p) => Some(p),
            EngineSpec::Whatwg(_) => None,
        }
    }

    /// Reads an engine from a profile file's TOML text (`origin` names it
    /// in errors): the URL Standard engine when it says `engine =
    /// "whatwg"`, a 2011 profile otherwise.
    pub fn from_toml(text: &str, origin: &str) -> Result<EngineSpec, ProfileError> {
        let table: toml::Table = match toml::from_str(text) {
            Ok(t) => t,
            // The profile reader gives the line, column and key.
            Err(_) => return ProfileSpec::from_toml(text, origin).map(EngineSpec::Profile),
        };
        match table.get("engine") {
            None => ProfileSpec::from_toml(text, origin).map(EngineSpec::Profile),
            Some(toml::Value::String(e)) if e == whatwg::NAME => toml::from_str::<Whatwg>(text)
                .map(EngineSpec::Whatwg)
                .map_err(|e| ProfileError {
                    location: Some(origin.to_string()),
                    message: e.message().to_string(),
                }),
            Some(other) => Err(ProfileError {
                location: Some(origin.to_string()),
                message: format!(
                    "unknown engine {other}: the only engine a profile file names is \
                     \"whatwg\" (leave `engine` out for a 2011 profile)"
                ),
            }),
        }
    }

    /// Reads a profile file (see [`EngineSpec::from_toml`]).
    pub fn from_file(path: &std::path::Path) -> Result<EngineSpec, ProfileError> {
        let text = std::fs::read_to_string(path).map_err(|e| ProfileError {
            location: Some(path.display().to_string()),
            message: format!("cannot read profile file: {e}"),
        })?;
        Self::from_toml(&text, &path.display().to_string())
    }
}

/// The built-in engines: the profiles `this`, `chrome`, `gecko`, `ie`,
/// then `whatwg`.
pub fn builtin_engines() -> Vec<EngineSpec> {
    builtin_profiles()
        .iter()
        .cloned()
        .map(EngineSpec::Profile)
        .chain([EngineSpec::Whatwg(Whatwg::new())])
        .collect()
}

/// The built-in engine named `name` (ASCII case-insensitive).
pub fn builtin_engine(name: &str) -> Option<EngineSpec> {
    builtin_engines()
        .into_iter()
        .find(|e| e.name().eq_ignore_ascii_case(name))
}

/// Gives a name that repeats in `engines` a `#2`, `#3`... suffix at its
/// second, third... occurrence, so that side-by-side columns stay apart.
///
/// ```
/// use urlprism::compare::Engine;
/// use urlprism::engine::{builtin_engine, number_repeated_names};
/// let mut e = vec![builtin_engine("ie").unwrap(), builtin_engine("ie").unwrap()];
/// number_repeated_names(&mut e);
/// assert_eq!([e[0].name(), e[1].name()], ["ie", "ie#2"]);
/// ```
pub fn number_repeated_names(engines: &mut [EngineSpec]) {
    let mut seen: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for e in engines {
        let n = seen.entry(e.name().to_string()).or_insert(0);
        *n += 1;
        if *n > 1 {
            let renamed = format!("{}#{n}", e.name());
            match e {
                EngineSpec::Profile(p) => p.name = renamed,
                EngineSpec::Whatwg(w) => w.name = renamed,
            }
        }
    }
}

/// The names of the built-in engines.
pub fn builtin_names() -> Vec<String> {
    builtin_engines()
        .iter()
        .map(|e| e.name().to_string())
        .collect()
}

impl Engine for EngineSpec {
    fn name(&self) -> &str {
        match self {
            EngineSpec::Profile(p) => Profile::name(p),
            EngineSpec::Whatwg(w) => Engine::name(w),
        }
    }

    fn canonicalize(
        &self,
        input: &str,
        base: Option<&str>,
        encoding: &'static Encoding,
    ) -> Result<Url, Error> {
        match self {
            EngineSpec::Profile(p) => Engine::canonicalize(p, input, base, encoding),
            EngineSpec::Whatwg(w) => w.canonicalize(input, base, encoding),
        }
    }

    fn trace_host(&self, host: &str, scheme: &str) -> Option<HostTrace> {
        match self {
            EngineSpec::Profile(p) => Engine::trace_host(p, host, scheme),
            EngineSpec::Whatwg(w) => w.trace_host(host, scheme),
        }
    }

    fn as_profile(&self) -> Option<&dyn Profile> {
        match self {
            EngineSpec::Profile(p) => Some(p),
            EngineSpec::Whatwg(_) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn profile_files_select_engines() {
        let chrome = include_str!("../profiles/chrome.toml");
        assert!(matches!(
            EngineSpec::from_toml(chrome, "chrome.toml"),
            Ok(EngineSpec::Profile(_))
        ));
        let t = include_str!("../profiles/examples/whatwg-transitional.toml");
        match EngineSpec::from_toml(t, "whatwg-transitional.toml") {
            Ok(EngineSpec::Whatwg(w)) => assert!(w.transitional),
            other => panic!("{other:?}"),
        }
        let e = EngineSpec::from_toml("name = \"x\"\nengine = \"ada\"\n", "x.toml").unwrap_err();
        assert!(e.to_string().contains("unknown engine"), "{e}");
        let e = EngineSpec::from_toml("name = \"x\"\nengine = \"whatwg\"\nnfkc = 1\n", "x.toml")
            .unwrap_err();
        assert!(e.to_string().contains("nfkc"), "{e}");
        assert!(builtin_engine("WHATWG").is_some());
        assert!(builtin_engine("whatwg-transitional").is_none());
    }
}
