#!/usr/bin/env bash
# Runs the whole test suite under a sanitizer, in a build folder of its own.
#
#   scripts/sanitize.sh address     # AddressSanitizer + LeakSanitizer (toolchain leaks suppressed: scripts/lsan.supp)
#   scripts/sanitize.sh thread      # ThreadSanitizer
#
# A full build under a sanitizer takes several minutes on 2 cores; the tests then run slower.
# .ci/run runs `address`, then `thread`, after scripts/test.sh (docs/RELIABILITY.md, "Sanitizers").
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
kind="${1:-address}"
case "$kind" in
    address) export ASAN_OPTIONS="detect_leaks=1" LSAN_OPTIONS="suppressions=$root/scripts/lsan.supp:print_suppressions=0" ;;
    thread) export TSAN_OPTIONS="halt_on_error=0" ;;
    *) echo "usage: $0 address|thread" >&2; exit 64 ;;
esac
# lsan.supp's entries match symbolized frames: the toolchain's own llvm-symbolizer, so a machine
# without Debian's llvm package symbolizes too.
symbolizer="$(dirname "$(readlink -f "$(command -v swift)")")/llvm-symbolizer"
if [[ -x "$symbolizer" ]]; then export ASAN_SYMBOLIZER_PATH="$symbolizer"; fi
cd "$root"
swift test --sanitize="$kind" --build-path "${SHOEBOX_SANITIZE_BUILD:-$root/.build-$kind}" "${@:2}"
