import RxCore
import RxCoreTesting
import XCTest

final class ConcatTests: RxTestCase {
    func testConcatVariadicSubscribesTheNextSourceWhenThePreviousCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let ys = scheduler.createColdObservable([.next(10, 2), .next(15, 3), .completed(20)])

        let res = scheduler.start { Observable.concat(xs.asObservable(), ys.asObservable()) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 2), .next(235, 3), .completed(240)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(ys.subscriptions, [Subscription(220, 240)])
    }

    func testInstanceConcatAppendsTheSecondSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .completed(230)])
        let ys = scheduler.createHotObservable([.next(220, 2), .next(240, 3), .completed(250)])

        let res = scheduler.start { xs.concat(ys) }

        // The second source is hot: what it emitted before being subscribed (220) is missed.
        XCTAssertEqual(res.events, [.next(210, 1), .next(240, 3), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys.subscriptions, [Subscription(230, 250)])
    }

    func testConcatErrorInTheFirstSourceNeverSubscribesTheNext() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
        let ys = scheduler.createColdObservable([.next(10, 2), .completed(20)])

        let res = scheduler.start { Observable.concat([xs.asObservable(), ys.asObservable()]) }

        XCTAssertEqual(res.events, [.next(210, 1), .error(220, testError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(ys.subscriptions, [])
    }

    func testConcatErrorInTheLastSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let ys = scheduler.createColdObservable([.next(10, 2), .error(20, testError)])

        let res = scheduler.start { Observable.concat([xs.asObservable(), ys.asObservable()]) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 2), .error(240, testError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(ys.subscriptions, [Subscription(220, 240)])
    }

    func testConcatDisposedInTheMiddleDisposesTheRunningSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let ys = scheduler.createColdObservable([.next(10, 2), .next(30, 3), .completed(40)])
        let zs = scheduler.createColdObservable([.next(10, 4), .completed(20)])

        let res = scheduler.start(disposed: 245) {
            Observable.concat([xs.asObservable(), ys.asObservable(), zs.asObservable()])
        }

        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(ys.subscriptions, [Subscription(220, 245)])
        XCTAssertEqual(zs.subscriptions, [])
    }

    func testConcatOfNoSourcesCompletesAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int>.concat([]) }
        XCTAssertEqual(res.events, [.completed(200)])
    }

    func testConcatOfANeverEndingSourceNeverReachesTheNext() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1)])
        let ys = scheduler.createColdObservable([.next(10, 2), .completed(20)])

        let res = scheduler.start { Observable.concat(xs.asObservable(), ys.asObservable()) }

        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
        XCTAssertEqual(ys.subscriptions, [])
    }

    func testConcatOfASequenceThatIsNotACollection() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let ys = scheduler.createColdObservable([.next(5, 2), .completed(10)])
        let sources = AnySequence([xs.asObservable(), ys.asObservable()])

        let res = scheduler.start { Observable.concat(sources) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(225, 2), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(ys.subscriptions, [Subscription(220, 230)])
    }

    func testConcatOfSynchronousSourcesKeepsOrder() {
        var elements: [Int] = []
        var completed = false
        _ = Observable.concat(Observable.just(1), Observable.of(2, 3), Observable.empty(), Observable.just(4))
            .subscribe(onNext: { elements.append($0) }, onCompleted: { completed = true })
        XCTAssertEqual(elements, [1, 2, 3, 4])
        XCTAssertTrue(completed)
    }

    /// A long generated sequence of synchronous sources must not grow the stack per source.
    func testConcatOfALongGeneratedSequenceDoesNotRecurse() {
        let sources = sequence(state: 0) { (count: inout Int) -> Observable<Int>? in
            count += 1
            return count <= 20_000 ? Observable.just(count) : nil
        }
        var received = 0
        var last = 0
        var completed = false
        _ = Observable.concat(sources).subscribe(
            onNext: {
                received += 1
                last = $0
            },
            onCompleted: { completed = true }
        )
        XCTAssertEqual(received, 20_000)
        XCTAssertEqual(last, 20_000)
        XCTAssertTrue(completed)
    }

    /// `concat` of `concat`s, nested thousands deep, is flattened rather than subscribed level by level.
    func testDeeplyNestedConcatIsFlattened() {
        var nested = Observable.just(0)
        for value in 1...5_000 {
            nested = Observable.concat([Observable.just(value), nested])
        }
        var received: [Int] = []
        var completed = false
        _ = nested.subscribe(onNext: { received.append($0) }, onCompleted: { completed = true })
        XCTAssertEqual(received, Array((0...5_000).reversed()))
        XCTAssertTrue(completed)
    }

    func testConcatReleasesEverythingOnEveryTerminalPath() {
        _ = Observable.concat([Observable.just(1)]).subscribe()
        _ = Observable.concat([Observable<Int>.error(testError)]).subscribe()
        _ = Observable.just(1).concat(Observable.just(2)).subscribe()
        let subscription = Observable.just(1).concat(Observable<Int>.never()).subscribe()
        subscription.dispose()
    }
}

#if TRACE_RESOURCES
extension ConcatTests {
    /// `concat` of [source(i), concat of the rest], built lazily: a two-element collection whose
    /// second element is the next level.
    private func nestedCollection(from index: Int, _ make: @escaping (Int) -> Observable<Int>) -> Observable<Int> {
        Observable.concat(
            (0..<2).lazy.map { part in
                part == 0 ? make(index) : self.nestedCollection(from: index + 1, make)
            }
        )
    }

    /// The same nesting through a plain sequence, whose remaining length is unknown.
    private func nestedSequence(from index: Int, _ make: @escaping (Int) -> Observable<Int>) -> Observable<Int> {
        Observable.concat(
            sequence(state: 0) { (part: inout Int) -> Observable<Int>? in
                defer { part += 1 }
                switch part {
                case 0: return make(index)
                case 1: return self.nestedSequence(from: index + 1, make)
                default: return nil
                }
            }
        )
    }

    func testNestedConcatOfCollectionsKeepsOneIteratorAtATime() {
        maxTailRecursiveSinkStackSize = 0
        var elements: [Int] = []
        _ = nestedCollection(from: 0) { Observable.just($0, scheduler: CurrentThreadScheduler.instance) }
            .take(10_000)
            .subscribe(onNext: { elements.append($0) })
        XCTAssertEqual(elements, Array(0..<10_000))
        XCTAssertEqual(maxTailRecursiveSinkStackSize, 1)
    }

    func testNestedConcatOfSequencesIsFlattenedWithoutRecursion() {
        maxTailRecursiveSinkStackSize = 0
        var elements: [Int] = []
        _ = nestedSequence(from: 0) { Observable.just($0, scheduler: CurrentThreadScheduler.instance) }
            .take(10_000)
            .subscribe(onNext: { elements.append($0) })
        XCTAssertEqual(elements, Array(0..<10_000))
        // Iterators of unknown length stay on the stack (they may have more), one per level.
        XCTAssertGreaterThan(maxTailRecursiveSinkStackSize, 1_000)
    }
}
#endif
