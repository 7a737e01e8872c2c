#!/usr/bin/env bash
# Fuzzes the parsers Shoebox writes itself with libFuzzer and AddressSanitizer.
#
#   scripts/fuzz.sh [SECONDS=120] [CORPUS_DIR=/tmp/shoebox-fuzz-corpus]
#
# The harness is the package's ShoeboxFuzz target (Fuzz/ShoeboxFuzz.swift), over ParserFuzzing in the
# library: built from the same sources as the product, it cannot fall behind them. The first
# input byte picks the parser (see Sources/Shoebox/Fuzzing/ParserFuzzing.swift). Crashers land
# in the current folder as crash-*; replay one with a plain build (`swift build`, then
# `.build/debug/ShoeboxFuzz crash-...`), and make it a test in FuzzRegressionTests.swift.
# The build goes to .build-fuzz ($SHOEBOX_FUZZ_BUILD): a few minutes the first time.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
seconds="${1:-120}"; corpus="${2:-/tmp/shoebox-fuzz-corpus}"
build="${SHOEBOX_FUZZ_BUILD:-$root/.build-fuzz}"
cd "$root"
swift build --product ShoeboxFuzz --build-path "$build" \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -D -Xswiftc FUZZING -Xswiftc -use-ld=lld >&2
mkdir -p "$corpus"
# LeakSanitizer off: at exit it reports the library's once-per-process statics (see lsan.supp).
ASAN_OPTIONS="detect_leaks=0" "$build/debug/ShoeboxFuzz" -dict="$root/Fuzz/shoebox.dict" -max_total_time="$seconds" -max_len=4096 -timeout=30 "$corpus"
