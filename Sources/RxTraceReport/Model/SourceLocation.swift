/// A place in the user's source: the `subscribe` call site of a leaked chain.
public struct SourceLocation: Codable, Equatable, Hashable, Sendable {
    /// Relative to the repository root when the file is inside it (see `relative(to:)`),
    /// otherwise as the debug information gives it.
    public var file: String
    public var line: Int
    /// The demangled, readable function name (for example `FeedViewModel.bind()`).
    public var function: String?
    /// What `file` is relative to (see `SourceRoot`); nil in reports from before it was
    /// recorded, where a relative path is repository-relative.
    public var fileBase: SourcePathBase?

    public init(file: String, line: Int, function: String? = nil, fileBase: SourcePathBase? = nil) {
        self.file = file
        self.line = line
        self.function = function
        self.fileBase = fileBase
    }

    /// "Sources/App/Feed.swift:42"
    public var fileAndLine: String { "\(file):\(line)" }

    /// The same location with `file` made relative to `root` when it lies under it.
    public func relative(to root: String) -> SourceLocation {
        var copy = self
        copy.file = SourceLocation.relativePath(file, to: root)
        return copy
    }

    /// `path` relative to `root` when it lies under it, otherwise `path` unchanged.
    public static func relativePath(_ path: String, to root: String) -> String {
        guard !root.isEmpty else { return path }
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
