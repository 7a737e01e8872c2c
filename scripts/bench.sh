#!/usr/bin/env bash
# Times Shoebox against the shared speed anchors on the same corpus, in the same run.
#
#   scripts/bench.sh CORPUS [RUNS]     (CORPUS from ../shared/bench/make-corpus.sh, kept outside the repo)
#
# Builds a release binary, runs ../shared/bench/anchors.sh CORPUS RUNS, then times
# `shoebox ingest --pipeline bench-256 --jobs 2` (one 256 px thumbnail per image, metadata
# and catalog rows, into a fresh library each run) on the same image files the anchors use
# (JPEG, PNG, HEIC, WebP) and on the JPEGs alone, and prints the medians and the ratios; then
# `--pipeline bench-thumb-preview` (a 256 px thumbnail and a 1440 px preview from one decode)
# against two vipsthumbnail passes (-s 256, -s 1440), round-robin.
# Like the anchors, libvips runs one thread per image and two images at once.
set -euo pipefail
[[ $# -ge 1 ]] || { echo "usage: $0 CORPUS [RUNS]" >&2; exit 2; }
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
corpus="$(cd "$1" && pwd)"; runs="${2:-3}"
anchors="$root/../shared/bench/anchors.sh"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT

swift build -c release --package-path "$root" >&2
shoebox="$root/.build/release/shoebox"

find "$corpus" -type f | sort > "$work/all"
grep -iE '\.(jpe?g|png|heic|heif|webp)$' "$work/all" > "$work/img"
grep -iE '\.jpe?g$' "$work/all" > "$work/jpg"

if [[ -x "$anchors" ]]; then
    "$anchors" "$corpus" "$runs" > "$work/anchors.tsv" 2> >(tee "$work/anchors.err" >&2)
else
    echo "bench: $anchors not found; Shoebox alone" >&2
    : > "$work/anchors.tsv"; : > "$work/anchors.err"
fi
sleep 1  # let the tee of the anchors' stderr finish

# time_shoebox LIST [PIPELINE]: wall seconds and peak RSS (KB) of one ingest of the files in LIST.
time_shoebox() {
    rm -rf "$work/library"
    local t0 t1
    t0=$(date +%s.%N)
    xargs -a "$1" -d '\n' /usr/bin/time -f %M -o "$work/rss" \
        "$shoebox" ingest --library "$work/library" --pipeline "${2:-bench-256}" --jobs 2 > /dev/null 2> "$work/err" ||
        { echo "bench: shoebox failed: $(grep -vE "^ingested /" "$work/err" | tail -5)" >&2; exit 1; }
    t1=$(date +%s.%N)
    echo "$(echo "$t1 - $t0" | bc) $(tail -1 "$work/rss")"
}

median() { sort -n | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }

# time_vipsthumbnail SIZE: wall seconds of vipsthumbnail -s SIZE over the images, run as the
# anchors run it (one thread, two processes, eight files a process).
time_vipsthumbnail() {
    rm -rf "$work/out"; mkdir "$work/out"
    local t0 t1
    t0=$(date +%s.%N)
    VIPS_CONCURRENCY=1 xargs -a "$work/img" -d '\n' -P2 -n8 vipsthumbnail -s "$1" -o "$work/out/%s.jpg" 2> /dev/null
    t1=$(date +%s.%N)
    echo "$t1 - $t0" | bc
}

for list in img jpg; do
    for ((run = 1; run <= runs; run++)); do time_shoebox "$work/$list"; done > "$work/shoebox-$list"
done
# Thumbnail and preview from one decode, against two vipsthumbnail passes, round-robin.
for ((run = 1; run <= runs; run++)); do
    time_shoebox "$work/img" bench-thumb-preview >> "$work/shoebox-pair"
    echo "$(time_vipsthumbnail 256) $(time_vipsthumbnail 1440)" >> "$work/vips-pair"
done

# anchor NAME: its median (or only) wall time, empty when it is absent or any of its runs FAILED.
anchor() {
    grep -qE "^[0-9]+ +$1 .*FAILED" "$work/anchors.err" && return 0
    awk -F'\t' -v name="$1" '$2 == name {v = $4} END {print v}' "$work/anchors.tsv"
}
img=$(cut -d' ' -f1 "$work/shoebox-img" | median); jpg=$(cut -d' ' -f1 "$work/shoebox-jpg" | median)
rss=$(cut -d' ' -f2 "$work/shoebox-img" | sort -n | tail -1)
printf 'shoebox\t%s images\t%.2f s (median of %s)\tpeak RSS %d MB\n' "$(wc -l < "$work/img")" "$img" "$runs" $((rss / 1024))
printf 'shoebox-jpg\t%s JPEGs\t%.2f s\n' "$(wc -l < "$work/jpg")" "$jpg"
for name in vipsthumbnail pillow convert-hint; do
    value=$(anchor "$name"); [[ -z $value ]] || printf 'shoebox / %s\t%.2f (%s s)\n' "$name" "$(echo "$img / $value" | bc -l)" "$value"
done
floor=$(anchor djpeg-floor); vjpg=$(anchor vipsthumbnail-jpg)
[[ -z $floor ]] || printf 'shoebox-jpg / djpeg-floor\t%.2f (%s s)\n' "$(echo "$jpg / $floor" | bc -l)" "$floor"
[[ -z $vjpg ]] || printf 'shoebox-jpg / vipsthumbnail-jpg\t%.2f (%s s)\n' "$(echo "$jpg / $vjpg" | bc -l)" "$vjpg"
pair=$(cut -d' ' -f1 "$work/shoebox-pair" | median)
vips256=$(cut -d' ' -f1 "$work/vips-pair" | median); vips1440=$(cut -d' ' -f2 "$work/vips-pair" | median)
printf 'shoebox thumb+preview / two vipsthumbnail passes\t%.2f (%.2f s / %.2f s + %.2f s)\n' \
    "$(echo "$pair / ($vips256 + $vips1440)" | bc -l)" "$pair" "$vips256" "$vips1440"
exit 0
