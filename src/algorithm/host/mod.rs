//! Domain-name canonicalization: the Nameprep and CanonicalizeHost
//! pipelines, each written once, their marked steps switched by a
//! [`Profile`](crate::profile::Profile).

pub(crate) mod ace;
pub mod canonicalize_host;
pub(crate) mod host_steps;
pub(crate) mod labels;
pub mod nameprep;
pub(crate) mod pipeline;
pub mod trace;

pub use canonicalize_host::canonicalize_host;
pub use nameprep::nameprep;
