//! The query string of an API request: `application/x-www-form-urlencoded`
//! pairs, decoded strictly (a malformed escape or a value that is not
//! UTF-8 is an error that says where), checked against the parameters
//! the endpoint takes and the size limits.

use std::fmt;

/// The longest `url` or `base` value, in bytes after percent-decoding.
pub const MAX_URL_BYTES: usize = 8 * 1024;

/// The longest query string, in bytes as sent (percent-encoded): room
/// for a `url` and a `base` at their limit, each byte escaped.  (The HTTP
/// layer refuses a request target over 65,534 bytes by itself.)
pub const MAX_QUERY_BYTES: usize = 60 * 1024;

/// The most `profile` parameters in one request.
pub const MAX_PROFILES: usize = 16;

/// The longest `profile` or `encoding` value, in bytes (the names and
/// labels are short words).
pub const MAX_NAME_BYTES: usize = 64;

/// Why a query string is refused: the message for the client, and
/// whether it is refused for its size (HTTP 414) rather than its form
/// (HTTP 400).
#[derive(Debug, PartialEq, Eq)]
pub struct Refusal {
    pub message: String,
    pub too_long: bool,
}

impl Refusal {
    fn bad(message: String) -> Refusal {
        Refusal {
            message,
            too_long: false,
        }
    }

    fn long(message: String) -> Refusal {
        Refusal {
            message,
            too_long: true,
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// Which parameters an endpoint takes besides `url` (which all require)
/// and `base` (which all allow).
#[derive(Clone, Copy, Debug)]
pub struct Takes {
    /// `profile` may repeat (several profiles side by side) rather than
    /// appear at most once.
    pub many_profiles: bool,
    /// `encoding` is allowed.
    pub encoding: bool,
    /// `kind` (a kind of key, repeatable) is allowed, and `profile`,
    /// `group`, `base` and `encoding` are not.
    pub kinds: bool,
}

impl Takes {
    /// Whether `group` is allowed (where several profiles are).
    fn groups(self) -> bool {
        self.many_profiles
    }
}

/// The decoded parameters of a request.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Params {
    pub url: String,
    pub base: Option<String>,
    /// In the order given.
    pub profiles: Vec<String>,
    /// The groups of engines (`group=today`), in the order given.
    pub groups: Vec<String>,
    pub encoding: Option<String>,
    /// `link` or `new-url` (as `--context`).
    pub context: Option<String>,
    /// The page's own URL, for a link in a page (as `--page-url`).
    pub page_url: Option<String>,
    /// The kinds of key (`kind=surt`), in the order given.
    pub kinds: Vec<String>,
}

/// Decodes one name or value: `+` is a space, `%XX` a byte; a `%` not
/// followed by two hexadecimal digits, or bytes that are not UTF-8, are
/// refused.  `what` names the text in messages.
///
/// `a+b%2Fc` → `a b/c`; `%zz` → error; `%FF` → error (not UTF-8).
fn decode(raw: &str, what: &dyn Fn() -> String) -> Result<String, Refusal> {
    let bytes = raw.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' => {
                let hex = |k: usize| bytes.get(k).and_then(|&b| (b as char).to_digit(16));
                match (hex(i + 1), hex(i + 2)) {
                    (Some(h), Some(l)) => {
                        out.push((h * 16 + l) as u8);
                        i += 2;
                    }
                    _ => {
                        let end = (i + 3).min(bytes.len());
                        let seen = String::from_utf8_lossy(&bytes[i..end]);
                        return Err(Refusal::bad(format!(
                            "{}: invalid percent-encoding {seen:?} at byte {i} (a '%' must be followed by two hexadecimal digits; write '%25' for '%' itself)",
                            what()
                        )));
                    }
                }
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8(out).map_err(|e| {
        Refusal::bad(format!(
            "{}: not valid UTF-8 after percent-decoding (invalid byte at offset {})",
            what(),
            e.utf8_error().valid_up_to()
        ))
    })
}

/// Parses the query string `query` (without the `?`; `None` when the
/// request has none) of an endpoint that takes `takes`.
///
/// ```text
/// url=http%3A%2F%2Fa%2F&profile=this&profile=ie → url "http://a/", profiles [this, ie]
/// ```
pub fn parse(query: Option<&str>, takes: Takes) -> Result<Params, Refusal> {
    let query = query.unwrap_or("");
    if query.len() > MAX_QUERY_BYTES {
        return Err(Refusal::long(format!(
            "the query string is {} bytes long; the limit is {MAX_QUERY_BYTES} bytes",
            query.len()
        )));
    }
    let mut url: Option<String> = None;
    let mut p = Params::default();
    for (k, pair) in query.split('&').filter(|s| !s.is_empty()).enumerate() {
        let n = k + 1;
        let (raw_name, raw_value) = pair.split_once('=').unwrap_or((pair, ""));
        let name = decode(raw_name, &|| format!("the name of parameter {n}"))?;
        let value = decode(raw_value, &|| {
            format!("the value of parameter {n} ({name})")
        })?;
        let once = |slot: &Option<String>, name: &str| match slot {
            Some(_) => Err(Refusal::bad(format!(
                "the parameter {name} is given more than once; it takes one value"
            ))),
            None => Ok(()),
        };
        let short = |value: &str, name: &str| {
            if value.len() > MAX_NAME_BYTES {
                Err(Refusal::long(format!(
                    "the {name} parameter is {} bytes long; the limit is {MAX_NAME_BYTES} bytes",
                    value.len()
                )))
            } else {
                Ok(())
            }
        };
        match name.as_str() {
            "kind" if takes.kinds => {
                short(&value, "kind")?;
                if p.kinds.len() == MAX_PROFILES {
                    return Err(Refusal::bad(format!(
                        "more than {MAX_PROFILES} kind parameters; the limit is {MAX_PROFILES}"
                    )));
                }
                p.kinds.push(value);
            }
            "url" | "base" if !takes.kinds || name == "url" => {
                if value.len() > MAX_URL_BYTES {
                    return Err(Refusal::long(format!(
                        "the {name} parameter is {} bytes long (percent-decoded); the limit is {MAX_URL_BYTES} bytes",
                        value.len()
                    )));
                }
                let slot = if name == "url" { &mut url } else { &mut p.base };
                once(slot, &name)?;
                *slot = Some(value);
            }
            "profile" if !takes.kinds => {
                short(&value, "profile")?;
                if !takes.many_profiles && !p.profiles.is_empty() {
                    return Err(Refusal::bad(
                        "the parameter profile is given more than once; this endpoint runs under one profile".into(),
                    ));
                }
                if p.profiles.len() == MAX_PROFILES {
                    return Err(Refusal::bad(format!(
                        "more than {MAX_PROFILES} profile parameters; the limit is {MAX_PROFILES}"
                    )));
                }
                p.profiles.push(value);
            }
            "group" if takes.groups() => {
                short(&value, "group")?;
                if p.groups.len() == MAX_PROFILES {
                    return Err(Refusal::bad(format!(
                        "more than {MAX_PROFILES} group parameters; the limit is {MAX_PROFILES}"
                    )));
                }
                p.groups.push(value);
            }
            "encoding" if takes.encoding => {
                short(&value, "encoding")?;
                once(&p.encoding, "encoding")?;
                p.encoding = Some(value);
            }
            "context" if takes.encoding => {
                short(&value, "context")?;
                once(&p.context, "context")?;
                p.context = Some(value);
            }
            "page_url" if takes.encoding => {
                once(&p.page_url, "page_url")?;
                p.page_url = Some(value);
            }
            _ => {
                let known = match (takes.groups(), takes.encoding) {
                    _ if takes.kinds => "url, kind",
                    (true, true) => "url, base, profile, group, encoding, context, page_url",
                    (true, false) => "url, base, profile, group",
                    (false, true) => "url, base, profile, encoding, context, page_url",
                    (false, false) => "url, base, profile",
                };
                let shown: String = name.chars().take(40).collect();
                return Err(Refusal::bad(format!(
                    "unknown parameter {shown:?} (parameter {n}); this endpoint takes {known}"
                )));
            }
        }
    }
    p.url = url.ok_or_else(|| {
        Refusal::bad(
            "the url parameter is missing: give the URL as ?url=... (percent-encoded)".into(),
        )
    })?;
    Ok(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALL: Takes = Takes {
        many_profiles: true,
        encoding: true,
        kinds: false,
    };
    const ONE: Takes = Takes {
        many_profiles: false,
        encoding: false,
        kinds: false,
    };

    #[test]
    fn decodes_plus_and_escapes() {
        let p = parse(
            Some("url=http%3A%2F%2Fa+b%2F%C3%BC&base=x&profile=this&profile=ie&encoding=utf-8"),
            ALL,
        )
        .unwrap();
        assert_eq!(p.url, "http://a b/ü");
        assert_eq!(p.base.as_deref(), Some("x"));
        assert_eq!(p.profiles, ["this", "ie"]);
        assert_eq!(p.encoding.as_deref(), Some("utf-8"));
    }

    #[test]
    fn empty_pieces_and_valueless_names() {
        let p = parse(Some("&&url&"), ALL).unwrap();
        assert_eq!(p.url, "");
        assert_eq!(parse(Some("url=%00"), ALL).unwrap().url, "\0");
    }

    #[test]
    fn refusals_say_why() {
        let e = parse(None, ALL).unwrap_err();
        assert!(e.message.contains("url parameter is missing"), "{e}");
        let e = parse(Some("url=%zz"), ALL).unwrap_err();
        assert!(
            e.message
                .contains("invalid percent-encoding \"%zz\" at byte 0"),
            "{e}"
        );
        let e = parse(Some("url=a%"), ALL).unwrap_err();
        assert!(e.message.contains("invalid percent-encoding"), "{e}");
        let e = parse(Some("url=%FF"), ALL).unwrap_err();
        assert!(e.message.contains("not valid UTF-8"), "{e}");
        let e = parse(Some("url=a&url=b"), ALL).unwrap_err();
        assert!(e.message.contains("more than once"), "{e}");
        let e = parse(Some("url=a&colour=red"), ALL).unwrap_err();
        assert!(e.message.contains("unknown parameter \"colour\""), "{e}");
        let e = parse(Some("url=a&encoding=utf-8"), ONE).unwrap_err();
        assert!(e.message.contains("unknown parameter \"encoding\""), "{e}");
        let e = parse(Some("url=a&profile=this&profile=ie"), ONE).unwrap_err();
        assert!(e.message.contains("one profile"), "{e}");
        assert!(!e.too_long);
    }

    #[test]
    fn limits_are_stated() {
        let long = format!("url={}", "a".repeat(MAX_URL_BYTES + 1));
        let e = parse(Some(&long), ALL).unwrap_err();
        assert!(e.too_long);
        assert!(e.message.contains(&MAX_URL_BYTES.to_string()), "{e}");
        let ok = format!("url={}", "a".repeat(MAX_URL_BYTES));
        assert!(parse(Some(&ok), ALL).is_ok());
        let huge = "a".repeat(MAX_QUERY_BYTES + 1);
        let e = parse(Some(&huge), ALL).unwrap_err();
        assert!(
            e.too_long && e.message.contains(&MAX_QUERY_BYTES.to_string()),
            "{e}"
        );
        let many = "profile=this&".repeat(MAX_PROFILES + 1) + "url=a";
        let e = parse(Some(&many), ALL).unwrap_err();
        assert!(e.message.contains("profile parameters"), "{e}");
    }
}
