#!/usr/bin/env bash
# The video matrix: makes small videos of every width and every height from 2 to 130 (the
# other side 64) and of odd sizes up to 4K, in H.264, HEVC, VP9, AV1 and MJPEG, every other
# one rotated 90 degrees by its display matrix, then ingests them all with the given shoebox
# (meant for an AddressSanitizer build) and checks that every video is catalogued ok at its
# displayed size, and that no sanitizer reported anything.
#
#   scripts/video-matrix.sh SHOEBOX WORK_FOLDER [--quick]
#
# SHOEBOX: the binary to test, e.g. one built by
#   swift build --sanitize=address --build-path .build-address  (then .build-address/debug/shoebox)
# WORK_FOLDER: where the videos and the library go (made if missing; its videos are reused by a
# later run, so a second run only ingests). --quick: widths and heights 2 to 20 and one 4K size.
# Needs ffmpeg (Debian's, with libx264, libx265, libvpx, libaom). A size an encoder refuses
# (HEVC's smallest, say) is listed and left out, not failed. Exits 0 when all is well, 1 otherwise.
set -euo pipefail

if (($# < 2)); then
    echo "usage: $0 SHOEBOX WORK_FOLDER [--quick]" >&2
    exit 64
fi
shoebox="$(realpath "$1")"
work="$2"
quick="${3:-}"
[[ -x "$shoebox" ]] || { echo "video-matrix: $shoebox is not an executable" >&2; exit 64; }
command -v ffmpeg >/dev/null || { echo "video-matrix: needs ffmpeg (Debian: apt-get install ffmpeg)" >&2; exit 64; }
mkdir -p "$work/videos" "$work/refused"
videos="$(realpath "$work/videos")"
refused="$(realpath "$work/refused")"   # what an encoder said when it refused a size
library="$(realpath "$work")/library"

last=130
fourK=("1281x721" "1919x1079" "2561x1441" "3839x2159" "4095x2161")
if [[ "$quick" == "--quick" ]]; then last=20; fourK=("3839x2159"); fi

sizes=()
for ((side = 2; side <= last; side++)); do sizes+=("${side}x64" "64x${side}"); done
sizes+=("${fourK[@]}")

# One line a video to make: codec size rotation.
plan="$work/plan.txt"
: >"$plan"
index=0
for size in "${sizes[@]}"; do
    for codec in h264 hevc vp9 av1 mjpeg; do
        echo "$codec $size $((index % 2 * 90))" >>"$plan"
        index=$((index + 1))
    done
done

make_one() {
    local codec="$1" size="$2" rotation="$3" videos="$4" refused="$5"
    local width="${size%x*}" height="${size#*x}"
    local extension=mp4   # AV1 only in MP4; MJPEG only in QuickTime
    [[ "$codec" == mjpeg ]] && extension=mov
    local name="$codec-$size-r$rotation.$extension" stored="$videos/.stored-$codec-$size-r$rotation.$extension"
    [[ -e "$videos/$name" || -e "$refused/$name" ]] && return 0
    local odd=$(((width % 2) || (height % 2)))
    local options
    case "$codec" in
        h264) options=(-c:v libx264 -preset ultrafast -pix_fmt "$([[ $odd == 1 ]] && echo yuv444p || echo yuv420p)") ;;
        hevc) options=(-c:v libx265 -preset ultrafast -tag:v hvc1 -x265-params log-level=none
                       -pix_fmt "$([[ $odd == 1 ]] && echo yuv444p || echo yuv420p)") ;;
        vp9) options=(-c:v libvpx-vp9 -deadline realtime -cpu-used 8 -pix_fmt yuv420p) ;;
        av1) options=(-c:v libaom-av1 -cpu-used 8 -row-mt 1 -pix_fmt yuv420p) ;;
        mjpeg) options=(-c:v mjpeg -pix_fmt "$([[ $odd == 1 ]] && echo yuvj444p || echo yuvj420p)") ;;
    esac
    if ! ffmpeg -nostdin -v error -y -f lavfi -i "testsrc=size=${width}x${height}:rate=10" -frames:v 3 \
            "${options[@]}" "$stored" 2>"$stored.log"; then
        mv "$stored.log" "$refused/$name"
        rm -f "$stored"
        return 0
    fi
    rm -f "$stored.log"
    ffmpeg -nostdin -v error -y -i "$stored" -c copy -metadata:s:v "rotate=$rotation" "$videos/$name"
    rm -f "$stored"
}
export -f make_one

echo "video-matrix: making $(wc -l <"$plan") videos in $videos" >&2
xargs -P "$(nproc)" -L 1 bash -c 'make_one "$0" "$1" "$2" "'"$videos"'" "'"$refused"'"' <"$plan"
made=$(find "$videos" \( -name '*.mov' -o -name '*.mp4' \) ! -name '.stored-*' | wc -l)
echo "video-matrix: $made videos made; $(find "$refused" -type f | wc -l) sizes refused by their encoder (in $refused):" >&2
find "$refused" -type f -printf '%f\n' | sed -E 's/\.(mov|mp4)$//' | sort | tr '\n' ' ' | fold -s -w 100 | sed 's/^/  /' >&2
echo >&2

rm -rf "$library"
log="$work/ingest.log"
status=0
"$shoebox" ingest "$videos" --library "$library" --quiet >"$log" 2>&1 || status=$?
reports=$(grep -c -E 'ERROR: (Address|Leak|Thread|UndefinedBehavior)Sanitizer|runtime error:' "$log" || true)

# Every video must be catalogued ok, at the displayed size ffprobe reads (width and height swapped
# when rotated), with a thumbnail.
verdict="$work/verdict.txt"
"$shoebox" list --json --library "$library" | python3 -c '
import json, os, re, subprocess, sys
videos = sys.argv[1]
expected = {}
for name in os.listdir(videos):
    m = re.fullmatch(r"(\w+)-(\d+)x(\d+)-r(\d+)\.(mov|mp4)", name)
    if m:
        probe = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries",
                                "stream=width,height", "-of", "csv=p=0", os.path.join(videos, name)],
                               capture_output=True, text=True, check=True).stdout.strip().split(",")
        w, h, r = int(probe[0]), int(probe[1]), int(m[4])
        expected[name] = (h, w) if r == 90 else (w, h)
seen = {}
for line in sys.stdin:
    asset = json.loads(line)
    seen[os.path.basename(asset["path"])] = asset
bad = 0
for name, size in sorted(expected.items()):
    asset = seen.get(name)
    if asset is None:
        print(f"not catalogued: {name}"); bad += 1
    elif asset.get("status") != "ok":
        print("%s: %s: %s" % (asset.get("status"), name, asset.get("error"))); bad += 1
    elif (asset.get("width"), asset.get("height")) != size:
        print("wrong size: %s: %sx%s, expected %dx%d" % (name, asset.get("width"), asset.get("height"), size[0], size[1])); bad += 1
    elif not asset.get("thumbnails"):
        print(f"no thumbnail: {name}"); bad += 1
print(f"{len(expected) - bad} of {len(expected)} videos ok")
sys.exit(1 if bad else 0)
' "$videos" >"$verdict" || true
cat "$verdict" >&2
echo "video-matrix: ingest exited $status; $reports sanitizer reports in $log" >&2
if ((status == 0 && reports == 0)) && tail -n 1 "$verdict" | grep -qE '^([0-9]+) of \1 videos ok$'; then
    echo "video-matrix: passed" >&2
    exit 0
fi
echo "video-matrix: failed" >&2
exit 1
