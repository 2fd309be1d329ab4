/// What the test framework itself recorded for a test's own run (XCTest or Swift Testing), kept
/// apart from the leak verdict: `rxtrace test` reports both, and a failing assertion fails the run
/// whatever the baseline and suppressions say. Nil on a scenario's report.
///
/// JSON: `{"result": "failed", "issues": [{"kind": "assertion", "message": "…", "file": "…", "line": 12}]}`.
public struct TestOutcome: Codable, Equatable, Sendable {
    /// The test's result as its framework gives it.
    public enum Result: String, Codable, CaseIterable, Sendable {
        case passed
        /// An assertion failed, an expectation failed, or the test threw.
        case failed
        /// `XCTSkip`, a `.disabled` trait, or another skip: the test did not run to its end.
        case skipped
        /// Every issue it recorded was a known one (`withKnownIssue`): not a failure.
        case knownIssue
        /// The test process crashed during the test.
        case crashed
        /// The test ran past `--timeout`.
        case hung

        /// Words for people: "passed", "known issue".
        public var displayName: String {
            switch self {
            case .knownIssue: return "known issue"
            default: return rawValue
            }
        }

        /// Whether this result fails the run (as `swift test` would exit non-zero).
        public var fails: Bool { self == .failed || self == .crashed || self == .hung }
    }

    public var result: Result
    /// What the framework recorded, in order: failed assertions and expectations, thrown errors,
    /// known issues (with `isKnown`), each with its message and place.
    public var issues: [TestIssue]
    /// Why the test was skipped (`XCTSkip`'s message, a `.disabled` comment), when it was.
    public var skipReason: String?
    /// Set when the test's second run (the leak re-check) did not end as its own run did: what
    /// that run recorded. The outcome above is always the test's own run.
    public var rerunDifference: String?

    public init(result: Result, issues: [TestIssue] = [], skipReason: String? = nil, rerunDifference: String? = nil) {
        self.result = result
        self.issues = issues
        self.skipReason = skipReason
        self.rerunDifference = rerunDifference
    }

    /// The issues that fail the test (not known ones).
    public var failures: [TestIssue] { issues.filter { !$0.isKnown } }
}

/// One issue a test framework recorded: a failed assertion (`XCTAssertEqual`, `#expect`,
/// `#require`), `XCTFail`, a thrown error, or a known issue.
public struct TestIssue: Codable, Equatable, Sendable {
    public enum Kind: String, Codable, Sendable {
        /// An assertion or expectation that failed, or `XCTFail`/`Issue.record`.
        case assertion
        /// The test threw an error.
        case thrownError
    }

    public var kind: Kind
    /// The framework's own words (`XCTAssertEqual failed: ("1") is not equal to ("99") - note`,
    /// `Expectation failed: (count → 1) == 5`).
    public var message: String
    /// Where it was recorded, as the framework gives it (absolute or package-relative).
    public var file: String?
    public var line: Int?
    /// A known issue (`withKnownIssue`): reported, never a failure.
    public var isKnown: Bool

    public init(kind: Kind, message: String, file: String? = nil, line: Int? = nil, isKnown: Bool = false) {
        self.kind = kind
        self.message = message
        self.file = file
        self.line = line
        self.isKnown = isKnown
    }
}
