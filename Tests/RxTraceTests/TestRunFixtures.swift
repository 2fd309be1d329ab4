import Foundation
import RxTrace

/// A run of `rxtrace test` built by hand: one test per outcome a framework gives, and tests that
/// leak, fail, or both, so every format's test view is checked against the same run.
enum TestRunFixtures {
    static func test(
        _ name: String,
        _ outcome: TestOutcome,
        findings: [LeakFinding] = [],
        status: ScenarioStatus? = nil
    ) -> ScenarioReport {
        ScenarioReport(
            name: name,
            summary: name.contains("/") ? "XCTest test" : "Swift Testing test",
            expectedVerdict: .clean,
            actualVerdict: findings.isEmpty ? .clean : .leak,
            status: status ?? (findings.isEmpty ? .clean : .leaked),
            passes: [PassCount(pass: 1, before: 3, after: 3)],
            findings: findings,
            durationSeconds: 0.1,
            testOutcome: outcome
        )
    }

    static let assertion = TestIssue(
        kind: .assertion,
        message: #"XCTAssertEqual failed: ("1") is not equal to ("99") - count after refresh"#,
        file: "Tests/AppTests/FeedTests.swift",
        line: 12
    )

    static let expectation = TestIssue(
        kind: .assertion,
        message: "Expectation failed: (screen.titles.count → 1) == 2\nscreen.titles → [\"a\"]",
        file: "Tests/AppTests/ProfileTests.swift",
        line: 30
    )

    static let known = TestIssue(
        kind: .assertion,
        message: "Expectation failed: flaky == false",
        file: "Tests/AppTests/ProfileTests.swift",
        line: 41,
        isKnown: true
    )

    static let passing = test("AppTests.FeedTests/testShowsTitles", TestOutcome(result: .passed))
    static let failing = test(
        "AppTests.FeedTests/testCountsRefreshes",
        TestOutcome(result: .failed, issues: [assertion])
    )
    static let failingAndLeaking = test(
        "AppTests.profileUpdates()",
        TestOutcome(result: .failed, issues: [expectation], rerunDifference: "passed"),
        findings: [ReportFixtures.leak(signature: "sig-profile", count: 1)]
    )
    static let leaking = test(
        "AppTests.FeedTests/testLeaksTimer",
        TestOutcome(result: .passed),
        findings: [ReportFixtures.leak(signature: "sig-timer", count: 2)]
    )
    static let skipped = test(
        "AppTests.FeedTests/testNeedsNetwork",
        TestOutcome(result: .skipped, skipReason: "needs the network")
    )
    static let knownIssue = test("AppTests.flakyProfile()", TestOutcome(result: .knownIssue, issues: [known]))
    static let crashed = test(
        "AppTests.FeedTests/testTraps",
        TestOutcome(result: .crashed),
        status: .crashed(signal: 4, exitCode: nil)
    )

    /// Seven tests: 2 passed (one leaks), 2 failed (one leaks too), 1 skipped, 1 known issue,
    /// 1 crashed.
    static func run(
        _ tests: [ScenarioReport] = [
            passing, failing, failingAndLeaking, leaking, skipped, knownIssue, crashed,
        ]
    ) -> RunReport {
        var report = RunReport(generatedAt: ReportFixtures.date, host: ReportFixtures.host, scenarios: tests)
        report.subject = .tests
        return report
    }
}
