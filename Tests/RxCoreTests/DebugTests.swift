import Foundation
import RxCore
import RxCoreTesting
import XCTest

final class DebugTests: RxTestCase {
    private let timestamp = #"\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}"#

    /// Asserts each printed line is `<timestamp>: <expected line>`.
    private func assertDebugLines(
        _ lines: [String],
        _ expected: [String],
        file: StaticString = #filePath,
        line: UInt = #line
    ) {
        XCTAssertEqual(lines.count, expected.count, "printed: \(lines)", file: file, line: line)
        for (printed, content) in zip(lines, expected) {
            let pattern = "^" + timestamp + ": " + NSRegularExpression.escapedPattern(for: content) + "$"
            XCTAssertNotNil(
                printed.range(of: pattern, options: .regularExpression),
                "\(printed) does not match <timestamp>: \(content)",
                file: file,
                line: line
            )
        }
    }

    /// Seed example A8 in RxSwift 6's format: subscribed, one line per event, isDisposed.
    func testMyProbePrintsSubscribedEventAndIsDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        var res: TestableObserver<Int>!
        let lines = captureStandardOutput {
            res = scheduler.start(disposed: 350) {
                Observable<Int>.interval(.seconds(100), scheduler: scheduler).debug("my probe")
            }
        }
        XCTAssertEqual(res.events, [.next(300, 0)])
        assertDebugLines(lines, ["my probe -> subscribed", "my probe -> Event next(0)", "my probe -> isDisposed"])
    }

    func testTerminalEventsAndTheirDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, "a"), .completed(220)])
        let completedLines = captureStandardOutput {
            _ = scheduler.start { xs.debug("probe") }
        }
        assertDebugLines(
            completedLines,
            ["probe -> subscribed", "probe -> Event next(a)", "probe -> Event completed", "probe -> isDisposed"]
        )

        let failing = Observable<Int>.error(testError)
        let errorLines = captureStandardOutput {
            _ = failing.debug("failing").subscribe(onError: { _ in })
        }
        XCTAssertEqual(errorLines.count, 3)
        assertDebugLines([errorLines[0], errorLines[2]], ["failing -> subscribed", "failing -> isDisposed"])
        XCTAssertNotNil(
            errorLines[1].range(
                of: "^" + timestamp + ": failing -> Event error\\(.*RxCoreTests.*\\)$",
                options: .regularExpression
            ),
            errorLines[1]
        )
    }

    func testDefaultIdentifierNamesTheCallSite() {
        let lines = captureStandardOutput {
            _ = Observable.just(1).debug().subscribe()
        }
        XCTAssertEqual(lines.count, 4)
        let pattern =
            "^" + timestamp + #": DebugTests\.swift:\d+ \(testDefaultIdentifierNamesTheCallSite\(\)\) -> subscribed$"#
        XCTAssertNotNil(lines.first?.range(of: pattern, options: .regularExpression), lines.first ?? "")
    }

    func testTrimOutputShortensLongEvents() {
        let long = String(repeating: "x", count: 30) + String(repeating: "y", count: 30)
        let lines = captureStandardOutput {
            _ = Observable.just(long).debug("trim", trimOutput: true).subscribe()
            _ = Observable.just(long).debug("full").subscribe()
        }
        XCTAssertEqual(lines.count, 8)
        let eventText = "next(\(long))"
        let trimmed = String(eventText.prefix(20)) + "..." + String(eventText.suffix(20))
        assertDebugLines([lines[1], lines[5]], ["trim -> Event \(trimmed)", "full -> Event \(eventText)"])
    }

    func testDebugPassesEventsThrough() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, testError)])
        var res: TestableObserver<Int>!
        _ = captureStandardOutput {
            res = scheduler.start { xs.debug("pass") }
        }
        XCTAssertEqual(res.events, [.next(210, 1), .error(230, testError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }
}
