//! The CanonicalizeHost algorithm (specification "The CanonicalizeHost
//! algorithm"), written once; the plan of a profile decides which marked
//! steps run.  Step 1 chooses the plan of a host that is no domain name;
//! steps 2 to 31 run one by one (`host_steps.rs`).  No shortcut:
//! the entry that takes the shortcuts, a layer above, falls into these
//! steps where they stop applying.
//!
//! ```
//! use urlprism::algorithm::host::canonicalize_host;
//! let this = urlprism::profile::this();
//! assert_eq!(canonicalize_host("WWW.Ｅxample.COM.", "http", this).unwrap(), "www.example.com.");
//! assert_eq!(canonicalize_host("b%C3%BCcher.de", "http", this).unwrap(), "xn--bcher-kva.de");
//! assert_eq!(canonicalize_host("0x7f.1", "http", this).unwrap(), "127.0.0.1");
//! assert!(canonicalize_host("a%2Fb", "http", this).is_err());
//! ```

use super::host_steps::canonicalize_host_one_by_one;
use super::trace::{NoTrace, Tracer};
use crate::error::Error;
use crate::profile::host_steps as steps;
use crate::profile::plan::{is_class, Plan};
use crate::profile::Profile;

pub use super::labels::is_label_separator;

/// Runs CanonicalizeHost on `host` of a URL whose scheme is `scheme`
/// under `profile`, step by step.
///
/// Returns the canonical host (possibly empty), the profile's fallback when
/// a step gives up and the profile falls back to the input, or
/// [`Error::Host`] naming the step that failed.
pub fn canonicalize_host(host: &str, scheme: &str, profile: &dyn Profile) -> Result<String, Error> {
    canonicalize_host_traced(host, scheme, profile, &mut NoTrace)
}

/// [`canonicalize_host`], reporting each step to `tracer`.
pub fn canonicalize_host_traced<T: Tracer>(
    host: &str,
    scheme: &str,
    profile: &dyn Profile,
    tracer: &mut T,
) -> Result<String, Error> {
    canonicalize_host_steps(host, scheme, &Plan::of(profile), tracer)
}

/// CanonicalizeHost of `host` under `plan`, step by step: step 1, then
/// steps 2 to 31 under the plan it chooses.
///
/// `127.1` under a plan that sends hosts of the IPv4 form to THIS takes
/// THIS's steps.
pub(crate) fn canonicalize_host_steps<T: Tracer>(
    host: &str,
    scheme: &str,
    plan: &Plan,
    tracer: &mut T,
) -> Result<String, Error> {
    // Step 1.
    let under = match plan.has_other_hosts() {
        false => plan,
        true => plan.for_host_by(|class| is_class(host, scheme, class)),
    };
    if !std::ptr::eq(under, plan) {
        let step = const { steps::host("1") };
        tracer.step(step.pipeline, step.number, step.label, true, host, || {
            format!("not a domain name: following profile {}", under.name()).into()
        });
    }
    canonicalize_host_one_by_one(host, scheme, under, tracer)
}
