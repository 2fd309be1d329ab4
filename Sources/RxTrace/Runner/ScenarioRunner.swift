#if TRACE_RESOURCES
import Foundation
import RxCore

/// The run-twice protocol, in the current process: pass 1 warms lazy resources, then each
/// measured pass runs after a registry mark, every pass is drained by waiting for the
/// schedulers to go idle (not by sleeping), and what the measured passes left alive is grouped
/// into leaks with the reasons the evidence supports.
struct ScenarioRunner {
    /// Total passes, warm-up included (at least 2).
    var passes: Int = 2
    /// How long to wait for scheduled work to finish after each pass.
    var drainTimeout: TimeInterval = 5

    func run(_ scenario: Scenario) -> ScenarioOutcome {
        let started = Date()
        var outcome = ScenarioOutcome(name: scenario.name, summary: scenario.summary, expected: scenario.expected, status: .completed)
        let context = ScenarioContext()
        var marks: [ResourceMark] = []
        var periodicBeforeMeasuring: [String: Int] = [:]
        var observersBeforeMeasuring: [String: Int] = [:]

        for pass in 1...max(2, passes) {
            context.pass = pass
            if pass == 2 {
                periodicBeforeMeasuring = SchedulerActivity.activePeriodicTimersByQueue
                observersBeforeMeasuring = SubjectActivity.observersBySubjectType
            }
            marks.append(ResourceRegistry.mark())
            let before = Int(Resources.total)
            do {
                try scenario.body(context)
            } catch {
                outcome.status = .failed(message: "pass \(pass): \(error)")
                break
            }
            let drained = SchedulerActivity.waitUntilIdle(timeout: drainTimeout)
            outcome.passes.append(.init(pass: pass, before: before, after: Int(Resources.total), drained: drained))
        }

        if outcome.status == .completed {
            let timers = TimerEvidence(
                before: periodicBeforeMeasuring,
                after: SchedulerActivity.activePeriodicTimersByQueue,
                schedulerLabels: context.schedulerLabelsByQueueLabel
            )
            let subjects = SubjectEvidence(before: observersBeforeMeasuring, after: SubjectActivity.observersBySubjectType)
            outcome.leaks = leaks(marks: marks, timers: timers, subjects: subjects)
            outcome.unreleased = unreleased(context.releaseExpectations)
        }
        context.tearDown()
        outcome.durationSeconds = Date().timeIntervalSince(started)
        return outcome
    }

    /// Groups what the measured passes (2…N) left alive, and counts each group per pass, the
    /// warm-up included, from the nested snapshots since each pass's mark.
    private func leaks(marks: [ResourceMark], timers: TimerEvidence, subjects: SubjectEvidence) -> [ScenarioOutcome.Leak] {
        let snapshots = marks.map { ResourceRegistry.liveSince($0) }
        let groupCounts: [[String: Int]] = snapshots.map { entries in
            Dictionary(LeakAnalysis.group(entries).map { ($0.signature, $0.entries.count) }, uniquingKeysWith: +)
        }
        let measured = LeakAnalysis.group(snapshots[1])
        return measured.map { group in
            // Entries alive since mark k minus those alive since mark k+1 were created in pass k.
            let counts = groupCounts.indices.map { index -> Int in
                let here = groupCounts[index][group.signature] ?? 0
                let later = index + 1 < groupCounts.count ? (groupCounts[index + 1][group.signature] ?? 0) : 0
                return here - later
            }
            return ScenarioOutcome.Leak(
                signature: group.signature,
                countsPerPass: counts,
                resourceTypes: group.resourceTypes,
                operatorChain: group.operatorChain,
                callSite: group.userCallSite.map { "\($0.file ?? "?"):\($0.line ?? 0)" },
                frames: group.frames.map { "\($0)" },
                retentionReason: RetentionReason.explain(group, timers: timers, subjects: subjects)
            )
        }
    }

    /// Objects passed to `expectReleased` that are still alive, one line per name and place.
    private func unreleased(_ expectations: [ReleaseExpectation]) -> [ScenarioOutcome.Unreleased] {
        var byPlace: [String: ScenarioOutcome.Unreleased] = [:]
        var order: [String] = []
        for expectation in expectations where expectation.object != nil {
            let key = "\(expectation.name)@\(expectation.file):\(expectation.line)"
            if byPlace[key] == nil {
                order.append(key)
                byPlace[key] = .init(name: expectation.name, count: 0, file: expectation.file, line: expectation.line)
            }
            byPlace[key]!.count += 1
        }
        return order.map { byPlace[$0]! }
    }
}
#endif
