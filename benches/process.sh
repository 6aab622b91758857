#!/bin/sh
# Process-level comparison (GitHub issues 5 and 14): `urlprism canon`
# against equivalent stdin-to-stdout programs built on the `url` crate
# (examples/url_canon_peer.rs) and on ada (examples/ada_canon_peer.rs,
# the `ada-url` crate).
#
#   benches/process.sh [corpus] [rounds] [copies]
#       (default ../shared/bench/ascii.txt, 15 rounds, 1 copy)
#
# `copies` > 1 feeds the corpus that many times over (`ascii.txt` 10 →
# 1M URLs, `idn.txt` 10 → 200k URLs), from a file written once before
# the rounds.
#
# The three programs take turns round by round, so that all see the same
# machine load (hyperfine would run all the runs of one, then all those
# of the next): each round runs each once, in an order that rotates every
# round, after one warm-up run of each.  Wall-clock times come from
# `date +%s%N` (the same fork overhead for all).  Printed: the median
# time of each, the ratios of the medians, and the medians of the
# per-round ratios (the steadier figures when the load changes during
# the run).
set -eu
cd "$(dirname "$0")/.."
corpus=${1:-../shared/bench/ascii.txt}
rounds=${2:-15}
copies=${3:-1}
if [ ! -r "$corpus" ]; then
    echo "error: cannot read the corpus $corpus (expected ../shared/bench/ascii.txt next to the crate)" >&2
    exit 2
fi
case "$rounds$copies" in
    *[!0-9]*) echo "error: rounds ($rounds) and copies ($copies) must be whole numbers" >&2; exit 2 ;;
esac
if [ "$rounds" -lt 1 ] || [ "$copies" -lt 1 ]; then
    echo "error: rounds ($rounds) and copies ($copies) must be at least 1" >&2
    exit 2
fi
target=${CARGO_TARGET_DIR:-target}
cargo build --release --quiet --bin urlprism --example url_canon_peer --example ada_canon_peer
ours="$target/release/urlprism canon"
url_peer="$target/release/examples/url_canon_peer"
ada_peer="$target/release/examples/ada_canon_peer"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
input=$corpus
if [ "$copies" -gt 1 ]; then
    input="$tmp/input.txt"
    i=0
    while [ "$i" -lt "$copies" ]; do cat "$corpus"; i=$((i + 1)); done > "$input"
fi
echo "corpus: $corpus x $copies ($(wc -l < "$input") lines); $rounds rounds; load average: $(cut -d' ' -f1-3 /proc/loadavg)"

now() { date +%s%N; }
# `urlprism canon` exits 1 when some line is invalid: that is not an error.
run_ours() { $ours < "$input" > /dev/null 2>&1 || true; }
run_url() { $url_peer < "$input" > /dev/null 2>&1; }
run_ada() { $ada_peer < "$input" > /dev/null 2>&1; }
# Run $1 (a function name) and append its time in microseconds to $tmp/$1.
time_us() { t0=$(now); "$1"; t1=$(now); echo $(( (t1 - t0) / 1000 )) >> "$tmp/$1"; }

run_ours
run_url
run_ada
i=0
while [ "$i" -lt "$rounds" ]; do
    case $((i % 3)) in
        0) time_us run_ours; time_us run_url; time_us run_ada ;;
        1) time_us run_url; time_us run_ada; time_us run_ours ;;
        2) time_us run_ada; time_us run_ours; time_us run_url ;;
    esac
    i=$((i + 1))
done
# Per-round ratios: line k of each file is round k.
paste "$tmp/run_ours" "$tmp/run_url" | awk '{ printf "%.4f\n", $1 / $2 }' > "$tmp/ratio_url"
paste "$tmp/run_ours" "$tmp/run_ada" | awk '{ printf "%.4f\n", $1 / $2 }' > "$tmp/ratio_ada"
med() { sort -g "$1" | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
o=$(med "$tmp/run_ours"); u=$(med "$tmp/run_url"); a=$(med "$tmp/run_ada")
ru=$(med "$tmp/ratio_url"); ra=$(med "$tmp/ratio_ada")
awk -v o="$o" -v u="$u" -v a="$a" -v ru="$ru" -v ra="$ra" 'BEGIN {
    printf "urlprism canon: median %.1f ms\n", o / 1000
    printf "url peer:       median %.1f ms\n", u / 1000
    printf "ada peer:       median %.1f ms\n", a / 1000
    printf "urlprism/url: ratio of the medians %.2f; median of the per-round ratios %.2f (limit 1.00)\n", o / u, ru
    printf "urlprism/ada: ratio of the medians %.2f; median of the per-round ratios %.2f (limit 1.00)\n", o / a, ra
}'
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
