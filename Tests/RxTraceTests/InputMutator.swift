import Foundation
import SeededRandom
import XCTest

/// Seeded mutations of real input files, for the readers' property tests: byte flips,
/// insertions of characters readers trip on, cuts, duplicated spans and splices of two seeds.
/// A seed number rebuilds the same input, so a failing case names its seed.
struct InputMutator {
    /// Bytes and sequences that break parsers: quotes, brackets, separators, line endings of
    /// every kind, NUL and control characters, invalid UTF-8, numbers at their limits.
    static let dictionary: [[UInt8]] =
        [
            "\"", "\\", "{", "}", "[", "]", ":", ",", "#", "/", "*", "?", "\n", "\r\n", "\r", "\t", " ",
            "\u{0}", "\u{7}", "\u{1B}[31m", "\u{85}", "\u{2028}", "\u{FEFF}", "é", "👩‍👩‍👧", "null", "true", "-1", "0",
            "1e308", "-9223372036854775809", "18446744073709551616", "NaN", "\"\\u0000\"", "[[[[[[[[", "}}}}", "%s%n",
            "<script>", "]]>", "'", "..", "//",
        ].map { Array($0.utf8) } + [[0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80]]

    private var random: SeededGenerator

    init(seed: UInt64) { random = SeededGenerator(seed: seed) }

    /// 1–4 mutations of `input` (and, for a splice, of `other`).
    mutating func mutate(_ input: [UInt8], other: [UInt8]) -> [UInt8] {
        var bytes = input
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            let at = bytes.isEmpty ? 0 : Int.random(in: 0...bytes.count, using: &random)
            switch Int.random(in: 0..<7, using: &random) {
            case 0 where !bytes.isEmpty:
                bytes[min(at, bytes.count - 1)] ^= UInt8(1 << Int.random(in: 0..<8, using: &random))
            case 1: bytes.insert(contentsOf: InputMutator.dictionary.randomElement(using: &random)!, at: at)
            case 2 where !bytes.isEmpty:
                let end = min(bytes.count, at + Int.random(in: 1...64, using: &random))
                bytes.removeSubrange(min(at, end)..<end)
            case 3 where at < bytes.count:
                let end = min(bytes.count, at + Int.random(in: 1...200, using: &random))
                bytes.insert(contentsOf: Array(bytes[at..<end]), at: end)
            case 4: bytes = Array(bytes.prefix(at))
            case 5 where !other.isEmpty:
                let from = Int.random(in: 0..<other.count, using: &random)
                bytes = Array(bytes.prefix(at)) + other[from...]
            default: bytes.insert(UInt8.random(in: 0...255, using: &random), at: at)
            }
        }
        return bytes
    }
}

extension InputMutator {
    /// Seed `seed`'s JSON value (`values[seed % count]`) with 1–3 random changes deep in it
    /// (`ReportInputFuzzTests.mutate`: wrong types, numbers at their limits, odd strings), as
    /// the bytes a reader gets.
    static func valueMutated(_ values: [Any], seed: UInt64) throws -> [UInt8] {
        var random = SeededGenerator(seed: seed)
        var value = values[Int(seed) % values.count]
        for _ in 0..<Int.random(in: 1...3, using: &random) { value = ReportInputFuzzTests.mutate(value, &random) }
        return Array(try JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed]))
    }
}

/// What every reader owes a user on bad input: one line, naming the file.
func assertOneLineNaming(
    _ path: String,
    _ error: Error,
    seed: UInt64,
    file: StaticString = #filePath,
    line: UInt = #line
) {
    let message = "\(error)"
    XCTAssertFalse(
        message.contains(where: \.isNewline),
        "seed \(seed): the error is not one line: \(message.debugDescription)",
        file: file,
        line: line
    )
    XCTAssertTrue(
        message.contains(path),
        "seed \(seed): the error does not name \(path): \(message)",
        file: file,
        line: line
    )
}
