#if TRACE_RESOURCES
import Foundation
import RxCore
@testable import RxTrace
@testable import RxTraceReport
@testable import RxTraceAnalysis
@testable import RxTraceRunner
import XCTest

// Issue 21 §1: the verdict follows what keeps the growth alive. A loop on the heap that runs
// through an object alive before the measured passes (an app-wide service, a screen made on the
// warm-up) keeps nothing alive that object would not keep anyway: what grows is a leak held by
// it, with the loop mentioned. A cycle made only of objects the measured passes created stays a
// cycle, and every finding counts each pass's instances.

/// An app-wide search service: its selector-capturing subscriptions loop through it.
private final class SearchService {
    let queries = PublishSubject<String>()
    func search(_ query: String) -> Observable<[String]> { .just([query]) }
}

private final class SearchScreen {
    let bag = DisposeBag()
    var results: [String] = []
    init(service: SearchService, bagged: Bool) {
        let subscription = service.queries
            .flatMapLatest { query in service.search(query) }
            .subscribe(onNext: { [weak self] in self?.results = $0 })
        if bagged { subscription.disposed(by: bag) }
    }
}

/// A screen made once, on the warm-up, whose own bag gains a subscription capturing it each pass.
private final class Dashboard {
    let bag = DisposeBag()
    let ticks = PublishSubject<Int>()
    var total = 0
}

/// Each pass's owner closes its own cycle and one with the previous pass's owner, so the
/// measured passes' instances share one strongly connected component.
private final class Linked {
    let bag = DisposeBag()
    let changes = PublishSubject<Int>()
    var previous: Linked?
    var seen = 0
}

private final class WeakBox {
    weak var value: Linked?
}

final class LongLivedLoopTests: XCTestCase {
    private func run(passes: Int = 2, _ body: @escaping (ScenarioContext) -> Void) -> ScenarioReport {
        var runner = ScenarioRunner(passes: passes)
        runner.heapGraph = true
        return runner.run(Scenario("loop", summary: "loop", expect: .leak) { context in body(context) })
    }

    /// A screen per pass searching through the service made on the warm-up.
    private func search(bagged: Bool) -> ScenarioReport {
        run { context in
            let service = context.shared("service") { SearchService() }
            let screen = SearchScreen(service: service, bagged: bagged)
            service.queries.onNext("rx")
            context.expectReleased(screen, name: "SearchScreen")
        }
    }

    func testASubscriptionLoopingThroughAServiceMadeBeforeThePassIsALeakHeldByTheService() throws {
        let report = search(bagged: false)
        XCTAssertEqual(report.actualVerdict, .leak, "\(report.findings.map(\.headline))")
        XCTAssertEqual(report.cycles, [], "the loop runs through the service: no cycle to break")
        let leak = try XCTUnwrap(report.findings.first)
        XCTAssertEqual(leak.kind, .leakedSubscription, "the leaked subscription comes first")
        XCTAssertEqual(leak.growthPerPass, 1)
        XCTAssertEqual(leak.countPerPass, [1, 1])
        let reason = try XCTUnwrap(leak.retentionReason)
        XCTAssertTrue(reason.hasPrefix("kept alive by SearchService.queries"), reason)
        XCTAssertTrue(
            reason.contains(
                "this subscription also closes a loop through SearchService: SearchService.queries → PublishSubject<String>"
            ),
            reason
        )
        XCTAssertTrue(reason.contains("closure #1 in SearchScreen.init(service:bagged:)"), reason)
        XCTAssertTrue(reason.hasSuffix("→ SearchService"), reason)
        let fix = leak.fixHint
        XCTAssertTrue(fix.hasPrefix("Dispose it with the owner: add `.disposed(by: disposeBag)`"), fix)
        XCTAssertTrue(fix.contains("would end the loop but not the growth"), fix)
        XCTAssertFalse(
            report.findings.contains { $0.kind == .referenceCycle || $0.kind == .unreleasedObject },
            "\(report.findings.map(\.headline))"
        )
    }

    func testTheSameChainBaggedWithTheScreenIsClean() {
        let report = search(bagged: true)
        XCTAssertEqual(report.actualVerdict, .clean, "\(report.findings.map(\.headline))")
    }

    func testAClosureCapturingAScreenMadeOnTheWarmUpIsALeakInThatScreensBag() throws {
        let report = run(passes: 3) { context in
            let board = context.shared("dashboard") { Dashboard() }
            board.ticks.map { $0 * 2 }.subscribe(onNext: { board.total += $0 }).disposed(by: board.bag)
            board.ticks.onNext(1)
        }
        XCTAssertEqual(report.actualVerdict, .leak, "\(report.findings.map(\.headline))")
        XCTAssertEqual(report.cycles, [])
        let leak = try XCTUnwrap(report.findings.first)
        XCTAssertEqual(leak.kind, .leakedSubscription)
        XCTAssertEqual(leak.growthPerPass, 1)
        XCTAssertEqual(leak.countPerPass, [1, 1, 1])
        let reason = try XCTUnwrap(leak.retentionReason)
        XCTAssertTrue(reason.hasPrefix("kept alive by Dashboard."), reason)
        XCTAssertTrue(reason.contains("also closes a loop through Dashboard: Dashboard."), reason)
    }

    /// Each install of the hook starts a generation, and every recorded object keeps its own.
    func testTheAllocationTableRecordsTheGenerationEachObjectWasMadeIn() throws {
        final class Probe {}
        XCTAssertFalse(AllocationTable.isInstalled)
        AllocationTable.install()
        let first = AllocationTable.generation
        let early = Probe()
        AllocationTable.install()
        XCTAssertEqual(AllocationTable.generation, first, "installing again while installed is the same recording")
        AllocationTable.uninstall()
        AllocationTable.install()
        let second = AllocationTable.generation
        let late = Probe()
        AllocationTable.uninstall()
        XCTAssertEqual(second, first + 1)
        let byAddress = Dictionary(
            AllocationTable.snapshot().map { ($0.address, $0.generation) },
            uniquingKeysWith: { a, _ in a }
        )
        withExtendedLifetime((early, late)) {
            XCTAssertEqual(byAddress[UInt(bitPattern: Unmanaged.passUnretained(early).toOpaque())], first)
            XCTAssertEqual(byAddress[UInt(bitPattern: Unmanaged.passUnretained(late).toOpaque())], second)
        }
    }

    func testCycleInstancesSharingOneComponentAreEachCountedInTheirPass() throws {
        let previous = WeakBox()
        let report = run(passes: 3) { context in
            let owner = Linked()
            owner.changes.subscribe(onNext: { owner.seen = $0 }).disposed(by: owner.bag)
            if let earlier = previous.value {
                // The earlier owner's subject reaches this one, and this one keeps it.
                owner.previous = earlier
                earlier.changes.subscribe(onNext: { owner.seen += $0 }).disposed(by: owner.bag)
            }
            previous.value = owner
            context.expectReleased(owner, name: "Linked")
        }
        XCTAssertEqual(report.actualVerdict, .cycle, "\(report.findings.map(\.headline))")
        let cycle = try XCTUnwrap(report.findings.first)
        XCTAssertEqual(cycle.kind, .referenceCycle)
        XCTAssertEqual(
            cycle.countPerPass,
            [1, 1, 1],
            "one owner's cycle per pass, though passes 2 and 3 share a component"
        )
        XCTAssertEqual(cycle.growthPerPass, 1)
        XCTAssertEqual(report.cycles.first?.count, 3)
        XCTAssertEqual(report.cycles.first?.steps.first?.typeName, "Linked")
    }
}
#endif
