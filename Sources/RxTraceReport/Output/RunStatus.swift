import Foundation

/// The run's outcome in one machine-readable line, the last line rxtrace prints on every exit
/// path, and the same in `rxtrace-status.json` and `rxtrace-status.txt` in the output folder.
/// SwiftPM's command plugin turns every non-zero exit into 1, so a CI step run through
/// `swift package rxtrace test` tells leaks from failing tests from bad input by this line.
///
/// Grammar (space-separated `key=value`, keys in this order, values without spaces):
///
///     rxtrace: status=<passed|failed|leaks|crashed|bad-input|interrupted> exit=<0|1|2|3|130>
///         [tests=N passed=N failed=N skipped=N known-issues=N crashed=N hung=N leaking=N new=N]
///
/// The counts follow only when there is a report: `tests=` for `rxtrace test`, `scenarios=`
/// (then `passed`, `failed`, `crashed`, `leaking`, `new`) for `run`, `check` and `report`.
/// `failed` wins over `leaks` when a test both fails and leaks: the counts say both.
public struct RunStatus: Codable, Equatable, Sendable {
    /// What CI branches on.
    public enum Word: String, Codable, Sendable {
        /// Every test passed and nothing new leaks (exit 0).
        case passed
        /// A test failed (an assertion, an expectation, a thrown error) or a scenario's verdict is
        /// not the one it declares (exit 1), whether or not something also leaks.
        case failed
        /// Only leaks fail the run (exit 1).
        case leaks
        /// A test or scenario crashed or hung, or the tests did not build (exit 3).
        case crashed
        /// Bad usage or input, or reports that could not be written (exit 2).
        case badInput = "bad-input"
        /// SIGINT or SIGTERM stopped the run (exit 130).
        case interrupted
    }

    /// The counts behind the word, when the run has a report.
    public struct Counts: Codable, Equatable, Sendable {
        public var subject: RunSubject
        /// Tests or scenarios reported.
        public var total: Int
        public var passed: Int
        public var failed: Int
        /// Tests only (nil for scenarios).
        public var skipped: Int?
        public var knownIssues: Int?
        /// Tests that crashed; for scenarios, those that crashed, hung or threw unexpectedly.
        public var crashed: Int
        public var hung: Int?
        /// Tests or scenarios with a finding not suppressed (failing or in the baseline).
        public var leaking: Int
        /// Of those, the ones whose findings fail the run (absent from the baseline).
        public var new: Int
    }

    public var status: Word
    public var exit: Int32
    public var counts: Counts?

    public init(status: Word, exit: Int32, counts: Counts? = nil) {
        self.status = status
        self.exit = exit
        self.counts = counts
    }

    /// The status of a run that ended with `exit` before it had a report (bad input, tests that
    /// did not build, an interruption during the build).
    public init(exit: ExitStatus) {
        switch exit {
        case .clean: self.init(status: .passed, exit: exit.rawValue)
        case .findings: self.init(status: .failed, exit: exit.rawValue)
        case .badInput: self.init(status: .badInput, exit: exit.rawValue)
        case .crashedOrTimedOut: self.init(status: .crashed, exit: exit.rawValue)
        case .interrupted: self.init(status: .interrupted, exit: exit.rawValue)
        }
    }

    /// The status of a gated report: its gate's exit code, and whether tests failed or only leaks.
    public init(report: RunReport) {
        let gate = report.gateOutcome
        let word: Word
        switch gate {
        case .passed: word = .passed
        case .abnormal: word = .crashed
        case .interrupted: word = .interrupted
        case .findings:
            // A failing test, or a scenario failing for a reason that is not a finding, wins.
            let failed = report.scenarios.contains {
                !$0.passed && ($0.testOutcome?.result == .failed || $0.failingFindings.isEmpty)
            }
            word = failed ? .failed : .leaks
        }
        let summary = report.summary
        let counts: Counts
        if let tests = summary.tests {
            counts = Counts(
                subject: .tests,
                total: tests.tests,
                passed: tests.passed,
                failed: tests.failed,
                skipped: tests.skipped,
                knownIssues: tests.knownIssues,
                crashed: tests.crashed,
                hung: tests.hung,
                leaking: tests.leaking,
                new: tests.newLeaking
            )
        } else {
            counts = Counts(
                subject: report.subject,
                total: summary.scenarios,
                passed: summary.passed,
                failed: summary.failed,
                crashed: summary.abnormal,
                leaking: report.scenarios.filter(\.isLeaking).count,
                new: report.scenarios.filter { !$0.failingFindings.isEmpty }.count
            )
        }
        self.init(status: word, exit: gate.exitCode, counts: counts)
    }

    /// The one line (no newline): `rxtrace: status=leaks exit=1 tests=8 passed=8 …`.
    public var line: String {
        var fields = ["status=\(status.rawValue)", "exit=\(exit)"]
        if let counts {
            let unit = counts.subject == .tests ? "tests" : "scenarios"
            fields += ["\(unit)=\(counts.total)", "passed=\(counts.passed)", "failed=\(counts.failed)"]
            if let skipped = counts.skipped { fields.append("skipped=\(skipped)") }
            if let known = counts.knownIssues { fields.append("known-issues=\(known)") }
            fields.append("crashed=\(counts.crashed)")
            if let hung = counts.hung { fields.append("hung=\(hung)") }
            fields += ["leaking=\(counts.leaking)", "new=\(counts.new)"]
        }
        return "rxtrace: " + fields.joined(separator: " ")
    }

    /// `rxtrace-status.json`: the fields above, plus the line itself.
    public func encodedJSON() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = (try? encoder.encode(File(status: self))) ?? Data("{}".utf8)
        data.append(0x0A)
        return data
    }

    /// The status file's names in the output folder (beside the reports of base name `base`).
    public static func fileNames(base: String = "rxtrace") -> (json: String, text: String) {
        ("\(base)-status.json", "\(base)-status.txt")
    }

    private struct File: Encodable {
        var status: RunStatus

        func encode(to encoder: Encoder) throws {
            try status.encode(to: encoder)
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(status.line, forKey: .line)
        }

        enum Key: String, CodingKey { case line }
    }
}
