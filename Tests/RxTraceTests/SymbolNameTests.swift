@testable import RxTrace
import XCTest

final class SymbolNameTests: XCTestCase {
    func testClosureInTopLevelCodeIsNamed() {
        // What the Runtime module prints for a closure in a main.swift global (module dropped).
        XCTAssertEqual(Symbolicator.readableName("closure #1 in "), "closure #1 in top-level code")
    }

    func testOrdinaryNamesAreUnchanged() {
        XCTAssertEqual(Symbolicator.readableName("FeedScreen.init(service:)"), "FeedScreen.init(service:)")
        XCTAssertEqual(
            Symbolicator.readableName("closure #4 in variable initialization expression of intervalScenarios"),
            "closure #4 in variable initialization expression of intervalScenarios"
        )
    }
}
