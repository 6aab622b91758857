//! Engines found by name: the [`registry`] of every engine a profile name
//! (`--profile NAME`, `urlprism serve`'s `profile=`, Python's `profile=`)
//! or a profile file's `engine = "NAME"` finds, and [`EngineSpec`], one
//! engine of any kind, made from a name or a profile file.
//!
//! The registry holds the built-in profiles, the files `profiles/*.toml`
//! the build finds ([`crate::profile::BUILTIN_PROFILE_FILES`]), in their
//! order, then the engines written in code, [`CODE_ENGINES`] (`whatwg`,
//! `chromium`).
//! An engine written in code is added by its module (a type that
//! implements [`Engine`]: what the commands need of it are the trait's
//! methods) and one entry of [`CODE_ENGINES`]: its name, how to make it,
//! and how to read a profile file that names it.  Nothing else names it:
//! every command takes any registered name through [`builtin_engine`];
//! `compare`, `trace` and `urlprism serve` run by default the engines that
//! say so ([`builtin_engines`]: the built-in profiles and today's engines), and
//! the engines of a named group with `--group` ([`group`]: `--today`, the
//! group [`TODAY`], is `whatwg` and `chromium`).
//!
//! A profile file describes a 2011 profile ([`ProfileSpec`]), or, with
//! `engine = "NAME"`, an engine of the registry that reads files, e.g.
//! the URL Standard with UTS #46 Transitional Processing:
//!
//! ```
//! use urlprism::compare::Engine;
//! use urlprism::engines::EngineSpec;
//! let text = "name = \"whatwg-2015\"\nengine = \"whatwg\"\ntransitional = true\n";
//! let e = EngineSpec::from_toml(text, "whatwg-2015.toml").unwrap();
//! assert_eq!(e.name(), "whatwg-2015");
//! assert!(e.as_profile().is_none());
//! let names: Vec<String> = urlprism::engines::builtin_engines().iter().map(|e| e.name().to_string()).collect();
//! assert_eq!(names, ["this", "chrome", "gecko", "ie", "whatwg", "chromium", "firefox", "webkit"]);
//! ```

pub mod chromium;
pub mod display;
pub mod firefox;
pub mod page;
pub(crate) mod remade;
mod url_api;
pub mod webkit;
pub mod whatwg;

#[cfg(feature = "suite")]
use crate::compare::TestFiles;
use crate::compare::{Engine, HostTrace, UrlAttribute};
#[cfg(feature = "suite")]
use crate::conformance::{FileReport, ReadError};
use crate::error::Error;
use crate::profile::plan::Plan;
use crate::profile::{builtin_profiles, Profile, ProfileError, ProfileSpec, BUILTIN_PROFILE_FILES};
use crate::url::Url;
use encoding_rs::Encoding;
use std::sync::{Arc, OnceLock};
use whatwg::Whatwg;

/// One engine, of any kind: a 2011 profile, the URL Standard, or any
/// other [`Engine`], shared (engines are immutable: a clone is another
/// handle on the same engine).  It is itself an [`Engine`], asking the
/// one it holds.
///
/// ```
/// use urlprism::compare::Engine;
/// use urlprism::engines::{builtin_engine, EngineSpec};
/// let ie = builtin_engine("IE").unwrap();
/// assert_eq!(ie.name(), "ie");
/// assert!(ie.as_profile().is_some());
/// let mine = EngineSpec::new(urlprism::profile::builtin("gecko").unwrap().clone());
/// let u = mine.canonicalize("http://a%5Fb.test/", None, urlprism::encoding_rs::UTF_8)?;
/// assert_eq!(u.as_str(), "http://a%5fb.test/");
/// # Ok::<(), urlprism::Error>(())
/// ```
#[derive(Clone)]
pub struct EngineSpec(Arc<dyn Engine>);

impl std::fmt::Debug for EngineSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("EngineSpec").field(&self.name()).finish()
    }
}

impl EngineSpec {
    /// `engine`, as an engine of any kind.
    pub fn new(engine: impl Engine + 'static) -> EngineSpec {
        EngineSpec(Arc::new(engine))
    }

    /// Reads an engine from a profile file's TOML text (`origin` names it
    /// in errors): a 2011 profile, or, when it says `engine = "NAME"`,
    /// what the registered engine `NAME` reads from it.  An engine name
    /// the registry does not know, or whose engine reads no file, is an
    /// error that lists those that do.
    pub fn from_toml(text: &str, origin: &str) -> Result<EngineSpec, ProfileError> {
        let profile =
            || ProfileSpec::from_toml(text, origin).map(|p| EngineSpec::new(Plan::new(&p)));
        let table: toml::Table = match toml::from_str(text) {
            Ok(t) => t,
            // The profile reader gives the line, column and key.
            Err(_) => return profile(),
        };
        let Some(name) = table.get("engine") else {
            return profile();
        };
        let read = name
            .as_str()
            .and_then(lookup)
            .and_then(|r| Some((r.read_file?)(text, origin)));
        read.unwrap_or_else(|| {
            let readers: Vec<&str> = registry()
                .iter()
                .filter(|r| r.read_file.is_some())
                .map(Registered::name)
                .collect();
            Err(ProfileError {
                location: Some(origin.to_string()),
                message: format!(
                    "unknown engine {name}: the registered engines a profile file names are {} \
                     (leave `engine` out for a 2011 profile)",
                    readers.join(", ")
                ),
            })
        })
    }

    /// Reads a profile file (see [`EngineSpec::from_toml`]).
    pub fn from_file(path: impl AsRef<std::path::Path>) -> Result<EngineSpec, ProfileError> {
        let path = path.as_ref();
        let text = std::fs::read_to_string(path).map_err(|e| ProfileError {
            location: Some(path.display().to_string()),
            message: format!("cannot read profile file: {e}"),
        })?;
        Self::from_toml(&text, &path.display().to_string())
    }

    /// The same engine under the name `name`: a profile with the same
    /// parameters, any other engine answering as itself but for its name
    /// (in its results, traces and test reports).
    pub fn renamed(&self, name: &str) -> EngineSpec {
        match self.as_profile() {
            Some(p) => EngineSpec::new(Plan::new(&ProfileSpec {
                name: name.to_string(),
                description: p.description().to_string(),
                nameprep: p.nameprep().clone(),
                canonicalize_host: p.host().clone(),
                url: p.url().clone(),
                display: p.display().clone(),
            })),
            None => EngineSpec::new(Renamed {
                inner: self.clone(),
                name: name.to_string(),
            }),
        }
    }
}

impl Engine for EngineSpec {
    fn name(&self) -> &str {
        self.0.name()
    }

    fn description(&self) -> &str {
        self.0.description()
    }

    fn canonicalize(
        &self,
        input: &str,
        base: Option<&str>,
        encoding: &'static Encoding,
    ) -> Result<Url, Error> {
        self.0.canonicalize(input, base, encoding)
    }

    fn canonicalize_to(
        &self,
        input: &str,
        base: Option<&str>,
        encoding: &'static Encoding,
        out: &mut String,
    ) -> Result<(), Error> {
        self.0.canonicalize_to(input, base, encoding, out)
    }

    fn check_base(&self, base: &str, encoding: &'static Encoding) -> Result<(), Error> {
        self.0.check_base(base, encoding)
    }

    fn document_base(
        &self,
        href: &str,
        page_url: &str,
        encoding: &'static Encoding,
    ) -> Result<String, Error> {
        self.0.document_base(href, page_url, encoding)
    }

    fn trace_host(&self, host: &str, scheme: &str) -> Option<HostTrace> {
        self.0.trace_host(host, scheme)
    }

    fn canonicalize_host(&self, host: &str, scheme: &str) -> Option<Result<String, Error>> {
        self.0.canonicalize_host(host, scheme)
    }

    fn set(&self, href: &str, attribute: UrlAttribute, value: &str) -> Option<Result<Url, Error>> {
        self.0.set(href, attribute, value)
    }

    fn display(&self, input: &str) -> Option<Result<crate::compare::display::Display, Error>> {
        self.0.display(input)
    }

    fn as_profile(&self) -> Option<&dyn Profile> {
        self.0.as_profile()
    }

    #[cfg(feature = "suite")]
    fn test_files(&self) -> Option<TestFiles> {
        self.0.test_files()
    }

    #[cfg(feature = "suite")]
    fn run_test_file(&self, path: &std::path::Path) -> Result<FileReport, ReadError> {
        self.0.run_test_file(path)
    }
}

/// An engine that is not a profile, under another name
/// ([`EngineSpec::renamed`]).
struct Renamed {
    inner: EngineSpec,
    name: String,
}

impl Engine for Renamed {
    fn name(&self) -> &str {
        &self.name
    }

    fn description(&self) -> &str {
        self.inner.description()
    }

    fn canonicalize(
        &self,
        input: &str,
        base: Option<&str>,
        encoding: &'static Encoding,
    ) -> Result<Url, Error> {
        self.inner.canonicalize(input, base, encoding)
    }

    fn canonicalize_to(
        &self,
        input: &str,
        base: Option<&str>,
        encoding: &'static Encoding,
        out: &mut String,
    ) -> Result<(), Error> {
        self.inner.canonicalize_to(input, base, encoding, out)
    }

    fn check_base(&self, base: &str, encoding: &'static Encoding) -> Result<(), Error> {
        self.inner.check_base(base, encoding)
    }

    fn document_base(
        &self,
        href: &str,
        page_url: &str,
        encoding: &'static Encoding,
    ) -> Result<String, Error> {
        self.inner.document_base(href, page_url, encoding)
    }

    fn trace_host(&self, host: &str, scheme: &str) -> Option<HostTrace> {
        let mut t = self.inner.trace_host(host, scheme)?;
        t.engine = self.name.clone();
        Some(t)
    }

    fn canonicalize_host(&self, host: &str, scheme: &str) -> Option<Result<String, Error>> {
        self.inner.canonicalize_host(host, scheme)
    }

    fn set(&self, href: &str, attribute: UrlAttribute, value: &str) -> Option<Result<Url, Error>> {
        self.inner.set(href, attribute, value)
    }

    fn display(&self, input: &str) -> Option<Result<crate::compare::display::Display, Error>> {
        self.inner.display(input)
    }

    #[cfg(feature = "suite")]
    fn test_files(&self) -> Option<TestFiles> {
        self.inner.test_files()
    }

    #[cfg(feature = "suite")]
    fn run_test_file(&self, path: &std::path::Path) -> Result<FileReport, ReadError> {
        let mut report = self.inner.run_test_file(path)?;
        report.profile = self.name.clone();
        Ok(report)
    }
}

/// Reads the profile file (`text`, named `origin` in errors) that names
/// a registered engine (`engine = "NAME"`).
pub type ReadFile = fn(text: &str, origin: &str) -> Result<EngineSpec, ProfileError>;

/// An engine written in code, as the registry knows it.
#[derive(Clone, Copy, Debug)]
pub struct CodeEngine {
    /// Its name: `--profile NAME`, `engine = "NAME"` in a profile file.
    pub name: &'static str,
    /// Makes it.
    pub make: fn() -> EngineSpec,
    /// Reads a profile file that says `engine = "NAME"`, when it reads
    /// any.
    pub read_file: Option<ReadFile>,
    /// Whether `compare`, `trace` and `urlprism serve` run it when no
    /// engine is named ([`builtin_engines`]).
    pub by_default: bool,
    /// The named groups it belongs to, e.g. [`TODAY`]: `--today` on the
    /// command line (`group=today` for `urlprism serve`) runs the engines
    /// of that group ([`group`]).
    pub groups: &'static [&'static str],
}

/// The group of today's engines: the URL Standard and the engines of
/// today's browsers (`compare --today`).
pub const TODAY: &str = "today";

/// The engines written in code, in their column order after the built-in
/// profiles.  An engine is added here, and in its own module.
pub const CODE_ENGINES: &[CodeEngine] = &[
    CodeEngine {
        name: whatwg::NAME,
        make: make_whatwg,
        read_file: Some(read_whatwg),
        by_default: true,
        groups: &[TODAY],
    },
    CodeEngine {
        name: chromium::NAME,
        make: make_chromium,
        read_file: None,
        by_default: true,
        groups: &[TODAY],
    },
    CodeEngine {
        name: crate::engines::firefox::NAME,
        make: || EngineSpec::new(crate::engines::firefox::Firefox::new()),
        read_file: Some(|text, origin| {
            crate::engines::firefox::Firefox::from_toml(text, origin).map(EngineSpec::new)
        }),
        by_default: true,
        groups: &[TODAY],
    },
    CodeEngine {
        name: crate::engines::webkit::NAME,
        make: || EngineSpec::new(crate::engines::webkit::Webkit::new()),
        read_file: Some(|text, origin| {
            crate::engines::webkit::Webkit::from_toml(text, origin).map(EngineSpec::new)
        }),
        by_default: true,
        groups: &[TODAY],
    },
];

fn make_whatwg() -> EngineSpec {
    EngineSpec::new(Whatwg::new())
}

fn read_whatwg(text: &str, origin: &str) -> Result<EngineSpec, ProfileError> {
    Whatwg::from_toml(text, origin).map(EngineSpec::new)
}

fn make_chromium() -> EngineSpec {
    EngineSpec::new(chromium::Chromium::new())
}

/// An engine of the [`registry`].
#[derive(Clone, Debug)]
pub struct Registered {
    engine: EngineSpec,
    read_file: Option<ReadFile>,
    by_default: bool,
    groups: &'static [&'static str],
}

impl Registered {
    /// Its name, found ASCII case-insensitively by [`lookup`].
    pub fn name(&self) -> &str {
        self.engine.name()
    }

    /// What it models.
    pub fn description(&self) -> &str {
        self.engine.description()
    }

    /// The engine (made once, shared).
    pub fn engine(&self) -> EngineSpec {
        self.engine.clone()
    }

    /// Whether a profile file can name it (`engine = "NAME"`).
    pub fn reads_files(&self) -> bool {
        self.read_file.is_some()
    }

    /// Whether `compare`, `trace` and `urlprism serve` run it when no
    /// engine is named.
    pub fn by_default(&self) -> bool {
        self.by_default
    }

    /// The named groups it belongs to.
    pub fn groups(&self) -> &'static [&'static str] {
        self.groups
    }
}

/// Every engine found by name: the built-in profiles, in their order,
/// then [`CODE_ENGINES`].
pub fn registry() -> &'static [Registered] {
    static REGISTRY: OnceLock<Vec<Registered>> = OnceLock::new();
    REGISTRY.get_or_init(|| {
        let profiles = builtin_profiles().iter().map(|p| Registered {
            engine: EngineSpec::new(Plan::of(p).into_owned()),
            read_file: None,
            by_default: true,
            groups: &[],
        });
        profiles.chain(code_engines().iter().cloned()).collect()
    })
}

/// The engines of [`CODE_ENGINES`], made once (the [`registry`] shares
/// them).
fn code_engines() -> &'static [Registered] {
    static CODE: OnceLock<Vec<Registered>> = OnceLock::new();
    CODE.get_or_init(|| {
        CODE_ENGINES
            .iter()
            .map(|c| Registered {
                engine: (c.make)(),
                read_file: c.read_file,
                by_default: c.by_default,
                groups: c.groups,
            })
            .collect()
    })
}

/// The registered engine named `name` (ASCII case-insensitive).  An
/// engine written in code is found without reading the built-in
/// profiles' files when no built-in profile has its name.
pub fn lookup(name: &str) -> Option<&'static Registered> {
    let named = |r: &&Registered| r.name().eq_ignore_ascii_case(name);
    let profile_named = BUILTIN_PROFILE_FILES
        .iter()
        .any(|(n, _)| n.eq_ignore_ascii_case(name));
    if !profile_named {
        if let Some(r) = code_engines().iter().find(named) {
            return Some(r);
        }
    }
    registry().iter().find(named)
}

/// The engines run when none is named (the columns of `compare`, `trace`
/// and `urlprism serve` by default): the built-in profiles, then the
/// engines written in code that say [`CodeEngine::by_default`].
pub fn builtin_engines() -> Vec<EngineSpec> {
    registry()
        .iter()
        .filter(|r| r.by_default)
        .map(Registered::engine)
        .collect()
}

/// Every registered engine: the built-in profiles, then the engines
/// written in code (what the page of `urlprism serve` offers).
pub fn registered_engines() -> Vec<EngineSpec> {
    registry().iter().map(Registered::engine).collect()
}

/// The engines of the group `name` (ASCII case-insensitive), in registry
/// order, or `None` when no engine belongs to it.
///
/// ```
/// use urlprism::compare::Engine;
/// let today = urlprism::engines::group("today").unwrap();
/// let names: Vec<&str> = today.iter().map(|e| e.name()).collect();
/// assert_eq!(names, ["whatwg", "chromium", "firefox", "webkit"]);
/// assert!(urlprism::engines::group("tomorrow").is_none());
/// ```
pub fn group(name: &str) -> Option<Vec<EngineSpec>> {
    let members: Vec<EngineSpec> = registry()
        .iter()
        .filter(|r| r.groups.iter().any(|g| g.eq_ignore_ascii_case(name)))
        .map(Registered::engine)
        .collect();
    (!members.is_empty()).then_some(members)
}

/// The names of the groups, in the order their first engine registers.
pub fn group_names() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = Vec::new();
    for r in registry() {
        for g in r.groups {
            if !names.contains(g) {
                names.push(g);
            }
        }
    }
    names
}

/// The registered engine named `name` (ASCII case-insensitive).
pub fn builtin_engine(name: &str) -> Option<EngineSpec> {
    lookup(name).map(Registered::engine)
}

/// The names of the registered engines, in order.
pub fn builtin_names() -> Vec<String> {
    registry().iter().map(|r| r.name().to_string()).collect()
}

/// Gives a name that repeats in `engines` a `#2`, `#3`... suffix at its
/// second, third... occurrence, so that side-by-side columns stay apart.
///
/// ```
/// use urlprism::compare::Engine;
/// use urlprism::engines::{builtin_engine, number_repeated_names};
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
            *e = e.renamed(&renamed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use encoding_rs::UTF_8;

    #[test]
    fn profile_files_select_engines() {
        let chrome = include_str!("../../profiles/chrome.toml");
        let e = EngineSpec::from_toml(chrome, "chrome.toml").unwrap();
        assert_eq!(e.as_profile().map(Profile::name), Some("chrome"));
        let t = include_str!("../../profiles/examples/whatwg-transitional.toml");
        let e = EngineSpec::from_toml(t, "whatwg-transitional.toml").unwrap();
        assert!(e.as_profile().is_none());
        assert_eq!(e.name(), "whatwg-2015");
        // Transitional Processing: `ß` becomes `ss`.
        let u = e.canonicalize("http://faß.de/", None, UTF_8).unwrap();
        assert_eq!(u.as_str(), "http://fass.de/");
        let e = EngineSpec::from_toml("name = \"x\"\nengine = \"ada\"\n", "x.toml").unwrap_err();
        assert_eq!(
            e.to_string(),
            "x.toml: unknown engine \"ada\": the registered engines a profile file names are \
             whatwg, firefox, webkit (leave `engine` out for a 2011 profile)"
        );
        // A built-in profile is registered, but reads no engine file.
        let e = EngineSpec::from_toml("name = \"x\"\nengine = \"chrome\"\n", "x.toml").unwrap_err();
        assert!(e.to_string().contains("unknown engine \"chrome\""), "{e}");
        let e = EngineSpec::from_toml("name = \"x\"\nengine = 1\n", "x.toml").unwrap_err();
        assert!(e.to_string().contains("unknown engine 1"), "{e}");
        let e = EngineSpec::from_toml("name = \"x\"\nengine = \"whatwg\"\nnfkc = 1\n", "x.toml")
            .unwrap_err();
        assert!(e.to_string().contains("nfkc"), "{e}");
        assert!(builtin_engine("WHATWG").is_some());
        assert!(builtin_engine("whatwg-transitional").is_none());
    }

    #[test]
    fn the_registry_is_the_builtin_profiles_then_the_code_engines() {
        let names = builtin_names();
        let profiles: Vec<&str> = builtin_profiles().iter().map(|p| p.name.as_str()).collect();
        let code: Vec<&str> = CODE_ENGINES.iter().map(|c| c.name).collect();
        assert_eq!(names, [profiles.clone(), code].concat());
        // Each found by name, whatever its case; each name once.
        let mut distinct: Vec<String> = names.iter().map(|n| n.to_ascii_lowercase()).collect();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), names.len(), "{names:?}");
        for (i, n) in names.iter().enumerate() {
            let found = lookup(&n.to_ascii_uppercase()).unwrap();
            assert_eq!(found.name(), registry()[i].name(), "{n}");
            assert_eq!(found.engine().name(), n);
            assert_eq!(found.reads_files(), registry()[i].reads_files(), "{n}");
            assert_eq!(found.by_default(), registry()[i].by_default(), "{n}");
        }
        // The profiles are profiles, read no engine file, and describe
        // themselves as their files do.
        for (r, p) in registry().iter().zip(builtin_profiles()) {
            assert!(r.engine().as_profile().is_some() && !r.reads_files());
            assert_eq!(r.description(), p.description);
        }
        for (r, c) in registry()[profiles.len()..].iter().zip(CODE_ENGINES) {
            assert_eq!(r.name(), c.name);
            assert_eq!(r.reads_files(), c.read_file.is_some());
            assert!(!r.description().is_empty(), "{}", c.name);
        }
    }

    #[test]
    fn renamed_engines_answer_as_themselves_under_the_new_name() {
        let mut e = vec![
            builtin_engine("gecko").unwrap(),
            builtin_engine("whatwg").unwrap(),
            builtin_engine("gecko").unwrap(),
            builtin_engine("whatwg").unwrap(),
            builtin_engine("whatwg").unwrap(),
        ];
        number_repeated_names(&mut e);
        let names: Vec<&str> = e.iter().map(|e| e.name()).collect();
        assert_eq!(
            names,
            ["gecko", "whatwg", "gecko#2", "whatwg#2", "whatwg#3"]
        );
        for (a, b) in [(0, 2), (1, 3)] {
            let input = "http://a%5Fb.test/Stra\u{df}e";
            let (x, y) = (&e[a], &e[b]);
            assert_eq!(
                x.canonicalize(input, None, UTF_8).unwrap(),
                y.canonicalize(input, None, UTF_8).unwrap()
            );
            assert_eq!(x.as_profile().is_some(), y.as_profile().is_some());
            assert_eq!(x.description(), y.description());
            let (tx, ty) = (
                x.trace_host("Fa\u{df}.de", "http").unwrap(),
                y.trace_host("Fa\u{df}.de", "http").unwrap(),
            );
            assert_eq!(
                (tx.engine.as_str(), ty.engine.as_str()),
                (x.name(), y.name())
            );
            assert_eq!((tx.steps, tx.output), (ty.steps, ty.output));
            assert_eq!(
                x.canonicalize_host("A%5Fb", "http").unwrap().unwrap(),
                y.canonicalize_host("A%5Fb", "http").unwrap().unwrap()
            );
        }
    }
}
