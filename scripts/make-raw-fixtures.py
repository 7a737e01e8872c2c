#!/usr/bin/env python3
"""Writes the camera-like DNG test files in Tests/Fixtures/raw/ (see its README.md).

Needs PiDNG and NumPy from PyPI (python3 -m venv V && V/bin/pip install pidng numpy) and the
`vips` and `exiftool` programs. Run: V/bin/python scripts/make-raw-fixtures.py
With `WIDTH HEIGHT FOLDER` it writes the same two files at that size into FOLDER instead
(docs/BENCHMARKS.md times a 6000x4000 pair).

The files are laid out as cameras and Adobe's converter write DNGs: IFD0 is a small RGB
thumbnail (NewSubfileType 1) carrying DNGVersion, Make and Model; its SubIFD holds the Bayer
sensor data (RGGB, 8 bits a sample, 432x288); IFD1, in `preview.dng` only, is a JPEG preview
of the whole picture. exiftool then writes the EXIF dates, exposure and GPS.
"""
import os
import struct
import subprocess
import sys
import tempfile

import numpy as np
from pidng.dng import DNG, Tag, dngIFD, dngTag
from pidng.defs import DNGVersion

WIDTH, HEIGHT = 432, 288
THUMB = (96, 64)
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "Fixtures", "raw")
if len(sys.argv) == 4:
    WIDTH, HEIGHT, OUT = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]


def scene(width, height):
    """The upright picture, 8-bit RGB: a gradient, a white block top-left, a red block bottom-right."""
    y, x = np.mgrid[0:height, 0:width]
    rgb = np.zeros((height, width, 3), dtype=np.uint8)
    rgb[..., 0] = (x * 200 // width + 30).astype(np.uint8)
    rgb[..., 1] = (y * 200 // height + 30).astype(np.uint8)
    rgb[..., 2] = 90
    rgb[: height // 4, : width // 6] = 245
    rgb[height * 3 // 4 :, width * 5 // 6 :] = (220, 20, 20)
    return rgb


def bayer(rgb):
    """RGGB mosaic of `rgb`."""
    raw = np.zeros(rgb.shape[:2], dtype=np.uint8)
    raw[0::2, 0::2] = rgb[0::2, 0::2, 0]
    raw[0::2, 1::2] = rgb[0::2, 1::2, 1]
    raw[1::2, 0::2] = rgb[1::2, 0::2, 1]
    raw[1::2, 1::2] = rgb[1::2, 1::2, 2]
    return raw


def jpeg(rgb):
    with tempfile.TemporaryDirectory() as folder:
        ppm = os.path.join(folder, "p.ppm")
        with open(ppm, "wb") as out:
            out.write(b"P6 %d %d 255\n" % (rgb.shape[1], rgb.shape[0]) + rgb.tobytes())
        jpg = os.path.join(folder, "p.jpg")
        subprocess.run(["vips", "copy", ppm, jpg + "[Q=85,strip]"], check=True)
        return open(jpg, "rb").read()


def strip_ifd(width, height, samples, bits, compression, photometric, subfile, extra=()):
    ifd = dngIFD()
    ifd.tags += [
        dngTag(Tag.NewSubfileType, [subfile]),
        dngTag(Tag.ImageWidth, [width]),
        dngTag(Tag.ImageLength, [height]),
        dngTag(Tag.BitsPerSample, [bits] * samples),
        dngTag(Tag.Compression, [compression]),
        dngTag(Tag.PhotometricInterpretation, [photometric]),
        dngTag(Tag.SamplesPerPixel, [samples]),
        dngTag(Tag.RowsPerStrip, [height]),
        dngTag(Tag.PlanarConfiguration, [1]),
    ]
    ifd.tags += list(extra)
    offset = dngTag(Tag.StripOffsets, [0])
    ifd.tags.append(offset)
    return ifd, offset


def sub_ifd(ifd):
    """A SubIFDs tag pointing at `ifd` (PiDNG's own IFD-typed tag fails on Python 3)."""
    tag = dngTag(Tag.SubIFD[:1] + (Tag.NewSubfileType[1],), [0])
    tag.subIFD = ifd
    return tag


def write(name, with_preview):
    rgb = scene(WIDTH, HEIGHT)
    thumb = rgb[:: HEIGHT // THUMB[1], :: WIDTH // THUMB[0]][: THUMB[1], : THUMB[0]].copy()
    raw = bayer(rgb).tobytes()
    preview = jpeg(rgb) if with_preview else None

    dng = DNG()
    dng.ImageDataStrips = [thumb.tobytes(), raw] + ([preview] if preview else [])
    sensor, sensor_offset = strip_ifd(WIDTH, HEIGHT, 1, 8, 1, 32803, 0, [
        dngTag(Tag.StripByteCounts, [len(raw)]),
        dngTag(Tag.CFARepeatPatternDim, [2, 2]),
        dngTag(Tag.CFAPattern, [0, 1, 1, 2]),
        dngTag(Tag.BlackLevel, [0]),
        dngTag(Tag.WhiteLevel, [255]),
    ])
    ifd0, thumb_offset = strip_ifd(THUMB[0], THUMB[1], 3, 8, 1, 2, 1, [
        dngTag(Tag.StripByteCounts, [len(thumb.tobytes())]),
        dngTag(Tag.Make, "Shoebox"),
        dngTag(Tag.Model, "Bayer Sample"),
        dngTag(Tag.UniqueCameraModel, "Shoebox Bayer Sample"),
        dngTag(Tag.Orientation, [1]),
        dngTag(Tag.DNGVersion, DNGVersion.V1_4),
        dngTag(Tag.DNGBackwardVersion, DNGVersion.V1_0),
        dngTag(Tag.ColorMatrix1, [[10000, 10000], [0, 10000], [0, 10000], [0, 10000], [10000, 10000],
                                  [0, 10000], [0, 10000], [0, 10000], [10000, 10000]]),
        dngTag(Tag.CalibrationIlluminant1, [21]),
        dngTag(Tag.AsShotNeutral, [[1, 1], [1, 1], [1, 1]]),
        sub_ifd(sensor),
    ])
    dng.IFDs.append(ifd0)
    if preview:
        ifd1, preview_offset = strip_ifd(WIDTH, HEIGHT, 3, 8, 7, 6, 1, [dngTag(Tag.StripByteCounts, [len(preview)])])
        dng.IFDs.append(ifd1)
    total = dng.dataLen()
    thumb_offset.setValue([dng.StripOffsets[0]])
    sensor_offset.setValue([dng.StripOffsets[1]])
    if preview:
        preview_offset.setValue([dng.StripOffsets[2]])
    buffer = bytearray(total)
    dng.setBuffer(buffer)
    if preview:
        ifd0.NextIFDOffset = ifd1.offset
    dng.write()
    path = os.path.join(OUT, name)
    with open(path, "wb") as out:
        out.write(buffer)
    subprocess.run(["exiftool", "-q", "-overwrite_original",
                    "-DateTimeOriginal=2024:07:14 09:30:15", "-CreateDate=2024:07:14 09:30:15",
                    "-ExposureTime=1/250", "-FNumber=5.6", "-ISO=200", "-FocalLength=35",
                    "-LensModel=Shoebox 35mm F1.8",
                    "-GPSLatitude=45.5", "-GPSLatitudeRef=N", "-GPSLongitude=6.25", "-GPSLongitudeRef=W",
                    path], check=True)
    print(path, os.path.getsize(path))


os.makedirs(OUT, exist_ok=True)
write("preview.dng", with_preview=True)
write("no-preview.dng", with_preview=False)
