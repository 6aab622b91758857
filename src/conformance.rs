//! Reading and running the conformance suite format (OWNER: conformance helper).
