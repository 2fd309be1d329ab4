import Foundation
import SeededRandom
import XCTest

@testable import RxTraceReport

/// Mutated JSON reports given to `rxtrace report`: each is refused with one line naming the
/// file (and nothing written beside it), or read, merged and rendered in every format without a
/// crash. Seeded with reports `rxtrace` writes (finished, interrupted, hostile text), mutated byte
/// by byte and value by value (numbers at their limits, odd strings, emptied arrays, missing keys).
final class ReportInputFuzzTests: FolderTestCase {
    static let byteCases: UInt64 = 300
    static let valueCases: UInt64 = 300

    private func seeds() throws -> [[UInt8]] {
        try [ReportFixtures.run(), ReportFixtures.hostile(), ReportFixtures.interrupted()]
            .map { Array(try JSONReportCoding.encode($0)) }
    }

    func testByteMutatedReportsAreRefusedInOneLineOrRendered() throws {
        let seeds = try seeds()
        var rendered = 0
        for seed in 0..<Self.byteCases {
            var mutator = InputMutator(seed: seed)
            let bytes = mutator.mutate(seeds[Int(seed) % seeds.count], other: seeds[Int(seed + 1) % seeds.count])
            if try readAndRender(bytes, seed: seed) { rendered += 1 }
        }
        // Both outcomes are reached, or the corpus tests one path of the reader only.
        XCTAssertGreaterThan(rendered, 0)
        XCTAssertLessThan(rendered, Int(Self.byteCases))
    }

    func testValueMutatedReportsAreRefusedInOneLineOrRendered() throws {
        let seeds = try seeds().map { try JSONSerialization.jsonObject(with: Data($0)) }
        var rendered = 0
        for seed in 0..<Self.valueCases {
            if try readAndRender(InputMutator.valueMutated(seeds, seed: seed), seed: seed) { rendered += 1 }
        }
        // Enough value mutations keep a report readable for the renderers to be reached.
        XCTAssertGreaterThan(rendered, Int(Self.valueCases) / 10)
        XCTAssertLessThan(rendered, Int(Self.valueCases))
    }

    func testAnUnknownValueHoldingALineBreakIsQuotedOnOneLine() throws {
        var object =
            try JSONSerialization.jsonObject(with: try JSONReportCoding.encode(ReportFixtures.run())) as! [String: Any]
        var scenarios = object["scenarios"] as! [[String: Any]]
        scenarios[0]["actualVerdict"] = "clean\nleak\r\u{2028}"
        object["scenarios"] = scenarios
        let file = path("edited.json")
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: file))
        XCTAssertThrowsError(try ReportMerger.merge(paths: [file])) { error in
            assertOneLineNaming(file, error, seed: 0)
            XCTAssertTrue("\(error)".contains("at .scenarios[0].actualVerdict"), "\(error)")
        }
    }

    /// Writes `bytes` as a report file, loads and merges it as `rxtrace report` does, and
    /// renders every format; true when it was read.
    private func readAndRender(_ bytes: [UInt8], seed: UInt64) throws -> Bool {
        let name = "shard-\(seed).json"
        let file = path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let merged: RunReport
        do {
            merged = try ReportMerger.merge(paths: [file])
        } catch let error as ReportInputError {
            assertOneLineNaming(file, error, seed: seed)
            XCTAssertEqual(
                try FileManager.default.contentsOfDirectory(atPath: folder.path),
                [name],
                "seed \(seed): a refused report left files behind"
            )
            return false
        } catch {
            XCTFail("seed \(seed): \(type(of: error)) instead of a ReportInputError: \(error)")
            return false
        }
        for format in ReportFormat.allCases {
            XCTAssertNoThrow(try format.render(merged), "seed \(seed): \(format)")
        }
        _ = merged.gateOutcome.exitCode
        return true
    }

    /// One random change deep in a JSON value.
    static func mutate(_ value: Any, _ random: inout SeededGenerator) -> Any {
        if var object = value as? [String: Any], !object.isEmpty, Int.random(in: 0..<5, using: &random) > 0 {
            let key = object.keys.sorted().randomElement(using: &random)!
            if Int.random(in: 0..<12, using: &random) == 0 {
                object[key] = nil
            } else {
                object[key] = mutate(object[key]!, &random)
            }
            return object
        }
        if var array = value as? [Any], !array.isEmpty, Int.random(in: 0..<5, using: &random) > 0 {
            let index = Int.random(in: 0..<array.count, using: &random)
            switch Int.random(in: 0..<8, using: &random) {
            case 0: array.remove(at: index)
            case 1: array.append(array[index])
            default: array[index] = mutate(array[index], &random)
            }
            return array
        }
        // Mostly a value of the same kind (so the report stays readable and reaches the
        // renderers), sometimes any value (so the decoder's refusals are exercised too).
        let numbers: [Any] = [-1, 0, Int.max, Int.min, Int32.max, -2_147_483_649, 1e300, -1e300, 0.5]
        let strings: [Any] = [
            "", "\u{0}\n\r\t\"<&>]]>", "👩‍👩‍👧 é", String(repeating: "x", count: 10_000), "../../etc/passwd",
            "1970-01-01T00:00:00Z", "not a date", "\u{1B}[31mred", "%@ %n",
        ]
        let others: [Any] = [[Any](), [String: Any](), NSNull(), true]
        let sameKind = Int.random(in: 0..<5, using: &random) > 0
        if sameKind, value is String { return strings.randomElement(using: &random)! }
        if sameKind, value is NSNumber, !(value is Bool) { return numbers.randomElement(using: &random)! }
        return (numbers + strings + others).randomElement(using: &random)!
    }
}
