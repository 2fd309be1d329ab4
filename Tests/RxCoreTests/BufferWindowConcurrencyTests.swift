import Foundation
import RxCore
import XCTest

/// Buffer and window take source events on one thread and timer ticks on another: every element
/// must still arrive exactly once, in order, with no two deliveries overlapping.
final class BufferWindowConcurrencyTests: RxTestCase {
    private let elementCount = 3_000
    private let maximumSize = 7

    func testBufferWithSourceAndTimerOnDifferentThreads() {
        let sourceScheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "buffer.source")
        let timerScheduler = ConcurrentDispatchQueueScheduler(qos: .default)
        let recorder = OverlapRecorder<[Int]>()
        let completed = expectation(description: "completed")

        let subscription = Observable.range(start: 0, count: elementCount, scheduler: sourceScheduler)
            .buffer(timeSpan: .milliseconds(1), count: maximumSize, scheduler: timerScheduler)
            .subscribe(
                onNext: { recorder.record($0) },
                onError: { XCTFail("unexpected error \($0)") },
                onCompleted: { completed.fulfill() }
            )
        wait(for: [completed], timeout: 20)
        subscription.dispose()

        XCTAssertFalse(recorder.overlapped, "buffer delivered two events at once")
        XCTAssertEqual(recorder.values.flatMap { $0 }, Array(0..<elementCount))
        XCTAssertTrue(recorder.values.allSatisfy { $0.count <= maximumSize })
    }

    func testWindowWithSourceAndTimerOnDifferentThreads() {
        let sourceScheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "window.source")
        let timerScheduler = ConcurrentDispatchQueueScheduler(qos: .default)
        let recorder = OverlapRecorder<(window: Int, element: Int)>()
        let completed = expectation(description: "completed")
        let windowSubscriptions = CompositeDisposable()

        let subscription = Observable.range(start: 0, count: elementCount, scheduler: sourceScheduler)
            .window(timeSpan: .milliseconds(1), count: maximumSize, scheduler: timerScheduler)
            .enumerated()
            .subscribe(
                onNext: { index, window in
                    _ = windowSubscriptions.insert(window.subscribe(onNext: { recorder.record((index, $0)) }))
                },
                onError: { XCTFail("unexpected error \($0)") },
                onCompleted: { completed.fulfill() }
            )
        wait(for: [completed], timeout: 20)
        subscription.dispose()
        windowSubscriptions.dispose()

        XCTAssertFalse(recorder.overlapped, "window delivered two events at once")
        let values = recorder.values
        XCTAssertEqual(values.map { $0.element }, Array(0..<elementCount))
        XCTAssertEqual(values.map { $0.window }, values.map { $0.window }.sorted(), "windows must not interleave")
        let sizes = Dictionary(grouping: values, by: { $0.window }).values.map { $0.count }
        XCTAssertTrue(sizes.allSatisfy { $0 <= maximumSize })
    }
}

/// Records values from any thread and notices when two calls are in flight at once.
private final class OverlapRecorder<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var inside = false
    private var stored = [Value]()
    private var sawOverlap = false

    var overlapped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return sawOverlap
    }

    func record(_ value: Value) {
        lock.lock()
        if inside { sawOverlap = true }
        inside = true
        stored.append(value)
        lock.unlock()

        // Give an overlapping call a window in which to be noticed.
        for _ in 0..<50 { _ = ProcessInfo.processInfo.processIdentifier }

        lock.lock()
        inside = false
        lock.unlock()
    }

    var values: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}
