import Foundation
import Testing
@testable import Shoebox

/// Resource grouping as every backend stores it (`ResourceGrouping`, `ResourceReading`): the
/// files of an edited export or of a RAW beside its JPEG are one asset, shown once, whichever
/// file arrived first; a group breaks when a member goes, and forms again when it comes back.
@Suite struct ResourceGroupingContractTests {
    /// A healthy file of `kind` and `format`, `size` bytes, as the pipeline records it.
    func draft(_ path: String, format: MediaFormat = .jpeg, kind: AssetKind = .photo, size: Int64 = 100) -> AssetDraft {
        let status = SourceFile.Status(size: size, modifiedNanoseconds: 5, device: 1, inode: 2)
        var draft = AssetDraft(file: DiscoveredFile(path: path, root: "/photos", status: status), existingID: nil)
        draft.contentHash = path
        draft.format = format
        draft.kind = kind
        draft.displayedSize = PixelSize(width: 30, height: 20)
        return draft
    }

    /// The shown assets, by file name, as `fetchAssets` lists them (by name).
    func shown(_ catalog: any Catalog) throws -> [String] {
        var names: [String] = []
        try catalog.fetchAssets(AssetFetchOptions(sort: AssetSort(.name))).forEach {
            names.append(URL(fileURLWithPath: $0.path).lastPathComponent)
        }
        return names
    }

    /// The resources of the asset of `path`, as "type name size".
    func resources(of path: String, in catalog: any Catalog) throws -> [String] {
        let id = try #require(try catalog.entry(atPath: path)).id
        return try catalog.resources(ofAsset: id).map {
            "\($0.type.rawValue) \(URL(fileURLWithPath: $0.path).lastPathComponent) \($0.fileSize)"
        }
    }

    static let editedStill = ["photo IMG_1234.HEIC 100", "fullSizePhoto IMG_E1234.JPG 200", "adjustmentData IMG_1234.AAE 334"]

    @Test(arguments: CatalogBackend.all) func anEditedStillIsOneAssetShownAsItsEdit(backend: CatalogBackend) throws {
        let made = try backend.make()
        let catalog = made.catalog
        let run = try catalog.beginRun(roots: ["/photos"])
        try catalog.record(draft("/photos/IMG_1234.HEIC", format: .heic), run: run)
        try catalog.record(draft("/photos/IMG_E1234.JPG", size: 200), run: run)
        try catalog.recordResourceFile(atPath: "/photos/IMG_1234.AAE", status: .init(size: 334, modifiedNanoseconds: 1, device: 1, inode: 3),
                                       run: run)
        #expect(try shown(catalog) == ["IMG_E1234.JPG"])
        #expect(try resources(of: "/photos/IMG_E1234.JPG", in: catalog) == Self.editedStill)
        #expect(try resources(of: "/photos/IMG_1234.HEIC", in: catalog) == Self.editedStill, "any member answers for the group")
    }

    /// The adjustment file first, then the edit, then the original: the same asset.
    @Test(arguments: CatalogBackend.all) func theOrderFilesArriveInDoesNotMatter(backend: CatalogBackend) throws {
        let made = try backend.make()
        let catalog = made.catalog
        let first = try catalog.beginRun(roots: ["/photos"])
        try catalog.recordResourceFile(atPath: "/photos/IMG_1234.AAE", status: .init(size: 334, modifiedNanoseconds: 1, device: 1, inode: 3),
                                       run: first)
        try catalog.record(draft("/photos/IMG_E1234.JPG", size: 200), run: first)
        #expect(try shown(catalog) == ["IMG_E1234.JPG"])
        let second = try made.reopen()
        try second.record(draft("/photos/IMG_1234.HEIC", format: .heic), run: try second.beginRun(roots: ["/photos"]))
        #expect(try shown(second) == ["IMG_E1234.JPG"])
        #expect(try resources(of: "/photos/IMG_1234.HEIC", in: second) == Self.editedStill)
    }

    @Test(arguments: CatalogBackend.all) func aRawBesideItsJPEGIsTheJPEGsAlternate(backend: CatalogBackend) throws {
        let made = try backend.make()
        let catalog = made.catalog
        let run = try catalog.beginRun(roots: ["/photos"])
        try catalog.record(draft("/photos/DSC_0001.NEF", format: .nef, size: 900), run: run)
        try catalog.record(draft("/photos/DSC_0001.JPG"), run: run)
        try catalog.record(draft("/photos/DSC_0002.NEF", format: .nef, size: 800), run: run)
        #expect(try shown(catalog) == ["DSC_0001.JPG", "DSC_0002.NEF"])
        #expect(try resources(of: "/photos/DSC_0001.NEF", in: catalog) == ["photo DSC_0001.JPG 100", "alternatePhoto DSC_0001.NEF 900"])
        #expect(try resources(of: "/photos/DSC_0002.NEF", in: catalog) == ["photo DSC_0002.NEF 800"])
        #expect(try catalog.asset(path: "/photos/DSC_0001.NEF")?.kind == .photo)
    }

    /// Two edits of one name make the group ambiguous: each file is shown as itself.
    @Test(arguments: CatalogBackend.all) func twoEditsOfOneNameGroupNothing(backend: CatalogBackend) throws {
        let made = try backend.make()
        let catalog = made.catalog
        let run = try catalog.beginRun(roots: ["/photos"])
        try catalog.record(draft("/photos/IMG_1234.HEIC", format: .heic), run: run)
        try catalog.record(draft("/photos/IMG_E1234.JPG"), run: run)
        try catalog.record(draft("/photos/IMG_E1234.HEIC", format: .heic), run: run)
        #expect(try shown(catalog) == ["IMG_1234.HEIC", "IMG_E1234.HEIC", "IMG_E1234.JPG"])
        #expect(try resources(of: "/photos/IMG_E1234.JPG", in: catalog) == ["photo IMG_E1234.JPG 100"])
    }

    /// The edit gone from disk: the original is shown again, with the adjustment data that is
    /// still there; the edit coming back groups them again.
    @Test(arguments: CatalogBackend.all) func aGroupBreaksWhenItsShownMemberGoesAndFormsWhenItReturns(backend: CatalogBackend) throws {
        let made = try backend.make()
        let catalog = made.catalog
        let first = try catalog.beginRun(roots: ["/photos"])
        let original = try catalog.record(draft("/photos/IMG_1234.HEIC", format: .heic), run: first)
        let edit = try catalog.record(draft("/photos/IMG_E1234.JPG", size: 200), run: first)
        let aae = SourceFile.Status(size: 334, modifiedNanoseconds: 1, device: 1, inode: 3)
        try catalog.recordResourceFile(atPath: "/photos/IMG_1234.AAE", status: aae, run: first)
        let second = try catalog.beginRun(roots: ["/photos"])
        try catalog.markSeen([original], run: second)
        try catalog.recordResourceFile(atPath: "/photos/IMG_1234.AAE", status: aae, run: second)
        #expect(try catalog.markMissing(under: "/photos", notSeenIn: second) == ["/photos/IMG_E1234.JPG"])
        #expect(try shown(catalog) == ["IMG_1234.HEIC"])
        #expect(try resources(of: "/photos/IMG_1234.HEIC", in: catalog) == ["photo IMG_1234.HEIC 100", "adjustmentData IMG_1234.AAE 334"])
        let third = try catalog.beginRun(roots: ["/photos"])
        try catalog.markSeen([original, edit], run: third)
        #expect(try shown(catalog) == ["IMG_E1234.JPG"])
        #expect(try resources(of: "/photos/IMG_1234.HEIC", in: catalog) == Self.editedStill)
    }

    /// An adjustment file gone from disk is forgotten (it was never an asset): the edit and
    /// its original stay one asset.
    @Test(arguments: CatalogBackend.all) func aGoneAdjustmentFileIsForgotten(backend: CatalogBackend) throws {
        let made = try backend.make()
        let catalog = made.catalog
        let first = try catalog.beginRun(roots: ["/photos"])
        let ids = [try catalog.record(draft("/photos/IMG_1234.HEIC", format: .heic), run: first),
                   try catalog.record(draft("/photos/IMG_E1234.JPG", size: 200), run: first)]
        try catalog.recordResourceFile(atPath: "/photos/IMG_1234.AAE", status: .init(size: 334, modifiedNanoseconds: 1, device: 1, inode: 3),
                                       run: first)
        let second = try catalog.beginRun(roots: ["/photos"])
        try catalog.markSeen(ids, run: second)
        #expect(try catalog.markMissing(under: "/photos", notSeenIn: second) == [])
        #expect(try shown(catalog) == ["IMG_E1234.JPG"])
        #expect(try resources(of: "/photos/IMG_E1234.JPG", in: catalog) == ["photo IMG_1234.HEIC 100", "fullSizePhoto IMG_E1234.JPG 200"])
    }

    /// A member moved to another folder leaves its group: both are shown as what they are.
    @Test(arguments: CatalogBackend.all) func aMemberMovedAwayLeavesItsGroup(backend: CatalogBackend) throws {
        let made = try backend.make()
        let catalog = made.catalog
        let run = try catalog.beginRun(roots: ["/photos"])
        try catalog.record(draft("/photos/IMG_1234.HEIC", format: .heic), run: run)
        let edit = try catalog.record(draft("/photos/IMG_E1234.JPG", size: 200), run: run)
        try catalog.relocate(edit, to: draft("/photos/edits/IMG_E1234.JPG").file, run: run)
        #expect(try shown(catalog) == ["IMG_1234.HEIC", "IMG_E1234.JPG"])
        #expect(try resources(of: "/photos/IMG_1234.HEIC", in: catalog) == ["photo IMG_1234.HEIC 100"])
    }

    /// A failed member stands apart: the group forms from the healthy files only.
    @Test(arguments: CatalogBackend.all) func aFailedEditDoesNotHideItsOriginal(backend: CatalogBackend) throws {
        let made = try backend.make()
        let catalog = made.catalog
        let run = try catalog.beginRun(roots: ["/photos"])
        try catalog.record(draft("/photos/IMG_1234.HEIC", format: .heic), run: run)
        let edit = draft("/photos/IMG_E1234.JPG").file
        try catalog.recordFailure(IngestError(.damaged, path: edit.path, reason: "broken"), file: edit, contentHash: nil,
                                  existingID: nil, run: run)
        #expect(try shown(catalog) == ["IMG_1234.HEIC"])
        #expect(try resources(of: "/photos/IMG_1234.HEIC", in: catalog) == ["photo IMG_1234.HEIC 100"])
    }
}
