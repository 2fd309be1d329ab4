import RxCore
import RxCoreSemantics
import TestSupport
import XCTest

/// The property on a small fixed batch (make semantics-check runs the large fixed set, make
/// fuzz-semantics the long run): RxCore agrees with the reference model on every program whose
/// timing is unambiguous, in events, source subscriptions and resources left alive.
final class SemanticsPropertyTests: ResourceCheckedTestCase {
    #if TRACE_RESOURCES
    private var hopsWereEnabled = true
    private var captureMode = CaptureMode.on
    #endif

    // Random programs make thousands of distinct stages, more than the thread-hop table keeps
    // (ThreadHops.maximumStages): the thread-hop tests that run later in this process would find
    // it full. The check needs neither those records nor backtraces, only Resources.total.
    override func setUp() {
        super.setUp()
        #if TRACE_RESOURCES
        hopsWereEnabled = ThreadHops.isEnabled
        captureMode = ResourceRegistry.captureMode
        ThreadHops.isEnabled = false
        ResourceRegistry.captureMode = .off
        #endif
    }

    override func tearDown() {
        #if TRACE_RESOURCES
        ThreadHops.isEnabled = hopsWereEnabled
        ResourceRegistry.captureMode = captureMode
        #endif
        super.tearDown()
    }

    func testRandomProgramsAgreeWithTheModel() {
        let summary = SemanticsCheck.run(seed: 2026, count: 500)
        XCTAssertEqual(summary.programs, 500)
        XCTAssertGreaterThan(summary.compared, 350, "too many programs skipped as ambiguous")
        for divergence in summary.divergences {
            XCTFail(divergence.report)
        }
    }
}
