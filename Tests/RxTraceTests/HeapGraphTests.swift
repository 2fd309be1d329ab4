#if TRACE_RESOURCES
import Foundation
import RxCore
@testable import RxTrace
@testable import RxTraceReport
@testable import RxTraceAnalysis
@testable import RxTraceRunner
import XCTest

// Shapes a real app holds its subscriptions in. Each keeps itself alive through a closure that
// captures `self` strongly; the heap graph must find exactly that cycle, with the property
// names a person would look for.

private final class Source {
    let values = PublishSubject<Int>()
}

/// A user class with generic fields.
private final class Cache<Key: Hashable, Value> {
    let bag = DisposeBag()
    var entries: [Key: Value] = [:]
    var latest: Value?
    let makeKey: (Value) -> Key

    init(makeKey: @escaping (Value) -> Key) { self.makeKey = makeKey }

    func follow(_ values: Observable<Value>) {
        values.map { $0 }.subscribe(onNext: { self.latest = $0 }).disposed(by: bag)
    }
}

/// A view model whose relay feeds a chain bagged by the same view model.
private final class NameViewModel {
    let name = BehaviorRelay(value: "")
    let bag = DisposeBag()
    private(set) var greeting = ""

    init() {
        name.map { "Hello \($0)" }.subscribe(onNext: { self.greeting = $0 }).disposed(by: bag)
    }
}

/// A closure that makes closures: the inner one uses self, so the outer one captures it.
private final class Deferred {
    let bag = DisposeBag()
    private(set) var total = 0

    func follow(_ values: Observable<Int>) {
        values.map { value in { self.total += value } }
            .subscribe(onNext: { add in add() })
            .disposed(by: bag)
    }
}

/// Subscriptions kept in a struct stored in the class.
private struct Bindings {
    let bag = DisposeBag()
    var count = 0
}

private final class StructHolder {
    var bindings = Bindings()
    private(set) var seen = 0

    func following(_ values: Observable<Int>) -> Self {
        values.map { $0 + 1 }.subscribe(onNext: { self.seen = $0 }).disposed(by: bindings.bag)
        return self
    }
}

/// Subscriptions kept in an array of disposables.
private final class ArrayHolder {
    var subscriptions: [Disposable] = []
    private(set) var seen = 0

    func following(_ values: Observable<Int>) -> Self {
        subscriptions.append(values.map { $0 * 2 }.subscribe(onNext: { self.seen = $0 }))
        return self
    }
}

final class HeapGraphTests: XCTestCase {
    /// Runs `body` with the run-twice protocol in this process, heap graph on.
    private func run(_ body: @escaping (ScenarioContext, Source) -> Void) -> ScenarioReport {
        var runner = ScenarioRunner(passes: 2)
        runner.heapGraph = true
        return runner.run(
            Scenario("heap", summary: "heap graph", expect: .cycle) { context in
                body(context, context.shared("source") { Source() })
            }
        )
    }

    private func onlyCycle(
        _ report: ScenarioReport,
        file: StaticString = #filePath,
        line: UInt = #line
    ) throws -> ReportCycle {
        XCTAssertEqual(report.actualVerdict, .cycle, "\(report.findings.map(\.headline))", file: file, line: line)
        XCTAssertEqual(report.cycles.count, 1, "\(report.cycles)", file: file, line: line)
        return try XCTUnwrap(report.cycles.first, file: file, line: line)
    }

    /// The one cycle of an owner made by `make`, which is expected to be released.
    private func cycle(
        of make: @escaping (Source) -> AnyObject,
        file: StaticString = #filePath,
        line: UInt = #line
    ) throws -> ReportCycle {
        let report = run { context, source in
            context.expectReleased(make(source), name: "owner")
        }
        return try onlyCycle(report, file: file, line: line)
    }

    private func path(_ cycle: ReportCycle) -> [String] {
        cycle.steps.map { "\($0.typeName).\($0.via ?? "")" }
    }

    func testACycleThroughAUserClassWithGenericFields() throws {
        let cycle = try cycle { source in
            let cache = Cache<String, Int>(makeKey: { String($0) })
            cache.follow(source.values.asObservable())
            return cache
        }
        XCTAssertEqual(path(cycle).first, "Cache<String, Int>.bag")
        XCTAssertEqual(
            cycle.steps[try XCTUnwrap(cycle.breakAt)].closure?.hasSuffix("in Cache.follow(_:)"),
            true,
            "\(cycle)"
        )
    }

    func testACycleThroughABehaviorRelay() throws {
        let cycle = try cycle { _ in
            let model = NameViewModel()
            model.name.accept("Ada")
            return model
        }
        XCTAssertEqual(cycle.steps.first?.typeName, "NameViewModel")
        // Either way round the owner keeps the chain: through its bag or through its relay's
        // observer list; the closure that captures self closes it.
        XCTAssertTrue(["bag", "name"].contains(cycle.steps.first?.via ?? ""), "\(path(cycle))")
        if cycle.steps.first?.via == "name" {
            XCTAssertTrue(cycle.steps.contains { $0.typeName.hasPrefix("BehaviorRelay<") }, "\(path(cycle))")
        }
        XCTAssertEqual(
            cycle.steps[try XCTUnwrap(cycle.breakAt)].closure?.hasSuffix("in NameViewModel.init()"),
            true,
            "\(cycle)"
        )
    }

    func testACycleThroughNestedClosures() throws {
        let cycle = try cycle { source in
            let deferred = Deferred()
            deferred.follow(source.values.asObservable())
            source.values.onNext(1)
            return deferred
        }
        XCTAssertEqual(path(cycle).first, "Deferred.bag")
        // The outer closure (the map's) holds self for the inner one it makes.
        XCTAssertEqual(
            cycle.steps[try XCTUnwrap(cycle.breakAt)].closure?.hasSuffix("in Deferred.follow(_:)"),
            true,
            "\(cycle)"
        )
    }

    func testACycleThroughAStructStoredInAClass() throws {
        let cycle = try cycle { source in StructHolder().following(source.values.asObservable()) }
        XCTAssertEqual(path(cycle).first, "StructHolder.bindings.bag")
    }

    func testACycleThroughAnArrayOfDisposables() throws {
        let cycle = try cycle { source in ArrayHolder().following(source.values.asObservable()) }
        XCTAssertEqual(path(cycle).first, "ArrayHolder.subscriptions[0]")
    }

    /// The test assertions report the cycle too when the graph is turned on.
    func testTheLeakCheckReportsTheCycleWithTheGraphOn() throws {
        setenv("RXTRACE_HEAP_GRAPH", "on", 1)
        defer { unsetenv("RXTRACE_HEAP_GRAPH") }
        let source = Source()
        let result = RxLeakCheck.run {
            let holder = ArrayHolder().following(source.values.asObservable())
            source.values.onNext(1)
            _ = holder
        }
        guard case .leaked(let report) = result else { return XCTFail("expected a leak, got \(result)") }
        XCTAssertTrue(report.contains("reference cycle"), report)
        XCTAssertTrue(report.contains("ArrayHolder\n        .subscriptions[0]"), report)
        XCTAssertTrue(report.contains("✂ break this reference"), report)
    }

    /// What a test case keeps for its test, named as `Type.property`: its stored properties that
    /// hold Rx objects, each once, including one inside a stored struct; not its other fields.
    func testTheRxPropertiesOfAnObjectAreNamedByTheirLabels() throws {
        try XCTSkipUnless(HeapGraphGate.current.installsHooks, "the hooks are off in this process")
        final class Kept {
            let bag = DisposeBag()
            let subject = PublishSubject<Int>()
            var bindings = Bindings()
            var names = ["a"]
        }
        let wasInstalled = AllocationTable.isInstalled
        AllocationTable.install()
        let kept = Kept()
        if !wasInstalled { AllocationTable.uninstall() }
        let graph = HeapGraph.build()
        let address = UInt(bitPattern: Unmanaged.passUnretained(kept).toOpaque())
        withExtendedLifetime(kept) {
            XCTAssertEqual(
                HeapExplanation.rxFields(of: [address], in: graph),
                ["Kept.bag", "Kept.subject", "Kept.bindings.bag"]
            )
        }
    }

    /// An array's storage can hold more elements than its allocation asked for: the runtime
    /// gives it the capacity of the whole malloc block, and appends fill that slack in place.
    /// Every element is an edge, also those beyond the requested size.
    func testEveryElementOfAnArrayIsAnEdgeAlsoInTheSlackOfItsAllocation() throws {
        try XCTSkipUnless(HeapGraphGate.current.installsHooks, "the hooks are off in this process")
        final class Item {}
        final class Holder { var items: [Item] = [] }
        let wasInstalled = AllocationTable.isInstalled
        AllocationTable.install()
        let holder = Holder()
        // 2 requested: 32 + 16 bytes asked, a 56-byte block, so room for a third in place.
        holder.items.reserveCapacity(2)
        let requestedCapacity = holder.items.capacity
        for _ in 0..<requestedCapacity { holder.items.append(Item()) }
        if !wasInstalled { AllocationTable.uninstall() }
        let graph = HeapGraph.build()
        let address = UInt(bitPattern: Unmanaged.passUnretained(holder).toOpaque())
        withExtendedLifetime(holder) {
            XCTAssertGreaterThan(requestedCapacity, 2, "the block's slack is part of the array's capacity")
            guard let node = graph.node(at: address) else { return XCTFail("the holder is not in the graph") }
            let labels = graph.edges[node].filter { !$0.possible }.map(\.label)
            XCTAssertEqual(labels, (0..<requestedCapacity).map { "items[\($0)]" })
        }
    }

    func testWeakReferencesAreNeverEdges() throws {
        final class WeakOwner {
            let bag = DisposeBag()
            var seen = 0
            func follow(_ values: Observable<Int>) {
                values.map { $0 }.subscribe(onNext: { [weak self] in self?.seen = $0 }).disposed(by: bag)
            }
        }
        let report = run { context, source in
            let owner = WeakOwner()
            owner.follow(source.values.asObservable())
            withExtendedLifetime(owner) { source.values.onNext(1) }
        }
        XCTAssertEqual(report.cycles, [])
        XCTAssertEqual(report.actualVerdict, .clean)
    }

    /// Objects freed on another thread while the graph is read are skipped, never read: the
    /// build finishes and every edge leads to a node of the snapshot.
    func testObjectsFreedWhileTheGraphIsBuiltAreSkipped() throws {
        final class Link {
            var next: Link?
            var payload: [Int] = [1, 2, 3]
        }
        /// The chains, freed a few at a time by another thread.
        final class Chains: @unchecked Sendable {
            let lock = NSLock()
            var heads: [Link] = []
            var remaining: Int {
                lock.lock()
                defer { lock.unlock() }
                return heads.count
            }
        }
        let chains = Chains()
        AllocationTable.install()
        chains.heads = (0..<4_000).map { _ in
            let head = Link()
            var tail = head
            for _ in 0..<20 {
                let link = Link()
                tail.next = link
                tail = link
            }
            return head
        }
        AllocationTable.uninstall()
        let freed = expectation(description: "the chains are freed")
        // The freeing starts when the first graph starts, so the two overlap however fast either is.
        let building = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            building.wait()
            while true {
                chains.lock.lock()
                guard !chains.heads.isEmpty else {
                    chains.lock.unlock()
                    break
                }
                // Each chain releases link after link, while the graph reads them.
                chains.heads.removeLast(min(5, chains.heads.count))
                chains.lock.unlock()
            }
            freed.fulfill()
        }
        // Build graphs until the freeing is over, counting those during which chains were freed.
        var overlapping = 0
        building.signal()
        while chains.remaining > 0 {
            let before = chains.remaining
            let graph = HeapGraph.build()
            if chains.remaining < before { overlapping += 1 }
            for list in graph.edges {
                for edge in list { XCTAssertLessThan(Int(edge.target), graph.count) }
            }
        }
        wait(for: [freed], timeout: 30)
        XCTAssertGreaterThan(overlapping, 0, "at least one graph was built while the chains were being freed")
        // Nothing of the chains is left in the table once they are freed.
        let left = AllocationTable.snapshot().filter {
            RuntimeMetadata.kind($0.metadata) == .class
                && _typeName(RuntimeMetadata.type($0.metadata), qualified: false).hasSuffix("Link")
        }
        XCTAssertEqual(left.count, 0)
    }
}
#endif
