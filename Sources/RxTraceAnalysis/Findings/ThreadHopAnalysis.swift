#if TRACE_RESOURCES
import RxCore
import RxTraceReport

/// One subscription chain as the thread-hop recording saw it: its stages source first, each
/// named by the API the user called, with where it was subscribed and delivered.
public struct HopChain: Sendable {
    public struct Stage: Sendable {
        /// The recording's stage id (for matching anomalies).
        public let id: UInt32
        /// The ids of the recording's stages this one stands for: its own, and those of the other
        /// stages the same API call built (`asDriver(onErrorJustReturn:)` is an `observe(on:)`
        /// stage and a `catch` stage, shown as one).
        public internal(set) var ids: Set<UInt32> = []
        /// The API the user called: `just`, `observe(on: green)`, `subscribe`.
        public internal(set) var name: String
        /// The sink's type (`MapSink<Int, String>`).
        public let typeName: String
        /// The position of the stage this one delivers to; nil for the subscriber.
        public internal(set) var downstream: Int?
        public internal(set) var subscribedOn: [HopPlaceCount]
        /// Where it sent events downstream (for the subscriber: where its handler ran).
        public let deliveredOn: [HopPlaceCount]
        public internal(set) var disposedOn: [HopPlaceCount]
        /// Where its first sink was created, for call sites.
        public let subscriptionStack: StackID?
        /// Where events reached it (recorded by observers: `observe(on:)`'s input, the subscriber).
        public internal(set) var receivedOn: [HopPlaceCount]
        /// Whether the stage moves delivery to a scheduler: `observe(on:)` itself, or an API
        /// built on it and named after itself (RxCocoa's `asDriver`/`asSignal`, whose sink is
        /// an `observe(on: MainScheduler)` sink).
        public internal(set) var movesDelivery = false

        /// Whether this stage stands for the recording's stage `id`.
        public func records(_ id: UInt32) -> Bool { self.id == id || ids.contains(id) }

        /// This stage with `upstream`, a stage of the same API call that feeds only it, folded
        /// in: events enter where `upstream` received them and leave where this stage delivers.
        func absorbing(_ upstream: Stage) -> Stage {
            var folded = self
            folded.ids.formUnion(upstream.ids)
            folded.ids.insert(upstream.id)
            folded.subscribedOn = ThreadHopAnalysis.merged(upstream.subscribedOn + subscribedOn)
            folded.disposedOn = ThreadHopAnalysis.merged(upstream.disposedOn + disposedOn)
            if !upstream.receivedOn.isEmpty { folded.receivedOn = upstream.receivedOn }
            folded.movesDelivery = movesDelivery || upstream.movesDelivery
            return folded
        }
    }

    public let stages: [Stage]
    /// The subscription's call site (the line that called `subscribe`/`bind`), when captured.
    public let callSite: SymbolicatedFrame?

    /// Where the chain's events start (the sources' places) and where each `observe(on:)`
    /// lands, as short names; a set of places (merged sources, a concurrent queue's threads
    /// shown by its scheduler) is written `red|green`. This is what `expectHops` declares.
    public var hopSequence: [String] {
        var sequence: [String] = []
        let sources = stages.indices.filter { index in !stages.contains { $0.downstream == index } }
        let sourcePlaces = sources.flatMap { index -> [HopPlaceCount] in
            let stage = stages[index]
            // A stage fed by something that is not a stage (a subject): where it received.
            return stage.movesDelivery ? stage.receivedOn : stage.deliveredOn
        }
        if !sourcePlaces.isEmpty { sequence.append(ThreadHopAnalysis.setName(sourcePlaces)) }
        for stage in stages where stage.movesDelivery && !stage.deliveredOn.isEmpty {
            sequence.append(ThreadHopAnalysis.setName(stage.deliveredOn))
        }
        return sequence
    }

    /// Where the chain's sources were subscribed (short names, `a|b` for several).
    public var sourceSubscriptionPlaces: String {
        let sources = stages.indices.filter { index in !stages.contains { $0.downstream == index } }
        return ThreadHopAnalysis.setName(sources.flatMap { stages[$0].subscribedOn })
    }
}

/// Builds subscription chains from RxCore's thread-hop recording and turns its anomaly records
/// into findings. Names come from where the user called each operator (the producer's
/// allocation stack), as the leak analysis names its chains.
public enum ThreadHopAnalysis {
    /// The chains that end in a subscriber (`subscribe`, `bind`), in the order their
    /// subscribers were first recorded. Inner subscriptions of `flatMap` and friends are
    /// not chains of their own here.
    public static func chains(_ records: [HopStageRecord], symbolicator: Symbolicator = .shared) -> [HopChain] {
        var upstreamOf: [UInt32: [HopStageRecord]] = [:]
        for record in records where record.downstream != 0 {
            upstreamOf[record.downstream, default: []].append(record)
        }
        let names = StageNamer(records: records, symbolicator: symbolicator)
        return records.filter { $0.downstream == 0 && LeakAnalysis.baseTypeName($0.typeName) == "AnonymousObserver" }
            .map { root in
                // Post-order from the subscriber: every stage after the stages that feed it.
                var ordered: [HopStageRecord] = []
                var visiting: Set<UInt32> = []
                func visit(_ record: HopStageRecord) {
                    guard visiting.insert(record.id).inserted else { return }
                    for upstream in upstreamOf[record.id] ?? [] { visit(upstream) }
                    ordered.append(record)
                }
                visit(root)
                let position = Dictionary(uniqueKeysWithValues: ordered.enumerated().map { ($1.id, $0) })
                var stages: [HopChain.Stage] = []
                for record in ordered {
                    let delivered = record.places[.delivered, default: []]
                    var stage = HopChain.Stage(
                        id: record.id,
                        name: "",
                        typeName: record.typeName,
                        downstream: position[record.downstream],
                        subscribedOn: record.places[.subscribed, default: []],
                        deliveredOn: merged(record.downstream == 0 ? record.places[.received, default: []] : delivered),
                        disposedOn: record.places[.disposed, default: []],
                        subscriptionStack: record.subscriptionStack,
                        receivedOn: record.places[.received, default: []]
                    )
                    stage.name = names.name(
                        record,
                        stage: stage,
                        upstream: (upstreamOf[record.id] ?? []).compactMap { upstream in
                            position[upstream.id].flatMap { $0 < stages.count ? stages[$0] : nil }
                        }
                    )
                    stage.movesDelivery =
                        stage.name.hasPrefix("observe(on:")
                        || LeakAnalysis.baseTypeName(record.typeName).hasPrefix("ObserveOn")
                    stages.append(stage)
                }
                let callSite = root.subscriptionStack.flatMap { symbolicator.userCallSite(for: $0) }
                return HopChain(stages: foldingRepeatedCalls(stages), callSite: callSite)
            }
    }

    /// One API call that builds several stages in a row (RxCocoa's `asDriver(onErrorJustReturn:)`:
    /// its `observe(on:)` then its `catch`; `URLSession.rx.data(request:)`) is one stage, as in
    /// the leak report's chain: a stage that feeds only the next one, named the same, is folded
    /// into it. `stages` is source first (every stage before the one it feeds).
    static func foldingRepeatedCalls(_ stages: [HopChain.Stage]) -> [HopChain.Stage] {
        var stages = stages
        var folded = Set<Int>()
        for index in stages.indices {
            guard let next = stages[index].downstream, stages[next].name == stages[index].name,
                !stages.indices.contains(where: { $0 != index && !folded.contains($0) && stages[$0].downstream == next }
                )
            else { continue }
            stages[next] = stages[next].absorbing(stages[index])
            folded.insert(index)
            for upstream in stages.indices where stages[upstream].downstream == index {
                stages[upstream].downstream = next
            }
        }
        guard !folded.isEmpty else { return stages }
        let kept = stages.indices.filter { !folded.contains($0) }
        let position = Dictionary(uniqueKeysWithValues: kept.enumerated().map { ($1, $0) })
        return kept.map { index in
            var stage = stages[index]
            stage.downstream = stage.downstream.flatMap { position[$0] }
            return stage
        }
    }

    /// Adds up counts of equal places (a stage's next, error and completed).
    static func merged(_ places: [HopPlaceCount]) -> [HopPlaceCount] {
        var order: [HopPlace] = []
        var counts: [HopPlace: Int] = [:]
        for entry in places {
            if counts[entry.place] == nil { order.append(entry.place) }
            counts[entry.place, default: 0] += entry.count
        }
        return order.map { HopPlaceCount(place: $0, count: counts[$0]!) }
    }

    /// The report's form of a place.
    public static func reportPlace(_ place: HopPlace, count: Int? = nil) -> ReportHopPlace {
        let thread =
            place.threadName.isEmpty
            ? "thread #\(place.threadIndex)" : ThreadNames.readable(place.threadName, number: place.threadIndex)
        return ReportHopPlace(scheduler: place.scheduler, thread: thread, count: count)
    }

    /// "green", or "red|green" for several places (sorted, so the same set reads the same).
    static func setName(_ places: [HopPlaceCount]) -> String {
        Array(Set(places.map { reportPlace($0.place).shortName })).sorted().joined(separator: "|")
    }

    /// Whether `declared` (as given to `expectHops`) is `actual`: element by element, each a
    /// set of short names separated by `|`, order within an element ignored.
    public static func matches(declared: [String], actual: [String]) -> Bool {
        guard declared.count == actual.count else { return false }
        func set(_ text: String) -> Set<String> {
            Set(text.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) })
        }
        return zip(declared, actual).allSatisfy { set($0) == set($1) }
    }

    /// The report's stages of `chains` (chain by chain, source first).
    public static func reportHops(_ chains: [HopChain], anomalies: [LeakFinding] = []) -> [ReportThreadHop] {
        var hops: [ReportThreadHop] = []
        for (chainIndex, chain) in chains.enumerated() {
            for (position, stage) in chain.stages.enumerated() {
                let main =
                    stage.deliveredOn.max { $0.count < $1.count }?.place
                    ?? stage.subscribedOn.first?.place
                let upstream = chain.stages.indices.filter { chain.stages[$0].downstream == position }
                let upstreamPlaces = Set(upstream.flatMap { chain.stages[$0].deliveredOn.map(\.place) })
                let ownPlaces = Set(stage.deliveredOn.map(\.place))
                let isHop = !upstreamPlaces.isEmpty && !ownPlaces.isEmpty && ownPlaces != upstreamPlaces
                let anomaly = anomalies.first {
                    $0.anomaly?.stage == stage.name && $0.operatorChain == chain.stages.map(\.name)
                }
                let place = main.map { reportPlace($0) }
                hops.append(
                    ReportThreadHop(
                        stage: stage.name,
                        scheduler: place?.scheduler,
                        thread: place?.thread ?? "unknown",
                        anomaly: anomaly?.anomaly?.kind,
                        chain: chainIndex,
                        position: position,
                        downstream: stage.downstream,
                        isHop: isHop,
                        subscribedOn: stage.subscribedOn.map { reportPlace($0.place, count: $0.count) },
                        deliveredOn: stage.deliveredOn.map { reportPlace($0.place, count: $0.count) },
                        disposedOn: stage.disposedOn.isEmpty
                            ? nil : stage.disposedOn.map { reportPlace($0.place, count: $0.count) },
                        callSite: stage.downstream == nil ? chain.callSite.flatMap(\.location) : nil,
                        chainHops: stage.downstream == nil ? chain.hopSequence : nil,
                        chainSubscribedOn: stage.downstream == nil ? chain.sourceSubscriptionPlaces : nil
                    )
                )
            }
        }
        return hops
    }
}

/// Names stages by the API the user called, through the leak analysis' `OperatorNames` (one
/// naming for both reports), and adds where `observe(on:)` and `subscribe(on:)` went.
private struct StageNamer {
    private let names: OperatorNames
    private let sinks: [UInt32: ResourceEntry]
    private let producers: [UInt32: ResourceEntry]

    init(records: [HopStageRecord], symbolicator: Symbolicator) {
        // Each stage as the registry would list its first sink (type, allocation stack) and the
        // producer that made it (type, where the operator was called).
        var sinks: [UInt32: ResourceEntry] = [:]
        var producers: [UInt32: ResourceEntry] = [:]
        for record in records {
            sinks[record.id] = ResourceEntry(
                id: UInt64(record.id) * 2,
                kind: record.downstream == 0 ? .observer : .sink,
                typeName: record.typeName,
                epoch: UInt64(record.id) * 2,
                threadID: 0,
                threadName: "",
                address: 0,
                stack: record.subscriptionStack
            )
            if let producer = record.producerTypeName, let stack = record.producerStack {
                producers[record.id] = ResourceEntry(
                    id: UInt64(record.id) * 2 + 1,
                    kind: .producer,
                    typeName: producer,
                    epoch: UInt64(record.id) * 2 + 1,
                    threadID: 0,
                    threadName: "",
                    address: 0,
                    stack: stack
                )
            }
        }
        self.sinks = sinks
        self.producers = producers
        let all = (Array(sinks.values) + Array(producers.values)).sorted { $0.epoch < $1.epoch }
        names = OperatorNames(entries: all, symbolicator: symbolicator)
    }

    func name(_ record: HopStageRecord, stage: HopChain.Stage, upstream: [HopChain.Stage]) -> String {
        // The producer's own stack names the API exactly (`interval`, not `interval or timer`).
        let named =
            producers[record.id].flatMap { names.stage(of: $0)?.name }
            ?? sinks[record.id].flatMap { names.stage(of: $0)?.name }
            ?? LeakAnalysis.baseTypeName(record.typeName)
        if named.hasPrefix("observe(on:") || named.hasPrefix("observeOn") {
            return stage.deliveredOn.isEmpty
                ? "observe(on:)" : "observe(on: \(ThreadHopAnalysis.setName(stage.deliveredOn)))"
        }
        if named.hasPrefix("subscribe(on:") || named.hasPrefix("subscribeOn") {
            let target = upstream.flatMap(\.subscribedOn)
            return target.isEmpty ? "subscribe(on:)" : "subscribe(on: \(ThreadHopAnalysis.setName(target)))"
        }
        return named
    }
}
#endif
