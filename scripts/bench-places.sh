#!/usr/bin/env bash
# The places benchmark: loading data/places.tsv.gz and 1,000,000 reverse geocodings, near
# places and anywhere on the globe (Tests/ShoeboxTests/PlacesBenchmark.swift), from a release
# build of the tests; prints one "bench" line per figure (median, min, max).
#
#   scripts/bench-places.sh
#
# SwiftPM's build folder comes from $SHOEBOX_BUILD_PATH (default .build).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${SHOEBOX_BUILD_PATH:-$root/.build}"
log="$(mktemp)"; trap 'rm -f "$log"' EXIT
flags=(-c release -Xswiftc -enable-testing --package-path "$root" --build-path "$build")
swift build "${flags[@]}" --build-tests >&2
SHOEBOX_BENCH_PLACES=1 swift test "${flags[@]}" --skip-build --filter PlacesBenchmark > "$log" 2>&1 ||
    { tail -30 "$log" >&2; echo "bench-places: the benchmark test failed" >&2; exit 1; }
grep -E $'^bench\t' "$log"
