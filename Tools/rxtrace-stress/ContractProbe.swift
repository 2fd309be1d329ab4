import Foundation
import RxCore
import Synchronization

/// Watches the events one stage sends to each of its observers and notes every breach of the
/// observable contract: two calls into one observer at once, an event after a terminal event,
/// a second terminal event. It sits between stages as a `create` whose subscription forwards
/// the upstream's events, so a call is "running" for the whole downstream delivery, which is
/// where overlapping calls would meet. A stage subscribed several times (a `share` that
/// reconnects, `retry`, `concatMap`'s inners) gets a watch per subscription.
final class ContractProbe: @unchecked Sendable {
    let stage: String
    /// An `NSLock`, which ThreadSanitizer sees (CreateLedger says why not a `Mutex`).
    private let lock = NSLock()
    private var breaches: [String] = []

    init(stage: String) { self.stage = stage }

    var recordedBreaches: [String] { lock.withLock { breaches } }

    /// The upstream is subscribed with a plain `ObserverType`, which RxCore hands every call
    /// as it comes (a closure observer would drop events after a terminal one before the probe
    /// saw them).
    func watch<Upstream: ObservableType>(_ upstream: Upstream) -> Observable<Int> where Upstream.Element == Int {
        Observable.create { observer in
            upstream.subscribe(SubscriptionWatch(probe: self, downstream: observer))
        }
    }

    fileprivate func note(_ breach: String) {
        lock.withLock { breaches.append("after \(stage): \(breach)") }
    }
}

/// One subscription's side of a probe.
private final class SubscriptionWatch: ObserverType, @unchecked Sendable {
    let probe: ContractProbe
    let downstream: AnyObserver<Int>
    private let callsInFlight = Atomic<Int>(0)
    private let terminated = Atomic<Bool>(false)

    init(probe: ContractProbe, downstream: AnyObserver<Int>) {
        self.probe = probe
        self.downstream = downstream
    }

    func on(_ event: Event<Int>) {
        if callsInFlight.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue != 1 {
            probe.note("\(event) delivered while another call into the same observer was running")
        }
        if terminated.load(ordering: .acquiring) {
            probe.note("\(event) delivered after the terminal event")
        }
        if event.isStopEvent, terminated.exchange(true, ordering: .acquiringAndReleasing) {
            probe.note("a second terminal event (\(event))")
        }
        downstream.on(event)
        callsInFlight.wrappingSubtract(1, ordering: .acquiringAndReleasing)
    }
}
