// swift-tools-version:6.0
// Shoebox: a media-ingest pipeline on libvips, libexif, LibRaw, and SQLite or PostgreSQL.
// C libraries are Debian's, wrapped as system-library targets found through pkg-config;
// nothing is fetched from outside the toolchain.
import PackageDescription

// libvips, libpq, LibRaw, libde265 and dav1d are opened on first use on x86_64 (CLazyLibraries's
// trampolines), linked elsewhere.
#if arch(x86_64)
let lazyLibrariesLinked: [LinkerSetting] = []
#else
let lazyLibrariesLinked: [LinkerSetting] = ["vips", "pq", "raw_r", "de265", "dav1d"].map { .linkedLibrary($0) }
#endif

// Release builds on Linux are linked by lld with the functions an ingest runs laid out first
// (data/link-order.txt, written by scripts/link-order.sh): the kernel maps the 64 KB around each
// page of code a process touches, and in the order the archives give, the few functions of the
// static Swift runtime and Foundation an ingest runs lie among megabytes it never does (12 MB
// of the binary's code resident at an ingest's peak; 8.4 MB laid out hot first).
let hotCodeFirst: [LinkerSetting] = [
    .unsafeFlags(["-use-ld=lld", "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/data/link-order.txt",
                  "-Xlinker", "--no-warn-symbol-ordering"],
                 .when(platforms: [.linux], configuration: .release)),
]

let package = Package(
    name: "Shoebox",
    products: [
        .library(name: "Shoebox", targets: ["Shoebox"]),
        .executable(name: "shoebox", targets: ["ShoeboxCLI"]),
        .executable(name: "ShoeboxFuzz", targets: ["ShoeboxFuzz"]),
    ],
    targets: [
        // libvips's headers, with glib's through gobject's pkg-config; not vips's, whose --libs
        // would link libvips at start-up (see CLazyLibraries).
        .systemLibrary(name: "CVips", path: "Sources/CVips", pkgConfig: "gobject-2.0",
                       providers: [.apt(["libvips-dev"])]),
        .systemLibrary(name: "CExif", path: "Sources/CExif", pkgConfig: "libexif",
                       providers: [.apt(["libexif-dev"])]),
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", pkgConfig: "sqlite3",
                       providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CXXHash", path: "Sources/CXXHash", pkgConfig: "libxxhash",
                       providers: [.apt(["libxxhash-dev"])]),
        .systemLibrary(name: "CGif", path: "Sources/CGif", pkgConfig: "libgif7",
                       providers: [.apt(["libgif-dev"])]),
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", pkgConfig: "zlib",
                       providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CExpat", path: "Sources/CExpat", pkgConfig: "expat",
                       providers: [.apt(["libexpat1-dev"])]),
        // FFmpeg's headers only: no pkgConfig, whose `--libs` would link FFmpeg at start-up.
        // CFFmpegLoader loads the libraries on first use (Debian: headers in the default path).
        .systemLibrary(name: "CFFmpeg", path: "Sources/CFFmpeg",
                       providers: [.apt(["libavformat-dev", "libavcodec-dev", "libswscale-dev", "libavutil-dev"])]),
        // The headers only of libde265, dav1d and LibRaw (in the default path): no pkgConfig,
        // whose --libs would link them at start-up (CLazyLibraries opens each on first use).
        .systemLibrary(name: "CDe265", path: "Sources/CDe265", providers: [.apt(["libde265-dev"])]),
        .systemLibrary(name: "CDav1d", path: "Sources/CDav1d", providers: [.apt(["libdav1d-dev"])]),
        .systemLibrary(name: "CLCMS2", path: "Sources/CLCMS2", pkgConfig: "lcms2",
                       providers: [.apt(["liblcms2-dev"])]),
        .systemLibrary(name: "CRaw", path: "Sources/CRaw", providers: [.apt(["libraw-dev"])]),
        // libpq's header only, for the same reason (CLazyLibraries opens libpq on first use).
        .systemLibrary(name: "CLibPQ", path: "Sources/CLibPQ", providers: [.apt(["libpq-dev"])]),
        .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),
        .target(name: "CCrashGuard", path: "Sources/CCrashGuard"),
        .target(name: "CLoadedLibrary", path: "Sources/CLoadedLibrary"),
        // libvips's calls that compile and free orc code, one at a time (orc 0.4.33 changes its
        // code memory outside its own lock).
        .target(name: "COrcLock", path: "Sources/COrcLock", linkerSettings: [.linkedLibrary("dl"), .linkedLibrary("orc-0.4")]),
        // libjpeg-turbo (libjpeg62-turbo-dev, pkg-config `libjpeg`: headers in the default path),
        // called from C because its errors longjmp.
        .target(name: "CJPEGDecode", path: "Sources/CJPEGDecode", linkerSettings: [.linkedLibrary("jpeg")]),
        // The inner loop of Shoebox's own Lanczos-3 reduce, vectorised for the CPU at hand.
        .target(name: "CResample", path: "Sources/CResample"),
        .target(name: "CFFmpegLoader", dependencies: ["CFFmpeg"], path: "Sources/CFFmpegLoader",
                linkerSettings: [.linkedLibrary("dl")]),
        // Libraries opened on first use, bound only by a process that needs them: libvips (125
        // libraries with its own), libpq (19), LibRaw, libde265, dav1d.
        .target(name: "CLazyLibraries", path: "Sources/CLazyLibraries",
                exclude: ["vips_functions.def", "libpq_functions.def", "libraw_functions.def", "de265_functions.def",
                          "dav1d_functions.def", "lazy_trampolines.inc", "lazy_trampolines_define.inc"],
                linkerSettings: [.linkedLibrary("dl")] + lazyLibrariesLinked),
        // Values and pure rules: what an asset, an album and a file are, and the rules that
        // need no library (sizes, capture time, Live Photo pairing, resource grouping).
        .target(name: "ShoeboxModel", path: "Sources/ShoeboxModel", swiftSettings: [.swiftLanguageMode(.v6)]),
        // Offline reverse geocoding: GeoNames' populated places (data/places.bin.gz), a
        // position's nearest place, region, country and time zone.
        .target(name: "ShoeboxPlaces", dependencies: ["ShoeboxModel", "CZlib"], path: "Sources/ShoeboxPlaces",
                swiftSettings: [.swiftLanguageMode(.v6)]),
        // Reading originals safely and the parsers Shoebox writes itself (containers, EXIF,
        // XMP, IPTC): no decoding library, the fuzzers' main ground.
        .target(name: "ShoeboxParsers", dependencies: ["ShoeboxModel", "CXXHash", "CExpat", "CZlib"],
                path: "Sources/ShoeboxParsers", swiftSettings: [.swiftLanguageMode(.v6)]),
        // The catalog: one core over two SQL dialects, SQLite (the default) and PostgreSQL.
        .target(name: "ShoeboxCatalog", dependencies: ["ShoeboxModel", "CSQLite", "CLibPQ", "CLazyLibraries"],
                path: "Sources/ShoeboxCatalog", swiftSettings: [.swiftLanguageMode(.v6)]),
        // The decoding libraries' Swift side: libvips, libexif, LibRaw, FFmpeg, libde265, dav1d,
        // giflib, lcms2, libjpeg-turbo, and Shoebox's own resampler.
        .target(name: "ShoeboxMedia", dependencies: ["ShoeboxModel", "ShoeboxParsers", "CVips", "CExif", "CGif", "CFFmpeg",
                                                     "CDe265", "CDav1d", "CLCMS2", "CRaw", "CCrashGuard", "CLoadedLibrary",
                                                     "CFFmpegLoader", "CJPEGDecode", "COrcLock", "CResample", "CLazyLibraries"],
                path: "Sources/ShoeboxMedia", swiftSettings: [.swiftLanguageMode(.v6)]),
        // The ingest: its pipeline and stages, the library folder, the profiler, covers.
        .target(name: "Shoebox", dependencies: ["ShoeboxModel", "ShoeboxPlaces", "ShoeboxParsers", "ShoeboxMedia", "ShoeboxCatalog",
                                                "CCrashGuard", "CMalloc"],
                path: "Sources/Shoebox", swiftSettings: [.swiftLanguageMode(.v6)]),
        // The pages: the static gallery, contact sheets and the profile's page.
        .target(name: "ShoeboxGallery", dependencies: ["Shoebox"], path: "Sources/ShoeboxGallery",
                swiftSettings: [.swiftLanguageMode(.v6)]),
        .executableTarget(name: "ShoeboxCLI", dependencies: ["ShoeboxGallery", "Shoebox", "CCrashGuard"], path: "Sources/ShoeboxCLI",
                          swiftSettings: [.swiftLanguageMode(.v6)], linkerSettings: hotCodeFirst),
        // The parser fuzz harness (scripts/fuzz.sh builds it with libFuzzer; plain, it replays inputs).
        .executableTarget(name: "ShoeboxFuzz", dependencies: ["Shoebox"], path: "Fuzz", exclude: ["shoebox.dict"]),
        .testTarget(name: "ShoeboxTests", dependencies: ["ShoeboxModel", "ShoeboxPlaces", "ShoeboxParsers", "ShoeboxMedia", "ShoeboxCatalog", "Shoebox", "ShoeboxGallery", "ShoeboxCLI"], path: "Tests/ShoeboxTests"),
    ],
    swiftLanguageModes: [.v5]
)
