//! Punycode encoding [RFC 3492] of one label, written straight into the
//! caller's string (CanonicalizeHost steps 20.1.2, 20.2.1.2.1.2, 20.2.2.1
//! and ToASCII step 5 of the specification).
//!
//! `bücher` → `bcher-kva`; `\u{4E00}` → `4gq`.
//!
//! Why not a crate's encoder: the `punycode` crate collects the label into
//! a `Vec<char>` and returns a new `String`, and `idna`'s public encoder
//! decodes the UTF-8 label once per round and returns a new `String`
//! too.  CanonicalizeHost encodes most non-ASCII labels once per profile
//! and, for IE, measures the length of an encoding it does not keep:
//! writing into the host string, or only counting, cut the instructions
//! of CanonicalizeHost on the `idn.txt` hosts by 11% under THIS
//! (callgrind, 146.9M → 130.1M).  Decoding (IE's round trip, step
//! 20.2.2.3.2) is done here too, for the same reason: the crate collects
//! into a `Vec<char>`, inserts there and collects a `String`; decoding
//! into a buffer on the stack cut IE's round trip on the `idn.txt` hosts
//! (see [`decode_into`]).

/// The longest input this encoder takes, in characters: that of a label
/// (RFC 1034).  Within it no intermediate value overflows `u32` (RFC 3492
/// 6.4: `delta` stays below `(MAX_CHARS + 1) * 0x110000 + MAX_CHARS²`).
pub const MAX_CHARS: usize = 63;

/// RFC 3492 5's parameters (the Safe Browsing key's Go-faithful Punycode
/// shares them, and the functions below).
pub(crate) const BASE: u32 = 36;
const T_MIN: u32 = 1;
const T_MAX: u32 = 26;
const SKEW: u32 = 38;
const DAMP: u32 = 700;
pub(crate) const INITIAL_BIAS: u32 = 72;
pub(crate) const INITIAL_N: u32 = 0x80;

/// Where the encoder writes its ASCII output.
pub trait Sink {
    fn push_ascii(&mut self, b: u8);
}

impl Sink for String {
    #[inline]
    fn push_ascii(&mut self, b: u8) {
        self.push(char::from(b));
    }
}

/// A sink that only counts: the length of the encoding.
#[derive(Default)]
pub struct Count(pub usize);

impl Sink for Count {
    #[inline]
    fn push_ascii(&mut self, _: u8) {
        self.0 += 1;
    }
}

/// RFC 3492 6.1: the bias after a delta.
pub(crate) fn adapt(mut delta: u32, num_points: u32, first_time: bool) -> u32 {
    delta /= if first_time { DAMP } else { 2 };
    delta += delta / num_points;
    let mut k = 0;
    while delta > ((BASE - T_MIN) * T_MAX) / 2 {
        delta /= BASE - T_MIN;
        k += BASE;
    }
    k + (BASE - T_MIN + 1) * delta / (delta + SKEW)
}

/// RFC 3492 6.2 and 6.3: the threshold `t` of the digit at position `k`
/// (a multiple of `base`) of a variable-length integer, `k - bias`
/// clamped to `tmin..=tmax`.
#[inline]
pub(crate) fn threshold(k: u32, bias: u32) -> u32 {
    if k <= bias + T_MIN {
        T_MIN
    } else if k >= bias + T_MAX {
        T_MAX
    } else {
        k - bias
    }
}

/// The basic code point of digit `d` (0..36): `a`..`z`, `0`..`9`.
#[inline]
pub(crate) fn digit(d: u32) -> u8 {
    if d < 26 {
        b'a' + d as u8
    } else {
        b'0' + (d - 26) as u8
    }
}

/// RFC 3492 6.3: the Punycode of `input` (at most [`MAX_CHARS`]
/// characters), appended to `out`; `None` (and nothing written) for a
/// longer input.
///
/// The same output as the `idna` and `punycode` crates' encoders (see
/// `tests::agrees_with_the_punycode_crate`); the distinct non-basic code
/// points are sorted once instead of searched for the next smallest on
/// each round.
pub fn encode_into(input: &[char], out: &mut impl Sink) -> Option<()> {
    if input.len() > MAX_CHARS {
        return None;
    }
    // The basic code points, copied as they are.
    let mut basic = 0u32;
    let mut others = [0u32; MAX_CHARS];
    let mut n_others = 0;
    for &c in input {
        if c.is_ascii() {
            out.push_ascii(c as u8);
            basic += 1;
        } else {
            others[n_others] = c as u32;
            n_others += 1;
        }
    }
    if basic > 0 {
        out.push_ascii(b'-');
    }
    let others = &mut others[..n_others];
    others.sort_unstable();
    let mut n = INITIAL_N;
    let mut delta = 0u32;
    let mut bias = INITIAL_BIAS;
    let mut handled = basic;
    let mut prev = None;
    for &m in others.iter() {
        if prev == Some(m) {
            continue;
        }
        prev = Some(m);
        delta += (m - n) * (handled + 1);
        n = m;
        for &c in input {
            let c = c as u32;
            if c < n {
                delta += 1;
            } else if c == n {
                // A generalized variable-length integer (RFC 3492 3.3).
                let mut q = delta;
                let mut k = BASE;
                loop {
                    let t = threshold(k, bias);
                    if q < t {
                        break;
                    }
                    out.push_ascii(digit(t + (q - t) % (BASE - t)));
                    q = (q - t) / (BASE - t);
                    k += BASE;
                }
                out.push_ascii(digit(q));
                bias = adapt(delta, handled + 1, handled == basic);
                delta = 0;
                handled += 1;
            }
        }
        delta += 1;
        n += 1;
    }
    Some(())
}

/// The longest input [`decode_into`] takes, in bytes: longer than the
/// Punycode of any label (IE's round trip turns a longer one down first).
pub const MAX_DECODE_INPUT: usize = 256;

/// The value of a Punycode digit (RFC 3492 5: `a`-`z` and `A`-`Z` are 0
/// to 25, `0`-`9` 26 to 35).
#[inline]
pub(crate) fn digit_value(c: u8) -> Option<u32> {
    match c {
        b'a'..=b'z' => Some(u32::from(c - b'a')),
        b'A'..=b'Z' => Some(u32::from(c - b'A')),
        b'0'..=b'9' => Some(u32::from(c - b'0') + 26),
        _ => None,
    }
}

/// RFC 3492 6.2: the decoding of `input` (Punycode without its `xn--`
/// prefix), appended to `out`; `None`, and `out` unchanged, when it is
/// not valid Punycode (a byte that is not ASCII, a digit that is none,
/// a number cut short, an overflow, a value that is no character) or is
/// longer than [`MAX_DECODE_INPUT`].
///
/// The same result as the `punycode` crate's decoder, overflow checks
/// included (see `tests::decoding_agrees_with_the_punycode_crate`), in a
/// buffer on the stack: the output has at most as many characters as the
/// input has bytes (every basic code point is one, every other takes a
/// digit at least).
///
/// `bcher-kva` → `bücher`; `4gq` → `\u{4E00}`; `abc-` → `abc`; `9` →
/// `None` (cut short).
pub fn decode_into(input: &str, out: &mut String) -> Option<()> {
    let b = input.as_bytes();
    if b.len() > MAX_DECODE_INPUT || !input.is_ascii() {
        return None;
    }
    // A label's Punycode is short: its buffer too.
    match b.len() <= SHORT_DECODE_INPUT {
        true => decode_in::<SHORT_DECODE_INPUT>(b, out),
        false => decode_in::<MAX_DECODE_INPUT>(b, out),
    }
}

/// The buffer of [`decode_into`] for an input of at most this many bytes
/// (a label's Punycode is at most 59).
const SHORT_DECODE_INPUT: usize = 64;

/// [`decode_into`] of the ASCII `b`, at most `N` bytes long, in a buffer
/// of `N` characters.  The arithmetic is done in `u64`, where no step
/// overflows, and compared with `u32::MAX` where the RFC's overflow
/// checks are (the same failures as before, by the `punycode` crate's
/// test).
#[inline]
fn decode_in<const N: usize>(b: &[u8], out: &mut String) -> Option<()> {
    const MAX: u64 = u32::MAX as u64;
    // The basic code points: all before the last delimiter.
    let (basic, digits) = match b.iter().rposition(|&c| c == b'-') {
        Some(d) => (&b[..d], &b[d + 1..]),
        None => (&b[..0], b),
    };
    let mut output = ['\0'; N];
    for (o, &c) in output.iter_mut().zip(basic) {
        *o = char::from(c);
    }
    let mut len = basic.len();
    let mut n = u64::from(INITIAL_N);
    let mut i = 0u64;
    let mut bias = INITIAL_BIAS;
    let mut digits = digits.iter();
    while digits.len() > 0 {
        let old_i = i;
        let mut w = 1u64;
        let mut k = BASE;
        loop {
            let digit = u64::from(digit_value(*digits.next()?)?);
            // i + digit * w, at most (2^32 - 1) + 35 * (2^32 - 1): no
            // overflow in u64.
            i += digit * w;
            if i > MAX {
                return None;
            }
            let t = threshold(k, bias);
            if digit < u64::from(t) {
                break;
            }
            // The check before `w *= BASE - t`, as the decoder has always
            // made it: BASE * w + t must not pass u32::MAX.
            if u64::from(BASE) * w + u64::from(t) > MAX {
                return None;
            }
            w *= u64::from(BASE - t);
            k += BASE;
        }
        let points = len as u64 + 1;
        // i and old_i are at most u32::MAX, points at most N + 1.
        bias = adapt((i - old_i) as u32, points as u32, old_i == 0);
        n += i / points;
        if n > MAX {
            return None;
        }
        i %= points;
        let c = char::from_u32(n as u32)?;
        // Room for one more: the output is shorter than the input so far.
        if len >= N {
            return None;
        }
        let at = i as usize;
        output.copy_within(at..len, at + 1);
        output[at] = c;
        len += 1;
        i += 1;
    }
    out.extend(&output[..len]);
    Some(())
}

/// Whether encoding `decoded`, the decoding of `input` by
/// [`decode_into`], gives `input` back, told without encoding: when
/// `decoded` is not ASCII, `input` has no uppercase letter and does not
/// begin with its only delimiter (`-xyz`, which decodes as `xyz` does).
///
/// Why: the decoder copies the basic code points before the last
/// delimiter and inserts only code points from 0x80 on, so `decoded`
/// holds exactly those basic code points, in that order, which the
/// encoder writes first, with a delimiter after them when there are any
/// (6.3), and with no delimiter otherwise: that is `input`'s, unless it
/// begins with its only delimiter.  The insertions that make `decoded`
/// are, in order, its non-basic code points by value and then by
/// position (the decoder's `n` never decreases, and for one value its
/// `i` moves right), so the deltas between them are the ones the encoder
/// computes; a delta has one writing as a generalized variable-length
/// integer (6.4: the first digit below the threshold ends it, and the
/// digits above it are fixed modulo `36 - t`); the bias adapts alike on
/// both sides; and the encoder writes lowercase digits.  A decoding that
/// did not overflow gives deltas that do not overflow the encoder.  An
/// ASCII `decoded` is excluded (`abc-` decodes to `abc`, which ToASCII
/// leaves unencoded).  `tests::encodes_back_is_encoding` checks it.
///
/// `bcher-kva` → `bücher`: true; `BCHER-KVA` → `BüCHER`: false.
pub fn encodes_back(input: &str, decoded: &str) -> bool {
    !decoded.is_ascii()
        && !input.bytes().any(|b| b.is_ascii_uppercase())
        && input.rfind('-') != Some(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn encode(s: &str) -> Option<String> {
        let v: Vec<char> = s.chars().collect();
        let mut out = String::new();
        encode_into(&v, &mut out).map(|()| out)
    }

    #[test]
    fn rfc_3492_samples() {
        assert_eq!(encode("bücher").as_deref(), Some("bcher-kva"));
        assert_eq!(encode("\u{4E00}").as_deref(), Some("4gq"));
        assert_eq!(encode("abc").as_deref(), Some("abc-"));
        assert_eq!(encode("").as_deref(), Some(""));
        // RFC 3492 7.1 (L): Japanese.
        assert_eq!(
            encode("3年B組金八先生").as_deref(),
            Some("3B-ww4c5e180e575a65lsy2b")
        );
        assert_eq!(encode(&"ü".repeat(64)), None);
    }

    fn any_label() -> impl proptest::strategy::Strategy<Value = Vec<char>> {
        let c = proptest::prop_oneof![
            proptest::char::range('\0', '\u{7F}'),
            proptest::char::range('\u{80}', '\u{3FF}'),
            proptest::sample::select(vec!['\u{4E00}', '\u{FFFF}', '\u{10FFFF}', '\u{1F4A9}']),
            proptest::char::any(),
        ];
        proptest::collection::vec(c, 0..70)
    }

    fn decode(s: &str) -> Option<String> {
        let mut out = String::from("x");
        decode_into(s, &mut out).map(|()| out[1..].to_string())
    }

    #[test]
    fn rfc_3492_samples_decode() {
        assert_eq!(decode("bcher-kva").as_deref(), Some("bücher"));
        assert_eq!(decode("4gq").as_deref(), Some("\u{4E00}"));
        assert_eq!(decode("abc-").as_deref(), Some("abc"));
        assert_eq!(decode("").as_deref(), Some(""));
        assert_eq!(
            decode("3B-ww4c5e180e575a65lsy2b").as_deref(),
            Some("3年B組金八先生")
        );
        // Cut short, not a digit, not ASCII, an overflow, too long.
        for bad in ["9", "a-b!", "ü", "99999999999a", &"a".repeat(257)] {
            let mut out = String::from("kept");
            assert_eq!(decode_into(bad, &mut out), None, "{bad:?}");
            assert_eq!(out, "kept");
        }
    }

    /// Inputs for the decoder: Punycode of labels, and strings of digits,
    /// delimiters and other ASCII.
    fn any_punycode() -> impl proptest::strategy::Strategy<Value = String> {
        use proptest::strategy::Strategy;
        let digits = proptest::collection::vec(
            proptest::prop_oneof![
                proptest::char::range('a', 'z'),
                proptest::char::range('A', 'Z'),
                proptest::char::range('0', '9'),
                proptest::sample::select(vec!['-', '-', '.', '_', '\u{FC}']),
            ],
            0..40,
        )
        .prop_map(|v| v.into_iter().collect::<String>());
        let encoded = any_label().prop_filter_map("encodable", |v| {
            let mut out = String::new();
            encode_into(&v, &mut out).map(|()| out)
        });
        proptest::prop_oneof![digits, encoded]
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(4000))]
        /// The same decoding as the `punycode` crate's, or the same
        /// failure; the decoding of an encoding is the label.
        #[test]
        fn decoding_agrees_with_the_punycode_crate(s in any_punycode()) {
            let ours = decode(&s);
            proptest::prop_assert_eq!(&ours, &punycode::decode(&s).ok(), "{:?}", s);
        }

        /// The same on inputs past the short buffer, up to the longest
        /// taken, and beyond (turned down).
        #[test]
        fn long_decoding_agrees_with_the_punycode_crate(
            basic in "[a-z0-9]{0,200}",
            digits in "[a-z0-9]{0,80}",
        ) {
            let s = format!("{basic}-{digits}");
            let ours = decode(&s);
            let theirs = punycode::decode(&s).ok().filter(|_| s.len() <= MAX_DECODE_INPUT);
            proptest::prop_assert_eq!(&ours, &theirs, "{:?}", s);
        }

        /// [`encodes_back`] holds only where encoding the decoding gives
        /// the input back (on lowercase input, and on encodings).
        #[test]
        fn encodes_back_is_encoding(s in any_punycode(), lower in proptest::bool::ANY) {
            let s = if lower { s.to_ascii_lowercase() } else { s };
            if let Some(d) = decode(&s) {
                let v: Vec<char> = d.chars().collect();
                let mut again = String::new();
                let back = encode_into(&v, &mut again).is_some() && again == s;
                if encodes_back(&s, &d) {
                    proptest::prop_assert!(back, "{:?} -> {:?} -> {:?}", s, d, again);
                }
                // On lowercase input, what it turns down is what it must:
                // an ASCII decoding, or a delimiter first and alone
                // (uppercase basic code points, as in `A-6ba`, do encode
                // back; it turns every uppercase down).
                if back && !d.is_ascii() && lower {
                    proptest::prop_assert!(encodes_back(&s, &d), "{:?}", s);
                }
            }
        }

        #[test]
        fn decoding_undoes_encoding(v in any_label()) {
            let mut encoded = String::new();
            if encode_into(&v, &mut encoded).is_some() {
                let s: String = v.iter().collect();
                proptest::prop_assert_eq!(decode(&encoded), Some(s));
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(3000))]
        /// The same output as the `punycode` crate, and a length the
        /// counting sink agrees with.
        #[test]
        fn agrees_with_the_punycode_crate(v in any_label()) {
            let s: String = v.iter().collect();
            let mut out = String::new();
            let ours = encode_into(&v, &mut out).map(|()| out);
            if v.len() <= MAX_CHARS {
                proptest::prop_assert_eq!(&ours, &punycode::encode(&s).ok(), "{:?}", s);
                let mut count = Count::default();
                encode_into(&v, &mut count).unwrap();
                proptest::prop_assert_eq!(count.0, ours.unwrap().len());
            } else {
                proptest::prop_assert_eq!(ours, None);
            }
        }
    }

    /// [`encodes_back`] on every string of up to four lowercase letters,
    /// digits and hyphens (1.9 million; up to five, 71 million, passed
    /// once as well).
    #[test]
    fn encodes_back_on_every_short_string() {
        fn each(s: &mut String, left: usize, checked: &mut usize) {
            let mut d = String::new();
            if decode_into(s, &mut d).is_some() && encodes_back(s, &d) {
                let v: Vec<char> = d.chars().collect();
                let mut again = String::new();
                encode_into(&v, &mut again);
                assert_eq!(&again, s, "{d:?}");
                *checked += 1;
            }
            if left > 0 {
                for c in ('a'..='z').chain('0'..='9').chain(['-']) {
                    s.push(c);
                    each(s, left - 1, checked);
                    s.pop();
                }
            }
        }
        let mut checked = 0;
        each(&mut String::new(), 4, &mut checked);
        assert!(checked > 900_000, "{checked}");
    }
}
