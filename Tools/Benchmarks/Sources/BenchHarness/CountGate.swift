import Foundation

/// Counts per operation as a regression gate (`make alloc-check`, run by `make test`): heap
/// allocations, generic-metadata look-ups and dynamic exclusivity checks per operation are exact
/// and repeatable for a given build and scale, unlike time, so they can be checked against
/// committed thresholds on any machine.
public struct CountGate {
    /// What each threshold column counts, in the file's order ("allocations", …).
    public let columns: [String]

    /// The gates `make alloc-check` runs.
    public static let allocations = CountGate(columns: ["allocations"])
    public static let runtimeCalls = CountGate(columns: ["metadata look-ups", "exclusivity checks"])

    /// One committed line: at most `limits[i]` of `columns[i]` per operation.
    public struct Threshold: Equatable {
        public let name: String
        public let limits: [Double]
    }

    /// A threshold file that cannot be used; the message is the one line to print.
    public struct FileError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Half a count per operation of slack: the amortised set-up of a pump (one subject and one
    /// subscription over thousands of events) may add a fraction, and one more per operation, the
    /// regression this gate exists for, is a whole one.
    public static let tolerance = 0.5

    /// Reads `<name> <limit>…` lines, one limit per column (the name may contain spaces); `#`
    /// starts a comment, blank lines are skipped.
    public func thresholds(at path: String) throws -> [Threshold] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw FileError(description: "cannot read the thresholds file \(path)")
        }
        var result: [Threshold] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            if fields.isEmpty { continue }
            // The last fields are the limits; the name before them may contain spaces.
            let limits = fields.suffix(columns.count).compactMap { Double($0) }.filter { $0 >= 0 }
            guard fields.count > columns.count, limits.count == columns.count else {
                let expected = (["<name>"] + columns.map { "<\($0) per operation>" }).joined(separator: " ")
                throw FileError(description: "\(path):\(index + 1): expected `\(expected)`, got `\(rawLine)`")
            }
            result.append(Threshold(name: fields.dropLast(columns.count).joined(separator: " "), limits: limits))
        }
        return result
    }

    /// Compares measured counts per operation (one per column) with the thresholds, prints one
    /// line per check (failures name the check, the threshold and the count) and returns whether
    /// all passed. A measurement without a threshold and a threshold without a measurement both
    /// fail, so the file always lists exactly what is checked.
    public func check(measured: [(name: String, counts: [Double])], thresholds: [Threshold], file: String) -> Bool {
        var passed = true
        let byName = Dictionary(thresholds.map { ($0.name, $0.limits) }, uniquingKeysWith: { first, _ in first })
        for (name, counts) in measured {
            guard let limits = byName[name] else {
                let described = zip(counts, columns).map { "\(String(format: "%.2f", $0)) \($1)" }
                print(
                    "alloc-check: FAIL: \(name): \(described.joined(separator: ", ")) per operation and no threshold in \(file)"
                )
                passed = false
                continue
            }
            for (column, (count, limit)) in zip(columns, zip(counts, limits)) {
                let measured = String(format: "%.2f", count)
                let threshold = Self.format(limit)
                if count >= limit + Self.tolerance {
                    print(
                        "alloc-check: FAIL: \(name): \(measured) \(column) per operation, threshold \(threshold) (\(file))"
                    )
                    passed = false
                } else if count <= limit - Self.tolerance {
                    print(
                        "alloc-check: ok: \(name): \(measured) \(column) per operation, below its threshold \(threshold): lower it in \(file)"
                    )
                } else {
                    print("alloc-check: ok: \(name): \(measured) \(column) per operation (threshold \(threshold))")
                }
            }
        }
        let measuredNames = Set(measured.map(\.name))
        for threshold in thresholds where !measuredNames.contains(threshold.name) {
            print("alloc-check: FAIL: \(threshold.name): threshold in \(file) but nothing of that name was measured")
            passed = false
        }
        return passed
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
