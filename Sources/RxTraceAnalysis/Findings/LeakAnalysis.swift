#if TRACE_RESOURCES
import RxCore
import RxTraceReport

/// Live resources that share an origin: the same user call site (one subscription line, however
/// many times it ran), or, for resources whose stack never reaches user code, the same type.
public struct ResourceGroup: Sendable {
    /// Stable across runs, rebuilds and unrelated edits (no addresses, no line numbers): see
    /// `LeakSignature`.
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
    /// When the call site is the user's own line that called into a dependency's code that
    /// made these resources: the dependency's frame nearest it.
    public let viaDependency: DependencyCall?

    public init(
        signature: String,
        entries: [ResourceEntry],
        resourceTypes: [String],
        operatorChain: [String],
        userCallSite: SymbolicatedFrame?,
        frames: [SymbolicatedFrame],
        viaDependency: DependencyCall? = nil
    ) {
        self.signature = signature
        self.entries = entries
        self.resourceTypes = resourceTypes
        self.operatorChain = operatorChain
        self.userCallSite = userCallSite
        self.frames = frames
        self.viaDependency = viaDependency
    }
}

public enum LeakAnalysis {
    /// Groups entries by user call site (else by kind and type), in order of each group's
    /// first creation. Symbolicates each distinct stack once.
    public static func group(_ entries: [ResourceEntry], symbolicator: Symbolicator = .shared) -> [ResourceGroup] {
        /// One distinct stack of a group (every entry of its own for entries grouped by type):
        /// its first and latest entries. Entries of one stack share its type, kind and facts, so
        /// the work after grouping looks at these, not at every entry.
        struct Member {
            var first: ResourceEntry
            var last: ResourceEntry
        }
        struct Pending {
            var entries: [ResourceEntry] = []
            var members: [Member] = []
            var callSite: SymbolicatedFrame?
            var frames: [SymbolicatedFrame] = []
            var stack: StackID?
            var via: DependencyCall?
            var foldedInto = false
        }
        // Linear in entries: the work per entry is one lookup of its stack's group and member
        // (or, without a stack, of its type's group); symbolication, keys, names and types are
        // per distinct stack.
        var groups: [Pending] = []
        var indexByKey: [String: Int] = [:]
        var memberByStack: [StackID: (group: Int, member: Int)] = [:]
        var sites: [StackID: (site: SymbolicatedFrame?, frames: [SymbolicatedFrame])] = [:]

        let ordered = isInCreationOrder(entries) ? entries : entries.sorted { $0.epoch < $1.epoch }
        var distinctStacks = Set<StackID>()
        var firstOfEachStack: [ResourceEntry] = []
        for entry in ordered {
            if let stack = entry.stack, distinctStacks.insert(stack).inserted { firstOfEachStack.append(entry) }
        }
        symbolicator.prefetchThroughCallSite(firstOfEachStack.compactMap(\.stack))
        for entry in ordered {
            if let stack = entry.stack, let known = memberByStack[stack] {
                groups[known.group].entries.append(entry)
                groups[known.group].members[known.member].last = entry
                continue
            }
            var site: SymbolicatedFrame?
            var frames: [SymbolicatedFrame] = []
            if let stack = entry.stack {
                frames = symbolicator.framesThroughCallSite(for: stack)
                site = symbolicator.callSite(in: frames)
                sites[stack] = (site, frames)
            }
            var key: String
            if let site {
                key = "site\u{1}\(site.fileName ?? site.image ?? "")\u{1}\(site.line ?? 0)\u{1}\(site.function)"
                // A merged function's code runs for every function merged into it, and its name
                // and line are one of theirs: the caller's return address keeps apart the call
                // sites that different callers reach (the merged functions' own calls leave no
                // frame). Calls from one place stay one group, said to be merged in the reports.
                if site.mergedFunction, let caller = callerContext(entry.stack, callSite: site).first {
                    key += "\u{1}caller \(caller)"
                }
            } else {
                key = "type\u{1}\(entry.kind.rawValue)\u{1}\(entry.typeName)"
            }
            let index: Int
            if let known = indexByKey[key] {
                index = known
            } else {
                index = groups.count
                indexByKey[key] = index
                groups.append(
                    Pending(
                        entries: [],
                        callSite: site,
                        frames: frames,
                        stack: entry.stack,
                        via: symbolicator.dependencyCall(in: frames)
                    )
                )
            }
            // A stack with a call site always lands in its site's group; a stack without one
            // groups by type, which differs per entry type.
            if let stack = entry.stack, site != nil { memberByStack[stack] = (index, groups[index].members.count) }
            groups[index].entries.append(entry)
            groups[index].members.append(Member(first: entry, last: entry))
            if groups[index].frames.isEmpty && !frames.isEmpty { groups[index].frames = frames }
        }

        // A chain written over several lines creates its producers at the operator lines and its
        // sinks at the `subscribe` line; the sinks keep the producers alive. Fold a group of
        // producers into the subscription made later in the same function invocation, so that one
        // leaked chain is one group.
        for index in groups.indices where groups[index].members.allSatisfy({ $0.first.kind == .producer }) {
            guard let site = groups[index].callSite, let siteLine = site.line else { continue }
            let context = callerContext(groups[index].stack, callSite: site)
            var best: (index: Int, line: Int)?
            for other in groups.indices where other != index && !groups[other].foldedInto {
                let candidate = groups[other]
                guard let otherSite = candidate.callSite, let otherLine = otherSite.line,
                    otherSite.file == site.file, otherSite.function == site.function, otherLine >= siteLine,
                    candidate.members.contains(where: { $0.first.kind != .producer && $0.first.kind != .subject }),
                    // Stacks are cut at the capture depth, a sink's (deep in `drive`) sooner
                    // than a producer's: one invocation's contexts agree on the shorter one.
                    ProducerOrigins.sameInvocation(callerContext(candidate.stack, callSite: otherSite), context)
                else { continue }
                if best == nil || otherLine < best!.line { best = (other, otherLine) }
            }
            if let best {
                groups[best.index].entries.append(contentsOf: groups[index].entries)
                groups[best.index].entries.sort { $0.epoch < $1.epoch }
                groups[best.index].members.append(contentsOf: groups[index].members)
                groups[best.index].members.sort { $0.first.epoch < $1.first.epoch }
                groups[index].foldedInto = true
            }
        }
        let names = OperatorNames(entries: firstOfEachStack, symbolicator: symbolicator)

        let kept = groups.filter { !$0.foldedInto }
        // The representative stack of each group in full (grouping only resolved it through the
        // call site). Prefer the subscription's own resources over producers folded in.
        let reachesCallSite = { (entry: ResourceEntry) in entry.stack.map { sites[$0]?.site != nil } ?? false }
        let representatives = kept.map { group in
            let firsts = group.members.lazy.map(\.first)
            return firsts.first { $0.kind != .producer && reachesCallSite($0) }?.stack
                ?? firsts.first(where: reachesCallSite)?.stack
                ?? firsts.first { $0.stack != nil }?.stack
        }
        // Their frames beyond the call sites (callers, test runners, `main`) in one batch: one
        // stack at a time, each is a small batch for the slow per-address path.
        symbolicator.prefetch(representatives.compactMap { $0 })
        return zip(kept, representatives).map { group, representative in
            var types: [String] = []
            var seenTypes = Set<String>()
            for member in group.members where seenTypes.insert(member.first.typeName).inserted {
                types.append(member.first.typeName)
            }
            // Each stack's latest entry, in creation order: what the chain is read from.
            let latest = group.members.map(\.last).sorted { $0.epoch < $1.epoch }
            let chain = names.chain(
                of: latest,
                callSite: group.callSite,
                callerContext: group.callSite.map { callerContext(group.stack, callSite: $0) } ?? []
            )
            let frames = representative.map { symbolicator.frames(for: $0) } ?? group.frames
            return ResourceGroup(
                signature: LeakSignature.make(
                    callSite: group.callSite,
                    chain: chain,
                    types: types,
                    kinds: group.callSite == nil ? group.members.map(\.first.kind) : []
                ),
                entries: group.entries,
                resourceTypes: types,
                operatorChain: chain,
                userCallSite: group.callSite,
                frames: frames,
                viaDependency: group.via
            )
        }
    }

    /// Whether `entries` are sorted by epoch already (snapshots are): checking is linear,
    /// sorting is not.
    static func isInCreationOrder(_ entries: [ResourceEntry]) -> Bool {
        var index = 1
        while index < entries.count {
            if entries[index - 1].epoch >= entries[index].epoch { return false }
            index += 1
        }
        return true
    }

    /// The return addresses of the frames that called the user frame's function: equal for two
    /// stacks made during the same invocation of that function (and from the same caller).
    static func callerContext(_ stack: StackID?, callSite: SymbolicatedFrame) -> [UInt] {
        guard let stack else { return [] }
        let addresses = ResourceRegistry.addresses(of: stack)
        guard let index = addresses.firstIndex(of: callSite.address) else { return [] }
        return Array(addresses[(index + 1)...])
    }

    /// `MapSink<Int, String>` → "MapSink".
    static func baseTypeName(_ typeName: String) -> String {
        var base = Substring(typeName)
        if let angle = base.firstIndex(of: "<") { base = base[..<angle] }
        if let dot = base.lastIndex(of: ".") { base = base[base.index(after: dot)...] }
        return String(base)
    }
}
#endif
