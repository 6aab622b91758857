//! Catching a panic in an engine as a result: [`catch_panic`] runs a
//! closure and turns its panic into an error message, printed nowhere
//! (a process-wide panic hook keeps quiet on the thread that asked).
//!
//! Feature `suite` (a library user who needs no process-wide panic hook
//! leaves it out): the suite runner, `compare`, the command-line tool
//! and the Python package run engines under it, so that a bug in one
//! becomes a result ("internal error: panic: ...") and the batch goes on.

use std::cell::{Cell, RefCell};

thread_local! {
    static SILENT: Cell<bool> = const { Cell::new(false) };
    static LAST_PANIC_LOCATION: RefCell<Option<String>> = const { RefCell::new(None) };
}

fn install_panic_hook() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if SILENT.with(|s| s.get()) {
                let loc = info
                    .location()
                    .map(|l| format!("{}:{}", l.file(), l.line()));
                LAST_PANIC_LOCATION.with(|p| *p.borrow_mut() = loc);
            } else {
                previous(info);
            }
        }));
    });
}

/// Runs `f`, catching a panic; the panic message is not printed (on this
/// thread) and is returned as `Err("panic: <message> (at <file:line>)")`.
pub fn catch_panic<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    install_panic_hook();
    let was = SILENT.with(|s| s.replace(true));
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
    SILENT.with(|s| s.set(was));
    r.map_err(|payload| {
        let msg = if let Some(s) = payload.downcast_ref::<&str>() {
            (*s).to_string()
        } else if let Some(s) = payload.downcast_ref::<String>() {
            s.clone()
        } else {
            "(non-string payload)".to_string()
        };
        match LAST_PANIC_LOCATION.with(|p| p.borrow_mut().take()) {
            Some(loc) => format!("panic: {msg} (at {loc})"),
            None => format!("panic: {msg}"),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn catch_panic_reports_message() {
        let r: Result<(), String> = catch_panic(|| panic!("boom"));
        let msg = r.unwrap_err();
        assert!(msg.starts_with("panic: boom (at "), "{msg}");
        assert!(msg.contains("panic.rs:"), "{msg}");
        let r: Result<(), String> = catch_panic(|| std::panic::panic_any(7_u8));
        assert_eq!(
            r.unwrap_err().split(" (at ").next(),
            Some("panic: (non-string payload)")
        );
        assert_eq!(catch_panic(|| 3), Ok(3));
    }
}
