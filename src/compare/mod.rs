//! Comparing engines side by side, and explaining where they differ.
//!
//! An [`Engine`] turns a resolved URL into a canonical one.  Every
//! [`Profile`](crate::profile::Profile) is an engine; another kind of engine (say, a WHATWG URL
//! Standard column) implements the trait itself and is compared the same
//! way.
//!
//! - [`compare`] (or a [`Comparer`], which parses the base URL once for a
//!   whole batch) runs one URL through several engines: the work that does
//!   not depend on the engine (preprocessing, parsing, resolution) is done
//!   once, and each engine canonicalizes the shared resolved URL.  The
//!   [`Comparison`] holds each engine's result and the [`Field`]s on which
//!   they differ.
//! - [`trace_url`] (or [`trace_host`] for a bare host) records, for each
//!   engine that has marked steps, every step of CanonicalizeHost (and of
//!   the Nameprep runs inside it), aligns the engines step by step and
//!   points at the first step where they diverge.
//!
//! ```
//! use urlprism::compare::{compare, Engine, Field};
//! use urlprism::profile::builtin;
//! let engines: Vec<&dyn Engine> = vec![builtin("this").unwrap(), builtin("gecko").unwrap()];
//! let c = compare("http://a%5fb.test/", None, encoding_rs::UTF_8, &engines);
//! assert_eq!(c.results[0].canonical(), Some("http://a_b.test/"));
//! assert_eq!(c.results[1].canonical(), Some("http://a%5fb.test/"));
//! assert_eq!(c.differing, [Field::Host]);
//!
//! let t = urlprism::compare::trace_url("http://a%5fb.test/", None, &engines);
//! let d = t.divergence.unwrap();
//! assert_eq!(t.steps[d.index].step, "6"); // THIS decodes escapes, GECKO does not
//! ```

mod alignment;
mod comparison;
pub mod display;
mod engine;
mod guard;
#[cfg(feature = "suite")]
pub mod wpt;

pub use alignment::*;
pub use comparison::*;
pub use engine::*;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Error;
    use crate::profile::builtin;
    use crate::url::Url;
    use encoding_rs::Encoding;

    /// The four profiles of the specification's marks (whatever other
    /// files `profiles/` holds).
    fn all() -> Vec<&'static dyn Engine> {
        engines(&["this", "chrome", "gecko", "ie"])
    }

    fn engines(names: &[&str]) -> Vec<&'static dyn Engine> {
        names
            .iter()
            .map(|n| builtin(n).unwrap() as &dyn Engine)
            .collect()
    }

    #[test]
    fn gecko_keeps_escaped_underscore() {
        let c = compare("http://a%5fb.test/", None, encoding_rs::UTF_8, &all());
        let canon: Vec<_> = c.results.iter().map(|r| r.canonical().unwrap()).collect();
        assert_eq!(
            canon,
            [
                "http://a_b.test/",
                "http://a_b.test/",
                "http://a%5fb.test/",
                "http://a_b.test/"
            ]
        );
        assert_eq!(c.differing, [Field::Host]);
        assert!(!c.agree());
        assert_eq!(c.groups(), [vec![0, 1, 3], vec![2]]);
        assert_eq!(c.differing_between(0, 1), []);
        assert_eq!(c.differing_between(1, 2), [Field::Host]);
    }

    #[test]
    fn agreement_and_shared_invalidity() {
        let c = compare(
            "HTTP://Example.COM/a/../b",
            None,
            encoding_rs::UTF_8,
            &all(),
        );
        assert!(c.agree(), "{c:?}");
        assert_eq!(c.results.len(), 4);
        // Invalid for everyone (no scheme, no base): they agree.
        let c = compare("no scheme", None, encoding_rs::UTF_8, &all());
        assert!(c.agree());
        assert!(c.results.iter().all(|r| r.rejection().is_some()));
    }

    #[test]
    fn validity_differs() {
        // THIS forbids an escaped slash in the host; GECKO keeps it.
        let c = compare(
            "http://a%2fb/",
            None,
            encoding_rs::UTF_8,
            &engines(&["this", "gecko"]),
        );
        assert!(c.results[0].rejection().is_some(), "{c:?}");
        assert!(c.results[1].canonical().is_some(), "{c:?}");
        assert_eq!(c.differing, [Field::Valid]);
        assert_eq!(c.results[0].rejection().unwrap().host_step(), Some("28"));
    }

    #[test]
    fn comparer_resolves_against_base() {
        let e = all();
        let c = Comparer::new(&e, Some("http://example.com/dir/"), encoding_rs::UTF_8);
        let r = c.compare("../x?y#z");
        assert!(r.agree());
        assert_eq!(r.results[0].canonical(), Some("http://example.com/x?y#z"));
        assert_eq!(r.base.as_deref(), Some("http://example.com/dir/"));
        assert_eq!(c.names(), ["this", "chrome", "gecko", "ie"]);
    }

    /// An engine that is not a profile can be a column.
    struct Lowercase;
    impl Engine for Lowercase {
        fn name(&self) -> &str {
            "lowercase"
        }
        fn canonicalize(
            &self,
            input: &str,
            _base: Option<&str>,
            _encoding: &'static Encoding,
        ) -> Result<Url, Error> {
            Url::from_parsed_url(&crate::algorithm::parse::parse(&input.to_ascii_lowercase()))
        }
    }

    #[test]
    fn a_non_profile_engine_is_a_column() {
        let this = builtin("this").unwrap();
        let e: Vec<&dyn Engine> = vec![this, &Lowercase];
        let c = compare("http://EXAMPLE.com/A", None, encoding_rs::UTF_8, &e);
        assert_eq!(c.results[1].engine, "lowercase");
        assert_eq!(c.results[1].canonical(), Some("http://example.com/a"));
        assert_eq!(c.differing, [Field::Path]);
        let t = trace_url("http://EXAMPLE.com/A", None, &e);
        assert_eq!(t.engines, ["this"]);
        assert_eq!(t.untraced, ["lowercase"]);
        assert!(t.divergence.is_none());
    }

    #[test]
    fn a_panicking_engine_is_reported_not_fatal() {
        struct Panics;
        impl Engine for Panics {
            fn name(&self) -> &str {
                "panics"
            }
            fn canonicalize(
                &self,
                _: &str,
                _: Option<&str>,
                _: &'static Encoding,
            ) -> Result<Url, Error> {
                panic!("boom")
            }
        }
        let e: Vec<&dyn Engine> = vec![builtin("this").unwrap(), &Panics];
        let c = compare("http://a/", None, encoding_rs::UTF_8, &e);
        assert!(
            matches!(c.results[1].rejection(), Some(Rejection::Panic(p)) if p.contains("boom"))
        );
        assert_eq!(c.differing, [Field::Valid]);
    }

    #[test]
    fn trace_points_at_step_6() {
        let t = trace_url("http://a%5fb.test/", None, &engines(&["this", "gecko"]));
        assert_eq!(t.host.as_deref(), Some("a%5fb.test"));
        assert_eq!(t.scheme.as_deref(), Some("http"));
        let d = t.divergence.as_ref().expect("they diverge");
        let row = &t.steps[d.index];
        assert_eq!(row.step, "6");
        assert_eq!(row.cells[0].state, CellState::Ran);
        assert_eq!(row.cells[0].after.as_deref(), Some("a_b.test"));
        assert_eq!(row.cells[1].state, CellState::Skipped);
        assert_eq!(
            d.groups,
            [vec!["this".to_string()], vec!["gecko".to_string()]]
        );
        // Every earlier step agrees, GECKO's fallback note included.
        assert!(t.steps[..d.index].iter().any(|r| r.step == "4"));
    }

    #[test]
    fn trace_inside_nameprep() {
        // U+0340 (combining grave tone mark): GECKO rejects it at Nameprep
        // step 2 inside CanonicalizeHost step 11; THIS maps it.
        let t = trace_url("http://a\u{340}b.test/", None, &engines(&["this", "gecko"]));
        let d = t.divergence.as_ref().expect("they diverge");
        let row = &t.steps[d.index];
        assert_eq!(row.pipeline, NAMEPREP, "{row:?}");
        assert_eq!(row.step, "2");
        assert_eq!(row.within.as_deref(), Some("11"));
        assert_eq!(d.step, "11 > Nameprep 2");
        assert!(row.cells[1].after.as_deref().unwrap().starts_with("fail: "));
    }

    #[test]
    fn identical_profiles_do_not_diverge() {
        let t = trace_url("http://Bücher.de/", None, &engines(&["this", "this"]));
        assert!(t.divergence.is_none());
        assert!(t.steps.iter().all(AlignedStep::uniform));
        assert!(
            t.steps.iter().any(|r| r.label == Some(1)),
            "labels are converted"
        );
    }

    #[test]
    fn label_steps_align_across_conversions() {
        // IE converts labels with 20.2.2, the others with 20.2.1: the rows
        // line up under one key.
        let t = trace_url("http://bücher.de/", None, &engines(&["this", "ie"]));
        let (i, row) = t
            .steps
            .iter()
            .enumerate()
            .find(|(_, r)| r.key == "20.2[1]")
            .expect("label 1");
        assert_eq!(row.step, "20.2.1/20.2.2");
        assert!(row.cells.iter().all(|c| c.state == CellState::Ran));
        if row.cells[0].after == row.cells[1].after {
            assert!(t.divergence.is_none_or(|d| d.index > i));
        } else {
            assert_eq!(t.divergence.map(|d| d.index), Some(i));
        }
    }

    #[test]
    fn failure_diverges_from_going_on() {
        // THIS decodes `%2f` (step 6), GECKO does not: they part at 6.
        let t = trace_url("http://a%2fb/", None, &engines(&["this", "gecko"]));
        assert_eq!(t.steps[t.divergence.unwrap().index].step, "6");
        // CHROME forbids '~' (step 28), THIS does not: same string up to
        // step 28, where one fails and the other goes on.
        let t = trace_url("http://a~b/", None, &engines(&["this", "chrome"]));
        let d = t.divergence.expect("they diverge");
        assert_eq!(t.steps[d.index].step, "28", "{:#?}", t.steps);
        assert_eq!(
            pair_divergence(&t.traces[0], &t.traces[1]).as_deref(),
            Some("28")
        );
        assert_eq!(t.traces[1].failed_step, Some("28"));
    }

    #[test]
    fn no_host() {
        let t = trace_url("mailto:x@y", None, &all());
        assert!(t.no_host.is_some());
        assert!(t.steps.is_empty());
        let t = trace_url("no scheme", None, &all());
        assert!(t.no_host.unwrap().contains("invalid"));
    }
}
