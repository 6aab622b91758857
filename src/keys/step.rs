//! A key's steps: what each family of keys can do to a URL, and which of
//! those steps a kind of key turns on.

/// One named step of a key family: what a kind of key may turn on or off
/// (`[steps]` of a key file).
///
/// `source` names the function of the reference implementation that the
/// step follows, so that a reader goes from the step to its origin in one
/// hop; `example` is an input and what the step alone makes of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// The step's name in key files, e.g. `strip_www`.
    pub name: &'static str,
    /// What the step does, in a line.
    pub title: &'static str,
    /// Where the reference implementation does it (file and function).
    pub source: &'static str,
    /// Whether the family's own kind runs it when a key file says nothing.
    pub default: bool,
    /// An example: (part of) a URL before and after the step.
    pub example: (&'static str, &'static str),
}

/// A step, as a family's table writes it:
/// `step("strip_www", "...", "urlcanon/canon.py strip_www", false, ("http://www.a/", "http://a/"))`.
pub(crate) const fn step(
    name: &'static str,
    title: &'static str,
    source: &'static str,
    default: bool,
    example: (&'static str, &'static str),
) -> Step {
    Step {
        name,
        title,
        source,
        default,
        example,
    }
}

/// Which steps of a family run: one bit per step, in the order of the
/// family's [`Family::steps`](super::Family::steps) (at most 64 steps).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Switches(u64);

impl Switches {
    /// No step on.
    pub const NONE: Switches = Switches(0);

    /// The family's defaults.
    pub fn defaults(steps: &[Step]) -> Switches {
        let mut s = Switches::NONE;
        for (i, step) in steps.iter().enumerate() {
            s.set(i, step.default);
        }
        s
    }

    /// Whether step `index` runs.
    #[inline]
    pub fn on(self, index: usize) -> bool {
        self.0 & (1 << index) != 0
    }

    /// Turns step `index` on or off.
    pub fn set(&mut self, index: usize, on: bool) {
        debug_assert!(index < 64, "a family has at most 64 steps");
        if on {
            self.0 |= 1 << index;
        } else {
            self.0 &= !(1 << index);
        }
    }
}

/// What a key's steps did to one URL, for `key --json`: the names of the
/// steps that changed it, in order.  A recorder that is off records
/// nothing and costs a branch.
#[derive(Debug, Default)]
pub struct Applied {
    recording: bool,
    steps: Vec<&'static str>,
}

impl Applied {
    /// A recorder that keeps the steps.
    pub fn recording() -> Applied {
        Applied {
            recording: true,
            steps: Vec::new(),
        }
    }

    /// A recorder that keeps nothing.
    pub fn off() -> Applied {
        Applied::default()
    }

    /// Notes that `step` changed the URL.
    #[inline]
    pub fn note(&mut self, step: &'static str) {
        if self.recording {
            self.steps.push(step);
        }
    }

    /// Notes `step` when `before != after`.
    #[inline]
    pub fn note_if_changed<T: PartialEq + ?Sized>(
        &mut self,
        step: &'static str,
        before: &T,
        after: &T,
    ) {
        if self.recording && before != after {
            self.steps.push(step);
        }
    }

    /// The steps noted, in order.
    pub fn steps(&self) -> &[&'static str] {
        &self.steps
    }

    /// Forgets the steps noted (keeps the recorder on or off).
    pub fn clear(&mut self) {
        self.steps.clear();
    }
}
