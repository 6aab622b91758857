//! The page of `urlprism serve` as the server sends it: `GET /?url=...`
//! holds the view drawn from the API's answer (the results table, the
//! host trace, the archive keys) with the form filled in, every text
//! escaped; it honours every parameter the API takes; what the API
//! refuses, the page refuses in HTML with the API's status and message.
//! (`tests/page.rs` runs it in Chromium.)

mod serve_support;

use serde_json::Value;
use serve_support::{get, Response, Server};

/// A query string as `URLSearchParams` (and the page's permalink) writes
/// it.
fn query(pairs: &[(&str, &str)]) -> String {
    let encode = |s: &str| {
        let mut out = String::new();
        for b in s.bytes() {
            match b {
                b' ' => out.push('+'),
                b'*' | b'-' | b'.' | b'_' => out.push(b as char),
                b if b.is_ascii_alphanumeric() => out.push(b as char),
                b => out.push_str(&format!("%{b:02X}")),
            }
        }
        out
    };
    pairs
        .iter()
        .map(|(k, v)| format!("{}={}", encode(k), encode(v)))
        .collect::<Vec<_>>()
        .join("&")
}

/// `s` as the page writes it in text or an attribute value.
fn escaped(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

/// The text of an HTML fragment: its tags dropped, its references read.
fn text_of(html: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    out.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&#13;", "\r")
        .replace("&amp;", "&")
}

/// The page: HTML, with the page's security policy.
fn page(r: &Response, target: &str) -> String {
    assert_eq!(
        r.header("content-type"),
        Some("text/html; charset=utf-8"),
        "{target}"
    );
    let csp = r.header("content-security-policy").unwrap_or("");
    assert!(csp.contains("script-src 'self'"), "{target}: {csp}");
    let html = r.text();
    // Only the page's own script element, whatever the input holds.
    assert_eq!(html.matches("<script").count(), 1, "{target}");
    for (open, close) in [
        ("<tr", "</tr>"),
        ("<td", "</td>"),
        ("<th", "</th>"),
        ("<span", "</span>"),
        ("<p", "</p>"),
        ("<section", "</section>"),
    ] {
        // `<th` also counts the 4 `<thead`s, `<p` the `<pre`s (none).
        let opened = html.matches(open).count() - if open == "<th" { 4 } else { 0 };
        assert_eq!(opened, html.matches(close).count(), "{target}: {open}");
    }
    html
}

/// The start tag of the element `id` and what follows it, up to `end`.
fn element<'h>(html: &'h str, id: &str, end: &str) -> &'h str {
    let at = html
        .find(&format!("id=\"{id}\""))
        .unwrap_or_else(|| panic!("no #{id}"));
    let start = html[..at].rfind('<').unwrap();
    let stop = html[at..].find(end).map_or(html.len(), |i| at + i);
    &html[start..stop]
}

/// Whether the element `id` is hidden.
fn hidden(html: &str, id: &str) -> bool {
    let tag = element(html, id, ">");
    tag.contains(" hidden")
}

/// A cell of the results table: its component, class attribute and text.
type Cell = (String, String, String);

/// The results table's rows: the profile and its cells.
fn rows(html: &str) -> Vec<(String, Vec<Cell>)> {
    let table = element(html, "results", "</table>");
    let body = &table[table.find("<tbody>").unwrap()..];
    body.split("<tr data-profile=\"")
        .skip(1)
        .map(|row| {
            let profile = text_of(&row[..row.find('"').unwrap()]);
            let cells = row
                .split("<td data-field=\"")
                .skip(1)
                .map(|cell| {
                    let field = cell[..cell.find('"').unwrap()].to_string();
                    let tag_end = cell.find('>').unwrap();
                    let tag = &cell[..tag_end];
                    let class = tag
                        .split(" class=\"")
                        .nth(1)
                        .map_or("", |c| &c[..c.find('"').unwrap()])
                        .to_string();
                    let content = &cell[tag_end + 1..cell.find("</td>").unwrap()];
                    (field, class, text_of(content))
                })
                .collect();
            (profile, cells)
        })
        .collect()
}

const FIELDS: [&str; 9] = [
    "canonical",
    "scheme",
    "user",
    "password",
    "host",
    "port",
    "path",
    "query",
    "fragment",
];

/// Checks the results table of `html` against the API's answer `c`.
fn check_results(html: &str, c: &Value, target: &str) {
    assert!(!hidden(html, "results-section"), "{target}");
    let rows = rows(html);
    let results = c["results"].as_array().unwrap();
    let names: Vec<&str> = rows.iter().map(|(p, _)| p.as_str()).collect();
    let expected: Vec<&str> = results
        .iter()
        .map(|r| r["profile"].as_str().unwrap())
        .collect();
    assert_eq!(names, expected, "{target}: one row per profile, in order");
    let differing: Vec<&str> = c["differing"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d.as_str().unwrap())
        .collect();
    for ((profile, cells), r) in rows.iter().zip(results) {
        let fields: Vec<&str> = cells.iter().map(|(f, _, _)| f.as_str()).collect();
        assert_eq!(fields, FIELDS, "{target}: {profile}");
        for (field, class, text) in cells {
            let value = &r[field.as_str()];
            let differs = if field == "canonical" {
                c["agree"] == false
            } else {
                differing.contains(&field.as_str())
            };
            assert_eq!(
                class.split(' ').any(|c| c == "differs"),
                differs,
                "{target}: {profile} {field} {class:?}"
            );
            if field == "canonical" && value.is_null() {
                let mut want = String::new();
                if let Some(d) = r["displayed"].as_str() {
                    want.push_str(&format!("{d} "));
                }
                want.push_str(&format!("error: {}", r["error"].as_str().unwrap()));
                if let Some(h) = r["href"].as_str() {
                    want.push_str(&format!(" a.href: {h}"));
                }
                assert_eq!(text, &want, "{target}: {profile}");
                assert!(class.starts_with("error"), "{target}: {profile} {class}");
            } else if value.is_null() {
                assert_eq!((class.split(' ').next(), text.as_str()), (Some("null"), ""));
            } else if value == "" {
                assert_eq!(
                    (class.split(' ').next(), text.as_str()),
                    (Some("empty"), "")
                );
            } else {
                assert_eq!(
                    Some(text.as_str()),
                    value.as_str(),
                    "{target}: {profile} {field}"
                );
            }
        }
    }
    let summary = text_of(element(html, "summary", "</p>"));
    assert!(
        summary.contains("agree") || summary.contains("differ"),
        "{target}: {summary}"
    );
}

/// The views the tests draw: the page's query, written as its permalink
/// is.
fn views() -> Vec<Vec<(&'static str, &'static str)>> {
    vec![
        // Markup, quotes and ampersands in every component.
        vec![(
            "url",
            "http://u\"&<i>:p'@Bücher.DE/<script>alert(1)</script>?a=\"b\"&c='d'#&amp;<b>",
        )],
        vec![("url", "http://ex ample.com/&lt;"), ("group", "today")],
        vec![
            ("url", "http://Bücher.DE/"),
            ("profile", "ie"),
            ("group", "today"),
        ],
        vec![
            ("url", "?é"),
            ("base", "http://x.test/dir/"),
            ("profile", "this"),
            ("profile", "ie"),
            ("encoding", "windows-1252"),
        ],
        vec![
            ("url", "../x?é#\"'<b>"),
            ("profile", "chromium"),
            ("profile", "firefox"),
            ("encoding", "shift_jis"),
            ("context", "link"),
            ("page_url", "http://page.example/d/s/p.html"),
        ],
        vec![("url", "?é"), ("base", "http://b/"), ("context", "new-url")],
        vec![
            ("url", "http://0X12C0a80001/x"),
            ("profile", "this"),
            ("profile", "chrome"),
        ],
        vec![
            ("url", "http://www.Example.co.uk/a?b#c"),
            ("kind", "surt"),
            ("kind", "ssurt"),
        ],
    ]
}

#[test]
fn the_page_holds_the_view_of_its_address() {
    let server = Server::start();
    for pairs in views() {
        let q = query(&pairs);
        let target = format!("/?{q}");
        let r = get(server.addr, &target);
        assert_eq!(r.status, 200, "{target}: {}", r.text());
        let html = page(&r, &target);
        assert!(html.contains("<body data-state=\"ready\">"), "{target}");
        // The API's answer, drawn.
        let api: Vec<(&str, &str)> = pairs
            .iter()
            .copied()
            .filter(|(k, _)| *k != "kind")
            .collect();
        let c = get(server.addr, &format!("/api/compare?{}", query(&api))).json();
        check_results(&html, &c, &target);
        // The address bars of /api/display, drawn.
        let url = pairs
            .iter()
            .find(|(k, _)| *k == "url")
            .map_or("", |(_, v)| v);
        let d = get(
            server.addr,
            &format!("/api/display?{}", query(&[("url", url)])),
        )
        .json();
        let bars = element(&html, "display", "</table>");
        for one in d["displays"].as_array().unwrap() {
            let text = one["shown"].as_str().or(one["error"].as_str()).unwrap();
            assert!(bars.contains(&escaped(text)), "{target}: {text} in {bars}");
        }
        // The form, filled in.
        let value = |k: &str| pairs.iter().find(|(n, _)| *n == k).map_or("", |(_, v)| v);
        for id in ["url", "base", "encoding", "page_url"] {
            assert!(html.contains(&format!("id=\"{id}\"")), "{target}: #{id}");
            let input = element(&html, id, ">");
            assert!(
                input.contains(&format!(" value=\"{}\"", escaped(value(id)))),
                "{target}: {input}"
            );
        }
        let context = value("context");
        assert!(
            html.contains(&format!("<option value=\"{context}\" selected>")),
            "{target}: context {context:?}"
        );
        for (name, v) in &pairs {
            if ["profile", "group", "kind"].contains(name) {
                assert!(
                    html.contains(&format!("name=\"{name}\" value=\"{v}\"")),
                    "{target}: a box for {name} {v}"
                );
                let tag = &html[html
                    .find(&format!("name=\"{name}\" value=\"{v}\""))
                    .unwrap()..];
                assert!(
                    tag[..tag.find('>').unwrap()].ends_with(" checked"),
                    "{target}: {name} {v} is ticked"
                );
            }
        }
        // The permalink is the view.
        assert!(
            html.contains(&format!("id=\"permalink\" href=\"{}\"", escaped(&target))),
            "{target}: {}",
            element(&html, "permalink", ">")
        );
        // The host trace (new URL()'s) and the archive keys of the API.
        let trace: Vec<(&str, &str)> = api
            .iter()
            .copied()
            .filter(|(k, _)| ["url", "base", "profile", "group"].contains(k))
            .collect();
        let t = get(server.addr, &format!("/api/trace?{}", query(&trace)));
        if t.status == 200 {
            let t = t.json();
            assert!(!hidden(&html, "trace-section"), "{target}");
            let summary = text_of(element(&html, "trace-summary", "</p>"));
            if let Some(host) = t["host"].as_str() {
                assert!(
                    summary.contains(&format!("Host {}", Value::from(host))),
                    "{summary}"
                );
            }
        }
        let kinds: Vec<(&str, &str)> = pairs
            .iter()
            .copied()
            .filter(|(k, _)| ["url", "kind"].contains(k))
            .collect();
        let keys = get(server.addr, &format!("/api/keys?{}", query(&kinds))).json();
        let table = element(&html, "keys", "</table>");
        let shown: Vec<String> = table
            .split("<tr><th scope=\"row\">")
            .skip(1)
            .map(|row| text_of(&row[..row.find("</th>").unwrap()]))
            .collect();
        let want: Vec<&str> = keys["keys"]
            .as_array()
            .unwrap()
            .iter()
            .map(|k| k["kind"].as_str().unwrap())
            .collect();
        assert_eq!(shown, want, "{target}: the kinds of key");
    }
}

#[test]
fn the_page_honours_group_profile_encoding_and_context() {
    let server = Server::start();
    let profiles_of = |target: &str| -> Vec<String> {
        let r = get(server.addr, target);
        assert_eq!(r.status, 200, "{target}: {}", r.text());
        rows(&page(&r, target))
            .into_iter()
            .map(|(p, _)| p)
            .collect()
    };
    let today = ["whatwg", "chromium", "firefox", "webkit"];
    assert_eq!(profiles_of("/?url=http%3A%2F%2Fa%2F&group=today"), today);
    assert_eq!(
        profiles_of("/?url=http%3A%2F%2Fa%2F&profile=ie&group=today"),
        ["ie", "whatwg", "chromium", "firefox", "webkit"]
    );
    assert_eq!(
        profiles_of("/?url=http%3A%2F%2Fa%2F&profile=gecko&profile=this"),
        ["gecko", "this"]
    );
    // The form's empty fields are none.
    assert_eq!(
        profiles_of("/?url=http%3A%2F%2Fa%2F&context=&page_url=&base=&encoding=&profile=ie"),
        ["ie"]
    );
    let canonical = |target: &str, profile: &str| -> String {
        let r = get(server.addr, target);
        assert_eq!(r.status, 200, "{target}: {}", r.text());
        let rows = rows(&page(&r, target));
        let (_, cells) = rows.iter().find(|(p, _)| p == profile).unwrap();
        cells[0].2.clone()
    };
    // The page's encoding: the query in windows-1252, or UTF-8 for new URL().
    let q = "url=%3F%C3%A9&base=http%3A%2F%2Fb%2F&profile=chromium";
    assert_eq!(
        canonical(&format!("/?{q}&encoding=windows-1252"), "chromium"),
        "http://b/?%E9"
    );
    assert_eq!(canonical(&format!("/?{q}"), "chromium"), "http://b/?%C3%A9");
    assert_eq!(
        canonical(&format!("/?{q}&context=new-url"), "chromium"),
        "http://b/?%C3%A9"
    );
    // A link in a page of its own URL: resolved against the page.
    assert_eq!(
        canonical(
            "/?url=x&profile=firefox&context=link&page_url=http%3A%2F%2Fp.example%2Fd%2Fpage.html",
            "firefox"
        ),
        "http://p.example/d/x"
    );
    // Each group's box, ticked when the address names it.
    let r = get(server.addr, "/?url=a&group=TODAY");
    let html = page(&r, "group=TODAY");
    assert!(
        html.contains("name=\"group\" value=\"today\" checked"),
        "{html}"
    );
}

#[test]
fn the_page_refuses_in_html_what_the_api_refuses() {
    let server = Server::start();
    let long = "a".repeat(9000);
    let cases: Vec<(String, &str)> = vec![
        (
            "url=http%3A%2F%2Fa%2F&profile=%3Cscript%3Ealert(%22x%22)%26%27%3C%2Fscript%3E".into(),
            "compare",
        ),
        ("url=a&group=tomorrow".into(), "compare"),
        ("url=a&encoding=klingon".into(), "compare"),
        ("url=a&context=sideways".into(), "compare"),
        ("url=a&context=new-url&encoding=utf-8".into(), "compare"),
        ("url=a&base=%3A%3Cnot+a+base%3E".into(), "compare"),
        ("url=a&url=b".into(), "compare"),
        ("url=%zz".into(), "compare"),
        ("url=%C3".into(), "compare"),
        (format!("url={long}"), "compare"),
        (
            format!("url=a&base=b&{}", "profile=ie&".repeat(17)),
            "compare",
        ),
        ("url=a&kind=%3Cb%3E".into(), "keys"),
    ];
    for (q, api) in &cases {
        let a = get(server.addr, &format!("/api/{api}?{q}"));
        assert!((400..500).contains(&a.status), "{q}: {}", a.text());
        let message = a.json()["error"].as_str().unwrap().to_string();
        let target = format!("/?{q}");
        let r = get(server.addr, &target);
        assert_eq!(r.status, a.status, "{q}: the API's status");
        let html = page(&r, &target);
        assert!(html.contains("<body data-state=\"error\">"), "{q}");
        let status = element(&html, "status", "</p>");
        assert!(status.contains("class=\"error\""), "{q}: {status}");
        assert_eq!(text_of(status), message, "{q}: the API's message");
        assert!(status.ends_with(&escaped(&message)), "{q}: escaped");
        assert!(hidden(&html, "results-section"), "{q}");
        assert!(hidden(&html, "trace-section"), "{q}");
        assert!(hidden(&html, "keys-section"), "{q}");
    }
    // A parameter the page does not take: it says what it takes.
    let r = get(server.addr, "/?url=a&colour=%3Cred%3E");
    assert_eq!(r.status, 400);
    let html = page(&r, "colour");
    let status = text_of(element(&html, "status", "</p>"));
    assert_eq!(
        status,
        "unknown parameter \"colour\" (parameter 2); this endpoint takes url, base, profile, group, encoding, context, page_url, kind"
    );
    // A URL too long for the HTTP layer: refused there.
    let r = get(server.addr, &format!("/?url={}", "a".repeat(70_000)));
    assert!((400..500).contains(&r.status), "{}", r.head);
    assert_eq!(get(server.addr, "/?url=a").status, 200, "the server lives");
}

#[test]
fn the_page_without_a_url_waits_for_one() {
    let server = Server::start();
    for target in ["/", "/?", "/?profile=ie&group=today&kind=surt"] {
        let r = get(server.addr, target);
        assert_eq!(r.status, 200, "{target}");
        let html = page(&r, target);
        assert!(html.contains("<body data-state=\"empty\">"), "{target}");
        assert!(hidden(&html, "results-section"), "{target}");
        assert!(
            element(&html, "url", ">").contains("value=\"\""),
            "{target}"
        );
        // A box per registered engine and group, and per kind of key.
        let profiles = get(server.addr, "/api/profiles").json();
        for r in profiles["registered"].as_array().unwrap() {
            let name = r["name"].as_str().unwrap();
            assert!(
                html.contains(&format!("name=\"profile\" value=\"{name}\"")),
                "{target}: {name}"
            );
        }
        assert!(html.contains("name=\"group\" value=\"today\""), "{target}");
        assert!(html.contains("name=\"kind\" value=\"surt\""), "{target}");
    }
    let html = get(server.addr, "/?profile=ie&group=today&kind=surt").text();
    for ticked in [
        "name=\"profile\" value=\"ie\" data-era=\"2011\" data-default checked",
        "name=\"group\" value=\"today\" checked",
        "name=\"kind\" value=\"surt\" form=\"query\" checked",
    ] {
        assert!(html.contains(ticked), "{ticked}");
    }
    assert!(html.contains("href=\"/?profile=ie&amp;group=today&amp;kind=surt\""));
}

#[test]
fn hostile_urls_are_drawn_escaped_never_a_5xx() {
    let server = Server::start();
    let mut urls: Vec<String> = [
        "",
        " ",
        "http://a\u{0}b/\u{0}",
        "http://example.com/a\rb\nc",
        "http://exa\tmple.com/",
        "http://%zz/",
        "http://[::1/",
        "http://\u{202e}evil.com/",
        "http://\u{1f600}.test/",
        "javascript:alert(1)//</script><script>alert(2)</script>",
        "data:text/html,<script>alert(1)</script>",
        "http://x/\"><img src=x onerror=alert(1)>",
        "http://x/'><svg onload=alert(1)>",
        "http://x/?&amp;&lt;&#60;&#x3c;",
        "mailto:\"<b>\"@x",
        "\\\\server\\share",
        "http://example.com/?%FF%FE",
        "http://example.com/#\u{7f}\u{85}\u{2028}",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    urls.push(format!("http://{}.com/", "a".repeat(300)));
    urls.push(format!("http://{}/", "ü.".repeat(200)));
    urls.push(format!("http://example.com/{}", "%".repeat(1000)));
    urls.push(format!("http://{}/", "a-b.".repeat(2000)));
    for url in urls {
        for extra in [
            "",
            "&group=today",
            "&encoding=shift_jis&base=http%3A%2F%2F%5B",
        ] {
            let target = format!("/?{}{extra}", query(&[("url", &url)]));
            let r = get(server.addr, &target);
            let shown: String = url.chars().take(60).collect();
            assert!(r.status < 500, "{shown:?}{extra}: {}", r.head);
            let html = page(&r, &shown);
            if r.status == 200 {
                // The URL is in the form as given (NUL as U+FFFD, a
                // carriage return as a reference).
                let input = element(&html, "url", ">");
                let want = escaped(&url)
                    .replace('\0', "\u{FFFD}")
                    .replace('\r', "&#13;");
                assert!(input.contains(&format!("value=\"{want}\"")), "{shown:?}");
            }
        }
    }
}
