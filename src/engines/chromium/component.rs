//! The parsed form Chromium's URL library works on (`url/third_party/
//! mozilla/url_parse.h`, `url::Component` and `url::Parsed`): each
//! component a range of the string it was found in, absent (`None`, an
//! "invalid" component) or present and possibly empty.

/// A range of bytes of a string: `begin..end`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Span {
    pub begin: usize,
    pub end: usize,
}

impl Span {
    pub fn new(begin: usize, end: usize) -> Span {
        Span {
            begin,
            end: end.max(begin),
        }
    }

    pub fn len(self) -> usize {
        self.end - self.begin
    }

    pub fn is_empty(self) -> bool {
        self.end == self.begin
    }

    /// The text of the range in `s`.
    pub fn of(self, s: &str) -> &str {
        s.get(self.begin..self.end).unwrap_or("")
    }
}

/// A component: absent (`None`) or a range.
pub(crate) type Part = Option<Span>;

/// Whether the component is present and not empty (`is_nonempty`).
pub(crate) fn nonempty(p: Part) -> bool {
    p.is_some_and(|s| !s.is_empty())
}

/// Whether the component is absent or empty (`is_empty`).
pub(crate) fn empty(p: Part) -> bool {
    !nonempty(p)
}

/// The components of a URL, as ranges of one string (`url::Parsed`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Parsed {
    pub scheme: Part,
    pub username: Part,
    pub password: Part,
    pub host: Part,
    pub port: Part,
    pub path: Part,
    pub query: Part,
    pub fragment: Part,
    /// The URL has an opaque path (a non-special URL without `/` after the
    /// scheme).
    pub opaque_path: bool,
    /// The inner URL of a `filesystem:` URL.
    pub inner: Option<Box<Parsed>>,
    /// Why the canonicalizer marked the URL invalid (the first reason).
    pub failure: Option<String>,
}

impl Parsed {
    /// Records why the URL is invalid, unless a reason is recorded already;
    /// gives `false`.
    pub fn fail(&mut self, why: impl Into<String>) -> bool {
        if self.failure.is_none() {
            self.failure = Some(why.into());
        }
        false
    }
}

impl Parsed {
    /// The length of the URL up to the end of its last component
    /// (`Parsed::Length`).
    pub fn length(&self) -> usize {
        match self.fragment {
            Some(f) => f.end,
            None => self.before_fragment(),
        }
    }

    /// Where the fragment's `#` is, or would be (`CountCharactersBefore(REF,
    /// true)`): the end of the last component before it.
    fn before_fragment(&self) -> usize {
        let mut cur = 0;
        if let Some(s) = self.scheme {
            cur = s.end + 1;
        }
        if let Some(u) = self.username {
            cur = u.end + 1;
        }
        if let Some(p) = self.password {
            cur = p.end + 1;
        }
        if let Some(h) = self.host {
            cur = h.end;
        }
        if let Some(p) = self.port {
            cur = p.end;
        }
        if let Some(p) = self.path {
            cur = p.end;
        }
        if let Some(q) = self.query {
            cur = q.end;
        }
        cur
    }
}

/// A canonicalized URL: the string, its components, and whether it is
/// valid (`KURL`'s `string_`, `parsed_` and `is_valid_`).
#[derive(Clone, Debug)]
pub(crate) struct Canon {
    pub spec: String,
    pub parsed: Parsed,
    pub valid: bool,
}

impl Canon {
    pub fn invalid(spec: String) -> Canon {
        Canon {
            spec,
            parsed: Parsed::default(),
            valid: false,
        }
    }
}
