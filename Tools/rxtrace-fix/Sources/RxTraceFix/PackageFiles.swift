import Foundation

/// Resolves the paths a report gives (repository-relative, package-relative or absolute) to
/// paths relative to one package's folder.
public struct PackageFiles: Sendable {
    public let root: URL

    public init(root: URL) {
        self.root = root.standardizedFileURL
    }

    /// `Sources/Feed/FeedScreen.swift` for the report's path of a file in this package; nil for a
    /// file outside it (a dependency) or one that is not there.
    public func relative(_ reported: String) -> String? {
        let prefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
        if reported.hasPrefix("/") {
            return reported.hasPrefix(prefix) ? String(reported.dropFirst(prefix.count)) : nil
        }
        var base = root
        while true {
            let candidate = base.appendingPathComponent(reported).standardizedFileURL.path
            if candidate.hasPrefix(prefix), FileManager.default.fileExists(atPath: candidate) {
                return String(candidate.dropFirst(prefix.count))
            }
            let parent = base.deletingLastPathComponent()
            if parent.path == base.path { return nil }
            base = parent
        }
    }

    public func read(_ relative: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
    }
}
