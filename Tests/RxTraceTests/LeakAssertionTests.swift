#if TRACE_RESOURCES
import Foundation
import RxCore
import RxTrace
import RxTraceTesting
import XCTest

/// The in-process run-twice check behind XCTAssertNoRxLeaks and expectNoRxLeaks.
final class LeakAssertionTests: XCTestCase {
    func testACompletingChainIsClean() {
        XCTAssertEqual(RxLeakCheck.run { _ = Observable.from([1, 2, 3]).map { $0 + 1 }.subscribe() }, .clean)
        XCTAssertNoRxLeaks { _ = Observable.just(1).filter { $0 > 0 }.subscribe() }
    }

    func testABaggedSubscriptionIsClean() {
        let subject = PublishSubject<Int>()
        XCTAssertNoRxLeaks {
            let bag = DisposeBag()
            subject.map { $0 * 2 }.subscribe().disposed(by: bag)
            subject.onNext(1)
        }
    }

    func testAForgottenSubscriptionLeaks() {
        let subject = PublishSubject<Int>()
        let result = RxLeakCheck.run {
            _ = subject.map { $0 * 2 }.subscribe(onNext: { _ in })
        }
        subject.dispose()
        guard case .leaked(let report) = result else { return XCTFail("expected a leak, got \(result)") }
        XCTAssertTrue(report.contains("LeakAssertionTests.swift"), report)
    }

    /// Seen in a user's package: the failure named the test by its absolute path
    /// (`✗ /home/…/Tests/FeedTests/FeedTests.swift:20`) while every other path was relative to
    /// the repository, and the call site's source line was missing.
    func testTheReportNamesTheAssertionRelativeToTheRepositoryAndShowsTheSourceLine() {
        let subject = PublishSubject<Int>()
        let line = #line + 1
        let result = RxLeakCheck.run(file: #filePath, line: line) {
            _ = subject.map { $0 * 3 }.subscribe(onNext: { _ in })
        }
        subject.dispose()
        guard case .leaked(let report) = result else { return XCTFail("expected a leak, got \(result)") }
        XCTAssertTrue(
            report.hasPrefix("✗ Tests/RxTraceTests/LeakAssertionTests.swift:\(line) — in-process leak check\n"),
            report
        )
        XCTAssertTrue(report.contains("    at Tests/RxTraceTests/LeakAssertionTests.swift:\(line + 1) in "), report)
        XCTAssertTrue(report.contains("\n      _ = subject.map { $0 * 3 }.subscribe(onNext: { _ in })\n"), report)
    }

    func testAThrowingClosureFailsTheCheck() {
        struct Boom: Error {}
        guard case .failed(let reason) = RxLeakCheck.run({ throw Boom() }) else { return XCTFail("expected failure") }
        XCTAssertTrue(reason.contains("Boom"), reason)
    }
}
#endif
