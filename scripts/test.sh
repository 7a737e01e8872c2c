#!/usr/bin/env bash
# Installs what is missing (scripts/setup-debian.sh), builds, and runs the tests.
# Extra arguments go to `swift test` (e.g. scripts/test.sh --filter ThumbnailSizingTests).
# Exits with swift test's status.
#
# $SHOEBOX_BUILD_PATH picks SwiftPM's build folder (default: .build in this repository).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build_path="${SHOEBOX_BUILD_PATH:-$root/.build}"
cd "$root"

"$root/scripts/setup-debian.sh"

echo "==> swift build" >&2
swift build --build-path "$build_path"

echo "==> swift test $*" >&2
status=0
swift test --build-path "$build_path" "$@" || status=$?
echo "==> swift test exited with status $status" >&2
exit "$status"
