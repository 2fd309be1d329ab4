#if TRACE_RESOURCES
import Dispatch
import Foundation
import RxCore
import RxTrace
import XCTest

/// The registry and its analysis, as a user of the traced build sees them.
final class ResourceRegistryTests: XCTestCase {
    private var savedMode: CaptureMode = .on
    private var savedDepth = 32

    override func setUp() {
        super.setUp()
        savedMode = ResourceRegistry.captureMode
        savedDepth = ResourceRegistry.captureDepth
        ResourceRegistry.captureMode = .on
        ResourceRegistry.captureDepth = 32
        // Earlier tests may still be releasing dispatch-queue work; start from a quiet state.
        SchedulerActivity.waitUntilIdle(timeout: 2)
    }

    override func tearDown() {
        ResourceRegistry.captureMode = savedMode
        ResourceRegistry.captureDepth = savedDepth
        super.tearDown()
    }

    /// Waits for dispatch-queue work to let go of its last references.
    private func waitForResources(toReturnTo count: Int32, file: StaticString = #filePath, line: UInt = #line) {
        SchedulerActivity.waitUntilIdle(timeout: 2)
        let deadline = Date().addingTimeInterval(5)
        while Resources.total != count && Date() < deadline {
            RunLoop.current.run(until: Date().addingTimeInterval(0.01))
        }
        XCTAssertEqual(Resources.total, count, "resources leaked", file: file, line: line)
    }

    func testLiveChainShowsReadableTypesAndTheSubscribeLine() {
        let start = Resources.total
        let mark = ResourceRegistry.mark()
        // `just(42)` that never completes, so that the chain stays alive.
        var subscription: Disposable? = Observable.just(42).concat(Observable.never())
            .filter { $0 > 0 }
            .map { "value \($0)" }
            .distinctUntilChanged { $0 == $1 }
            .subscribe(onNext: { _ in })
        let subscribeLine = #line - 1

        let live = ResourceRegistry.liveSince(mark)
        let types = live.map(\.typeName)
        XCTAssertTrue(types.contains("AnonymousObserver<String>"), "\(types)")
        XCTAssertTrue(types.contains("DistinctUntilChangedSink<String, String>"), "\(types)")
        XCTAssertTrue(types.contains("MapSink<Int, String>"), "\(types)")
        XCTAssertTrue(types.contains("FilterSink<Int>"), "\(types)")
        XCTAssertEqual(
            types.filter { $0 == "SinkDisposer" }.count,
            1,
            "the subscriber's only: a sink is the disposer of its upstream's subscription: \(types)"
        )
        XCTAssertEqual(live.first { $0.typeName == "AnonymousObserver<String>" }?.kind, .observer)
        XCTAssertEqual(live.first { $0.typeName == "SinkDisposer" }?.kind, .disposable)
        XCTAssertEqual(
            live.filter { $0.typeName.hasPrefix("MapSink") }.map(\.kind),
            [.sink],
            "registered once, as a sink"
        )
        XCTAssertEqual(live.map(\.epoch), live.map(\.epoch).sorted(), "creation order")
        XCTAssertTrue(live.allSatisfy { $0.epoch > mark.epoch && $0.threadName == "main" && $0.stack != nil })
        XCTAssertEqual(Set(live.map(\.address)).count, live.count)
        XCTAssertEqual(Int(Resources.total), ResourceRegistry.liveCount)

        // Sinks, observers and disposables come from the `subscribe` line; the producers the
        // sinks hold were created at their operators' lines.
        let producerLines = [
            "Just<Int>": subscribeLine - 4, "NeverProducer<Int>": subscribeLine - 4,
            "Filter<Int>": subscribeLine - 3, "Map<Int, String>": subscribeLine - 2,
            "DistinctUntilChanged<String, String>": subscribeLine - 1,
        ]
        for entry in live {
            let site = Symbolicator.shared.userCallSite(for: entry.stack!)
            XCTAssertEqual(site?.fileName, "ResourceRegistryTests.swift", entry.typeName)
            XCTAssertEqual(site?.file, #filePath, entry.typeName)
            let expectedLine =
                entry.kind == .producer ? (producerLines[entry.typeName] ?? subscribeLine - 4) : subscribeLine
            XCTAssertEqual(site?.line, expectedLine, entry.typeName)
            XCTAssertEqual(site?.origin, .user)
            XCTAssertTrue(
                site?.function.contains("testLiveChainShowsReadableTypesAndTheSubscribeLine") ?? false,
                site?.function ?? "nil"
            )
        }
        XCTAssertTrue(live.contains { $0.kind != .producer }, "the subscription's own resources")
        let subscriptionEntries = live

        let groups = LeakAnalysis.group(live)
        let chain = groups.filter { $0.userCallSite?.line == subscribeLine }
        XCTAssertEqual(chain.count, 1, "one subscription, one group")
        XCTAssertEqual(groups.count, 1, "the producers fold into the subscription that holds them")
        XCTAssertEqual(chain.first?.entries.count, subscriptionEntries.count)
        XCTAssertEqual(chain.first?.operatorChain, ["concat", "filter", "map", "distinctUntilChanged", "subscribe"])
        XCTAssertEqual(chain.first?.signature.count, 16)
        let frames = chain.first?.frames ?? []
        XCTAssertTrue(frames.contains { $0.origin == .rxCore && $0.function.contains("subscribe") })

        subscription?.dispose()
        subscription = nil
        XCTAssertEqual(ResourceRegistry.liveSince(mark).map(\.typeName), [])
        XCTAssertEqual(Resources.total, start)
    }

    private let leakIntervalLine = #line + 2
    private func leakInterval(on scheduler: SchedulerType) -> Disposable {
        Observable<Int>.interval(.seconds(3600), scheduler: scheduler).subscribe(onNext: { _ in })
    }

    func testUndisposedIntervalIsGroupedByItsCallSite() {
        let start = Resources.total
        let scheduler = SerialDispatchQueueScheduler(qos: .default)
        let firstMark = ResourceRegistry.mark()
        var first: Disposable? = leakInterval(on: scheduler)
        let firstGroups = LeakAnalysis.group(ResourceRegistry.liveSince(firstMark))

        let secondMark = ResourceRegistry.mark()
        var second: Disposable? = leakInterval(on: scheduler)
        let secondGroups = LeakAnalysis.group(ResourceRegistry.liveSince(secondMark))

        let thirdMark = ResourceRegistry.mark()
        let thirdLine = #line + 2
        var third: Disposable? = Observable<Int>.interval(.seconds(3600), scheduler: scheduler)
            .subscribe(onNext: { _ in })
        let thirdGroups = LeakAnalysis.group(ResourceRegistry.liveSince(thirdMark))

        for groups in [firstGroups, secondGroups] {
            XCTAssertEqual(groups.count, 1, "\(groups.map(\.resourceTypes))")
            XCTAssertEqual(groups.first?.userCallSite?.fileName, "ResourceRegistryTests.swift")
            XCTAssertEqual(groups.first?.userCallSite?.line, leakIntervalLine)
            XCTAssertTrue(groups.first?.resourceTypes.contains("TimerSink<Int>") ?? false)
            XCTAssertEqual(groups.first?.operatorChain, ["interval", "subscribe"])
        }
        XCTAssertEqual(firstGroups.first?.signature, secondGroups.first?.signature, "identical leaks share a signature")
        XCTAssertEqual(thirdGroups.count, 1)
        XCTAssertEqual(thirdGroups.first?.userCallSite?.line, thirdLine)
        XCTAssertNotEqual(thirdGroups.first?.signature, firstGroups.first?.signature, "another line, another signature")

        // All three at once: two groups, the first holding both leaks from one line.
        let all = LeakAnalysis.group(ResourceRegistry.liveSince(firstMark))
        XCTAssertEqual(all.map(\.signature), [firstGroups[0].signature, thirdGroups[0].signature])
        XCTAssertEqual(all.first?.entries.filter { $0.typeName.hasPrefix("TimerSink") }.count, 2)

        for disposable in [first, second, third] { disposable?.dispose() }
        (first, second, third) = (nil, nil, nil)
        waitForResources(toReturnTo: start)
        XCTAssertEqual(ResourceRegistry.liveSince(firstMark).count, 0)
    }

    func testCaptureModesKeepCountsAndTypes() {
        let start = Resources.total
        let offMark = ResourceRegistry.mark()
        do {
            ResourceRegistry.captureMode = .off
            let subject = PublishSubject<Int>()
            var disposables = [subject.map { $0 + 1 }.subscribe()]
            let off = ResourceRegistry.liveSince(offMark)
            XCTAssertFalse(off.isEmpty)
            XCTAssertTrue(off.allSatisfy { $0.stack == nil })
            XCTAssertTrue(off.contains { $0.typeName == "MapSink<Int, Int>" })
            let offGroups = LeakAnalysis.group(off)
            XCTAssertTrue(offGroups.allSatisfy { $0.userCallSite == nil && $0.frames.isEmpty })
            XCTAssertTrue(offGroups.contains { $0.operatorChain == ["map"] })

            ResourceRegistry.captureMode = .sampled(every: 2)
            XCTAssertEqual(ResourceRegistry.captureMode, .sampled(every: 2))
            let sampledMark = ResourceRegistry.mark()
            for _ in 0..<20 { disposables.append(subject.subscribe()) }
            let sampled = ResourceRegistry.liveSince(sampledMark)
            XCTAssertEqual(sampled.filter { $0.stack != nil }.count, sampled.count / 2)
            XCTAssertTrue(sampled.allSatisfy { ($0.stack != nil) == ($0.epoch % 2 == 0) })

            ResourceRegistry.captureMode = .on
            ResourceRegistry.captureDepth = 4
            XCTAssertEqual(ResourceRegistry.captureDepth, 4)
            let shallowMark = ResourceRegistry.mark()
            disposables.append(subject.subscribe())
            let shallow = ResourceRegistry.liveSince(shallowMark)
            XCTAssertTrue(
                shallow.allSatisfy { $0.stack.map { ResourceRegistry.addresses(of: $0).count <= 4 } ?? false }
            )
            // Stacks too shallow to reach user code still group, by type.
            let shallowGroups = LeakAnalysis.group(shallow)
            XCTAssertEqual(shallowGroups.reduce(0) { $0 + $1.entries.count }, shallow.count)

            disposables.forEach { $0.dispose() }
        }
        XCTAssertEqual(ResourceRegistry.liveSince(offMark).map(\.typeName), [])
        XCTAssertEqual(Resources.total, start)
    }

    func testIdenticalStacksAreInterned() {
        let subject = PublishSubject<Int>()
        let mark = ResourceRegistry.mark()
        var disposables: [Disposable] = []
        for _ in 0..<200 {
            disposables.append(subject.map { $0 }.subscribe())
        }
        let live = ResourceRegistry.liveSince(mark)
        let stacks = Set(live.compactMap(\.stack))
        XCTAssertGreaterThanOrEqual(live.count, 200 * 3)
        XCTAssertLessThanOrEqual(stacks.count, 12, "one stack per distinct creation site, not per resource")
        let groups = LeakAnalysis.group(live)
        XCTAssertEqual(groups.count, 1, "one creation line, one group: \(groups.map(\.resourceTypes))")
        XCTAssertEqual(groups.first?.entries.count, live.count)
        disposables.forEach { $0.dispose() }
    }
}
#endif
