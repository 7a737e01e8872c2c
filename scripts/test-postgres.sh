#!/usr/bin/env bash
# A throw-away PostgreSQL cluster for the tests, from Debian's postgresql package.
#
#   scripts/test-postgres.sh start DIR   makes DIR (must not exist), runs initdb into it and starts
#                                        the server on a Unix socket in DIR (no TCP port); prints
#                                        the libpq URI of its `postgres` database on stdout
#   scripts/test-postgres.sh restart DIR restarts that server (pg_ctl restart, fast shutdown), for
#                                        the tests of workers outliving a restart
#   scripts/test-postgres.sh halt DIR    stops that server (fast shutdown) and keeps DIR, for the
#                                        tests of workers waiting out a server that is away
#   scripts/test-postgres.sh resume DIR  starts a halted server again, as `start` did
#   scripts/test-postgres.sh stop DIR    stops that server (immediately) and removes DIR
#
# initdb refuses to run as root, so as root the cluster belongs to `nobody` (runuser), and DIR
# is handed to it; otherwise it is the caller's. Authentication is `trust` on the socket only,
# whose folder only the cluster's owner may write. fsync is off: the data is thrown away.
# The server's output goes to files in DIR, never to this script's stdout or stderr: a caller
# reading those pipes to their end would otherwise wait for the server to exit.
# Exits 2 when PostgreSQL's programs are not installed (the tests then skip), 1 on any other failure.
set -euo pipefail

say() { echo "test-postgres: $*" >&2; }
command="${1:-}" dir="${2:-}"
[[ -n "$command" && -n "$dir" ]] || { say "usage: $0 start|restart|halt|resume|stop DIR"; exit 64; }

bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
[[ -n "$bin" && -x "$bin/initdb" && -x "$bin/pg_ctl" ]] \
    || { say "no PostgreSQL server programs in /usr/lib/postgresql/*/bin (apt-get install postgresql)"; exit 2; }

as_owner=()
if ((EUID == 0)); then as_owner=(runuser -u nobody --); fi

# Starts the server of DIR on its Unix socket, with the options every start of it uses.
start_server() {
    "${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
        -o "-c listen_addresses='' -k $dir -p 5432 -c fsync=off -c max_connections=200" start >"$dir/pg_ctl.log" 2>&1 \
        || { say "pg_ctl start failed:"; cat "$dir/pg_ctl.log" "$dir/server.log" >&2; exit 1; }
}

case "$command" in
start)
    mkdir -m 700 "$dir"
    if ((EUID == 0)); then
        chown nobody "$dir"
        # nobody must reach DIR: a temporary folder under /root (TMPDIR) would not do.
        runuser -u nobody -- test -w "$dir" \
            || { say "nobody cannot reach $dir (is TMPDIR under a private folder?); use a TMPDIR such as /tmp"; rm -rf "$dir"; exit 1; }
    fi
    "${as_owner[@]}" "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 -N \
        >"$dir/initdb.log" 2>&1 || { say "initdb failed:"; cat "$dir/initdb.log" >&2; exit 1; }
    start_server
    echo "postgresql:///postgres?host=$dir&port=5432&user=postgres"
    ;;
restart)
    # pg_ctl restart starts the server again with the options it was started with.
    "${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -m fast -w -t 60 restart >"$dir/pg_ctl.log" 2>&1 \
        || { say "pg_ctl restart failed:"; cat "$dir/pg_ctl.log" "$dir/server.log" >&2; exit 1; }
    ;;
halt)
    "${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -m fast -w -t 60 stop >"$dir/pg_ctl.log" 2>&1 \
        || { say "pg_ctl stop failed:"; cat "$dir/pg_ctl.log" "$dir/server.log" >&2; exit 1; }
    ;;
resume)
    start_server
    ;;
stop)
    [[ -d "$dir/data" ]] && "${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    ;;
*) say "unknown command $command (start, restart, halt, resume or stop)"; exit 64 ;;
esac
