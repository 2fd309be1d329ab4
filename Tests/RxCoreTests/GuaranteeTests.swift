import Dispatch
import Foundation
import RxCore
import RxCoreTesting
import XCTest

/// Seed example A2: when production and disposal happen on the same serial scheduler,
/// nothing is delivered after `dispose()` returns. Run many times with real threads, and under
/// ThreadSanitizer by `make tsan`.
final class SerialDisposeConcurrencyTests: RxTestCase {
    /// Records deliveries and the moment of disposal, both of which happen on the serial queue.
    private final class Probe: @unchecked Sendable {
        private let lock = NSLock()
        private var disposed = false
        private(set) var delivered = 0
        private(set) var deliveredAfterDispose = 0

        func deliver() {
            lock.lock()
            defer { lock.unlock() }
            delivered += 1
            if disposed { deliveredAfterDispose += 1 }
        }

        func markDisposed() {
            lock.lock()
            defer { lock.unlock() }
            disposed = true
        }

        var counts: (delivered: Int, late: Int) {
            lock.lock()
            defer { lock.unlock() }
            return (delivered, deliveredAfterDispose)
        }
    }

    func testObserveOnSerialDisposedOnThatSchedulerDeliversNothingAfterwards() {
        var totalDelivered = 0
        for iteration in 0..<200 {
            let queue = DispatchQueue(label: "a2.observeOn.\(iteration)")
            let scheduler = SerialDispatchQueueScheduler(serialQueue: queue)
            let subject = PublishSubject<Int>()
            let probe = Probe()
            var subscription: Disposable?
            queue.sync {
                subscription = subject.observe(on: scheduler).subscribe(onNext: { _ in probe.deliver() })
            }
            let producer = DispatchGroup()
            DispatchQueue.global().async(group: producer) {
                for element in 0..<100 {
                    subject.onNext(element)
                    if element == 50 {
                        // Dispose on the serial scheduler while events are still queued on it.
                        _ = scheduler.schedule(()) { _ in
                            subscription?.dispose()
                            probe.markDisposed()
                            return Disposables.create()
                        }
                    }
                }
            }
            XCTAssertEqual(producer.wait(timeout: .now() + 10), .success)
            queue.sync {}
            let counts = probe.counts
            XCTAssertEqual(counts.late, 0, "iteration \(iteration) delivered after dispose()")
            totalDelivered += counts.delivered
            queue.sync { subscription = nil }
        }
        XCTAssertGreaterThan(totalDelivered, 0)
    }

    func testSourceProducingOnTheSerialSchedulerStopsAtDispose() {
        for iteration in 0..<50 {
            let queue = DispatchQueue(label: "a2.producer.\(iteration)")
            let scheduler = SerialDispatchQueueScheduler(serialQueue: queue)
            let probe = Probe()
            let started = DispatchSemaphore(value: 0)
            let subscription = Observable<Int>.range(start: 0, count: 1_000_000, scheduler: scheduler)
                .subscribe(onNext: { element in
                    probe.deliver()
                    if element == 10 { started.signal() }
                })
            XCTAssertEqual(started.wait(timeout: .now() + 10), .success)
            _ = scheduler.schedule(()) { _ in
                subscription.dispose()
                probe.markDisposed()
                return Disposables.create()
            }
            queue.sync {}
            queue.sync {}
            XCTAssertEqual(probe.counts.late, 0, "iteration \(iteration) delivered after dispose()")
            XCTAssertLessThan(probe.counts.delivered, 1_000_000)
        }
    }

    func testInsideTheHandlerDisposeStopsTheNextQueuedEvent() {
        for iteration in 0..<100 {
            let queue = DispatchQueue(label: "a2.inside.\(iteration)")
            let scheduler = SerialDispatchQueueScheduler(serialQueue: queue)
            let probe = Probe()
            let subject = PublishSubject<Int>()
            var subscription: Disposable?
            queue.sync {
                subscription = subject.observe(on: scheduler).subscribe(onNext: { element in
                    probe.deliver()
                    if element == 3 {
                        subscription?.dispose()
                        probe.markDisposed()
                    }
                })
            }
            for element in 0..<20 { subject.onNext(element) }
            queue.sync {}
            XCTAssertEqual(probe.counts.delivered, 4)
            XCTAssertEqual(probe.counts.late, 0)
            queue.sync { subscription = nil }
        }
    }
}

/// Seed example A3: overlapping `on` calls are reported in debug builds.
final class SynchronizationAnomalyConcurrencyTests: RxTestCase {
    private final class AnomalyLog: @unchecked Sendable {
        private let lock = NSLock()
        private var storage: [SynchronizationAnomaly] = []
        func append(_ anomaly: SynchronizationAnomaly) {
            lock.lock()
            defer { lock.unlock() }
            storage.append(anomaly)
        }
        var anomalies: [SynchronizationAnomaly] {
            lock.lock()
            defer { lock.unlock() }
            return storage
        }
    }

    private var anomalies = AnomalyLog()

    override func setUp() {
        super.setUp()
        anomalies = AnomalyLog()
        let log = anomalies
        Hooks.synchronizationAnomalyHandler = { anomaly, message in
            XCTAssertTrue(message.contains("anomaly was detected"))
            log.append(anomaly)
        }
    }

    override func tearDown() {
        Hooks.synchronizationAnomalyHandler = nil
        super.tearDown()
    }

    func testWellBehavedSequencesReportNothing() {
        _ = captureStandardOutput {
            let subject = PublishSubject<Int>()
            let subscription = subject.map { $0 + 1 }.subscribe(onNext: { _ in })
            for element in 0..<10 { subject.onNext(element) }
            subscription.dispose()
            _ = Observable.of(1, 2, 3).subscribe()
        }
        XCTAssertEqual(anomalies.anomalies, [])
    }

    func testReentrantSubjectIsReported() throws {
        #if DEBUG
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        let lines = captureStandardOutput {
            let subscription = subject.subscribe(onNext: { element in
                received.append(element)
                if element == 1 { subject.onNext(2) }
            })
            subject.onNext(1)
            subscription.dispose()
        }
        XCTAssertEqual(received, [1, 2])
        XCTAssertFalse(anomalies.anomalies.isEmpty)
        XCTAssertTrue(anomalies.anomalies.allSatisfy { $0 == .reentrancy })
        XCTAssertTrue(
            lines.contains { $0.contains("Reentrancy anomaly was detected.") },
            "RxCore also prints the anomaly, as RxSwift does"
        )
        #else
        throw XCTSkip("the detector only exists in debug builds")
        #endif
    }

    func testTwoThreadsRacingIntoOneObserverAreReported() throws {
        #if DEBUG
        var captured: AnyObserver<Int>?
        let source = Observable<Int>.create { observer in
            captured = observer
            return Disposables.create()
        }
        let firstInside = DispatchSemaphore(value: 0)
        let releaseFirst = DispatchSemaphore(value: 0)
        let received = LineLog()
        let subscription = source.subscribe(onNext: { element in
            received.append("\(element)")
            if element == 1 {
                firstInside.signal()
                _ = releaseFirst.wait(timeout: .now() + 10)
            }
        })
        let observer = try XCTUnwrap(captured)
        _ = captureStandardOutput {
            let group = DispatchGroup()
            DispatchQueue.global().async(group: group) { observer.onNext(1) }
            XCTAssertEqual(firstInside.wait(timeout: .now() + 10), .success)
            // The first thread is still inside `on`: this second delivery overlaps it.
            runOnBackgroundThread { observer.onNext(2) }
            releaseFirst.signal()
            XCTAssertEqual(group.wait(timeout: .now() + 10), .success)
        }
        subscription.dispose()
        XCTAssertEqual(Set(received.lines), ["1", "2"])
        XCTAssertTrue(anomalies.anomalies.contains(.synchronization), "reported: \(anomalies.anomalies)")
        #else
        throw XCTSkip("the detector only exists in debug builds")
        #endif
    }

    func testTwoThreadsRacingIntoASubjectAreReported() throws {
        #if DEBUG
        let subject = PublishSubject<Int>()
        let firstInside = DispatchSemaphore(value: 0)
        let releaseFirst = DispatchSemaphore(value: 0)
        let subscription = subject.subscribe(onNext: { element in
            if element == 1 {
                firstInside.signal()
                _ = releaseFirst.wait(timeout: .now() + 10)
            }
        })
        _ = captureStandardOutput {
            let group = DispatchGroup()
            DispatchQueue.global().async(group: group) { subject.onNext(1) }
            XCTAssertEqual(firstInside.wait(timeout: .now() + 10), .success)
            runOnBackgroundThread { subject.onNext(2) }
            releaseFirst.signal()
            XCTAssertEqual(group.wait(timeout: .now() + 10), .success)
        }
        subscription.dispose()
        XCTAssertTrue(anomalies.anomalies.contains(.synchronization), "reported: \(anomalies.anomalies)")
        XCTAssertFalse(anomalies.anomalies.contains(.reentrancy))
        #else
        throw XCTSkip("the detector only exists in debug builds")
        #endif
    }
}

/// `Resources.total` really counts, so the base class's tearDown check is not vacuous.
final class ResourcesTests: RxTestCase {
    func testTotalRisesWithASubscriptionAndReturnsAfterDispose() throws {
        #if TRACE_RESOURCES
        let start = Resources.total
        var subscription: Disposable?
        var subject: PublishSubject<Int>? = PublishSubject()
        subscription = subject!.map { $0 * 2 }.filter { $0 > 0 }.subscribe(onNext: { _ in })
        let whileSubscribed = Resources.total
        // The subject, the two sinks, the subscriber's `SinkDisposer` (between the sinks, the
        // filter's sink is the disposer of the map's) and the observer; the two producers are
        // released once their sinks are built.
        XCTAssertEqual(whileSubscribed - start, 5)
        subscription?.dispose()
        subscription = nil
        subject = nil
        XCTAssertEqual(Resources.total, start)
        #else
        throw XCTSkip("Resources only exists in traced builds (--traits TraceResources)")
        #endif
    }

    func testAnUndisposedSubscriptionIsVisible() throws {
        #if TRACE_RESOURCES
        let start = Resources.total
        let subject = PublishSubject<Int>()
        let afterSubject = Resources.total
        XCTAssertEqual(afterSubject, start + 1)
        var subscription: Disposable? = subject.subscribe(onNext: { _ in })
        XCTAssertGreaterThan(Resources.total, afterSubject, "a live subscription holds resources")
        subscription?.dispose()
        // `subscribe(onNext:)` without `onDisposed` returns the subject's own subscription (a
        // value, not a tracked object), so disposal leaves nothing but the subject.
        XCTAssertEqual(Resources.total, afterSubject, "disposal frees the chain")
        subscription = nil
        XCTAssertEqual(Resources.total, afterSubject)
        #else
        throw XCTSkip("Resources only exists in traced builds (--traits TraceResources)")
        #endif
    }

    func testTerminationFreesTheChain() throws {
        #if TRACE_RESOURCES
        let start = Resources.total
        _ = Observable.just(42).filter { $0 > 30 }.map { "\($0)" }.subscribe(onNext: { _ in })
        XCTAssertEqual(Resources.total, start)
        #else
        throw XCTSkip("Resources only exists in traced builds (--traits TraceResources)")
        #endif
    }

    func testIncrementAndDecrement() throws {
        #if TRACE_RESOURCES
        let start = Resources.total
        XCTAssertEqual(Resources.incrementTotal(), start + 1)
        XCTAssertEqual(Resources.total, start + 1)
        XCTAssertEqual(Resources.decrementTotal(), start)
        XCTAssertEqual(Resources.total, start)
        #else
        throw XCTSkip("Resources only exists in traced builds (--traits TraceResources)")
        #endif
    }
}

/// A `Disposable` kept after its subscription ended (code that stores it in a property) holds
/// nothing of the chain: the operators' closures and the observer, which often capture the
/// object that keeps the `Disposable`, are released when the subscription ends, as in RxSwift.
final class KeptDisposableTests: RxTestCase {
    private final class Owner {}

    func testAfterCompletionTheKeptDisposableHoldsNoClosure() {
        let subject = PublishSubject<Int>()
        var owner: Owner? = Owner()
        weak var weakOwner = owner
        let kept =
            subject
            .map { [owner] value -> Int in withExtendedLifetime(owner) { value } }
            .filter { $0 > 0 }
            .subscribe(onNext: { [owner] _ in withExtendedLifetime(owner) {} })
        owner = nil
        XCTAssertNotNil(weakOwner, "the live subscription holds its closures")
        subject.onCompleted()
        XCTAssertNil(weakOwner, "the ended subscription released them, though its Disposable is kept")
        withExtendedLifetime(kept) {}
    }

    func testAfterDisposeTheKeptDisposableHoldsNoClosure() {
        let subject = PublishSubject<Int>()
        var owner: Owner? = Owner()
        weak var weakOwner = owner
        let kept =
            subject
            .filter { [owner] value in withExtendedLifetime(owner) { value > 0 } }
            .subscribe(onNext: { [owner] _ in withExtendedLifetime(owner) {} })
        owner = nil
        XCTAssertNotNil(weakOwner)
        kept.dispose()
        XCTAssertNil(weakOwner, "the disposed subscription released its closures, though its Disposable is kept")
        withExtendedLifetime(kept) {}
    }
}

/// A sink is its upstream's disposer: what `SinkDisposer` guaranteed between two stages holds.
final class SinkDisposalTests: RxTestCase {
    func testACompletionDuringSubscribeDisposesTheUpstreamSubscriptionOnceItIsHandedOver() {
        var disposals = 0
        var received: [Int] = []
        var completed = false
        // `create` completes while `map`'s sink is still being subscribed, before its upstream
        // subscription exists: that subscription is disposed as soon as `map` gets it.
        let subscription = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onCompleted()
            return Disposables.create { disposals += 1 }
        }
        .map { $0 * 10 }
        .filter { $0 > 0 }
        .subscribe(onNext: { received.append($0) }, onCompleted: { completed = true })
        XCTAssertEqual(received, [10])
        XCTAssertTrue(completed)
        XCTAssertEqual(disposals, 1)
        subscription.dispose()
        subscription.dispose()
        XCTAssertEqual(disposals, 1, "disposed exactly once")
    }

    func testDisposingTheSubscriberEndsEveryStageOnce() {
        var disposals = 0
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        let subscription =
            subject
            .do(onDispose: { disposals += 1 })
            .map { $0 + 1 }
            .filter { _ in true }
            .subscribe(onNext: { received.append($0) })
        subject.onNext(1)
        subscription.dispose()
        subject.onNext(2)
        subscription.dispose()
        XCTAssertEqual(received, [2])
        XCTAssertEqual(disposals, 1)
        XCTAssertFalse(subject.hasObservers, "the subject's subscription was disposed")
    }
}
