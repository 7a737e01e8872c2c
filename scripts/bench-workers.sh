#!/usr/bin/env bash
# Does a second queue worker on the same machine help or hurt?
#
#   scripts/bench-workers.sh URL CORPUS [ROUNDS=3]
#
# URL is the libpq URI of a database on a PostgreSQL server where the caller may create
# databases (for example the `postgres` database of the cluster `scripts/test-postgres.sh start
# DIR` prints); it must name its database in its path (postgresql:///postgres?host=...). Each
# PostgreSQL run gets a database of its own (URL with its database replaced), dropped after it.
#
# A worker is one `shoebox ingest` process (docs/CATALOG.md, "The work queue"); --jobs is its decode workers. Each
# round runs every contender once, one after the other (each round starting one contender
# later, so that none is always first), so that the load of a shared machine falls on all alike:
#   sqlite-1x2  one process, --jobs 2, SQLite catalog: the reference (no queue)
#   pg-1x2      one worker, --jobs 2: the one-worker baseline
#   pg-2x1      two workers, --jobs 1 each: the same two decode threads, in two processes
#   pg-2x2      two workers, --jobs 2 each: twice as many decode threads as this machine's cores
# all on every file of CORPUS with --pipeline bench-256 (PIPELINE=NAME to change it), into a
# fresh library; the workers of a run start together and the run ends when the last has.
#
# Output: one line per contender and round: seconds, files/s, its seconds over pg-1x2's in
# the same round (below 1: faster), the CPU seconds of its processes (user + system: what the
# work cost, which the machine's other load changes less than the wall time), and for
# PostgreSQL the files each worker finished (`shoebox status`: whether the workers really
# split the work); then the medians of the seconds, files/s, per-round ratios and CPU seconds.
# Every ingest must exit 0 and leave the queue with nothing pending or claimed, or the script
# stops.
set -euo pipefail
usage() { echo "usage: $0 URL CORPUS [ROUNDS]" >&2; exit 64; }
[[ $# -ge 2 && $# -le 3 ]] || usage
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
url="$1"; corpus="$(cd "$2" && pwd)"; rounds="${3:-3}"; pipeline="${PIPELINE:-bench-256}"
[[ $rounds =~ ^[1-9][0-9]*$ ]] || usage
[[ $url =~ ^postgres(ql)?://[^/?]*/[^?]+ ]] || { echo "bench-workers: URL must name a database (postgresql:///postgres?host=...)" >&2; exit 64; }
work="$(mktemp -d)"
databases=()
cleanup() {
    for db in "${databases[@]}"; do psql "$url" -Xqc "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null 2>&1 || true; done
    rm -rf "$work"
}
trap cleanup EXIT

swift build -c release --package-path "$root" >&2
shoebox="$root/.build/release/shoebox"
files=$(find "$corpus" -type f | wc -l)
contenders=(sqlite-1x2 pg-1x2 pg-2x1 pg-2x2)

# ingest RUN CATALOG WORKERS JOBS: WORKERS `shoebox ingest` processes at once into a fresh
# library; prints the wall time in seconds from the first start to the last end, and the CPU
# seconds (user + system) of all of them, supervisors and their ingest children included.
ingest() {
    local run="$1" catalog="$2" workers="$3" jobs="$4" pids=() t0 t1
    local library="$work/$run/library"
    mkdir -p "$work/$run"
    t0=$(date +%s%N)
    for ((w = 1; w <= workers; w++)); do
        /usr/bin/time -f '%U %S' -o "$work/$run/cpu-$w" "$shoebox" ingest "$corpus" --library "$library" --catalog "$catalog" --pipeline "$pipeline" \
            --jobs "$jobs" --quiet > "$work/$run/out-$w" 2> "$work/$run/err-$w" &
        pids+=($!)
    done
    for ((w = 1; w <= workers; w++)); do
        wait "${pids[w - 1]}" || { echo "bench-workers: $run worker $w failed: $(tail -3 "$work/$run/err-$w")" >&2; exit 1; }
    done
    t1=$(date +%s%N)
    printf '%.2f\t%.2f\n' "$(echo "($t1 - $t0) / 1000000000" | bc -l)" \
        "$(cat "$work/$run"/cpu-* | awk '{cpu += $1 + $2} END {print cpu}')"
}

# split DBURL: the files each worker finished, largest first (e.g. 104+96), after checking
# that nothing is left pending or claimed.
split() {
    local status
    status="$("$shoebox" status --catalog "$1" --window 60)"
    local left
    left=$(awk -F '\t' '$1 == "pending" || $1 == "claimed" {n += $2} END {print n + 0}' <<< "$status")
    [[ $left == 0 ]] || { echo "bench-workers: $left items left pending or claimed:" >&2; echo "$status" >&2; exit 1; }
    awk -F '\t' '$1 == "worker" {print $8}' <<< "$status" | sort -rn | paste -sd+
}

# run ROUND CONTENDER: one contender's run; appends "ROUND CONTENDER SECONDS CPU SPLIT" to rounds.
run() {
    local round="$1" name="$2" workers jobs times db catalog parts
    workers="${name#*-}"; jobs="${workers#*x}"; workers="${workers%x*}"
    if [[ $name == sqlite-* ]]; then
        times=$(ingest "r$round-$name" "sqlite:$work/r$round-$name/catalog.sqlite" "$workers" "$jobs")
        printf '%s\t%s\t%s\t%s\n' "$round" "$name" "$times" "-" >> "$work/rounds"
        return
    fi
    db="shoebox_bench_workers_$$_${round}_${name//-/_}"
    databases+=("$db")
    psql "$url" -Xqc "CREATE DATABASE $db" >/dev/null
    catalog="$(sed -E "s#^(postgres(ql)?://[^/?]*)/[^?]+#\\1/$db#" <<< "$url")"
    times=$(ingest "r$round-$name" "$catalog" "$workers" "$jobs")
    parts=$(split "$catalog")
    printf '%s\t%s\t%s\t%s\n' "$round" "$name" "$times" "$parts" >> "$work/rounds"
    psql "$url" -Xqc "DROP DATABASE $db WITH (FORCE)" >/dev/null
}

median() { sort -n | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }

echo "bench-workers: $files files, pipeline $pipeline, $rounds rounds, load average $(cut -d' ' -f1-3 /proc/loadavg)" >&2
printf 'round\tcontender\tseconds\tfiles/s\tvs pg-1x2\tCPU s\tfiles per worker\n'
for ((round = 1; round <= rounds; round++)); do
    for ((i = 0; i < ${#contenders[@]}; i++)); do
        run "$round" "${contenders[(i + round - 1) % ${#contenders[@]}]}"
    done
    base=$(awk -F '\t' -v r="$round" '$1 == r && $2 == "pg-1x2" {print $3}' "$work/rounds")
    for name in "${contenders[@]}"; do
        awk -F '\t' -v r="$round" -v n="$name" -v base="$base" -v files="$files" \
            '$1 == r && $2 == n {printf "%s\t%s\t%.2f\t%.1f\t%.2f\t%.1f\t%s\n", r, n, $3, files / $3, $3 / base, $4, $5}' "$work/rounds"
    done
done
echo "bench-workers: load average $(cut -d' ' -f1-3 /proc/loadavg) at the end" >&2

printf '\nmedian of %d rounds\tseconds\tfiles/s\tvs pg-1x2 (median of the per-round ratios)\tCPU s\n' "$rounds"
for name in "${contenders[@]}"; do
    seconds=$(awk -F '\t' -v n="$name" '$2 == n {print $3}' "$work/rounds" | median)
    rate=$(awk -F '\t' -v n="$name" -v files="$files" '$2 == n {print files / $3}' "$work/rounds" | median)
    ratio=$(awk -F '\t' -v n="$name" 'FNR == NR {if ($2 == "pg-1x2") base[$1] = $3; next} $2 == n {print $3 / base[$1]}' \
        "$work/rounds" "$work/rounds" | median)
    cpu=$(awk -F '\t' -v n="$name" '$2 == n {print $4}' "$work/rounds" | median)
    printf '%s\t%.2f\t%.1f\t%.2f\t%.1f\n' "$name" "$seconds" "$rate" "$ratio" "$cpu"
done
