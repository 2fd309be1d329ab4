import Foundation
import RxCore
import RxCoreTesting
import XCTest

/// The error the tests send through sequences; `Event`'s equality compares errors by domain,
/// code and description.
let testError = NSError(domain: "RxCoreTests", code: -232)
let testError2 = NSError(domain: "RxCoreTests", code: -233)

/// Collects lines from several threads.
final class LineLog: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String] = []

    func append(_ line: String) {
        lock.lock()
        defer { lock.unlock() }
        storage.append(line)
    }

    var lines: [String] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}

/// A counter shared between threads.
final class LockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func increment() {
        lock.lock()
        defer { lock.unlock() }
        count += 1
    }

    func decrement() {
        lock.lock()
        defer { lock.unlock() }
        count -= 1
    }

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}

private let standardOutputLock = NSLock()

/// Runs `body` with the process's standard output redirected to a temporary file and returns
/// what was written, split into lines. Used to check what `debug` prints.
func captureStandardOutput(_ body: () -> Void) -> [String] {
    standardOutputLock.lock()
    defer { standardOutputLock.unlock() }
    fflush(stdout)
    let path = NSTemporaryDirectory() + "rxcore-stdout-\(UUID().uuidString).txt"
    FileManager.default.createFile(atPath: path, contents: nil)
    let file = open(path, O_WRONLY)
    let savedStandardOutput = dup(STDOUT_FILENO)
    dup2(file, STDOUT_FILENO)
    close(file)
    body()
    fflush(stdout)
    dup2(savedStandardOutput, STDOUT_FILENO)
    close(savedStandardOutput)
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    try? FileManager.default.removeItem(atPath: path)
    return text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
}

/// Runs the main run loop until `condition` holds or `timeout` passes.
@discardableResult
func runMainRunLoop(until condition: () -> Bool, timeout: TimeInterval = 5) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() && Date() < deadline {
        RunLoop.main.run(until: Date().addingTimeInterval(0.002))
    }
    return condition()
}

/// Runs `body` on another thread and waits for it. (`DispatchQueue.sync` may run its block on
/// the calling thread, which defeats tests about threads.)
func runOnBackgroundThread(_ body: @escaping () -> Void) {
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        body()
        done.signal()
    }
    thread.start()
    done.wait()
}

/// A subject that sends `elements` and then `terminal` all at `time` (a burst: several events
/// before the scheduler runs anything else), for operators that queue what they receive.
func burstSubject(
    _ elements: [Int],
    then terminal: Event<Int>,
    at time: TestTime,
    on scheduler: TestScheduler
) -> PublishSubject<Int> {
    let subject = PublishSubject<Int>()
    scheduler.scheduleAt(time) {
        elements.forEach(subject.onNext)
        subject.on(terminal)
    }
    return subject
}
