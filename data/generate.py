#!/usr/bin/env python3
"""Generate the plain-text Unicode tables of urlprism (data/*.txt).

Usage:  python3 data/generate.py [SHARED_DIR]

SHARED_DIR defaults to ``../shared`` relative to the repository root (the
parent of this script's folder).  It reads:

* SHARED_DIR/unicode/rfc3454.txt            RFC 3454 (stringprep) tables
* SHARED_DIR/unicode/UnicodeData-3.2.0.txt  UCD 3.2.0
* SHARED_DIR/unicode/CompositionExclusions-3.2.0.txt
* SHARED_DIR/facts/gecko-idn-whitelist-2011.txt
* SHARED_DIR/facts/gecko-idn-blacklist-2011.txt
* Perl's Unicode::UCD (prop_invlist "Age=4.0", "Age=4.1") for the code
  points first assigned in Unicode 4.0 and 4.1, and Python's ``unicodedata`` (today's UCD) for
  their decompositions, combining classes and composition behaviour.

and writes, next to this script:

* rfc3454-tables.txt          A.1, B.1, B.2, C.1.2 ... C.9, D.1, D.2
* unicode-3.2-normalization.txt   ccc and decompositions of UCD 3.2.0
* composition-exclusions-3.2.txt  the UAX #15 exclusion list of 3.2.0
* unicode-3.2-additions.txt       the code points Unicode 3.2 assigned
                                  (bidi data of Unicode 3.1)
* unicode-4.0-additions.txt       what Unicode 4.0 adds (assigned set,
                                  ccc, decompositions, exclusions)
* unicode-4.1-additions.txt       the same for what Unicode 4.1 adds
* gecko-idn-whitelist.txt / gecko-idn-blacklist.txt  restated lists

The outputs are checked in: the build (build.rs) reads only them.
Python's stringprep.map_table_b2 is deliberately NOT used: it follows
today's case folding; table B.2 is parsed from the RFC text itself.
"""

import os
import re
import subprocess
import sys
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)

RFC_TABLES = ["A.1", "B.1", "B.2", "C.1.2", "C.2.2", "C.3", "C.4", "C.5",
              "C.6", "C.7", "C.8", "C.9", "D.1", "D.2"]


def die(msg):
    sys.stderr.write("generate.py: %s\n" % msg)
    sys.exit(1)


def header(lines):
    return "".join("# %s\n" % l if l else "#\n" for l in lines)


def parse_rfc3454(path):
    tables = {}
    current = None
    start = re.compile(r"^\s*----- Start Table (\S+) -----\s*$")
    end = re.compile(r"^\s*----- End Table (\S+) -----\s*$")
    # "0041; 0061; Case map", "0221", "0234-024F", "00A0; NO-BREAK SPACE",
    # "0000-001F; [CONTROL CHARACTERS]"
    entry = re.compile(r"^\s*([0-9A-F]{4,6})(?:-([0-9A-F]{4,6}))?(?:;\s*(.*))?$")
    with open(path, encoding="ascii") as f:
        for lineno, line in enumerate(f, 1):
            line = line.rstrip("\n")
            m = start.match(line)
            if m:
                current = m.group(1)
                tables[current] = []
                continue
            m = end.match(line)
            if m:
                if m.group(1) != current:
                    die("%s:%d: mismatched end of table" % (path, lineno))
                current = None
                continue
            if current is None or not line.strip():
                continue
            m = entry.match(line)
            if not m:
                die("%s:%d: unparsable table line %r" % (path, lineno, line))
            lo = int(m.group(1), 16)
            hi = int(m.group(2), 16) if m.group(2) else lo
            rest = m.group(3)
            mapping = None
            if current.startswith("B."):
                parts = [p.strip() for p in rest.split(";")]
                mapping = [int(x, 16) for x in parts[0].split()]
            tables[current].append((lo, hi, mapping))
    for t in RFC_TABLES:
        if t not in tables:
            die("table %s not found in %s" % (t, path))
    return tables


def hexs(cps):
    return " ".join("%04X" % c for c in cps)


def write(name, text):
    with open(os.path.join(HERE, name), "w", encoding="ascii", newline="\n") as f:
        f.write(text)
    print("wrote data/%s" % name)


def read_unicodedata(path):
    """Returns {cp: (ccc, decomposition-field)} and the assigned set as ranges."""
    recs = {}
    assigned = []
    first = None
    with open(path, encoding="ascii") as f:
        for line in f:
            fields = line.rstrip("\n").split(";")
            cp = int(fields[0], 16)
            name = fields[1]
            if name.endswith(", First>"):
                first = cp
                continue
            if name.endswith(", Last>"):
                assigned.append((first, cp))
                first = None
                continue
            assigned.append((cp, cp))
            ccc = int(fields[3])
            decomp = fields[5]
            if ccc or decomp:
                recs[cp] = (ccc, decomp)
    return recs, assigned


def in_ranges(ranges, cp):
    return any(lo <= cp <= hi for lo, hi, *_ in ranges)


def age_ranges(version):
    """The code points first assigned in VERSION (Perl's Unicode::UCD
    Age=VERSION) as inclusive ranges, and the Unicode::UCD version."""
    perl = subprocess.run(
        ["perl", "-MUnicode::UCD=prop_invlist", "-e",
         'print Unicode::UCD::UnicodeVersion(), "\\n", join(",", prop_invlist("Age=%s")), "\\n"'
         % version],
        check=True, capture_output=True, text=True).stdout.split("\n")
    inv = [int(x) for x in perl[1].split(",") if x]
    if len(inv) % 2:
        inv.append(0x110000)
    return [(inv[i], inv[i + 1] - 1) for i in range(0, len(inv), 2)], perl[0]


def write_assigned_3_2():
    """Writes unicode-3.2-additions.txt: the code points first assigned in
    Unicode 3.2 (on top of 3.1), for the bidi data of Unicode 3.1 (tables
    D.1 and D.2 without them)."""
    new, perl_ucd = age_ranges("3.2")
    out = [header([
        "Code points first assigned in Unicode 3.2.0 (on top of Unicode 3.1.0).",
        "Source: Perl's Unicode::UCD %s, prop_invlist(\"Age=3.2\")." % perl_ucd,
        "Used for the bidi data of Unicode 3.1 (Nameprep step 11, bidi = \"3.1\").",
        "Generated by data/generate.py; do not edit by hand.",
        "Format: assigned;FIRST[..LAST]",
    ])]
    for lo, hi in new:
        out.append("assigned;%04X\n" % lo if lo == hi else "assigned;%04X..%04X\n" % (lo, hi))
    write("unicode-3.2-additions.txt", "".join(out))


def write_additions(version, assigned_before):
    """Writes unicode-VERSION-additions.txt: the characters first assigned
    in VERSION (Perl's Unicode::UCD Age=VERSION) with their combining
    classes, decompositions and exclusions (Python's unicodedata).  Returns
    the assigned ranges."""
    perl = subprocess.run(
        ["perl", "-MUnicode::UCD=prop_invlist", "-e",
         'print Unicode::UCD::UnicodeVersion(), "\\n", join(",", prop_invlist("Age=%s")), "\\n"'
         % version],
        check=True, capture_output=True, text=True).stdout.split("\n")
    perl_ucd = perl[0]
    inv = [int(x) for x in perl[1].split(",") if x]
    if len(inv) % 2:
        inv.append(0x110000)
    new = [(inv[i], inv[i + 1] - 1) for i in range(0, len(inv), 2)]
    before = "3.2.0" if version == "4.0" else "%s.0" % {"4.1": "4.0"}[version]
    out = [header([
        "Characters first assigned in Unicode %s.0 (on top of Unicode %s)." % (version, before),
        "Sources: the set from Perl's Unicode::UCD %s, prop_invlist(\"Age=%s\");" % (perl_ucd, version),
        "combining classes, decompositions and composition behaviour from",
        "Python's unicodedata %s (decompositions and combining classes of" % unicodedata.unidata_version,
        "assigned characters are stable across versions).",
        "Generated by data/generate.py; do not edit by hand.",
        "Format:",
        "  assigned;FIRST[..LAST]        a range of code points new in %s" % version,
        "  char;CP;CCC;DECOMPOSITION     new characters with ccc or decomposition",
        "  exclusion;CP                  new characters with a canonical",
        "                                decomposition that do not recompose",
    ])]
    for lo, hi in new:
        for cp in (lo, hi):
            if in_ranges(assigned_before, cp):
                die("Age=%s code point %04X assigned before" % (version, cp))
        out.append("assigned;%04X\n" % lo if lo == hi else "assigned;%04X..%04X\n" % (lo, hi))
    exclusions = []
    for lo, hi in new:
        for cp in range(lo, hi + 1):
            ch = chr(cp)
            ccc = unicodedata.combining(ch)
            decomp = unicodedata.decomposition(ch)
            if ccc or decomp:
                out.append("char;%04X;%d;%s\n" % (cp, ccc, decomp))
            if decomp and not decomp.startswith("<") and unicodedata.normalize("NFC", ch) != ch:
                exclusions.append(cp)
    out += ["exclusion;%04X\n" % c for c in exclusions]
    write("unicode-%s-additions.txt" % version, "".join(out))
    return new


def main():
    shared = sys.argv[1] if len(sys.argv) > 1 else os.path.join(REPO, "..", "shared")
    shared = os.path.normpath(shared)
    uni = os.path.join(shared, "unicode")
    facts = os.path.join(shared, "facts")

    # ---- RFC 3454 tables -------------------------------------------------
    tables = parse_rfc3454(os.path.join(uni, "rfc3454.txt"))
    out = [header([
        "RFC 3454 (stringprep) tables used by Nameprep (RFC 3491).",
        "Source: rfc3454.txt as shipped in GNU libidn 1.41's doc/specifications/",
        "(shared/unicode/rfc3454.txt); the RFC's own tables, Unicode 3.2.",
        "Generated by data/generate.py; do not edit by hand.",
        "Format: TABLE;FIRST[..LAST] for sets; B.1 and B.2 as TABLE;CP;MAPPING",
        "(MAPPING: space-separated hex code points, empty for B.1).",
        "Tables: " + ", ".join(RFC_TABLES),
    ])]
    for t in RFC_TABLES:
        for lo, hi, mapping in tables[t]:
            if t.startswith("B."):
                if lo != hi:
                    die("range in mapping table %s" % t)
                out.append("%s;%04X;%s\n" % (t, lo, hexs(mapping)))
            elif lo == hi:
                out.append("%s;%04X\n" % (t, lo))
            else:
                out.append("%s;%04X..%04X\n" % (t, lo, hi))
    write("rfc3454-tables.txt", "".join(out))

    # ---- Unicode 3.2 normalization data -----------------------------------
    recs32, assigned32 = read_unicodedata(os.path.join(uni, "UnicodeData-3.2.0.txt"))
    # Cross-check: A.1 is the complement of the UCD 3.2 assigned set minus
    # the noncharacters (which A.1 leaves to table C.4).
    a1 = [(lo, hi) for lo, hi, _ in tables["A.1"]]
    for lo, hi in a1:
        for cp in (lo, hi):
            if in_ranges(assigned32, cp):
                die("A.1 contains %04X, assigned in UCD 3.2" % cp)
    out = [header([
        "Unicode 3.2.0 canonical combining classes and decompositions.",
        "Source: UnicodeData-3.2.0.txt (Unicode Character Database 3.2.0,",
        "shared/unicode/, from GNU libidn 1.41); see shared/unicode/COPYING.UCD.",
        "Generated by data/generate.py; do not edit by hand.",
        "Format: CP;CCC;DECOMPOSITION (UnicodeData field 6, '<tag> ' marks a",
        "compatibility decomposition).  Only code points with a non-zero",
        "combining class or a decomposition; Hangul syllables decompose",
        "algorithmically and are not listed.",
        "Note: U+F951 maps to U+964B here (Corrigendum #3 already applied in",
        "3.2.0); U+2F868 U+2F874 U+2F91F U+2F95F U+2F9BF keep their",
        "pre-Corrigendum #4 mappings.",
    ])]
    for cp in sorted(recs32):
        ccc, decomp = recs32[cp]
        out.append("%04X;%d;%s\n" % (cp, ccc, decomp))
    write("unicode-3.2-normalization.txt", "".join(out))

    excl = []
    with open(os.path.join(uni, "CompositionExclusions-3.2.0.txt"), encoding="ascii") as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line:
                excl.append(int(line, 16))
    out = [header([
        "Unicode 3.2.0 composition exclusions (UAX #15 exclusion list: script",
        "specifics and post composition version).  Singletons and non-starter",
        "decompositions are derived by build.rs from the decompositions.",
        "Source: CompositionExclusions-3.2.0.txt (shared/unicode/, from GNU",
        "libidn 1.41).  Generated by data/generate.py; do not edit by hand.",
        "Format: one hex code point per line.",
    ])]
    out += ["%04X\n" % c for c in sorted(excl)]
    write("composition-exclusions-3.2.txt", "".join(out))

    write_assigned_3_2()

    # ---- Unicode 4.0 and 4.1 additions ------------------------------------
    # 4.0 on top of 3.2; 4.1 on top of 4.0 (Gecko's normalizer of 2011 has
    # the data of Unicode 4.1: see unicode-4.1-additions.txt).
    assigned_before = list(assigned32)
    for version in ("4.0", "4.1"):
        added = write_additions(version, assigned_before)
        assigned_before += added

    # ---- Unicode 6.0 assigned set (for the suite's version notes) ---------
    # The suite's "latest Unicode" expectations were produced with Unicode
    # 6.0; the THIS profile normalizes with a newer version.  Tests use this
    # set to derive, mechanically, which code points may legitimately differ.
    perl = subprocess.run(
        ["perl", "-MUnicode::UCD=prop_invlist", "-e",
         'print Unicode::UCD::UnicodeVersion(), "\\n", join(",", prop_invlist("In=6.0")), "\\n"'],
        check=True, capture_output=True, text=True).stdout.split("\n")
    inv = [int(x) for x in perl[1].split(",") if x]
    if len(inv) % 2:
        inv.append(0x110000)
    out = [header([
        "Code points assigned in Unicode 6.0.0 (Present_In=6.0).",
        "Source: Perl's Unicode::UCD %s, prop_invlist(\"In=6.0\")." % perl[0],
        "Used by tests only: the conformance suite's latest-Unicode expectations",
        "were made with Unicode 6.0, and a code point unassigned there but",
        "assigned since may legitimately canonicalize differently.",
        "Generated by data/generate.py; do not edit by hand.",
        "Format: FIRST[..LAST] in hex, one range per line.",
    ])]
    for i in range(0, len(inv), 2):
        lo, hi = inv[i], inv[i + 1] - 1
        out.append("%04X\n" % lo if lo == hi else "%04X..%04X\n" % (lo, hi))
    write("unicode-6.0-assigned.txt", "".join(out))

    # Report (not fatal): combining classes that changed since 3.2.
    changed = []
    for cp, (ccc, _) in recs32.items():
        if unicodedata.combining(chr(cp)) != ccc:
            changed.append(cp)
    if changed:
        print("note: ccc differs between UCD 3.2 and %s for %s" %
              (unicodedata.unidata_version, hexs(changed)))

    # ---- Gecko lists ------------------------------------------------------
    for kind in ("whitelist", "blacklist"):
        src = os.path.join(facts, "gecko-idn-%s-2011.txt" % kind)
        comments, items = [], []
        with open(src, encoding="utf-8") as f:
            for line in f:
                s = line.strip()
                if s.startswith("#"):
                    comments.append(s.lstrip("#").strip())
                elif s:
                    items.append(s)
        if kind == "blacklist":
            items = ["%04X" % int(x, 16) for x in items]
        else:
            items = [x.lower() for x in items]
            for x in items:
                if not re.fullmatch(r"[a-z0-9-]+", x):
                    die("bad TLD %r" % x)
            # An A-label gets its U-label beside it: the Punycode decoding
            # of what follows `xn--`, checked to encode back to it, so that
            # a TLD is whitelisted exactly when its lowercase is one of the
            # U-labels (step 20.1.2 encodes, and Punycode is one-to-one).
            labelled = []
            for x in items:
                if x.startswith("xn--"):
                    u = x[4:].encode("ascii").decode("punycode")
                    if "xn--" + u.encode("punycode").decode("ascii") != x or u.isascii():
                        die("TLD %r does not decode and encode back" % x)
                    x = "%s %s" % (x, " ".join("%04X" % ord(c) for c in u))
                labelled.append(x)
            items = labelled
        extra = []
        if kind == "whitelist":
            extra = ["", "An A-label is followed by its U-label (Punycode decoded), as the",
                     "hexadecimal code points of its characters."]
        out = [header(comments + extra + [
            "",
            "Restated from shared/facts/gecko-idn-%s-2011.txt by" % kind,
            "data/generate.py; do not edit by hand.",
        ])]
        out += ["%s\n" % x for x in items]
        write("gecko-idn-%s.txt" % kind, "".join(out))


if __name__ == "__main__":
    main()
