/// Where a scenario that was stopped (it timed out, or crashed) was, as every format shows it:
/// the threads that were in user code, each at its innermost user frame, and how many threads
/// were elsewhere. Built from `ScenarioReport.threadStacks`, so text, HTML, JUnit and Markdown
/// say the same thing.
public struct ScenarioStop: Equatable, Sendable {
    /// Whether the threads were waiting (a hang) or one crashed.
    public var crashed: Bool
    /// Threads with a user frame, in the report's order (the crashed thread first).
    public var threadsInUserCode: [ReportThreadStack]
    /// Threads that never reached user code (library, runtime or system threads).
    public var otherThreadCount: Int

    /// Nil when the scenario has no thread stacks (it finished, threw, or they could not be
    /// captured).
    public init?(_ scenario: ScenarioReport) {
        guard !scenario.threadStacks.isEmpty else { return nil }
        if case .crashed = scenario.status { crashed = true } else { crashed = false }
        threadsInUserCode = scenario.threadStacks.filter { $0.userFrame != nil }
        otherThreadCount = scenario.threadStacks.count - threadsInUserCode.count
    }

    /// "where it waited" or "where it crashed".
    public var heading: String { crashed ? "where it crashed" : "where it waited" }

    /// "waited" or "crashed", for "thread "main" waited at …".
    public var verb: String { crashed ? "crashed" : "waited" }

    /// The first user-code thread's place in one line, for a message or a table cell:
    /// `waited at Sources/App/Feed.swift:42 in FeedViewModel.load() (thread "main")`, or what
    /// is known when no thread was in user code. "unknown" rather than a guess.
    public var placeLine: String {
        guard let thread = threadsInUserCode.first, let frame = thread.userFrame else {
            return
                "\(verb) outside user code (\(ReportNumbers.count(otherThreadCount, "thread")) in library or system code)"
        }
        var line = "\(verb) at \(frame.fileAndLine ?? "an unknown line") in \(frame.function) (\(thread.label))"
        if threadsInUserCode.count > 1 {
            line += " and \(ReportNumbers.count(threadsInUserCode.count - 1, "more thread")) in user code"
        }
        return line
    }
}
