//! Mixed profiles: a profile that takes each parameter from one of the
//! built-in profiles, for the property tests and the fuzz targets.
//!
//! ```
//! use urlprism::profile::{builtin_profiles, mixed_profile};
//! let p = mixed_profile(|_| 0);
//! assert_eq!(p.canonicalize_host, builtin_profiles()[0].canonicalize_host);
//! ```

use super::{builtin_profiles, ProfileSpec};

/// A profile that mixes the built-in profiles' parameters: for every
/// parameter (every key of every table of `profiles/*.toml`, the
/// `nfkc` table's keys one by one), `pick(n)` chooses one of the `n`
/// distinct values the built-in profiles give it (taken modulo `n`; a
/// parameter a built-in profile leaves out counts as one more value, its
/// default).  The result is a profile a user could write; the property
/// tests and the fuzz targets run such profiles to check that the
/// shortcuts of the pipelines give what the steps give for any of them,
/// not only for the built-in ones.
///
/// ```
/// use urlprism::profile::{builtin_profiles, mixed_profile};
/// // Always the first value seen: the THIS profile's parameters.
/// let p = mixed_profile(|_| 0);
/// assert_eq!(p.canonicalize_host, builtin_profiles()[0].canonicalize_host);
/// // Always the last value seen.
/// let q = mixed_profile(|n| n - 1);
/// assert_eq!(q.canonicalize_host.hex_case, urlprism::profile::HexCase::Lower);
/// ```
pub fn mixed_profile(mut pick: impl FnMut(usize) -> usize) -> ProfileSpec {
    let tables: Vec<toml::Table> = builtin_profiles()
        .iter()
        .map(|p| toml::Table::try_from(p).expect("a profile serializes to a TOML table"))
        .collect();
    let refs: Vec<&toml::Table> = tables.iter().collect();
    let mut mixed = mix_tables(&refs, &mut pick);
    mixed.insert("name".into(), toml::Value::String("mixed".into()));
    mixed.insert(
        "description".into(),
        toml::Value::String("the built-in profiles' parameters, mixed".into()),
    );
    mixed
        .try_into()
        .expect("values every built-in profile accepts make a profile")
}

/// [`mixed_profile`] of some tables: the union of their keys, a sub-table
/// mixed key by key, any other value picked among the distinct values
/// seen (`None`: the key is left out).
fn mix_tables(tables: &[&toml::Table], pick: &mut impl FnMut(usize) -> usize) -> toml::Table {
    let mut keys: Vec<&String> = tables.iter().flat_map(|t| t.keys()).collect();
    keys.sort();
    keys.dedup();
    let mut out = toml::Table::new();
    for key in keys {
        let values: Vec<Option<&toml::Value>> = tables.iter().map(|t| t.get(key)).collect();
        let subtables: Vec<&toml::Table> = values.iter().filter_map(|v| (*v)?.as_table()).collect();
        if subtables.len() == values.len() {
            out.insert(
                key.clone(),
                toml::Value::Table(mix_tables(&subtables, pick)),
            );
            continue;
        }
        let mut distinct: Vec<Option<&toml::Value>> = Vec::new();
        for v in values {
            if !distinct.contains(&v) {
                distinct.push(v);
            }
        }
        if let Some(v) = distinct[pick(distinct.len()) % distinct.len()] {
            out.insert(key.clone(), v.clone());
        }
    }
    out
}
