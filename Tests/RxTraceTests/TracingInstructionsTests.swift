import RxTrace
import XCTest

/// The "built without tracing" messages give the instruction that works where the user is.
final class TracingInstructionsTests: XCTestCase {
    func testBothFormsAreGivenAndSayWhereEachApplies() {
        for message in [TracingInstructions.untracedCLI, TracingInstructions.untracedTests] {
            XCTAssertTrue(message.contains(#"traits: ["TraceResources"]"#), message)
            XCTAssertTrue(message.contains("In a package that depends on rxtrace"), message)
            XCTAssertTrue(message.contains("in the rxtrace package itself"), message)
            XCTAssertFalse(message.contains("\n"), "one line: \(message)")
        }
        XCTAssertTrue(TracingInstructions.untracedCLI.contains("swift run --traits TraceResources"))
        XCTAssertTrue(TracingInstructions.untracedTests.contains("swift test --traits TraceResources"))
    }
}
