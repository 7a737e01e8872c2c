#!/usr/bin/env bash
# What continuous-drive bursts cost an ingest: one folder of FRAMES continuous-drive frames of
# one camera against one folder of as many single frames, ingested side by side, ROUNDS times.
#
#   scripts/bench-drive-bursts.sh CORPUS WORK_DIR [FRAMES=2000] [ROUNDS=3]
#
# CORPUS is ../shared/corpus: its exiftool-t/Canon.jpg (ContinuousDrive: Continuous) and
# exiftool-t/Olympus2.jpg (Single Shot) are copied FRAMES times into WORK_DIR/continuous and
# WORK_DIR/single, their DateTimeOriginal set by exiftool: bursts of 10 frames a second apart,
# 10 s between bursts. Each round ingests both folders into fresh libraries with a release build
# (`--pipeline bench-256`) and prints each run's summary line, then checks the bursts found
# (FRAMES / 10). The catalog cuts bursts around the frame it records (CatalogDriveRuns), so
# the two should take about the same time; a cut across the whole folder took 2.6 times longer
# at 2,000 frames and grows with the square of FRAMES.
set -euo pipefail
[[ $# -ge 2 ]] || { echo "usage: $0 CORPUS WORK_DIR [FRAMES] [ROUNDS]" >&2; exit 64; }
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
corpus="$(cd "$1" && pwd)"; mkdir -p "$2"; work="$(cd "$2" && pwd)"
frames="${3:-2000}"; rounds="${4:-3}"
command -v exiftool > /dev/null || { echo "needs exiftool (Debian: apt-get install libimage-exiftool-perl)" >&2; exit 1; }

if [[ "$(find "$work/continuous" -name '*.jpg' 2> /dev/null | wc -l)" != "$frames" ]]; then
    rm -rf "$work/continuous" "$work/single"
    mkdir -p "$work/continuous" "$work/single"
    python3 - "$corpus/exiftool-t" "$work" "$frames" <<'EOF'
import datetime, shutil, sys
source, work, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
start = datetime.datetime(2024, 7, 1, 9, 0, 0)
for folder, camera in (("continuous", "Canon.jpg"), ("single", "Olympus2.jpg")):
    rows = ["SourceFile,DateTimeOriginal"]
    for i in range(count):
        taken = start + datetime.timedelta(seconds=(i // 10) * 20 + i % 10)
        path = f"{work}/{folder}/f{i:06d}.jpg"
        shutil.copy(f"{source}/{camera}", path)
        rows.append(f"{path},{taken:%Y:%m:%d %H:%M:%S}")
    with open(f"{work}/{folder}.csv", "w") as out:
        out.write("\n".join(rows) + "\n")
EOF
    for folder in continuous single; do
        exiftool -q -overwrite_original -csv="$work/$folder.csv" "$work/$folder" > /dev/null
    done
fi

swift build -c release --package-path "$root" >&2
shoebox="$root/.build/release/shoebox"
for ((round = 1; round <= rounds; round++)); do
    for folder in single continuous; do
        rm -rf "$work/library-$folder"
        printf 'round %d %-10s ' "$round" "$folder"
        "$shoebox" ingest "$work/$folder" --library "$work/library-$folder" --pipeline bench-256 2> /dev/null | tail -1
    done
done
bursts=$("$shoebox" list --album Bursts --library "$work/library-continuous" | wc -l)
echo "bursts found: $bursts (expected $((frames / 10)))"
[[ $bursts == $((frames / 10)) ]]
