import Foundation
import RxCore
import RxCoreTesting
import XCTest

final class MergeTests: RxTestCase {
    // MARK: static merge

    func testMergeVariadicInterleavesAndCompletesWhenAllSourcesComplete() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(230, 4), .completed(260)])
        let ys = scheduler.createHotObservable([.next(215, 3), .next(240, 5), .completed(270)])

        let res = scheduler.start { Observable.merge(xs.asObservable(), ys.asObservable()) }

        XCTAssertEqual(res.events, [.next(210, 2), .next(215, 3), .next(230, 4), .next(240, 5), .completed(270)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 260)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 270)])
    }

    func testMergeArrayErrorDisposesEverySource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, testError), .next(240, 9)])
        let ys = scheduler.createHotObservable([.next(220, 2), .next(250, 3), .completed(300)])

        let res = scheduler.start { Observable.merge([xs.asObservable(), ys.asObservable()]) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .error(230, testError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 230)])
    }

    // Found by make semantics-check (issue 33): `merge(Observable.error(e), ys)` subscribed to ys
    // after the error had ended the merge, starting ys's work only to dispose it at once, while
    // flatMap and merge(maxConcurrent:) already subscribed to nothing once terminated.
    func testMergeSubscribesToNoSourceAfterAnEarlierOneEndedIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = scheduler.createColdObservable([.next(10, 1), .completed(20)])

        let res = scheduler.start { Observable.merge(Observable<Int>.error(testError), ys.asObservable()) }

        XCTAssertEqual(res.events, [.error(200, testError)])
        XCTAssertEqual(ys.subscriptions, [])
    }

    func testMergeCollectionDisposedInTheMiddle() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(40, 3), .completed(50)])
        let ys = scheduler.createColdObservable([.next(20, 2), .next(50, 4), .completed(60)])
        let sources: ArraySlice<Observable<Int>> = [xs.asObservable(), ys.asObservable()][...]

        let res = scheduler.start(disposed: 235) { Observable.merge(sources) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 235)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 235)])
    }

    func testMergeOfNoSourcesCompletesAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int>.merge([]) }
        XCTAssertEqual(res.events, [.completed(200)])
    }

    func testMergeOfSynchronousSourcesDeliversEverythingInOrder() {
        var elements: [Int] = []
        var completed = false
        _ = Observable.merge(Observable.just(1), Observable.of(2, 3), Observable.empty())
            .subscribe(onNext: { elements.append($0) }, onCompleted: { completed = true })
        XCTAssertEqual(elements, [1, 2, 3])
        XCTAssertTrue(completed)
    }

    // MARK: merge() / merge(maxConcurrent:) / concat() on sequences of sequences

    func testMergeOfInnerSequencesCompletesAfterOuterAndEveryInner() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 101), .next(20, 102), .completed(30)])
        let ys2 = scheduler.createColdObservable([.next(5, 201), .next(25, 202), .completed(40)])
        let xs = scheduler.createHotObservable([
            .next(210, ys1.asObservable()),
            .next(220, ys2.asObservable()),
            .completed(230),
        ])

        let res = scheduler.start { xs.merge() }

        XCTAssertEqual(
            res.events,
            [.next(220, 101), .next(225, 201), .next(230, 102), .next(245, 202), .completed(260)]
        )
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(210, 240)])
        XCTAssertEqual(ys2.subscriptions, [Subscription(220, 260)])
    }

    func testMergeOfInnerSequencesInnerErrorDisposesOuterAndOtherInners() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 101), .next(100, 102)])
        let ys2 = scheduler.createColdObservable([.next(5, 201), .error(15, testError)])
        let xs = scheduler.createHotObservable([
            .next(210, ys1.asObservable()),
            .next(220, ys2.asObservable()),
            .completed(500),
        ])

        let res = scheduler.start { xs.merge() }

        XCTAssertEqual(res.events, [.next(220, 101), .next(225, 201), .error(235, testError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 235)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(210, 235)])
        XCTAssertEqual(ys2.subscriptions, [Subscription(220, 235)])
    }

    func testMergeOfInnerSequencesOuterErrorDisposesInners() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 101), .next(100, 102), .completed(200)])
        let xs = scheduler.createHotObservable([.next(210, ys1.asObservable()), .error(250, testError)])

        let res = scheduler.start { xs.merge() }

        XCTAssertEqual(res.events, [.next(220, 101), .error(250, testError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(210, 250)])
    }

    func testMergeMaxConcurrentQueuesInnersUntilARunningOneCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 1), .completed(50)])
        let ys2 = scheduler.createColdObservable([.next(10, 2), .completed(20)])
        let ys3 = scheduler.createColdObservable([.next(5, 3), .completed(15)])
        let xs = scheduler.createHotObservable([
            .next(210, ys1.asObservable()),
            .next(220, ys2.asObservable()),
            .next(230, ys3.asObservable()),
            .completed(235),
        ])

        let res = scheduler.start { xs.merge(maxConcurrent: 2) }

        XCTAssertEqual(res.events, [.next(220, 1), .next(230, 2), .next(245, 3), .completed(260)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 235)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(210, 260)])
        XCTAssertEqual(ys2.subscriptions, [Subscription(220, 240)])
        XCTAssertEqual(ys3.subscriptions, [Subscription(240, 255)])
    }

    func testMergeMaxConcurrentCompletesAtOnceWhenNothingIsRunning() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let xs = scheduler.createHotObservable([.next(210, ys1.asObservable()), .completed(250)])

        let res = scheduler.start { xs.merge(maxConcurrent: 3) }

        XCTAssertEqual(res.events, [.next(220, 1), .completed(250)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(210, 230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testMergeMaxConcurrentDisposedInTheMiddleDisposesRunningInners() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 1), .next(100, 9), .completed(200)])
        let ys2 = scheduler.createColdObservable([.next(10, 2), .completed(20)])
        let xs = scheduler.createHotObservable([
            .next(210, ys1.asObservable()),
            .next(220, ys2.asObservable()),
            .completed(400),
        ])

        let res = scheduler.start(disposed: 250) { xs.merge(maxConcurrent: 1) }

        XCTAssertEqual(res.events, [.next(220, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(210, 250)])
        XCTAssertEqual(ys2.subscriptions, [])
    }

    func testConcatOfInnerSequencesSubscribesEachAfterThePreviousCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let ys2 = scheduler.createColdObservable([.next(10, 2), .completed(20)])
        let xs = scheduler.createHotObservable([
            .next(210, ys1.asObservable()),
            .next(215, ys2.asObservable()),
            .completed(220),
        ])

        let res = scheduler.start { xs.concat() }

        XCTAssertEqual(res.events, [.next(220, 1), .next(240, 2), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(210, 230)])
        XCTAssertEqual(ys2.subscriptions, [Subscription(230, 250)])
    }

    // MARK: concurrency (seed example B19)

    /// Two intervals on two serial queues, merged: the subscriber sees events from both, never
    /// two at once, and the subscription releases everything when disposed.
    func testConcurrencyMergeOfIntervalsOnDifferentSchedulersSerialisesDelivery() {
        let red = SerialDispatchQueueScheduler(internalSerialQueueName: "rxcore.tests.red")
        let green = SerialDispatchQueueScheduler(internalSerialQueueName: "rxcore.tests.green")
        let anomalies = CombiningTestCounter()
        let previousHandler = Hooks.synchronizationAnomalyHandler
        Hooks.synchronizationAnomalyHandler = { _, _ in anomalies.increment() }
        defer { Hooks.synchronizationAnomalyHandler = previousHandler }

        let inside = CombiningTestCounter()
        let overlaps = CombiningTestCounter()
        let received = CombiningTestCounter()
        let fromRed = CombiningTestCounter()
        let fromGreen = CombiningTestCounter()
        let enough = DispatchSemaphore(value: 0)

        let subscription = Observable.merge([
            Observable<Int>.interval(.milliseconds(1), scheduler: red).map { _ in "red" },
            Observable<Int>.interval(.milliseconds(1), scheduler: green).map { _ in "green" },
        ])
        .subscribe(onNext: { color in
            if inside.increment() != 0 { overlaps.increment() }
            // Widen the window in which an unserialised second delivery would overlap.
            var spin = 0
            for value in 0..<2_000 { spin &+= value }
            _ = spin
            if color == "red" { fromRed.increment() } else { fromGreen.increment() }
            inside.decrement()
            if received.increment() == 199 { enough.signal() }
        })

        XCTAssertEqual(enough.wait(timeout: .now() + 20), .success)
        subscription.dispose()

        XCTAssertEqual(overlaps.value, 0)
        XCTAssertEqual(anomalies.value, 0)
        XCTAssertGreaterThan(fromRed.value, 0)
        XCTAssertGreaterThan(fromGreen.value, 0)
    }

    func testConcurrencyMergeFromManyThreadsDeliversEveryElementOnce() {
        let subjects = (0..<4).map { _ in PublishSubject<Int>() }
        let inside = CombiningTestCounter()
        let overlaps = CombiningTestCounter()
        var sum = 0
        var completed = false

        let subscription = Observable.merge(subjects.map { $0.asObservable() })
            .subscribe(
                onNext: { value in
                    if inside.increment() != 0 { overlaps.increment() }
                    sum += value
                    inside.decrement()
                },
                onCompleted: { completed = true }
            )

        DispatchQueue.concurrentPerform(iterations: subjects.count) { index in
            for value in 1...1_000 {
                subjects[index].onNext(value)
            }
            subjects[index].onCompleted()
        }

        XCTAssertEqual(overlaps.value, 0)
        XCTAssertEqual(sum, subjects.count * 500_500)
        XCTAssertTrue(completed)
        subscription.dispose()
    }

    // MARK: synchronous sources and resources

    func testMergeOfSynchronousInnersWithAnErrorEndsOnce() {
        var errors = 0
        _ = Observable.of(
            Observable.of(0, 1, 2),
            Observable.concat([Observable.of(0, 1), Observable<Int>.error(testError)]),
            Observable.of(0, 1, 2)
        )
        .merge()
        .subscribe(onError: { _ in errors += 1 })
        XCTAssertEqual(errors, 1)

        var limitedErrors = 0
        _ = Observable.just(Observable<Int>.error(testError)).merge(maxConcurrent: 1)
            .subscribe(onError: { _ in limitedErrors += 1 })
        XCTAssertEqual(limitedErrors, 1)
    }

    func testMergeOfAnEmptyOuterOrEmptyInnerCompletes() {
        var completions = 0
        _ = Observable<Observable<Int>>.empty().merge().subscribe(onCompleted: { completions += 1 })
        _ = Observable.just(Observable<Int>.empty()).merge().subscribe(onCompleted: { completions += 1 })
        _ = Observable<Observable<Int>>.empty().merge(maxConcurrent: 1).subscribe(onCompleted: { completions += 1 })
        _ = Observable.just(Observable<Int>.empty()).merge(maxConcurrent: 1).subscribe(onCompleted: { completions += 1 }
        )
        XCTAssertEqual(completions, 4)
    }

    func testMergeReleasesEverythingOnEveryTerminalPath() {
        _ = Observable.merge(Observable.just(1), Observable.just(2)).subscribe()
        _ = Observable.merge(Observable.just(1), Observable<Int>.error(testError)).subscribe()
        _ = Observable.of(Observable.just(1), Observable<Int>.error(testError)).merge(maxConcurrent: 1).subscribe()
        _ = Observable.of(1, 2).flatMap { Observable.just($0) }.subscribe()
        _ = Observable.of(1, 2).flatMapFirst { _ in Observable<Int>.error(testError) }.subscribe()
        _ = Observable.of(1, 2).concatMap { Observable.just($0) }.subscribe()
        _ = Observable<Int>.error(testError).flatMap { Observable.just($0) }.subscribe()
    }
}
