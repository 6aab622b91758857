//! The crates as they would be published: `cargo package` of the library
//! and the tool (each built from its own tarball, the tool against the
//! library's), what the library's tarball holds, and a `rust-version`
//! that no dependency's minimum exceeds.

use std::path::{Path, PathBuf};
use std::process::Command;

fn cargo() -> Command {
    Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
}

/// The `rust-version` of the manifest at `path`.
fn rust_version(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    let manifest: toml::Table = toml::from_str(&text).unwrap();
    manifest["package"]["rust-version"]
        .as_str()
        .unwrap_or_else(|| panic!("{} sets no rust-version", path.display()))
        .to_string()
}

fn version_tuple(v: &str) -> Vec<u32> {
    v.split('.').map(|p| p.parse().unwrap()).collect()
}

#[test]
fn rust_version_is_no_lower_than_a_dependency_needs() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let ours = rust_version(&root.join("Cargo.toml"));
    assert_eq!(
        ours,
        rust_version(&root.join("cli/Cargo.toml")),
        "the library and the tool"
    );
    let out = cargo()
        .args(["metadata", "--format-version", "1", "--offline"])
        .current_dir(root)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let metadata: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let needed = metadata["packages"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|p| Some((p["rust_version"].as_str()?, p["name"].as_str()?)))
        .max_by_key(|(v, _)| version_tuple(v))
        .unwrap();
    assert!(
        version_tuple(&ours) >= version_tuple(needed.0),
        "rust-version {ours} is below {} of {}",
        needed.0,
        needed.1
    );
}

#[test]
fn the_library_and_the_tool_package_and_build_from_their_tarballs() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    // A target directory of its own, new for each run: the tarballs build
    // with nothing of the repository's around them, and the local
    // registry cargo makes there for the library is never one whose
    // unpacked copy an earlier run left behind.
    let target = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("package-check-{}", std::process::id()));
    let out = cargo()
        .args(["package", "--workspace", "--allow-dirty", "--offline"])
        .env("CARGO_TARGET_DIR", &target)
        .current_dir(root)
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&target);
    assert!(
        out.status.success(),
        "cargo package failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let list = cargo()
        .args([
            "package",
            "--list",
            "--allow-dirty",
            "--offline",
            "-p",
            "urlprism",
        ])
        .current_dir(root)
        .output()
        .unwrap();
    assert!(
        list.status.success(),
        "{}",
        String::from_utf8_lossy(&list.stderr)
    );
    let files = String::from_utf8(list.stdout).unwrap();
    let files: Vec<&str> = files.lines().collect();
    for needed in [
        "build.rs",
        "src/lib.rs",
        "profiles/chrome.toml",
        "keys/surt.toml",
        "README.md",
    ] {
        assert!(files.contains(&needed), "{needed} is not in the package");
    }
    assert!(
        files.iter().any(|f| f.starts_with("data/")),
        "no data/ in the package"
    );
    assert!(
        !files
            .iter()
            .any(|f| f.starts_with("tests/") || f.starts_with("python/")),
        "the package holds the repository's tests or the Python package"
    );
}
