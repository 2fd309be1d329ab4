import Foundation
import RxTraceAnalysis
import RxTraceReport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
        var outcome = ScenarioReport(
            name: scenario.name,
            summary: scenario.summary,
            expectedVerdict: scenario.expected,
            actualVerdict: .crashed,
            status: .crashed(signal: nil, exitCode: nil)
        )
        let scratch: ScratchFolder
        do {
            scratch = try ScratchFolder()
        } catch {
            outcome.status = .failed(message: "cannot create a scratch folder: \(error)")
            return outcome
        }
        defer { scratch.remove() }
        let resultFile = scratch.url.appendingPathComponent("result.json")
        var environment = ProcessInfo.processInfo.environment
        environment["RXTRACE_CHILD"] = "1"
        let child: WatchedChild
        do {
            child = try WatchedChild(
                executable: ProcessImage.executable,
                arguments: [
                    Self.childCommand, scenario.name,
                    "--passes", String(passes),
                    "--drain-timeout", String(drainTimeout),
                    "--result", resultFile.path,
                ],
                environment: environment,
                scratch: scratch
            )
        } catch {
            outcome.status = .failed(message: "\(error)")
            return outcome
        }

        let deadline = Date().addingTimeInterval(timeout)
        let ending = child.wait(interruption: interruption, interval: 0.01) { Date() >= deadline }
        let childOutput = scratch.outputText()
        switch ending {
        case .interrupted:
            return nil
        case .hung(let threadStacks):
            outcome.status = .timedOut(seconds: timeout)
            outcome.actualVerdict = .timedOut
            outcome.output = childOutput
            outcome.threadStacks = threadStacks
        case .exited:
            if let signal = child.crashSignal {
                outcome.status = .crashed(signal: signal, exitCode: nil)
                outcome.output = childOutput
                outcome.threadStacks = child.crashedThread()
            } else if let data = try? Data(contentsOf: resultFile),
                let result = try? JSONDecoder().decode(ScenarioReport.self, from: data)
            {
                outcome = result
                // A scenario that failed keeps what it printed, for the report.
                if outcome.status.isAbnormal { outcome.output = childOutput }
            } else {
                outcome.status = .crashed(signal: nil, exitCode: Int(child.status))
                outcome.output = childOutput
            }
        }
        outcome.durationSeconds = Date().timeIntervalSince(started)
        return outcome
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
