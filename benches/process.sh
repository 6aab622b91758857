#!/bin/sh
# Whole-process speed: `urlprism` commands beside each other and beside
# stdin-to-stdout programs built on the `url` crate
# (examples/url_canon_peer.rs) and on ada (examples/ada_canon_peer.rs,
# the `ada-url` crate), on the same input in the same run.
#
#   benches/process.sh [ROW] [CORPUS] [ROUNDS] [COPIES]
#
# ROW (default `canon`) chooses the commands:
#   canon    urlprism canon (profile this, one thread) | url peer | ada peer
#   whatwg   urlprism canon --profile whatwg (one thread) | url peer | ada peer
#   threads  urlprism canon with --threads 1 | --threads 2 | one per core
#   compare  urlprism canon (one thread) | compare --json | compare
#            --diff-only (the default engines, one thread each)
#   keys     urlprism key --kind surt (one thread) | Python `surt` |
#            Python `urlcanon` (semantic, .surt()), the references run
#            by benches/keys_peer.py with $URLPRISM_PYTHON (default
#            python3; it needs `pip install surt urlcanon`)
# CORPUS defaults to ../shared/bench/ascii.txt, ROUNDS to 15; COPIES > 1
# feeds the corpus that many times over (`ascii.txt` 10 -> 1M URLs,
# `idn.txt` 10 -> 200k URLs), from a file written once before the rounds.
#
# The commands take turns round by round, so that all see the same
# machine load: each round runs each once, in an order that rotates every
# round, after one warm-up run of each.  Wall-clock times come from
# `date +%s%N` (the same fork overhead for all).  Printed: the median
# time of each, and the ratios that matter for the row (urlprism's time
# over each peer's; over the first command's for `threads` and
# `compare`): the ratio of the medians and the median of the per-round
# ratios (the steadier figure when the load changes during the run).
set -eu
cd "$(dirname "$0")/.."
row=${1:-canon}
corpus=${2:-../shared/bench/ascii.txt}
rounds=${3:-15}
copies=${4:-1}
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
bin="$target/release/urlprism"
url_peer="$target/release/examples/url_canon_peer"
ada_peer="$target/release/examples/ada_canon_peer"

# The commands of the row: names, and the command line of each.
case "$row" in
    canon)
        names="urlprism url ada"
        cmd_1="$bin canon --threads 1"; cmd_2=$url_peer; cmd_3=$ada_peer
        pairs="1/2 1/3" ;;
    whatwg)
        names="urlprism-whatwg url ada"
        cmd_1="$bin canon --profile whatwg --threads 1"; cmd_2=$url_peer; cmd_3=$ada_peer
        pairs="1/2 1/3" ;;
    threads)
        names="threads-1 threads-2 threads-all"
        cmd_1="$bin canon --threads 1"; cmd_2="$bin canon --threads 2"; cmd_3="$bin canon"
        pairs="2/1 3/1" ;;
    compare)
        names="canon compare-json compare-diff-only"
        cmd_1="$bin canon --threads 1"; cmd_2="$bin compare --json --threads 1"
        cmd_3="$bin compare --diff-only --threads 1"
        pairs="2/1 3/1" ;;
    keys)
        py=${URLPRISM_PYTHON:-python3}
        names="urlprism-key python-surt python-urlcanon"
        cmd_1="$bin key --kind surt --threads 1"; cmd_2="$py benches/keys_peer.py surt"
        cmd_3="$py benches/keys_peer.py urlcanon"
        pairs="2/1 3/1" ;;
    *)
        echo "error: unknown row $row (canon, whatwg, threads, compare or keys)" >&2
        exit 2 ;;
esac
cargo build --release --quiet --bin urlprism --example url_canon_peer --example ada_canon_peer

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
input=$corpus
if [ "$copies" -gt 1 ]; then
    input="$tmp/input.txt"
    i=0
    while [ "$i" -lt "$copies" ]; do cat "$corpus"; i=$((i + 1)); done > "$input"
fi
echo "row $row; corpus: $corpus x $copies ($(wc -l < "$input") lines); $rounds rounds; $(nproc) cores; load average: $(cut -d' ' -f1-3 /proc/loadavg)"

now() { date +%s%N; }
# Run command $1 (1, 2 or 3) and append its time in microseconds to
# $tmp/$1.  `urlprism canon` exits 1 when some line is invalid, and
# `compare` prints a summary on standard error: neither is an error.
run() {
    eval "c=\$cmd_$1"
    t0=$(now)
    $c < "$input" > /dev/null 2>&1 || true
    t1=$(now)
    [ "${2:-}" = warm ] || echo $(( (t1 - t0) / 1000 )) >> "$tmp/$1"
}
run 1 warm; run 2 warm; run 3 warm
i=0
while [ "$i" -lt "$rounds" ]; do
    case $((i % 3)) in
        0) run 1; run 2; run 3 ;;
        1) run 2; run 3; run 1 ;;
        2) run 3; run 1; run 2 ;;
    esac
    i=$((i + 1))
done
med() { sort -g "$1" | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
set -- $names
n1=$1; n2=$2; n3=$3
for k in 1 2 3; do
    eval "c=\$cmd_$k; n=\$n$k"
    printf '%-18s median %9.1f ms   (%s)\n' "$n" "$(med "$tmp/$k" | awk '{print $1 / 1000}')" "$c"
done
for pair in $pairs; do
    set -- $(echo "$pair" | tr / ' ')
    paste "$tmp/$1" "$tmp/$2" | awk '{ printf "%.4f\n", $1 / $2 }' > "$tmp/ratio"
    eval "a=\$n$1; b=\$n$2"
    awk -v a="$a" -v b="$b" -v x="$(med "$tmp/$1")" -v y="$(med "$tmp/$2")" -v r="$(med "$tmp/ratio")" \
        'BEGIN { printf "%s/%s: ratio of the medians %.2f; median of the per-round ratios %.2f\n", a, b, x / y, r }'
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
