#if os(Linux)
import Foundation
import Glibc
import RxTraceRunner

/// Runs Swift Testing tests in this process through Swift Testing's entry point for tools
/// (`swt_abiv0_getEntryPoint`, documented in swift-testing's ABI/JSON.md): the same run as
/// `swift test`, with each event handed to a callback as a JSON record, in order, as it happens.
/// Tests run one at a time (`parallel: false`) so a resource belongs to the unit that was running
/// when it was created. While the run lasts, the main thread serves the main run loop, so
/// `@MainActor` tests and MainScheduler work run on it.
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
    private let lock = NSLock()
    private var tests: [String: TestRecord] = [:]
    private var rerun = false
    /// Tests (by id) with a unit that awaits its second run.
    private var awaitingRerun: [String: Set<TestUnit>] = [:]

    #if TRACE_RESOURCES
    init(folder: TestSessionFolder?, recorder: TestUnitRecorder?) {
        self.folder = folder
        self.recorder = recorder
    }
    #else
    init(folder: TestSessionFolder?) { self.folder = folder }
    #endif

    /// Every Swift Testing test function in the binary.
    static func list() -> [TestUnit] {
        #if TRACE_RESOURCES
        let session = SwiftTestingSession(folder: nil, recorder: nil)
        #else
        let session = SwiftTestingSession(folder: nil)
        #endif
        session.call(["listTests": true, "verbosity": -10])
        return session.lock.withLock {
            session.tests.values.filter(\.isFunction).sorted { $0.id < $1.id }.map { session.unit(for: $0) }
        }
    }

    #if TRACE_RESOURCES
    /// Runs the tests (by Swift Testing id) once, then once more those that left something alive.
    func run(_ testIDs: [String]) {
        call(["filter": testIDs.map(Self.filterPattern), "parallel": false, "verbosity": -10])
        let again = lock.withLock { () -> [String] in
            rerun = true
            return awaitingRerun.keys.sorted()
        }
        if !again.isEmpty {
            call(["filter": again.map(Self.filterPattern), "parallel": false, "verbosity": -10])
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

    private func call(_ configuration: [String: Any]) {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "swt_abiv0_getEntryPoint") else { return }
        typealias Getter = @convention(c) () -> UnsafeRawPointer
        let entryPoint = unsafeBitCast(unsafeBitCast(symbol, to: Getter.self)(), to: EntryPoint.self)
        var configuration = configuration
        configuration["eventStreamVersion"] = 0
        guard let json = try? JSONSerialization.data(withJSONObject: configuration) else { return }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: json.count, alignment: 1)
        buffer.copyBytes(from: json)
        defer { buffer.deallocate() }
        final class Completion: @unchecked Sendable { var done = false }
        let completion = Completion()
        Task.detached { [self] in
            _ = try? await entryPoint(UnsafeRawBufferPointer(buffer)) { record in self.handle(record) }
            self.lock.withLock { completion.done = true }
        }
        while !lock.withLock({ completion.done }) {
            _ = RunLoop.main.run(mode: .default, before: Date().addingTimeInterval(0.005))
        }
    }

    private func handle(_ bytes: UnsafeRawBufferPointer) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
            let kind = object["kind"] as? String, let payload = object["payload"] as? [String: Any]
        else { return }
        if kind == "test" {
            guard let id = payload["id"] as? String else { return }
            let location = payload["sourceLocation"] as? [String: Any]
            let record = TestRecord(
                id: id,
                isFunction: payload["kind"] as? String == "function",
                isParameterized: payload["isParameterized"] as? Bool ?? false,
                file: location?["_filePath"] as? String ?? location?["fileID"] as? String,
                line: location?["line"] as? Int
            )
            lock.withLock { tests[id] = record }
            return
        }
        #if TRACE_RESOURCES
        guard kind == "event", let event = payload["kind"] as? String, let id = payload["testID"] as? String,
            let record = lock.withLock({ tests[id] }), record.isFunction
        else { return }
        let testCase = payload["_testCase"] as? [String: Any]
        switch event {
        case "testStarted":
            folder?.recordStart(id)
            if !record.isParameterized { begin(unit(for: record)) }
        case "testCaseStarted" where record.isParameterized:
            begin(unit(for: record, caseName: testCase?["displayName"] as? String, caseID: testCase?["id"] as? String))
        case "testCaseEnded" where record.isParameterized:
            end(
                unit(for: record, caseName: testCase?["displayName"] as? String, caseID: testCase?["id"] as? String),
                test: id
            )
        case "testEnded":
            if !record.isParameterized { end(unit(for: record), test: id) }
            let pending = lock.withLock { !rerun && awaitingRerun[id] != nil }
            if !pending { folder?.recordEnd(id) }
        case "testSkipped":
            // A disabled test (or one a trait skips) never starts: it is reported as skipped.
            guard !lock.withLock({ rerun }), let folder else { return }
            let skipped = unit(for: record)
            folder.record(
                TestSessionFolder.Result(
                    unit: skipped,
                    report: ScenarioReport(
                        name: skipped.reportName,
                        summary: "Swift Testing test · skipped",
                        expectedVerdict: .clean,
                        actualVerdict: .clean,
                        status: .clean
                    )
                )
            )
            folder.recordEnd(id)
        default:
            break
        }
        #endif
    }

    #if TRACE_RESOURCES
    private func begin(_ unit: TestUnit) {
        guard let recorder else { return }
        if lock.withLock({ rerun }) {
            if recorder.awaitsRerun(unit) { recorder.beginRerun(unit) }
        } else {
            recorder.begin(unit)
        }
    }

    private func end(_ unit: TestUnit, test: String) {
        guard let recorder, let folder else { return }
        if lock.withLock({ rerun }) {
            guard recorder.awaitsRerun(unit), let report = recorder.endRerun(unit) else { return }
            folder.record(TestSessionFolder.Result(unit: unit, report: report))
        } else if let report = recorder.endFirstRun(unit) {
            folder.record(TestSessionFolder.Result(unit: unit, report: report))
        } else {
            lock.withLock { awaitingRerun[test, default: []].insert(unit) }
        }
    }
    #endif
}
#endif
