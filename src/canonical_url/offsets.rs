//! Where the components of a [`Url`](super::Url) are in its
//! serialization ([`Offsets`]), and the one place they are made
//! ([`OffsetsBuilder`]), which checks that the serialization is shorter
//! than 4 GiB.

use crate::error::Error;
use crate::url::CowUrl;

/// Where the components of a [`Url`](super::Url) are in its
/// serialization: the end of the scheme, the place of each component
/// (a [`Span`], or none), the length; 64 bytes, as a `Url` is moved
/// often.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct Offsets {
    /// The end of the scheme (the offset of its `:`).
    scheme_end: u32,
    /// The length of the serialization.
    len: u32,
    user: Place,
    password: Place,
    host: Place,
    port: Place,
    path: Place,
    query: Place,
    fragment: Place,
}

/// A component's place, or none ([`Place::NONE`]: a start after the
/// end): an `Option<Span>` in 8 bytes.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Place(Span);

impl Place {
    /// No component.
    const NONE: Place = Place(Span {
        start: u32::MAX,
        end: 0,
    });

    #[inline(always)]
    fn of(span: Option<Span>) -> Place {
        match span {
            Some(s) => Place(s),
            None => Place::NONE,
        }
    }

    #[inline(always)]
    fn get(self) -> Option<Span> {
        (self.0.start <= self.0.end).then_some(self.0)
    }
}

impl Offsets {
    /// The end of the scheme (the offset of its `:`).
    #[inline]
    pub(crate) fn scheme_end(&self) -> usize {
        self.scheme_end as usize
    }

    /// The length of the serialization.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.len as usize
    }

    /// The user name's place.
    #[inline]
    pub(crate) fn user(&self) -> Option<Span> {
        self.user.get()
    }

    /// The password's place.
    #[inline]
    pub(crate) fn password(&self) -> Option<Span> {
        self.password.get()
    }

    /// The host's place.
    #[inline]
    pub(crate) fn host(&self) -> Option<Span> {
        self.host.get()
    }

    /// The port's place.
    #[inline]
    pub(crate) fn port(&self) -> Option<Span> {
        self.port.get()
    }

    /// The path's place.
    #[inline]
    pub(crate) fn path(&self) -> Option<Span> {
        self.path.get()
    }

    /// The query's place.
    #[inline]
    pub(crate) fn query(&self) -> Option<Span> {
        self.query.get()
    }

    /// The fragment's place.
    #[inline]
    pub(crate) fn fragment(&self) -> Option<Span> {
        self.fragment.get()
    }

    /// These offsets as a builder's, to change some of them.
    pub(crate) fn builder(&self) -> OffsetsBuilder {
        OffsetsBuilder(*self)
    }
}

impl std::fmt::Debug for Offsets {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Offsets")
            .field("scheme_end", &self.scheme_end)
            .field("user", &self.user())
            .field("password", &self.password())
            .field("host", &self.host())
            .field("port", &self.port())
            .field("path", &self.path())
            .field("query", &self.query())
            .field("fragment", &self.fragment())
            .field("len", &self.len)
            .finish()
    }
}

/// Where a component is in the serialization: `start..end`, without its
/// delimiters.  Made by [`OffsetsBuilder::span`] only.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Span {
    start: u32,
    end: u32,
}

impl Span {
    /// The span as a range of the serialization.
    #[inline]
    pub(crate) fn range(self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }

    /// Where it begins.
    #[inline]
    pub(crate) fn start(self) -> usize {
        self.start as usize
    }

    /// Where it ends.
    #[inline]
    pub(crate) fn end(self) -> usize {
        self.end as usize
    }
}

/// Offsets being made, as the serialization is written (or its length
/// counted), in its order: each component's place recorded by
/// [`OffsetsBuilder::span`]; [`OffsetsBuilder::finish`] checks the length
/// of the serialization: 4 GiB or more is [`Error::TooLong`].
///
/// The places are recorded as the serialization grows (the buffer's
/// length, or the count so far), never beyond its final length: once that
/// length is known to fit in a `u32`, so does every place, and
/// [`OffsetsBuilder::span`]'s conversion was exact.  (A place beyond the
/// end would break the invariants, which debug builds check of every
/// `Url` made.)
///
/// `http://u@h:81/p?q#f`: the scheme ends at 4, the user is 7..8, the
/// host 9..10, the port 11..13, the path 13..15, the query 16..17, the
/// fragment 18..19.
#[derive(Clone, Copy, Debug)]
pub(crate) struct OffsetsBuilder(Offsets);

impl OffsetsBuilder {
    /// Offsets whose scheme ends at `scheme_end` (the offset of its `:`),
    /// with no component yet.
    #[inline]
    pub(crate) fn new(scheme_end: usize) -> OffsetsBuilder {
        OffsetsBuilder(Offsets {
            // Before the end (see above).
            scheme_end: scheme_end as u32,
            len: 0,
            user: Place::NONE,
            password: Place::NONE,
            host: Place::NONE,
            port: Place::NONE,
            path: Place::NONE,
            query: Place::NONE,
            fragment: Place::NONE,
        })
    }

    /// The place `start..end` of the serialization being made (see
    /// [`OffsetsBuilder`]: exact once [`OffsetsBuilder::finish`] has
    /// checked the length).
    #[inline(always)]
    pub(crate) fn span(start: usize, end: usize) -> Span {
        Span {
            start: start as u32,
            end: end as u32,
        }
    }

    /// Sets the user name's place.
    #[inline(always)]
    pub(crate) fn user(&mut self, s: Option<Span>) {
        self.0.user = Place::of(s);
    }

    /// Sets the password's place.
    #[inline(always)]
    pub(crate) fn password(&mut self, s: Option<Span>) {
        self.0.password = Place::of(s);
    }

    /// Sets the host's place.
    #[inline(always)]
    pub(crate) fn host(&mut self, s: Option<Span>) {
        self.0.host = Place::of(s);
    }

    /// Sets the port's place.
    #[inline(always)]
    pub(crate) fn port(&mut self, s: Option<Span>) {
        self.0.port = Place::of(s);
    }

    /// Sets the path's place.
    #[inline(always)]
    pub(crate) fn path(&mut self, s: Option<Span>) {
        self.0.path = Place::of(s);
    }

    /// Sets the query's place.
    #[inline(always)]
    pub(crate) fn query(&mut self, s: Option<Span>) {
        self.0.query = Place::of(s);
    }

    /// Sets the fragment's place.
    #[inline(always)]
    pub(crate) fn fragment(&mut self, s: Option<Span>) {
        self.0.fragment = Place::of(s);
    }

    /// The places set so far.
    #[cfg(test)]
    pub(crate) fn so_far(&self) -> &Offsets {
        &self.0
    }

    /// The offsets, in a serialization of `len` bytes; [`Error::TooLong`]
    /// when it is 4 GiB or longer.
    #[inline(always)]
    pub(crate) fn finish(self, len: usize) -> Result<Offsets, Error> {
        self.checked(len).ok_or(Error::TooLong { len })
    }

    /// [`OffsetsBuilder::finish`], `None` for a serialization of 4 GiB
    /// or more.
    #[inline(always)]
    pub(crate) fn checked(mut self, len: usize) -> Option<Offsets> {
        self.0.len = u32::try_from(len).ok()?;
        Some(self.0)
    }
}

impl Offsets {
    /// The offsets of the components of the canonical URL `u` in its
    /// serialization, counted from the components' lengths in the order
    /// the steps to serialize write them (nothing is searched).  An error
    /// when the serialization would be 4 GiB or longer.
    pub(crate) fn of(u: &CowUrl<'_>) -> Result<Offsets, Error> {
        let mut at = 0;
        let scheme_end = u.scheme.as_deref().map_or(0, str::len);
        let mut offsets = OffsetsBuilder::new(scheme_end);
        at += scheme_end + 1; // `:`
        if u.has_authority_parts() {
            at += 2; // `//`
            if u.user.is_some() || u.password.is_some() {
                // An absent user is written as the empty string.
                offsets.user(count(&mut at, u.user.as_deref(), 0));
                offsets.password(count(&mut at, u.password.as_deref(), 1));
                at += 1; // `@`
            }
            // So is an absent host.
            offsets.host(count(&mut at, u.host.as_deref(), 0));
            offsets.port(count(&mut at, u.port.as_deref(), 1));
        }
        offsets.path(count(&mut at, u.path.as_deref(), 0));
        offsets.query(count(&mut at, u.query.as_deref(), 1));
        offsets.fragment(count(&mut at, u.fragment.as_deref(), 1));
        offsets.finish(at)
    }

    /// These offsets with the host's end moved to `host_end` (the host
    /// replaced by one of another length), the spans after it moved by
    /// the same difference, in a serialization of `len` bytes: an error
    /// when it is 4 GiB or longer.
    ///
    /// `http://a.test:81/x` with a host ending at 16 (`127.0.0.1`):
    /// the port 17..19, the path 19..21.
    pub(crate) fn with_host_end(&self, host_end: usize, len: usize) -> Result<Offsets, Error> {
        let old = self.host().expect("a URL with a host");
        let old_end = old.end();
        // The spans before the host stay, those after it move.
        let after = |s: Option<Span>| {
            s.map(|s| {
                OffsetsBuilder::span(s.start() - old_end + host_end, s.end() - old_end + host_end)
            })
        };
        let mut b = self.builder();
        b.host(Some(OffsetsBuilder::span(old.start(), host_end)));
        b.port(after(self.port()));
        b.path(after(self.path()));
        b.query(after(self.query()));
        b.fragment(after(self.fragment()));
        b.finish(len)
    }
}

/// The place of component `c` (when present) after `delimiter` bytes
/// from `at`, which moves to its end.
fn count(at: &mut usize, c: Option<&str>, delimiter: usize) -> Option<Span> {
    let c = c?;
    *at += delimiter;
    let start = *at;
    *at += c.len();
    Some(OffsetsBuilder::span(start, *at))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counted_offsets_are_the_components_places() {
        let u = crate::parse("http://u:p@h:81/p?q#f");
        let o = Offsets::of(&u.as_cow()).unwrap();
        let s = "http://u:p@h:81/p?q#f";
        let at = |s_: Option<Span>| s_.map(|x| &s[x.range()]);
        assert_eq!(&s[..o.scheme_end()], "http");
        assert_eq!(at(o.user()), Some("u"));
        assert_eq!(at(o.password()), Some("p"));
        assert_eq!(at(o.host()), Some("h"));
        assert_eq!(at(o.port()), Some("81"));
        assert_eq!(at(o.path()), Some("/p"));
        assert_eq!(at(o.query()), Some("q"));
        assert_eq!(at(o.fragment()), Some("f"));
        assert_eq!(o.len(), s.len());
        // No component, an empty one: told apart.
        let empty = Offsets::of(&crate::parse("http://@h/?").as_cow()).unwrap();
        assert_eq!(empty.user().map(Span::range), Some(7..7));
        assert_eq!(empty.password(), None);
        assert_eq!(empty.query().map(Span::range), Some(11..11));
        assert_eq!(empty.fragment(), None);
        assert_eq!(std::mem::size_of::<Offsets>(), 64);
    }

    /// A serialization of 4 GiB or more is an error, never offsets cut.
    #[test]
    fn four_gib_is_too_long() {
        let mut b = OffsetsBuilder::new(4);
        b.path(Some(OffsetsBuilder::span(5, 6)));
        assert!(b.finish(6).is_ok());
        let limit = u32::MAX as usize;
        assert!(b.finish(limit).is_ok());
        assert_eq!(b.finish(limit + 1), Err(Error::TooLong { len: limit + 1 }));
        // The host moved by a longer one: the spans after it move along.
        let o = Offsets::of(&crate::parse("http://a.test:81/x").as_cow()).unwrap();
        let moved = o.with_host_end(16, 21).unwrap();
        assert_eq!(moved.port().map(Span::range), Some(17..19));
        assert_eq!(moved.path().map(Span::range), Some(19..21));
        assert!(o.with_host_end(16, limit + 1).is_err());
    }
}
