import Foundation
import RxCore
import RxTraceRunner

// B12 (Deep Cuts): `just(42).filter.map.distinctUntilChanged` builds four producers; a
// subscription builds four sinks, their disposers and the observer. The sinks hold the
// operator closures and the closures hold their environment; all are freed on termination.
// B19: merged timers from two schedulers, serialized by merge.

private final class Environment {
    let threshold = 30
}

let chainScenarios: [Scenario] = [
    Scenario(
        "just-filter-map-distinct",
        summary: "B12: just(42).filter.map.distinctUntilChanged subscribed; freed when it completes"
    ) { _ in
        let environment = Environment()
        _ = Observable.just(42)
            .filter { $0 > environment.threshold }
            .map { "\($0)" }
            .distinctUntilChanged { $0 == $1 }
            .subscribe(onNext: { _ in })
    },
    Scenario(
        "just-filter-map-distinct-disposed",
        summary: "B12: the same chain over a subject, disposed before it completes"
    ) { _ in
        let source = PublishSubject<Int>()
        let subscription =
            source
            .filter { $0 > 30 }
            .map { "\($0)" }
            .distinctUntilChanged { $0 == $1 }
            .subscribe(onNext: { _ in })
        source.onNext(42)
        subscription.dispose()
    },
    Scenario(
        "merged-timers",
        summary:
            "B19: merge of interval(red) and interval(green), delivered on red and disposed there after a few ticks"
    ) { context in
        let red = context.serialScheduler("red")
        let green = context.serialScheduler("green")
        let ticks = SharedCounter()
        let subscription = Observable.merge([
            Observable<Int>.interval(.milliseconds(3), scheduler: red),
            Observable<Int>.interval(.milliseconds(5), scheduler: green),
        ])
        .observe(on: red)
        .subscribe(onNext: { _ in ticks.increment() })
        context.wait(timeout: 5) { ticks.value >= 6 }
        // Disposed on red, the serial scheduler the subscriber runs on, so never while it runs.
        try perform(on: red, context, "the disposal on red") { subscription.dispose() }
    },
    Scenario(
        "merged-timers-never-disposed",
        summary: "B19 leaky: the merged timers subscribed with the disposable ignored",
        expect: .leak
    ) { context in
        let red = context.serialScheduler("red")
        let green = context.serialScheduler("green")
        _ = Observable.merge([
            Observable<Int>.interval(.milliseconds(3), scheduler: red),
            Observable<Int>.interval(.milliseconds(5), scheduler: green),
        ])
        .subscribe(onNext: { _ in })
        context.wait(seconds: 0.02)
    },
]
