//! What each URL-level step of a profile does to one URL: the step
//! turned off, the URL canonicalized again, and the two compared (what
//! `urlprism trace` shows beside the host's steps).

use crate::profile::url_steps::{steps_on, Stage};
use crate::profile::{Profile, ProfileSpec};

/// What a URL-level step does to one URL under one profile
/// ([`acting`]).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct StepEffect {
    /// The step (its parameter).
    pub step: &'static str,
    /// Where it acts.
    #[serde(skip)]
    pub stages: &'static [Stage],
    /// What the profile gives without it: the canonical URL, or why
    /// there is none.
    pub without: Result<String, String>,
}

/// The URL-level steps of `profile` that change what it gives `input`
/// (resolved against `base`): each step that is on, with what the
/// profile gives with that step off, where that differs.  What `urlprism
/// trace` shows beside the host's steps.
///
/// ```
/// use urlprism::profile::builtin;
/// use urlprism::step_effects::acting;
/// let chrome = builtin("chrome").unwrap();
/// let hits = acting(chrome, "FoO://Bar/a/../b", None);
/// assert_eq!(hits[0].step, "path_urls");
/// assert_eq!(hits[0].without.as_deref(), Ok("foo://bar/b"));
/// assert!(acting(chrome, "http://a/b", None).is_empty());
/// ```
pub fn acting(profile: &dyn Profile, input: &str, base: Option<&str>) -> Vec<StepEffect> {
    let run = |p: &dyn Profile| {
        let c = crate::profile_canonicalizer::ProfileCanonicalizer::new(p);
        let c = match base {
            Some(b) => c.base(b),
            None => Ok(c),
        };
        c.and_then(|c| c.canonicalize(input))
            .map(|u| u.as_str().to_string())
            .map_err(|e| e.to_string())
    };
    let with = run(profile);
    steps_on(profile.url())
        .filter_map(|step| {
            let mut table = toml::Table::try_from(profile.url()).ok()?;
            table.insert(step.name.into(), toml::Value::Boolean(false));
            let off = ProfileSpec {
                name: profile.name().to_string(),
                description: profile.description().to_string(),
                nameprep: profile.nameprep().clone(),
                canonicalize_host: profile.host().clone(),
                url: table.try_into().ok()?,
                display: profile.display().clone(),
            };
            let without = run(&off);
            (without != with).then_some(StepEffect {
                step: step.name,
                stages: step.stages,
                without,
            })
        })
        .collect()
}
