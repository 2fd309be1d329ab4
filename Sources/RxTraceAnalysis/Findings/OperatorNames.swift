#if TRACE_RESOURCES
import Foundation
import RxCore
import RxTraceReport

/// Names each stage of an Rx chain by the API the user called (`flatMapLatest`,
/// `observe(on:)`, `share(replay:)`, `subscribe`), never by RxCore's internal type names
/// (`SwitchSink`, `ObserveOnSerialDispatchQueueSink`).
///
/// Evidence, from the allocation stacks of one snapshot:
/// - a producer was made by the API frame nearest to the user's frame
///   (`ObservableType.flatMapLatest<A>(_:)` made `FlatMapLatest`);
/// - a sink or observer was made by the frame just outside its own initialisers: a producer's
///   `run`/`subscribe` (`FlatMapLatest.run` made `SwitchSink`), another sink's `on`
///   (`SwitchSink.on` made `SwitchInnerObserver`), or an API (`subscribe(onNext:)` made
///   `AnonymousObserver`);
/// - a sink subscribed while another sink delivered an event (`SwitchSink.on` further out on
///   its stack) is an *inner* stage of that sink's operator: `flatMapLatest { interval }`.
///
/// One producer type can serve several APIs (`FlatMapLatest` is both `flatMapLatest` and
/// `switchLatest`). The producers alive in the same group decide first; then the allocation
/// stacks of the producers made in the same function invocation as the group's call site,
/// alive or not (`ProducerOrigins`); then the producers alive in the snapshot; then
/// `RxCoreOperators`' table. When the evidence still leaves several, the name lists them
/// (`interval or timer`) rather than picking one.
///
/// RxCocoa's shared sequences share every operator's output (`Driver`'s `map` is `map` then
/// `share(replay: 1, scope: .whileConnected)`). That sharing is part of the API the user called,
/// not a stage of its own: a sink of a producer that only a sharing strategy made in the group
/// adds no stage, so a leaked Driver reads `asDriver(onErrorJustReturn:) → map → drive`.
///
/// Work is per distinct stack and per distinct function name, not per entry. What a stack says
/// (its `StackFacts`) is cached for the process: interned stacks never change and symbolicate
/// the same way, and a run names the same stacks several times (each pass, the final
/// snapshots, the hops). `WorkCounter` counts the stacks actually read.
public final class OperatorNames {
    /// One stage: the operator's name and, for an inner subscription, the operator that made it.
    public struct Stage: Equatable, Sendable {
        public var name: String
        /// The operator whose inner subscription this stage is (`flatMapLatest`), or nil.
        public var innerOf: String?
    }

    private enum Maker: Hashable {
        /// A producer (or a non-producer Observable subclass) whose run or subscribe made it.
        case producer(String)
        /// Another sink, while it handled an event or set itself up.
        case sink(String)
        /// An API the user called directly (`subscribe(onNext:)`).
        case api(String)
    }

    private struct StackFacts {
        var maker: Maker?
        /// The sink type whose `on` delivered the event during which this was subscribed.
        var subscribedDuringEventOf: String?
        /// For producers: the API nearest to the user's frame.
        var calledAPI: String?
        /// For producers: made by a shared sequence's sharing strategy (`DriverSharingStrategy
        /// .share`) inside an RxCocoa API, not by an operator the user called.
        var isSharedSequenceSharing = false
    }

    /// A resource type allocated at one stack: what facts and stages are computed for.
    private struct Site: Hashable {
        let type: String
        let stack: StackID
    }

    /// Where a chain's subscription was made: narrows which dead producers are its own.
    private struct Context {
        var local: [String: Set<String>] = [:]
        /// Producer types the group holds as shared-sequence sharing → the APIs that made them.
        var sharing: [String: Set<String>] = [:]
        /// Producer type → the generic argument lists (`<Int>`) of the producers the user made,
        /// and of those sharing made: they tell a sharing sink from the user's `share` when a
        /// chain has both (`share()`, then `map` to another type, then `asDriver`).
        var calledArguments: [String: Set<String>] = [:]
        var sharingArguments: [String: Set<String>] = [:]
        var site: SymbolicatedFrame?
        var callerContext: [UInt] = []
    }

    private let symbolicator: Symbolicator
    private let origins: ProducerOrigins
    private static let factsLock = NSLock()
    /// What each (type, stack) says, for the process; guarded by `factsLock`.
    nonisolated(unsafe) private static var factsBySite: [Site: StackFacts] = [:]
    /// This snapshot's facts, without taking the lock again.
    private var facts: [Site: StackFacts] = [:]
    /// Producer base type → APIs seen making it in the snapshot.
    private var producerAPIs: [String: Set<String>] = [:]
    /// Sink base type → what made it in the snapshot.
    private var sinkMakers: [String: Set<Maker>] = [:]

    /// Learns from `entries` (a snapshot), whose stacks `symbolicator` resolves through their
    /// user frames.
    public init(entries: [ResourceEntry], symbolicator: Symbolicator = .shared) {
        self.symbolicator = symbolicator
        self.origins = ProducerOrigins(symbolicator: symbolicator)
        // Resolve every stack in a few large batches first: one at a time, each is a small
        // batch for the slow per-address path (see `Symbolicator.prefetchThroughCallSite`).
        // Learning is per distinct stack (the entries of one stack share its type).
        var seen = Set<StackID>()
        var firsts: [ResourceEntry] = []
        for entry in entries {
            if let stack = entry.stack, seen.insert(stack).inserted { firsts.append(entry) }
        }
        symbolicator.prefetchThroughCallSite(firsts.compactMap(\.stack))
        for entry in firsts {
            let facts = self.facts(of: entry)
            let base = LeakAnalysis.baseTypeName(entry.typeName)
            switch entry.kind {
            case .producer:
                if let api = facts.calledAPI, !facts.isSharedSequenceSharing {
                    producerAPIs[base, default: []].insert(api)
                }
            case .sink, .observer:
                if let maker = facts.maker { sinkMakers[base, default: []].insert(maker) }
            default:
                break
            }
        }
    }

    /// The stage `entry` belongs to, or nil when nothing names it reliably.
    public func stage(of entry: ResourceEntry) -> Stage? {
        stage(of: entry, in: Context())
    }

    /// The chain of a group of one subscription's resources, source first: sinks and observers
    /// in reverse creation order (a subscription builds them from the last operator back to the
    /// source), inner stages in braces after the operator that subscribed them
    /// (`["flatMapLatest { interval }", "observe(on:)", "subscribe"]`). A group without sinks
    /// or observers is named by its producers, in creation order.
    ///
    /// `callSite` is the group's user frame and `callerContext` the return addresses beyond it.
    public func chain(
        of entries: [ResourceEntry],
        callSite: SymbolicatedFrame? = nil,
        callerContext: [UInt] = []
    ) -> [String] {
        let ordered = LeakAnalysis.isInCreationOrder(entries) ? entries : entries.sorted { $0.epoch < $1.epoch }
        let apis = localProducerAPIs(ordered)
        let local = Context(
            local: apis.called,
            sharing: apis.sharing,
            calledArguments: apis.calledArguments,
            sharingArguments: apis.sharingArguments,
            site: callSite,
            callerContext: callerContext
        )
        var outer: [String] = []
        var inner: [String: [String]] = [:]
        var innerOrder: [String] = []
        // One stage per sink or observer type (two `map`s in one chain are two types, their
        // observers differ): the same stage repeated by many subscriptions is resolved once.
        var seen = Set<String>()
        var seenStacks = Set<StackID>()
        let members = ordered.filter { $0.kind == .sink || $0.kind == .observer }
        for entry in members.reversed() {
            if let stack = entry.stack, !seenStacks.insert(stack).inserted { continue }
            guard seen.insert(entry.typeName).inserted, let stage = stage(of: entry, in: local) else { continue }
            if let owner = stage.innerOf {
                if inner[owner] == nil {
                    innerOrder.append(owner)
                    inner[owner] = []
                }
                if inner[owner]!.last != stage.name { inner[owner]!.append(stage.name) }
            } else if outer.last != stage.name {
                outer.append(stage.name)
            }
        }
        if members.isEmpty {
            var seenTypes = Set<String>()
            for producer in ordered where producer.kind == .producer && seenTypes.insert(producer.typeName).inserted {
                if let name = stage(of: producer, in: local)?.name, outer.last != name { outer.append(name) }
            }
        }
        var chain = outer.map { name in inner[name].map { "\(name) { \($0.joined(separator: " → ")) }" } ?? name }
        for owner in innerOrder.reversed() where !outer.contains(owner) {
            chain.insert("\(owner) { \(inner[owner]!.joined(separator: " → ")) }", at: 0)
        }
        return chain
    }

    // MARK: - Evidence

    /// The APIs that made the group's producers, by producer type: those the user called, and
    /// those a shared sequence's sharing strategy made inside an RxCocoa API.
    private func localProducerAPIs(
        _ group: [ResourceEntry]
    ) -> (
        called: [String: Set<String>], sharing: [String: Set<String>],
        calledArguments: [String: Set<String>], sharingArguments: [String: Set<String>]
    ) {
        var called: [String: Set<String>] = [:]
        var sharing: [String: Set<String>] = [:]
        var calledArguments: [String: Set<String>] = [:]
        var sharingArguments: [String: Set<String>] = [:]
        // Producers of one stack share its type: one look per distinct stack.
        var seenStacks = Set<StackID>()
        for entry in group where entry.kind == .producer {
            if let stack = entry.stack, !seenStacks.insert(stack).inserted { continue }
            let facts = facts(of: entry)
            guard let api = facts.calledAPI else { continue }
            let type = LeakAnalysis.baseTypeName(entry.typeName)
            if facts.isSharedSequenceSharing {
                sharing[type, default: []].insert(api)
                sharingArguments[type, default: []].insert(Self.genericArguments(entry.typeName))
            } else {
                called[type, default: []].insert(api)
                calledArguments[type, default: []].insert(Self.genericArguments(entry.typeName))
            }
        }
        return (called, sharing, calledArguments, sharingArguments)
    }

    /// `<Int>` of `ShareWhileConnectedConnection<Int>`: a sharing sink's arguments are its producer's.
    private static func genericArguments(_ typeName: String) -> String {
        typeName.firstIndex(of: "<").map { String(typeName[$0...]) } ?? ""
    }

    private func stage(of entry: ResourceEntry, in local: Context) -> Stage? {
        guard entry.stack != nil else { return Self.stageWithoutStack(entry) }
        let facts = self.facts(of: entry)
        let name: String?
        if entry.kind == .producer {
            name = facts.calledAPI ?? resolve(.producer(LeakAnalysis.baseTypeName(entry.typeName)), local: local)
        } else {
            name = facts.maker.flatMap {
                resolve($0, local: local, sinkArguments: Self.genericArguments(entry.typeName))
            }
        }
        guard let name else { return nil }
        let inner = facts.subscribedDuringEventOf.flatMap { resolve(.sink($0), local: local) }
        return Stage(name: name, innerOf: inner == name ? nil : inner)
    }

    /// Without a stack (capture off or sampled out) only RxCore's naming is left: `MapSink` is
    /// the sink of `Map`, made only by `map`. Types that serve several APIs stay unnamed.
    private static func stageWithoutStack(_ entry: ResourceEntry) -> Stage? {
        var type = LeakAnalysis.baseTypeName(entry.typeName)
        if entry.kind == .sink, type.hasSuffix("Sink") { type.removeLast(4) }
        guard entry.kind == .sink || entry.kind == .producer else { return nil }
        let apis = RxCoreOperators.apis(ofProducer: type)
        return apis.count == 1 ? Stage(name: apis.first!, innerOf: nil) : nil
    }

    private func resolve(_ maker: Maker, local: Context, sinkArguments: String? = nil, depth: Int = 0) -> String? {
        switch maker {
        case .api(let name):
            return name
        case .producer(let type):
            var sharing = local.sharing[type] ?? []
            var called = local.local[type] ?? []
            // Both kinds in the group: the sink's generic arguments may say which made it.
            if !sharing.isEmpty && !called.isEmpty, let sinkArguments {
                let byUser = local.calledArguments[type]?.contains(sinkArguments) ?? false
                let bySharing = local.sharingArguments[type]?.contains(sinkArguments) ?? false
                if byUser != bySharing {
                    if byUser { sharing = [] } else { called = [] }
                }
            }
            // Only shared-sequence sharing made it: part of the stage it shares.
            if !sharing.isEmpty && called.isEmpty { return nil }
            let table = RxCoreOperators.apis(ofProducer: type)
            // Still both: which sink belongs to which is not known, so both names.
            var candidates = called.union(sharing)
            if candidates.isEmpty && table.count != 1 {
                candidates = origins.apis(ofType: type, near: local.site, context: local.callerContext)
            }
            if candidates.isEmpty { candidates = producerAPIs[type] ?? table }
            return candidates.isEmpty ? nil : candidates.sorted().joined(separator: " or ")
        case .sink(let type):
            guard depth < 8, let makers = sinkMakers[type] else { return nil }
            let names = Set(makers.compactMap { resolve($0, local: local, depth: depth + 1) })
            return names.isEmpty ? nil : names.sorted().joined(separator: " or ")
        }
    }

    private func facts(of entry: ResourceEntry) -> StackFacts {
        guard let stack = entry.stack else { return StackFacts() }
        let site = Site(type: entry.typeName, stack: stack)
        if let known = facts[site] { return known }
        OperatorNames.factsLock.lock()
        let shared = OperatorNames.factsBySite[site]
        OperatorNames.factsLock.unlock()
        if let shared {
            facts[site] = shared
            return shared
        }
        WorkCounter.count(.stackNamed)
        let found = readFacts(
            symbolicator.framesThroughCallSite(for: stack),
            ownType: LeakAnalysis.baseTypeName(entry.typeName)
        )
        facts[site] = found
        OperatorNames.factsLock.lock()
        OperatorNames.factsBySite[site] = found
        OperatorNames.factsLock.unlock()
        return found
    }

    private func name(_ frame: SymbolicatedFrame) -> FunctionName? {
        FunctionName.parsed(frame.function)
    }

    /// A sink's or observer's event entry points: `on(_:)`, and RxCore's element-level
    /// `receiveNext`/`receiveError`/`receiveCompleted` (`Receiver`).
    private static let eventEntryPoints: Set<String> = ["on", "receiveNext", "receiveError", "receiveCompleted"]

    private func readFacts(_ frames: [SymbolicatedFrame], ownType: String) -> StackFacts {
        var result = StackFacts()
        let userIndex = frames.firstIndex { $0.origin == .user } ?? frames.endIndex
        let library = frames[..<userIndex]
        // The API the user called: the library frame nearest to the user's frame.
        if let api = library.last(where: { $0.origin == .rxCore }).flatMap(name), RxCoreOperators.isAPIType(api.type) {
            // A value the user constructed (`ControlProperty(values:valueSink:)`) reads as its type.
            result.calledAPI = api.isInitializer ? api.type : api.operatorName
        }
        result.isSharedSequenceSharing = library.contains { frame in
            guard frame.origin == .rxCore, let function = name(frame) else { return false }
            return function.base == "share" && RxCoreOperators.isSharingStrategy(function.type)
        }
        var makerIndex: Int?
        for index in library.indices where library[index].origin == .rxCore {
            guard let function = name(library[index]), let type = function.type else { continue }
            // The entry's own initialisers and those of the base classes it inherits.
            if type == ownType || RxCoreOperators.baseClasses.contains(type) { continue }
            if RxCoreOperators.isAPIType(type) {
                result.maker = result.calledAPI.map(Maker.api)
            } else if RxCoreOperators.isProducer(type) {
                // `subscribeReceiver`: how RxCore's own observers subscribe to an Observable
                // subclass that overrides it (`share`'s, a subject's).
                guard ["run", "subscribe", "subscribeReceiver"].contains(function.base) else { continue }
                result.maker = .producer(type)
            } else if Self.eventEntryPoints.contains(function.base) || function.base == "run" || function.isInitializer
            {
                result.maker = .sink(type)
            } else {
                continue
            }
            makerIndex = index
            break
        }
        if let makerIndex {
            // Further out, a sink's `on`: this was subscribed while that sink handled an event.
            for index in library.indices where index > makerIndex {
                if let function = name(library[index]), Self.eventEntryPoints.contains(function.base),
                    let type = function.type,
                    !RxCoreOperators.isAPIType(type), !RxCoreOperators.subjectTypes.contains(type)
                {
                    result.subscribedDuringEventOf = type
                    break
                }
            }
        }
        return result
    }
}
#endif
