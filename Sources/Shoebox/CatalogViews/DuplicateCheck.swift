/// The duplicate groups a user may act on: what the catalog says (`DuplicateFinding`) held
/// against the disk now, so that removing all but one copy of a group never removes the last.
///
/// A catalogued copy is listed only when its path is a regular file of the catalogued size
/// and modification time (with `verify`, its bytes hashed again to the catalogued hash too);
/// hard links to one file are one copy (the first path, in order, stands for it); a group is
/// listed only with two copies or more left. Every copy left out is returned with why.
public enum DuplicateCheck {
    public struct LeftOut: Sendable, Equatable {
        public enum Reason: Sendable, Equatable {
            /// No regular file at the path now.
            case gone
            /// A different size or modification time than the last ingest saw.
            case changed
            /// The same size and time, but bytes that hash otherwise (`verify` only).
            case contentDiffers
            /// A hard link to a file listed under another path.
            case sameFile(as: String)
        }

        public var path: String
        public var reason: Reason
    }

    public struct Result: Sendable, Equatable {
        public var groups: [DuplicateGroup]
        public var leftOut: [LeftOut]
    }

    public static func groups(of candidates: [CataloguedCopy], verify: Bool) -> Result {
        var present: [(contentHash: String, fileSize: Int64, path: String)] = [], leftOut: [LeftOut] = []
        var pathOfFile: [FileIdentity: String] = [:]
        for copy in candidates.sorted(by: { $0.path < $1.path }) {
            switch check(copy, verify: verify) {
            case let .failure(reason):
                leftOut.append(LeftOut(path: copy.path, reason: reason))
            case let .success(identity):
                if let first = pathOfFile[identity] {
                    leftOut.append(LeftOut(path: copy.path, reason: .sameFile(as: first)))
                } else {
                    pathOfFile[identity] = copy.path
                    present.append((copy.contentHash, copy.fileSize, copy.path))
                }
            }
        }
        return Result(groups: DuplicateGroup.largestFirst(present), leftOut: leftOut)
    }

    private struct FileIdentity: Hashable {
        let device: UInt64, inode: UInt64
    }

    private enum Check {
        case failure(LeftOut.Reason)
        case success(FileIdentity)
    }

    private static func check(_ copy: CataloguedCopy, verify: Bool) -> Check {
        guard let status = SourceFile.status(ofPath: copy.path) else { return .failure(.gone) }
        guard status.size == copy.fileSize, status.modifiedNanoseconds == copy.modifiedNanoseconds else { return .failure(.changed) }
        if verify {
            guard let (hash, hashed) = try? SourceFile.hash(copy.path) else { return .failure(.gone) }
            guard hashed == status else { return .failure(.changed) }
            guard hash == copy.contentHash else { return .failure(.contentDiffers) }
        }
        return .success(FileIdentity(device: status.device, inode: status.inode))
    }
}
