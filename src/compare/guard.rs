//! Running an engine's work so that a bug in it (a panic) becomes an
//! error in its column rather than the end of the comparison: with the
//! `suite` feature the panic is caught
//! ([`crate::text::panic::catch_panic`]); without it, it unwinds as usual.

/// Runs `f`; `Err` holds the message of a panic, when panics are caught.
#[cfg(feature = "suite")]
pub(crate) fn guarded<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    crate::text::panic::catch_panic(f)
}

/// Runs `f` (panics are not caught without the `suite` feature).
#[cfg(not(feature = "suite"))]
pub(crate) fn guarded<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    Ok(f())
}
