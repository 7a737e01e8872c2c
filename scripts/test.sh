#!/usr/bin/env bash
# Installs what is missing (scripts/setup-debian.sh), builds, and runs the tests.
# Extra arguments go to `swift test` (e.g. scripts/test.sh --filter ThumbnailSizingTests).
# Exits with swift test's status.
#
# $SHOEBOX_BUILD_PATH picks SwiftPM's build folder (default: .build in this repository).
#
# PostgreSQL: one throw-away cluster (scripts/test-postgres.sh) serves the whole run; its URI
# is exported as SHOEBOX_TEST_POSTGRES and it is stopped and removed on exit. Where it cannot
# start, the PostgreSQL tests skip, except in CI (CI set): there SHOEBOX_REQUIRE_POSTGRES makes
# them run and fail, and a cluster that does not start fails the run. Every skipped test is
# listed, with its reason, after the run.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build_path="${SHOEBOX_BUILD_PATH:-$root/.build}"
cd "$root"

"$root/scripts/setup-debian.sh"

echo "==> swift build" >&2
swift build --build-path "$build_path"

postgres_dir="${TMPDIR:-/tmp}/shoebox-pg-run-$$"
log="$(mktemp "${TMPDIR:-/tmp}/shoebox-test-log.XXXXXX")"
cleanup() {
    "$root/scripts/test-postgres.sh" stop "$postgres_dir" || true
    rm -f "$log"
}
trap cleanup EXIT
if [[ -n "${CI:-}" ]]; then export SHOEBOX_REQUIRE_POSTGRES=1; fi
if url="$("$root/scripts/test-postgres.sh" start "$postgres_dir")"; then
    export SHOEBOX_TEST_POSTGRES="$url"
    echo "==> PostgreSQL for the tests: $url" >&2
elif [[ -n "${CI:-}" ]]; then
    echo "==> the PostgreSQL test server did not start (above); CI runs the PostgreSQL tests, so this fails" >&2
    exit 1
else
    echo "==> no PostgreSQL test server (above): the PostgreSQL tests will skip" >&2
fi

echo "==> swift test $*" >&2
set +e
swift test --build-path "$build_path" "$@" 2>&1 | tee "$log"
status="${PIPESTATUS[0]}"
set -e
echo "==> swift test exited with status $status" >&2
# Swift Testing's "Test NAME() skipped: REASON" and XCTest's "Test Case ... skipped" lines,
# not the progress lines of tests whose names hold the word.
skipped="$(grep -E '\) skipped|skipped:|Test Case .* skipped' "$log" | grep -vE 'started\.$|Executed' | awk '!seen[$0]++' || true)"
if [[ -n "$skipped" ]]; then
    echo "==> skipped tests, and why:" >&2
    echo "$skipped" >&2
else
    echo "==> no test skipped" >&2
fi
exit "$status"
