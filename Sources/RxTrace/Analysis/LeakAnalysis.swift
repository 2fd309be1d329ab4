#if TRACE_RESOURCES
import RxCore

/// Live resources that share an origin: the same user call site (one subscription line, however
/// many times it ran), or, for resources whose stack never reaches user code, the same type.
public struct ResourceGroup: Sendable {
    /// Stable across runs and rebuilds (no addresses): a hash of the call site's file name,
    /// line and function and of the resource types.
    public let signature: String
    /// The group's resources, in creation order.
    public let entries: [ResourceEntry]
    /// The distinct readable types, in order of first creation.
    public let resourceTypes: [String]
    /// The operators of the chain, source first, ending with the API the user called
    /// (e.g. `["interval", "map", "subscribe"]`).
    public let operatorChain: [String]
    /// Where the user's code created these resources; nil when no frame reached user code.
    public let userCallSite: SymbolicatedFrame?
    /// A representative allocation stack (the first entry's that reaches the call site).
    public let frames: [SymbolicatedFrame]

    public init(signature: String, entries: [ResourceEntry], resourceTypes: [String], operatorChain: [String],
                userCallSite: SymbolicatedFrame?, frames: [SymbolicatedFrame]) {
        self.signature = signature
        self.entries = entries
        self.resourceTypes = resourceTypes
        self.operatorChain = operatorChain
        self.userCallSite = userCallSite
        self.frames = frames
    }
}

public enum LeakAnalysis {
    /// Groups entries by user call site (else by kind and type), in order of each group's
    /// first creation. Symbolicates each distinct stack once.
    public static func group(_ entries: [ResourceEntry], symbolicator: Symbolicator = .shared) -> [ResourceGroup] {
        struct Pending {
            var entries: [ResourceEntry] = []
            var callSite: SymbolicatedFrame?
            var frames: [SymbolicatedFrame] = []
            var stack: StackID?
        }
        var order: [String] = []
        var pending: [String: Pending] = [:]
        var sites: [StackID: (site: SymbolicatedFrame?, frames: [SymbolicatedFrame])] = [:]

        for entry in entries.sorted(by: { $0.epoch < $1.epoch }) {
            var site: SymbolicatedFrame?
            var frames: [SymbolicatedFrame] = []
            if let stack = entry.stack {
                if let known = sites[stack] {
                    (site, frames) = known
                } else {
                    frames = symbolicator.framesThroughCallSite(for: stack)
                    site = frames.last { $0.origin == .user }
                    sites[stack] = (site, frames)
                }
            }
            let key: String
            if let site {
                key = "site\u{1}\(site.fileName ?? site.image ?? "")\u{1}\(site.line ?? 0)\u{1}\(site.function)"
            } else {
                key = "type\u{1}\(entry.kind.rawValue)\u{1}\(entry.typeName)"
            }
            if pending[key] == nil {
                order.append(key)
                pending[key] = Pending(entries: [], callSite: site, frames: frames, stack: entry.stack)
            }
            pending[key]!.entries.append(entry)
            if pending[key]!.frames.isEmpty && !frames.isEmpty { pending[key]!.frames = frames }
        }

        // A chain written over several lines creates its producers at the operator lines and its
        // sinks at the `subscribe` line; the sinks keep the producers alive. Fold a group of
        // producers into the subscription made later in the same function invocation, so that one
        // leaked chain is one group.
        var folded = Set<String>()
        for key in order where pending[key]!.entries.allSatisfy({ $0.kind == .producer }) {
            guard let site = pending[key]!.callSite, let siteLine = site.line else { continue }
            let context = callerContext(pending[key]!.stack, callSite: site)
            var best: (key: String, line: Int)?
            for other in order where other != key && !folded.contains(other) {
                let candidate = pending[other]!
                guard candidate.entries.contains(where: { $0.kind != .producer && $0.kind != .subject }),
                      let otherSite = candidate.callSite, let otherLine = otherSite.line,
                      otherSite.file == site.file, otherSite.function == site.function, otherLine >= siteLine,
                      callerContext(candidate.stack, callSite: otherSite) == context else { continue }
                if best == nil || otherLine < best!.line { best = (other, otherLine) }
            }
            if let best {
                pending[best.key]!.entries.append(contentsOf: pending[key]!.entries)
                folded.insert(key)
            }
        }
        order.removeAll { folded.contains($0) }
        for key in order { pending[key]!.entries.sort { $0.epoch < $1.epoch } }

        return order.map { key in
            let group = pending[key]!
            var types: [String] = []
            var seen = Set<String>()
            for entry in group.entries where seen.insert(entry.typeName).inserted { types.append(entry.typeName) }
            let chain = operatorChain(group.entries, sites: sites)
            // The representative stack in full (grouping only resolved it through the call site).
            // Prefer the subscription's own resources over producers folded in.
            let reachesCallSite = { (entry: ResourceEntry) in entry.stack.map { sites[$0]?.site != nil } ?? false }
            let representative = group.entries.first { $0.kind != .producer && reachesCallSite($0) }?.stack
                ?? group.entries.first(where: reachesCallSite)?.stack
                ?? group.entries.first { $0.stack != nil }?.stack
            let frames = representative.map { symbolicator.frames(for: $0) } ?? group.frames
            return ResourceGroup(
                signature: signature(callSite: group.callSite, types: types, kinds: group.entries.map(\.kind)),
                entries: group.entries,
                resourceTypes: types,
                operatorChain: chain,
                userCallSite: group.callSite,
                frames: frames
            )
        }
    }

    /// The return addresses of the frames that called the user frame's function: equal for two
    /// stacks made during the same invocation of that function (and from the same caller).
    static func callerContext(_ stack: StackID?, callSite: SymbolicatedFrame) -> [UInt] {
        guard let stack else { return [] }
        let addresses = ResourceRegistry.addresses(of: stack)
        guard let index = addresses.firstIndex(of: callSite.address) else { return [] }
        return Array(addresses[(index + 1)...])
    }

    /// FNV-1a (deterministic, unlike `Hasher`) over the call site and the sorted types.
    static func signature(callSite: SymbolicatedFrame?, types: [String], kinds: [ResourceKind]) -> String {
        var text: String
        if let callSite {
            text = "\(callSite.fileName ?? callSite.image ?? "?"):\(callSite.line ?? 0)|\(callSite.function)"
        } else {
            text = "no-call-site|" + Set(kinds.map(\.rawValue)).sorted().joined(separator: ",")
        }
        text += "|" + types.sorted().joined(separator: ";")
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Source first: producers in creation order (each named by the operator the user called),
    /// or, without producers, sinks in reverse creation order (a subscription builds its sinks
    /// from the last operator back to the source); then the API the user called for the rest.
    static func operatorChain(_ entries: [ResourceEntry], sites: [StackID: (site: SymbolicatedFrame?, frames: [SymbolicatedFrame])]) -> [String] {
        func calledAPI(_ entry: ResourceEntry) -> String? {
            guard let stack = entry.stack, let frames = sites[stack]?.frames,
                  let userIndex = frames.firstIndex(where: { $0.origin == .user }) else { return nil }
            // The library frame nearest to the user frame is the public API the user called.
            for frame in frames[..<userIndex].reversed() where frame.origin == .rxCore {
                return FrameClassifier.apiName(frame.function)
            }
            return nil
        }
        var chain: [String] = []
        func add(_ name: String?) {
            guard let name, !name.isEmpty, chain.last != name else { return }
            chain.append(name)
        }

        // The API each live producer was made by, keyed by its type's base name ("Timer" → "interval").
        var apiByBaseType: [String: String] = [:]
        var producerNames: [String] = []
        var seenProducerTypes = Set<String>()
        for producer in entries where producer.kind == .producer && seenProducerTypes.insert(producer.typeName).inserted {
            let name = calledAPI(producer) ?? operatorName(forType: producer.typeName)
            if let name {
                apiByBaseType[baseTypeName(producer.typeName)] = name
                producerNames.append(name)
            }
        }
        var seenSinkTypes = Set<String>()
        let sinks = entries.filter { $0.kind == .sink && seenSinkTypes.insert($0.typeName).inserted }
        if sinks.isEmpty {
            producerNames.forEach(add)
        } else {
            // A subscription builds its sinks from the last operator back to the source.
            for sink in sinks.reversed() {
                var base = baseTypeName(sink.typeName)
                if base.hasSuffix("Sink") { base.removeLast(4) }
                add(apiByBaseType[base] ?? operatorName(forType: sink.typeName))
            }
        }
        var apis: [String] = []
        for entry in entries where entry.kind != .producer {
            if let api = calledAPI(entry), !apis.contains(api) { apis.append(api) }
        }
        for api in apis where !chain.contains(api) { add(api) }
        return chain
    }

    /// `MapSink<Int, String>` → "MapSink".
    static func baseTypeName(_ typeName: String) -> String {
        var base = Substring(typeName)
        if let angle = base.firstIndex(of: "<") { base = base[..<angle] }
        if let dot = base.lastIndex(of: ".") { base = base[base.index(after: dot)...] }
        return String(base)
    }

    /// `MapSink<Int, String>` → "map"; `TimerSink<…>` → "interval".
    static func operatorName(forType typeName: String) -> String? {
        var base = Substring(typeName)
        if let angle = base.firstIndex(of: "<") { base = base[..<angle] }
        if let dot = base.lastIndex(of: ".") { base = base[base.index(after: dot)...] }
        let special: [String: String] = [
            "TimerSink": "interval", "TimerOneOffSink": "timer", "Timer": "timer",
            "AnonymousObserver": "subscribe", "ObservableSequenceSink": "from",
            "AnonymousObservableSink": "create", "AnonymousObservable": "create",
        ]
        if let name = special[String(base)] { return name }
        for suffix in ["SinkIter", "Sink", "Producer"] where base.hasSuffix(suffix) && base.count > suffix.count {
            base = base.dropLast(suffix.count)
            break
        }
        guard let first = base.first else { return nil }
        return first.lowercased() + base.dropFirst()
    }
}
#endif
