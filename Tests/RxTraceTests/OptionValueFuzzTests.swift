import Foundation
import RxTraceReport
import SeededRandom
import XCTest

@testable import RxTrace
@testable import RxTraceRunner

/// Random option values for `rxtrace test` and `check` (shard, filter, timeouts, jobs): each
/// is accepted or refused with one line, and an accepted `--shard i/n` picks the i-th of n
/// disjoint shards that together cover the tests.
final class OptionValueFuzzTests: XCTestCase {
    static let cases: UInt64 = 600

    /// Numbers and words that option parsers trip on.
    static let atoms = [
        "0", "1", "2", "4", "-1", "+3", "007", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
        "1e308", "inf", "-inf", "nan", "0.0001", "1_000", "٣", "２", " 1", "", "/", "//", "a", "(", "[", "*", "\\",
        "(?<", "\u{0}", "\n", "é", "👩‍👩‍👧", ".*", "^Tests\\.", "x{99999}",
    ]

    private func randomValue(_ random: inout SeededGenerator) -> String {
        (0..<Int.random(in: 1...4, using: &random)).map { _ in Self.atoms.randomElement(using: &random)! }.joined()
    }

    func testRandomOptionValuesAreAcceptedOrRefusedInOneLine() {
        let options = ["--shard", "--filter", "--timeout", "--drain-timeout", "--jobs"]
        var accepted = 0
        for seed in 0..<Self.cases {
            var random = SeededGenerator(seed: seed)
            let option = options[Int(seed) % options.count]
            let value = randomValue(&random)
            do {
                _ = try TestCommand.parse([option, value])
                accepted += 1
            } catch {
                let message = TestCommand.message(for: error)
                XCTAssertFalse(message.isEmpty, "seed \(seed): \(option) \(value.debugDescription)")
                // What the CLI prints for it.
                XCTAssertFalse(BadInput(message).message.contains(where: \.isNewline), "seed \(seed)")
                XCTAssertNotEqual(TestCommand.exitCode(for: error).rawValue, 0, "seed \(seed)")
            }
        }
        XCTAssertGreaterThan(accepted, 0)
        XCTAssertLessThan(accepted, Int(Self.cases))
    }

    func testShardSpecsSplitTheTestsOrAreRefusedInOneLine() throws {
        let names = (0..<37).map { "Module.Class/test\($0)" }
        for seed in 0..<Self.cases {
            var random = SeededGenerator(seed: seed)
            let spec =
                seed % 2 == 0
                ? randomValue(&random)
                : "\(Int.random(in: -2...9, using: &random))/\(Int.random(in: -1...9, using: &random))"
            do {
                let shard = try ScenarioSelection.shard(names, spec, name: { $0 })
                let parts = spec.split(separator: "/").map { Int($0)! }
                let all = try (1...parts[1]).flatMap {
                    try ScenarioSelection.shard(names, "\($0)/\(parts[1])", name: { $0 })
                }
                XCTAssertEqual(
                    all.sorted(),
                    names.sorted(),
                    "seed \(seed): shards of \(parts[1]) do not cover the tests"
                )
                XCTAssertEqual(Set(all).count, all.count, "seed \(seed): shards of \(parts[1]) overlap")
                XCTAssertTrue(Set(shard).isSubset(of: names), "seed \(seed)")
            } catch let error as BadInput {
                XCTAssertTrue(
                    error.message.contains("'\(OneLineText.escaping(spec))'"),
                    "seed \(seed): \(error.message)"
                )
                XCTAssertFalse(
                    error.message.contains(where: \.isNewline),
                    "seed \(seed): \(error.message.debugDescription)"
                )
            }
        }
    }

    /// A value with a line break (`--shard $'1\n/2'`) is echoed escaped, and the error stays one
    /// line for scripts and CI logs that read it line by line.
    func testAnEchoedValueWithALineBreakStaysOnOneLine() {
        XCTAssertThrowsError(try ScenarioSelection.shard([], "1\n/2")) { error in
            XCTAssertEqual(
                "\(error)",
                #"malformed --shard '1\n/2': expected i/n with 1 ≤ i ≤ n, for example 2/4"#
            )
        }
        XCTAssertThrowsError(try ScenarioSelection.selected([], filter: "leak\r\n\u{1B}[2J", shard: nil)) { error in
            XCTAssertTrue(
                "\(error)".hasPrefix(#"no scenario matches --filter 'leak\r\n\u{1B}[2J' (see "#),
                "\(error)"
            )
        }
    }
}
