import Foundation

/// The transforms to sRGB of the embedded profiles seen last, so that a library of photos
/// from one phone builds its profile's transform once: building a Display P3 transform
/// (lcms's tone-curve inversion) cost more CPU than running it on a 1/8-scale 12 MP photo.
/// Keyed by the profile's bytes (hashed, compared whole: two profiles share a transform only
/// when they are the same bytes). At most `capacity` are kept, the least recently used dropped
/// first; a dropped transform lives on while an image being computed still holds it.
/// Thread-safe: the decode workers share `shared`.
package final class ICCTransformCache: @unchecked Sendable {
    /// The process's cache, converting to libvips's own sRGB profile (what libvips's
    /// `icc_transform` converts to). Profiles are a few KB, a built transform some tens.
    static let shared = ICCTransformCache(capacity: 16, output: VipsImage.libvipsSRGBProfile)

    let capacity: Int
    private let output: Data?
    private let lock = NSLock()
    /// Keyed by the profile's bytes as an array, not `Data`: LeakSanitizer cannot trace a
    /// `Data` kept in a collection to its storage, and reported every cached profile of
    /// `shared` as leaked at exit; an array's storage it traces.
    private var transforms: [[UInt8]: ICCTransform] = [:]
    private var recency: [[UInt8]] = []   // least recently used first
    private var built = 0

    /// `output`: the profile every transform converts to; nil builds none (the caller
    /// converts as it would without the cache).
    init(capacity: Int, output: Data?) {
        self.capacity = max(1, capacity)
        self.output = output
    }

    /// How many transforms this cache has built: one per profile while the profile stays cached.
    var transformsBuilt: Int { lock.withLock { built } }

    /// The transform from `profile` to the output profile, built on the first request for
    /// it; nil when none can be built (`ICCTransform.init`), which is not remembered.
    func transform(for profile: Data) -> ICCTransform? {
        let key = [UInt8](profile)
        return lock.withLock {
            if let found = transforms[key] {
                touch(key)
                return found
            }
            guard let output, let made = ICCTransform(from: profile, to: output) else { return nil }
            built += 1
            if transforms.count >= capacity { transforms[recency.removeFirst()] = nil }
            transforms[key] = made
            recency.append(key)
            return made
        }
    }

    private func touch(_ profile: [UInt8]) {
        guard let index = recency.firstIndex(of: profile), index != recency.count - 1 else { return }
        recency.append(recency.remove(at: index))
    }
}
