import Foundation
import RxCore
import RxTraceRunner

// Section B, 18–19 (Deep Cuts): chains that hop threads. Each declares the hops it must run
// (`expectHops`: where its events start, then where each observe(on:) lands) and expects the
// verdict `hopsReported`; the report names the scheduler and thread of every stage.

let threadHopScenarios: [Scenario] = [
    Scenario(
        "observe-on-hops",
        summary: "B18: just(42).observeOn(green).filter.observeOn(red).map.observeOn(green)",
        expect: .hopsReported
    ) { context in
        let green = context.serialScheduler("green")
        let red = context.serialScheduler("red")
        let done = SharedCounter()
        _ = Observable.just(42)
            .observe(on: green).filter { $0 > 30 }
            .observe(on: red).map { "\($0)" }
            .observe(on: green)
            .subscribe(onNext: { _ in }, onCompleted: { done.increment() })
        context.wait(until: { done.value == 1 })
        // just emits where it is subscribed (the main thread); filter runs on green, map on
        // red, the subscriber on green.
        context.expectHops(["main", "green", "red", "green"], subscribedOn: "main")
    },
    Scenario(
        "subscribe-on-hops",
        summary:
            "B18: subscribeOn(blue) moves just's subscription and emission; the nearest subscribeOn wins; just(42, scheduler: blue) emits on blue",
        expect: .hopsReported
    ) { context in
        let green = context.serialScheduler("green")
        let red = context.serialScheduler("red")
        let blue = context.serialScheduler("blue")
        let finished = SharedCounter()
        // subscribeOn(blue) moves the subscription, and with it just's emission, onto blue;
        // the observe(on:) hops stay where they were.
        _ = Observable.just(42)
            .observe(on: green).filter { $0 > 30 }
            .observe(on: red).map { "\($0)" }
            .observe(on: green)
            .subscribe(on: blue)
            .subscribe(onNext: { _ in }, onCompleted: { finished.increment() })
        // Two subscribeOn: the one nearest the source (blue) wins.
        _ = Observable.just(42)
            .observe(on: green).map { $0 + 1 }
            .subscribe(on: blue)
            .subscribe(on: green)
            .subscribe(onNext: { _ in }, onCompleted: { finished.increment() })
        // A source with a scheduler of its own emits there whatever subscribeOn says.
        _ = Observable.just(42, scheduler: blue)
            .subscribe(on: green)
            .subscribe(onNext: { _ in }, onCompleted: { finished.increment() })
        context.wait(until: { finished.value == 3 })
        context.expectHops(["blue", "green", "red", "green"], subscribedOn: "blue")
        context.expectHops(["blue", "green"], subscribedOn: "blue")
        context.expectHops(["blue"], subscribedOn: "green")
    },
    Scenario(
        "merged-timers-hops",
        summary:
            "B19: merge([interval(3, red), interval(5, green)]) delivers sometimes on red, sometimes on green, serialised by merge",
        expect: .hopsReported
    ) { context in
        // Two virtual clocks stand for the two schedulers: time moves only when the scenario
        // advances them, so the run is instant and always delivers the same events.
        let red = context.virtualClock("red")
        let green = context.virtualClock("green")
        var received: [Int] = []
        var completed = false
        let subscription = Observable.merge([
            Observable<Int>.interval(.seconds(3), scheduler: red).map { _ in 3 },
            Observable<Int>.interval(.seconds(5), scheduler: green).map { _ in 5 },
        ])
        .take(8)
        .subscribe(onNext: { received.append($0) }, onCompleted: { completed = true })
        for _ in 0..<15 where !completed {
            red.advance(by: 1)
            green.advance(by: 1)
        }
        subscription.dispose()
        context.expectHops(["green|red"])
    },
]
