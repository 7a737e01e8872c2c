#!/usr/bin/env bash
# A published gallery of a large library, checked in headless Chromium, with its page weights:
#
#   scripts/gallery-at-scale.sh WORK_DIR [PHOTOS=5000]
#
# Makes PHOTOS distinct JPEGs (1280 x 960 and a few portraits and panoramas, smooth shapes
# with grain, each with its capture time, spread over two years in folders of about 100) in
# WORK_DIR/photos with pyvips (installed with pip when missing), ingests them with a release
# build, builds the gallery, copies it to WORK_DIR/published, deletes the library, and runs
# GalleryAtScaleTests on the copy: every reference present, no file:// and no absolute path,
# every image loaded at 390 and 1000 px. Prints the page weights (TSV in
# WORK_DIR/weights.tsv) and a summary per kind of page. WORK_DIR is made if missing; its
# photos are kept for the next run (delete it to start over).
set -euo pipefail
[[ $# -ge 1 ]] || { echo "usage: $0 WORK_DIR [PHOTOS]" >&2; exit 64; }
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
mkdir -p "$1"; work="$(cd "$1" && pwd)"; photos="${2:-5000}"

python3 -c 'import pyvips' 2>/dev/null || pip install -q pyvips >&2
if [[ "$(find "$work/photos" -name '*.jpg' 2>/dev/null | wc -l)" != "$photos" ]]; then
    rm -rf "$work/photos"
    echo "==> making $photos photos in $work/photos" >&2
    python3 - "$work/photos" "$photos" <<'EOF'
import datetime, multiprocessing, os, random, sys
import pyvips

out, count = sys.argv[1], int(sys.argv[2])
start = datetime.datetime(2024, 1, 1, 9, 0, 0)

def make(i):
    rng = random.Random(i)
    shape = rng.random()
    w, h = (1280, 960) if shape < 0.8 else (960, 1280) if shape < 0.95 else (2560, 640)
    taken = start + datetime.timedelta(minutes=i * 210 + rng.randint(0, 120))
    folder = os.path.join(out, taken.strftime("%Y"), f"{taken:%m}-event-{i // 100:03d}")
    os.makedirs(folder, exist_ok=True)
    bands = [pyvips.Image.gaussnoise(w // 32, h // 32, sigma=55, mean=rng.randint(70, 180)) for _ in range(3)]
    image = bands[0].bandjoin(bands[1:]).resize(32, kernel="cubic") + pyvips.Image.gaussnoise(w, h, sigma=6, mean=0)
    image = image.cast("uchar").copy(interpretation="srgb")
    image.set_type(pyvips.GValue.gstr_type, "exif-ifd2-DateTimeOriginal", taken.strftime("%Y:%m:%d %H:%M:%S"))
    image.write_to_file(os.path.join(folder, f"IMG_{i:05d}.jpg"), Q=85)

with multiprocessing.Pool(os.cpu_count()) as pool:
    pool.map(make, range(count), chunksize=50)
EOF
fi

swift build -c release --package-path "$root" >&2
shoebox="$root/.build/release/shoebox"
rm -rf "$work/library" "$work/gallery" "$work/published"
echo "==> shoebox ingest ($photos photos)" >&2
SHOEBOX_PIPELINES="$root/pipelines" "$shoebox" ingest "$work/photos" --library "$work/library" --quiet >&2
echo "==> shoebox gallery" >&2
started=$SECONDS
"$shoebox" gallery --library "$work/library" --out "$work/gallery" >&2
echo "==> the gallery took $((SECONDS - started)) s; $(find "$work/gallery" -name '*.html' | wc -l) pages" >&2
cp -a "$work/gallery" "$work/published"
rm -rf "$work/library" "$work/gallery"

echo "==> GalleryAtScaleTests on $work/published (the library deleted)" >&2
(cd "$root" && SHOEBOX_GALLERY_CHECK="$work/published" SHOEBOX_GALLERY_WEIGHTS="$work/weights.tsv" \
    swift test --filter GalleryAtScaleTests >&2)

# Per kind of page (its name up to the first -) and width: pages, median and largest weight.
awk -F'\t' 'NR > 1 {
    kind = $1; sub(/-.*/, "", kind); sub(/\.html$/, "", kind); key = kind "\t" $2
    kb = ($4 + $5) / 1000; n[key]++; w[key, n[key]] = kb; if (kb > max[key]) max[key] = kb
} END {
    for (key in n) {
        m = n[key]; for (i = 1; i <= m; i++) a[i] = w[key, i]
        for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
        printf "%s\t%d\t%.0f\t%.0f\n", key, m, a[int((m + 1) / 2)], max[key]
    }
}' "$work/weights.tsv" | sort | { printf 'page kind\twidth\tpages\tmedian KB\tlargest KB\n'; cat; }
