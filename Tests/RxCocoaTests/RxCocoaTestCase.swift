import Foundation
import RxCocoa
import RxSwift
import RxTest
import XCTest

let testError = NSError(domain: "RxCocoaTests", code: -232)

/// Base class: in traced builds every test must leave `Resources.total` where it found it
/// (a Driver test that forgot a disposal fails here, not silently).
class RxCocoaTestCase: XCTestCase {
    #if TRACE_RESOURCES
    private var startResourceCount: Int32 = 0
    #endif

    override func setUp() {
        super.setUp()
        #if TRACE_RESOURCES
        startResourceCount = Resources.total
        #endif
    }

    override func tearDown() {
        #if TRACE_RESOURCES
        SchedulerActivity.waitUntilIdle(timeout: 2)
        var attempts = 0
        while Resources.total != startResourceCount && attempts < 100 {
            RunLoop.current.run(until: Date().addingTimeInterval(0.01))
            attempts += 1
        }
        XCTAssertEqual(Resources.total, startResourceCount, "Resources.total did not return to its start value: something leaked")
        #endif
        super.tearDown()
    }

    /// Runs `body` with shared sequences delivering on a fresh `TestScheduler`.
    func withTestScheduler(_ body: (TestScheduler) throws -> Void) rethrows {
        let scheduler = TestScheduler(initialClock: 0)
        try SharingScheduler.mock(scheduler: scheduler) { try body(scheduler) }
    }
}
