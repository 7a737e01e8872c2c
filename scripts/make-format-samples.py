#!/usr/bin/env python3
"""Regenerate samples/formats/: JPEG XL, BMP, animated WebP and AVIF-sequence samples.

Requirements: python3 (stdlib only), and for the JPEG XL, WebP and AVIF files `vips`,
`cjxl` (libjxl-tools), `img2webp` (webp) and `avifenc` (libavif-bin). The BMPs are written
byte by byte here, so that every variant Windows and cameras write is covered (1/4/8/16/24/32
bits, RLE4/RLE8, top-down and bottom-up, the OS/2 core header), which no one encoder offers.

Every BMP shows the same 64x48 picture: the top-left quadrant red, the rest blue, so a
thumbnail shows at once whether rows were read in the right order.

Usage: scripts/make-format-samples.py   (writes samples/formats/, same bytes every run
with the same tool versions)
"""
import os
import shutil
import struct
import subprocess
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "samples", "formats")
WIDTH, HEIGHT = 64, 48
RED, BLUE = (255, 0, 0), (0, 0, 255)


def colour(x, y):
    """Picture rows top first: red top-left quadrant, blue elsewhere (palette index 1 / 0)."""
    return 1 if x < WIDTH // 2 and y < HEIGHT // 2 else 0


def rows_bottom_up():
    return [[colour(x, y) for x in range(WIDTH)] for y in reversed(range(HEIGHT))]


def pad(row):
    return row + b"\0" * (-len(row) % 4)


def palette(count, core=False):
    entries = [BLUE, RED] + [(0, 0, 0)] * (count - 2)
    return b"".join(bytes((b, g, r)) + (b"" if core else b"\0") for r, g, b in entries)


def bmp(dib, colours, pixels):
    offset = 14 + len(dib) + len(colours)
    return b"BM" + struct.pack("<IHHI", offset + len(pixels), 0, 0, offset) + dib + colours + pixels


def info_header(bits, compression, image_size, colours_used, height=HEIGHT, size=40):
    header = struct.pack("<IiiHHIIiiII", size, WIDTH, height, 1, bits, compression, image_size,
                         2835, 2835, colours_used, 0)
    return header + b"\0" * (size - 40)


def packed(bits, rows):
    """Palette indices packed `bits` to a byte, most significant first, each row padded."""
    out = b""
    per_byte = 8 // bits
    for row in rows:
        data = bytearray()
        for start in range(0, len(row), per_byte):
            byte = 0
            for index in row[start:start + per_byte]:
                byte = (byte << bits) | index
            data.append(byte << (bits * (per_byte - len(row[start:start + per_byte]))))
        out += pad(bytes(data))
    return out


def direct(rows, pixel):
    return b"".join(pad(b"".join(pixel(RED if i else BLUE) for i in row)) for row in rows)


def runs(row):
    start = 0
    while start < len(row):
        end = start
        while end < len(row) and row[end] == row[start] and end - start < 255:
            end += 1
        yield end - start, row[start]
        start = end


def rle(rows, nibbles):
    out = bytearray()
    for row in rows:
        for count, index in runs(row):
            out += bytes((count, (index << 4 | index) if nibbles else index))
        out += b"\0\0"  # end of line
    out += b"\0\1"  # end of bitmap
    return bytes(out)


def rgb565(rgb):
    r, g, b = rgb
    return struct.pack("<H", (r >> 3) << 11 | (g >> 2) << 5 | b >> 3)


def rgb555(rgb):
    r, g, b = rgb
    return struct.pack("<H", (r >> 3) << 10 | (g >> 3) << 5 | b >> 3)


def bitmaps():
    rows = rows_bottom_up()
    top_down = list(reversed(rows))
    pixels = {
        "bmp-1bit.bmp": (info_header(1, 0, 0, 2), palette(2), packed(1, rows)),
        "bmp-4bit.bmp": (info_header(4, 0, 0, 16), palette(16), packed(4, rows)),
        "bmp-8bit.bmp": (info_header(8, 0, 0, 256), palette(256), packed(8, rows)),
        "bmp-rle4.bmp": (info_header(4, 2, len(rle(rows, True)), 16), palette(16), rle(rows, True)),
        "bmp-rle8.bmp": (info_header(8, 1, len(rle(rows, False)), 256), palette(256), rle(rows, False)),
        "bmp-16bit-555.bmp": (info_header(16, 0, 0, 0), b"", direct(rows, rgb555)),
        "bmp-16bit-565.bmp": (info_header(16, 3, 0, 0), struct.pack("<III", 0xF800, 0x07E0, 0x001F),
                              direct(rows, rgb565)),
        "bmp-24bit.bmp": (info_header(24, 0, 0, 0), b"", direct(rows, lambda c: bytes(reversed(c)))),
        "bmp-24bit-top-down.bmp": (info_header(24, 0, 0, 0, height=-HEIGHT), b"",
                                   direct(top_down, lambda c: bytes(reversed(c)))),
        "bmp-32bit.bmp": (info_header(32, 0, 0, 0), b"", direct(rows, lambda c: bytes(reversed(c)) + b"\0")),
        "bmp-os2.bmp": (struct.pack("<IHHHH", 12, WIDTH, HEIGHT, 1, 8), palette(256, core=True), packed(8, rows)),
    }
    return {name: bmp(*parts) for name, parts in pixels.items()}


def box(kind, payload):
    return struct.pack(">I", 8 + len(payload)) + kind + payload


def run(*command):
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def exif_of(jpeg):
    """The TIFF block of a JPEG's EXIF APP1 segment."""
    data = open(jpeg, "rb").read()
    start = data.index(b"Exif\0\0") + 6
    length = struct.unpack(">H", data[start - 8:start - 6])[0]
    return data[start:start - 8 + length]


XMP = (b'<?xpacket begin="\xef\xbb\xbf" id="W5M0MpCehiHzreSzNTczkc9d"?>'
       b'<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
       b'<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmp:CreatorTool="Shoebox samples"/>'
       b'</rdf:RDF></x:xmpmeta><?xpacket end="w"?>')


def jpeg_xl(tmp):
    """A bare codestream and an ISO-BMFF container with `Exif` and `xml ` boxes (uncompressed,
    as libjxl's own API writes them) around the same kind of codestream."""
    upright = os.path.join(tmp, "upright.png")
    run("vips", "copy", os.path.join(ROOT, "samples/orientation/landscape_1.jpg"), upright + "[strip]")
    small = os.path.join(tmp, "small.png")
    run("vips", "resize", upright, small + "[strip]", "0.5")
    files = {}
    for name, source in (("jxl-codestream.jxl", small), ("upright.jxl", upright)):
        path = os.path.join(tmp, name)
        run("cjxl", source, path, "-d", "3", "-e", "3")
        files[name] = open(path, "rb").read()
    codestream = files.pop("upright.jxl")
    assert codestream.startswith(b"\xff\x0a"), "cjxl wrote a container, not a codestream"
    # The EXIF of landscape_6.jpg: orientation 6, DateTimeOriginal 2024:05:06 10:00:00, GPS.
    # The codestream is upright with its own orientation 1, which wins (JPEG XL's rule).
    exif = exif_of(os.path.join(ROOT, "samples/orientation/landscape_6.jpg"))
    files["jxl-container.jxl"] = (box(b"JXL ", b"\r\n\x87\n") + box(b"ftyp", b"jxl \0\0\0\0jxl ")
                                  + box(b"Exif", b"\0\0\0\0" + exif) + box(b"xml ", XMP) + box(b"jxlc", codestream))
    return files


def animations(tmp):
    gif = os.path.join(ROOT, "samples/gif/animated.gif")
    frames = []
    for index in range(6):
        frame = os.path.join(tmp, f"frame{index}.png")
        run("vips", "copy", f"{gif}[page={index * 2}]", frame)
        frames.append(frame)
    webp = os.path.join(tmp, "animated.webp")
    run("img2webp", "-loop", "0", "-lossy", "-q", "50", "-d", "200", frames[0], "-d", "100", *frames[1:], "-o", webp)
    avif = os.path.join(tmp, "sequence.avif")
    run("avifenc", "--fps", "10", "-s", "10", "-j", "1", *frames, avif)
    return {"animated.webp": open(webp, "rb").read(), "sequence.avif": without_times(open(avif, "rb").read())}


def without_times(data):
    """avifenc stamps the movie, track and media headers with the time it ran: zero them, so
    that the file is the same on every run."""
    data = bytearray(data)
    for kind in (b"mvhd", b"tkhd", b"mdhd"):
        start = 0
        while (found := data.find(kind, start)) >= 0:
            width = 8 if data[found + 4] == 1 else 4
            data[found + 8:found + 8 + 2 * width] = bytes(2 * width)
            start = found + 4
    return bytes(data)


def main():
    os.makedirs(OUT, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        files = {**bitmaps(), **jpeg_xl(tmp), **animations(tmp)}
    for name, data in sorted(files.items()):
        assert len(data) < 100_000, f"{name} is {len(data)} bytes"
        with open(os.path.join(OUT, name), "wb") as out:
            out.write(data)
        print(f"{name}: {len(data)} bytes")


if __name__ == "__main__":
    main()
