import Foundation

/// A copy of the user's package (without `.build`) where candidates are tried one at a time.
/// It sits beside the package, at the same depth, so that the package's relative `path:`
/// dependencies (`../..`) name the same folders from the copy; its name starts with `.build` so
/// that the usual ignore patterns keep it out of `git status`. One copy serves every candidate,
/// so only the first re-run builds from nothing; each later one rebuilds what its change touched.
public struct ScratchPackage {
    public let original: URL
    public let copy: URL

    public init(original: URL, copy: URL? = nil) throws {
        self.original = original.standardizedFileURL
        self.copy =
            copy
            ?? original.deletingLastPathComponent().appendingPathComponent(
                ".build-rxtrace-fix-\(original.lastPathComponent)"
            )
        let manager = FileManager.default
        // A copy kept from an earlier run (`--scratch` with `--keep-scratch`) keeps its build
        // folders, so that its first re-run is incremental too; everything else is copied anew.
        if manager.fileExists(atPath: self.copy.path) {
            for name in try manager.contentsOfDirectory(atPath: self.copy.path) where !name.hasPrefix(".build") {
                try manager.removeItem(at: self.copy.appendingPathComponent(name))
            }
        }
        try Self.copyTree(from: self.original, to: self.copy)
    }

    /// Copies a folder, leaving out build products (`.build…`, `.swiftpm`), the fixer's own copies among them.
    static func copyTree(from source: URL, to destination: URL) throws {
        let manager = FileManager.default
        try manager.createDirectory(at: destination, withIntermediateDirectories: true)
        for name in try manager.contentsOfDirectory(atPath: source.path) {
            if name.hasPrefix(".build") || name == ".swiftpm" { continue }
            let from = source.appendingPathComponent(name)
            let to = destination.appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            _ = manager.fileExists(atPath: from.path, isDirectory: &isDirectory)
            if isDirectory.boolValue, (try? manager.destinationOfSymbolicLink(atPath: from.path)) == nil {
                try copyTree(from: from, to: to)
            } else {
                try manager.copyItem(at: from, to: to)
            }
        }
    }

    /// Writes `text` as the copy's file at `path` (package-relative).
    public func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: copy.appendingPathComponent(path), options: .atomic)
    }

    public func remove() {
        try? FileManager.default.removeItem(at: copy)
    }
}
