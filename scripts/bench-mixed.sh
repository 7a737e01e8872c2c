#!/usr/bin/env bash
# Peak memory and time per format on big files of every kind Shoebox decodes (issue 12):
# a 50 MP JPEG, a 48 MP HEIC, a 20 MP 10-bit AVIF, a 20 MP JPEG XL and a RAW, made from one
# real photo with vips, avifenc and cjxl; each ingested alone (`--no-supervise`, so the
# figure is the decoding process's own), then the whole folder at `--jobs 2`, against
# vipsthumbnail -s 256 on the same files.
#
#   scripts/bench-mixed.sh SOURCE.jpg [WORKDIR]    (e.g. ../shared/corpus/exif-samples/jpg/mobile/HMD_Nokia_8.3_5G.jpg)
set -euo pipefail
[[ $# -ge 1 ]] || { echo "usage: $0 SOURCE.jpg [WORKDIR]" >&2; exit 2; }
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source="$(realpath "$1")"; work="${2:-$(mktemp -d)}"
mkdir -p "$work/mixed"; cd "$work"
for tool in vips avifenc cjxl; do command -v "$tool" >/dev/null || { echo "bench-mixed: $tool is missing (apt-get install libvips-tools libavif-bin libjxl-tools)" >&2; exit 1; }; done

# Scales for a 9.1 MP (4608x1976) source: 2.34 -> 50 MP, 2.3 -> 48 MP, 1.48 -> 20 MP.
[[ -f mixed/jpeg-50mp.jpg ]] || vips resize "$source" mixed/jpeg-50mp.jpg[Q=90] 2.34
[[ -f mixed/heic-48mp.heic ]] || { vips resize "$source" m48.v 2.3; vips heifsave m48.v mixed/heic-48mp.heic --Q 50 --compression hevc; }
[[ -f m20.png ]] || vips resize "$source" m20.png 1.48
[[ -f mixed/avif10-20mp.avif ]] || avifenc -d 10 -s 8 m20.png mixed/avif10-20mp.avif > /dev/null
[[ -f mixed/jxl-20mp.jxl ]] || cjxl m20.png mixed/jxl-20mp.jxl -d 1.5 -e 3 > /dev/null 2>&1
cp "$root/Tests/Fixtures/raw/preview.dng" mixed/raw.dng

swift build -c release --package-path "$root" >&2
shoebox="$root/.build/release/shoebox"
printf 'file\tshoebox_s\tshoebox_peak_MB\tvipsthumbnail_s\tvipsthumbnail_peak_MB\n'
for file in mixed/*; do
    rm -rf library
    /usr/bin/time -f '%e %M' -o t.txt "$shoebox" ingest "$file" --library library --no-supervise > /dev/null 2>&1 || true
    read -r s_time s_kb < t.txt
    v_time=-; v_mb=-
    if [[ "$file" != *.dng ]]; then
        /usr/bin/time -f '%e %M' -o v.txt vipsthumbnail "$file" -s 256 -o "$work/vt-%s.jpg" 2> /dev/null || true
        read -r v_time v_kb < v.txt; v_mb=$((v_kb / 1024))
    fi
    printf '%s\t%s\t%d\t%s\t%s\n' "$(basename "$file")" "$s_time" $((s_kb / 1024)) "$v_time" "$v_mb"
done
rm -rf library
/usr/bin/time -f '%e %M' -o t.txt "$shoebox" ingest mixed --library library --jobs 2 --no-supervise > /dev/null 2>&1 || true
read -r s_time s_kb < t.txt
printf 'all, --jobs 2\t%s\t%d\t-\t-\n' "$s_time" $((s_kb / 1024))
