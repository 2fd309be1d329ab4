import Foundation

/// The part of an `rxtrace.json` the fixer reads (docs/report.schema.json): each test or
/// scenario with its findings and how it ended. Read on its own terms, so the fixer needs
/// nothing of rxtrace but its CLI and its report.
public struct TraceReport: Decodable, Sendable {
    /// `tests` for `rxtrace test`, absent (scenarios) for `run` and `check`.
    public var subject: String?
    public var scenarios: [Entry]

    public var isTestRun: Bool { subject == "tests" }

    public struct Entry: Decodable, Sendable {
        public var name: String
        public var status: Status
        public var findings: [Finding]
        public var testOutcome: Outcome?

        /// How the test ended as its framework saw it (`testOutcome.result` when the report has
        /// it), else whether it ran to its end: `passed`, or `failed`/`crashed`/`timedOut`.
        public var outcome: String {
            if let result = testOutcome?.result { return result }
            return ["failed", "crashed", "timedOut"].contains(status.state) ? status.state : "passed"
        }
    }

    public struct Status: Decodable, Sendable {
        public var state: String
    }

    public struct Outcome: Decodable, Sendable {
        public var result: String
    }

    public struct Finding: Decodable, Sendable {
        public var signature: String
        public var kind: String
        public var callSite: CallSite?
        /// What still holds it ("kept alive by TestScheduler's scheduled work").
        public var retentionReason: String?
        public var suppressedBy: Suppression?
        public var isNew: Bool?

        /// Findings a suppression or the baseline already accepts are left alone.
        public var isActionable: Bool { suppressedBy == nil && isNew != false }
    }

    public struct Suppression: Decodable, Sendable {}

    public struct CallSite: Decodable, Sendable {
        public var file: String
        public var line: Int
    }

    public static func read(_ url: URL) throws -> TraceReport {
        try JSONDecoder().decode(TraceReport.self, from: Data(contentsOf: url))
    }
}
