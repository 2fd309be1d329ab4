import RxCore
import RxTraceRunner

/// Runs `work` (typically a `dispose()` or dropping a `DisposeBag`) on `scheduler` and services
/// the main run loop until it has run.
///
/// A clean example ends a subscription on the serial scheduler its subscriber runs on, so the
/// disposal can never overlap a delivery (guarantee A2). Disposing from the main thread while
/// the scheduler is delivering an element is anomaly 5 (`disposedWhileDelivering`), which
/// rxtrace rightly reports when the two happen to meet, so a clean example written that way
/// would fail now and then under load.
func perform(
    on scheduler: ImmediateSchedulerType,
    _ context: ScenarioContext,
    _ what: String,
    _ work: @escaping () -> Void
) throws {
    let done = SharedCounter()
    _ = scheduler.schedule(()) { _ in
        work()
        done.increment()
        return Disposables.create()
    }
    try waitFor(context, what) { done.value == 1 }
}
