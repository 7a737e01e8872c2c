#!/usr/bin/env bash
# Measures how Shoebox's peak memory grows with the number of files ingested.
#
#   scripts/bench-memory.sh [--binary PATH] [--pipeline NAME]... [--scale N] [--trace FILE] CORPUS COUNT...
#
# CORPUS comes from ../shared/bench/make-corpus.sh. For each COUNT, makes a corpus of COUNT
# image files in a temporary folder: CORPUS's images (JPEG, PNG, HEIC/HEIF; WebP is left out,
# as it has no place for a marker that every decoder ignores) over and over, each copy after
# the first made distinct by a marker, so that every file has its own content hash and is
# decoded (a copy of known content would be settled without a decode): a JPEG comment segment
# after SOI, a PNG tEXt chunk before IEND, a HEIF `free` box at the end. Then runs
# `shoebox ingest --pipeline NAME --jobs 2` on it into a fresh library, as scripts/bench.sh
# does (VIPS_CONCURRENCY=1), and prints the peak RSS (GNU time %M: the larger of the command
# and its ingest process) and the CPU seconds (user + sys).
#
# --binary runs that shoebox instead of building a release one (to compare two builds).
# --pipeline names a pipeline of pipelines/ (`default`) or a pipeline file; given more than
# once, each COUNT runs each pipeline in turn on the same files, a line each.
# The default is bench-256.
# --scale N first shrinks each of CORPUS's images to 1/N of its sides (`vips resize`, once;
# JPEG at Q 85, HEIF at libvips's default quality, a single image where the source may have
# been a grid), then copies those: the copies take about N^2 times less space, so that
# 20,000 files fit on a disk that 54 GB of full-size copies would not. A scaled corpus
# decodes smaller pictures: its peak is not the full-size corpus's; compare COUNTs within
# one scale.
# --trace appends to FILE, every second of every run, the ingest process's peak so far and
# its resident memory (VmHWM, VmRSS, RssAnon: kB) against the files ingested so far, as
# "COUNT PIPELINE FILES HWM RSS ANON": how the peak grows within one run, and whether the
# memory between files (RSS's troughs, the anonymous part) climbs, as kept memory would.
# The corpus of the largest COUNT is made once and the smaller ones are its first files, in
# name order. Needs python3 for the markers (and vips for --scale). Space: about
# COUNT x 2.7 MB / N^2 under $TMPDIR, plus the largest library (its thumbnails).
set -euo pipefail
usage() { echo "usage: $0 [--binary PATH] [--pipeline NAME]... [--scale N] [--trace FILE] CORPUS COUNT..." >&2; exit 2; }
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
shoebox="" pipelines=() scale=1 trace=""
while [[ ${1:-} == --* ]]; do
    [[ $# -ge 2 ]] || usage
    case $1 in
        --binary) shoebox="$2" ;;
        --pipeline) if [[ -f $root/pipelines/$2.json ]]; then pipelines+=("$root/pipelines/$2.json")
                    elif [[ -f $2 ]]; then pipelines+=("$(cd "$(dirname "$2")" && pwd)/$(basename "$2")")
                    else echo "bench-memory: no pipeline $2" >&2; exit 2; fi ;;
        --scale) [[ $2 =~ ^[1-9][0-9]*$ ]] || usage; scale="$2" ;;
        --trace) touch "$2"; trace="$(cd "$(dirname "$2")" && pwd)/$(basename "$2")" ;;
        *) usage ;;
    esac
    shift 2
done
[[ ${#pipelines[@]} -gt 0 ]] || pipelines=("$root/pipelines/bench-256.json")
[[ $# -ge 2 ]] || usage
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
if [[ $scale -gt 1 ]]; then                         # each source shrunk once, two at a time
    mkdir "$work/scaled"
    # shellcheck disable=SC2016
    xargs -d '\n' -P 2 -I {} bash -c 'name="$(basename "$1")"; options=""
        [[ ${name,,} =~ \.jpe?g$ ]] && options="[Q=85]"
        vips resize "$1" "$2/$name$options" "$(echo "1 / $3" | bc -l)"' _ {} "$work/scaled" "$scale" < "$work/sources"
    find "$work/scaled" -type f | sort > "$work/sources"
fi
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
# Every second while PID (GNU time) runs: its grandchild's (the ingest process's) figures.
sample() {
    local pid
    while kill -0 "$1" 2> /dev/null; do
        for pid in $(pgrep -P "$(pgrep -P "$1" | head -1)" 2> /dev/null); do
            awk -v label="$2" -v files="$(grep -c '^ingested ' "$work/err")" \
                '/^(VmHWM|VmRSS|RssAnon):/ { kb[$1] = $2 }
                 END { if (length(kb) == 3) print label, files, kb["VmHWM:"], kb["VmRSS:"], kb["RssAnon:"] }' \
                "/proc/$pid/status" 2> /dev/null || true          # it may have ended since
        done
        sleep 1
    done
}

echo "files  pipeline              peak RSS    CPU s"
for count in "$@"; do
    rm -rf "$work/corpus"; mkdir "$work/corpus"
    head -n "$count" "$work/names" | xargs -d '\n' ln -t "$work/corpus"
    for pipeline in "${pipelines[@]}"; do
        rm -rf "$work/library"
        /usr/bin/time -f '%M %U %S' -o "$work/time" "$shoebox" ingest "$work/corpus" --library "$work/library" \
            --pipeline "$pipeline" --jobs 2 > "$work/out" 2> "$work/err" &
        ingest=$! sampler=""
        if [[ -n $trace ]]; then sample "$ingest" "$count $(basename "$pipeline" .json)" >> "$trace" & sampler=$!; fi
        status=0; wait "$ingest" || status=$?
        [[ -z $sampler ]] || wait "$sampler" || true
        [[ $status -eq 0 ]] ||
            { echo "bench-memory: shoebox failed: $(cat "$work/out"; grep -vE '^ingested /' "$work/err" | tail -5)" >&2; exit 1; }
        read -r rss user sys < <(tail -1 "$work/time")
        printf '%5d  %-20s %5d MB  %7.1f\n' "$count" "$(basename "$pipeline" .json)" $((rss / 1024)) \
            "$(echo "$user + $sys" | bc)"
    done
done
