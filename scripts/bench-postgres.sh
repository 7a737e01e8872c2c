#!/usr/bin/env bash
# Browsing, status and claims on a generated PostgreSQL catalog of ASSETS assets (no images).
#
#   scripts/bench-postgres.sh URL [ASSETS=1000000]
#
# URL is the libpq URI of a database that holds no Shoebox catalog yet (for example a fresh
# database on the cluster scripts/test-postgres.sh starts: `createdb`, or `CREATE DATABASE`
# through psql); it is filled, and left filled for EXPLAIN by hand. Steps:
#   1. the release `shoebox` makes the schema (`shoebox status --catalog URL` upgrades an
#      empty database); scripts/bench-postgres-generate.sql generates the library and its
#      queue in SQL (generate_series), timed, then the tables' and indexes' sizes;
#   2. Tests/ShoeboxTests/PostgresScaleBenchmark.swift times the catalog API (albums, pages,
#      counts, status: medians of 25) and prints each statement's EXPLAIN (ANALYZE, BUFFERS);
#   3. the release `shoebox` runs the same as a user does (process start and connecting
#      included), median of 11 runs each;
#   4. ClaimThroughputBenchmark: 8 concurrent claimers take ASSETS / 50 of the queue's items
#      (20,000 at a million) in each of four runs: batch 1 and 10, claim only and claim +
#      complete (they stay claimed or done). The queue's claimable items (12%) cover the four.
# The tests run in a debug build (what they time is the server's work and round trips).
set -euo pipefail
[[ $# -ge 1 ]] || { echo "usage: $0 URL [ASSETS]" >&2; exit 64; }
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
url="$1"; assets="${2:-1000000}"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT

swift build -c release --package-path "$root" >&2
shoebox="$root/.build/release/shoebox"
present=$(psql "$url" -XAtc "SELECT to_regclass('assets') IS NOT NULL")
[[ "$present" == f ]] || { echo "bench-postgres: $url already holds a catalog; give an empty database" >&2; exit 1; }
"$shoebox" status --catalog "$url" > /dev/null 2>&1

t0=$(date +%s%N)
psql "$url" -Xq -v assets="$assets" -f "$root/scripts/bench-postgres-generate.sql" >&2
t1=$(date +%s%N)
printf 'generate\t%d assets and queue items\t%.1f s\n' "$assets" "$(echo "($t1 - $t0) / 1000000000" | bc -l)"
psql "$url" -XAt -F $'\t' -c "
    SELECT 'size', relname, pg_size_pretty(pg_table_size(oid)) || ' table, ' || pg_size_pretty(pg_indexes_size(oid)) || ' indexes'
    FROM pg_class WHERE relname IN ('assets', 'thumbnails', 'album_assets', 'work_queue') ORDER BY relname"
psql "$url" -XAt -F $'\t' -c "
    SELECT 'shape', kind || CASE WHEN hidden = 1 THEN ' (hidden: Live Photo videos)' ELSE '' END, count(*)
    FROM assets GROUP BY kind, hidden ORDER BY 3 DESC"
psql "$url" -XAt -F $'\t' -c "SELECT 'shape', 'queue ' || state, count(*) FROM work_queue GROUP BY state ORDER BY 3 DESC"

swift build --package-path "$root" --build-tests >&2
SHOEBOX_BENCH_PG_URI="$url" swift test --package-path "$root" --skip-build --filter PostgresScaleBenchmark \
    > "$work/test.log" 2>&1 || { tail -30 "$work/test.log" >&2; echo "bench-postgres: the benchmark test failed" >&2; exit 1; }
grep -E $'^(bench|plan)\t' "$work/test.log"

median() { sort -n | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }

# time_cli NAME ARGS...: the median wall time in ms of 11 runs of `shoebox ARGS...`.
time_cli() {
    local name="$1"; shift
    for _ in $(seq 11); do
        local t0 t1
        t0=$(date +%s%N)
        "$shoebox" "$@" > /dev/null
        t1=$(date +%s%N)
        echo $(( (t1 - t0) / 1000 ))
    done | median | awk -v name="$name" '{printf "cli\t%s\tmedian %.1f ms (11 runs, process start and connecting included)\n", name, $1 / 1000}'
}
time_cli "shoebox --help (process start alone)" --help
time_cli "shoebox albums" albums --catalog "$url"
time_cli "shoebox list --kind photo --sort -taken --limit 100" list --kind photo --sort -taken --limit 100 --catalog "$url"
time_cli "shoebox list: photo+livePhoto, 2015-2020, located, newest first, 100" list --kind photo --kind livePhoto \
    --since 2015-01-01 --until 2020-12-31 --has-location --sort -taken --limit 100 --catalog "$url"
time_cli "shoebox status" status --catalog "$url"
time_cli "shoebox status --json" status --json --catalog "$url"

claims=$((assets / 50 / 80 * 80))   # a multiple of 8 claimers x batch 10
SHOEBOX_TEST_POSTGRES="$url" SHOEBOX_BENCH_QUEUE=1 SHOEBOX_BENCH_QUEUE_URI="$url" SHOEBOX_BENCH_QUEUE_ITEMS="$claims" \
    swift test --package-path "$root" --skip-build --no-parallel --filter ClaimThroughputBenchmark > "$work/claims.log" 2>&1 ||
    { tail -30 "$work/claims.log" >&2; echo "bench-postgres: the claim benchmark failed" >&2; exit 1; }
grep -E '^bench queue' "$work/claims.log"
