import Foundation
import RxCore
import RxTrace

// Section B, 18–19 (Deep Cuts): chains that hop threads. rxtrace does not analyse thread hops
// yet (that analysis is pending), so these scenarios check what it can tell today: every hop
// chain is released once it completes or is disposed, so they expect `.clean`.

let threadHopScenarios: [Scenario] = [
    Scenario("observe-on-hops", summary: "B18: just(42).observeOn(green).filter.observeOn(red).map.observeOn(green)") { context in
        let green = context.serialScheduler("green")
        let red = context.serialScheduler("red")
        var done = false
        _ = Observable.just(42)
            .observe(on: green).filter { $0 > 30 }
            .observe(on: red).map { "\($0)" }
            .observe(on: green)
            .subscribe(onNext: { _ in }, onCompleted: { done = true })
        context.wait(until: { done })
    },
    Scenario("subscribe-on-hops", summary: "B18: the same chain with subscribeOn(blue), and just(42, scheduler: blue)") { context in
        let green = context.serialScheduler("green")
        let blue = context.serialScheduler("blue")
        var finished = 0
        _ = Observable.just(42)
            .observe(on: green).map { $0 + 1 }
            .subscribe(on: blue)
            .subscribe(on: green)
            .subscribe(onNext: { _ in }, onCompleted: { finished += 1 })
        _ = Observable.just(42, scheduler: blue)
            .subscribe(on: green)
            .subscribe(onNext: { _ in }, onCompleted: { finished += 1 })
        context.wait(until: { finished == 2 })
    },
]
