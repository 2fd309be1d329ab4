import Foundation
import RxTraceReport

/// `--fix` after a run has written its reports: builds the fixer if needed, has it patch and
/// prove each finding (`rxtrace.patch`, `fixes/`, `rxtrace-fix.json` beside the reports), then
/// writes the report set again, as one set, with each finding's patch and verdict in it.
package struct FixRun {
    package var mode: FixMode
    /// With `.apply`: also write files that have uncommitted changes.
    package var force: Bool
    /// The package the report is about.
    package var package: URL
    /// The run's report folder.
    package var output: String
    /// Given to every `rxtrace test` the fixer runs for its proofs.
    package var proofArguments: [String]
    package var fixer: FixerTool
    package var say: (String) -> Void

    package init(
        mode: FixMode,
        force: Bool,
        package: URL,
        output: String,
        proofArguments: [String],
        environment: [String: String] = ProcessInfo.processInfo.environment,
        say: @escaping (String) -> Void
    ) {
        self.mode = mode
        self.force = force
        self.package = package.standardizedFileURL
        self.output = output
        self.proofArguments = proofArguments
        self.fixer = FixerTool(package: self.package, environment: environment)
        self.say = say
    }

    /// Runs the fixer over the report in `output`; a failure of the fixer itself is one line
    /// (`BadInput`), and leaves the reports as the run wrote them.
    package func execute() throws {
        let folder = URL(fileURLWithPath: output)
        let reportFile = folder.appendingPathComponent(ReportFormat.json.fileName(base: "rxtrace"))
        guard FileManager.default.fileExists(atPath: reportFile.path) else {
            say("rxtrace: --fix: the run ended before it had a report: nothing to fix")
            return
        }
        let report = try BadInput.rethrowing { try JSONReportCoding.load(from: reportFile.path) }
        guard report.scenarios.contains(where: { $0.findings.contains(where: \.isActionable) }) else {
            say("rxtrace: --fix: no finding to fix")
            return
        }
        let executable = try fixer.ready(say: say)
        var arguments = [
            "--report", reportFile.path, "--package-path", package.path, "--output", folder.path,
            "--rxtrace", Self.thisExecutable,
        ]
        if mode == .apply { arguments.append("--apply") }
        if force { arguments.append("--force") }
        if !proofArguments.isEmpty { arguments += ["--"] + proofArguments }
        let status = try Self.runPassingOutput(executable, arguments)
        if Interruption.install().isRequested {
            say("rxtrace: --fix: interrupted; the reports in \(output) are the run's, without patches")
            throw Interrupted()
        }
        guard status != 2 else { throw BadInput("the fixer stopped on bad input (its line is above)") }
        let verdicts = try BadInput.rethrowing {
            try FixerVerdicts.read(folder.appendingPathComponent("rxtrace-fix.json"))
        }
        let lock = try BadInput.rethrowing { try OutputFolder.claim(output) }
        _ = try BadInput.rethrowing { try ReportWriter(directory: output).write(verdicts.annotating(report)) }
        withExtendedLifetime(lock) {}
        say("rxtrace: --fix: the reports in \(output) now carry each finding's patch and whether it was verified")
    }

    /// Ctrl-C (or SIGTERM) stopped the fixer: nothing was written but what it had applied.
    package struct Interrupted: Error {}

    /// This process's executable, which the fixer runs for its proofs (`rxtrace test`).
    static var thisExecutable: String {
        Bundle.main.executableURL?.resolvingSymlinksInPath().path ?? CommandLine.arguments[0]
    }

    /// Runs the fixer with this process's standard output and error, so each verdict shows as
    /// it is decided; its exit status. The fixer leads a process group of its own, which a
    /// terminal's Ctrl-C does not reach: the run's interruption is passed on to it (it stops
    /// the proof it is running and exits 130), and the group is killed if it lingers.
    static func runPassingOutput(
        _ executable: String,
        _ arguments: [String],
        interruption: Interruption = .install(),
        grace: TimeInterval = 30
    ) throws -> Int32 {
        fflush(stdout)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return ChildEnding.wait(for: process, interruption: interruption, grace: grace, interval: 0.05)
    }
}
