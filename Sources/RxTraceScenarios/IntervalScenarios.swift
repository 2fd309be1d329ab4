import Foundation
import RxCore
import RxTraceRunner

// A6/A7 (Getting Started): a hand-made interval built with `create`, a timer and
// `Disposables.create`, with two subscribers, then shared with `share(replay: 1)`. B16: an
// interval that is never disposed is a leaked subscription retained by its timer.

/// A hand-made interval: a periodic dispatch timer in `create`, cancelled by the disposable.
func handMadeInterval(_ period: TimeInterval, queue: DispatchQueue) -> Observable<Int> {
    Observable<Int>.create { observer in
        let timer = DispatchSource.makeTimerSource(queue: queue)
        var next = 0
        timer.schedule(deadline: .now() + period, repeating: period)
        timer.setEventHandler {
            observer.onNext(next)
            next += 1
        }
        timer.resume()
        return Disposables.create { timer.cancel() }
    }
}

let intervalScenarios: [Scenario] = [
    Scenario("interval-two-subscribers", summary: "A6: hand-made interval, two subscribers, each disposed") { context in
        let queue = DispatchQueue(label: "a6.timer")
        let ticks = handMadeInterval(0.01, queue: queue)
        let first = ticks.subscribe(onNext: { _ in })
        let second = ticks.subscribe(onNext: { _ in })
        context.wait(seconds: 0.03)
        // Disposed on the timer's queue, so never while a tick is delivered (anomaly 5).
        queue.sync { first.dispose() }
        context.wait(seconds: 0.02)
        queue.sync { second.dispose() }
    },
    Scenario(
        "interval-shared-replay",
        summary: "A7: the same interval with share(replay: 1): one source, released with the last subscriber"
    ) { context in
        let queue = DispatchQueue(label: "a7.timer")
        let shared = handMadeInterval(0.01, queue: queue).share(replay: 1)
        let first = shared.subscribe(onNext: { _ in })
        let second = shared.subscribe(onNext: { _ in })
        context.wait(seconds: 0.03)
        // Disposed on the timer's queue, so never while a tick is delivered (anomaly 5).
        queue.sync { first.dispose() }
        context.wait(seconds: 0.02)
        queue.sync { second.dispose() }
    },
    Scenario(
        "interval-disposed",
        summary:
            "A6/B16: Observable.interval on a serial scheduler, disposed by a DisposeBag released on that scheduler"
    ) { context in
        let scheduler = context.serialScheduler("ticker")
        var bag: DisposeBag? = DisposeBag()
        Observable<Int>.interval(.milliseconds(5), scheduler: scheduler)
            .map { $0 * 2 }
            .subscribe(onNext: { _ in })
            .disposed(by: bag!)
        context.wait(seconds: 0.02)
        // The bag goes on ticker, where the subscriber runs, so never while a tick is delivered.
        try perform(on: scheduler, context, "the bag's release on ticker") { bag = nil }
    },
    Scenario(
        "interval-never-disposed",
        summary: "B16 leaky: Observable.interval subscribed and its disposable ignored: kept by its timer",
        expect: .leak
    ) { context in
        let scheduler = context.serialScheduler("ticker")
        _ = Observable<Int>.interval(.milliseconds(5), scheduler: scheduler)
            .map { $0 * 2 }
            .subscribe(onNext: { _ in })
        context.wait(seconds: 0.02)
    },
    Scenario(
        "interval-virtual-time",
        summary:
            "A6 on virtual time: interval(1 s).take(3) on a VirtualClock advanced by 5 s completes and frees everything"
    ) { context in
        let clock = context.virtualClock("a6.virtual")
        var received: [Int] = []
        _ = Observable<Int>.interval(.seconds(1), scheduler: clock)
            .take(3)
            .subscribe(onNext: { received.append($0) })
        clock.advance(by: 5)
        struct WrongElements: Error {}
        guard received == [0, 1, 2] else { throw WrongElements() }
    },
    Scenario(
        "interval-virtual-time-never-disposed",
        summary: "B16 leaky on virtual time: an endless interval on a VirtualClock, never disposed",
        expect: .leak
    ) { context in
        let clock = context.virtualClock("b16.virtual")
        _ = Observable<Int>.interval(.seconds(1), scheduler: clock).subscribe(onNext: { _ in })
        clock.advance(by: 3)
    },
]
