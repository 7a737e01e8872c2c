#!/usr/bin/env bash
# Fuzzes the parsers Shoebox writes itself with libFuzzer and AddressSanitizer.
#
#   scripts/fuzz.sh [SECONDS=120] [CORPUS_DIR=/tmp/shoebox-fuzz-corpus]
#
# One binary covers them all (the first input byte picks the parser, see Fuzz/ParserFuzzer.swift):
# the Apple maker note, EXIF text cleaning, file names as text (PathText), XMP packets,
# motion-photo scanning (JPEG and HEIC), JPEG/PNG truncation checks and format sniffing (with
# the BMP headers, the JPEG XL container's Exif box and an AVIF sequence's track),
# ISO 6709 / QuickTime / EXIF / XMP dates and the capture-time choice, pipeline files, the HEIF
# container walk with the HEVC and AV1 routes behind it (hvcC, av1C, NAL lengths, grids), an MP4's H.264 SPS
# (avcC: frame size and pixel aspect ratio), the TIFF EXIF
# structure copy, RAW recognition and a CR3's or RAF's EXIF, and IPTC blocks; XMP ratings,
# titles, keywords and GPS, XML entities, and Google Takeout JSON and its names. Crashers land in the current folder as crash-*;
# each one found becomes a test in Tests/ShoeboxTests/FuzzRegressionTests.swift.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
seconds="${1:-120}"; corpus="${2:-/tmp/shoebox-fuzz-corpus}"
S="$root/Sources/Shoebox"
sources=(
    Media/AppleMakerNote Media/ExifText Media/XMPPacket Media/MotionPhotoScanner Media/MotionPhotoFinding Media/JPEGStructure
    Media/PNGStructure Media/FormatSniffer Media/MediaFormat Media/ISO6709 Media/QuickTimeDate Media/ExifDate
    Media/ContentHasher Media/SourceBytes Media/SourceFile Media/PathText Media/MediaError Model/MediaDetails Model/PhotoMetadata Model/GPSLocation
    Pipeline/CaptureTime Pipeline/PipelineConfiguration Pipeline/PipelineKeys Pipeline/PipelineError
    Pipeline/ParsedJSON Pipeline/PipelineValueKind Pipeline/WorkerLimit
    Pipeline/AspectRule Pipeline/ThumbnailSpec Pipeline/ThumbnailFormat Pipeline/VideoSettings Pipeline/LivePhotoRules
    Pipeline/PixelSize Media/HEIF/ByteCursor Media/HEIF/ISOBox Media/HEIF/HEIFProperty Media/HEIF/HEIFContainer
    Media/HEIF/HEIFGrid Media/HEIF/HEVCDecoder Media/HEIF/YCbCrPlanes Media/HEIF/YCbCrBoxShrinker
    Media/HEIF/YCbCrCoding Media/HEIF/HEIFShrinkingDecoder Media/HEIF/AV1Decoder Media/H264SequenceParameters
    Media/TIFFHeader Media/TIFFExifBlock Media/TIFFExifBlock+Parts Media/TIFFFirstDirectory Media/FormatSniffer+RAW Media/RawEXIF
    Media/IPTCReader Media/XMPDate Media/XMPPacket+Dates Model/DateCandidate Model/TakenAtSource
    Model/CalendarDate Pipeline/CaptureTimeChoice Media/BMPHeader Media/JXLContainer Media/AVIFSequence
    Model/LocationSource Media/XMPPacket+Lists Media/XMPPacket+Descriptive Media/XMPPacket+Location Media/XMPCoordinate
    Media/XMLEntities Media/TakeoutJSON
)
files=("${sources[@]/#/$S/}"); files=("${files[@]/%/.swift}")
binary="${TMPDIR:-/tmp}/shoebox-parser-fuzzer"
swiftc -sanitize=fuzzer,address -parse-as-library -O -module-name Shoebox \
    -I "$root/Sources/CXXHash" -lxxhash -I "$root/Sources/CDe265" -lde265 -I "$root/Sources/CDav1d" -ldav1d "${files[@]}" "$root/Fuzz/ParserFuzzer.swift" -o "$binary"
mkdir -p "$corpus"
"$binary" -max_total_time="$seconds" -max_len=4096 -timeout=10 "$corpus"
