#!/usr/bin/env python3
"""Generate the corpus of URLs whose address-bar display today's browsers
are measured on: tests/data/browsers/corpus/display.jsonl and
display-provenance.json.

Usage:  python3 tests/browsers/gen_display_corpus.py [--out DIR] [--seed N]

DIR defaults to tests/data/browsers/corpus, N to SEED below.  The output
depends on nothing but the seed (Python's ``random.Random`` with an
integer seed, every list below in a fixed order), so running it again
writes the same bytes; tests/browsers.rs checks that.

Each line is one JSON object:

    {"part":PART,"split":SPLIT,"input":INPUT}

INPUT is an absolute URL (no base), written as gen_corpora.py writes
strings (``json_str``: controls, format and bidi characters, spaces other
than U+0020 as JSON escapes).  SPLIT is ``tuning`` or ``held-out``: held
out when the first 8 octets of SHA-256(UTF-8(input) 0x00 0xFF) read as a
big-endian number are a multiple of 3 (gen_corpora.py's rule for a line
without a base).  An input appears once, under the first part that made
it.  Every input is built here from code point lists and templates.

The parts, each what an address bar's IDN or unescaping policy decides on:
  script-single    labels of one script each (Latin with diacritics,
                   Cyrillic, Greek, Armenian, Hebrew, Arabic, Devanagari,
                   Thai, Lao, Han, Hiragana, Katakana, Hangul, Georgian,
                   Ethiopic, Cherokee, Canadian syllabics, Khmer,
                   Mongolian, Tifinagh, Runic, emoji) under many TLDs
  script-mixed     labels mixing two or three scripts (Latin+Cyrillic,
                   Latin+Greek, Latin+Han, Han+Hiragana+Katakana,
                   Latin+Han+Hangul, ...)
  whole-script     words spelt wholly in Cyrillic or Greek letters that look
                   Latin (``аррӏе``, ``ехаmрӏе``) under Cyrillic, Greek and
                   other TLDs
  top-lookalike    well-known domains with a letter accented, swapped for a
                   confusable letter or digit, doubled or dropped
  digits           digits and digit lookalikes of many scripts
  combining        combining marks on Latin and other letters, stacked
  joiners          ZWJ and ZWNJ in and out of the contexts IDNA allows
  dots-slashes     dot and slash lookalikes, raw and inside an ACE label
  blocklisted      characters address bars treat specially (hyphen
                   lookalikes, U+30FC after Latin, U+0138, U+0131, ...)
                   raw and inside an ACE label
  thai-lao         Thai and Lao letters alone and next to Latin
  kana-lookalike   ノ ー ヽ 丶 and the like next to Latin, Han and kana
  bidi             Hebrew and Arabic labels with digits, Latin and each
                   other
  ace              xn-- labels given directly: valid ones of the scripts
                   above, invalid Punycode, uppercase XN--
  case             uppercase ASCII and non-ASCII labels
  multi-label      hosts with one safe and one unsafe label
  authority        ports, userinfo, IP addresses, trailing dots, www.
  path-escapes     %-escapes in the path, query and fragment that address
                   bars decode differently (%20, %7C, bidi, emoji,
                   invalid UTF-8, %2F, %25, %0A, %C2%A0, ...)
  path-raw         raw non-ASCII, spaces and bidi characters in the path,
                   query and fragment
  schemes          https, ftp, file, data, ws and wss URLs with the hosts
                   and paths above
"""

import argparse
import json
import os
import random

from gen_corpora import json_str, split_of

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
SEED = 20261128


def cps(*ranges):
    """The characters of inclusive code point ranges (a bare int is one)."""
    out = []
    for r in ranges:
        if isinstance(r, int):
            out.append(chr(r))
        else:
            out.extend(chr(c) for c in range(r[0], r[1] + 1))
    return out


# Letters of each script (inclusive ranges of assigned letters, or lists).
SCRIPTS = {
    "latin-diacritics": list("àáâãäåæçèéêëìíîïðñòóôõöøùúûüýþÿāăąćčďđēėęěğħīįķłńňőœřśšşţťũūůűųŵŷźżžșțßəɡ"),
    "cyrillic": cps((0x430, 0x44F), 0x451, 0x454, 0x456, 0x457, 0x458, 0x45E, 0x491, 0x4CF, 0x501, 0x51B, 0x51D, 0x4BB),
    "greek": cps((0x3B1, 0x3C9), 0x3AC, 0x3AD, 0x3AE, 0x3AF, 0x3CC, 0x3CD, 0x3CE),
    "armenian": cps((0x561, 0x586)),
    "hebrew": cps((0x5D0, 0x5EA)),
    "arabic": cps((0x627, 0x63A), (0x641, 0x64A), 0x67E, 0x686, 0x698, 0x6A9, 0x6AF, 0x6CC),
    "devanagari": cps((0x905, 0x914), (0x915, 0x939)),
    "thai": cps((0xE01, 0xE2E)),
    "lao": cps(0xE81, 0xE82, 0xE84, 0xE87, 0xE88, 0xE8A, 0xE8D, (0xE94, 0xE97), (0xE99, 0xE9F), 0xEA1, 0xEA2,
               0xEA3, 0xEA5, 0xEA7, 0xEAA, 0xEAB, 0xEAD, 0xEAE),
    "han": list("中国日本人大学网站电子邮件公司新闻北京上海东京台湾香港天地山水火木金土月星风云花草鸟鱼书店银行市场"),
    "hiragana": cps((0x3042, 0x3093)),
    "katakana": cps((0x30A2, 0x30F3)),
    "hangul": cps((0xAC00, 0xAC20), (0xB098, 0xB0B0), (0xD55C, 0xD574), (0xC11C, 0xC130)),
    "georgian": cps((0x10D0, 0x10FA)),
    "ethiopic": cps((0x1200, 0x1248)),
    "cherokee": cps((0x13A0, 0x13F4)),
    "canadian-syllabics": cps((0x1401, 0x166C)),
    "khmer": cps((0x1780, 0x17A2)),
    "mongolian": cps((0x1820, 0x1877)),
    "tifinagh": cps((0x2D30, 0x2D67)),
    "runic": cps((0x16A0, 0x16EA)),
    "emoji": cps((0x1F600, 0x1F64F), 0x1F4A9, 0x2764, 0x2615, 0x1F355, 0x1F680, 0x1F30D, 0x2600, 0x1F525),
}
# Vowel signs and virama that follow a letter.
MARKS = {
    "devanagari": cps((0x93E, 0x94C), 0x94D),
    "thai": cps(0xE31, (0xE34, 0xE3A), (0xE47, 0xE4B)),
    "lao": cps(0xEB1, (0xEB4, 0xEB9), (0xEC8, 0xECB)),
    "khmer": cps((0x17B6, 0x17C5)),
}

TLDS = ["com", "org", "net", "de", "ru", "рф", "xn--p1ai", "ua", "укр", "jp", "cn", "中国", "xn--fiqs8s", "gr",
        "ελ", "kr", "한국", "il", "sa", "in", "भारत", "th", "ไทย", "la", "am", "ge", "et", "ca", "co.uk", "io",
        "fr", "pl", "tr", "vn", "tw", "br", "xn--90ae", "рус", "москва", "info", "app", "example"]
SCRIPT_TLDS = {
    "cyrillic": ["ru", "рф", "xn--p1ai", "ua", "укр", "bg", "by", "kz", "рус", "com"],
    "greek": ["gr", "ελ", "xn--qxam", "cy", "com"],
    "han": ["cn", "中国", "xn--fiqs8s", "jp", "tw", "hk", "com"],
    "hiragana": ["jp", "com"],
    "katakana": ["jp", "com"],
    "hangul": ["kr", "한국", "xn--3e0b707e", "com"],
    "thai": ["th", "ไทย", "com"],
    "lao": ["la", "com"],
    "hebrew": ["il", "com"],
    "arabic": ["sa", "eg", "ae", "com"],
    "devanagari": ["in", "भारत", "com"],
    "armenian": ["am", "com"],
    "georgian": ["ge", "com"],
    "ethiopic": ["et", "com"],
}

# Latin letters and lookalikes in other scripts (one code point each).
CONFUSABLE_CYRILLIC = {
    "a": "а", "c": "с", "d": "ԁ", "e": "е", "h": "һ", "i": "і", "j": "ј", "l": "ӏ", "o": "о", "p": "р",
    "q": "ԛ", "s": "ѕ", "w": "ԝ", "x": "х", "y": "у", "k": "к", "m": "м", "n": "п", "b": "ь", "g": "ԍ",
}
CONFUSABLE_GREEK = {"a": "α", "o": "ο", "v": "ν", "t": "τ", "i": "ι", "k": "κ", "p": "ρ", "u": "υ", "x": "χ",
                    "y": "γ", "n": "η", "e": "ε", "b": "β"}
CONFUSABLE_OTHER = {"g": "ɡ", "i": "ı", "l": "ⅼ", "o": "ο", "a": "ɑ", "d": "ժ", "h": "հ", "n": "ո", "u": "ս",
                    "q": "զ", "s": "ꜱ", "w": "ѡ", "y": "ყ", "e": "ҽ", "r": "г", "c": "ϲ", "m": "ṃ", "k": "ĸ"}
WORDS = ["apple", "example", "epic", "scope", "pay", "coach", "copy", "space", "yahoo", "soap", "essay", "access",
         "shop", "cheap", "echo", "peace", "soccer", "asxe", "ooo", "see", "sea", "ace", "cope", "pop", "hope",
         "xerox", "assay", "happy", "supply", "phase"]
TOP = ["google", "facebook", "apple", "paypal", "amazon", "microsoft", "adobe", "office", "youtube", "wikipedia",
       "instagram", "netflix", "twitter", "linkedin", "github", "dropbox", "ebay", "yahoo", "baidu", "yandex",
       "whatsapp", "outlook", "icloud", "binance", "coinbase", "chase", "wellsfargo", "bankofamerica", "spotify",
       "booking", "reddit", "tiktok", "zoom", "live", "bing", "walmart", "alibaba", "roblox", "steam", "discord"]
ACCENTS = {"a": "àáâãäåāăą", "c": "çćč", "e": "èéêëēėęě", "i": "ìíîïīįı", "n": "ñńň", "o": "òóôõöøōő",
           "u": "ùúûüūůűų", "y": "ýÿŷ", "z": "źżž", "s": "śšş", "g": "ğġ", "l": "ĺļľł", "r": "ŕř", "d": "ďđ",
           "t": "ţť", "k": "ķ", "b": "ḃ", "h": "ĥħ", "w": "ŵ", "p": "ṗ", "f": "ḟ", "m": "ṁ"}
DIGIT_SWAPS = {"o": "0", "l": "1", "i": "1", "e": "3", "a": "4", "s": "5", "g": "9", "b": "8", "t": "7"}

DIGITS = {
    "ascii": "0123456789",
    "arabic-indic": cps((0x660, 0x669)),
    "extended-arabic-indic": cps((0x6F0, 0x6F9)),
    "devanagari": cps((0x966, 0x96F)),
    "thai": cps((0xE50, 0xE59)),
    "lao": cps((0xED0, 0xED9)),
    "khmer": cps((0x17E0, 0x17E9)),
    "fullwidth": cps((0xFF10, 0xFF19)),
    "mathematical": cps((0x1D7CE, 0x1D7D7)),
    "bengali": cps((0x9E6, 0x9EF)),
    "myanmar": cps((0x1040, 0x1049)),
}
DIGIT_LOOKALIKES = list("зЗчбОоΟοօ০৪୦௦౦೦൦໐Ӡ") + ["\u0222", "\u01b7", "\u0261"]

COMBINING = cps((0x300, 0x36F))
DOTS = ["\u2024", "\uff0e", "\u3002", "\uff61", "\u00b7", "\u0701", "\u0702", "\u2027", "\u30fb", "\u2e31"]
SLASHES = ["\u2044", "\u2215", "\uff0f", "\u29f8", "\u2571", "\u0338", "\u2cc6", "\u30ce", "\u2f03", "\u3033"]
BLOCKLISTED = [
    "\u2010", "\u2011", "\u2012", "\u2013", "\u2014", "\u2015", "\u2212", "\u00ad", "\u0138", "\u0131", "\u01c0",
    "\u01c3", "\u02b9", "\u02bb", "\u02bc", "\u02d0", "\u0337", "\u05c3", "\u05f4", "\u06d4", "\u0589", "\u0660",
    "\u06f0", "\u30a0", "\u30fc", "\u3164", "\u115f", "\u1160", "\ufe14", "\ufe15", "\ufe19", "\u00df", "\u03c2",
    "\u00e6", "\u0153", "\u0111", "\u0127", "\u0142", "\u00f8", "\u00fe", "\u00f0", "\u0250", "\u0254", "\u1d00",
    "\u0e3f", "\u0f0c", "\u2028", "\u200b", "\u2060", "\ufeff", "\u00a0", "\u3000", "\u2000", "\u02d7", "\u1806",
    "\u2043", "\u4e00", "\u4e28", "\u4e3f", "\u3007", "\u0e4f", "\u0021", "\u0024", "\u0026", "\u0027", "\u0028",
    "\u002a", "\u002b", "\u002c", "\u003b", "\u003d", "\u005f", "\u007e",
]
KANA_LOOKALIKE = ["ノ", "ー", "ヽ", "ヾ", "ゝ", "ゞ", "〳", "〴", "〵", "丶", "乀", "ㇵ", "ン", "ソ", "ニ", "へ", "ヘ", "エ",
                  "口", "一", "二", "工", "力", "夕", "卜"]
THAI_LOOKALIKE = list("ทบปพฟหนยรฐถกดตอ") + cps((0xE81, 0xE84), 0xE9A, 0xE9B, 0xE9E, 0xEAD)

# %-escapes that address bars decode, or not, for display.
ESCAPES = ["%20", "%7C", "%E2%80%AE", "%E2%80%8F", "%E2%80%8B", "%F0%9F%92%A9", "%F0%90%90%80", "%C3%A9",
           "%C3%28", "%E2%82", "%FF", "%80", "%2F", "%25", "%0A", "%0D", "%09", "%00", "%C2%A0", "%E3%80%80",
           "%23", "%3F", "%26", "%3D", "%2E", "%2E%2E", "%22", "%3C%3E", "%5C", "%60", "%7B%7D", "%E2%80%A8",
           "%EF%BB%BF", "%D0%B0%D1%80%D1%80", "%D7%90", "%D8%A7", "%E4%B8%AD", "%CC%81", "%E2%81%84", "%E2%88%95",
           "%EF%BC%8F", "%E2%80%A4", "%C2%AD", "%7F", "%1B", "%ED%A0%80", "%F4%90%80%80", "%EF%BF%BD", "%EF%BF%BF",
           "%e2%80%ae", "%F0%9F%87%BA%F0%9F%87%B8", "%E2%80%8D", "%2525", "%20%20", "%E2%80%AA", "%E2%81%A6",
           "%CD%8F", "%E1%85%9F", "%F3%A0%80%81", "%F3%B0%80%80"]
RAW = ["é", "ü", "中文", "аррӏе", "💩", " ", "  ", "\u202e", "\u200f", "\u200b", "\u00a0", "\u3000", "\u2028",
       "\u0301", "|", "\"", "<>", "`", "{}", "^", "\\", "\u05d0\u05d1", "\u0627\u0644", "\ufeff", "\ufffd",
       "\U0001f1fa\U0001f1f8", "\u2044", "\u2215", "\uff0f", "\u2024", "ﾟ", "ｱ", "Ａ"]
HOSTS_PLAIN = ["example.com", "www.example.com", "a.b", "xn--80ak6aa92e.com", "münchen.de", "例え.jp",
               "xn--ls8h.la", "test.рф", "1.2.3.4", "[::1]"]


class Corpus:
    def __init__(self):
        self.items = {}  # input -> part, in insertion order
        self.part = None

    def add(self, inp):
        assert isinstance(inp, str)
        assert not any(0xD800 <= ord(c) <= 0xDFFF for c in inp), repr(inp)
        if inp not in self.items:
            self.items[inp] = self.part

    def write(self, path):
        with open(path, "w", encoding="utf-8", newline="\n") as f:
            for inp, part in self.items.items():
                f.write('{"part":%s,"split":%s,"input":%s}\n' % (
                    json_str(part), json_str(split_of(inp, None)), json_str(inp)))

    def counts(self):
        c = {}
        for part in self.items.values():
            c[part] = c.get(part, 0) + 1
        return c


def ace(label):
    """The ACE form of a label (RFC 3492 Punycode; Python's codec), as it
    is, with no mapping or check."""
    return "xn--" + label.encode("punycode").decode("ascii")


def word(rng, letters, lo=3, hi=9):
    return "".join(rng.choice(letters) for _ in range(rng.randint(lo, hi)))


def script_word(rng, script, lo=3, hi=9):
    letters = SCRIPTS[script]
    marks = MARKS.get(script)
    out = []
    for _ in range(rng.randint(lo, hi)):
        out.append(rng.choice(letters))
        if marks and rng.random() < 0.4:
            out.append(rng.choice(marks))
    return "".join(out)


def tld_for(rng, script):
    if script in SCRIPT_TLDS and rng.random() < 0.6:
        return rng.choice(SCRIPT_TLDS[script])
    return rng.choice(TLDS)


def url(rng, host, path=None):
    """http: mostly, with a bare slash or a short path."""
    scheme = "http" if rng.random() < 0.8 else "https"
    if path is None:
        path = "/" if rng.random() < 0.85 else "/" + rng.choice(["index.html", "a/b", "login?x=1", "#top"])
    return "%s://%s%s" % (scheme, host, path)


def gen_script_single(c, rng):
    c.part = "script-single"
    for script in SCRIPTS:
        for _ in range(45):
            label = script_word(rng, script, 1 if script in ("han", "emoji") else 3, 6 if script in ("han", "emoji") else 10)
            if script == "latin-diacritics" and rng.random() < 0.6:
                # Mostly ASCII with a few letters of the list.
                base = list(word(rng, "abcdefghijklmnopqrstuvwxyz", 4, 10))
                for _ in range(rng.randint(1, 2)):
                    base[rng.randrange(len(base))] = rng.choice(SCRIPTS[script])
                label = "".join(base)
            c.add(url(rng, "%s.%s" % (label, tld_for(rng, script))))
            if rng.random() < 0.3:
                c.add(url(rng, "%s.%s.%s" % (word(rng, "abcdefghijklmnopqrstuvwxyz", 3, 6), label, tld_for(rng, script))))


MIXES = [
    ("latin", "cyrillic"), ("latin", "greek"), ("latin", "han"), ("latin", "hiragana"), ("latin", "katakana"),
    ("latin", "hangul"), ("latin", "armenian"), ("latin", "georgian"), ("latin", "hebrew"), ("latin", "arabic"),
    ("latin", "devanagari"), ("latin", "thai"), ("latin", "cherokee"), ("latin", "ethiopic"), ("latin", "emoji"),
    ("cyrillic", "greek"), ("cyrillic", "han"), ("greek", "han"), ("han", "hiragana"), ("han", "katakana"),
    ("hiragana", "katakana"), ("han", "hiragana", "katakana"), ("han", "hangul"), ("latin", "han", "hangul"),
    ("latin", "han", "hiragana"), ("latin", "han", "katakana"), ("latin", "han", "hiragana", "katakana"),
    ("hangul", "hiragana"), ("hebrew", "arabic"), ("arabic", "devanagari"), ("thai", "lao"), ("latin-diacritics", "cyrillic"),
    ("armenian", "cyrillic"), ("georgian", "cyrillic"), ("canadian-syllabics", "latin"), ("khmer", "thai"),
    ("han", "emoji"), ("cyrillic", "emoji"),
]


def letters_of(name):
    return list("abcdefghijklmnopqrstuvwxyz") if name == "latin" else SCRIPTS[name]


def gen_script_mixed(c, rng):
    c.part = "script-mixed"
    for mix in MIXES:
        for _ in range(22):
            parts = [word(rng, letters_of(s), 1, 4) for s in mix]
            rng.shuffle(parts)
            label = "".join(parts)
            if rng.random() < 0.3:
                label = "-".join(parts)
            c.add(url(rng, "%s.%s" % (label, rng.choice(TLDS))))


def gen_whole_script(c, rng):
    c.part = "whole-script"
    tlds = ["com", "org", "net", "ru", "рф", "xn--p1ai", "ua", "укр", "bg", "рус", "gr", "ελ", "de", "jp", "cn",
            "xn--fiqs8s", "co.uk", "io"]
    for w in WORDS:
        for table in (CONFUSABLE_CYRILLIC, CONFUSABLE_GREEK):
            if all(ch in table for ch in w):
                whole = "".join(table[ch] for ch in w)
                for tld in tlds:
                    c.add("http://%s.%s/" % (whole, tld))
            # Every letter that has a lookalike swapped, the rest left Latin.
            part = "".join(table.get(ch, ch) for ch in w)
            if part != w:
                for tld in rng.sample(tlds, 6):
                    c.add("http://%s.%s/" % (part, tld))
            # One letter swapped.
            pos = [k for k, ch in enumerate(w) if ch in table]
            if pos:
                k = rng.choice(pos)
                for tld in rng.sample(tlds, 4):
                    c.add("http://%s%s%s.%s/" % (w[:k], table[w[k]], w[k + 1:], tld))
    # Random whole-script words from the lookalike letters alone.
    cyr = sorted(set(CONFUSABLE_CYRILLIC.values()))
    grk = sorted(set(CONFUSABLE_GREEK.values()))
    for _ in range(150):
        c.add(url(rng, "%s.%s" % (word(rng, cyr, 3, 8), rng.choice(tlds))))
        c.add(url(rng, "%s.%s" % (word(rng, grk, 3, 8), rng.choice(tlds))))


def gen_top_lookalike(c, rng):
    c.part = "top-lookalike"
    tlds = ["com", "com", "com", "net", "org", "de", "ru", "co.uk", "io", "jp", "cn"]
    for name in TOP:
        c.add("http://%s.com/" % name)
        c.add("https://www.%s.com/" % name)
        for k, ch in enumerate(name):
            for table in (ACCENTS, CONFUSABLE_CYRILLIC, CONFUSABLE_GREEK, CONFUSABLE_OTHER):
                if ch in table and rng.random() < 0.45:
                    sub = rng.choice(table[ch])
                    c.add("http://%s%s%s.%s/" % (name[:k], sub, name[k + 1:], rng.choice(tlds)))
            if ch in DIGIT_SWAPS and rng.random() < 0.5:
                c.add("http://%s%s%s.%s/" % (name[:k], DIGIT_SWAPS[ch], name[k + 1:], rng.choice(tlds)))
        k = rng.randrange(len(name))
        c.add("http://%s%s.com/" % (name[: k + 1], name[k:]))  # a letter doubled
        c.add("http://%s%s.com/" % (name[:k], name[k + 1:]))  # a letter dropped
        c.add("http://%s-login.com/" % name)
        c.add("http://%s.%s.com/" % (name, word(rng, "abcdefghijklmnopqrstuvwxyz", 4, 8)))
        # The name as a subdomain of a lookalike, and after www.
        k = rng.randrange(len(name))
        if name[k] in ACCENTS:
            c.add("http://www.%s%s%s.com/" % (name[:k], rng.choice(ACCENTS[name[k]]), name[k + 1:]))


def gen_digits(c, rng):
    c.part = "digits"
    for kind, ds in DIGITS.items():
        for _ in range(12):
            c.add(url(rng, "%s.%s" % (word(rng, ds, 2, 6), rng.choice(TLDS))))
            c.add(url(rng, "%s%s.com" % (word(rng, "abcdefghijklmnopqrstuvwxyz", 3, 6), word(rng, ds, 1, 3))))
        for other in ("ascii", "arabic-indic", "extended-arabic-indic", "devanagari"):
            if other != kind:
                c.add(url(rng, "%s%s.com" % (word(rng, ds, 1, 3), word(rng, DIGITS[other], 1, 3))))
    for ch in DIGIT_LOOKALIKES:
        c.add("http://%s%s%s.com/" % (word(rng, "0123456789", 1, 3), ch, word(rng, "0123456789", 1, 3)))
        c.add("http://%s%s.com/" % (ch, word(rng, "0123456789", 2, 4)))
        c.add("http://%s%s.ru/" % (word(rng, SCRIPTS["cyrillic"], 2, 4), ch))


def gen_combining(c, rng):
    c.part = "combining"
    bases = {
        "latin": list("abcdefghijklmnopqrstuvwxyz") + ["ı", "ȷ"],
        "cyrillic": SCRIPTS["cyrillic"], "greek": SCRIPTS["greek"], "han": SCRIPTS["han"],
        "arabic": SCRIPTS["arabic"], "hebrew": SCRIPTS["hebrew"], "hangul": SCRIPTS["hangul"],
        "katakana": SCRIPTS["katakana"], "digit": list("0123456789"),
    }
    for kind, letters in bases.items():
        for _ in range(35):
            w = list(word(rng, letters, 2, 7))
            k = rng.randrange(len(w))
            n = rng.choice([1, 1, 1, 2, 3, 4])
            w[k] += "".join(rng.choice(COMBINING) for _ in range(n))
            if rng.random() < 0.3:
                w.insert(0, rng.choice(COMBINING))  # a mark opening the label
            c.add(url(rng, "%s.%s" % ("".join(w), rng.choice(TLDS))))
    # The same mark twice, dotless i and j with a dot above, a mark after a hyphen or a digit.
    for m in ["\u0301", "\u0307", "\u0308", "\u0335", "\u0338", "\u0305", "\u0323", "\u0331"]:
        c.add("http://ex%s%samp.com/" % (m, m))
        c.add("http://\u0131%sx.com/" % m)
        c.add("http://\u0237%sx.com/" % m)
        c.add("http://a-%sb.com/" % m)
        c.add("http://a1%sb.com/" % m)
        c.add("http://%s.com/" % ("o" + m))


def gen_joiners(c, rng):
    c.part = "joiners"
    zw = ["\u200c", "\u200d"]
    for j in zw:
        for _ in range(12):
            w = word(rng, "abcdefghijklmnopqrstuvwxyz", 2, 5)
            c.add("http://%s%s%s.com/" % (w, j, word(rng, "abcdefghijklmnopqrstuvwxyz", 2, 5)))
            c.add("http://%s%s.com/" % (j, w))
            c.add("http://%s%s.com/" % (w, j))
            a = SCRIPTS["arabic"]
            c.add("http://%s%s%s.%s/" % (word(rng, a, 2, 4), j, word(rng, a, 2, 4), rng.choice(["sa", "com"])))
            d = SCRIPTS["devanagari"]
            # After a virama (CONTEXTJ allows it) and not.
            c.add("http://%s\u094d%s%s.in/" % (word(rng, d, 1, 3), j, word(rng, d, 1, 3)))
            c.add("http://%s%s%s.in/" % (word(rng, d, 1, 3), j, word(rng, d, 1, 3)))
            e = SCRIPTS["emoji"]
            c.add("http://%s%s%s.ws/" % (rng.choice(e), j, rng.choice(e)))
            c.add("http://%s%s.com/" % (rng.choice(e), j))
    for seq in ["\U0001f468\u200d\U0001f469\u200d\U0001f467", "\U0001f3f3\ufe0f\u200d\U0001f308", "\u2764\ufe0f",
                "\U0001f44d\U0001f3fd", "\U0001f1fa\U0001f1f8"]:
        c.add("http://%s.com/" % seq)
        c.add("http://%s.ws/" % seq)
    # Joiners given in an ACE label.
    for _ in range(30):
        w = word(rng, "abcdefghijklmnopqrstuvwxyz", 2, 5) + rng.choice(zw) + word(rng, "abcdefghijklmnopqrstuvwxyz", 2, 5)
        c.add("http://%s.com/" % ace(w))


def gen_dots_slashes(c, rng):
    c.part = "dots-slashes"
    for ch in DOTS + SLASHES:
        for name in rng.sample(TOP, 6):
            inner = "%s%scom" % (name, ch)
            c.add("http://%s.evil.com/" % inner)  # raw
            c.add("http://%s.evil.com/" % ace(inner))  # inside an ACE label
            c.add("http://%s/" % ace(inner))
        c.add("http://a%sb/" % ch)
        c.add("http://example.com%sevil.com/" % ch)
        c.add("https://www.%s.com/" % ace("example" + ch + "com" + ch + "login"))
        c.add("http://%s.%s/" % (ace("%s%s" % (word(rng, SCRIPTS["cyrillic"], 2, 5), ch)), rng.choice(["ru", "com"])))


def gen_blocklisted(c, rng):
    c.part = "blocklisted"
    for ch in BLOCKLISTED:
        for _ in range(3):
            w = word(rng, "abcdefghijklmnopqrstuvwxyz", 2, 6)
            v = word(rng, "abcdefghijklmnopqrstuvwxyz", 2, 6)
            c.add("http://%s%s%s.com/" % (w, ch, v))
            c.add("http://%s.com/" % ace(w + ch + v))
        c.add("http://%s%s.%s/" % (word(rng, SCRIPTS["katakana"], 2, 4), ch, rng.choice(["jp", "com"])))
        c.add("http://%s.jp/" % ace(word(rng, SCRIPTS["han"], 1, 3) + ch))
        c.add("http://%s%s.com/" % (ch, word(rng, "abcdefghijklmnopqrstuvwxyz", 3, 6)))
    # U+30FC after Latin, kana and Han; U+0138 and U+0131 in words.
    for _ in range(20):
        c.add("http://%s\u30fc.com/" % word(rng, "abcdefghijklmnopqrstuvwxyz", 2, 6))
        c.add("http://%s\u30fc%s.jp/" % (word(rng, SCRIPTS["katakana"], 1, 3), word(rng, SCRIPTS["katakana"], 1, 3)))
        c.add("http://%s\u30fc.jp/" % word(rng, SCRIPTS["han"], 1, 3))
        c.add("http://%s\u0138%s.com/" % (word(rng, "aeiou", 1, 3), word(rng, "aeiou", 1, 3)))
        c.add("http://%s\u0131%s.com/" % (word(rng, "bcdfg", 1, 3), word(rng, "nmst", 1, 3)))


def gen_thai_lao(c, rng):
    c.part = "thai-lao"
    for _ in range(70):
        c.add(url(rng, "%s.%s" % (script_word(rng, "thai", 2, 7), rng.choice(["th", "ไทย", "com"]))))
        c.add(url(rng, "%s.%s" % (script_word(rng, "lao", 2, 7), rng.choice(["la", "com"]))))
        w = list(word(rng, "abcdefghijklmnopqrstuvwxyz", 3, 8))
        w[rng.randrange(len(w))] = rng.choice(THAI_LOOKALIKE)
        c.add(url(rng, "%s.%s" % ("".join(w), rng.choice(["com", "th", "la", "net"]))))
        c.add(url(rng, "%s.%s" % (word(rng, THAI_LOOKALIKE, 2, 5), rng.choice(["com", "th", "la"]))))


def gen_kana_lookalike(c, rng):
    c.part = "kana-lookalike"
    for ch in KANA_LOOKALIKE:
        for _ in range(3):
            w = word(rng, "abcdefghijklmnopqrstuvwxyz", 2, 6)
            c.add("http://%s%s.com/" % (w, ch))
            c.add("http://%s%s%s.com/" % (w, ch, word(rng, "abcdefghijklmnopqrstuvwxyz", 1, 4)))
            c.add("http://%s%s.jp/" % (word(rng, SCRIPTS["han"], 1, 3), ch))
            c.add("http://%s%s%s.jp/" % (word(rng, SCRIPTS["hiragana"], 1, 3), ch, word(rng, SCRIPTS["hiragana"], 1, 3)))
            c.add("http://%s%s.%s/" % (ch, word(rng, SCRIPTS["katakana"], 1, 3), rng.choice(["jp", "com"])))
        c.add("http://%s/" % ch * 1 + "")
        c.add("http://%s%s.com/" % (ch, ch))


def gen_bidi(c, rng):
    c.part = "bidi"
    for script, tlds in (("hebrew", ["il", "com", "xn--4dbrk0ce"]), ("arabic", ["sa", "com", "xn--mgberp4a5d4ar"])):
        for _ in range(50):
            w = script_word(rng, script, 2, 7)
            tld = rng.choice(tlds)
            c.add("http://%s.%s/" % (w, tld))
            c.add("http://%s%s.%s/" % (w, word(rng, "0123456789", 1, 3), tld))
            c.add("http://%s%s.%s/" % (word(rng, "0123456789", 1, 3), w, tld))
            c.add("http://%s%s.com/" % (w, word(rng, "abcdefghijklmnopqrstuvwxyz", 1, 3)))
            c.add("http://%s.%s.com/" % (w, word(rng, "abcdefghijklmnopqrstuvwxyz", 3, 6)))
            c.add("http://%s.%s.com/" % (word(rng, "abcdefghijklmnopqrstuvwxyz", 3, 6), w))
        for _ in range(10):
            c.add("http://%s%s.%s/" % (script_word(rng, script, 2, 5), word(rng, DIGITS["arabic-indic"], 1, 3),
                                        rng.choice(tlds)))
            c.add("http://%s-%s.com/" % (script_word(rng, script, 2, 5), word(rng, "abc", 1, 3)))
    for _ in range(20):
        c.add("http://%s%s.com/" % (script_word(rng, "hebrew", 2, 4), script_word(rng, "arabic", 2, 4)))
        c.add("http://%s.%s.com/" % (script_word(rng, "hebrew", 2, 4), script_word(rng, "arabic", 2, 4)))


def gen_ace(c, rng):
    c.part = "ace"
    for script in SCRIPTS:
        for _ in range(12):
            label = script_word(rng, script, 2, 8)
            c.add(url(rng, "%s.%s" % (ace(label), tld_for(rng, script))))
    for name in TOP[:20]:
        k = rng.randrange(len(name))
        if name[k] in CONFUSABLE_CYRILLIC:
            c.add("http://%s.com/" % ace(name[:k] + CONFUSABLE_CYRILLIC[name[k]] + name[k + 1:]))
        if name[k] in ACCENTS:
            c.add("http://%s.com/" % ace(name[:k] + rng.choice(ACCENTS[name[k]]) + name[k + 1:]))
    # Invalid Punycode, ACE of ASCII, ACE of uppercase or unnormalised text, odd cases.
    bad = ["xn--", "xn--a", "xn--a-", "xn---", "xn--ls8h-", "xn--zz9999", "xn--abc", "xn--abc-", "xn--abcd-",
           "xn--99999999", "xn--ls8hxx", "xn--0", "xn--p1ai-", "xn--ñ", "xn--a.xn--b", "xn--xn--ls8h",
           "xn--80ak6aa92e-", "xn--caf-dma", "xn--cafe-yvc", "xn--tda", "xn--ssa", "xn--zca", "xn--nxa"]
    for b in bad:
        c.add("http://%s.com/" % b)
        c.add("http://www.%s/" % b)
    for _ in range(40):
        label = rng.choice(["Café", "ÉCOLE", "Straße", "ΑΘΗΝΑ", "МОСКВА", "e\u0301cole", "ａｂｃ", "ﬁle", "Ⅻ", "①"])
        label += word(rng, "abcdefghijklmnopqrstuvwxyz", 0, 3)
        c.add("http://%s.com/" % ace(label))
    for _ in range(40):
        label = ace(script_word(rng, rng.choice(list(SCRIPTS)), 2, 6))
        c.add("http://%s.com/" % label.upper())
        c.add("http://%s.com/" % ("Xn" + label[2:]))


def gen_case(c, rng):
    c.part = "case"
    for name in TOP[:20]:
        c.add("http://%s.COM/" % name.upper())
        c.add("HTTP://WWW.%s.Com/" % name.capitalize())
    for s in ["cyrillic", "greek", "armenian", "georgian", "latin-diacritics", "cherokee"]:
        for _ in range(15):
            c.add("http://%s.%s/" % (script_word(rng, s, 3, 7).upper(), tld_for(rng, s)))
    for w in ["ẞtraße", "İstanbul", "KIRMIZI", "ΣΊΣΥΦΟΣ", "ǅemal", "ǈubljana", "ǋj", "Ω", "K", "Å"]:
        c.add("http://%s.com/" % w)
        c.add("http://%s.de/" % w)


def gen_multi_label(c, rng):
    c.part = "multi-label"
    unsafe = ["аррӏе", "ехаmрӏе", "gооgle", "раураӏ", "xn--80ak6aa92e", "ノート", "pаypal", "göogle",
              "a\u0307\u0307b", "ab\u30fc", "\u05d0a"]
    safe = ["münchen", "例え", "日本語", "пример", "παράδειγμα", "テスト", "bücher", "한국어", "mail", "www"]
    for _ in range(250):
        u = rng.choice(unsafe)
        s = rng.choice(safe)
        order = rng.choice([(s, u), (u, s), (s, s, u), (u, s, s)])
        c.add(url(rng, "%s.%s" % (".".join(order), rng.choice(TLDS))))
    for _ in range(60):
        c.add(url(rng, "%s.%s.%s" % (rng.choice(safe), rng.choice(safe), rng.choice(TLDS))))


def gen_authority(c, rng):
    c.part = "authority"
    hosts = ["example.com", "www.example.com", "münchen.de", "www.münchen.de", "аррӏе.com", "test.рф",
             "xn--ls8h.la", "例え.jp", "ノート.org", "1.2.3.4", "[::1]", "[2001:db8::1]", "localhost", "0x7f.1",
             "www.www.example.com", "www.", "www.x", "www.com", "wwww.example.com", "m.example.com", "www2.example.com",
             "www.аррӏе.com", "www.test.рф", "example.com.", "münchen.de.", "WWW.EXAMPLE.COM", "www.co.uk",
             "www.example.co.uk", "www.10.0.0.1"]
    for h in hosts:
        for scheme in ("http", "https"):
            c.add("%s://%s/" % (scheme, h))
            c.add("%s://%s:8080/" % (scheme, h))
            c.add("%s://%s:%d/" % (scheme, h, 80 if scheme == "http" else 443))
            c.add("%s://user:pass@%s/" % (scheme, h))
            c.add("%s://%s@%s/p" % (scheme, rng.choice(["u", "ü", "a%20b", "аррӏе.com", "google.com"]), h))
            c.add("%s://%s/path/" % (scheme, h))
            c.add("%s://%s?q" % (scheme, h))
            c.add("%s://%s#f" % (scheme, h))
            c.add("%s://%s/?" % (scheme, h))
            c.add("%s://%s/#" % (scheme, h))


def gen_path_escapes(c, rng):
    c.part = "path-escapes"
    for e in ESCAPES:
        for host in rng.sample(HOSTS_PLAIN, 4):
            for form in ("/%s", "/a%sb", "/a/%s/", "/?q=%s", "/?%s", "/#%s", "/p#a%sb", "/%s?%s#%s", "/%s%s",
                         "/x.html?a=1&b=%s"):
                c.add("http://%s%s" % (host, form.replace("%s", e)))
        c.add("https://example.com/%s" % e)
        c.add("http://example.com/%s/" % e * 1)
    # Escaped spaces and bidi at the ends, runs, and after other escapes.
    for tail in ["%20", "%20%20", "%09", "%0A", "%C2%A0", "%E3%80%80", "%E2%80%AE", "%E2%80%8F", "%E2%80%8B"]:
        c.add("http://example.com/a%s" % tail)
        c.add("http://example.com/%sa" % tail)
        c.add("http://example.com/?q=a%s" % tail)
        c.add("http://example.com/#a%s" % tail)
        c.add("http://example.com/a%s?q" % tail)
    # Random mixes.
    for _ in range(300):
        n = rng.randint(2, 5)
        path = "".join(rng.choice(ESCAPES + ["a", "b", "/", "é", "中"]) for _ in range(n))
        where = rng.choice(["/", "/?", "/#", "/x?y="])
        c.add("http://example.com%s%s" % (where, path))


def gen_path_raw(c, rng):
    c.part = "path-raw"
    for r in RAW:
        for host in rng.sample(HOSTS_PLAIN, 3):
            for form in ("/%s", "/a%sb", "/?q=%s", "/#%s", "/%s/x?%s#%s"):
                c.add("http://%s%s" % (host, form.replace("%s", r)))
    for _ in range(120):
        n = rng.randint(1, 4)
        path = "".join(rng.choice(RAW + ["a", "/", "%20", "%E2%80%AE"]) for _ in range(n))
        c.add("http://example.com/%s" % path)


def gen_schemes(c, rng):
    c.part = "schemes"
    hosts = ["example.com", "münchen.de", "аррӏе.com", "xn--ls8h.la", "test.xn--p1ai", "ノート.org", "òffice.com",
             "www.example.com"]
    paths = ["/", "/a%20b", "/%F0%9F%92%A9", "/%E2%80%AE", "/é", "/a b"]
    for h in hosts:
        for p in paths:
            for scheme in ("https", "ftp", "ws", "wss"):
                c.add("%s://%s%s" % (scheme, h, p))
    for p in ["/tmp/urlprism-display-absent/a%20b", "/tmp/urlprism-display-absent/%F0%9F%92%A9.txt",
              "/tmp/urlprism-display-absent/%E2%80%AE.txt", "/tmp/urlprism-display-absent/é.html",
              "/tmp/urlprism-display-absent/"]:
        c.add("file://%s" % p)
        c.add("file://localhost%s" % p)
    for h in hosts[:5]:
        c.add("file://%s/share/a%%20b" % h)
    for d in ["text/html,hi", "text/html,%20hi%20", "text/plain,%F0%9F%92%A9", "text/html,%E2%80%AE",
              "text/html;charset=utf-8,é", "text/html;base64,aGk="]:
        c.add("data:%s" % d)
    c.add("about:blank")
    c.add("about:blank#%20x")


def generate(rng):
    c = Corpus()
    for gen in [gen_script_single, gen_script_mixed, gen_whole_script, gen_top_lookalike, gen_digits,
                gen_combining, gen_joiners, gen_dots_slashes, gen_blocklisted, gen_thai_lao, gen_kana_lookalike,
                gen_bidi, gen_ace, gen_case, gen_multi_label, gen_authority, gen_path_escapes, gen_path_raw,
                gen_schemes]:
        gen(c, rng)
    return c


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=os.path.join(REPO, "tests/data/browsers/corpus"))
    ap.add_argument("--seed", type=int, default=SEED)
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    corpus = generate(random.Random(args.seed))
    path = os.path.join(args.out, "display.jsonl")
    corpus.write(path)
    held = sum(1 for inp in corpus.items if split_of(inp, None) == "held-out")
    print("%s: %d lines (%d held out): %s" % (
        path, len(corpus.items), held, ", ".join("%s %d" % kv for kv in corpus.counts().items())))
    provenance = {
        "generator": "tests/browsers/gen_display_corpus.py",
        "command": "python3 tests/browsers/gen_display_corpus.py"
        + ("" if args.seed == SEED else " --seed %d" % args.seed),
        "seed": args.seed,
        "split": "held-out when the first 8 octets of SHA-256(UTF-8(input) 0x00 0xFF) are a multiple of 3, "
        "tuning otherwise",
        "lines": len(corpus.items),
        "tuning": len(corpus.items) - held,
        "held-out": held,
        "parts": corpus.counts(),
    }
    with open(os.path.join(args.out, "display-provenance.json"), "w", encoding="utf-8", newline="\n") as f:
        f.write(json.dumps(provenance, indent=2) + "\n")


if __name__ == "__main__":
    main()
