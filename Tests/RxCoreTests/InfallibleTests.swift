import RxCore
import RxCoreTesting
import XCTest

final class InfallibleTests: RxTestCase {
    func testCreateDeliversNextAndCompletedOnly() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start {
            Infallible<Int>.create { observer in
                observer(.next(1))
                observer(.next(2))
                observer(.completed)
                observer(.next(3))
                return Disposables.create()
            }.asObservable()
        }
        XCTAssertEqual(res.events, [.next(200, 1), .next(200, 2), .completed(200)])
    }

    func testSubscribeEventHandler() {
        var log: [String] = []
        _ = Infallible.of(1, 2).subscribe { event in
            switch event {
            case .next(let value): log.append("next \(value)")
            case .completed: log.append("completed")
            }
        }
        XCTAssertEqual(log, ["next 1", "next 2", "completed"])
    }

    func testSubscribeHandlersAndWithObject() {
        var log: [String] = []
        _ = Infallible.just(1).subscribe(
            onNext: { log.append("next \($0)") },
            onCompleted: { log.append("completed") },
            onDisposed: { log.append("disposed") }
        )
        XCTAssertEqual(log, ["next 1", "completed", "disposed"])

        final class Owner { var log: [String] = [] }
        let owner = Owner()
        _ = Infallible.from([1, 2]).subscribe(
            with: owner,
            onNext: { owner, value in owner.log.append("next \(value)") },
            onCompleted: { owner in owner.log.append("completed") },
            onDisposed: { owner in owner.log.append("disposed") }
        )
        XCTAssertEqual(owner.log, ["next 1", "next 2", "completed", "disposed"])
    }

    func testFactories() {
        XCTAssertEqual(recordedEvents { _ in Infallible.just(1).asObservable() }, [.next(200, 1), .completed(200)])
        XCTAssertEqual(
            recordedEvents { Infallible.just(1, scheduler: $0).asObservable() },
            [.next(201, 1), .completed(202)]
        )
        XCTAssertEqual(recordedEvents { _ in Infallible<Int>.empty().asObservable() }, [.completed(200)])
        XCTAssertEqual(recordedEvents { _ in Infallible<Int>.never().asObservable() }, [])
        XCTAssertEqual(
            recordedEvents { Infallible.of(1, 2, scheduler: $0).asObservable() },
            [.next(201, 1), .next(202, 2), .completed(203)]
        )
        XCTAssertEqual(
            recordedEvents { _ in Infallible.from(AnySequence([3, 4])).asObservable() },
            [.next(200, 3), .next(200, 4), .completed(200)]
        )
    }

    func testDeferred() {
        var calls = 0
        let infallible = Infallible<Int>.deferred {
            calls += 1
            return .just(calls)
        }
        var values: [Int] = []
        _ = infallible.subscribe(onNext: { values.append($0) })
        _ = infallible.subscribe(onNext: { values.append($0) })
        XCTAssertEqual(values, [1, 2])
    }

    func testTimerAndInterval() {
        XCTAssertEqual(
            recordedEvents { Infallible<Int>.timer(.seconds(10), scheduler: $0).asObservable() },
            [.next(210, 0), .completed(210)]
        )
        XCTAssertEqual(
            recordedEvents(disposed: 235) { Infallible<Int>.interval(.seconds(10), scheduler: $0).asObservable() },
            [.next(210, 0), .next(220, 1), .next(230, 2)]
        )
    }

    func testFilterMapOnHotSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
        let res = scheduler.start {
            xs.asInfallibleForTests().filter { $0 % 2 == 1 }.map { $0 * 10 }.asObservable()
        }
        XCTAssertEqual(res.events, [.next(210, 10), .next(230, 30), .completed(240)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
    }

    func testDo() {
        var log: [String] = []
        _ = Infallible.just(1)
            .do(
                onNext: { log.append("onNext \($0)") },
                onCompleted: { log.append("onCompleted") },
                onSubscribe: { log.append("onSubscribe") }
            )
            .subscribe(onNext: { log.append("next \($0)") })
        XCTAssertEqual(log, ["onSubscribe", "onNext 1", "next 1", "onCompleted"])
    }

    func testShareSubscribesOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
        let shared = xs.asInfallibleForTests().share(replay: 1)
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) { _ = shared.asObservable().subscribe(first) }
        scheduler.scheduleAt(215) { _ = shared.asObservable().subscribe(second) }
        scheduler.start()
        XCTAssertEqual(first.events, [.next(210, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(second.events, [.next(215, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testTakeUntil() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(240)])
        let stop = scheduler.createHotObservable([.next(220, ())])
        let res = scheduler.start { xs.asInfallibleForTests().take(until: stop).asObservable() }
        XCTAssertEqual(res.events, [.next(210, 1), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testBindToObserversAndRelays() {
        let relay = BehaviorRelay<Int>(value: 0)
        let optionalRelay = PublishRelay<Int?>()
        var optionals: [Int?] = []
        let subscription = optionalRelay.subscribe(onNext: { optionals.append($0) })
        _ = Infallible.of(1, 2).bind(to: relay)
        _ = Infallible.of(3).bind(to: optionalRelay)
        XCTAssertEqual(relay.value, 2)
        XCTAssertEqual(optionals, [3])
        subscription.dispose()

        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.createObserver(Int.self)
        _ = Infallible.just(5).bind(to: observer)
        XCTAssertEqual(observer.events, [.next(0, 5), .completed(0)])
    }

    func testRelayAsInfallible() {
        let relay = PublishRelay<Int>()
        var values: [Int] = []
        let subscription = relay.asInfallible().subscribe(onNext: { values.append($0) })
        relay.accept(1)
        relay.accept(2)
        subscription.dispose()
        XCTAssertEqual(values, [1, 2])
    }

    func testValuesStream() async {
        var collected: [Int] = []
        for await value in Infallible.of(1, 2, 3).values {
            collected.append(value)
        }
        XCTAssertEqual(collected, [1, 2, 3])
    }

    func testFromAsyncBlock() async {
        var collected: [Int] = []
        for await value in Infallible<Int>.from({ 9 }).values {
            collected.append(value)
        }
        XCTAssertEqual(collected, [9])
    }
}

extension ObservableConvertibleType {
    /// Test-only bridge until `asInfallible(onErrorJustReturn:)` lands: these sources never fail.
    func asInfallibleForTests() -> Infallible<Element> {
        Infallible<Element>.deferred {
            var result: Infallible<Element>!
            result = Infallible<Element>.create { observer in
                self.asObservable().subscribe { event in
                    switch event {
                    case .next(let value): observer(.next(value))
                    case .completed: observer(.completed)
                    case .error: break
                    }
                }
            }
            return result
        }
    }
}
