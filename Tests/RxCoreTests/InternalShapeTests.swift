import XCTest

@testable import RxCore

// RxSwift's own test suite reaches some internals through `@testable import RxSwift`: the
// atomic free functions, `Bag`, `Queue`, `PriorityQueue` and `RxMutableBox`. RxCore keeps the same internal
// names and shapes so such tests compile against `@testable import RxCore`.
final class InternalShapeTests: RxTestCase {
    func testAtomicFreeFunctions() {
        let atomic = AtomicInt()
        XCTAssertEqual(load(atomic), 0)
        XCTAssertEqual(add(atomic, 4), 0)
        XCTAssertEqual(sub(atomic, -3), 4)
        XCTAssertEqual(fetchOr(atomic, 8), 7)
        XCTAssertEqual(load(atomic), 15)
        XCTAssertEqual(increment(atomic), 15)
        XCTAssertEqual(decrement(atomic), 16)
        XCTAssertTrue(isFlagSet(atomic, 8))
        XCTAssertFalse(isFlagSet(AtomicInt(4), 1))
        let typed: Int32 = load(AtomicInt(Int32(7)))
        XCTAssertEqual(typed, 7)
    }

    func testBagShape() {
        var bag = Bag<Int>()
        let first: Bag<Int>.KeyType = bag.insert(1)
        let second: BagKey = bag.insert(2)
        _ = bag.insert(3)
        XCTAssertEqual(bag.count, 3)
        XCTAssertEqual(bag.removeKey(second), 2)
        XCTAssertNil(bag.removeKey(second))
        var seen: [Int] = []
        bag.forEach { seen.append($0) }
        XCTAssertEqual(seen, [1, 3])
        XCTAssertEqual(bag.removeKey(first), 1)
        bag.removeAll()
        XCTAssertEqual(bag.count, 0)

        var events: [Event<Int>] = []
        var observers = Bag<(Event<Int>) -> Void>()
        _ = observers.insert { events.append($0) }
        dispatch(observers, .next(1))
        XCTAssertEqual(events.count, 1)

        var disposed = 0
        var disposables = Bag<Disposable>()
        _ = disposables.insert(Disposables.create { disposed += 1 })
        disposeAll(in: disposables)
        XCTAssertEqual(disposed, 1)
    }

    func testRxMutableBoxShape() {
        // As RxSwift's BagTest: a Bag mutated in place through the box by a helper that takes it.
        func insertTwice(into box: RxMutableBox<Bag<Int>>) {
            _ = box.value.insert(1)
            _ = box.value.insert(2)
        }
        let box = RxMutableBox(Bag<Int>())
        insertTwice(into: box)
        XCTAssertEqual(box.value.count, 2)

        // A reference: a change through one holder is seen by every other.
        let counter: RxMutableBox<Int> = RxMutableBox(1)
        let alias = counter
        alias.value += 41
        XCTAssertEqual(counter.value, 42)
        XCTAssertEqual(counter.debugDescription, "MutatingBox(42)")
    }

    func testQueueShape() {
        var queue = Queue<Int>(capacity: 2)
        XCTAssertTrue(queue.isEmpty)
        queue.enqueue(1)
        queue.enqueue(2)
        queue.enqueue(3)
        XCTAssertEqual(queue.count, 3)
        XCTAssertEqual(queue.peek(), 1)
        XCTAssertEqual(Array(queue), [1, 2, 3])
        XCTAssertEqual(queue.dequeue(), 1)
        XCTAssertEqual(queue.dequeue(), 2)
        XCTAssertEqual(queue.dequeue(), 3)
        XCTAssertNil(queue.dequeue())
    }

    func testPriorityQueueShapeWithValueElements() {
        var queue = PriorityQueue<Int>(hasHigherPriority: <, isEqual: ==)
        for value in [5, 1, 4, 2, 3] { queue.enqueue(value) }
        XCTAssertEqual(queue.count, 5)
        XCTAssertTrue(queue.hasElements)
        XCTAssertEqual(queue.peek(), 1)
        queue.remove(4)
        var drained: [Int] = []
        while let next = queue.dequeue() { drained.append(next) }
        XCTAssertEqual(drained, [1, 2, 3, 5])
        XCTAssertFalse(queue.hasElements)
    }
}
