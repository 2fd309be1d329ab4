import Dispatch
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ctrl-C or SIGTERM while the fixer runs. `rxtrace` passes it on to the fixer's process group,
/// which the `rxtrace test` of a proof is not in (`Process` starts each child leading a group of
/// its own): so the signal is passed on to the child running now, which stops its build or its
/// tests, and the fixer then ends (`Stopped`) without writing anything more.
public enum FixInterruption {
    /// The fixer was interrupted: the caller ends with 130.
    public struct Stopped: Error, CustomStringConvertible {
        public var description: String { "interrupted" }
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var received: Int32?
    nonisolated(unsafe) private static var child: Process?
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

    /// Records SIGINT and SIGTERM for the rest of the process instead of ending it at once.
    public static func install() {
        lock.lock()
        defer { lock.unlock() }
        guard sources.isEmpty else { return }
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { record(signalNumber) }
            source.resume()
            sources.append(source)
        }
    }

    /// Whether a signal came.
    static var isRequested: Bool {
        lock.lock()
        defer { lock.unlock() }
        return received != nil
    }

    /// Keeps the first signal and passes it on to the running child.
    static func record(_ signalNumber: Int32) {
        lock.lock()
        defer { lock.unlock() }
        if received == nil { received = signalNumber }
        if let child { pass(signalNumber, to: child) }
    }

    /// Runs `body` with `process` (started) as the child a signal is passed on to.
    static func whileRunning<T>(_ process: Process, _ body: () throws -> T) rethrows -> T {
        lock.lock()
        child = process
        if let received { pass(received, to: process) }
        lock.unlock()
        defer {
            lock.lock()
            child = nil
            lock.unlock()
        }
        return try body()
    }

    /// Throws `Stopped` once a signal came: before a step starts, and after a child ended.
    static func check() throws {
        if isRequested { throw Stopped() }
    }

    private static func pass(_ signalNumber: Int32, to process: Process) {
        let pid = process.processIdentifier
        guard pid > 0, process.isRunning else { return }
        if getpgid(pid) == pid { kill(-pid, signalNumber) } else { kill(pid, signalNumber) }
    }
}
