import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a child process rxtrace started ended, learned from the kernel rather than from
/// `Process` alone. `Process` on Linux learns that its child ended when a socket the child
/// inherited closes; every process the child starts inherits it too, so while one of them lives
/// (a compiler job a killed `swift build` left, a helper a test started, the runtime's
/// backtracer when it cannot finish), `isRunning` stays true and `waitUntilExit` does not
/// return, whatever the timeout (swift-corelibs-foundation issue 4795).
struct ChildEnding: Equatable {
    /// The exit status, or the number of the signal that ended it.
    var status: Int32
    /// Whether a signal ended it.
    var bySignal: Bool

    /// The shell's convention: the exit status, or 128 plus the signal's number.
    var shellStatus: Int32 { bySignal ? 128 + status : status }

    /// How `process` itself ended, asked without reaping it (so `Process` still collects it),
    /// or nil while it runs. Once `Process` has reaped it, its own record.
    static func of(_ process: Process) -> ChildEnding? {
        let pid = process.processIdentifier
        var info = siginfo_t()
        if waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 {
            #if os(Linux)
            let child = info._sifields._sigchld
            guard child.si_pid == pid else { return nil }
            return ChildEnding(status: child.si_status, bySignal: info.si_code != CLD_EXITED)
            #else
            guard info.si_pid == pid else { return nil }
            return ChildEnding(status: info.si_status, bySignal: info.si_code != CLD_EXITED)
            #endif
        }
        guard !process.isRunning else { return nil }
        return ChildEnding(
            status: process.terminationStatus,
            bySignal: process.terminationReason == .uncaughtSignal
        )
    }

    /// Sends `signal` to the child and to what it started in its process group (`Process`
    /// starts it leading a group of its own; rxtrace's own group is never signalled).
    static func signalGroup(of process: Process, _ signal: Int32) {
        // Once `Process` has reaped it, its number may belong to another process.
        let pid = process.processIdentifier
        guard pid > 0, process.isRunning else { return }
        if getpgid(pid) == pid, pid != getpgrp() { kill(-pid, signal) }
        kill(pid, signal)
    }

    /// Waits until `process` ends, asking every `interval` seconds. Once `interruption` is
    /// requested, `stop` (nil: the signal it received) goes to its process group, then SIGKILL
    /// when it lingers `grace` seconds;
    /// `poll` runs at each ask until then. What it left in its group is ended. Its status, as
    /// the shell gives it.
    static func wait(
        for process: Process,
        interruption: Interruption?,
        stop: Int32? = nil,
        grace: TimeInterval,
        interval: TimeInterval,
        poll: () -> Void = {}
    ) -> Int32 {
        var stopAsked: Date?
        var ending = ChildEnding.of(process)
        while ending == nil {
            Thread.sleep(forTimeInterval: interval)
            if let interruption, interruption.isRequested {
                if stopAsked == nil {
                    stopAsked = Date()
                    signalGroup(of: process, stop ?? interruption.signal ?? SIGINT)
                } else if let asked = stopAsked, Date().timeIntervalSince(asked) > grace {
                    signalGroup(of: process, SIGKILL)
                }
            }
            if stopAsked == nil { poll() }
            ending = ChildEnding.of(process)
        }
        // What it left running would keep `Process` from seeing it end.
        signalGroup(of: process, SIGKILL)
        _ = settle(process)
        return ending?.shellStatus ?? 1
    }

    /// Waits, at most `limit` seconds, until `Process` has seen the child end too, so its
    /// `terminationStatus` can be read. False when something outside the child's group still
    /// holds the socket above: then use the `ChildEnding` already read.
    static func settle(_ process: Process, limit: TimeInterval = 5) -> Bool {
        let deadline = Date().addingTimeInterval(limit)
        while process.isRunning {
            if Date() >= deadline { return false }
            usleep(10_000)
        }
        return true
    }
}
