#if TRACE_RESOURCES
import RxCore
import RxTraceReport

/// Turns RxCore's thread-anomaly records into `threadAnomaly` findings (SARIF RX003): the
/// stage and chain where each was seen, named as in the hop report, the call site (the
/// subscription's line for an anomaly at a stage, else the first user frame of the detecting
/// side), both sides' threads and schedulers, and both backtraces where captured.
public enum ThreadAnomalyAnalysis {
    public static func findings(
        _ records: [ThreadAnomalyRecord],
        chains: [HopChain],
        stages: [HopStageRecord],
        symbolicator: Symbolicator = .shared
    ) -> [LeakFinding] {
        var order: [String] = []
        var bySignature: [String: LeakFinding] = [:]
        let stageRecords = Dictionary(stages.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for record in records {
            let chain = chains.first { $0.stages.contains { $0.records(record.stage) } }
            let stage = chain?.stages.first { $0.records(record.stage) }
            let stageRecord = stageRecords[record.stage]
            let detecting = record.stack.map { symbolicator.framesThroughCallSite(for: $0) } ?? []
            let other = record.otherStack.map { symbolicator.framesThroughCallSite(for: $0) }
            // The subscription's line names the consumer; without a stage, the detecting side's.
            // Either is the user's own line when the stack has one, past a dependency's frames
            // (the operator that sent the event), which are named beside it.
            let subscribing = (stage?.subscriptionStack ?? stageRecord?.subscriptionStack).map {
                symbolicator.framesThroughCallSite(for: $0)
            }
            let detectingSite = symbolicator.callSite(in: detecting)
            let callSite = subscribing.flatMap { symbolicator.callSite(in: $0) } ?? detectingSite
            let via =
                subscribing.flatMap { symbolicator.dependencyCall(in: $0) }
                ?? (detectingSite == callSite ? symbolicator.dependencyCall(in: detecting) : nil)
            let typeName = stageRecord?.typeName
            let signature = LeakSignature.make(
                callSite: callSite,
                chain: chain?.stages.map(\.name) ?? [],
                types: ["threadAnomaly:\(record.kind.rawValue)"] + (typeName.map { [$0] } ?? []),
                kinds: []
            )
            if var existing = bySignature[signature] {
                existing.count += record.count
                bySignature[signature] = existing
                continue
            }
            order.append(signature)
            bySignature[signature] = LeakFinding(
                signature: signature,
                kind: .threadAnomaly,
                resourceTypes: typeName.map { [$0] } ?? [],
                operatorChain: chain?.stages.map(\.name) ?? [],
                count: record.count,
                countPerPass: [],
                growthPerPass: 0,
                callSite: callSite.flatMap(\.location),
                backtrace: detecting.map(\.reportFrame),
                viaDependency: via,
                anomaly: ReportThreadAnomaly(
                    number: record.kind.number,
                    kind: record.kind.rawValue,
                    stage: stage?.name,
                    detail: record.detail,
                    place: ThreadHopAnalysis.reportPlace(record.place),
                    otherPlace: record.otherPlace.map { ThreadHopAnalysis.reportPlace($0) },
                    otherBacktrace: other.map { $0.map(\.reportFrame) }
                )
            )
        }
        return order.map { bySignature[$0]! }
    }
}
#endif
