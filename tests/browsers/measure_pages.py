#!/usr/bin/env python3
"""How far the urlprism engines are from the browsers on links in pages of
many encodings: the stored outputs of tests/data/browsers/BROWSER/pages.jsonl
against ``urlprism canon --profile ENGINE --encoding LABEL --page-url PAGE
[--base BASE]``, a link in a page.

Usage:  python3 tests/browsers/measure_pages.py [--urlprism PATH] [--engines E,...]
            [--browsers B,...] [--examples N] [--json OUT]

PATH defaults to target/release/urlprism (then $CARGO_TARGET_DIR/release/
urlprism).  For each line the engine is given the input as a link in a page
of the line's encoding whose URL is http://page.example/dir/LABEL.html, two
ways:

  own rules    the line's <base href> (--base), read by the engine's own
               document rules (Engine::document_base: in UTF-8 or the
               page's encoding, a data: or javascript: base ignored or not,
               an invalid one leaving the page's URL or no base at all);
  given base   the browser's own base: the document.baseURI it recorded,
               as the page's URL, without a <base href>.

The engine agrees with a browser on a line when the browser's anchor has a
URL (``valid``) and the engine gives the same ``href``, or when neither has
one.  The tables give the agreement of each engine with each browser per
encoding (own rules / given base), then per split and part (own rules); the
causes list sorts the differences (own rules) by what differs, with
examples.
"""

import argparse
import json
import os
import subprocess
import sys
from collections import Counter, defaultdict
from urllib.parse import urlsplit

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
DATA = os.path.join(REPO, "tests/data/browsers")
ENGINES = ["chromium", "firefox", "webkit", "whatwg"]
BROWSERS = ["chromium", "firefox", "webkit"]
CHUNK = 800
SPECIAL = {"http", "https", "ftp", "ws", "wss", "file"}

def page_url(label):
    return "http://page.example/dir/%s.html" % label


def read_jsonl(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(l) for l in f.read().split("\n") if l != ""]


def find_urlprism(given):
    for p in [given, os.path.join(REPO, "target/release/urlprism"),
              os.path.join(os.environ.get("CARGO_TARGET_DIR", "/nonexistent"), "release/urlprism")]:
        if p and os.path.isfile(p):
            return p
    sys.exit("measure_pages.py: no urlprism binary (cargo build --release, or --urlprism PATH)")


class Engine:
    """``urlprism canon --json`` over batches of inputs; answers cached."""

    def __init__(self, exe):
        self.exe = exe
        self.cache = {}
        self.calls = 0

    def canon(self, engine, label, page, base, inputs):
        """input -> href or None, each a link in a page of encoding `label`
        at `page` whose <base href> is `base` (None: none)."""
        key = (engine, label, page, base)
        todo = sorted({i for i in inputs if key + (i,) not in self.cache})
        for k in range(0, len(todo), CHUNK):
            chunk = todo[k : k + CHUNK]
            argv = [self.exe, "canon", "--json", "--threads", "1", "--profile", engine,
                    "--encoding", label, "--page-url", page]
            if base is not None:
                argv += ["--base", base]
            r = subprocess.run(argv + ["--"] + chunk, capture_output=True, text=True)
            self.calls += 1
            lines = [json.loads(l) for l in r.stdout.split("\n") if l != ""]
            if len(lines) != len(chunk):
                # The page's URL itself was refused: no URL for any input.
                if r.returncode == 2 and "invalid page URL" in r.stderr:
                    lines = [{"input": i, "canonical": None} for i in chunk]
                else:
                    sys.exit("urlprism %r: %d answers to %d inputs\n%s" % (argv, len(lines), len(chunk), r.stderr))
            for i, o in zip(chunk, lines):
                if o["input"] != i:
                    sys.exit("urlprism answered %r for %r" % (o["input"], i))
                self.cache[key + (i,)] = o["canonical"]
        return {i: self.cache[key + (i,)] for i in inputs}


def engine_hrefs(eng, engine, label, rows, page_and_base):
    """The engine's href per row index, each a link in the page that
    page_and_base(row) gives: (the page's URL, its <base href> or None)."""
    groups = defaultdict(list)
    for k, r in rows:
        groups[page_and_base(r)].append((k, r["input"]))
    out = {}
    for (page, base), items in groups.items():
        got = eng.canon(engine, label, page, base, [i for _, i in items])
        for k, i in items:
            out[k] = got[i]
    return out


def agrees(ours, o):
    return ours == o["href"] if o["valid"] else ours is None


def component(a, b):
    """The first component where two URLs differ."""
    if a is None or b is None:
        return "validity"
    try:
        x, y = urlsplit(a), urlsplit(b)
    except ValueError:
        return "other"
    for name in ["scheme", "netloc", "path", "query", "fragment"]:
        if getattr(x, name) != getattr(y, name):
            return {"netloc": "host/userinfo"}.get(name, name)
    return "other"


def cause(c, o, ours, given_ours, label):
    """A name for why the engine's href differs from the browser's."""
    href = o["href"] if o["valid"] else None
    b = c["base"] or ""
    if agrees(given_ours, o) or b == "http://[":
        kind = (
            "a data:/javascript: base" if b.startswith(("data:", "javascript:"))
            else "an invalid base" if b == "http://["
            else "a non-ASCII base" if any(ord(ch) > 0x7E for ch in b)
            else "the base"
        )
        seen = o["base_uri"].replace(page_url(label), "the page's URL")
        return "base: %s is read otherwise (document.baseURI: %s)" % (kind, seen)
    comp = component(ours, href)
    scheme = (href or ours or c["input"]).split(":", 1)[0].lower()
    kind = "special" if scheme in SPECIAL - {"ws", "wss", "file"} else scheme if scheme in (
        "ws", "wss", "file") else "non-special"
    if comp == "query" and ours and href:
        if "&%23" in ours and "%26%23" in href:
            return "query: a character outside the encoding is &%23NNN; in the engine, %26%23NNN%3B in the browser"
        if label.startswith("iso-2022-jp") and ("%1B" in ours or "%1B" in href):
            return "query: ISO-2022-JP escape sequences (%1B...) differ"
        return "query of a %s URL: encoded otherwise" % kind
    return "%s of a %s URL differs" % (comp, kind)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--urlprism")
    ap.add_argument("--engines", default=",".join(ENGINES))
    ap.add_argument("--browsers", default=",".join(BROWSERS))
    ap.add_argument("--examples", type=int, default=3)
    ap.add_argument("--causes", type=int, default=12, help="causes listed per engine and browser")
    ap.add_argument("--json", help="write the figures here as JSON")
    args = ap.parse_args()
    engines = args.engines.split(",")
    browsers = args.browsers.split(",")
    eng = Engine(find_urlprism(args.urlprism))
    corpus = read_jsonl(os.path.join(DATA, "corpus/pages.jsonl"))
    outs = {}
    for b in browsers:
        outs[b] = read_jsonl(os.path.join(DATA, b, "pages.jsonl"))
        assert len(outs[b]) == len(corpus), b
        for c, o in zip(corpus, outs[b]):
            assert (c["encoding"], c["base"], c["input"]) == (o["encoding"], o["base"], o["input"])
    labels = list(dict.fromkeys(c["encoding"] for c in corpus))
    by_label = defaultdict(list)
    for k, c in enumerate(corpus):
        by_label[c["encoding"]].append((k, c))

    # tally[(engine, browser)][key] = [agree, lines], key: label, split, part, "all", "given"
    tally = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    causes = defaultdict(lambda: defaultdict(list))
    for engine in engines:
        for label in labels:
            rows = by_label[label]
            own = engine_hrefs(eng, engine, label, rows, lambda c: (page_url(label), c["base"]))
            for b in browsers:
                out = outs[b]
                given = engine_hrefs(eng, engine, label, [(k, out[k]) for k, _ in rows],
                                     lambda o: (o["base_uri"], None))
                t = tally[(engine, b)]
                for k, c in rows:
                    o = out[k]
                    ok = agrees(own[k], o)
                    gok = agrees(given[k], o)
                    for key in [label, "split:" + c["split"], "part:" + c["part"], "all"]:
                        t[key][0] += ok
                        t[key][1] += 1
                    t["given:" + label][0] += gok
                    t["given:" + label][1] += 1
                    t["given"][0] += gok
                    t["given"][1] += 1
                    if not ok:
                        why = cause(c, o, own[k], given[k], label)
                        causes[(engine, b)][why].append((label, c, o, own[k]))
        print("measured %s (%d urlprism calls so far)" % (engine, eng.calls), file=sys.stderr)

    def pct(a, n):
        return "%5.1f" % (100.0 * a / n) if n else "   - "

    for b in browsers:
        print("\n== against %s: agreement %% per encoding, the engine's own <base href> rules / given base "
              "(lines per encoding: %d)" % (b, len(by_label[labels[0]])))
        print("%-16s" % "encoding" + "".join("%-18s" % e for e in engines))
        for label in labels + ["all"]:
            cells = []
            for e in engines:
                t = tally[(e, b)]
                g = t["given" if label == "all" else "given:" + label]
                cells.append("%s / %s" % (pct(*t[label]), pct(*g)))
            print("%-16s" % label + "".join("%-18s" % x for x in cells))
        for key in ["split:tuning", "split:held-out"]:
            print("%-16s" % key[6:] + "".join("%-18s" % pct(*tally[(e, b)][key]) for e in engines))
        parts = sorted({k for k in tally[(engines[0], b)] if k.startswith("part:")})
        for key in parts:
            print("  %-14s" % key[5:] + "".join("%-18s" % pct(*tally[(e, b)][key]) for e in engines))

    print("\n== causes (own rules), largest first, with examples")
    for (e, b), cs in causes.items():
        if e != b and e != "whatwg":
            continue
        total = sum(len(v) for v in cs.values())
        print("\n-- engine %s against %s: %d lines differ" % (e, b, total))
        ranked = sorted(cs.items(), key=lambda kv: (-len(kv[1]), kv[0]))
        if len(ranked) > args.causes:
            print("  (the %d largest of %d causes)" % (args.causes, len(ranked)))
        for why, items in ranked[: args.causes]:
            labels_hit = Counter(x[0] for x in items)
            print("  %5d  %s  [%s]" % (len(items), why, ", ".join("%s %d" % kv for kv in labels_hit.most_common(4))))
            seen = set()
            shown = 0
            for label, c, o, ours in items:
                key = (c["input"], c["base"])
                if key in seen:
                    continue
                seen.add(key)
                print("         %s %s base %s: engine %s, %s %s" % (
                    label, json.dumps(c["input"]), json.dumps(c["base"]), json.dumps(ours), b,
                    json.dumps(o["href"] if o["valid"] else None)))
                shown += 1
                if shown >= args.examples:
                    break
    if args.json:
        figures = {"%s-vs-%s" % k: {key: v for key, v in t.items()} for k, t in tally.items()}
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(figures, f, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
