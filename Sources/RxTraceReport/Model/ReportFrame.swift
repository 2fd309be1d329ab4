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

    public init(function: String, file: String? = nil, line: Int? = nil, origin: FrameOrigin, folded: Bool? = nil, fileBase: SourcePathBase? = nil) {
        self.function = function
        self.file = file
        self.line = line
        self.origin = origin
        self.folded = folded
        self.fileBase = fileBase
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
        let what = names.count <= 1 ? (names.first ?? "") : names.dropLast().joined(separator: ", ") + " and " + names.last!
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
