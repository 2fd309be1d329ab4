import Foundation
import SeededRandom
import XCTest

@testable import RxTraceReport
@testable import RxTraceRunner

/// The files a test process writes for `rxtrace test` (results, progress, the test list), with
/// one line mutated or cut as a crash or a stray write could leave it: every whole line nobody
/// touched is still read, once and in order; a line cut short is not read until its newline
/// comes; a test list that cannot be read is refused in one line naming the file.
final class TestSessionFileFuzzTests: FolderTestCase {
    static let cases: UInt64 = 300

    private var session: TestSessionFolder { TestSessionFolder(path: folder.path) }

    private static let units = [
        TestUnit(library: .xctest, test: "App.FeedTests/testRefresh"),
        TestUnit(
            library: .swiftTesting,
            test: "App.profile()",
            testID: "App.profile()/P.swift:3:2",
            file: "/p/P.swift",
            line: 3
        ),
        TestUnit(
            library: .swiftTesting,
            test: "App.S/f(x:)",
            testID: "App.S/f(x:)/F.swift:9:4",
            caseName: "\"a\" <é>",
            caseID: "c1"
        ),
        TestUnit(library: .xctest, test: "App.`odd \"name\" / é`/test"),
    ]

    private static func resultLine(_ unit: TestUnit, _ index: Int) throws -> [UInt8] {
        var report = TestRunFixtures.test(
            unit.reportName,
            TestOutcome(result: .failed, issues: [TestRunFixtures.assertion])
        )
        if index.isMultiple(of: 2) { report.findings = [ReportFixtures.leak(signature: "sig-\(index)")] }
        return Array(try JSONEncoder().encode(TestSessionFolder.Result(unit: unit, report: report)))
    }

    /// `lines` with line `index` mutated (it may gain or lose newlines), as the file's bytes.
    private static func file(_ lines: [[UInt8]], mutating index: Int, seed: UInt64) -> [UInt8] {
        var mutator = InputMutator(seed: seed)
        var lines = lines
        lines[index] = mutator.mutate(lines[index], other: lines[(index + 1) % lines.count])
        return lines.flatMap { $0 + [0x0A] }
    }

    private func write(_ bytes: [UInt8], to file: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: file))
    }

    /// Whether `expected` appears in `actual` in order (other items may come between).
    private static func isSubsequence<T: Equatable>(_ expected: [T], of actual: [T]) -> Bool {
        var rest = actual[...]
        for item in expected {
            guard let at = rest.firstIndex(of: item) else { return false }
            rest = rest[rest.index(after: at)...]
        }
        return true
    }

    func testEveryUntouchedResultLineIsReadOnceAndInOrder() throws {
        let lines = try Self.units.enumerated().map { try Self.resultLine($0.element, $0.offset) }
        for seed in 0..<Self.cases {
            let mutated = Int(seed) % lines.count
            try write(Self.file(lines, mutating: mutated, seed: seed), to: session.resultsFile)
            let read = session.readResults().map(\.unit)
            let untouched = Self.units.indices.filter { $0 != mutated }.map { Self.units[$0] }
            XCTAssertTrue(Self.isSubsequence(untouched, of: read), "seed \(seed): \(read.map(\.test))")
        }
    }

    func testAResultsFileReadAsItGrowsGivesWhatItGivesReadWhole() throws {
        let lines = try Self.units.enumerated().map { try Self.resultLine($0.element, $0.offset) }
        // Fewer cases: each decodes the file's lines about ten times as it grows.
        for seed in 0..<Self.cases / 3 {
            let bytes = Self.file(lines, mutating: Int(seed) % lines.count, seed: seed)
            session.reset()
            var reader = TestSessionFolder.ResultReader(session)
            var random = SeededGenerator(seed: seed)
            var written = 0
            while written < bytes.count {
                let end = min(bytes.count, written + Int.random(in: 1...1_000, using: &random))
                try write(Array(bytes[..<end]), to: session.resultsFile)
                written = end
                reader.readNew()
            }
            let whole = session.readResults()
            XCTAssertEqual(reader.results.map(\.unit), whole.map(\.unit), "seed \(seed)")
            XCTAssertEqual(reader.results.map(\.report.name), whole.map(\.report.name), "seed \(seed)")
        }
    }

    private static let progressLines: [[UInt8]] = units.flatMap { ["started\t\($0.key)", "ended\t\($0.key)"] }
        .map { Array($0.utf8) }

    private static let progress = units.flatMap { [TestSessionFolder.Progress.started($0.key), .ended($0.key)] }

    func testEveryUntouchedProgressLineIsRead() throws {
        for seed in 0..<Self.cases {
            let mutated = Int(seed) % Self.progressLines.count
            try write(Self.file(Self.progressLines, mutating: mutated, seed: seed), to: session.progressFile)
            let read = session.readProgress()
            let untouched = Self.progress.indices.filter { $0 != mutated }.map { Self.progress[$0] }
            XCTAssertTrue(Self.isSubsequence(untouched, of: read), "seed \(seed): \(read)")
        }
    }

    /// The runner polls the progress file while the test process appends to it: what it reads
    /// at any moment is the start of what it reads at the end, never a key cut short.
    func testAProgressFileReadAsItGrowsNeverGivesALineCutShort() throws {
        let bytes: [UInt8] = Self.progressLines.flatMap { $0 + [0x0A] }
        for seed in 0..<Self.cases {
            var random = SeededGenerator(seed: seed)
            let cut = Int.random(in: 0...bytes.count, using: &random)
            try write(Array(bytes.prefix(cut)), to: session.progressFile)
            let read = session.readProgress()
            XCTAssertEqual(read, Array(Self.progress.prefix(read.count)), "seed \(seed), cut at \(cut): \(read)")
        }
    }

    func testAMutatedTestListIsRefusedInOneLineNamingTheFileOrRead() throws {
        let list = Array(try JSONEncoder().encode(Self.units))
        var read = 0
        for seed in 0..<Self.cases {
            var mutator = InputMutator(seed: seed)
            try write(mutator.mutate(list, other: list), to: session.listFile)
            do {
                _ = try session.readList()
                read += 1
            } catch {
                assertOneLineNaming(session.listFile, error, seed: seed)
            }
        }
        XCTAssertLessThan(read, Int(Self.cases), "every mutation was read: the refusals go untested")
    }
}
