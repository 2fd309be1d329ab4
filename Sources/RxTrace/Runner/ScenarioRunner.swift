#if TRACE_RESOURCES
import Foundation
import RxCore

/// The run-twice protocol, in the current process: pass 1 warms lazy resources, then each
/// measured pass runs after a registry mark, every pass is drained by waiting for the
/// schedulers to go idle (not by sleeping), and what the measured passes left alive is grouped
/// into findings with the retention reasons the evidence supports.
struct ScenarioRunner {
    /// Total passes, warm-up included (at least 2).
    var passes: Int = 2
    /// How long to wait for scheduled work to finish after each pass.
    var drainTimeout: TimeInterval = 5

    /// Whether to build the heap graph after the last pass (cycles and retention paths): on in
    /// a scenario's own child process unless `RXTRACE_HEAP_GRAPH=off`; in any other process
    /// (test assertions, in-process runs) only with `RXTRACE_HEAP_GRAPH=on`, because its
    /// allocation hook changes a process-wide runtime setting while the passes run.
    var heapGraph: Bool = ScenarioRunner.heapGraphByDefault

    static var heapGraphByDefault: Bool {
        let environment = ProcessInfo.processInfo.environment
        if environment["RXTRACE_HEAP_GRAPH"] == "on" { return true }
        return environment["RXTRACE_CHILD"] == "1" && environment["RXTRACE_HEAP_GRAPH"] != "off"
    }

    func run(_ scenario: Scenario) -> ScenarioReport {
        let started = Date()
        // Record allocations from here on: what the passes create becomes the heap graph's nodes.
        let context = ScenarioContext()
        var passCounts: [PassCount] = []
        var marks: [ResourceMark] = []
        var periodicBeforeMeasuring: [String: Int] = [:]
        var observersBeforeMeasuring: [String: Int] = [:]
        var failure: String?
        // Per pass but the last: how many members of each group (by signature) that pass created
        // were still alive at its end. The last pass's are what the final analysis groups.
        var survivorsAtEndOfPass: [[String: Int]] = []
        let lastPass = max(2, passes)
        // Hops and anomalies are recorded process-wide; count only this scenario's.
        ThreadHops.reset()

        for pass in 1...lastPass {
            context.pass = pass
            if pass == 2 {
                periodicBeforeMeasuring = SchedulerActivity.activePeriodicTimersByQueue
                observersBeforeMeasuring = SubjectActivity.observersBySubjectType
            }
            marks.append(ResourceRegistry.mark())
            let before = Int(Resources.total)
            // Record allocations only while the body runs and drains: what the scenario creates
            // becomes the heap graph's nodes, not the analysis's own objects (symbol caches).
            if heapGraph { AllocationTable.install() }
            do {
                try scenario.body(context)
            } catch {
                if heapGraph { AllocationTable.uninstall() }
                failure = "pass \(pass): \(error)"
                break
            }
            SchedulerActivity.waitUntilIdle(timeout: drainTimeout)
            if heapGraph { AllocationTable.uninstall() }
            passCounts.append(PassCount(pass: pass, before: before, after: Int(Resources.total)))
            if pass < lastPass {
                survivorsAtEndOfPass.append(Dictionary(
                    LeakAnalysis.group(ResourceRegistry.liveSince(marks[pass - 1])).map { ($0.signature, $0.entries.count) },
                    uniquingKeysWith: +
                ))
            }
        }

        var findings: [LeakFinding] = []
        var cycles: [ReportCycle] = []
        var anomalies: [LeakFinding] = []
        var threadHops: [ReportThreadHop] = []
        var hopFailures: [String] = []
        if failure == nil {
            let stages = ThreadHops.stages()
            let chains = ThreadHopAnalysis.chains(stages)
            anomalies = ThreadAnomalyAnalysis.findings(ThreadHops.anomalies(), chains: chains, stages: stages)
            threadHops = ThreadHopAnalysis.reportHops(chains, anomalies: anomalies)
            hopFailures = Self.unmetHopExpectations(context.hopExpectations, chains: chains)
            let timers = TimerEvidence(
                before: periodicBeforeMeasuring,
                after: SchedulerActivity.activePeriodicTimersByQueue,
                schedulerLabels: context.schedulerLabelsByQueueLabel
            )
            let subjects = SubjectEvidence(before: observersBeforeMeasuring, after: SubjectActivity.observersBySubjectType)
            let leaked = leakedSubscriptions(marks: marks, survivors: survivorsAtEndOfPass, timers: timers, subjects: subjects)
            let unreleased = unreleasedObjects(context.releaseExpectations, passes: passCounts.count)
            findings = leaked.findings + unreleased.findings
            if heapGraph, !findings.isEmpty {
                let explanation = HeapExplanation.explain(HeapGraph.build(), leaked: leaked.objects + unreleased.objects,
                                                          passes: passCounts.count, timers: timers)
                findings = explanation.cycleFindings + findings.map { explanation.annotate($0) }
                cycles = explanation.cycles
            }
        }
        let leaked = !findings.isEmpty
        findings += anomalies
        context.tearDown()

        let status: ScenarioStatus
        let verdict: Verdict
        if let failure {
            status = .failed(message: failure)
            verdict = .crashed
        } else if leaked {
            status = .leaked
            verdict = findings.contains(where: { $0.kind == .referenceCycle }) ? .cycle : .leak
        } else if !anomalies.isEmpty {
            status = .threadAnomaly
            verdict = .threadAnomaly
        } else {
            status = .clean
            // A scenario that declares its hops demonstrates them: reporting them is its verdict.
            verdict = !context.hopExpectations.isEmpty && !threadHops.isEmpty ? .hopsReported : .clean
        }
        return ScenarioReport(
            name: scenario.name,
            summary: scenario.summary,
            expectedVerdict: scenario.expected,
            actualVerdict: verdict,
            status: status,
            passes: passCounts,
            findings: findings,
            cycles: cycles,
            threadHops: threadHops,
            hopExpectationFailures: hopFailures,
            durationSeconds: Date().timeIntervalSince(started)
        )
    }

    /// One reason per `expectHops` declaration that no chain ran, naming what ran instead.
    static func unmetHopExpectations(_ expectations: [HopExpectation], chains: [HopChain]) -> [String] {
        expectations.compactMap { expectation in
            let met = chains.contains { chain in
                guard ThreadHopAnalysis.matches(declared: expectation.sequence, actual: chain.hopSequence) else { return false }
                guard let subscribedOn = expectation.subscribedOn else { return true }
                return ThreadHopAnalysis.matches(declared: [subscribedOn], actual: [chain.sourceSubscriptionPlaces])
            }
            if met { return nil }
            let ran = chains.map { chain in
                chain.hopSequence.joined(separator: " → ") + " (subscribed on \(chain.sourceSubscriptionPlaces))"
            }
            let place = "\((expectation.file as NSString).lastPathComponent):\(expectation.line)"
            return "declared hops \(expectation.text) (\(place)) did not run; ran: " + (ran.isEmpty ? "no chain" : ran.joined(separator: "; "))
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
    /// `survivors` are the passes before the last, at their ends (see `run`).
    private func leakedSubscriptions(marks: [ResourceMark], survivors: [[String: Int]], timers: TimerEvidence, subjects: SubjectEvidence)
        -> (findings: [LeakFinding], objects: [HeapExplanation.Leaked]) {
        // One snapshot, nested by mark (entries are in creation order), and one grouping each.
        let all = ResourceRegistry.liveSince(marks[0])
        let snapshots = marks.map { mark in all.filter { $0.epoch > mark.epoch } }
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
        let holdsSubscriptions = { (group: ResourceGroup) in group.entries.contains { $0.kind == .sink || $0.kind == .observer } }
        let reported = growing.contains(where: holdsSubscriptions) ? growing.filter(holdsSubscriptions) : growing
        let objects = reported.flatMap { group in
            group.entries.map { entry in
                HeapExplanation.Leaked(address: entry.address, signature: group.signature,
                                       pass: marks.lastIndex { $0.epoch < entry.epoch }.map { $0 + 1 }, isExpectation: false,
                                       isSubscriber: entry.kind == .observer)
            }
        }
        return (reported.map { group in
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
                callSite: group.userCallSite.flatMap(Self.location),
                backtrace: group.frames.map(Self.reportFrame),
                retentionReason: RetentionReason.explain(group, timers: timers, subjects: subjects)
            )
        }, objects)
    }

    /// Subscriptions in a group: one per `subscribe(onNext:…)`/`bind` observer at the end of
    /// the chain (inner observers of merge, flatMap… are not subscriptions of their own), else
    /// one per entry of the group's most frequent observer type, else of its most frequent type.
    static func subscriptionCount(_ group: ResourceGroup) -> Int {
        let subscribers = group.entries.filter { $0.kind == .observer && $0.typeName.hasPrefix("AnonymousObserver<") }.count
        if subscribers > 0 { return subscribers }
        let observers = group.entries.filter { $0.kind == .observer }
        let candidates = observers.isEmpty ? group.entries : observers
        let byType = Dictionary(grouping: candidates, by: \.typeName).mapValues(\.count)
        return max(1, byType.values.max() ?? 1)
    }

    /// A resource count of the group turned into subscriptions.
    private func scaled(_ resources: Int, _ groupResources: Int, _ subscriptions: Int) -> Int {
        guard groupResources > 0 else { return 0 }
        return Int((Double(resources) * Double(subscriptions) / Double(groupResources)).rounded())
    }

    /// Objects passed to `expectReleased` that are still alive, one finding per name and place.
    private func unreleasedObjects(_ expectations: [ReleaseExpectation], passes: Int) -> (findings: [LeakFinding], objects: [HeapExplanation.Leaked]) {
        var findings: [String: LeakFinding] = [:]
        var order: [String] = []
        var objects: [HeapExplanation.Leaked] = []
        for expectation in expectations {
            guard let object = expectation.object else { continue }
            let place = SourceLocation(file: expectation.file, line: expectation.line)
            let signature = LeakSignature.unreleasedObject(name: expectation.name, file: expectation.file, line: expectation.line)
            objects.append(HeapExplanation.Leaked(address: UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque()),
                                                  signature: signature, pass: expectation.pass, isExpectation: true))
            if findings[signature] == nil {
                order.append(signature)
                findings[signature] = LeakFinding(
                    signature: signature, kind: .unreleasedObject, resourceTypes: [expectation.name],
                    count: 0, countPerPass: Array(repeating: 0, count: passes), callSite: place
                )
            }
            findings[signature]!.count += 1
            if expectation.pass <= passes { findings[signature]!.countPerPass[expectation.pass - 1] += 1 }
        }
        return (order.map { signature in
            var finding = findings[signature]!
            finding.growthPerPass = finding.countPerPass.last ?? 0
            return finding
        }, objects)
    }

    static func location(_ frame: SymbolicatedFrame) -> SourceLocation? {
        guard let file = frame.file, let line = frame.line else { return nil }
        return SourceLocation(file: file, line: line, function: frame.function)
    }

    static func reportFrame(_ frame: SymbolicatedFrame) -> ReportFrame {
        ReportFrame(function: frame.function, file: frame.file, line: frame.line, origin: reportOrigin(frame.origin))
    }

    static func reportOrigin(_ origin: FrameOrigin) -> ReportFrameOrigin {
        switch origin {
        case .user: return .user
        case .rxCore: return .rxCore
        case .rxTrace: return .rxTrace
        case .swiftRuntime: return .swiftRuntime
        case .system: return .system
        }
    }
}
#endif
