//! A test helper: whether some work takes time linear in its size, told
//! from the ratio of two sizes' times, not from an absolute time (which a
//! busy machine can stretch at will).

use std::time::{Duration, Instant};

/// The least time of a few runs of `work(size)`: the least is the run the
/// rest of the machine disturbed least.
fn least_time(work: &impl Fn(usize), size: usize) -> Duration {
    (0..5)
        .map(|_| {
            let start = Instant::now();
            work(size);
            start.elapsed()
        })
        .min()
        .expect("five runs")
}

/// Asserts that `work(10 * size)` takes less than 50 times as long as
/// `work(size)`: linear work gives about 10, quadratic 100.  The bound
/// leaves room for the constant factor growing with the working set (a
/// large input falls out of the cache), as `tests/linear_time.rs`
/// measured; `what` names the work in the failure message.
pub(crate) fn assert_linear(what: &str, size: usize, work: impl Fn(usize)) {
    let small = least_time(&work, size).max(Duration::from_micros(1));
    let large = least_time(&work, 10 * size);
    let ratio = large.as_secs_f64() / small.as_secs_f64();
    assert!(
        ratio < 50.0,
        "{what}: 10 times the input took {ratio:.1} times as long ({small:?} -> {large:?})"
    );
}
