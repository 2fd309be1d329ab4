#if TRACE_RESOURCES
import Foundation
@testable import RxCore
import XCTest

/// Runs `schedulers` in turn until none has work left.
private func drain(_ schedulers: [NamedVirtualScheduler], until done: () -> Bool) {
    var rounds = 0
    while !done(), rounds < 100 {
        for scheduler in schedulers { scheduler.start() }
        rounds += 1
    }
}

final class ThreadHopRecordingTests: RxTestCase {
    override func setUp() {
        super.setUp()
        ThreadHops.reset()
    }

    /// The stages of the chain ending in the last subscriber that ran, source first.
    private func lastChain() -> [HopStageRecord] {
        let stages = ThreadHops.stages()
        let byID = Dictionary(uniqueKeysWithValues: stages.map { ($0.id, $0) })
        guard let root = stages.last(where: { $0.downstream == 0 && $0.typeName.hasPrefix("AnonymousObserver") }) else {
            return []
        }
        var chain = [root]
        var current = root.id
        while let upstream = stages.first(where: { $0.downstream == current && byID[$0.id] != nil }) {
            chain.insert(upstream, at: 0)
            current = upstream.id
        }
        return chain
    }

    private func schedulers(_ stage: HopStageRecord, _ kind: HopEventKind) -> [String] {
        (stage.places[kind] ?? []).map { $0.place.scheduler ?? "thread:\($0.place.threadName)" }
    }

    func testObserveOnChainRecordsTheSchedulerOfEachStage() {
        let green = NamedVirtualScheduler("green")
        let red = NamedVirtualScheduler("red")
        var received: [String] = []
        var completed = false
        let subscription = Observable.just(42)
            .observe(on: green).filter { $0 > 30 }
            .observe(on: red).map { "\($0)" }
            .observe(on: green)
            .subscribe(onNext: { received.append($0) }, onCompleted: { completed = true })
        drain([green, red], until: { completed })
        subscription.dispose()
        XCTAssertEqual(received, ["42"])

        let chain = lastChain()
        XCTAssertEqual(
            chain.map { LeakNameForTest.base($0.typeName) },
            [
                "JustSink", "ObserveOnSink", "FilterSink", "ObserveOnSink", "MapSink", "ObserveOnSink",
                "AnonymousObserver",
            ]
        )
        XCTAssertEqual(schedulers(chain[0], .delivered), ["thread:main"])
        XCTAssertEqual(schedulers(chain[1], .received), ["thread:main"])
        XCTAssertEqual(schedulers(chain[1], .delivered), ["Virtual(green)"])
        XCTAssertEqual(schedulers(chain[2], .delivered), ["Virtual(green)"])
        XCTAssertEqual(schedulers(chain[3], .delivered), ["Virtual(red)"])
        XCTAssertEqual(schedulers(chain[4], .delivered), ["Virtual(red)"])
        XCTAssertEqual(schedulers(chain[5], .delivered), ["Virtual(green)"])
        XCTAssertEqual(schedulers(chain[6], .received), ["Virtual(green)"])
        XCTAssertEqual(ThreadHops.anomalies().count, 0)
    }

    /// `just` records its stage as its sink would, without making one: no `JustSink` is alive
    /// while it delivers, the stage counts its subscription, both events and its disposal, and
    /// its allocation stack is taken inside the subscription, the test's own callers outward.
    func testJustRecordsItsStageWithoutMakingASink() throws {
        let depth = ResourceRegistry.captureDepth
        let mode = ResourceRegistry.captureMode
        ResourceRegistry.captureDepth = RegistryState.maximumDepth
        ResourceRegistry.captureMode = .on
        defer {
            ResourceRegistry.captureDepth = depth
            ResourceRegistry.captureMode = mode
        }
        let ownStack = ResourceRegistry.addresses(
            of: StackID(rawValue: ResourceRegistry.captureStack(depth: RegistryState.maximumDepth))
        )
        var liveWhileDelivering: [String] = []
        let subscription = Observable.just(7).map { $0 + 1 }
            .subscribe(onNext: { _ in
                liveWhileDelivering = ResourceRegistry.liveEntries().map { LeakNameForTest.base($0.typeName) }
            })
        subscription.dispose()

        XCTAssertTrue(liveWhileDelivering.contains("MapSink"))
        XCTAssertFalse(liveWhileDelivering.contains("JustSink"))
        let chain = lastChain()
        XCTAssertEqual(chain.map { LeakNameForTest.base($0.typeName) }, ["JustSink", "MapSink", "AnonymousObserver"])
        XCTAssertEqual(chain[0].places[.subscribed]?.map(\.count), [1])
        XCTAssertEqual(chain[0].places[.delivered]?.map(\.count), [2])
        XCTAssertEqual(chain[0].places[.disposed]?.map(\.count), [1])
        XCTAssertEqual(schedulers(chain[0], .delivered), ["thread:main"])
        let stack = ResourceRegistry.addresses(of: try XCTUnwrap(chain[0].subscriptionStack))
        XCTAssertGreaterThan(ownStack.count, 1)
        XCTAssertEqual(Array(stack.suffix(ownStack.count - 1)), Array(ownStack.dropFirst()))
    }

    /// A subscription still alive shows where it was subscribed and where it delivered, also
    /// when an earlier subscription of the same chain marked those places on this thread
    /// before a reset forgot them (a runner resets between scenarios and tests).
    func testLiveSubscriptionShowsItsPlacesAfterAReset() {
        let subject = PublishSubject<Int>()
        var live: Disposable?
        // One call site, so that both subscriptions have the same stages.
        for pass in 0..<2 {
            live = subject.map { $0 + 1 }.subscribe(onNext: { _ in })
            subject.onNext(pass)
            if pass == 0 {
                live?.dispose()
                ThreadHops.reset()
            }
        }
        defer { live?.dispose() }
        let chain = lastChain()
        XCTAssertEqual(chain.map { LeakNameForTest.base($0.typeName) }, ["MapSink", "AnonymousObserver"])
        guard chain.count == 2 else { return }
        XCTAssertEqual(schedulers(chain[0], .subscribed), ["thread:main"])
        XCTAssertEqual(schedulers(chain[0], .delivered), ["thread:main"])
        XCTAssertEqual(schedulers(chain[1], .subscribed), ["thread:main"])
        XCTAssertEqual(schedulers(chain[1], .received), ["thread:main"])
    }

    func testNearestSubscribeOnWins() {
        let green = NamedVirtualScheduler("green")
        let blue = NamedVirtualScheduler("blue")
        var completed = false
        let subscription = Observable.just(42)
            .observe(on: green).map { $0 + 1 }
            .subscribe(on: blue)
            .subscribe(on: green)
            .subscribe(onNext: { _ in }, onCompleted: { completed = true })
        drain([green, blue], until: { completed })
        subscription.dispose()
        let chain = lastChain()
        XCTAssertEqual(LeakNameForTest.base(chain[0].typeName), "JustSink")
        XCTAssertEqual(schedulers(chain[0], .subscribed), ["Virtual(blue)"])
        XCTAssertEqual(schedulers(chain[0], .delivered), ["Virtual(blue)"])
        XCTAssertEqual(schedulers(chain.last!, .received), ["Virtual(green)"])
    }
}

enum LeakNameForTest {
    static func base(_ name: String) -> String {
        name.firstIndex(of: "<").map { String(name[..<$0]) } ?? name
    }
}
#endif
