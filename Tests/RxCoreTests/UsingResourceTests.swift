import RxCore
import RxCoreTesting
import XCTest

private struct UsingFailure: Error {}

/// A resource that remembers the virtual times at which it was disposed.
private final class RecordingResource: Disposable {
    private let scheduler: TestScheduler
    let createdAt: TestTime
    private(set) var disposedAt = [TestTime]()

    init(scheduler: TestScheduler) {
        self.scheduler = scheduler
        createdAt = scheduler.clock
    }

    func dispose() {
        disposedAt.append(scheduler.clock)
    }
}

/// Complements UsingTests (CreationTests.swift): error path, the resource handed to the
/// factory, and one resource per subscription.
final class UsingResourceTests: RxTestCase {
    func testResourceIsDisposedWhenTheSequenceFails() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, UsingFailure())])
        var resource: RecordingResource?
        let res = scheduler.start {
            Observable.using(
                { () -> RecordingResource in
                    let created = RecordingResource(scheduler: scheduler)
                    resource = created
                    return created
                },
                observableFactory: { _ in xs.asObservable() }
            )
        }
        XCTAssertEqual(res.events, [.next(210, 1), .error(220, UsingFailure())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(resource?.disposedAt, [220])
    }

    func testObservableFactoryReceivesTheResource() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start {
            Observable.using(
                { RecordingResource(scheduler: scheduler) },
                observableFactory: { resource in
                    Observable.just(resource.createdAt)
                }
            )
        }
        XCTAssertEqual(res.events, [.next(200, 200), .completed(200)])
    }

    func testEachSubscriptionGetsItsOwnResource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        var resources = [RecordingResource]()
        let shared = Observable.using(
            { () -> RecordingResource in
                let created = RecordingResource(scheduler: scheduler)
                resources.append(created)
                return created
            },
            observableFactory: { _ in xs.asObservable() }
        )
        scheduler.scheduleAt(200) { _ = shared.subscribe() }
        scheduler.scheduleAt(300) { _ = shared.subscribe() }
        scheduler.start()
        XCTAssertEqual(resources.map { $0.createdAt }, [200, 300])
        XCTAssertEqual(resources.map { $0.disposedAt }, [[220], [320]])
    }
}
