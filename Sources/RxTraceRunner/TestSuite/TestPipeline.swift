import Foundation
import RxTraceAnalysis
import RxTraceReport

/// `rxtrace test` from inputs to exit code: check the inputs, build the tests traced, list and
/// select them, run them, then report and gate exactly as `check` does.
package struct TestPipeline {
    var packagePath: String
    var filter: String?
    var shard: String?
    var output: String
    var suppressionsPath: String?
    var baselinePath: String?
    var updateBaseline = false
    var strict = false
    var jobs = 1
    var timeout: TimeInterval = 120
    var drainTimeout: TimeInterval = 5
    var sourceRoot: String?
    var colour = true
    /// Print the whole text report on stdout, not only the failing tests and the summary.
    var printWholeReport = false
    var buildArguments: [String] = []

    package init(
        packagePath: String,
        filter: String? = nil,
        shard: String? = nil,
        output: String,
        suppressionsPath: String? = nil,
        baselinePath: String? = nil,
        updateBaseline: Bool = false,
        strict: Bool = false,
        jobs: Int = 1,
        timeout: TimeInterval = 120,
        drainTimeout: TimeInterval = 5,
        sourceRoot: String? = nil,
        colour: Bool = true,
        printWholeReport: Bool = false,
        buildArguments: [String] = []
    ) {
        self.packagePath = packagePath
        self.filter = filter
        self.shard = shard
        self.output = output
        self.suppressionsPath = suppressionsPath
        self.baselinePath = baselinePath
        self.updateBaseline = updateBaseline
        self.strict = strict
        self.jobs = jobs
        self.timeout = timeout
        self.drainTimeout = drainTimeout
        self.sourceRoot = sourceRoot
        self.colour = colour
        self.printWholeReport = printWholeReport
        self.buildArguments = buildArguments
    }

    /// Builds, runs and reports the tests; returns the gate's exit status. Throws `BadInput`.
    package func execute() throws -> ExitStatus {
        let package = URL(fileURLWithPath: packagePath).standardizedFileURL.path
        guard FileManager.default.fileExists(atPath: package + "/Package.swift") else {
            throw BadInput("no Package.swift in '\(packagePath)': pass the package's folder with --package-path")
        }
        // Every option is checked before anything is built: a build takes minutes.
        _ = try ScenarioSelection.shard([String](), shard, name: { $0 })
        if let filter, (try? NSRegularExpression(pattern: filter)) == nil {
            throw BadInput("--filter '\(filter)' is not a regular expression")
        }
        let run = ReportedRun(
            pipeline: ReportPipeline(
                outputDirectory: output,
                suppressionsPath: suppressionsPath,
                baselinePath: baselinePath,
                updateBaseline: updateBaseline,
                selectsSomeScenarios: filter != nil || shard != nil
            ),
            sourceRoot: sourceRoot.map(SourceRoot.init(path:)) ?? SourceRoot.discover(from: package),
            subject: .tests,
            colour: colour,
            printWholeReport: printWholeReport
        )
        return try run.execute { interruption in try runTests(of: package, interruption: interruption) }
    }

    /// Builds the package's tests traced, lists and selects them, and runs them, each checked for
    /// leaks, under the gate of `rxtrace test`.
    private func runTests(of package: String, interruption: Interruption) throws -> ReportedRun.Work {
        let build = TestPackageBuild(packagePath: package, extraArguments: buildArguments)
        note("building the tests of \(package) with tracing (\(build.scratchPath))")
        let binary: URL
        do {
            binary = try build.build(interruption: interruption, progress: note)
        } catch let failure as TestPackageBuild.Failure {
            // Ctrl-C reaches `swift build` too: the build stopped because the user asked.
            if interruption.isRequested { return .stopped(.interrupted) }
            note(failure.summary)
            failure.details.forEach { note("  " + $0) }
            return .stopped(.crashedOrTimedOut)
        }
        let runner = TestSuiteRunner(
            binary: binary,
            workingDirectory: package,
            timeout: timeout,
            drainTimeout: drainTimeout,
            interruption: interruption
        )
        let all: [TestUnit]
        do {
            all = try runner.list()
        } catch let failure as TestSuiteFailure {
            if interruption.isRequested { return .stopped(.interrupted) }
            note(failure.description)
            return .stopped(.crashedOrTimedOut)
        }
        guard !all.isEmpty else { throw BadInput(Self.noTests(in: package, binary: binary)) }
        let selected = try select(all)
        note("running \(selected.count) of \(all.count) tests, each checked for leaks")
        let progress = Progress(total: selected.count, lineEachWithoutTerminal: true)
        let results = runner.run(selected, jobs: jobs, progress: progress)
        progress.clear()
        return .finished(
            results.reports.map { Self.applyingTestRules($0, strict: strict) },
            unfinished: results.unfinished
        )
    }

    /// Why a test binary lists no test: a `LinuxMain.swift` whose `XCTMain` call lists none (SwiftPM
    /// uses it as the entry point instead of discovering the tests), else no test in the package.
    static func noTests(in package: String, binary: URL) -> String {
        let linuxMain = (FileManager.default.enumerator(atPath: package + "/Tests")?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix("LinuxMain.swift") }.sorted().first
        if let linuxMain {
            return "the test binary lists no test: Tests/\(linuxMain) is its entry point and its XCTMain call "
                + "lists none; SwiftPM discovers the tests itself when there is no LinuxMain.swift (delete it, "
                + "or list the tests in it)"
        }
        return "the package has no XCTest or Swift Testing tests (\(binary.lastPathComponent) lists none)"
    }

    /// The tests `--filter` and `--shard` choose, in the binary's order.
    func select(_ all: [TestUnit]) throws -> [TestUnit] {
        var tests = all
        if let filter {
            let expression = try NSRegularExpression(pattern: filter)
            tests = tests.filter {
                expression.firstMatch(in: $0.test, range: NSRange($0.test.startIndex..., in: $0.test)) != nil
            }
            if tests.isEmpty {
                throw BadInput("no test matches --filter '\(filter)' (\(all.count) tests in the package)")
            }
        }
        let shardTests = try ScenarioSelection.shard(tests, shard, name: \.test)
        if shardTests.isEmpty, let shard {
            throw BadInput("shard \(shard) holds no test: there are only \(tests.count); use fewer shards")
        }
        let chosen = Set(shardTests.map(\.key))
        return tests.filter { chosen.contains($0.key) }
    }

    /// The gate of `rxtrace test` is leaks. What only the test harness keeps (marked by the test
    /// process) and thread anomalies seen during a test (test suites break Rx's contract on
    /// purpose, to test it) are reported without failing the run; `--strict` fails on both.
    static func applyingTestRules(_ report: ScenarioReport, strict: Bool) -> ScenarioReport {
        var report = report
        for index in report.findings.indices {
            if strict {
                if report.findings[index].suppressedBy?.file == TestSessionFolder.harnessRuleFile {
                    report.findings[index].suppressedBy = nil
                }
            } else if report.findings[index].kind == .threadAnomaly, report.findings[index].suppressedBy == nil {
                report.findings[index].suppressedBy = anomalyRule
            }
        }
        return report
    }

    /// Under which a thread anomaly seen during a test is reported without failing the run.
    static let anomalyRule = SuppressionRule(
        kind: .thread,
        conditions: [],
        reason: "a thread anomaly seen during the test: reported, not a leak (--strict fails on it)",
        file: "rxtrace test: thread anomalies"
    )

    private func note(_ line: String) {
        FileHandle.standardError.write(Data("rxtrace test: \(line)\n".utf8))
    }
}
