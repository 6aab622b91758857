#!/usr/bin/env python3
"""Each browser's own failures of the web-platform-tests URL files, from
its stored outputs: tests/data/wpt/expected-failures/ENGINE.json for the
engines chromium, firefox and webkit, which model those browsers.

Usage:  python3 tests/browsers/wpt_expected.py [--out DIR] [ENGINE...]

Reads the vendored files (tests/data/wpt/) and the browser's
tests/data/browsers/BROWSER/wpt.jsonl (record_wpt.py stores it; its lines
must be the checks of the vendored files, in order) with its
wpt-provenance.json, and writes DIR/ENGINE.json (DIR is
tests/data/wpt/expected-failures unless given): a JSON array, one object
per line, one per check where the browser gives other than what the test
expects, in file order.  What is compared is what the WPT tests compare,
of what the runner records:

- urltestdata.json: a failure where ``failure`` is true, else each getter
  of the case (href, protocol, username, password, host, hostname, port,
  pathname, search, hash; origin and searchParams are not recorded);
- setters_tests.json: a URL, and each getter of ``expected``;
- toascii.json, IdnaTestV2.json: a failure where ``output`` is null, else
  the host equal to ``output``; IdnaTestV2.json's case with an empty input
  is left out, as url/IdnaTestV2.window.js leaves it out (it cannot be
  tested through new URL());
- percent-encoding.json: search "?" + output[ENCODING] and hash "#" +
  output["utf-8"].

An object has "file", the fields that identify the case (urltestdata:
input, base; setters: setter, href, new_value; toascii, IdnaTestV2:
input; percent-encoding: input, encoding) and "reason": what the browser,
named with its version, gives.  The same stored outputs give the same
bytes.  Prints the failures per file.
"""

import json
import os
import re
import sys

from record_wpt import DATA, FILES, GETTERS, REPO, wpt_checks, wpt_source

ENGINES = ["chromium", "firefox", "webkit"]
NAMES = {"chromium": "Chromium", "firefox": "Firefox", "webkit": "WebKitGTK"}
OUT = os.path.join(REPO, "tests/data/wpt/expected-failures")


def show(s):
    """A string in a reason: as it is when that is unambiguous (not empty,
    printable, no space), else quoted."""
    if s != "" and all(c.isprintable() and not c.isspace() for c in s):
        return s
    return json.dumps(s, ensure_ascii=False)


def stale_files(browser):
    """The vendored files whose SHA-256 is not the one the browser's
    outputs were recorded with (its checks are the same, or
    expected_failures stops: then only the expectations changed)."""
    with open(os.path.join(DATA, browser, "wpt-provenance.json"), encoding="utf-8") as f:
        recorded = json.load(f)["wpt"]["files"]
    now = wpt_source()["files"]
    return [f for f in FILES if recorded.get(f, {}).get("sha256") != now[f]["sha256"]]


def browser_name(browser):
    """The browser and its exact version, e.g. "Firefox 153.8.0esr"."""
    with open(os.path.join(DATA, browser, "wpt-provenance.json"), encoding="utf-8") as f:
        prov = json.load(f)
    version = prov["version"]
    m = re.search(re.escape(version) + r"\S*", prov.get("executable_version") or "")
    return "%s %s" % (NAMES[browser], m.group(0) if m else version)


def differences(result, expected, getters):
    """The getters whose value differs: "GETTER GOT (expected WANT)"."""
    return ["%s %s (expected %s)" % (g, show(result[g]), show(expected[g])) for g in getters if result[g] != expected[g]]


def verdict(check, case, result):
    """What the browser gives, when that is not what the test expects
    (None when it is)."""
    f = check["file"]
    failed = "failure" in result
    fails = "fails (%s)" % result["failure"] if failed else None
    if f == "urltestdata.json":
        if case.get("failure"):
            return None if failed else "gives a URL (%s) where the standard fails" % show(result["href"])
        if failed:
            return "%s where the standard gives %s" % (fails, show(case["href"]))
        if result["href"] != case["href"]:
            return "gives %s (expected %s)" % (show(result["href"]), show(case["href"]))
        diff = differences(result, case, [g for g in GETTERS if g != "href" and g in case])
        return "gives %s as expected but %s" % (show(result["href"]), ", ".join(diff)) if diff else None
    if f == "setters_tests.json":
        if failed:
            return fails
        diff = differences(result, case["expected"], list(case["expected"]))
        return "gives " + ", ".join(diff) if diff else None
    if f in ("toascii.json", "IdnaTestV2.json"):
        if case["output"] is None:
            return None if failed else "gives a URL with host %s where the standard fails" % show(result["host"])
        if failed:
            return "%s where the standard gives host %s" % (fails, show(case["output"]))
        if result["host"] != case["output"]:
            return "gives host %s (expected %s)" % (show(result["host"]), show(case["output"]))
        return None
    if f == "percent-encoding.json":
        want = {"search": "?" + case["output"][check["encoding"]], "hash": "#" + case["output"]["utf-8"]}
        diff = differences(result, want, ["search", "hash"])
        return "gives " + ", ".join(diff) if diff else None
    raise ValueError("no expectations for %s" % f)


IDENTIFYING = {
    "urltestdata.json": ["input", "base"],
    "setters_tests.json": ["setter", "href", "new_value"],
    "toascii.json": ["input"],
    "IdnaTestV2.json": ["input"],
    "percent-encoding.json": ["input", "encoding"],
}


def skipped(check):
    """Checks the WPT tests leave out."""
    return check["file"] == "IdnaTestV2.json" and check["input"] == ""


def expected_failures(browser, checks):
    """(the list's objects, failures per file, checks per file)."""
    path = os.path.join(DATA, browser, "wpt.jsonl")
    with open(path, encoding="utf-8") as f:
        out = [json.loads(l) for l in f.read().split("\n") if l != ""]
    if len(out) != len(checks):
        sys.exit("%s: %d lines for the %d checks of the vendored files: record again "
                 "(python3 tests/browsers/record_wpt.py %s)" % (path, len(out), len(checks), browser))
    name = browser_name(browser)
    failures = []
    per_file = {f: [0, 0] for f in FILES}
    for i, ((check, case), o) in enumerate(zip(checks, out)):
        if [(k, v) for k, v in o.items() if k != "result"] != list(check.items()):
            sys.exit("%s:%d is not the check %s of the vendored files: record again "
                     "(python3 tests/browsers/record_wpt.py %s)" % (path, i + 1, json.dumps(check), browser))
        if skipped(check):
            continue
        per_file[check["file"]][1] += 1
        v = verdict(check, case, o["result"])
        if v is None:
            continue
        per_file[check["file"]][0] += 1
        entry = {"file": check["file"]}
        for k in IDENTIFYING[check["file"]]:
            entry[k] = check[k]
        entry["reason"] = "%s %s" % (name, v)
        failures.append(entry)
    return failures, per_file


def write(path, failures):
    lines = [json.dumps(e, ensure_ascii=True) for e in failures]
    text = "[\n" + ",\n".join("  " + l for l in lines) + "\n]\n" if lines else "[]\n"
    with open(path, "w", encoding="ascii", newline="\n") as f:
        f.write(text)


def main():
    args = sys.argv[1:]
    out_dir = OUT
    if "--out" in args:
        i = args.index("--out")
        if i + 1 >= len(args):
            sys.exit("usage: python3 tests/browsers/wpt_expected.py [--out DIR] [ENGINE...]")
        out_dir = args[i + 1]
        del args[i : i + 2]
    engines = args or ENGINES
    for e in engines:
        if e not in ENGINES:
            sys.exit("usage: python3 tests/browsers/wpt_expected.py [--out DIR] [chromium|firefox|webkit]...")
    checks = wpt_checks()
    os.makedirs(out_dir, exist_ok=True)
    for engine in engines:
        failures, per_file = expected_failures(engine, checks)
        write(os.path.join(out_dir, engine + ".json"), failures)
        print("%s (%s): %d expected failures: %s" % (
            engine, browser_name(engine), len(failures),
            ", ".join("%s %d of %d" % (f, n, of) for f, (n, of) in per_file.items())))
        stale = stale_files(engine)
        if stale:
            print("  note: %s recorded from other versions of %s (the same checks); record again for its "
                  "provenance: python3 tests/browsers/record_wpt.py %s" % (engine, ", ".join(stale), engine))


if __name__ == "__main__":
    main()
