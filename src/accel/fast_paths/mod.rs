//! The shortcuts of CanonicalizeHost: results of steps 2 to 31 computed
//! at once for common hosts, and the work on a host shared between the
//! profiles it is canonicalized under.
//!
//! Each shortcut states the steps and parameters of a plan it reads, its
//! key ([`crate::profile::shortcut_keys`]), and is taken only for a plan whose key matches; every
//! other plan runs the steps.  The unit tests check the shortcuts against
//! the traced steps under the built-in profiles, and
//! `tests/mixed_profiles.rs` under random mixes of their parameters.
//!
//! | file | shortcut |
//! | --- | --- |
//! | [`ldh`] | a host of ASCII letters, digits, hyphens and dots |
//! | [`prepare`] | which internationalized hosts qualify, and as what |
//! | [`idn`] | the internationalized host; IE's `xn--` labels |
//! | [`labels`] | steps 19 to 21 of the hosts the IDN shortcuts take |
//! | [`shared`] | the work shared between profiles on one host |
//! | [`ace_cache`] | the Punycode of labels shared between profiles |

pub(crate) mod ace_cache;
pub(crate) mod idn;
pub(crate) mod labels;
pub(crate) mod ldh;
pub(crate) mod prepare;
pub(crate) mod shared;

pub(crate) use crate::profile::shortcut_keys::LDH_AND_DOT;
pub(crate) use idn::{idn_fast_path_into, xn_labels_fast_path_into};
pub(crate) use ldh::{LdhHost, LdhHostKey};
pub use shared::SharedHostWork;
pub(crate) use shared::{with_shared_host_work, with_shared_host_work_on};
