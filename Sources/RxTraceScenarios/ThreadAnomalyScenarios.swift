import Foundation
import RxCore
import RxTraceRunner

// The thread anomalies rxtrace reports (findings of kind threadAnomaly, SARIF RX003), one
// scenario each, and for each a lookalike that is correct and reports nothing. Anomaly 4 (off
// the main thread to a main-thread consumer) is C22's variant in RepositoryScenarios.swift.
// Real threads only where the anomaly needs two of them (1 and 5), kept in step by semaphores.

/// Runs `body` on a new thread without waiting for it.
private func startThread(_ body: @escaping () -> Void) {
    Thread { body() }.start()
}

/// An observable whose observer the scenario drives by hand, from any thread.
private final class HandDrivenSource {
    private(set) var observer: AnyObserver<Int>?
    lazy var observable = Observable<Int>.create { [unowned self] observer in
        self.observer = observer
        return Disposables.create { self.observer = nil }
    }
}

/// A hand-written source that keeps sending on its scheduler after its subscription is
/// disposed: its disposable cancels nothing.
private struct IgnoresDisposeSource: ObservableType {
    typealias Element = Int
    let scheduler: VirtualClock

    func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Int {
        for second in 1...3 {
            _ = scheduler.scheduleRelative(second, dueTime: .seconds(second)) { value in
                observer.onNext(value)
                return Disposables.create()
            }
        }
        return Disposables.create()
    }
}

let threadAnomalyScenarios: [Scenario] = [
    // 1. Two threads inside one subscriber at once.
    Scenario(
        "overlapping-on",
        summary: "Anomaly 1: a create observer called from two threads at once; the subscriber is entered twice",
        expect: .threadAnomaly
    ) { context in
        let source = HandDrivenSource()
        let firstInside = DispatchSemaphore(value: 0)
        let secondSent = DispatchSemaphore(value: 0)
        let firstDone = DispatchSemaphore(value: 0)
        let subscription = source.observable.subscribe(onNext: { element in
            guard element == 1 else { return }
            firstInside.signal()
            secondSent.wait()
        })
        startThread {
            source.observer?.onNext(1)
            firstDone.signal()
        }
        firstInside.wait()
        source.observer?.onNext(2)
        secondSent.signal()
        firstDone.wait()
        subscription.dispose()
    },
    Scenario(
        "serialized-on",
        summary: "Lookalike of 1: the same observer fed from two threads one after the other: no overlap"
    ) { context in
        let source = HandDrivenSource()
        let firstDone = DispatchSemaphore(value: 0)
        let subscription = source.observable.subscribe(onNext: { _ in })
        startThread {
            source.observer?.onNext(1)
            firstDone.signal()
        }
        firstDone.wait()
        source.observer?.onNext(2)
        subscription.dispose()
    },
    // 2. User code sends after the terminal event.
    Scenario(
        "event-after-terminal",
        summary: "Anomaly 2: create sends next after completed, and a PublishSubject gets onNext after onCompleted",
        expect: .threadAnomaly
    ) { _ in
        _ = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onCompleted()
            observer.onNext(2)
            return Disposables.create()
        }
        .subscribe(onNext: { _ in })
        let subject = PublishSubject<Int>()
        let subscription = subject.subscribe(onNext: { _ in })
        subject.onCompleted()
        subject.onNext(3)
        subscription.dispose()
    },
    Scenario(
        "terminal-last",
        summary: "Lookalike of 2: create and a PublishSubject that complete after their last element"
    ) { _ in
        _ = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onNext(2)
            observer.onCompleted()
            return Disposables.create()
        }
        .subscribe(onNext: { _ in })
        let subject = PublishSubject<Int>()
        let subscription = subject.subscribe(onNext: { _ in })
        subject.onNext(3)
        subject.onCompleted()
        subscription.dispose()
    },
    // 3. A source that sends after dispose() returned on the same serial scheduler. RxCore
    // drops those elements (guarantee A2); the source is what is broken.
    Scenario(
        "event-after-dispose",
        summary:
            "Anomaly 3: a hand-written source keeps sending on its serial scheduler after dispose() returned there (RxCore drops it)",
        expect: .threadAnomaly
    ) { context in
        let clock = context.virtualClock("serial")
        var received: [Int] = []
        var afterDispose: [Int] = []
        var disposed = false
        let subscription = IgnoresDisposeSource(scheduler: clock).map { $0 * 10 }.subscribe(onNext: { element in
            received.append(element)
            if disposed { afterDispose.append(element) }
        })
        _ = clock.scheduleRelative((), dueTime: .milliseconds(1_500)) { _ in
            subscription.dispose()
            disposed = true
            return Disposables.create()
        }
        clock.advance(by: 4)
        if !afterDispose.isEmpty {
            throw GuaranteeBroken(what: "elements \(afterDispose) reached the subscriber after dispose()")
        }
        // The element sent before dispose() still arrives: RxCore drops only what follows it.
        if received != [10] {
            throw GuaranteeBroken(
                what: "the subscriber received \(received), not the one element sent before dispose(), [10]"
            )
        }
    },
    Scenario(
        "observe-on-disposed-on-serial",
        summary:
            "Lookalike of 3 (A2): observeOn(serial) disposed on that scheduler delivers nothing after dispose() returns"
    ) { context in
        let clock = context.virtualClock("serial")
        let subject = PublishSubject<Int>()
        var afterDispose: [Int] = []
        var disposed = false
        let subscription = subject.observe(on: clock).subscribe(onNext: { element in
            if disposed { afterDispose.append(element) }
        })
        subject.onNext(1)
        _ = clock.schedule(()) { _ in
            subscription.dispose()
            disposed = true
            return Disposables.create()
        }
        subject.onNext(2)
        subject.onNext(3)
        clock.advance(by: 1)
        if !afterDispose.isEmpty {
            throw GuaranteeBroken(what: "elements \(afterDispose) reached the subscriber after dispose()")
        }
    },
    // 5. Disposed on one thread while the subscriber runs on another.
    Scenario(
        "disposed-while-delivering",
        summary:
            "Anomaly 5: the subscription is disposed on the main thread while its subscriber runs on another thread",
        expect: .threadAnomaly
    ) { _ in
        let subject = PublishSubject<Int>()
        let inside = DispatchSemaphore(value: 0)
        let disposed = DispatchSemaphore(value: 0)
        let delivered = DispatchSemaphore(value: 0)
        let subscription = subject.map { $0 + 1 }.subscribe(onNext: { _ in
            inside.signal()
            disposed.wait()
        })
        startThread {
            subject.onNext(1)
            delivered.signal()
        }
        inside.wait()
        subscription.dispose()
        disposed.signal()
        delivered.wait()
    },
    Scenario(
        "disposed-after-delivering",
        summary: "Lookalike of 5: the same subscription disposed once its subscriber has returned"
    ) { _ in
        let subject = PublishSubject<Int>()
        let delivered = DispatchSemaphore(value: 0)
        let subscription = subject.map { $0 + 1 }.subscribe(onNext: { _ in })
        startThread {
            subject.onNext(1)
            delivered.signal()
        }
        delivered.wait()
        subscription.dispose()
    },
]

/// A scenario found a guarantee broken (its body throws this).
struct GuaranteeBroken: Error, CustomStringConvertible {
    var what: String
    var description: String { "guarantee broken: \(what)" }
}
