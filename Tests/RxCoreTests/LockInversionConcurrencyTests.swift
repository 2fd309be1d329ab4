import Foundation
import RxCore
import XCTest

/// Drives one lock-order inversion between two threads, deterministically.
///
/// Thread A makes the operator call out to user code (`userCode()`: a dispose closure, a
/// subscribe closure, an observer) that takes `userLock`. Thread B already holds `userLock`,
/// waits until A is inside that callout, then calls into the same operator. If the operator
/// made the callout while holding its own lock, B waits for A's lock and A waits for B's: a
/// deadlock, which the expectations' timeout turns into a failure. If the operator released its
/// lock first (decide under the lock, act after), B gets through, releases `userLock`, and both
/// threads finish.
private final class LockInversionProbe: @unchecked Sendable {
    private let userLock = NSLock()
    private let inside = DispatchSemaphore(value: 0)
    private let armLock = NSLock()
    private var armed = false

    /// The user code the operator calls out to. Only the first call after `run` arms the probe
    /// blocks; setup and teardown calls pass straight through.
    func userCode() {
        armLock.lock()
        let blocks = armed
        armed = false
        armLock.unlock()
        guard blocks else { return }
        inside.signal()
        userLock.lock()
        userLock.unlock()
    }

    /// Runs `operatorCallingOut` on thread A and `operatorEntry` on thread B (holding the user
    /// lock). Returns false (and the test has failed) if they deadlocked: the caller must then
    /// stop, since the operator's lock stays held.
    @discardableResult
    func run(
        operatorCallingOut: @escaping @Sendable () -> Void,
        operatorEntry: @escaping @Sendable () -> Void,
        file: StaticString = #filePath,
        line: UInt = #line
    ) -> Bool {
        let threadAFinished = XCTestExpectation(description: "thread A (the operator's callout) finished")
        let threadBFinished = XCTestExpectation(description: "thread B (holding the user lock) got into the operator")
        armLock.lock()
        armed = true
        armLock.unlock()
        DispatchQueue.global().async {
            self.userLock.lock()
            DispatchQueue.global().async {
                operatorCallingOut()
                threadAFinished.fulfill()
            }
            if self.inside.wait(timeout: .now() + 10) == .timedOut {
                XCTFail("thread A never reached the user code", file: file, line: line)
            }
            operatorEntry()
            self.userLock.unlock()
            threadBFinished.fulfill()
        }
        let result = XCTWaiter().wait(for: [threadBFinished, threadAFinished], timeout: 10)
        if result != .completed {
            XCTFail("deadlock: the operator called out to user code while holding its lock", file: file, line: line)
            return false
        }
        return true
    }
}

/// The lock inversions RxSwift fixed after 6.10.2 (and the share(replay:) one measured here):
/// each operator or subject decides under its lock and disposes, subscribes or replays to user
/// code after releasing it. Each test deadlocked on the code before that change. Run under
/// ThreadSanitizer by `make tsan`.
final class LockInversionConcurrencyTests: RxTestCase {
    /// A source whose subscription runs `onSubscribe` and whose disposal runs `onDispose`.
    private func instrumented<Element>(
        _ source: Observable<Element>,
        onSubscribe: @escaping () -> Void = {},
        onDispose: @escaping () -> Void = {}
    ) -> Observable<Element> {
        Observable.create { observer in
            onSubscribe()
            let subscription = source.subscribe(observer)
            return Disposables.create {
                onDispose()
                subscription.dispose()
            }
        }
    }

    private final class Recorder<Element>: @unchecked Sendable {
        private let lock = NSLock()
        private var recorded: [Event<Element>] = []
        var events: [Event<Element>] {
            lock.lock()
            defer { lock.unlock() }
            return recorded
        }
        var elements: [Element] { events.compactMap(\.element) }
        func record(_ event: Event<Element>) {
            lock.lock()
            recorded.append(event)
            lock.unlock()
        }
    }

    // MARK: - Replaying to a new subscriber: ReplaySubject, BehaviorSubject, share(replay: 1)

    /// Subscribes to `replaying` on thread A with an observer that takes the user lock, while
    /// thread B sends through `send`. Returns what the observer got, or nil after a deadlock.
    private func replayWhileSending(_ replaying: Observable<Int>, send: @escaping @Sendable () -> Void) -> [Event<Int>]?
    {
        let probe = LockInversionProbe()
        let recorder = Recorder<Int>()
        let subscription = SingleAssignmentDisposable()
        guard
            probe.run(
                operatorCallingOut: {
                    subscription.setDisposable(
                        replaying.subscribe { event in
                            probe.userCode()
                            recorder.record(event)
                        }
                    )
                },
                operatorEntry: send
            )
        else { return nil }
        defer { subscription.dispose() }
        return recorder.events
    }

    func testReplaySubjectReplaysOutsideItsLock() {
        let subject = ReplaySubject<Int>.create(bufferSize: 2)
        subject.onNext(1)
        guard let events = replayWhileSending(subject.asObservable(), send: { subject.onNext(2) }) else { return }
        XCTAssertEqual(
            events.compactMap(\.element),
            [1, 2],
            "the replay comes first, then what was sent during it, in order"
        )
    }

    func testReplaySubjectReplaysTheTerminalEventAfterTheBuffer() {
        let subject = ReplaySubject<Int>.create(bufferSize: 2)
        subject.onNext(1)
        guard let events = replayWhileSending(subject.asObservable(), send: { subject.onCompleted() }) else { return }
        XCTAssertEqual(events.compactMap(\.element), [1])
        XCTAssertEqual(events.count, 2)
        XCTAssertEqual(events.last?.isCompleted, true, "the completion sent during the replay comes after it")
    }

    func testBehaviorSubjectDeliversItsValueOutsideItsLock() {
        let subject = BehaviorSubject(value: 1)
        guard let events = replayWhileSending(subject.asObservable(), send: { subject.onNext(2) }) else { return }
        XCTAssertEqual(events.compactMap(\.element), [1, 2])
    }

    func testPublishSubjectDeliversItsTerminalEventOutsideItsLock() {
        let subject = PublishSubject<Int>()
        subject.onCompleted()
        guard let events = replayWhileSending(subject.asObservable(), send: { _ = subject.hasObservers }) else {
            return
        }
        XCTAssertEqual(events.count, 1)
        XCTAssertEqual(events.first?.isCompleted, true)
    }

    func testAsyncSubjectDeliversItsLastElementOutsideItsLock() {
        let subject = AsyncSubject<Int>()
        subject.onNext(1)
        subject.onCompleted()
        guard let events = replayWhileSending(subject.asObservable(), send: { _ = subject.hasObservers }) else {
            return
        }
        XCTAssertEqual(events.compactMap(\.element), [1])
        XCTAssertEqual(events.last?.isCompleted, true)
    }

    func testShareReplayOneReplaysOutsideItsLock() {
        let source = PublishSubject<Int>()
        let shared = source.share(replay: 1, scope: .whileConnected)
        let first = shared.subscribe()
        source.onNext(1)
        guard let events = replayWhileSending(shared, send: { source.onNext(2) }) else { return }
        XCTAssertEqual(
            events.compactMap(\.element),
            [1, 2],
            "the replay comes first, then what was sent during it, in order"
        )
        first.dispose()
    }

    /// The program measured in DESIGN.md: 1,000 subscriptions at once from a concurrent
    /// scheduler into a source that emits as it is subscribed, each taking one element.
    func testShareReplayOneUnderConcurrentSubscriptionsCompletes() {
        let emitting = Observable<Void>.create { observer in
            observer.on(.next(()))
            return Disposables.create()
        }
        .share(replay: 1, scope: .whileConnected)
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .userInitiated)
        let completed = XCTestExpectation(description: "all 1,000 subscriptions got their element")
        let subscription = Observable.zip(
            (0..<1_000).map { _ in
                Observable.just(()).observe(on: scheduler).flatMap { _ in emitting }.take(1)
            }
        )
        .subscribe(onCompleted: { completed.fulfill() })
        guard XCTWaiter().wait(for: [completed], timeout: 30) == .completed else {
            XCTFail("deadlock: 1,000 concurrent subscriptions to share(replay: 1) did not all get their element")
            return
        }
        subscription.dispose()
    }

    // MARK: - ConnectableObservable and refCount

    func testConnectionDisposesItsSourceOutsideItsLock() {
        let probe = LockInversionProbe()
        let connectable = instrumented(Observable<Int>.never(), onDispose: { probe.userCode() }).publish()
        let connection = connectable.connect()
        let subscription = SingleAssignmentDisposable()
        guard
            probe.run(
                operatorCallingOut: {
                    connection.dispose()
                },
                operatorEntry: {
                    subscription.setDisposable(connectable.subscribe())
                }
            )
        else { return }
        subscription.dispose()
    }

    func testConnectSubscribesItsSourceOutsideItsLock() {
        let probe = LockInversionProbe()
        let connectable = instrumented(Observable<Int>.never(), onSubscribe: { probe.userCode() }).publish()
        let connection = SingleAssignmentDisposable()
        let subscription = SingleAssignmentDisposable()
        guard
            probe.run(
                operatorCallingOut: {
                    connection.setDisposable(connectable.connect())
                },
                operatorEntry: {
                    subscription.setDisposable(connectable.subscribe())
                }
            )
        else { return }
        subscription.dispose()
        connection.dispose()
    }

    func testRefCountConnectsOutsideItsLock() {
        let probe = LockInversionProbe()
        let source = PublishSubject<Int>()
        let shared = instrumented(source.asObservable(), onSubscribe: { probe.userCode() }).publish().refCount()
        let recorder = Recorder<Int>()
        let first = SingleAssignmentDisposable()
        let second = SingleAssignmentDisposable()
        guard
            probe.run(
                operatorCallingOut: {
                    first.setDisposable(shared.subscribe())
                },
                operatorEntry: {
                    second.setDisposable(shared.subscribe(recorder.record))
                }
            )
        else { return }
        source.onNext(1)
        XCTAssertEqual(recorder.elements, [1], "the second subscriber shares the one connection")
        first.dispose()
        second.dispose()
        XCTAssertFalse(source.hasObservers, "the last subscriber leaving disconnects")
    }

    func testRefCountDisconnectsOutsideItsLock() {
        let probe = LockInversionProbe()
        let source = PublishSubject<Int>()
        let shared = instrumented(source.asObservable(), onDispose: { probe.userCode() }).publish().refCount()
        let first = shared.subscribe()
        let second = SingleAssignmentDisposable()
        guard
            probe.run(
                operatorCallingOut: {
                    first.dispose()
                },
                operatorEntry: {
                    second.setDisposable(shared.subscribe())
                }
            )
        else { return }
        second.dispose()
        XCTAssertFalse(source.hasObservers)
    }

    // MARK: - zip over a collection

    func testZipCollectionDisposesASourceOutsideItsLock() {
        let probe = LockInversionProbe()
        let completing = PublishSubject<Int>()
        let other = PublishSubject<Int>()
        let recorder = Recorder<[Int]>()
        let subscription = Observable.zip([
            instrumented(completing.asObservable(), onDispose: { probe.userCode() }),
            other.asObservable(),
        ])
        .subscribe(recorder.record)
        completing.onNext(1)
        guard
            probe.run(
                operatorCallingOut: {
                    completing.onCompleted()
                },
                operatorEntry: {
                    other.onNext(2)
                }
            )
        else { return }
        XCTAssertEqual(recorder.elements, [[1, 2]])
        other.onNext(3)
        XCTAssertEqual(recorder.events.last?.isCompleted, true, "the completed source has nothing left to pair with")
        subscription.dispose()
    }

    // MARK: - merge family

    func testFlatMapDisposesACompletedInnerOutsideItsLock() {
        let probe = LockInversionProbe()
        let outer = PublishSubject<Int>()
        let inner = PublishSubject<Int>()
        let recorder = Recorder<Int>()
        let subscription = outer.flatMap { value in
            value == 0
                ? self.instrumented(inner.asObservable(), onDispose: { probe.userCode() }) : Observable.just(value)
        }
        .subscribe(recorder.record)
        outer.onNext(0)
        guard
            probe.run(
                operatorCallingOut: {
                    inner.onCompleted()
                },
                operatorEntry: {
                    outer.onNext(1)
                }
            )
        else { return }
        XCTAssertEqual(recorder.elements, [1])
        outer.onCompleted()
        XCTAssertEqual(recorder.events.last?.isCompleted, true)
        subscription.dispose()
    }

    func testFlatMapDisposesEverythingOnErrorOutsideItsLock() {
        let probe = LockInversionProbe()
        let outer = PublishSubject<Int>()
        let disposedFirst = PublishSubject<Int>()
        let failing = PublishSubject<Int>()
        let live = PublishSubject<Int>()
        let recorder = Recorder<Int>()
        let sources = [
            instrumented(disposedFirst.asObservable(), onDispose: { probe.userCode() }),
            failing.asObservable(),
            live.asObservable(),
        ]
        let subscription = outer.flatMap { sources[$0] }.subscribe(recorder.record)
        outer.onNext(0)
        outer.onNext(1)
        outer.onNext(2)
        guard
            probe.run(
                operatorCallingOut: {
                    failing.onError(TestError.test)
                },
                operatorEntry: {
                    // `live` is disposed after the first inner (whose disposal thread A is in), so it is
                    // still subscribed; but the merge has terminated: nothing may follow the error.
                    live.onNext(7)
                }
            )
        else { return }
        XCTAssertEqual(recorder.events.count, 1)
        XCTAssertNotNil(recorder.events.first?.error)
        subscription.dispose()
    }

    func testConcatSubscribesTheNextInnerOutsideItsLock() {
        let probe = LockInversionProbe()
        let outer = PublishSubject<Int>()
        let first = PublishSubject<Int>()
        let recorder = Recorder<Int>()
        let subscription = outer.concatMap { value in
            value == 0
                ? first.asObservable() : self.instrumented(Observable.just(value), onSubscribe: { probe.userCode() })
        }
        .subscribe(recorder.record)
        outer.onNext(0)
        outer.onNext(1)
        guard
            probe.run(
                operatorCallingOut: {
                    first.onCompleted()
                },
                operatorEntry: {
                    outer.onNext(2)
                }
            )
        else { return }
        outer.onCompleted()
        XCTAssertEqual(recorder.elements, [1, 2], "concatenated in order")
        XCTAssertEqual(recorder.events.last?.isCompleted, true)
        subscription.dispose()
    }
}

private enum TestError: Error { case test }
