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
    private func run(expecting: Verdict = .cycle, _ body: @escaping (ScenarioContext) -> Void) -> ScenarioReport {
        var runner = ScenarioRunner(passes: 2)
        runner.heapGraph = true
        return runner.run(Scenario("cycle-fix", summary: "cycle fix", expect: expecting) { context in body(context) })
    }

    /// Subscribes through a `using` resource that keeps the subject it reads, and drops the
    /// subscription: a cycle with no closure on it. Returns the line of its `subscribe`.
    private static func leaveAUsingCycle() -> Int {
        let subject = BehaviorSubject(value: 0)
        let token = TrackingToken(source: subject.asObservable(), onEnd: Disposables.create {})
        _ = Observable<Int>.using({ token }, observableFactory: { $0.source }).subscribe()
        subject.onNext(1)
        return #line - 2
    }

    private func onlyCycle(_ report: ScenarioReport) throws -> (cycle: ReportCycle, finding: LeakFinding) {
        XCTAssertEqual(report.cycles.count, 1, "\(report.findings.map(\.headline))")
        let cycle = try XCTUnwrap(report.cycles.first)
        let finding = try XCTUnwrap(report.findings.first { $0.signature == cycle.signature })
        return (cycle, finding)
    }

    func testACycleMadeByAUsingResourceIsFixedByDisposingTheSubscriptionAtItsLine() throws {
        var subscribeLine = 0
        let report = run { _ in subscribeLine = Self.leaveAUsingCycle() }
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

    /// What a reader of each format is told of that cycle when it fails a run: a reference cycle
    /// (not a subscription), that it fails, the references it is made of, and to dispose the
    /// subscription at its line; never `[weak self]`, and no closure said to close it.
    func testTheUsingCycleIsTitledHeldAndFixedAlikeInEveryFormat() throws {
        var subscribeLine = 0
        let report = run(expecting: .clean) { _ in subscribeLine = Self.leaveAUsingCycle() }
        let formats = try EveryFormat(RunReport(scenarios: [report]))
        formats.expect("1 reference cycle · using → subscribe")
        formats.expect("Dispose the subscription made at `CycleFixTests.swift:\(subscribeLine)`")
        formats.expect("BehaviorSubject<Int>.observers keeps the subscription")
        // SARIF's rule for every cycle may name `[weak self]` where it applies; its result does not.
        formats.expect("[weak self]", shown: false, in: [.text, .markdown, .html, .json, .junit])
        XCTAssertFalse(try formats.sarifResults().contains { "\($0["message"] ?? "")".contains("[weak self]") })
        formats.expect("where a subscription is on the cycle, dispose it", in: [.sarif])
        formats.expect("closed by the closure", shown: false)
        // The holder is the cycle itself. Text (and JUnit, whose body is the text) draws it one
        // reference a line; the others give it as one phrase.
        let cycleInOneLine =
            "reference cycle BehaviorSubject<Int>.observers.bag.single.value → ReplayingObserver<Int>.observer → UsingSink<TrackingToken, Int>.subscription → BinaryDisposable.disposable2 → box (TrackingToken).value.source → BehaviorSubject<Int>"
        formats.expect(cycleInOneLine, in: [.markdown, .html, .json, .sarif])
        formats.expect(
            "  BehaviorSubject<Int>\n        .observers.bag.single.value   ✂ break this reference\n",
            in: [.text, .junit]
        )
        // One cycle (one bug) whose objects each pass made anew: two instances of it alive, one
        // per pass, said as such beside the title's "1 reference cycle", never a bare "2 alive".
        XCTAssertEqual(report.cycles.first?.count, 2)
        XCTAssertEqual(report.findings.first?.countPerPass, [1, 1])
        formats.expect("2 instances of this cycle alive", in: [.text, .markdown, .html, .sarif, .junit])
        formats.expect("(2 alive)", shown: false)
        // The verdict, as each format says it.
        formats.expect("expected clean · got cycle", in: [.text, .junit])
        formats.expect("| cycle-fix | cycle | clean | **fail** |", in: [.markdown])
        XCTAssertEqual(try formats.jsonFinding()["kind"] as? String, "referenceCycle")
        XCTAssertEqual(try formats.jsonScenarios().first?["actualVerdict"] as? String, "cycle")
        let failure = try formats.expectFails("cycle-fix", on: "1 reference cycle · using → subscribe")
        XCTAssertEqual(failure.attribute(forName: "type")?.stringValue, "referenceCycle")
        XCTAssertEqual(failure.attribute(forName: "message")?.stringValue, "unexpected findings: 1 reference cycle")
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
