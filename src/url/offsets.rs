//! Where the components of a [`Url`](super::Url) are in its
//! serialization ([`Offsets`]), and the one place they are made
//! ([`OffsetsBuilder`]), which checks that the serialization is shorter
//! than 4 GiB.

use crate::error::Error;
use crate::url::components::CowUrl;

/// Where the components of a [`Url`](super::Url) are in its
/// serialization, in 36 bytes (a `Url` is moved often): the end of the
/// scheme and of each component, which components are present, and the
/// length.  Where a component begins follows: the components are written
/// in order, each after its delimiter (`:`, `//`, `:` and `@` in the
/// user information, `:` before the port, `?`, `#`), the path right
/// after the authority (see [`Offsets::places`]).  An absent component
/// ends where it would begin, so that equal components have equal
/// offsets.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct Offsets {
    /// The end of the scheme (the offset of its `:`).
    scheme_end: u32,
    user_end: u32,
    password_end: u32,
    host_end: u32,
    port_end: u32,
    path_end: u32,
    query_end: u32,
    /// The length of the serialization (where the fragment ends).
    len: u32,
    /// Which components are present, one bit each ([`USER`] ...).
    present: u8,
}

const USER: u8 = 1;
const PASSWORD: u8 = 2;
const HOST: u8 = 4;
const PORT: u8 = 8;
const PATH: u8 = 16;
const QUERY: u8 = 32;
const FRAGMENT: u8 = 64;
/// The user, password, host or port: the URL has an authority.
const AUTHORITY: u8 = USER | PASSWORD | HOST | PORT;

/// Where each component is (see [`Offsets`]), worked out in order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Places {
    pub(crate) user: Option<Span>,
    pub(crate) password: Option<Span>,
    pub(crate) host: Option<Span>,
    pub(crate) port: Option<Span>,
    pub(crate) path: Option<Span>,
    pub(crate) query: Option<Span>,
    pub(crate) fragment: Option<Span>,
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

    /// Whether the URL has an authority (a user, password, host or port).
    #[inline]
    pub(crate) fn has_authority(&self) -> bool {
        self.present & AUTHORITY != 0
    }

    /// Where the component of bit `bit`, which begins at `start` and ends
    /// at `end`, is, when it is present.
    #[inline(always)]
    fn place(&self, bit: u8, start: usize, end: u32) -> Option<Span> {
        (self.present & bit != 0).then(|| OffsetsBuilder::span(start, end as usize))
    }

    /// Where the authority begins (after `//`).
    #[inline]
    fn authority_start(&self) -> usize {
        self.scheme_end() + 3
    }

    /// Where the host begins: after the user information's `@`, or where
    /// the authority begins.
    #[inline]
    fn host_start(&self) -> usize {
        if self.present & (USER | PASSWORD) == 0 {
            return self.authority_start();
        }
        let at = match self.present & PASSWORD != 0 {
            true => self.password_end,
            false => self.user_end,
        };
        at as usize + 1
    }

    /// Where the path begins: after the authority, or the scheme's `:`.
    #[inline]
    fn path_start(&self) -> usize {
        match self.present & AUTHORITY != 0 {
            true => self.port_end as usize,
            false => self.scheme_end() + 1,
        }
    }

    /// The user name's place.
    #[inline]
    pub(crate) fn user(&self) -> Option<Span> {
        self.place(USER, self.authority_start(), self.user_end)
    }

    /// The password's place.
    #[inline]
    pub(crate) fn password(&self) -> Option<Span> {
        self.place(PASSWORD, self.user_end as usize + 1, self.password_end)
    }

    /// The host's place.
    #[inline]
    pub(crate) fn host(&self) -> Option<Span> {
        self.place(HOST, self.host_start(), self.host_end)
    }

    /// The port's place.
    #[inline]
    pub(crate) fn port(&self) -> Option<Span> {
        self.place(PORT, self.host_end as usize + 1, self.port_end)
    }

    /// The path's place.
    #[inline]
    pub(crate) fn path(&self) -> Option<Span> {
        self.place(PATH, self.path_start(), self.path_end)
    }

    /// The query's place.
    #[inline]
    pub(crate) fn query(&self) -> Option<Span> {
        self.place(QUERY, self.path_end as usize + 1, self.query_end)
    }

    /// The fragment's place.
    #[inline]
    pub(crate) fn fragment(&self) -> Option<Span> {
        self.place(FRAGMENT, self.query_end as usize + 1, self.len)
    }

    /// Every component's place.
    pub(crate) fn places(&self) -> Places {
        Places {
            user: self.user(),
            password: self.password(),
            host: self.host(),
            port: self.port(),
            path: self.path(),
            query: self.query(),
            fragment: self.fragment(),
        }
    }

    /// These offsets as a builder's, to change some of them.
    pub(crate) fn builder(&self) -> OffsetsBuilder {
        let p = self.places();
        let mut b = OffsetsBuilder::new(self.scheme_end());
        b.user(p.user);
        b.password(p.password);
        b.host(p.host);
        b.port(p.port);
        b.path(p.path);
        b.query(p.query);
        b.fragment(p.fragment);
        b
    }
}

impl std::fmt::Debug for Offsets {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let p = self.places();
        f.debug_struct("Offsets")
            .field("scheme_end", &self.scheme_end)
            .field("user", &p.user)
            .field("password", &p.password)
            .field("host", &p.host)
            .field("port", &p.port)
            .field("path", &p.path)
            .field("query", &p.query)
            .field("fragment", &p.fragment)
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
/// counted), in its order: each component's place recorded
/// ([`OffsetsBuilder::span`], then [`OffsetsBuilder::user`] ...), in the
/// order of the serialization; [`OffsetsBuilder::finish`] checks the
/// length of the serialization: 4 GiB or more is [`Error::TooLong`].
///
/// The places are recorded as the serialization grows (the buffer's
/// length, or the count so far), never beyond its final length: once that
/// length is known to fit in a `u32`, so does every place, and
/// [`OffsetsBuilder::span`]'s conversion was exact.  Where each component
/// begins is not kept (see [`Offsets`]): debug builds check that it is
/// where the offsets say, and the invariants of every `Url` made.
///
/// `http://u@h:81/p?q#f`: the scheme ends at 4, the user is 7..8, the
/// host 9..10, the port 11..13, the path 13..15, the query 16..17, the
/// fragment 18..19.
#[derive(Clone, Copy, Debug)]
pub(crate) struct OffsetsBuilder {
    offsets: Offsets,
    /// The places recorded, to check that they are where the offsets
    /// say.
    #[cfg(debug_assertions)]
    places: Places,
}

impl OffsetsBuilder {
    /// Offsets whose scheme ends at `scheme_end` (the offset of its `:`),
    /// with no component yet.
    #[inline]
    pub(crate) fn new(scheme_end: usize) -> OffsetsBuilder {
        // Before the end (see above).
        let at = scheme_end as u32 + 1;
        OffsetsBuilder {
            offsets: Offsets {
                scheme_end: scheme_end as u32,
                user_end: at + 2,
                password_end: at + 2,
                host_end: at + 2,
                port_end: at + 2,
                path_end: at,
                query_end: at,
                len: 0,
                present: 0,
            },
            #[cfg(debug_assertions)]
            places: Places::default(),
        }
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

    /// Records that the component of `bit` is `s` (or absent): its end,
    /// or, absent, the end of the component before it (`before`).
    #[inline(always)]
    fn set(&mut self, bit: u8, s: Option<Span>, before: u32) -> u32 {
        match s {
            Some(s) => {
                self.offsets.present |= bit;
                s.end
            }
            None => {
                self.offsets.present &= !bit;
                before
            }
        }
    }

    /// Sets the user name's place.
    #[inline(always)]
    pub(crate) fn user(&mut self, s: Option<Span>) {
        let start = self.offsets.scheme_end + 3;
        self.offsets.user_end = self.set(USER, s, start);
        self.offsets.password_end = self.offsets.user_end;
        self.after_userinfo();
        #[cfg(debug_assertions)]
        {
            self.places.user = s;
        }
    }

    /// Sets the password's place.
    #[inline(always)]
    pub(crate) fn password(&mut self, s: Option<Span>) {
        self.offsets.password_end = self.set(PASSWORD, s, self.offsets.user_end);
        self.after_userinfo();
        #[cfg(debug_assertions)]
        {
            self.places.password = s;
        }
    }

    /// Where the host begins once the user information is known: its
    /// end (the host's, the port's) when it is empty so far.
    #[inline(always)]
    fn after_userinfo(&mut self) {
        let o = &mut self.offsets;
        o.host_end = o.host_start() as u32;
        o.port_end = o.host_end;
    }

    /// Sets the host's place.
    #[inline(always)]
    pub(crate) fn host(&mut self, s: Option<Span>) {
        let start = self.offsets.host_start() as u32;
        self.offsets.host_end = self.set(HOST, s, start);
        self.offsets.port_end = self.offsets.host_end;
        #[cfg(debug_assertions)]
        {
            self.places.host = s;
        }
    }

    /// Sets the port's place.
    #[inline(always)]
    pub(crate) fn port(&mut self, s: Option<Span>) {
        self.offsets.port_end = self.set(PORT, s, self.offsets.host_end);
        #[cfg(debug_assertions)]
        {
            self.places.port = s;
        }
    }

    /// Sets the path's place.
    #[inline(always)]
    pub(crate) fn path(&mut self, s: Option<Span>) {
        let start = self.offsets.path_start() as u32;
        self.offsets.path_end = self.set(PATH, s, start);
        self.offsets.query_end = self.offsets.path_end;
        #[cfg(debug_assertions)]
        {
            self.places.path = s;
        }
    }

    /// Sets the query's place.
    #[inline(always)]
    pub(crate) fn query(&mut self, s: Option<Span>) {
        self.offsets.query_end = self.set(QUERY, s, self.offsets.path_end);
        #[cfg(debug_assertions)]
        {
            self.places.query = s;
        }
    }

    /// Sets the fragment's place (it ends where the serialization does).
    #[inline(always)]
    pub(crate) fn fragment(&mut self, s: Option<Span>) {
        self.set(FRAGMENT, s, 0);
        #[cfg(debug_assertions)]
        {
            self.places.fragment = s;
        }
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
        self.offsets.len = u32::try_from(len).ok()?;
        #[cfg(debug_assertions)]
        assert_eq!(
            self.offsets.places(),
            self.places,
            "components recorded where the offsets do not put them"
        );
        Some(self.offsets)
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
        assert_eq!(std::mem::size_of::<Offsets>(), 36);
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
