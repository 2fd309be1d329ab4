/// What a run's entries are: the scenarios of `run` and `check`, or the tests of `rxtrace test`
/// (each XCTest method, Swift Testing function or argument case is one entry). Renderers name
/// them with `noun`.
public enum RunSubject: String, Codable, Sendable {
    case scenarios
    case tests

    /// "scenario" or "test", for counts ("3 tests").
    public var noun: String { self == .tests ? "test" : "scenario" }
    /// "Scenario" or "Test", for a column.
    public var title: String { self == .tests ? "Test" : "Scenario" }
    /// "Scenarios" or "Tests", for a heading.
    public var pluralTitle: String { title + "s" }
}
