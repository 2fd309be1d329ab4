/// One thread of a scenario's process as it was when the scenario was stopped: every thread of
/// a scenario that timed out (captured before the process was ended), the crashed thread of
/// one that crashed. Threads that reach user code come first.
public struct ReportThreadStack: Codable, Equatable, Sendable {
    /// The thread's name, when it has one.
    public var name: String?
    /// The thread that crashed (false for every thread of a hang).
    public var crashed: Bool
    /// Innermost frame first.
    public var frames: [ReportFrame]
    /// The source around `userFrame`'s line, read when the report was made; nil without a
    /// user frame or when the file could not be read.
    public var snippet: SourceSnippet?

    public init(name: String? = nil, crashed: Bool = false, frames: [ReportFrame], snippet: SourceSnippet? = nil) {
        self.name = name
        self.crashed = crashed
        self.frames = frames
        self.snippet = snippet
    }

    /// The innermost user frame: the line the thread waited (or crashed) at.
    public var userFrame: ReportFrame? { frames.first { $0.origin == .user } }

    /// `thread "main"`, or `a thread` without a name.
    public var label: String { name.map { "thread \"\($0)\"" } ?? "a thread" }
}
