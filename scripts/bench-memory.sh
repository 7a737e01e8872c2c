#!/usr/bin/env bash
# Measures how Shoebox's peak memory grows with the number of files ingested.
#
#   scripts/bench-memory.sh [--binary PATH] CORPUS COUNT...
#
# CORPUS comes from ../shared/bench/make-corpus.sh. For each COUNT, makes a corpus of COUNT
# image files in a temporary folder: CORPUS's images (JPEG, PNG, HEIC/HEIF; WebP is left out,
# as it has no place for a marker that every decoder ignores) over and over, each copy after
# the first made distinct by a marker, so that every file has its own content hash and is
# decoded (a copy of known content would be settled without a decode): a JPEG comment segment
# after SOI, a PNG tEXt chunk before IEND, a HEIF `free` box at the end. Then runs
# `shoebox ingest --pipeline bench-256 --jobs 2` on it into a fresh library, as scripts/bench.sh
# does (VIPS_CONCURRENCY=1), and prints the peak RSS (GNU time %M: the larger of the command
# and its ingest process) and the CPU seconds (user + sys).
#
# --binary runs that shoebox instead of building a release one (to compare two builds).
# The corpus of the largest COUNT is made once and the smaller ones are its first files, in
# name order. Needs python3 for the markers. Space: about COUNT x 2.7 MB under $TMPDIR.
set -euo pipefail
usage() { echo "usage: $0 [--binary PATH] CORPUS COUNT..." >&2; exit 2; }
shoebox=""
if [[ ${1:-} == --binary ]]; then [[ $# -ge 2 ]] || usage; shoebox="$2"; shift 2; fi
[[ $# -ge 2 ]] || usage
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
corpus="$(cd "$1" && pwd)"; shift
for count in "$@"; do [[ $count =~ ^[1-9][0-9]*$ ]] || usage; done
largest=$(printf '%s\n' "$@" | sort -n | tail -1)
export VIPS_CONCURRENCY=1 VIPS_WARNING=1
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT

if [[ -z $shoebox ]]; then
    swift build -c release --package-path "$root" >&2
    shoebox="$root/.build/release/shoebox"
fi

find "$corpus" -type f | grep -iE '\.(jpe?g|png|heic|heif)$' | sort > "$work/sources"
[[ -s $work/sources ]] || { echo "bench-memory: no JPEG, PNG or HEIF files in $corpus" >&2; exit 1; }
mkdir "$work/all"
python3 - "$work/sources" "$work/all" "$largest" <<'EOF'
import os, struct, sys, zlib
sources = open(sys.argv[1]).read().split("\n")[:-1]
out, count = sys.argv[2], int(sys.argv[3])

def marked(data, ext, marker):
    if ext in ("jpg", "jpeg"):                      # a COM segment right after SOI
        return data[:2] + b"\xff\xfe" + struct.pack(">H", len(marker) + 2) + marker + data[2:]
    if ext == "png":                                # a tEXt chunk before IEND (the last 12 bytes)
        body = b"tEXt" + b"Comment\0" + marker
        chunk = struct.pack(">I", len(body) - 4) + body + struct.pack(">I", zlib.crc32(body))
        return data[:-12] + chunk + data[-12:]
    return data + struct.pack(">I", len(marker) + 8) + b"free" + marker   # HEIF: a free box

for n in range(count):
    source = sources[n % len(sources)]
    copy, name = n // len(sources), os.path.basename(source)
    ext = name.rsplit(".", 1)[-1].lower()
    target = os.path.join(out, "%03d-%s" % (copy, name))
    if copy == 0:
        os.link(source, target) if os.stat(source).st_dev == os.stat(out).st_dev else open(target, "wb").write(open(source, "rb").read())
    else:
        open(target, "wb").write(marked(open(source, "rb").read(), ext, b"shoebox bench copy %d" % copy))
EOF

find "$work/all" -type f | sort > "$work/names"
echo "files  peak RSS  CPU s"
for count in "$@"; do
    rm -rf "$work/corpus" "$work/library"; mkdir "$work/corpus"
    head -n "$count" "$work/names" | xargs -d '\n' ln -t "$work/corpus"
    /usr/bin/time -f '%M %U %S' -o "$work/time" "$shoebox" ingest "$work/corpus" --library "$work/library" \
        --pipeline "$root/pipelines/bench-256.json" --jobs 2 > "$work/out" 2> "$work/err" ||
        { echo "bench-memory: shoebox failed: $(cat "$work/out"; grep -vE '^ingested /' "$work/err" | tail -5)" >&2; exit 1; }
    read -r rss user sys < <(tail -1 "$work/time")
    printf '%5d  %5d MB  %5.1f\n' "$count" $((rss / 1024)) "$(echo "$user + $sys" | bc)"
done
