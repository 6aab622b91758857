#!/usr/bin/env python3
"""Write tests/data/oracles/wine-1.5.26/rows.json: the rows of Wine's
conformance tests that state what Windows' URL parsing (urlmon's IUri, as
IE 7-9 used it, and mshtml's location object) gives under default flags.

Usage:  python3 tests/oracles/extract_wine.py --git-dir PATH [--rev REV]

PATH is a git directory of ReactOS as mirrored by ``hoangduit/reactos``,
REV a commit whose rostests/winetests/ hold Wine 1.5.26's tests (the
default, 90fb6a6f, of 2013-07-04; reactos/media/doc/README.WINE there says
dll/win32/urlmon and mshtml are synced to Wine-1.5.26).  Wine's tests run on
real Windows: an expectation is what Windows answered; ``todo`` marks where
Wine itself fails (the expectation is still Windows'), a ``broken_value``
what some Windows versions answer instead.

The rows, each with its file and line (the line of its first string, in
the ReactOS copy: rostests/winetests/urlmon/uri.c is Wine's
dlls/urlmon/tests/uri.c, rostests/winetests/mshtml/htmllocation.c its
dlls/mshtml/tests/htmllocation.c):

  uri        uri_tests of dlls/urlmon/tests/uri.c with create flags 0:
             CreateUri(input, 0); ``expect`` is ``invalid`` when it fails,
             else the properties below
  invalid    invalid_uri_tests with flags 0: CreateUri fails (E_INVALIDARG)
  combine    uri_combine_tests with base flags 0, relative flags 0 or
             Uri_CREATE_ALLOW_RELATIVE (the flag any relative reference
             needs) and combine flags 0: CoInternetCombineIUri(base, input)
  location   location_tests of dlls/mshtml/tests/htmllocation.c: a page at
             the URL; its location.href and location.hostname

Properties kept (the others, such as DISPLAY_URI, DOMAIN, EXTENSION,
AUTHORITY, PATH_AND_QUERY, RAW_URI, HOST_TYPE, ZONE, describe no more of the
canonical URL or are no URL at all): ``absolute_uri``, ``host``, ``path``,
``query`` (with its ``?``), ``fragment`` (with its ``#``), ``user_name``,
``password``, each as [VALUE, PRESENT] (PRESENT false when Windows answers
S_FALSE: the component is absent), and ``port`` (the number, including a
scheme's default, when Windows answers S_OK).  A row with a
``broken_value`` on a kept property differs across Windows versions
without saying which is IE 9's: it is left out (and counted).
"""

import argparse
import datetime
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
URI_C = "rostests/winetests/urlmon/uri.c"
LOCATION_C = "rostests/winetests/mshtml/htmllocation.c"
DEFAULT_REV = "90fb6a6f"

# Uri_PROPERTY order of the str_props and dword_props arrays.
STR_PROPS = [
    "ABSOLUTE_URI", "AUTHORITY", "DISPLAY_URI", "DOMAIN", "EXTENSION", "FRAGMENT", "HOST",
    "PASSWORD", "PATH", "PATH_AND_QUERY", "QUERY", "RAW_URI", "SCHEME_NAME", "USER_INFO",
    "USER_NAME",
]
DWORD_PROPS = ["HOST_TYPE", "PORT", "SCHEME", "ZONE"]
KEPT = {
    "ABSOLUTE_URI": "absolute_uri",
    "HOST": "host",
    "PATH": "path",
    "QUERY": "query",
    "FRAGMENT": "fragment",
    "USER_NAME": "user_name",
    "PASSWORD": "password",
}


# --------------------------------------------------------------------------
# A reader of C initializers: strings, names, numbers, braces, commas.

TOKEN = re.compile(
    r'\s+|//[^\n]*|/\*.*?\*/|#(?:\\\n|[^\n])*'
    r'|(?P<str>"(?:[^"\\\n]|\\.)*")'
    r'|(?P<chr>\'(?:[^\'\\\n]|\\.)*\')'
    r'|(?P<word>[A-Za-z_0-9][A-Za-z_0-9]*(?:\s*\|\s*[A-Za-z_0-9]+)*)'
    r'|(?P<punct>[{},=;()\[\]*+\-<>!&.:?/%^~|])',
    re.S | re.M,
)

ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "\\": "\\", '"': '"', "'": "'", "0": "\0", "a": "\a", "?": "?"}


def c_string(lit):
    body = lit[1:-1]
    out = []
    i = 0
    while i < len(body):
        ch = body[i]
        if ch != "\\":
            out.append(ch)
            i += 1
            continue
        nxt = body[i + 1]
        if nxt == "x":
            m = re.match(r"[0-9a-fA-F]+", body[i + 2 :])
            out.append(chr(int(m.group(0), 16)))
            i += 2 + len(m.group(0))
        elif nxt in "01234567" and nxt != "0" or (nxt == "0" and i + 2 < len(body) and body[i + 2] in "01234567"):
            m = re.match(r"[0-7]{1,3}", body[i + 1 :])
            out.append(chr(int(m.group(0), 8)))
            i += 1 + len(m.group(0))
        else:
            out.append(ESCAPES[nxt])
            i += 2
    return "".join(out)


def tokens(text):
    text = text.replace("\r\n", "\n")
    line = 1
    pos = 0
    out = []
    while pos < len(text):
        m = TOKEN.match(text, pos)
        if not m:
            raise SystemExit("cannot read C at line %d: %r" % (line, text[pos : pos + 40]))
        if m.group("str"):
            out.append(("str", c_string(m.group("str")), line))
        elif m.group("chr"):
            out.append(("chr", m.group("chr"), line))
        elif m.group("word"):
            out.append(("word", re.sub(r"\s+", "", m.group("word")), line))
        elif m.group("punct"):
            out.append(("punct", m.group("punct"), line))
        line += text.count("\n", pos, m.end())
        pos = m.end()
    return out


class Node:
    """A braced list, or a value (adjacent strings joined)."""

    def __init__(self, items=None, value=None, kind=None, line=0):
        self.items = items
        self.value = value
        self.kind = kind
        self.line = line

    def first_line(self):
        if self.items is None:
            return self.line
        return self.items[0].first_line() if self.items else self.line


def parse_braced(toks, i):
    assert toks[i][1] == "{", toks[i]
    line = toks[i][2]
    i += 1
    items = []
    while True:
        t = toks[i]
        if t[1] == "}":
            return Node(items=items, line=line), i + 1
        if t[1] == ",":
            i += 1
            continue
        if t[1] == "{":
            node, i = parse_braced(toks, i)
            items.append(node)
            continue
        # a value: strings joined, or a word (possibly a call such as
        # broken(...), kept as text), up to the next , or }
        start = i
        parts = []
        depth = 0
        while depth > 0 or toks[i][1] not in (",", "}"):
            if toks[i][1] == "(":
                depth += 1
            elif toks[i][1] == ")":
                depth -= 1
            parts.append(toks[i])
            i += 1
        if all(p[0] == "str" for p in parts):
            items.append(Node(value="".join(p[1] for p in parts), kind="str", line=toks[start][2]))
        else:
            items.append(Node(value="".join(p[1] for p in parts), kind="word", line=toks[start][2]))


def initializer(toks, name):
    for i, t in enumerate(toks):
        if t == ("word", name, t[2]) and toks[i + 1][1] == "[" and toks[i + 2][1] == "]":
            j = i + 3
            while toks[j][1] != "{":
                j += 1
            node, _ = parse_braced(toks, j)
            return node
    raise SystemExit("no initializer %s" % name)


def value(node):
    """A leaf's value: a string, or the C text of anything else."""
    if node.items is not None:
        raise SystemExit("line %d: a list where a value was expected" % node.line)
    return node.value


# --------------------------------------------------------------------------


def props(row_props, dword_props, where):
    """The kept properties of a row, or None with the reason to leave it out."""
    out = {}
    for i, p in enumerate(row_props.items):
        name = STR_PROPS[i]
        if name not in KEPT:
            continue
        fields = [value(x) for x in p.items]
        val, hr = fields[0], fields[1]
        todo = len(fields) > 2 and fields[2] == "TRUE"
        broken = fields[3] if len(fields) > 3 else None
        if broken not in (None, "NULL"):
            return None, "%s: broken_value %r beside %r (differs across Windows versions)" % (name, broken, val)
        if hr not in ("S_OK", "S_FALSE"):
            return None, "%s: HRESULT %s" % (name, hr)
        out[KEPT[name]] = [val, hr == "S_OK"]
        if todo:
            out.setdefault("wine_todo", []).append(KEPT[name])
    port = dword_props.items[DWORD_PROPS.index("PORT")]
    pv, phr = value(port.items[0]), value(port.items[1])
    if phr == "S_OK":
        out["port"] = int(pv)
    return out, None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--git-dir", required=True)
    ap.add_argument("--rev", default=DEFAULT_REV)
    ap.add_argument("--out", default=os.path.join(REPO, "tests/data/oracles/wine-1.5.26"))
    args = ap.parse_args()

    def show(path):
        return subprocess.run(
            ["git", "--git-dir", args.git_dir, "show", "%s:%s" % (args.rev, path)],
            capture_output=True, check=True,
        ).stdout.decode("latin-1")

    readme = show("reactos/media/doc/README.WINE")
    for dll in ("urlmon", "mshtml"):
        m = re.search(r"reactos/dll/win32/%s\s+# Synced to (Wine-[0-9.]+)" % dll, readme)
        if not m or m.group(1) != "Wine-1.5.26":
            raise SystemExit("README.WINE: %s is not synced to Wine-1.5.26" % dll)
    commit = subprocess.run(
        ["git", "--git-dir", args.git_dir, "rev-parse", args.rev], capture_output=True, check=True
    ).stdout.decode().strip()

    rows = []
    left_out = []
    uri_file = URI_C
    toks = tokens(show(URI_C))

    for row in initializer(toks, "uri_tests").items:
        f = row.items
        uri, flags, expected = value(f[0]), value(f[1]), value(f[2])
        line = row.first_line()
        if flags != "0":
            continue
        r = {"file": uri_file, "line": line, "table": "uri_tests", "kind": "uri", "input": uri}
        if expected != "S_OK":
            r["expect"] = "invalid"
            r["create_result"] = expected
            rows.append(r)
            continue
        p, why = props(f[4], f[5], line)
        if p is None:
            left_out.append({"file": uri_file, "line": line, "input": uri, "why": why})
            continue
        if value(f[3]) == "TRUE":
            r["wine_todo_create"] = True
        r["expect"] = p
        rows.append(r)

    for row in initializer(toks, "invalid_uri_tests").items:
        uri, flags = value(row.items[0]), value(row.items[1])
        if flags != "0":
            continue
        rows.append({"file": uri_file, "line": row.first_line(), "table": "invalid_uri_tests",
                     "kind": "invalid", "input": uri, "expect": "invalid"})

    for row in initializer(toks, "uri_combine_tests").items:
        f = row.items
        base, bflags, rel, rflags, cflags, expected = (value(x) for x in f[:6])
        line = row.first_line()
        if bflags != "0" or rflags not in ("0", "Uri_CREATE_ALLOW_RELATIVE") or cflags != "0":
            continue
        r = {"file": uri_file, "line": line, "table": "uri_combine_tests", "kind": "combine",
             "input": rel, "base": base}
        if expected != "S_OK":
            r["expect"] = "invalid"
            r["create_result"] = expected
            rows.append(r)
            continue
        p, why = props(f[7], f[8], line)
        if p is None:
            left_out.append({"file": uri_file, "line": line, "input": rel, "base": base, "why": why})
            continue
        r["expect"] = p
        rows.append(r)

    loc_file = LOCATION_C
    ltoks = tokens(show(LOCATION_C))
    for row in initializer(ltoks, "location_tests").items:
        f = [value(x) for x in row.items]
        name, url, href, protocol, host, hostname, port, pathname, search, hash_ = f
        rows.append({
            "file": loc_file, "line": row.first_line(), "table": "location_tests", "kind": "location",
            "name": name, "input": url,
            "expect": {"absolute_uri": [href, True],
                       "host": [hostname, True] if hostname != "NULL" else ["", False]},
        })

    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "rows.json"), "w", encoding="utf-8", newline="\n") as out:
        out.write("[\n")
        out.write(",\n".join(json.dumps(r, sort_keys=True) for r in rows))
        out.write("\n]\n")
    kinds = {}
    for r in rows:
        kinds[r["kind"]] = kinds.get(r["kind"], 0) + 1
    provenance = {
        "oracle": "Windows' URL parsing as Wine's conformance tests state it (run on real Windows, IE 7-9 era)",
        "source": "Wine 1.5.26's dlls/urlmon/tests/uri.c and dlls/mshtml/tests/htmllocation.c, as "
        "ReactOS's rostests/winetests/ hold them (mirror hoangduit/reactos)",
        "commit": commit,
        "wine_version": "1.5.26 (reactos/media/doc/README.WINE)",
        "extractor": "tests/oracles/extract_wine.py",
        "rows": len(rows),
        "kinds": kinds,
        "left_out": left_out,
        "date": datetime.date.today().isoformat(),
    }
    with open(os.path.join(args.out, "provenance.json"), "w", encoding="utf-8", newline="\n") as out:
        json.dump(provenance, out, indent=1, sort_keys=True)
        out.write("\n")
    print("%d rows %s, %d left out" % (len(rows), json.dumps(kinds, sort_keys=True), len(left_out)), file=sys.stderr)


if __name__ == "__main__":
    main()
