//! Comparing results: one URL through several engines ([`Comparer`],
//! [`compare`]), each engine's result and the fields on which they
//! differ ([`Comparison`]).

use super::engine::{base_error, Engine};
use super::guard::guarded as catch_panic;
use crate::accel::sharing::EachResult;
use crate::accel::thread_buffer::{give_back, take_kept};
use crate::error::Error;
use crate::profile;
use crate::profile::plan::Plan;
use crate::profile_canonicalizer::ProfileCanonicalizer;
use crate::url::components::ParsedUrl;
use crate::url::Url;
use crate::url::{Maker, PlanRef};
use encoding_rs::Encoding;
use serde::Serialize;
use std::borrow::Cow;
use std::cell::RefCell;
use std::fmt;

// ---------------------------------------------------------------------------
// Engines
// ---------------------------------------------------------------------------

/// What can differ between two engines' results.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Field {
    /// One engine rejects the URL and the other does not.
    Valid,
    Scheme,
    User,
    Password,
    Host,
    Port,
    Path,
    Query,
    Fragment,
}

impl Field {
    /// Every field, in display order.
    pub const ALL: [Field; 9] = [
        Field::Valid,
        Field::Scheme,
        Field::User,
        Field::Password,
        Field::Host,
        Field::Port,
        Field::Path,
        Field::Query,
        Field::Fragment,
    ];

    /// The eight components (every field but [`Field::Valid`]).
    pub const COMPONENTS: [Field; 8] = [
        Field::Scheme,
        Field::User,
        Field::Password,
        Field::Host,
        Field::Port,
        Field::Path,
        Field::Query,
        Field::Fragment,
    ];

    /// Lowercase name, e.g. `host`.
    pub fn as_str(self) -> &'static str {
        match self {
            Field::Valid => "valid",
            Field::Scheme => "scheme",
            Field::User => "user",
            Field::Password => "password",
            Field::Host => "host",
            Field::Port => "port",
            Field::Path => "path",
            Field::Query => "query",
            Field::Fragment => "fragment",
        }
    }

    /// The component of the canonical URL `u` (`None` for
    /// [`Field::Valid`] and for an absent component: an absent user name
    /// or path is kept apart from an empty one).
    ///
    /// ```
    /// use urlprism::compare::Field;
    /// let u = urlprism::Url::parse("http://u@a:81/?")?;
    /// assert_eq!(Field::User.of(&u), Some("u"));
    /// assert_eq!(Field::Password.of(&u), None);
    /// assert_eq!(Field::Port.of(&u), Some("81"));
    /// assert_eq!(Field::Query.of(&u), Some(""));
    /// assert_eq!(Field::Fragment.of(&u), None);
    /// # Ok::<(), urlprism::Error>(())
    /// ```
    pub fn of(self, u: &Url) -> Option<&str> {
        match self {
            Field::Valid => None,
            Field::Scheme => Some(u.scheme()),
            Field::User => u.user_part(),
            Field::Password => u.password(),
            Field::Host => u.host_str(),
            Field::Port => u.port_part(),
            Field::Path => u.path_part(),
            Field::Query => u.query(),
            Field::Fragment => u.fragment(),
        }
    }
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why an engine gave no canonical URL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rejection {
    /// The engine says the URL is invalid, and which step said so.
    Error(Error),
    /// The engine panicked (a bug); the panic message.
    Panic(String),
}

impl Rejection {
    /// The URL string the modelled browser shows although the URL is
    /// invalid ([`Error::displayed`]), when the engine models one.
    pub fn displayed(&self) -> Option<&str> {
        match self {
            Rejection::Error(e) => e.displayed(),
            Rejection::Panic(_) => None,
        }
    }

    /// The CanonicalizeHost step that rejected the host, if that is why.
    pub fn host_step(&self) -> Option<&'static str> {
        match self {
            Rejection::Error(Error::Host { step, .. }) => Some(step),
            _ => None,
        }
    }
}

impl fmt::Display for Rejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rejection::Error(e) => write!(f, "{e}"),
            Rejection::Panic(p) => write!(f, "internal error: {p}"),
        }
    }
}

/// One engine's result for one URL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineResult {
    /// The engine's name.
    pub engine: String,
    /// The canonical URL (its serialization and its components), or why
    /// there is none.
    pub outcome: Result<Url, Rejection>,
}

impl EngineResult {
    /// The canonical URL, when there is one.
    pub fn canonical(&self) -> Option<&str> {
        self.outcome.as_ref().ok().map(Url::as_str)
    }

    /// The canonical URL, when there is one.
    pub fn url(&self) -> Option<&Url> {
        self.outcome.as_ref().ok()
    }

    /// The rejection, when there is no canonical URL.
    pub fn rejection(&self) -> Option<&Rejection> {
        self.outcome.as_ref().err()
    }

    /// The value of `field` for display and comparison: the component
    /// (`None` when absent), `"valid"`/`"invalid"` for [`Field::Valid`];
    /// `None` for every component of a rejected URL.
    pub fn field(&self, field: Field) -> Option<&str> {
        match (field, &self.outcome) {
            (Field::Valid, Ok(_)) => Some("valid"),
            (Field::Valid, Err(_)) => Some("invalid"),
            (f, Ok(u)) => f.of(u),
            (_, Err(_)) => None,
        }
    }
}

/// The fields on which two results differ: [`Field::Valid`] when one is
/// rejected and the other not, otherwise (both accepted) each differing
/// component.  Two rejections do not differ, whatever their reasons.
pub fn differing_fields(a: &EngineResult, b: &EngineResult) -> Vec<Field> {
    match (&a.outcome, &b.outcome) {
        (Ok(x), Ok(y)) => Field::COMPONENTS
            .into_iter()
            .filter(|f| f.of(x) != f.of(y))
            .collect(),
        (Err(_), Err(_)) => Vec::new(),
        _ => vec![Field::Valid],
    }
}

/// One URL run through several engines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comparison {
    pub input: String,
    pub base: Option<String>,
    /// One result per engine, in the engines' order.
    pub results: Vec<EngineResult>,
    /// The fields on which at least two engines differ, in the order of
    /// [`Field::ALL`] (empty when they all agree).
    pub differing: Vec<Field>,
}

impl Comparison {
    /// Whether every engine gave the same result (the same components, or
    /// a rejection).
    pub fn agree(&self) -> bool {
        self.differing.is_empty()
    }

    /// The fields on which the engines at `i` and `j` differ.
    pub fn differing_between(&self, i: usize, j: usize) -> Vec<Field> {
        differing_fields(&self.results[i], &self.results[j])
    }

    /// Whether the engines at `i` and `j` differ on any field
    /// ([`Comparison::differing_between`] is not empty), without listing
    /// the fields.
    ///
    /// ```
    /// use urlprism::compare::{Comparer, Engine};
    /// use urlprism::engines::builtin_engines;
    /// let engines = builtin_engines();
    /// let engines: Vec<&dyn Engine> = engines.iter().map(|e| e as &dyn Engine).collect();
    /// let c = Comparer::new(&engines, None, urlprism::encoding_rs::UTF_8);
    /// for input in ["http://B\u{FC}cher.de/'", "http://a/%41?|", "zip://A/", "http://[::1]:0/", "x"] {
    ///     let r = c.compare(input);
    ///     for i in 0..r.results.len() {
    ///         for j in 0..r.results.len() {
    ///             assert_eq!(r.differ(i, j), !r.differing_between(i, j).is_empty(), "{input}");
    ///         }
    ///     }
    /// }
    /// ```
    pub fn differ(&self, i: usize, j: usize) -> bool {
        match (&self.results[i].outcome, &self.results[j].outcome) {
            (Ok(x), Ok(y)) => {
                !x.same_components(y) && Field::COMPONENTS.iter().any(|f| f.of(x) != f.of(y))
            }
            (Err(_), Err(_)) => false,
            _ => true,
        }
    }

    /// The groups of engines that gave the same result: indices into
    /// `results`, in order of first appearance.
    pub fn groups(&self) -> Vec<Vec<usize>> {
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for (i, r) in self.results.iter().enumerate() {
            match groups
                .iter_mut()
                .find(|g| same_result(&self.results[g[0]], r))
            {
                Some(g) => g.push(i),
                None => groups.push(vec![i]),
            }
        }
        groups
    }
}

/// Same canonical components, or the same rejection message.
fn same_result(a: &EngineResult, b: &EngineResult) -> bool {
    match (&a.outcome, &b.outcome) {
        (Ok(x), Ok(y)) => x.same_components(y),
        (Err(x), Err(y)) => x.to_string() == y.to_string(),
        _ => false,
    }
}

/// Runs URLs through a fixed list of engines, with one base URL (parsed
/// once) and one document encoding.
///
/// The engines that are profiles ([`Engine::as_profile`]) are run
/// together by one [`crate::Canonicalizer::canonicalize_each`] per input (the
/// whole-URL shortcut scans the input once; what it declines is parsed
/// and resolved once), each giving a [`Url`]; the other engines each run
/// [`Engine::canonicalize`] on the input and the base as given.
///
/// ```
/// use urlprism::compare::{Comparer, Engine};
/// use urlprism::engines::builtin_engines;
/// let engines = builtin_engines();
/// let engines: Vec<&dyn Engine> = engines.iter().map(|e| e as &dyn Engine).collect();
/// let c = Comparer::new(&engines, Some("http://example.com/dir/"), urlprism::encoding_rs::UTF_8);
/// let r = c.compare("../Straße?a b");
/// assert_eq!(r.results[0].canonical(), Some("http://example.com/Stra%C3%9Fe?a%20b"));
/// assert_eq!(r.results[0].url().unwrap().path(), "/Stra%C3%9Fe");
/// assert!(r.agree());
/// ```
pub struct Comparer<'e> {
    engines: Vec<&'e dyn Engine>,
    /// The plans of the engines that are profiles, in column order.
    profiles: Vec<Cow<'e, Plan>>,
    /// The column of each of `profiles`.
    profile_columns: Vec<usize>,
    /// The base as given, and parsed (for [`Comparer::resolve`]).
    base: Option<(String, Result<ParsedUrl, String>)>,
    /// What canonicalizes under the profiles (its own profile unused:
    /// [`Canonicalizer::canonicalize_each`] takes the profiles), or the
    /// rejection of every input when the base is invalid.
    canonicalizer: Result<ProfileCanonicalizer<'static>, Rejection>,
    encoding: &'static Encoding,
    /// For a link in a page, the base of each engine that is not a
    /// profile, by column: its document base URL, or why the page has
    /// none ([`Engine::document_base`]); empty for `new URL()`.
    page_bases: Vec<Result<String, Error>>,
}

impl<'e> Comparer<'e> {
    /// A comparer of `engines`, resolving every input against `base` (each
    /// input against itself when `None`), with the document encoding
    /// `encoding`.  An invalid base (one without a scheme) makes every
    /// input invalid under the profiles (step 4 of the steps to resolve);
    /// the other engines decide for themselves.
    pub fn new(
        engines: &[&'e dyn Engine],
        base: Option<&str>,
        encoding: &'static Encoding,
    ) -> Comparer<'e> {
        let profiles: Vec<Cow<'e, Plan>> = engines
            .iter()
            .filter_map(|e| e.as_profile())
            .map(Plan::of)
            .collect();
        // The base canonicalized once under each profile that resolves
        // against its canonical base (the plans stay where they are: a
        // vector's elements do not move with it).
        let plans: Vec<&Plan> = profiles.iter().map(|p| &**p).collect();
        let canonicalizer = catch_panic(|| {
            let c = ProfileCanonicalizer::new(profile::this()).encoding(encoding);
            match base {
                Some(b) => c
                    .base(b)
                    .map(|c| c.with_canonical_bases(&plans))
                    .map_err(|e| Rejection::Error(base_error(e))),
                None => Ok(c),
            }
        })
        .unwrap_or_else(|panic| Err(Rejection::Panic(panic)));
        Comparer {
            engines: engines.to_vec(),
            profiles,
            profile_columns: (engines.iter().enumerate())
                .filter(|(_, e)| e.as_profile().is_some())
                .map(|(i, _)| i)
                .collect(),
            base: base.map(|b| {
                (
                    b.to_string(),
                    catch_panic(|| crate::algorithm::parse::parse(b)),
                )
            }),
            canonicalizer,
            encoding,
            page_bases: Vec::new(),
        }
    }

    /// A comparer of `engines` in `context`: for `new URL()`,
    /// [`Comparer::new`] with `base` and UTF-8; for a link in a page,
    /// each engine that is not a profile resolves against its document
    /// base URL (`base` the page's `<base href>`, read by the engine's
    /// document rules, [`Engine::document_base`]; the page's URL without
    /// one) in the page's encoding, and the 2011 profiles take the page's
    /// encoding and `base` as their base.
    ///
    /// ```
    /// use urlprism::compare::{Comparer, Engine};
    /// use urlprism::{engines::group, Context, encoding_rs::WINDOWS_1252};
    /// let today = group("today").unwrap();
    /// let engines: Vec<&dyn Engine> = today.iter().map(|e| e as &dyn Engine).collect();
    /// let c = Comparer::in_context(&engines, Some("data:,x"), &Context::link_in_page(WINDOWS_1252));
    /// let r = c.compare("#f");
    /// let hrefs: Vec<Option<&str>> = r.results.iter().map(|r| r.canonical()).collect();
    /// let page = Some("http://page.example/dir/page.html#f");
    /// // whatwg, chromium, firefox: the page's URL; webkit: the data: base.
    /// assert_eq!(hrefs, [page, page, page, Some("data:,x#f")]);
    /// ```
    pub fn in_context(
        engines: &[&'e dyn Engine],
        base: Option<&str>,
        context: &crate::engines::page::Context,
    ) -> Comparer<'e> {
        let mut c = Comparer::new(engines, base, context.encoding());
        if let Some(page_url) = context.page_url() {
            let encoding = context.encoding();
            c.page_bases = engines
                .iter()
                .map(|e| match base {
                    None => Ok(page_url.to_string()),
                    Some(href) => catch_panic(|| e.document_base(href, page_url, encoding))
                        .unwrap_or_else(|panic| Err(Error::rejected("page", panic))),
                })
                .collect();
        }
        c
    }

    /// The engines, in column order.
    pub fn engines(&self) -> &[&'e dyn Engine] {
        &self.engines
    }

    /// The names of the engines, in column order.
    pub fn names(&self) -> Vec<String> {
        self.engines.iter().map(|e| e.name().to_string()).collect()
    }

    /// The resolved URL of `input` (what the profiles canonicalize, and
    /// whose host [`super::trace_url`] traces), or the panic message of a
    /// bug in parsing or resolution.
    pub fn resolve(&self, input: &str) -> Result<ParsedUrl, String> {
        match &self.base {
            Some((_, Ok(base))) => catch_panic(|| crate::algorithm::resolve::resolve(input, base)),
            Some((_, Err(panic))) => Err(panic.clone()),
            None => catch_panic(|| crate::algorithm::resolve::resolve_self(input)),
        }
    }

    /// Runs `input` through every engine.
    pub fn compare(&self, input: &str) -> Comparison {
        let mut outcomes = self.outcomes(input);
        let differing = all_differing(&outcomes);
        let c = self.comparison(input, &mut outcomes, differing);
        give_back(&OUTCOMES, outcomes);
        c
    }

    /// [`Comparer::compare`] when the engines disagree on `input`; `None`
    /// when they all agree, without the [`Comparison`] made (for a corpus
    /// whose disagreements alone are wanted).
    ///
    /// ```
    /// use urlprism::compare::{Comparer, Engine};
    /// use urlprism::engines::builtin_engines;
    /// let engines = builtin_engines();
    /// let engines: Vec<&dyn Engine> = engines.iter().map(|e| e as &dyn Engine).collect();
    /// let c = Comparer::new(&engines, None, urlprism::encoding_rs::UTF_8);
    /// assert!(c.compare_differing("http://example.com/a").is_none());
    /// let d = c.compare_differing("http://B\u{FC}cher.de/").unwrap();
    /// assert_eq!(d, c.compare("http://B\u{FC}cher.de/"));
    /// assert!(!d.agree());
    /// ```
    pub fn compare_differing(&self, input: &str) -> Option<Comparison> {
        let mut outcomes = self.outcomes(input);
        let differing = all_differing(&outcomes);
        let c = match differing.is_empty() {
            true => None,
            false => Some(self.comparison(input, &mut outcomes, differing)),
        };
        outcomes.clear();
        give_back(&OUTCOMES, outcomes);
        c
    }

    /// Each engine's outcome for `input`, in column order, in the
    /// thread's kept vector ([`OUTCOMES`], to give back).
    fn outcomes(&self, input: &str) -> Vec<Outcome> {
        let base = self.base.as_ref().map(|(b, _)| b.as_str());
        let mut outcomes = take_kept(&OUTCOMES);
        outcomes.clear();
        self.profiles_together(input, &mut outcomes);
        if self.profile_columns.len() == self.engines.len() {
            return outcomes;
        }
        // An index of `SameAs` among the profiles becomes the engine's.
        if self
            .profile_columns
            .iter()
            .enumerate()
            .any(|(i, &c)| i != c)
        {
            for o in &mut outcomes {
                if let Outcome::SameAs(j) = o {
                    *j = self.profile_columns[*j];
                }
            }
        }
        // The other engines' outcomes in their columns, between the
        // profiles' (in column order already).
        let mut at = 0;
        for (column, e) in self.engines.iter().enumerate() {
            if self.profile_columns.get(at) == Some(&column) {
                at += 1;
                continue;
            }
            let outcome = match self.page_bases.get(column) {
                None => run_engine(*e, input, base, self.encoding),
                Some(Ok(page_base)) => run_engine(*e, input, Some(page_base), self.encoding),
                Some(Err(no_base)) => Outcome::Own(Err(no_base.clone())),
            };
            outcomes.insert(column, outcome);
        }
        outcomes
    }

    /// The comparison of `input` made of the engines' `outcomes` and the
    /// fields on which they differ: an engine with the same URL as an
    /// earlier one is given a copy of it, made under its own profile.
    fn comparison(
        &self,
        input: &str,
        outcomes: &mut Vec<Outcome>,
        differing: Vec<Field>,
    ) -> Comparison {
        let mut results: Vec<EngineResult> = Vec::with_capacity(outcomes.len());
        let mut profiles = self.profiles.iter();
        for (e, outcome) in self.engines.iter().zip(outcomes.drain(..)) {
            let plan = e.as_profile().and_then(|_| profiles.next());
            let outcome = match outcome {
                Outcome::Own(outcome) => outcome.map_err(Rejection::Error),
                Outcome::Panicked(panic) => Err(Rejection::Panic(panic)),
                Outcome::SameAs(j) => results[j].outcome.as_ref().map_err(Clone::clone).map(|u| {
                    let mut u = u.clone_unmade();
                    if let Some(plan) = plan {
                        u.set_made(Maker::Profile(PlanRef::of(plan), self.encoding));
                    }
                    u
                }),
            };
            results.push(EngineResult {
                engine: e.name().to_string(),
                outcome,
            });
        }
        Comparison {
            input: input.to_string(),
            base: self.base.as_ref().map(|(b, _)| b.clone()),
            results,
            differing,
        }
    }

    /// The outcomes of the engines that are profiles, in engine order:
    /// canonicalized together by [`Canonicalizer::canonicalize_each`], or,
    /// when that panicked, each alone (so that the profile whose steps
    /// panic is the one that reports it).
    fn profiles_together(&self, input: &str, outcomes: &mut Vec<Outcome>) {
        let c = match &self.canonicalizer {
            _ if self.profiles.is_empty() => return,
            Ok(c) => c,
            Err(rejection) => {
                outcomes.extend(self.profiles.iter().map(|_| match rejection {
                    Rejection::Error(e) => Outcome::Own(Err(e.clone())),
                    Rejection::Panic(p) => Outcome::Panicked(p.clone()),
                }));
                return;
            }
        };
        // The plans as a slice, on the stack for up to eight of them.
        let n = self.profiles.len();
        let mut on_stack: [&Plan; 8] = [&self.profiles[0]; 8];
        let on_heap: Vec<&Plan>;
        let plans: &[&Plan] = match n <= on_stack.len() {
            true => {
                for (slot, p) in on_stack.iter_mut().zip(&self.profiles) {
                    *slot = p;
                }
                &on_stack[..n]
            }
            false => {
                on_heap = self.profiles.iter().map(|p| &**p).collect();
                &on_heap
            }
        };
        // The profiles' results pushed into the outcomes themselves.
        let kept = std::mem::take(outcomes);
        if let Ok(together) = catch_panic(|| c.canonicalize_each_shared(input, plans, kept)) {
            *outcomes = together;
            return;
        }
        for p in plans {
            match catch_panic(|| c.canonicalize_each_shared(input, &[p], Vec::with_capacity(1))) {
                Ok(mut one) => outcomes.append(&mut one),
                Err(panic) => outcomes.push(Outcome::Panicked(panic)),
            }
        }
    }
}

/// The outcome of an engine that is not a profile.
fn run_engine(
    engine: &dyn Engine,
    input: &str,
    base: Option<&str>,
    encoding: &'static Encoding,
) -> Outcome {
    match catch_panic(|| engine.canonicalize(input, base, encoding)) {
        Ok(r) => Outcome::Own(r),
        Err(panic) => Outcome::Panicked(panic),
    }
}

thread_local! {
    /// The vector of [`Comparer::outcomes`], kept from one input to the
    /// next.
    static OUTCOMES: RefCell<Vec<Outcome>> = const { RefCell::new(Vec::new()) };
}

/// An engine's outcome before a [`Comparison`] is made of it: a
/// profile's result as [`Canonicalizer::canonicalize_each_shared`] gives
/// it (the same URL as an earlier engine's, [`EachResult::SameAs`], is
/// copied only for a comparison), or another engine's.
type Outcome = EachResult;

/// The fields on which any two outcomes differ, in [`Field::ALL`] order
/// (an outcome the same as another's differs from none).
fn all_differing(outcomes: &[Outcome]) -> Vec<Field> {
    // The common case, in one pass: every engine gives the components of
    // the first URL.
    let mut head: Option<&Url> = None;
    let agree = outcomes.iter().all(|o| match (o, head) {
        (Outcome::SameAs(_), _) => true,
        (Outcome::Own(Ok(u)), Some(h)) => u.same_components(h),
        (Outcome::Own(Ok(u)), None) => {
            head = Some(u);
            true
        }
        (Outcome::Own(Err(_)) | Outcome::Panicked(_), _) => false,
    });
    if agree {
        return Vec::new();
    }
    // Valid or not, and the URL when valid.
    let own = outcomes.iter().filter_map(|o| match o {
        Outcome::Own(r) => Some(r.as_ref().ok()),
        Outcome::Panicked(_) => Some(None),
        Outcome::SameAs(_) => None,
    });
    let Some(first) = own.clone().next() else {
        return Vec::new();
    };
    let valid = first.is_some();
    let mut out = Vec::new();
    if own.clone().any(|r| r.is_some() != valid) {
        out.push(Field::Valid);
    }
    let mut accepted = own.flatten();
    if let Some(head) = accepted.next() {
        // The common case: they all agree.
        if accepted.clone().all(|u| u.same_components(head)) {
            return out;
        }
        for f in Field::COMPONENTS {
            let v = f.of(head);
            if accepted.clone().any(|u| f.of(u) != v) {
                out.push(f);
            }
        }
    }
    out
}

/// Runs `input` (resolved against `base`, or against itself) through
/// `engines` with the document encoding `encoding`.  For many inputs with
/// the same base, a [`Comparer`] parses the base only once.
pub fn compare(
    input: &str,
    base: Option<&str>,
    encoding: &'static Encoding,
    engines: &[&dyn Engine],
) -> Comparison {
    Comparer::new(engines, base, encoding).compare(input)
}
