//! Domain-name canonicalization: the Nameprep and CanonicalizeHost
//! pipelines, each written once, their marked steps switched by a
//! [`Profile`](crate::profile::Profile).

pub mod canonicalize_host;
pub mod nameprep;
pub mod trace;

pub use canonicalize_host::canonicalize_host;
pub use nameprep::nameprep;
