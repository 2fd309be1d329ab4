import Foundation
import RxCore
import RxCoreTesting
import XCTest

final class DoTests: RxTestCase {
    func testHandlerOrderForACompletingSequence() {
        var log: [String] = []
        _ = Observable.just(1)
            .do(
                onNext: { log.append("onNext \($0)") },
                afterNext: { log.append("afterNext \($0)") },
                onError: { _ in log.append("onError") },
                afterError: { _ in log.append("afterError") },
                onCompleted: { log.append("onCompleted") },
                afterCompleted: { log.append("afterCompleted") },
                onSubscribe: { log.append("onSubscribe") },
                onSubscribed: { log.append("onSubscribed") },
                onDispose: { log.append("onDispose") }
            )
            .subscribe(onNext: { log.append("observer \($0)") }, onCompleted: { log.append("observer completed") })
        XCTAssertEqual(
            log,
            [
                "onSubscribe",
                "onNext 1", "observer 1", "afterNext 1",
                "onCompleted", "observer completed", "afterCompleted",
                "onSubscribed",
                "onDispose",
            ]
        )
    }

    func testHandlerOrderForAFailingSequence() {
        var log: [String] = []
        _ = Observable<Int>.error(testError)
            .do(
                onNext: { _ in log.append("onNext") },
                onError: { log.append("onError \(($0 as NSError).code)") },
                afterError: { log.append("afterError \(($0 as NSError).code)") },
                onCompleted: { log.append("onCompleted") },
                onSubscribe: { log.append("onSubscribe") },
                onSubscribed: { log.append("onSubscribed") },
                onDispose: { log.append("onDispose") }
            )
            .subscribe(onError: { _ in log.append("observer error") })
        XCTAssertEqual(
            log,
            ["onSubscribe", "onError -232", "observer error", "afterError -232", "onSubscribed", "onDispose"]
        )
    }

    func testHandlersRunAtEventTimesAndOnDisposeAtDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        var log: [String] = []
        let res = scheduler.start(disposed: 250) {
            xs.do(
                onNext: { log.append("next \($0) @\(scheduler.clock)") },
                onSubscribe: { log.append("subscribe @\(scheduler.clock)") },
                onSubscribed: { log.append("subscribed @\(scheduler.clock)") },
                onDispose: { log.append("dispose @\(scheduler.clock)") }
            )
        }
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2)])
        XCTAssertEqual(log, ["subscribe @200", "subscribed @200", "next 1 @210", "next 2 @220", "dispose @250"])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testThrowingOnNextFailsTheSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res = scheduler.start {
            xs.do(onNext: { if $0 == 2 { throw testError } })
        }
        XCTAssertEqual(res.events, [.next(210, 1), .error(220, testError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testThrowingAfterNextFailsAfterForwarding() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res = scheduler.start {
            xs.do(afterNext: { _ in throw testError })
        }
        XCTAssertEqual(res.events, [.next(210, 1), .error(210, testError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
    }

    func testThrowingOnCompletedTurnsCompletionIntoError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let res = scheduler.start {
            xs.do(onCompleted: { throw testError })
        }
        XCTAssertEqual(res.events, [.next(210, 1), .error(300, testError)])
    }

    func testThrowingOnErrorReplacesTheError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.error(210, testError)] as [Recorded<Event<Int>>])
        let res = scheduler.start {
            xs.do(onError: { _ in throw testError2 })
        }
        XCTAssertEqual(res.events, [.error(210, testError2)])
    }

    func testSubscribeHandlersRunOncePerSubscription() {
        var subscribes = 0
        var disposes = 0
        let source = Observable<Int>.never().do(onSubscribe: { subscribes += 1 }, onDispose: { disposes += 1 })
        let first = source.subscribe()
        let second = source.subscribe()
        XCTAssertEqual(subscribes, 2)
        first.dispose()
        first.dispose()
        XCTAssertEqual(disposes, 1)
        second.dispose()
        XCTAssertEqual(disposes, 2)
    }
}
