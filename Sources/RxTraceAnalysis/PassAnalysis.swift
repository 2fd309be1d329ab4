#if TRACE_RESOURCES
import Foundation
import RxCore
import RxTraceReport

/// What the measured passes left alive, turned into findings: leaked subscriptions grouped by
/// signature with their growth per pass, unreleased objects, the reference cycles and retention
/// paths the heap graph shows, thread hops and anomalies. Shared by scenarios (`ScenarioRunner`)
/// and by tests run under `rxtrace test` (`TestUnitRecorder`), which measure passes differently
/// but analyse them alike.
package struct PassAnalysis {
    /// Nested snapshots: `snapshots[k]` holds the live entries created in passes k+1…N (pass 1
    /// first), so `snapshots[0]` is everything the passes left alive and `snapshots[1]` what the
    /// measured passes left.
    var snapshots: [[ResourceEntry]]
    /// Per pass but the last: how many members of each group (by signature) that pass created
    /// were still alive at its end.
    var survivors: [[String: Int]]
    /// The pass (1-based) that created an entry.
    var passOf: (ResourceEntry) -> Int?
    var passCount: Int
    var timers: TimerEvidence
    /// Observers per subject type around the measured passes: kept for callers, never a reason
    /// on its own (see `SubjectEvidence`).
    var subjects: SubjectEvidence
    var releaseExpectations: [ReleaseExpectation] = []
    var hopExpectations: [HopExpectation] = []
    /// Whether to build the heap graph (it needs the allocation table recorded while the passes ran).
    var heapGraph: Bool
    /// The allocation table's generation each pass recorded in (`AllocationTable.generation`,
    /// pass 1 first), when the caller installed the table once per pass. Without it the
    /// generations are inferred from the leaked resources (`HeapExplanation.explain`).
    var passGenerations: [UInt32]? = nil
    /// Objects a test harness keeps alive on its own (XCTest's test case instances): a leak held
    /// by one of them is named as held by the harness (`Outcome.harnessHolders`).
    var harnessObjects: Set<UInt> = []

    package init(
        snapshots: [[ResourceEntry]],
        survivors: [[String: Int]],
        passOf: @escaping (ResourceEntry) -> Int?,
        passCount: Int,
        timers: TimerEvidence,
        subjects: SubjectEvidence,
        releaseExpectations: [ReleaseExpectation] = [],
        hopExpectations: [HopExpectation] = [],
        heapGraph: Bool,
        passGenerations: [UInt32]? = nil,
        harnessObjects: Set<UInt> = []
    ) {
        self.snapshots = snapshots
        self.survivors = survivors
        self.passOf = passOf
        self.passCount = passCount
        self.timers = timers
        self.subjects = subjects
        self.releaseExpectations = releaseExpectations
        self.hopExpectations = hopExpectations
        self.heapGraph = heapGraph
        self.passGenerations = passGenerations
        self.harnessObjects = harnessObjects
    }

    package struct Outcome {
        /// Every finding: cycles first, then leaks and unreleased objects, then thread anomalies.
        package var findings: [LeakFinding] = []
        package var cycles: [ReportCycle] = []
        package var threadHops: [ReportThreadHop] = []
        package var hopFailures: [String] = []
        var anomalies: [LeakFinding] = []
        /// Whether anything leaked (findings other than thread anomalies).
        package var leaked = false
        /// Signatures of findings whose heap path starts at a harness object, with that holder.
        package var harnessHolders: [String: String] = [:]
        /// The harness objects' stored properties that hold Rx objects (`FooTests.disposeBag`).
        package var harnessFields: [String] = []
        /// The registry ids of each leaked-subscription finding's resources, by signature.
        package var entryIDs: [String: [UInt64]] = [:]
        /// For leaks whose objects sit on a reference cycle: the cycle finding's signature.
        package var cycleOfFinding: [String: String] = [:]

        package init() {}

        /// The status and verdict of a scenario or test that ran to its end: a leak, a cycle when
        /// a reference cycle is among the findings, else a thread anomaly, else clean. A scenario
        /// that declared hops (`hopsDeclared`) and ran them has them reported as its verdict.
        package func classification(hopsDeclared: Bool = false) -> (status: ScenarioStatus, verdict: Verdict) {
            if leaked {
                return (.leaked, findings.contains { $0.kind == .referenceCycle } ? .cycle : .leak)
            }
            if !anomalies.isEmpty { return (.threadAnomaly, .threadAnomaly) }
            return (.clean, hopsDeclared && !threadHops.isEmpty ? .hopsReported : .clean)
        }
    }

    package func analyse() -> Outcome {
        var outcome = Outcome()
        let stages = ThreadHops.stages()
        let chains = ThreadHopAnalysis.chains(stages)
        outcome.anomalies = ThreadAnomalyAnalysis.findings(ThreadHops.anomalies(), chains: chains, stages: stages)
        outcome.threadHops = ThreadHopAnalysis.reportHops(chains, anomalies: outcome.anomalies)
        outcome.hopFailures = Self.unmetHopExpectations(hopExpectations, chains: chains)
        let leaked = leakedSubscriptions()
        let unreleased = unreleasedObjects(releaseExpectations, passes: passCount)
        outcome.entryIDs = leaked.entryIDs
        var findings = leaked.findings + unreleased.findings
        if heapGraph, !findings.isEmpty {
            let graph = HeapGraph.build()
            let generations = passGenerations ?? []
            let explanation = HeapExplanation.explain(
                graph,
                leaked: leaked.objects + unreleased.objects,
                passes: passCount,
                timers: timers,
                measuredSince: generations.count > 1 ? generations[1] : nil,
                passOfGeneration: Dictionary(
                    generations.enumerated().map { ($0.element, $0.offset + 1) },
                    uniquingKeysWith: { first, _ in first }
                )
            )
            (findings, outcome.cycles) = explanation.namingSubscriptions(
                in: FindingPlacement.placed(
                    explanation.cycleFindings + findings.map { explanation.annotate($0) },
                    cycleOfFinding: explanation.cycleOfFinding
                ),
                cycles: explanation.cycles
            )
            outcome.cycleOfFinding = explanation.cycleOfFinding
            findings = CycleFolding.folded(findings, cycleOfFinding: explanation.cycleOfFinding)
            if !harnessObjects.isEmpty {
                outcome.harnessHolders = explanation.findingsHeld(byAnyOf: harnessObjects, in: graph)
                outcome.harnessFields = HeapExplanation.rxFields(of: harnessObjects, in: graph)
            }
        }
        outcome.leaked = !findings.isEmpty
        outcome.findings = findings + outcome.anomalies
        return outcome
    }

    /// One reason per `expectHops` declaration that no chain ran, naming what ran instead.
    static func unmetHopExpectations(_ expectations: [HopExpectation], chains: [HopChain]) -> [String] {
        expectations.compactMap { expectation in
            let met = chains.contains { chain in
                guard ThreadHopAnalysis.matches(declared: expectation.sequence, actual: chain.hopSequence) else {
                    return false
                }
                guard let subscribedOn = expectation.subscribedOn else { return true }
                return ThreadHopAnalysis.matches(declared: [subscribedOn], actual: [chain.sourceSubscriptionPlaces])
            }
            if met { return nil }
            let ran = chains.map { chain in
                chain.hopSequence.joined(separator: " → ") + " (subscribed on \(chain.sourceSubscriptionPlaces))"
            }
            let place = "\((expectation.file as NSString).lastPathComponent):\(expectation.line)"
            return "declared hops \(expectation.text) (\(place)) did not run; ran: "
                + (ran.isEmpty ? "no chain" : ran.joined(separator: "; "))
        }
    }

    /// Groups what the measured passes (2…N) left alive, and counts each group per pass, the
    /// warm-up included, from the nested snapshots since each pass's mark.
    ///
    /// Two kinds of groups are not reported:
    /// - *replaced* groups: the same code path left members alive at the end of an earlier
    ///   pass, all of those are gone now, and the last pass left no more alive than the pass
    ///   before it had (a `SerialDisposable` refreshed on every visit, a cache of the latest
    ///   value). They do not grow, so they are not leaks. A group whose earlier members were
    ///   replaced by more new ones does grow: the inner `interval` of a `flatMapLatest` on a
    ///   shared trigger is re-subscribed for every leaked outer subscription on each pass.
    /// - groups with no sink or observer (only producers, disposables, bags) when the
    ///   scenario also leaks subscriptions: they are what the leaked subscriptions hold (an
    ///   `interval`'s producer, the owner's `DisposeBag`), not subscriptions of their own.
    private func leakedSubscriptions() -> (
        findings: [LeakFinding], objects: [HeapExplanation.Leaked], entryIDs: [String: [UInt64]]
    ) {
        let survivors = self.survivors
        let groupsPerMark = snapshots.map { LeakAnalysis.group($0) }
        let groupCounts: [[String: Int]] = groupsPerMark.map { groups in
            Dictionary(groups.map { ($0.signature, $0.entries.count) }, uniquingKeysWith: +)
        }
        let perPassBySignature: (String) -> [Int] = { signature in
            // Entries alive since mark k minus those alive since mark k+1 were created in pass k.
            groupCounts.indices.map { index -> Int in
                let here = groupCounts[index][signature] ?? 0
                let later = index + 1 < groupCounts.count ? (groupCounts[index + 1][signature] ?? 0) : 0
                return here - later
            }
        }
        let growing = groupsPerMark[1].filter { group in
            let perPass = perPassBySignature(group.signature)
            let ranBefore = survivors.contains { $0[group.signature] != nil }
            let earlierAllGone = perPass.dropLast().allSatisfy { $0 == 0 }
            let previousPassLeft = survivors.last?[group.signature] ?? 0
            let grew = (perPass.last ?? 0) > previousPassLeft
            return !(ranBefore && earlierAllGone && !grew)
        }
        let holdsSubscriptions = { (group: ResourceGroup) in
            group.entries.contains { $0.kind == .sink || $0.kind == .observer }
        }
        let reported = growing.contains(where: holdsSubscriptions) ? growing.filter(holdsSubscriptions) : growing
        let measured = reported.flatMap { group in
            group.entries.map { entry in
                HeapExplanation.Leaked(
                    address: entry.address,
                    signature: group.signature,
                    pass: passOf(entry),
                    isExpectation: false,
                    isSubscriber: entry.kind == .observer
                )
            }
        }
        // The warm-up's instances of the same groups: a cycle counts them per pass as the
        // subscriptions on it are counted.
        let reportedSignatures = Set(reported.map(\.signature))
        let warmUp = groupsPerMark[0].filter { reportedSignatures.contains($0.signature) }.flatMap { group in
            group.entries.filter { passOf($0) == 1 }.map { entry in
                HeapExplanation.Leaked(
                    address: entry.address,
                    signature: group.signature,
                    pass: 1,
                    isExpectation: false,
                    isWarmUp: true
                )
            }
        }
        let objects = measured + warmUp
        return (
            reported.map { group in
                let perPass = perPassBySignature(group.signature)
                let subscriptions = Self.subscriptionCount(group)
                // When the last pass replaced what the pass before it left (and added more), the
                // group grew by the difference, not by everything the last pass created.
                let previousPassLeft = survivors.last?[group.signature] ?? 0
                let earlierReplaced = previousPassLeft > 0 && perPass.dropLast().allSatisfy { $0 == 0 }
                let growth = (perPass.last ?? 0) - (earlierReplaced ? previousPassLeft : 0)
                return LeakFinding(
                    signature: group.signature,
                    kind: .leakedSubscription,
                    resourceTypes: group.resourceTypes,
                    operatorChain: group.operatorChain,
                    count: subscriptions,
                    countPerPass: perPass.map { resources in scaled(resources, group.entries.count, subscriptions) },
                    growthPerPass: scaled(growth, group.entries.count, subscriptions),
                    callSite: group.userCallSite.flatMap(\.location),
                    backtrace: group.frames.map(\.reportFrame),
                    viaDependency: group.viaDependency,
                    retentionReason: RetentionReason.explain(group, timers: timers),
                    leaked: Self.leakedThing(group)
                )
            }, objects, Dictionary(reported.map { ($0.signature, $0.entries.map(\.id)) }, uniquingKeysWith: +)
        )
    }

    /// Subscriptions in a group: one per `subscribe(onNext:…)`/`bind` observer at the end of
    /// the chain (inner observers of merge, flatMap… are not subscriptions of their own), else
    /// one per entry of the group's most frequent observer type, else of its most frequent type.
    static func subscriptionCount(_ group: ResourceGroup) -> Int {
        let subscribers = group.entries.filter { $0.kind == .observer && $0.typeName.hasPrefix("AnonymousObserver<") }
            .count
        if subscribers > 0 { return subscribers }
        let observers = group.entries.filter { $0.kind == .observer }
        let candidates = observers.isEmpty ? group.entries : observers
        let byType = Dictionary(grouping: candidates, by: \.typeName).mapValues(\.count)
        return max(1, byType.values.max() ?? 1)
    }

    /// What a group keeps alive, when it is not a subscription (nil: a sink or observer chain
    /// is alive). Subjects before producers: a subject is an observable too.
    static func leakedThing(_ group: ResourceGroup) -> LeakedThing? {
        let kinds = Set(group.entries.map(\.kind))
        if kinds.contains(.sink) || kinds.contains(.observer) { return nil }
        if kinds.contains(.subject) { return .subject }
        if kinds.contains(.producer) { return .observable }
        if kinds.contains(.scheduledItem) { return .queuedWork }
        if group.resourceTypes.contains(where: { LeakAnalysis.baseTypeName($0) == "DisposeBag" }) { return .bag }
        return .disposable
    }

    /// A resource count of the group turned into subscriptions.
    private func scaled(_ resources: Int, _ groupResources: Int, _ subscriptions: Int) -> Int {
        guard groupResources > 0 else { return 0 }
        return Int((Double(resources) * Double(subscriptions) / Double(groupResources)).rounded())
    }

    /// Objects passed to `expectReleased` that are still alive, one finding per name and place.
    private func unreleasedObjects(
        _ expectations: [ReleaseExpectation],
        passes: Int
    ) -> (findings: [LeakFinding], objects: [HeapExplanation.Leaked]) {
        var findings: [String: LeakFinding] = [:]
        var order: [String] = []
        var objects: [HeapExplanation.Leaked] = []
        for expectation in expectations {
            guard let object = expectation.object else { continue }
            let place = SourceLocation(file: expectation.file, line: expectation.line)
            let signature = LeakSignature.unreleasedObject(
                name: expectation.name,
                file: expectation.file,
                line: expectation.line
            )
            objects.append(
                HeapExplanation.Leaked(
                    address: UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque()),
                    signature: signature,
                    pass: expectation.pass,
                    isExpectation: true
                )
            )
            if findings[signature] == nil {
                order.append(signature)
                findings[signature] = LeakFinding(
                    signature: signature,
                    kind: .unreleasedObject,
                    resourceTypes: [expectation.name],
                    count: 0,
                    countPerPass: Array(repeating: 0, count: passes),
                    callSite: place
                )
            }
            findings[signature]!.count += 1
            if expectation.pass <= passes { findings[signature]!.countPerPass[expectation.pass - 1] += 1 }
        }
        return (
            order.map { signature in
                var finding = findings[signature]!
                finding.growthPerPass = finding.countPerPass.last ?? 0
                return finding
            }, objects
        )
    }

}
#endif
