#!/usr/bin/env python3
"""The reference implementations of archive keys as stdin-to-stdout peers
of `urlprism key`, for benches/process.sh's `keys` row:

    keys_peer.py surt        surt.surt(line) per line (Python `surt`)
    keys_peer.py urlcanon    urlcanon.semantic(urlcanon.parse_url(line)).surt()

One key per line, an empty line where the reference raises."""
import sys

which = sys.argv[1]
if which == "surt":
    import surt

    def make(line):
        return surt.surt(line)
elif which == "urlcanon":
    import urlcanon

    def make(line):
        return urlcanon.semantic(urlcanon.parse_url(line)).surt().decode("utf-8", "replace")
else:
    sys.exit(f"unknown peer {which} (surt or urlcanon)")

out = sys.stdout
for raw in sys.stdin.buffer:
    line = raw.rstrip(b"\n").rstrip(b"\r").decode("utf-8", "surrogateescape")
    try:
        key = make(line)
    except Exception:
        key = ""
    out.write(key + "\n")
