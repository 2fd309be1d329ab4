#if os(Linux)
import Foundation
import Glibc
import RxTraceReport
import RxTraceRunner

/// Runs Swift Testing tests in this process through Swift Testing's entry point for tools
/// (`swt_abiv0_getEntryPoint`, documented in swift-testing's ABI/JSON.md): the same run as
/// `swift test`, with each event handed to a callback as a JSON record, in order, as it happens.
/// Tests run one at a time (`parallel: false`) so a resource belongs to the unit that was running
/// when it was created. The caller runs this from the process's async main, as SwiftPM's runner
/// runs Swift Testing, so tests see the executors `swift test` gives them (on Linux the main
/// actor's work runs on the main queue's thread, not the main thread).
final class SwiftTestingSession: @unchecked Sendable {
    typealias EntryPoint =
        @convention(thin) @Sendable (
            UnsafeRawBufferPointer?, @escaping @Sendable (UnsafeRawBufferPointer) -> Void
        ) async throws -> Bool

    /// A test as Swift Testing's records describe it.
    struct TestRecord {
        var id: String
        var isFunction: Bool
        var isParameterized: Bool
        var file: String?
        var line: Int?
    }

    private let folder: TestSessionFolder?
    #if TRACE_RESOURCES
    private let recorder: TestUnitRecorder?
    #endif
    private let outcomes = TestOutcomeCollector()
    private let lock = NSLock()
    private var tests: [String: TestRecord] = [:]
    private var rerun = false
    /// Tests (by id) with a unit that awaits its second run.
    private var awaitingRerun: [String: Set<TestUnit>] = [:]
    /// The argument case of each parameterized test that is running, for issues recorded
    /// outside a case's own events.
    private var runningCase: [String: TestUnit] = [:]

    #if TRACE_RESOURCES
    init(folder: TestSessionFolder?, recorder: TestUnitRecorder?) {
        self.folder = folder
        self.recorder = recorder
    }
    #else
    init(folder: TestSessionFolder?) { self.folder = folder }
    #endif

    /// Every Swift Testing test function in the binary.
    static func list() async -> [TestUnit] {
        #if TRACE_RESOURCES
        let session = SwiftTestingSession(folder: nil, recorder: nil)
        #else
        let session = SwiftTestingSession(folder: nil)
        #endif
        await session.call(["listTests": true, "verbosity": -10])
        return session.lock.withLock {
            session.tests.values.filter(\.isFunction).sorted { $0.id < $1.id }.map { session.unit(for: $0) }
        }
    }

    #if TRACE_RESOURCES
    /// Runs the tests (by Swift Testing id) once, then once more those that left something alive.
    func run(_ testIDs: [String]) async {
        await call(["filter": testIDs.map(Self.filterPattern), "parallel": false, "verbosity": -10])
        let again = lock.withLock { () -> [String] in
            rerun = true
            return awaitingRerun.keys.sorted()
        }
        if !again.isEmpty {
            await call(["filter": again.map(Self.filterPattern), "parallel": false, "verbosity": -10])
        }
    }
    #endif

    /// A filter that selects exactly this test: Swift Testing matches filters against test ids.
    static func filterPattern(_ testID: String) -> String {
        "^" + NSRegularExpression.escapedPattern(for: testName(fromID: testID)) + "(/[^/]*\\.swift:[0-9]+:[0-9]+)?$"
    }

    /// `Module.Suite/function()` from `Module.Suite/function()/File.swift:12:3`.
    static func testName(fromID id: String) -> String {
        var parts = id.split(separator: "/", omittingEmptySubsequences: false)
        if let last = parts.last, last.contains(".swift:") { parts.removeLast() }
        return parts.joined(separator: "/")
    }

    private func unit(for record: TestRecord, caseName: String? = nil, caseID: String? = nil) -> TestUnit {
        TestUnit(
            library: .swiftTesting,
            test: Self.testName(fromID: record.id),
            testID: record.id,
            caseName: caseName,
            caseID: caseID,
            file: record.file,
            line: record.line
        )
    }

    private func call(_ configuration: [String: Any]) async {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "swt_abiv0_getEntryPoint") else { return }
        typealias Getter = @convention(c) () -> UnsafeRawPointer
        let entryPoint = unsafeBitCast(unsafeBitCast(symbol, to: Getter.self)(), to: EntryPoint.self)
        var configuration = configuration
        configuration["eventStreamVersion"] = 0
        guard let json = try? JSONSerialization.data(withJSONObject: configuration) else { return }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: json.count, alignment: 1)
        buffer.copyBytes(from: json)
        defer { buffer.deallocate() }
        _ = try? await entryPoint(UnsafeRawBufferPointer(buffer)) { [self] record in
            guard let event = SwiftTestingEvent(json: Data(record)) else { return }
            handle(event)
        }
    }

    private func handle(_ event: SwiftTestingEvent) {
        if case .test(let id, let isFunction, let isParameterized, let file, let line) = event {
            let record = TestRecord(
                id: id,
                isFunction: isFunction,
                isParameterized: isParameterized,
                file: file,
                line: line
            )
            lock.withLock { tests[id] = record }
            return
        }
        #if TRACE_RESOURCES
        switch event {
        case .testStarted(let id):
            guard let record = function(id) else { return }
            folder?.recordStart(id)
            if !record.isParameterized { begin(unit(for: record)) }
        case .caseStarted(let id, let caseName, let caseID):
            guard let record = function(id), record.isParameterized else { return }
            let unit = unit(for: record, caseName: caseName, caseID: caseID)
            lock.withLock { runningCase[id] = unit }
            begin(unit)
        case .caseEnded(let id, let caseName, let caseID):
            guard let record = function(id), record.isParameterized else { return }
            end(unit(for: record, caseName: caseName, caseID: caseID), test: id)
        case .issue(let id, let caseName, let caseID, let issue):
            guard let record = function(id) else { return }
            let unit =
                record.isParameterized && caseID == nil
                ? lock.withLock { runningCase[id] } ?? unit(for: record)
                : unit(for: record, caseName: caseName, caseID: caseID)
            outcomes.record(issue, for: unit, secondRun: rerunning)
        case .testEnded(let id):
            guard let record = function(id) else { return }
            if !record.isParameterized { end(unit(for: record), test: id) }
            let pending = lock.withLock { !rerun && awaitingRerun[id] != nil }
            if !pending { folder?.recordEnd(id) }
        case .skipped(let id, let comment):
            // A disabled test (or one a trait skips) never starts: it is reported as skipped.
            guard let record = function(id), !rerunning, let folder else { return }
            let skipped = unit(for: record)
            folder.recordStart(id)
            folder.record(
                TestSessionFolder.Result(
                    unit: skipped,
                    report: ScenarioReport(
                        name: skipped.reportName,
                        summary: "Swift Testing test · skipped",
                        expectedVerdict: .clean,
                        actualVerdict: .clean,
                        status: .clean,
                        testOutcome: TestOutcome(result: .skipped, skipReason: comment)
                    )
                )
            )
            folder.recordEnd(id)
        case .test:
            break
        }
        #endif
    }

    private var rerunning: Bool { lock.withLock { rerun } }

    /// The test function with this id (suites have events too; they are not units).
    private func function(_ id: String) -> TestRecord? {
        lock.withLock { tests[id] }.flatMap { $0.isFunction ? $0 : nil }
    }

    #if TRACE_RESOURCES
    private func begin(_ unit: TestUnit) {
        guard let recorder else { return }
        if rerunning {
            if recorder.awaitsRerun(unit) { recorder.beginRerun(unit) }
        } else {
            recorder.begin(unit)
        }
    }

    private func end(_ unit: TestUnit, test: String) {
        guard let recorder, let folder else { return }
        if rerunning {
            guard recorder.awaitsRerun(unit), var report = recorder.endRerun(unit) else { return }
            report.testOutcome = outcomes.outcome(for: unit)
            outcomes.remove(unit)
            folder.record(TestSessionFolder.Result(unit: unit, report: report))
        } else if var report = recorder.endFirstRun(unit) {
            report.testOutcome = outcomes.outcome(for: unit)
            outcomes.remove(unit)
            folder.record(TestSessionFolder.Result(unit: unit, report: report))
        } else {
            lock.withLock { awaitingRerun[test, default: []].insert(unit) }
        }
    }
    #endif
}
#endif
