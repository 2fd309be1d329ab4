import Foundation
import RxCore
import XCTest

/// Shared base for RxCore tests. In traced builds it checks that every test that should
/// release everything leaves `Resources.total` where it found it (RxSwift's own base class
/// compiled this check out). Tests that deliberately keep resources alive set
/// `expectsResourcesReleased = false`.
class RxTestCase: XCTestCase {
    #if TRACE_RESOURCES
    private var startResourceCount: Int32 = 0
    #endif

    /// Whether tearDown asserts that `Resources.total` is back to its start value.
    var expectsResourcesReleased = true

    override func setUp() {
        super.setUp()
        expectsResourcesReleased = true
        #if TRACE_RESOURCES
        startResourceCount = Resources.total
        #endif
    }

    override func tearDown() {
        #if TRACE_RESOURCES
        if expectsResourcesReleased {
            // Work handed to dispatch queues may release its last references a moment after the
            // test body returns; wait for the queues to drain rather than a fixed delay.
            SchedulerActivity.waitUntilIdle(timeout: 2)
            var attempts = 0
            while Resources.total != startResourceCount && attempts < 100 {
                RunLoop.current.run(until: Date().addingTimeInterval(0.01))
                attempts += 1
            }
            XCTAssertEqual(Resources.total, startResourceCount, "Resources.total did not return to its start value: something leaked")
        }
        #endif
        super.tearDown()
    }
}
