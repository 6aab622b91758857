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

/// Which parameters an endpoint takes besides `url` (which all require,
/// but the page).
#[derive(Clone, Copy, Debug)]
pub struct Takes {
    /// `base` and `profile` are allowed.
    pub profiles: bool,
    /// `profile` may repeat (several profiles side by side) rather than
    /// appear at most once, and `group` is allowed.
    pub many_profiles: bool,
    /// `encoding`, `context` and `page_url` are allowed.
    pub encoding: bool,
    /// `kind` (a kind of key, repeatable) is allowed.
    pub kinds: bool,
}

impl Takes {
    /// `/api/compare`.
    pub const COMPARE: Takes = Takes {
        profiles: true,
        many_profiles: true,
        encoding: true,
        kinds: false,
    };
    /// `/api/trace`.
    pub const TRACE: Takes = Takes {
        profiles: true,
        many_profiles: true,
        encoding: false,
        kinds: false,
    };
    /// `/api/canon`.
    pub const CANON: Takes = Takes {
        profiles: true,
        many_profiles: false,
        encoding: true,
        kinds: false,
    };
    /// `/api/display`.
    pub const DISPLAY: Takes = Takes {
        profiles: true,
        many_profiles: true,
        encoding: false,
        kinds: false,
    };
    /// `/api/keys`.
    pub const KEYS: Takes = Takes {
        profiles: false,
        many_profiles: false,
        encoding: false,
        kinds: true,
    };
    /// The page (`/`): what `/api/compare` and `/api/keys` take.
    pub const PAGE: Takes = Takes {
        profiles: true,
        many_profiles: true,
        encoding: true,
        kinds: true,
    };

    /// Whether `group` is allowed (where several profiles are).
    fn groups(self) -> bool {
        self.profiles && self.many_profiles
    }

    /// The parameters taken, for messages: `url, base, profile, group`.
    fn known(self) -> String {
        let mut known = String::from("url");
        if self.profiles {
            known.push_str(", base, profile");
        }
        if self.groups() {
            known.push_str(", group");
        }
        if self.encoding {
            known.push_str(", encoding, context, page_url");
        }
        if self.kinds {
            known.push_str(", kind");
        }
        known
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
    let (url, mut p) = parse_fields(query, takes)?;
    p.url = url.ok_or_else(|| {
        Refusal::bad(
            "the url parameter is missing: give the URL as ?url=... (percent-encoded)".into(),
        )
    })?;
    Ok(p)
}

/// Parses the query string of the page (`/`), as the API's: the page
/// takes what [`Takes::PAGE`] says, and `url` may be missing (the page
/// then waits for one; the other fields fill the form).  An empty value
/// is a field left empty in the form: an empty `base` is no base, and an
/// empty `profile`, `group` or `kind` is none.
///
/// The `bool` says whether `url` is given.
pub fn parse_page(query: Option<&str>) -> Result<(Params, bool), Refusal> {
    let (url, mut p) = parse_fields(query, Takes::PAGE)?;
    let given = url.is_some();
    p.url = url.unwrap_or_default();
    p.base = p.base.filter(|b| !b.is_empty());
    for list in [&mut p.profiles, &mut p.groups, &mut p.kinds] {
        list.retain(|v| !v.is_empty());
    }
    Ok((p, given))
}

/// The `url` (if given) and the other parameters of `query`.
fn parse_fields(query: Option<&str>, takes: Takes) -> Result<(Option<String>, Params), Refusal> {
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
            "url" | "base" if takes.profiles || name == "url" => {
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
            "profile" if takes.profiles => {
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
                let known = takes.known();
                let shown: String = name.chars().take(40).collect();
                return Err(Refusal::bad(format!(
                    "unknown parameter {shown:?} (parameter {n}); this endpoint takes {known}"
                )));
            }
        }
    }
    Ok((url, p))
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALL: Takes = Takes::COMPARE;
    const ONE: Takes = Takes {
        profiles: true,
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

    #[test]
    fn each_endpoint_names_what_it_takes() {
        let unknown = |takes| parse(Some("url=a&colour=red"), takes).unwrap_err().message;
        for (takes, known) in [
            (
                Takes::COMPARE,
                "url, base, profile, group, encoding, context, page_url",
            ),
            (Takes::TRACE, "url, base, profile, group"),
            (
                Takes::CANON,
                "url, base, profile, encoding, context, page_url",
            ),
            (Takes::KEYS, "url, kind"),
            (
                Takes::PAGE,
                "url, base, profile, group, encoding, context, page_url, kind",
            ),
        ] {
            let m = unknown(takes);
            assert!(m.ends_with(&format!("this endpoint takes {known}")), "{m}");
        }
        let e = parse(Some("url=a&base=b"), Takes::KEYS).unwrap_err();
        assert!(e.message.contains("unknown parameter \"base\""), "{e}");
        let e = parse(Some("url=a&group=today"), Takes::CANON).unwrap_err();
        assert!(e.message.contains("unknown parameter \"group\""), "{e}");
    }

    #[test]
    fn the_page_takes_everything_and_empty_fields_are_none() {
        let (p, given) = parse_page(Some(
            "url=a&base=&profile=&profile=ie&group=today&group=&encoding=&context=&page_url=&kind=surt&kind=",
        ))
        .unwrap();
        assert!(given);
        assert_eq!(p.url, "a");
        assert_eq!(p.base, None);
        assert_eq!(p.profiles, ["ie"]);
        assert_eq!(p.groups, ["today"]);
        assert_eq!(p.kinds, ["surt"]);
        assert_eq!(p.encoding.as_deref(), Some(""));
        let (p, given) = parse_page(Some("profile=ie")).unwrap();
        assert!(!given);
        assert_eq!(p.profiles, ["ie"]);
        assert!(!parse_page(None).unwrap().1);
        let e = parse_page(Some("url=a&url=b")).unwrap_err();
        assert!(e.message.contains("more than once"), "{e}");
        let long = format!("url={}", "a".repeat(MAX_URL_BYTES + 1));
        assert!(parse_page(Some(&long)).unwrap_err().too_long);
    }
}
