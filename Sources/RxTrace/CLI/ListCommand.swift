import ArgumentParser

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Lists the scenarios with their expected verdict and summary."
    )

    func run() throws {
        let width = RxTraceCLI.catalog.map(\.name.count).max() ?? 0
        for scenario in RxTraceCLI.catalog {
            let name = scenario.name.padding(toLength: width, withPad: " ", startingAt: 0)
            let expected = scenario.expected.rawValue.padding(toLength: 5, withPad: " ", startingAt: 0)
            print("\(name)  \(expected)  \(scenario.summary)")
        }
    }
}
