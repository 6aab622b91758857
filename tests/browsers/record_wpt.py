#!/usr/bin/env python3
"""Run the installed browsers on the web-platform-tests URL files
(tests/data/wpt/) and store what they give: tests/data/browsers/BROWSER/
wpt.jsonl and wpt-provenance.json.

Usage:  python3 tests/browsers/record_wpt.py [--check] [BROWSER...]

BROWSER is chromium, firefox or webkit (all three when none is given).
The checks are drawn from the vendored files in file order (``wpt_checks``
below: urltestdata.json, setters_tests.json, percent-encoding.json,
toascii.json, IdnaTestV2.json), written as a WPT corpus into a temporary
directory and run by the browser's runner, the same one and the same way
as record_pages.py runs it (see common.mjs's runWpt and evaluateWptBatch
for what is evaluated).  The outputs are checked before they are stored:
one line per check with the check's fields unchanged (the page echoes
them), a result of the expected shape, and each page of
percent-encoding.json of the document encoding that
corpus/pages-provenance.json names for its label.  With --check nothing
is stored: the browser's version and the stored one are printed with
every changed line (by file and case), and the exit status is 1 when
lines changed under the stored version (the browser or the runner is not
deterministic) or the stored lines are not those of the vendored files,
0 when none changed or the version is another (a browser update: record
again).

wpt_expected.py reads the stored lines against the files' expectations.
"""

import datetime
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

from record_pages import SERVED, TIMEOUT_S, XVFB, browser_provenance, read_jsonl

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
DATA = os.path.join(REPO, "tests/data/browsers")
WPT = os.path.join(REPO, "tests/data/wpt")
WPT_REL = "tests/data/wpt"
# In the order the checks are run and stored.
FILES = ["urltestdata.json", "setters_tests.json", "percent-encoding.json", "toascii.json", "IdnaTestV2.json"]
GETTERS = ["href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"]
RESULT_KEYS = {
    "urltestdata.json": GETTERS,
    "setters_tests.json": GETTERS,
    "percent-encoding.json": ["search", "hash"],
    "toascii.json": ["host"],
    "IdnaTestV2.json": ["host"],
}
RUNNERS = {
    "chromium": (["node", "chromium.mjs"], "node tests/browsers/chromium.mjs OUTDIR CHECKS/wpt.jsonl"),
    "firefox": (["node", "firefox.mjs"], "node tests/browsers/firefox.mjs OUTDIR CHECKS/wpt.jsonl"),
    "webkit": (
        XVFB + ["/usr/bin/python3", "webkit.py"],
        "xvfb-run -a -s '-screen 0 1280x1024x24 -nolisten tcp' /usr/bin/python3 tests/browsers/webkit.py "
        "OUTDIR CHECKS/wpt.jsonl",
    ),
}
EVALUATED = (
    "urltestdata.json: the ten getters of new URL(input, base ?? undefined); setters_tests.json: the ten "
    "getters of u after u = new URL(href); u[setter] = new_value; toascii.json, IdnaTestV2.json: the host "
    "of new URL('https://' + input + '/x'); each {failure: the exception's message} when it throws; in "
    "about:blank, up to 4000 checks per evaluation.  percent-encoding.json: search and hash of an anchor "
    "whose href attribute is https://doesnotmatter.invalid/? + input + # + input, in the page of the "
    "encoding (http://page.example/dir/LABEL.html, %s), one evaluation per check"
)


def ascii_json(value):
    return json.dumps(value, ensure_ascii=True, separators=(",", ":"))


def read_wpt(name):
    with open(os.path.join(WPT, name), encoding="utf-8") as f:
        return json.load(f)


def wpt_checks():
    """Every check of the vendored files, in file order: (check, case), the
    check the fields that identify it ({"file", "case", ...}, as a WPT
    corpus line), the case the object of the file that holds its
    expectations.  Cases are numbered from 1 among a file's objects
    (strings are comments); in setters_tests.json within each setter's
    list ("comment" is not a setter); a case of percent-encoding.json is a
    check per encoding of its output, in the file's order."""
    def objects(name):
        return [c for c in read_wpt(name) if not isinstance(c, str)]

    out = []
    for n, c in enumerate(objects("urltestdata.json"), 1):
        out.append(({"file": "urltestdata.json", "case": n, "input": c["input"], "base": c["base"]}, c))
    for setter, cases in read_wpt("setters_tests.json").items():
        if setter == "comment":
            continue
        for n, c in enumerate(cases, 1):
            check = {"file": "setters_tests.json", "setter": setter, "case": n, "href": c["href"],
                     "new_value": c["new_value"]}
            out.append((check, c))
    for n, c in enumerate(objects("percent-encoding.json"), 1):
        for encoding in c["output"]:
            out.append(({"file": "percent-encoding.json", "case": n, "encoding": encoding, "input": c["input"]}, c))
    for name in ["toascii.json", "IdnaTestV2.json"]:
        for n, c in enumerate(objects(name), 1):
            out.append(({"file": name, "case": n, "input": c["input"]}, c))
    return out


def wpt_source():
    """Where the vendored files come from (tests/data/wpt/README.md), with
    each file's SHA-256 and number of checks."""
    with open(os.path.join(WPT, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    m = re.search(r"`([\w.-]+/[\w.-]+)`,\s+commit\s+`([0-9a-f]{40})`\s+\(([0-9-]+)", readme)
    if not m:
        sys.exit("tests/data/wpt/README.md does not name the repository and commit the files come from")
    files = {}
    for name in FILES:
        with open(os.path.join(WPT, name), "rb") as f:
            files[name] = {"path": "%s/%s" % (WPT_REL, name), "sha256": hashlib.sha256(f.read()).hexdigest()}
    return {
        "upstream": "web-platform-tests, url/resources/",
        "repository": m.group(1),
        "commit": m.group(2),
        "commit_date": m.group(3),
        "readme": WPT_REL + "/README.md",
        "files": files,
    }


def key(check):
    """A check named for people: file, setter, case and what identifies it."""
    what = ", ".join(
        "%s %s" % (k, json.dumps(v)) for k, v in check.items() if k not in ("file", "case", "setter"))
    setter = " " + check["setter"] if "setter" in check else ""
    return "%s%s case %d (%s)" % (check["file"], setter, check["case"], what)


def check(checks, out, names, info):
    """The outputs answer the checks: one line each, the check's fields as
    they were, a result of the file's shape; and each page was of the
    encoding its label names."""
    if len(out) != len(checks):
        sys.exit("%d output lines for %d checks" % (len(out), len(checks)))
    for i, ((c, _), o) in enumerate(zip(checks, out)):
        fields = [(k, v) for k, v in o.items() if k != "result"]
        if fields != list(c.items()):
            sys.exit("line %d: %s where the check is %s" % (i + 1, ascii_json(o), ascii_json(c)))
        r = o.get("result")
        if not isinstance(r, dict) or not (
            (list(r) == ["failure"] and isinstance(r["failure"], str))
            or (list(r) == RESULT_KEYS[c["file"]] and all(isinstance(v, str) for v in r.values()))
        ):
            sys.exit("line %d (%s): result %s" % (i + 1, key(c), ascii_json(r)))
    pages = info.get("pages", {}).get("wpt", {})
    for label in sorted({c["encoding"] for c, _ in checks if c["file"] == "percent-encoding.json"}):
        want = names.get(label, {}).get("name")
        if want is None:
            sys.exit("no document encoding for the label %s in corpus/pages-provenance.json" % label)
        got = pages.get(label, {}).get("character_set")
        if got != want:
            sys.exit("the page of %s is %s, not %s" % (label, got, want))


def run(browser, checks):
    """Runs the browser on the checks: (its browser.json, its lines)."""
    argv, _ = RUNNERS[browser]
    tmp = tempfile.mkdtemp(prefix="urlprism-wpt-%s-" % browser)
    try:
        corpus = os.path.join(tmp, "checks", "wpt.jsonl")
        os.makedirs(os.path.dirname(corpus))
        with open(corpus, "w", encoding="ascii", newline="\n") as f:
            f.write("".join(ascii_json(c) + "\n" for c, _ in checks))
        out_dir = os.path.join(tmp, "out")
        env = dict(os.environ, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD="1", PUPPETEER_SKIP_DOWNLOAD="1")
        r = subprocess.run(
            argv + [out_dir, corpus], cwd=HERE, env=env, capture_output=True, text=True, timeout=TIMEOUT_S,
            start_new_session=True,
        )
        if r.returncode != 0:
            sys.exit("%s failed (%d):\n%s\n%s" % (browser, r.returncode, r.stdout, r.stderr))
        print("".join("  %s\n" % l for l in r.stdout.splitlines()), end="")
        with open(os.path.join(out_dir, "browser.json"), encoding="utf-8") as f:
            info = json.load(f)
        with open(os.path.join(out_dir, "wpt.jsonl"), encoding="ascii") as f:
            text = f.read()
        return info, text
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def counts(checks, out):
    per_file = {}
    for (c, _), o in zip(checks, out):
        f = per_file.setdefault(c["file"], {"lines": 0, "failure results": 0})
        f["lines"] += 1
        f["failure results"] += "failure" in o["result"]
    return per_file


def record(browser, checks, names, store=True):
    info, text = run(browser, checks)
    out = [json.loads(l) for l in text.split("\n") if l != ""]
    check(checks, out, names, info)
    print("  %s %s: %d lines, as the checks asked" % (browser, info["version"], len(out)))
    if not store:
        return check_only(browser, checks, out, info)
    dest = os.path.join(DATA, browser)
    stored = os.path.join(dest, "wpt.jsonl")
    if os.path.exists(stored):
        old = {ascii_json({k: v for k, v in o.items() if k != "result"}): o["result"] for o in read_jsonl(stored)}
        changed = [(c, old[ascii_json(c)], o["result"]) for (c, _), o in zip(checks, out)
                   if ascii_json(c) in old and old[ascii_json(c)] != o["result"]]
        new = sum(ascii_json(c) not in old for c, _ in checks)
        print("  %d of %d lines changed since the stored outputs (%d new)" % (len(changed), len(out), new))
        for c, was, now in changed[:8]:
            print("    changed: %s: stored %s, now %s" % (key(c), ascii_json(was), ascii_json(now)))
    os.makedirs(dest, exist_ok=True)
    with open(stored, "w", encoding="ascii", newline="\n") as f:
        f.write(text)
    source = wpt_source()
    per_file = counts(checks, out)
    for name, f in source["files"].items():
        f["checks"] = per_file[name]["lines"]
    shown = RUNNERS[browser][1]
    provenance = browser_provenance(browser, info, "python3 tests/browsers/record_wpt.py %s" % browser)
    provenance.update({
        "run_ms": info.get("run_ms"),
        "runner": shown,
        "evaluated": EVALUATED % SERVED[browser],
        "pages": info["pages"]["wpt"],
        "wpt": source,
        "outputs": {"wpt": {"lines": len(out), "failure results": sum("failure" in o["result"] for o in out)}},
        "per_file": per_file,
    })
    with open(os.path.join(dest, "wpt-provenance.json"), "w", encoding="utf-8", newline="\n") as f:
        f.write(json.dumps(provenance, indent=2, sort_keys=True) + "\n")
    print("%s %s: stored in %s (the browser ran %.1f s)" % (
        browser, info["version"], os.path.relpath(dest, REPO), info.get("run_ms", 0) / 1000))
    return False


def check_only(browser, checks, out, info):
    """Compares fresh outputs with the stored ones line by line and names
    every changed line; whether that is a failure (lines changed under the
    stored version, or stored lines of other checks)."""
    with open(os.path.join(DATA, browser, "wpt-provenance.json"), encoding="utf-8") as f:
        stored_version = json.load(f)["version"]
    old = read_jsonl(os.path.join(DATA, browser, "wpt.jsonl"))
    if len(old) != len(out):
        print("  %s: %d stored lines for %d checks of the vendored files: record again "
              "(python3 tests/browsers/record_wpt.py %s)" % (browser, len(old), len(out), browser))
        return True
    for k, (o, (c, _)) in enumerate(zip(old, checks)):
        if [(f, v) for f, v in o.items() if f != "result"] != list(c.items()):
            print("  %s: stored line %d is %s, the check is %s: the vendored files changed, record again "
                  "(python3 tests/browsers/record_wpt.py %s)" % (browser, k + 1, ascii_json(o), ascii_json(c), browser))
            return True
    changed = [k for k, (o, n) in enumerate(zip(old, out)) if o["result"] != n["result"]]
    print("%s %s (stored outputs of %s %s; %.1f s): %d of %d WPT lines changed" % (
        browser, info["version"], browser, stored_version, info.get("run_ms", 0) / 1000, len(changed), len(out)))
    for k in changed:
        print("  changed: line %d, %s: stored %s, now %s" % (
            k + 1, key(checks[k][0]), ascii_json(old[k]["result"]), ascii_json(out[k]["result"])))
    if changed and stored_version != info["version"]:
        print("  a browser update (not a failure): store the new outputs with "
              "python3 tests/browsers/record_wpt.py %s" % browser)
    return bool(changed) and stored_version == info["version"]


def main():
    args = sys.argv[1:]
    only_check = "--check" in args
    browsers = [a for a in args if a != "--check"] or list(RUNNERS)
    for b in browsers:
        if b not in RUNNERS:
            sys.exit("usage: python3 tests/browsers/record_wpt.py [--check] [chromium|firefox|webkit]...")
    checks = wpt_checks()
    with open(os.path.join(DATA, "corpus/pages-provenance.json"), encoding="utf-8") as f:
        names = json.load(f)["encodings"]
    per_file = {}
    for c, _ in checks:
        per_file[c["file"]] = per_file.get(c["file"], 0) + 1
    print("record_wpt.py: %d checks (%s), %s" % (
        len(checks), ", ".join("%s %d" % kv for kv in per_file.items()), datetime.date.today().isoformat()))
    failed = []
    for b in browsers:
        print(b + ":")
        if record(b, checks, names, store=not only_check):
            failed.append(b)
    if failed:
        sys.exit("WPT outputs changed under the stored version, or are not those of the vendored files: "
                 + ", ".join(failed))


if __name__ == "__main__":
    main()
