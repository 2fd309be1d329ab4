import Foundation
import RxCore
import RxCoreTesting
import XCTest

final class RelayTests: RxTestCase {
    /// Seed example A9, with the printed lines collected.
    func testBehaviorRelayFirstAndSecond() {
        var lines: [String] = []
        let relay = BehaviorRelay(value: 0)
        let first = relay.subscribe(onNext: { lines.append("First \($0)") })
        XCTAssertEqual(lines, ["First 0"])
        relay.accept(1)
        XCTAssertEqual(lines, ["First 0", "First 1"])
        let second = relay.subscribe(onNext: { lines.append("Second \($0)") })
        XCTAssertEqual(lines, ["First 0", "First 1", "Second 1"])
        relay.accept(2)
        XCTAssertEqual(lines, ["First 0", "First 1", "Second 1", "First 2", "Second 2"])
        first.dispose()
        second.dispose()
    }

    func testBehaviorRelayValue() {
        let relay = BehaviorRelay(value: "a")
        XCTAssertEqual(relay.value, "a")
        relay.accept("b")
        XCTAssertEqual(relay.value, "b")
    }

    func testPublishRelay() {
        let relay = PublishRelay<Int>()
        relay.accept(0)
        var received: [Int] = []
        let subscription = relay.subscribe(onNext: { received.append($0) })
        relay.accept(1)
        relay.accept(2)
        subscription.dispose()
        relay.accept(3)
        XCTAssertEqual(received, [1, 2])
    }

    func testReplayRelayBounded() {
        let relay = ReplayRelay<Int>.create(bufferSize: 2)
        [1, 2, 3].forEach(relay.accept)
        var received: [Int] = []
        let subscription = relay.subscribe(onNext: { received.append($0) })
        relay.accept(4)
        XCTAssertEqual(received, [2, 3, 4])
        subscription.dispose()
    }

    func testReplayRelayUnbounded() {
        let relay = ReplayRelay<Int>.createUnbounded()
        [1, 2, 3].forEach(relay.accept)
        var received: [Int] = []
        let subscription = relay.asObservable().subscribe(onNext: { received.append($0) })
        XCTAssertEqual(received, [1, 2, 3])
        subscription.dispose()
    }

    func testRelaysAsObservable() {
        let scheduler = TestScheduler(initialClock: 0)
        let relay = BehaviorRelay(value: 1)
        scheduler.scheduleAt(300) { relay.accept(2) }
        let res = scheduler.start { relay.asObservable().map { $0 * 10 } }
        XCTAssertEqual(res.events, [.next(200, 10), .next(300, 20)])
    }
}

final class BindTests: RxTestCase {
    func testBindToObservers() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        let subscription = Observable.of(1, 2).bind(to: first, second)
        XCTAssertEqual(first.events, [.next(0, 1), .next(0, 2), .completed(0)])
        XCTAssertEqual(second.events, first.events)
        subscription.dispose()
    }

    func testBindToOptionalObservers() {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.createObserver(Int?.self)
        _ = Observable.of(1, 2).bind(to: observer)
        XCTAssertEqual(observer.events, [.next(0, 1), .next(0, 2), .completed(0)])
    }

    func testBindToPublishRelays() {
        let (first, second) = (PublishRelay<Int>(), PublishRelay<Int>())
        var received: [String] = []
        let subscriptions = [
            first.subscribe(onNext: { received.append("first \($0)") }),
            second.subscribe(onNext: { received.append("second \($0)") }),
        ]
        let subject = PublishSubject<Int>()
        let binding = subject.bind(to: first, second)
        subject.onNext(1)
        subject.onCompleted()
        first.accept(2)
        XCTAssertEqual(received, ["first 1", "second 1", "first 2"], "completion is not forwarded to relays")
        binding.dispose()
        subscriptions.forEach { $0.dispose() }
    }

    func testBindToOptionalPublishRelay() {
        let relay = PublishRelay<Int?>()
        var received: [Int?] = []
        let subscription = relay.subscribe(onNext: { received.append($0) })
        _ = Observable.of(1, 2).bind(to: relay)
        XCTAssertEqual(received, [1, 2])
        subscription.dispose()
    }

    func testBindToBehaviorRelays() {
        let (first, second) = (BehaviorRelay(value: 0), BehaviorRelay(value: 0))
        _ = Observable.of(1, 2).bind(to: first, second)
        XCTAssertEqual([first.value, second.value], [2, 2])
    }

    func testBindToOptionalBehaviorRelay() {
        let relay = BehaviorRelay<Int?>(value: nil)
        _ = Observable.just(3).bind(to: relay)
        XCTAssertEqual(relay.value, 3)
    }

    func testBindToReplayRelays() {
        let (first, second) = (ReplayRelay<Int>.createUnbounded(), ReplayRelay<Int>.create(bufferSize: 1))
        _ = Observable.of(1, 2).bind(to: first, second)
        var fromFirst: [Int] = []
        var fromSecond: [Int] = []
        _ = first.subscribe(onNext: { fromFirst.append($0) }).dispose()
        _ = second.subscribe(onNext: { fromSecond.append($0) }).dispose()
        XCTAssertEqual(fromFirst, [1, 2])
        XCTAssertEqual(fromSecond, [2])
    }

    func testBindToOptionalReplayRelay() {
        let relay = ReplayRelay<Int?>.createUnbounded()
        _ = Observable.of(1).bind(to: relay)
        var received: [Int?] = []
        relay.subscribe(onNext: { received.append($0) }).dispose()
        XCTAssertEqual(received, [1])
    }

    func testBindToBinderFunction() {
        let result = Observable.of(1, 2).bind(to: { (source: Observable<Int>) -> String in "bound \(type(of: source))" }
        )
        XCTAssertTrue(result.hasPrefix("bound "))
        let curried = Observable.just(1).bind(
            to: { (source: Observable<Int>) in { (suffix: String) -> String in "curried \(suffix)" } },
            curriedArgument: "x"
        )
        XCTAssertEqual(curried, "curried x")
    }

    func testBindOnNext() {
        var received: [Int] = []
        _ = Observable.of(1, 2).bind(onNext: { received.append($0) })
        XCTAssertEqual(received, [1, 2])
    }

    func testBindToASubject() {
        let subject = PublishSubject<Int>()
        var events: [Event<Int>] = []
        let subscription = subject.subscribe { events.append($0) }
        _ = Observable.of(1).bind(to: subject)
        XCTAssertEqual(events, [.next(1), .completed])
        subscription.dispose()
    }
}
