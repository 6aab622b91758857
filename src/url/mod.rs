//! [`Url`]: a canonical URL, held as its serialization and the offsets of
//! its components in it.

use crate::error::Error;
use crate::url::components::ParsedUrl;
use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};

pub mod components;
pub mod display;
mod host;
mod invariants;
mod made;
mod offsets;

pub use host::{Host, OpaqueOrigin, Origin};

pub(crate) use made::{Maker, PlanRef};
pub(crate) use offsets::{Offsets, OffsetsBuilder, Span};

/// A canonical URL: the serialization of a URL canonicalized under some
/// profile, with the place of each component in it.
///
/// It is one `String` and a few `u32` offsets, so [`Url::as_str`] and the
/// accessors cost nothing.  Two `Url`s compare, order and hash as their
/// serializations.
///
/// [`Url::parse`] and [`Url::join`] canonicalize under the THIS profile
/// with the UTF-8 document encoding; for another profile, a base kept for
/// many inputs, or another encoding, use a [`crate::Canonicalizer`].
///
/// ```
/// use urlprism::Url;
/// let url = Url::parse("HTTP://User:Pw@EXAMPLE.com:8080/a/./b/../c?q#f")?;
/// assert_eq!(url.as_str(), "http://User:Pw@example.com:8080/a/c?q#f");
/// assert_eq!(url.scheme(), "http");
/// assert_eq!(url.username(), "User");
/// assert_eq!(url.password(), Some("Pw"));
/// assert_eq!(url.host_str(), Some("example.com"));
/// assert_eq!(url.port(), Some(8080));
/// assert_eq!(url.path(), "/a/c");
/// assert_eq!(url.query(), Some("q"));
/// assert_eq!(url.fragment(), Some("f"));
/// # Ok::<(), urlprism::Error>(())
/// ```
#[derive(Clone)]
pub struct Url {
    serialization: String,
    offsets: Offsets,
    /// What made it (a profile and an encoding, an engine), to make it
    /// again when a component is set.
    made: Maker,
}

impl Url {
    /// The serialization.
    ///
    /// ```
    /// let url = urlprism::Url::parse("mailto:A@B.example")?;
    /// assert_eq!(url.as_str(), "mailto:A@B.example");
    /// # Ok::<(), urlprism::Error>(())
    /// ```
    pub fn as_str(&self) -> &str {
        &self.serialization
    }

    /// The serialization, as an owned string.
    ///
    /// ```
    /// let s: String = urlprism::Url::parse("http://a/")?.into_string();
    /// assert_eq!(s, "http://a/");
    /// # Ok::<(), urlprism::Error>(())
    /// ```
    pub fn into_string(self) -> String {
        self.serialization
    }

    /// The scheme, lowercase, without its `:`.
    ///
    /// ```
    /// assert_eq!(urlprism::Url::parse("HTTPS://a/")?.scheme(), "https");
    /// # Ok::<(), urlprism::Error>(())
    /// ```
    pub fn scheme(&self) -> &str {
        &self.serialization[..self.offsets.scheme_end()]
    }

    /// The user name: the empty string when the URL has none.
    ///
    /// ```
    /// assert_eq!(urlprism::Url::parse("ftp://me@a/")?.username(), "me");
    /// assert_eq!(urlprism::Url::parse("ftp://a/")?.username(), "");
    /// # Ok::<(), urlprism::Error>(())
    /// ```
    pub fn username(&self) -> &str {
        self.component(self.offsets.user()).unwrap_or("")
    }

    /// The password, when the URL has one (even empty).
    ///
    /// ```
    /// assert_eq!(urlprism::Url::parse("ftp://me:pw@a/")?.password(), Some("pw"));
    /// assert_eq!(urlprism::Url::parse("ftp://me@a/")?.password(), None);
    /// # Ok::<(), urlprism::Error>(())
    /// ```
    pub fn password(&self) -> Option<&str> {
        self.component(self.offsets.password())
    }

    /// The host, canonicalized by the profile, when the URL has one (a
    /// `file:` URL may have an empty one).
    ///
    /// ```
    /// assert_eq!(urlprism::Url::parse("http://Bücher.DE/")?.host_str(), Some("xn--bcher-kva.de"));
    /// assert_eq!(urlprism::Url::parse("mailto:a@b")?.host_str(), None);
    /// # Ok::<(), urlprism::Error>(())
    /// ```
    pub fn host_str(&self) -> Option<&str> {
        self.component(self.offsets.host())
    }

    /// The port, when the URL has one that is not the scheme's default.
    ///
    /// ```
    /// assert_eq!(urlprism::Url::parse("http://a:8080/")?.port(), Some(8080));
    /// assert_eq!(urlprism::Url::parse("http://a:80/")?.port(), None);
    /// # Ok::<(), urlprism::Error>(())
    /// ```
    pub fn port(&self) -> Option<u16> {
        self.component(self.offsets.port())
            .and_then(|p| p.parse().ok())
    }

    /// The path: the empty string when the URL has none.
    ///
    /// ```
    /// assert_eq!(urlprism::Url::parse("http://a/b/../c")?.path(), "/c");
    /// assert_eq!(urlprism::Url::parse("mailto:a@b")?.path(), "a@b");
    /// # Ok::<(), urlprism::Error>(())
    /// ```
    pub fn path(&self) -> &str {
        self.component(self.offsets.path()).unwrap_or("")
    }

    /// The query, without its `?`, when the URL has one (even empty).
    ///
    /// ```
    /// assert_eq!(urlprism::Url::parse("http://a/?q r")?.query(), Some("q%20r"));
    /// assert_eq!(urlprism::Url::parse("http://a/?")?.query(), Some(""));
    /// assert_eq!(urlprism::Url::parse("http://a/")?.query(), None);
    /// # Ok::<(), urlprism::Error>(())
    /// ```
    pub fn query(&self) -> Option<&str> {
        self.component(self.offsets.query())
    }

    /// The fragment, without its `#`, when the URL has one (even empty).
    ///
    /// ```
    /// assert_eq!(urlprism::Url::parse("http://a/#top")?.fragment(), Some("top"));
    /// assert_eq!(urlprism::Url::parse("http://a/")?.fragment(), None);
    /// # Ok::<(), urlprism::Error>(())
    /// ```
    pub fn fragment(&self) -> Option<&str> {
        self.component(self.offsets.fragment())
    }

    /// The components as a [`ParsedUrl`] (the step-level view, where an
    /// absent user, port or path is kept apart from an empty one).
    ///
    /// ```
    /// let u = urlprism::Url::parse("http://a/?")?.to_parsed_url();
    /// assert_eq!(u.user, None);
    /// assert_eq!(u.query.as_deref(), Some(""));
    /// assert_eq!(urlprism::serialize(&u).as_deref(), Some("http://a/?"));
    /// # Ok::<(), urlprism::Error>(())
    /// ```
    pub fn to_parsed_url(&self) -> ParsedUrl {
        let owned = |span| self.component(span).map(str::to_string);
        ParsedUrl {
            scheme: Some(self.scheme().to_string()),
            authority: None,
            user: owned(self.offsets.user()),
            password: owned(self.offsets.password()),
            host: owned(self.offsets.host()),
            port: owned(self.offsets.port()),
            path: owned(self.offsets.path()),
            query: owned(self.offsets.query()),
            fragment: owned(self.offsets.fragment()),
            invalid: None,
            hierarchical: false,
            host_as_written: None,
            path_as_written: None,
        }
    }

    /// Whether `other` has the same serialization and the same components
    /// (the same string may part differently: `http://:@h/` has an empty
    /// user name and an empty password, or an empty password alone).  The
    /// offsets are counted from the components' lengths, so equal strings
    /// have equal components exactly when their offsets are equal.
    pub(crate) fn same_components(&self, other: &Url) -> bool {
        self.offsets == other.offsets && self.serialization == other.serialization
    }

    /// The user name as the steps left it: `None` when the URL has none
    /// (where [`Url::username`] gives the empty string).
    pub(crate) fn user_part(&self) -> Option<&str> {
        self.component(self.offsets.user())
    }

    /// The port as written in the serialization (where [`Url::port`]
    /// gives its number).
    pub(crate) fn port_part(&self) -> Option<&str> {
        self.component(self.offsets.port())
    }

    /// The path as the steps left it: `None` when the URL has none
    /// (where [`Url::path`] gives the empty string).
    pub(crate) fn path_part(&self) -> Option<&str> {
        self.component(self.offsets.path())
    }

    fn component(&self, span: Option<Span>) -> Option<&str> {
        span.map(|s| &self.serialization[s.range()])
    }

    /// The `Url` whose serialization is `serialization`, made by
    /// [`crate::serialize()`]'s steps from the components whose
    /// [`Offsets::of`] are `offsets`.
    /// It has no maker yet ([`Maker::Components`]): the entry points that
    /// hand it out say which ([`Url::set_made`]).
    #[inline]
    pub(crate) fn new(serialization: String, offsets: Offsets) -> Url {
        Url::made(serialization, offsets, Maker::Components)
    }

    /// A URL of `serialization` and `offsets`, made of components as they
    /// are ([`Maker::Components`]), whose invariants the caller checks
    /// ([`Url::check_invariants`]) in every build.
    #[inline]
    pub(crate) fn unchecked(serialization: String, offsets: Offsets) -> Url {
        Url {
            serialization,
            offsets,
            made: Maker::Components,
        }
    }

    /// [`Url::new`], made by `made`.
    #[inline]
    pub(crate) fn made(serialization: String, offsets: Offsets, made: Maker) -> Url {
        let url = Url {
            serialization,
            offsets,
            made,
        };
        #[cfg(debug_assertions)]
        if let Err(e) = url.check_invariants() {
            panic!("a Url that breaks its invariants: {e}");
        }
        url
    }

    /// This URL, made by `made`.
    #[inline]
    pub(crate) fn made_by(mut self, made: Maker) -> Url {
        self.made = made;
        self
    }

    /// A copy of this URL without its maker ([`Maker::Components`]), for
    /// a caller that says another.
    #[inline]
    pub(crate) fn clone_unmade(&self) -> Url {
        Url::new(self.serialization.clone(), self.offsets)
    }

    /// Says that `made` made this URL.
    #[inline]
    pub(crate) fn set_made(&mut self, made: Maker) {
        self.made = made;
    }

    /// What made this URL.
    pub(crate) fn maker(&self) -> &Maker {
        &self.made
    }

    /// Where the components are in the serialization.
    pub(crate) fn offsets(&self) -> Offsets {
        self.offsets
    }

    /// This URL (which has a host) with the host that `host_into` appends
    /// in place of its own (`None` when it appends none and says
    /// `false`): the spans after the host move by the difference in
    /// length.  What serializing the URL's components with that host gives
    /// (the host is one component, serialized as it is), the error for a
    /// serialization of 4 GiB or more included.
    ///
    /// `http://a.test:81/x` with `127.0.0.1` → `http://127.0.0.1:81/x`.
    pub(crate) fn with_host(
        &self,
        host_into: impl FnOnce(&mut String) -> bool,
    ) -> Option<Result<Url, Error>> {
        let url = self.as_str();
        let old = self.offsets.host().expect("a URL with a host");
        let (start, end) = (old.start(), old.end());
        // Room for an IPv4 address in place of a shorter host.
        let mut out = String::with_capacity(url.len() + 16);
        out.push_str(&url[..start]);
        if !host_into(&mut out) {
            return None;
        }
        let host_end = out.len();
        out.push_str(&url[end..]);
        Some(
            self.offsets
                .with_host_end(host_end, out.len())
                .map(|offsets| Url::new(out, offsets)),
        )
    }
}

/// The serialization.
///
/// ```
/// let url = urlprism::Url::parse("http://a/b c")?;
/// assert_eq!(url.to_string(), "http://a/b%20c");
/// # Ok::<(), urlprism::Error>(())
/// ```
impl fmt::Display for Url {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.serialization)
    }
}

impl fmt::Debug for Url {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Url").field(&self.serialization).finish()
    }
}

impl AsRef<str> for Url {
    fn as_ref(&self) -> &str {
        &self.serialization
    }
}

impl From<Url> for String {
    fn from(url: Url) -> String {
        url.serialization
    }
}

impl PartialEq for Url {
    fn eq(&self, other: &Url) -> bool {
        self.serialization == other.serialization
    }
}

impl Eq for Url {}

impl PartialOrd for Url {
    fn partial_cmp(&self, other: &Url) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Url {
    fn cmp(&self, other: &Url) -> Ordering {
        self.serialization.cmp(&other.serialization)
    }
}

impl Hash for Url {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.serialization.hash(state)
    }
}

/// With the `serde` feature, a `Url` is serialized as its serialization,
/// and deserialized by [`Url::parse`] (so an invalid URL is an error).
#[cfg(feature = "serde")]
impl serde::Serialize for Url {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.serialization)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Url {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Url, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        Url::parse(&s).map_err(serde::de::Error::custom)
    }
}
