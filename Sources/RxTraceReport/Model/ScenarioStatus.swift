/// How a scenario's run ended.
///
/// JSON: `{"state": "crashed", "signal": 11, "exitCode": null}`; `message` only for `failed`.
public enum ScenarioStatus: Equatable, Sendable {
    /// Ran to the end and nothing leaked.
    case clean
    /// Ran to the end with leaked subscriptions or unreleased objects.
    case leaked
    /// Ran to the end and a reference cycle keeps something alive.
    case cycle
    /// Ran to the end with a thread anomaly.
    case threadAnomaly
    /// The scenario body threw; `message` is the error's description.
    case failed(message: String)
    /// The process trapped or was killed by `signal`, or exited with `exitCode` without a result.
    case crashed(signal: Int?, exitCode: Int?)
    /// Killed after `seconds` without finishing.
    case timedOut(seconds: Double?)

    /// The JSON `state` string.
    public var state: String {
        switch self {
        case .clean: return "clean"
        case .leaked: return "leaked"
        case .cycle: return "cycle"
        case .threadAnomaly: return "threadAnomaly"
        case .failed: return "failed"
        case .crashed: return "crashed"
        case .timedOut: return "timedOut"
        }
    }

    /// Whether the run did not complete (crash, hang or a throwing body): CI exit code 3 territory.
    public var isAbnormal: Bool {
        switch self {
        case .failed, .crashed, .timedOut: return true
        default: return false
        }
    }

    /// A word or two for a table cell: "crashed", "timed out", "failed" (the JSON `state` is
    /// camel-cased for programs).
    public var shortName: String {
        switch self {
        case .timedOut: return "timed out"
        case .threadAnomaly: return "thread anomaly"
        default: return state
        }
    }

    /// Words for people: "crashed (signal 11)", "timed out after 30 s".
    public var displayName: String {
        switch self {
        case .clean, .leaked, .cycle: return state
        case .threadAnomaly: return "thread anomaly"
        case .failed(let message): return "failed: \(message)"
        case .crashed(let signal, let exitCode):
            var parts: [String] = []
            if let signal { parts.append("signal \(signal)") }
            if let exitCode { parts.append("exit code \(exitCode)") }
            return parts.isEmpty ? "crashed" : "crashed (\(parts.joined(separator: ", ")))"
        case .timedOut(let seconds):
            guard let seconds else { return "timed out" }
            return "timed out after \(ReportNumbers.seconds(seconds))"
        }
    }
}

extension ScenarioStatus: Codable {
    private enum CodingKeys: String, CodingKey {
        case state, message, signal, exitCode, seconds
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let state = try container.decode(String.self, forKey: .state)
        switch state {
        case "clean": self = .clean
        case "leaked": self = .leaked
        case "cycle": self = .cycle
        case "threadAnomaly": self = .threadAnomaly
        case "failed": self = .failed(message: try container.decodeIfPresent(String.self, forKey: .message) ?? "")
        case "crashed":
            self = .crashed(
                signal: try container.decodeIfPresent(Int.self, forKey: .signal),
                exitCode: try container.decodeIfPresent(Int.self, forKey: .exitCode)
            )
        case "timedOut": self = .timedOut(seconds: try container.decodeIfPresent(Double.self, forKey: .seconds))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .state,
                in: container,
                debugDescription: "unknown scenario state '\(state)'"
            )
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(state, forKey: .state)
        switch self {
        case .failed(let message): try container.encode(message, forKey: .message)
        case .crashed(let signal, let exitCode):
            try container.encode(signal, forKey: .signal)
            try container.encode(exitCode, forKey: .exitCode)
        case .timedOut(let seconds): try container.encode(seconds, forKey: .seconds)
        default: break
        }
    }
}
