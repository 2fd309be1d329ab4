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

    func testTheHolderBehindASharedConnectionIsTheUsersObject() throws {
        var runner = ScenarioRunner(passes: 2)
        runner.heapGraph = true
        let report = runner.run(
            Scenario("shared-connection", summary: "a dropped subscription to a shared sequence", expect: .leak) { _ in
                let tracker = LoadingTracker()
                Self.trackers.append(tracker)
                _ = tracker.loading.subscribe(onNext: { _ in })
            }
        )
        defer { Self.trackers.removeAll() }
        if case .unavailable = HeapGraphGate.current { return }
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
}
#endif
