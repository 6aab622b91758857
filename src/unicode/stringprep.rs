//! RFC 3454 tables as Nameprep (RFC 3491) uses them.

/// The Map step: table B.1 characters removed, table B.2 applied (RFC 3454's
/// own table, Unicode 3.2).  Appends to `out`.
pub fn map(s: &str, out: &mut String) {
    let _ = (s, out);
    todo!()
}

/// Table A.1: unassigned in Unicode 3.2.
pub fn is_unassigned(c: char) -> bool {
    let _ = c;
    todo!()
}

/// The Prohibit step of Nameprep: tables C.1.2, C.2.2, C.3, C.4, C.5, C.6,
/// C.7, C.8, C.9.
pub fn is_prohibited(c: char) -> bool {
    let _ = c;
    todo!()
}
