import Foundation
import RxCore
import RxCoreTesting
import XCTest

final class CombineLatestTests: RxTestCase {
    // MARK: two sources

    func testCombineLatestOfTwoSilentSourcesStaysSilent() {
        let scheduler = TestScheduler(initialClock: 0)
        let e1 = scheduler.createHotObservable([.next(150, 1)])
        let e2 = scheduler.createHotObservable([.next(150, 1)])

        let res = scheduler.start { Observable.combineLatest(e1, e2) { $0 + $1 } }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 1000)])
        XCTAssertEqual(e2.subscriptions, [Subscription(200, 1000)])
    }

    func testCombineLatestDoesNotCompleteWhileAnotherSourceIsStillRunning() {
        let scheduler = TestScheduler(initialClock: 0)
        let never = scheduler.createHotObservable([.next(150, 1)])
        let empty = scheduler.createHotObservable([.next(150, 1), .completed(210)])

        let res = scheduler.start { Observable.combineLatest(never, empty) { $0 + $1 } }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(never.subscriptions, [Subscription(200, 1000)])
        XCTAssertEqual(empty.subscriptions, [Subscription(200, 210)])
    }

    func testCombineLatestCompletesWhenEverySourceCompleted() {
        let scheduler = TestScheduler(initialClock: 0)
        let e1 = scheduler.createHotObservable([.next(150, 1), .completed(210)])
        let e2 = scheduler.createHotObservable([.next(150, 1), .completed(220)])

        let res = scheduler.start { Observable.combineLatest(e1, e2) { $0 + $1 } }

        XCTAssertEqual(res.events, [.completed(220)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(e2.subscriptions, [Subscription(200, 220)])
    }

    func testCombineLatestCompletesEarlyWhenASourceEndedWithoutAnyElement() {
        // e1 completed without emitting, so nothing can ever be combined: the next element of
        // e2 ends the result.
        let scheduler = TestScheduler(initialClock: 0)
        let e1 = scheduler.createHotObservable([.next(150, 1), .completed(210)])
        let e2 = scheduler.createHotObservable([.next(150, 1), .next(215, 2), .completed(220)])

        let res = scheduler.start { Observable.combineLatest(e1, e2) { $0 + $1 } }

        XCTAssertEqual(res.events, [.completed(215)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(e2.subscriptions, [Subscription(200, 215)])
    }

    func testCombineLatestCombinesTheLatestOfEachSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let e1 = scheduler.createHotObservable([.next(150, 1), .next(215, 1), .next(225, 3), .completed(300)])
        let e2 = scheduler.createHotObservable([.next(150, 1), .next(220, 20), .next(230, 40), .completed(240)])

        let res = scheduler.start { Observable.combineLatest(e1, e2) { $0 + $1 } }

        XCTAssertEqual(res.events, [.next(220, 21), .next(225, 23), .next(230, 43), .completed(300)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(e2.subscriptions, [Subscription(200, 240)])
    }

    func testCombineLatestTupleForm() {
        let scheduler = TestScheduler(initialClock: 0)
        let e1 = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(300)])
        let e2 = scheduler.createHotObservable([.next(220, "a"), .completed(250)])

        let res = scheduler.start {
            Observable.combineLatest(e1, e2).map { number, letter in "\(number)\(letter)" }
        }

        XCTAssertEqual(res.events, [.next(220, "1a"), .next(230, "2a"), .completed(300)])
    }

    func testCombineLatestErrorOfOneSourceDisposesTheOthers() {
        let scheduler = TestScheduler(initialClock: 0)
        let e1 = scheduler.createHotObservable([.next(210, 1), .error(220, testError)])
        let e2 = scheduler.createHotObservable([.next(215, 2), .completed(300)])

        let res = scheduler.start { Observable.combineLatest(e1, e2) { $0 + $1 } }

        XCTAssertEqual(res.events, [.next(215, 3), .error(220, testError)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(e2.subscriptions, [Subscription(200, 220)])
    }

    func testCombineLatestErrorAfterTheOtherCompleted() {
        let scheduler = TestScheduler(initialClock: 0)
        let e1 = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let e2 = scheduler.createHotObservable([.next(215, 2), .error(230, testError)])

        let res = scheduler.start { Observable.combineLatest(e1, e2) { $0 + $1 } }

        XCTAssertEqual(res.events, [.next(215, 3), .error(230, testError)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(e2.subscriptions, [Subscription(200, 230)])
    }

    func testCombineLatestThrowingSelector() {
        let scheduler = TestScheduler(initialClock: 0)
        let e1 = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(300)])
        let e2 = scheduler.createHotObservable([.next(220, 10), .completed(300)])

        let res = scheduler.start {
            Observable.combineLatest(e1, e2) { (a: Int, b: Int) throws -> Int in
                if a == 2 { throw testError }
                return a + b
            }
        }

        XCTAssertEqual(res.events, [.next(220, 11), .error(230, testError)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(e2.subscriptions, [Subscription(200, 230)])
    }

    func testCombineLatestDisposedInTheMiddle() {
        let scheduler = TestScheduler(initialClock: 0)
        let e1 = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .completed(300)])
        let e2 = scheduler.createHotObservable([.next(220, 10), .completed(300)])

        let res = scheduler.start(disposed: 230) { Observable.combineLatest(e1, e2) { $0 + $1 } }

        XCTAssertEqual(res.events, [.next(220, 11)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(e2.subscriptions, [Subscription(200, 230)])
    }

    func testCombineLatestSubscribesSourcesInOrder() {
        var order: [Int] = []
        func source(_ id: Int) -> Observable<Int> {
            Observable.create { observer in
                order.append(id)
                observer.onNext(id)
                return Disposables.create()
            }
        }
        var results: [Int] = []
        let subscription = Observable.combineLatest(source(1), source(2), source(3)) { $0 * 100 + $1 * 10 + $2 }
            .subscribe(onNext: { results.append($0) })
        subscription.dispose()
        XCTAssertEqual(order, [1, 2, 3])
        XCTAssertEqual(results, [123])
    }

    // MARK: arities 3 to 8

    /// Source `i` (1-based) emits `i` at 200 + 10i and completes at 400 + i.
    private func makeSources(_ scheduler: TestScheduler, count: Int) -> [TestableObservable<Int>] {
        (1...count).map { i in
            scheduler.createHotObservable([.next(150, 0), .next(200 + 10 * i, i), .completed(400 + i)])
        }
    }

    private func assertCombined(
        _ count: Int,
        file: StaticString = #filePath,
        line: UInt = #line,
        _ build: @escaping ([TestableObservable<Int>]) -> Observable<Int>
    ) {
        let scheduler = TestScheduler(initialClock: 0)
        let es = makeSources(scheduler, count: count)
        let res = scheduler.start { build(es) }
        let sum = (1...count).reduce(0, +)
        XCTAssertEqual(res.events, [.next(200 + 10 * count, sum), .completed(400 + count)], file: file, line: line)
        for (i, e) in es.enumerated() {
            XCTAssertEqual(e.subscriptions, [Subscription(200, 401 + i)], file: file, line: line)
        }
    }

    func testCombineLatestOfEveryArityWithResultSelector() {
        assertCombined(3) { e in Observable.combineLatest(e[0], e[1], e[2]) { $0 + $1 + $2 } }
        assertCombined(4) { e in Observable.combineLatest(e[0], e[1], e[2], e[3]) { $0 + $1 + $2 + $3 } }
        assertCombined(5) { e in Observable.combineLatest(e[0], e[1], e[2], e[3], e[4]) { $0 + $1 + $2 + $3 + $4 } }
        assertCombined(6) { e in
            Observable.combineLatest(e[0], e[1], e[2], e[3], e[4], e[5]) { a, b, c, d, f, g in a + b + c + d + f + g }
        }
        assertCombined(7) { e in
            Observable.combineLatest(e[0], e[1], e[2], e[3], e[4], e[5], e[6]) { a, b, c, d, f, g, h in
                a + b + c + d + f + g + h
            }
        }
        assertCombined(8) { e in
            Observable.combineLatest(e[0], e[1], e[2], e[3], e[4], e[5], e[6], e[7]) { a, b, c, d, f, g, h, i in
                a + b + c + d + f + g + h + i
            }
        }
    }

    func testCombineLatestOfEveryArityAsTuples() {
        assertCombined(2) { e in Observable.combineLatest(e[0], e[1]).map { $0 + $1 } }
        assertCombined(3) { e in Observable.combineLatest(e[0], e[1], e[2]).map { $0 + $1 + $2 } }
        assertCombined(4) { e in Observable.combineLatest(e[0], e[1], e[2], e[3]).map { $0 + $1 + $2 + $3 } }
        assertCombined(5) { e in Observable.combineLatest(e[0], e[1], e[2], e[3], e[4]).map { $0 + $1 + $2 + $3 + $4 } }
        assertCombined(6) { e in
            Observable.combineLatest(e[0], e[1], e[2], e[3], e[4], e[5]).map { a, b, c, d, f, g in a + b + c + d + f + g
            }
        }
        assertCombined(7) { e in
            Observable.combineLatest(e[0], e[1], e[2], e[3], e[4], e[5], e[6]).map { a, b, c, d, f, g, h in
                a + b + c + d + f + g + h
            }
        }
        assertCombined(8) { e in
            Observable.combineLatest(e[0], e[1], e[2], e[3], e[4], e[5], e[6], e[7]).map { a, b, c, d, f, g, h, i in
                a + b + c + d + f + g + h + i
            }
        }
    }

    // MARK: collections

    func testCombineLatestOfACollection() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(210, 1), .next(250, 4), .completed(420)])
        let e1 = scheduler.createHotObservable([.next(220, 2), .next(240, 5), .completed(410)])
        let e2 = scheduler.createHotObservable([.next(230, 3), .next(260, 6), .completed(400)])

        let res = scheduler.start { Observable.combineLatest([e0, e1, e2]) }

        XCTAssertEqual(
            res.events,
            [
                .next(230, [1, 2, 3]),
                .next(240, [1, 5, 3]),
                .next(250, [4, 5, 3]),
                .next(260, [4, 5, 6]),
                .completed(420),
            ]
        )
        XCTAssertEqual(e0.subscriptions, [Subscription(200, 420)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 410)])
        XCTAssertEqual(e2.subscriptions, [Subscription(200, 400)])
    }

    func testCombineLatestOfACollectionWithResultSelector() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let e1 = scheduler.createHotObservable([.next(220, 2), .next(230, 3), .completed(310)])

        let res = scheduler.start { Observable.combineLatest([e0, e1]) { $0.reduce(0, +) } }

        XCTAssertEqual(res.events, [.next(220, 3), .next(230, 4), .completed(310)])
    }

    func testCombineLatestOfACollectionCompletesEarlyWhenASourceEndedEmpty() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.completed(210, Int.self)])
        let e1 = scheduler.createHotObservable([.next(220, 2), .completed(300)])

        let res = scheduler.start { Observable.combineLatest([e0, e1]) }

        XCTAssertEqual(res.events, [.completed(220)])
        XCTAssertEqual(e0.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 220)])
    }

    func testCombineLatestOfACollectionErrorAndThrowingSelector() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(210, 1), .next(240, 9), .completed(300)])
        let e1 = scheduler.createHotObservable([.next(220, 2), .error(250, testError)])

        let failing = scheduler.start {
            Observable.combineLatest([e0, e1]) { values -> Int in
                if values.contains(9) { throw testError2 }
                return values.reduce(0, +)
            }
        }

        XCTAssertEqual(failing.events, [.next(220, 3), .error(240, testError2)])
        XCTAssertEqual(e0.subscriptions, [Subscription(200, 240)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 240)])
    }

    func testCombineLatestOfAnEmptyCollectionEmitsTheSelectorOfNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        let arrays = scheduler.start { Observable<Int>.combineLatest([Observable<Int>]()) }
        XCTAssertEqual(arrays.events, [.next(200, []), .completed(200)])

        let otherScheduler = TestScheduler(initialClock: 0)
        let counts = otherScheduler.start {
            Observable<Int>.combineLatest([Observable<Int>]()) { $0.count }
        }
        XCTAssertEqual(counts.events, [.next(200, 0), .completed(200)])
    }

    // MARK: concurrency

    func testConcurrencyCombineLatestOfSourcesOnDifferentThreadsNeverOverlaps() {
        let subjects = (0..<3).map { _ in PublishSubject<Int>() }
        let inside = CombiningTestCounter()
        let overlaps = CombiningTestCounter()
        var completed = false
        let subscription = Observable.combineLatest(subjects) { $0.reduce(0, +) }
            .subscribe(
                onNext: { _ in
                    if inside.increment() != 0 { overlaps.increment() }
                    inside.decrement()
                },
                onCompleted: { completed = true }
            )

        DispatchQueue.concurrentPerform(iterations: subjects.count) { index in
            for value in 0..<2_000 {
                subjects[index].onNext(value)
            }
            subjects[index].onCompleted()
        }

        XCTAssertEqual(overlaps.value, 0)
        XCTAssertTrue(completed)
        subscription.dispose()
    }

    // MARK: synchronous sources and resources

    func testCombineLatestOfSynchronousSourcesWithAnErrorEndsOnce() {
        var errors = 0
        var elements: [Int] = []
        _ = Observable.combineLatest(
            Observable.concat([Observable.of(0, 1), Observable<Int>.error(testError)]),
            Observable.of(10, 20),
            resultSelector: +
        )
        .subscribe(onNext: { elements.append($0) }, onError: { _ in errors += 1 })
        XCTAssertEqual(errors, 1)
        // `of` emits through the current-thread trampoline, so the two sources interleave.
        XCTAssertEqual(elements, [10, 11, 21])
    }

    func testCombineLatestReleasesEverythingOnEveryTerminalPath() {
        _ = Observable.combineLatest(Observable.just(1), Observable.just(2), resultSelector: +).subscribe()
        _ = Observable.combineLatest(Observable.just(1), Observable<Int>.error(testError)).subscribe()
        _ = Observable.combineLatest([Observable.just(1), Observable.just(2)]).subscribe()
        _ = Observable.combineLatest([Observable.just(1), Observable<Int>.error(testError)]) { $0.count }.subscribe()
        _ = Observable.combineLatest(Observable.just(1), Observable.just(2)) { (_: Int, _: Int) -> Int in
            throw testError
        }.subscribe()
    }
}
