import Foundation
import RxCore
import XCTest

/// The base of every test suite's base class (RxCore, RxCoreTesting, RxCoreBlocking, RxCocoa):
/// in traced builds each test must leave `Resources.total` where it found it, so a test that
/// forgot a disposal fails at its own tearDown instead of passing silently (RxSwift's own base
/// class compiled this check out).
open class ResourceCheckedTestCase: XCTestCase {
    #if TRACE_RESOURCES
    private var startResourceCount: Int32 = 0
    #endif

    /// Whether tearDown asserts that `Resources.total` is back to its start value; a test that
    /// deliberately keeps resources alive sets it to false.
    public var expectsResourcesReleased = true

    override open func setUp() {
        super.setUp()
        expectsResourcesReleased = true
        #if TRACE_RESOURCES
        startResourceCount = Resources.total
        #endif
    }

    override open func tearDown() {
        #if TRACE_RESOURCES
        if expectsResourcesReleased {
            // Work handed to dispatch queues may release its last references a moment after the
            // test body returns: wait for the queues to drain rather than for a fixed delay.
            SchedulerActivity.waitUntilIdle(timeout: 2)
            var attempts = 0
            while Resources.total != startResourceCount && attempts < 100 {
                RunLoop.current.run(until: Date().addingTimeInterval(0.01))
                attempts += 1
            }
            XCTAssertEqual(
                Resources.total,
                startResourceCount,
                "Resources.total did not return to its start value: something leaked"
            )
        }
        #endif
        super.tearDown()
    }
}
