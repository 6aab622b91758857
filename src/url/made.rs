//! What made a [`Url`](super::Url) ([`Maker`]): a profile's plan and the
//! document encoding, the `whatwg` engine, or components handed in; what
//! its setters canonicalize the changed URL under.
//!
//! A `Url` holds it without an allocation of its own: a built-in
//! profile's plan (or a copy of one) is a `&'static` reference to the one
//! compiled once per process, any other plan a shared copy made once per
//! plan ([`Plan::shared`]) whose reference count each `Url` takes.

use crate::profile::plan::{builtin_plans, Plan};
use crate::profile::{builtin_profiles, Profile};
use encoding_rs::Encoding;
use std::sync::Arc;

/// A plan a [`Url`](super::Url) can keep: a built-in one, or the shared
/// copy of another.
#[derive(Clone, Debug)]
pub(crate) enum PlanRef {
    /// A built-in profile's plan, compiled once per process
    /// ([`builtin_plans`]).
    Builtin(&'static Plan),
    /// The shared copy of any other plan ([`Plan::shared`]).
    Shared(Arc<Plan>),
}

impl PlanRef {
    /// The plan to keep for `plan`: the built-in one it is (or is a copy
    /// of), its shared copy otherwise.
    #[inline]
    pub(crate) fn of(plan: &Plan) -> PlanRef {
        match plan.builtin_index() {
            Some(i) => PlanRef::Builtin(&builtin_plans()[i]),
            None => PlanRef::Shared(plan.shared()),
        }
    }

    /// The plan to keep for `profile`: the one compiled once per process
    /// for a built-in profile, [`PlanRef::of`] a plan, any other profile
    /// compiled now.
    pub(crate) fn of_profile(profile: &dyn Profile) -> PlanRef {
        if let Some(plan) = profile.as_any().and_then(|a| a.downcast_ref::<Plan>()) {
            return PlanRef::of(plan);
        }
        let builtin = builtin_profiles()
            .iter()
            .position(|p| std::ptr::addr_eq(p, profile));
        match builtin {
            Some(i) => PlanRef::Builtin(&builtin_plans()[i]),
            None => PlanRef::Shared(Arc::new(Plan::new(profile))),
        }
    }
}

impl std::ops::Deref for PlanRef {
    type Target = Plan;

    #[inline]
    fn deref(&self) -> &Plan {
        match self {
            PlanRef::Builtin(plan) => plan,
            PlanRef::Shared(plan) => plan,
        }
    }
}

/// What made a [`Url`](super::Url), and so what canonicalizes it again
/// when one of its components is set.
#[derive(Clone, Debug)]
pub(crate) enum Maker {
    /// Components handed to [`Url::from_parsed_url`](super::Url::from_parsed_url)
    /// as they are: nothing to canonicalize a change with.
    Components,
    /// A profile's plan, with the document encoding.
    Profile(PlanRef, &'static Encoding),
    /// The URL Standard (the `whatwg` engine), with UTS #46 Transitional
    /// Processing or not, and the document encoding.
    Whatwg {
        transitional: bool,
        encoding: &'static Encoding,
    },
}
