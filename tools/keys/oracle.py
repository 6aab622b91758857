#!/usr/bin/env python3
"""The reference implementations of the archive keys, as oracles.

    oracle.py [--kinds K,K] CORPUS OUTDIR

Writes OUTDIR/KIND.txt for each kind: one line per line of CORPUS (UTF-8),
the key the reference implementation makes, or `!` and the exception it
raises (a key that itself begins with `!` or `\\` is written after a `\\`).  Run it with `surt` and `urlcanon` from PyPI installed (the
versions it ran with go into OUTDIR/VERSIONS).

`surt` asks the system's resolver for a host of digits and dots
(`GoogleURLCanonicalizer.attemptIPFormats` calls `gethostbyname_ex`).  So
that no answer depends on DNS, that call is answered here as the C
library answers a numeric name without the network: `inet_aton`'s
reading of it, or "unknown host" (what a name the resolver does not know
gets).
"""
import argparse
import os
import socket
import sys

import surt
import urlcanon


def numeric_gethostbyname_ex(host):
    if isinstance(host, bytes):
        host = host.decode("ascii")
    try:
        return (host, [], [socket.inet_ntoa(socket.inet_aton(host))])
    except OSError:
        raise socket.gaierror(socket.EAI_NONAME, "unknown host")


socket.gethostbyname_ex = numeric_gethostbyname_ex


def urlcanon_kind(canonicalizer, form):
    def make(line):
        url = canonicalizer(urlcanon.parse_url(line))
        if form == "url":
            return bytes(url)
        if form == "surt":
            return url.surt()
        return url.ssurt()
    return make


KINDS = {
    "surt": lambda line: surt.surt(line).encode("utf-8", "surrogateescape"),
    "surt-scheme": lambda line: surt.surt(line, with_scheme=True).encode("utf-8", "surrogateescape"),
    "ssurt": urlcanon_kind(urlcanon.whatwg, "ssurt"),
}
for name in ["whatwg", "google", "semantic_precise", "semantic", "aggressive"]:
    kind = "urlcanon-" + name.replace("_", "-")
    KINDS[kind] = urlcanon_kind(getattr(urlcanon, name), "url")
    KINDS[kind + "-surt"] = urlcanon_kind(getattr(urlcanon, name), "surt")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kinds", default=",".join(KINDS))
    ap.add_argument("corpus")
    ap.add_argument("outdir")
    args = ap.parse_args()
    with open(args.corpus, "rb") as f:
        lines = [l.rstrip(b"\n").decode("utf-8", "surrogateescape") for l in f]
    os.makedirs(args.outdir, exist_ok=True)
    for kind in args.kinds.split(","):
        make = KINDS[kind]
        with open(os.path.join(args.outdir, kind + ".txt"), "wb") as out:
            for line in lines:
                try:
                    key = make(line)
                    if b"\n" in key or b"\r" in key:
                        key = b"!unrepresentable: the key holds a line break"
                    elif key[:1] in (b"!", b"\\"):
                        key = b"\\" + key
                except Exception as e:  # the reference raised: record which
                    key = ("!" + type(e).__name__).encode()
                out.write(key + b"\n")
    with open(os.path.join(args.outdir, "VERSIONS"), "w") as v:
        from importlib.metadata import version
        v.write(f"surt {version('surt')}\nurlcanon {version('urlcanon')}\npython {sys.version.split()[0]}\n")


main()
