//! Kinds of keys as data: a family and the steps it runs, read from a key
//! file.  The built-in kinds are the files `keys/*.toml`.

use super::{family, Applied, Family, KeyError, KeyFileError, Switches, FAMILIES};
use std::sync::OnceLock;

/// The built-in key files, `keys/NAME.toml`, in the order `key --list`
/// shows them (`tests/keys_files.rs` checks that every file of `keys/` is here).
const BUILTIN_FILES: &[(&str, &str)] = &[
    ("surt.toml", include_str!("../../keys/surt.toml")),
    (
        "surt-scheme.toml",
        include_str!("../../keys/surt-scheme.toml"),
    ),
    (
        "surt-fixed.toml",
        include_str!("../../keys/surt-fixed.toml"),
    ),
    // urlcanon 0.3.1: the five canonicalizers (`-fixed`: with its faults
    // fixed), their SURT forms, SSURT.
    (
        "urlcanon-whatwg.toml",
        include_str!("../../keys/urlcanon-whatwg.toml"),
    ),
    (
        "urlcanon-google.toml",
        include_str!("../../keys/urlcanon-google.toml"),
    ),
    (
        "urlcanon-semantic-precise.toml",
        include_str!("../../keys/urlcanon-semantic-precise.toml"),
    ),
    (
        "urlcanon-semantic.toml",
        include_str!("../../keys/urlcanon-semantic.toml"),
    ),
    (
        "urlcanon-semantic-fixed.toml",
        include_str!("../../keys/urlcanon-semantic-fixed.toml"),
    ),
    (
        "urlcanon-aggressive.toml",
        include_str!("../../keys/urlcanon-aggressive.toml"),
    ),
    (
        "urlcanon-aggressive-fixed.toml",
        include_str!("../../keys/urlcanon-aggressive-fixed.toml"),
    ),
    (
        "urlcanon-whatwg-surt.toml",
        include_str!("../../keys/urlcanon-whatwg-surt.toml"),
    ),
    (
        "urlcanon-google-surt.toml",
        include_str!("../../keys/urlcanon-google-surt.toml"),
    ),
    (
        "urlcanon-semantic-precise-surt.toml",
        include_str!("../../keys/urlcanon-semantic-precise-surt.toml"),
    ),
    (
        "urlcanon-semantic-surt.toml",
        include_str!("../../keys/urlcanon-semantic-surt.toml"),
    ),
    (
        "urlcanon-aggressive-surt.toml",
        include_str!("../../keys/urlcanon-aggressive-surt.toml"),
    ),
    ("ssurt.toml", include_str!("../../keys/ssurt.toml")),
    (
        "ssurt-fixed.toml",
        include_str!("../../keys/ssurt-fixed.toml"),
    ),
    // Safe Browsing: Google's Go reference, then Firefox's reading.
    (
        "safebrowsing.toml",
        include_str!("../../keys/safebrowsing.toml"),
    ),
    (
        "safebrowsing-firefox.toml",
        include_str!("../../keys/safebrowsing-firefox.toml"),
    ),
];

/// A kind of key: a family with its steps chosen.
///
/// ```
/// use urlprism::keys::Key;
/// let mine = Key::from_toml("name = \"surt-keep-www\"\nextends = \"surt\"\n[steps]\nhost_massage = false\n").unwrap();
/// assert_eq!(mine.make_str("http://www.example.com/").unwrap(), "com,example,www)/");
/// ```
#[derive(Clone, Debug)]
pub struct Key {
    name: String,
    description: String,
    family: &'static Family,
    on: Switches,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct KeyFile {
    name: String,
    #[serde(default)]
    description: Option<String>,
    #[serde(default)]
    family: Option<String>,
    #[serde(default)]
    extends: Option<String>,
    #[serde(default)]
    steps: toml::Table,
}

impl Key {
    /// Reads a key file: `name`, `family` (or `extends`, a built-in kind
    /// to start from), an optional `description`, and `[steps]`, each step
    /// of the family `true` or `false` (a step not named keeps the
    /// family's default, or the extended kind's choice).
    pub fn from_toml(text: &str) -> Result<Key, KeyFileError> {
        read(text, builtins())
    }

    /// The built-in kind named `name` (a file of `keys/`).
    pub fn builtin(name: &str) -> Option<&'static Key> {
        builtin(name)
    }

    /// The kind's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// What the kind is, in a line.
    pub fn description(&self) -> &str {
        &self.description
    }

    /// The family whose steps it runs.
    pub fn family(&self) -> &'static Family {
        self.family
    }

    /// Which of the family's steps run.
    pub fn switches(&self) -> Switches {
        self.on
    }

    /// The names of the steps that run, in order.
    pub fn steps_on(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.family
            .steps
            .iter()
            .enumerate()
            .filter(|(i, _)| self.on.on(*i))
            .map(|(_, s)| s.name)
    }

    /// Appends the key of `input` to `out`, noting in `applied` the steps
    /// that changed it.
    pub fn make_into(
        &self,
        input: &[u8],
        applied: &mut Applied,
        out: &mut Vec<u8>,
    ) -> Result<(), KeyError> {
        (self.family.make)(input, self.on, applied, out)
    }

    /// Appends the lookup expressions of `input` under this kind to `out`;
    /// `None` when the kind's family has none.
    pub fn expressions(
        &self,
        input: &[u8],
        out: &mut Vec<Vec<u8>>,
    ) -> Option<Result<(), KeyError>> {
        self.family.expressions.map(|f| f(input, self.on, out))
    }

    /// The key of `input`, as octets (a key may hold octets that are not
    /// UTF-8 where the reference implementation keeps them).
    pub fn make(&self, input: &[u8]) -> Result<Vec<u8>, KeyError> {
        let mut out = Vec::new();
        self.make_into(input, &mut Applied::off(), &mut out)?;
        Ok(out)
    }

    /// The key of `input` as text (octets that are not UTF-8 replaced by
    /// U+FFFD).
    pub fn make_str(&self, input: &str) -> Result<String, KeyError> {
        self.make(input.as_bytes())
            .map(|k| match String::from_utf8(k) {
                Ok(s) => s,
                Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
            })
    }
}

fn builtins() -> &'static [Key] {
    static KEYS: OnceLock<Vec<Key>> = OnceLock::new();
    KEYS.get_or_init(|| {
        let mut keys: Vec<Key> = Vec::new();
        for (file, text) in BUILTIN_FILES {
            // A built-in file extends only kinds listed before it.
            let key = read(text, &keys).unwrap_or_else(|e| panic!("keys/{file}: {e}"));
            keys.push(key);
        }
        keys
    })
}

/// Reads a key file whose `extends` may name a kind of `bases` (the
/// built-in kinds for a user's file; for a built-in file, those listed
/// before it).
fn read(text: &str, bases: &[Key]) -> Result<Key, KeyFileError> {
    let file: KeyFile = toml::from_str(text).map_err(|e| KeyFileError {
        message: format!("key file: {e}"),
    })?;
    let (family, mut on, inherited) = match (&file.extends, &file.family) {
        (Some(base), family_name) => {
            let base = bases.iter().find(|k| &k.name == base).ok_or_else(|| KeyFileError {
                message: format!(
                    "key file: `extends = \"{base}\"`: no built-in kind of that name (the kinds: {})",
                    bases.iter().map(|k| k.name.as_str()).collect::<Vec<_>>().join(", ")
                ),
            })?;
            if let Some(f) = family_name {
                if f != base.family.name {
                    return Err(KeyFileError {
                        message: format!(
                            "key file: `family = \"{f}\"` but `{}` is of the family `{}`",
                            base.name, base.family.name
                        ),
                    });
                }
            }
            (base.family, base.on, Some(base.description.clone()))
        }
        (None, Some(f)) => {
            let family = family(f).ok_or_else(|| KeyFileError {
                message: format!(
                    "key file: no family `{f}` (the families: {})",
                    FAMILIES
                        .iter()
                        .map(|f| f.name)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            })?;
            (family, Switches::defaults(family.steps), None)
        }
        (None, None) => {
            return Err(KeyFileError {
                message: "key file: it needs `family = \"...\"` or `extends = \"...\"`".into(),
            })
        }
    };
    for (step, value) in &file.steps {
        let index =
            family
                .steps
                .iter()
                .position(|s| s.name == step)
                .ok_or_else(|| KeyFileError {
                    message: format!(
                "key file: [steps] {step}: the family `{}` has no such step (its steps: {})",
                family.name,
                family.steps.iter().map(|s| s.name).collect::<Vec<_>>().join(", ")
            ),
                })?;
        let value = value.as_bool().ok_or_else(|| KeyFileError {
            message: format!("key file: [steps] {step}: expected true or false, found {value}"),
        })?;
        on.set(index, value);
    }
    Ok(Key {
        name: file.name,
        description: file.description.or(inherited).unwrap_or_default(),
        family,
        on,
    })
}

/// The built-in kind named `name`.
pub fn builtin(name: &str) -> Option<&'static Key> {
    builtins().iter().find(|k| k.name == name)
}

/// The names of the built-in kinds, in order.
pub fn builtin_names() -> Vec<&'static str> {
    builtins().iter().map(|k| k.name.as_str()).collect()
}
