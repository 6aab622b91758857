//! The 2011 browsers' rules beyond the specification, as stages: on the
//! input string ([`input`]), on the kind of URL ([`kind`]) and in
//! CanonicalizeHost (`host`).  Each is switched by a profile parameter
//! that defaults to the specification's behaviour, and cites its source.

pub(crate) mod components;
pub mod display;
pub(crate) mod gecko_authority;
pub(crate) mod host;
pub mod input;
pub mod kind;
pub(crate) mod pipeline;
