import Foundation
import RxTraceAnalysis
import RxTraceReport

#if canImport(Glibc)
import Glibc
#endif

/// Runs a built test binary's tests under the test session, each test measured in the process,
/// and turns what the processes record into one report per unit. A test that crashes or hangs
/// ends its process: it is reported with its stack and output, and a new process goes on with
/// the tests that did not run, so no other test's result is lost and a crashed test's state
/// never reaches the next one.
struct TestSuiteRunner {
    var binary: URL
    /// The folder tests run in (`swift test` runs them in the package's folder).
    var workingDirectory: String
    /// Seconds one test (both its runs) may take before it is reported as hung.
    var timeout: TimeInterval = 120
    var drainTimeout: TimeInterval = 5
    var heapGraph = true
    var interruption: Interruption? = nil

    /// The tests the binary holds: XCTest methods and Swift Testing functions.
    func list() throws -> [TestUnit] {
        let session = try Session()
        defer { session.remove() }
        var plan = TestSessionFolder.Plan()
        plan.listOnly = true
        try session.folder.writePlan(plan)
        let status = try LoggedTool.run(
            binary.path,
            [],
            environment: environment(session),
            output: session.output
        )
        guard session.folder.saidHello else {
            throw TestSuiteFailure.noSession(binary: binary.path, output: session.tail)
        }
        guard status == 0 else {
            throw TestSuiteFailure.listing(binary: binary.path, status: status, output: session.tail)
        }
        do {
            return try session.folder.readList()
        } catch {
            // The process exited cleanly: its output says nothing, the unreadable list does.
            throw TestSuiteFailure.listing(binary: binary.path, status: status, output: "\(error)")
        }
    }

    /// Runs `tests` (whole tests, as `list` returns them), `jobs` processes at a time; the
    /// reports in the order of `tests` (a parameterized test's cases in the order they ran).
    /// Nil when an interruption stopped the run before every test finished (`unfinished`).
    func run(_ tests: [TestUnit], jobs: Int, progress: Progress) -> (reports: [ScenarioReport], unfinished: [String]) {
        let partitions = Self.partition(tests, into: jobs)
        var results = [[ScenarioReport]](repeating: [], count: tests.count)
        var finished = [Bool](repeating: false, count: tests.count)
        let index = Dictionary(tests.enumerated().map { ($0.element.key, $0.offset) }, uniquingKeysWith: { a, _ in a })
        let lock = NSLock()
        let work = { (partition: [TestUnit]) in
            self.runPartition(partition, progress: progress) { test, reports in
                guard let position = index[test.key] else { return }
                lock.withLock {
                    results[position] += reports
                    finished[position] = true
                }
            }
        }
        if partitions.count <= 1 {
            partitions.forEach(work)
        } else {
            let queue = OperationQueue()
            queue.maxConcurrentOperationCount = partitions.count
            for partition in partitions { queue.addOperation { work(partition) } }
            queue.waitUntilAllOperationsAreFinished()
        }
        let unfinished = tests.indices.filter { !finished[$0] }.map { tests[$0].test }
        return (results.flatMap { $0 }, unfinished)
    }

    /// Tests one process runs at most before a fresh one takes over. What a traced process
    /// keeps for its whole life grows with the code it runs (thread-hop stages are interned per
    /// code site, at most `ThreadHops.maximumStages`, and anomalies past that bound go
    /// unrecorded), so no process runs a whole large suite. RXTRACE_TESTS_PER_PROCESS sets
    /// another bound (docs/testing.md has the measurement behind the default).
    static var testsPerProcess: Int {
        ProcessInfo.processInfo.environment["RXTRACE_TESTS_PER_PROCESS"].flatMap(Int.init).map { max(1, $0) } ?? 250
    }

    /// Contiguous slices of about equal size (a class's tests stay together).
    static func partition(_ tests: [TestUnit], into jobs: Int) -> [[TestUnit]] {
        let count = max(1, min(jobs, tests.count))
        let size = Int((Double(tests.count) / Double(count)).rounded(.up))
        return stride(from: 0, to: tests.count, by: max(1, size)).map { Array(tests[$0..<min($0 + size, tests.count)]) }
    }

    /// The tests the next process runs: up to `testsPerProcess` of one library from the front,
    /// since each library runs as SwiftPM's runner starts it (XCTest from `XCTMain` on the main
    /// thread, Swift Testing from an async main), which one process cannot do for both.
    static func nextBatch(_ remaining: [TestUnit]) -> [TestUnit] {
        guard let library = remaining.first?.library else { return [] }
        return Array(remaining.prefix { $0.library == library }.prefix(testsPerProcess))
    }

    /// Runs one partition's tests in as many processes as crashes and hangs need.
    private func runPartition(_ tests: [TestUnit], progress: Progress, record: (TestUnit, [ScenarioReport]) -> Void) {
        var remaining = tests
        while !remaining.isEmpty, interruption?.isRequested != true {
            guard let session = try? Session() else {
                for test in remaining {
                    record(test, [Self.stopped(test, status: .failed(message: "cannot create a scratch folder"))])
                }
                return
            }
            defer { session.remove() }
            let batch = Self.nextBatch(remaining)
            let outcome = runProcess(batch, session: session, progress: progress)
            let byTest = Dictionary(grouping: outcome.results, by: { $0.unit.key })
            var done = Set<String>()
            for test in batch where outcome.ended.contains(test.key) {
                let reports = (byTest[test.key] ?? []).map(\.report)
                record(
                    test,
                    reports.isEmpty
                        ? [Self.stopped(test, status: .failed(message: "the test process recorded no result for it"))]
                        : reports
                )
                done.insert(test.key)
            }
            if let stopped = outcome.stopped, let test = batch.first(where: { $0.key == stopped.test }) {
                // Cases of a parameterized test that finished before it stopped are kept.
                record(test, (byTest[test.key] ?? []).map(\.report) + [stopped.report(test)])
                progress.finished(test.test, stopped.report(test).status.displayName, notable: true)
                done.insert(test.key)
            } else if outcome.interrupted {
                return
            } else {
                // The process ended by itself without running these: the binary does not have them.
                for test in batch where !done.contains(test.key) {
                    let started = outcome.started.contains(test.key)
                    let message =
                        started
                        ? "the test process ended during this test (exit \(outcome.status))"
                        : "the test binary did not run this test"
                    record(
                        test,
                        [
                            Self.stopped(
                                test,
                                status: started
                                    ? .crashed(signal: nil, exitCode: Int(outcome.status)) : .failed(message: message),
                                output: started ? outcome.output : nil
                            )
                        ]
                    )
                    done.insert(test.key)
                }
            }
            remaining.removeAll { done.contains($0.key) }
        }
    }

    /// How a test process's run ended for the test that was running.
    private struct Stop {
        var test: String
        var status: ScenarioStatus
        var verdict: Verdict
        var output: String
        var stacks: [ReportThreadStack]

        var duration: TimeInterval = 0

        func report(_ unit: TestUnit) -> ScenarioReport {
            var report = TestSuiteRunner.stopped(unit, status: status, output: output)
            report.actualVerdict = verdict
            report.threadStacks = stacks
            report.durationSeconds = duration
            return report
        }
    }

    private struct ProcessOutcome {
        var results: [TestSessionFolder.Result] = []
        var started: Set<String> = []
        var ended: Set<String> = []
        var stopped: Stop?
        var interrupted = false
        var status: Int32 = 0
        var output = ""
    }

    private func runProcess(_ tests: [TestUnit], session: Session, progress: Progress) -> ProcessOutcome {
        var plan = TestSessionFolder.Plan()
        plan.xctest = tests.filter { $0.library == .xctest }.map(\.test)
        plan.swiftTesting = tests.compactMap(\.testID)
        plan.drainTimeout = drainTimeout
        plan.heapGraph = heapGraph
        var outcome = ProcessOutcome()
        do { try session.folder.writePlan(plan) } catch {
            outcome.stopped = Stop(
                test: tests[0].key,
                status: .failed(message: "cannot write the test plan: \(error)"),
                verdict: .crashed,
                output: "",
                stacks: []
            )
            return outcome
        }
        let child: WatchedChild
        do {
            child = try WatchedChild(
                executable: binary,
                environment: environment(session),
                workingDirectory: URL(fileURLWithPath: workingDirectory),
                scratch: session.scratch
            )
        } catch {
            outcome.stopped = Stop(
                test: tests[0].key,
                status: .failed(message: "\(error)"),
                verdict: .crashed,
                output: "",
                stacks: []
            )
            return outcome
        }

        // Each test's line as soon as it ends, as `swift test` prints its own, not when its process ends.
        var results = TestSessionFolder.ResultReader(session.folder)
        var announced = Set<String>()
        func announceEnded(_ events: [TestSessionFolder.Progress]) {
            let ended = events.compactMap { event -> String? in
                guard case .ended(let test) = event, !announced.contains(test) else { return nil }
                return test
            }
            guard !ended.isEmpty else { return }
            results.readNew()
            for key in ended {
                announced.insert(key)
                guard let test = tests.first(where: { $0.key == key }) else { continue }
                let reports = results.results.filter { $0.unit.key == key }.map(\.report)
                let summary = reports.isEmpty ? "no result recorded" : Self.summary(reports)
                progress.finished(test.test, summary, notable: reports.isEmpty || Self.needsAttention(reports))
            }
        }
        // The test running now and since when: a hang is one test over its time, not the process.
        var current: (test: String, since: Date)?
        let ending = child.wait(interruption: interruption, interval: 0.02) {
            let events = session.folder.readProgress()
            announceEnded(events)
            let running = Self.running(events)
            if running != current?.test {
                current = running.map { ($0, Date()) }
                if let running, let test = tests.first(where: { $0.key == running }) { progress.started(test.test) }
            }
            guard let current else { return false }
            return Date().timeIntervalSince(current.since) > timeout
        }
        let events = session.folder.readProgress()
        announceEnded(events)
        results.readNew()
        outcome.results = results.results
        for event in events {
            switch event {
            case .started(let test): outcome.started.insert(test)
            case .ended(let test): outcome.ended.insert(test)
            }
        }
        outcome.status = child.status
        outcome.output = session.tail
        switch ending {
        case .interrupted:
            outcome.interrupted = true
        case .hung(let threadStacks):
            if let current {
                outcome.stopped = Stop(
                    test: current.test,
                    status: .timedOut(seconds: timeout),
                    verdict: .timedOut,
                    output: session.tail,
                    stacks: threadStacks,
                    duration: Date().timeIntervalSince(current.since)
                )
            }
        case .exited:
            if let running = Self.running(events) {
                let signal = child.crashSignal
                outcome.stopped = Stop(
                    test: running,
                    status: .crashed(signal: signal, exitCode: signal == nil ? Int(child.status) : nil),
                    verdict: .crashed,
                    output: session.tail,
                    stacks: child.crashedThread(),
                    duration: current.map { Date().timeIntervalSince($0.since) } ?? 0
                )
            }
        }
        return outcome
    }

    /// The test that started last and has not ended.
    static func running(_ events: [TestSessionFolder.Progress]) -> String? {
        var open: String?
        for event in events {
            switch event {
            case .started(let test): open = test
            case .ended(let test) where test == open: open = nil
            default: break
            }
        }
        return open
    }

    static func stopped(_ unit: TestUnit, status: ScenarioStatus, output: String? = nil) -> ScenarioReport {
        var outcome: TestOutcome?
        switch status {
        case .crashed: outcome = TestOutcome(result: .crashed)
        case .timedOut: outcome = TestOutcome(result: .hung)
        default: outcome = nil
        }
        return ScenarioReport(
            name: unit.test,
            summary: "\(unit.library.displayName) test",
            expectedVerdict: .clean,
            actualVerdict: status.isAbnormal ? .crashed : .clean,
            status: status,
            output: output,
            testOutcome: outcome
        )
    }

    /// A finished test's progress line: its outcome, then its leak verdict ("failed · leaking").
    static func summary(_ reports: [ScenarioReport]) -> String {
        let results = reports.compactMap { $0.testOutcome?.result }
        let outcome =
            results.first(where: \.fails)?.displayName
            ?? results.first(where: { $0 == .skipped || $0 == .knownIssue })?.displayName ?? "passed"
        let leaking = reports.filter(isLeaking).count
        let cases = reports.count > 1 ? "\(leaking) of \(reports.count) cases leaking" : "leaking"
        return leaking == 0 ? outcome : "\(outcome) · \(cases)"
    }

    /// Whether a finished test failed or leaks: kept as a line of its own on a terminal.
    static func needsAttention(_ reports: [ScenarioReport]) -> Bool {
        reports.contains { $0.testOutcome?.result.fails == true || isLeaking($0) }
    }

    /// Leaks that fail the run; thread anomalies fail a test run only with --strict, a rule the
    /// pipeline applies after the run.
    private static func isLeaking(_ report: ScenarioReport) -> Bool {
        report.failingFindings.contains { $0.kind != .threadAnomaly }
    }

    private func environment(_ session: Session) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment[TestSessionFolder.environmentKey] = session.url.path
        // The package's own files, told from its dependencies' when findings are placed.
        environment[UserPackage.environmentKey] = workingDirectory
        return environment
    }

    /// One test process's scratch folder, with the session files the test process reads and writes.
    private struct Session {
        var scratch: ScratchFolder
        var url: URL { scratch.url }
        var folder: TestSessionFolder { TestSessionFolder(path: url.path) }
        var output: URL { scratch.output }

        init() throws { scratch = try ScratchFolder() }

        /// The output's last lines, for a report.
        var tail: String { scratch.outputText(lastLines: 200) }

        func remove() { scratch.remove() }
    }
}

/// Why the tests could not be run at all.
enum TestSuiteFailure: Error, CustomStringConvertible {
    case noSession(binary: String, output: String)
    case listing(binary: String, status: Int32, output: String)

    var description: String {
        switch self {
        case .noSession(let binary, _):
            return
                "\(binary) did not load rxtrace's test session: does the test target depend on a product of rxtrace (RxSwift, RxTest, RxBlocking, RxCore…)?"
        case .listing(let binary, let status, let output):
            return
                "\(binary) could not list its tests (exit \(status)): \(output.split(separator: "\n").suffix(3).joined(separator: " / "))"
        }
    }
}
