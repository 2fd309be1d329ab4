import Foundation
import RxCore
import RxTraceRunner

/// A concurrent background scheduler (`ConcurrentDispatchQueueScheduler(<label>)` in reports,
/// like `ScenarioContext.concurrentScheduler`) whose queue a scenario can wait on.
///
/// A screen fed on a background queue must not be closed while that queue is still inside its
/// subscriber: the screen's `DisposeBag` would dispose the subscription on the main thread while
/// the subscriber runs on a background thread, anomaly 5. A main-thread `Binder` already has
/// its element (it schedules the update on the main thread) before the background thread has
/// left the subscriber, so "the screen shows the result" does not mean the delivery returned.
final class BackgroundQueue {
    let queue: DispatchQueue
    let scheduler: ConcurrentDispatchQueueScheduler

    init(label: String) {
        queue = DispatchQueue(label: label, attributes: .concurrent)
        scheduler = ConcurrentDispatchQueueScheduler(queue: queue)
    }

    /// Waits, servicing the main run loop, until every block submitted to the queue so far has
    /// returned (a barrier).
    func waitUntilIdle(_ context: ScenarioContext) throws {
        let idle = SharedCounter()
        queue.async(flags: .barrier) { idle.increment() }
        try waitFor(context, "the background queue to finish") { idle.value == 1 }
    }
}
