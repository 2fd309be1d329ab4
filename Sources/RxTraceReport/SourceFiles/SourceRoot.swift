import Foundation

/// The folder report paths are relative to: the repository being checked.
///
/// Found from the working directory by walking up to the nearest folder holding `.git` (a
/// folder in a clone, a file in a worktree or submodule), so rxtrace gives the same paths
/// whether it is started at the repository root, in a subfolder package of a monorepo or in
/// `Sources/`. Without a `.git` above, the working directory itself is the root.
/// `--source-root DIR` overrides the search.
///
/// Renderers and anything that reads a source file at report time (snippets) use
/// `absolutePath(_:)` to go back from a report path to the file.
public struct SourceRoot: Equatable, Sendable {
    /// Absolute, standardised, without a trailing slash ("/" for the file system root).
    public let path: String

    /// `path` as given, made absolute against the working directory.
    public init(path: String) {
        self.path = SourceRoot.absolute(path)
    }

    /// The nearest folder at or above `directory` that holds `.git`, else `directory`.
    public static func discover(from directory: String = FileManager.default.currentDirectoryPath) -> SourceRoot {
        let start = absolute(directory)
        var candidate = start
        while true {
            if FileManager.default.fileExists(atPath: join(candidate, ".git")) { return SourceRoot(path: candidate) }
            guard let parent = parent(of: candidate) else { return SourceRoot(path: start) }
            candidate = parent
        }
    }

    /// Where `file` (a path from debug information) belongs in a report.
    public func locate(_ file: String) -> SourcePath {
        if file.isEmpty || file.contains("<compiler-generated>") { return .compilerGenerated }
        guard file.hasPrefix("/") else { return .repository(file) }
        let standardised = SourceRoot.absolute(file)
        let prefix = path == "/" ? "/" : path + "/"
        if standardised.hasPrefix(prefix) {
            let relative = String(standardised.dropFirst(prefix.count))
            // Build products and checked-out dependencies are not the repository's own sources.
            if !relative.split(separator: "/").contains(where: { $0.hasPrefix(".build") }) {
                return .repository(relative)
            }
        }
        return .outside(SourceRoot.readableOutsidePath(standardised))
    }

    /// The file a repository-relative report path names; nil for a path outside the root.
    public func absolutePath(_ reportPath: String, base: SourcePathBase? = .repository) -> String? {
        if reportPath.hasPrefix("/") { return reportPath }
        guard base != .outside else { return nil }
        return SourceRoot.join(path, reportPath)
    }

    /// A location outside the repository without the machine's folders: from a SwiftPM
    /// checkout its package name on ("RxSwift/Sources/RxSwift/Map.swift"), else from the folder
    /// holding `Sources`, `Tests` or `stdlib` on ("rxtrace/Sources/RxCore/Map.swift",
    /// "swift/stdlib/public/core/Array.swift"), else the file's folder and name.
    static func readableOutsidePath(_ absolute: String) -> String {
        let components = absolute.split(separator: "/").map(String.init)
        if let checkouts = components.lastIndex(of: "checkouts"), checkouts + 1 < components.count {
            return components[(checkouts + 1)...].joined(separator: "/")
        }
        // rxtrace's own sources outside a checkout (a clone depended on by path): named
        // rxtrace, not after the clone's folder on this machine.
        if let sources = components.lastIndex(of: "Sources"), sources + 1 < components.count,
            rxtraceSourceFolders.contains(components[sources + 1])
        {
            return (["rxtrace"] + components[sources...]).joined(separator: "/")
        }
        if let anchor = components.lastIndex(where: { ["Sources", "Tests", "Tools", "stdlib"].contains($0) }),
            anchor > 0
        {
            return components[(anchor - 1)...].joined(separator: "/")
        }
        return components.suffix(2).joined(separator: "/")
    }

    /// The source folders of rxtrace's own targets.
    static let rxtraceSourceFolders = RxtraceModules.sourceFolders

    /// Absolute and standardised: no ".", "..", doubled or trailing slashes.
    static func absolute(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : join(FileManager.default.currentDirectoryPath, path)
        var parts: [Substring] = []
        for part in full.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The containing folder, nil at "/".
    static func parent(of path: String) -> String? {
        guard path != "/", let slash = path.lastIndex(of: "/") else { return nil }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}

/// Where a report's file path is anchored (the JSON `fileBase` of call sites and frames).
public enum SourcePathBase: String, Codable, Sendable {
    /// Relative to the repository root (SARIF `%SRCROOT%`).
    case repository
    /// Outside the repository (a dependency, the toolchain): a readable path that names no
    /// machine folder and cannot be resolved to a file.
    case outside
}

/// A debug-information path placed for a report.
public enum SourcePath: Equatable, Sendable {
    case repository(String)
    case outside(String)
    /// Code the compiler generated (thunks, witnesses): no source location at all.
    case compilerGenerated

    /// The path a report shows, nil for compiler-generated code.
    public var reportPath: String? {
        switch self {
        case .repository(let path), .outside(let path): return path
        case .compilerGenerated: return nil
        }
    }

    public var base: SourcePathBase? {
        switch self {
        case .repository: return .repository
        case .outside: return .outside
        case .compilerGenerated: return nil
        }
    }
}
