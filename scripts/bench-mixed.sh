#!/usr/bin/env bash
# Peak memory and time per format on big files of every kind Shoebox decodes (issue 12):
# a 50 MP JPEG, a 48 MP HEIC, a 20 MP 10-bit AVIF, a 20 MP JPEG XL and a RAW, made from one
# real photo with vips, avifenc and cjxl. Each is ingested alone (`--no-supervise`, so the
# figure is the decoding process's own; with a 256 MiB decodeMemoryBytes, so that every file
# is decoded, the default's 180 MiB refusing the 48 MP single-image HEIC) against its peer on
# the same file, interleaved
# ROUNDS times (the machine is shared: medians of interleaved runs, so noise hits both
# sides alike): vipsthumbnail -s 256, and for the RAW LibRaw's own embedded-preview
# extraction (`simple_dcraw -e`, dcraw -e's emulation; LibRaw 0.20's dcraw_emu has no -e) and
# half-size development (`dcraw_emu -h`). Then the whole folder at `--jobs 2`, with the
# default pipeline and with one whose decodeMemoryBytes is 256 MiB.
#
#   scripts/bench-mixed.sh SOURCE.jpg [WORKDIR]    (e.g. ../shared/corpus/exif-samples/jpg/mobile/HMD_Nokia_8.3_5G.jpg)
#   ROUNDS=5 scripts/bench-mixed.sh ...            (default 3)
set -euo pipefail
[[ $# -ge 1 ]] || { echo "usage: $0 SOURCE.jpg [WORKDIR]" >&2; exit 2; }
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source="$(realpath "$1")"; work="${2:-$(mktemp -d)}"; rounds="${ROUNDS:-3}"
mkdir -p "$work/mixed" "$work/peer"; cd "$work"
for tool in vips avifenc cjxl vipsthumbnail simple_dcraw dcraw_emu; do
    command -v "$tool" >/dev/null || { echo "bench-mixed: $tool is missing (apt-get install libvips-tools libavif-bin libjxl-tools libraw-bin)" >&2; exit 1; }
done

# Scales for a 9.1 MP (4608x1976) source: 2.34 -> 50 MP, 2.3 -> 48 MP, 1.48 -> 20 MP.
[[ -f mixed/jpeg-50mp.jpg ]] || vips resize "$source" mixed/jpeg-50mp.jpg[Q=90] 2.34
[[ -f mixed/heic-48mp.heic ]] || { vips resize "$source" m48.v 2.3; vips heifsave m48.v mixed/heic-48mp.heic --Q 50 --compression hevc; }
[[ -f m20.png ]] || vips resize "$source" m20.png 1.48
[[ -f mixed/avif10-20mp.avif ]] || avifenc -d 10 -s 8 m20.png mixed/avif10-20mp.avif > /dev/null
[[ -f mixed/jxl-20mp.jxl ]] || cjxl m20.png mixed/jxl-20mp.jxl -d 1.5 -e 3 > /dev/null 2>&1
cp "$root/Tests/Fixtures/raw/preview.dng" mixed/raw.dng
sed 's/"decodeMemoryBytes": [0-9]*/"decodeMemoryBytes": 268435456/' "$root/pipelines/default.json" > budget-256.json

swift build -c release --package-path "$root" >&2
shoebox="$root/.build/release/shoebox"

# `timed LABEL COMMAND...`: appends "LABEL seconds peak_KB" to runs.txt.
timed() {
    local label="$1"; shift
    /usr/bin/time -f '%e %M' -o t.txt "$@" > /dev/null 2>&1 || true
    echo "$label $(tail -n 1 t.txt)" >> runs.txt   # after "Command exited with non-zero status" when it failed
}
: > runs.txt
for ((round = 0; round < rounds; round++)); do
    for file in mixed/*; do
        name="$(basename "$file")"
        rm -rf library; timed "$name shoebox" "$shoebox" ingest "$file" --library library --no-supervise --pipeline budget-256.json
        if [[ "$name" == *.dng ]]; then
            cp "$file" peer/; timed "$name simple_dcraw-e" simple_dcraw -e "peer/$name"
            timed "$name dcraw_emu-h" dcraw_emu -h "peer/$name"; rm -f peer/*
        else
            timed "$name vipsthumbnail" vipsthumbnail "$file" -s 256 -o "$work/peer/%s.jpg"
        fi
    done
done
rm -rf library; timed "folder --jobs 2, default" "$shoebox" ingest mixed --library library --jobs 2 --no-supervise
outcome_default="$(sqlite3 library/catalog.sqlite "SELECT group_concat(status || coalesce('/' || error_class, ''), ' ') FROM assets" 2>/dev/null || echo '?')"
rm -rf library; timed "folder --jobs 2, 256 MiB" "$shoebox" ingest mixed --library library --jobs 2 --no-supervise --pipeline budget-256.json
rm -rf library

# Medians per label: seconds and peak MB.
printf 'run\tmedian_s\tpeak_MB\truns\n'
awk '{ label = $1; for (i = 2; i <= NF - 2; i++) label = label " " $i; print label "\t" $(NF-1) "\t" $NF }' runs.txt |
    sort -t $'\t' -k1,1 -k2,2n |
    awk -F'\t' '{ s[$1] = s[$1] " " $2; m[$1] = ($3 > m[$1] ? $3 : m[$1]); n[$1]++ }
        END { for (k in s) { split(substr(s[k], 2), v, " "); printf "%s\t%s\t%d\t%d\n", k, v[int((n[k] + 1) / 2)], m[k] / 1024, n[k] } }' |
    sort
echo "the folder with the default pipeline: $outcome_default"
