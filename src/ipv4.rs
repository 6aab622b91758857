//! IPv4 addresses in every `inet_addr` form (OWNER: percent/ip helper).

/// The "steps to canonicalize an IPv4 address": `None` is "fail".
pub fn canonicalize_ipv4(s: &str) -> Option<String> {
    let _ = s;
    todo!("ipv4")
}
