#!/usr/bin/env python3
"""Generate the corpora that the 2011 browsers' own URL code is run on:
tests/data/oracles/corpus/{hosts,urls,relative,mixed}.jsonl.

Usage:  python3 tests/oracles/gen_corpora.py [--out DIR] [--shared DIR] [--seed N]

DIR defaults to tests/data/oracles/corpus, SHARED to ``../shared`` relative
to the repository root, N to SEED below.  The output depends on nothing but
the seed and the input files (Python's ``random.Random`` with an integer
seed, files read in sorted order), so running it again writes the same
bytes; tests/oracles.rs checks that.

Each line is one JSON object, written as the corpora of
tests/data/browsers/ are (the same escaping, the same split rule; the
functions are imported from tests/browsers/gen_corpora.py):

    {"part":PART,"split":SPLIT,"input":INPUT,"base":BASE}

PART names the class of input (below); BASE is null when the input stands
alone; SPLIT is ``tuning`` or ``held-out``: held out when the first 8
octets of SHA-256(UTF-8(input) 0x00 UTF-8(base)) (0xFF for no base), read
big-endian, are a multiple of 3.  An (input, base) pair appears once per
corpus, under the first part that made it.  Every input and base is valid
Unicode (an oracle reads them as UTF-8).

hosts.jsonl, a host of every class in a URL (mostly ``http://HOST/``, also
https, ftp, ws, wss, gopher and file URLs, with a port or path sometimes):
  names        letters, digits, hyphens, underscores, case, label and host
               lengths, empty labels, leading and trailing dots, labels
               that look numeric
  idn          labels of many scripts, case mapping, NFKC compatibility
               characters, ideographic and full-width dots, ß ς, joiners,
               soft hyphens, combining marks, bidi (RTL, mixed), code points
               prohibited or unassigned in Unicode 3.2, escaped UTF-8
  xn           ``xn--`` labels: valid ACE of Unicode labels, ACE of ASCII,
               bad Punycode, upper case, empty, too long, mixed with
               Unicode labels
  ipv4         one to five numbers in decimal, octal and hex, in and out of
               range (32-bit overflow, huge), with 0-2 trailing dots, empty
               parts, bad digits, mixed with names, escaped and full-width
  ipv6         literals (compressed, full, upper case, leading zeros,
               embedded IPv4 after any prefix), broken ones (too many or
               too few groups, several ``::``, long groups, partial IPv4,
               zone ids, unclosed or stray brackets, names in brackets)
  escapes      ``%XX`` in hosts: letters, dots, controls, UTF-8 valid and
               not, forbidden characters, bad escapes, escaped IPv4
  forbidden    each ASCII character and some non-ASCII ones at the start,
               middle and end of a host

urls.jsonl, whole URLs:
  schemes      every scheme (http, https, ftp, file, mailto, javascript,
               data, about, gopher, ws, wss, news, unknown ones, invalid
               scheme names, no scheme) with every kind of tail
  userinfo     user, password, empty parts, several ``@`` and ``:``,
               escapes, non-ASCII
  port         default ports per scheme, 0, leading zeros, out of range,
               signs, letters, empty, several colons
  path         dot segments (plain and escaped), every ASCII character,
               non-ASCII, escapes valid and not, ``;``, empty segments
  query        every ASCII character, non-ASCII, escapes, ``'`` ``<|>``
  fragment     the same in a fragment
  whitespace   leading and trailing spaces, tabs, CR, LF, NUL, controls,
               and inside scheme, host and path
  backslash    backslashes for slashes in every position
  file         ``file:`` with drive letters (``c:``, ``C|``, escaped),
               UNC, localhost, hosts, slashes from 0 to 5, no-scheme drive
               and UNC paths
  opaque       mailto, javascript, data, about, news, unknown schemes with
               queries and fragments

relative.jsonl, references resolved against bases of every kind (http with
path, params, query and fragment, https with port, ftp, file with a drive,
a UNC host and a POSIX path, IPv6, userinfo, a backslash in the path,
mailto, javascript, data, about, gopher, unknown hierarchical and opaque
schemes): RFC 3986's normal and abnormal examples, scheme-relative and
same-scheme references, backslashes, drive letters, dot segments,
queries, fragments, whitespace, non-ASCII.

mixed.jsonl, the inputs of existing collections:
  suite        every record (#data, #base) of the vendored conformance suite
  suite-a1     a sample of SHARED/conformance/tests-web-url/generated/*-a1-*
  wpt          every case of tests/data/wpt/2026-01/urltestdata.json
  bench-ascii, bench-idn, bench-kasztp, bench-relative
               samples of SHARED/bench/
  hostile      bench URLs mutated (controls, odd escapes, backslashes, ...)
"""

import argparse
import json
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(REPO, "tests", "browsers"))
import gen_corpora as common  # noqa: E402  (the format functions)

SEED = 20110502

Corpus = common.Corpus
sample = common.sample


# --------------------------------------------------------------------------
# Building blocks

LETTERS = "abcdefghijklmnopqrstuvwxyz"
LDH = LETTERS + "0123456789-"


def label(rng, lo=1, hi=12):
    n = rng.randint(lo, hi)
    s = "".join(rng.choice(LDH) for _ in range(n))
    if rng.random() < 0.8:
        s = s.strip("-") or rng.choice(LETTERS)
    return s


def name(rng, labels=None):
    k = labels or rng.randint(1, 4)
    return ".".join(label(rng) for _ in range(k))


TLDS = ["com", "org", "net", "de", "jp", "ch", "cn", "test", "info", "museum", "uk", "ru", "xn--p1ai"]


def host_urls(rng, host):
    """A host in a URL of some scheme, sometimes with a port or a path."""
    k = rng.randrange(20)
    scheme = (
        "http"
        if k < 12
        else ["https", "ftp", "ws", "wss", "gopher", "file", "HTTP", "http"][k - 12]
    )
    tail = rng.choice(["/", "/", "/", "", "/p?q#f", ":8080/", ":80/x", "/a/../b", "?x", "#y"])
    if scheme == "file" and tail.startswith(":"):
        tail = "/"
    return "%s://%s%s" % (scheme, host, tail)


def add_hosts(c, rng, hosts, contexts=2):
    for h in hosts:
        c.add("http://%s/" % h)
        for _ in range(contexts):
            c.add(host_urls(rng, h))


def puny(label_):
    return "xn--" + label_.encode("punycode").decode("ascii")


def fullwidth(s):
    return "".join(chr(ord(ch) + 0xFEE0) if "!" <= ch <= "~" else ch for ch in s)


# --------------------------------------------------------------------------
# hosts.jsonl


def gen_names(c, rng):
    hosts = []
    for _ in range(900):
        h = name(rng)
        if rng.random() < 0.3:
            h = "".join(ch.upper() if rng.random() < 0.5 else ch for ch in h)
        if rng.random() < 0.5:
            h += "." + rng.choice(TLDS)
        hosts.append(h)
    for n in [1, 2, 62, 63, 64, 65, 100, 255, 256]:
        hosts.append("a" * n + ".com")
        hosts.append("x." + "b" * n)
    for total in [250, 253, 254, 255, 256, 300]:
        labels = []
        while len(".".join(labels)) < total:
            labels.append(label(rng, 5, 20))
        hosts.append(".".join(labels)[:total].strip("."))
    shapes = [
        "a..b", "..a", "a..", ".a", "a.", "a.b.", "a.b..", ".", "..", "...", "a...b",
        "-a", "a-", "-", "--", "a--b", "a_b", "_a", "a_", "_", "__", "a.-b.c", "a-.b",
        "1", "12", "123.com", "1.2.3.com", "1.2.3.4.com", "0x1.com", "0x.com", "com.1",
        "a.1", "a.0x1", "1a", "1e5", "0.a", "a.b.c.d.e.f.g.h.i.j", "localhost",
        "LOCALHOST", "localhost.", "127.0.0.1.com", "www", "WWW.EXAMPLE.COM",
        "Www.Example.Com.", "exa mple.com", "a+b", "a!b", "a$b", "a&b", "a'b",
        "a(b)", "a*b", "a,b", "a=b", "a~b", "a^b", "a`b", "a{b}", "a|b", "a<b>",
    ]
    hosts.extend(shapes)
    for _ in range(200):
        # labels that look like numbers of every base
        parts = []
        for _ in range(rng.randint(1, 5)):
            parts.append(
                rng.choice(
                    [
                        str(rng.randint(0, 999)),
                        "0x%x" % rng.randint(0, 300),
                        "0%o" % rng.randint(0, 300),
                        label(rng, 1, 4),
                        "0x",
                        "09",
                        "1e3",
                    ]
                )
            )
        hosts.append(".".join(parts))
    add_hosts(c, rng, hosts)


SCRIPTS = [
    "àáâãäåæçèéêëìíîïðñòóôõöøùúûüýþÿāăąćĉčďđēėęěğģĥħĩīįıĳķĺļľłńņňŉŋōőœŕřśŝşšţťŧũūůűųŵŷźżž",
    "αβγδεζηθικλμνξοπρστυφχψωάέήίόύώϊϋΐΰς",
    "абвгдежзийклмнопрстуфхцчшщъыьэюяёђѓєѕіїјљњћќўџ",
    "一丁七万丈三上下不与丐丑专且丕世丘丙业丛东丝丞丟両中丰串临丸丹为主丼",
    "あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわをん",
    "アイウエオカキクケコサシスセソタチツテトナニヌネノ",
    "가각간갇갈감갑값강개객거건걸검겁게겨격견결경계고곡곤골공과관광괴교구국군굴궁권",
    "กขฃคฅฆงจฉชซฌญฎฏฐฑฒณดตถทธนบปผฝพฟภมยรลวศษสหฬอฮ",
    "अआइईउऊऋएऐओऔकखगघङचछजझञटठडढणतथदधनपफबभमयरलवशषसह",
    "აბგდევზთიკლმნოპჟრსტუფქღყშჩცძწჭხჯჰ",
    "ԱԲԳԴԵԶԷԸԹԺԻԼԽԾԿՀՁՂՃՄՅՆՇՈՉՊՋՌՍՎՏՐՑՒՓՔՕՖաբգդեզ",
]
RTL = [
    "אבגדהוזחטיכלמנסעפצקרשת",
    "ابتثجحخدذرزسشصضطظعغفقكلمنهوي",
]
UPPER = "ÀÉÎÕÜÇÑÆØÅΑΒΓΔΣΩАБВГДЖЯĀĞİŁŒŠŽ"
COMPAT = [
    "ﬁ", "ﬂ", "ﬀ", "ﬃ", "℡", "①", "⑴", "⒈", "㎏", "™", "½", "ｱ", "ｶﾞ", "Ⅻ", "ℌ", "ℕ", "ℬ",
    "ǅ", "ǈ", "ſ", "µ", "ϐ", "ϑ", "ϕ", "ẛ", "ᾀ", "ﺀ", "ﻵ", "㍱", "㋿", "¹", "₂", "ª", "º",
]
ODDITIES = [
    "ß", "ς", "\u200c", "\u200d", "\u00ad", "\u034f", "\u180b", "\ufe00", "\u2060",
    "\u0301", "\u0340", "\u0341", "\u200e", "\u200f", "\u202a", "\u202e", "\u206a",
    "\u3000", "\u00a0", "\u2000", "\u2028", "\ue000", "\uf8ff", "\ufeff", "\ufff9",
    "\ufffd", "\ufdd0", "\ufffe", "\u0221", "\u0237", "\u0370", "\u03f7", "\u0560",
    "\u08a0", "\u3040", "\u4db6", "\u9fa6", "\U0001d7ca", "\ufa6b", "\ufa70", "\ufe10",
    "\U0001f600", "\U00020000", "\U0002a6d7", "\U000e0041", "\U000e0001", "\U000f0000",
    "\u2126", "\u212a", "\u212b", "\u0130", "\u0131", "\u1e9e", "\u03a3", "\u2044",
    "\u2215", "\u2024", "\u0589", "\u05c3", "\u06d4", "\u3002", "\uff0e", "\uff61",
    "\u2488", "\ufe52", "\uff0f", "\uff03", "\uff1f", "\uff20", "\uff1a", "\uff05",
]


def unicode_label(rng, script=None):
    s = script or rng.choice(SCRIPTS)
    return "".join(rng.choice(s) for _ in range(rng.randint(1, 8)))


def gen_idn(c, rng):
    hosts = []
    for _ in range(700):
        labels = []
        for _ in range(rng.randint(1, 3)):
            k = rng.random()
            if k < 0.6:
                labels.append(unicode_label(rng))
            elif k < 0.75:
                labels.append(label(rng, 1, 8) + unicode_label(rng) + label(rng, 0, 3))
            else:
                labels.append(label(rng))
        labels.append(rng.choice(TLDS + ["рф", "中国", "日本", "ελ", "ไทย", "ישראל", "مصر"]))
        hosts.append(".".join(labels))
    for _ in range(150):
        hosts.append("".join(rng.choice(UPPER) for _ in range(rng.randint(1, 6))) + "." + rng.choice(TLDS))
    for ch in COMPAT:
        hosts.append("a%sb.com" % ch)
        hosts.append("%s.de" % ch)
    for ch in ODDITIES:
        hosts.append("a%sb.com" % ch)
        hosts.append("x.%s.jp" % ch)
        hosts.append("%sabc.de" % ch)
    for _ in range(200):
        base = unicode_label(rng) + "." + rng.choice(TLDS)
        pos = rng.randint(0, len(base))
        hosts.append(base[:pos] + rng.choice(ODDITIES + COMPAT) + base[pos:])
    for _ in range(120):
        # bidi: RTL labels, RTL with digits, mixed RTL and LTR, marks
        r = rng.choice(RTL)
        lab = "".join(rng.choice(r) for _ in range(rng.randint(1, 6)))
        k = rng.randrange(6)
        if k == 1:
            lab = lab + str(rng.randint(0, 9))
        elif k == 2:
            lab = str(rng.randint(0, 9)) + lab
        elif k == 3:
            lab = lab + "a" + lab
        elif k == 4:
            lab = lab[:1] + "\u0664" + lab[1:] + "1"
        hosts.append(lab + "." + rng.choice(["com", "il", "eg", "ישראל", "مصر"]))
    for _ in range(100):
        # full-width and ideographic dots
        h = name(rng, rng.randint(2, 3))
        if rng.random() < 0.5:
            h = fullwidth(h)
        h = h.replace(".", rng.choice(["\u3002", "\uff0e", "\uff61", "."]))
        hosts.append(h)
    for _ in range(100):
        # escaped UTF-8 and mixes of escapes and characters
        lab = unicode_label(rng)
        esc = "".join("%%%02X" % b for b in lab.encode("utf-8"))
        if rng.random() < 0.3:
            esc = esc.lower()
        hosts.append(esc + "." + rng.choice(TLDS))
    add_hosts(c, rng, hosts)


def gen_xn(c, rng):
    hosts = []
    for _ in range(500):
        lab = unicode_label(rng)
        ace = puny(lab)
        k = rng.randrange(8)
        if k == 1:
            ace = ace.upper()
        elif k == 2:
            ace = "XN--" + ace[4:]
        elif k == 3:
            ace = ace[: rng.randint(4, len(ace))]
        elif k == 4:
            ace = ace + rng.choice(["-", "!", "a", "9", "-z"])
        hosts.append(ace + "." + rng.choice(TLDS))
        if rng.random() < 0.3:
            hosts.append(rng.choice(["www.", "a."]) + ace + "." + unicode_label(rng) + ".com")
    for lab in ["abc", "a-b", "ABC", "xn--abc", "-", "", "a" * 70]:
        hosts.append(puny(lab) + ".com")
    for s in [
        "xn--", "xn--.com", "xn---", "xn--a", "xn--a-", "xn--ls8h", "xn--zz", "xn--99999999",
        "xn--abc-", "xn--bcher-kva", "xn--bcher-kva.ch", "xn--jos-dma.example.net.ch",
        "xn--ihqwcrb4cv8a8dqg056pqjye", "xn--foobar-5za.com", "xn--foobar-533e.com",
        "xn--k-dha", "test.xn--k-dha", "xn--p1ai", "xn--e1afmkfd.xn--p1ai",
        "xn--nxasmq6b.com", "xn--fa-hia.de", "xn--zca.com", "xn--ss-vda.com",
        "xn--1ug.com", "xn--0ug.com", "xn--9ca.com", "xn--u-ccb.com", "xn--a-ecp.ru",
        "xn--ab--.com", "xn--a.xn--b.xn--c", "xn--hxajbheg2az3al.xn--jxalpdlp",
        "xn--" + "a" * 60 + ".com", "xn--" + "a" * 59 + "-.com", "xn--ü.com", "xn--bü.de",
        "ü.xn--p1ai", "bücher.xn--p1ai", "XN--BCHER-KVA.DE", "Xn--Bcher-Kva.De",
    ]:
        hosts.append(s)
    add_hosts(c, rng, hosts)


def ipv4_number(rng):
    k = rng.randrange(14)
    if k < 5:
        v = rng.randint(0, 255)
    elif k < 7:
        v = rng.choice([0, 1, 255, 256, 65535, 65536, 16777215, 16777216])
    elif k < 9:
        v = rng.choice([2**32 - 1, 2**32, 2**32 + 1, 2**31, 2**40, 99999999999, 10**20])
    else:
        v = rng.randint(0, 2**32 + 5)
    base = rng.choice(["d", "d", "o", "x", "X"])
    if base == "d":
        s = str(v)
        if rng.random() < 0.05:
            s = "0" * rng.randint(1, 3) + s if v else s
    elif base == "o":
        s = "0%o" % v
        if rng.random() < 0.1:
            s = "0" + s
    else:
        s = ("0x" if base == "x" else "0X") + ("%x" % v if rng.random() < 0.6 else "%X" % v)
        if rng.random() < 0.1:
            s = s[:2] + "0" * rng.randint(1, 8) + s[2:]
    return s


def gen_ipv4(c, rng):
    hosts = []
    for _ in range(2200):
        n = rng.choice([1, 2, 3, 4, 4, 4, 4, 5])
        parts = [ipv4_number(rng) for _ in range(n)]
        k = rng.randrange(20)
        if k == 0:
            parts[rng.randrange(n)] = ""
        elif k == 1:
            parts[rng.randrange(n)] = rng.choice(["0x", "0X", "08", "09", "0xg", "1a", "0x1g", "a", "-1", "+1", "1 "])
        elif k == 2:
            parts[-1] = rng.choice(TLDS)
        h = ".".join(parts)
        dots = rng.choice([0, 0, 0, 0, 1, 1, 2])
        h += "." * dots
        hosts.append(h)
    for h in [
        "0", "0.0.0.0", "255.255.255.255", "256.0.0.1", "1.256", "1.65536", "1.2.65536",
        "4294967295", "4294967296", "0xffffffff", "0x100000000", "037777777777",
        "040000000000", "0x7f.1", "0177.0.0.1", "127.1", "127.0.1", "127.0.0.1.",
        "127.0.0.1..", "127.0.0.1...", ".127.0.0.1", "127..0.1", "1.2.3.4.5", "1.2.3.4.5.",
        "1.2.3.09", "1.2.3.08", "0x.0x.0x.0x", "00x1.2.3.4", "0x0x1", "192.168.0.257",
        "192.168.0.1.", "99999999999.abc", "123456789012345678901234567890.com",
        "999999999999999999999", "0x" + "f" * 30, "1." * 4, "%31%32%37.0.0.1",
        "127%2E0%2E0%2E1", "１２７．０．０．１", "127。0。0。1", "0xc0.0250.01",
        "3232235777", "0300.0250.0.01", "192.0x00A80001", "1.2.3.4:80", "1.2.3",
    ]:
        hosts.append(h)
    add_hosts(c, rng, hosts)


def h16(rng):
    k = rng.randrange(10)
    if k < 6:
        return "%x" % rng.randint(0, 0xFFFF)
    if k < 8:
        return "%X" % rng.randint(0, 0xFFFF)
    if k == 8:
        return "0"
    return "%04x" % rng.randint(0, 0xFFF)


def ipv6(rng):
    groups = [h16(rng) for _ in range(8)]
    k = rng.randrange(6)
    if k == 0:
        return ":".join(groups)
    if k in (1, 2):
        i = rng.randrange(8)
        j = rng.randint(i, 8)
        left, right = groups[:i], groups[j:]
        if len(left) + len(right) == 8:
            right = right[1:]
        return ":".join(left) + "::" + ":".join(right)
    if k == 3:
        v4 = ".".join(str(rng.randint(0, 255)) for _ in range(4))
        i = rng.randint(0, 6)
        prefix = groups[:i]
        if i == 6:
            return ":".join(prefix) + ":" + v4
        return ":".join(prefix) + "::" + v4
    if k == 4:
        return rng.choice(["::", "::1", "1::", "::ffff:1.2.3.4", "::1.2.3.4", "0:0:0:0:0:0:0:0", "::0:0"])
    g = groups[: rng.randint(1, 7)]
    return ":".join(g) + "::"


def gen_ipv6(c, rng):
    hosts = []
    for _ in range(1200):
        a = ipv6(rng)
        k = rng.randrange(16)
        if k == 0:
            a = a.upper()
        elif k == 1:
            a = a + ":" + h16(rng)
        elif k == 2:
            a = a.replace("::", ":::", 1)
        elif k == 3:
            a = a + "::"
        elif k == 4:
            a = a + rng.choice(["%25eth0", "%eth0", "%251", "%"])
        elif k == 5:
            a = a.replace(":", "::", 1) if "::" not in a else a + "::1"
        elif k == 6:
            a = a + "." + str(rng.randint(0, 300))
        elif k == 7:
            a = "12345:" + a
        hosts.append("[%s]" % a)
    for s in [
        "[]", "[:]", "[::]", "[:::]", "[::1", "::1]", "[::1]]", "[[::1]]", "[::1]x",
        "x[::1]", "[::1]:", "[::1]:80", "[::1]:0", "[::1]:65536", "[::1]:x", "[1:2:3:4]",
        "[1:2:3:4:5:6:7:8:9]", "[1:2:3:4:5:6:7:192.0.1.0]", "[1:192.0.1.0]", "[::192.0]",
        "[::2:3:4:5:6:7:8]", "[1:2:3:4:5:6:7::]", "[::13.1.68.3]", "[::FFFF:129.144.52.38]",
        "[0:0:0:0:0:FFFF:129.144.52.38]", "[1080::8:800:200C:417A]", "[3ffe:2a00:100:7031::1]",
        "[::192.9.5.5]", "[2010:836B:4179::836B:4179]", "[FEDC:BA98:7654:3210:FEDC:BA98:7654:3210]",
        "[fedc:ba98::3210]", "[1:2::3:4:5:6:7]", "[::1.2.3.4.5]", "[::1.2.3.256]",
        "[::1.2.3]", "[::0x1.2.3.4]", "[::01.2.3.4]", "[::1.2.3.04]", "[v1.abc]", "[V7.x:y]",
        "[google.com]", "[a]", "[1]", "[%3A%3A1]", "%5B::1%5D", "[::%31]", "[::１]",
        "[：：１]", "［::1］", "a[b]c", "a]b", "a[b", "[a:b]", "[::1%25eth0]", "[fe80::1%eth0]",
        "[0::0::0]", "[::ffff:0:0]", "[::ffff:1.2.3.4]:8080", "[0000:0000::1]",
        "[1:2:3:4:5:6:7:8]", "[1:2:3:4:5:6:7:8:]", "[:1:2:3:4:5:6:7]", "[1:2:3:4:5:6::7:8]",
    ]:
        hosts.append(s)
    add_hosts(c, rng, hosts)


def gen_escapes(c, rng):
    hosts = []
    escs = ["%%%02X" % b for b in range(256)] + ["%%%02x" % b for b in range(0, 256, 7)]
    for e in escs:
        hosts.append("a%sb.com" % e)
    for e in ["%", "%2", "%zz", "%g1", "%%", "%%41", "%25", "%2525", "%u0041", "%1", "%-1", "% 1"]:
        hosts.append("a%sb.com" % e)
        hosts.append("%s.com" % e)
    for s in [
        "%41%42%43.com", "%65xample.com", "example%2Ecom", "example%2ecom", "%2e", "%2e%2e",
        "a%2E", "%2Ea", "%00", "%00a", "a%00", "%20", "%09", "%0A", "%7F", "%80", "%FF",
        "%C3%A9", "%c3%a9", "%C3", "%C3%28", "%E2%82", "%F0%9F%98%80", "%ED%A0%80",
        "%EF%BF%BD", "%EF%BF%BE", "%EF%B7%90", "%E3%80%82", "%EF%BC%8E", "%C2%AD",
        "%E2%80%8D", "%E2%80%AE", "%F4%90%80%80", "%C0%AE", "%C0%80", "%E0%80%AE",
        "%2F", "%3F", "%23", "%40", "%3A", "%5B", "%5D", "%5C", "%25", "%7E", "%5E",
        "%3B", "%2C", "%3C", "%3E", "%22", "%27", "%60", "%7B", "%7D", "%7C", "%2B",
        "%31%32%37.0.0.1", "%31.%32.%33.%34", "0x%37f.1", "%30x7f.1", "1%2e2%2e3%2e4",
        "xn--%62cher-kva.com", "%78n--bcher-kva.com", "b%C3%BCcher.de", "B%C3%9Ccher.DE",
        "%5B::1%5D", "[%3A%3A1]", "a%3A80", "foo%3A80", "a%40b", "%61%62%63%64%65%66%67",
    ]:
        hosts.append(s)
        hosts.append("a" + s + "b.org")
    for _ in range(300):
        lab = label(rng, 2, 10)
        pos = rng.randint(0, len(lab))
        e = rng.choice(escs)
        hosts.append(lab[:pos] + e + lab[pos:] + "." + rng.choice(TLDS))
    add_hosts(c, rng, hosts)


def gen_forbidden(c, rng):
    hosts = []
    chars = [chr(i) for i in range(0x00, 0x80) if chr(i) not in "/?#@\\"] + [
        "\x80", "\x85", "\xa0", "\xad", "\u1680", "\u2000", "\u200b", "\u2028", "\u3000",
        "\ufeff", "\uff05", "\uff0f", "\uff1f", "\uff03", "\uff20", "\uff3b", "\uff3d",
        "\uff1a", "\uff5e", "\uff3c", "\u2100", "\u2101", "\u2105", "\u2106", "\u2474",
        "\u2488", "\ufe55", "\ufe56", "\ufe5f", "\ufe6b", "\u226e", "\u2260", "\u226f",
    ]
    for ch in chars:
        for h in ["%sab.com" % ch, "a%sb.com" % ch, "ab.com%s" % ch, "a%s" % ch]:
            hosts.append(h)
    for ch in "/?#@\\":
        # terminate or split the authority
        for h in ["a%sb.com" % ch, "%sa" % ch, "a.com%s" % ch]:
            hosts.append(h)
    add_hosts(c, rng, hosts)


def hosts_corpus(rng):
    c = Corpus("hosts")
    for part, gen in [
        ("names", gen_names),
        ("idn", gen_idn),
        ("xn", gen_xn),
        ("ipv4", gen_ipv4),
        ("ipv6", gen_ipv6),
        ("escapes", gen_escapes),
        ("forbidden", gen_forbidden),
    ]:
        c.part = part
        gen(c, rng)
    return c


# --------------------------------------------------------------------------
# urls.jsonl

SCHEMES = [
    "http", "https", "ftp", "file", "mailto", "javascript", "data", "about", "gopher",
    "ws", "wss", "news", "foo", "x-y+z.w", "chrome", "view-source", "blob", "filesystem",
    "HTTP", "Https", "FILE", "MailTo", "JavaScript", "a", "z9", "ldap", "telnet", "irc",
]
TAILS = [
    "://host/path", "://host", "://HOST.Example.com:8080/a/b?c#d", ":host/path", ":/host/path",
    ":///host/path", ":////host/path", "://///host", ":", "", ":?q", ":#f", "://", "://@",
    "://:", "://?", "://#", ":@host", "://user@host/", "://user:pass@host:21/p",
    ":foo@bar.com", ":foo@bar.com?subject=hi&body=a b#frag", ":alert(1)", ":void(0)",
    ":text/plain,hello world", ":text/html;base64,PGI+", ":blank", ":BLANK", ":blank#x",
    ":blank?x", "://[::1]/", "://1.2.3.4/", "://0x7f.1/", ":../x", ":./x", "://a/b/../../../c",
    "://a b/", ":\\\\host\\path", ":\\host", ":/\\host", ":\\/host", "://host\\path\\x",
    ":c:/x", ":C|/x", "://c:/x", ":///c:/x", ":///C|/x", "://localhost/x", ":x y",
    ":%41%42", "://%41%42/", ":\u00e9", "://\u00e9.com/\u00e9?\u00e9#\u00e9",
]


def gen_schemes(c, rng):
    for s in SCHEMES:
        for t in TAILS:
            c.add(s + t)
    for bad in ["1http", "ht tp", "-x", "+x", ".x", "h\u00e9", "h_t", "h%74tp", "ht\ttp", "h:ttp", "ht@tp"]:
        for t in ["://host/", ":host", ":", ":/x"]:
            c.add(bad + t)
    for s in [
        "www.example.com", "example.com/path", "/path", "//host/path", "?q", "#f", "", " ",
        ":", "::", ":/", "://", "://host", ":foo", "a:", "a:b", "c:", "c:x", "C:\\x",
        "localhost:8080", "host:80/path", "user@host", "1.2.3.4:80", "[::1]:80",
        "\u00e9:x", "mailto", "javascript", "http", "https:", "http:", "file:",
    ]:
        c.add(s)


def gen_userinfo(c, rng):
    infos = [
        "user", "user:pass", ":pass", "", ":", "user:", "user:pass:word", "us@er", "a@b@c",
        "a:b@c:d", "us%40er", "us%3Aer", "%49", "user%49", "p%41ss", "user:p%3Ass",
        "us er", "us\ter", "\u00fcser", "\u00fcser:p\u00e4ss", "%zz", "%", "user:%",
        "a/b", "a?b", "a#b", "a\\b", "a;b", "a[b]", "a<b>", "a`b", "a\"b", "a{b}",
        "a|b", "a^b", "a~b", "a!b", "a$b", "a&b", "a'b", "a(b)", "a*b", "a+b", "a,b",
        "a=b", "empty:", "USER:PASS", "user::", "::", "@", "a:b:c:d",
    ]
    for info in infos:
        for scheme in ["http", "ftp", "https", "file", "foo"]:
            c.add("%s://%s@host.com/p" % (scheme, info))
        c.add("http://%s@host.com:8080" % info)
        c.add("http://%s@" % info)
        c.add("http://%s@/p" % info)
        c.add("http://%s@[::1]:81/" % info)


def gen_port(c, rng):
    ports = [
        "", "0", "00", "1", "21", "80", "080", "0080", "00080", "443", "70", "8080", "65535",
        "65536", "99999", "4294967296", "99999999999", "-1", "+80", " 80", "80 ", "8a", "a8",
        "0x50", "80:80", ":80", "8%30", "\uff18\uff10", "1e2", "80.0", "65535.",
    ]
    for p in ports:
        for scheme in ["http", "https", "ftp", "gopher", "ws", "wss", "file", "foo"]:
            c.add("%s://host:%s/" % (scheme, p))
        c.add("http://host:%s" % p)
        c.add("http://host:%s?q" % p)
        c.add("http://user@host:%s/" % p)
        c.add("http://1.2.3.4:%s/" % p)
        c.add("http://[::1]:%s/" % p)
    for scheme, port in [("http", 80), ("https", 443), ("ftp", 21), ("gopher", 70), ("ws", 80), ("wss", 443)]:
        for other in ["http", "https", "ftp", "gopher", "ws", "wss"]:
            c.add("%s://host:%d/" % (other, port))


def gen_path(c, rng):
    segs = [".", "..", "%2e", "%2E", ".%2e", "%2e.", "%2e%2e", "%2E%2E", "...", "a", "b", "",
            ";p", "a;b", ".;x", "..;x", "%2f", "%2F", "%5c", "\u00e9", "%C3%A9", "x%y", "%zz"]
    for _ in range(1500):
        n = rng.randint(1, 6)
        path = "/".join(rng.choice(segs) for _ in range(n))
        c.add("http://h/" + path)
        if rng.random() < 0.3:
            c.add("http://h/" + path + "/")
        if rng.random() < 0.2:
            c.add(rng.choice(["ftp", "https", "file", "foo", "gopher"]) + "://h/" + path)
    for i in range(0x00, 0x80):
        ch = chr(i)
        if ch in "?#":
            continue
        c.add("http://h/a%sb" % ch)
        c.add("ftp://h/%s" % ch)
        c.add("file:///a%sb" % ch)
        c.add("foo://h/a%sb" % ch)
        c.add("foo:a%sb" % ch)
    for ch in ["\u00e9", "\u00a0", "\u3000", "\u4e00", "\U0001f600", "\ufffd", "\ufdd0", "\ufffe",
               "\u200b", "\u202e", "\ue000", "\x80", "\x9f"]:
        c.add("http://h/a%sb" % ch)
        c.add("foo:a%sb" % ch)
    for e in ["%", "%2", "%zz", "%41", "%7e", "%7E", "%2f", "%00", "%ff", "%C3%A9", "%u0041", "%%"]:
        c.add("http://h/a%sb" % e)


def gen_query(c, rng):
    for i in range(0x00, 0x80):
        ch = chr(i)
        if ch == "#":
            continue
        c.add("http://h/?a%sb" % ch)
        c.add("http://h/p?%s" % ch)
        c.add("foo://h/?a%sb" % ch)
        c.add("file:///p?a%sb" % ch)
    for ch in ["\u00e9", "\u00a0", "\u4e00", "\U0001f600", "\ufffd", "\ufdd0", "\u200b", "\x80"]:
        c.add("http://h/?a%sb" % ch)
        c.add("mailto:a@b?subject=%s" % ch)
    for q in ["?", "??", "?a?b", "?<|>", "?'", "?\"", "?a b", "?%", "?%2", "?%zz", "?%41", "?%7e",
              "?te%xx", "?query=te%xx", "?%30", "?a=1&b=2", "?a#b", "?\\", "?/../"]:
        c.add("http://h/p" + q)
        c.add("ftp://h/p" + q)
        c.add("foo://h/p" + q)


def gen_fragment(c, rng):
    for i in range(0x00, 0x80):
        ch = chr(i)
        c.add("http://h/#a%sb" % ch)
        c.add("foo:x#a%sb" % ch)
        c.add("javascript:x#a%sb" % ch)
    for ch in ["\u00e9", "\u00a0", "\u4e00", "\U0001f600", "\ufffd", "\ufdd0", "\ufffe", "\u200b",
               "\u202e", "\x80", "\x9f"]:
        c.add("http://h/#a%sb" % ch)
        c.add("mailto:a@b#%s" % ch)
    for f in ["#", "##", "#%", "#%2", "#%zz", "#%30", "#%41", "#Test%xx", "#a b", "#<|>", "#'", "#\"",
              "#?", "#/../", "#\\"]:
        c.add("http://h/p" + f)
        c.add("ftp://h/" + f)
        c.add("foo://h/" + f)
        c.add("mailto:a@b" + f)


WS = ["\t", "\n", "\r", "\r\n", " ", "\x00", "\x01", "\x0b", "\x0c", "\x1f", "\x7f", "\xa0", "\u3000", "\u200b", "\ufeff"]


def gen_whitespace(c, rng):
    urls = ["http://host.com/path?q#f", "https://a.b/c", "file:///c:/x", "mailto:a@b", "javascript:x", "foo://h/p"]
    for u in urls:
        for w in WS:
            c.add(w + u)
            c.add(u + w)
            c.add(w + w + u + w + w)
            for _ in range(3):
                pos = rng.randint(1, len(u) - 1)
                c.add(u[:pos] + w + u[pos:])


def gen_backslash(c, rng):
    for u in [
        "http:\\\\host\\path", "http:/\\host/path", "http:\\/host/path", "http:\\host\\path",
        "http://host\\path\\x", "http://host/a\\b\\..\\c", "http://host/a\\..\\..\\c",
        "http://host\\", "http:\\\\", "https:\\\\h\\p?q\\r#f\\g", "ftp:\\\\h\\p",
        "file:\\\\server\\share\\f", "file:\\\\\\c:\\x", "file:c:\\x\\y", "file:/c:\\x",
        "file://c:\\x\\..\\y", "foo:\\\\h\\p", "foo://h\\p", "mailto:a\\b", "javascript:a\\b",
        "\\\\server\\share\\file", "\\\\server", "\\\\", "\\x", "\\\\?\\c:\\x", "\\\\.\\c:",
        "http://h/%5C", "http://h/%5c..%5c", "http://u\\v@h/", "http://h:80\\p", "http://[::1]\\p",
        "http://h/?a\\b#c\\d",
    ]:
        c.add(u)
        c.add(u.replace("\\", "\\\\"))


def gen_file(c, rng):
    drives = ["c:", "C:", "c|", "C|", "c%3A", "C%3a", "c%7C", "cc:", "1:", "c:x", "c", "Z:", "\u00e9:"]
    for d in drives:
        for prefix in ["file:", "file:/", "file://", "file:///", "file:////", "file://///", "FILE://", "file:\\\\", "file:\\"]:
            for tail in ["/x/y", "\\x\\y", "", "/", "/../x", "/./x/../../y"]:
                c.add(prefix + d + tail)
    for h in ["localhost", "LOCALHOST", "server", "Server.Example.COM", "127.0.0.1", "[::1]",
              "h%41", "\u00e9", "xn--bcher-kva", "a:b", "a:80", "user@h", "c:", "c|", "%3F", "*", ";", "a b"]:
        c.add("file://%s/share/f" % h)
        c.add("file://%s" % h)
        c.add("file://%s/" % h)
        c.add("file:////%s/share" % h)
        c.add("file:\\\\%s\\share" % h)
        c.add("\\\\%s\\share\\f" % h)
        c.add("//%s/share/f" % h)
    for u in [
        "file:", "file:/", "file://", "file:///", "file:////", "file:x", "file:/x", "file:./x",
        "file:../x", "file://x", "file:///x/../../..", "file:?q", "file:#f", "file:///?q#f",
        "file:///%2e%2e/x", "file:///a/%2e/b", "file:///c:/../..", "file:///c:/a/../../b",
        "file://localhost", "file://localhost/", "file://localhost/c:/x", "file:///C:/Program Files/x",
        "c:\\dir\\file", "C:/dir/file", "c:", "c:x", "c|/x", "/c:/x", "//c:/x", "//c|/x",
        "\\c:\\x", "c:\\", "z:/a b/c",
    ]:
        c.add(u)


def gen_opaque(c, rng):
    for u in [
        "mailto:foo?bar#baz", "mailto:a@b.com", "mailto:A@B.COM", "mailto:a@b?c=d&e=f",
        "mailto:a b@c", "mailto:\u00e9@\u00e9.com", "mailto:a@b?subject=%zz", "mailto:%zz",
        "mailto:a%40b", "mailto:wine@winehq%G8.com", "mailto:", "mailto:?x", "mailto:#x",
        "mailto://a@b", "mailto:/a", "mailto:<a>", "mailto:a\"b", "mailto:a%20b",
        "javascript:alert(1)", "javascript:alert('x y')", "javascript:a b", "javascript:%41",
        "javascript:\u00e9", "javascript:/x/", "javascript://x/y", "javascript:?x", "javascript:#x",
        "JavaScript:Alert(1)", "javascript:a%zz", "javascript:'<>'",
        "data:,", "data:text/plain,a b", "data:text/html,<b>x</b>", "data:;base64,QQ==",
        "data:text/plain;charset=utf-8,\u00e9", "data:,%zz", "data:,a#b", "data:,a?b",
        "about:blank", "about:Blank", "about:", "about:blank#f", "about:blank?q", "about:a b",
        "about://x", "news:comp.lang", "news:test%XX", "news://h/g", "news:a@b",
        "foo:bar", "foo:/bar", "foo://bar", "foo:///bar", "foo:bar baz", "foo:%zz",
        "foo:\u00e9", "foo:bar?q#f", "foo:?q", "foo:#f", "x:y:z", "view-source:http://a/",
        "blob:http://a/uuid", "filesystem:http://a/temporary/x", "chrome://settings/",
        "res://c:\\te<st\\test/test", "zip://google.com/test<|>", "zip:test#frag",
        "winetest:?testing", "tel:+1-555", "sms:+1?body=x", "urn:isbn:0451450523",
    ]:
        c.add(u)


def urls_corpus(rng):
    c = Corpus("urls")
    for part, gen in [
        ("schemes", gen_schemes),
        ("userinfo", gen_userinfo),
        ("port", gen_port),
        ("path", gen_path),
        ("query", gen_query),
        ("fragment", gen_fragment),
        ("whitespace", gen_whitespace),
        ("backslash", gen_backslash),
        ("file", gen_file),
        ("opaque", gen_opaque),
    ]:
        c.part = part
        gen(c, rng)
    return c


# --------------------------------------------------------------------------
# relative.jsonl

BASES = [
    "http://a/b/c/d;p?q",
    "http://a/b/c/d;p?q#f",
    "https://example.com:8443/dir/sub/file.html?x=1#y",
    "http://user:pass@h.example:81/p/q?r#s",
    "http://host/",
    "http://host",
    "http://[::1]/a/b",
    "http://1.2.3.4/a/",
    "http://xn--bcher-kva.de/dir/",
    "http://h/a\\b/c",
    "ftp://ftp.example.com/pub/dir/",
    "gopher://g.example/1x/y",
    "file:///C:/dir/sub/file.txt",
    "file:///c:/",
    "file:///home/user/file",
    "file://server/share/dir/file",
    "file://localhost/etc/",
    "mailto:a@b.example",
    "javascript:void(0)",
    "data:text/plain,hello",
    "about:blank",
    "foo://bar/baz/qux",
    "foo:opaque/path",
    "ws://w.example/chat/room",
]
REFS = [
    "g:h", "g", "./g", "g/", "/g", "//g", "?y", "g?y", "#s", "g#s", "g?y#s", ";x", "g;x",
    "g;x?y#s", "", ".", "./", "..", "../", "../g", "../..", "../../", "../../g",
    "../../../g", "../../../../g", "/./g", "/../g", "g.", ".g", "g..", "..g", "./../g",
    "./g/.", "g/./h", "g/../h", "g;x=1/./y", "g;x=1/../y", "g?y/./x", "g?y/../x",
    "g#s/./x", "g#s/../x", "http:g", "http:/g", "http:///g", "http://g", "https:c.html",
    "HtTp:b.html", "./https:d.html", "ftp:x", "file:x", "file:/x", "file:///x", "mailto:x",
    "javascript:x", "foo:x", "foo:/x", "\\g", "\\\\g", "\\\\g\\h", "/\\g", "\\/g", "..\\g",
    ".\\g", "g\\h\\..\\i", "c:/x", "c:\\x", "C|/x", "/c:/x", "//c:/x", "///c:/x", "c:",
    "%2e%2e/g", "%2E/g", ".%2e/g", "g%2fh", "%zz", "g%", "\u00e9", "/\u00e9?\u00e9#\u00e9",
    "//\u00e9.com/", "//[::1]/x", "//1.2.3.4/", "//u:p@h:1/", "//h:0/", "///", "////g",
    " g", "g ", "\tg", "g\nh", "\r\n/g", "  //g", "?", "#", "?#", "#?", "..?q", "..#f",
    "/..", "/.", "//", "//g/..", "//g/../..", "http:", "http:?q", "http:#f", "http:/",
    "https:", "ftp:", "file:", "//server/share", "\\\\server\\share", "?a b", "#a b",
    "a b", "g?<|>", "g#<|>", "g'", "g?'",
]


def relative_corpus(rng):
    c = Corpus("relative")
    c.part = "rfc-and-edges"
    for base in BASES:
        for ref in REFS:
            c.add(ref, base)
    c.part = "random"
    pieces = ["..", ".", "g", "h", "%2e", "\\", "/", "//", "?", "#", ";", "x y", "\u00e9", "c:", "@", ":"]
    for _ in range(2500):
        ref = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 6)))
        c.add(ref, rng.choice(BASES))
    return c


# --------------------------------------------------------------------------
# mixed.jsonl


def mixed_corpus(rng, shared):
    c = Corpus("mixed")
    c.part = "suite"
    for f in common.suite_files(os.path.join(REPO, "tests/data/tests-web-url")):
        for r in common.read_suite(f):
            c.add(r.get("data", ""), r.get("base"))

    c.part = "suite-a1"
    a1 = []
    gen = os.path.join(shared, "conformance/tests-web-url/generated")
    for f in common.suite_files(gen):
        if "-a1-" in os.path.basename(f):
            a1.extend((r.get("data", ""), r.get("base")) for r in common.read_suite(f))
    for inp, base in sample(rng, a1, 2000):
        c.add(inp, base)

    c.part = "wpt"
    with open(os.path.join(REPO, "tests/data/wpt/2026-01/urltestdata.json"), encoding="utf-8") as f:
        for case in json.load(f):
            if isinstance(case, dict):
                c.add(case["input"], case.get("base"))

    urls = []
    for part, fname, k in [
        ("bench-ascii", "ascii.txt", 6000),
        ("bench-idn", "idn.txt", 4000),
        ("bench-kasztp", "kasztp-source.txt", 2500),
    ]:
        lines = common.read_lines(os.path.join(shared, "bench", fname))
        c.part = part
        for l in sample(rng, lines, k):
            c.add(l)
            urls.append(l)
    c.part = "bench-relative"
    pairs = [l.split("\t", 1) for l in common.read_lines(os.path.join(shared, "bench/relative.txt"))]
    pairs = [p for p in pairs if len(p) == 2]
    for base, rel in sample(rng, pairs, 4000):
        c.add(rel, base)

    c.part = "hostile"
    for _ in range(2500):
        c.add(common.mutate(rng, rng.choice(urls)))
    return c


# --------------------------------------------------------------------------


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.join(REPO, "tests/data/oracles/corpus"))
    ap.add_argument("--shared", default=os.path.join(os.path.dirname(REPO), "shared"))
    ap.add_argument("--seed", type=int, default=SEED)
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    summary = {}
    for name, make in [
        ("hosts", lambda rng: hosts_corpus(rng)),
        ("urls", lambda rng: urls_corpus(rng)),
        ("relative", lambda rng: relative_corpus(rng)),
        ("mixed", lambda rng: mixed_corpus(rng, args.shared)),
    ]:
        # One generator per corpus, seeded from the seed and the corpus
        # name, so that a change to one corpus leaves the others as they are.
        rng = random.Random("%d/%s" % (args.seed, name))
        c = make(rng)
        c.write(os.path.join(args.out, name + ".jsonl"))
        counts = c.counts()
        splits = {"tuning": 0, "held-out": 0}
        for (inp, base) in c.items:
            splits[common.split_of(inp, base)] += 1
        summary[name] = {"lines": len(c.items), "parts": counts, "splits": splits}
        print("%s: %d lines %s" % (name, len(c.items), json.dumps(splits)), file=sys.stderr)
    with open(os.path.join(args.out, "provenance.json"), "w", encoding="utf-8", newline="\n") as f:
        json.dump(
            {
                "generator": "tests/oracles/gen_corpora.py",
                "seed": args.seed,
                "sources": [
                    "tests/data/tests-web-url/ (the vendored conformance suite)",
                    "tests/data/wpt/2026-01/urltestdata.json",
                    "../shared/conformance/tests-web-url/generated/*-a1-*",
                    "../shared/bench/ascii.txt, idn.txt, kasztp-source.txt, relative.txt",
                ],
                "split": "held-out when the first 8 octets of SHA-256(UTF-8(input) 0x00 UTF-8(base) or 0xFF) are a multiple of 3",
                "corpora": summary,
            },
            f,
            indent=1,
            sort_keys=True,
            ensure_ascii=False,
        )
        f.write("\n")


if __name__ == "__main__":
    main()
