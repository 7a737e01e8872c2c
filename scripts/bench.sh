#!/usr/bin/env bash
# Times Shoebox against the shared speed anchors on the same corpus, round by round.
#
#   scripts/bench.sh [--real DIR | --jpeg] CORPUS [ROUNDS]
#
# CORPUS comes from ../shared/bench/make-corpus.sh (kept outside the repo); ROUNDS defaults to 5.
# Builds the release binary the Debian package ships, then runs ROUNDS rounds. Each round runs
# every contender once, one after the other, so that machine noise (the machine is shared) falls
# on all of them alike:
#   shoebox        `shoebox ingest --pipeline bench-256 --jobs 2` on the anchors' image files
#                  (JPEG, PNG, HEIC, WebP), into a fresh library; shoebox-jpg / shoebox-heic: the
#                  JPEGs / HEICs alone; shoebox-pair: `--pipeline bench-thumb-preview` (a 256 px
#                  thumbnail and a 1440 px preview from one decode) on the image files
#   vipsthumbnail  -s 256 on the image files (-jpg: the JPEGs), and -s 1440 (vips-1440): the pair
#                  Shoebox's thumb+preview is held against is vipsthumbnail + vips-1440
#   djpeg-floor    djpeg -scale M/8 on the JPEGs, the smallest M giving >= 256 px: the JPEG floor
#   hevc-floor     the HEICs' coded pictures a 256 px thumbnail needs (scripts/heif-pictures.py: the
#                  thumbnail item when it covers 256 px, else the primary's tiles) decoded by
#                  libavcodec as Shoebox decodes them, one thread, loop filters off, nothing else
#                  (scripts/hevc-floor.c, built here; two processes, a file's tiles in one): the
#                  HEIC floor. floors/vipsthumbnail and floors/pillow put djpeg-floor +
#                  hevc-floor against the whole corpus's anchor: what the JPEGs and HEICs take at
#                  the least, the PNGs and WebPs not counted. Left out without cc or libavcodec-dev
#   pillow         Image.draft + exif_transpose + thumbnail, pillow-heif for HEIC (-jpg, -heic: the
#                  subsets); needs PYTHON (default: pillow-venv beside CORPUS, else python3) with
#                  Pillow, and is left out without it
#   ffmpegthumbnailer  -s 256 on the videos (MP4, MOV), one file a call, two processes; against
#                  shoebox-video (`ingest --pipeline bench-256` of the videos). Left out without
#                  ffmpegthumbnailer (Debian: apt-get install ffmpegthumbnailer) or videos.
#                  ffmpegthumbnailer-big and shoebox-video-big: the same on nine clips made here
#                  with ffmpeg (2.5 s at 30 frames a second, a keyframe a second, distinct
#                  pictures): three HEVC 3840x2160 MP4s, three HEVC 1920x1080 MOVs (tagged hvc1, as
#                  phones write them) and three H.264 3840x2160 MP4s; left out without ffmpeg's
#                  libx265 and libx264
#   exiftool       -json on the JPEGs, 50 files a process, two processes (the shared anchor's
#                  batching); exiftool-20: `exiftool -json` of the first 20 JPEGs, one call, ten
#                  times (a call is milliseconds, under the harness's own); exiftool-1000: one call
#                  on 1,000 paths (the JPEGs over and over). Against
#                  shoebox-metadata, -20 and -1000 (`shoebox metadata --json`, the same)
# The anchors are the commands of ../shared/bench/anchors.sh, run the way it runs them: one
# thread per tool (VIPS_CONCURRENCY=1), two processes (xargs -P2), eight images a process.
#
# --real DIR adds real photos from DIR (e.g. ../shared/corpus), chosen by content, not name:
# camera JPEGs (EXIF Make set) of REAL_MP megapixels (default 2-50; ../shared/corpus holds none
# above 12.2 MP) and HEIC/HEIF files of at least 2 MP, each one that libvips decodes whole
# without error. They time `--pipeline default` (thumbnail + preview from one decode,
# real-default) against two vipsthumbnail passes, -s 256 and -s 1440 (real-vips-256, -1440).
# Its HEICs that carry a thumbnail item (libvips reads a smaller picture with [thumbnail]: an
# iPhone's 320 x 240) make the phone set: PHONE_COPIES copies of each (default 10) as shot and as
# many with the rotation (irot) set to 0, as the same phone held sideways stores its pictures,
# each copy with a trailing free box of its own so that none is settled as known content.
# phone-256 (`bench-256`: a 256 px long edge, which the item covers either way) against
# phone-vips-256; phone-flat-256 and phone-flat-vips-256 the sideways copies alone;
# phone-default against phone-vips-256 + phone-vips-1440 (its grid thumbnail, 256 px wide, is
# 256 x 192 sideways, which the item covers, and 256 x 341 upright, which it does not).
# With DIR holding ExifTool's test files (exiftool-t/DNG.dng, Panasonic.rw2) and simple_dcraw
# installed (Debian: libraw-bin), the RAW set: RAW_COPIES copies of each (default 10), each given
# a full-size JPEG preview (one of CORPUS's 4032 x 3024 photos fitted to the preview size the file
# declares, as those cameras write one; their sensor data is cut down). raw-pair
# (`bench-thumb-preview`: both sizes from the preview) against raw-extract: `simple_dcraw -e`
# (LibRaw's dcraw -e, the preview written out) then vipsthumbnail -s 256 and -s 1440 on it.
#
# --jpeg runs only shoebox-jpg and djpeg-floor (the one that goes first alternating by round), a
# check of the JPEG floor ratio that takes a minute or two: on a loaded machine, read its CPU
# ratio (user + sys seconds, which other processes move far less than the wall time).
#
# Output: one line per round with each contender's seconds and each ratio, then the medians of
# the seconds, of the CPU seconds and of the per-round ratios, and Shoebox's peak RSS (GNU time
# %M, largest of any round). A ratio named cpu:... divides user + sys seconds, not wall seconds.
set -euo pipefail
usage() { echo "usage: $0 [--real DIR | --jpeg] CORPUS [ROUNDS]" >&2; exit 2; }
real=""; jpeg_only=0
if [[ ${1:-} == --real ]]; then [[ $# -ge 2 ]] || usage; real="$(cd "$2" && pwd)"; shift 2
elif [[ ${1:-} == --jpeg ]]; then jpeg_only=1; shift; fi
[[ $# -ge 1 && $# -le 2 ]] || usage
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
corpus="$(cd "$1" && pwd)"; rounds="${2:-5}"
[[ $rounds =~ ^[1-9][0-9]*$ ]] || usage
# The anchors' tools, named with the Debian package that has each when one is missing.
need() { command -v "$1" > /dev/null || { echo "bench: needs $1 (Debian: apt-get install $2)" >&2; exit 1; }; }
need djpeg libjpeg-turbo-progs; need vipsthumbnail libvips-tools; need vips libvips-tools
need exiftool libimage-exiftool-perl; need bc bc
[[ -x /usr/bin/time ]] || { echo "bench: needs GNU time as /usr/bin/time (Debian: apt-get install time)" >&2; exit 1; }
python="${PYTHON:-$corpus/../pillow-venv/bin/python}"
[[ -x $python ]] || python=python3
export VIPS_CONCURRENCY=1 VIPS_WARNING=1
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT

# The binary the Debian package ships (scripts/package-deb.sh: the Swift runtime and Foundation
# linked in, in the same build folder), as the anchors are measured as Debian installs them.
deb_build="${SHOEBOX_DEB_BUILD_PATH:-$root/.build/deb}"
swift build -c release --static-swift-stdlib --product shoebox --package-path "$root" --build-path "$deb_build" >&2
shoebox="$deb_build/release/shoebox"

find "$corpus" -type f | sort > "$work/all"
grep -iE '\.(jpe?g|png|heic|heif|webp)$' "$work/all" > "$work/img"
grep -iE '\.jpe?g$' "$work/all" > "$work/jpg"
grep -iE '\.(heic|heif)$' "$work/all" > "$work/heic" || true
grep -iE '\.(mp4|mov)$' "$work/all" > "$work/video" || true
head -20 "$work/jpg" > "$work/jpg20"
# 1,000 paths for one call each: the JPEGs over and over (each path is read again, as a new file).
awk '{ path[NR] = $0 } END { for (i = 0; i < 1000; i++) print path[i % NR + 1] }' "$work/jpg" > "$work/jpg1000"
# djpeg work list as anchors.sh builds it: two lines a file, "M/8" and the path.
exiftool -q -q -m -T -n -ImageWidth -ImageHeight -Directory -FileName -@ "$work/jpg" |
    awk -F'\t' '{l = $1 > $2 ? $1 : $2; m = int((2048 + l - 1) / l); print (m > 8 ? 8 : m) "/8"; print $3 "/" $4}' > "$work/djpeg"

# The HEIC floor's pictures, in two lists of whole files (alternating) for its two processes.
have_hevc_floor=0
if [[ -s $work/heic ]] && ((!jpeg_only)) && mkdir "$work/hevc" &&
   cc -O2 -o "$work/hevc-floor" "$root/scripts/hevc-floor.c" $(pkg-config --cflags --libs libavcodec libavutil 2> /dev/null) 2> "$work/cc"; then
    xargs -a "$work/heic" -d '\n' python3 "$root/scripts/heif-pictures.py" --thumbnail-at-least 256 "$work/hevc"
    find "$work/hevc" -name '*.hevc' | sort | awk -v out="$work/hevc." '{n = split($0, p, "/"); print > (out (substr(p[n], 1, 3) % 2))}'
    have_hevc_floor=1
else
    ((jpeg_only)) || [[ ! -s $work/heic ]] || echo "bench: cannot build scripts/hevc-floor.c (needs cc and libavcodec-dev): the HEIC floor is left out" >&2
fi

# The real-photo set: camera JPEGs of REAL_MP megapixels and HEICs of 2 MP or more, decodable.
if [[ -n $real ]]; then
    IFS=- read -r low high <<< "${REAL_MP:-2-50}"
    exiftool -q -q -m -r -T -n -FileType -Make -ImageWidth -ImageHeight -Directory -FileName "$real" |
        awk -F'\t' -v low="$low" -v high="$high" '{mp = $3 * $4 / 1e6}
            ($1 == "JPEG" && $2 != "-" && mp >= low && mp <= high) || ($1 ~ /^HEI[CF]$/ && mp >= 2) {print $5 "/" $6}' |
        sort | while IFS= read -r file; do
            vips avg "$file[fail]" > /dev/null 2>&1 && echo "$file"
        done > "$work/real"
    echo "bench: real set: $(grep -ciE '\.jpe?g$' "$work/real" || true) JPEGs, $(grep -ciE '\.hei[cf]$' "$work/real" || true) HEICs from $real" >&2
    [[ -s $work/real ]] || { echo "bench: no real photos selected in $real" >&2; exit 1; }
    mkdir "$work/phone"
    grep -iE '\.hei[cf]$' "$work/real" | while IFS= read -r file; do
        [[ $(vipsheader -f width "$file[thumbnail]") -lt $(vipsheader -f width "$file") ]] && echo "$file"
    done | python3 -c '
import struct, sys
out, copies = sys.argv[1], int(sys.argv[2])
for n, path in enumerate(sys.stdin.read().splitlines()):
    data = bytearray(open(path, "rb").read())
    flat = bytearray(data)
    at = flat.find(b"irot")
    if at > 0 and flat.count(b"irot") == 1:
        flat[at + 4] = 0
    for copy in range(copies):
        mark = struct.pack(">I4sQ", 16, b"free", copy)
        open(f"{out}/p{n}-shot-{copy}.heic", "wb").write(bytes(data) + mark)
        open(f"{out}/p{n}-flat-{copy}.heic", "wb").write(bytes(flat) + mark)
' "$work/phone" "${PHONE_COPIES:-10}"
    find "$work/phone" -name '*.heic' | sort > "$work/phones"
    grep -- '-flat-' "$work/phones" > "$work/phones-flat" || true
    echo "bench: phone set: $(wc -l < "$work/phones") copies of HEICs with a thumbnail item" >&2
fi
# The RAW set: two real cameras' RAW files from ExifTool's tests (a Canon 350D's DNG and a
# Panasonic RW2, their sensor data cut down), each copy given a full-size JPEG preview as those
# cameras write one: one of the corpus's 4032 x 3024 photos fitted to the file's preview size
# (exiftool -JpgFromRaw<=).
if [[ -n $real && -f $real/exiftool-t/DNG.dng && -f $real/exiftool-t/Panasonic.rw2 ]] && command -v simple_dcraw > /dev/null; then
    mkdir "$work/raws"
    n=0
    while IFS= read -r photo && ((n < 2 * ${RAW_COPIES:-10})); do
        [[ $(vipsheader -f width "$photo") == 4032 && $(vipsheader -f height "$photo") == 3024 ]] || continue
        if ((n % 2)); then raw=Panasonic.rw2 size=(3648 2736); else raw=DNG.dng size=(3456 2304); fi
        copy="$work/raws/raw-$n.${raw##*.}"
        vips thumbnail "$photo" "$work/raws/preview.jpg[Q=92]" "${size[0]}" --height "${size[1]}" --size force
        cp "$real/exiftool-t/$raw" "$copy"; chmod u+w "$copy"
        exiftool -q -q -overwrite_original "-JpgFromRaw<=$work/raws/preview.jpg" "$copy"
        n=$((n + 1))
    done < "$work/jpg"
    rm -f "$work/raws/preview.jpg"
    find "$work/raws" -type f | sort > "$work/raw"
    echo "bench: RAW set: $(wc -l < "$work/raw") DNGs and RW2s with full-size previews" >&2
elif [[ -n $real ]]; then
    echo "bench: no simple_dcraw (Debian: apt-get install libraw-bin) or no $real/exiftool-t RAWs: the RAW anchor is left out" >&2
fi
cat "$work/all" ${real:+"$work/real"} | xargs -d '\n' cat > /dev/null   # warm the page cache

have_pillow=0; "$python" -c 'import PIL' 2> /dev/null && have_pillow=1
((have_pillow)) || echo "bench: $python has no Pillow: the pillow anchors are left out" >&2
pillow_py='
import os, sys
from PIL import Image, ImageOps
try:
    import pillow_heif; pillow_heif.register_heif_opener()
except ImportError:
    pass
for f in sys.argv[2:]:
    with Image.open(f) as im:
        s = 256 / max(im.size)
        im.draft("RGB", (max(1, round(im.width * s)), max(1, round(im.height * s))))
        im = ImageOps.exif_transpose(im)
        im.thumbnail((256, 256))
        im.convert("RGB").save(os.path.join(sys.argv[1], os.path.basename(f) + ".jpg"))
'

# One contender's command over the files of LIST ($1), writing into $work/out.
c_shoebox() {
    xargs -a "$1" -d '\n' "$shoebox" ingest --library "$work/library" --pipeline "$2" --jobs 2 > /dev/null 2> "$work/err" ||
        { echo "bench: shoebox failed: $(grep -vE "^ingested /" "$work/err" | tail -5)" >&2; return 1; }
}
c_vipsthumbnail() { xargs -a "$1" -d '\n' -P2 -n8 vipsthumbnail -s "$2" -o "$work/out/%s.jpg" 2> /dev/null; }
c_djpeg() { xargs -a "$work/djpeg" -d '\n' -P2 -n2 djpeg -outfile /dev/null -scale; }
c_hevc_floor() { printf '%s\n' "$work"/hevc.* | xargs -d '\n' -P2 -n1 "$work/hevc-floor"; }
c_pillow() { xargs -a "$1" -d '\n' -P2 -n8 "$python" -c "$pillow_py" "$work/out"; }
c_ffmpegthumbnailer() {
    xargs -a "$1" -d '\n' -P2 -n1 bash -c 'ffmpegthumbnailer -i "$1" -o "$work/out/${1##*/}.jpg" -s 256 -q 8' _
}
# simple_dcraw -e writes each RAW's preview beside it (FILE.thumb.jpg), which vipsthumbnail fits.
c_raw_extract() {
    xargs -a "$1" -d '\n' -P2 -n8 simple_dcraw -e > /dev/null
    sed 's/$/.thumb.jpg/' "$1" > "$work/raw-previews"
    c_vipsthumbnail "$work/raw-previews" 256 && c_vipsthumbnail "$work/raw-previews" 1440
}
c_metadata() { xargs -a "$1" -d '\n' -P2 -n50 "$shoebox" metadata --json > /dev/null; }
c_exiftool() { xargs -a "$1" -d '\n' -P2 -n50 exiftool -json > /dev/null 2>&1 || [[ $? == 123 ]]; }
c_metadata_one_call() { xargs -a "$1" -d '\n' -n1000 "$shoebox" metadata --json > /dev/null; }
c_exiftool_one_call() { xargs -a "$1" -d '\n' -n1000 exiftool -json > /dev/null 2>&1 || [[ $? == 123 ]]; }
# The 20-file calls, ten times over in one timed command: a call takes milliseconds, under the
# harness's own (bash, GNU time) and the hundredths the seconds are printed in.
c_metadata_calls() {
    local files; mapfile -t files < "$1"
    for _ in {1..10}; do "$shoebox" metadata --json "${files[@]}" > /dev/null; done
}
c_exiftool_calls() {
    local files; mapfile -t files < "$1"
    for _ in {1..10}; do exiftool -json "${files[@]}" > /dev/null 2>&1 || [[ $? == 1 ]] || return 1; done
}

# run ROUND NAME COMMAND...: time one contender; appends "ROUND NAME SECONDS RSS_KB CPU_SECONDS"
# to $work/times (CPU: user + sys of the command and its children).
run() {
    local round=$1 name=$2 t0 t1; shift 2
    rm -rf "$work/out" "$work/library"; mkdir "$work/out"
    t0=$(date +%s.%N)
    /usr/bin/time -f '%M %U %S' -o "$work/rss" "$@" || { echo "bench: $name failed in round $round" >&2; exit 1; }
    t1=$(date +%s.%N)
    echo "$round $name $(echo "$t1 - $t0" | bc) $(tail -1 "$work/rss" | awk '{print $1, $2 + $3}')" >> "$work/times"
}
export -f c_shoebox c_vipsthumbnail c_raw_extract c_djpeg c_hevc_floor c_pillow c_ffmpegthumbnailer c_metadata c_exiftool c_metadata_calls c_exiftool_calls \
    c_metadata_one_call c_exiftool_one_call
export work shoebox python pillow_py

# The ratios a round prints: "LABEL NUMERATOR DENOMINATOR..." (the denominators are summed, as
# are a numerator's parts joined by +).
ratios=("shoebox/vipsthumbnail shoebox vipsthumbnail"
        "shoebox-jpg/djpeg-floor shoebox-jpg djpeg-floor"
        "shoebox-jpg/vipsthumbnail-jpg shoebox-jpg vipsthumbnail-jpg"
        "pair/two-vips shoebox-pair vipsthumbnail vips-1440")
((have_pillow)) && ratios+=("shoebox/pillow shoebox pillow" "shoebox-jpg/pillow-jpg shoebox-jpg pillow-jpg")
((have_pillow)) && [[ -s $work/heic ]] && ratios+=("shoebox-heic/pillow-heic shoebox-heic pillow-heic")
((have_hevc_floor)) && ratios+=("shoebox-heic/hevc-floor shoebox-heic hevc-floor"
                                "floors/vipsthumbnail djpeg-floor+hevc-floor vipsthumbnail")
((have_hevc_floor)) && ((have_pillow)) && ratios+=("floors/pillow djpeg-floor+hevc-floor pillow")
[[ -n $real ]] && ratios+=("real-default/two-vips real-default real-vips-256 real-vips-1440")
[[ -s ${work}/phones ]] && ratios+=("phone/vipsthumbnail phone-256 phone-vips-256"
                                   "phone-flat/vipsthumbnail phone-flat-256 phone-flat-vips-256"
                                   "phone-default/two-vips phone-default phone-vips-256 phone-vips-1440")
[[ -s ${work}/raw ]] && ratios+=("raw-pair/extract+two-vips raw-pair raw-extract")
have_thumbnailer=0; command -v ffmpegthumbnailer > /dev/null && [[ -s $work/video ]] && have_thumbnailer=1
((have_thumbnailer)) || echo "bench: no ffmpegthumbnailer or no videos: the video anchor is left out" >&2
((have_thumbnailer)) && ratios+=("video/ffmpegthumbnailer shoebox-video ffmpegthumbnailer")
# The big clips: HEVC and 4K, which the corpus's six 1080p H.264 videos leave out.
if ((jpeg_only)); then
    :
elif encoders="$(ffmpeg -hide_banner -encoders 2> /dev/null)" && command -v ffmpegthumbnailer > /dev/null &&
     grep -q libx265 <<< "$encoders" && grep -q libx264 <<< "$encoders"; then
    mkdir "$work/big"
    for i in 0 1 2; do
        hue="hue=h=$((i * 40))"
        ffmpeg -v error -f lavfi -i "testsrc2=size=3840x2160:rate=30,$hue" -t 2.5 -c:v libx265 -preset ultrafast \
            -x265-params keyint=30:log-level=error -pix_fmt yuv420p -tag:v hvc1 "$work/big/hevc-2160-$i.mp4"
        ffmpeg -v error -f lavfi -i "mandelbrot=size=1920x1080:rate=30,$hue" -t 2.5 -c:v libx265 -preset ultrafast \
            -x265-params keyint=30:log-level=error -pix_fmt yuv420p -tag:v hvc1 "$work/big/hevc-1080-$i.mov"
        ffmpeg -v error -f lavfi -i "testsrc2=size=3840x2160:rate=30,hue=h=$((i * 40 + 20))" -t 2.5 -c:v libx264 \
            -preset veryfast -g 30 -pix_fmt yuv420p "$work/big/h264-2160-$i.mp4"
    done
    find "$work/big" -type f | sort > "$work/bigvideos"
    ratios+=("video-big/ffmpegthumbnailer shoebox-video-big ffmpegthumbnailer-big")
else
    echo "bench: no ffmpegthumbnailer, or ffmpeg without libx265 or libx264: the HEVC and 4K videos are left out" >&2
fi
ratios+=("metadata/exiftool shoebox-metadata exiftool" "metadata-20/exiftool-20 shoebox-metadata-20 exiftool-20"
        "metadata-1000/exiftool-1000 shoebox-metadata-1000 exiftool-1000")
((jpeg_only)) && ratios=("shoebox-jpg/djpeg-floor shoebox-jpg djpeg-floor" "cpu:shoebox-jpg/djpeg-floor shoebox-jpg djpeg-floor")

: > "$work/times"
for ((round = 1; round <= rounds; round++)); do
    if ((jpeg_only)); then
        if ((round % 2)); then
            run "$round" shoebox-jpg bash -c 'c_shoebox "$work/jpg" bench-256'
            run "$round" djpeg-floor bash -c c_djpeg
        else
            run "$round" djpeg-floor bash -c c_djpeg
            run "$round" shoebox-jpg bash -c 'c_shoebox "$work/jpg" bench-256'
        fi
    else
        run "$round" shoebox bash -c 'c_shoebox "$work/img" bench-256'
        # The floor ratio's two side by side, as in --jpeg: the machine's drift between
        # contenders minutes apart moved it by a tenth from round to round.
        run "$round" shoebox-jpg bash -c 'c_shoebox "$work/jpg" bench-256'
        run "$round" djpeg-floor bash -c c_djpeg
        [[ -s $work/heic ]] && run "$round" shoebox-heic bash -c 'c_shoebox "$work/heic" bench-256'
        ((have_hevc_floor)) && run "$round" hevc-floor bash -c c_hevc_floor
        run "$round" shoebox-pair bash -c 'c_shoebox "$work/img" bench-thumb-preview'
        run "$round" vipsthumbnail bash -c 'c_vipsthumbnail "$work/img" 256'
        run "$round" vipsthumbnail-jpg bash -c 'c_vipsthumbnail "$work/jpg" 256'
        run "$round" vips-1440 bash -c 'c_vipsthumbnail "$work/img" 1440'
        if ((have_pillow)); then
            run "$round" pillow bash -c 'c_pillow "$work/img"'
            run "$round" pillow-jpg bash -c 'c_pillow "$work/jpg"'
            [[ -s $work/heic ]] && run "$round" pillow-heic bash -c 'c_pillow "$work/heic"'
        fi
        if ((have_thumbnailer)); then
            run "$round" shoebox-video bash -c 'c_shoebox "$work/video" bench-256'
            run "$round" ffmpegthumbnailer bash -c 'c_ffmpegthumbnailer "$work/video"'
        fi
        if [[ -s $work/bigvideos ]]; then
            run "$round" shoebox-video-big bash -c 'c_shoebox "$work/bigvideos" bench-256'
            run "$round" ffmpegthumbnailer-big bash -c 'c_ffmpegthumbnailer "$work/bigvideos"'
        fi
        run "$round" shoebox-metadata bash -c 'c_metadata "$work/jpg"'
        run "$round" exiftool bash -c 'c_exiftool "$work/jpg"'
        run "$round" shoebox-metadata-20 bash -c 'c_metadata_calls "$work/jpg20"'
        run "$round" exiftool-20 bash -c 'c_exiftool_calls "$work/jpg20"'
        run "$round" shoebox-metadata-1000 bash -c 'c_metadata_one_call "$work/jpg1000"'
        run "$round" exiftool-1000 bash -c 'c_exiftool_one_call "$work/jpg1000"'
        if [[ -n $real ]]; then
            run "$round" real-default bash -c 'c_shoebox "$work/real" default'
            run "$round" real-vips-256 bash -c 'c_vipsthumbnail "$work/real" 256'
            run "$round" real-vips-1440 bash -c 'c_vipsthumbnail "$work/real" 1440'
        fi
        if [[ -s $work/phones ]]; then
            run "$round" phone-256 bash -c 'c_shoebox "$work/phones" bench-256'
            run "$round" phone-vips-256 bash -c 'c_vipsthumbnail "$work/phones" 256'
            run "$round" phone-flat-256 bash -c 'c_shoebox "$work/phones-flat" bench-256'
            run "$round" phone-flat-vips-256 bash -c 'c_vipsthumbnail "$work/phones-flat" 256'
            run "$round" phone-default bash -c 'c_shoebox "$work/phones" default'
            run "$round" phone-vips-1440 bash -c 'c_vipsthumbnail "$work/phones" 1440'
        fi
        if [[ -s $work/raw ]]; then
            run "$round" raw-pair bash -c 'c_shoebox "$work/raw" bench-thumb-preview'
            run "$round" raw-extract bash -c 'c_raw_extract "$work/raw"'
        fi
    fi
    # The round's line: each contender's seconds, then each ratio.
    awk -v round="$round" -v specs="$(IFS=';'; echo "${ratios[*]}")" '
        $1 == round {t[$2] = $3; t["cpu:" $2] = $5; names = names sprintf(" %s %.2f (cpu %.2f)", $2, $3, $5)}
        END {
            printf "round %s:%s\n", round, names
            line = ""; n = split(specs, lines, ";")
            for (i = 1; i <= n; i++) {
                k = split(lines[i], f, " "); d = 0; cpu = f[1] ~ /^cpu:/ ? "cpu:" : ""
                for (j = 3; j <= k; j++) d += t[cpu f[j]]
                m = split(f[2], parts, "+"); u = 0
                for (j = 1; j <= m; j++) u += t[cpu parts[j]]
                line = line (d > 0 ? sprintf(" %s %.2f", f[1], u / d) : sprintf(" %s n/a", f[1]))
            }
            printf "round %s ratios:%s\n", round, line
        }' "$work/times" | tee -a "$work/rounds"
done

median() { sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
echo "medians of $rounds rounds ($(wc -l < "$work/img") images, $(wc -l < "$work/jpg") JPEGs, $(wc -l < "$work/heic") HEICs${real:+, $(wc -l < "$work/real") real photos}):"
for name in $(awk '!seen[$2]++ {print $2}' "$work/times"); do
    printf '  %-20s %7.2f s  (cpu %.2f s)\n' "$name" "$(awk -v n="$name" '$2 == n {print $3}' "$work/times" | median)" \
        "$(awk -v n="$name" '$2 == n {print $5}' "$work/times" | median)"
done
for spec in "${ratios[@]}"; do
    label=${spec%% *}
    values=$(grep ' ratios:' "$work/rounds" | tr ' ' '\n' | awk -v l="$label" 'p {print; p = 0} $0 == l {p = 1}')
    printf '  %-32s %.2f  (rounds: %s)\n' "$label" "$(median <<< "$values")" "$(echo $values)"
done
for name in $( ((jpeg_only)) && echo shoebox-jpg || echo shoebox shoebox-pair ${real:+real-default}); do
    printf '  peak RSS %-13s %5d MB\n' "$name" $(($(awk -v n="$name" '$2 == n {print $4}' "$work/times" | sort -n | tail -1) / 1024))
done
