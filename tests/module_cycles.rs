//! The library's modules import each other without cycles, as
//! `ARCHITECTURE.md` says: `tools/module_cycles.py` finds none.

#[test]
fn modules_import_each_other_without_cycles() {
    let out = std::process::Command::new("python3")
        .arg("tools/module_cycles.py")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("python3 runs tools/module_cycles.py");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains(" 0 cycles"), "{text}");
}
