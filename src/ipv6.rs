//! IPv6 addresses: RFC 3986 grammar, RFC 5952 output (OWNER: percent/ip helper).

/// The "steps to canonicalize an IPv6 address" (without brackets): `None` is "fail".
pub fn canonicalize_ipv6(s: &str) -> Option<String> {
    let _ = s;
    todo!("ipv6")
}
