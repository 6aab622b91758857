//! Domain-name canonicalization: the Nameprep and CanonicalizeHost
//! pipelines, each written once, their marked steps switched by a
//! [`Profile`](crate::profile::Profile).

mod ace;
pub mod canonicalize_host;
mod fast_paths;
mod host_steps;
mod labels;
pub mod nameprep;
mod observed;
mod pipeline;
pub mod plan;
pub mod steps;
pub mod trace;

pub use canonicalize_host::canonicalize_host;
pub use nameprep::nameprep;
