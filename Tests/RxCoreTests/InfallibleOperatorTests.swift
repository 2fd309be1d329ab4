import RxCore
import RxCoreTesting
import XCTest

private struct TestError: Error, Equatable {}

final class InfallibleOperatorTests: RxTestCase {
    func testAsInfallibleOnErrorJustReturn() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError())])
        let res = scheduler.start { xs.asInfallible(onErrorJustReturn: 0).asObservable() }
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 0), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testAsInfallibleOnErrorFallbackTo() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError())])
        let res = scheduler.start { xs.asInfallible(onErrorFallbackTo: .of(8, 9)).asObservable() }
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 8), .next(220, 9), .completed(220)])
    }

    func testAsInfallibleOnErrorRecover() {
        var seen: [String] = []
        let res = recordedEvents { _ in
            Observable<Int>.error(TestError()).asInfallible(onErrorRecover: { error in
                seen.append("\(error)")
                return .just(5)
            }).asObservable()
        }
        XCTAssertEqual(res, [.next(200, 5), .completed(200)])
        XCTAssertEqual(seen, ["TestError()"])
    }

    func testSingleAsInfallible() {
        XCTAssertEqual(
            recordedEvents { _ in Single<Int>.error(TestError()).asInfallible(onErrorJustReturn: 1).asObservable() },
            [.next(200, 1), .completed(200)]
        )
    }

    func testCompactMapDistinctScanStartWith() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, "1"), .next(220, "1"), .next(230, "x"), .next(240, "2"), .completed(250),
        ])
        let res = scheduler.start {
            xs.asInfallible(onErrorJustReturn: "0")
                .compactMap { Int($0) }
                .distinctUntilChanged()
                .scan(0, accumulator: +)
                .startWith(-1)
                .asObservable()
        }
        XCTAssertEqual(res.events, [.next(200, -1), .next(210, 1), .next(240, 3), .completed(250)])
    }

    func testDistinctUntilChangedForms() {
        struct Item {
            let id: Int
            let name: String
        }
        let items = Infallible.from([Item(id: 1, name: "a"), Item(id: 1, name: "b"), Item(id: 2, name: "b")])
        XCTAssertEqual(
            recordedEvents { _ in items.distinctUntilChanged { $0.id }.map(\.name).asObservable() },
            [.next(200, "a"), .next(200, "b"), .completed(200)]
        )
        XCTAssertEqual(
            recordedEvents { _ in items.distinctUntilChanged(at: \.name).map(\.name).asObservable() },
            [.next(200, "a"), .next(200, "b"), .completed(200)]
        )
        XCTAssertEqual(
            recordedEvents { _ in items.distinctUntilChanged { $0.id == $1.id }.map(\.name).asObservable() },
            [.next(200, "a"), .next(200, "b"), .completed(200)]
        )
        XCTAssertEqual(
            recordedEvents { _ in
                items.distinctUntilChanged({ $0.name }, comparer: { $0 == $1 }).map(\.name).asObservable()
            },
            [.next(200, "a"), .next(200, "b"), .completed(200)]
        )
    }

    func testDebounceAndThrottle() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .next(240, 3), .completed(300)])
        let debounced = scheduler.start {
            xs.asInfallible(onErrorJustReturn: 0).debounce(.seconds(10), scheduler: scheduler).asObservable()
        }
        XCTAssertEqual(debounced.events, [.next(225, 2), .next(250, 3), .completed(300)])
    }

    func testThrottle() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .next(240, 3), .completed(300)])
        let throttled = scheduler.start {
            xs.asInfallible(onErrorJustReturn: 0).throttle(.seconds(10), scheduler: scheduler).asObservable()
        }
        XCTAssertEqual(throttled.events, [.next(210, 1), .next(220, 2), .next(240, 3), .completed(300)])
    }

    func testFlatMapFamily() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .completed(300)])
        let latest = scheduler.start {
            xs.asInfallible(onErrorJustReturn: 0)
                .flatMapLatest { value in Infallible<Int>.timer(.seconds(10), scheduler: scheduler).map { _ in value } }
                .asObservable()
        }
        XCTAssertEqual(latest.events, [.next(225, 2), .completed(300)])

        XCTAssertEqual(
            recordedEvents { _ in Infallible.of(1, 2).flatMap { Infallible.of($0, $0 * 10) }.asObservable() },
            [.next(200, 1), .next(200, 10), .next(200, 2), .next(200, 20), .completed(200)]
        )
        XCTAssertEqual(
            recordedEvents { _ in Infallible.of(1, 2).flatMapFirst { Infallible.just($0) }.asObservable() },
            [.next(200, 1), .next(200, 2), .completed(200)]
        )
        XCTAssertEqual(
            recordedEvents { _ in Infallible.of(1, 2).concatMap { Infallible.of($0, $0) }.asObservable() },
            [.next(200, 1), .next(200, 1), .next(200, 2), .next(200, 2), .completed(200)]
        )
    }

    func testConcatAndMerge() {
        XCTAssertEqual(
            recordedEvents { _ in Infallible.just(1).concat(Infallible.just(2)).asObservable() },
            [.next(200, 1), .next(200, 2), .completed(200)]
        )
        XCTAssertEqual(
            recordedEvents { _ in Infallible.concat(Infallible.just(1), .just(2)).asObservable() },
            [.next(200, 1), .next(200, 2), .completed(200)]
        )
        XCTAssertEqual(
            recordedEvents { _ in Infallible.concat([Infallible.just(1), .just(2)]).asObservable() },
            [.next(200, 1), .next(200, 2), .completed(200)]
        )

        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([.next(210, 1), .next(230, 3), .completed(240)])
        let b = scheduler.createHotObservable([.next(220, 2), .completed(250)])
        let res = scheduler.start {
            Infallible.merge(a.asInfallible(onErrorJustReturn: 0), b.asInfallible(onErrorJustReturn: 0)).asObservable()
        }
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .next(230, 3), .completed(250)])
    }

    func testTakeAndSkipFamily() {
        let numbers = Infallible.of(1, 2, 3, 4, 1)
        XCTAssertEqual(
            recordedEvents { _ in numbers.take(2).asObservable() },
            [.next(200, 1), .next(200, 2), .completed(200)]
        )
        XCTAssertEqual(
            recordedEvents { _ in numbers.take(while: { $0 < 3 }).asObservable() },
            [.next(200, 1), .next(200, 2), .completed(200)]
        )
        XCTAssertEqual(
            recordedEvents { _ in numbers.take(until: { $0 == 2 }, behavior: .inclusive).asObservable() },
            [.next(200, 1), .next(200, 2), .completed(200)]
        )
        XCTAssertEqual(
            recordedEvents { _ in numbers.skip(while: { $0 < 3 }).asObservable() },
            [.next(200, 3), .next(200, 4), .next(200, 1), .completed(200)]
        )

        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(250)])
        let trigger = scheduler.createHotObservable([.next(220, ())])
        let skipped = scheduler.start { xs.asInfallible(onErrorJustReturn: 0).skip(until: trigger).asObservable() }
        XCTAssertEqual(skipped.events, [.next(230, 2), .completed(250)])
    }

    func testTakeForDuration() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(250)])
        let res = scheduler.start {
            xs.asInfallible(onErrorJustReturn: 0).take(for: .seconds(20), scheduler: scheduler).asObservable()
        }
        XCTAssertEqual(res.events, [.next(210, 1), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

}
