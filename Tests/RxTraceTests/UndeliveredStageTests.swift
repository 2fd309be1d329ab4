import Foundation
import XCTest

@testable import RxTrace
@testable import RxTraceAnalysis
@testable import RxTraceReport
@testable import RxTraceRunner

/// A stage that delivered no event (an `interval` of a minute in a scenario of a second) has no
/// place it delivered on. Seen in a user's package: `interval [main] → subscribe [main]` for an
/// interval on `SerialDispatchQueueScheduler(ticker)`, because the analysis fills `thread` with
/// where the chain was subscribed.
final class UndeliveredStageTests: XCTestCase {
    private let scenario: ScenarioReport = {
        var scenario = ReportFixtures.leakyScenario
        let subscribed = [ReportHopPlace(scheduler: nil, thread: "main", count: 0)]
        scenario.threadHops = [
            ReportThreadHop(
                stage: "interval",
                thread: "main",
                chain: 0,
                position: 0,
                downstream: 1,
                isHop: false,
                subscribedOn: subscribed,
                deliveredOn: []
            ),
            ReportThreadHop(
                stage: "subscribe",
                thread: "main",
                chain: 0,
                position: 1,
                isHop: false,
                subscribedOn: subscribed,
                deliveredOn: [],
                chainHops: [],
                chainSubscribedOn: "main"
            ),
        ]
        return scenario
    }()

    func testTextSaysNoEventsInsteadOfWhereTheChainWasSubscribed() {
        XCTAssertEqual(ThreadHopText.stagesLine(scenario.threadHops), "interval [no events] → subscribe [no events]")
        XCTAssertTrue(
            TextReportRenderer(colour: false).render(scenario).contains(
                "  hops: interval [no events] → subscribe [no events]\n"
            )
        )
    }

    func testTheLaneDiagramPutsThemOnANoEventsLane() {
        let html = HTMLReportRenderer().render(ReportFixtures.run([scenario]))
        XCTAssertTrue(html.contains(">no events</text>"), html)
        XCTAssertTrue(html.contains("<title>interval: no events delivered</title>"), html)
        XCTAssertFalse(html.contains("delivered on main"), html)
    }

    func testAStageFromAnOlderReportWithoutDeliveriesStillShowsItsThread() {
        let older = ReportThreadHop(stage: "map", thread: "worker", chain: 0, position: 0)
        XCTAssertEqual(ThreadHopText.stagesLine([older]), "map [worker]")
    }
}
