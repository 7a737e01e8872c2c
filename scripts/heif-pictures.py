#!/usr/bin/env python3
"""The coded HEVC pictures a HEIF file's thumbnail needs decoded, as Annex-B files.

    scripts/heif-pictures.py [--thumbnail-at-least N] OUTDIR FILE...

Writes OUTDIR/FFF-TTT.hevc (FFF: the file's index among FILE..., TTT: the tile): the primary
item's pictures (each tile of a grid, or the one picture), each with its hvcC parameter sets.
With --thumbnail-at-least N, a file whose thumbnail item (an `iref` thmb to the primary) is HEVC
with a longest edge of N or more gives that item instead, as libvips's `thumbnail` and
Shoebox's bench-256 read such a file. Used by bench.sh (the HEVC decode floor) and
bench-hevc-decoders.sh. Files it cannot read (not HEIF, no HEVC picture) are named on stderr and
left out.
"""
import os
import struct
import sys


def boxes(b, off, end):
    while off + 8 <= end:
        size, kind = struct.unpack('>I4s', b[off:off + 8])
        header = 8
        if size == 1:
            size, header = struct.unpack('>Q', b[off + 8:off + 16])[0], 16
        elif size == 0:
            size = end - off
        if size < header:
            return
        yield kind.decode('latin1'), off + header, off + size
        off += size


class Reader:
    def __init__(self, b, offset):
        self.b, self.o = b, offset

    def read(self, n):
        self.o += n
        return int.from_bytes(self.b[self.o - n:self.o], 'big') if n else 0


def item_types(b, s, e):
    types = {}
    for _, s2, _ in boxes(b, s + (6 if b[s] == 0 else 8), e):
        w = 2 if b[s2] == 2 else 4
        types[int.from_bytes(b[s2 + 4:s2 + 4 + w], 'big')] = b[s2 + 6 + w:s2 + 10 + w].decode('latin1')
    return types


def item_locations(b, s):
    version, r = b[s], Reader(b, s + 4)
    packed = r.read(2)
    offset_size, length_size, base_size = packed >> 12, (packed >> 8) & 15, (packed >> 4) & 15
    index_size = packed & 15 if version in (1, 2) else 0
    locations = {}
    for _ in range(r.read(2 if version < 2 else 4)):
        item = r.read(2 if version < 2 else 4)
        if version in (1, 2):
            r.read(2)
        r.read(2)
        base, extents = r.read(base_size), []
        for _ in range(r.read(2)):
            r.read(index_size)
            offset = r.read(offset_size)
            extents.append((base + offset, r.read(length_size)))
        locations[item] = extents
    return locations


def references(b, s, e):
    """{kind: [(from, [to...])]} of the iref box."""
    w, found = 2 if b[s] == 0 else 4, {}
    for kind, s2, _ in boxes(b, s + 4, e):
        n = int.from_bytes(b[s2 + w:s2 + w + 2], 'big')
        to = [int.from_bytes(b[s2 + w + 2 + i * w:s2 + 2 * w + 2 + i * w], 'big') for i in range(n)]
        found.setdefault(kind, []).append((int.from_bytes(b[s2:s2 + w], 'big'), to))
    return found


def item_properties(b, iprp):
    """{item: [(kind, start, end)]}: each item's associated properties."""
    children = {k: (s, e) for k, s, e in boxes(b, *iprp)}
    properties = list(boxes(b, *children['ipco']))
    s, _ = children['ipma']
    version, flags, r = b[s], b[s + 3], Reader(b, s + 4)
    associated = {}
    for _ in range(r.read(4)):
        item = r.read(2 if version < 1 else 4)
        indices = [r.read(2) & 0x7fff if flags & 1 else r.read(1) & 0x7f for _ in range(r.read(1))]
        associated[item] = [properties[i - 1] for i in indices if 0 < i <= len(properties)]
    return associated


def annex_b(b, hvcc, extents):
    s, e = hvcc
    h = b[s:e]
    length, q, out = (h[21] & 3) + 1, 23, bytearray()
    for _ in range(h[22]):
        count = int.from_bytes(h[q + 1:q + 3], 'big')
        q += 3
        for _ in range(count):
            n = int.from_bytes(h[q:q + 2], 'big')
            out += b'\0\0\0\1' + h[q + 2:q + 2 + n]
            q += 2 + n
    data, q = b''.join(b[s:s + n] for s, n in extents), 0
    while q + length <= len(data):
        n = int.from_bytes(data[q:q + length], 'big')
        out += b'\0\0\0\1' + data[q + length:q + length + n]
        q += length + n
    return bytes(out)


def pictures(b, thumbnail_at_least):
    meta_box = next(((s, e) for k, s, e in boxes(b, 0, len(b)) if k == 'meta'), None)
    if meta_box is None:
        raise ValueError('no meta box')
    start, end = meta_box
    meta = {k: (s, e) for k, s, e in boxes(b, start + 4, end)}
    s, _ = meta['pitm']
    primary = int.from_bytes(b[s + 4:s + (6 if b[s] == 0 else 8)], 'big')
    types = item_types(b, *meta['iinf'])
    locations = item_locations(b, meta['iloc'][0])
    refs = references(b, *meta['iref']) if 'iref' in meta else {}
    properties = item_properties(b, meta['iprp'])

    def prop(item, kind):
        return next(((s, e) for k, s, e in properties.get(item, []) if k == kind), None)

    chosen = primary
    if thumbnail_at_least:
        for item, to in refs.get('thmb', []):
            ispe = prop(item, 'ispe')
            if primary in to and types.get(item) == 'hvc1' and ispe:
                width, height = struct.unpack('>II', b[ispe[0] + 4:ispe[0] + 12])
                if max(width, height) >= thumbnail_at_least:
                    chosen = item
                    break
    tiles = {item: to for item, to in refs.get('dimg', [])}
    for item in tiles.get(chosen, []) if types.get(chosen) == 'grid' else [chosen]:
        if types.get(item) == 'hvc1' and prop(item, 'hvcC') and item in locations:
            yield annex_b(b, prop(item, 'hvcC'), locations[item])


def main(argv):
    at_least = 0
    if argv[:1] == ['--thumbnail-at-least']:
        at_least, argv = int(argv[1]), argv[2:]
    if len(argv) < 2:
        sys.exit('usage: heif-pictures.py [--thumbnail-at-least N] OUTDIR FILE...')
    out = argv[0]
    for index, path in enumerate(argv[1:]):
        try:
            found = list(pictures(open(path, 'rb').read(), at_least))
        except (ValueError, KeyError, IndexError, struct.error) as error:
            found, reason = [], 'not a HEIF file it can read (%r)' % error
        else:
            reason = 'no HEVC picture'
        if not found:
            print('heif-pictures: %s: %s, left out' % (path, reason), file=sys.stderr)
        for tile, picture in enumerate(found):
            with open(os.path.join(out, '%03d-%03d.hevc' % (index, tile)), 'wb') as f:
                f.write(picture)


if __name__ == '__main__':
    main(sys.argv[1:])
