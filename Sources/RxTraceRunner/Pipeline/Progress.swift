import Foundation
import RxTraceAnalysis
import RxTraceReport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a run shows on stderr while it runs. On a terminal: one line rewritten in place
/// (`[3/14] name…`), with each finished item that needs attention kept as a line above it. Without
/// a terminal, when `lineEachWithoutTerminal` is set (`rxtrace test`, as `swift test` prints a
/// line per test): a line per finished item, so a CI log shows the run as it goes.
final class Progress {
    private let total: Int
    private var done = 0
    private let terminal: Bool
    private let lines: Bool
    private let lock = NSLock()

    init(total: Int, lineEachWithoutTerminal: Bool = false) {
        self.total = total
        let child = ProcessInfo.processInfo.environment["RXTRACE_CHILD"] != nil
        terminal = isatty(STDERR_FILENO) == 1 && !child
        lines = !terminal && !child && lineEachWithoutTerminal
    }

    func started(_ name: String) {
        lock.withLock {
            guard terminal else { return }
            rewrite("[\(done + 1)/\(total)] \(name)…")
        }
    }

    /// `summary` is the item's result in a few words; `notable` keeps it as a line on a terminal.
    func finished(_ name: String, _ summary: String, notable: Bool = false) {
        lock.withLock {
            done += 1
            let line = "[\(done)/\(total)] \(name): \(summary)"
            if lines {
                FileHandle.standardError.write(Data("\(line)\n".utf8))
            } else if terminal {
                if notable { FileHandle.standardError.write(Data("\r\u{1B}[2K\(line)\n".utf8)) }
                rewrite(line)
            }
        }
    }

    func clear() {
        lock.withLock {
            if terminal { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
        }
    }

    private func rewrite(_ line: String) {
        FileHandle.standardError.write(Data("\r\u{1B}[2K\(line)".utf8))
    }
}
