#if TRACE_RESOURCES
import Foundation
import RxCore
@testable import RxTrace
@testable import RxTraceReport
@testable import RxTraceAnalysis
@testable import RxTraceRunner
import XCTest

// Issue 21 §2: every finding at a source line. What the allocation says comes first; where it
// says nothing (a release build's shared code puts the call at line 0, which
// `make catalogue-lines-check` covers end to end), the finding takes the line of what it is tied to.

private final class CommentsViewModel {
    let relay = BehaviorRelay<[Int]>(value: [])
    let rows = BehaviorRelay<[String]>(value: [])
    let disposeBag = DisposeBag()

    func format(_ values: [Int]) -> [String] { values.map(String.init) }

    func bind() {
        relay.map(self.format).bind(to: rows).disposed(by: disposeBag)  // the method reference's line
    }
}

/// A closure passed through a generic helper, which wraps it in a thunk of its own.
private func follow<Value>(_ source: Observable<Value>, _ handler: @escaping (Value) -> Void) -> Disposable {
    source.map { $0 }.subscribe(onNext: handler)
}

private final class HelperViewModel {
    let values = BehaviorRelay(value: 0)
    let disposeBag = DisposeBag()
    var last = 0

    func bind() {
        follow(values.asObservable()) { self.last = $0 }.disposed(by: disposeBag)  // the helper's closure
    }
}

final class FindingLinesTests: XCTestCase {
    private let site = SourceLocation(file: "Sources/App/Feed.swift", line: 12, function: "Feed.bind()")

    func testACycleWithoutALineIsPlacedAtTheSubscriptionOnIt() {
        let cycle = LeakFinding(signature: "cycle", kind: .referenceCycle, count: 1)
        let object = LeakFinding(
            signature: "object",
            kind: .unreleasedObject,
            count: 1,
            callSite: SourceLocation(file: "Sources/App/Screen.swift", line: 40)
        )
        let leak = LeakFinding(signature: "leak", kind: .leakedSubscription, count: 1, callSite: site)
        let placed = FindingPlacement.placed(
            [cycle, object, leak],
            cycleOfFinding: ["leak": "cycle", "object": "cycle"]
        )
        XCTAssertEqual(placed[0].callSite, site, "the subscription's call site, before the object's declaration")
        XCTAssertEqual(placed[1].callSite?.line, 40, "what had a line keeps it")
    }

    func testALeakOnACycleWithoutALineTakesTheCyclesLine() {
        let cycle = LeakFinding(signature: "cycle", kind: .referenceCycle, count: 1, callSite: site)
        let leak = LeakFinding(signature: "leak", kind: .leakedSubscription, count: 1)
        let elsewhere = LeakFinding(signature: "other", kind: .leakedSubscription, count: 1)
        let placed = FindingPlacement.placed([cycle, leak, elsewhere], cycleOfFinding: ["leak": "cycle"])
        XCTAssertEqual(placed[1].callSite, site)
        XCTAssertNil(placed[2].callSite, "a leak tied to nothing with a line gets none: never a guess")
    }

    func testALeakWhoseAllocationHasNoLineIsPlacedAtItsSubscribersClosureInTheSameFile() {
        var explanation = HeapExplanation()
        explanation.subscriberSites["leak"] = [
            SourceLocation(file: "Sources/Other/Helpers.swift", line: 3, function: "closure #1 in helper()"),
            SourceLocation(
                file: "Sources/App/Presenter.swift",
                line: 41,
                function: "method reference Presenter.react(to:)"
            ),
        ]
        let leak = LeakFinding(
            signature: "leak",
            kind: .leakedSubscription,
            count: 1,
            backtrace: [
                ReportFrame(
                    function: "ObservableType.subscribe(onNext:onError:onCompleted:onDisposed:)",
                    origin: .rxCore
                ),
                ReportFrame(
                    function: "Presenter.bind(_:)",
                    file: "Sources/App/Presenter.swift",
                    line: nil,
                    origin: .user
                ),
            ]
        )
        let annotated = explanation.annotate(leak)
        XCTAssertEqual(annotated.callSite?.line, 41)
        XCTAssertEqual(annotated.callSite?.function, "method reference Presenter.react(to:)")
        var placed = leak
        placed.callSite = site
        XCTAssertEqual(explanation.annotate(placed).callSite, site, "the allocation's line comes first")
    }

    private func cycleReport(_ body: @escaping (ScenarioContext) -> Void) -> ScenarioReport {
        var runner = ScenarioRunner(passes: 2)
        runner.heapGraph = true
        return runner.run(Scenario("lines", summary: "lines", expect: .cycle) { body($0) })
    }

    private func line(marked marker: String) throws -> Int {
        let source = try String(contentsOfFile: #filePath, encoding: .utf8).split(
            separator: "\n",
            omittingEmptySubsequences: false
        )
        return try XCTUnwrap(source.firstIndex { $0.contains(marker) && !$0.contains("marked:") }) + 1
    }

    /// The view model: `relay.map(self.format).bind(to: rows)` in its own bag. Every
    /// finding has a line; the cycle's is the method reference's.
    func testAMethodReferenceCycleAndItsLeakHaveLines() throws {
        let report = cycleReport { context in
            let model = CommentsViewModel()
            model.bind()
            model.relay.accept([1])
            context.expectReleased(model, name: "CommentsViewModel")
        }
        XCTAssertEqual(report.actualVerdict, .cycle)
        let bindLine = try line(marked: "// the method reference's line")
        for finding in report.findings {
            XCTAssertNotNil(finding.callSite, "\(finding.headline) has no line")
        }
        let cycle = try XCTUnwrap(report.findings.first { $0.kind == .referenceCycle })
        XCTAssertEqual(cycle.callSite?.line, bindLine)
        XCTAssertEqual(cycle.callSite?.function, "method reference CommentsViewModel.format(_:)")
        // The subscription on the cycle is part of the cycle's finding, which names its chain.
        XCTAssertNil(report.findings.first { $0.kind == .leakedSubscription })
        XCTAssertEqual(cycle.operatorChain.first, "map", "\(cycle.operatorChain)")
    }

    /// A closure passed through a generic helper: the cycle sits at the closure's line.
    func testACycleThroughAGenericHelpersClosureHasTheClosuresLine() throws {
        let report = cycleReport { context in
            let model = HelperViewModel()
            model.bind()
            context.expectReleased(model, name: "HelperViewModel")
        }
        XCTAssertEqual(report.actualVerdict, .cycle, "\(report.findings.map(\.headline))")
        for finding in report.findings {
            XCTAssertNotNil(finding.callSite, "\(finding.headline) has no line")
        }
        let cycle = try XCTUnwrap(report.findings.first { $0.kind == .referenceCycle })
        XCTAssertEqual(
            cycle.callSite?.line,
            try line(marked: "// the helper's closure"),
            "\(String(describing: cycle.callSite))"
        )
    }
}
#endif
