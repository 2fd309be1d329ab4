import Foundation
import RxTraceRunner
import XCTest

/// Runs `body` with rxtrace's run-twice protocol (a warm-up pass, a mark, the measured passes,
/// each drained until the schedulers are idle) and fails the test with the text report when
/// anything the measured passes created is still alive: the check RxSwift's own test base
/// class lost.
///
///     func testFeedScreenDoesNotLeak() {
///         XCTAssertNoRxLeaks {
///             let screen = FeedScreen(service: service)
///             screen.refresh()
///         }
///     }
///
/// Needs RxCore built with the `TraceResources` trait; without it the assertion fails and says so.
public func XCTAssertNoRxLeaks(
    passes: Int = 2,
    drainTimeout: TimeInterval = 5,
    _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath,
    line: UInt = #line,
    _ body: () throws -> Void
) {
    switch RxLeakCheck.run(passes: passes, drainTimeout: drainTimeout, file: "\(file)", line: Int(line), body) {
    case .clean:
        break
    case .leaked(let report):
        let prefix = message()
        XCTFail(prefix.isEmpty ? report : "\(prefix)\n\(report)", file: file, line: line)
    case .failed(let reason):
        XCTFail(reason, file: file, line: line)
    }
}
