#!/usr/bin/env bash
# Installs the Debian package on a clean Debian 12 root and runs it there:
#
#   scripts/test-deb.sh [DEB]
#
# DEB defaults to a package built now by scripts/package-deb.sh. The root is made by
# debootstrap (minbase: no Swift toolchain, no -dev package, nothing of the build machine's),
# with the build machine's Debian sources; `apt-get install ./shoebox_*.deb` must pull in
# everything the binary needs. In the root it checks `shoebox --version`, an ingest of the
# bundled samples/ (every file but the two broken on purpose catalogued, the videos' posters
# made by the FFmpeg libraries loaded on first use, places named from the installed data),
# the manual page, and the bash and zsh completions. Exits non-zero on the first failure,
# naming it.
#
# Needs root (debootstrap and chroot). $SHOEBOX_DEB_ROOT picks the folder for the root (default:
# a new temporary folder, removed at the end); $SHOEBOX_DEBIAN_MIRROR the mirror debootstrap
# fetches from (default: the first URI of the machine's Debian sources, else deb.debian.org).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

say() { echo "test-deb: $*" >&2; }
die() { say "FAILED: $*"; exit 1; }

((EUID == 0)) || die "needs root, for debootstrap and chroot (run it as root or with sudo)"
missing=()
command -v debootstrap >/dev/null 2>&1 || missing+=(debootstrap)
command -v dpkg-shlibdeps >/dev/null 2>&1 || missing+=(dpkg-dev)
if ((${#missing[@]})); then
    say "installing ${missing[*]}"
    apt=(env DEBIAN_FRONTEND=noninteractive apt-get -q -o DPkg::Lock::Timeout=300)
    "${apt[@]}" update >&2
    "${apt[@]}" install -y --no-install-recommends "${missing[@]}" >&2
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/shoebox-test-deb.XXXXXX")"
chroot_dir="${SHOEBOX_DEB_ROOT:-$work/root}"
cleanup() {
    if mountpoint -q "$chroot_dir/proc"; then umount "$chroot_dir/proc" || umount -l "$chroot_dir/proc"; fi
    # Never remove a root whose /proc is still mounted: that would reach into the real /proc.
    if ! mountpoint -q "$chroot_dir/proc"; then rm -rf "$work"; fi
}
trap cleanup EXIT

deb="${1:-}"
if [[ -z "$deb" ]]; then
    deb="$("$root/scripts/package-deb.sh" "$work")"
fi
[[ -f "$deb" ]] || die "no package at $deb"
deb="$(cd "$(dirname "$deb")" && pwd)/$(basename "$deb")"

# The machine's Debian sources, so the root sees the same package versions the build linked.
sources=()
for file in /etc/apt/sources.list /etc/apt/sources.list.d/*.sources /etc/apt/sources.list.d/*.list; do
    [[ -f "$file" ]] && grep -qE '^(deb|URIs:).*debian' "$file" && sources+=("$file")
done
mirror="${SHOEBOX_DEBIAN_MIRROR:-$(cat "${sources[@]}" /dev/null 2>/dev/null \
    | sed -nE 's/^URIs:[[:space:]]+([^[:space:]]+\/debian)$/\1/p; s/^deb[[:space:]]+([^[:space:]]+\/debian)[[:space:]].*/\1/p' | head -n 1)}"
mirror="${mirror:-http://deb.debian.org/debian}"

say "debootstrap --variant=minbase bookworm $chroot_dir $mirror"
mkdir -p "$chroot_dir"
debootstrap --variant=minbase bookworm "$chroot_dir" "$mirror" > "$work/debootstrap.log" 2>&1 \
    || { tail -n 20 "$work/debootstrap.log" >&2; die "debootstrap could not make the root"; }
if ((${#sources[@]})); then
    rm -f "$chroot_dir/etc/apt/sources.list"
    for file in "${sources[@]}"; do cp "$file" "$chroot_dir/etc/apt/${file#/etc/apt/}"; done
fi
mount -t proc proc "$chroot_dir/proc"

# Runs a command in the root with a bare environment: nothing of this machine's PATH.
in_root() { chroot "$chroot_dir" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 "$@"; }

in_root sh -c 'command -v swift' >/dev/null && die "the clean root has a Swift toolchain"

cp "$deb" "$chroot_dir/tmp/"
say "apt-get install ./$(basename "$deb") in the root"
in_root env DEBIAN_FRONTEND=noninteractive apt-get -q update > "$work/apt.log" 2>&1 \
    || { tail -n 20 "$work/apt.log" >&2; die "apt-get update in the root"; }
in_root env DEBIAN_FRONTEND=noninteractive apt-get -q install -y --no-install-recommends "/tmp/$(basename "$deb")" \
    >> "$work/apt.log" 2>&1 || { tail -n 30 "$work/apt.log" >&2; die "apt-get install of the package in the root"; }

missing="$(in_root ldd /usr/bin/shoebox | grep 'not found' || true)"
[[ -z "$missing" ]] || die "libraries the installed binary cannot find: $missing"
in_root ldd /usr/bin/shoebox | grep -q 'libswift' && die "the installed binary links a Swift runtime library dynamically"

version="$(in_root shoebox --version)"
[[ "$version" =~ ^shoebox\ [0-9] ]] || die "shoebox --version printed: $version"
say "$version"

rm -rf "$chroot_dir/root/samples"
cp -a "$root/samples" "$chroot_dir/root/samples"
broken="$(find "$root/samples/broken" -type f | wc -l)"
total="$(find "$root/samples" -type f ! -name README.md | wc -l)"
status=0
summary="$(in_root shoebox ingest /root/samples --library /root/library </dev/null 2>"$work/ingest.err")" || status=$?
[[ "$status" == 0 || "$status" == 1 ]] || { cat "$work/ingest.err" >&2; die "shoebox ingest exited with $status: $summary"; }
[[ "$summary" == *", failed $broken,"* ]] || { cat "$work/ingest.err" >&2; die "the ingest did not fail exactly the $broken broken samples: $summary"; }
say "ingest of samples/: $summary"
listing="$(in_root shoebox list --library /root/library)"
failed="$(grep -c $'\tfailed\t' <<<"$listing" || true)"
((failed == broken)) || die "$failed failed rows in the catalog, expected $broken: $listing"
videos="$(grep -c $'\tvideo\t' <<<"$listing" || true)"
((videos > 0)) || die "no video catalogued (are the FFmpeg libraries installed with the package?)"
posters="$(in_root shoebox list --library /root/library --kind video --json | grep -c '"name":"thumb"' || true)"
((posters == videos)) || die "$videos videos but $posters with a poster thumbnail"
places="$(in_root shoebox places --library /root/library 2>&1)" || die "shoebox places: $places"
grep -q $'\tcity\tParis, ' <<<"$places" || die "the installed places data did not name the samples' Paris position: $places"

in_root sh -c 'zcat /usr/share/man/man1/shoebox.1.gz | grep -q "^\.TH SHOEBOX 1"' || die "no manual page at /usr/share/man/man1/shoebox.1.gz"
in_root bash -c '. /usr/share/bash-completion/completions/shoebox && complete -p shoebox' >/dev/null \
    || die "the bash completion does not define a completion for shoebox"
in_root sh -c 'head -n 1 /usr/share/zsh/vendor-completions/_shoebox | grep -q "^#compdef shoebox"' \
    || die "the zsh completion does not start with #compdef shoebox"
in_root test -f /usr/share/doc/shoebox/copyright || die "no /usr/share/doc/shoebox/copyright"

say "passed: $(basename "$deb") installs on a clean Debian 12 root (ingest of its $total sample files: $summary; $videos videos with posters; Paris named)"
