#!/usr/bin/env bash
# Regenerates the GIF, video, Live Photo and motion-photo samples under samples/ (the still
# photos come from scripts/make-samples.sh). Needs ffmpeg, vips, exiftool and python3.
#
#   samples/gif/animated.gif          12 frames 160x120, NETSCAPE loop forever, one frame with delay 0
#   samples/gif/static.gif            one frame
#   samples/video/portrait.mp4        stored 320x180 with a 90-degree display matrix: shown 180x320
#   samples/live/with-id/IMG_0001.JPG + clip-0001.MOV   one Live Photo, paired by content identifier
#   samples/live/by-name/IMG_0002.jpg + IMG_0002.MOV    one Live Photo, no identifiers, paired by name
#   samples/live/decoy/IMG_0003.jpg + IMG_0003.mov      same name, but a 6 s video: a photo and a video
#   samples/live/decoy/IMG_0004.jpg + IMG_0004.mov      same name, different identifiers: never paired
#   samples/motion/PXL_motion.jpg     a Google-style motion photo: XMP MicroVideoOffset + an appended MP4
set -euo pipefail
KEEP=${KEEP:-}
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="$root/samples"
tmp="$(mktemp -d)"; [ -n "$KEEP" ] || trap 'rm -rf "$tmp"' EXIT; echo "tmp=$tmp"
export TZ=UTC LC_ALL=C
ff() { ffmpeg -v error -y -nostdin "$@"; }
tag() { exiftool -q -q -overwrite_original -n "$@"; }

# A short H.264 clip: clip NAME SECONDS [ffmpeg metadata args...]
clip() {
    local name=$1 seconds=$2; shift 2
    ff -f lavfi -i "testsrc2=duration=$seconds:size=320x180:rate=15" -c:v libx264 -preset veryfast -crf 34 \
       -pix_fmt yuv420p -fflags +bitexact -flags:v +bitexact -map_metadata -1 -movflags use_metadata_tags "$@" "$tmp/$name"
}

# A JPEG still with an Apple maker note carrying the content identifier (or none): still NAME DATE [UUID]
still() {
    vips black "$tmp/black.v" 240 160 --bands 3
    vips linear "$tmp/black.v" "$tmp/still.v" 1 "$((RANDOM_SEED += 37, RANDOM_SEED % 200 + 30))" --uchar
    vips jpegsave "$tmp/still.v" "$tmp/plain.jpg" --Q 80 --strip
    python3 - "$tmp/plain.jpg" "$tmp/$1" "$2" "${3:-}" <<'PY'
import struct, sys
src, dst, date, uuid = sys.argv[1:5]
def ascii(text): return text.encode() + b"\0"
def ifd(entries, base, extra):
    """entries: (tag, type, count, payload bytes); returns IFD bytes placed at `base`, data after it."""
    head = struct.pack(">H", len(entries)); data = b""; data_at = base + 2 + 12 * len(entries) + 4
    for tag, kind, count, payload in entries:
        if len(payload) <= 4:
            head += struct.pack(">HHI", tag, kind, count) + payload.ljust(4, b"\0")
        else:
            head += struct.pack(">HHII", tag, kind, count, data_at + len(data)); data += payload
            if len(data) % 2: data += b"\0"
    return head + b"\0\0\0\0" + data + extra
note = b""
if uuid:
    text = ascii(uuid)
    note = b"Apple iOS\0" + b"\x00\x01" + b"MM" + struct.pack(">H", 1) \
        + struct.pack(">HHII", 0x0011, 2, len(text), 32) + b"\0\0\0\0" + text
exif_entries = [(0x9003, 2, 20, ascii(date))]
if note: exif_entries.append((0x927C, 7, len(note), note))
ifd0_entries = [(0x010F, 2, 6, ascii("Apple")), (0x0110, 2, 10, ascii("iPhone 12")), (0x8769, 4, 1, b"")]
ifd0_size = 2 + 12 * len(ifd0_entries) + 4 + 6 + 10
exif_at = 8 + ifd0_size + (ifd0_size % 2)
ifd0_entries[2] = (0x8769, 4, 1, struct.pack(">I", exif_at))
tiff = b"MM\0*" + struct.pack(">I", 8)
tiff += ifd(ifd0_entries, 8, b"")
tiff = tiff.ljust(exif_at, b"\0") + ifd(exif_entries, exif_at, b"")
app1 = b"Exif\0\0" + tiff
jpeg = open(src, "rb").read()
assert jpeg[:2] == b"\xff\xd8"
open(dst, "wb").write(jpeg[:2] + b"\xff\xe1" + struct.pack(">H", len(app1) + 2) + app1 + jpeg[2:])
PY
}
RANDOM_SEED=11

mkdir -p "$tmp/gif"
ff -f lavfi -i "testsrc=duration=1.2:size=160x120:rate=10" -vf "split[a][b];[a]palettegen=max_colors=32[p];[b][p]paletteuse" \
   -loop 0 "$tmp/animated.gif"
python3 - "$tmp/animated.gif" <<'PY'
import sys
path = sys.argv[1]; data = bytearray(open(path, "rb").read())
i = data.find(b"\x21\xf9\x04")          # first graphic control block: delay 0 (shown as 100 ms)
assert i > 0; data[i + 4:i + 6] = b"\0\0"
open(path, "wb").write(data)
PY
ff -f lavfi -i "testsrc=duration=0.1:size=160x120:rate=10" -frames:v 1 -vf "split[a][b];[a]palettegen=max_colors=32[p];[b][p]paletteuse" "$tmp/static.gif"

clip portrait.mp4 2.5 -metadata creation_time=2024-07-01T08:00:00Z
tag -Rotation=90 "$tmp/portrait.mp4"

ID1=6F0C1E2A-7B3D-4C5E-8F90-A1B2C3D4E5F6
still IMG_0001.JPG "2024:05:10 12:00:00" "$ID1"
clip clip-0001.MOV 2 -metadata "com.apple.quicktime.content.identifier=$ID1" \
     -metadata "com.apple.quicktime.creationdate=2024-05-10T12:00:00+0200"
still IMG_0002.jpg "2024:05:11 09:00:00"
clip IMG_0002.MOV 2 -metadata "com.apple.quicktime.creationdate=2024-05-11T09:00:01+0200"
still IMG_0003.jpg "2024:05:12 18:30:00"
clip IMG_0003.mov 6 -metadata "com.apple.quicktime.creationdate=2024-05-12T18:30:00+0200"
still IMG_0004.jpg "2024:05:13 07:45:00" 0A0A0A0A-1111-4222-8333-444444444444
clip IMG_0004.mov 2 -metadata "com.apple.quicktime.content.identifier=0B0B0B0B-5555-4666-8777-888888888888"

still motion-still.jpg "2024:05:14 16:20:00"
clip motion.mp4 1.5
length=$(stat -c %s "$tmp/motion.mp4")
tag -XMP-GCamera:MotionPhoto=1 -XMP-GCamera:MicroVideo=1 -XMP-GCamera:MicroVideoOffset="$length" "$tmp/motion-still.jpg"
cat "$tmp/motion-still.jpg" "$tmp/motion.mp4" > "$tmp/PXL_motion.jpg"

# Check what the tests rely on, with the reference tools.
check() { [ "$1" = "$2" ] || { echo "make-kind-samples: $3: got '$1', want '$2'" >&2; exit 1; }; }
check "$(exiftool -s3 -MediaGroupUUID "$tmp/IMG_0001.JPG")" "$ID1" "IMG_0001.JPG content identifier"
check "$(exiftool -s3 -ContentIdentifier "$tmp/clip-0001.MOV")" "$ID1" "clip-0001.MOV content identifier"
check "$(exiftool -s3 -n -Rotation "$tmp/portrait.mp4")" "90" "portrait.mp4 rotation"
check "$(exiftool -s3 -n -FrameCount "$tmp/animated.gif")" "12" "animated.gif frames"
check "$(exiftool -s3 -n -MicroVideoOffset "$tmp/PXL_motion.jpg")" "$length" "motion photo offset"

install -D -m 0644 "$tmp/animated.gif" "$out/gif/animated.gif"
install -D -m 0644 "$tmp/static.gif" "$out/gif/static.gif"
install -D -m 0644 "$tmp/portrait.mp4" "$out/video/portrait.mp4"
for f in IMG_0001.JPG clip-0001.MOV; do install -D -m 0644 "$tmp/$f" "$out/live/with-id/$f"; done
for f in IMG_0002.jpg IMG_0002.MOV; do install -D -m 0644 "$tmp/$f" "$out/live/by-name/$f"; done
for f in IMG_0003.jpg IMG_0003.mov IMG_0004.jpg IMG_0004.mov; do install -D -m 0644 "$tmp/$f" "$out/live/decoy/$f"; done
install -D -m 0644 "$tmp/PXL_motion.jpg" "$out/motion/PXL_motion.jpg"
echo "make-kind-samples: motion photo video at offset $(( $(stat -c %s "$tmp/PXL_motion.jpg") - length )), length $length"
du -sh "$out/gif" "$out/video" "$out/live" "$out/motion"
