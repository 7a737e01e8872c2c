#!/usr/bin/env bash
# Regenerates samples/edited/: iPhone exports of edited photos (issue 11), made from the
# samples that scripts/make-samples.sh and make-kind-samples.sh already made. Needs vips,
# ffmpeg and exiftool.
#
#   samples/edited/still/IMG_1234.HEIC   the original: a copy of samples/photo.heic (480x320)
#   samples/edited/still/IMG_E1234.JPG   its edited rendition: cropped to 320x320, its EXIF kept
#   samples/edited/still/IMG_1234.AAE    the adjustment data: a small property list written here
#   samples/edited/live/IMG_5678.JPG + IMG_5678.MOV     a Live Photo: samples/live/by-name's pair
#   samples/edited/live/IMG_E5678.JPG + IMG_E5678.MOV   its edited still (160x160) and video (cropped)
#   samples/edited/live/IMG_5678.AAE     its adjustment data
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
samples="$root/samples"
out="$samples/edited"
export TZ=UTC LC_ALL=C
mkdir -p "$out/still" "$out/live"

# edited SOURCE WIDTH HEIGHT LEFT DEST: a centre crop saved as JPEG, with the source's EXIF.
edited() {
    vips crop "$1" "$5[Q=85,strip]" "$4" 0 "$2" "$3"
    exiftool -q -q -overwrite_original -tagsFromFile "$1" -exif:all "$5"
}

# aae DEST: the shape of Apple's adjustment data, small.
aae() {
    cat > "$1" <<'PLIST'
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
	<key>adjustmentBaseVersion</key>
	<integer>0</integer>
	<key>adjustmentData</key>
	<data>
	eyJjcm9wIjp0cnVlfQ==
	</data>
	<key>adjustmentEditorBundleID</key>
	<string>com.apple.mobileslideshow</string>
	<key>adjustmentFormatIdentifier</key>
	<string>com.apple.photo</string>
	<key>adjustmentFormatVersion</key>
	<string>1.5</string>
</dict>
</plist>
PLIST
}

cp "$samples/photo.heic" "$out/still/IMG_1234.HEIC"
edited "$samples/photo.heic" 320 320 80 "$out/still/IMG_E1234.JPG"
aae "$out/still/IMG_1234.AAE"

cp "$samples/live/by-name/IMG_0002.jpg" "$out/live/IMG_5678.JPG"
cp "$samples/live/by-name/IMG_0002.MOV" "$out/live/IMG_5678.MOV"
edited "$samples/live/by-name/IMG_0002.jpg" 160 160 40 "$out/live/IMG_E5678.JPG"
ffmpeg -v error -y -nostdin -i "$samples/live/by-name/IMG_0002.MOV" -vf crop=180:180 -c:v libx264 -preset veryfast \
    -crf 34 -pix_fmt yuv420p -map_metadata 0 -movflags use_metadata_tags "$out/live/IMG_E5678.MOV"
aae "$out/live/IMG_5678.AAE"

exiftool -q -q -s -s -s -DateTimeOriginal "$out/still/IMG_E1234.JPG" | grep -qx '2024:06:03 14:00:00'
exiftool -q -q -s -s -s -DateTimeOriginal "$out/live/IMG_E5678.JPG" | grep -qx '2024:05:11 09:00:00'
exiftool -q -q -s -s -s -Keys:CreationDate "$out/live/IMG_E5678.MOV" | grep -qx '2024:05:11 09:00:01+02:00'
echo "make-edited-samples: wrote $out"
