// TEMPORARY: stand-in for the reports helper's Verdict until it lands on main. Delete then.
public enum Verdict: String, Codable, CaseIterable, Sendable {
    case clean, leak, cycle, hopsReported, threadAnomaly, crashed, timedOut
}
