#!/usr/bin/env python3
"""The corpora of the key tests: archive-edge URLs made from pieces, and a
sample of real URLs.

    gen_corpus.py --seed 1 --generated 6000 --real 3000 REAL.txt > corpus.txt

Generated lines draw www prefixes, session ids, query orders and
duplicates, %26 / %3D, escapes that are not UTF-8, IPv4 forms, IPv6, IDN,
user information, ports, dot segments and case from the tables below;
real lines are a seeded sample of REAL (one URL a line, e.g. the
benchmark's kasztp-source.txt).  A line never holds a tab, CR or LF.
The tuning corpus is seed 1; held-out corpora use other seeds and a
disjoint sample of real URLs (--skip-real N leaves the first N sampled).
"""
import argparse
import random

SCHEMES = ["http", "https", "HTTP", "Https", "ftp", "ws", "wss", "file", "dns", "mailto", "gopher", "foo", ""]
WWW = ["", "", "", "www.", "WWW.", "www1.", "www2.", "www13.", "www1355544.", "wwwx.", "www-", "ww.", "www..", "www.www."]
NAMES = ["example", "archive", "Example", "foo-bar", "a_b", "xn--bcher-kva", "bücher", "例え", "пример", "ǆ", "straße",
         "café", "%77ww", "exa%6dple", "ex%2Eample", "EXAMPLE", "ex ample", "a..b", "1355544", "0x7f", "-lead", "trail-",
         "s\u200dx", "\uff45xample", "localhost", "a,b", "%e9t%e9", "%C3%A9t%C3%A9", "site%00", "under_score"]
TLDS = [".com", ".org", ".co.uk", ".de", ".jp", ".рф", ".xn--p1ai", ".COM", ".com.", ".museum", ".blogspot.com", ".test", "", ".ck", ".kawasaki.jp", ".github.io"]
IPV4 = ["127.0.0.1", "192.168.1.1", "3232235777", "0xC0A80101", "0300.0250.01.01", "192.168.257", "10.1", "1.2.3", "999.1.1.1",
        "0x7f.1", "017700000001", "4294967296", "255.255.255.255", "1.2.3.4.5", "0.0.0.0", "00000000000000000127.0.0.1",
        "127.1", "1e2.3.4.5", "08.1.1.1", "0177.0.0.1"]
IPV6 = ["[::1]", "[2001:db8::1]", "[2001:DB8:0:0:0:0:0:1]", "[::ffff:192.168.1.1]", "[fe80::1%25eth0]", "[::1", "[zz]"]
USERS = ["", "", "", "", "user@", "user:pass@", "User:P%40ss@", ":@", "us er@", "a%3Ab@", "@"]
PORTS = ["", "", "", "", ":80", ":443", ":8080", ":0", ":", ":99999", ":21", ":0080", ":x"]
SEGMENTS = ["a", "B", "index.html", "INDEX.HTML", ".", "..", "", "%7Efoo", "~foo", "%2F", "%25", "%2525", "%E9", "%C3%A9", "é",
            "日本", "a b", "a%20b", "foo;jsessionid=0123456789ABCDEF0123456789ABCDEF", "(S(ab1cd2ef3gh4ij5kl6mn7op8))",
            ";jsessionid=ABCDEF0123456789ABCDEF0123456789", "x;y=z", "%41%42", "a+b", "%2e", "%2E%2E", "\\back", "a|b",
            "%00", "%ff%fe", "%", "%g1", "%%30%30", "cgi-bin", "q.php", "CFID=1234567", "sid=abcdef"]
PARAMS = ["a=1", "a=2", "b", "b=", "A=1", "c=%26", "d=%3D", "e=x%26y=z", "PHPSESSID=0123456789abcdef0123456789abcdef",
          "jsessionid=0123456789ABCDEF0123456789ABCDEF", "sid=0123456789abcdef0123456789abcdef", "sessionid=abc",
          "ASPSESSIONIDABCDEFGH=ABCDEFGHIJKLMNOPQRSTUVWX", "CFID=12345", "CFTOKEN=12345678", "utm_source=x", "q=%E9",
          "q=%C3%A9", "q=é", "q=a+b", "q=a%20b", "", "=", "&", "x=1;y=2", "z=%2525", "k=%7E", "Z=UPPER", "dup=1", "dup=1",
          "sessionId=XYZ", "BV_SessionID=@@@@1234567890.1234567890@@@@", "BV_EngineID=cccadeeeeffg"]
FRAGMENTS = ["", "", "", "#", "#frag", "#!/hash/bang", "#a%20b", "#é"]


def generated(rng):
    scheme = rng.choice(SCHEMES)
    kind = rng.random()
    if kind < 0.15:
        host = rng.choice(IPV4)
    elif kind < 0.2:
        host = rng.choice(IPV6)
    else:
        labels = [rng.choice(NAMES) for _ in range(rng.choice([1, 1, 1, 2]))]
        host = rng.choice(WWW) + ".".join(labels) + rng.choice(TLDS)
        if rng.random() < 0.1:
            host = host.upper()
    authority = rng.choice(USERS) + host + rng.choice(PORTS)
    path = "".join("/" + rng.choice(SEGMENTS) for _ in range(rng.choice([0, 1, 1, 2, 2, 3, 4])))
    if rng.random() < 0.15:
        path += "/"
    if rng.random() < 0.05:
        path = path.replace("/", "//", 1)
    query = ""
    if rng.random() < 0.55:
        params = [rng.choice(PARAMS) for _ in range(rng.choice([1, 1, 2, 3, 4, 5]))]
        sep = "&" if rng.random() < 0.9 else rng.choice(["&&", ";", "&amp;"])
        query = "?" + sep.join(params)
    fragment = rng.choice(FRAGMENTS)
    if scheme in ("mailto",):
        return f"mailto:{rng.choice(USERS)}{host}{query}"
    prefix = (scheme + "://") if scheme else rng.choice(["", "//", "http:", "http:/", "http:\\\\"])
    url = prefix + authority + path + query + fragment
    if rng.random() < 0.03:
        url = rng.choice([" ", "\u00a0", "\x0c"]) + url + rng.choice(["", " "])
    return url


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--generated", type=int, default=6000)
    ap.add_argument("--real", type=int, default=3000)
    ap.add_argument("--skip-real", type=int, default=0)
    ap.add_argument("real_file", nargs="?")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    lines = [generated(rng) for _ in range(args.generated)]
    if args.real_file and args.real:
        with open(args.real_file, encoding="utf-8") as f:
            real = [l.rstrip("\n") for l in f if l.strip() and "\t" not in l]
        # One fixed order of the real URLs; each corpus takes its own slice.
        random.Random(0).shuffle(real)
        lines += real[args.skip_real:args.skip_real + args.real]
    rng.shuffle(lines)
    for line in lines:
        assert "\t" not in line and "\n" not in line and "\r" not in line
        print(line)


main()
