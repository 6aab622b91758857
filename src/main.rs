//! The `urlprism` command line (OWNER: conformance helper).

fn main() {
    println!("urlprism");
}
