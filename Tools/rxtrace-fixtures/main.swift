// A second rxtrace executable, over scenarios that misbehave on purpose, for the CLI tests:
// it is also the smallest example of a user's own rxtrace (RxTraceCLI.main over a list).
import Foundation
import RxCore
import RxTrace

final class Holder {
    var subscriptions: [Disposable] = []
}

/// What emits-off-main-thread's worker hands to the main thread: the subscription is set before
/// the worker signals, and elements arrive on the main thread, so no two threads touch it at once.
final class EmitProbe: @unchecked Sendable {
    var subscription: Disposable?
    var received: [Int] = []
}

let fixtures: [Scenario] = [
    Scenario("clean", summary: "completes and frees everything") { _ in
        _ = Observable.from([1, 2, 3]).map { $0 + 1 }.subscribe(onNext: { _ in })
    },
    Scenario("leaks", summary: "keeps one subscription per pass on a shared subject (expected clean: a finding)") {
        context in
        let subject = context.shared("subject") { PublishSubject<Int>() }
        _ = subject.map { $0 + 1 }.subscribe(onNext: { _ in })
    },
    Scenario("expected-leak", summary: "the same leak, declared", expect: .leak) { context in
        let subject = context.shared("subject") { PublishSubject<Int>() }
        _ = subject.map { $0 + 1 }.subscribe(onNext: { _ in })
    },
    Scenario("traps", summary: "traps on pass 2") { context in
        if context.pass == 2 {
            print("about to trap")
            fatalError("fixture trap")
        }
    },
    Scenario("hangs", summary: "never returns") { _ in
        print("about to hang")
        while true { Thread.sleep(forTimeInterval: 1) }
    },
    Scenario("deadlocks", summary: "waits for a worker that waits for a lock the main thread holds") { _ in
        let lock = NSLock()
        let done = DispatchSemaphore(value: 0)
        lock.lock()
        DispatchQueue.global().async {
            lock.lock()  // fixture: the worker waits here
            done.signal()
        }
        print("about to deadlock")
        done.wait()  // fixture: the main thread waits here
    },
    Scenario("drives-off-main-thread", summary: "calls drive on a background thread (RxCocoa: debug builds stop there)")
    { _ in
        // `sync` from the main thread would run the block on the main thread: use `async`.
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue(label: "fixture.worker").async {
            print("about to drive off the main thread")
            _ = Driver.just(1).drive(onNext: { _ in })  // fixture: the off-main drive
            finished.signal()
        }
        finished.wait()
    },
    Scenario(
        "emits-off-main-thread",
        summary: "calls emit on a background thread: legal in RxCocoa (no check there), so it runs and is clean"
    ) { context in
        // A Signal replays nothing, so every element still arrives through its observe(on: main),
        // whichever thread subscribed: RxCocoa checks `drive`'s thread, not `emit`'s.
        let taps = PublishRelay<Int>()
        let probe = EmitProbe()
        let subscribed = DispatchSemaphore(value: 0)
        DispatchQueue(label: "fixture.worker").async {
            probe.subscription = taps.asSignal().emit(onNext: { probe.received.append($0) })  // fixture: off-main emit
            subscribed.signal()
        }
        subscribed.wait()
        taps.accept(1)
        _ = context.wait(until: { probe.received == [1] })
        probe.subscription?.dispose()
    },
    Scenario("drives-and-emits-dropped", summary: "drops a drive's and an emit's Disposable", expect: .leak) {
        context in
        let subject = context.shared("subject") { PublishSubject<Int>() }
        let taps = context.shared("taps") { PublishRelay<Int>() }
        _ = subject.asDriver(onErrorJustReturn: 0).map { $0 + 1 }.drive(onNext: { _ in })  // fixture: the dropped drive
        _ = taps.asSignal().filter { $0 > 0 }.emit(onNext: { _ in })  // fixture: the dropped emit
    },
    Scenario("throws", summary: "its body throws") { _ in
        struct FixtureError: Error {}
        throw FixtureError()
    },
]

RxTraceCLI.main(scenarios: fixtures)
