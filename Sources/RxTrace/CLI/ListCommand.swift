import ArgumentParser

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Lists the scenarios with their expected verdict and summary."
    )

    func run() throws {
        let width = RxTraceCLI.catalog.map(\.name.count).max() ?? 0
        // Verdicts in words ("hops reported", "thread anomaly"), padded to the longest one
        // present so no verdict is cut.
        let verdictWidth = RxTraceCLI.catalog.map(\.expected.displayName.count).max() ?? 0
        for scenario in RxTraceCLI.catalog {
            let name = scenario.name.padding(toLength: width, withPad: " ", startingAt: 0)
            let expected = scenario.expected.displayName.padding(toLength: verdictWidth, withPad: " ", startingAt: 0)
            print("\(name)  \(expected)  \(scenario.summary)")
        }
    }
}
