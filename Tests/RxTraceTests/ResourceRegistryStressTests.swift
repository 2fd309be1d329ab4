#if TRACE_RESOURCES
import Dispatch
import Foundation
import RxCore
import RxTrace
import XCTest

/// Many threads register and free resources while others take snapshots. Run under
/// ThreadSanitizer with `make tsan` (or `--sanitize=thread --filter ResourceRegistryStressTests`).
final class ResourceRegistryStressTests: XCTestCase {
    func testConcurrentCreateAndFreeKeepTheRegistryConsistent() {
        let start = Resources.total
        let startLive = ResourceRegistry.liveCount
        let mark = ResourceRegistry.mark()
        let workers = 8
        let rounds = 300
        let finished = DispatchGroup()
        let done = ManualStopFlag()

        // Snapshots race with registration on purpose.
        let snapshotter = Thread {
            while !done.isSet {
                let entries = ResourceRegistry.liveSince(mark)
                let addresses = Set(entries.map(\.address))
                if addresses.count != entries.count { done.recordFailure("duplicate addresses in a snapshot") }
                let epochs = entries.map(\.epoch)
                if epochs != epochs.sorted() { done.recordFailure("snapshot not in creation order") }
                if entries.contains(where: { $0.epoch <= mark.epoch }) {
                    done.recordFailure("entry older than the mark")
                }
            }
            done.snapshotterFinished()
        }
        snapshotter.start()

        for worker in 0..<workers {
            finished.enter()
            let thread = Thread {
                do {
                    ResourceRegistry.captureMode = worker % 2 == 0 ? .on : .sampled(every: 3)
                    let subject = PublishSubject<Int>()
                    var kept: [Disposable] = []
                    for round in 0..<rounds {
                        let subscription = subject.map { $0 + round }.filter { $0 > 0 }.subscribe(onNext: { _ in })
                        if round % 3 == 0 {
                            kept.append(subscription)
                        } else {
                            subject.onNext(round)
                            subscription.dispose()
                        }
                        if kept.count > 20 {
                            let oldest = kept.prefix(10)
                            kept.removeFirst(10)
                            oldest.forEach { $0.dispose() }
                        }
                    }
                    kept.forEach { $0.dispose() }
                    kept = []
                }
                finished.leave()  // after the subject above is released
            }
            thread.start()
        }

        XCTAssertEqual(finished.wait(timeout: .now() + 120), .success)
        done.set()
        done.waitForSnapshotter()
        ResourceRegistry.captureMode = .on
        XCTAssertEqual(done.failures, [])
        XCTAssertEqual(Resources.total, start)
        XCTAssertEqual(ResourceRegistry.liveCount, startLive)
        XCTAssertEqual(ResourceRegistry.liveSince(mark).count, 0)
        XCTAssertEqual(Int(Resources.total), ResourceRegistry.liveCount)
    }

    func testThreadsAreRecordedByNameAndID() {
        let result = EntriesBox()
        let finished = DispatchSemaphore(value: 0)
        let mainEntries = EntriesBox()
        let mainMark = ResourceRegistry.mark()
        let mainSubject = PublishSubject<Int>()
        mainEntries.entries = ResourceRegistry.liveSince(mainMark)
        let thread = Thread {
            // Foundation on Linux drops a name set before start(); name the thread from inside.
            Thread.current.name = "registry-probe"
            let mark = ResourceRegistry.mark()
            let subject = PublishSubject<Int>()
            result.entries = ResourceRegistry.liveSince(mark)
            // Foundation on Linux occasionally reports the process name right after a rename
            // (seen under ThreadSanitizer): expect whatever the thread itself reads.
            result.nameSeenByThread = Thread.current.name ?? ""
            _ = subject
            finished.signal()
        }
        thread.start()
        finished.wait()
        let entries = result.entries
        XCTAssertEqual(entries.map(\.threadName), [result.nameSeenByThread])
        XCTAssertNotEqual(entries.first?.threadID, 0)
        XCTAssertEqual(mainEntries.entries.map(\.threadName), ["main"])
        XCTAssertNotEqual(mainEntries.entries.first?.threadID, entries.first?.threadID)
        _ = mainSubject
        XCTAssertEqual(entries.first?.kind, .subject)
    }
}

private final class EntriesBox: @unchecked Sendable {
    var entries: [ResourceEntry] = []
    var nameSeenByThread = ""
}

/// A stop flag plus failure log shared with the snapshot thread.
private final class ManualStopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var stopped = false
    private var log: [String] = []
    private let snapshotterDone = DispatchSemaphore(value: 0)

    var isSet: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }
    var failures: [String] {
        lock.lock()
        defer { lock.unlock() }
        return log
    }
    func set() {
        lock.lock()
        stopped = true
        lock.unlock()
    }
    func recordFailure(_ message: String) {
        lock.lock()
        if !log.contains(message) { log.append(message) }
        lock.unlock()
    }
    func snapshotterFinished() { snapshotterDone.signal() }
    func waitForSnapshotter() { snapshotterDone.wait() }
}
#endif
