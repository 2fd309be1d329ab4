#if TRACE_RESOURCES
import Foundation
import RxCore
@testable import RxTrace
@testable import RxTraceReport
@testable import RxTraceAnalysis
@testable import RxTraceRunner
import XCTest

// Issue 31 §1: a cycle's fix comes from what is on it. `[weak self]` only when a closure of the
// user's that captures one of the user's objects is one of its references; a cycle closed by a
// `using` resource that keeps its own source is broken by disposing the subscription; a cycle of
// plain references has no mechanical fix, only the reference to break.

/// A `using` resource that keeps the observable it was made for, as an activity tracker's token
/// does: the subscription holds it, and through it the source.
private struct TrackingToken: Disposable {
    let source: Observable<Int>
    let onEnd: Cancelable

    func dispose() { onEnd.dispose() }
}

/// Keeps an observable of itself: no closure, no subscription on the cycle.
private final class Echo {
    var itself: Observable<Echo> = .empty()
}

/// Keeps its subscription in its own bag, with a closure that captures it strongly.
private final class Counter {
    let bag = DisposeBag()
    var total = 0

    static let closureLine = #line + 3

    init(_ values: Observable<Int>) {
        values.map { $0 * 2 }.subscribe(onNext: { self.total += $0 }).disposed(by: bag)
    }
}

final class CycleFixTests: XCTestCase {
    private func run(_ body: @escaping (ScenarioContext) -> Void) -> ScenarioReport {
        var runner = ScenarioRunner(passes: 2)
        runner.heapGraph = true
        return runner.run(Scenario("cycle-fix", summary: "cycle fix", expect: .cycle) { context in body(context) })
    }

    private func onlyCycle(_ report: ScenarioReport) throws -> (cycle: ReportCycle, finding: LeakFinding) {
        XCTAssertEqual(report.cycles.count, 1, "\(report.findings.map(\.headline))")
        let cycle = try XCTUnwrap(report.cycles.first)
        let finding = try XCTUnwrap(report.findings.first { $0.signature == cycle.signature })
        return (cycle, finding)
    }

    func testACycleMadeByAUsingResourceIsFixedByDisposingTheSubscriptionAtItsLine() throws {
        let subscribeLine = #line + 4
        let report = run { _ in
            let subject = BehaviorSubject(value: 0)
            let token = TrackingToken(source: subject.asObservable(), onEnd: Disposables.create {})
            _ = Observable<Int>.using({ token }, observableFactory: { $0.source }).subscribe()
            subject.onNext(1)
        }
        let (cycle, finding) = try onlyCycle(report)
        let fix = finding.fixHint
        XCTAssertFalse(fix.contains("[weak self]"), fix)
        XCTAssertTrue(fix.hasPrefix("Dispose the subscription made at `CycleFixTests.swift:\(subscribeLine)`"), fix)
        XCTAssertTrue(fix.contains("in CycleFixTests's `DisposeBag`"), fix)
        XCTAssertTrue(fix.contains("BehaviorSubject<Int>.observers keeps the subscription"), fix)
        XCTAssertEqual(cycle.fix, fix)
        let breakAt = try XCTUnwrap(cycle.breakAt)
        XCTAssertEqual(cycle.steps[breakAt].typeName, "BehaviorSubject<Int>", "\(cycle.steps)")
        XCTAssertEqual(cycle.steps[breakAt].via?.hasPrefix("observers"), true, "\(cycle.steps)")
        // The subscription on the cycle is the cycle's bug: one entry, carrying its chain and
        // types, counting one per pass.
        XCTAssertEqual(report.findings.map(\.kind), [.referenceCycle], "\(report.findings.map(\.headline))")
        XCTAssertEqual(finding.operatorChain, ["using", "subscribe"])
        XCTAssertTrue(finding.resourceTypes.contains { $0.hasPrefix("UsingSink") }, "\(finding.resourceTypes)")
        XCTAssertEqual(finding.countPerPass, [1, 1])
        XCTAssertEqual(finding.callSite?.line, subscribeLine, "placed at the subscription to dispose")
    }

    func testAClosureCapturingTheOwnerOnTheCycleGetsWeakSelfAtThatClosure() throws {
        let closureLine = Counter.closureLine
        let report = run { context in
            let source = context.shared("source") { PublishSubject<Int>() }
            context.expectReleased(Counter(source.asObservable()), name: "Counter")
        }
        let (cycle, finding) = try onlyCycle(report)
        XCTAssertTrue(
            finding.fixHint.contains("captures Counter strongly: capture it with `[weak self]`"),
            finding.fixHint
        )
        let breakAt = try XCTUnwrap(cycle.breakAt)
        XCTAssertEqual(cycle.steps[breakAt].location?.line, closureLine, "\(cycle.steps)")
        XCTAssertEqual(finding.callSite?.line, closureLine)
    }

    func testACycleOfPlainReferencesHasNoMechanicalFixOnlyTheReferenceToBreak() throws {
        let report = run { _ in
            let echo = Echo()
            echo.itself = .just(echo)
        }
        let (cycle, finding) = try onlyCycle(report)
        XCTAssertEqual(
            finding.fixHint,
            "No mechanical fix: no closure of yours and no subscription is on this cycle. Break the reference Echo.itself → Just<Echo>: make it weak, or clear it when Echo is done"
        )
        XCTAssertEqual(cycle.steps[try XCTUnwrap(cycle.breakAt)].via, "itself")
    }
}
#endif
