import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RxTraceReport
import RxTraceAnalysis

/// Runs each scenario in a child process of the same executable (the hidden `__scenario-child`
/// command), so a scenario that traps, is killed by a signal or hangs is reported as such
/// while the others still run. The child writes its `ScenarioOutcome` as JSON to a file.
package struct IsolatedRunner {
    var passes: Int
    var timeout: TimeInterval
    var drainTimeout: TimeInterval
    /// When it is requested, a running child is ended and `run` returns nil.
    var interruption: Interruption? = nil

    /// The hidden subcommand name the parent uses to start a child.
    package static let childCommand = "__scenario-child"

    /// The scenario's report, or nil when the run was interrupted before it finished.
    func run(_ scenario: Scenario) -> ScenarioReport? {
        let started = Date()
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("rxtrace-\(getpid())-\(UUID().uuidString)", isDirectory: true)
        var outcome = ScenarioReport(name: scenario.name, summary: scenario.summary, expectedVerdict: scenario.expected,
                                     actualVerdict: .crashed, status: .crashed(signal: nil, exitCode: nil))
        do {
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        } catch {
            outcome.status = .failed(message: "cannot create a scratch folder: \(error)")
            return outcome
        }
        defer { try? FileManager.default.removeItem(at: scratch) }
        let resultFile = scratch.appendingPathComponent("result.json")
        let outputFile = scratch.appendingPathComponent("output.txt")
        let stacks = ThreadStackCapture(scratch: scratch)
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)

        let process = Process()
        process.executableURL = ProcessImage.executable
        process.arguments = [
            Self.childCommand, scenario.name,
            "--passes", String(passes),
            "--drain-timeout", String(drainTimeout),
            "--result", resultFile.path,
        ]
        var environment = ProcessInfo.processInfo.environment
        environment["RXTRACE_CHILD"] = "1"
        // Stacks as JSON in the scratch folder: every thread's when a hang is asked for them
        // before the child is ended, the crashed thread's when it crashes.
        environment[ThreadStackCapture.environmentKey] = stacks.hangFile.path
        if let backtrace = stacks.backtraceSetting(existing: environment["SWIFT_BACKTRACE"]) {
            environment["SWIFT_BACKTRACE"] = backtrace
        }
        process.environment = environment
        guard let output = try? FileHandle(forWritingTo: outputFile) else {
            outcome.status = .failed(message: "cannot open \(outputFile.path)")
            return outcome
        }
        defer { try? output.close() }
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice

        do {
            try process.run()
        } catch {
            outcome.status = .failed(message: "cannot start \(ProcessImage.executable.path): \(error)")
            return outcome
        }

        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline && interruption?.isRequested != true {
            usleep(10_000)
        }
        if process.isRunning && interruption?.isRequested == true {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return nil
        }
        var timedOut = false
        var threadStacks: [ReportThreadStack] = []
        if process.isRunning {
            timedOut = true
            threadStacks = stacks.captureHanging(process, interruption: interruption)
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
        let childOutput = (try? String(contentsOf: outputFile, encoding: .utf8)) ?? ""

        if timedOut {
            outcome.status = .timedOut(seconds: timeout)
            outcome.actualVerdict = .timedOut
            outcome.output = childOutput
            outcome.threadStacks = threadStacks
        } else if process.terminationReason == .uncaughtSignal {
            outcome.status = .crashed(signal: Int(process.terminationStatus), exitCode: nil)
            outcome.output = childOutput
            outcome.threadStacks = stacks.crashedThread()
        } else if let data = try? Data(contentsOf: resultFile),
                  let result = try? JSONDecoder().decode(ScenarioReport.self, from: data) {
            outcome = result
            // A scenario that failed keeps what it printed, for the report.
            if outcome.status.isAbnormal { outcome.output = childOutput }
        } else {
            outcome.status = .crashed(signal: nil, exitCode: Int(process.terminationStatus))
            outcome.output = childOutput
        }
        outcome.durationSeconds = Date().timeIntervalSince(started)
        return outcome
    }

    /// Scratch folders (`$TMPDIR/rxtrace-<pid>-<uuid>/`) of runs whose process no longer exists:
    /// a run ended by SIGKILL cannot remove its own. Folders of live processes are left alone,
    /// and so are folders changed in the last hour (a process id from another PID namespace
    /// sharing this temporary folder looks dead from here).
    static func removeStaleScratchFolders() {
        let temporary = FileManager.default.temporaryDirectory
        for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? [] {
            let parts = name.split(separator: "-", maxSplits: 2)
            guard parts.count == 3, parts[0] == "rxtrace", let pid = Int32(parts[1]), pid > 0,
                  UUID(uuidString: String(parts[2])) != nil else { continue }
            let folder = temporary.appendingPathComponent(name)
            let modified = (try? FileManager.default.attributesOfItem(atPath: folder.path)[.modificationDate]) as? Date
            guard let modified, Date().timeIntervalSince(modified) > 3600 else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH {
                try? FileManager.default.removeItem(at: folder)
            }
        }
    }
}

/// The name of a signal ("SIGILL") for reports.
func signalName(_ signal: Int32) -> String {
    switch signal {
    case SIGINT: return "SIGINT"
    case SIGILL: return "SIGILL"
    case SIGTRAP: return "SIGTRAP"
    case SIGABRT: return "SIGABRT"
    case SIGSEGV: return "SIGSEGV"
    case SIGBUS: return "SIGBUS"
    case SIGFPE: return "SIGFPE"
    case SIGKILL: return "SIGKILL"
    case SIGTERM: return "SIGTERM"
    default: return "signal \(signal)"
    }
}
