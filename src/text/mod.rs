//! Text and tables, below every other layer: sets of octets,
//! percent-encoding, IPv4 and IPv6 addresses, the Unicode tables and
//! algorithms of Nameprep, what the address bars' policies read of text,
//! and the closest of a set of names.

pub mod display;
pub(crate) mod ipv4;
pub(crate) mod ipv6;
pub mod names;
pub(crate) mod octets;
#[cfg(feature = "suite")]
pub mod panic;
pub mod percent;
pub mod psl;
pub mod scheme;
pub mod unicode;
