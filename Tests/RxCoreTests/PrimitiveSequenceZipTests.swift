import RxCore
import RxCoreTesting
import XCTest

private struct TestError: Error, Equatable {}

final class PrimitiveSequenceZipTests: RxTestCase {
    func testSingleZipWaitsForAll() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([.next(210, 1), .completed(210)])
        let b = scheduler.createHotObservable([.next(230, 2), .completed(230)])
        let res = scheduler.start { Single.zip(a.asSingle(), b.asSingle()) { $0 + $1 }.asObservable() }
        XCTAssertEqual(res.events, [.next(230, 3), .completed(230)])
        XCTAssertEqual(a.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(b.subscriptions, [Subscription(200, 230)])
    }

    func testSingleZipTuplesAndArities() {
        let pair = recordedEvents { _ in
            Single.zip(Single.just(1), Single.just("a")).map { "\($0.0)\($0.1)" }.asObservable()
        }
        XCTAssertEqual(pair, [.next(200, "1a"), .completed(200)])
        let s1 = Single.just(1)
        let s2 = Single.just(2)
        let s3 = Single.just(3)
        let s4 = Single.just(4)
        let s5 = Single.just(5)
        let s6 = Single.just(6)
        let s7 = Single.just(7)
        let s8 = Single.just(8)
        let sum: (Int, Int, Int, Int, Int, Int, Int, Int) -> Int = { [$0, $1, $2, $3, $4, $5, $6, $7].reduce(0, +) }
        let eight = recordedEvents { _ in
            Single<Int>.zip(s1, s2, s3, s4, s5, s6, s7, s8, resultSelector: sum).asObservable()
        }
        XCTAssertEqual(eight, [.next(200, 36), .completed(200)])
    }

    func testSingleZipErrorEndsAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([Recorded<Event<Int>>.error(210, TestError())])
        let b = scheduler.createHotObservable([.next(230, 2), .completed(230)])
        let res = scheduler.start { Single.zip(a.asSingle(), b.asSingle()) { $0 + $1 }.asObservable() }
        XCTAssertEqual(res.events, [.error(210, TestError())])
        XCTAssertEqual(b.subscriptions, [Subscription(200, 210)])
    }

    func testSingleZipCollection() {
        XCTAssertEqual(
            recordedEvents { _ in Single.zip([Single.just(1), .just(2), .just(3)]).asObservable() },
            [.next(200, [1, 2, 3]), .completed(200)]
        )
        XCTAssertEqual(
            recordedEvents { _ in Single.zip([Single<Int>]()).asObservable() },
            [.next(200, []), .completed(200)]
        )
        XCTAssertEqual(
            recordedEvents { _ in Single.zip([Single.just(1), .just(2)]) { $0.reduce(0, +) }.asObservable() },
            [.next(200, 3), .completed(200)]
        )
        XCTAssertEqual(
            recordedEvents { _ in Single.zip([Single<Int>]()) { $0.count }.asObservable() },
            [.next(200, 0), .completed(200)]
        )
    }

    func testMaybeZipEmptyCompletes() {
        let res = recordedEvents { _ in Maybe.zip(Maybe.just(1), Maybe<Int>.empty()) { $0 + $1 }.asObservable() }
        XCTAssertEqual(res, [.completed(200)])
    }
}
