#!/usr/bin/env bash
# A library of 100,000 photos: does an ingest keep its pace and its memory as the catalog grows,
# and do the commands that read the whole library stay quick?
#
#   scripts/bench-library-scale.sh WORK_DIR [PHOTOS=100000] [PIPELINE=default]
#
# Makes PHOTOS distinct JPEGs in WORK_DIR/photos with pyvips (1024 x 768, some portraits and
# panoramas, smooth shapes with grain, about 200 KB each, EXIF make, model and capture time, in
# folders of 100; kept for the next run, made again only where missing). Then, with a release
# build and `--jobs 2`:
#   1. ingests the first 1,000 into a fresh library (the pace to hold);
#   2. ingests all PHOTOS into a fresh library with `--json`, recording at every 1,000 files the
#      time, and the resident and peak memory of the supervisor and of its ingest child
#      (WORK_DIR/curve.tsv) and drawing the curve (WORK_DIR/curve.svg);
#   3. ingests them again, nothing changed; times `list --json` of the whole library and
#      `gallery`.
# Prints one summary (WORK_DIR/summary.txt). Needs about 45 GB of disk for 100,000 photos
# (originals 20 GB, the default pipeline's previews and thumbnails 20 GB).
set -euo pipefail
[[ $# -ge 1 ]] || { echo "usage: $0 WORK_DIR [PHOTOS] [PIPELINE]" >&2; exit 64; }
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
mkdir -p "$1"; work="$(cd "$1" && pwd)"; photos="${2:-100000}"; pipeline="${3:-default}"

python3 -c 'import pyvips' 2> /dev/null || pip install -q pyvips >&2
echo "==> making what is missing of $photos photos in $work/photos" >&2
python3 - "$work/photos" "$photos" <<'EOF'
import datetime, multiprocessing, os, random, sys
import pyvips

out, count = sys.argv[1], int(sys.argv[2])
start = datetime.datetime(2016, 1, 1, 9, 0, 0)

def path_of(i):
    return os.path.join(out, f"{i // 10000:02d}", f"folder-{i // 100:04d}", f"IMG_{i:06d}.jpg")

def make(i):
    path = path_of(i)
    if os.path.exists(path):
        return
    rng = random.Random(i)
    shape = rng.random()
    w, h = (1024, 768) if shape < 0.8 else (768, 1024) if shape < 0.95 else (2048, 512)
    taken = start + datetime.timedelta(minutes=i * 30 + rng.randint(0, 20))
    bands = [pyvips.Image.gaussnoise(w // 32, h // 32, sigma=55, mean=rng.randint(70, 180)) for _ in range(3)]
    image = bands[0].bandjoin(bands[1:]).resize(32, kernel="cubic") + pyvips.Image.gaussnoise(w, h, sigma=6, mean=0)
    image = image.cast("uchar").copy(interpretation="srgb")
    for name, value in (("exif-ifd0-Make", "Shoebox"), ("exif-ifd0-Model", "Scale Generator"),
                        ("exif-ifd2-DateTimeOriginal", taken.strftime("%Y:%m:%d %H:%M:%S"))):
        image.set_type(pyvips.GValue.gstr_type, name, value)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    image.write_to_file(path + ".part.jpg", Q=90)
    os.rename(path + ".part.jpg", path)

with multiprocessing.Pool(os.cpu_count()) as pool:
    pool.map(make, range(count), chunksize=100)
EOF

swift build -c release --package-path "$root" >&2
shoebox="$root/.build/release/shoebox"
export SHOEBOX_PIPELINES="$root/pipelines"

# Runs `shoebox ingest ROOTS --json` into LIBRARY, printing a curve row at every 1,000 outcomes.
ingest_with_curve() {
    python3 - "$shoebox" "$pipeline" "$@" <<'EOF'
import os, resource, subprocess, sys, time

shoebox, pipeline, library, curve, *roots = sys.argv[1:]

def memory(pid):
    """(resident, peak) in MB of pid, or (0, 0) once it is gone."""
    try:
        fields = dict(line.split(":", 1) for line in open(f"/proc/{pid}/status"))
        return tuple(int(fields[k].split()[0]) / 1024 for k in ("VmRSS", "VmHWM"))
    except (OSError, KeyError):
        return (0.0, 0.0)

def children(pid):
    try:
        return [int(c) for c in open(f"/proc/{pid}/task/{pid}/children").read().split()]
    except OSError:
        return []

started = time.monotonic()
process = subprocess.Popen([shoebox, "ingest", *roots, "--library", library, "--pipeline", pipeline,
                            "--jobs", "2", "--json", "--quiet"], stdout=subprocess.PIPE, text=True)
done, child_peak, summary = 0, 0.0, ""
with open(curve, "w") as table:
    table.write("files\tseconds\tfiles_per_s_window\tchild_rss_mb\tchild_peak_mb\tsupervisor_rss_mb\n")
    last_t, last_n = 0.0, 0
    for line in process.stdout:
        if '"event":"summary"' in line:
            summary = line.strip()
            continue
        done += 1
        if done % 1000 == 0:
            now = time.monotonic() - started
            rss, peak = (0.0, 0.0)
            for child in children(process.pid):
                rss, peak = memory(child)
            child_peak = max(child_peak, peak)
            table.write(f"{done}\t{now:.2f}\t{(done - last_n) / (now - last_t):.1f}\t{rss:.0f}\t{peak:.0f}\t{memory(process.pid)[0]:.0f}\n")
            table.flush()
            last_t, last_n = now, done
process.wait()
wall = time.monotonic() - started
maxrss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
print(f"{done} files in {wall:.1f} s: {done / wall:.1f} files/s; peak RSS of any process {maxrss:.0f} MB"
      f" (the ingest child's, sampled: {child_peak:.0f} MB); exit {process.returncode}")
print(f"summary: {summary}")
EOF
}

# Runs a command with its standard output discarded and prints its wall time in seconds.
timed() { local t0=$EPOCHREALTIME; "$@" > /dev/null; python3 -c "print(f'{$EPOCHREALTIME - $t0:.2f}')"; }

summary="$work/summary.txt"
: > "$summary"
echo "==> 1,000 photos into a fresh library" >&2
rm -rf "$work/library-1k"
echo "1,000: $(ingest_with_curve "$work/library-1k" "$work/curve-1k.tsv" "$work"/photos/00/folder-000{0..9} | head -1)" | tee -a "$summary"

echo "==> $photos photos into a fresh library" >&2
rm -rf "$work/library"
echo "$photos: $(ingest_with_curve "$work/library" "$work/curve.tsv" "$work/photos" | tr '\n' ' ')" | tee -a "$summary"

echo "==> again, nothing changed" >&2
echo "re-run, nothing changed: $(timed "$shoebox" ingest "$work/photos" --library "$work/library" --pipeline "$pipeline" --quiet) s" | tee -a "$summary"
echo "list --json ($("$shoebox" list --json --library "$work/library" | wc -l) lines): $(timed "$shoebox" list --json --library "$work/library") s" | tee -a "$summary"
rm -rf "$work/gallery"
echo "gallery: $(timed "$shoebox" gallery --library "$work/library" --out "$work/gallery") s" | tee -a "$summary"

# The curve as an SVG: files/s (each 1,000-file window) and the child's resident memory.
python3 - "$work/curve.tsv" "$work/curve.svg" <<'EOF'
import sys
rows = [line.split("\t") for line in open(sys.argv[1]).read().splitlines()[1:]]
files = [int(r[0]) for r in rows]; rate = [float(r[2]) for r in rows]; rss = [float(r[3]) for r in rows]
W, H, L, B = 720, 360, 60, 40
top_rate = max(rate) * 1.15; top_rss = max(rss) * 1.15
x = lambda n: L + (W - 2 * L) * n / files[-1]
y = lambda v, top: H - B - (H - 2 * B) * v / top
line = lambda values, top: " ".join(f"{x(n):.1f},{y(v, top):.1f}" for n, v in zip(files, values))
parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" font-family="sans-serif" font-size="12">',
         f'<rect width="{W}" height="{H}" fill="white"/>',
         f'<line x1="{L}" y1="{H - B}" x2="{W - L}" y2="{H - B}" stroke="black"/>',
         f'<polyline fill="none" stroke="#1f77b4" stroke-width="1.5" points="{line(rate, top_rate)}"/>',
         f'<polyline fill="none" stroke="#d62728" stroke-width="1.5" points="{line(rss, top_rss)}"/>',
         f'<text x="{L}" y="20" fill="#1f77b4">files/s, each 1,000 files (axis to {top_rate:.0f})</text>',
         f'<text x="{W - L}" y="20" fill="#d62728" text-anchor="end">ingest child RSS, MB (axis to {top_rss:.0f})</text>',
         f'<text x="{W / 2}" y="{H - 10}" text-anchor="middle">files done (0 to {files[-1]:,})</text>']
for fraction in (0.25, 0.5, 0.75, 1.0):
    parts.append(f'<text x="{L - 6}" y="{y(top_rate * fraction, top_rate) + 4:.0f}" text-anchor="end" fill="#1f77b4">{top_rate * fraction:.0f}</text>')
    parts.append(f'<text x="{W - L + 6}" y="{y(top_rss * fraction, top_rss) + 4:.0f}" fill="#d62728">{top_rss * fraction:.0f}</text>')
open(sys.argv[2], "w").write("\n".join(parts + ["</svg>"]) + "\n")
EOF
echo "curve: $work/curve.tsv, $work/curve.svg" >&2
