/// One line of a suppressions file: findings of `kind` whose fields match every pattern are
/// reported as suppressed, with `reason`, and never fail a run.
///
/// Syntax (the DocC article "Baselines, suppressions and shards"):
///
///     # comment
///     leak type:IntervalSink* function:*LegacyFeed* # vendor SDK keeps its timer, FEED-12
///     any file:Sources/Legacy/*                      # legacy module, rewrite planned
public struct SuppressionRule: Codable, Equatable, Hashable, Sendable {
    /// Which findings the rule applies to.
    public enum Kind: String, Codable, CaseIterable, Sendable {
        case leak, cycle, thread, object, any

        public func matches(_ kind: FindingKind) -> Bool {
            switch (self, kind) {
            case (.any, _), (.leak, .leakedSubscription), (.cycle, .referenceCycle),
                (.thread, .threadAnomaly), (.object, .unreleasedObject):
                return true
            default:
                return false
            }
        }
    }

    /// What a pattern is matched against.
    public enum Field: String, Codable, CaseIterable, Sendable {
        /// Any of the finding's resource types.
        case type
        /// The call site's function or any backtrace frame's function.
        case function
        /// The call site's file or any backtrace frame's file.
        case file
    }

    /// One `field:glob` condition.
    public struct Condition: Codable, Equatable, Hashable, Sendable {
        public var field: Field
        /// A glob: `*` matches any run of characters (including `/`), `?` one character.
        public var pattern: String

        public init(field: Field, pattern: String) {
            self.field = field
            self.pattern = pattern
        }
    }

    public var kind: Kind
    /// All must match.
    public var conditions: [Condition]
    public var reason: String
    /// Where the rule was read from, for the report ("ci/rxtrace-suppressions.txt").
    public var file: String?
    public var line: Int?

    public init(kind: Kind, conditions: [Condition], reason: String, file: String? = nil, line: Int? = nil) {
        self.kind = kind
        self.conditions = conditions
        self.reason = reason
        self.file = file
        self.line = line
    }

    /// The rule as written, without its reason: "leak type:IntervalSink*".
    public var ruleText: String {
        ([kind.rawValue] + conditions.map { "\($0.field.rawValue):\($0.pattern)" }).joined(separator: " ")
    }

    /// Whether rxtrace made the rule (what `rxtrace test` reports without failing) rather
    /// than a user's suppressions file: its `file` names rxtrace.
    public var isBuiltIn: Bool { file?.hasPrefix("rxtrace ") == true }

    /// "suppressions.txt:3", when known.
    public var origin: String? {
        guard let file else { return nil }
        return line.map { "\(file):\($0)" } ?? file
    }

    /// Whether the rule suppresses `finding`.
    public func matches(_ finding: LeakFinding) -> Bool {
        guard kind.matches(finding.kind) else { return false }
        return conditions.allSatisfy { condition in
            let candidates: [String]
            switch condition.field {
            case .type:
                candidates = finding.resourceTypes
            case .function:
                candidates = [finding.callSite?.function].compactMap { $0 } + finding.backtrace.map(\.function)
            case .file:
                candidates = [finding.callSite?.file].compactMap { $0 } + finding.backtrace.compactMap(\.file)
            }
            return candidates.contains { Glob.matches(condition.pattern, $0) }
        }
    }
}

/// A rule the run used, and how many findings it suppressed.
public struct SuppressionUsage: Codable, Equatable, Sendable {
    public var rule: SuppressionRule
    public var matchedFindings: Int

    public init(rule: SuppressionRule, matchedFindings: Int) {
        self.rule = rule
        self.matchedFindings = matchedFindings
    }
}
