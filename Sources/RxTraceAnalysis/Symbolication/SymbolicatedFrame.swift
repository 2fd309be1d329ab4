import RxTraceReport

/// One frame of an allocation backtrace, resolved. Inlined calls appear as frames of their
/// own with the same address.
public struct SymbolicatedFrame: Codable, Sendable, Hashable, CustomStringConvertible {
    public var address: UInt
    /// The demangled function name (or `"0x…"` when it could not be resolved).
    public var function: String
    public var file: String?
    public var line: Int?
    /// The image (executable or shared library) file name.
    public var image: String?
    public var origin: FrameOrigin
    /// The address is in a function the optimiser merged with others whose bodies differed only
    /// in constants (a `…Tm` symbol, shown as `merged …` by the demangler): `function`, `file` and
    /// `line` are one of the merged functions', and the code may be running for any of them.
    public var mergedFunction: Bool
    /// With `mergedFunction`: the readable names of the functions merged into it (those that
    /// jump into it), from the image's symbol table; nil when unknown.
    public var mergedCandidates: [String]?

    public init(
        address: UInt,
        function: String,
        file: String? = nil,
        line: Int? = nil,
        image: String? = nil,
        origin: FrameOrigin,
        mergedFunction: Bool = false,
        mergedCandidates: [String]? = nil
    ) {
        self.address = address
        self.function = function
        self.file = file
        self.line = line
        self.image = image
        self.origin = origin
        self.mergedFunction = mergedFunction
        self.mergedCandidates = mergedCandidates
    }

    /// `function (File.swift:42)`, or `function [image]` without debug info.
    public var description: String {
        if let fileName { return "\(function) (\(fileName)\(line.map { ":\($0)" } ?? ""))" }
        if let image { return "\(function) [\(image)]" }
        return function
    }

    /// The file's last path component, as used in signatures and short reports.
    public var fileName: String? {
        file.map { path in path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path }
    }
}

extension SymbolicatedFrame {
    /// Where a report places this frame, when its line is known.
    public var location: SourceLocation? {
        guard let file, let line else { return nil }
        return SourceLocation(
            file: file,
            line: line,
            function: function,
            mergedFunction: mergedFunction ? true : nil,
            mergedCandidates: mergedCandidates
        )
    }

    /// This frame as a report shows it.
    public var reportFrame: ReportFrame {
        ReportFrame(
            function: function,
            file: file,
            line: line,
            origin: origin,
            mergedFunction: mergedFunction ? true : nil,
            mergedCandidates: mergedCandidates
        )
    }
}
