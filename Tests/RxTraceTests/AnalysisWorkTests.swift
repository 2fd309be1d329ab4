#if TRACE_RESOURCES
import RxCore
@testable import RxTrace
@testable import RxTraceReport
@testable import RxTraceAnalysis
@testable import RxTraceRunner
import XCTest

/// Analysis at scale (`make bench-scale`): the expensive steps follow the distinct
/// allocation stacks, never the number of leaked resources, and a run's repeated analyses of
/// the same stacks (each pass, the final snapshots, the hops) do them once. Counted, not timed:
/// how long it takes is `make bench-scale`'s question.
final class AnalysisWorkTests: XCTestCase {
    private var savedMode: CaptureMode = .on

    override func setUp() {
        super.setUp()
        savedMode = ResourceRegistry.captureMode
        ResourceRegistry.captureMode = .on
    }

    override func tearDown() {
        ResourceRegistry.captureMode = savedMode
        super.tearDown()
    }

    /// Three call sites, each a different chain, each subscribed `times` times and kept.
    private func leak(_ subject: PublishSubject<Int>, times: Int, into kept: inout [Disposable]) {
        for _ in 0..<times {
            kept.append(subject.map { $0 + 1 }.subscribe(onNext: { _ in }))
            kept.append(subject.filter { $0 > 0 }.map { $0 * 2 }.subscribe(onNext: { _ in }))
            kept.append(
                subject.distinctUntilChanged().flatMapLatest { _ in Observable<Int>.never() }.subscribe(onNext: { _ in }
                )
            )
        }
    }

    private func work(since start: [WorkCounter.Step: Int]) -> [WorkCounter.Step: Int] {
        let now = WorkCounter.current()
        return Dictionary(
            uniqueKeysWithValues: WorkCounter.Step.allCases.map { ($0, (now[$0] ?? 0) - (start[$0] ?? 0)) }
        )
    }

    func testWorkFollowsDistinctStacksNotLeakedResources() {
        let subject = PublishSubject<Int>()
        var kept: [Disposable] = []
        defer { kept.forEach { $0.dispose() } }
        let mark = ResourceRegistry.mark()
        leak(subject, times: 300, into: &kept)
        let live = ResourceRegistry.liveSince(mark)
        let stacks = Set(live.compactMap(\.stack))
        let addresses = Set(stacks.flatMap { ResourceRegistry.addresses(of: $0) })
        XCTAssertGreaterThan(
            live.count,
            20 * stacks.count,
            "many resources per distinct stack: \(live.count) for \(stacks.count)"
        )

        let before = WorkCounter.current()
        let groups = LeakAnalysis.group(live)
        let done = work(since: before)

        XCTAssertEqual(groups.filter { $0.userCallSite != nil }.count, 3, "\(groups.map(\.operatorChain))")
        XCTAssertEqual(groups.reduce(0) { $0 + $1.entries.count }, live.count)
        // Each address at most once (producer origins also read the stacks of dead producers,
        // which are not in the snapshot: their addresses are bounded by the same call sites').
        XCTAssertLessThanOrEqual(done[.addressSymbolicated]!, 2 * addresses.count, "addresses resolved: \(done)")
        XCTAssertLessThanOrEqual(done[.stackNamed]!, stacks.count, "stacks read for names: \(done)")
        XCTAssertLessThanOrEqual(done[.producerIndexBuilt]!, 1)
    }

    func testAnalysingTheSameStacksAgainRepeatsNoPerStackWork() {
        let subject = PublishSubject<Int>()
        var kept: [Disposable] = []
        defer { kept.forEach { $0.dispose() } }
        let mark = ResourceRegistry.mark()
        var analyses: [(groups: [ResourceGroup], work: [WorkCounter.Step: Int])] = []
        // The same lines twice (so the same stacks), the second snapshot ten times larger, as a
        // run's later analyses are.
        for times in [20, 200] {
            leak(subject, times: times, into: &kept)
            let before = WorkCounter.current()
            let groups = LeakAnalysis.group(ResourceRegistry.liveSince(mark))
            analyses.append((groups, work(since: before)))
        }
        let (first, second) = (analyses[0], analyses[1])

        XCTAssertGreaterThan(first.work[.stackNamed]!, 0, "the first analysis read the stacks: \(first.work)")
        for step in WorkCounter.Step.allCases {
            XCTAssertEqual(second.work[step], 0, "\(step): \(second.work)")
        }
        XCTAssertEqual(
            second.groups.map(\.signature),
            first.groups.map(\.signature),
            "the same leaks, the same findings"
        )
        XCTAssertEqual(second.groups.map(\.operatorChain), first.groups.map(\.operatorChain))
        XCTAssertEqual(second.groups.map(\.entries.count), first.groups.map { $0.entries.count * 11 })
    }
}
#endif
