//! Buffers a thread keeps from one call to the next, so that a shortcut
//! that needs room for its work reuses it rather than allocating it for
//! every URL.

use std::cell::RefCell;
use std::thread::LocalKey;

/// The most room a kept buffer holds on to after use, in octets: a larger
/// one (from a rare long input) is given back.
const KEPT: usize = 1 << 16;

/// A buffer a thread may keep: how much room it holds.
pub(crate) trait Room: Default {
    /// The room it holds, in octets.
    fn room(&self) -> usize;
}

impl Room for String {
    fn room(&self) -> usize {
        self.capacity()
    }
}

impl<T> Room for Vec<T> {
    fn room(&self) -> usize {
        self.capacity() * std::mem::size_of::<T>()
    }
}

/// `f` of the thread's buffer in `key`, as the call before left it, or of
/// a new one when that one is in use (a call made from within `f`); given
/// back afterwards when it holds more than [`KEPT`].
pub(crate) fn with_kept<T: Room, R>(
    key: &'static LocalKey<RefCell<T>>,
    f: impl FnOnce(&mut T) -> R,
) -> R {
    key.with(|cell| match cell.try_borrow_mut() {
        Ok(mut kept) => {
            let r = f(&mut kept);
            if kept.room() > KEPT {
                *kept = T::default();
            }
            r
        }
        Err(_) => f(&mut T::default()),
    })
}

/// The thread's buffer in `key`, taken out (an empty one when that one is
/// in use), for a caller that cannot keep the work inside [`with_kept`]:
/// [`give_back`] returns it.
pub(crate) fn take_kept<T: Room>(key: &'static LocalKey<RefCell<T>>) -> T {
    key.with(|cell| match cell.try_borrow_mut() {
        Ok(mut kept) => std::mem::take(&mut *kept),
        Err(_) => T::default(),
    })
}

/// Puts `buffer`, taken with [`take_kept`], back in `key` for the next
/// call, unless it holds more than [`KEPT`].
#[inline]
pub(crate) fn give_back<T: Room>(key: &'static LocalKey<RefCell<T>>, buffer: T) {
    if buffer.room() <= KEPT {
        key.with(|cell| {
            if let Ok(mut kept) = cell.try_borrow_mut() {
                *kept = buffer;
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    thread_local! {
        static BUFFER: RefCell<String> = const { RefCell::new(String::new()) };
    }

    /// The buffer is the same from call to call, a nested call gets its
    /// own, and a buffer grown past [`KEPT`] is given back.
    #[test]
    fn kept_nested_and_given_back() {
        with_kept(&BUFFER, |b| b.push_str("kept"));
        let nested = with_kept(&BUFFER, |outer| {
            assert_eq!(outer, "kept");
            with_kept(&BUFFER, |inner| {
                assert_eq!(inner, "");
                inner.push('x');
                inner.clone()
            })
        });
        assert_eq!(nested, "x");
        with_kept(&BUFFER, |b| {
            assert_eq!(b, "kept");
            b.reserve(KEPT + 1);
        });
        with_kept(&BUFFER, |b| assert_eq!((b.as_str(), b.capacity()), ("", 0)));
    }

    thread_local! {
        static TAKEN: RefCell<String> = const { RefCell::new(String::new()) };
    }

    /// A buffer taken and given back is there for the next taker; one
    /// grown past [`KEPT`] is not kept.
    #[test]
    fn taken_and_given_back() {
        let mut b = take_kept(&TAKEN);
        b.reserve(100);
        let room = b.capacity();
        give_back(&TAKEN, b);
        assert_eq!(take_kept(&TAKEN).capacity(), room);
        let mut big = String::new();
        big.reserve(KEPT + 1);
        give_back(&TAKEN, big);
        assert_eq!(take_kept(&TAKEN).capacity(), 0);
    }
}
