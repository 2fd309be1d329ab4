#if TRACE_RESOURCES
import Foundation
import RxCore
@testable import RxTrace
@testable import RxTraceAnalysis
@testable import RxTraceReport
@testable import RxTraceRunner
import XCTest

/// Issue 31: on a public library's suite, four leaks stopped at "kept alive by
/// ShareWhileConnectedConnection<Bool>'s observer list" without what holds that connection. The
/// path goes on past the shared connection to the first object the user owns: here the tracker
/// an app-wide static keeps, by the property that holds the shared sequence, named as written
/// (a `lazy var` is stored as `$__lazy_storage_$_loading`).
final class SharedConnectionHolderTests: XCTestCase {
    final class LoadingTracker {
        let isLoading = BehaviorRelay(value: false)
        private(set) lazy var loading: Observable<Bool> = isLoading.asObservable()
            .distinctUntilChanged()
            .share(replay: 1, scope: .whileConnected)
    }

    nonisolated(unsafe) static var trackers: [LoadingTracker] = []

    /// Run as a user's code that should not leak: the dropped subscription fails the run.
    private func leaveASubscriptionToTheSharedSequence() throws -> ScenarioReport {
        // Only where the heap graph is off (a sanitizer's allocator, a runtime it was not
        // measured on) is there no path to follow: said, not passed in silence.
        try XCTSkipUnless(HeapGraphGate.current.installsHooks, HeapGraphGate.current.note ?? "heap graph off")
        var runner = ScenarioRunner(passes: 2)
        runner.heapGraph = true
        defer { Self.trackers.removeAll() }
        return runner.run(
            Scenario("shared-connection", summary: "a dropped subscription to a shared sequence", expect: .clean) { _ in
                let tracker = LoadingTracker()
                Self.trackers.append(tracker)
                _ = tracker.loading.subscribe(onNext: { _ in })
            }
        )
    }

    func testTheHolderBehindASharedConnectionIsTheUsersObject() throws {
        let report = try leaveASubscriptionToTheSharedSequence()
        let finding = try XCTUnwrap(
            report.findings.first { $0.kind == .leakedSubscription },
            "\(report.findings.map(\.headline))"
        )
        let reason = try XCTUnwrap(finding.retentionReason)
        XCTAssertTrue(reason.hasPrefix("kept alive by LoadingTracker.loading"), reason)
        XCTAssertFalse(reason.contains("ShareWhileConnectedConnection<Bool>'s observer list"), reason)
        XCTAssertEqual(
            finding.retentionPath?.steps.first?.typeName,
            "LoadingTracker",
            "\(finding.retentionPath?.steps.map(\.typeName) ?? [])"
        )
    }

    /// Every format names the user's property as the holder, never the connection's observer
    /// list, beside the subscription's title, its failing verdict and the fix to dispose it.
    func testEveryFormatNamesTheUsersPropertyAsTheHolder() throws {
        let report = try leaveASubscriptionToTheSharedSequence()
        let formats = try EveryFormat(RunReport(scenarios: [report]))
        let title = "1 leaked subscription · distinctUntilChanged → share(replay:) → subscribe"
        formats.expect(title)
        formats.expect("kept alive by LoadingTracker.loading")
        formats.expect("ShareWhileConnectedConnection<Bool>'s observer list", shown: false)
        formats.expect(
            "Dispose it with the owner: add `.disposed(by: disposeBag)`",
            in: [.text, .markdown, .html, .junit, .sarif]
        )
        // JSON writes a finding's own fix only; this one's is its kind's, which JSON readers
        // know by `kind` (docs/report.schema.json, `fix`).
        let json = try formats.jsonFinding()
        XCTAssertNil(json["fix"])
        XCTAssertEqual(json["kind"] as? String, "leakedSubscription")
        XCTAssertEqual((json["retentionPath"] as? [String: Any])?["holder"] as? String, "LoadingTracker.loading")
        // The verdict, as each format says it.
        formats.expect("expected clean · got leak", in: [.text, .junit])
        formats.expect("| shared-connection | leak | clean | **fail** |", in: [.markdown])
        XCTAssertEqual(try formats.jsonScenarios().first?["actualVerdict"] as? String, "leak")
        let failure = try formats.expectFails("shared-connection", on: title)
        XCTAssertEqual(failure.attribute(forName: "message")?.stringValue, "unexpected findings: 1 leaked subscription")
    }
}
#endif
