#!/usr/bin/env bash
# The albums benchmark: album listing and fetches on a generated catalog (no images).
#
#   scripts/bench-albums.sh [ASSETS]      (default 100000)
#
# The generator and the timed calls are Tests/ShoeboxTests/AlbumsBenchmark.swift, so that they
# drive the catalog API directly: a release build of the tests (with -enable-testing) runs it
# once, printing the generation time, the median of 25 runs of each query, a walk of every
# asset through the lazy fetch, and each query's SQLite plan. Then the release `shoebox`
# lists albums and fetches the same filtered page on that catalog as a user runs them
# (process start included), median of 11 runs each, and lists every asset (plain, --json, and
# the --json fetch of the photos), median of 5 runs each. SwiftPM's build folder comes from
# $SHOEBOX_BUILD_PATH (default .build).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
assets="${1:-100000}"
build="${SHOEBOX_BUILD_PATH:-$root/.build}"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
flags=(-c release -Xswiftc -enable-testing --package-path "$root" --build-path "$build")

swift build "${flags[@]}" --build-tests >&2
SHOEBOX_BENCH_ALBUMS=1 SHOEBOX_BENCH_ALBUMS_ASSETS="$assets" SHOEBOX_BENCH_ALBUMS_LIBRARY="$work/library" \
    swift test "${flags[@]}" --skip-build --filter AlbumsBenchmark > "$work/test.log" 2>&1 ||
    { tail -30 "$work/test.log" >&2; echo "bench-albums: the benchmark test failed" >&2; exit 1; }
grep -E $'^(bench|plan)\t' "$work/test.log"

median() { sort -n | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }

# time_cli RUNS NAME ARGS...: the median wall time in ms of RUNS runs of `shoebox ARGS... --library`.
time_cli() {
    local runs="$1" name="$2"; shift 2
    for _ in $(seq "$runs"); do
        local t0 t1
        t0=$(date +%s%N)
        "$build/release/shoebox" "$@" --library "$work/library" > /dev/null
        t1=$(date +%s%N)
        echo $(( (t1 - t0) / 1000 ))
    done | median | awk -v name="$name" -v runs="$runs" \
        '{printf "cli\t%s\tmedian %.1f ms (%d runs, process start included)\n", name, $1 / 1000, runs}'
}
time_cli 11 "shoebox --help (process start alone)" --help
time_cli 11 "shoebox albums" albums
time_cli 11 "shoebox albums --json" albums --json
time_cli 11 "shoebox list: photo+livePhoto, 2015-2020, located, newest first, 100" \
    list --kind photo --kind livePhoto --since 2015-01-01 --until 2020-12-31 --has-location --sort -taken --limit 100
time_cli 11 "shoebox show ID" show 50000
time_cli 5 "shoebox list: every asset" list
time_cli 5 "shoebox list --json: every asset" list --json
time_cli 5 "shoebox list --json --kind photo: every photo" list --json --kind photo

# The gallery of the whole catalog: the first build (every page written), then a build after
# no change (every page compared, none written), and the largest page.
gallery_build() {
    local t0 t1
    t0=$(date +%s%N)
    "$build/release/shoebox" gallery --library "$work/library" --out "$work/gallery" > "$work/gallery.out"
    t1=$(date +%s%N)
    printf 'cli\tshoebox gallery (%s)\t%.1f s: %s\n' "$1" "$(echo "($t1 - $t0) / 1000000000" | bc -l)" "$(cat "$work/gallery.out")"
}
gallery_build "first build"
gallery_build "again, nothing changed"
largest=$(ls -S "$work/gallery"/*.html | awk 'NR == 1')
printf 'cli\tlargest gallery page\t%s bytes (%s)\n' "$(stat -c %s "$largest")" "$(basename "$largest")"
