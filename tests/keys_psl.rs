//! The Public Suffix List as `urlprism::keys::psl` reads it: the list's
//! own test vectors (`tests/data/keys/vectors/psl/tests.txt`, see the
//! README there) for the registrable domain, and Common Crawl's host
//! columns on hosts of each kind `cc-index-table`'s `HostName` tells apart.

use std::path::Path;
use urlprism::keys::psl::{registrable_domain, HostColumns};

#[test]
fn list_tests_txt() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/keys/vectors/psl/tests.txt");
    let text = std::fs::read_to_string(&path).unwrap();
    let (mut count, mut failures) = (0, Vec::new());
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with("//") {
            continue;
        }
        let mut fields = line.split_whitespace();
        let (Some(input), Some(want)) = (fields.next(), fields.next()) else {
            panic!("{line}: expected two fields");
        };
        count += 1;
        let want = (want != "null").then_some(want);
        let got = if input == "null" {
            None
        } else {
            registrable_domain(input)
        };
        if got.as_deref() != want {
            failures.push(format!("{input}: expected {want:?}, got {got:?}"));
        }
    }
    assert!(count > 60, "{count} vectors read");
    assert!(
        failures.is_empty(),
        "{} of {count} fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

fn columns(host: &str) -> Vec<Option<String>> {
    let h = HostColumns::new(host);
    vec![
        h.url_host_name,
        h.url_host_tld,
        h.url_host_2nd_last_part,
        h.url_host_3rd_last_part,
        h.url_host_4th_last_part,
        h.url_host_5th_last_part,
        h.url_host_registry_suffix,
        h.url_host_registered_domain,
        h.url_host_private_suffix,
        h.url_host_private_domain,
        h.url_host_name_reversed,
    ]
}

fn row(cells: &[&str]) -> Vec<Option<String>> {
    cells
        .iter()
        .map(|c| (*c != "-").then(|| c.to_string()))
        .collect()
}

#[test]
fn common_crawl_host_columns() {
    // (host, name, tld, 2nd .. 5th, registry suffix, registered domain,
    // private suffix, private domain, reversed); `-` is null.
    let cases: &[(&str, [&str; 11])] = &[
        (
            "www.example.com",
            [
                "www.example.com",
                "com",
                "example",
                "www",
                "-",
                "-",
                "com",
                "example.com",
                "com",
                "example.com",
                "com.example.www",
            ],
        ),
        (
            "A.B.C.D.E.F.example.CO.UK.",
            [
                "a.b.c.d.e.f.example.co.uk",
                "uk",
                "co",
                "example",
                "f",
                "e",
                "co.uk",
                "example.co.uk",
                "co.uk",
                "example.co.uk",
                "uk.co.example.f.e.d.c.b.a",
            ],
        ),
        (
            "foo.blogspot.com",
            [
                "foo.blogspot.com",
                "com",
                "blogspot",
                "foo",
                "-",
                "-",
                "com",
                "blogspot.com",
                "blogspot.com",
                "foo.blogspot.com",
                "com.blogspot.foo",
            ],
        ),
        // A listed suffix alone: no domain.
        (
            "co.uk",
            [
                "co.uk", "uk", "co", "-", "-", "-", "co.uk", "-", "co.uk", "-", "uk.co",
            ],
        ),
        // A TLD not in the list: no suffix (crawler-commons has no `*` rule).
        (
            "host.unlisted-tld",
            [
                "host.unlisted-tld",
                "unlisted-tld",
                "host",
                "-",
                "-",
                "-",
                "-",
                "-",
                "-",
                "-",
                "unlisted-tld.host",
            ],
        ),
        // An exception rule names both suffix and domain.
        (
            "a.www.ck",
            [
                "a.www.ck", "ck", "www", "a", "-", "-", "www.ck", "www.ck", "www.ck", "www.ck",
                "ck.www.a",
            ],
        ),
        // IP addresses: the name only.
        (
            "192.168.0.1",
            [
                "192.168.0.1",
                "-",
                "-",
                "-",
                "-",
                "-",
                "-",
                "-",
                "-",
                "-",
                "-",
            ],
        ),
        (
            "3279880203",
            [
                "195.127.0.11",
                "-",
                "-",
                "-",
                "-",
                "-",
                "-",
                "-",
                "-",
                "-",
                "-",
            ],
        ),
        (
            "1.2.3",
            ["1.2.0.3", "-", "-", "-", "-", "-", "-", "-", "-", "-", "-"],
        ),
        (
            "[2001:DB8::1]",
            [
                "[2001:db8::1]",
                "-",
                "-",
                "-",
                "-",
                "-",
                "-",
                "-",
                "-",
                "-",
                "-",
            ],
        ),
        // Unicode and escapes: IDNA ASCII.
        (
            "münchen.de",
            [
                "xn--mnchen-3ya.de",
                "de",
                "xn--mnchen-3ya",
                "-",
                "-",
                "-",
                "de",
                "xn--mnchen-3ya.de",
                "de",
                "xn--mnchen-3ya.de",
                "de.xn--mnchen-3ya",
            ],
        ),
        (
            "%f0%9f%a7%a0.s.country",
            [
                "xn--qv9h.s.country",
                "country",
                "s",
                "xn--qv9h",
                "-",
                "-",
                "country",
                "s.country",
                "country",
                "s.country",
                "country.s.xn--qv9h",
            ],
        ),
    ];
    for (host, want) in cases {
        assert_eq!(columns(host), row(want), "{host}");
    }
}

#[test]
fn arbitrary_hosts_never_panic() {
    for host in [
        "",
        ".",
        "..",
        "%",
        "%zz",
        "%ff.com",
        "a..b.com",
        "-.com",
        "[",
        "[]",
        "1.2.3.4.5",
        "99999999999",
        "\u{80}",
        ". .",
        "xn--",
    ] {
        let _ = HostColumns::new(host);
        let _ = registrable_domain(host);
    }
}
