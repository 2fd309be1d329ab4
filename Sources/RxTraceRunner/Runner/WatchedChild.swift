import Foundation
import RxTraceReport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process rxtrace runs work in (a scenario's, or a package's test binary), so that
/// work which traps, is killed or hangs is reported while the rest still runs. Its output goes
/// to its scratch folder; every thread's stack is asked for when it hangs, and the crashed
/// thread's is kept when it crashes (`ThreadStackCapture`).
struct WatchedChild {
    /// How waiting for it ended.
    enum Ending {
        /// It exited or was killed by a signal on its own (`crashSignal`, `status`).
        case exited
        /// The run was interrupted: the child was ended at once.
        case interrupted
        /// `hung` said so: its threads' stacks (innermost frame first), then it was ended.
        case hung([ReportThreadStack])
    }

    /// Why a child could not be started, in one line for its report.
    struct StartFailure: Error, CustomStringConvertible {
        var description: String
    }

    let process: Process
    let stacks: ThreadStackCapture

    /// Starts `executable` with `environment` plus the settings that make it leave its stacks in
    /// `scratch`. Throws a one-line reason when it cannot start.
    init(
        executable: URL,
        arguments: [String] = [],
        environment: [String: String],
        workingDirectory: URL? = nil,
        scratch: ScratchFolder
    ) throws {
        stacks = ThreadStackCapture(scratch: scratch.url)
        process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let workingDirectory { process.currentDirectoryURL = workingDirectory }
        var environment = environment
        // Stacks as JSON in the scratch folder: every thread's when a hang is asked for them
        // before the child is ended, the crashed thread's when it crashes.
        environment[ThreadStackCapture.environmentKey] = stacks.hangFile.path
        if let backtrace = stacks.backtraceSetting(existing: environment["SWIFT_BACKTRACE"]) {
            environment["SWIFT_BACKTRACE"] = backtrace
        }
        process.environment = environment
        _ = FileManager.default.createFile(atPath: scratch.output.path, contents: nil)
        guard let output = try? FileHandle(forWritingTo: scratch.output) else {
            throw StartFailure(description: "cannot open \(scratch.output.path)")
        }
        defer { try? output.close() }
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw StartFailure(description: "cannot start \(executable.path): \(error)")
        }
    }

    /// Waits until the child exits, polling every `interval` seconds. When `interruption` is
    /// requested it is ended at once; when `hung()` (asked at every poll) says it hangs, its
    /// threads' stacks are asked for and it is ended.
    func wait(interruption: Interruption?, interval: TimeInterval, hung: () -> Bool) -> Ending {
        var ending = Ending.exited
        while process.isRunning {
            if ChildEnding.of(process) != nil {
                // Something it started may still hold Foundation's end-of-child socket.
                endProcessGroup()
                break
            }
            if interruption?.isRequested == true {
                endProcessGroup()
                ending = .interrupted
                break
            }
            if hung() {
                let threadStacks = stacks.captureHanging(process, interruption: interruption)
                endProcessGroup()
                ending = .hung(threadStacks)
                break
            }
            usleep(useconds_t(interval * 1_000_000))
        }
        process.waitUntilExit()
        return ending
    }

    /// Ends the child and what it started in its process group, so nothing is left holding
    /// `Process`'s end-of-child socket (`ChildEnding`).
    private func endProcessGroup() { ChildEnding.signalGroup(of: process, SIGKILL) }

    /// The signal that killed it, or nil when it exited (valid once `wait` returned).
    var crashSignal: Int? {
        process.terminationReason == .uncaughtSignal ? Int(process.terminationStatus) : nil
    }

    /// Its exit status, or the signal's number when one killed it.
    var status: Int32 { process.terminationStatus }

    /// The crashed thread's stack, when the runtime's backtracer wrote it.
    func crashedThread() -> [ReportThreadStack] { stacks.crashedThread() }
}
