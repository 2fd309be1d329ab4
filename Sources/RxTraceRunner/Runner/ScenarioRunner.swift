#if TRACE_RESOURCES
import Foundation
import RxCore
import RxTraceReport
import RxTraceAnalysis

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
        // The allocation table's generation of each pass: which pass made a heap node.
        var passGenerations: [UInt32] = []
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
            if heapGraph {
                AllocationTable.install()
                passGenerations.append(AllocationTable.generation)
            }
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
                survivorsAtEndOfPass.append(
                    Dictionary(
                        LeakAnalysis.group(ResourceRegistry.liveSince(marks[pass - 1])).map {
                            ($0.signature, $0.entries.count)
                        },
                        uniquingKeysWith: +
                    )
                )
            }
        }

        var outcome = PassAnalysis.Outcome()
        if failure == nil {
            let all = ResourceRegistry.liveSince(marks[0])
            let analysis = PassAnalysis(
                snapshots: marks.map { mark in all.filter { $0.epoch > mark.epoch } },
                survivors: survivorsAtEndOfPass,
                passOf: { entry in marks.lastIndex { $0.epoch < entry.epoch }.map { $0 + 1 } },
                passCount: passCounts.count,
                timers: TimerEvidence(
                    before: periodicBeforeMeasuring,
                    after: SchedulerActivity.activePeriodicTimersByQueue,
                    // The context's schedulers first; a scheduler the scenario made itself too.
                    schedulerLabels: SchedulerActivity.periodicTimerSchedulerLabels.merging(
                        context.schedulerLabelsByQueueLabel
                    ) { _, context in context }
                ),
                subjects: SubjectEvidence(
                    before: observersBeforeMeasuring,
                    after: SubjectActivity.observersBySubjectType
                ),
                releaseExpectations: context.releaseExpectations,
                hopExpectations: context.hopExpectations,
                heapGraph: heapGraph,
                passGenerations: heapGraph ? passGenerations : nil
            )
            outcome = analysis.analyse()
        }
        let findings = outcome.findings
        let cycles = outcome.cycles
        let threadHops = outcome.threadHops
        let hopFailures = outcome.hopFailures
        context.tearDown()

        let (status, verdict): (ScenarioStatus, Verdict) =
            failure.map { (.failed(message: $0), .crashed) }
            ?? outcome.classification(hopsDeclared: !context.hopExpectations.isEmpty)
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
}
#endif
