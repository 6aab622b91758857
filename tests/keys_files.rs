//! The built-in kinds of key are the files of `keys/`: every file is
//! built in, under the name of its file, and every built-in kind is a file.

use std::collections::BTreeSet;
use urlprism::keys::{builtin, builtin_names};

#[test]
fn every_file_of_keys_is_a_built_in_kind_of_its_name() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("keys");
    let mut files = BTreeSet::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "toml") {
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            let key = builtin(&name).unwrap_or_else(|| panic!("keys/{name}.toml is not built in"));
            assert_eq!(key.name(), name, "keys/{name}.toml is named as its file");
            files.insert(name);
        }
    }
    let built_in: BTreeSet<String> = builtin_names().into_iter().map(str::to_string).collect();
    assert_eq!(built_in, files, "the built-in kinds are the files of keys/");
}
