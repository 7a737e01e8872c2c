#!/usr/bin/env bash
# Exit status 0 when the test log $1 shows every test passed and its only sanitizer report is
# LeakSanitizer's, with no frame in Shoebox: none in its sources (`/Sources/`, `/Tests/`) and
# none in a binary or symbol named Shoebox. Status 1 otherwise. Used by scripts/sanitize.sh.
set -euo pipefail
log="$1"
grep -q "ERROR: LeakSanitizer: detected memory leaks" "$log" || exit 1
grep -q "^✔ Test run with .* passed" "$log" || exit 1
if grep -q "^✘ \|ERROR: AddressSanitizer\|with [1-9][0-9]* failures\? " "$log"; then exit 1; fi
! sed -n '/ERROR: LeakSanitizer/,$p' "$log" | grep -q "Shoebox\|/Sources/\|/Tests/"
