#!/usr/bin/env python3
"""Extract the case tables of Firefox's netwerk/test/unit/test_idn_urls.js and
test_idn_spoof.js as JSON lines (needs node to evaluate the JS literals).

Usage: extract_firefox_idn_tests.py FIREFOX_SRC > firefox-test-idn-urls.jsonl

Each line: {"file", "line", "input", "punycode" (test_idn_urls only), "unicode"
(test_idn_spoof only), "expected", "expected_display", "platform"}
expected_display is what convertToDisplayIDN must return under the default
preferences (network.IDN_show_punycode=false,
network.idn.punycode_cyrillic_confusables=true), as each test's checking loop
computes it; "\ufffd" stands for "throws" (kInvalid). assert_on_linux is
"equal" when the test asserts the display equals expected_display on Linux, and
"not-equal" for its expected failures there (platform "DISABLED": a Chromium
case Firefox does not follow; or a case for another platform).
"""
import json
import os
import re
import subprocess
import sys


def elements(text, array_start):
    """(line, source) of each top-level [...] element of the array at array_start."""
    i = text.index("[", array_start)
    depth = 0
    out = []
    j = i
    in_str = None
    elem_start = None
    while True:
        c = text[j]
        if in_str:
            if c == "\\":
                j += 2
                continue
            if c == in_str:
                in_str = None
        elif c == "/" and text[j + 1] == "/":
            j = text.index("\n", j)
            continue
        elif c in "\"'`":
            in_str = c
        elif c == "[":
            depth += 1
            if depth == 2:
                elem_start = j
        elif c == "]":
            depth -= 1
            if depth == 1:
                out.append((text.count("\n", 0, elem_start) + 1, text[elem_start:j + 1]))
            if depth == 0:
                return out
        j += 1


def evaluate(sources):
    prog = ("const kSafe=1,kUnsafe=2,kInvalid=3;"
            "function cyrillicConfusableExpectation(){return undefined;}"
            "const out=[" + ",".join(sources) + "];"
            "process.stdout.write(JSON.stringify(out.map(a=>a.map(x=>x===undefined?null:x))));")
    r = subprocess.run(["node", "-e", prog], capture_output=True, text=True, check=True)
    return json.loads(r.stdout)


def main(src):
    rows = []
    rel = "netwerk/test/unit/test_idn_urls.js"
    t = open(os.path.join(src, rel), encoding="utf-8").read()
    els = elements(t, t.index("const testcases = ["))
    for (line, _), v in zip(els, evaluate([s for _, s in els])):
        url, puny, uni = v[0] + ".com", v[1] + ".com", v[2]
        if puny.startswith("xn--") or ".xn--" in puny:
            disp = url if uni else puny
        else:
            disp = puny
        rows.append({"file": rel, "line": line, "input": url, "punycode": puny,
                     "expected": "unicode" if uni else "punycode",
                     "expected_display": disp, "platform": "all",
                     "assert_on_linux": "equal"})
    rel = "netwerk/test/unit/test_idn_spoof.js"
    t = open(os.path.join(src, rel), encoding="utf-8").read()
    els = elements(t, t.index("let testCases = ["))
    els += elements(t, t.index("let additionalTestcases = ["))
    names = {1: "safe", 2: "unsafe", 3: "invalid"}
    for (line, _), v in zip(els, evaluate([s for _, s in els])):
        kind = names[v[2]]
        disp = v[1] if kind == "safe" else (v[0] if kind == "unsafe" else "\ufffd")
        plat = v[3] if len(v) > 3 and v[3] is not None else "all"
        # checkEquals asserts equality, or inequality for an expected failure
        # (platform "DISABLED", or a platform other than the one running).
        on_linux = "not-equal" if plat not in ("all", "linux") else "equal"
        rows.append({"file": rel, "line": line, "input": v[0], "unicode": v[1],
                     "expected": kind, "expected_display": disp, "platform": plat,
                     "assert_on_linux": on_linux})
    counts = {}
    for r in rows:
        print(json.dumps(r, ensure_ascii=False))
        k = (r["file"].split("/")[-1], r["expected"])
        counts[k] = counts.get(k, 0) + 1
    print(counts, file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1])
