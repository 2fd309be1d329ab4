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
    /// True when the code at this place is a function the optimiser merged with others whose
    /// bodies differed only in constants (release builds): the line is one of theirs, shared by
    /// all of them, and may belong to another of the merged call sites. Nil otherwise.
    public var mergedFunction: Bool?
    /// With `mergedFunction`: the functions whose code this is (the merged ones that jump into
    /// it), when the executable's symbols tell them; any of them may have run.
    public var mergedCandidates: [String]?

    public init(
        file: String,
        line: Int,
        function: String? = nil,
        fileBase: SourcePathBase? = nil,
        mergedFunction: Bool? = nil,
        mergedCandidates: [String]? = nil
    ) {
        self.file = file
        self.line = line
        self.function = function
        self.fileBase = fileBase
        self.mergedFunction = mergedFunction
        self.mergedCandidates = mergedCandidates
    }

    /// The build setting that keeps merged functions apart, as every note names it.
    public static let mergeFunctionsOff = "-Xswiftc -Xfrontend -Xswiftc -disable-llvm-merge-functions-pass"

    /// What every report format says beside a line in a merged function (`candidates`: the
    /// merged functions, when known).
    public static func mergedFunctionNote(candidates: [String]?) -> String {
        let which = candidates.map { $0.count > 1 ? " (\($0.joined(separator: ", ")))" : "" } ?? ""
        return
            "line shared with other functions the optimizer merged\(which); build with \(mergeFunctionsOff) to tell them apart"
    }

    /// Its short form, beside a line in a backtrace or a path.
    public static let mergedFunctionShortNote = "line shared by merged functions"

    /// `mergedFunctionNote` when this place is in a merged function.
    public var mergedNote: String? {
        mergedFunction == true ? SourceLocation.mergedFunctionNote(candidates: mergedCandidates) : nil
    }

    /// `fileAndLine`, with `mergedFunctionShortNote` after it in a merged function.
    public var fileAndLineNoted: String {
        guard mergedFunction == true else { return fileAndLine }
        if let candidates = mergedCandidates, candidates.count > 1 {
            return "\(fileAndLine), merged: \(candidates.joined(separator: ", "))"
        }
        return "\(fileAndLine), \(SourceLocation.mergedFunctionShortNote)"
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
