//! A [`Url`] made again by what made it (the profile's plan and the
//! document encoding, or the `whatwg` engine): its setters, in the `url`
//! crate's names, and the origin of a `blob:` URL (the URL in its path).
//!
//! A setter writes the URL's serialization with the new component in
//! place, escaping the characters that would end the component there
//! (`?` and `#` in a path, `#` in a query, `@`, `/`, `\`, `?`, `#` and
//! the user name's `:` in the user information), and canonicalizes that
//! string under the profile that made the URL, as a
//! [`Canonicalizer`](crate::Canonicalizer) with its encoding would: the
//! new URL is that profile's canonical URL (`set_path("/a/../b")` gives
//! the path `/b`; `set_port(Some(80))` on an `http:` URL, no port).  It
//! refuses, with [`Error::CannotSet`], a change that the URL cannot take
//! (a host in a URL whose path does not begin with `/`, a port without a
//! host, a scheme of another kind), or that the profile reads otherwise
//! (a query after a `javascript:` path, which 2011 reads as part of the
//! path); an error leaves the URL as it was.

use crate::engines::whatwg::Whatwg;
use crate::error::Error;
use crate::profile_canonicalizer::ProfileCanonicalizer;
use crate::url::components::is_not_hierarchical_scheme;
use crate::url::{Maker, Origin, Url};
use std::fmt::Write;
use std::ops::Range;

/// The canonical URL of `text` under what made a URL (`component` names
/// what was being set, for the error of a URL made of components).
fn remake(made: &Maker, text: &str, component: &'static str) -> Result<Url, Error> {
    match made {
        Maker::Profile(plan, encoding) => {
            ProfileCanonicalizer::of_plan(plan.clone(), encoding).canonicalize(text)
        }
        Maker::Whatwg {
            transitional,
            encoding,
        } => {
            let engine = Whatwg {
                transitional: *transitional,
                ..Whatwg::new()
            };
            engine.canonicalize_url(text, None, encoding)
        }
        Maker::Components => Err(cannot(
            component,
            "the URL was made of components, not by a profile or an engine",
        )),
    }
}

fn cannot(component: &'static str, reason: &'static str) -> Error {
    Error::CannotSet { component, reason }
}

/// `s` with each character of `escaped` percent-encoded (they are ASCII).
fn escape(s: &str, escaped: &[u8]) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match u8::try_from(c) {
            Ok(b) if escaped.contains(&b) => {
                let _ = write!(out, "%{b:02X}");
            }
            _ => out.push(c),
        }
    }
    out
}

/// What kind of parsing a scheme selects, in 2011: `file`, `mailto`, a
/// scheme whose path is all that follows it, a drive letter, any other.
fn kind_2011(scheme: &str) -> u8 {
    match scheme {
        "file" => 0,
        "mailto" => 1,
        s if s.len() == 1 => 2,
        s if is_not_hierarchical_scheme(s) => 3,
        _ => 4,
    }
}

use crate::text::scheme::is_special;

impl Url {
    /// The serialization with `range` replaced by `with`.
    fn spliced(&self, range: Range<usize>, with: &str) -> String {
        let s = self.as_str();
        let mut out = String::with_capacity(s.len() + with.len());
        out.push_str(&s[..range.start]);
        out.push_str(with);
        out.push_str(&s[range.end..]);
        out
    }

    /// Where the authority ends: where the path begins, or the query's
    /// `?`, the fragment's `#`, or the end.
    fn after_authority(&self) -> usize {
        let o = self.offsets();
        match (o.path(), o.query(), o.fragment()) {
            (Some(p), _, _) => p.start(),
            (None, Some(q), _) => q.start() - 1,
            (None, None, Some(f)) => f.start() - 1,
            (None, None, None) => o.len(),
        }
    }

    /// Whether the URL has an authority (`//` after `scheme:`).
    fn has_authority(&self) -> bool {
        self.offsets().has_authority()
    }

    /// The URL `text` canonicalizes to under what made this one, put in
    /// its place when `took` says the change took.
    fn remade(
        &mut self,
        text: &str,
        component: &'static str,
        took: impl FnOnce(&Url) -> bool,
    ) -> Result<(), Error> {
        let url = remake(self.maker(), text, component)?;
        if !took(&url) {
            return Err(cannot(
                component,
                "the URL's engine reads the changed URL otherwise",
            ));
        }
        *self = url;
        Ok(())
    }

    /// Sets the fragment (`None`: no fragment, and no `#`).
    ///
    /// ```
    /// let mut url = urlprism::Url::parse("http://a/b#c")?;
    /// url.set_fragment(Some("d e"));
    /// assert_eq!(url.as_str(), "http://a/b#d e");
    /// url.set_fragment(None);
    /// assert_eq!(url.as_str(), "http://a/b");
    /// # Ok::<(), urlprism::Error>(())
    /// ```
    pub fn set_fragment(&mut self, fragment: Option<&str>) -> Result<(), Error> {
        let o = self.offsets();
        let start = o.fragment().map_or(o.len(), |f| f.start() - 1);
        let with = fragment.map(|f| format!("#{f}")).unwrap_or_default();
        let text = self.spliced(start..o.len(), &with);
        let host = self.host_str().is_some();
        self.remade(&text, "fragment", |u| {
            u.fragment().is_some() == fragment.is_some() && u.host_str().is_some() == host
        })
    }

    /// Sets the query (`None`: no query, and no `?`); a `#` in it is
    /// escaped (`%23`).
    ///
    /// ```
    /// let mut url = urlprism::Url::parse("http://a/b?c#f")?;
    /// url.set_query(Some("x=1 2#3"));
    /// assert_eq!(url.as_str(), "http://a/b?x=1%202%233#f");
    /// url.set_query(None);
    /// assert_eq!(url.as_str(), "http://a/b#f");
    /// // 2011 reads a `javascript:` URL's `?` as part of its path.
    /// let mut js = urlprism::Url::parse("javascript:x")?;
    /// assert!(js.set_query(Some("q")).is_err());
    /// assert_eq!(js.as_str(), "javascript:x");
    /// # Ok::<(), urlprism::Error>(())
    /// ```
    pub fn set_query(&mut self, query: Option<&str>) -> Result<(), Error> {
        let o = self.offsets();
        let end = o.fragment().map_or(o.len(), |f| f.start() - 1);
        let start = o.query().map_or(end, |q| q.start() - 1);
        let with = query
            .map(|q| format!("?{}", escape(q, b"#")))
            .unwrap_or_default();
        let text = self.spliced(start..end, &with);
        let host = self.host_str().is_some();
        self.remade(&text, "query", |u| {
            u.query().is_some() == query.is_some() && u.host_str().is_some() == host
        })
    }

    /// Sets the path; its `?` and `#` are escaped (`%3F`, `%23`), and a
    /// `/` is put before a path that does not begin with one in a URL
    /// with a host.  The profile's canonicalization resolves its dot
    /// segments.
    ///
    /// ```
    /// let mut url = urlprism::Url::parse("http://a/b?q")?;
    /// url.set_path("c/./d/../e?f");
    /// assert_eq!(url.as_str(), "http://a/c/e%3Ff?q");
    /// # Ok::<(), urlprism::Error>(())
    /// ```
    pub fn set_path(&mut self, path: &str) -> Result<(), Error> {
        let o = self.offsets();
        let start = o
            .path()
            .map_or_else(|| self.after_authority(), |p| p.start());
        let end = o.path().map_or(start, |p| p.end());
        let mut with = escape(path, b"?#");
        if self.has_authority() && !with.is_empty() && !with.starts_with(['/', '\\']) {
            with.insert(0, '/');
        }
        let text = self.spliced(start..end, &with);
        let (host, query, fragment) = (
            self.host_str().is_some(),
            self.query().is_some(),
            self.fragment().is_some(),
        );
        // A path that would read as a host, or end early, is refused.
        self.remade(&text, "path", |u| {
            u.host_str().is_some() == host
                && u.query().is_some() == query
                && u.fragment().is_some() == fragment
        })
    }

    /// Sets the host (`None`: no host, and with it no user information or
    /// port), canonicalized by the profile.  A host cannot hold `/`, `\`,
    /// `?`, `#` or `@`, nor a `:` outside brackets; a URL whose path does
    /// not begin with `/` (`mailto:a@b`) cannot have one.
    ///
    /// ```
    /// let mut url = urlprism::Url::parse("http://u@a:81/p")?;
    /// url.set_host(Some("Bücher.DE"))?;
    /// assert_eq!(url.as_str(), "http://u@xn--bcher-kva.de:81/p");
    /// let mut ie = urlprism::Canonicalizer::new(urlprism::profile::builtin("ie").unwrap())
    ///     .canonicalize("http://a/p")?;
    /// ie.set_host(Some("Bücher.DE"))?; // IE keeps the Unicode
    /// assert_eq!(ie.as_str(), "http://bücher.de/p");
    /// assert!(url.set_host(Some("a/b")).is_err());
    /// let mut mail = urlprism::Url::parse("mailto:a@b")?;
    /// assert!(mail.set_host(Some("c")).is_err());
    /// # Ok::<(), urlprism::Error>(())
    /// ```
    pub fn set_host(&mut self, host: Option<&str>) -> Result<(), Error> {
        let o = self.offsets();
        let text = match host {
            Some(h) => {
                if h.contains(['/', '\\', '?', '#', '@']) {
                    return Err(cannot(
                        "host",
                        "a host cannot hold '/', '\\', '?', '#' or '@'",
                    ));
                }
                let bracketed = h.starts_with('[') && h.ends_with(']');
                if h.contains(':') && !bracketed {
                    return Err(cannot("host", "a ':' outside brackets would begin a port"));
                }
                if self.has_authority() {
                    let start = o.host().map_or_else(
                        || {
                            o.port()
                                .map_or_else(|| self.after_authority(), |p| p.start() - 1)
                        },
                        |h| h.start(),
                    );
                    let end = o.host().map_or(start, |h| h.end());
                    self.spliced(start..end, h)
                } else {
                    if !self.path().is_empty() && !self.path().starts_with('/') {
                        return Err(cannot(
                            "host",
                            "a URL whose path does not begin with '/' cannot have a host",
                        ));
                    }
                    let colon = o.scheme_end() + 1;
                    self.spliced(colon..colon, &format!("//{h}"))
                }
            }
            None => {
                if !self.has_authority() {
                    return Ok(());
                }
                self.spliced(o.scheme_end() + 1..self.after_authority(), "")
            }
        };
        self.remade(&text, "host", |u| u.host_str().is_some() == host.is_some())
    }

    /// Sets the port (`None`: no port); the scheme's default is dropped
    /// by the profile.  A URL without a host cannot have one.
    ///
    /// ```
    /// let mut url = urlprism::Url::parse("http://a/p")?;
    /// url.set_port(Some(8080))?;
    /// assert_eq!(url.as_str(), "http://a:8080/p");
    /// url.set_port(Some(80))?;
    /// assert_eq!(url.as_str(), "http://a/p");
    /// assert!(urlprism::Url::parse("mailto:a@b")?.set_port(Some(1)).is_err());
    /// # Ok::<(), urlprism::Error>(())
    /// ```
    pub fn set_port(&mut self, port: Option<u16>) -> Result<(), Error> {
        let o = self.offsets();
        let Some(host) = o.host() else {
            return Err(cannot("port", "a URL without a host cannot have a port"));
        };
        let with = port.map(|p| format!(":{p}")).unwrap_or_default();
        let text = self.spliced(host.end()..self.after_authority(), &with);
        self.remade(&text, "port", |u| match port {
            Some(p) => u.port_or_known_default() == Some(p),
            None => u.port().is_none(),
        })
    }

    /// Sets the user name (the empty string: none, nor `@` when there is
    /// no password either); its `:`, `@`, `/`, `\`, `?` and `#` are
    /// escaped.  A URL without a host cannot have one.
    ///
    /// ```
    /// let mut url = urlprism::Url::parse("ftp://a/")?;
    /// url.set_username("me@home")?;
    /// assert_eq!(url.as_str(), "ftp://me%40home@a/");
    /// url.set_username("")?;
    /// assert_eq!(url.as_str(), "ftp://a/");
    /// # Ok::<(), urlprism::Error>(())
    /// ```
    pub fn set_username(&mut self, username: &str) -> Result<(), Error> {
        let password = self.password().map(str::to_string);
        self.set_userinfo(
            "username",
            &escape(username, b":@/\\?#"),
            password.as_deref(),
        )
    }

    /// Sets the password (`None`: none); its `@`, `/`, `\`, `?` and `#`
    /// are escaped.  A URL without a host cannot have one.
    ///
    /// ```
    /// let mut url = urlprism::Url::parse("ftp://me@a/")?;
    /// url.set_password(Some("pw"))?;
    /// assert_eq!(url.as_str(), "ftp://me:pw@a/");
    /// url.set_password(None)?;
    /// assert_eq!(url.as_str(), "ftp://me@a/");
    /// # Ok::<(), urlprism::Error>(())
    /// ```
    pub fn set_password(&mut self, password: Option<&str>) -> Result<(), Error> {
        let user = self.user_part().unwrap_or("").to_string();
        let password = password.map(|p| escape(p, b"@/\\?#"));
        self.set_userinfo("password", &user, password.as_deref())
    }

    /// The user information `user[:password]@` (escaped already) in
    /// place of this URL's.
    fn set_userinfo(
        &mut self,
        component: &'static str,
        user: &str,
        password: Option<&str>,
    ) -> Result<(), Error> {
        let o = self.offsets();
        let Some(host) = o.host() else {
            return Err(cannot(
                component,
                "a URL without a host cannot have user information",
            ));
        };
        let mut with = user.to_string();
        if let Some(p) = password {
            with.push(':');
            with.push_str(p);
        }
        if !with.is_empty() {
            with.push('@');
        }
        let text = self.spliced(o.scheme_end() + 3..host.start(), &with);
        self.remade(&text, component, |u| u.host_str().is_some())
    }

    /// Sets the scheme: a letter, then letters, digits, `+`, `-` or `.`
    /// (lowercased).  A scheme whose URLs are read otherwise is refused:
    /// under a 2011 profile, `file`, `mailto`, a single letter (a drive)
    /// and the schemes whose path is all that follows them (`javascript`
    /// ...) for one of another kind; under the `whatwg` engine, as the
    /// `url` crate does, a special scheme (`http`, `https`, `ws`, `wss`,
    /// `ftp`, `file`) for one that is not, or the other way round.
    ///
    /// ```
    /// let mut url = urlprism::Url::parse("http://a:443/p")?;
    /// url.set_scheme("HTTPS")?;
    /// assert_eq!(url.as_str(), "https://a/p");
    /// assert!(url.set_scheme("file").is_err());
    /// assert!(url.set_scheme("1x").is_err());
    /// # Ok::<(), urlprism::Error>(())
    /// ```
    pub fn set_scheme(&mut self, scheme: &str) -> Result<(), Error> {
        let valid = scheme
            .as_bytes()
            .first()
            .is_some_and(u8::is_ascii_alphabetic)
            && scheme
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'));
        if !valid {
            return Err(cannot(
                "scheme",
                "a scheme is a letter, then letters, digits, '+', '-' or '.'",
            ));
        }
        let new = scheme.to_ascii_lowercase();
        let same_kind = match self.maker() {
            Maker::Whatwg { .. } => is_special(&new) == is_special(self.scheme()),
            _ => kind_2011(&new) == kind_2011(self.scheme()),
        };
        if !same_kind {
            return Err(cannot(
                "scheme",
                "a scheme of another kind: the rest of the URL would be read otherwise",
            ));
        }
        let text = self.spliced(0..self.offsets().scheme_end(), scheme);
        let host = self.host_str().is_some();
        self.remade(&text, "scheme", |u| u.host_str().is_some() == host)
    }

    /// The origin (see [`Origin`]): for a `blob:` URL, the origin of the
    /// URL in its path, canonicalized by what made this one (the THIS
    /// profile for a URL made of components), when that is an `http` or
    /// `https` URL, as the URL Standard says today (the `url` crate looks
    /// into any scheme).
    ///
    /// ```
    /// let blob = urlprism::Url::parse("blob:https://Example.COM:443/uuid")?;
    /// assert_eq!(blob.origin().ascii_serialization(), "https://example.com");
    /// # Ok::<(), urlprism::Error>(())
    /// ```
    pub fn origin(&self) -> Origin {
        if self.scheme() != "blob" {
            return self.tuple_origin().unwrap_or_else(Origin::new_opaque);
        }
        let inner = match self.maker() {
            Maker::Components => Url::parse(self.path()),
            made => remake(made, self.path(), "origin"),
        };
        inner
            .ok()
            .filter(|u| matches!(u.scheme(), "http" | "https"))
            .and_then(|u| u.tuple_origin())
            .unwrap_or_else(Origin::new_opaque)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile::builtin;
    use crate::profile_canonicalizer::ProfileCanonicalizer as Canonicalizer;

    fn under(profile: &str, s: &str) -> Url {
        Canonicalizer::new(builtin(profile).unwrap())
            .canonicalize(s)
            .unwrap()
    }

    /// Each setter gives what canonicalizing the changed URL under the
    /// profile gives, and leaves the URL as it was when it refuses.
    #[test]
    fn setters_canonicalize_the_changed_url() {
        let mut url = Url::parse("http://u:p@a:81/b/c?q#f").unwrap();
        url.set_scheme("ws").unwrap();
        assert_eq!(url.as_str(), "ws://u:p@a:81/b/c?q#f");
        url.set_username("").unwrap();
        assert_eq!(url.as_str(), "ws://:p@a:81/b/c?q#f");
        url.set_password(None).unwrap();
        assert_eq!(url.as_str(), "ws://a:81/b/c?q#f");
        url.set_port(None).unwrap();
        assert_eq!(url.as_str(), "ws://a/b/c?q#f");
        url.set_host(Some("[0::1]")).unwrap();
        assert_eq!(url.as_str(), "ws://[::1]/b/c?q#f");
        url.set_path("").unwrap();
        assert_eq!(url.as_str(), "ws://[::1]/?q#f");
        url.set_host(None).unwrap();
        assert_eq!(url.as_str(), "ws:/?q#f");
        url.set_host(Some("h")).unwrap();
        assert_eq!(url.as_str(), "ws://h/?q#f");
        for url in [url.clone(), Url::parse("mailto:a@b?c").unwrap()] {
            let before = url.as_str().to_string();
            let mut u = url.clone();
            for refused in [
                u.set_host(Some("a b:c")),
                u.set_scheme("file"),
                u.set_scheme("x"),
                u.set_scheme(""),
            ] {
                assert!(
                    matches!(refused, Err(Error::CannotSet { .. })),
                    "{refused:?}"
                );
            }
            // An error of the profile's (an invalid host) leaves it too.
            if u.host_str().is_some() {
                let bidi = u.set_host(Some("\u{5D0}a.il"));
                assert!(matches!(bidi, Err(Error::Host { .. })), "{bidi:?}");
            }
            assert_eq!(u.as_str(), before);
        }
        let mut mail = Url::parse("mailto:a@b?c").unwrap();
        assert!(mail.set_port(Some(1)).is_err());
        assert!(mail.set_username("x").is_err());
        mail.set_path("d@e?f").unwrap();
        assert_eq!(mail.as_str(), "mailto:d@e%3Ff?c");
    }

    /// A URL keeps its profile and encoding: its setters canonicalize
    /// under them, a profile of one's own among them.
    #[test]
    fn setters_keep_the_profile_and_the_encoding() {
        let mut gecko = under("gecko", "http://a/");
        gecko.set_host(Some("A%5Fb")).unwrap();
        assert_eq!(gecko.as_str(), "http://a%5fb/");
        let mut this = under("this", "http://a/");
        this.set_host(Some("A%5Fb")).unwrap();
        assert_eq!(this.as_str(), "http://a_b/");
        // A profile that is not a built-in one: a copy of Gecko's.
        let mut mine = builtin("gecko").unwrap().clone();
        mine.name = "mine".into();
        let c = Canonicalizer::new(&mine);
        let mut url = c.canonicalize("http://a/").unwrap();
        drop(c);
        url.set_host(Some("A%5Fb")).unwrap();
        assert_eq!(url.as_str(), "http://a%5fb/");
        // The document encoding.
        let latin = Canonicalizer::new(builtin("ie").unwrap()).encoding(encoding_rs::WINDOWS_1252);
        let mut url = latin.canonicalize("http://a/?x").unwrap();
        url.set_query(Some("é")).unwrap();
        assert_eq!(url.as_str(), "http://a/?%E9");
        // Under each profile together, each keeps its own.
        let plans: Vec<&crate::profile::plan::Plan> =
            crate::profile::plan::builtin_plans().iter().collect();
        let each =
            Canonicalizer::new(crate::profile::this()).canonicalize_each("http://a/", &plans);
        for (url, plan) in each.into_iter().zip(&plans) {
            let mut url = url.unwrap();
            url.set_host(Some("Bücher.de")).unwrap();
            assert_eq!(
                url,
                under(plan.name(), "http://Bücher.de/"),
                "{}",
                plan.name()
            );
        }
        // They differ: THIS in Punycode, IE in Unicode.
        assert_ne!(
            under("this", "http://Bücher.de/"),
            under("ie", "http://Bücher.de/")
        );
    }

    /// A URL made of components has nothing to canonicalize a change
    /// with.
    #[test]
    fn components_cannot_be_set() {
        let mut url = Url::from_parsed_url(&crate::algorithm::parse::parse("http://a/")).unwrap();
        let e = url.set_path("/b").unwrap_err();
        assert_eq!(
            e.to_string(),
            "cannot set the path: the URL was made of components, not by a profile or an engine"
        );
        assert_eq!(url.as_str(), "http://a/");
    }

    /// Under the `whatwg` engine the setters give what the `url` crate's
    /// give.
    #[test]
    fn whatwg_setters_are_the_url_crates() {
        let w = Whatwg::new();
        let input = "https://u:p@Example.COM:8443/a/b?q=1#f";
        type Set = fn(&mut Url) -> Result<(), Error>;
        type SetTheirs = fn(&mut url::Url) -> Result<(), ()>;
        let cases: [(Set, SetTheirs); 10] = [
            (
                |u| u.set_path("c d/../e"),
                |u| {
                    u.set_path("c d/../e");
                    Ok(())
                },
            ),
            (
                |u| u.set_query(Some("a b#c")),
                |u| {
                    u.set_query(Some("a b#c"));
                    Ok(())
                },
            ),
            (
                |u| u.set_query(None),
                |u| {
                    u.set_query(None);
                    Ok(())
                },
            ),
            (
                |u| u.set_fragment(Some("x y")),
                |u| {
                    u.set_fragment(Some("x y"));
                    Ok(())
                },
            ),
            (
                |u| u.set_host(Some("Bücher.DE")),
                |u| u.set_host(Some("Bücher.DE")).map_err(drop),
            ),
            (|u| u.set_port(Some(443)), |u| u.set_port(Some(443))),
            (|u| u.set_port(Some(1)), |u| u.set_port(Some(1))),
            (|u| u.set_username("a@b"), |u| u.set_username("a@b")),
            (|u| u.set_password(None), |u| u.set_password(None)),
            (|u| u.set_scheme("wss"), |u| u.set_scheme("wss")),
        ];
        for (ours, theirs) in cases {
            let mut a = w.canonicalize_url(input, None, encoding_rs::UTF_8).unwrap();
            let mut b = url::Url::parse(input).unwrap();
            assert_eq!(ours(&mut a).is_ok(), theirs(&mut b).is_ok());
            assert_eq!(a.as_str(), b.as_str());
        }
        let mut a = w.canonicalize_url(input, None, encoding_rs::UTF_8).unwrap();
        assert!(a.set_scheme("foo").is_err());
        assert!(url::Url::parse(input).unwrap().set_scheme("foo").is_err());
    }

    #[test]
    fn blob_origins() {
        let o = |s: &str| Url::parse(s).unwrap().origin();
        assert_eq!(
            o("blob:http://a:8080/x").ascii_serialization(),
            "http://a:8080"
        );
        assert!(!o("blob:file:///x").is_tuple());
        assert!(!o("blob:blob:http://a/").is_tuple());
        assert!(!o("blob:nothing").is_tuple());
    }
}
