import Foundation
import RxCore
import RxCoreTesting
import XCTest

final class ZipTests: RxTestCase {
    // MARK: two sources

    func testZipWithASilentSourceStaysSilent() {
        let scheduler = TestScheduler(initialClock: 0)
        let never = scheduler.createHotObservable([.next(150, 1)])
        let empty = scheduler.createHotObservable([.next(150, 1), .completed(210)])

        let res = scheduler.start { Observable.zip(never, empty) { $0 + $1 } }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(never.subscriptions, [Subscription(200, 1000)])
        XCTAssertEqual(empty.subscriptions, [Subscription(200, 210)])
    }

    func testZipCompletesWhenEverySourceCompleted() {
        let scheduler = TestScheduler(initialClock: 0)
        let empty = scheduler.createHotObservable([.next(150, 1), .completed(210)])
        let other = scheduler.createHotObservable([.next(150, 1), .next(215, 2), .completed(220)])

        let res = scheduler.start { Observable.zip(empty, other) { $0 + $1 } }

        XCTAssertEqual(res.events, [.completed(220)])
        XCTAssertEqual(empty.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(other.subscriptions, [Subscription(200, 220)])
    }

    func testZipPairsElementsByIndex() {
        let scheduler = TestScheduler(initialClock: 0)
        let e1 = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        let e2 = scheduler.createHotObservable([.next(240, "a"), .next(250, "b"), .completed(260)])

        let res = scheduler.start { Observable.zip(e1, e2) { "\($0)\($1)" } }

        XCTAssertEqual(res.events, [.next(240, "1a"), .next(250, "2b"), .completed(300)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(e2.subscriptions, [Subscription(200, 260)])
    }

    func testZipCompletesOnlyWhenTheLastSourceCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let e1 = scheduler.createHotObservable([.next(150, 1), .next(210, 5), .completed(220)])
        let e2 = scheduler.createHotObservable([.next(150, 1), .next(210, 5), .next(220, 6), .completed(230)])

        let res = scheduler.start { Observable.zip(e1, e2) { $0 + $1 } }

        XCTAssertEqual(res.events, [.next(210, 10), .completed(230)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(e2.subscriptions, [Subscription(200, 230)])
    }

    func testZipTupleForm() {
        let scheduler = TestScheduler(initialClock: 0)
        let e1 = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(300)])
        let e2 = scheduler.createHotObservable([.next(220, "a"), .next(240, "b"), .completed(250)])

        let res = scheduler.start { Observable.zip(e1, e2).map { number, letter in "\(number)\(letter)" } }

        XCTAssertEqual(res.events, [.next(220, "1a"), .next(240, "2b"), .completed(300)])
    }

    func testZipErrorDisposesEverySource() {
        let scheduler = TestScheduler(initialClock: 0)
        let e1 = scheduler.createHotObservable([.next(150, 1), .next(215, 2), .completed(230)])
        let e2 = scheduler.createHotObservable([.next(150, 1), .error(220, testError)])

        let res = scheduler.start { Observable.zip(e1, e2) { $0 + $1 } }

        XCTAssertEqual(res.events, [.error(220, testError)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(e2.subscriptions, [Subscription(200, 220)])
    }

    func testZipThrowingSelector() {
        let scheduler = TestScheduler(initialClock: 0)
        let e1 = scheduler.createHotObservable([.next(150, 1), .next(220, 2), .completed(220)])
        let e2 = scheduler.createHotObservable([.next(150, 1), .next(210, 4)])

        let res = scheduler.start { Observable.zip(e1, e2) { (_: Int, _: Int) throws -> Int in throw testError } }

        XCTAssertEqual(res.events, [.error(220, testError)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(e2.subscriptions, [Subscription(200, 220)])
    }

    func testZipDisposedInTheMiddle() {
        let scheduler = TestScheduler(initialClock: 0)
        let e1 = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(100)])
        let e2 = scheduler.createColdObservable([.next(15, 10), .next(40, 20), .completed(100)])

        let res = scheduler.start(disposed: 230) { Observable.zip(e1, e2) { $0 + $1 } }

        XCTAssertEqual(res.events, [.next(215, 11)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(e2.subscriptions, [Subscription(200, 230)])
    }

    func testZipOfSynchronousSources() {
        var results: [String] = []
        var completed = false
        _ = Observable.zip(Observable.of(1, 2, 3), Observable.of("a", "b")) { "\($0)\($1)" }
            .subscribe(onNext: { results.append($0) }, onCompleted: { completed = true })
        XCTAssertEqual(results, ["1a", "2b"])
        XCTAssertTrue(completed)
    }

    // MARK: arities 3 to 8

    /// Source `i` (1-based) emits `i` then `10 * i` at 200 + 10i and 300 + 10i, completes at 400 + i.
    private func makeSources(_ scheduler: TestScheduler, count: Int) -> [TestableObservable<Int>] {
        (1...count).map { i in
            scheduler.createHotObservable([
                .next(150, 0), .next(200 + 10 * i, i), .next(300 + 10 * i, 10 * i), .completed(400 + i),
            ])
        }
    }

    private func assertZipped(
        _ count: Int,
        file: StaticString = #filePath,
        line: UInt = #line,
        _ build: @escaping ([TestableObservable<Int>]) -> Observable<Int>
    ) {
        let scheduler = TestScheduler(initialClock: 0)
        let es = makeSources(scheduler, count: count)
        let res = scheduler.start { build(es) }
        let sum = (1...count).reduce(0, +)
        XCTAssertEqual(
            res.events,
            [.next(200 + 10 * count, sum), .next(300 + 10 * count, 10 * sum), .completed(400 + count)],
            file: file,
            line: line
        )
        for (i, e) in es.enumerated() {
            XCTAssertEqual(e.subscriptions, [Subscription(200, 401 + i)], file: file, line: line)
        }
    }

    func testZipOfEveryArityWithResultSelector() {
        assertZipped(3) { e in Observable.zip(e[0], e[1], e[2]) { $0 + $1 + $2 } }
        assertZipped(4) { e in Observable.zip(e[0], e[1], e[2], e[3]) { $0 + $1 + $2 + $3 } }
        assertZipped(5) { e in Observable.zip(e[0], e[1], e[2], e[3], e[4]) { $0 + $1 + $2 + $3 + $4 } }
        assertZipped(6) { e in
            Observable.zip(e[0], e[1], e[2], e[3], e[4], e[5]) { a, b, c, d, f, g in a + b + c + d + f + g }
        }
        assertZipped(7) { e in
            Observable.zip(e[0], e[1], e[2], e[3], e[4], e[5], e[6]) { a, b, c, d, f, g, h in a + b + c + d + f + g + h
            }
        }
        assertZipped(8) { e in
            Observable.zip(e[0], e[1], e[2], e[3], e[4], e[5], e[6], e[7]) { a, b, c, d, f, g, h, i in
                a + b + c + d + f + g + h + i
            }
        }
    }

    func testZipOfEveryArityAsTuples() {
        assertZipped(2) { e in Observable.zip(e[0], e[1]).map { $0 + $1 } }
        assertZipped(3) { e in Observable.zip(e[0], e[1], e[2]).map { $0 + $1 + $2 } }
        assertZipped(4) { e in Observable.zip(e[0], e[1], e[2], e[3]).map { $0 + $1 + $2 + $3 } }
        assertZipped(5) { e in Observable.zip(e[0], e[1], e[2], e[3], e[4]).map { $0 + $1 + $2 + $3 + $4 } }
        assertZipped(6) { e in
            Observable.zip(e[0], e[1], e[2], e[3], e[4], e[5]).map { a, b, c, d, f, g in a + b + c + d + f + g }
        }
        assertZipped(7) { e in
            Observable.zip(e[0], e[1], e[2], e[3], e[4], e[5], e[6]).map { a, b, c, d, f, g, h in
                a + b + c + d + f + g + h
            }
        }
        assertZipped(8) { e in
            Observable.zip(e[0], e[1], e[2], e[3], e[4], e[5], e[6], e[7]).map { a, b, c, d, f, g, h, i in
                a + b + c + d + f + g + h + i
            }
        }
    }

    // MARK: collections

    func testZipOfACollectionPairsByIndex() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(210, 1), .next(250, 4), .completed(420)])
        let e1 = scheduler.createHotObservable([.next(220, 2), .next(240, 5), .completed(410)])
        let e2 = scheduler.createHotObservable([.next(230, 3), .next(260, 6), .completed(400)])

        let res = scheduler.start { Observable.zip([e0, e1, e2]) }

        XCTAssertEqual(res.events, [.next(230, [1, 2, 3]), .next(260, [4, 5, 6]), .completed(420)])
        XCTAssertEqual(e0.subscriptions, [Subscription(200, 420)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 410)])
        XCTAssertEqual(e2.subscriptions, [Subscription(200, 400)])
    }

    func testZipOfACollectionCompletesWhenTheOthersEndedAndOneCanNeverBePaired() {
        // e0 completes with an empty buffer at 270 and e2 completes at 300: the next element of
        // e1 (at 310) can never be paired with anything from e0, so the result completes then.
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(210, 1), .next(250, 4), .completed(270)])
        let e1 = scheduler.createHotObservable([
            .next(220, 2), .next(240, 5), .next(290, 7), .next(310, 9), .completed(410),
        ])
        let e2 = scheduler.createHotObservable([.next(230, 3), .next(260, 6), .next(280, 8), .completed(300)])

        let res = scheduler.start { Observable.zip([e0, e1, e2]) { $0.reduce(0, +) } }

        XCTAssertEqual(res.events, [.next(230, 6), .next(260, 15), .completed(310)])
        XCTAssertEqual(e0.subscriptions, [Subscription(200, 270)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 310)])
        XCTAssertEqual(e2.subscriptions, [Subscription(200, 300)])
    }

    func testZipOfACollectionError() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(210, 1), .error(250, testError)])
        let e1 = scheduler.createHotObservable([.next(220, 2), .next(240, 5), .completed(410)])

        let res = scheduler.start { Observable.zip([e0, e1]) }

        XCTAssertEqual(res.events, [.next(220, [1, 2]), .error(250, testError)])
        XCTAssertEqual(e0.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 250)])
    }

    func testZipOfAnEmptyCollectionCompletesAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int>.zip([Observable<Int>]()) }
        XCTAssertEqual(res.events, [.completed(200)])
    }

    // MARK: concurrency

    func testConcurrencyZipOfSourcesOnDifferentThreadsPairsEverything() {
        let subjects = (0..<3).map { _ in PublishSubject<Int>() }
        let inside = CombiningTestCounter()
        let overlaps = CombiningTestCounter()
        var results: [Int] = []
        var completed = false
        let subscription = Observable.zip(subjects[0], subjects[1], subjects[2]) { a, b, c -> Int in
            XCTAssertTrue(a == b && b == c)
            return a
        }
        .subscribe(
            onNext: { value in
                if inside.increment() != 0 { overlaps.increment() }
                results.append(value)
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
        XCTAssertEqual(results, Array(0..<2_000))
        XCTAssertTrue(completed)
        subscription.dispose()
    }

    // MARK: resources

    func testZipReleasesEverythingOnEveryTerminalPath() {
        _ = Observable.zip(Observable.just(1), Observable.just(2), resultSelector: +).subscribe()
        _ = Observable.zip(Observable.just(1), Observable<Int>.error(testError)).subscribe()
        _ = Observable.zip([Observable.just(1), Observable.just(2)]).subscribe()
        _ = Observable.zip([Observable<Int>.error(testError), Observable.just(1)]) { $0.count }.subscribe()
        _ = Observable.zip(Observable.just(1), Observable.just(2)) { (_: Int, _: Int) -> Int in throw testError }
            .subscribe()
    }
}
