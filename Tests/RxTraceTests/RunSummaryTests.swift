import RxTrace
import XCTest

/// The run's counts are the same from run to run when its findings are: a race between threads
/// reaches its anomaly's place a varying number of times (RxSwift's concurrency tests: 47 one
/// run, 112 the next), so the summary counts anomalies by place, not by occurrence.
final class RunSummaryTests: XCTestCase {
    private func run(_ anomalies: [[(signature: String, count: Int)]]) -> RunSummary {
        let scenarios = anomalies.enumerated().map { index, findings in
            TestRunFixtures.test(
                "AppTests.RaceTests/test\(index)",
                TestOutcome(result: .passed),
                findings: findings.map {
                    ReportFixtures.leak(signature: $0.signature, count: $0.count, kind: .threadAnomaly)
                }
            )
        }
        return RunSummary(scenarios: scenarios, subject: .tests)
    }

    func testThreadAnomaliesCountPlacesNotOccurrences() {
        XCTAssertEqual(run([[("race", 112)]]).threadAnomalies, 1)
        XCTAssertEqual(run([[("race", 47)]]).threadAnomalies, 1)
        XCTAssertEqual(run([[("race", 5), ("other", 3)]]).threadAnomalies, 2)
        // One place reached from two tests is one anomaly, as the report lists it once.
        XCTAssertEqual(run([[("race", 5)], [("race", 9)]]).threadAnomalies, 1)
        XCTAssertEqual(run([]).threadAnomalies, 0)
    }

    func testLeakedSubscriptionsStillCountObjects() {
        let scenarios = [
            TestRunFixtures.test(
                "AppTests.FeedTests/testA",
                TestOutcome(result: .passed),
                findings: [ReportFixtures.leak(signature: "a", count: 3)]
            )
        ]
        XCTAssertEqual(RunSummary(scenarios: scenarios, subject: .tests).leakedSubscriptions, 3)
    }

    /// A test case's property holding an observable or a bag is not a subscription: the summary
    /// names what is alive, as the findings do (RxSwiftExt's suite read "6 leaked subscriptions"
    /// for two observables and a bag held by test cases, each in two tests).
    func testWhatIsNotASubscriptionIsCountedByWhatItIs() {
        var observable = ReportFixtures.leak(signature: "observable", count: 1)
        observable.leaked = .observable
        var bag = ReportFixtures.leak(signature: "bag", count: 1)
        bag.leaked = .bag
        let subscription = ReportFixtures.leak(signature: "subscription", count: 2)
        let scenarios = [
            TestRunFixtures.test("AppTests.A/testA", TestOutcome(result: .passed), findings: [observable, bag]),
            TestRunFixtures.test(
                "AppTests.A/testB",
                TestOutcome(result: .passed),
                findings: [observable, subscription]
            ),
        ]
        var report = RunReport(scenarios: scenarios)
        report.subject = .tests
        let summary = report.summary
        XCTAssertEqual(summary.leakedSubscriptions, 2)
        XCTAssertEqual(summary.leakedOther, [.observable: 2, .bag: 1])
        XCTAssertTrue(
            TextReportRenderer().summaryLine(report).contains(
                "2 leaked subscriptions, 2 leaked observables, 1 leaked DisposeBag"
            ),
            TextReportRenderer().summaryLine(report)
        )
    }
}
