//! The `safebrowsing` kinds against the vectors of their references
//! (`tests/data/keys/vectors/safebrowsing/`, see its README): Google's Go
//! reference (`urls_test.go`) under `safebrowsing`, Firefox's
//! `test_canonicalization.js` under `safebrowsing-firefox`; and that no
//! input makes either panic or take more than linear time.

use std::path::Path;
use std::time::{Duration, Instant};
use urlprism::keys::{builtin, safebrowsing::lookup_expressions, Key};

/// A vector file's rows: the unescaped fields of each line that is not a
/// comment.
fn rows(file: &str) -> Vec<Vec<Vec<u8>>> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/keys/vectors/safebrowsing")
        .join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split('\t').map(unescape).collect())
        .collect()
}

/// `\\`, `\t`, `\r`, `\n` and `\xHH` of a vector file.
fn unescape(field: &str) -> Vec<u8> {
    let b = field.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\' && i + 1 < b.len() {
            match b[i + 1] {
                b't' => out.push(b'\t'),
                b'r' => out.push(b'\r'),
                b'n' => out.push(b'\n'),
                b'x' => {
                    out.push(u8::from_str_radix(&field[i + 2..i + 4], 16).unwrap());
                    i += 2;
                }
                other => out.push(other),
            }
            i += 2;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    out
}

fn show(b: &[u8]) -> String {
    format!("{:?}", String::from_utf8_lossy(b))
}

fn key(name: &str) -> &'static Key {
    builtin(name).unwrap()
}

/// The canonical URL's host and path (the Go kind keeps no query).
fn host_and_path(canonical: &[u8]) -> (&[u8], &[u8]) {
    let after = canonical.windows(3).position(|w| w == b"://").unwrap() + 3;
    let rest = &canonical[after..];
    let slash = rest.iter().position(|&b| b == b'/').unwrap();
    (&rest[..slash], &rest[slash..])
}

/// Runs `check` on each row of `file` and fails with every row that does
/// not pass, unless it is listed in `expected_failures` (input, reason).
fn each(
    file: &str,
    expected_failures: &[(&str, &str)],
    check: impl Fn(&[Vec<u8>]) -> Result<(), String>,
) {
    let mut failures = Vec::new();
    let mut count = 0;
    for row in rows(file) {
        count += 1;
        let listed = expected_failures
            .iter()
            .find(|(input, _)| input.as_bytes() == &row[0][..]);
        match (check(&row), listed) {
            (Ok(()), None) => {}
            (Ok(()), Some((input, _))) => {
                failures.push(format!("{input:?} is listed as failing but passes"))
            }
            (Err(e), None) => failures.push(format!("{}: {e}", show(&row[0]))),
            (Err(_), Some(_)) => {}
        }
    }
    assert!(count > 0, "{file}: no vectors");
    assert!(
        failures.is_empty(),
        "{file}: {} of {count} fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

fn expect_key(kind: &str, row: &[Vec<u8>], part: impl Fn(&[u8]) -> Vec<u8>) -> Result<(), String> {
    let got = key(kind).make(&row[0]);
    match (&got, &row[1][..]) {
        (Err(_), b"!") => Ok(()),
        (Ok(k), want) if want != b"!" && part(k) == want => Ok(()),
        _ => Err(format!(
            "expected {}, got {:?}",
            show(&row[1]),
            got.map(|k| String::from_utf8_lossy(&k).into_owned())
        )),
    }
}

#[test]
fn go_canonical_url() {
    each("go-canonical-url.tsv", &[], |row| {
        expect_key("safebrowsing", row, <[u8]>::to_vec)
    });
}

#[test]
fn go_canonical_host() {
    each("go-canonical-host.tsv", &[], |row| {
        expect_key("safebrowsing", row, |k| host_and_path(k).0.to_vec())
    });
}

#[test]
fn go_canonical_path() {
    each("go-canonical-path.tsv", &[], |row| {
        expect_key("safebrowsing", row, |k| host_and_path(k).1.to_vec())
    });
}

#[test]
fn go_parse_ip_address() {
    // Each input as the host of `http://INPUT/`: the address, or the input
    // itself where it is none.
    let reasons = [(
        "10.192.95.89 xy",
        "in a URL the space is escaped (%20) before parseIPAddress reads the host; a raw space reaches it only through IDNA, so the unit test of host.rs checks this row",
    )];
    each("go-parse-ip-address.tsv", &reasons, |row| {
        let mut url = b"http://".to_vec();
        url.extend_from_slice(&row[0]);
        url.push(b'/');
        let want = if row[1] == b"-" {
            row[0].to_ascii_lowercase()
        } else {
            row[1].clone()
        };
        let got = key("safebrowsing").make(&url).map_err(|e| e.to_string())?;
        let host = host_and_path(&got).0;
        if host == &want[..] {
            Ok(())
        } else {
            Err(format!("expected {}, got {}", show(&want), show(host)))
        }
    });
}

/// The lookup expressions of `input` under `kind`, or `None` on an error.
fn expressions(kind: &str, input: &[u8]) -> Option<Vec<Vec<u8>>> {
    let mut out = Vec::new();
    lookup_expressions(input, key(kind).switches(), &mut out)
        .ok()
        .map(|()| out)
}

/// The hosts of a list of expressions (those whose path is `/`), and the
/// paths of its first host.
fn hosts_and_paths(exprs: &[Vec<u8>]) -> (Vec<Vec<u8>>, Vec<Vec<u8>>) {
    let hosts: Vec<Vec<u8>> = exprs
        .iter()
        .filter(|e| e.iter().position(|&b| b == b'/') == Some(e.len() - 1))
        .map(|e| e[..e.len() - 1].to_vec())
        .collect();
    let paths = exprs
        .iter()
        .filter(|e| e.starts_with(&hosts[0]) && e.get(hosts[0].len()) == Some(&b'/'))
        .map(|e| e[hosts[0].len()..].to_vec())
        .collect();
    (hosts, paths)
}

fn expect_list(row: &[Vec<u8>], got: Option<Vec<Vec<u8>>>, sorted: bool) -> Result<(), String> {
    let want: Vec<Vec<u8>> = row[1..].to_vec();
    match got {
        None if want == [b"!".to_vec()] => Ok(()),
        Some(mut got) => {
            let mut want = want;
            if sorted {
                got.sort();
                want.sort();
            }
            if got == want {
                Ok(())
            } else {
                Err(format!(
                    "expected {:?}, got {:?}",
                    want.iter().map(|w| show(w)).collect::<Vec<_>>(),
                    got.iter().map(|g| show(g)).collect::<Vec<_>>()
                ))
            }
        }
        None => Err("an error".into()),
    }
}

#[test]
fn go_patterns() {
    each("go-patterns.tsv", &[], |row| {
        expect_list(row, expressions("safebrowsing", &row[0]), true)
    });
}

#[test]
fn go_lookup_hosts() {
    each("go-lookup-hosts.tsv", &[], |row| {
        expect_list(
            row,
            expressions("safebrowsing", &row[0]).map(|e| hosts_and_paths(&e).0),
            false,
        )
    });
}

#[test]
fn go_lookup_paths() {
    each("go-lookup-paths.tsv", &[], |row| {
        expect_list(
            row,
            expressions("safebrowsing", &row[0]).map(|e| hosts_and_paths(&e).1),
            false,
        )
    });
}

#[test]
fn firefox_canonicalization() {
    each("firefox-canonicalization.tsv", &[], |row| {
        expect_key("safebrowsing-firefox", row, <[u8]>::to_vec)
    });
}

#[test]
fn firefox_five_hosts_at_most() {
    // The v4 document, which Firefox follows: the exact host and at most 4
    // suffixes of its last 5 labels.
    let got = expressions("safebrowsing-firefox", b"http://a.b.c.d.e.f.g/").unwrap();
    let (hosts, _) = hosts_and_paths(&got);
    let want: Vec<&[u8]> = vec![b"a.b.c.d.e.f.g", b"c.d.e.f.g", b"d.e.f.g", b"e.f.g", b"f.g"];
    assert_eq!(hosts, want);
}

/// A small deterministic generator of arbitrary octets.
struct Octets(u64);

impl Octets {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn input(&mut self) -> Vec<u8> {
        const PIECES: &[&[u8]] = &[
            b"http://",
            b"%",
            b"%25",
            b"%2",
            b"#",
            b"?",
            b"/",
            b"..",
            b".",
            b"@",
            b":",
            b"[",
            b"]",
            b"0x",
            b"xn--",
            b"\xc3\xbc",
            b"\xff",
            b"\xe2\x80\x80",
            b" ",
            b"\t",
            b"9",
            b"-",
            b"a",
        ];
        let n = self.next() % 24;
        let mut v = Vec::new();
        for _ in 0..n {
            if self.next().is_multiple_of(3) {
                v.push(self.next() as u8);
            } else {
                v.extend_from_slice(PIECES[(self.next() % PIECES.len() as u64) as usize]);
            }
        }
        v
    }
}

#[test]
fn arbitrary_octets_never_panic() {
    let mut g = Octets(0x9E37_79B9_7F4A_7C15);
    for _ in 0..50_000 {
        let input = g.input();
        for kind in ["safebrowsing", "safebrowsing-firefox"] {
            let _ = key(kind).make(&input);
            let _ = expressions(kind, &input);
        }
    }
}

fn least_time(f: &dyn Fn()) -> Duration {
    (0..5)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .min()
        .unwrap()
}

/// An input of a given size.
type Shape = fn(usize) -> Vec<u8>;

#[test]
fn linear_time() {
    // Inputs that a naive reading would make quadratic: nested escapes,
    // many distinct code points in one IDNA label, many dots and segments.
    let shapes: &[(&str, Shape)] = &[
        ("nested escapes", |n| {
            [
                b"http://a.com/%".to_vec(),
                b"25".repeat(n.min(1000)),
                b"%2541".repeat(n),
            ]
            .concat()
        }),
        ("one long IDNA label", |n| {
            let label: String = (0..n)
                .map(|i| char::from_u32(0x4E00 + (i as u32 % 20000)).unwrap())
                .collect();
            format!("http://{label}.com/").into_bytes()
        }),
        ("many labels and segments", |n| {
            [b"http://".to_vec(), b"a.".repeat(n), b"/b/..".repeat(n)].concat()
        }),
    ];
    for (what, make) in shapes {
        let small = make(4_000);
        let large = make(40_000);
        let run = |input: &[u8]| {
            for kind in ["safebrowsing", "safebrowsing-firefox"] {
                let _ = key(kind).make(input);
                let _ = expressions(kind, input);
            }
        };
        let t1 = least_time(&|| run(&small)).max(Duration::from_micros(50));
        let t10 = least_time(&|| run(&large));
        assert!(
            t10 < t1 * 50,
            "{what}: 10 times the input took {:?} against {:?}",
            t10,
            t1
        );
    }
}
