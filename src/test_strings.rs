//! Strings made of given pieces, for the tests that check a quick look at
//! a string against a plain search of it.

/// `count` strings, each of fewer than `most` pieces drawn from `pieces`
/// by a xorshift generator seeded with `seed`: the same strings on every
/// run.
pub(crate) fn from_pieces<'a>(
    seed: u64,
    pieces: &'a [&'a str],
    most: usize,
    count: usize,
) -> impl Iterator<Item = String> + 'a {
    let mut state = seed;
    let mut next = move |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    (0..count).map(move |_| {
        let k = next(most);
        (0..k).map(|_| pieces[next(pieces.len())]).collect()
    })
}
