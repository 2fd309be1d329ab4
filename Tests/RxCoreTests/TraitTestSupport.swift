import RxCore
import RxCoreTesting

/// Runs `create` on a fresh TestScheduler (created 100, subscribed 200, disposed 1000) and returns
/// the recorded events, so that one test can check several independent sequences.
func recordedEvents<Element>(
    disposed: TestTime = 1000,
    _ create: @escaping (TestScheduler) -> Observable<Element>
) -> [Recorded<Event<Element>>] {
    let scheduler = TestScheduler(initialClock: 0)
    return scheduler.start(disposed: disposed) { create(scheduler) }.events
}
