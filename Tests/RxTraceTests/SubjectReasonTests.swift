#if TRACE_RESOURCES
import Foundation
import RxCore
import RxCoreTesting
@testable import RxTrace
@testable import RxTraceReport
@testable import RxTraceAnalysis
@testable import RxTraceRunner
import XCTest

// Retention reasons only from evidence that ties them to the leak (seen on RxSwift's own suite
// under `rxtrace test`): `_ = hotObservable.bind(to: relay)` was said to be "kept alive by
// BehaviorSubject<…>'s observer list" because some subject of that type had gained observers,
// and a subscription to that relay was "kept alive by unknown holder" because the relay, held in
// the array `bind(to:)`'s generic closure captures, had no reference to it on the graph.
final class SubjectReasonTests: XCTestCase {
    private func run(heapGraph: Bool) -> ScenarioReport {
        var runner = ScenarioRunner(passes: 2)
        runner.heapGraph = heapGraph
        return runner.run(
            Scenario("hot-bind", summary: "hot observable bound to a relay", expect: .leak) { _ in
                let scheduler = TestScheduler(initialClock: 0)
                let hot = scheduler.createHotObservable([.next(210, 1)])
                let relay = BehaviorRelay(value: 0)
                _ = hot.bind(to: relay)
                _ = relay.subscribe(onNext: { _ in })
                scheduler.start()
            }
        )
    }

    private func finding(_ report: ScenarioReport, _ chain: String) throws -> LeakFinding {
        try XCTUnwrap(report.findings.first { $0.chainDescription == chain }, "\(report.findings.map(\.headline))")
    }

    /// Under a sanitizer (`make tsan`) the heap graph refuses to run: true, after checking that
    /// the gate and every report say so, where a test of what the graph finds has nothing to test.
    private func heapGraphRefusedUnderASanitizer() -> Bool {
        guard let sanitizer = HeapGraphGate.loadedSanitizer else { return false }
        XCTAssertEqual(HeapGraphGate.current, .unavailable(sanitizer: sanitizer))
        XCTAssertEqual(
            HostInfo.thisRun().heapGraphNote?.hasPrefix("heap graph unavailable under \(sanitizer):"),
            true,
            "\(HostInfo.thisRun().heapGraphNote ?? "no note")"
        )
        return true
    }

    func testWithoutTheHeapGraphNoSubjectIsNamedForWhatNothingTiesToIt() throws {
        let report = run(heapGraph: false)
        XCTAssertEqual(report.findings.count, 2, "\(report.findings.map(\.headline))")
        for finding in report.findings {
            XCTAssertNil(
                finding.retentionReason,
                "\(finding.headline): a subject of the same type gaining observers is no evidence"
            )
        }
    }

    func testTheHeapGraphNamesTheObserverListThatHoldsEachSubscription() throws {
        let report = run(heapGraph: true)
        if heapGraphRefusedUnderASanitizer() {
            XCTAssertEqual(report.findings.count, 2, "\(report.findings.map(\.headline))")
            XCTAssertTrue(report.findings.allSatisfy { $0.retentionPath == nil && $0.retentionReason == nil })
            return
        }
        let bind = try finding(report, "create → bind(to:)")
        // The hot observable and the subscription it keeps hold each other; nothing of the user's
        // holds either: the observer list on the path is the hot observable's.
        XCTAssertEqual(
            bind.retentionReason,
            "kept alive by HotObservable<Int>'s observer list, in a loop of Rx objects: everything recorded that references HotObservable<Int>"
                + " is kept by it, and none of it is yours or a scheduler; disposing the subscription takes it off that list"
        )
        XCTAssertEqual(bind.retentionPath?.steps.first?.typeName, "HotObservable<Int>")
        XCTAssertEqual(bind.retentionPath?.steps.last?.typeName, "AnonymousObserver<Int>")
        // The relay is held by the array bind(to:)'s closure captures: no longer an object
        // nothing references ("unknown holder").
        let subscribe = try finding(report, "subscribe")
        XCTAssertEqual(
            subscribe.retentionReason,
            "kept alive by BehaviorSubject<Int>'s observer list, in a loop of Rx objects: everything recorded that references BehaviorSubject<Int>"
                + " is kept by it, and none of it is yours or a scheduler; disposing the subscription takes it off that list"
        )
        XCTAssertEqual(subscribe.retentionPath?.steps.first?.via, "observers.bag.single.value")
    }

    /// `bind(to relays:)` captures `[BehaviorRelay<Element>]` in a generic closure: the capture
    /// is a strong reference to the array's storage, and the storage's elements are references.
    func testARelayInTheArrayAGenericClosureCapturesIsReferencedThroughIt() throws {
        let source = PublishSubject<Int>()
        AllocationTable.install()
        let relay = BehaviorRelay(value: 0)
        let subscription = source.bind(to: relay)
        AllocationTable.uninstall()
        defer { subscription.dispose() }
        let graph = HeapGraph.build()
        if heapGraphRefusedUnderASanitizer() { return XCTAssertEqual(graph.count, 0) }
        let node = try XCTUnwrap(graph.node(at: UInt(bitPattern: Unmanaged.passUnretained(relay).toOpaque())))
        let incoming = graph.incomingStrongEdges()[node]
        let storage = try XCTUnwrap(incoming.first, "the relay has no strong reference on the graph")
        XCTAssertTrue(
            graph.kind(Int(storage.source)).displayName.hasPrefix("_ContiguousArrayStorage<"),
            graph.kind(Int(storage.source)).displayName
        )
        XCTAssertEqual(graph.edges[Int(storage.source)][Int(storage.edge)].label, "[0]")
        let holders = graph.incomingStrongEdges()[Int(storage.source)].map { graph.kind(Int($0.source)) }
        XCTAssertTrue(holders.contains(.closureContext), "\(holders)")
    }
}
#endif
