import Foundation
import RxTraceReport

/// What the test frameworks record for each unit (failed assertions, thrown errors, skips, known
/// issues), kept per run: the unit's own run decides its outcome, as under `swift test`; its
/// second run (the leak re-check) is only compared with it, so it never adds or hides an outcome.
package final class TestOutcomeCollector: @unchecked Sendable {
    private struct Recorded {
        var issues: [TestIssue] = []
        var skipReason: String?
        var skipped = false

        var failures: [TestIssue] { issues.filter { !$0.isKnown } }

        var result: TestOutcome.Result {
            if issues.contains(where: { !$0.isKnown }) { return .failed }
            if skipped { return .skipped }
            if !issues.isEmpty { return .knownIssue }
            return .passed
        }
    }

    private let lock = NSLock()
    private var own: [TestUnit: Recorded] = [:]
    private var again: [TestUnit: Recorded] = [:]

    package init() {}

    package func record(_ issue: TestIssue, for unit: TestUnit, secondRun: Bool) {
        lock.withLock {
            if secondRun {
                again[unit, default: Recorded()].issues.append(issue)
            } else {
                own[unit, default: Recorded()].issues.append(issue)
            }
        }
    }

    package func recordSkip(_ unit: TestUnit, reason: String?, secondRun: Bool) {
        lock.withLock {
            if secondRun {
                again[unit, default: Recorded()].skipped = true
                again[unit]?.skipReason = reason
            } else {
                own[unit, default: Recorded()].skipped = true
                own[unit]?.skipReason = reason
            }
        }
    }

    /// The unit's outcome: its own run's, with what its second run did differently, if it ran.
    package func outcome(for unit: TestUnit) -> TestOutcome {
        lock.withLock {
            let first = own[unit] ?? Recorded()
            var outcome = TestOutcome(result: first.result, issues: first.issues, skipReason: first.skipReason)
            if let second = again[unit], second.result != first.result || second.failures != first.failures {
                outcome.rerunDifference = Self.difference(second)
            }
            return outcome
        }
    }

    /// Forgets a unit once its result is written.
    package func remove(_ unit: TestUnit) {
        lock.withLock {
            own[unit] = nil
            again[unit] = nil
        }
    }

    private static func difference(_ second: Recorded) -> String {
        var words = "its second run (the leak re-check) \(second.result.displayName)"
        if let failure = second.failures.first {
            words += ": " + failure.message
            if let file = failure.file, let line = failure.line, line > 0 { words += " at \(file):\(line)" }
        }
        return words
    }
}
