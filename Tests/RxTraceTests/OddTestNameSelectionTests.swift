import Foundation
import XCTest

@testable import RxTraceRunner

/// Test names with odd characters through `rxtrace test`'s selection and the session's progress
/// file: `--shard` splits any names into disjoint shards that cover them in the binary's order,
/// `--filter` with a name's escaped pattern selects that test, and a test's start and end come
/// back from the progress file under the key it was recorded with.
final class OddTestNameSelectionTests: FolderTestCase {
    private func units(seed: UInt64) -> [TestUnit] {
        OddTestNames.make(count: 40, seed: seed).enumerated().map { index, name in
            index.isMultiple(of: 2)
                ? TestUnit(library: .xctest, test: name)
                : TestUnit(library: .swiftTesting, test: name, testID: name + "/T.swift:\(index):2")
        }
    }

    private func pipeline(filter: String? = nil, shard: String? = nil) -> TestPipeline {
        TestPipeline(packagePath: folder.path, filter: filter, shard: shard, output: path("out"))
    }

    func testShardsOfOddNamesAreDisjointAndCoverEveryTestInOrder() throws {
        for seed: UInt64 in 1...8 {
            let all = units(seed: seed)
            for count in 1...5 {
                let shards = try (1...count).map { try pipeline(shard: "\($0)/\(count)").select(all) }
                let keys = shards.flatMap { $0.map(\.key) }
                XCTAssertEqual(Set(keys).count, keys.count, "seed \(seed), \(count) shards: a test in two shards")
                XCTAssertEqual(Set(keys), Set(all.map(\.key)), "seed \(seed), \(count) shards: a test in none")
                for shard in shards {
                    XCTAssertEqual(shard, all.filter(shard.contains), "seed \(seed): a shard out of the binary's order")
                }
            }
        }
    }

    func testAnOddNamesEscapedPatternSelectsThatTest() throws {
        for seed: UInt64 in 1...8 {
            let all = units(seed: seed)
            for unit in all {
                let pattern = "^" + NSRegularExpression.escapedPattern(for: unit.test) + "$"
                XCTAssertEqual(
                    try pipeline(filter: pattern).select(all),
                    [unit],
                    "seed \(seed): \(unit.test.debugDescription)"
                )
            }
        }
    }

    /// Test identifiers hold no line break (Swift forbids one in an identifier, raw or not), so
    /// the names here are the odd ones without.
    func testOddKeysComeBackFromTheProgressFileAsRecorded() {
        let session = TestSessionFolder(path: folder.path)
        for seed: UInt64 in 1...8 {
            session.reset()
            let keys = units(seed: seed).map(\.key).filter {
                !$0.unicodeScalars.contains(where: OddTestNames.breaksALine)
            }
            XCTAssertFalse(keys.isEmpty)
            for key in keys {
                session.recordStart(key)
                session.recordEnd(key)
            }
            XCTAssertEqual(session.readProgress(), keys.flatMap { [.started($0), .ended($0)] }, "seed \(seed)")
        }
    }
}
