#if TRACE_RESOURCES
import Foundation
import RxCore
import RxTraceReport
import RxTraceAnalysis

/// Measures tests the way `check` measures a scenario's passes, inside the test process.
///
/// A test's own run is the first pass. What it leaves alive once the schedulers are idle is
/// either one-time state (a `static let shared` service it happened to touch first, a cache) or
/// growth; to tell them apart the test runs once more (the second pass): what the second run
/// leaves alive again is what every run leaks. A test that leaves nothing alive is clean after
/// one run and never runs again. Units are measured one at a time: resources created between a
/// unit's start and end belong to it.
package final class TestUnitRecorder: @unchecked Sendable {
    private struct Pass {
        var start: ResourceMark
        var end: ResourceMark?
        var totalBefore: Int
        var totalAfter = 0
    }

    private struct Measurement {
        var started = Date()
        var first: Pass
        var rerun: Pass?
        /// Per group signature, how many the first run left alive at its end.
        var firstSurvivors: [String: Int] = [:]
        var periodicBefore: [String: Int] = [:]
        var observersBefore: [String: Int] = [:]
        /// The first drain that ended with work still running, if any.
        var unsettled: Drain?
        /// `SchedulerActivity.ticket` when the unit began: work queued before (by an earlier
        /// test of the process) is not this unit's to wait for or to be judged by.
        var pendingSince = SchedulerActivity.ticket
    }

    /// What a drain after a run found.
    struct Drain {
        /// RxCore schedulers' one-shot items still pending when the drain gave up.
        var pendingItems: Int
        /// The same, by scheduler, with where the latest was scheduled.
        var pendingBySchedulers: [SchedulerActivity.PendingOnScheduler] = []
        /// How many resources were created or released during the last quiet period it waited for.
        var stillChanging: Bool
        var seconds: TimeInterval
    }

    private let lock = NSLock()
    private var measurements: [TestUnit: Measurement] = [:]
    private let drainTimeout: TimeInterval
    private let heapGraph: Bool

    package init(drainTimeout: TimeInterval, heapGraph: Bool) {
        self.drainTimeout = drainTimeout
        self.heapGraph = heapGraph
    }

    /// The unit's own run starts. Allocations are recorded from here (when the heap graph is
    /// on), so what the first run creates and later holds a leak (a service it creates first,
    /// an app-wide session) is a node of the graph and can be named as the holder.
    package func begin(_ unit: TestUnit) {
        ThreadHops.reset()
        if heapGraph { AllocationTable.install() }
        let pass = Pass(start: ResourceRegistry.mark(), totalBefore: Int(Resources.total))
        lock.withLock { measurements[unit] = Measurement(first: pass) }
    }

    /// The unit's own run ended: its report when it left nothing alive, nil when it must run
    /// again (`beginRerun`, `endRerun`) to tell growth from one-time state.
    package func endFirstRun(_ unit: TestUnit) -> ScenarioReport? {
        guard var measurement = lock.withLock({ measurements[unit] }) else { return nil }
        var left = ResourceRegistry.liveSince(measurement.first.start)
        // Nothing alive and no work pending: nothing can still appear, no need to wait.
        if !left.isEmpty || SchedulerActivity.pending(since: measurement.pendingSince) > 0 {
            measurement.unsettled = drain(since: measurement.pendingSince)
            left = ResourceRegistry.liveSince(measurement.first.start)
        }
        if heapGraph { AllocationTable.uninstall() }
        measurement.first.end = ResourceRegistry.mark()
        measurement.first.totalAfter = Int(Resources.total)
        if left.isEmpty {
            lock.withLock { measurements[unit] = nil }
            return report(unit, measurement, outcome: anomaliesOnly(passes: 1))
        }
        measurement.firstSurvivors = Dictionary(
            LeakAnalysis.group(left).map { ($0.signature, $0.entries.count) },
            uniquingKeysWith: +
        )
        lock.withLock { measurements[unit] = measurement }
        return nil
    }

    /// Whether `endFirstRun` asked this unit to run again.
    package func awaitsRerun(_ unit: TestUnit) -> Bool {
        lock.withLock { measurements[unit] != nil }
    }

    /// The second run starts (after `endFirstRun` returned nil). `prepare` runs first, with
    /// allocations recorded but before the pass's mark: what it creates (a fresh XCTest test case
    /// instance, whose stored properties XCTest created for the first run before that run's
    /// start) is a node of the heap graph without being charged to the pass.
    package func beginRerun(_ unit: TestUnit, preparing prepare: () -> Void = {}) {
        ThreadHops.reset()
        if heapGraph { AllocationTable.install() }
        prepare()
        lock.withLock {
            measurements[unit]?.periodicBefore = SchedulerActivity.activePeriodicTimersByQueue
            measurements[unit]?.observersBefore = SubjectActivity.observersBySubjectType
            measurements[unit]?.rerun = Pass(start: ResourceRegistry.mark(), totalBefore: Int(Resources.total))
        }
    }

    /// The objects a test harness keeps alive by itself (XCTest keeps every test case instance
    /// until the run ends), for the second run: the rerun's own instance, which the recorder can
    /// release, unlike XCTest's.
    package struct Harness {
        /// For people: "FooTests (the XCTest test case)".
        package var name: String
        package var addresses: Set<UInt>
        /// Drops the last reference to the harness's objects.
        package var release: () -> Void
        package init(name: String, addresses: Set<UInt>, release: @escaping () -> Void) {
            self.name = name
            self.addresses = addresses
            self.release = release
        }
    }

    /// The second run ended: the unit's report. With a `harness`, whatever is released once the
    /// harness lets its objects go (a subscription in a test case's `disposeBag` property, a
    /// subject it keeps for later asserts) is reported as held by the harness, not as a failure.
    package func endRerun(_ unit: TestUnit, harness: Harness? = nil) -> ScenarioReport? {
        let since = lock.withLock { measurements[unit]?.pendingSince } ?? SchedulerActivity.ticket
        let rerunDrain = drain(since: since)
        if heapGraph { AllocationTable.uninstall() }
        guard var measurement = lock.withLock({ measurements.removeValue(forKey: unit) }),
            var rerun = measurement.rerun, let firstEnd = measurement.first.end
        else { return nil }
        measurement.unsettled = measurement.unsettled ?? rerunDrain
        rerun.end = ResourceRegistry.mark()
        rerun.totalAfter = Int(Resources.total)
        measurement.rerun = rerun
        let first = measurement.first
        let all = ResourceRegistry.liveSince(first.start)
        let inFirst = { (entry: ResourceEntry) in entry.epoch <= firstEnd.epoch }
        let inRerun = { (entry: ResourceEntry) in entry.epoch > rerun.start.epoch }
        let analysis = PassAnalysis(
            snapshots: [all.filter { inFirst($0) || inRerun($0) }, all.filter(inRerun)],
            survivors: [measurement.firstSurvivors],
            passOf: { entry in inFirst(entry) ? 1 : inRerun(entry) ? 2 : nil },
            passCount: 2,
            timers: TimerEvidence(
                before: measurement.periodicBefore,
                after: SchedulerActivity.activePeriodicTimersByQueue,
                // Named as the test made the scheduler, as its pending work is named.
                schedulerLabels: SchedulerActivity.periodicTimerSchedulerLabels
            ),
            subjects: SubjectEvidence(
                before: measurement.observersBefore,
                after: SubjectActivity.observersBySubjectType
            ),
            heapGraph: heapGraph,
            harnessObjects: harness?.addresses ?? []
        )
        var outcome = analysis.analyse()
        // Work still running decides what is alive, not the harness: releasing it proves nothing.
        if let harness, measurement.unsettled == nil {
            outcome.harnessHolders = heldByHarness(
                outcome,
                harness: harness,
                since: rerun.start,
                pendingSince: measurement.pendingSince
            )
        }
        return report(unit, measurement, outcome: outcome)
    }

    /// The findings whose resources all go away once the harness releases its objects (released
    /// here, then drained), each with what held them: the heap path's holder when the graph
    /// names a field of the harness object, else the harness.
    private func heldByHarness(
        _ outcome: PassAnalysis.Outcome,
        harness: Harness,
        since start: ResourceMark,
        pendingSince: UInt64
    ) -> [String: String] {
        guard outcome.leaked else {
            harness.release()
            return [:]
        }
        harness.release()
        SchedulerActivity.waitUntilIdle(timeout: drainTimeout, since: pendingSince)
        let alive = Set(ResourceRegistry.liveSince(start).map(\.id))
        var held: [String: String] = [:]
        // Without a heap path from the harness, its properties that hold Rx objects say where.
        let fields = outcome.harnessFields.isEmpty ? harness.name : outcome.harnessFields.joined(separator: ", ")
        for (signature, ids) in outcome.entryIDs where !ids.isEmpty && ids.allSatisfy({ !alive.contains($0) }) {
            held[signature] = outcome.harnessHolders[signature] ?? fields
        }
        // A cycle is the harness's when every leak on it is.
        let cycles = Set(outcome.cycleOfFinding.values)
        for cycle in cycles {
            let leaks = outcome.cycleOfFinding.filter { $0.value == cycle }.map(\.key)
            if leaks.allSatisfy({ held[$0] != nil }) { held[cycle] = outcome.harnessHolders[cycle] ?? fields }
        }
        return held
    }

    /// Waits for what the test left running: RxCore's schedulers idle (main-queue work is served
    /// meanwhile, `SchedulerActivity.waitUntilIdle`), then no resource created or released for a
    /// quiet period, which also covers work outside Rx's schedulers that creates or
    /// releases resources (a GCD block, a `Task`, a Foundation timer), up to the drain timeout.
    /// Only work scheduled at or after `ticket` (the unit's) counts. Nil when both settled; else
    /// what was still running.
    private func drain(since ticket: UInt64) -> Drain? {
        let started = Date()
        let deadline = started.addingTimeInterval(drainTimeout)
        // The last creation's sequence number and the live count: any creation or release moves one.
        let activity = { (ResourceRegistry.mark().epoch, Int(Resources.total)) }
        var last = activity()
        var unchangedSince = Date()
        while Date() < deadline {
            SchedulerActivity.waitUntilIdle(timeout: max(0, deadline.timeIntervalSinceNow), since: ticket)
            let now = activity()
            if now != last {
                last = now
                unchangedSince = Date()
            } else if SchedulerActivity.pending(since: ticket) == 0,
                Date().timeIntervalSince(unchangedSince) >= Self.quietPeriod
            {
                return nil
            }
            if Thread.isMainThread {
                RunLoop.main.run(until: Date().addingTimeInterval(0.005))
            } else {
                Thread.sleep(forTimeInterval: 0.005)
            }
        }
        return Drain(
            pendingItems: SchedulerActivity.pending(since: ticket),
            pendingBySchedulers: SchedulerActivity.pendingBySchedulers(since: ticket),
            stillChanging: Date().timeIntervalSince(unchangedSince) < Self.quietPeriod,
            seconds: Date().timeIntervalSince(started)
        )
    }

    /// How long the live resources must stay unchanged for a drain to end.
    static let quietPeriod: TimeInterval = 0.1

    /// How to release what a test case's stored property holds when its test ends: XCTest keeps
    /// every test case instance until the whole run ends. Nil when the holder is no property.
    /// The property is the name after the test case's type, whatever the holder says after it
    /// ("KeptTests.viewModel, through ItemsViewModel.items": `viewModel`).
    static func harnessFix(_ holder: String) -> String? {
        guard let dot = holder.firstIndex(of: ".") else { return nil }
        let property = holder[holder.index(after: dot)...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        guard !property.isEmpty else { return nil }
        return
            "XCTest keeps each test case until the run ends: release `\(property)` when the test ends (set it to nil in "
            + "`tearDown`, declaring it optional), or make it a local of the test."
    }

    /// What ends a finding that is still running after the test: the work, not a disposal of
    /// something the test owns (its kind's fix for a leak).
    static let stillRunningFix =
        "Let the work the test started end before it returns: wait for it (await the Task, or an expectation the work fulfils) or stop it (cancel the Task, dispose the subscription); or give it longer with --drain-timeout."

    /// The rule under which what a test left running is reported without failing the run: its
    /// count depends on the moment it is measured, so it is no leak verdict of the test's.
    static func stillRunningRule(_ drain: Drain) -> SuppressionRule {
        SuppressionRule(
            kind: .any,
            conditions: [],
            reason: stillRunningText(drain) + "; what is alive depends on when it is measured",
            file: "rxtrace test: still running after the test"
        )
    }

    /// "still running after the test: 3 items pending on SerialDispatchQueueScheduler(feed),
    /// scheduled at Sources/App/Feed.swift:12, live resources still being created or released
    /// after 5.0 s of draining".
    static func stillRunningText(_ drain: Drain) -> String {
        var parts: [String] = []
        if let named = PendingWorkText.describe(drain.pendingBySchedulers) {
            parts.append(named)
        } else if drain.pendingItems > 0 {
            parts.append(
                "\(drain.pendingItems) item\(drain.pendingItems == 1 ? "" : "s") pending on RxCore's schedulers"
            )
        }
        if drain.stillChanging { parts.append("live resources still being created or released") }
        let what = parts.isEmpty ? "work it started" : parts.joined(separator: ", ")
        return
            "still running after the test: \(what) after \(String(format: "%.1f", drain.seconds)) s of draining (--drain-timeout)"
    }

    private func anomaliesOnly(passes: Int) -> PassAnalysis.Outcome {
        guard !ThreadHops.anomalies().isEmpty else { return PassAnalysis.Outcome() }
        return PassAnalysis(
            snapshots: [[], []],
            survivors: [],
            passOf: { _ in nil },
            passCount: passes,
            timers: TimerEvidence(before: [:], after: [:], schedulerLabels: [:]),
            subjects: SubjectEvidence(before: [:], after: [:]),
            heapGraph: false
        ).analyse()
    }

    private func report(_ unit: TestUnit, _ measurement: Measurement, outcome: PassAnalysis.Outcome) -> ScenarioReport {
        var findings = outcome.findings
        if let unsettled = measurement.unsettled {
            for index in findings.indices where findings[index].kind != .threadAnomaly {
                findings[index].retentionReason = Self.stillRunningText(unsettled)
                findings[index].retentionPath = nil
                findings[index].suppressedBy = Self.stillRunningRule(unsettled)
                findings[index].fix = Self.stillRunningFix
            }
        }
        for index in findings.indices {
            guard let holder = outcome.harnessHolders[findings[index].signature] else { continue }
            // Released once the test case is: XCTest's keeping, not the code under test's leak.
            findings[index].retentionReason = "kept alive by \(holder), which XCTest keeps until the end of the run"
            findings[index].retentionPath = nil
            findings[index].heldByTest = true
            findings[index].fix = Self.harnessFix(holder)
            findings[index].suppressedBy = SuppressionRule(
                kind: .any,
                conditions: [],
                reason:
                    "held by the test: released with the test case, which XCTest keeps until the end of the run (--strict fails on it)",
                file: TestSessionFolder.harnessRuleFile
            )
        }
        let passes = [measurement.first] + (measurement.rerun.map { [$0] } ?? [])
        // The harness-held findings stay leaks here; the gate decides whether they fail the run.
        let (status, verdict) = outcome.classification()
        let place =
            unit.file.map { file in " · " + ((file as NSString).lastPathComponent) + (unit.line.map { ":\($0)" } ?? "")
            } ?? ""
        return ScenarioReport(
            name: unit.reportName,
            summary: "\(unit.library.displayName) test" + place,
            expectedVerdict: .clean,
            actualVerdict: verdict,
            status: status,
            passes: passes.enumerated().map {
                PassCount(pass: $0.offset + 1, before: $0.element.totalBefore, after: $0.element.totalAfter)
            },
            findings: findings,
            cycles: outcome.cycles,
            threadHops: outcome.threadHops,
            durationSeconds: Date().timeIntervalSince(measurement.started)
        )
    }
}
#endif
