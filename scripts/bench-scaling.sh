#!/usr/bin/env bash
# Does Shoebox's memory stay flat and its time linear as the folder grows?
#
#   scripts/bench-scaling.sh CORPUS [COPIES=10]     (CORPUS from ../shared/bench/make-corpus.sh)
#
# Ingests the corpus's image files (JPEG, PNG, HEIC, WebP: 188 at N = 200) once, then COPIES
# hard-linked copies of them in one run (1,880 files at the default), with the bench-256
# pipeline and --jobs 2 into a fresh library each time, and prints wall time, files per
# second and peak resident memory for both. Hard links share bytes, not work: every path
# is read, hashed and decoded (only identical thumbnail files are written once).
set -euo pipefail
[[ $# -ge 1 ]] || { echo "usage: $0 CORPUS [COPIES]" >&2; exit 2; }
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
corpus="$(cd "$1" && pwd)"; copies="${2:-10}"
# Beside the corpus, so the hard links stay on its file system.
work="$(mktemp -d -p "$(dirname "$corpus")" shoebox-scaling.XXXXXX)"; trap 'rm -rf "$work"' EXIT

swift build -c release --package-path "$root" >&2
shoebox="$root/.build/release/shoebox"

find "$corpus" -type f | grep -iE '\.(jpe?g|png|heic|heif|webp)$' | sort > "$work/img"
for ((copy = 1; copy <= copies; copy++)); do
    mkdir -p "$work/tree/copy-$copy"
    xargs -a "$work/img" -d '\n' ln -t "$work/tree/copy-$copy"
done

# run LABEL PATH...: one ingest, its wall time and peak RSS.
run() {
    local label=$1; shift
    rm -rf "$work/library"
    local t0 t1 files
    t0=$(date +%s.%N)
    /usr/bin/time -f %M -o "$work/rss" "$shoebox" ingest --library "$work/library" --pipeline bench-256 --jobs 2 "$@" \
        > /dev/null 2> "$work/err" || { echo "bench-scaling: shoebox failed: $(tail -3 "$work/err")" >&2; exit 1; }
    t1=$(date +%s.%N)
    files=$(find "$@" -type f | wc -l)
    printf '%s\t%d files\t%.2f s\t%.1f files/s\tpeak RSS %d MB\n' "$label" "$files" "$(echo "$t1 - $t0" | bc)" \
        "$(echo "$files / ($t1 - $t0)" | bc -l)" $(($(tail -1 "$work/rss") / 1024))
}

run "one copy" "$work/tree/copy-1"
run "$copies copies" "$work/tree"
