import Foundation

/// Reads suppressions files.
///
/// One rule a line: `<kind> <field>:<glob> [<field>:<glob>…] # <reason>`.
/// - kind: `leak`, `cycle`, `thread`, `object` or `any`;
/// - field: `type` (a resource type), `function` (call site or backtrace function),
///   `file` (call site or backtrace file); several conditions must all match;
/// - glob: `*` any run of characters, `?` one character; no spaces;
/// - the reason after `#` is required, and is shown in reports.
/// Blank lines and lines starting with `#` are ignored.
public enum SuppressionFile {
    /// Parses `text`; `path` names the file in errors and in each rule.
    public static func parse(_ text: String, path: String) throws -> [SuppressionRule] {
        var rules: [SuppressionRule] = []
        // Any line ending: "\r\n" is one Character in Swift, so splitting on "\n" alone would
        // read a file saved with Windows line endings as one line.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        for (offset, rawLine) in lines.enumerated() {
            let lineNumber = offset + 1
            let line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line.hasPrefix("#") { continue }
            func fail(_ message: String) -> SuppressionError {
                .malformed(path: path, line: lineNumber, message: message)
            }
            guard let hash = line.firstIndex(of: "#") else {
                throw fail("missing '# reason' (every rule says why it exists)")
            }
            let reason = line[line.index(after: hash)...].trimmingCharacters(in: .whitespaces)
            guard !reason.isEmpty else { throw fail("empty reason after '#'") }
            let words = line[..<hash].split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard let kindWord = words.first else { throw fail("missing kind before '#'") }
            guard let kind = SuppressionRule.Kind(rawValue: kindWord) else {
                throw fail(
                    "unknown kind '\(kindWord)' (expected \(SuppressionRule.Kind.allCases.map(\.rawValue).joined(separator: ", ")))"
                )
            }
            guard words.count > 1 else {
                throw fail("missing a condition such as type:<glob>, function:<glob> or file:<glob>")
            }
            var conditions: [SuppressionRule.Condition] = []
            for word in words.dropFirst() {
                guard let colon = word.firstIndex(of: ":") else {
                    throw fail("'\(word)' is not <field>:<glob>")
                }
                let fieldName = String(word[..<colon])
                let pattern = String(word[word.index(after: colon)...])
                guard let field = SuppressionRule.Field(rawValue: fieldName) else {
                    throw fail("unknown field '\(fieldName)' (expected type, function or file)")
                }
                guard !pattern.isEmpty else { throw fail("empty pattern after '\(fieldName):'") }
                conditions.append(.init(field: field, pattern: pattern))
            }
            rules.append(
                SuppressionRule(kind: kind, conditions: conditions, reason: reason, file: path, line: lineNumber)
            )
        }
        return rules
    }

    /// Reads and parses the file at `path`.
    public static func load(path: String) throws -> [SuppressionRule] {
        let data: Data
        do {
            data = try FileReading.read(path)
        } catch let failure as FileReading.Failure {
            throw SuppressionError.unreadable(path: path, reason: failure.reason)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw SuppressionError.unreadable(path: path, reason: "not UTF-8 text")
        }
        return try parse(text, path: path)
    }
}

/// A suppressions file that cannot be used (CLI exit code 2).
public enum SuppressionError: Error, Equatable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case malformed(path: String, line: Int, message: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): return "cannot read suppressions file '\(path)': \(reason)"
        case .malformed(let path, let line, let message): return "\(path):\(line): malformed suppression: \(message)"
        }
    }
}

extension RunReport {
    /// Marks every finding the first matching rule suppresses and lists the rules with their
    /// match counts (rules that matched nothing are listed with 0, so stale rules show).
    public mutating func apply(suppressions rules: [SuppressionRule]) {
        var matches = Array(repeating: 0, count: rules.count)
        for s in scenarios.indices {
            for f in scenarios[s].findings.indices {
                guard let index = rules.firstIndex(where: { $0.matches(scenarios[s].findings[f]) }) else { continue }
                scenarios[s].findings[f].suppressedBy = rules[index]
                matches[index] += 1
            }
        }
        suppressions = zip(rules, matches).map { SuppressionUsage(rule: $0, matchedFindings: $1) }
    }
}
