import Foundation
import XCTest

final class CrashingXCTests: XCTestCase {
    /// Stops the process (a trap), as a broken test does; rxtrace test reports it and goes on.
    func testTraps() {
        let values: [Int] = []
        XCTAssertEqual(values[1], 0)
    }
}
