#!/usr/bin/env python3
"""Generate tests/data/nameprep-corpus.txt, the corpus of
tests/nameprep_differential.rs.

Usage:  python3 tests/data/gen_nameprep_corpus.py [SHARED_DIR]

SHARED_DIR defaults to ``../shared`` relative to the repository root.

Expected values are RFC 3491 Nameprep (map, NFKC, prohibit, bidi) as
computed by Python's ``encodings.idna.nameprep``, reimplemented here with one
change: the B.2 step uses RFC 3454's own table B.2, parsed from
SHARED_DIR/unicode/rfc3454.txt (``stringprep.map_table_b2`` follows today's
case folding, e.g. it maps U+1E9E, unassigned in 3.2).  Table B.1, the
prohibition tables and the bidi tables are Python's ``stringprep.in_table_*``;
NFKC is ``unicodedata.ucd_3_2_0.normalize("NFKC", ...)``.

``ucd_3_2_0`` has Corrigendum #3 (U+F951 -> U+964B, as UnicodeData-3.2.0),
not Corrigendum #4 (U+2F868 -> U+2136A ...) and follows Corrigendum #5
(U+1100 U+0300 U+1161 does not compose).

One deliberate difference: ``ucd_3_2_0`` leaves code points unassigned in
3.2 undecomposed, but gives them today's combining class (so it reorders
them, and they block composition) and composes them with today's
composition table (U+1B05 U+1B35 -> U+1B06).  urlprism treats a code point
unassigned in 3.2 as an inert starter.  The expectation is therefore computed
by normalizing the runs between code points of table A.1 separately and
keeping the A.1 code points as they are; records where this differs from
plain ``ucd_3_2_0`` get the note ``python-unassigned-ccc``.

Record format, one per line, fields separated by a TAB:
    INPUT <TAB> EXPECTED [<TAB> NOTE]
where INPUT and the string in EXPECTED are escaped: printable ASCII other
than backslash and space as is, anything else as \\u{HEX}, backslash as \\\\.
EXPECTED is "ok STRING", "fail prohibited U+HEX" (the first prohibited
character) or "fail bidi-2" / "fail bidi-3" (RFC 3454 section 6 rule).
"""

import os
import random
import re
import stringprep
import sys
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))


def parse_b2(path):
    b2 = {}
    inside = False
    with open(path, encoding="ascii") as f:
        for line in f:
            if "----- Start Table B.2 -----" in line:
                inside = True
            elif "----- End Table B.2 -----" in line:
                inside = False
            elif inside and line.strip():
                m = re.match(r"^\s*([0-9A-F]+);\s*([0-9A-F ]+);", line)
                if not m:
                    raise SystemExit("bad B.2 line %r" % line)
                b2[chr(int(m.group(1), 16))] = "".join(
                    chr(int(x, 16)) for x in m.group(2).split())
    if len(b2) < 1000:
        raise SystemExit("table B.2 not found")
    return b2


def esc(s):
    out = []
    for c in s:
        if c == "\\":
            out.append("\\\\")
        elif "!" <= c <= "~":
            out.append(c)
        else:
            out.append("\\u{%X}" % ord(c))
    return "".join(out)


def nfkc_isolating_unassigned(s):
    out, run = [], []
    for c in s:
        if stringprep.in_table_a1(c):
            out.append(unicodedata.ucd_3_2_0.normalize("NFKC", "".join(run)))
            run = []
            out.append(c)
        else:
            run.append(c)
    out.append(unicodedata.ucd_3_2_0.normalize("NFKC", "".join(run)))
    return "".join(out)


PROHIBIT = [stringprep.in_table_c12, stringprep.in_table_c22, stringprep.in_table_c3,
            stringprep.in_table_c4, stringprep.in_table_c5, stringprep.in_table_c6,
            stringprep.in_table_c7, stringprep.in_table_c8, stringprep.in_table_c9]


def nameprep(label, b2):
    """encodings.idna.nameprep with RFC 3454's B.2; returns (expected, note)."""
    # Map
    label = "".join(b2.get(c, c) for c in label if not stringprep.in_table_b1(c))
    # Normalize
    norm = nfkc_isolating_unassigned(label)
    note = ""
    if norm != unicodedata.ucd_3_2_0.normalize("NFKC", label):
        note = "python-unassigned-ccc"
    label = norm
    # Prohibit
    for c in label:
        if any(t(c) for t in PROHIBIT):
            return "fail prohibited U+%04X" % ord(c), note
    # Check bidi
    randal = [stringprep.in_table_d1(x) for x in label]
    if any(randal):
        if any(stringprep.in_table_d2(x) for x in label):
            return "fail bidi-2", note
        if not randal[0] or not randal[-1]:
            return "fail bidi-3", note
    return "ok " + esc(label), note


def pools(b2):
    r = lambda a, b: [chr(c) for c in range(a, b + 1)]
    b1 = [chr(c) for c in range(0x110000)
          if not 0xD800 <= c <= 0xDFFF and stringprep.in_table_b1(chr(c))]
    b2_keys = sorted(b2)
    # Where Python's map_table_b2 (today's case folding) and the RFC differ.
    b2_differs = [chr(c) for c in range(0x30000) if not 0xD800 <= c <= 0xDFFF
                  and stringprep.map_table_b2(chr(c)) != b2.get(chr(c), chr(c))]
    compat = [chr(c) for c in range(0xA0, 0x30000)
              if not 0xD800 <= c <= 0xDFFF
              and unicodedata.ucd_3_2_0.decomposition(chr(c)).startswith("<")]
    canon = [chr(c) for c in range(0xA0, 0x30000)
             if not 0xD800 <= c <= 0xDFFF
             and unicodedata.ucd_3_2_0.decomposition(chr(c))
             and not unicodedata.ucd_3_2_0.decomposition(chr(c)).startswith("<")]
    marks = [chr(c) for c in range(0x300, 0x30000)
             if not 0xD800 <= c <= 0xDFFF and unicodedata.ucd_3_2_0.combining(chr(c))]
    prohibited = [chr(c) for c in list(range(0x80, 0xA0)) + [
        0xA0, 0x1680, 0x2000, 0x200B, 0x3000, 0x06DD, 0x200C, 0x200E, 0x202E,
        0x2028, 0xFEFF, 0xFFF9, 0xE000, 0xF8FF, 0xF0000, 0x10FFFD, 0xFDD0,
        0xFFFE, 0xFFFF, 0x1FFFE, 0x10FFFF, 0xFFFA, 0xFFFD, 0x2FF0, 0x2FFB,
        0x0340, 0x0341, 0x206A, 0xE0001, 0xE0020, 0xE007F, 0x1D173]]
    unassigned = [chr(c) for c in [
        0x0221, 0x0234, 0x0236, 0x0350, 0x0357, 0x035D, 0x0600, 0x0615, 0x07C0,
        0x07EB, 0x1B05, 0x1B35, 0x1D2C, 0x1D2F, 0x1E9E, 0x2C00, 0x2C30, 0x2C60,
        0x20BA, 0xA720, 0xA7AA, 0x1F100, 0x1F200, 0x11099, 0x110BA, 0x110B9,
        0xE0000, 0x2FA1E, 0x30000, 0x0870, 0x1DC0, 0x0CF1, 0x1E900, 0x1E922,
        0x10570, 0x0897] if stringprep.in_table_a1(chr(c))]
    return {
        "ascii": [chr(c) for c in range(0x20, 0x7F)],
        "ldh": list("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-"),
        "b1": b1,
        "b2": b2_keys,
        "b2diff": b2_differs,
        "compat": compat,
        "canon": canon,
        "marks": marks,
        "hangul": r(0xAC00, 0xD7A3),
        "jamo": r(0x1100, 0x1112) + r(0x1161, 0x1175) + r(0x11A8, 0x11C2) + r(0x3131, 0x318E),
        "hebrew": r(0x05D0, 0x05EA) + r(0x0591, 0x05C4) + r(0xFB1D, 0xFB4F),
        "arabic": r(0x0621, 0x064A) + r(0x064B, 0x0655) + r(0x0660, 0x0669)
        + r(0xFE70, 0xFEFC) + r(0xFB50, 0xFBB1) + r(0x06F0, 0x06F9),
        "prohibited": prohibited,
        "unassigned": unassigned,
        "corrigenda": [chr(c) for c in (0xF951, 0x2F868, 0x2F874, 0x2F91F, 0x2F95F, 0x2F9BF)],
        "digits": list("0123456789") + r(0x0660, 0x0669),
    }


FIXED = [
    "", "a", "ABC", "example", "xn--abc", "-", "a-b",
    "Stra\u00dfe", "\u0130stanbul", "\u1e9e", "\u03a3\u03c2", "\u2121", "\u33c6",
    "\u00ad", "a\u200db", "\ufeff", "\u1806", "\ufe00a",
    "\u1100\u1161", "\u1100\u1161\u11a8", "\uac00\u11a8", "\u3131\u314f",
    "\u1100\u0300\u1161", "\u0b47\u0300\u0b3e", "\u1100\u0300\u1161\u11a8",
    "a\u0301\u0323", "\u0958", "\u212b", "\u0344", "\u0f77", "\u0f73\u0f71",
    "\uf951", "\U0002f868", "\U0002f874", "\U0002f91f", "\U0002f95f", "\U0002f9bf",
    "\u05d0\u05d1", "\u0627\u0031\u0628", "\u0627\u0031", "\u0031\u0627",
    "\u05d0a\u05d1", "a\u05d0", "\u05d0\u0308", "\u0627\u0653",
    "\u00a0", "\u3000", "\u0080", "\ue000", "\ufdd0", "\ufffd", "\u2ff0",
    "\u0340", "\u0341", "\u202e", "\U000e0001", "\u200e\u05d0",
    "\u0221", "a\u0350\u0316", "e\u0350\u0301", "\u1b05\u1b35", "\u1d2c",
    "\u07c0", "\u07c0a", "\u2c00", "\U000e0000", "\U00011099\U000110ba",
    "\u00bd", "\ufb01", "\u2460", "\uff21\uff42", "\u3392", "\U0001d400",
    "\u0385", "\u03d3", "\u1fbf\u0301", "\u037a", "\u0587", "\u1e9b\u0323",
]


def main():
    shared = sys.argv[1] if len(sys.argv) > 1 else os.path.join(REPO, "..", "shared")
    b2 = parse_b2(os.path.join(shared, "unicode", "rfc3454.txt"))
    p = pools(b2)
    rng = random.Random(3491)
    names = sorted(p)
    weights = {"ascii": 3, "ldh": 6, "marks": 3, "jamo": 2, "hebrew": 2, "arabic": 3,
               "b2": 3, "b2diff": 2, "compat": 3, "canon": 3}
    strings = list(FIXED)
    seen = set(strings)
    # Single characters of each pool, then random mixes.
    for name in names:
        for c in rng.sample(p[name], min(len(p[name]), 40)):
            if c not in seen:
                seen.add(c)
                strings.append(c)
    # Single-script labels (bidi-valid or not), and free mixes.
    while len(strings) < 4500:
        kind = rng.random()
        if kind < 0.15:
            pool = p["hebrew"] + p["digits"] if rng.random() < 0.5 else p["arabic"] + p["digits"]
            s = "".join(rng.choice(pool) for _ in range(rng.randint(1, 6)))
        elif kind < 0.25:
            # Starter, non-starters, starter (Corrigendum 5 shapes).
            s = (rng.choice(p["jamo"] + p["ldh"] + p["canon"])
                 + "".join(rng.choice(p["marks"]) for _ in range(rng.randint(1, 3)))
                 + rng.choice(p["jamo"] + p["ldh"] + ["\u0b3e", "\u0cd5", "\u0bbe"]))
        else:
            parts = []
            for _ in range(rng.randint(1, 8)):
                name = rng.choices(names, [weights.get(n, 1) for n in names])[0]
                parts.append(rng.choice(p[name]))
            s = "".join(parts)
        if s not in seen:
            seen.add(s)
            strings.append(s)
    lines = [
        "# Nameprep (RFC 3491) differential corpus for tests/nameprep_differential.rs.",
        "# Generated by tests/data/gen_nameprep_corpus.py (Python %s, unicodedata %s,"
        % (sys.version.split()[0], unicodedata.unidata_version),
        "# ucd_3_2_0 + RFC 3454's own table B.2); see that script for the format",
        "# and the deliberate difference noted 'python-unassigned-ccc'.",
        "# Do not edit by hand.",
    ]
    notes = 0
    for s in strings:
        expected, note = nameprep(s, b2)
        notes += bool(note)
        lines.append("\t".join([esc(s), expected] + ([note] if note else [])))
    path = os.path.join(HERE, "nameprep-corpus.txt")
    with open(path, "w", encoding="ascii", newline="\n") as f:
        f.write("\n".join(lines) + "\n")
    print("wrote %s: %d records (%d noted python-unassigned-ccc)" % (path, len(strings), notes))


if __name__ == "__main__":
    main()
