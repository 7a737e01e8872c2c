#!/usr/bin/env bash
# Builds Shoebox (release) and ingests the bundled samples/ into a library folder, then
# lists what the catalog holds. Safe to run again: the second run finds everything unchanged.
#
#   scripts/demo.sh [LIBRARY]
#
# LIBRARY defaults to $SHOEBOX_LIBRARY, else library/ in this repository (git-ignored).
# $SHOEBOX_BUILD_PATH picks SwiftPM's build folder (default: .build in this repository).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
library="${1:-${SHOEBOX_LIBRARY:-$root/library}}"
[[ "$library" == /* ]] || library="$PWD/$library"
build_path="${SHOEBOX_BUILD_PATH:-$root/.build}"
cd "$root"

"$root/scripts/setup-debian.sh"

echo "==> swift build -c release" >&2
swift build -c release --build-path "$build_path"
shoebox="$(swift build -c release --build-path "$build_path" --show-bin-path)/shoebox"

echo "==> shoebox ingest samples --library $library" >&2
broken="$(find "$root/samples/broken" -type f | wc -l)"
status=0
summary="$("$shoebox" ingest "$root/samples" --library "$library" </dev/null)" || status=$?
# Exit 1 means "some files failed", but also "the run stopped": only the broken samples may fail.
note=""
if [[ "$status" == 1 && "$summary" == *", failed $broken,"* ]]; then
    note="(exit 1 is expected: $broken broken samples are recorded as failed on purpose)"
elif [[ "$status" != 0 ]]; then
    echo "demo: shoebox ingest failed with exit status $status${summary:+: $summary}" >&2
    exit "$status"
fi
listing="$("$shoebox" list --library "$library")"
if [[ "$status" == 0 && "$listing" == *$'\tfailed\t'* ]]; then
    note="(exit 0: nothing failed in this run; the broken samples, unchanged, stay recorded as failed)"
fi

echo
echo "==> shoebox list (id, status, kind, size as displayed, taken at, path)"
echo "$listing"
echo
echo "==> summary"
echo "$summary"
[[ -z "$note" ]] || echo "$note"
echo
echo "Thumbnails are in $library/thumbs. Next, for example:"
echo "  $shoebox show $root/samples/panorama.jpg --library $library"
