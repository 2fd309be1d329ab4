import RxTraceAnalysis
import RxTraceReport

/// A workload rxtrace runs to find leaks: a name for the command line, a one-line summary, the
/// verdict it should get, and a body that exercises Rx code.
///
/// The body runs once per pass (twice by default). It should do what a user does with one
/// screen or feature: subscribe, drive events, tear down. Everything it creates and that is
/// still alive after the last pass has drained is reported.
public struct Scenario {
    public let name: String
    public let summary: String
    public let expected: Verdict
    /// Where the scenario is declared, shown when it fails.
    public let file: String
    public let line: Int
    public let body: (ScenarioContext) throws -> Void

    public init(
        _ name: String,
        summary: String,
        expect expected: Verdict = .clean,
        file: String = #filePath,
        line: Int = #line,
        body: @escaping (ScenarioContext) throws -> Void
    ) {
        self.name = name
        self.summary = summary
        self.expected = expected
        self.file = file
        self.line = line
        self.body = body
    }
}
