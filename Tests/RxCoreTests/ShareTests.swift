import Foundation
import RxCore
import RxCoreTesting
import XCTest

final class ShareTests: RxTestCase {
    /// Subscribes a recording observer to `source` at `subscribeTime` and disposes it at `disposeTime`.
    private func record<Element>(
        _ scheduler: TestScheduler,
        _ source: @escaping () -> Observable<Element>,
        from subscribeTime: TestTime,
        to disposeTime: TestTime
    ) -> TestableObserver<Element> {
        let observer = scheduler.createObserver(Element.self)
        var subscription: Disposable?
        scheduler.scheduleAt(subscribeTime) { subscription = source().subscribe(observer) }
        scheduler.scheduleAt(disposeTime) { subscription?.dispose() }
        return observer
    }

    private func hotSource(_ scheduler: TestScheduler) -> TestableObservable<Int> {
        scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .next(275, 4)])
    }

    func testShareReplayOneWhileConnected() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = hotSource(scheduler)
        let shared = xs.share(replay: 1)
        let a = record(scheduler, { shared }, from: 200, to: 250)
        let b = record(scheduler, { shared }, from: 215, to: 260)
        let c = record(scheduler, { shared }, from: 270, to: 280)
        scheduler.start()
        XCTAssertEqual(a.events, [.next(210, 1), .next(220, 2), .next(230, 3)])
        XCTAssertEqual(b.events, [.next(215, 1), .next(220, 2), .next(230, 3)])
        XCTAssertEqual(c.events, [.next(275, 4)], "a new connection starts without the old replay")
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 260), Subscription(270, 280)])
    }

    func testShareWithoutReplay() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = hotSource(scheduler)
        let shared = xs.share()
        let a = record(scheduler, { shared }, from: 200, to: 300)
        let b = record(scheduler, { shared }, from: 215, to: 300)
        scheduler.start()
        XCTAssertEqual(a.events, [.next(210, 1), .next(220, 2), .next(230, 3), .next(275, 4)])
        XCTAssertEqual(b.events, [.next(220, 2), .next(230, 3), .next(275, 4)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testShareReplayTwoWhileConnected() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = hotSource(scheduler)
        let shared = xs.share(replay: 2, scope: .whileConnected)
        let a = record(scheduler, { shared }, from: 200, to: 250)
        let b = record(scheduler, { shared }, from: 235, to: 260)
        let c = record(scheduler, { shared }, from: 270, to: 280)
        scheduler.start()
        XCTAssertEqual(a.events, [.next(210, 1), .next(220, 2), .next(230, 3)])
        XCTAssertEqual(b.events, [.next(235, 2), .next(235, 3)])
        XCTAssertEqual(c.events, [.next(275, 4)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 260), Subscription(270, 280)])
    }

    func testShareReplayForeverKeepsTheBufferAcrossConnections() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = hotSource(scheduler)
        let shared = xs.share(replay: 1, scope: .forever)
        let a = record(scheduler, { shared }, from: 200, to: 250)
        let c = record(scheduler, { shared }, from: 270, to: 280)
        scheduler.start()
        XCTAssertEqual(a.events, [.next(210, 1), .next(220, 2), .next(230, 3)])
        XCTAssertEqual(c.events, [.next(270, 3), .next(275, 4)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250), Subscription(270, 280)])
    }

    func testWhileConnectedResubscribesAfterCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let shared = xs.share(replay: 1)
        let a = record(scheduler, { shared }, from: 200, to: 1000)
        let b = record(scheduler, { shared }, from: 300, to: 1000)
        scheduler.start()
        XCTAssertEqual(a.events, [.next(210, 1), .completed(220)])
        XCTAssertEqual(b.events, [.next(310, 1), .completed(320)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220), Subscription(300, 320)])
    }

    func testForeverReplaysAfterCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let shared = xs.share(replay: 1, scope: .forever)
        let a = record(scheduler, { shared }, from: 200, to: 1000)
        let b = record(scheduler, { shared }, from: 300, to: 1000)
        scheduler.start()
        XCTAssertEqual(a.events, [.next(210, 1), .completed(220)])
        XCTAssertEqual(b.events, [.next(300, 1), .completed(300)])
    }

    /// Subscribes at `time`; when the sequence terminates, subscribes `again` from inside the
    /// terminal event handler, as code that "restarts" a shared sequence does.
    private func resubscribingOnTermination(
        _ scheduler: TestScheduler,
        _ shared: Observable<Int>,
        at time: TestTime,
        disposeAt: TestTime,
        first: TestableObserver<Int>,
        again: TestableObserver<Int>
    ) {
        var subscription: Disposable?
        scheduler.scheduleAt(time) {
            subscription = shared.subscribe { event in
                first.on(event)
                if event.isStopEvent { subscription = shared.subscribe(again) }
            }
        }
        scheduler.scheduleAt(disposeAt) { subscription?.dispose() }
    }

    private func terminatingSource(
        _ scheduler: TestScheduler,
        _ terminal: Recorded<Event<Int>>
    ) -> TestableObservable<Int> {
        scheduler.createHotObservable([.next(210, 1), .next(220, 2), terminal, .next(340, -1), .next(550, 7)])
    }

    func testForeverAfterAnErrorReplaysTheErrorWithoutReconnecting() {
        for replay in 0..<3 {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = terminatingSource(scheduler, .error(330, testError))
            let shared = xs.share(replay: replay, scope: .forever)
            let first = scheduler.createObserver(Int.self)
            let again = scheduler.createObserver(Int.self)
            resubscribingOnTermination(scheduler, shared, at: 200, disposeAt: 400, first: first, again: again)
            let late = record(scheduler, { shared }, from: 500, to: 600)
            scheduler.start()
            XCTAssertEqual(first.events, [.next(210, 1), .next(220, 2), .error(330, testError)])
            let buffered = Array([Recorded.next(330, 1), .next(330, 2)].suffix(replay))
            XCTAssertEqual(again.events, buffered + [.error(330, testError)], "replay \(replay)")
            let lateBuffered = Array([Recorded.next(500, 1), .next(500, 2)].suffix(replay))
            XCTAssertEqual(late.events, lateBuffered + [.error(500, testError)], "replay \(replay)")
            XCTAssertEqual(xs.subscriptions, [Subscription(200, 330)], "replay \(replay)")
        }
    }

    func testForeverAfterCompletionReplaysWithoutReconnecting() {
        for replay in 0..<3 {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = terminatingSource(scheduler, .completed(330))
            let shared = xs.share(replay: replay, scope: .forever)
            let first = scheduler.createObserver(Int.self)
            let again = scheduler.createObserver(Int.self)
            resubscribingOnTermination(scheduler, shared, at: 200, disposeAt: 400, first: first, again: again)
            let late = record(scheduler, { shared }, from: 500, to: 600)
            scheduler.start()
            let lateBuffered = Array([Recorded.next(500, 1), .next(500, 2)].suffix(replay))
            XCTAssertEqual(late.events, lateBuffered + [.completed(500)], "replay \(replay)")
            XCTAssertEqual(xs.subscriptions, [Subscription(200, 330)], "replay \(replay)")
        }
    }

    func testWhileConnectedAfterAnErrorStartsAFreshConnection() {
        for replay in 0..<3 {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = terminatingSource(scheduler, .error(330, testError))
            let shared = xs.share(replay: replay, scope: .whileConnected)
            let first = scheduler.createObserver(Int.self)
            let again = scheduler.createObserver(Int.self)
            resubscribingOnTermination(scheduler, shared, at: 200, disposeAt: 400, first: first, again: again)
            let late = record(scheduler, { shared }, from: 500, to: 600)
            scheduler.start()
            XCTAssertEqual(first.events, [.next(210, 1), .next(220, 2), .error(330, testError)])
            XCTAssertEqual(again.events, [.next(340, -1)], "replay \(replay)")
            XCTAssertEqual(late.events, [.next(550, 7)], "replay \(replay)")
            XCTAssertEqual(
                xs.subscriptions,
                [Subscription(200, 330), Subscription(330, 400), Subscription(500, 600)],
                "replay \(replay)"
            )
        }
    }

    func testShareSubscribesTheSourceOnce() {
        var subscriptions = 0
        let source = Observable<Int>.create { observer in
            subscriptions += 1
            observer.onNext(subscriptions)
            return Disposables.create()
        }.share()
        var received: [Int] = []
        let first = source.subscribe(onNext: { received.append($0) })
        let second = source.subscribe(onNext: { received.append($0) })
        XCTAssertEqual(subscriptions, 1)
        XCTAssertEqual(received, [1])
        first.dispose()
        second.dispose()
    }

    /// The guide's hand-made interval: a periodic timer inside `create`, cancelled by
    /// `Disposables.create`. One tick of this scheduler is a millisecond.
    private func myInterval(
        _ period: RxTimeInterval,
        scheduler: TestScheduler,
        log: @escaping (String) -> Void
    ) -> Observable<Int> {
        Observable.create { observer in
            log("Subscribed")
            let timer = scheduler.schedulePeriodic(0, startAfter: period, period: period) { n in
                observer.on(.next(n))
                return n + 1
            }
            return Disposables.create {
                log("Disposed")
                timer.dispose()
            }
        }
    }

    /// Runs the guide's two-subscriber program: the first subscriber leaves after 0.5 s, the
    /// second after 1 s.
    private func runTwoSubscribers(shared: Bool) -> [String] {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        var lines: [String] = []
        let interval = myInterval(.milliseconds(100), scheduler: scheduler) { lines.append($0) }
        let counter = shared ? interval.share(replay: 1) : interval
        lines.append("Started ----")
        let subscription1 = counter.subscribe(onNext: { n in lines.append("First \(n)") })
        let subscription2 = counter.subscribe(onNext: { n in lines.append("Second \(n)") })
        scheduler.scheduleAt(550) { subscription1.dispose() }
        scheduler.scheduleAt(1050) { subscription2.dispose() }
        scheduler.start()
        lines.append("Ended ----")
        return lines
    }

    /// Seed example A6: two subscriptions, two timers.
    func testIntervalWithTwoSubscribers() {
        XCTAssertEqual(
            runTwoSubscribers(shared: false),
            [
                "Started ----",
                "Subscribed",
                "Subscribed",
                "First 0", "Second 0",
                "First 1", "Second 1",
                "First 2", "Second 2",
                "First 3", "Second 3",
                "First 4", "Second 4",
                "Disposed",
                "Second 5", "Second 6", "Second 7", "Second 8", "Second 9",
                "Disposed",
                "Ended ----",
            ]
        )
    }

    /// Seed example A7: with `share(replay: 1)` one timer serves both, and it is disposed when
    /// the last subscriber leaves.
    func testIntervalSharedWithReplayOne() {
        XCTAssertEqual(
            runTwoSubscribers(shared: true),
            [
                "Started ----",
                "Subscribed",
                "First 0", "Second 0",
                "First 1", "Second 1",
                "First 2", "Second 2",
                "First 3", "Second 3",
                "First 4", "Second 4",
                "Second 5", "Second 6", "Second 7", "Second 8", "Second 9",
                "Disposed",
                "Ended ----",
            ]
        )
    }
}
