import Foundation
import RxTraceAnalysis
import RxTraceReport

/// The files through which `rxtrace test` and the test process it starts talk: the parent writes
/// the plan, the test process appends a progress line when a test starts and ends and a result
/// line per unit. Appends are single `write(2)` calls on descriptors opened with `O_APPEND`, so a
/// test process that crashes leaves every line it finished, and the parent knows which test was
/// running.
public struct TestSessionFolder: Sendable {
    /// Set in the test process's environment: the folder's path.
    public static let environmentKey = "RXTRACE_TEST_SESSION"

    /// The `file` of the built-in rule under which a leak held only by the test harness is
    /// reported (not a failure unless `--strict`).
    public static let harnessRuleFile = "rxtrace test: held by the test harness"

    public var path: String
    public init(path: String) { self.path = path }

    public var planFile: String { path + "/plan.json" }
    public var listFile: String { path + "/list.json" }
    public var resultsFile: String { path + "/results.jsonl" }
    public var progressFile: String { path + "/progress.log" }
    /// A line the test process writes once it has loaded the plan: proof the observer is linked in.
    public var helloFile: String { path + "/hello" }

    /// What the test process is asked to do.
    public struct Plan: Codable, Sendable {
        /// Write the tests the binary holds to `list.json` and run nothing.
        public var listOnly = false
        /// XCTest tests to run (`Module.Class/testMethod`).
        public var xctest: [String] = []
        /// Swift Testing tests to run, by Swift Testing identifier.
        public var swiftTesting: [String] = []
        public var drainTimeout: Double = 5
        /// Whether to build the heap graph for tests that leave something alive.
        public var heapGraph = true
        public init() {}
    }

    /// A test's start or end, as the progress file records it.
    public enum Progress: Equatable, Sendable {
        case started(String)
        case ended(String)
    }

    /// One unit's outcome, as the results file records it.
    public struct Result: Codable, Sendable {
        public var unit: TestUnit
        public var report: ScenarioReport
        public init(unit: TestUnit, report: ScenarioReport) {
            self.unit = unit
            self.report = report
        }
    }

    // MARK: Test process side

    public func readPlan() throws -> Plan {
        try JSONDecoder().decode(Plan.self, from: Data(contentsOf: URL(fileURLWithPath: planFile)))
    }

    public func writeList(_ units: [TestUnit]) throws {
        try JSONEncoder().encode(units).write(to: URL(fileURLWithPath: listFile), options: .atomic)
    }

    public func recordStart(_ test: String) { append("started\t\(test)\n", to: progressFile) }
    public func recordEnd(_ test: String) { append("ended\t\(test)\n", to: progressFile) }

    public func record(_ result: Result) {
        guard let data = try? JSONEncoder().encode(result) else { return }
        append(String(decoding: data, as: UTF8.self) + "\n", to: resultsFile)
    }

    public func sayHello() { append("\(getpid())\n", to: helloFile) }

    private func append(_ line: String, to file: String) {
        let descriptor = open(file, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        var bytes = Array(line.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes {
                write(descriptor, $0.baseAddress! + offset, $0.count - offset)
            }
            if written <= 0 { return }
            offset += written
        }
    }

    // MARK: rxtrace side

    public func writePlan(_ plan: Plan) throws {
        try JSONEncoder().encode(plan).write(to: URL(fileURLWithPath: planFile), options: .atomic)
    }

    /// The tests the test process listed; a file it could not finish (or did not write) is
    /// refused in one line naming it and the place.
    public func readList() throws -> [TestUnit] {
        do {
            return try JSONDecoder().decode([TestUnit].self, from: Data(contentsOf: URL(fileURLWithPath: listFile)))
        } catch {
            throw SessionFileError(path: listFile, reason: ReportInputError.reason(decoding: error))
        }
    }

    public var saidHello: Bool { FileManager.default.fileExists(atPath: helloFile) }

    /// The results recorded so far; a last line cut short by a crash is skipped.
    public func readResults() -> [Result] {
        var reader = ResultReader(self)
        reader.readNew()
        return reader.results
    }

    /// Reads the results file as it grows: each `readNew()` decodes only the whole lines added
    /// since the last, so a runner can announce each test as it ends.
    public struct ResultReader {
        let file: String
        private var offset: UInt64 = 0
        public private(set) var results: [Result] = []

        public init(_ folder: TestSessionFolder) { file = folder.resultsFile }

        /// Decodes the lines added since the last call; a line still being written (or cut short
        /// by a crash) waits for its newline.
        public mutating func readNew() {
            guard let handle = FileHandle(forReadingAtPath: file) else { return }
            defer { try? handle.close() }
            try? handle.seek(toOffset: offset)
            let (lines, length) = TestSessionFolder.wholeLines(handle.readDataToEndOfFile())
            offset += UInt64(length)
            for line in lines {
                if let result = try? JSONDecoder().decode(Result.self, from: line) { results.append(result) }
            }
        }
    }

    /// The whole lines of `data` and their length with newlines: a last line without its newline
    /// is still being written (or was cut short by a crash), so it waits for the next read.
    static func wholeLines(_ data: Data) -> (lines: [Data], length: Int) {
        guard let end = data.lastIndex(of: UInt8(ascii: "\n")) else { return ([], 0) }
        let complete = data[data.startIndex...end]
        return (complete.split(separator: UInt8(ascii: "\n")), complete.count)
    }

    public func readProgress() -> [Progress] {
        // Each line decoded on its own: a line that is no UTF-8 is skipped, not the whole file.
        let data = FileManager.default.contents(atPath: progressFile) ?? Data()
        return Self.wholeLines(data).lines.compactMap { bytes in
            guard let line = String(validating: bytes, as: UTF8.self) else { return nil }
            let parts = line.split(separator: "\t", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { return nil }
            switch parts[0] {
            case "started": return .started(parts[1])
            case "ended": return .ended(parts[1])
            default: return nil
            }
        }
    }

    /// Empties the progress and results files before a test process starts.
    public func reset() {
        for file in [progressFile, resultsFile, helloFile, listFile] {
            try? FileManager.default.removeItem(atPath: file)
        }
    }
}
