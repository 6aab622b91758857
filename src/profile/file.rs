//! A profile file: [`ProfileSpec`], a profile described as data in TOML as
//! `profiles/*.toml` are, read with its line and column in errors, and
//! `extends` of a built-in profile.
//!
//! ```
//! let text = include_str!("../../profiles/this.toml");
//! let p = urlprism::ProfileSpec::from_toml(text, "this.toml").unwrap();
//! assert_eq!(p.name, "this");
//! ```

use super::{
    DisplayParams, HostParams, NameprepParams, ObservedHostParams, ObservedNameprepParams, Profile,
    UrlParams, BUILTIN_PROFILE_FILES,
};
use serde::{Deserialize, Serialize};

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
    /// The address bar (optional table `[display]`; none when absent).
    pub display: DisplayParams,
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
    #[serde(default, skip_serializing_if = "DisplayParams::is_none")]
    display: DisplayParams,
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
            display: f.display,
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
            display: p.display,
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
    fn display(&self) -> &DisplayParams {
        &self.display
    }
}
