//! The instructions the profiles cost together, for callgrind: runs
//! `Canonicalizer::canonicalize_each` over every line of a corpus under
//! the profiles named (comma-separated), or `Canonicalizer::canonicalize`
//! under one profile with `alone`.  Run it once with an empty list to
//! count what reading the corpus costs, and subtract:
//!
//! ```sh
//! cargo build --release --example profiles_each
//! B=target/release/examples/profiles_each
//! valgrind --tool=callgrind --callgrind-out-file=/tmp/zero $B ../shared/bench/idn.txt ""
//! valgrind --tool=callgrind --callgrind-out-file=/tmp/four $B ../shared/bench/idn.txt this,chrome,gecko,ie
//! valgrind --tool=callgrind --callgrind-out-file=/tmp/one $B ../shared/bench/idn.txt this alone
//! # (TOTALS of four - TOTALS of zero) / lines, likewise for one
//! ```
//!
//! Prints the total length of the canonical URLs (so that nothing is
//! optimized away).

use urlprism::profile::plan::{builtin_plans, Plan};
use urlprism::{profile, Canonicalizer};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (Some(corpus), Some(names)) = (args.get(1), args.get(2)) else {
        eprintln!("usage: profiles_each CORPUS PROFILE[,PROFILE...] [alone]");
        std::process::exit(2);
    };
    let text = std::fs::read_to_string(corpus).unwrap_or_else(|e| {
        eprintln!("error: cannot read {corpus}: {e}");
        std::process::exit(2);
    });
    let mut profiles: Vec<&Plan> = Vec::new();
    for name in names.split(',').filter(|s| !s.is_empty()) {
        let builtin = profile::builtin_profiles()
            .iter()
            .zip(builtin_plans())
            .find(|(p, _)| p.name.eq_ignore_ascii_case(name));
        match builtin {
            Some((_, plan)) => profiles.push(plan),
            None => {
                eprintln!("error: no built-in profile {name:?}");
                std::process::exit(2);
            }
        }
    }
    let alone = args.get(3).is_some_and(|a| a == "alone");
    if alone && profiles.len() != 1 {
        eprintln!("error: `alone` takes one profile");
        std::process::exit(2);
    }
    let each = Canonicalizer::new(profile::this());
    let one = profiles.first().map(|p| Canonicalizer::new(*p));
    let mut length = 0usize;
    for line in text.lines() {
        if profiles.is_empty() {
            continue;
        }
        match (&one, alone) {
            (Some(c), true) => length += c.canonicalize(line).map_or(0, |u| u.as_str().len()),
            _ => {
                for r in each.canonicalize_each(line, &profiles) {
                    length += r.map_or(0, |u| u.as_str().len());
                }
            }
        }
    }
    println!("{length}");
}
