#if TRACE_RESOURCES
import Foundation
import RxCore
@testable import RxTraceAnalysis
@testable import RxTraceReport
@testable import RxTraceRunner
import XCTest

// Issue 31 §2: where the search for a holder ends at an object nothing recorded references, the
// report says so and what could hold it, never a bare "unknown holder".

/// A static made before the passes are recorded: the graph cannot see it, only what it allocates
/// later (its array's storage).
private enum Registry {
    nonisolated(unsafe) static var kept: [Disposable] = []
}

final class HolderTextTests: XCTestCase {
    func testALeakNothingRecordedReferencesSaysWhatWasLookedAtAndWhereItsHolderMustBe() throws {
        try XCTSkipUnless(HeapGraphGate.current.installsHooks, "the hooks are off in this process")
        Registry.kept.reserveCapacity(0)
        var runner = ScenarioRunner(passes: 2)
        runner.heapGraph = true
        let subject = PublishSubject<Int>()
        let report = runner.run(
            Scenario("static", summary: "kept by a static", expect: .leak) { _ in
                Registry.kept.append(subject.map { $0 + 1 }.subscribe())
            }
        )
        defer { Registry.kept.forEach { $0.dispose() } }
        let leak = try XCTUnwrap(report.findings.first { $0.kind == .leakedSubscription })
        let reason = try XCTUnwrap(leak.retentionReason)
        XCTAssertFalse(reason.contains("unknown holder"), reason)
        // The static's array was made before recording: nothing recorded references the chain.
        XCTAssertTrue(reason.hasPrefix("no holder found: none of the "), reason)
        XCTAssertTrue(reason.hasSuffix(HeapExplanation.outsideTheRecordedHeap), reason)
        XCTAssertTrue(reason.contains("a static or global"), reason)
    }
}
#endif
