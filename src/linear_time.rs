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
///
/// `size` is doubled first (up to 1,024 times) until `work(size)` takes
/// at least [`MEASURABLE`]: the ratio of two times of a few microseconds
/// is the timer's and the scheduler's noise, not the work's (a growth of
/// 56 was seen on such times of linear work, on a loaded machine).  A
/// larger size only makes a quadratic cost stand out more.
pub(crate) fn assert_linear(what: &str, size: usize, work: impl Fn(usize)) {
    let mut size = size.max(1);
    let mut small = least_time(&work, size);
    for _ in 0..10 {
        if small >= MEASURABLE {
            break;
        }
        size *= 2;
        small = least_time(&work, size);
    }
    // The machine is shared: a ratio above the bound is measured again
    // (twice at most), and the least counts; a quadratic cost gives about
    // 100 every time, another program's burst does not last.
    let mut least = (f64::MAX, small, small);
    for _ in 0..3 {
        let small = least_time(&work, size)
            .min(small)
            .max(Duration::from_micros(1));
        let large = least_time(&work, 10 * size);
        let ratio = large.as_secs_f64() / small.as_secs_f64();
        if ratio < least.0 {
            least = (ratio, small, large);
        }
        if ratio < 50.0 {
            return;
        }
    }
    let (ratio, small, large) = least;
    panic!(
        "{what}: 10 times the input (size {size}) took {ratio:.1} times as long ({small:?} -> {large:?})"
    );
}

/// The least time of the smaller size's runs that [`assert_linear`]
/// compares.
const MEASURABLE: Duration = Duration::from_millis(2);
