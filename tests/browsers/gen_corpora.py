#!/usr/bin/env python3
"""Generate the corpora that today's browsers are measured on:
tests/data/browsers/corpus/realistic.jsonl and generated.jsonl.

Usage:  python3 tests/browsers/gen_corpora.py [--out DIR] [--shared DIR] [--seed N]

DIR defaults to tests/data/browsers/corpus, SHARED to ``../shared``
relative to the repository root, N to SEED below.  The output depends on
nothing but the seed and the input files (Python's ``random.Random`` with
an integer seed, files read in sorted order), so running it again writes
the same bytes; tests/browsers.rs checks that.

Each line is one JSON object:

    {"part":PART,"split":SPLIT,"input":INPUT,"base":BASE}

PART names where the line comes from (below), BASE is null when the input
is parsed on its own (``new URL(input)``), SPLIT is ``tuning`` or
``held-out``: a line is held out when the first 8 octets of the SHA-256 of
``UTF-8(input) 0x00 UTF-8(base)`` (``0xFF`` instead of the base when there
is none) read as a big-endian number are a multiple of 3 (one line in
three).  An (input, base) pair appears once per corpus, under the first
part that made it.  Every input and base is valid Unicode (no lone
surrogate); controls, NUL, tabs, line breaks, U+FFFD and noncharacters
are kept, written as JSON escapes (see ``json_str``).

realistic.jsonl, the inputs of existing collections:
  suite           every record (#data, #base) of the vendored conformance
                  suite, tests/data/tests-web-url/**/*.dat
  suite-a1        a sample of SHARED/conformance/tests-web-url/generated/*-a1-*
                  (hosts with code points unassigned in Unicode 3.2)
  wpt             every case (input, base) of tests/data/wpt/2026-01/urltestdata.json
                  (the January 2026 cases, as in SHARED/wpt/urltestdata.json)
  bench-ascii, bench-idn, bench-kasztp
                  samples of SHARED/bench/ascii.txt, idn.txt, kasztp-source.txt
  bench-relative  a sample of SHARED/bench/relative.txt (base TAB relative)
  hostile         the bench URLs mutated: controls, NUL, line breaks, U+FFFD,
                  noncharacters, bidi and format characters inserted; odd
                  escapes; backslashes; truncation; long inputs (up to 16k)

generated.jsonl, edge cases built from templates (see each ``gen_*``):
  host-spaces, host-xn, host-dots-fullwidth, host-ipv4, host-ipv6,
  host-percent, host-forbidden, file, userinfo, opaque, scheme-slashes,
  whitespace, query-fragment, path, port, relative
"""

import argparse
import hashlib
import json
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
SEED = 20260301


# --------------------------------------------------------------------------
# Output


def needs_escape(c):
    """Characters written as \\u escapes: controls, C1, line and paragraph
    separators, format and bidi controls, spaces other than U+0020, private
    use, specials and noncharacters.  A fixed list (no Unicode database), so
    that any Python writes the same bytes."""
    o = ord(c)
    return (
        o < 0x20
        or 0x7F <= o <= 0xA0
        or o in (0xAD, 0x034F, 0x061C, 0x115F, 0x1160, 0x1680, 0x180E, 0x3000, 0x3164, 0xFEFF)
        or 0x2000 <= o <= 0x200F
        or 0x2028 <= o <= 0x202F
        or 0x205F <= o <= 0x206F
        or 0xD800 <= o <= 0xF8FF
        or 0xFDD0 <= o <= 0xFDEF
        or 0xFE00 <= o <= 0xFE0F
        or 0xFFF0 <= o <= 0xFFFF
        or (o & 0xFFFE) == 0xFFFE
        or 0xE0000 <= o
    )


def json_str(s):
    out = ['"']
    for c in s:
        if c == '"':
            out.append('\\"')
        elif c == "\\":
            out.append("\\\\")
        elif c == "\n":
            out.append("\\n")
        elif c == "\r":
            out.append("\\r")
        elif c == "\t":
            out.append("\\t")
        elif needs_escape(c):
            o = ord(c)
            if o >= 0x10000:
                o -= 0x10000
                out.append("\\u%04x\\u%04x" % (0xD800 + (o >> 10), 0xDC00 + (o & 0x3FF)))
            else:
                out.append("\\u%04x" % o)
        else:
            out.append(c)
    out.append('"')
    return "".join(out)


def split_of(inp, base):
    data = inp.encode("utf-8") + b"\x00" + (b"\xff" if base is None else base.encode("utf-8"))
    n = int.from_bytes(hashlib.sha256(data).digest()[:8], "big")
    return "held-out" if n % 3 == 0 else "tuning"


class Corpus:
    def __init__(self, name):
        self.name = name
        self.items = {}  # (input, base) -> part, in insertion order
        self.part = None

    def add(self, inp, base=None):
        for s in (inp, base):
            if s is None:
                continue
            assert isinstance(s, str)
            assert not any(0xD800 <= ord(c) <= 0xDFFF for c in s), repr(s)
        key = (inp, base)
        if key not in self.items:
            self.items[key] = self.part

    def write(self, path):
        with open(path, "w", encoding="utf-8", newline="\n") as f:
            for (inp, base), part in self.items.items():
                f.write(
                    '{"part":%s,"split":%s,"input":%s,"base":%s}\n'
                    % (
                        json_str(part),
                        json_str(split_of(inp, base)),
                        json_str(inp),
                        "null" if base is None else json_str(base),
                    )
                )

    def counts(self):
        c = {}
        for part in self.items.values():
            c[part] = c.get(part, 0) + 1
        return c


# --------------------------------------------------------------------------
# The conformance suite format (as src/conformance/reader.rs reads it)


def unescape(s):
    def escape_at(i):
        if s[i : i + 1] != "\\":
            return None
        n = {"u": 4, "U": 8}.get(s[i + 1 : i + 2])
        if n is None:
            return None
        h = s[i + 2 : i + 2 + n]
        if len(h) != n or not all(c in "0123456789abcdefABCDEF" for c in h):
            return None
        return int(h, 16), 2 + n

    out = []
    i = 0
    while i < len(s):
        e = escape_at(i)
        if e is None:
            out.append(s[i])
            i += 1
            continue
        v, n = e
        i += n
        if 0xD800 <= v < 0xDC00:
            e2 = escape_at(i)
            if e2 is not None and 0xDC00 <= e2[0] < 0xE000:
                i += e2[1]
                out.append(chr(0x10000 + ((v - 0xD800) << 10) + (e2[0] - 0xDC00)))
                continue
            out.append("\ufffd")
        elif 0xDC00 <= v < 0xE000 or v > 0x10FFFF:
            out.append("\ufffd")
        else:
            out.append(chr(v))
    return "".join(out)


def read_suite(path):
    """The records of a .dat file, each a dict of field name -> value (the
    first field of that name)."""
    with open(path, "rb") as f:
        text = f.read().decode("utf-8")
    lines = text.split("\n")
    if text.endswith("\n"):
        lines.pop()
    records = []
    record = None  # list of (name, value)
    field = None  # [name, options, lines]

    def finish(fb):
        name, options, flines = fb
        strip = name in ("data", "path")
        block = "\n".join(
            (l[2:] if strip and l.startswith("| ") else l) for l in flines
        )
        escaped = bool(options) and options[-1] == "escaped"
        if escaped:
            options = options[:-1]
        raw = block if block else (options[0] if options else "")
        return name, unescape(raw) if escaped else raw

    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("#"):
            if field is not None and record is not None:
                record.append(finish(field))
            field = None
            header = line[1:]
            n = 0
            while n < len(header) and (
                (header[n].isascii() and header[n].isalnum()) or header[n] in "-_"
            ):
                n += 1
            name = header[:n]
            if not name:
                raise ValueError("%s:%d: field without a name" % (path, i + 1))
            options = header[n:].split()
            if name == "data":
                if record is not None:
                    records.append(record)
                record = []
            elif record is None:
                raise ValueError("%s:%d: field outside a record" % (path, i + 1))
            field = [name, options, []]
            i += 1
        elif line == "":
            j = i
            while j < len(lines) and lines[j] == "":
                j += 1
            if j == len(lines) or lines[j].startswith("#"):
                if record is not None:
                    if field is not None:
                        record.append(finish(field))
                        field = None
                    records.append(record)
                    record = None
            elif field is not None:
                field[2].extend(lines[i:j])
            else:
                raise ValueError("%s:%d: text outside a record" % (path, j + 1))
            i = j
        else:
            if field is None:
                raise ValueError("%s:%d: text outside a record" % (path, i + 1))
            field[2].append(line)
            i += 1
    if record is not None:
        if field is not None:
            record.append(finish(field))
        records.append(record)
    out = []
    for r in records:
        d = {}
        for name, value in r:
            d.setdefault(name, value)
        out.append(d)
    return out


def suite_files(root):
    found = []
    for dirpath, dirnames, filenames in os.walk(root):
        for f in filenames:
            if f.endswith(".dat"):
                found.append(os.path.join(dirpath, f))
    return sorted(found)


# --------------------------------------------------------------------------
# realistic.jsonl


def read_lines(path):
    with open(path, "rb") as f:
        text = f.read().decode("utf-8")
    return [l for l in text.split("\n") if l != ""]


def sample(rng, seq, k):
    """k items of seq, in their order in seq."""
    if k >= len(seq):
        return list(seq)
    idx = sorted(rng.sample(range(len(seq)), k))
    return [seq[i] for i in idx]


# Characters that hostile inputs get: controls, line breaks, spaces,
# format and bidi characters, U+FFFD, noncharacters, private use, tags.
ODD_CHARS = (
    [chr(c) for c in range(0x00, 0x20)]
    + ["\x7f", "\x80", "\x85", "\x9f", "\xa0", "\xad", " "]
    + ["\u200b", "\u200c", "\u200d", "\u200e", "\u200f", "\u202a", "\u202e", "\u2066", "\u2069"]
    + ["\u2028", "\u2029", "\u3000", "\u2000", "\u205f", "\ufeff", "\u180e", "\u034f"]
    + ["\ufffd", "\ufffc", "\ufdd0", "\ufdef", "\ufffe", "\uffff"]
    + ["\U0001fffe", "\U0010ffff", "\U000e0001", "\U000e0041", "\ue000", "\U000f0000"]
    + ["\u0301", "\u20e3", "\ufe0f", "\U0001f600", "\u0627", "\u05d0", "\u0130", "\u212a"]
)
ODD_ESCAPES = [
    "%", "%2", "%zz", "%%", "%%41", "%25", "%2525", "%u0041", "%C0%AF", "%c0%ae",
    "%ED%A0%80", "%FF", "%fe%ff", "%00", "%0a", "%0D%0A", "%09", "%E2%80%AE",
    "%EF%BF%BD", "%F4%90%80%80", "%F0%9F%98", "%2e", "%2E%2e", "%5C", "%2F", "%3F",
    "%23", "%40", "%3A", "%20", "%7F", "%C2%A0", "%E3%80%82", "%5B", "%5D", "%%%",
]


def mutate(rng, url):
    s = url
    for _ in range(rng.randint(1, 3)):
        k = rng.randrange(9)
        pos = rng.randint(0, len(s))
        if k in (0, 1):
            s = s[:pos] + rng.choice(ODD_CHARS) + s[pos:]
        elif k == 2:
            s = s[:pos] + rng.choice(ODD_ESCAPES) + s[pos:]
        elif k == 3:
            s = s.replace("/", "\\", rng.randint(1, 4))
        elif k == 4:
            s = s[:pos] if pos > 0 else s[1:]
        elif k == 5:
            edge = "".join(rng.choice(ODD_CHARS) for _ in range(rng.randint(1, 3)))
            s = edge + s if rng.random() < 0.5 else s + edge
        elif k == 6:
            s = s.upper() if rng.random() < 0.5 else s.swapcase()
        elif k == 7:
            c = rng.choice(["@", ":", "#", "?", "[", "]", "%", "//", "..", "./", "\\\\"])
            s = s[:pos] + c * rng.randint(1, 4) + s[pos:]
        else:
            s = s[:pos] + rng.choice(ODD_CHARS) * rng.randint(2, 8) + s[pos:]
    return s


def long_inputs(rng, urls):
    out = []
    for _ in range(60):
        u = rng.choice(urls)
        n = rng.choice([300, 1000, 2100, 4096, 8192, 16384])
        k = rng.randrange(12)
        if k == 0:
            s = u + "/" + "a" * n
        elif k == 1:
            s = "http://" + ("a." * (n // 2)) + "com/"
        elif k == 2:
            s = "http://" + "x" * n + ".com/"
        elif k == 3:
            s = "http://a/" + "../" * (n // 3)
        elif k == 4:
            s = "http://" + "@" * (n // 8) + "h/"
        elif k == 5:
            s = u + "?" + "%" * (n // 4)
        elif k == 6:
            s = "http://[" + "1:" * (n // 64) + "]/"
        elif k == 7:
            s = u + "#" + "\u00e9" * (n // 4)
        elif k == 8:
            s = "http://" + "\u00df" * (n // 8) + ".de/"
        elif k == 9:
            s = "http://a:" + "0" * (n // 8) + "80/"
        elif k == 10:
            s = "\t\n " * (n // 12) + u
        else:
            s = "http://" + "1." * (n // 8) + "1/"
        out.append(s)
    return out


def realistic(rng, shared):
    c = Corpus("realistic")
    c.part = "suite"
    for f in suite_files(os.path.join(REPO, "tests/data/tests-web-url")):
        for r in read_suite(f):
            c.add(r.get("data", ""), r.get("base"))

    c.part = "suite-a1"
    a1 = []
    gen = os.path.join(shared, "conformance/tests-web-url/generated")
    for f in suite_files(gen):
        if "-a1-" in os.path.basename(f):
            a1.extend((r.get("data", ""), r.get("base")) for r in read_suite(f))
    for inp, base in sample(rng, a1, 1500):
        c.add(inp, base)

    c.part = "wpt"
    with open(os.path.join(REPO, "tests/data/wpt/2026-01/urltestdata.json"), encoding="utf-8") as f:
        for case in json.load(f):
            if isinstance(case, dict):
                c.add(case["input"], case.get("base"))

    bench = {}
    for part, name, k in [
        ("bench-ascii", "ascii.txt", 7000),
        ("bench-idn", "idn.txt", 5000),
        ("bench-kasztp", "kasztp-source.txt", 3000),
    ]:
        lines = read_lines(os.path.join(shared, "bench", name))
        bench[part] = lines
        c.part = part
        for l in sample(rng, lines, k):
            c.add(l)
    c.part = "bench-relative"
    pairs = [l.split("\t", 1) for l in read_lines(os.path.join(shared, "bench/relative.txt"))]
    pairs = [p for p in pairs if len(p) == 2]
    for base, rel in sample(rng, pairs, 6000):
        c.add(rel, base)

    c.part = "hostile"
    urls = bench["bench-ascii"] + bench["bench-idn"] + bench["bench-kasztp"]
    for _ in range(3000):
        c.add(mutate(rng, rng.choice(urls)))
    for _ in range(800):
        base, rel = rng.choice(pairs)
        if rng.random() < 0.8:
            c.add(mutate(rng, rel), base)
        else:
            c.add(rel, mutate(rng, base))
    for s in long_inputs(rng, urls):
        c.add(s)
    return c


# --------------------------------------------------------------------------
# generated.jsonl


SPECIAL = ["http", "https", "ws", "wss", "ftp"]
BASES = [
    "http://example.com/dir/file?q#f",
    "https://user:pw@example.org:8443/a/b/c",
    "http://[::1]:8080/x/",
    "file:///C:/dir/file",
    "file:///home/user/",
    "file://server/share/x",
    "foo://host/a/b",
    "foo:/a/b",
    "foo:opaque",
    "data:text/plain,hi",
    "about:blank",
    "mailto:a@b.c",
    "javascript:void(0)",
    "blob:https://example.com/uuid",
    "ws://example.com/chat",
    "http://xn--mnchen-3ya.de/ü/",
]


def fullwidth(s):
    return "".join(chr(ord(ch) + 0xFEE0) if "!" <= ch <= "~" else ch for ch in s)


def host_contexts(rng, host, k=4):
    """URLs that carry `host`: always http, and k others at random."""
    ctx = [
        ("http://%s/", None),
        ("https://%s:8080/p?q#f", None),
        ("ws://%s/", None),
        ("ftp://u@%s/", None),
        ("file://%s/x", None),
        ("foo://%s/", None),
        ("sc://%s:1/p", None),
        ("//%s/r", "http://base.example/dir/"),
        ("//%s", "foo://b/"),
        ("\\\\%s\\x", "https://base.example/"),
        ("http:%s/", None),
        ("http://u:p@%s:80/", None),
    ]
    out = [ctx[0]] + rng.sample(ctx[1:], k)
    return [(t % host, b) for t, b in out]


def add_hosts(c, rng, hosts, k=4):
    for h in hosts:
        for inp, base in host_contexts(rng, h, k):
            c.add(inp, base)


def gen_host_spaces(c, rng):
    spaces = [" ", "\t", "\n", "\r", "\x0b", "\x0c", "\x00", "\x1f", "\x7f", "\x85", "\xa0",
              "\u1680", "\u180e", "\u200b", "\u2028", "\u2029", "\u202f", "\u205f", "\u3000",
              "\ufeff", "%20", "%09", "%0A", "%00", "%C2%A0", "%E3%80%80", "%E2%80%8B"]
    spaces += [chr(c) for c in range(0x2000, 0x200B)]
    names = ["example.com", "a.b", "münchen.de", "xn--mnchen-3ya.de", "127.0.0.1",
             "EXAMPLE.org", "ab", "中国.cn", "[::1]", "0x7f.1", "localhost", "a.b."]
    hosts = []
    for sp in spaces:
        for n in names:
            cut = rng.randint(1, max(1, len(n) - 1))
            dot = n.find(".")
            hosts += [sp + n, n + sp, n[:cut] + sp + n[cut:], sp, sp + sp + n]
            if dot > 0:
                hosts.append(n[:dot] + sp + n[dot:])
                hosts.append(n[: dot + 1] + sp + n[dot + 1 :])
    add_hosts(c, rng, sample(rng, hosts, 1100), 3)


def puny(label):
    return label.encode("punycode").decode("ascii")


def gen_host_xn(c, rng):
    labels = ["bücher", "münchen", "faß", "ß", "ς", "παράδειγμα", "пример", "例え", "中国",
              "日本語", "한국", "ไทย", "עברית", "العربية", "हिन्दी", "☃", "💩", "a\u200db",
              "a\u200cb", "é", "ü", "ab\u0301", "\u0301a", "Ⅻ", "ǅ", "ﬀ", "İ", "\u212a",
              "١٢٣", "a١", "١a", "xn", "abc", "Bücher", "MÜNCHEN", "a\u00adb", "\u2028x",
              "a\ufffd", "a b", "a_b", "a\u3002b", "\u05d0\u05d1", "\u05d0a", "\u0627\u0661",
              "\u0661\u0627", "déjà", "ña", "ǆ", "a\u0308", "ä", "\u1100\u1161", "\U00010400",
              "\U0001d400", "\u00aa", "\u2160", "x\u0341", "\u0f73", "\u0345", "a.b"]
    xn = []
    for l in labels:
        p = puny(l)
        full = "xn--" + p
        xn += [full, full.upper(), "Xn--" + p, "xN--" + p, full + "-", full[:-1]]
        if len(p) > 3:
            xn += [full[: -rng.randint(2, 3)], "xn--" + p[1:]]
    xn += ["xn--", "xn---", "xn--a", "xn--zz", "xn--ls8h", "xn--a-ecp", "xn--1234567890",
           "xn--99999999999", "xn--ab_c", "xn--ab%63", "xn--zzzzzzzzzzzzzzzzzzzz",
           "xn--zca", "xn--nxa", "xn--ss-", "xn--a-", "xn--abc-", "xn--0", "xn--9",
           "XN--LS8H", "xn--ls8h-", "xn--8", "xn--xn--ls8h", "xn--ab--c", "xn--x-y"]
    xn += ["xn--" + puny("a" * n + "ü") for n in (40, 58, 60, 62, 64, 70)]
    others = ["ab--cd", "-ab", "ab-", "a--", "--a", "ab--", "a-", "-", "--", "xn", "xn-",
              "xn-a", "xnx--a", "a" * 63, "a" * 64, "a" * 100]
    tails = ["", ".com", ".example.org", ".", ".xn--p1ai", ".РФ"]
    heads = ["", "www.", "a.", "xn--mnchen-3ya.", "ü."]
    hosts = []
    for l in xn + others:
        for _ in range(3):
            hosts.append(rng.choice(heads) + l + rng.choice(tails))
    hosts.append(".".join(["a" * 63] * 4) + ".com")
    hosts.append(".".join(["a" * 63] * 3) + "." + "a" * 61)
    hosts.append(".".join(["a" * 63] * 3) + "." + "a" * 62)
    hosts.append(".".join(["xn--" + puny("ü" * 20)] * 5))
    add_hosts(c, rng, hosts, 3)


def gen_host_dots_fullwidth(c, rng):
    dots = ["\u3002", "\uff0e", "\uff61", "\ufe52", "\u2024", "\u2e3c", "\ufe12", "\u06d4",
            "\u0701", "\u00b7", "\u2027", "%E3%80%82", "%EF%BC%8E", "%2E", "%2e"]
    names = [["example", "com"], ["a", "b", "c"], ["münchen", "de"], ["127", "0", "0", "1"],
             ["xn--mnchen-3ya", "de"], ["中国", "cn"], ["a", "b", ""], ["0x7f", "1"], ["WWW", "EXAMPLE", "COM"]]
    hosts = []
    for d in dots:
        for parts in names:
            hosts.append(d.join(parts))
            hosts.append(".".join(parts[:-1]) + d + parts[-1])
            hosts.append(d.join(parts) + d)
            hosts.append(d + ".".join(parts))
            hosts.append(fullwidth(".".join(parts[:-1])) + d + parts[-1])
    for parts in names:
        h = ".".join(parts)
        hosts += [fullwidth(h), fullwidth(h.upper()), fullwidth(h[:1]) + h[1:]]
    special = ["ｅｘａｍｐｌｅ．ｃｏｍ", "ＥＸＡＭＰＬＥ。ｃｏｍ", "１２７．０．０．１", "０ｘ７ｆ．１",
               "％４１", "a％2eb", "a：80", "a／b", "u＠h", "［::1］", "a＃b", "a？b",
               "𝐞𝐱𝐚𝐦𝐩𝐥𝐞.com", "ⓔⓧⓐⓜⓟⓛⓔ.com", "ex¹.com", "ﬁle.com", "⑴.com", "Ⅻ.com",
               "ａ\u3000ｂ", "ｗｗｗ．\u4f8b\u3048．ｊｐ", "①②③.com", "\u2488.com", "\u00bd.com",
               "\u2474.com", "\u33a1.com", "\u2100.com", "a\u2215b", "a\u2044b", "a\uff3cb"]
    hosts += special
    add_hosts(c, rng, hosts, 3)
    for s in ["ｈｔｔｐ：／／ｅｘａｍｐｌｅ．ｃｏｍ／", "http：//example.com/", "http:／／example.com/",
              "ｈｔｔｐ://example.com/", "http://example.com／a", "http://example.com/？q",
              "http://example.com/＃f", "http://example.com:８０/", "http://example.com:８０８０/"]:
        c.add(s)


def ipv4_part(rng):
    k = rng.randrange(14)
    if k < 5:
        return str(rng.randrange(256))
    if k == 5:
        return "0x%x" % rng.randrange(256)
    if k == 6:
        return "0X%X" % rng.randrange(256)
    if k == 7:
        return "0%o" % rng.randrange(256)
    if k == 8:
        return rng.choice(["0x", "0X", "00", "000", "0", "08", "09", "0x0", "0x00000001", "00000000001"])
    if k == 9:
        return str(rng.choice([256, 999, 65535, 65536, 16777215, 16777216, 4294967295, 4294967296,
                               99999999999, 18446744073709551616]))
    if k == 10:
        return rng.choice(["0xff", "0x100", "0xffffffff", "0x100000000", "0377", "0400",
                           "037777777777", "040000000000"])
    if k == 11:
        return rng.choice(["1a", "0x1g", "a", "0xg", "1e2", "+1", "-1", " 1", "1 ", "٣", "１"])
    if k == 12:
        return rng.choice(["%31", "%30x7f", "%2E", "1%2E2"])
    return rng.choice(["", "0" * 20 + "1", "0x" + "0" * 20 + "1"])


def gen_host_ipv4(c, rng):
    hosts = []
    for _ in range(1300):
        n = rng.choice([1, 2, 3, 4, 4, 4, 4, 5])
        h = ".".join(ipv4_part(rng) for _ in range(n))
        r = rng.random()
        if r < 0.15:
            h += "."
        elif r < 0.2:
            h += ".."
        elif r < 0.25:
            h = rng.choice(["a.", "foo.", "xn--p1ai.", "0x.", "1.a."]) + h
        elif r < 0.3:
            h += rng.choice([".a", ".com", ".0x", ".09"])
        hosts.append(h)
    hosts += ["0", "0.0.0.0", "255.255.255.255", "256.0.0.1", "1.2.3.4.5", "1..2", "0x7f.1",
              "0x100000000", "1.2.3.08", "09.1", "4294967295", "4294967296", "0.0.0.0.",
              "0.0.0.0..", "127.1", "127.0.1", "127.0.0.1.", "0177.0.0.1", "0x7f000001",
              "2130706433", "017700000001", "1.0x100", "1.65536", "1.16777216", "foo.1",
              "foo.0x1", "foo.09", "foo.1.", "1.foo", "a.0x", "0x.0x", "1.2.3.4%2E",
              "1.2.3.4%00", "%31%32%37.0.0.1", "１２７.0.0.1", "127.0.0.１", "0..0x300/"]
    for h in hosts:
        for t, b in [("http://%s/", None), ("http://%s:80/x", None), ("file://%s/x", None),
                     ("foo://%s/", None), ("//%s/", "https://b.example/"), ("ws://u@%s/", None)]:
            if t.startswith("http://%s/") or rng.random() < 0.45:
                c.add(t % h, b)


def ipv6_addr(rng):
    groups = rng.choice([2, 3, 5, 6, 7, 8, 8, 8, 9])

    def g():
        k = rng.randrange(6)
        if k == 0:
            return "0"
        if k == 1:
            return "%x" % rng.randrange(0x10000)
        if k == 2:
            return "%X" % rng.randrange(0x10000)
        if k == 3:
            return "%05x" % rng.randrange(0x10000)
        if k == 4:
            return rng.choice(["ffff", "FFFF", "1", "00", "0000", "10000", "g", "", "fffff"])
        return "%x" % rng.randrange(0x100)

    parts = [g() for _ in range(groups)]
    r = rng.random()
    if r < 0.5:
        i = rng.randrange(len(parts) + 1)
        parts = parts[:i] + [""] + parts[i:]
        if i == 0:
            parts = [""] + parts
        if i == len(parts) - 1:
            parts = parts + [""]
    s = ":".join(parts)
    if rng.random() < 0.25:
        v4 = rng.choice(["1.2.3.4", "127.0.0.1", "255.255.255.255", "256.1.1.1", "1.2.3",
                         "1.2.3.4.5", "0x7f.0.0.1", "01.2.3.4", "1.2.3.4.", "1..2.3"])
        s = (s + ":" if not s.endswith(":") else s) + v4
    if rng.random() < 0.15:
        s += rng.choice(["%25eth0", "%eth0", "%251", "%25", "%25%32", "%2525"])
    return s


def gen_host_ipv6(c, rng):
    hosts = ["[" + ipv6_addr(rng) + "]" for _ in range(900)]
    hosts += ["[::]", "[::1]", "[::1", "::1]", "[[::1]]", "[:1]", "[1:]", "[:::]", "[::1::]",
              "[1:2:3:4:5:6:7:8]", "[1:2:3:4:5:6:7:8:9]", "[1:2:3:4:5:6:7::]", "[::1:2:3:4:5:6:7]",
              "[::ffff:1.2.3.4]", "[::ffff:0:1.2.3.4]", "[::1.2.3.4]", "[1:2:3:4:5:6:1.2.3.4]",
              "[1:2:3:4:5:6:7:1.2.3.4]", "[::ffff:1.2.3]", "[::ffff:1.2.3.4.5]",
              "[::ffff:256.2.3.4]", "[::ffff:01.2.3.4]", "[0:0:0:0:0:0:13.1.68.3]",
              "[::1%25eth0]", "[fe80::1%25eth0]", "[fe80::1%eth0]", "[fe80::1%251]",
              "%5B::1%5D", "%5b::1%5d", "[::1%5D", "%5B::1]", "[v1.x]", "[V1.x]", "[v1.]",
              "[vz.x]", "[::1]:8080", "[::1]:", "[::1]x", "[ ::1]", "[::1 ]", "[::\t1]",
              "[::\n1]", "[::1].com", "[::FFFF:7F00:1]", "[0000:0000::0001]",
              "[2001:db8:85a3::8a2e:370:7334]", "[2001:DB8::]", "[::127.0.0.1]", "[::%31]",
              "[１::1]", "[::１]", "[::1\u3002]", "[::\x00]", "[::1]]", "[]", "[%]", "[:]"]
    for h in hosts:
        for t, b in [("http://%s/", None), ("http://u:p@%s:81/p", None), ("foo://%s/", None),
                     ("file://%s/x", None), ("//%s/q", "http://b.example/"), ("ws://%s", None),
                     ("sc://%s:1/", None)]:
            if t == "http://%s/" or rng.random() < 0.4:
                c.add(t % h, b)


def gen_host_percent(c, rng):
    escapes = ["%41", "%61", "%2e", "%2E", "%2E%2E", "%00", "%20", "%25", "%zz", "%", "%4",
               "%C3%A9", "%c3%a9", "%C3", "%C3%28", "%ED%A0%80", "%EF%BC%8E", "%E3%80%82",
               "%2f", "%2F", "%3a", "%3A", "%40", "%5b", "%5d", "%ff", "%FF", "%7f", "%09",
               "%0a", "%23", "%3f", "%5c", "%7c", "%5e", "%3c", "%3e", "%22", "%27", "%60",
               "%E2%80%8B", "%C2%AD", "%E2%80%AE", "%EF%BB%BF", "%F0%9F%92%A9", "%EF%BF%BF",
               "%e2%84%aa", "%c3%9f", "%cf%82", "%e2%91%a0", "%2541", "%%41", "%31%32%37.0.0.1",
               "%30x7f.1", "xn--%6d", "%78n--ls8h", "%5B::1%5D", "%e4%b8%ad%e5%9b%bd", "%u4e2d"]
    names = ["example.com", "a.b", "ex", "xn--mnchen-3ya.de", "münchen.de", "1.2.3.4"]
    hosts = []
    for e in escapes:
        for n in names:
            cut = rng.randint(0, len(n))
            hosts += [e + n, n + e, n[:cut] + e + n[cut:]]
        hosts.append(e)
        hosts.append(e + "." + e)
    add_hosts(c, rng, hosts, 3)


def gen_host_forbidden(c, rng):
    chars = [chr(o) for o in range(0x00, 0x80) if not chr(o).isalnum()]
    chars += ["\x80", "\x9f", "\xa0", "\u00ad", "\u0080", "\u2044", "\u2215", "\uff0f", "\uff03",
              "\uff1f", "\uff20", "\uff3b", "\uff3d", "\uff3c", "\ufe5f", "\ufe6b", "\u2100",
              "\u2488", "\u3000", "\ufdd0", "\ufffe", "\ufffd", "\u200d", "\u00a8", "\u02c6"]
    for ch in chars:
        for name in ["ex.com", "a", "xn--mnchen-3ya.de", "ü.de"]:
            cut = rng.randint(1, len(name) - 1) if len(name) > 1 else 1
            for h in [ch + name, name + ch, name[:cut] + ch + name[cut:]]:
                for t, b in [("http://%s/", None), ("foo://%s/", None), ("file://%s/x", None),
                             ("https://u@%s:1/", None), ("//%s/", "http://b.example/"),
                             ("sc://%s", None)]:
                    if t == "http://%s/" or rng.random() < 0.3:
                        c.add(t % h, b)


def gen_file(c, rng):
    paths = ["", "/", "/x", "/x/y", "/..", "/../x", "/./x", "/C:", "/C:/", "/C:/x", "/c:/x",
             "/C|/x", "/C|", "/c|\\x", "/C:/../..", "/C:/x/../..", "/C%3A/x", "/C%7C/x",
             "/C:x", "/CC:/x", "/1:/x", "/C:./x", "/%43:/x", "/C%3a", "//x", "///x", "/ü",
             "/%2e%2e/x", "/x?q", "/x#f", "/x%20y", "/x y", "/x\\y", "/\\\\x"]
    hosts = ["", "localhost", "LOCALHOST", "LocalHost", "localhost.", "localhost:80",
             "localhost:", "server", "SERVER", "server.example", "127.0.0.1", "[::1]",
             "xn--mnchen-3ya.de", "münchen.de", "C:", "C|", "c:", "user@host", "u:p@host",
             "host:80", "host:", "%41", "a b", "ex%2Ecom", "１２７.0.0.1", "0x7f.1", "a:b@c"]
    tmpl = []
    for h in hosts:
        for p in paths:
            tmpl.append("file://%s%s" % (h, p))
    for p in paths:
        tmpl += ["file:" + p, "file:/" + p, "File:" + p, "FILE:" + p, "file:\\" + p.replace("/", "\\")]
    tmpl += ["file:C:/x", "file:c:\\x\\y", "file:C|/x", "file:///C|/x", "file://C:/x",
             "file:/C:", "file:\\\\server\\share\\x", "file://server/share", "file:////server/share",
             "file://///server/share", "file:?q", "file:#f", "file:", "file:.", "file:..",
             "file:/.", "file:C:", "file:C:.", "file:C:..", "file:/C:/..", "file:/C:/../../x",
             "file:C", "file:C:a", "file:%43:/x", "file:c%7c/x", "file://", "file:///",
             "file:////", "file://\\", "file:\\\\", "file:\\\\\\x", "\\\\server\\share\\x",
             "C:\\x\\y", "C:/x", "c|/x", "/C:/x", "file://localhost", "file://localhost/",
             "file:localhost/x", "file:/localhost/x", "file://?q", "file://#f", "file://:80/x",
             "file://@/x", "file://user:@h/x"]
    tmpl = sample(rng, tmpl, 1800)
    for t in tmpl:
        c.add(t)
    rels = ["x", "../x", "../../../x", "/x", "//h/x", "//h", "///x", "C:/x", "C:x", "c|/x",
            "/C:/x", "\\x", "\\\\h\\x", "?q", "#f", "", ".", "..", "/..", "D:", "/D:",
            "D|", "file:x", "file:/x", "file:C:/x", "file:", "//localhost/x", "//C:/x",
            "//C|/x", "/./C:/x", "%43:/x", "x/../../C:/y", "..\\..\\x", "//server/share/..",
            "file:..", "http:x", "file://h/x"]
    bases = ["file:///C:/dir/file", "file:///C:/", "file:///C:", "file:///c|/d/",
             "file:///home/u/f", "file://server/share/dir/f", "file://localhost/x/y",
             "file:///", "file://host/", "file:///D:/a/b/c", "http://h/C:/x"]
    for r in rels:
        for b in bases:
            if rng.random() < 0.6:
                c.add(r, b)


def gen_userinfo(c, rng):
    users = ["", "u", "U", "user", "u:p", "u:", ":p", ":", "::", "u:p:q", "u@", "@", "@@",
             "u@v", "u@v:w@x", "u%40v", "u%3Ap", "u%3a:p%40", "ü", "ü:ö", "u p", "u\tp",
             "u\np", "u\"p", "u<p>", "u`p", "u{p}", "u|p", "u^p", "u\\p", "u/p", "u?p",
             "u#p", "u[p]", "u;p", "u=p", "u&p", "u'p", "u!p", "u$p", "u,p", "u%", "u%zz",
             "u%00", "u\x00", "u\x7f", "u%25", "u+p", "u~p", "💩", "u:💩", "u:%F0%9F",
             "a" * 300, "u:" + "p" * 300, "xn--ls8h", "u\u3000p", "u\ufffd", "u\ufeffp"]
    hosts = ["h", "example.com", "[::1]", "1.2.3.4", "münchen.de", "", "h:8080", "h:", "h:x"]
    schemes = ["http", "https", "ftp", "ws", "file", "foo", "sc"]
    for u in users:
        for _ in range(14):
            s = rng.choice(schemes)
            h = rng.choice(hosts)
            path = rng.choice(["/", "/p", "", "?q", "#f", "/p?q#f"])
            c.add("%s://%s@%s%s" % (s, u, h, path))
        c.add("//%s@h/" % u, "http://b.example/")
        c.add("//%s@h/" % u, "foo://b/")
    for s in ["http://@h/", "http://:@h/", "http://@@h/", "http://u@/", "http://u@", "http://@",
              "http://u:p@/", "http://u:p@:80/", "http://a@b@c/", "http://a:b@c:d@e/",
              "http://a/b@c/", "http://a?b@c/", "http://a#b@c/", "http://a\\b@c/", "foo://@/",
              "foo://u@", "foo://u:p@", "foo://@h", "http:u@h/", "http:/u@h/", "http:\\\\u@h\\",
              "sc://u:p@h:1/", "sc://u:@h/", "sc://:p@h/", "http://u:p@h:/", "https://u:p@h:443/",
              "http://%75:%70@h/", "http://u%3Ap@h/", "http://u:p%3A@h/", "http://u@h@i:1/"]:
        c.add(s)


def gen_opaque(c, rng):
    schemes = ["data", "mailto", "javascript", "about", "chrome", "resource", "blob",
               "filesystem", "view-source", "urn", "tel", "sms", "foo", "web+foo", "FOO",
               "Data", "JAVASCRIPT", "moz-extension", "chrome-extension", "intent", "git+ssh",
               "x-y.z", "a1", "ms-settings", "jar", "wyciwyg", "moz-icon", "about", "cid", "news"]
    bodies = ["", "x", " x", "x ", "x y", "//x", "//x/y", "///x", "/x", "/.//x", "/./x",
              "/../x", "..", "./x", "x?q", "x#f", "x?q#f", "x ?q", "x #f", "x \t?q", "x%20",
              "x%", "x%zz", "ü", "x\x00y", "x\x1fy", "x\x7fy", "x\ty", "x\ny", "x\ry", "x\\y",
              "\\\\x", "x<y>", "x\"y\"", "x`y", "x{y}", "x|y", "x^y", "x'y", "alert(1)",
              "alert('x y')", "text/html,<b>x</b>", "text/plain;base64,aGk=", ",x",
              "a@b.c", "a@b.c?subject=x y", "%61@b", "blank", "blank?x", "blank#x",
              "config", "settings/", "https://example.com/uuid", "https://ex.com:8080/id",
              "http://[::1]/x", "null/x", "//h:1/p", "//u@h/p", "//[::1]/p", "//h/p?q#f",
              "x:y", "x;y", "\ufffd", "\u2028", "x\u200by", "💩", "x%F0%9F", "x y z  ",
              "gre/x", "gre/modules/x.js", "/x?y", "host", "1.2.3.4", "//", "///"]
    for s in schemes:
        for b in bodies:
            if rng.random() < 0.55:
                c.add("%s:%s" % (s, b))
    for b in ["data:text/plain,x", "mailto:a@b", "javascript:x", "about:blank", "foo:bar",
              "chrome://settings/", "resource://gre/x.js", "blob:https://a/b", "foo:/a/b",
              "foo://h/a/b", "urn:isbn:1", "about:blank#x", "foo:bar?q"]:
        for r in ["x", "#f", "?q", "/x", "//h/x", "../x", "", "#", "?", "./", "a:b", "#f g",
                  "http://h/", "foo:x", "FOO:x", "\\x", "data:x"]:
            c.add(r, b)


def gen_scheme_slashes(c, rng):
    schemes = ["http", "HTTP", "Http", "https", "ws", "wss", "ftp", "gopher", "file", "foo",
               "h-t.t+p", "ht tp", "h_ttp", "1http", "http+x", "-http", ".http", "+http",
               "http\t", "ht\ttp", "ht\ntp", "h%74tp", "ｈttp", "httpſ", "htTps", "ſtp", "xn--ls8h",
               "a", "A", "a1", "a-", "ü", "\u0130"]
    seps = [":", "://", ":/", ":\\", ":\\\\", ":/\\", ":\\/", ":///", "://///", ":/ /",
            ": //", " ://", ":/%2F", ":%2F%2F", "://\t", ":\t//", ":／／"]
    hosts = ["example.com", "h", "", "@h", ":80", "[::1]", "ü"]
    for s in schemes:
        for sep in seps:
            for h in rng.sample(hosts, 3):
                c.add("%s%s%s/p" % (s, sep, h))
    for r in ["//h/p", "\\\\h\\p", "/\\h/p", "\\/h/p", "///h/p", "////h/p", "/h/p", "h/p",
              "http:h/p", "http:/h/p", "https:h/p", "HTTP:h", "ws:h", "foo:h", "foo:/h",
              "foo://h", "http://", "http:", "http:/", "https:", "ftp:", "wss:", ":", "://h",
              ":/h", "a:", "a:/", "0:", "\t//h", " //h", "\x00//h"]:
        for b in ["http://b.example/d/f", "https://b.example/", "foo://b/d", "foo:b",
                  "file:///C:/d/", "ws://b/", "ftp://b/d/"]:
            c.add(r, b)


def gen_whitespace(c, rng):
    urls = ["http://example.com:8080/p/q?x=1#frag", "https://u:p@münchen.de/a",
            "foo://h/p?q#f", "file:///C:/x", "http://[::1]/", "mailto:a@b.c", "data:,x y",
            "javascript:alert(1)", "http://1.2.3.4/", "ws://h/p"]
    ws = ["\t", "\n", "\r", "\r\n", "\t\n", " ", "\x0c", "\x0b", "\x00", "\x1f", "\xa0",
          "\u3000", "\u2028"]
    for u in urls:
        for pos in range(len(u) + 1):
            for w in rng.sample(ws, 2):
                c.add(u[:pos] + w + u[pos:])
    for u in urls:
        for w in ws:
            c.add(w + u)
            c.add(u + w)
            c.add(w * 3 + u + w * 3)
    for r in ["../x", "?q", "#f", "//h/p", "x y"]:
        for w in ws:
            c.add(r[:1] + w + r[1:], "http://b.example/d/")
            c.add(w + r + w, "http://b.example/d/")


def gen_query_fragment(c, rng):
    chars = ["'", '"', "<", ">", "^", "|", "`", "{", "}", " ", "#", "%", "%25", "%zz", "\\",
             "[", "]", "!", "$", "&", "(", ")", "*", "+", ",", ";", "=", "@", ":", "/", "?",
             "~", "\x00", "\x01", "\x1f", "\x7f", "\x80", "\x9f", "\xa0", "é", "ü", "€", "💩",
             "\ufffd", "\ufeff", "\ufdd0", "\uffff", "\u2028", "\u200b", "\U000e0001", "%C3%A9",
             "%E2%82%AC", "%2e", "%2E"]
    contexts = [
        ("http://h/p?%s", None), ("http://h/p#%s", None), ("http://h/p%s", None),
        ("http://h/%s?q", None), ("http://u%s@h/", None), ("foo://h/p?%s", None),
        ("foo://h/p#%s", None), ("foo://h/p%s", None), ("foo:x%s", None), ("foo:x?%s", None),
        ("foo:x#%s", None), ("wss://h?%s", None), ("file:///p?%s", None), ("file:///%s", None),
        ("?%s", "http://b.example/d"), ("#%s", "http://b.example/d"), ("%s", "http://b.example/d/"),
        ("?%s", "foo://b/d"), ("#%s", "foo:opaque"), ("sc:/%s", None), ("data:,%s", None),
        ("javascript:%s", None), ("mailto:x?%s", None),
    ]
    for ch in chars:
        for t, b in contexts:
            for v in [ch, "a" + ch + "b"]:
                c.add(t % v, b)
        c.add("http://h/p?" + ch * 3 + "#" + ch * 3)


def gen_path(c, rng):
    segs = ["a", ".", "..", "%2e", "%2E", "%2e%2e", ".%2e", "%2e.", "%2E%2E", "...", ". .",
            ".\t.", "", "%2f", "%2F", "%5c", "\\", "C:", "C|", "c:", "x;y", "x;y=z", "%41",
            "ü", "%C3%BC", "a b", "a%20b", "%", "%zz", "~u", "..%2f", "%2e%2e%2f", ".\\", "..\\",
            "%ef%bc%8e", "．", "．．", "%00", "a\x00b"]
    for _ in range(2200):
        n = rng.randint(1, 5)
        p = "/".join(rng.choice(segs) for _ in range(n))
        lead = rng.choice(["/", "/", "", "//", "\\"])
        trail = rng.choice(["", "/", "", "?q", "#f"])
        s = rng.choice(["http://h", "https://h:1", "foo://h", "foo:", "file://", "file:///C:",
                        "ws://h", "sc:", "sc://h", "javascript:", "data:,"])
        if rng.random() < 0.7:
            c.add(s + lead + p + trail)
        else:
            c.add(lead + p + trail, rng.choice(BASES))


def gen_port(c, rng):
    ports = ["", "0", "00", "080", "80", "443", "21", "8080", "65535", "65536", "99999",
             "4294967296", "18446744073709551617", "-1", "+1", "1a", "a", " 80", "80 ", "8\t0",
             "8\n0", "%38%30", "８０", "0x50", "1e2", "80.", ":", "80:", "80:81", "１", "٨٠",
             "0" * 20 + "80", "1" * 40]
    schemes = ["http", "https", "ws", "wss", "ftp", "file", "foo", "gopher", "sc"]
    for p in ports:
        for s in schemes:
            for h in ["h", "[::1]", "1.2.3.4", "u:p@h"]:
                if h == "h" or rng.random() < 0.4:
                    c.add("%s://%s:%s/" % (s, h, p))
        c.add("//h:%s/" % p, "http://b.example/")
        c.add("//h:%s/" % p, "foo://b/")
        c.add("http://h:%s" % p)
        c.add("http://h:%s?q" % p)
        c.add("http://h:%s#f" % p)


def gen_relative(c, rng):
    refs = ["g", "./g", "g/", "/g", "//g", "?y", "g?y", "#s", "g#s", "g?y#s", ";x", "g;x",
            "g;x?y#s", "", ".", "./", "..", "../", "../g", "../..", "../../", "../../g",
            "../../../g", "../../../../g", "/./g", "/../g", "g.", ".g", "g..", "..g", "./../g",
            "./g/.", "g/./h", "g/../h", "g;x=1/./y", "g;x=1/../y", "g?y/./x", "g?y/../x",
            "g#s/./x", "g#s/../x", "http:g", "https:g", "foo:g", "file:g", "\\g", "\\\\g",
            "/\\g", "..\\g", "g\\h", "%2e%2e/g", ".%2e/g", "%2e/g", "g%20h", "g h", " g",
            "g ", "ü", "%C3%BC", "?ü", "#ü", "//ü/x", "//[::1]/x", "//u@h/x", "//h:80/x",
            "//h:99999/x", "/%2F/x", "//", "///", "////x", "?", "#", "?#", "#?", "mailto:x",
            "javascript:x", "data:x", "about:x", "C:/x", "C:\\x", "/C:/x", "//C:/x", "x:y"]
    bases = BASES + ["http://a/b/c/d;p?q", "http://a/b/c/d;p?q#f", "https://a/", "http://a",
                     "http://a/b/", "http://a/b", "foo://a/b/c", "foo://a", "foo:/b/c", "foo:b/c",
                     "foo:///b", "sc://ñ/x", "file:///C:/a/b", "file:///", "http://u:p@a:81/b"]
    for r in refs:
        for b in bases:
            if rng.random() < 0.75:
                c.add(r, b)
    for _ in range(400):
        c.add(rng.choice(refs) + rng.choice(refs), rng.choice(bases))
    for b in ["", "x", "/x", "//x", "http:", "http://", "http://[", "foo", "http://h:99999/",
              "http://%zz/", "http://a b/", "  http://h/  ", "\thttp://h/", "http://h/\x00"]:
        for r in ["x", "#f", "http://h/", "//h/x"]:
            c.add(r, b)


GENERATORS = [
    ("host-spaces", gen_host_spaces),
    ("host-xn", gen_host_xn),
    ("host-dots-fullwidth", gen_host_dots_fullwidth),
    ("host-ipv4", gen_host_ipv4),
    ("host-ipv6", gen_host_ipv6),
    ("host-percent", gen_host_percent),
    ("host-forbidden", gen_host_forbidden),
    ("file", gen_file),
    ("userinfo", gen_userinfo),
    ("opaque", gen_opaque),
    ("scheme-slashes", gen_scheme_slashes),
    ("whitespace", gen_whitespace),
    ("query-fragment", gen_query_fragment),
    ("path", gen_path),
    ("port", gen_port),
    ("relative", gen_relative),
]


def generated(rng):
    c = Corpus("generated")
    for part, f in GENERATORS:
        c.part = part
        f(c, rng)
    return c


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=os.path.join(REPO, "tests/data/browsers/corpus"))
    ap.add_argument("--shared", default=os.path.join(os.path.dirname(REPO), "shared"))
    ap.add_argument("--seed", type=int, default=SEED)
    args = ap.parse_args()
    if not os.path.isdir(os.path.join(args.shared, "bench")):
        sys.exit("gen_corpora.py: %s/bench not found (--shared DIR)" % args.shared)
    os.makedirs(args.out, exist_ok=True)
    summary = {}
    # One generator per corpus, so that a change to one leaves the other alone.
    for name, make in [
        ("realistic", lambda: realistic(random.Random(args.seed), args.shared)),
        ("generated", lambda: generated(random.Random(args.seed + 1))),
    ]:
        corpus = make()
        path = os.path.join(args.out, name + ".jsonl")
        corpus.write(path)
        held = sum(1 for k in corpus.items if split_of(*k) == "held-out")
        summary[name] = {
            "lines": len(corpus.items),
            "tuning": len(corpus.items) - held,
            "held-out": held,
            "parts": corpus.counts(),
        }
        print(
            "%s: %d lines (%d held out): %s"
            % (path, len(corpus.items), held, ", ".join("%s %d" % kv for kv in corpus.counts().items()))
        )
    provenance = {
        "generator": "tests/browsers/gen_corpora.py",
        "command": "python3 tests/browsers/gen_corpora.py"
        + ("" if args.seed == SEED else " --seed %d" % args.seed),
        "seed": args.seed,
        "sources": [
            "tests/data/tests-web-url/**/*.dat",
            "../shared/conformance/tests-web-url/generated/*-a1-*.dat",
            "tests/data/wpt/2026-01/urltestdata.json",
            "../shared/bench/ascii.txt",
            "../shared/bench/idn.txt",
            "../shared/bench/kasztp-source.txt",
            "../shared/bench/relative.txt",
        ],
        "split": "held-out when the first 8 octets of SHA-256(UTF-8(input) 0x00 UTF-8(base) or 0xFF) "
        "are a multiple of 3, tuning otherwise",
        "corpora": summary,
    }
    with open(os.path.join(args.out, "provenance.json"), "w", encoding="utf-8", newline="\n") as f:
        f.write(json.dumps(provenance, indent=2) + "\n")


if __name__ == "__main__":
    main()
