import Dispatch
import Foundation
import RxCore
import RxCoreTesting
import XCTest

/// Drives a subject from a virtual-time script and records three observers that subscribe
/// and unsubscribe at given times.
private struct SubjectScenario<Element> {
    let scheduler = TestScheduler(initialClock: 0)

    func subscribe<Subject: ObservableType>(
        _ subject: Subject,
        at subscribeTime: TestTime,
        disposeAt disposeTime: TestTime? = nil
    ) -> TestableObserver<Element> where Subject.Element == Element {
        let observer = scheduler.createObserver(Element.self)
        var subscription: Disposable?
        scheduler.scheduleAt(subscribeTime) { subscription = subject.subscribe(observer) }
        if let disposeTime {
            scheduler.scheduleAt(disposeTime) { subscription?.dispose() }
        } else {
            // Tests end with every subscription released.
            scheduler.scheduleAt(10_000) { subscription?.dispose() }
        }
        return observer
    }

    func at(_ time: TestTime, _ action: @escaping () -> Void) {
        scheduler.scheduleAt(time, action: action)
    }
}

final class PublishSubjectTests: RxTestCase {
    func testObserversOnlySeeEventsWhileSubscribed() {
        let scenario = SubjectScenario<Int>()
        let subject = PublishSubject<Int>()
        let first = scenario.subscribe(subject, at: 100, disposeAt: 300)
        let second = scenario.subscribe(subject, at: 200)
        let late = scenario.subscribe(subject, at: 450)
        scenario.at(150) { subject.onNext(1) }
        scenario.at(250) { subject.onNext(2) }
        scenario.at(350) { subject.onNext(3) }
        scenario.at(400) { subject.onCompleted() }
        scenario.at(420) { subject.onNext(4) }
        scenario.scheduler.start()
        XCTAssertEqual(first.events, [.next(150, 1), .next(250, 2)])
        XCTAssertEqual(second.events, [.next(250, 2), .next(350, 3), .completed(400)])
        XCTAssertEqual(late.events, [.completed(450)])
    }

    func testLateSubscriberGetsTheError() {
        let scenario = SubjectScenario<Int>()
        let subject = PublishSubject<Int>()
        let early = scenario.subscribe(subject, at: 100)
        let late = scenario.subscribe(subject, at: 300)
        scenario.at(200) { subject.onError(testError) }
        scenario.at(250) { subject.onCompleted() }
        scenario.scheduler.start()
        XCTAssertEqual(early.events, [.error(200, testError)])
        XCTAssertEqual(late.events, [.error(300, testError)])
    }

    func testHasObservers() {
        let subject = PublishSubject<Int>()
        XCTAssertFalse(subject.hasObservers)
        let first = subject.subscribe(onNext: { _ in })
        let second = subject.subscribe(onNext: { _ in })
        XCTAssertTrue(subject.hasObservers)
        first.dispose()
        XCTAssertTrue(subject.hasObservers)
        second.dispose()
        XCTAssertFalse(subject.hasObservers)
    }

    func testCompletionReleasesObservers() {
        let subject = PublishSubject<Int>()
        _ = subject.subscribe(onNext: { _ in })
        subject.onCompleted()
        XCTAssertFalse(subject.hasObservers)
    }

    func testDisposedSubjectFailsNewSubscribers() {
        let subject = PublishSubject<Int>()
        var events: [Event<Int>] = []
        _ = subject.subscribe { events.append($0) }
        XCTAssertFalse(subject.isDisposed)
        subject.dispose()
        XCTAssertTrue(subject.isDisposed)
        subject.onNext(1)
        XCTAssertEqual(events, [])
        var lateError: Error?
        _ = subject.subscribe(onError: { lateError = $0 })
        guard case RxError.disposed(let object)? = lateError else { return XCTFail("expected RxError.disposed") }
        XCTAssertTrue(object === subject)
    }

    func testAsObserverIsTheSubject() {
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        let subscription = subject.subscribe(onNext: { received.append($0) })
        subject.asObserver().onNext(5)
        XCTAssertEqual(received, [5])
        subscription.dispose()
    }
}

final class BehaviorSubjectTests: RxTestCase {
    func testSubscribersGetTheCurrentValueFirst() {
        let scenario = SubjectScenario<Int>()
        let subject = BehaviorSubject(value: 0)
        let first = scenario.subscribe(subject, at: 100, disposeAt: 350)
        let second = scenario.subscribe(subject, at: 300)
        let late = scenario.subscribe(subject, at: 500)
        scenario.at(200) { subject.onNext(1) }
        scenario.at(250) { subject.onNext(2) }
        scenario.at(400) { subject.onNext(3) }
        scenario.at(450) { subject.onCompleted() }
        scenario.scheduler.start()
        XCTAssertEqual(first.events, [.next(100, 0), .next(200, 1), .next(250, 2)])
        XCTAssertEqual(second.events, [.next(300, 2), .next(400, 3), .completed(450)])
        XCTAssertEqual(late.events, [.completed(500)])
    }

    func testValue() throws {
        let subject = BehaviorSubject(value: "a")
        XCTAssertEqual(try subject.value(), "a")
        subject.onNext("b")
        XCTAssertEqual(try subject.value(), "b")
        subject.onCompleted()
        XCTAssertEqual(try subject.value(), "b", "completion keeps the last value readable")
    }

    func testValueThrowsTheError() {
        let subject = BehaviorSubject(value: 1)
        subject.onError(testError)
        XCTAssertThrowsError(try subject.value()) { error in
            XCTAssertEqual(error as NSError, testError)
        }
        var events: [Event<Int>] = []
        _ = subject.subscribe { events.append($0) }
        XCTAssertEqual(events, [.error(testError)])
    }

    func testValueThrowsAfterDispose() {
        let subject = BehaviorSubject(value: 1)
        subject.dispose()
        XCTAssertTrue(subject.isDisposed)
        XCTAssertThrowsError(try subject.value()) { error in
            guard case RxError.disposed = error else { return XCTFail("expected RxError.disposed, got \(error)") }
        }
        var events: [Event<Int>] = []
        _ = subject.subscribe { events.append($0) }
        XCTAssertEqual(events.count, 1)
        XCTAssertNotNil(events.first?.error)
    }

    func testHasObservers() {
        let subject = BehaviorSubject(value: 1)
        XCTAssertFalse(subject.hasObservers)
        let subscription = subject.subscribe(onNext: { _ in })
        XCTAssertTrue(subject.hasObservers)
        subscription.dispose()
        XCTAssertFalse(subject.hasObservers)
    }
}

final class ReplaySubjectTests: RxTestCase {
    func testBoundedReplaysTheLastElements() {
        let scenario = SubjectScenario<Int>()
        let subject = ReplaySubject<Int>.create(bufferSize: 2)
        let early = scenario.subscribe(subject, at: 50)
        let middle = scenario.subscribe(subject, at: 350)
        let late = scenario.subscribe(subject, at: 600)
        scenario.at(100) { subject.onNext(1) }
        scenario.at(200) { subject.onNext(2) }
        scenario.at(300) { subject.onNext(3) }
        scenario.at(400) { subject.onNext(4) }
        scenario.at(500) { subject.onCompleted() }
        scenario.scheduler.start()
        XCTAssertEqual(early.events, [.next(100, 1), .next(200, 2), .next(300, 3), .next(400, 4), .completed(500)])
        XCTAssertEqual(middle.events, [.next(350, 2), .next(350, 3), .next(400, 4), .completed(500)])
        XCTAssertEqual(late.events, [.next(600, 3), .next(600, 4), .completed(600)])
    }

    func testBufferOfOne() {
        let subject = ReplaySubject<Int>.create(bufferSize: 1)
        subject.onNext(1)
        subject.onNext(2)
        var events: [Event<Int>] = []
        let subscription = subject.subscribe { events.append($0) }
        subject.onNext(3)
        XCTAssertEqual(events, [.next(2), .next(3)])
        subscription.dispose()
    }

    func testBufferOfZeroReplaysNothing() {
        let subject = ReplaySubject<Int>.create(bufferSize: 0)
        subject.onNext(1)
        var events: [Event<Int>] = []
        let subscription = subject.subscribe { events.append($0) }
        subject.onNext(2)
        XCTAssertEqual(events, [.next(2)])
        subscription.dispose()
    }

    func testUnboundedReplaysEverything() {
        let subject = ReplaySubject<Int>.createUnbounded()
        for element in 0..<200 { subject.onNext(element) }
        subject.onError(testError)
        var events: [Event<Int>] = []
        _ = subject.subscribe { events.append($0) }
        XCTAssertEqual(events, (0..<200).map { .next($0) } + [.error(testError)])
    }

    func testBoundedKeepsOnlyTheTailOfALongStream() {
        let subject = ReplaySubject<Int>.create(bufferSize: 3)
        for element in 0..<500 { subject.onNext(element) }
        var events: [Event<Int>] = []
        let subscription = subject.subscribe { events.append($0) }
        XCTAssertEqual(events, [.next(497), .next(498), .next(499)])
        subscription.dispose()
    }

    func testHasObserversAndDispose() {
        let subject = ReplaySubject<Int>.create(bufferSize: 1)
        XCTAssertFalse(subject.hasObservers)
        let subscription = subject.subscribe(onNext: { _ in })
        XCTAssertTrue(subject.hasObservers)
        subscription.dispose()
        XCTAssertFalse(subject.hasObservers)
        subject.dispose()
        XCTAssertTrue(subject.isDisposed)
        var lateError: Error?
        _ = subject.subscribe(onError: { lateError = $0 })
        guard case RxError.disposed? = lateError else { return XCTFail("expected RxError.disposed") }
    }
}

final class AsyncSubjectTests: RxTestCase {
    func testEmitsOnlyTheLastElementOnCompletion() {
        let scenario = SubjectScenario<Int>()
        let subject = AsyncSubject<Int>()
        let early = scenario.subscribe(subject, at: 100)
        let late = scenario.subscribe(subject, at: 500)
        scenario.at(200) { subject.onNext(1) }
        scenario.at(300) { subject.onNext(2) }
        scenario.at(400) { subject.onCompleted() }
        scenario.at(450) { subject.onNext(3) }
        scenario.scheduler.start()
        XCTAssertEqual(early.events, [.next(400, 2), .completed(400)])
        XCTAssertEqual(late.events, [.next(500, 2), .completed(500)])
    }

    func testEmptyCompletion() {
        let subject = AsyncSubject<Int>()
        var events: [Event<Int>] = []
        _ = subject.subscribe { events.append($0) }
        subject.onCompleted()
        _ = subject.subscribe { events.append($0) }
        XCTAssertEqual(events, [.completed, .completed])
    }

    func testErrorDropsTheLastElement() {
        let subject = AsyncSubject<Int>()
        var events: [Event<Int>] = []
        _ = subject.subscribe { events.append($0) }
        subject.onNext(1)
        subject.onError(testError)
        _ = subject.subscribe { events.append($0) }
        XCTAssertEqual(events, [.error(testError), .error(testError)])
    }

    func testHasObservers() {
        let subject = AsyncSubject<Int>()
        let subscription = subject.subscribe(onNext: { _ in })
        XCTAssertTrue(subject.hasObservers)
        subscription.dispose()
        XCTAssertFalse(subject.hasObservers)
    }
}

/// Subjects used from several threads at once. Run under ThreadSanitizer by `make tsan`.
final class SubjectConcurrencyTests: RxTestCase {
    func testPublishSubjectWithConcurrentSubscribersAndOneProducer() {
        let subject = PublishSubject<Int>()
        let steady = LineLog()
        let steadySubscription = subject.subscribe(onNext: { steady.append("\($0)") })
        let group = DispatchGroup()
        let churn = LockedCounter()
        for _ in 0..<4 {
            DispatchQueue.global().async(group: group) {
                for _ in 0..<200 {
                    let subscription = subject.subscribe(onNext: { _ in churn.increment() })
                    subscription.dispose()
                }
            }
        }
        DispatchQueue.global().async(group: group) {
            for element in 0..<1000 { subject.onNext(element) }
        }
        XCTAssertEqual(group.wait(timeout: .now() + 20), .success)
        steadySubscription.dispose()
        XCTAssertEqual(steady.lines, (0..<1000).map { "\($0)" })
        XCTAssertFalse(subject.hasObservers)
    }

    func testBehaviorSubjectValueReadWhileEmitting() {
        let subject = BehaviorSubject(value: 0)
        let group = DispatchGroup()
        let nonMonotonicReads = LockedCounter()
        for _ in 0..<3 {
            DispatchQueue.global().async(group: group) {
                var last = 0
                for _ in 0..<2000 {
                    let value = (try? subject.value()) ?? -1
                    if value < last { nonMonotonicReads.increment() }
                    last = value
                }
            }
        }
        DispatchQueue.global().async(group: group) {
            for element in 1...2000 { subject.onNext(element) }
        }
        XCTAssertEqual(group.wait(timeout: .now() + 20), .success)
        XCTAssertEqual(nonMonotonicReads.value, 0)
        XCTAssertEqual(try subject.value(), 2000)
    }

    func testReplaySubjectSubscribersSeeAContiguousStream() {
        let subject = ReplaySubject<Int>.createUnbounded()
        let group = DispatchGroup()
        let gaps = LockedCounter()
        let finished = LockedCounter()
        for _ in 0..<4 {
            DispatchQueue.global().async(group: group) {
                for _ in 0..<20 {
                    // Locked: a delivery already in flight on the producer thread may still
                    // land after `dispose()` returns here (only a serial scheduler shared by
                    // producer and disposer rules that out).
                    let received = LineLog()
                    let subscription = subject.subscribe(onNext: { received.append("\($0)") })
                    subscription.dispose()
                    let elements = received.lines.compactMap { Int($0) }
                    if elements != Array(0..<elements.count) { gaps.increment() }
                    finished.increment()
                }
            }
        }
        DispatchQueue.global().async(group: group) {
            for element in 0..<2000 { subject.onNext(element) }
        }
        XCTAssertEqual(group.wait(timeout: .now() + 20), .success)
        XCTAssertEqual(gaps.value, 0)
        XCTAssertEqual(finished.value, 80)
    }

    func testSubjectsCompletedFromAnotherThread() {
        let subjects: [PublishSubject<Int>] = (0..<50).map { _ in PublishSubject() }
        let completed = LockedCounter()
        let subscriptions = subjects.map { $0.subscribe(onCompleted: { completed.increment() }) }
        let group = DispatchGroup()
        for subject in subjects {
            DispatchQueue.global().async(group: group) { subject.onCompleted() }
        }
        XCTAssertEqual(group.wait(timeout: .now() + 20), .success)
        XCTAssertEqual(completed.value, 50)
        subscriptions.forEach { $0.dispose() }
    }
}
