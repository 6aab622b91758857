//! The built-in profiles are the files the build finds in `profiles/`:
//! the scan of `build.rs` (`build/profile_files.rs`), run here on the
//! real directory and on copies of it with a file added, finds and
//! orders them as `urlprism::profile::BUILTIN_PROFILE_FILES` serves them,
//! and refuses what cannot be a built-in profile.

#[path = "../build/profile_files.rs"]
mod profile_files;

use profile_files::{generate, scan};
use std::path::{Path, PathBuf};
use urlprism::compare::Engine;
use urlprism::engines::EngineSpec;
use urlprism::profile::{builtin_profiles, BUILTIN_PROFILE_FILES};
use urlprism::ProfileSpec;

fn profiles_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("profiles")
}

/// The profiles of the specification's marks, in their order.
const MARKED: [&str; 4] = ["this", "chrome", "gecko", "ie"];

/// A fresh directory holding a copy of the files of `profiles/` of the
/// profiles of the marks ([`MARKED`]; not any other file `profiles/`
/// may hold) and of its `examples/`.
fn copy_of_profiles(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "urlprism-test-{}-profiles-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("examples")).unwrap();
    for name in MARKED {
        let file = format!("{name}.toml");
        std::fs::copy(profiles_dir().join(&file), dir.join(&file)).unwrap();
    }
    for entry in std::fs::read_dir(profiles_dir().join("examples")).unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(&path, dir.join("examples").join(path.file_name().unwrap())).unwrap();
    }
    dir
}

fn names(dir: &Path) -> Vec<String> {
    scan(dir)
        .unwrap_or_else(|e| panic!("{e}"))
        .into_iter()
        .map(|f| f.name)
        .collect()
}

fn chrome_text() -> String {
    std::fs::read_to_string(profiles_dir().join("chrome.toml")).unwrap()
}

/// What the build compiled in is what the scan finds in `profiles/` now,
/// in the column order of `compare`: by `order`, then by name.
#[test]
fn the_compiled_list_is_the_scan_of_profiles() {
    let found = scan(&profiles_dir()).unwrap();
    let compiled: Vec<&str> = BUILTIN_PROFILE_FILES.iter().map(|(n, _)| *n).collect();
    let scanned: Vec<&str> = found.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(compiled, scanned);
    for (f, (_, text)) in found.iter().zip(BUILTIN_PROFILE_FILES) {
        assert_eq!(
            std::fs::read_to_string(&f.path).unwrap(),
            *text,
            "{}",
            f.name
        );
    }
    let profiles: Vec<&str> = builtin_profiles().iter().map(|p| p.name.as_str()).collect();
    assert_eq!(profiles, scanned);
    let key = |f: &profile_files::ProfileFile| (f.order.is_none(), f.order, f.name.clone());
    assert!(found.windows(2).all(|w| key(&w[0]) < key(&w[1])));
    // The files of the marks place themselves: `this`, the browsers.
    let marked: Vec<_> = found
        .iter()
        .filter(|f| MARKED.contains(&f.name.as_str()))
        .map(|f| (f.name.as_str(), f.order))
        .collect();
    assert_eq!(
        marked,
        [
            ("this", Some(1)),
            ("chrome", Some(2)),
            ("gecko", Some(3)),
            ("ie", Some(4))
        ]
    );
    // The engine file among the examples is not built in.
    assert!(profiles_dir()
        .join("examples/whatwg-transitional.toml")
        .is_file());
    assert!(!scanned.contains(&"whatwg-2015"));
}

/// A file added to `profiles/` is a built-in profile: after the others
/// without an `order`, by its `order` with one (a tie broken by name).
#[test]
fn an_added_file_is_found_and_placed() {
    let dir = copy_of_profiles("added");
    let opera = chrome_text().replacen("name = \"chrome\"", "name = \"opera\"", 1);
    // A copy of chrome.toml keeps its `order`: beside chrome, after it
    // by name.
    std::fs::write(dir.join("opera.toml"), &opera).unwrap();
    assert_eq!(names(&dir), ["this", "chrome", "opera", "gecko", "ie"]);
    // Without `order`: after those with one.
    let unordered: String = opera
        .lines()
        .filter(|l| !l.starts_with("order"))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(dir.join("opera.toml"), &unordered).unwrap();
    std::fs::write(
        dir.join("aardvark.toml"),
        unordered.replacen("name = \"opera\"", "name = \"aardvark\"", 1),
    )
    .unwrap();
    assert_eq!(
        names(&dir),
        ["this", "chrome", "gecko", "ie", "aardvark", "opera"]
    );
    // Before the others with a lower one.
    std::fs::write(dir.join("opera.toml"), format!("order = 0\n{unordered}")).unwrap();
    assert_eq!(names(&dir)[..2], ["opera", "this"]);

    // The list generated includes each file, in that order.
    let files = scan(&dir).unwrap();
    let generated = generate(&files);
    let at: Vec<usize> = files
        .iter()
        .map(|f| {
            let entry = format!(
                "({:?}, include_str!({:?}))",
                f.name,
                f.path.to_string_lossy()
            );
            generated
                .find(&entry)
                .unwrap_or_else(|| panic!("{entry} in {generated}"))
        })
        .collect();
    assert!(at.windows(2).all(|w| w[0] < w[1]), "{generated}");

    // The added file reads as a profile, with chrome's parameters.
    for text in [&opera, &unordered] {
        let p = ProfileSpec::from_toml(text, "opera.toml").unwrap();
        let chrome = urlprism::profile::builtin("chrome").unwrap();
        assert_eq!(p.name, "opera");
        assert_eq!(
            (&p.nameprep, &p.canonicalize_host, &p.url),
            (&chrome.nameprep, &chrome.canonicalize_host, &chrome.url)
        );
        let e = EngineSpec::from_toml(text, "opera.toml").unwrap();
        assert_eq!(e.name(), "opera");
        assert!(e.as_profile().is_some());
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// What cannot be a built-in profile stops the build with the file's
/// name and the reason.
#[test]
fn files_that_cannot_be_built_in_are_refused() {
    let opera = chrome_text().replacen("name = \"chrome\"", "name = \"opera\"", 1);
    let cases: [(&str, String, &str); 6] = [
        (
            "whatwg-2015.toml",
            std::fs::read_to_string(profiles_dir().join("examples/whatwg-transitional.toml"))
                .unwrap(),
            "names an engine",
        ),
        ("netscape.toml", opera.clone(), "is named \"opera\""),
        (
            "opera.toml",
            opera.replacen("order = 2", "order = \"2\"", 1),
            "`order` is not an integer",
        ),
        (
            "opera.toml",
            opera.replacen("name = \"opera\"\n", "", 1),
            "no `name`",
        ),
        (
            "opera.toml",
            format!("{opera}\n[nameprep\n"),
            "not a TOML file",
        ),
        (
            "Chrome.toml",
            chrome_text().replacen("name = \"chrome\"", "name = \"Chrome\"", 1),
            "two built-in profiles named",
        ),
    ];
    for (i, (file, text, reason)) in cases.iter().enumerate() {
        let dir = copy_of_profiles(&format!("refused-{i}"));
        if dir.join(file).exists() {
            // `Chrome.toml` on a file system that ignores case is
            // chrome.toml: two such files cannot be.
            let _ = std::fs::remove_dir_all(&dir);
            continue;
        }
        std::fs::write(dir.join(file), text).unwrap();
        let e = scan(&dir).unwrap_err();
        assert!(e.contains(file) && e.contains(reason), "{file}: {e}");
        let _ = std::fs::remove_dir_all(&dir);
    }
    // A file in a subdirectory is not looked at.
    let dir = copy_of_profiles("subdirectory");
    std::fs::write(dir.join("examples/broken.toml"), "[nameprep\n").unwrap();
    assert_eq!(names(&dir), MARKED);
    let _ = std::fs::remove_dir_all(&dir);
}
