// What a scenario declares it expects (`ScenarioContext.expectHops`, `expectReleased`), as the
// analysis checks it against what ran.

/// One `expectHops` call.
package struct HopExpectation: Equatable {
    let sequence: [String]
    let subscribedOn: String?
    let file: String
    let line: Int

    package init(sequence: [String], subscribedOn: String?, file: String, line: Int) {
        self.sequence = sequence
        self.subscribedOn = subscribedOn
        self.file = file
        self.line = line
    }

    /// "main → green → red → green (subscribed on blue)"
    var text: String {
        sequence.joined(separator: " → ") + (subscribedOn.map { " (subscribed on \($0))" } ?? "")
    }
}

/// One `expectReleased` call: a weak reference and where it was made.
package struct ReleaseExpectation {
    weak var object: AnyObject?
    let name: String
    let pass: Int
    let file: String
    let line: Int

    package init(object: AnyObject?, name: String, pass: Int, file: String, line: Int) {
        self.object = object
        self.name = name
        self.pass = pass
        self.file = file
        self.line = line
    }
}
