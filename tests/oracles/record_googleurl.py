#!/usr/bin/env python3
"""Store what googleurl (Chrome's URL library of 2011) gives on the corpora
of tests/data/oracles/corpus/: tests/data/oracles/googleurl-r155/FLAVOUR/.

Usage:
  python3 tests/oracles/record_googleurl.py --flavour linux --binary PATH \
      --revision r155 --commit HASH --build-script PATH [--driver PATH]

PATH is a ``gurl_canon`` built from googleurl at that revision (the build
recipe and the driver live outside this repository; see
tests/data/oracles/README.md).  The driver is run once per corpus in its
``--hex --loose`` mode: a line ``HEX(input)`` or ``HEX(input) TAB
HEX(base)`` in, and out ``spec()`` for a valid URL, or ``!`` followed by
``possibly_invalid_spec()`` for an invalid one.  An input is resolved
against ``GURL(base)`` with ``Resolve`` (no charset converter: the query is
UTF-8).

For the ``linux`` flavour, each output line answers the corpus line of the
same number:

  {"input":INPUT,"base":BASE,"spec":SPEC,"loose":LOOSE}

For another flavour (``win``), only the lines where its answer differs from
the Linux build's are written, each with its line number in the corpus
(record the ``linux`` flavour first):

  {"line":N,"input":INPUT,"base":BASE,"spec":SPEC,"loose":LOOSE}

SPEC is null when googleurl says the URL is invalid; LOOSE is then
``possibly_invalid_spec()`` (the string a 2011 page saw in ``a.href``),
null when the URL is valid (it equals SPEC).  Written as the corpora are
(tests/browsers/gen_corpora.py's ``json_str``).  When the driver's output is
not UTF-8 (googleurl copies some octets through: an unescaped host octet
such as ``%AB``), the line has ``"hex":true`` and SPEC or LOOSE is the
output's octets in hexadecimal.
"""

import argparse
import datetime
import hashlib
import json
import os
import platform
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(REPO, "tests", "browsers"))
import gen_corpora as common  # noqa: E402

CORPORA = ["hosts", "urls", "relative", "mixed"]


def sha256_file(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def command_output(cmd):
    try:
        return subprocess.run(cmd, capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None


def run(binary, lines):
    """The driver's answer to each (input, base), in order."""
    feed = []
    for inp, base in lines:
        h = inp.encode("utf-8").hex()
        feed.append(h if base is None else h + "\t" + base.encode("utf-8").hex())
    data = ("\n".join(feed) + "\n").encode("ascii")
    out = subprocess.run([binary, "--hex", "--loose"], input=data, capture_output=True, check=True).stdout
    answers = out.split(b"\n")
    if answers and answers[-1] == b"":
        answers.pop()
    if len(answers) != len(lines):
        raise SystemExit("%s: %d answers for %d lines" % (binary, len(answers), len(lines)))
    result = []
    for a in answers:
        loose = a.startswith(b"!")
        body = a[1:] if loose else a
        try:
            text = body.decode("utf-8")
            hexed = False
        except UnicodeDecodeError:
            # googleurl copies some octets through unchecked (an unescaped
            # host octet, a fragment): the output is not UTF-8.
            text = body.hex()
            hexed = True
        if loose or body == b"":
            result.append((None, text, hexed))
        else:
            result.append((text, None, hexed))
    return result


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--flavour", required=True, choices=["linux", "win"])
    ap.add_argument("--binary", required=True)
    ap.add_argument("--revision", required=True)
    ap.add_argument("--commit", required=True)
    ap.add_argument("--build-script", required=True)
    ap.add_argument("--driver")
    ap.add_argument("--out", help="default: tests/data/oracles/googleurl-REVISION")
    args = ap.parse_args()
    corpus_dir = os.path.join(REPO, "tests/data/oracles/corpus")
    out = args.out or os.path.join(REPO, "tests/data/oracles/googleurl-" + args.revision)
    out_dir = os.path.join(out, args.flavour)
    os.makedirs(out_dir, exist_ok=True)
    counts = {}
    for name in CORPORA:
        path = os.path.join(corpus_dir, name + ".jsonl")
        with open(path, encoding="utf-8") as f:
            items = [json.loads(l) for l in f]
        lines = [(it["input"], it["base"]) for it in items]
        answers = run(args.binary, lines)
        valid = 0
        records = []
        for (inp, base), (spec, loose, hexed) in zip(lines, answers):
            valid += spec is not None
            records.append(
                '{"input":%s,"base":%s,"spec":%s,"loose":%s%s}'
                % (
                    common.json_str(inp),
                    "null" if base is None else common.json_str(base),
                    "null" if spec is None else common.json_str(spec),
                    "null" if loose is None else common.json_str(loose),
                    ',"hex":true' if hexed else "",
                )
            )
        differing = None
        if args.flavour != "linux":
            # Only the lines where this build differs from the Linux one,
            # each with its line number.
            with open(os.path.join(out, "linux", name + ".jsonl"), encoding="utf-8") as f:
                linux = f.read().split("\n")[:-1]
            if len(linux) != len(records):
                raise SystemExit("record the linux flavour first (of the same corpus)")
            records = [
                '{"line":%d,%s' % (i + 1, r[1:]) for i, (r, l) in enumerate(zip(records, linux)) if r != l
            ]
            differing = len(records)
        with open(os.path.join(out_dir, name + ".jsonl"), "w", encoding="utf-8", newline="\n") as f:
            for r in records:
                f.write(r + "\n")
        counts[name] = {"lines": len(lines), "valid": valid, "corpus_sha256": sha256_file(path)}
        if differing is not None:
            counts[name]["lines_differing_from_linux"] = differing
        print("%s %s: %d lines, %d valid" % (args.flavour, name, len(lines), valid), file=sys.stderr)
    gxx = command_output(["g++", "--version"])
    icu = command_output(["pkg-config", "--modversion", "icu-uc"])
    provenance = {
        "oracle": "googleurl (Chrome's URL library), GURL(input) / GURL(base).Resolve(input)",
        "revision": args.revision,
        "commit": args.commit,
        "source": "google-url svn trunk as mirrored by zvelo/googleurl (git archive of the commit)",
        "flavour": args.flavour,
        "flavour_note": (
            "file:, backslash and drive-letter rules of a Windows build (WIN32 defined for "
            "url_parse_file.cc, url_canon_fileurl.cc, url_canon_relative.cc, url_util.cc)"
            if args.flavour == "win"
            else "the Linux/Mac rules (no WIN32)"
        ),
        "build_script_sha256": sha256_file(args.build_script),
        "driver_sha256": sha256_file(args.driver) if args.driver else None,
        "driver_mode": "gurl_canon --hex --loose",
        "binary_sha256": sha256_file(args.binary),
        "compiler": gxx.splitlines()[0] if gxx else None,
        "flags": "-O2 -std=gnu++11 -DNDEBUG (DCHECKs compiled out, as a release build)",
        "icu": icu,
        "icu_note": "the system ICU instead of Chrome's ICU 4.6; googleurl calls uidna_IDNToASCII "
        "(IDNA2003, UIDNA_ALLOW_UNASSIGNED), whose Nameprep data is Unicode 3.2 in every ICU",
        "system": "%s %s" % (platform.system(), platform.machine()),
        "date": datetime.date.today().isoformat(),
        "corpus_generator": "tests/oracles/gen_corpora.py",
        "corpus_seed": json.load(open(os.path.join(corpus_dir, "provenance.json")))["seed"],
        "command": "python3 tests/oracles/record_googleurl.py --flavour %s --binary gurl_canon "
        "--revision %s --commit %s --build-script build.sh --driver gurl_canon.cc"
        % (args.flavour, args.revision, args.commit),
        "corpora": counts,
    }
    with open(os.path.join(out_dir, "provenance.json"), "w", encoding="utf-8", newline="\n") as f:
        json.dump(provenance, f, indent=1, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    main()
