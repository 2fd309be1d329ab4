import Foundation
import RxCore
import RxCoreTesting
import XCTest

/// Counts how many times it was disposed.
final class CountingDisposable: Disposable {
    private(set) var disposeCount = 0
    var isDisposed: Bool { disposeCount > 0 }
    func dispose() { disposeCount += 1 }
}

final class DisposablesCreateTests: RxTestCase {
    func testCreateWithNoArgumentsDoesNothing() {
        let disposable = Disposables.create()
        disposable.dispose()
        disposable.dispose()
    }

    func testCreateWithActionRunsItOnce() {
        var count = 0
        let disposable = Disposables.create { count += 1 }
        XCTAssertFalse(disposable.isDisposed)
        disposable.dispose()
        disposable.dispose()
        XCTAssertEqual(count, 1)
        XCTAssertTrue(disposable.isDisposed)
    }

    func testCreateWithTwo() {
        let (a, b) = (CountingDisposable(), CountingDisposable())
        let disposable = Disposables.create(a, b)
        XCTAssertFalse(disposable.isDisposed)
        disposable.dispose()
        disposable.dispose()
        XCTAssertEqual([a.disposeCount, b.disposeCount], [1, 1])
        XCTAssertTrue(disposable.isDisposed)
    }

    func testCreateWithThree() {
        let parts = (0..<3).map { _ in CountingDisposable() }
        let disposable = Disposables.create(parts[0], parts[1], parts[2])
        disposable.dispose()
        disposable.dispose()
        XCTAssertEqual(parts.map(\.disposeCount), [1, 1, 1])
        XCTAssertTrue(disposable.isDisposed)
    }

    func testCreateVariadic() {
        let parts = (0..<5).map { _ in CountingDisposable() }
        let disposable = Disposables.create(parts[0], parts[1], parts[2], parts[3], parts[4])
        disposable.dispose()
        XCTAssertEqual(parts.map(\.disposeCount), [1, 1, 1, 1, 1])
        XCTAssertTrue(disposable.isDisposed)
    }

    func testCreateFromArray() {
        for count in 0..<5 {
            let parts = (0..<count).map { _ in CountingDisposable() }
            let disposable = Disposables.create(parts)
            XCTAssertFalse(disposable.isDisposed)
            disposable.dispose()
            disposable.dispose()
            XCTAssertEqual(parts.map(\.disposeCount), Array(repeating: 1, count: count))
            XCTAssertTrue(disposable.isDisposed)
        }
    }
}

final class BooleanDisposableTests: RxTestCase {
    func testStartsUndisposed() {
        let disposable = BooleanDisposable()
        XCTAssertFalse(disposable.isDisposed)
        disposable.dispose()
        XCTAssertTrue(disposable.isDisposed)
    }

    func testCanStartDisposed() {
        XCTAssertTrue(BooleanDisposable(isDisposed: true).isDisposed)
        XCTAssertFalse(BooleanDisposable(isDisposed: false).isDisposed)
    }
}

final class CompositeDisposableTests: RxTestCase {
    func testDisposesEverythingOnce() {
        let (a, b) = (CountingDisposable(), CountingDisposable())
        let composite = CompositeDisposable()
        _ = composite.insert(a)
        _ = composite.insert(b)
        XCTAssertEqual(composite.count, 2)
        XCTAssertFalse(composite.isDisposed)
        composite.dispose()
        composite.dispose()
        XCTAssertEqual([a.disposeCount, b.disposeCount], [1, 1])
        XCTAssertTrue(composite.isDisposed)
        XCTAssertEqual(composite.count, 0)
    }

    func testInitializers() {
        let parts = (0..<6).map { _ in CountingDisposable() }
        let two = CompositeDisposable(parts[0], parts[1])
        XCTAssertEqual(two.count, 2)
        let three = CompositeDisposable(parts[0], parts[1], parts[2])
        XCTAssertEqual(three.count, 3)
        let many = CompositeDisposable(parts[0], parts[1], parts[2], parts[3], parts[4], parts[5])
        XCTAssertEqual(many.count, 6)
        let fromArray = CompositeDisposable(disposables: parts)
        XCTAssertEqual(fromArray.count, 6)
        fromArray.dispose()
        XCTAssertEqual(parts.map(\.disposeCount), Array(repeating: 1, count: 6))
    }

    func testRemoveDisposesOnlyThatDisposable() {
        let (a, b) = (CountingDisposable(), CountingDisposable())
        let composite = CompositeDisposable()
        let keyA = composite.insert(a)
        _ = composite.insert(b)
        composite.remove(for: keyA!)
        XCTAssertEqual([a.disposeCount, b.disposeCount], [1, 0])
        XCTAssertEqual(composite.count, 1)
        composite.remove(for: keyA!)
        XCTAssertEqual(a.disposeCount, 1, "removing twice disposes once")
        composite.dispose()
        XCTAssertEqual([a.disposeCount, b.disposeCount], [1, 1])
    }

    /// Seed example A10: anything added after the composite was disposed is disposed at once.
    func testInsertAfterDisposeDisposesAtOnceAndReturnsNil() {
        let composite = CompositeDisposable()
        composite.dispose()
        let late = CountingDisposable()
        XCTAssertNil(composite.insert(late))
        XCTAssertEqual(late.disposeCount, 1)
    }
}

final class SerialDisposableTests: RxTestCase {
    /// Seed example A10: assigning a new disposable disposes the previous one.
    func testAssigningDisposesThePreviousOne() {
        let serial = SerialDisposable()
        let (first, second) = (CountingDisposable(), CountingDisposable())
        serial.disposable = first
        XCTAssertEqual(first.disposeCount, 0)
        serial.disposable = second
        XCTAssertEqual([first.disposeCount, second.disposeCount], [1, 0])
        serial.dispose()
        XCTAssertEqual([first.disposeCount, second.disposeCount], [1, 1])
        XCTAssertTrue(serial.isDisposed)
    }

    func testAssigningAfterDisposeDisposesAtOnce() {
        let serial = SerialDisposable()
        serial.dispose()
        let late = CountingDisposable()
        serial.disposable = late
        XCTAssertEqual(late.disposeCount, 1)
    }

    func testDisposeIsIdempotent() {
        let serial = SerialDisposable()
        let inner = CountingDisposable()
        serial.disposable = inner
        serial.dispose()
        serial.dispose()
        XCTAssertEqual(inner.disposeCount, 1)
    }

    /// Seed example 17: a serial disposable refreshed repeatedly keeps exactly one subscription.
    func testRefreshKeepsOneSubscription() {
        let subject = PublishSubject<Int>()
        let serial = SerialDisposable()
        var received: [Int] = []
        for _ in 0..<3 {
            serial.disposable = subject.subscribe(onNext: { received.append($0) })
        }
        subject.onNext(1)
        XCTAssertEqual(received, [1])
        serial.dispose()
        XCTAssertFalse(subject.hasObservers)
    }
}

final class SingleAssignmentDisposableTests: RxTestCase {
    func testDisposesTheAssignedDisposable() {
        let single = SingleAssignmentDisposable()
        let inner = CountingDisposable()
        single.setDisposable(inner)
        XCTAssertFalse(single.isDisposed)
        single.dispose()
        single.dispose()
        XCTAssertEqual(inner.disposeCount, 1)
        XCTAssertTrue(single.isDisposed)
    }

    func testDisposedBeforeAssignmentDisposesOnAssignment() {
        let single = SingleAssignmentDisposable()
        single.dispose()
        XCTAssertTrue(single.isDisposed)
        let inner = CountingDisposable()
        single.setDisposable(inner)
        XCTAssertEqual(inner.disposeCount, 1)
    }
}

final class RefCountDisposableTests: RxTestCase {
    func testDisposesAtOnceWithoutDependents() {
        let inner = CountingDisposable()
        let refCount = RefCountDisposable(disposable: inner)
        XCTAssertFalse(refCount.isDisposed)
        refCount.dispose()
        XCTAssertEqual(inner.disposeCount, 1)
        XCTAssertTrue(refCount.isDisposed)
    }

    func testWaitsForEveryDependent() {
        let inner = CountingDisposable()
        let refCount = RefCountDisposable(disposable: inner)
        let first = refCount.retain()
        let second = refCount.retain()
        refCount.dispose()
        XCTAssertEqual(inner.disposeCount, 0)
        first.dispose()
        first.dispose()
        XCTAssertEqual(inner.disposeCount, 0, "disposing one dependent twice releases it once")
        second.dispose()
        XCTAssertEqual(inner.disposeCount, 1)
        XCTAssertTrue(refCount.isDisposed)
    }

    func testDependentsReleasedBeforePrimaryDisposeDoNotDispose() {
        let inner = CountingDisposable()
        let refCount = RefCountDisposable(disposable: inner)
        refCount.retain().dispose()
        XCTAssertEqual(inner.disposeCount, 0)
        refCount.dispose()
        refCount.dispose()
        XCTAssertEqual(inner.disposeCount, 1)
    }

    func testRetainAfterDisposalReturnsANoOp() {
        let inner = CountingDisposable()
        let refCount = RefCountDisposable(disposable: inner)
        refCount.dispose()
        refCount.retain().dispose()
        XCTAssertEqual(inner.disposeCount, 1)
    }
}

final class ScheduledDisposableTests: RxTestCase {
    func testDisposesOnItsScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        var disposedAt: [Int] = []
        let inner = Disposables.create { disposedAt.append(scheduler.clock) }
        let scheduled = ScheduledDisposable(scheduler: scheduler, disposable: inner)
        XCTAssertTrue(scheduled.scheduler is TestScheduler)
        scheduler.scheduleAt(200) {
            scheduled.dispose()
            XCTAssertEqual(disposedAt, [], "not disposed before the scheduler runs it")
            XCTAssertFalse(scheduled.isDisposed)
        }
        scheduler.start()
        XCTAssertEqual(disposedAt, [201])
        XCTAssertTrue(scheduled.isDisposed)
        scheduled.dispose()
        scheduler.start()
        XCTAssertEqual(disposedAt, [201])
    }

    func testImmediateSchedulerDisposesAtOnce() {
        let inner = CountingDisposable()
        let scheduled = ScheduledDisposable(scheduler: CurrentThreadScheduler.instance, disposable: inner)
        scheduled.dispose()
        XCTAssertEqual(inner.disposeCount, 1)
        XCTAssertTrue(scheduled.isDisposed)
    }
}

final class DisposeBagTests: RxTestCase {
    /// Seed example A10: the bag disposes everything it holds when it is deallocated.
    func testDisposesEverythingOnDeallocation() {
        let (a, b) = (CountingDisposable(), CountingDisposable())
        var bag: DisposeBag? = DisposeBag()
        bag!.insert(a)
        b.disposed(by: bag!)
        XCTAssertEqual([a.disposeCount, b.disposeCount], [0, 0])
        bag = nil
        XCTAssertEqual([a.disposeCount, b.disposeCount], [1, 1])
    }

    func testReplacingTheBagDisposesEarly() {
        let subject = PublishSubject<Int>()
        var bag = DisposeBag()
        var received: [Int] = []
        subject.subscribe(onNext: { received.append($0) }).disposed(by: bag)
        subject.onNext(1)
        bag = DisposeBag()
        subject.onNext(2)
        XCTAssertEqual(received, [1])
        XCTAssertFalse(subject.hasObservers)
        _ = bag
    }

    func testVariadicAndArrayInsert() {
        let parts = (0..<4).map { _ in CountingDisposable() }
        var bag: DisposeBag? = DisposeBag()
        bag!.insert(parts[0], parts[1])
        bag!.insert([parts[2], parts[3]])
        bag = nil
        XCTAssertEqual(parts.map(\.disposeCount), [1, 1, 1, 1])
    }

    func testResultBuilderInitAndInsert() {
        let parts = (0..<4).map { _ in CountingDisposable() }
        var bag: DisposeBag? = DisposeBag {
            parts[0]
            parts[1]
        }
        bag!.insert {
            parts[2]
            parts[3]
        }
        XCTAssertEqual(parts.map(\.disposeCount), [0, 0, 0, 0])
        bag = nil
        XCTAssertEqual(parts.map(\.disposeCount), [1, 1, 1, 1])
    }

    func testDisposingInitializers() {
        let parts = (0..<3).map { _ in CountingDisposable() }
        var variadic: DisposeBag? = DisposeBag(disposing: parts[0], parts[1])
        var array: DisposeBag? = DisposeBag(disposing: [parts[2]])
        variadic = nil
        array = nil
        XCTAssertNil(variadic)
        XCTAssertNil(array)
        XCTAssertEqual(parts.map(\.disposeCount), [1, 1, 1])
    }

    func testSubscriptionInABagStopsWhenTheOwnerGoes() {
        final class Screen {
            let bag = DisposeBag()
        }
        let subject = PublishSubject<Int>()
        var screen: Screen? = Screen()
        subject.subscribe(onNext: { _ in }).disposed(by: screen!.bag)
        XCTAssertTrue(subject.hasObservers)
        screen = nil
        XCTAssertFalse(subject.hasObservers)
    }
}

/// Disposables raced from several threads: each inner disposable is disposed exactly once.
/// Run under ThreadSanitizer by `make tsan`.
final class DisposableConcurrencyTests: RxTestCase {
    func testSingleAssignmentSetAndDisposeRace() {
        let disposed = LockedCounter()
        let queue = DispatchQueue(label: "single-assignment.race", attributes: .concurrent)
        let group = DispatchGroup()
        for round in 0..<1000 {
            let single = SingleAssignmentDisposable()
            let inner = Disposables.create { disposed.increment() }
            if round % 2 == 0 {
                queue.async(group: group) { single.setDisposable(inner) }
                queue.async(group: group) { single.dispose() }
            } else {
                queue.async(group: group) { single.dispose() }
                queue.async(group: group) { single.setDisposable(inner) }
            }
        }
        XCTAssertEqual(group.wait(timeout: .now() + 20), .success)
        XCTAssertEqual(disposed.value, 1000)
    }

    func testSerialDisposableAssignedFromManyThreads() {
        let disposed = LockedCounter()
        let serial = SerialDisposable()
        let group = DispatchGroup()
        for _ in 0..<4 {
            DispatchQueue.global().async(group: group) {
                for _ in 0..<250 {
                    serial.disposable = Disposables.create { disposed.increment() }
                }
            }
        }
        XCTAssertEqual(group.wait(timeout: .now() + 20), .success)
        XCTAssertEqual(disposed.value, 999, "every replaced disposable is disposed; the last one is still held")
        serial.dispose()
        XCTAssertEqual(disposed.value, 1000)
    }

    func testCompositeInsertRemoveAndDisposeRace() {
        let disposed = LockedCounter()
        let composite = CompositeDisposable()
        let group = DispatchGroup()
        for worker in 0..<4 {
            DispatchQueue.global().async(group: group) {
                for index in 0..<250 {
                    let key = composite.insert(Disposables.create { disposed.increment() })
                    if index % 2 == 0, let key { composite.remove(for: key) }
                    if worker == 0 && index == 200 { composite.dispose() }
                }
            }
        }
        XCTAssertEqual(group.wait(timeout: .now() + 20), .success)
        composite.dispose()
        XCTAssertEqual(
            disposed.value,
            1000,
            "removed, disposed with the group, or disposed on a late insert: each exactly once"
        )
    }
}
