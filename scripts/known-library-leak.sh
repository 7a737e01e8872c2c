#!/usr/bin/env bash
# Exit status 0 when the test log $1 shows every test passed and its only sanitizer report is
# the one library leak that comes and goes: LeakSanitizer's direct leak of 120 bytes in one
# object from libstdc++'s operator new with no frame above it, and nothing else (CI at e8ed88a
# and 74b24bc, about one whole address run in five; the C++ libraries here keep no frame
# pointers, so nothing tells whose it is). Status 1 otherwise, for any other leak, a second one,
# a frame more, or a failing test. Used by scripts/sanitize.sh, which then runs no second time.
set -euo pipefail
log="$1"
"$(dirname "${BASH_SOURCE[0]}")/leak-outside-shoebox.sh" "$log" || exit 1
report="$(sed -n '/ERROR: LeakSanitizer: detected memory leaks/,$p' "$log")"
leaks="$(grep -E "^(Direct|Indirect) leak of " <<<"$report" || true)"
frames="$(grep -E "^ +#[0-9]+ " <<<"$report" || true)"
[[ "$leaks" == "Direct leak of 120 byte(s) in 1 object(s) allocated from:" ]] || exit 1
[[ "$(grep -c "" <<<"$frames")" == 2 ]] || exit 1
grep -qE "^ +#0 0x[0-9a-f]+ in malloc " <<<"$frames" || exit 1
grep -qE "^ +#1 0x[0-9a-f]+ in operator new\(unsigned long\) \(/[^ ]*/libstdc\+\+\.so\.6\+0x[0-9a-f]+\)" <<<"$frames" || exit 1
grep -q "^SUMMARY: AddressSanitizer: 120 byte(s) leaked in 1 allocation(s)\.$" <<<"$report"
