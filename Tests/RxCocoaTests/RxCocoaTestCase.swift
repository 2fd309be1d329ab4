import Foundation
import RxCocoa
import RxSwift
import RxTest
import TestSupport
import XCTest

let testError = NSError(domain: "RxCocoaTests", code: -232)

/// Base class: `ResourceCheckedTestCase` fails a test that leaves `Resources.total` other than
/// it found it (a Driver test that forgot a disposal fails there, not silently).
class RxCocoaTestCase: ResourceCheckedTestCase {
    /// Runs `body` with shared sequences delivering on a fresh `TestScheduler`.
    func withTestScheduler(_ body: (TestScheduler) throws -> Void) rethrows {
        let scheduler = TestScheduler(initialClock: 0)
        try SharingScheduler.mock(scheduler: scheduler) { try body(scheduler) }
    }
}
