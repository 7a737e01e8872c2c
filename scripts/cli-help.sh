#!/usr/bin/env bash
# Writes every command's --help, as the binary prints it, into docs/CLI.md between its
# "help:begin" and "help:end" markers. CLIReferenceTests fails when the two differ.
#
#   scripts/cli-help.sh [BINARY=.build/debug/shoebox] [DOC=docs/CLI.md]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
binary="${1:-$root/.build/debug/shoebox}"; doc="${2:-$root/docs/CLI.md}"
[ -x "$binary" ] || { echo "cli-help.sh: no binary at $binary (swift build first)" >&2; exit 1; }
commands=$("$binary" --help | sed -n '/^SUBCOMMANDS:/,/^$/p' | awk 'NF > 1 && $1 != "SUBCOMMANDS:" { print $1 }')
block() {   # the help of `shoebox $*`, as a fenced block
    printf '```\n$ shoebox %s--help\n' "${1:+$1 }"
    "$binary" ${1:+"$1"} --help
    printf '```\n\n'
}
generated=$(mktemp); trap 'rm -f "$generated"' EXIT
{
    echo '<!-- help:begin (scripts/cli-help.sh writes what follows) -->'
    echo
    block ""
    for command in $commands; do
        echo "### shoebox $command"
        echo
        block "$command"
    done
    echo '<!-- help:end -->'
} > "$generated"
awk -v generated="$generated" '
    /^<!-- help:begin/ { while ((getline line < generated) > 0) print line; skipping = 1; next }
    /^<!-- help:end -->/ { skipping = 0; next }
    !skipping { print }
' "$doc" > "$doc.tmp" && mv "$doc.tmp" "$doc"
