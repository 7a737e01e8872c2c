#!/usr/bin/env bash
# kill -9 at random moments, resume, repeat; then check that nothing was lost or left behind.
#
#   scripts/kill-loop.sh [FOLDER] [KILLS=100]      (default FOLDER: samples/, copied 10 times)
#
# Builds a release binary, ingests a copy of FOLDER into a fresh library, SIGKILLs the process
# after a random 10-400 ms, starts it again, KILLS times, then lets a last run finish and checks:
# SQLite PRAGMA integrity_check is ok; every asset's thumbnail files exist; no thumbnail file
# is unreferenced; tmp/ is empty; every source file is catalogued exactly once; every original's
# sha256 is unchanged. Needs sqlite3 and sha256sum.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source_folder="${1:-$root/samples}"; kills="${2:-100}"
command -v sqlite3 >/dev/null || { echo "kill-loop: needs sqlite3 (apt-get install sqlite3)" >&2; exit 2; }
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
swift build -c release --package-path "$root" >&2
shoebox="$root/.build/release/shoebox"

mkdir -p "$work/photos"
if [[ -z "${1:-}" ]]; then
    for copy in $(seq 1 10); do cp -r "$source_folder" "$work/photos/copy$copy"; done
else
    cp -r "$source_folder" "$work/photos/"
fi
(cd "$work/photos" && find . -type f -print0 | sort -z | xargs -0 sha256sum) > "$work/before.sha256"
library="$work/library"

for ((i = 1; i <= kills; i++)); do
    "$shoebox" ingest "$work/photos" --library "$library" > /dev/null 2>&1 &
    pid=$!
    sleep "0.$(printf '%03d' $((RANDOM % 390 + 10)))"
    kill -9 "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
done
"$shoebox" ingest "$work/photos" --library "$library" > "$work/final.txt" 2>&1 || true

fail=0
check() { if [[ "$1" != "$2" ]]; then echo "FAIL $3: got '$1', want '$2'" >&2; fail=1; else echo "ok   $3"; fi; }
db="$library/catalog.sqlite"
check "$(sqlite3 "$db" 'PRAGMA integrity_check')" "ok" "integrity_check"
files=$(find "$work/photos" -type f | wc -l)
rows=$(sqlite3 "$db" "SELECT count(*) FROM assets")
check "$rows" "$((files - 10))" "one catalog row per media file (README.md copies are skipped)"
check "$(sqlite3 "$db" "SELECT count(DISTINCT path) FROM assets")" "$rows" "no path catalogued twice"
missing=0
while read -r path; do [[ -f "$library/$path" ]] || missing=$((missing + 1)); done < <(sqlite3 "$db" "SELECT path FROM thumbnails")
check "$missing" "0" "every thumbnail file exists"
referenced=$(sqlite3 "$db" "SELECT count(DISTINCT path) FROM thumbnails")
check "$(find "$library/thumbs" -type f | wc -l)" "$referenced" "no orphan thumbnail files"
check "$(find "$library/tmp" -type f | wc -l)" "0" "no temporary files left"
check "$(cd "$work/photos" && sha256sum -c --quiet "$work/before.sha256" 2>&1 | wc -l)" "0" "originals unchanged"
echo "kills survived: $kills; last run: $(head -c 200 "$work/final.txt" | tr '\n' ' ')"
exit "$fail"
