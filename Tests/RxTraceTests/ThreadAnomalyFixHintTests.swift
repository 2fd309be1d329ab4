import Foundation
import RxTrace
import XCTest

/// Every thread anomaly gets the fix for that anomaly, in every format that prints fixes: an
/// off-main `drive` is fixed by subscribing on the main thread (not by an `observe(on:)`),
/// an off-main delivery by `observe(on: MainScheduler.instance)` before the stage that got it.
final class ThreadAnomalyFixHintTests: XCTestCase {
    private static let expected: [(kind: String, number: Int, stage: String?, hint: String)] = [
        (
            "overlappingOn", 1, "subscribe",
            "Send from one thread at a time: feed the observer from one serial scheduler (`observe(on:)` it, or `merge` the sources) instead of calling `on` from several threads or from inside its own handler."
        ),
        (
            "eventAfterTerminal", 2, nil,
            "Stop sending after `onCompleted`/`onError`: the event was dropped; end the sender's loop or timer when it terminates."
        ),
        (
            "eventAfterDispose", 3, "subscribe",
            "Make the source honour `dispose()`: stop its work and its timers in the Disposable it returns, and check `isDisposed` before sending."
        ),
        (
            "offMainThread", 4, "bind(to:)",
            "Deliver on the main thread: add `observe(on: MainScheduler.instance)` before `bind(to:)`."
        ),
        (
            "offMainThread", 4, nil,
            "Call it on the main thread: `drive` (or code that requires main) from main-thread code, or move the call there (`DispatchQueue.main.async`)."
        ),
        (
            "disposedWhileDelivering", 5, "subscribe",
            "Dispose on the scheduler that delivers: schedule the `dispose()` there, so it cannot run while the subscriber is running."
        ),
    ]

    static func report(kind: String, number: Int, stage: String?) -> RunReport {
        var finding = ReportFixtures.leak(signature: "sig-\(kind)-\(stage ?? "none")", count: 1, kind: .threadAnomaly)
        finding.retentionReason = nil
        finding.anomaly = ReportThreadAnomaly(
            number: number,
            kind: kind,
            stage: stage,
            detail: "what happened",
            place: ReportHopPlace(scheduler: nil, thread: "thread #2")
        )
        let scenario = ScenarioReport(
            name: "anomaly",
            summary: "one anomaly",
            expectedVerdict: .clean,
            actualVerdict: .threadAnomaly,
            status: .threadAnomaly,
            passes: [PassCount(pass: 1, before: 0, after: 0)],
            findings: [finding],
            durationSeconds: 0.1
        )
        return ReportFixtures.run([scenario])
    }

    func testEachAnomalyKindHasItsOwnFixInTextMarkdownHTMLAndSARIF() throws {
        for (kind, number, stage, hint) in Self.expected {
            let report = Self.report(kind: kind, number: number, stage: stage)
            XCTAssertEqual(report.scenarios[0].findings[0].fixHint, hint)

            let text = TextReportRenderer(colour: false).render(report)
            XCTAssertTrue(text.contains("    fix: \(hint)\n"), "\(kind) \(String(describing: stage)):\n\(text)")
            let markdown = MarkdownReportRenderer().render(report)
            XCTAssertTrue(markdown.contains("**Fix:** \(hint)\n"), "\(kind):\n\(markdown)")
            let html = HTMLReportRenderer().render(report)
            // (The only character of the hints that HTML escapes is the apostrophe.)
            let htmlHint = hint.replacingOccurrences(of: "'", with: "&#39;")
            XCTAssertTrue(html.contains("<p class=\"fix\"><b>Fix: </b>\(htmlHint)</p>"), "\(kind)")
            let sarif = try XCTUnwrap(
                JSONSerialization.jsonObject(with: Data(SARIFReportRenderer().render(report).utf8)) as? [String: Any]
            )
            let results = try XCTUnwrap(((sarif["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
            let message = try XCTUnwrap((results.first?["message"] as? [String: Any])?["text"] as? String)
            XCTAssertTrue(message.hasSuffix(" Fix: \(hint)"), "\(kind): \(message)")
        }
        // No anomaly gets the old one-size hint, and no two situations share a hint.
        XCTAssertFalse(Self.expected.contains { $0.hint.contains("before the stage that needs it") })
        XCTAssertEqual(Set(Self.expected.map(\.hint)).count, Self.expected.count)
    }

    func testAnAnomalyKindThisVersionDoesNotKnowGetsNoGuess() {
        let finding = Self.report(kind: "somethingNew", number: 9, stage: "map").scenarios[0].findings[0]
        XCTAssertEqual(finding.fixHint, FindingKind.threadAnomaly.fixHint)
        XCTAssertFalse(finding.fixHint.contains("observe(on:)"), finding.fixHint)
    }
}
