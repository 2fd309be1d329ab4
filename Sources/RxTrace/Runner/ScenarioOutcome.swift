import Foundation

/// What happened to one scenario, as the child process hands it back to the parent (JSON in a
/// file), before it becomes a `ScenarioReport`.
struct ScenarioOutcome: Codable {
    enum Status: Codable, Equatable {
        /// Every pass ran and the run drained.
        case completed
        /// The body threw on some pass.
        case failed(message: String)
        /// The child died: a trap or a signal (with its number), or an exit without a result.
        case crashed(signal: Int32?, exitCode: Int32?)
        /// The child did not finish within the timeout and was killed.
        case timedOut(seconds: Double)
    }

    /// Live resources around one pass.
    struct PassCount: Codable, Equatable {
        var pass: Int
        var before: Int
        var after: Int
        /// Whether the schedulers went idle within the drain timeout after this pass.
        var drained: Bool
    }

    /// One leaked group, in the runner's terms.
    struct Leak: Codable {
        var signature: String
        var countsPerPass: [Int]
        var resourceTypes: [String]
        var operatorChain: [String]
        var callSite: String?
        var frames: [String]
        var retentionReason: String?
    }

    /// An object given to `expectReleased` that is still alive.
    struct Unreleased: Codable {
        var name: String
        var count: Int
        var file: String
        var line: Int
    }

    var name: String
    var summary: String
    var expected: Verdict
    var status: Status
    var passes: [PassCount] = []
    var leaks: [Leak] = []
    var unreleased: [Unreleased] = []
    /// The child's combined stdout and stderr (only kept when it crashed or timed out).
    var output: String?
    var durationSeconds: Double = 0

    /// The verdict the run gives, when it ran to the end.
    var actual: Verdict? {
        guard status == .completed else { return nil }
        return leaks.isEmpty && unreleased.isEmpty ? .clean : .leak
    }
}
