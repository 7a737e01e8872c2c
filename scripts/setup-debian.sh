#!/usr/bin/env bash
# Installs what Shoebox needs on Debian 12 (bookworm), on top of the Swift toolchain:
# the -dev packages its C targets link against (found through pkg-config), and the
# exiftool and vips programs that tests and scripts/make-samples.sh run.
#
# Idempotent: packages already installed are left alone, and `apt-get update` runs only
# when something is missing. Uses sudo only when not root. Never prompts (apt runs with
# DEBIAN_FRONTEND=noninteractive), so it works in CI with no stdin.
set -euo pipefail

packages=(
    pkgconf                 # pkg-config: SwiftPM finds the C libraries with it
    libvips-dev             # CVips: decode, resize, encode
    libjpeg62-turbo-dev     # CJPEGDecode: JPEGs decoded by libjpeg-turbo over the whole file
    libexif-dev             # CExif: EXIF metadata
    libgif-dev              # CGif: GIF frames, delays and loop count
    zlib1g-dev              # CZlib: what a PNG's compressed text chunks inflate to, counted before libvips holds them
    libexpat1-dev           # CExpat: XMP packets read as XML, by namespace
    libde265-dev            # CDe265: HEIC pictures decoded and shrunk by Shoebox itself
    libdav1d-dev            # CDav1d: AVIF pictures decoded and shrunk by Shoebox itself, one thread, one copy
    liblcms2-dev            # CLCMS2: embedded colour profiles converted to sRGB, each profile's transform built once
    libraw-dev              # CRaw: camera RAW files (DNG, CR2, NEF, ARW, ...): metadata, previews, development
    libavformat-dev         # CFFmpeg: video containers
    libavcodec-dev          # CFFmpeg: the poster frame's decoder
    libswscale-dev          # CFFmpeg: frame to RGB
    libavutil-dev           # CFFmpeg: display matrix, errors
    ffmpeg                  # scripts/make-samples.sh makes the sample videos
    libsqlite3-dev          # CSQLite: the catalog
    libpq-dev               # CLibPQ: the PostgreSQL catalog's client library
    postgresql              # initdb, pg_ctl, postgres: the throw-away server the PostgreSQL tests run against
    libxxhash-dev           # CXXHash: content hashes
    libimage-exiftool-perl  # exiftool: tests and scripts/make-samples.sh
    libvips-tools           # vips, vipsheader: tests and scripts/make-samples.sh
    libavif-bin             # avifenc: the AVIF tests make their 10-bit files with it
    chromium                # headless browser: the gallery tests load the pages in it
    groff-base              # groff: the manual page test renders shoebox --man
)

say() { echo "setup-debian: $*" >&2; }
die() { say "$*"; exit 1; }

if ! command -v swift >/dev/null 2>&1; then
    die "swift is not on PATH. Install the Swift 6 toolchain for Debian 12 from
  https://www.swift.org/install/linux/ (the Debian 12 tarball, or swiftly), add its usr/bin
  to PATH (e.g. export PATH=/opt/swift/usr/bin:\$PATH), then run this script again."
fi

if ! command -v dpkg-query >/dev/null 2>&1 || ! command -v apt-get >/dev/null 2>&1; then
    die "this script is for Debian 12 (needs dpkg-query and apt-get); install by hand: ${packages[*]}"
fi

missing=()
for package in "${packages[@]}"; do
    status="$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)"
    [[ "$status" == "install ok installed" ]] || missing+=("$package")
done

if ((${#missing[@]} == 0)); then
    say "all ${#packages[@]} packages already installed"
else
    as_root=()
    if ((EUID != 0)); then
        command -v sudo >/dev/null 2>&1 \
            || die "not root and sudo is missing; as root run: apt-get install ${missing[*]}"
        as_root=(sudo)
    fi
    apt=("${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -q -o DPkg::Lock::Timeout=300)
    say "installing ${missing[*]}"
    "${apt[@]}" update
    "${apt[@]}" install -y --no-install-recommends "${missing[@]}"
fi

# What the build and the tests actually use, whatever installed it.
pkg-config --exists vips libexif libraw_r sqlite3 libpq libxxhash libgif7 libavformat libavcodec libswscale libavutil \
    || die "pkg-config cannot find vips, libexif, libraw, sqlite3, libpq, libxxhash, giflib and FFmpeg after installing"
for tool in exiftool vips vipsheader; do
    command -v "$tool" >/dev/null 2>&1 || die "$tool is not on PATH after installing"
done
