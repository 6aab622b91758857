#!/bin/sh
# Process-level comparison for GitHub issue 5: `urlprism canon < ascii.txt`
# against an equivalent stdin-to-stdout program built on the `url` crate
# (examples/url_canon_peer.rs).  Uses hyperfine when installed, else a
# loop of runs timed with the shell.
#
#   benches/process.sh [corpus] [runs]     (default ../shared/bench/ascii.txt, 10)
set -eu
cd "$(dirname "$0")/.."
corpus=${1:-../shared/bench/ascii.txt}
runs=${2:-10}
if [ ! -r "$corpus" ]; then
    echo "error: cannot read the corpus $corpus (expected ../shared/bench/ascii.txt next to the crate)" >&2
    exit 2
fi
cargo build --release --quiet --bin urlprism --example url_canon_peer
ours="target/release/urlprism canon"
peer="target/release/examples/url_canon_peer"
echo "corpus: $corpus ($(wc -l < "$corpus") lines); load average: $(cut -d' ' -f1-3 /proc/loadavg)"
if command -v hyperfine >/dev/null 2>&1; then
    # `urlprism canon` exits 1 when some line is invalid: -i ignores that.
    if hyperfine --help | grep -q -- '--input'; then
        hyperfine -N -i --warmup 2 --runs "$runs" \
            -n urlprism "$ours" -n url-peer "$peer" --input "$corpus" --output null
    else
        # hyperfine < 1.16: redirect through the shell (same cost for both).
        hyperfine -i --warmup 2 --runs "$runs" \
            -n urlprism "$ours < '$corpus' > /dev/null 2>&1" \
            -n url-peer "$peer < '$corpus' > /dev/null 2>&1"
    fi
else
    # Median wall-clock time of $runs runs of each, alternating.
    now() { date +%s%N; }
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    $ours < "$corpus" > /dev/null 2>&1 || true
    $peer < "$corpus" > /dev/null
    i=0
    while [ "$i" -lt "$runs" ]; do
        t0=$(now); $ours < "$corpus" > /dev/null 2>&1 || true; t1=$(now)
        $peer < "$corpus" > /dev/null; t2=$(now)
        echo $(( (t1 - t0) / 1000 )) >> "$tmp/ours"
        echo $(( (t2 - t1) / 1000 )) >> "$tmp/peer"
        i=$((i + 1))
    done
    med() { sort -n "$1" | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
    o=$(med "$tmp/ours"); p=$(med "$tmp/peer")
    echo "urlprism canon: median $((o / 1000)) ms"
    echo "url peer:       median $((p / 1000)) ms"
    awk -v o="$o" -v p="$p" 'BEGIN { printf "ratio urlprism/url: %.2f (limit 1.00)\n", o / p }'
fi
