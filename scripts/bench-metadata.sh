#!/usr/bin/env bash
# Metadata extraction alone: `shoebox metadata --json` against `exiftool -json`, over every
# file of a bench corpus, batched the same way as the shared exiftool anchor (two processes
# at once, 50 files a process: `xargs -P2 -n50`), round by round so that machine noise hits
# both alike. Prints each round's seconds and ratio, then the medians.
#
#   scripts/bench-metadata.sh CORPUS [ROUNDS]   (CORPUS from ../shared/bench/make-corpus.sh)
set -euo pipefail
[[ $# -ge 1 ]] || { echo "usage: $0 CORPUS [ROUNDS]" >&2; exit 2; }
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
corpus="$(cd "$1" && pwd)"; rounds="${2:-5}"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT

swift build -c release --package-path "$root" >&2
shoebox="$root/.build/release/shoebox"
find "$corpus" -type f | sort > "$work/all"
files=$(wc -l < "$work/all")

seconds() {   # seconds COMMAND...: wall time of one batched run over every file
    local t0 t1
    t0=$(date +%s.%N)
    xargs -a "$work/all" -d '\n' -P2 -n50 "$@" > /dev/null 2>> "$work/errors" || true
    t1=$(date +%s.%N)
    echo "$t1 - $t0" | bc -l
}

printf 'round\texiftool_s\tshoebox_s\tratio\n'
for round in $(seq 1 "$rounds"); do
    e=$(seconds exiftool -json)
    s=$(seconds "$shoebox" metadata --json)
    printf '%d\t%.3f\t%.3f\t%.3f\n' "$round" "$e" "$s" "$(echo "$s / $e" | bc -l)" | tee -a "$work/rounds"
done
median() { sort -n | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
e=$(cut -f2 "$work/rounds" | median); s=$(cut -f3 "$work/rounds" | median)
printf 'median\t%.3f\t%.3f\t%.3f\n' "$e" "$s" "$(echo "$s / $e" | bc -l)"
printf '# %d files: exiftool %.1f files/s, shoebox metadata %.1f files/s (%.1fx exiftool)\n' \
    "$files" "$(echo "$files / $e" | bc -l)" "$(echo "$files / $s" | bc -l)" "$(echo "$e / $s" | bc -l)"
