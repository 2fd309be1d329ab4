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
        let scheduler = SerialDispatchQueueScheduler(
            internalSerialQueueName: "observe.serial",
            serialQueueConfiguration: { $0.setSpecific(key: key, value: "serial") }
        )
        let log = LineLog()
        let done = expectation(description: "completed")
        let subscription = Observable.range(start: 0, count: 100)
            .observe(on: scheduler)
            .subscribe(
                onNext: { log.append("\($0) \(DispatchQueue.getSpecific(key: key) ?? "?")") },
                onCompleted: { done.fulfill() }
            )
        wait(for: [done], timeout: 5)
        XCTAssertEqual(log.lines, (0..<100).map { "\($0) serial" })
        subscription.dispose()
    }

    func testConcurrentSchedulerStillDeliversSeriallyInOrder() {
        assertDeliversSeriallyInOrder(
            on: ConcurrentDispatchQueueScheduler(qos: .default),
            count: 500,
            sendFromAnotherThread: false
        )
    }

    // A burst (several events before the scheduler runs): RxSwift delivers it one element per
    // scheduled step on any scheduler but a serial queue, so on virtual time one tick apart.
    func testBurstOnVirtualTimeIsDeliveredOneElementPerTickThenTheTerminal() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = burstSubject([1, 2, 3], then: .error(testError), at: 210, on: scheduler)
        let res = scheduler.start { subject.observe(on: scheduler) }
        XCTAssertEqual(res.events, [.next(211, 1), .next(212, 2), .next(213, 3), .error(214, testError)])
    }

    func testDisposedInsideABurstOnVirtualTimeStopsAtThatElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = PublishSubject<Int>()
        scheduler.scheduleAt(210) { (1...5).forEach(subject.onNext) }
        let res = scheduler.start(disposed: 213) { subject.observe(on: scheduler) }
        XCTAssertEqual(res.events, [.next(211, 1), .next(212, 2)])
    }

    // The serial-queue variant: while the queue is busy (suspended here) a burst piles up, and
    // all of it goes out in order, the terminal event after the last element.
    func testSerialSchedulerDeliversABurstInOrderThenTheTerminal() {
        for terminal in ["completed", "error"] {
            let queue = DispatchQueue(label: "observe.burst")
            let scheduler = SerialDispatchQueueScheduler(serialQueue: queue)
            let subject = PublishSubject<Int>()
            let log = LineLog()
            let subscription = subject.observe(on: scheduler).subscribe(
                onNext: { log.append("\($0)") },
                onError: { _ in log.append("error") },
                onCompleted: { log.append("completed") }
            )
            queue.suspend()
            for element in 0..<1000 { subject.onNext(element) }
            if terminal == "completed" { subject.onCompleted() } else { subject.onError(testError) }
            subject.onNext(1000)
            queue.resume()
            queue.sync {}
            XCTAssertEqual(log.lines, (0..<1000).map { "\($0)" } + [terminal])
            subscription.dispose()
        }
    }

    func testSerialSchedulerKeepsOrderWhileAnotherThreadSendsDuringDelivery() {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "observe.concurrent-producer")
        assertDeliversSeriallyInOrder(on: scheduler, count: 5000, sendFromAnotherThread: true)
    }

    func testSerialSchedulerDisposedInsideABurstDeliversNothingMore() {
        let queue = DispatchQueue(label: "observe.dispose-inside")
        let scheduler = SerialDispatchQueueScheduler(serialQueue: queue)
        let subject = PublishSubject<Int>()
        let log = LineLog()
        let subscription = SingleAssignmentDisposable()
        queue.suspend()
        subscription.setDisposable(
            subject.observe(on: scheduler).subscribe(
                onNext: { element in
                    log.append("\(element)")
                    if element == 2 { subscription.dispose() }
                },
                onCompleted: { log.append("completed") },
                onDisposed: { log.append("disposed") }
            )
        )
        for element in 0..<10 { subject.onNext(element) }
        subject.onCompleted()
        queue.resume()
        queue.sync {}
        XCTAssertEqual(log.lines, ["0", "1", "2", "disposed"])
    }

    func testSerialSchedulerDisposedWhileABurstIsQueuedDeliversNothing() {
        let queue = DispatchQueue(label: "observe.dispose-queued")
        let scheduler = SerialDispatchQueueScheduler(serialQueue: queue)
        let subject = PublishSubject<Int>()
        let log = LineLog()
        let subscription = subject.observe(on: scheduler).subscribe(
            onNext: { log.append("\($0)") },
            onCompleted: { log.append("completed") }
        )
        queue.suspend()
        for element in 0..<10 { subject.onNext(element) }
        subject.onCompleted()
        subscription.dispose()
        queue.resume()
        queue.sync {}
        XCTAssertEqual(log.lines, [])
    }

    // An element sent from inside a delivery (reentrancy) waits for a later work item, as with
    // RxSwift's one work item per event: the delivery that sent it returns first, and the
    // elements already queued go before it.
    func testSerialSchedulerDeliversAReentrantElementAfterTheQueuedOnes() {
        let queue = DispatchQueue(label: "observe.reentrant")
        let scheduler = SerialDispatchQueueScheduler(serialQueue: queue)
        let subject = PublishSubject<Int>()
        let log = LineLog()
        let subscription = subject.observe(on: scheduler).subscribe(onNext: { element in
            log.append("\(element)")
            if element == 1 {
                subject.onNext(10)
                log.append("sent 10")
            }
        })
        queue.suspend()
        subject.onNext(1)
        subject.onNext(2)
        queue.resume()
        queue.sync {}
        queue.sync {}
        XCTAssertEqual(log.lines, ["1", "sent 10", "2", "10"])
        subscription.dispose()
    }

    /// Sends `count` elements and a completion through `observe(on: scheduler)` (from a global
    /// queue when `sendFromAnotherThread`, so sending and delivering overlap) and checks that
    /// they arrive in order, one delivery at a time.
    private func assertDeliversSeriallyInOrder(
        on scheduler: ImmediateSchedulerType,
        count: Int,
        sendFromAnotherThread: Bool,
        file: StaticString = #filePath,
        line: UInt = #line
    ) {
        let log = LineLog()
        let inside = LockedCounter()
        let overlaps = LockedCounter()
        let done = expectation(description: "completed")
        let subject = PublishSubject<Int>()
        let subscription =
            subject
            .observe(on: scheduler)
            .subscribe(
                onNext: { element in
                    inside.increment()
                    if inside.value > 1 { overlaps.increment() }
                    log.append("\(element)")
                    inside.decrement()
                },
                onCompleted: { done.fulfill() }
            )
        let send = {
            for element in 0..<count { subject.onNext(element) }
            subject.onCompleted()
        }
        if sendFromAnotherThread { DispatchQueue.global().async(execute: send) } else { send() }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(log.lines, (0..<count).map { "\($0)" }, file: file, line: line)
        XCTAssertEqual(overlaps.value, 0, file: file, line: line)
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
        let scheduler = SerialDispatchQueueScheduler(
            internalSerialQueueName: "subscribe.serial",
            serialQueueConfiguration: { $0.setSpecific(key: key, value: "blue") }
        )
        let log = LineLog()
        let done = expectation(description: "completed")
        let subscription = Observable<Int>.create { observer in
            log.append("subscribed on \(DispatchQueue.getSpecific(key: key) ?? "?")")
            observer.onNext(42)
            observer.onCompleted()
            return Disposables.create()
        }
        .subscribe(on: scheduler)
        .subscribe(
            onNext: { log.append("\($0) on \(DispatchQueue.getSpecific(key: key) ?? "?")") },
            onCompleted: { done.fulfill() }
        )
        wait(for: [done], timeout: 5)
        XCTAssertEqual(log.lines, ["subscribed on blue", "42 on blue"])
        subscription.dispose()
    }

    /// Seed example B18: a source with a scheduler of its own emits there, whatever
    /// `subscribe(on:)` says.
    func testJustWithItsOwnSchedulerIgnoresSubscribeOn() {
        let key = DispatchSpecificKey<String>()
        let blue = SerialDispatchQueueScheduler(
            internalSerialQueueName: "blue",
            serialQueueConfiguration: { $0.setSpecific(key: key, value: "blue") }
        )
        let red = SerialDispatchQueueScheduler(
            internalSerialQueueName: "red",
            serialQueueConfiguration: { $0.setSpecific(key: key, value: "red") }
        )
        let log = LineLog()
        let done = expectation(description: "completed")
        let subscription = Observable.just(42, scheduler: blue)
            .subscribe(on: red)
            .subscribe(
                onNext: { log.append("\($0) on \(DispatchQueue.getSpecific(key: key) ?? "?")") },
                onCompleted: { done.fulfill() }
            )
        wait(for: [done], timeout: 5)
        XCTAssertEqual(log.lines, ["42 on blue"])
        subscription.dispose()
    }
}
