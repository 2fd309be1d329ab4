import Dispatch
import XCTest

@testable import RxCore

/// Races between one thread disposing and another reading or scheduling, which ThreadSanitizer
/// (`make tsan`, `make sanitize`) reported in RxCore. Without the sanitizer they pass either way;
/// under it each failed before its fix.
final class DisposeRaceConcurrencyTests: RxTestCase {
    /// `Observable.create`'s documented pattern: a producer polls `isDisposed` on one thread while
    /// the subscriber disposes on another.
    func testIsDisposedReadOnOneThreadWhileAnotherDisposes() {
        for _ in 0..<100 {
            let cancel = BooleanDisposable()
            let both = DispatchGroup()
            DispatchQueue.global().async(group: both) {
                var spins = 0
                while !cancel.isDisposed && spins < 1_000_000 { spins += 1 }
            }
            DispatchQueue.global().async(group: both) { cancel.dispose() }
            both.wait()
            XCTAssertTrue(cancel.isDisposed)
        }
    }

    /// `delay` on a concurrent queue: the scheduled block can run, and record that it ran, while
    /// the scheduling thread is still registering it.
    func testDelayOnAConcurrentQueueRacesNoSchedulingState() {
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
        for _ in 0..<200 {
            let delivered = expectation(description: "delivered")
            var values: [Int] = []
            let subscription = Observable.from([1, 2, 3])
                .delay(.nanoseconds(0), scheduler: scheduler)
                .subscribe(onNext: { values.append($0) }, onCompleted: { delivered.fulfill() })
            wait(for: [delivered], timeout: 5)
            XCTAssertEqual(values, [1, 2, 3])
            subscription.dispose()
        }
    }
}
