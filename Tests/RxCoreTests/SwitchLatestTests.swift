import Foundation
import RxCore
import RxCoreTesting
import XCTest

final class SwitchLatestTests: RxTestCase {
    func testSwitchLatestMirrorsOnlyTheMostRecentInner() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 101), .next(20, 102), .next(110, 103), .completed(200)])
        let ys2 = scheduler.createColdObservable([.next(10, 201), .next(20, 202), .completed(30)])
        let ys3 = scheduler.createColdObservable([.next(10, 301), .completed(50)])
        let xs = scheduler.createHotObservable([
            .next(210, ys1.asObservable()),
            .next(250, ys2.asObservable()),
            .next(300, ys3.asObservable()),
            .completed(320),
        ])

        let res = scheduler.start { xs.switchLatest() }

        XCTAssertEqual(
            res.events,
            [
                .next(220, 101), .next(230, 102),
                .next(260, 201), .next(270, 202),
                .next(310, 301),
                .completed(350),
            ]
        )
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 320)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(210, 250)])
        XCTAssertEqual(ys2.subscriptions, [Subscription(250, 280)])
        XCTAssertEqual(ys3.subscriptions, [Subscription(300, 350)])
    }

    func testSwitchLatestCompletesWithTheOuterWhenNoInnerIsRunning() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 101), .completed(20)])
        let xs = scheduler.createHotObservable([.next(210, ys1.asObservable()), .completed(250)])

        let res = scheduler.start { xs.switchLatest() }

        XCTAssertEqual(res.events, [.next(220, 101), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(210, 230)])
    }

    func testSwitchLatestInnerErrorDisposesTheOuter() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 101), .error(20, testError)])
        let xs = scheduler.createHotObservable([.next(210, ys1.asObservable()), .completed(500)])

        let res = scheduler.start { xs.switchLatest() }

        XCTAssertEqual(res.events, [.next(220, 101), .error(230, testError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(210, 230)])
    }

    func testSwitchLatestOuterErrorDisposesTheInner() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 101), .next(100, 102), .completed(200)])
        let xs = scheduler.createHotObservable([.next(210, ys1.asObservable()), .error(240, testError)])

        let res = scheduler.start { xs.switchLatest() }

        XCTAssertEqual(res.events, [.next(220, 101), .error(240, testError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(210, 240)])
    }

    func testSwitchLatestErrorOfAReplacedInnerIsIgnored() {
        // A replaced inner sequence that (improperly) keeps emitting after disposal is ignored.
        let stale = PublishSubject<Int>()
        var staleObserver: AnyObserver<Int>?
        let leaky = Observable<Int>.create { observer in
            staleObserver = observer
            return Disposables.create()
        }
        let outer = PublishSubject<Observable<Int>>()
        var events: [Event<Int>] = []
        let subscription = outer.switchLatest().subscribe { events.append($0) }

        outer.onNext(leaky)
        outer.onNext(stale.asObservable())
        staleObserver?.onNext(1)
        staleObserver?.onError(testError)
        stale.onNext(2)
        subscription.dispose()

        XCTAssertEqual(events.count, 1)
        XCTAssertEqual(events.first?.element, 2)
    }

    func testSwitchLatestDisposedInTheMiddle() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 101), .next(100, 102), .completed(200)])
        let xs = scheduler.createHotObservable([.next(210, ys1.asObservable()), .completed(500)])

        let res = scheduler.start(disposed: 260) { xs.switchLatest() }

        XCTAssertEqual(res.events, [.next(220, 101)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 260)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(210, 260)])
    }

    func testFlatMapLatestThrowingSelector() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 101), .next(100, 102), .completed(200)])
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .completed(500)])

        let res = scheduler.start {
            xs.flatMapLatest { value -> TestableObservable<Int> in
                if value == 2 { throw testError }
                return ys1
            }
        }

        XCTAssertEqual(res.events, [.next(220, 101), .error(240, testError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(210, 240)])
    }

    func testFlatMapLatestIntoInfallibleSequencesIsInfallible() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])

        let res = scheduler.start { () -> Observable<Int> in
            let infallible: Infallible<Int> = xs.flatMapLatest { Infallible.just($0 * 10) }
            return infallible.asObservable()
        }

        XCTAssertEqual(res.events, [.next(210, 10), .next(220, 20), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    /// Seed example C21: each new query disposes the request of the previous one, and the
    /// `startWith([])` of every new request clears the results at once.
    func testSearchChainEachNewQueryDisposesThePreviousRequest() {
        let scheduler = TestScheduler(initialClock: 0)
        var requests: [String: TestableObservable<[String]>] = [:]
        for query in ["a", "ab", "abc"] {
            requests[query] = scheduler.createColdObservable([.next(50, ["\(query)1", "\(query)2"]), .completed(50)])
        }
        let text = scheduler.createHotObservable([
            .next(210, "a"),
            .next(230, "ab"),
            .next(300, "abc"),
            .completed(500),
        ])

        let res = scheduler.start {
            text.flatMapLatest { query in requests[query]!.asObservable().startWith([]) }
        }

        XCTAssertEqual(
            res.events,
            [
                .next(210, []),
                .next(230, []),
                .next(280, ["ab1", "ab2"]),
                .next(300, []),
                .next(350, ["abc1", "abc2"]),
                .completed(500),
            ]
        )
        XCTAssertEqual(requests["a"]!.subscriptions, [Subscription(210, 230)])
        XCTAssertEqual(requests["ab"]!.subscriptions, [Subscription(230, 280)])
        XCTAssertEqual(requests["abc"]!.subscriptions, [Subscription(300, 350)])
        XCTAssertEqual(text.subscriptions, [Subscription(200, 500)])
    }

    func testConcurrencySwitchLatestFromConcurrentInnersNeverOverlaps() {
        let outer = PublishSubject<Observable<Int>>()
        let inners = (0..<4).map { _ in PublishSubject<Int>() }
        let inside = CombiningTestCounter()
        let overlaps = CombiningTestCounter()
        let subscription = outer.switchLatest().subscribe(onNext: { _ in
            if inside.increment() != 0 { overlaps.increment() }
            inside.decrement()
        })
        // Each inner subject is fed by its own thread while one more thread switches the outer
        // sequence between them (every source on its own respects the grammar).
        DispatchQueue.concurrentPerform(iterations: inners.count + 1) { index in
            if index == inners.count {
                for round in 0..<200 {
                    outer.onNext(inners[round % inners.count].asObservable())
                }
                return
            }
            for value in 0..<2_000 {
                inners[index].onNext(value)
            }
        }
        subscription.dispose()
        XCTAssertEqual(overlaps.value, 0)
    }

    func testSwitchLatestReleasesEverythingOnEveryTerminalPath() {
        _ = Observable.of(Observable.just(1)).switchLatest().subscribe()
        _ = Observable.of(Observable<Int>.error(testError)).switchLatest().subscribe()
        _ = Observable<Observable<Int>>.error(testError).switchLatest().subscribe()
        let scheduler = TestScheduler(initialClock: 0)
        _ = Observable<Int>.of(1, 2)
            .concat(Observable.timer(.seconds(20), scheduler: scheduler))
            .flatMapLatest { _ in Observable.just(1) }
            .subscribe()
        scheduler.start()
    }
}
