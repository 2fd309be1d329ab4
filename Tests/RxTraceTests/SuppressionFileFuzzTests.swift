import Foundation
import TestSupport
import XCTest

@testable import RxTraceReport

/// Mutated suppressions files, seeded with the documented example: each is read or refused with
/// one line naming the file and the line, never a crash; line endings do not change the rules.
final class SuppressionFileFuzzTests: XCTestCase {
    static let cases: UInt64 = 3_000

    /// The example of the suppressions article, as users copy it.
    static func documentedExample() throws -> String {
        let article = try String(
            contentsOf: SchemaValidator.repositoryRoot.appendingPathComponent(
                "Sources/RxTrace/RxTrace.docc/BaselinesSuppressionsAndShards.md"
            ),
            encoding: .utf8
        )
        let lines = article.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("# <kind>") }) else {
            throw XCTSkip("the suppressions article has no example block")
        }
        return lines[start...].prefix { $0 != "```" }.joined(separator: "\n") + "\n"
    }

    func testMutatedSuppressionFilesAreReadOrRefusedAtALine() throws {
        let example = try Self.documentedExample()
        XCTAssertEqual(try SuppressionFile.parse(example, path: "s").count, 3)
        let seeds = [Array(example.utf8), Array("leak type:*Sink function:bind* file:Sources/*.swift # why\n".utf8)]
        let path = "ci/rxtrace-suppressions"
        var read = 0
        for seed in 0..<Self.cases {
            var mutator = InputMutator(seed: seed)
            let text = String(
                decoding: mutator.mutate(seeds[Int(seed) % 2], other: seeds[Int(seed + 1) % 2]),
                as: UTF8.self
            )
            let lineCount = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).count
            do {
                for rule in try SuppressionFile.parse(text, path: path) {
                    XCTAssertFalse(rule.conditions.isEmpty, "seed \(seed)")
                    XCTAssertFalse(
                        rule.reason.contains(where: \.isNewline),
                        "seed \(seed): \(rule.reason.debugDescription)"
                    )
                    XCTAssertTrue(
                        (1...lineCount).contains(rule.line ?? 0),
                        "seed \(seed): rule at line \(rule.line ?? 0)"
                    )
                }
                read += 1
            } catch let error as SuppressionError {
                assertOneLineNaming(path, error, seed: seed)
                if case .malformed(_, let line, _) = error {
                    XCTAssertTrue((1...lineCount).contains(line), "seed \(seed): error at line \(line) of \(lineCount)")
                }
            } catch {
                XCTFail("seed \(seed): \(type(of: error)) instead of a SuppressionError: \(error)")
            }
        }
        XCTAssertGreaterThan(read, 0)
        XCTAssertLessThan(read, Int(Self.cases))
    }

    /// A file saved with Windows or old Mac line endings holds the same rules, at the same lines.
    func testEveryLineEndingReadsTheSameRules() throws {
        let example = try Self.documentedExample()
        let expected = try SuppressionFile.parse(example, path: "s")
        for ending in ["\r\n", "\r"] {
            let rules = try SuppressionFile.parse(example.replacingOccurrences(of: "\n", with: ending), path: "s")
            XCTAssertEqual(rules, expected, "line ending \(ending.debugDescription)")
        }
    }
}
