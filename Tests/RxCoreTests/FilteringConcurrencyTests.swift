import Foundation
import RxCore
import XCTest

private let concurrencyError = NSError(domain: "FilteringConcurrencyTests", code: 1)

/// The timed filtering and error operators on real concurrent schedulers, with events sent
/// from other threads (run under ThreadSanitizer by `make tsan`).
final class FilteringConcurrencyTests: RxTestCase {
    private let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)

    /// Subscribes, records every event under a lock, and waits for the terminal one.
    private func collect<Element>(
        _ source: Observable<Element>,
        timeout: TimeInterval = 5,
        whileRunning work: () -> Void = {}
    ) -> (elements: [Element], error: Swift.Error?, completed: Bool) {
        let lock = NSLock()
        var elements: [Element] = []
        var failure: Swift.Error?
        var completed = false
        let done = DispatchSemaphore(value: 0)
        let subscription = source.subscribe(
            onNext: { element in
                lock.lock()
                elements.append(element)
                lock.unlock()
            },
            onError: { error in
                lock.lock()
                failure = error
                lock.unlock()
                done.signal()
            },
            onCompleted: {
                lock.lock()
                completed = true
                lock.unlock()
                done.signal()
            }
        )
        work()
        XCTAssertEqual(done.wait(timeout: .now() + timeout), .success, "the sequence did not terminate")
        subscription.dispose()
        lock.lock()
        defer { lock.unlock() }
        return (elements, failure, completed)
    }

    func testDelayDeliversInOrderFromABackgroundProducer() {
        let subject = PublishSubject<Int>()
        let result = collect(subject.delay(.milliseconds(10), scheduler: scheduler)) {
            DispatchQueue.global().async {
                for value in 1...50 { subject.onNext(value) }
                subject.onCompleted()
            }
        }
        XCTAssertEqual(result.elements, Array(1...50))
        XCTAssertTrue(result.completed)
    }

    func testDelayErrorWhileAnElementIsBeingDelivered() {
        let subject = PublishSubject<Int>()
        let delivering = DispatchSemaphore(value: 0)
        let errorSent = DispatchSemaphore(value: 0)
        let source = subject.delay(.milliseconds(5), scheduler: scheduler).do(onNext: { _ in
            delivering.signal()
            // Hold the drain until the error has arrived, so the error must wait for it.
            _ = errorSent.wait(timeout: .now() + 5)
        })
        let result = collect(source) {
            DispatchQueue.global().async {
                subject.onNext(1)
                subject.onNext(2)
                _ = delivering.wait(timeout: .now() + 5)
                subject.onError(concurrencyError)
                errorSent.signal()
            }
        }
        XCTAssertEqual(result.elements, [1])
        XCTAssertEqual((result.error as NSError?)?.code, concurrencyError.code)
    }

    func testThrottleOnARealSchedulerSendsTheLatestAfterTheWindow() {
        let start = Date()
        let result = collect(Observable.from([0, 1, 2]).throttle(.milliseconds(200), scheduler: scheduler))
        XCTAssertEqual(result.elements, [0, 2])
        XCTAssertTrue(result.completed)
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(start), 0.15)
    }

    func testDebounceFromSeveralThreadsEmitsOnlyTheLastBurstElement() {
        let subject = PublishSubject<Int>()
        let serial = NSLock()
        let result = collect(subject.debounce(.milliseconds(100), scheduler: scheduler)) {
            DispatchQueue.concurrentPerform(iterations: 8) { index in
                // The subject's observers must not be called concurrently: serialise the sends.
                serial.lock()
                subject.onNext(index)
                serial.unlock()
            }
            serial.lock()
            subject.onNext(100)
            serial.unlock()
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { subject.onCompleted() }
        }
        XCTAssertEqual(result.elements, [100])
        XCTAssertTrue(result.completed)
    }

    func testTimeoutOnARealScheduler() {
        let result = collect(Observable<Int>.never().timeout(.milliseconds(20), scheduler: scheduler))
        XCTAssertEqual(result.elements, [])
        guard case .timeout? = result.error as? RxError else {
            return XCTFail("expected RxError.timeout, got \(String(describing: result.error))")
        }

        let switched = collect(
            Observable<Int>.never().timeout(.milliseconds(20), other: Observable.just(7), scheduler: scheduler)
        )
        XCTAssertEqual(switched.elements, [7])
        XCTAssertTrue(switched.completed)
    }

    func testRetryWhenWithADelayedTriggerOnARealScheduler() {
        let attempts = AtomicCounter()
        let source = Observable<Int>.deferred {
            attempts.increment() < 3 ? Observable.error(concurrencyError) : Observable.just(42)
        }
        let result = collect(
            source.retry(when: { errors in errors.delay(.milliseconds(5), scheduler: self.scheduler) })
        )
        XCTAssertEqual(result.elements, [42])
        XCTAssertTrue(result.completed)
        XCTAssertEqual(attempts.value, 3)
    }

    func testSampleWithATimerSamplerOnARealScheduler() {
        let subject = PublishSubject<Int>()
        let ticks = Observable<Int>.timer(.milliseconds(100), scheduler: scheduler)
        let result = collect(subject.sample(ticks)) {
            subject.onNext(1)
            subject.onNext(2)
            subject.onCompleted()
        }
        XCTAssertEqual(result.elements, [2])
        XCTAssertTrue(result.completed)
    }
}

private final class AtomicCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    /// Increments and returns the new value.
    func increment() -> Int {
        lock.lock()
        defer { lock.unlock() }
        count += 1
        return count
    }

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}
