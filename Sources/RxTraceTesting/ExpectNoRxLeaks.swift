#if canImport(Testing)
import Foundation
import RxTraceRunner
import Testing

/// Swift Testing's form of `XCTAssertNoRxLeaks`: runs `body` with the run-twice protocol and
/// records an issue carrying the text report when anything leaks.
///
///     @Test func feedScreenDoesNotLeak() {
///         expectNoRxLeaks { FeedScreen(service: service).refresh() }
///     }
public func expectNoRxLeaks(
    passes: Int = 2,
    drainTimeout: TimeInterval = 5,
    sourceLocation: Testing.SourceLocation = #_sourceLocation,
    _ body: () throws -> Void
) {
    switch RxLeakCheck.run(
        passes: passes,
        drainTimeout: drainTimeout,
        file: sourceLocation.filePath,
        line: sourceLocation.line,
        body
    ) {
    case .clean:
        break
    case .leaked(let report):
        Issue.record(Comment(rawValue: report), sourceLocation: sourceLocation)
    case .failed(let reason):
        Issue.record(Comment(rawValue: reason), sourceLocation: sourceLocation)
    }
}
#endif
