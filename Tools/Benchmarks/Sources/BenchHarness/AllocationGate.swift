import Foundation

/// Allocation counts as a regression gate (`make alloc-check`, run by `make test`): heap
/// allocations per operation are exact and repeatable for a given build and scale, unlike time,
/// so they can be checked against committed thresholds on any machine.
public enum AllocationGate {
    /// One committed threshold: at most `allocations` heap allocations per operation.
    public struct Threshold: Equatable {
        public let name: String
        public let allocations: Double
    }

    /// A threshold file that cannot be used; the message is the one line to print.
    public struct FileError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Half an allocation per operation of slack: the amortised set-up of a pump (one subject and
    /// one subscription over thousands of events) may add a fraction, and one more object per
    /// operation, the regression this gate exists for, is a whole one.
    public static let tolerance = 0.5

    /// Reads `<name> <threshold>` lines (the name may contain spaces); `#` starts a comment, blank lines are skipped.
    public static func thresholds(at path: String) throws -> [Threshold] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw FileError(description: "cannot read the allocation thresholds file \(path)")
        }
        var result: [Threshold] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            if fields.isEmpty { continue }
            // The last field is the threshold; the name before it may contain spaces.
            guard fields.count >= 2, let allocations = Double(fields[fields.count - 1]), allocations >= 0 else {
                throw FileError(
                    description: "\(path):\(index + 1): expected `<name> <allocations per operation>`, got `\(rawLine)`"
                )
            }
            result.append(Threshold(name: fields.dropLast().joined(separator: " "), allocations: allocations))
        }
        return result
    }

    /// Compares measured allocations per operation with the thresholds, prints one line per
    /// check (failures name the check, the threshold and the count) and returns whether all passed.
    /// A measurement without a threshold and a threshold without a measurement both fail, so the
    /// file always lists exactly what is checked.
    public static func check(
        measured: [(name: String, allocations: Double)],
        thresholds: [Threshold],
        file: String
    ) -> Bool {
        var passed = true
        let byName = Dictionary(thresholds.map { ($0.name, $0.allocations) }, uniquingKeysWith: { first, _ in first })
        for (name, allocations) in measured {
            let count = String(format: "%.2f", allocations)
            guard let threshold = byName[name] else {
                print("alloc-check: FAIL: \(name): \(count) allocations per operation and no threshold in \(file)")
                passed = false
                continue
            }
            let limit = format(threshold)
            if allocations >= threshold + tolerance {
                print("alloc-check: FAIL: \(name): \(count) allocations per operation, threshold \(limit) (\(file))")
                passed = false
            } else if allocations <= threshold - tolerance {
                print(
                    "alloc-check: ok: \(name): \(count) allocations per operation, below its threshold \(limit): lower it in \(file)"
                )
            } else {
                print("alloc-check: ok: \(name): \(count) allocations per operation (threshold \(limit))")
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
