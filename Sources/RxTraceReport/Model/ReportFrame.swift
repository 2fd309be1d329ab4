/// Where a backtrace frame's code comes from. Renderers fold everything but user frames.
public enum FrameOrigin: String, Codable, CaseIterable, Sendable {
    case user
    case rxCore
    case rxTrace
    case swiftRuntime
    case system

    /// For "… 7 RxCore frames".
    public var displayName: String {
        switch self {
        case .user: return "user"
        case .rxCore: return "RxCore"
        case .rxTrace: return "RxTrace"
        case .swiftRuntime: return "Swift runtime"
        case .system: return "system"
        }
    }
}

/// One symbolicated frame of an allocation backtrace, as a report shows it.
public struct ReportFrame: Codable, Equatable, Sendable {
    /// Demangled function name, or the raw symbol/address when unknown.
    public var function: String
    public var file: String?
    public var line: Int?
    public var origin: FrameOrigin
    /// Whether renderers hide this frame in a folded run. `nil` lets them decide by origin:
    /// everything but `user` frames is folded.
    public var folded: Bool?
    /// What `file` is relative to (see `SourceRoot`); nil when unknown (older reports).
    public var fileBase: SourcePathBase?
    /// True in a function the optimiser merged with others (`SourceLocation.mergedFunction`):
    /// the line is shared by all of them. Nil otherwise.
    public var mergedFunction: Bool?
    /// As `SourceLocation.mergedCandidates`.
    public var mergedCandidates: [String]?

    public init(
        function: String,
        file: String? = nil,
        line: Int? = nil,
        origin: FrameOrigin,
        folded: Bool? = nil,
        fileBase: SourcePathBase? = nil,
        mergedFunction: Bool? = nil,
        mergedCandidates: [String]? = nil
    ) {
        self.function = function
        self.file = file
        self.line = line
        self.origin = origin
        self.folded = folded
        self.fileBase = fileBase
        self.mergedFunction = mergedFunction
        self.mergedCandidates = mergedCandidates
    }

    /// What a report says of a merged frame: its line is shared (`SourceLocation.mergedFunctionNote`),
    /// or, without a line, which functions its code stands for. Nil for any other frame.
    public var mergedNote: String? {
        guard mergedFunction == true else { return nil }
        if line != nil { return SourceLocation.mergedFunctionNote(candidates: mergedCandidates) }
        let which = mergedCandidates.map { $0.count > 1 ? ": the code of \($0.joined(separator: ", "))" : "" } ?? ""
        return
            "in a function the optimizer merged with others\(which), with no line of its own; build with \(SourceLocation.mergeFunctionsOff) to tell them apart"
    }

    /// `fileAndLine`, with `SourceLocation.mergedFunctionShortNote` (or the merged functions, when
    /// known) after it in a merged function; without a line, that the function has none.
    public var fileAndLineNoted: String? {
        guard mergedFunction == true else { return fileAndLine }
        var merged = line == nil ? "in a merged function, no line of its own" : SourceLocation.mergedFunctionShortNote
        if let candidates = mergedCandidates, candidates.count > 1 {
            merged = "merged: " + candidates.joined(separator: ", ")
        }
        return fileAndLine.map { "\($0), \(merged)" } ?? merged
    }

    /// The innermost user frame of `backtrace` when it is in a merged function: a finding made
    /// there names the merged functions even when it has no line to place it at.
    public static func mergedCallSite(in backtrace: [ReportFrame]) -> ReportFrame? {
        guard let user = backtrace.first(where: { $0.origin == .user }), user.mergedFunction == true else { return nil }
        return user
    }

    public var isFolded: Bool { folded ?? (origin != .user) }

    /// "Sources/App/Feed.swift:42", or nil without a file.
    public var fileAndLine: String? {
        guard let file else { return nil }
        if let line { return "\(file):\(line)" }
        return file
    }
}

/// Consecutive frames as renderers show them: a visible frame, or a folded run.
public enum ReportFrameGroup: Equatable, Sendable {
    /// A frame shown in full, with its index in the backtrace.
    case frame(index: Int, ReportFrame)
    /// Consecutive folded frames; `origins` in order of first appearance.
    case folded(frames: [ReportFrame], origins: [FrameOrigin])

    /// "… 7 RxCore frames", "… 3 RxCore and Swift runtime frames".
    public var foldedSummary: String? {
        guard case .folded(let frames, let origins) = self else { return nil }
        let names = origins.map(\.displayName)
        let what =
            names.count <= 1 ? (names.first ?? "") : names.dropLast().joined(separator: ", ") + " and " + names.last!
        return "… \(frames.count) \(what) \(frames.count == 1 ? "frame" : "frames")"
    }

    /// Groups a backtrace for display, folding runs of folded frames.
    public static func group(_ frames: [ReportFrame]) -> [ReportFrameGroup] {
        var groups: [ReportFrameGroup] = []
        var run: [ReportFrame] = []
        var runOrigins: [FrameOrigin] = []
        func flush() {
            if !run.isEmpty { groups.append(.folded(frames: run, origins: runOrigins)) }
            run = []
            runOrigins = []
        }
        for (index, frame) in frames.enumerated() {
            if frame.isFolded {
                run.append(frame)
                if !runOrigins.contains(frame.origin) { runOrigins.append(frame.origin) }
            } else {
                flush()
                groups.append(.frame(index: index, frame))
            }
        }
        flush()
        return groups
    }
}

extension LeakFinding {
    /// What every report format says of a finding made in a function the optimiser merged with
    /// others: at its call site when it has one (the line is shared), else at the innermost user
    /// frame of its backtrace (the merged functions it stands for). Nil elsewhere.
    public var mergedFunctionNote: String? {
        if let site = callSite { return site.mergedNote }
        return ReportFrame.mergedCallSite(in: backtrace)?.mergedNote
    }
}
