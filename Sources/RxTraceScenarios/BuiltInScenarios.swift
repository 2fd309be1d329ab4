import RxTraceRunner

/// The built-in scenario catalogue: the examples of the project's reference document
/// (`shared/seed-examples.md`, sections A, B and C), each in a clean form and, where the example
/// describes one, a leaky form that declares `.leak`.
public enum BuiltInScenarios {
    public static var all: [Scenario] {
        coreScenarios + intervalScenarios + chainScenarios + retentionScenarios + threadHopScenarios
            + threadAnomalyScenarios + gitFeedScenarios + searchScenarios + repositoryScenarios + dataProviderScenarios
            + sharedServiceScenarios
    }
}
