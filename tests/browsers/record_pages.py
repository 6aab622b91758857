#!/usr/bin/env python3
"""Run the installed browsers on the page corpus and store their outputs:
tests/data/browsers/BROWSER/pages.jsonl and pages-provenance.json.

Usage:  python3 tests/browsers/record_pages.py [--check] [BROWSER...]

BROWSER is chromium, firefox or webkit (all three when none is given).
Each runs as tests/browsers.rs runs it for the other corpora (the same
runners, commands and environment; see common.mjs's runPages for what is
evaluated), on tests/data/browsers/corpus/pages.jsonl, into a temporary
directory.  The outputs are checked before they are stored: one line per
corpus line with its encoding, base and input; every page of the
document encoding that corpus/pages-provenance.json names; and a link
without a URL (``valid`` false) gives back its attribute as written.
When stored outputs exist, the lines that changed are counted and the
first shown.  With --check nothing is stored: the browser's version and
the stored one are printed with the changed lines (every one, by corpus
line number), and the exit status is 1 when lines changed under the
stored version (the browser or the runner is not deterministic), 0 when
none did or the version is another (a browser update: record again).
"""

import datetime
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
DATA = os.path.join(REPO, "tests/data/browsers")
CORPUS = os.path.join(DATA, "corpus/pages.jsonl")
CORPUS_REL = "tests/data/browsers/corpus/pages.jsonl"
XVFB = ["xvfb-run", "-a", "-s", "-screen 0 1280x1024x24 -nolisten tcp"]
RUNNERS = {
    "chromium": (["node", "chromium.mjs"], "node tests/browsers/chromium.mjs OUTDIR " + CORPUS_REL),
    "firefox": (["node", "firefox.mjs"], "node tests/browsers/firefox.mjs OUTDIR " + CORPUS_REL),
    "webkit": (
        XVFB + ["/usr/bin/python3", "webkit.py"],
        "xvfb-run -a -s '-screen 0 1280x1024x24 -nolisten tcp' /usr/bin/python3 tests/browsers/webkit.py OUTDIR "
        + CORPUS_REL,
    ),
}
TIMEOUT_S = 600
# How each runner gives the page its encoding.
SERVED = {
    "chromium": "answered by the runner (playwright route) with Content-Type: text/html; charset=LABEL",
    "firefox": "answered by the runner (puppeteer request interception over WebDriver BiDi) with "
    "Content-Type: text/html; charset=LABEL",
    "webkit": "shown by webkit_web_view_load_bytes with LABEL as its encoding",
}


def read_jsonl(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(l) for l in f.read().split("\n") if l != ""]


def system_name():
    try:
        with open("/etc/os-release", encoding="utf-8") as f:
            for l in f:
                if l.startswith("PRETTY_NAME="):
                    return l.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return None


def browser_provenance(browser, info, command):
    """What a recording says of the browser that ran it (from the
    runner's browser.json), of the system and of the command."""
    return {
        "browser": browser,
        "version": info["version"],
        "product": info.get("product"),
        "revision": info.get("revision"),
        "js_version": info.get("js_version"),
        "user_agent": info.get("user_agent"),
        "executable": info.get("executable"),
        "executable_version": info.get("executable_version"),
        "package": info.get("package"),
        "driver": info.get("driver"),
        "system": system_name(),
        "date": info.get("date"),
        "command": command,
    }


def check(corpus, out, names, info):
    if len(out) != len(corpus):
        sys.exit("%d output lines for %d corpus lines" % (len(out), len(corpus)))
    for i, (c, o) in enumerate(zip(corpus, out)):
        if (c["encoding"], c["base"], c["input"]) != (o["encoding"], o["base"], o["input"]):
            sys.exit("line %d: %r where the corpus has %r" % (i + 1, o, c))
        if not o["valid"] and o["href"] != o["input"]:
            sys.exit("line %d: no URL, yet href %r is not the attribute %r" % (i + 1, o["href"], o["input"]))
    pages = info["pages"]["pages"]
    for label, p in names.items():
        if pages[label]["character_set"] != p["name"]:
            sys.exit("the page of %s is %s, not %s" % (label, pages[label]["character_set"], p["name"]))


def record(browser, corpus, corpus_prov, store=True):
    argv, shown = RUNNERS[browser]
    tmp = tempfile.mkdtemp(prefix="urlprism-pages-%s-" % browser)
    try:
        env = dict(os.environ, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD="1", PUPPETEER_SKIP_DOWNLOAD="1")
        r = subprocess.run(
            argv + [tmp, CORPUS], cwd=HERE, env=env, capture_output=True, text=True, timeout=TIMEOUT_S,
            start_new_session=True,
        )
        if r.returncode != 0:
            sys.exit("%s failed (%d):\n%s\n%s" % (browser, r.returncode, r.stdout, r.stderr))
        print("".join("  %s\n" % l for l in r.stdout.splitlines()), end="")
        with open(os.path.join(tmp, "browser.json"), encoding="utf-8") as f:
            info = json.load(f)
        out = read_jsonl(os.path.join(tmp, "pages.jsonl"))
        check(corpus, out, corpus_prov["encodings"], info)
        dest = os.path.join(DATA, browser)
        stored = os.path.join(dest, "pages.jsonl")
        if not store:
            return check_only(browser, corpus, out, info)
        if os.path.exists(stored):
            # Matched by (encoding, base, input): the corpus may have changed.
            old = {(o["encoding"], o["base"], o["input"]): o for o in read_jsonl(stored)}
            changed = [o for o in out if (o["encoding"], o["base"], o["input"]) in old
                       and old[(o["encoding"], o["base"], o["input"])] != o]
            new = sum((o["encoding"], o["base"], o["input"]) not in old for o in out)
            print("  %d of %d lines changed since the stored outputs (%d new)" % (len(changed), len(out), new))
            for o in changed[:8]:
                was = old[(o["encoding"], o["base"], o["input"])]
                print("    changed: %s %r base %r: stored %r, now %r" % (
                    o["encoding"], o["input"], o["base"], was["href"], o["href"]))
        os.makedirs(dest, exist_ok=True)
        shutil.copyfile(os.path.join(tmp, "pages.jsonl"), stored)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    per_encoding = {}
    for o in out:
        e = per_encoding.setdefault(o["encoding"], {"lines": 0, "no URL (valid false)": 0})
        e["lines"] += 1
        e["no URL (valid false)"] += not o["valid"]
    provenance = browser_provenance(browser, info, "python3 tests/browsers/record_pages.py %s" % browser)
    provenance.update({
        "runner": shown,
        "evaluated": "a.href of an anchor whose href attribute is the input, in the page of the encoding "
        "(http://page.example/dir/LABEL.html, %s) while its <base> element's href is the base (absent "
        "when null); valid: a.protocol is not ':'; base_uri: document.baseURI; one page per encoding, "
        "up to 4000 links per evaluation" % SERVED[browser],
        "pages": info["pages"]["pages"],
        "corpus": {
            "files": [CORPUS_REL],
            "generator": corpus_prov["generator"],
            "seed": corpus_prov["seed"],
        },
        "outputs": {"pages": {"lines": len(out), "no URL (valid false)": sum(not o["valid"] for o in out)}},
        "per_encoding": per_encoding,
    })
    with open(os.path.join(DATA, browser, "pages-provenance.json"), "w", encoding="utf-8", newline="\n") as f:
        f.write(json.dumps(provenance, indent=2, sort_keys=True) + "\n")
    print("%s %s: stored in %s" % (browser, info["version"], os.path.relpath(dest, REPO)))


def check_only(browser, corpus, out, info):
    """Compares fresh outputs with the stored ones line by line, names
    every changed line; whether the browser is not deterministic (lines
    changed under the stored version)."""
    with open(os.path.join(DATA, browser, "pages-provenance.json"), encoding="utf-8") as f:
        stored_version = json.load(f)["version"]
    old = read_jsonl(os.path.join(DATA, browser, "pages.jsonl"))
    if len(old) != len(out):
        sys.exit("%s: %d stored lines for %d fresh ones" % (browser, len(old), len(out)))
    changed = [k for k, (o, n) in enumerate(zip(old, out)) if (o["href"], o["valid"]) != (n["href"], n["valid"])]
    print("%s %s (stored outputs of %s %s): %d of %d page lines changed" % (
        browser, info["version"], browser, stored_version, len(changed), len(out)))
    for k in changed:
        c = corpus[k]
        print("  changed: line %d %s %r base %r: stored %r, now %r" % (
            k + 1, c["encoding"], c["input"], c["base"],
            old[k]["href"] if old[k]["valid"] else None, out[k]["href"] if out[k]["valid"] else None))
    if changed and stored_version != info["version"]:
        print("  a browser update (not a failure): store the new outputs with "
              "python3 tests/browsers/record_pages.py %s" % browser)
    return bool(changed) and stored_version == info["version"]


def main():
    args = sys.argv[1:]
    only_check = "--check" in args
    browsers = [a for a in args if a != "--check"] or list(RUNNERS)
    for b in browsers:
        if b not in RUNNERS:
            sys.exit("usage: python3 tests/browsers/record_pages.py [--check] [chromium|firefox|webkit]...")
    corpus = read_jsonl(CORPUS)
    with open(os.path.join(DATA, "corpus/pages-provenance.json"), encoding="utf-8") as f:
        corpus_prov = json.load(f)
    print("record_pages.py: %d lines, %s" % (len(corpus), datetime.date.today().isoformat()))
    unstable = []
    for b in browsers:
        print(b + ":")
        if record(b, corpus, corpus_prov, store=not only_check):
            unstable.append(b)
    if unstable:
        sys.exit("page outputs changed under the stored version: " + ", ".join(unstable))


if __name__ == "__main__":
    main()
