import Foundation
import Testing
@testable import ShoeboxModel

/// `profile`'s answer to where the time goes inside a stage: time in each library, counted on
/// the thread doing the work, only while a profile counts, nested calls counted once.
@Suite struct LibraryClockTests {
    /// Real work for a measure to take time over: arithmetic, not waiting.
    static func work(_ rounds: Int = 20_000) -> UInt64 {
        var value: UInt64 = 1
        for round in 0..<rounds { value = value &* 6_364_136_223_846_793_005 &+ UInt64(round) }
        return value
    }

    @Test func nothingIsCountedUnlessAProfileCounts() {
        _ = LibraryClock.measure(.libvips) { Self.work() }
        #expect(LibraryClock.stopCounting() == nil)
    }

    @Test func timeGoesToTheLibraryMeasured() throws {
        LibraryClock.startCounting()
        _ = LibraryClock.measure(.libjpeg) { Self.work() }
        let counts = try #require(LibraryClock.stopCounting())
        #expect(counts.count == TimedLibrary.allCases.count)
        #expect(counts[TimedLibrary.libjpeg.rawValue] > 0)
        #expect(counts.enumerated().filter { $0.element > 0 }.map(\.offset) == [TimedLibrary.libjpeg.rawValue])
    }

    /// libexif called from inside a metadata parse: its time is libexif's alone, and the parse
    /// gets only what it did around it; together they are the whole.
    @Test func aNestedMeasureIsCountedOnce() throws {
        let started = DispatchTime.now().uptimeNanoseconds
        LibraryClock.startCounting()
        _ = LibraryClock.measure(.metadata) {
            Self.work() &+ LibraryClock.measure(.libexif) { Self.work() } &+ Self.work()
        }
        let counts = try #require(LibraryClock.stopCounting())
        let elapsed = DispatchTime.now().uptimeNanoseconds - started
        let parse = counts[TimedLibrary.metadata.rawValue], exif = counts[TimedLibrary.libexif.rawValue]
        #expect(parse > 0 && exif > 0)
        #expect(parse + exif <= elapsed)
    }

    /// A new count starts from zero, and another thread's work is not this thread's.
    @Test func eachCountIsItsThreadsAndStartsFromZero() throws {
        LibraryClock.startCounting()
        _ = LibraryClock.measure(.ffmpeg) { Self.work() }
        _ = LibraryClock.stopCounting()
        LibraryClock.startCounting()
        let done = DispatchSemaphore(value: 0)
        let other = Thread {
            _ = LibraryClock.measure(.libraw) { Self.work() }
            done.signal()
        }
        other.start()
        done.wait()
        let counts = try #require(LibraryClock.stopCounting())
        #expect(counts.allSatisfy { $0 == 0 })
    }
}
