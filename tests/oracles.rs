//! The 2011 browsers' own code and tests as oracles for the browser
//! profiles (tests/data/oracles/, see its README):
//!
//! - `googleurl::stored::BUILD`: the `chrome` profile against what
//!   googleurl r155 (Chrome's URL library of 2011), built for Linux and for
//!   Windows, gives on the generated corpora of tests/data/oracles/corpus/:
//!   agreement per corpus, split and part, the differences grouped by
//!   category (two examples each), every difference in
//!   `$CARGO_TARGET_TMPDIR/oracles/`; it fails below [`googleurl::FLOORS`].
//! - `googleurl::fresh::BUILD`: with `URLPRISM_GOOGLEURL_LINUX` /
//!   `URLPRISM_GOOGLEURL_WIN` naming a built `gurl_canon`, runs it on the
//!   corpora again and checks the stored outputs are what it gives.  The
//!   oracle cannot be built from this repository (googleurl's code is not
//!   in it), so without the variable the trial shows as ignored, with the
//!   reason, also under `CI=true`; the stored outputs are checked by
//!   `stored` on every run.
//! - `googleurl::corpus::*`: the corpora are well formed and what the
//!   generator (`tests/oracles/gen_corpora.py`) writes, and the stored
//!   outputs answer them line by line.
//! - `gecko::checks`: the `gecko` profile on the checks of Gecko 2.0.1's
//!   own unit tests (tests/data/oracles/gecko-2.0.1/checks.json).
//! - `wine::rows`: the `ie` profile on the rows of Wine's conformance
//!   tests that state what Windows (IE 7-9) gives
//!   (tests/data/oracles/wine-1.5.26/rows.json).
//!
//! The harness is libtest-mimic's, so that a trial skipped at run time
//! shows as ignored in the summary.

use libtest_mimic::{Arguments, Trial};

#[path = "oracles/common.rs"]
mod common;
#[path = "oracles/gecko.rs"]
mod gecko;
#[path = "oracles/googleurl.rs"]
mod googleurl;
#[path = "oracles/wine.rs"]
mod wine;

fn main() {
    let args = Arguments::from_args();
    let mut trials = googleurl::trials();
    trials.push(Trial::test("gecko::checks", gecko::checks));
    trials.push(Trial::test("wine::rows", wine::rows));
    libtest_mimic::run(&args, trials).exit();
}
