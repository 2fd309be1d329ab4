import Foundation
import RxCore
import Synchronization

/// Runs one program on real threads and returns every breach of the contract it saw.
///
/// The subjects' feeders wait on threads of their own and start together once the subscription
/// is made (`subscribe(on:)` stages subscribe while they send); a racing program has two more threads dispose it at once after a random spin. Once
/// the feeders are done and the schedulers idle, the subscription is disposed (again), and the
/// checks run: the probes' notes, every `create` subscription disposed exactly once, and (traced
/// builds) `Resources.total` back to its start once the chain is gone.
enum StressRun {
    /// How long feeders and schedulers may take before the run counts as hung.
    static let settleTimeout: TimeInterval = 10
    /// How long the last releases on scheduler threads may take once everything is idle.
    static let releaseTimeout: TimeInterval = 2

    static func run(_ program: StressProgram, schedulers: StressSchedulers) -> [String] {
        #if TRACE_RESOURCES
        let startTotal = Resources.total
        let mark = ResourceRegistry.mark()
        let anomaliesBefore = contractAnomalyCount()
        #endif
        var breaches = runChain(program, schedulers: schedulers)
        #if TRACE_RESOURCES
        if let leak = resourcesLeft(since: mark, startTotal: startTotal) { breaches.append(leak) }
        let anomalies = contractAnomalyCount() - anomaliesBefore
        if anomalies > 0 {
            breaches.append("RxCore recorded \(anomalies) overlapping-call or event-after-terminal anomalies")
        }
        #endif
        return breaches
    }

    /// Everything that holds the chain lives in this function, so the chain is gone when it returns.
    private static func runChain(_ program: StressProgram, schedulers: StressSchedulers) -> [String] {
        let chain = StressChain(program: program, schedulers: schedulers)
        let feeders = DispatchGroup()
        let go = DispatchSemaphore(value: 0)
        var feederThreads = 0
        for feeding in chain.feedings {
            start(feeding, in: feeders, after: go)
            feederThreads += feeding.feeders
        }

        let subscription = chain.observable.subscribe { _ in }
        for _ in 0..<feederThreads { go.signal() }
        let disposers = DispatchGroup()
        if let spins = program.racingDisposeAfterSpins {
            for _ in 0..<2 {
                disposers.enter()
                Thread.detachNewThread {
                    spin(spins)
                    subscription.dispose()
                    disposers.leave()
                }
            }
        }
        var breaches: [String] = []
        if feeders.wait(timeout: .now() + settleTimeout) == .timedOut {
            breaches.append("hang: the subjects' feeders were still sending after \(Int(settleTimeout)) s")
            return breaches
        }
        if !schedulersIdle() {
            breaches.append("hang: the schedulers still had work after \(Int(settleTimeout)) s")
        }
        subscription.dispose()
        _ = disposers.wait(timeout: .now() + settleTimeout)
        subscription.dispose()
        _ = schedulersIdle()
        breaches += chain.probes.flatMap(\.recordedBreaches)
        breaches += chain.ledger.breaches(complete: true)
        return breaches
    }

    /// Waits until RxCore's schedulers have no work pending. Pending work is counted only in
    /// traced builds; an untraced build (which `swift build` makes of every target) waits on the
    /// disposers alone.
    private static func schedulersIdle() -> Bool {
        #if TRACE_RESOURCES
        return SchedulerActivity.waitUntilIdle(timeout: settleTimeout, quietPeriod: 0.001)
        #else
        return true
        #endif
    }

    private static func start(_ feeding: SubjectFeeding, in group: DispatchGroup, after go: DispatchSemaphore) {
        let turns = NSLock()
        let unfinished = Atomic<Int>(feeding.feeders)
        for feeder in 0..<feeding.feeders {
            group.enter()
            Thread.detachNewThread {
                go.wait()
                for element in 0..<feeding.count {
                    turns.lock()
                    feeding.subject.onNext(feeder * 1_000 + element)
                    turns.unlock()
                }
                turns.lock()
                if unfinished.wrappingSubtract(1, ordering: .relaxed).newValue == 0 {
                    switch feeding.ending {
                    case .completed: feeding.subject.onCompleted()
                    case .failed: feeding.subject.onError(StressError())
                    case .open: break
                    }
                }
                turns.unlock()
                group.leave()
            }
        }
    }

    /// Busy work that the optimiser keeps, to place a dispose at a random point of the delivery.
    private static func spin(_ count: Int) {
        var x: UInt64 = 1
        for _ in 0..<count { x = x &* 6_364_136_223_846_793_005 &+ 1 }
        if x == 0 { print("") }
    }

    #if TRACE_RESOURCES
    private static func contractAnomalyCount() -> Int {
        ThreadHops.anomalies().filter { $0.kind == .overlappingOn || $0.kind == .eventAfterTerminal }
            .reduce(0) { $0 + $1.count }
    }

    /// Waits (up to the release timeout) for the last releases on scheduler threads, then says
    /// what is still alive, by type, if the count did not come back.
    private static func resourcesLeft(since mark: ResourceMark, startTotal: Int32) -> String? {
        let deadline = Date().addingTimeInterval(releaseTimeout)
        while Resources.total != startTotal && Date() < deadline {
            SchedulerActivity.waitUntilIdle(timeout: 1, quietPeriod: 0.001)
            Thread.sleep(forTimeInterval: 0.001)
        }
        guard Resources.total != startTotal else { return nil }
        var byType: [String: Int] = [:]
        for entry in ResourceRegistry.liveSince(mark) { byType[entry.typeName, default: 0] += 1 }
        let alive = byType.sorted { $0.value > $1.value }.prefix(8).map { "\($0.value)× \($0.key)" }
        return "Resources.total is \(Resources.total) after disposal, \(startTotal) before: still alive "
            + alive.joined(separator: ", ")
    }
    #endif
}
