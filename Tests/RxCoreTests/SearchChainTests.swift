import Foundation
import RxCore
import RxCoreTesting
import XCTest

private let networkError = NSError(domain: "SearchChainTests", code: 503)

/// Seed example C21, the whole search chain:
/// `text.throttle(0.3).distinctUntilChanged().flatMapLatest { api($0).retry(3).startWith([]).catchAndReturn([]) }.share(replay: 1)`.
final class SearchChainTests: RxTestCase {
    func testSearchChainEndToEnd() {
        // One tick is a millisecond.
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        let text = scheduler.createHotObservable([
            .next(210, "r"), .next(260, "rx"), .next(320, "rxs"),
            .next(900, "rxsw"), .next(1000, "rxs"), .next(1100, "rxsw"),
            .completed(1500),
        ])
        // "r" answers too late: the next query replaces it first.
        let slowAnswer = scheduler.createColdObservable([.next(400, ["r1"]), .completed(400)])
        // "rxs" fails twice, then answers.
        let flaky = scheduler.createColdObservable([.error(50, networkError, [String].self)])
        let answer = scheduler.createColdObservable([.next(100, ["rxswift"]), .completed(100)])
        // "rxsw" always fails: after three attempts catchAndReturn clears the results.
        let down = scheduler.createColdObservable([.error(20, networkError, [String].self)])

        var rxsCalls = 0
        func api(_ query: String) -> Observable<[String]> {
            switch query {
            case "r":
                return slowAnswer.asObservable()
            case "rxs":
                return Observable.deferred {
                    rxsCalls += 1
                    return rxsCalls <= 2 ? flaky.asObservable() : answer.asObservable()
                }
            default:
                return down.asObservable()
            }
        }

        var results: Observable<[String]>!
        let late = scheduler.createObserver([String].self)
        var lateSubscription: Disposable?
        scheduler.scheduleAt(800) { lateSubscription = results.subscribe(late) }

        let res = scheduler.start(created: 100, subscribed: 200, disposed: 2000) {
            results =
                text
                .throttle(.milliseconds(300), scheduler: scheduler)
                .distinctUntilChanged()
                .flatMapLatest { query in api(query).retry(3).startWith([]).catchAndReturn([]) }
                .share(replay: 1)
            return results!
        }

        XCTAssertEqual(
            res.events,
            [
                .next(210, []),
                .next(510, []),
                .next(710, ["rxswift"]),
                .next(900, []),
                .next(960, []),
                .completed(1500),
            ]
        )
        // A subscriber joining later gets the latest results replayed, then the live ones.
        XCTAssertEqual(
            late.events,
            [
                .next(800, ["rxswift"]),
                .next(900, []),
                .next(960, []),
                .completed(1500),
            ]
        )
        XCTAssertEqual(text.subscriptions, [Subscription(200, 1500)])
        XCTAssertEqual(slowAnswer.subscriptions, [Subscription(210, 510)])
        XCTAssertEqual(flaky.subscriptions, [Subscription(510, 560), Subscription(560, 610)])
        XCTAssertEqual(answer.subscriptions, [Subscription(610, 710)])
        XCTAssertEqual(down.subscriptions, [Subscription(900, 920), Subscription(920, 940), Subscription(940, 960)])
        lateSubscription?.dispose()
    }
}
