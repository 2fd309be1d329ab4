import Dispatch
import Foundation
import RxCore
import RxCoreTesting
import XCTest

final class ObserveOnTests: RxTestCase {
    func testDeliversOneTickLaterOnTheTestScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(220, 2), .completed(250)])
        let res = scheduler.start { xs.observe(on: scheduler) }
        XCTAssertEqual(res.events, [.next(211, 1), .next(221, 2), .completed(251)])
        // The source is released when it terminates (at 250): `observe(on:)` subscribes through
        // `asObservable()`, whose sink enforces the grammar and disposes on a terminal event.
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testErrorIsDeliveredOnTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(250, testError)])
        let res = scheduler.start { xs.observe(on: scheduler) }
        XCTAssertEqual(res.events, [.next(211, 1), .error(251, testError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testDisposedBeforeQueuedEventsRun() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
        let res = scheduler.start(disposed: 220) { xs.observe(on: scheduler) }
        XCTAssertEqual(res.events, [.next(211, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    @available(*, deprecated)
    func testDeprecatedObserveOn() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(250)])
        let res = scheduler.start { xs.observeOn(scheduler) }
        XCTAssertEqual(res.events, [.next(211, 1), .completed(251)])
    }

    func testSerialSchedulerDeliversInOrderOnItsQueue() {
        let key = DispatchSpecificKey<String>()
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "observe.serial", serialQueueConfiguration: { $0.setSpecific(key: key, value: "serial") })
        let log = LineLog()
        let done = expectation(description: "completed")
        let subscription = Observable.range(start: 0, count: 100)
            .observe(on: scheduler)
            .subscribe(onNext: { log.append("\($0) \(DispatchQueue.getSpecific(key: key) ?? "?")") }, onCompleted: { done.fulfill() })
        wait(for: [done], timeout: 5)
        XCTAssertEqual(log.lines, (0..<100).map { "\($0) serial" })
        subscription.dispose()
    }

    func testConcurrentSchedulerStillDeliversSeriallyInOrder() {
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
        let log = LineLog()
        let inside = LockedCounter()
        let overlaps = LockedCounter()
        let done = expectation(description: "completed")
        let subject = PublishSubject<Int>()
        let subscription = subject
            .observe(on: scheduler)
            .subscribe(onNext: { element in
                inside.increment()
                if inside.value > 1 { overlaps.increment() }
                log.append("\(element)")
                inside.decrement()
            }, onCompleted: { done.fulfill() })
        for element in 0..<500 { subject.onNext(element) }
        subject.onCompleted()
        wait(for: [done], timeout: 10)
        XCTAssertEqual(log.lines, (0..<500).map { "\($0)" })
        XCTAssertEqual(overlaps.value, 0)
        subscription.dispose()
    }
}

final class SubscribeOnTests: RxTestCase {
    func testSubscribesAndDisposesOnTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(220, 2)])
        let res = scheduler.start { xs.subscribe(on: scheduler) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(201, 1001)])
    }

    func testCompletionDisposesTheSourceOnTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let res = scheduler.start { xs.subscribe(on: scheduler) }
        XCTAssertEqual(res.events, [.next(210, 1), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(201, 301)])
    }

    func testErrorDisposesTheSourceOnTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.error(300, testError)] as [Recorded<Event<Int>>])
        let res = scheduler.start { xs.subscribe(on: scheduler) }
        XCTAssertEqual(res.events, [.error(300, testError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(201, 301)])
    }

    func testDisposedBeforeTheScheduledSubscriptionNeverSubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1)])
        let res = scheduler.start(created: 100, subscribed: 200, disposed: 200) { xs.subscribe(on: scheduler) }
        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [])
    }

    @available(*, deprecated)
    func testDeprecatedSubscribeOn() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let res = scheduler.start { xs.subscribeOn(scheduler) }
        XCTAssertEqual(res.events, [.next(210, 1), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(201, 301)])
    }

    func testSubscriptionWorkRunsOnTheScheduler() {
        let key = DispatchSpecificKey<String>()
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "subscribe.serial", serialQueueConfiguration: { $0.setSpecific(key: key, value: "blue") })
        let log = LineLog()
        let done = expectation(description: "completed")
        let subscription = Observable<Int>.create { observer in
            log.append("subscribed on \(DispatchQueue.getSpecific(key: key) ?? "?")")
            observer.onNext(42)
            observer.onCompleted()
            return Disposables.create()
        }
        .subscribe(on: scheduler)
        .subscribe(onNext: { log.append("\($0) on \(DispatchQueue.getSpecific(key: key) ?? "?")") }, onCompleted: { done.fulfill() })
        wait(for: [done], timeout: 5)
        XCTAssertEqual(log.lines, ["subscribed on blue", "42 on blue"])
        subscription.dispose()
    }

    /// Seed example B18: a source with a scheduler of its own emits there, whatever
    /// `subscribe(on:)` says.
    func testJustWithItsOwnSchedulerIgnoresSubscribeOn() {
        let key = DispatchSpecificKey<String>()
        let blue = SerialDispatchQueueScheduler(internalSerialQueueName: "blue", serialQueueConfiguration: { $0.setSpecific(key: key, value: "blue") })
        let red = SerialDispatchQueueScheduler(internalSerialQueueName: "red", serialQueueConfiguration: { $0.setSpecific(key: key, value: "red") })
        let log = LineLog()
        let done = expectation(description: "completed")
        let subscription = Observable.just(42, scheduler: blue)
            .subscribe(on: red)
            .subscribe(onNext: { log.append("\($0) on \(DispatchQueue.getSpecific(key: key) ?? "?")") }, onCompleted: { done.fulfill() })
        wait(for: [done], timeout: 5)
        XCTAssertEqual(log.lines, ["42 on blue"])
        subscription.dispose()
    }
}
