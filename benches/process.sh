#!/bin/sh
# Process-level comparison for GitHub issue 5: `urlprism canon < ascii.txt`
# against an equivalent stdin-to-stdout program built on the `url` crate
# (examples/url_canon_peer.rs).
#
#   benches/process.sh [corpus] [rounds]   (default ../shared/bench/ascii.txt, 15)
#
# The two programs alternate round by round, so that both see the same
# machine load (hyperfine would run all the runs of one, then all those
# of the other): each round runs both once, in an order that swaps every
# round, after one warm-up run of each.  Wall-clock times come from
# `date +%s%N` (the same fork overhead for both).  Printed: the median
# time of each, the ratio of the medians, and the median of the per-round
# ratios (the steadier figure when the load changes during the run).
set -eu
cd "$(dirname "$0")/.."
corpus=${1:-../shared/bench/ascii.txt}
rounds=${2:-15}
if [ ! -r "$corpus" ]; then
    echo "error: cannot read the corpus $corpus (expected ../shared/bench/ascii.txt next to the crate)" >&2
    exit 2
fi
target=${CARGO_TARGET_DIR:-target}
cargo build --release --quiet --bin urlprism --example url_canon_peer
ours="$target/release/urlprism canon"
peer="$target/release/examples/url_canon_peer"
echo "corpus: $corpus ($(wc -l < "$corpus") lines); $rounds rounds; load average: $(cut -d' ' -f1-3 /proc/loadavg)"

now() { date +%s%N; }
# `urlprism canon` exits 1 when some line is invalid: that is not an error.
run_ours() { $ours < "$corpus" > /dev/null 2>&1 || true; }
run_peer() { $peer < "$corpus" > /dev/null 2>&1; }
# The time of one run of $1 (a function name), in microseconds.
time_us() { t0=$(now); "$1"; t1=$(now); echo $(( (t1 - t0) / 1000 )); }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
run_ours
run_peer
i=0
while [ "$i" -lt "$rounds" ]; do
    if [ $((i % 2)) -eq 0 ]; then
        o=$(time_us run_ours); p=$(time_us run_peer)
    else
        p=$(time_us run_peer); o=$(time_us run_ours)
    fi
    echo "$o" >> "$tmp/ours"
    echo "$p" >> "$tmp/peer"
    awk -v o="$o" -v p="$p" 'BEGIN { printf "%.4f\n", o / p }' >> "$tmp/ratio"
    i=$((i + 1))
done
med() { sort -g "$1" | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
o=$(med "$tmp/ours"); p=$(med "$tmp/peer"); r=$(med "$tmp/ratio")
awk -v o="$o" -v p="$p" -v r="$r" 'BEGIN {
    printf "urlprism canon: median %.1f ms\n", o / 1000
    printf "url peer:       median %.1f ms\n", p / 1000
    printf "ratio of the medians urlprism/url: %.2f; median of the per-round ratios: %.2f (limit 1.00)\n", o / p, r
}'
