//! The whole pipeline under every built-in profile, with UTF-8 and with an
//! encoding picked from the input.  Every profile is deterministic.  Under
//! THIS the output holds no control character, is ASCII before the
//! fragment, and is a fixed point: the canonical string, resolved against
//! the same base (or against itself) and canonicalized again, is unchanged
//! (but where the specification takes the base's path without
//! normalization; see `path_taken_verbatim_from_base`).  The profiles
//! canonicalized together (`canonicalize_each`) give what each gives alone,
//! the built-in ones and two that mix their parameters
//! (`urlprism_fuzz::mixed_profiles`), and so do the built-in ones from the
//! string (`Canonicalizer::canonicalize_each`, as `Url`s); under the
//! mixed ones the host gives the same canonicalized with the shortcuts
//! and traced step by step.  Every `Url` holds its invariants
//! (`Url::check_invariants`).  `Canonicalizer::canonicalize`, with its
//! shortcuts, gives what the steps give under every one of them (the steps
//! as the canonicalizer takes them, its URL-level steps included:
//! `urlprism::observed::kind::canonicalize_by_the_steps`).
//!
//! The check is `urlprism_fuzz::checks::canonicalize` (`src/checks.rs`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| urlprism_fuzz::checks::canonicalize(data));
