import Foundation
import RxTraceAnalysis
import RxTraceReport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A one-line progress indicator on stderr, shown only when stderr is a terminal.
final class Progress {
    private let total: Int
    private var done = 0
    private let enabled: Bool
    private let lock = NSLock()

    init(total: Int) {
        self.total = total
        enabled = isatty(STDERR_FILENO) == 1 && ProcessInfo.processInfo.environment["RXTRACE_CHILD"] == nil
    }

    func started(_ name: String) {
        lock.lock()
        defer { lock.unlock() }
        show("[\(done + 1)/\(total)] \(name)…")
    }

    func finished(_ name: String, _ summary: String) {
        lock.lock()
        defer { lock.unlock() }
        done += 1
        show("[\(done)/\(total)] \(name): \(summary)")
    }

    func clear() {
        lock.lock()
        defer { lock.unlock() }
        if enabled { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
    }

    private func show(_ line: String) {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[2K\(line)".utf8))
    }
}
