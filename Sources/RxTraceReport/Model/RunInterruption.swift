/// A run stopped by SIGINT (Ctrl-C) or SIGTERM: the report holds the scenarios that finished;
/// these did not (they were running and were ended, or were never started).
public struct RunInterruption: Codable, Equatable, Sendable {
    /// "SIGINT" or "SIGTERM".
    public var signal: String
    /// In the order they were selected.
    public var unfinishedScenarios: [String]

    public init(signal: String, unfinishedScenarios: [String]) {
        self.signal = signal
        self.unfinishedScenarios = unfinishedScenarios
    }

    /// "interrupted by SIGINT; 2 scenarios did not finish: hangs, leaks"
    public var displayText: String { displayText(for: .scenarios) }

    /// "interrupted by SIGINT; 1 test did not finish: AppTests.FeedTests/testSlow"
    public func displayText(for subject: RunSubject) -> String {
        var text = "interrupted by \(signal)"
        if !unfinishedScenarios.isEmpty {
            let count = unfinishedScenarios.count
            text +=
                "; \(count) \(count == 1 ? subject.noun : subject.noun + "s") did not finish: \(unfinishedScenarios.joined(separator: ", "))"
        }
        return text
    }
}
