#if TRACE_RESOURCES
import Foundation
import RxCore
import RxTraceAnalysis
import RxTraceReport
import XCTest

/// Issue 31, whose code: a finding caused inside a dependency's operator is placed at the user's
/// own line (the test or app code that called the operator), and the dependency's frame nearest
/// it is kept beside it. The dependency here is `DependencyOperatorFixture`, whose debug
/// information places it in a SwiftPM checkout.
final class DependencyCallSiteTests: XCTestCase {
    private var savedMode: CaptureMode = .on
    private var savedDepth = 32

    override func setUp() {
        super.setUp()
        savedMode = ResourceRegistry.captureMode
        savedDepth = ResourceRegistry.captureDepth
        ResourceRegistry.captureMode = .on
        ResourceRegistry.captureDepth = 32
        ThreadHops.reset()
    }

    override func tearDown() {
        ThreadHops.reset()
        ResourceRegistry.captureMode = savedMode
        ResourceRegistry.captureDepth = savedDepth
        super.tearDown()
    }

    func testAnAnomalyInADependencysCreateIsPlacedAtTheUsersLine() throws {
        let userLine = #line + 1
        let subscription = Observable<Int>.never().retryingOnce().subscribe(onNext: { _ in })
        subscription.dispose()
        let anomalies = ThreadHops.anomalies().filter { $0.kind == .eventAfterTerminal }
        XCTAssertEqual(anomalies.count, 1)
        let findings = ThreadAnomalyAnalysis.findings(anomalies, chains: [], stages: [])
        let finding = try XCTUnwrap(findings.first)
        XCTAssertEqual(finding.callSite?.file, #filePath, "the user's own file, not the dependency's")
        XCTAssertEqual(finding.callSite?.line, userLine)
        XCTAssertEqual(finding.viaDependency?.location.file, DependencyOperatorFixture.file)
        XCTAssertEqual(finding.viaDependency?.location.line, DependencyOperatorFixture.completingLine)
        XCTAssertEqual(finding.viaDependency?.package, "RetryKit")
        // The dependency's frames stay in the backtrace, as code the user can read.
        XCTAssertTrue(
            finding.backtrace.contains { $0.file == DependencyOperatorFixture.file && $0.origin == .user },
            "\(finding.backtrace.map { "\($0.function) \($0.file ?? "")" })"
        )
    }

    func testASubscriptionADependencyDropsIsPlacedAtTheUsersLine() throws {
        let subject = PublishSubject<Int>()
        let mark = ResourceRegistry.mark()
        let userLine = #line + 1
        let kept = subject.retryingInBackground()
        _ = kept
        let groups = LeakAnalysis.group(ResourceRegistry.liveSince(mark))
        let group = try XCTUnwrap(groups.first { $0.userCallSite?.line == userLine }, "\(groups.map(\.userCallSite))")
        XCTAssertEqual(group.userCallSite?.file, #filePath)
        XCTAssertEqual(group.viaDependency?.location.file, DependencyOperatorFixture.file)
        XCTAssertEqual(group.viaDependency?.location.line, DependencyOperatorFixture.droppingLine)
        subject.onCompleted()
    }
}
#endif
