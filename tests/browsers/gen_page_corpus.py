#!/usr/bin/env python3
"""Generate the corpus of links in pages of many document encodings:
tests/data/browsers/corpus/pages.jsonl and pages-provenance.json.

Usage:  python3 tests/browsers/gen_page_corpus.py [--out DIR] [--seed N]

DIR defaults to tests/data/browsers/corpus, N to SEED below.  The output
depends on nothing but the seed (Python's ``random.Random`` with an
integer seed, no file read), so running it again writes the same bytes.

Each line is one JSON object:

    {"part":PART,"split":SPLIT,"encoding":LABEL,"base":BASE,"input":INPUT}

LABEL is an Encoding Standard label: the page is served with
``Content-Type: text/html; charset=LABEL`` (the runners' ``PAGES`` below),
so that its document encoding is the one the label names (``ENCODINGS``
lists the name ``document.characterSet`` must give; the runners check it).
INPUT is an anchor's ``href`` attribute, BASE the ``href`` of the page's
``<base>`` element while it is read, null when the page has none (its URL,
``http://page.example/dir/LABEL.html``, is then the base).  The lines of
one encoding are together, in ``ENCODINGS`` order; every encoding has the
same (base, input) pairs, so that a difference between two encodings is
the encoding's.  SPLIT is ``tuning`` or ``held-out``: held out when the
first 8 octets of the SHA-256 of ``UTF-8(label) 0x00 UTF-8(input) 0x00
UTF-8(base)`` (``0xFF`` for no base) read as a big-endian number are a
multiple of 3.  Strings are written as gen_corpora.py writes them
(``json_str``); no input or base holds NUL or a lone surrogate.

The parts (each built from templates with a slot filled by the strings of
``TEXTS``: characters of many scripts, some inside and some outside each
encoding, already-escaped text, ESC/SO/SI):

  special-query     the query of http:, https:, ftp: URLs
  ws-query          the query of ws:, wss: URLs
  file-query        the query of file: URLs
  non-special-query the query of foo://h/ and foo:/p URLs
  opaque            mailto:, data:, javascript: (opaque paths, their query
                    and fragment)
  path, fragment, host, userinfo
                    that component of special, non-special and file: URLs
  relative          references (?q, p, #f, //h/, /p) against each base of
                    BASES: the page's URL, special, non-special, file:,
                    non-ASCII and escaped bases, relative bases, data:,
                    javascript:, mailto:, about:blank, an invalid base
  iso-2022-jp       the characters ISO-2022-JP writes with escapes (U+00A5,
                    U+203E, half-width katakana) next to each other and to
                    ESC, in query, path and fragment
"""

import argparse
import hashlib
import json
import os
import random

from gen_corpora import json_str

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
SEED = 20261128

# The label the page is served with, and the name document.characterSet
# gives for it (the Encoding Standard's name).  UTF-16 pages are UTF-16
# text; iso-2022-kr is a label of the replacement encoding.
ENCODINGS = [
    ("windows-1252", "windows-1252"),
    ("iso-8859-2", "ISO-8859-2"),
    ("iso-8859-7", "ISO-8859-7"),
    ("iso-8859-8-i", "ISO-8859-8-I"),
    ("windows-1251", "windows-1251"),
    ("koi8-r", "KOI8-R"),
    ("ibm866", "IBM866"),
    ("windows-1255", "windows-1255"),
    ("windows-874", "windows-874"),
    ("macintosh", "macintosh"),
    ("shift_jis", "Shift_JIS"),
    ("euc-jp", "EUC-JP"),
    ("iso-2022-jp", "ISO-2022-JP"),
    ("euc-kr", "EUC-KR"),
    ("gb18030", "gb18030"),
    ("gbk", "GBK"),
    ("big5", "Big5"),
    ("x-user-defined", "x-user-defined"),
    ("utf-16le", "UTF-16LE"),
    ("utf-16be", "UTF-16BE"),
    ("iso-2022-kr", "replacement"),
    ("utf-8", "UTF-8"),
]

PAGE_URL = "http://page.example/dir/%s.html"

# Characters of many scripts: each encoding holds some and not others.
CHARS = [
    "é", "ü", "ß", "ÿ", "©", "€", "\u00a0",  # Latin-1, windows-1252
    "ł", "ő", "č",  # Central European
    "α", "Ω",  # Greek
    "ж", "Я", "Ё",  # Cyrillic
    "א", "₪",  # Hebrew
    "ก",  # Thai
    "中", "日本", "ア", "ｱ", "～", "〜", "−", "①", "¥", "‾",  # Japanese
    "한", "글",  # Korean
    "汉", "漢", "𠀀",  # Chinese (the last astral, in gb18030)
    "😀", "\ufffd", "\uf780", "\u0080", "ﾟ",  # emoji, U+FFFD, x-user-defined's 0x80
]
# Already-escaped and special text.
ESCAPED = [
    "%E9", "%C3%A9", "%26%2320013%3B", "&#20013;", "&#233;", "%zz", "%", "a%20b", " ", "'",
    "\"<>", "`{}", "~\\", "+", "%1B(J", "%FF%FE", "a=b&c=d",
]
# ESC, SO, SI (what ISO-2022-JP switches with) and other controls.
CONTROLS = ["\x1b", "\x0e", "\x0f", "\x1b(J", "\x1b$B", "a\x1bb", "\x1b(B", "\x01", "\x7f", "a\tb", "a\nb"]
TEXTS = CHARS + ["a中b", "é中", "é😀", "日本語", "¥‾", "Яé", "ł€"] + ESCAPED + CONTROLS

TEMPLATES = [
    ("special-query", ["http://h/p?%s", "https://h/?a=%s&b=c", "ftp://h/?%s", "http://h/?%s#f", "HTTP://h?%s"]),
    ("ws-query", ["ws://h/?%s", "wss://h/p?%s"]),
    ("file-query", ["file:///p?%s", "file://h/p?%s"]),
    ("non-special-query", ["foo://h/?%s", "foo:/p?%s", "foo://h?%s#f"]),
    ("opaque", ["mailto:u@h?subject=%s", "mailto:%s", "data:,%s?%s", "data:text/plain,x?%s#%s",
                "javascript:'%s'", "javascript:x?%s"]),
    ("path", ["http://h/%s", "https://h/a/%s?q", "foo://h/%s", "foo:/%s", "file:///%s", "ws://h/%s"]),
    ("fragment", ["http://h/#%s", "foo://h/#%s", "file:///p#%s", "http://h/?q#%s"]),
    ("host", ["http://%s.example/", "https://a%s/p", "foo://%s/", "ws://%s.example/", "file://%s/p"]),
    ("userinfo", ["http://%s:%s@h/", "https://u:%s@h/", "foo://%s@h/"]),
]
# Of TEXTS, those filled into every template, and how many others are drawn.
CORE = ["é", "中", "€", "ж", "¥", "😀", "%E9", "&#20013;", "\x1b", "a中b"]
DRAWN = 10

BASES = [
    None,
    "http://b.example/d/x",
    "https://b.example/d/?q#f",
    "http://b.example/é/?é#é",
    "http://b.example/中/?中",
    "http://bé.example/d/",
    "http://b.example/?%E9",
    "ftp://b.example/d/",
    "foo://b/d/x",
    "foo://b/d/?é",
    "ws://b/d/?é",
    "file:///d/x",
    "sub/",
    "//b2.example/p/?é",
    "data:text/html,x",
    "javascript:void(0)",
    "mailto:x@h",
    "about:blank",
    "http://[",
    "foo:opaque",
]
RELATIVE = ["?%s", "%s", "#%s", "p?%s#%s", "//h/?%s", "/%s?%s", "./?%s"]
PER_RELATIVE = 4

ISO_2022_JP = [
    "?¥‾", "?¥a‾", "?ｱ", "?¥中‾ｱ", "?\x1b(J¥", "?~\\", "?¥\x1b", "?ｱｲ¥", "?a\x0eb\x0fc",
    "#¥‾", "/¥‾?¥‾#¥‾", "?中\x1b$B中", "?‾~", "?\\¥",
    "?¥\x1ba", "?¥é", "?‾中", "?ｱ\x0ea", "?中é中",
]


def split_of(label, inp, base):
    data = (
        label.encode("utf-8") + b"\x00" + inp.encode("utf-8") + b"\x00"
        + (b"\xff" if base is None else base.encode("utf-8"))
    )
    n = int.from_bytes(hashlib.sha256(data).digest()[:8], "big")
    return "held-out" if n % 3 == 0 else "tuning"


def pairs(rng):
    """The (part, base, input) of every encoding, in order, each pair once."""
    seen = set()
    out = []

    def add(part, base, inp):
        assert "\x00" not in inp and (base is None or "\x00" not in base)
        if (base, inp) not in seen:
            seen.add((base, inp))
            out.append((part, base, inp))

    others = [t for t in TEXTS if t not in CORE]
    for part, templates in TEMPLATES:
        for t in templates:
            for x in CORE + rng.sample(others, DRAWN):
                if part == "host" and x in CONTROLS:
                    continue
                add(part, None, t.replace("%s", x))
    for r in RELATIVE:
        for b in BASES:
            for x in rng.sample(TEXTS, PER_RELATIVE):
                add("relative", b, r.replace("%s", x))
            add("relative", b, r.replace("%s", "é"))
    for s in ISO_2022_JP:
        add("iso-2022-jp", None, s)
        add("iso-2022-jp", "http://b.example/d/", "http://h/p" + s)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=os.path.join(REPO, "tests/data/browsers/corpus"))
    ap.add_argument("--seed", type=int, default=SEED)
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    items = pairs(random.Random(args.seed))
    parts = {}
    for part, _, _ in items:
        parts[part] = parts.get(part, 0) + 1
    encodings = {}
    path = os.path.join(args.out, "pages.jsonl")
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        for label, name in ENCODINGS:
            held = 0
            for part, base, inp in items:
                split = split_of(label, inp, base)
                held += split == "held-out"
                f.write(
                    '{"part":%s,"split":%s,"encoding":%s,"base":%s,"input":%s}\n'
                    % (
                        json_str(part),
                        json_str(split),
                        json_str(label),
                        "null" if base is None else json_str(base),
                        json_str(inp),
                    )
                )
            encodings[label] = {
                "name": name,
                "page": PAGE_URL % label,
                "lines": len(items),
                "tuning": len(items) - held,
                "held-out": held,
            }
    total = len(items) * len(ENCODINGS)
    print("%s: %d lines, %d per encoding (%s), %d encodings" % (
        path, total, len(items), ", ".join("%s %d" % kv for kv in parts.items()), len(ENCODINGS)))
    provenance = {
        "generator": "tests/browsers/gen_page_corpus.py",
        "command": "python3 tests/browsers/gen_page_corpus.py"
        + ("" if args.seed == SEED else " --seed %d" % args.seed),
        "seed": args.seed,
        "split": "held-out when the first 8 octets of SHA-256(UTF-8(label) 0x00 UTF-8(input) 0x00 "
        "UTF-8(base) or 0xFF) are a multiple of 3, tuning otherwise",
        "page": "served as http://page.example/dir/LABEL.html with Content-Type: text/html; "
        "charset=LABEL (ASCII markup, UTF-16 text for the UTF-16 labels); one <base> element "
        "whose href is BASE, or absent when BASE is null",
        "lines": total,
        "parts": parts,
        "encodings": encodings,
    }
    with open(os.path.join(args.out, "pages-provenance.json"), "w", encoding="utf-8", newline="\n") as f:
        f.write(json.dumps(provenance, indent=2, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
