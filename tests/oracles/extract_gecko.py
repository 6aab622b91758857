#!/usr/bin/env python3
"""Write tests/data/oracles/gecko-2.0.1/checks.json: the checks of Gecko
2.0.1's own tests (Firefox 4.0.1) whose expectation is Gecko's
canonicalization of a URL or a host.

Usage:  python3 tests/oracles/extract_gecko.py --git-dir PATH [--rev REV]
        python3 tests/oracles/extract_gecko.py --src DIR

PATH is a git directory of Gecko 2.0.1 (the mirror ``xet7/timberwolf``,
whose config/milestone.txt says 2.0.1), DIR a checkout of it.  The checks
are listed below by hand, each with its file and line; the script reads
each cited line and fails unless it holds the check's quoted text, so the
citations stay true.  It copies no test code: each check is the input
(and base), what is checked, and the expected value, as data.

Which checks: every assertion of the xpcshell unit tests in
netwerk/test/unit/ (the tests ``make check`` runs, which passed on the
release) that states the spec, host, ASCII host, port or validity of a URL
parsed by nsIIOService.newURI / nsIURI.spec, the display or ACE form of a
host by nsIIDNService (convertToDisplayIDN, convertUTF8toACE), or the
equality of two parsed URLs, and ConvertUTF8toACE in
netwerk/test/TestIDN.cpp.  Left out: nsIIDNService.convertACEtoUTF8 and
isACE (a conversion primitive and a predicate, not a canonicalization),
setters (nsIURL.ref, .query, .path, .port, .host), same-origin checks,
eTLD lookups, nsIFileURL and nested-URI type checks, and the urltest
program's urlparse*.dat (not run by the build; its expectations date
from 2000).

Kinds:
  spec          the URL's spec is ``expected``
  invalid       newURI (or setting the spec) throws NS_ERROR_MALFORMED_URI
  valid         it does not throw
  same_spec     the URL equals (nsIURI.equals) the one parsed from ``other``
  host          the URL's host (nsIURI.host: the display form) is ``expected``
  ascii_host    the URL's asciiHost (nsIURI.asciiHost) is ``expected``
  port          the URL's port is ``expected`` (null: the scheme's default,
                nsIURI.port -1), and the spec does not hold ``spec_lacks``
  display_idn   nsIIDNService.convertToDisplayIDN(input) is ``expected``
  display_idn_changes
                convertToDisplayIDN(input) throws or is not ``input``
  to_ace        nsIIDNService.convertUTF8toACE(input) is ``expected``

Preferences: some tests set ``network.IDN.whitelist.TLD`` for a TLD that
Gecko 2.0.1's defaults (modules/libpref/src/init/all.js) do not
whitelist.  nsIDNService::isInWhitelist reads only the last label, so such
a check runs with ``run_input`` (and ``run_expected``): the same host
under a TLD the defaults whitelist (``org`` for ``com``, the ACE TLD
``xn--p1ai`` for ``xn--k-dha``).
"""

import argparse
import datetime
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
UNIT = "netwerk/test/unit/"

WL_COM = {"network.IDN.whitelist.com": True}


def com_to_org(s):
    assert s.endswith(".com"), s
    return s[: -len(".com")] + ".org"


def checks():
    out = []

    def add(file, line, quote, kind, input, **kw):
        c = {"file": file, "line": line, "quote": quote, "kind": kind, "input": input}
        c.update(kw)
        out.append(c)

    # test_bug376844.js: characters escaped in the path and the query.
    f = UNIT + "test_bug376844.js"
    for line, inp, exp in [
        (5, "http://example.com/<", "http://example.com/%3C"),
        (6, "http://example.com/>", "http://example.com/%3E"),
        (7, "http://example.com/'", "http://example.com/%27"),
        (8, 'http://example.com/"', "http://example.com/%22"),
        (9, "http://example.com/?<", "http://example.com/?%3C"),
        (10, "http://example.com/?>", "http://example.com/?%3E"),
        (11, "http://example.com/?'", "http://example.com/?%27"),
        (12, 'http://example.com/?"', "http://example.com/?%22"),
    ]:
        add(f, line, exp, "spec", inp, expected=exp)

    # test_bug379034.js: a scheme followed by a relative reference.
    f = UNIT + "test_bug379034.js"
    base = "http://localhost/bug379034/index.html"
    for line, inp, exp in [
        (8, "http:a.html", "http://localhost/bug379034/a.html"),
        (11, "HtTp:b.html", "http://localhost/bug379034/b.html"),
        (14, "https:c.html", "https://c.html/"),
        (17, "./https:d.html", "http://localhost/bug379034/https:d.html"),
    ]:
        add(f, line, exp, "spec", inp, base=base, expected=exp)

    # test_bug429347.js: an empty path is "/", before '#', '?' and ';'.
    f = UNIT + "test_bug429347.js"
    for line, a, b in [
        (11, "http://example.com#bar", "http://example.com/#bar"),
        (15, "http://example.com?bar", "http://example.com/?bar"),
        (19, "http://example.com;bar", "http://example.com/;bar"),
        (23, "http://example.com#", "http://example.com/#"),
        (27, "http://example.com?", "http://example.com/?"),
        (31, "http://example.com;", "http://example.com/;"),
        (35, "http://example.com", "http://example.com/"),
    ]:
        add(f, line, "uri1.equals(uri2)", "same_spec", a, other=b)

    # test_bug479485.js: ports (newURI and setting the spec alike).
    f = UNIT + "test_bug479485.js"
    big = "185891548721348172817857824356013651809236172635716571865023757816234081723451516780356"
    for line, port, throws in [
        (36, ":invalid", True),
        (37, ":-2", True),
        (38, ":-1", True),
        (39, ":0", True),
        (40, ":" + big, True),
        (43, ":5870:80", True),
        (44, ":5870-80", True),
        (45, ":5870+80", True),
        (48, ":5870", False),
        (49, ":80", False),
        (50, "", False),
    ]:
        quote = 'test_port("%s", %s)' % (port, "true" if throws else "false")
        kw = {}
        if line in (43, 44, 45):
            kw["note"] = (
                "the test's comment above these lines says they used to fail; the file "
                "expects NS_ERROR_MALFORMED_URI and passed on the release"
            )
        add(f, line, quote, "invalid" if throws else "valid", "http://foo.com" + port, **kw)

    # test_bug261425.js: a space before the authority.
    add(UNIT + "test_bug261425.js", 13, 'newURI.spec = "http: //foo.com"', "invalid", "http: //foo.com")

    # test_bug396389.js: an xn-- host under a whitelisted TLD.
    f = UNIT + "test_bug396389.js"
    prefs = {"network.enableIDN": True, "network.IDN_show_punycode": False, "network.IDN.whitelist.ch": True}
    add(f, 65, 'uri4.asciiHost, "xn--jos-dma.example.net.ch"', "ascii_host",
        "http://xn--jos-dma.example.net.ch/", expected="xn--jos-dma.example.net.ch", prefs=prefs)
    add(f, 66, 'uri4.host, "jos\\u00e9.example.net.ch"', "host",
        "http://xn--jos-dma.example.net.ch/", expected="jos\u00e9.example.net.ch", prefs=prefs)

    # test_idnservice.js
    f = UNIT + "test_idnservice.js"
    for line, (a, b) in [(6, ("asciihost", "asciihost")), (7, ("b\u00fccher", "xn--bcher-kva"))]:
        add(f, line, '["%s"' % a.replace("\u00fc", "\\u00FC"), "to_ace", a, expected=b,
            note="line 20: convertUTF8toACE(reference[i][0]) is reference[i][1]")
        add(f, line, '"%s"' % b, "to_ace", b, expected=b,
            note="line 21: convertUTF8toACE(reference[i][1]) is reference[i][1]")
    wl_es = {"network.IDN.whitelist.es": True}
    for line, inp, exp in [
        (33, "b\u00fccher.es", "b\u00fccher.es"),
        (35, "xn--bcher-kva.es", "b\u00fccher.es"),
        (37, "b\u00fccher.uk", "xn--bcher-kva.uk"),
        (39, "xn--bcher-kva.uk", "xn--bcher-kva.uk"),
    ]:
        quote = 'convertToDisplayIDN("%s"' % inp.replace("\u00fc", "\\u00FC")
        add(f, line, quote, "display_idn", inp, expected=exp, prefs=wl_es)
    wl_uk = {"network.IDN.whitelist.es": True, "network.IDN.whitelist.xn--k-dha": True}
    for line, inp, run in [
        (44, "test.\u00fck", "test.\u0440\u0444"),
        (46, "test.xn--k-dha", "test.xn--p1ai"),
    ]:
        quote = 'convertToDisplayIDN("%s"' % inp.replace("\u00fc", "\\u00FC")
        add(f, line, quote, "display_idn", inp, expected="test.\u00fck", prefs=wl_uk,
            run_input=run, run_expected="test.\u0440\u0444")

    # test_bug479413.js: unassigned code points (whitelist.com set).
    f = UNIT + "test_bug479413.js"
    for line, inp, passes in [
        (41, "foo\u0101bar.com", True),
        (45, "xn--foobar-5za.com", False),
        (48, "foo\u3040bar.com", False),
        (52, "xn--foobar-533e.com", True),
        (56, "foo\u0370bar.com", False),
    ]:
        quote = ('expected_pass("%s")' if passes else 'expected_fail("%s")') % "".join(
            "\\u%04x" % ord(ch) if ord(ch) > 0x7F else ch for ch in inp
        )
        if passes:
            add(f, line, quote, "display_idn", inp, expected=inp, prefs=WL_COM,
                run_input=com_to_org(inp), run_expected=com_to_org(inp))
        else:
            add(f, line, quote, "display_idn_changes", inp, prefs=WL_COM, run_input=com_to_org(inp))

    # test_bug427957.js: RFC 3454's bidi rules (whitelist.com set).
    f = UNIT + "test_bug427957.js"
    rows = [
        (45, "foo\u0340bar.com", False, "foo\\u0340bar.com"),
        (47, "foo\u0341bar.com", False, "foo\\u0341bar.com"),
        # "\200e" in a JavaScript string is the octal escape \200 (U+0080)
        # followed by "e", not U+200E: the string the test checks.
        (49, "foo\u0080ebar.com", False, "foo\\200ebar.com"),
        (52, "\u200f\u0645\u062b\u0627\u0644.\u0622\u0632\u0645\u0627\u06cc\u0634\u06cc", False,
         "\\u200f\\u0645\\u062B\\u0627\\u0644.\\u0622\\u0632\\u0645\\u0627\\u06CC\\u0634\\u06CC"),
    ]
    for i, c in enumerate("abcdef"[:5]):
        code = 0x202A + i
        rows.append((54 + 2 * i, "foo%sbar.com" % chr(code), False, "foo\\u%04xbar.com" % code))
    for i in range(6):
        code = 0x206A + i
        rows.append((64 + 2 * i, "foo%sbar.com" % chr(code), False, "foo\\u%04xbar.com" % code))
    rows += [
        (82, "www.\u05de\u05d9\u05e5petel.com", False, "www.\\u05DE\\u05D9\\u05E5petel.com"),
        (85, "www.\u05de\u05d9\u05e5\u05e4\u05d8\u05dc.com", True, "www.\\u05DE\\u05D9\\u05E5\\u05E4\\u05D8\\u05DC.com"),
        (94, "www.1\u05de\u05d9\u05e5.com", False, "www.1\\u05DE\\u05D9\\u05E5.com"),
        (96, "www.\u05de\u05d9\u05e51.com", False, "www.\\u05DE\\u05D9\\u05E51.com"),
        (98, "www.\u05de\u05d9\u05e51\u05e4\u05d8\u05dc.com", True, "www.\\u05DE\\u05D9\\u05E51\\u05E4\\u05D8\\u05DC.com"),
    ]
    for line, inp, passes, literal in rows:
        quote = ('expected_pass("%s")' if passes else 'expected_fail("%s")') % literal
        kw = {}
        if line == 49:
            kw["note"] = "the literal \"foo\\200ebar.com\" is U+0080 followed by \"ebar\" in JavaScript (an octal escape)"
        if line == 52:
            # no .com to move: the host's TLD is an Arabic label, not whitelisted
            add(f, line, quote, "display_idn_changes", inp, prefs=WL_COM, **kw)
            continue
        if passes:
            add(f, line, quote, "display_idn", inp, expected=inp, prefs=WL_COM,
                run_input=com_to_org(inp), run_expected=com_to_org(inp), **kw)
        else:
            add(f, line, quote, "display_idn_changes", inp, prefs=WL_COM, run_input=com_to_org(inp), **kw)

    # TestIDN.cpp: RFC 3492 7.1 (Simplified Chinese).
    add("netwerk/test/TestIDN.cpp", 56, '"xn--ihqwcrb4cv8a8dqg056pqjye"', "to_ace",
        "\u4ed6\u4eec\u4e3a\u4ec0\u4e48\u4e0d\u8bf4\u4e2d\u6587", expected="xn--ihqwcrb4cv8a8dqg056pqjye",
        note="line 62-64: ConvertUTF8toACE(plain) equals encoded (plain at line 55)")

    # test_standardurl_port.js: default ports are not kept.
    f = UNIT + "test_standardurl_port.js"
    for line, quote, inp, port, lacks in [
        (12, "do_check_eq(-1, httpURI.port)", "http://foo.com", None, None),
        (27, "do_check_eq(81, httpURI.port)", "http://foo.com:81", 81, None),
        (30, "do_check_false(/80/.test(httpURI.spec))", "http://foo.com:80", None, "80"),
        (46, "do_check_false(/443/.test(httpURI.spec))", "https://foo.com", None, "443"),
        (50, "do_check_false(/443/.test(httpURI.spec))", "https://foo.com:443", None, "443"),
    ]:
        kw = {"expected": port}
        if lacks:
            kw["spec_lacks"] = lacks
        add(f, line, quote, "port", inp, **kw)

    # test_bug321706.js: "?/." is a query, not a dot segment.
    f = UNIT + "test_bug321706.js"
    url = "http://foo.com/folder/file?/."
    add(f, 11, "do_check_eq(newURI.spec, url)", "spec", url, expected=url)
    add(f, 13, 'newURI.resolve("./file?/."), url', "spec", "./file?/.", base=url, expected=url)

    # test_head.js: the Referer header is the URL's spec.
    f = UNIT + "test_head.js"
    add(f, 47, '"http://foo1.invalid/"', "spec", "http://foo1.invalid:80", expected="http://foo1.invalid/",
        note="the Referer header set from newURI(input) (line 43)")
    add(f, 52, '"http://foo2.invalid:90/bar"', "spec", "http://foo2.invalid:90/bar",
        expected="http://foo2.invalid:90/bar", note="the Referer header set from newURI(input) (line 49)")

    # test_permmgr.js: the permission manager keys hosts by asciiHost.
    add(UNIT + "test_permmgr.js", 89, '"xn--bcher-kva.dolske.org"', "ascii_host", "http://b\u00fccher.dolske.org",
        expected="xn--bcher-kva.dolske.org", note="nsPermissionManager stores uri.asciiHost (lines 88-95)")
    return out


def read_source(args, path):
    if args.src:
        with open(os.path.join(args.src, path), encoding="utf-8", errors="replace") as f:
            return f.read()
    return subprocess.run(
        ["git", "--git-dir", args.git_dir, "show", "%s:%s" % (args.rev, path)],
        capture_output=True, check=True,
    ).stdout.decode("utf-8", errors="replace")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--git-dir")
    g.add_argument("--src")
    ap.add_argument("--rev", default="HEAD")
    ap.add_argument("--out", default=os.path.join(REPO, "tests/data/oracles/gecko-2.0.1/checks.json"))
    args = ap.parse_args()
    milestone = read_source(args, "config/milestone.txt").split()[-1]
    if milestone != "2.0.1":
        raise SystemExit("config/milestone.txt says %s, not 2.0.1" % milestone)
    cache = {}
    result = []
    for c in checks():
        if c["file"] not in cache:
            cache[c["file"]] = read_source(args, c["file"]).split("\n")
        line = cache[c["file"]][c["line"] - 1]
        if c["quote"] not in line:
            raise SystemExit("%s:%d does not hold %r: %r" % (c["file"], c["line"], c["quote"], line))
        c = dict(c)
        del c["quote"]
        result.append(c)
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with open(args.out, "w", encoding="utf-8", newline="\n") as f:
        f.write("[\n")
        f.write(",\n".join(json.dumps(c, sort_keys=True) for c in result))
        f.write("\n]\n")
    kinds = {}
    for c in result:
        kinds[c["kind"]] = kinds.get(c["kind"], 0) + 1
    if args.git_dir:
        commit = subprocess.run(
            ["git", "--git-dir", args.git_dir, "rev-parse", args.rev], capture_output=True, check=True
        ).stdout.decode().strip()
    else:
        commit = None
    provenance = {
        "oracle": "Gecko 2.0.1 (Firefox 4.0.1): its own tests' expectations",
        "source": "xet7/timberwolf (a mirror of the Gecko 2.0.1 tree; config/milestone.txt 2.0.1)",
        "commit": commit,
        "files": sorted({c["file"] for c in result}),
        "extractor": "tests/oracles/extract_gecko.py",
        "checks": len(result),
        "kinds": kinds,
        "date": datetime.date.today().isoformat(),
    }
    with open(os.path.join(os.path.dirname(args.out), "provenance.json"), "w", encoding="utf-8", newline="\n") as f:
        json.dump(provenance, f, indent=1, sort_keys=True)
        f.write("\n")
    print("%d checks: %s" % (len(result), json.dumps(kinds, sort_keys=True)), file=sys.stderr)


if __name__ == "__main__":
    main()
