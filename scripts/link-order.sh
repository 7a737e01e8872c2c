#!/usr/bin/env bash
# Writes the release binary's link order (data/link-order.txt): the functions of the `shoebox`
# binary an ingest runs, most instructions first, one symbol a line, as lld's
# --symbol-ordering-file reads them (Package.swift links release builds with it).
#
# Why: the kernel maps the 64 KB around each page of code a process faults in, and the static
# Swift runtime and Foundation put the few functions an ingest runs among megabytes it never
# runs, so most of the binary's 17 MB of code ended up resident. Laid out hot first, the code an
# ingest touches sits together (docs/BENCHMARKS-LOG.md, 2026-12-07).
#
# Usage: scripts/link-order.sh OUTPUT FILE_OR_FOLDER...
#   e.g. (data/link-order.txt's list) scripts/link-order.sh data/link-order.txt \
#        /work/bench/bench-corpus/{phone-000.jpg,phone-001.jpg,pano-00.jpg,tall-00.jpg,heic-00.heic} \
#        /work/bench/bench-corpus/{real-00-iphone_13_pro_max.HEIC,png-00.png,webp-00.webp,anim-00.gif,video-00.mp4}
# Ingests the given files and folders with `valgrind --tool=callgrind` (Debian's valgrind) once
# for each of the pipelines bench-256, bench-thumb-preview and default, and lists every
# function of the binary that ran. Give it photos of the sizes and formats people ingest (a
# camera JPEG, a 12 MP HEIC, a panorama, a PNG, a WebP, a GIF, a video): a tiny image skips the
# shrinking routes. Adding samples/ lists 5,317 functions against 5,062; on the bench corpus's
# peak that measured the same within its noise (thumb + preview 158-165 against 156-160 MB). A
# symbol the binary no longer has is skipped by the linker, so a stale list costs only the
# layout of what changed since.
set -euo pipefail

if (($# < 2)); then
    echo "usage: $0 OUTPUT FILE_OR_FOLDER..." >&2
    exit 2
fi
output="$1"; shift
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
command -v valgrind > /dev/null || { echo "link-order: valgrind is not installed (apt-get install valgrind)" >&2; exit 1; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# The packaged build (bench.sh's too). Which functions run does not depend on their layout, so
# the binary linked with the current list serves.
build="$root/.build/deb"
swift build -c release --static-swift-stdlib --product shoebox --package-path "$root" --build-path "$build" >&2
# valgrind cannot read the debug information clang writes; the symbol table is enough.
strip --strip-debug -o "$work/shoebox" "$build/release/shoebox"

for pipeline in bench-256 bench-thumb-preview default; do
    rm -rf "$work/library" && status=0
    # The huge-page tuning set here keeps the ingest from starting itself again (valgrind
    # would not follow it through /proc/self/exe).
    # --smc-check=all: libvips runs code orc writes at run time, which valgrind must see written.
    GLIBC_TUNABLES=glibc.malloc.hugetlb=1 valgrind --tool=callgrind --smc-check=all --trace-children=yes --demangle=no \
        --compress-strings=no --compress-pos=no --dump-instr=no --callgrind-out-file="$work/callgrind.$pipeline.%p" \
        "$work/shoebox" ingest --library "$work/library" --pipeline "$root/pipelines/$pipeline.json" --jobs 2 "$@" \
        > "$work/log" 2>&1 || status=$?
    # 1: some files failed (samples/broken's do, on purpose); anything else stops here.
    if ((status > 1)); then tail -20 "$work/log" >&2; exit 1; fi
    grep "^ingested [0-9]" "$work/log" >&2 || true
done

# Each function's own instructions (a `calls=` line's next line is a call's inclusive cost:
# skipped), summed over every process and pipeline, for the binary's functions only.
awk -v binary="$work/shoebox" '
    /^ob=/ { object = substr($0, 4); next }
    /^fn=/ { fn = (object == binary) ? substr($0, 4) : ""; if (fn != "") cost[fn] += 0; next }
    /^calls=/ { skip = 1; next }
    /^[0-9+-]/ { if (skip) { skip = 0; next } if (fn != "") cost[fn] += $2; next }
    END { for (f in cost) print cost[f], f }
' "$work"/callgrind.* | sort -k1,1nr -k2 | cut -d' ' -f2- > "$work/ran"
# Names callgrind made up for what has no symbol (addresses, a recursion's 'N suffix) are left out.
nm --defined-only "$work/shoebox" | awk '$2 ~ /^[tTwW]$/ { print $3 }' | sort -u > "$work/symbols"
awk 'NR == FNR { known[$0] = 1; next } ($0 in known) && !seen[$0]++' "$work/symbols" "$work/ran" > "$output"
echo "link-order: $(wc -l < "$output") functions in $output" >&2
