//! Arrow string arrays as their three buffers (validity bitmap, offsets,
//! UTF-8 data): read in place, and built anew, without a Python object
//! per string.  The Python side (`urlprism/_arrow.py`) takes the buffers
//! out of a `pyarrow` array and puts the new ones back into one.

use pyo3::exceptions::PyValueError;
use pyo3::PyResult;

/// A `string` (32-bit offsets) or `large_string` (64-bit offsets) array
/// of `length` strings, borrowed: its buffers sliced to the strings
/// (`length + 1` offsets, which start at `data_base` rather than 0; the
/// validity bitmap from bit `validity_offset` on).
pub struct StringsIn<'a> {
    pub validity: Option<&'a [u8]>,
    pub validity_offset: usize,
    pub offsets: &'a [u8],
    pub data: &'a [u8],
    pub data_base: usize,
    pub length: usize,
    pub large: bool,
}

/// One string of the array: `None` when it is null, `Err` when its bytes
/// are not UTF-8 (the reason).
pub type Item<'a> = Option<Result<&'a str, String>>;

impl<'a> StringsIn<'a> {
    /// Checks that the buffers hold the `length` strings: a malformed
    /// array is a `ValueError`, never a panic later.
    pub fn check(&self) -> PyResult<()> {
        let width = if self.large { 8 } else { 4 };
        let slots = self
            .length
            .checked_add(1)
            .ok_or_else(|| malformed("the length overflows"))?;
        if self.offsets.len() < slots * width {
            return Err(malformed(&format!(
                "{} bytes of offsets for {slots} offsets of {width} bytes",
                self.offsets.len()
            )));
        }
        if let Some(v) = self.validity {
            if v.len() * 8 < self.validity_offset + self.length {
                return Err(malformed("the validity bitmap is too short"));
            }
        }
        let mut previous = self.data_base;
        for i in 0..slots {
            let o = self.offset_at(i);
            if o < previous as i64 || o > (self.data_base + self.data.len()) as i64 {
                return Err(malformed(&format!(
                    "offset {i} ({o}) is out of order or outside the data (bytes {} to {})",
                    self.data_base,
                    self.data_base + self.data.len()
                )));
            }
            previous = o as usize;
        }
        Ok(())
    }

    /// Offset `i`, as written (absolute, from `data_base` on).
    fn offset_at(&self, i: usize) -> i64 {
        if self.large {
            let b: [u8; 8] = self.offsets[i * 8..i * 8 + 8].try_into().unwrap_or([0; 8]);
            i64::from_ne_bytes(b)
        } else {
            let b: [u8; 4] = self.offsets[i * 4..i * 4 + 4].try_into().unwrap_or([0; 4]);
            i64::from(i32::from_ne_bytes(b))
        }
    }

    /// The string at index `i`, once the array is
    /// [checked](StringsIn::check).
    pub fn get(&self, i: usize) -> Item<'a> {
        if let Some(v) = self.validity {
            let bit = self.validity_offset + i;
            if v[bit / 8] & (1 << (bit % 8)) == 0 {
                return None;
            }
        }
        let start = self.offset_at(i) as usize - self.data_base;
        let end = self.offset_at(i + 1) as usize - self.data_base;
        let bytes = &self.data[start..end];
        Some(std::str::from_utf8(bytes).map_err(|e| {
            format!(
                "the string is not UTF-8: invalid byte at index {}",
                e.valid_up_to()
            )
        }))
    }
}

fn malformed(what: &str) -> pyo3::PyErr {
    PyValueError::new_err(format!("malformed arrow string array: {what}"))
}

/// A string array being built: validity bitmap, 64-bit offsets and data.
pub struct StringsOut {
    validity: Vec<u8>,
    offsets: Vec<i64>,
    data: String,
    nulls: usize,
    len: usize,
}

/// The buffers of a built array: validity, offsets (native-endian, 32-bit
/// when `large` is false) and data, with its null count.
pub struct Buffers {
    pub validity: Vec<u8>,
    pub offsets: Vec<u8>,
    pub data: Vec<u8>,
    pub nulls: usize,
    pub large: bool,
}

impl StringsOut {
    /// An empty array with room for `n` strings of `bytes` bytes in all.
    pub fn with_capacity(n: usize, bytes: usize) -> StringsOut {
        let mut offsets = Vec::with_capacity(n + 1);
        offsets.push(0);
        StringsOut {
            validity: Vec::with_capacity(n.div_ceil(8)),
            offsets,
            data: String::with_capacity(bytes),
            nulls: 0,
            len: 0,
        }
    }

    /// Appends `s`, or a null.
    pub fn push(&mut self, s: Option<&str>) {
        if self.len.is_multiple_of(8) {
            self.validity.push(0);
        }
        match s {
            Some(s) => {
                self.data.push_str(s);
                if let Some(last) = self.validity.last_mut() {
                    *last |= 1 << (self.len % 8);
                }
            }
            None => self.nulls += 1,
        }
        self.offsets.push(self.data.len() as i64);
        self.len += 1;
    }

    /// The strings of `parts`, one after the other.
    pub fn concat(parts: Vec<StringsOut>) -> StringsOut {
        let mut parts = parts.into_iter();
        let Some(mut out) = parts.next() else {
            return StringsOut::with_capacity(0, 0);
        };
        for p in parts {
            let base = out.data.len() as i64;
            out.data.push_str(&p.data);
            out.offsets.extend(p.offsets[1..].iter().map(|o| o + base));
            for i in 0..p.len {
                let valid = p.validity[i / 8] & (1 << (i % 8)) != 0;
                if out.len.is_multiple_of(8) {
                    out.validity.push(0);
                }
                if valid {
                    if let Some(last) = out.validity.last_mut() {
                        *last |= 1 << (out.len % 8);
                    }
                }
                out.len += 1;
            }
            out.nulls += p.nulls;
        }
        out
    }

    /// The string at index `i` (`None` when it is null).
    pub fn get(&self, i: usize) -> Option<&str> {
        if self.validity[i / 8] & (1 << (i % 8)) == 0 {
            return None;
        }
        self.data
            .get(self.offsets[i] as usize..self.offsets[i + 1] as usize)
    }

    /// How many strings there are.
    pub fn len(&self) -> usize {
        self.len
    }

    /// The buffers, with 32-bit offsets unless `large` is asked for or
    /// the data does not fit them.
    pub fn finish(self, large: bool) -> Buffers {
        let large = large || self.data.len() > i32::MAX as usize;
        let offsets = if large {
            self.offsets.iter().flat_map(|o| o.to_ne_bytes()).collect()
        } else {
            self.offsets
                .iter()
                .flat_map(|&o| (o as i32).to_ne_bytes())
                .collect()
        };
        Buffers {
            validity: self.validity,
            offsets,
            data: self.data.into_bytes(),
            nulls: self.nulls,
            large,
        }
    }
}

/// A bitmap of `bits` (for a boolean array's values or validity).
pub fn bitmap(bits: impl Iterator<Item = bool>) -> Vec<u8> {
    let mut out = Vec::new();
    for (i, b) in bits.enumerate() {
        if i.is_multiple_of(8) {
            out.push(0);
        }
        if b {
            if let Some(last) = out.last_mut() {
                *last |= 1 << (i % 8);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn offsets32(o: &[i32]) -> Vec<u8> {
        o.iter().flat_map(|o| o.to_ne_bytes()).collect()
    }

    #[test]
    fn reads_a_sliced_array_with_nulls() {
        // ["ab", null, "c", "\xff"] sliced from 1: [null, "c", "\xff"],
        // its offsets from the second on, its data from byte 2 on.
        let offsets = offsets32(&[2, 2, 3, 4]);
        let validity = [0b1101u8];
        let a = StringsIn {
            validity: Some(&validity),
            validity_offset: 1,
            offsets: &offsets,
            data: b"c\xff",
            data_base: 2,
            length: 3,
            large: false,
        };
        a.check().unwrap();
        assert_eq!(a.get(0), None);
        assert_eq!(a.get(1), Some(Ok("c")));
        assert!(matches!(a.get(2), Some(Err(_))));
    }

    #[test]
    fn rejects_offsets_outside_the_data() {
        let offsets = offsets32(&[0, 9]);
        let a = StringsIn {
            validity: None,
            validity_offset: 0,
            offsets: &offsets,
            data: b"abc",
            data_base: 0,
            length: 1,
            large: false,
        };
        assert!(a.check().is_err());
        let short = StringsIn {
            length: 2,
            data: b"abcdefghi",
            ..a
        };
        assert!(short.check().is_err());
        let before = StringsIn {
            data_base: 1,
            data: b"abcdefghi",
            ..a
        };
        assert!(before.check().is_err());
    }

    #[test]
    fn builds_offsets_and_validity() {
        let mut b = StringsOut::with_capacity(3, 4);
        b.push(Some("ab"));
        b.push(None);
        b.push(Some("c"));
        assert_eq!(
            [b.get(0), b.get(1), b.get(2)],
            [Some("ab"), None, Some("c")]
        );
        let out = b.finish(false);
        assert_eq!(out.validity, [0b101]);
        assert_eq!(out.offsets, offsets32(&[0, 2, 2, 3]));
        assert_eq!(out.data, b"abc");
        assert_eq!(out.nulls, 1);
        assert!(!out.large);
    }

    #[test]
    fn concatenates_parts() {
        let part = |items: &[Option<&str>]| {
            let mut b = StringsOut::with_capacity(items.len(), 8);
            items.iter().for_each(|s| b.push(*s));
            b
        };
        let items: Vec<Option<&str>> = (0..21)
            .map(|i| (i % 3 != 0).then_some(["a", "bc", ""][i % 3]))
            .collect();
        let whole = part(&items).finish(false);
        let joined = StringsOut::concat(vec![
            part(&items[..5]),
            part(&items[5..16]),
            part(&items[16..]),
        ])
        .finish(false);
        assert_eq!(joined.validity, whole.validity);
        assert_eq!(joined.offsets, whole.offsets);
        assert_eq!(joined.data, whole.data);
        assert_eq!(joined.nulls, whole.nulls);
    }
}
