#!/usr/bin/env bash
# Regenerate the small sample media in samples/ used by Shoebox tests.
#
# Requirements: vips (libvips-tools 8.14+, with HEIF/HEVC + WebP), exiftool, python3.
# Deterministic: pixels are drawn by the embedded python (stdlib only), encoded
# with fixed vips options, and tagged with exiftool; no timestamps or randomness.
# Idempotent: every output file is rebuilt in a temp dir and then copied over.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="$root/samples"

for tool in vips vipsheader exiftool python3; do
    command -v "$tool" >/dev/null 2>&1 || { echo "make-samples: missing tool: $tool" >&2; exit 1; }
done

tmp="$(mktemp -d "${TMPDIR:-/tmp}/shoebox-samples.XXXXXX")"
cleanup() { rm -rf "$tmp"; }
trap cleanup EXIT

# Make exiftool/vips output independent of the caller's environment.
export LC_ALL=C TZ=UTC

JPEG_Q=85
# ColorSpace=1 (sRGB): otherwise exiftool creates the EXIF block with "Uncalibrated".
EXIF=(exiftool -q -q -n -overwrite_original -ColorSpace=1)
STRIP=(exiftool -q -q -overwrite_original -all=)

# --------------------------------------------------------------------------
# 1. Draw all source pictures as binary PPM files (python3 stdlib only).
# --------------------------------------------------------------------------
python3 - "$tmp" <<'PY'
import os, sys

tmp = sys.argv[1]

def write_ppm(path, w, h, data):
    with open(path, "wb") as f:
        f.write(b"P6\n%d %d\n255\n" % (w, h))
        f.write(bytes(data))

def clamp(v):
    return 0 if v < 0 else 255 if v > 255 else int(v)

def upright(w, h):
    """Reference picture: diagonal gradient, a big white "F" top-left,
    a red block bottom-right and a green disc top-right. No symmetry
    of the rectangle maps it onto itself, so every wrong rotation or
    mirror is visible."""
    px = bytearray(w * h * 3)
    # shapes in normalised coordinates (u = x/w, v = y/h)
    f_bars = [
        (0.06, 0.08, 0.14, 0.74),  # stem
        (0.06, 0.08, 0.42, 0.20),  # top arm
        (0.06, 0.38, 0.32, 0.48),  # middle arm
    ]
    red = (0.70, 0.64, 0.94, 0.92)
    disc_c, disc_r = (0.82, 0.22), 0.11
    for y in range(h):
        v = (y + 0.5) / h
        for x in range(w):
            u = (x + 0.5) / w
            r = 30 + 120 * u + 40 * v
            g = 70 + 110 * v
            b = 200 - 110 * u
            if any(x0 <= u < x1 and y0 <= v < y1 for x0, y0, x1, y1 in f_bars):
                r, g, b = 250, 250, 240
            elif red[0] <= u < red[2] and red[1] <= v < red[3]:
                r, g, b = 220, 35, 35
            else:
                du = (u - disc_c[0]) * w / h
                dv = v - disc_c[1]
                if du * du + dv * dv < disc_r * disc_r:
                    r, g, b = 40, 200, 70
            i = (y * w + x) * 3
            px[i], px[i + 1], px[i + 2] = clamp(r), clamp(g), clamp(b)
    return px

def oriented(src, w, h, n):
    """Return (sw, sh, pixels) such that applying EXIF orientation n to the
    stored pixels gives back `src` (w x h).  For each displayed pixel (x, y)
    this gives the stored coordinate (sx, sy)."""
    maps = {
        1: lambda x, y: (x, y),
        2: lambda x, y: (w - 1 - x, y),                 # mirror horizontal
        3: lambda x, y: (w - 1 - x, h - 1 - y),         # rotate 180
        4: lambda x, y: (x, h - 1 - y),                 # mirror vertical
        5: lambda x, y: (y, x),                         # transpose
        6: lambda x, y: (y, w - 1 - x),                 # display rotates 90 CW
        7: lambda x, y: (h - 1 - y, w - 1 - x),         # transverse
        8: lambda x, y: (h - 1 - y, x),                 # display rotates 90 CCW
    }
    sw, sh = (w, h) if n <= 4 else (h, w)
    f = maps[n]
    out = bytearray(sw * sh * 3)
    for y in range(h):
        for x in range(w):
            sx, sy = f(x, y)
            i = (y * w + x) * 3
            j = (sy * sw + sx) * 3
            out[j:j + 3] = src[i:i + 3]
    return sw, sh, out

def panorama(w, h):
    """Photo-like landscape: sky gradient, sun, two mountain ranges, lake."""
    import math
    px = bytearray(w * h * 3)
    horizon = int(h * 0.62)
    sun_x, sun_y, sun_r = w * 0.78, h * 0.25, h * 0.11
    for x in range(w):
        far = h * (0.40 + 0.10 * math.sin(x / w * 9.0) + 0.05 * math.sin(x / w * 23.0 + 1.0))
        near = h * (0.52 + 0.07 * math.sin(x / w * 5.0 + 2.0) + 0.03 * math.sin(x / w * 41.0))
        for y in range(h):
            v = y / h
            if y >= horizon:                      # lake, darker with depth
                t = (y - horizon) / (h - horizon)
                r, g, b = 40 - 20 * t, 90 - 30 * t, 130 - 40 * t
                if (y // 6 + x // 40) % 7 == 0:   # light ripples
                    r, g, b = r + 25, g + 25, b + 30
            elif y >= near:                       # near hills, green
                r, g, b = 40 + 30 * v, 110 - 40 * v, 50
            elif y >= far:                        # far mountains, blue-grey
                r, g, b = 100, 115, 140
            else:                                 # sky
                r, g, b = 110 + 120 * v, 160 + 70 * v, 235 - 20 * v
                dx, dy = x - sun_x, y - sun_y
                if dx * dx + dy * dy < sun_r * sun_r:
                    r, g, b = 255, 230, 120
            i = (y * w + x) * 3
            px[i], px[i + 1], px[i + 2] = clamp(r), clamp(g), clamp(b)
    return px

def tall(w, h):
    """Very tall strip: vertical gradient, banded every 100 px, dark cap on top."""
    px = bytearray(w * h * 3)
    for y in range(h):
        v = y / h
        band = (y // 100) % 2
        for x in range(w):
            r, g, b = 230 - 150 * v, 120 + 60 * band, 60 + 160 * v
            if y < 40:
                r, g, b = 20, 20, 20
            elif x < 8:
                r, g, b = 250, 250, 250
            i = (y * w + x) * 3
            px[i], px[i + 1], px[i + 2] = clamp(r), clamp(g), clamp(b)
    return px

def screenshot(w, h):
    """Phone-screenshot-like UI: status bar, nav bar, list rows, button."""
    px = bytearray([242, 242, 247] * (w * h))
    def rect(x0, y0, x1, y1, c):
        for y in range(max(0, y0), min(h, y1)):
            row = bytes(c) * (min(w, x1) - max(0, x0))
            i = (y * w + max(0, x0)) * 3
            px[i:i + len(row)] = row
    rect(0, 0, w, 47, (250, 250, 250))            # status bar
    rect(20, 18, 60, 30, (0, 0, 0))               # "clock"
    rect(330, 18, 370, 30, (0, 0, 0))             # "battery"
    rect(0, 47, w, 91, (248, 248, 248))           # nav bar
    rect(16, 60, 150, 80, (0, 122, 255))          # title
    rect(0, 91, w, 92, (200, 200, 205))
    for k in range(8):                            # list rows
        y0 = 110 + k * 70
        rect(16, y0, w - 16, y0 + 60, (255, 255, 255))
        rect(28, y0 + 10, 68, y0 + 50, (52 + 20 * k, 199 - 10 * k, 89 + 15 * k))
        rect(80, y0 + 14, 80 + 120 + 15 * k, y0 + 26, (30, 30, 30))
        rect(80, y0 + 34, 260, y0 + 44, (140, 140, 145))
    rect(40, 700, w - 40, 750, (0, 122, 255))     # button
    rect(150, 718, w - 150, 732, (255, 255, 255))
    rect(0, 810, w, 844, (250, 250, 250))         # home indicator area
    rect(128, 830, 262, 835, (0, 0, 0))
    return px

W, H = 360, 240
ref = upright(W, H)
write_ppm(os.path.join(tmp, "upright.ppm"), W, H, ref)
for n in range(1, 9):
    sw, sh, data = oriented(ref, W, H, n)
    write_ppm(os.path.join(tmp, "orient_%d.ppm" % n), sw, sh, data)
write_ppm(os.path.join(tmp, "upright_480x320.ppm"), 480, 320, upright(480, 320))
write_ppm(os.path.join(tmp, "upright_320x240.ppm"), 320, 240, upright(320, 240))
write_ppm(os.path.join(tmp, "panorama.ppm"), 1200, 300, panorama(1200, 300))
write_ppm(os.path.join(tmp, "tall.ppm"), 60, 600, tall(60, 600))
write_ppm(os.path.join(tmp, "screenshot.ppm"), 390, 844, screenshot(390, 844))
PY

# --------------------------------------------------------------------------
# 2. Encode + tag into a staging tree.
# --------------------------------------------------------------------------
stage="$tmp/samples"
mkdir -p "$stage/orientation" "$stage/broken"

jpeg() { vips jpegsave "$1" "$2" --Q "$JPEG_Q" --optimize-coding --strip; }

# 2a. EXIF orientation 1..8
for n in 1 2 3 4 5 6 7 8; do
    f="$stage/orientation/landscape_$n.jpg"
    jpeg "$tmp/orient_$n.ppm" "$f"
    args=(-Make=Shoebox "-Model=Sample Camera" "-DateTimeOriginal=2024:05:0$n 10:00:00" "-Orientation=$n")
    if [ "$n" = 1 ]; then
        args+=("-OffsetTimeOriginal=+02:00" "-SubSecTimeOriginal=250")
    fi
    if [ "$n" = 6 ]; then
        args+=(-GPSLatitude=48.8584 -GPSLatitudeRef=N -GPSLongitude=2.2945 -GPSLongitudeRef=E
               -GPSAltitude=35 -GPSAltitudeRef=0)
    fi
    "${EXIF[@]}" "${args[@]}" "$f"
done

# 2b. panorama, tall
jpeg "$tmp/panorama.ppm" "$stage/panorama.jpg"
"${EXIF[@]}" -Make=Shoebox "-Model=Sample Camera" "-DateTimeOriginal=2024:06:01 18:30:00" \
    -Orientation=1 "$stage/panorama.jpg"
jpeg "$tmp/tall.ppm" "$stage/tall.jpg"
"${EXIF[@]}" -Make=Shoebox "-Model=Sample Camera" "-DateTimeOriginal=2024:06:02 09:15:00" \
    "$stage/tall.jpg"

# 2c. screenshot (PNG, no metadata at all)
vips pngsave "$tmp/screenshot.ppm" "$stage/screenshot.png" --compression 9 --strip
# vips still writes a pHYs chunk (25.4 dpi); drop it so the PNG carries no metadata.
"${STRIP[@]}" "$stage/screenshot.png"

# 2d. HEIC (8-bit HEVC, Q 50) + EXIF
vips heifsave "$tmp/upright_480x320.ppm" "$stage/photo.heic" \
    --compression hevc --Q 50 --bitdepth 8 --strip
"${EXIF[@]}" -Make=Shoebox "-Model=Sample Camera" "-DateTimeOriginal=2024:06:03 14:00:00" \
    "$stage/photo.heic"

# 2d''. The same picture as 10-bit HEVC: libde265 hands 16-bit words, shrunk by the general path
vips heifsave "$tmp/upright_480x320.ppm" "$stage/photo-10bit.heic" \
    --compression hevc --Q 50 --bitdepth 10 --strip

# 2d'. HEIC with an alpha channel: Shoebox's own HEVC route leaves alpha to libvips
vips bandjoin_const "$tmp/upright_320x240.ppm" "$tmp/alpha.v" 200
vips heifsave "$tmp/alpha.v" "$stage/alpha.heic" --compression hevc --Q 50 --bitdepth 8 --strip

# 2e. WebP (lossy, no metadata)
vips webpsave "$tmp/upright_320x240.ppm" "$stage/photo.webp" --Q 80 --strip
# vips 8.14 webpsave still adds a minimal EXIF chunk despite --strip; remove it.
"${STRIP[@]}" "$stage/photo.webp"

# 2f. broken files
src="$stage/orientation/landscape_1.jpg"
size=$(wc -c <"$src")
head -c $(( size * 40 / 100 )) "$src" >"$stage/broken/truncated.jpg"
cat >"$stage/broken/not-an-image.jpg" <<'TXT'
This is not an image.
It is a plain text file with a .jpg extension,
used to check that Shoebox rejects files by content, not by name.
TXT

# 2g. README
cat >"$stage/README.md" <<'MD'
# Sample media

Small, synthetic test media for Shoebox. Generated by `scripts/make-samples.sh`
(needs `vips` 8.14+ with HEIF/WebP support, `exiftool`, `python3`); do not edit by
hand, re-run the script instead:

    scripts/make-samples.sh

The script is deterministic and idempotent (same bytes on every run with the
same tool versions) and verifies its own output (see the end of the script).

The reference picture is 360x240: a diagonal gradient, a big white **F** in the
top-left corner, a red block in the bottom-right and a green disc in the
top-right. Any wrong rotation or mirror is visible.

"Displayed size" is width x height after applying the EXIF orientation.

| File | Stored size | Orientation | Displayed size | What it tests |
|------|-------------|-------------|----------------|---------------|
| `orientation/landscape_1.jpg` | 360x240 | 1 | 360x240 | Normal orientation. EXIF Make `Shoebox`, Model `Sample Camera`, DateTimeOriginal `2024:05:01 10:00:00`, OffsetTimeOriginal `+02:00`, SubSecTimeOriginal `250` |
| `orientation/landscape_2.jpg` | 360x240 | 2 (mirror horizontal) | 360x240 | Mirror handling; DateTimeOriginal `2024:05:02 10:00:00` |
| `orientation/landscape_3.jpg` | 360x240 | 3 (rotate 180) | 360x240 | 180° rotation; DateTimeOriginal `2024:05:03 10:00:00` |
| `orientation/landscape_4.jpg` | 360x240 | 4 (mirror vertical) | 360x240 | Vertical mirror; DateTimeOriginal `2024:05:04 10:00:00` |
| `orientation/landscape_5.jpg` | 240x360 | 5 (transpose) | 360x240 | Width/height swap + mirror; DateTimeOriginal `2024:05:05 10:00:00` |
| `orientation/landscape_6.jpg` | 240x360 | 6 (rotate 90 CW) | 360x240 | Typical portrait-phone JPEG; DateTimeOriginal `2024:05:06 10:00:00`; GPS 48.8584 N, 2.2945 E, 35 m above sea level |
| `orientation/landscape_7.jpg` | 240x360 | 7 (transverse) | 360x240 | Width/height swap + mirror; DateTimeOriginal `2024:05:07 10:00:00` |
| `orientation/landscape_8.jpg` | 240x360 | 8 (rotate 90 CCW) | 360x240 | Width/height swap; DateTimeOriginal `2024:05:08 10:00:00` |
| `panorama.jpg` | 1200x300 | 1 | 1200x300 | Extreme landscape aspect (4.0); DateTimeOriginal `2024:06:01 18:30:00` |
| `tall.jpg` | 60x600 | none | 60x600 | Extreme portrait aspect (0.1); DateTimeOriginal `2024:06:02 09:15:00` |
| `screenshot.png` | 390x844 | none | 390x844 | PNG without any EXIF/metadata (no capture date: fall back to file dates) |
| `photo.heic` | 480x320 | none | 480x320 | HEIC (8-bit HEVC, Q 50) with EXIF Make/Model, DateTimeOriginal `2024:06:03 14:00:00` |
| `photo.webp` | 320x240 | none | 320x240 | Lossy WebP without metadata |
| `photo-10bit.heic` | 480x320 | none | 480x320 | The same picture as 10-bit HEVC (Q 50), no metadata: Shoebox's HEVC route shrinks its 16-bit samples |
| `alpha.heic` | 320x240 | none | 320x240 | HEIC with an alpha channel (opacity 200), no metadata: decoded by libvips, not Shoebox's HEVC route |
| `broken/truncated.jpg` | 360x240 (header) | 1 | 360x240 (header only) | First 40% of `orientation/landscape_1.jpg`: header and EXIF are intact, pixel data is cut off |
| `broken/not-an-image.jpg` | – | – | – | Plain text with a `.jpg` name: must be rejected by content sniffing |

Every orientation file, when displayed according to its EXIF orientation,
shows the same upright 360x240 picture as `landscape_1.jpg` (checked by the
script with `vips autorot`).

## GIFs, videos, Live Photos, motion photos

Made by `scripts/make-kind-samples.sh` (needs `ffmpeg`, `vips`, `exiftool`,
`python3`), which checks each file with exiftool before installing it.

| File | What it is | What Shoebox makes of it |
|------|-----------|--------------------------|
| `gif/animated.gif` | 12 frames, 160x120, loops forever; the first frame's delay is 0 | `gif`, 12 frames, loop 0, 1.2 s (a delay of 0 counts as 100 ms), subtype `animated` |
| `gif/static.gif` | one frame | `gif`, 1 frame |
| `video/portrait.mp4` | H.264 stored 320x180 with a 90-degree display matrix, 2.5 s, creation_time 2024-07-01T08:00:00Z | `video`, 180x320 as displayed |
| `live/with-id/IMG_0001.JPG` + `clip-0001.MOV` | an Apple maker note (tag 0x0011) and a QuickTime content identifier, equal; different names | one `livePhoto`, paired by `identifier` |
| `live/by-name/IMG_0002.jpg` + `IMG_0002.MOV` | no identifiers; same name (case aside), 2 s video, capture times 1 s apart | one `livePhoto`, paired by `name` |
| `live/decoy/IMG_0003.jpg` + `IMG_0003.mov` | same name, but a 6 s video | a `photo` and a `video` |
| `live/decoy/IMG_0004.jpg` + `IMG_0004.mov` | same name, different identifiers | a `photo` and a `video` |
| `motion/PXL_motion.jpg` | Google-style motion photo: XMP `GCamera:MicroVideoOffset` and an appended 1.5 s MP4 | one `livePhoto` with `motionPhoto` offset 4229, length 16971 |
MD

# --------------------------------------------------------------------------
# 3. Verify the staged files.
# --------------------------------------------------------------------------
v="$tmp/verify"
mkdir -p "$v"
fail=0

absdiff() {  # mean absolute difference of two same-sized images
    vips subtract "$1" "$2" "$v/d.v"
    vips abs "$v/d.v" "$v/a.v"
    vips avg "$v/a.v"
}

vips copy "$stage/orientation/landscape_1.jpg" "$v/ref.v"
for n in 1 2 3 4 5 6 7 8; do
    f="$stage/orientation/landscape_$n.jpg"
    vips autorot "$f" "$v/rot.v"
    w=$(vipsheader -f width "$v/rot.v"); h=$(vipsheader -f height "$v/rot.v")
    if [ "$w" != 360 ] || [ "$h" != 240 ]; then
        echo "FAIL landscape_$n.jpg: autorot gives ${w}x${h}, want 360x240" >&2
        fail=1; continue
    fi
    d=$(absdiff "$v/rot.v" "$v/ref.v")
    printf 'landscape_%d.jpg  orientation=%s  autorot=%sx%s  mean|diff|=%.3f\n' \
        "$n" "$(exiftool -n -s3 -Orientation "$f")" "$w" "$h" "$d"
    if ! python3 -c "import sys; sys.exit(0 if float(sys.argv[1]) <= 3 else 1)" "$d"; then
        echo "FAIL landscape_$n.jpg: mean difference $d > 3" >&2
        fail=1
    fi
done
# control: the raw (not autorotated) mirror must differ clearly, or the check is meaningless
vips copy "$stage/orientation/landscape_2.jpg" "$v/raw2.v"
ctl=$(absdiff "$v/raw2.v" "$v/ref.v")
printf 'control: landscape_2.jpg without autorot  mean|diff|=%.3f (must be > 20)\n' "$ctl"
python3 -c "import sys; sys.exit(0 if float(sys.argv[1]) > 20 else 1)" "$ctl" \
    || { echo "FAIL: control difference too small" >&2; fail=1; }

expect_size() {  # file wxh
    local s
    s="$(vipsheader -f width "$1")x$(vipsheader -f height "$1")"
    [ "$s" = "$2" ] || { echo "FAIL $1: size $s, want $2" >&2; fail=1; }
}
expect_size "$stage/panorama.jpg" 1200x300
expect_size "$stage/tall.jpg" 60x600
expect_size "$stage/screenshot.png" 390x844
expect_size "$stage/photo.heic" 480x320
expect_size "$stage/photo.webp" 320x240
expect_size "$stage/alpha.heic" 320x240
expect_size "$stage/photo-10bit.heic" 480x320
[[ "$(vipsheader -f format "$stage/photo-10bit.heic")" == *USHORT* ]] || { echo "FAIL: photo-10bit.heic is not 10-bit" >&2; fail=1; }
[ "$(vipsheader -f bands "$stage/alpha.heic")" = 4 ] || { echo "FAIL: alpha.heic has no alpha" >&2; fail=1; }
vips copy "$stage/photo.heic" "$v/heic.v" || { echo "FAIL: photo.heic does not decode" >&2; fail=1; }
[ "$(exiftool -s3 -DateTimeOriginal "$stage/photo.heic")" = "2024:06:03 14:00:00" ] \
    || { echo "FAIL: photo.heic has no DateTimeOriginal" >&2; fail=1; }
for f in screenshot.png photo.webp; do
    [ -z "$(exiftool -q -q -EXIF:all -XMP:all -PNG-pHYs:all "$stage/$f")" ] \
        || { echo "FAIL: $f has metadata" >&2; fail=1; }
done
if vipsheader "$stage/broken/not-an-image.jpg" >/dev/null 2>&1; then
    echo "FAIL: not-an-image.jpg loads as an image" >&2; fail=1
fi

total=$(find "$stage" -type f -printf '%s\n' | awk '{t += $1} END {print t}')
echo "total size of samples/: $total bytes"
[ "$total" -lt 409600 ] || { echo "FAIL: samples/ is larger than 400 KB" >&2; fail=1; }

[ "$fail" = 0 ] || { echo "make-samples: verification failed, samples/ left unchanged" >&2; exit 1; }

# --------------------------------------------------------------------------
# 4. Install into samples/ (only the files this script owns).
# --------------------------------------------------------------------------
(cd "$stage" && find . -type f | LC_ALL=C sort) | while read -r rel; do
    install -D -m 0644 "$stage/$rel" "$out/$rel"
done
echo "samples written to $out"
