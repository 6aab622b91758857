//! Command-line parsing and the shared helpers of the subcommands.

mod canon;
mod compare;
mod display;
mod input;
mod key;
mod nameprep;
mod parallel;
mod profiles;
mod progress;
mod serve;
mod terminal;
mod test;
mod trace;
mod width;

use clap::{Parser, Subcommand};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use urlprism::compare::Engine;
use urlprism::engines::{builtin_engine, builtin_names, lookup, EngineSpec};
use urlprism::profile::{builtin, builtin_profiles};
use urlprism::Context;
use urlprism::ProfileSpec;

/// Parse, resolve and canonicalize URLs the way web browsers did.
#[derive(Debug, Parser)]
#[command(name = "urlprism", version, about, propagate_version = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Canonicalize each URL argument, or each line of standard input.
    Canon(canon::CanonArgs),
    /// Run conformance suite files (`.dat`) under one or more profiles.
    Test(test::TestArgs),
    /// Run URLs through several profiles side by side and show where they
    /// differ; with --diff-only, keep only the URLs they disagree on.
    Compare(compare::CompareArgs),
    /// Show every CanonicalizeHost step of a URL's host under one or more
    /// profiles, and the first step where they diverge.
    Trace(trace::TraceArgs),
    /// Run a profile's Nameprep (with the bidi check) on each string.
    Nameprep(nameprep::NameprepArgs),
    /// Run a profile's CanonicalizeHost on each host.
    Host(nameprep::HostArgs),
    /// List the built-in profiles and engines, print a profile as a TOML file to edit, or the plan it compiles to.
    Profiles(profiles::ProfilesArgs),
    /// Make the key a crawler or web archive stores for each URL (SURT,
    /// SSURT, urlcanon's canonical forms, Safe Browsing's), one per line.
    Key(key::KeyArgs),
    /// Show what each browser's address bar shows for each URL: host
    /// labels in Unicode or Punycode by its display policy, the path
    /// decoded for display, what it leaves out (--json: with the rule that
    /// decided each label).
    Display(display::DisplayArgs),
    /// Serve a web page that shows a URL under every profile, with its
    /// trace, and a JSON API answering what `compare`, `trace` and
    /// `canon` print with --json.
    Serve(serve::ServeArgs),
}

/// Exit status of a usage error (bad option value, unknown profile...).
pub const EXIT_USAGE: u8 = 2;

/// An error that ends the command with [`EXIT_USAGE`].
#[derive(Debug)]
pub struct UsageError(pub String);

impl std::fmt::Display for UsageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Canon(args) => canon::run(args),
        Command::Display(args) => display::run(args),
        Command::Test(args) => test::run(args),
        Command::Compare(args) => compare::run(args),
        Command::Trace(args) => trace::run(args),
        Command::Nameprep(args) => nameprep::run_nameprep(args),
        Command::Host(args) => nameprep::run_host(args),
        Command::Profiles(args) => profiles::run(args),
        Command::Key(args) => key::run(args),
        Command::Serve(args) => serve::run(args),
    };
    match result {
        Ok(code) => code,
        Err(UsageError(msg)) => {
            eprintln!("urlprism: error: {msg}");
            ExitCode::from(EXIT_USAGE)
        }
    }
}

/// The names of the built-in profiles, comma-separated.
fn known_profiles() -> String {
    builtin_profiles()
        .iter()
        .map(|p| p.name.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The built-in profile `name`, or a usage error listing the known ones
/// (and saying so when `name` is an engine without marked steps).
pub fn profile_by_name(name: &str) -> Result<&'static ProfileSpec, UsageError> {
    builtin(name).ok_or_else(|| match lookup(name) {
        Some(r) => not_a_profile(r.name(), r.description()),
        None => {
            let names: Vec<&str> = builtin_profiles().iter().map(|p| p.name.as_str()).collect();
            UsageError(format!(
                "unknown profile {name:?}{}; known profiles: {}",
                did_you_mean(name, &names),
                known_profiles()
            ))
        }
    })
}

/// ` (did you mean "chrome"?)` when one of `names` is close to `name`
/// ([`urlprism::text::names::closest`]), or nothing.
fn did_you_mean(name: &str, names: &[&str]) -> String {
    match urlprism::text::names::closest(name, names) {
        Some(n) => format!(" (did you mean {n:?}?)"),
        None => String::new(),
    }
}

/// The usage error of a command that runs the 2011 profiles' steps only
/// when given the engine `name`, described as `description`.
fn not_a_profile(name: &str, description: &str) -> UsageError {
    UsageError(format!(
        "{name:?} is not a profile of the 2011 specification's marked steps (it has no \
         Nameprep: it is {description}); profiles this command accepts: {}",
        known_profiles()
    ))
}

/// The registered engine `name` (a profile, `whatwg`...), or a usage
/// error listing the known ones.
pub fn engine_by_name(name: &str) -> Result<EngineSpec, UsageError> {
    builtin_engine(name).ok_or_else(|| {
        let names = builtin_names();
        let refs: Vec<&str> = names.iter().map(String::as_str).collect();
        UsageError(format!(
            "unknown profile {name:?}{}; known profiles: {}",
            did_you_mean(name, &refs),
            names.join(", ")
        ))
    })
}

/// The engine in the profile file at `path` (a 2011 profile, or
/// `engine = "whatwg"`); a malformed file is a usage error whose message
/// gives file:line:col.
pub fn engine_from_file(path: &Path) -> Result<EngineSpec, UsageError> {
    EngineSpec::from_file(path).map_err(|e| UsageError(format!("bad profile file: {e}")))
}

/// The profile of a subcommand that runs under one profile, when none is
/// named.
pub const DEFAULT_PROFILE: &str = urlprism::profile::THIS;

/// The document encoding when none is named.
pub const DEFAULT_ENCODING: &str = "utf-8";

/// `--profile NAME` or `--profile-file PATH`: the one profile of a
/// subcommand that runs under a single profile.
#[derive(Debug, clap::Args)]
pub struct OneProfile {
    /// The profile or engine, by name: a built-in profile (`urlprism
    /// profiles` lists them) or an engine such as `whatwg`.
    #[arg(
        long,
        value_name = "NAME",
        default_value = DEFAULT_PROFILE,
        conflicts_with = "profile_file"
    )]
    profile: String,
    /// Use the profile described in this TOML file instead.
    #[arg(long, value_name = "PATH")]
    profile_file: Option<PathBuf>,
}

impl OneProfile {
    /// The engine the options name, which must be a 2011 profile (its
    /// [`Engine::as_profile`] is one).
    pub fn load_profile(&self) -> Result<EngineSpec, UsageError> {
        let engine = self.load_engine()?;
        match engine.as_profile() {
            Some(_) => Ok(engine),
            None => Err(not_a_profile(engine.name(), engine.description())),
        }
    }

    /// The engine the options name: a profile, or another registered
    /// engine (the URL Standard...).
    pub fn load_engine(&self) -> Result<EngineSpec, UsageError> {
        match &self.profile_file {
            Some(path) => engine_from_file(path),
            None => engine_by_name(&self.profile),
        }
    }
}

/// The context of the inputs (`--context`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ContextName {
    /// A link in a page: `a.href` of `<a href=URL>` in a page of
    /// `--encoding` at `--page-url`, `--base` its `<base href>`.
    Link,
    /// `new URL(URL, BASE)`: UTF-8, `--base` the base as given.
    NewUrl,
}

/// `--base URL`, `--encoding LABEL`, `--context` and `--page-url`: where
/// the inputs are parsed (`new URL(input, base)`, or a link in a page)
/// and against what.
#[derive(Debug, Default, clap::Args)]
pub struct BaseAndEncoding {
    /// The base URL: `new URL()`'s base, or the page's `<base href>` for
    /// a link in a page (default: none; the input is its own base, or the
    /// page's URL is).
    #[arg(long, value_name = "URL")]
    pub base: Option<String>,
    /// The page's encoding, an Encoding Standard label: each input is a
    /// link in a page of that encoding (what `a.href` gives), the query
    /// encoded in it.  Without it, `new URL(input, base)` (UTF-8).
    #[arg(long, value_name = "LABEL")]
    pub encoding: Option<String>,
    /// Where the inputs are parsed: `link` (a link in a page, the default
    /// with --encoding or --page-url) or `new-url` (`new URL(input,
    /// base)`, the default otherwise).
    #[arg(long, value_enum, value_name = "CONTEXT")]
    pub context: Option<ContextName>,
    /// The page's own URL, for a link in a page: the base of its links
    /// without a `<base href>`, or when the browser ignores it (default
    /// http://page.example/dir/page.html).
    #[arg(long, value_name = "URL")]
    pub page_url: Option<String>,
}

impl BaseAndEncoding {
    /// The encoding the options name (UTF-8 when none is); an unknown
    /// label is a usage error.
    pub fn encoding(&self) -> Result<&'static encoding_rs::Encoding, UsageError> {
        encoding_by_label(self.encoding.as_deref().unwrap_or(DEFAULT_ENCODING))
    }

    /// The context the options name: a link in a page with `--context
    /// link`, `--encoding` or `--page-url`, else `new URL()`.
    pub fn context(&self) -> Result<Context, UsageError> {
        let link = match self.context {
            Some(c) => c == ContextName::Link,
            None => self.encoding.is_some() || self.page_url.is_some(),
        };
        if !link {
            if self.encoding.is_some() || self.page_url.is_some() {
                return Err(UsageError(
                    "--encoding and --page-url are for a link in a page (--context link): new URL() \
                     parses in UTF-8 against --base"
                        .into(),
                ));
            }
            return Ok(Context::NewUrl);
        }
        let page_url = self
            .page_url
            .clone()
            .unwrap_or_else(|| urlprism::engines::page::DEFAULT_PAGE_URL.to_string());
        if urlprism::parse(&page_url).scheme.is_none() {
            return Err(UsageError(format!(
                "invalid page URL {page_url:?}: it is not an absolute URL"
            )));
        }
        Ok(Context::LinkInPage {
            encoding: self.encoding()?,
            page_url,
        })
    }

    /// The base URL, checked against `engines`: an invalid one is a
    /// usage error, reported before any input is read ([`check_base`]).
    /// For a link in a page, the `<base href>` as given (a page whose
    /// `<base href>` is invalid is one of the cases the engines model).
    pub fn checked_base(&self, engines: &[EngineSpec]) -> Result<Option<&str>, UsageError> {
        match &self.base {
            Some(b) if self.context()? == Context::NewUrl => {
                check_base(b, engines, encoding_rs::UTF_8)?;
                Ok(Some(b))
            }
            Some(b) => Ok(Some(b)),
            None => Ok(None),
        }
    }

    /// A canonicalizer under `engine` in the options' context, with their
    /// base; an unknown encoding or an invalid base is a usage error.
    pub fn canonicalizer<'e>(
        &self,
        engine: &'e EngineSpec,
    ) -> Result<urlprism::Canonicalizer<'e>, UsageError> {
        let context = self.context()?;
        if let (Some(page_url), None) = (context.page_url(), engine.as_profile()) {
            engine
                .check_base(page_url, context.encoding())
                .map_err(|e| UsageError(format!("invalid page URL {page_url:?}: {e}")))?;
        }
        let c = urlprism::Canonicalizer::new(engine).context(context.clone());
        match &self.base {
            Some(b) => {
                let c = with_base(b, || c.base(b))?;
                if context == Context::NewUrl {
                    check_base(b, std::slice::from_ref(engine), encoding_rs::UTF_8)?;
                }
                Ok(c)
            }
            None => Ok(c),
        }
    }
}

/// What `set_base` gives (a canonicalizer with its base URL `base` set);
/// an invalid base is a usage error that says why.
pub(super) fn with_base<T>(
    base: &str,
    set_base: impl FnOnce() -> Result<T, urlprism::Error>,
) -> Result<T, UsageError> {
    match urlprism::text::panic::catch_panic(set_base) {
        Ok(Ok(c)) => Ok(c),
        // It names the base already.
        Ok(Err(e @ urlprism::Error::Base { .. })) => Err(UsageError(e.to_string())),
        Ok(Err(e)) => Err(UsageError(format!("invalid base URL {base:?}: {e}"))),
        Err(panic) => Err(UsageError(format!(
            "cannot parse the base URL {base:?}: internal error: {panic}"
        ))),
    }
}

/// A usage error when the base URL `base` is invalid: it has no scheme,
/// or it has no canonical form under any of `engines` (each of them would
/// fail every input that takes its authority or path from it).
pub fn check_base(
    base: &str,
    engines: &[EngineSpec],
    encoding: &'static encoding_rs::Encoding,
) -> Result<(), UsageError> {
    with_base(base, || {
        urlprism::Canonicalizer::new(urlprism::profile::this()).base(base)
    })?;
    let mut failures = Vec::new();
    for e in engines {
        match urlprism::text::panic::catch_panic(|| e.canonicalize(base, None, encoding)) {
            Ok(Ok(_)) => return Ok(()),
            Ok(Err(err)) => failures.push(format!("{}: {err}", e.name())),
            Err(panic) => failures.push(format!("{}: internal error: {panic}", e.name())),
        }
    }
    match failures.is_empty() {
        true => Ok(()),
        false => Err(UsageError(format!(
            "invalid base URL {base:?}: it has no canonical form ({})",
            failures.join("; ")
        ))),
    }
}

/// The encoding with the Encoding Standard label `label`.
pub fn encoding_by_label(label: &str) -> Result<&'static encoding_rs::Encoding, UsageError> {
    encoding_rs::Encoding::for_label(label.trim().as_bytes())
        .ok_or_else(|| UsageError(format!("unknown encoding label {label:?} (see the Encoding Standard for labels, e.g. utf-8, shift_jis, windows-1252)")))
}

/// Engines named on the command line, then those from profile files;
/// the built-in profiles when none is given.
pub fn select_engines(names: &[String], files: &[PathBuf]) -> Result<Vec<EngineSpec>, UsageError> {
    let mut out = Vec::new();
    for n in names {
        out.push(engine_by_name(n)?);
    }
    for f in files {
        out.push(engine_from_file(f)?);
    }
    if out.is_empty() {
        out = builtin_profiles()
            .iter()
            .filter_map(|p| builtin_engine(&p.name))
            .collect();
    }
    Ok(out)
}
