/// A test's outcome in words, the same in every format: its result, and each issue its framework
/// recorded with its place.
enum TestOutcomeText {
    /// "failed", "skipped (needs the network)", "known issue", "crashed".
    static func result(_ outcome: TestOutcome) -> String {
        if outcome.result == .skipped, let reason = outcome.skipReason, !reason.isEmpty {
            return "skipped (\(reason))"
        }
        return outcome.result.displayName
    }

    /// "Tests/AppTests/FeedTests.swift:12", or nil when the framework gave no place.
    static func place(_ issue: TestIssue) -> String? {
        guard let file = issue.file else { return nil }
        return issue.line.map { "\(file):\($0)" } ?? file
    }

    /// What the issue is, before its place: "assertion failed", "threw", "known issue".
    static func label(_ issue: TestIssue) -> String {
        if issue.isKnown { return "known issue" }
        switch issue.kind {
        case .assertion: return "assertion failed"
        case .thrownError: return "threw"
        }
    }

    /// "assertion failed at Tests/AppTests/FeedTests.swift:12: XCTAssertEqual failed: …".
    static func line(_ issue: TestIssue) -> String {
        let at = place(issue).map { " at \($0)" } ?? ""
        return "\(label(issue))\(at): \(issue.message)"
    }

    /// The first failing issue's message and place, for a one-line summary (JUnit's `message`).
    static func firstFailure(_ outcome: TestOutcome) -> String? {
        guard let issue = outcome.failures.first else { return nil }
        return issue.message + (place(issue).map { " (\($0))" } ?? "")
    }
}
