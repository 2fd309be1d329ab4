import Foundation
import XCTest

final class HangingXCTests: XCTestCase {
    /// Never returns, as a test waiting on something that never comes; rxtrace test ends it after
    /// --timeout, reports where it waited, and goes on.
    func testWaitsForever() {
        let never = DispatchSemaphore(value: 0)
        never.wait()
    }
}
