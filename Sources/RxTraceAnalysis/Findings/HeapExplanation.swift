#if TRACE_RESOURCES
import Foundation
import RxTraceReport

/// What the heap graph says about a run's leaks: the reference cycles that keep leaked objects
/// alive (each reported once, rotated to start at the user's own object, with the reference to
/// break), and for leaks outside cycles the path from what holds them.
///
/// A cycle is a cause only when the measured passes made it: a loop that runs through an object
/// alive before them (an app-wide service created on the warm-up, anything the measured passes
/// did not create) keeps nothing alive that that object would not keep anyway. Such a loop is
/// not reported as a cycle: its leaked objects are leaks held by that object, with the loop
/// mentioned on them (`loops`). The allocation table's generations tell which pass made a node.
struct HeapExplanation {
    /// A leaked object the scenario cares about: a registry entry of a reported group, or an
    /// object passed to `expectReleased`.
    struct Leaked {
        var address: UInt
        /// The finding signature it belongs to.
        var signature: String
        /// The pass that created it, when known.
        var pass: Int?
        var isExpectation: Bool
        /// A subscription's observer (the end of its chain): what a retention path leads to.
        var isSubscriber: Bool = false
        /// A warm-up pass's instance of a reported group: it counts towards the per-pass figures
        /// of a cycle the measured passes show, and is never a cycle or a holder's target itself.
        var isWarmUp: Bool = false
    }

    var cycles: [ReportCycle] = []
    var cycleFindings: [LeakFinding] = []
    /// For findings outside cycles: the path from the holder.
    var paths: [String: ReportRetentionPath] = [:]
    /// For findings whose objects sit on a cycle: the cycle's signature.
    var cycleOfFinding: [String: String] = [:]
    /// For leaks outside cycles whose subscriber's closure captures its owner strongly: the fix.
    var fixes: [String: String] = [:]
    /// For findings outside cycles whose objects nothing on the heap graph references: how many
    /// objects the graph held (what was looked at).
    var unheld: [String: Int] = [:]
    /// For findings outside cycles: the node of the holder their path starts at.
    var holderNodes: [String: Int] = [:]
    /// For each cycle (by its signature): the nodes on it.
    var cycleNodes: [String: Set<Int>] = [:]
    /// For each cycle (by its signature): how to break it. A `dispose` fix names the
    /// subscription's line once the findings are placed (`fixed(_:)`).
    var cycleFixes: [String: CycleFix] = [:]
    /// For findings whose measured objects sit on a loop through an object alive before the
    /// measured passes (not a cycle of their own): that loop.
    var loops: [String: Loop] = [:]
    /// For leaked subscriptions: where their subscriber's own closures are written (the
    /// `subscribe(onNext:)` closure, the method passed as one), from the closures' functions.
    /// A finding whose allocation gives no line is placed there.
    var subscriberSites: [String: [SourceLocation]] = [:]

    /// A loop through an object the measured passes did not create, closed by a finding's object.
    struct Loop {
        /// The long-lived object the loop runs through.
        var through: String
        /// The loop, starting at that object.
        var steps: [ReportCycle.Step]
        /// The user's closure on the loop that captures the long-lived object, if any.
        var closure: String?
    }

    /// - Parameters:
    ///   - measuredSince: the allocation table's generation of the first measured pass; nodes of
    ///     an earlier generation were alive before the measured passes. Nil: inferred from the
    ///     leaked registry resources of the measured passes (each is allocated in its pass), and
    ///     without any, every node counts as measured (no loop is told from a cycle).
    ///   - passOfGeneration: the pass (1-based) each generation belongs to, where known.
    static func explain(
        _ graph: HeapGraph,
        leaked: [Leaked],
        passes: Int,
        timers: TimerEvidence,
        measuredSince: UInt32? = nil,
        passOfGeneration: [UInt32: Int] = [:]
    ) -> HeapExplanation {
        var result = HeapExplanation()
        guard graph.count > 0 else { return result }
        let namer = FunctionNamer()
        var leakedNodes: [Int: [Leaked]] = [:]
        for item in leaked {
            if let node = graph.node(at: item.address) { leakedNodes[node, default: []].append(item) }
        }
        let roots = leakedNodes.keys.sorted()
        // Which pass made a node: registry resources are allocated in the pass that registered
        // them, so their generations name their passes; objects passed to `expectReleased` say
        // the pass they were declared in.
        var passOfGeneration = passOfGeneration
        for (node, items) in leakedNodes {
            for item in items where !item.isExpectation {
                if let pass = item.pass, passOfGeneration[graph.generation(node)] == nil {
                    passOfGeneration[graph.generation(node)] = pass
                }
            }
        }
        let firstMeasured =
            measuredSince
            ?? leakedNodes.compactMap { node, items in
                items.contains { !$0.isExpectation && ($0.pass ?? 0) > 1 } ? graph.generation(node) : nil
            }.min()
        let isMeasured = { (node: Int) in firstMeasured.map { graph.generation(node) >= $0 } ?? true }
        let passOfNode = { (node: Int) in
            passOfGeneration[graph.generation(node)] ?? leakedNodes[node]?.lazy.compactMap(\.pass).first
        }
        var onCycle = Set<Int>()
        var cyclesBySignature: [String: (cycle: ReportCycle, finding: LeakFinding)] = [:]
        var order: [String] = []

        // Cycles made by the measured passes alone, then those made before them (the warm-up's
        // instance of the same cycle, an object declared on the warm-up), each era searched on
        // its own: a loop that needs an object of the other era is no cycle of either.
        let measuredRoots = roots.filter(isMeasured)
        let earlierRoots = roots.filter { !isMeasured($0) }
        let components =
            CycleSearch.components(graph, reachableFrom: measuredRoots, within: isMeasured)
            + (earlierRoots.isEmpty
                ? [] : CycleSearch.components(graph, reachableFrom: earlierRoots, within: { !isMeasured($0) }))
        for component in components {
            let members = Set(component)
            guard members.contains(where: { leakedNodes[$0] != nil }), involvesUserCode(graph, members, namer) else {
                continue
            }
            let start = canonicalStart(graph, members, leakedNodes)
            guard let path = CycleSearch.shortestCycle(graph, from: start, within: members) else { continue }
            onCycle.formUnion(members)
            let steps = path.map { describe(graph, $0, namer) }
            let cycleFix = CycleFix.derive(steps, path, graph, namer)
            let breakAt = cycleFix.breakAt
            let signature = stableHash(
                steps.map {
                    "\($0.typeName)|\($0.via ?? "")|\($0.closure ?? "")|\($0.location.map { "\(($0.file as NSString).lastPathComponent):\($0.line)" } ?? "")"
                }.joined(separator: ">")
            )
            // A warm-up instance only adds to the count of a cycle the measured passes made.
            let onlyWarmUp = members.allSatisfy { member in leakedNodes[member]?.allSatisfy(\.isWarmUp) ?? true }
            if onlyWarmUp && cyclesBySignature[signature] == nil { continue }
            result.cycleNodes[signature, default: []].formUnion(members)
            for member in members {
                for item in leakedNodes[member] ?? [] { result.cycleOfFinding[item.signature] = signature }
            }
            // Instances of several passes may share one component: count the objects of the
            // start's type each pass made, over how many of them one instance of the cycle holds.
            let startType = graph.metadata(start)
            let perInstance = max(1, path.filter { graph.metadata($0.node) == startType }.count)
            var ofStartType: [Int: Int] = [:]  // pass (0: unknown) → objects of the start's type
            for member in members where graph.metadata(member) == startType {
                ofStartType[passOfNode(member) ?? 0, default: 0] += 1
            }
            let instances = ofStartType.mapValues { ($0 + perInstance - 1) / perInstance }
            if cyclesBySignature[signature] == nil {
                let fix = cycleFix.text(steps)
                result.cycleFixes[signature] = cycleFix
                let cycle = ReportCycle(signature: signature, steps: steps, breakAt: breakAt, fix: fix, count: 0)
                // Only a closure's edge has a line of its own.
                let site = steps[breakAt].location.flatMap { site in
                    cycleFix == .weakCapture(breakAt: breakAt) ? site : nil
                }
                let finding = LeakFinding(
                    signature: signature,
                    kind: .referenceCycle,
                    resourceTypes: steps.map(\.typeName),
                    count: 1,
                    countPerPass: Array(repeating: 0, count: passes),
                    callSite: site.map {
                        SourceLocation(file: $0.file, line: $0.line, function: steps[breakAt].closure)
                    },
                    retentionReason: "reference cycle "
                        + ReportPathText.inline(steps, closingWith: steps.first?.typeName),
                    fix: fix
                )
                cyclesBySignature[signature] = (cycle, finding)
                order.append(signature)
            }
            // One finding per distinct cycle; its instances show in the cycle's count and in the
            // per-pass counts.
            cyclesBySignature[signature]!.cycle.count! += instances.values.reduce(0, +)
            for (pass, count) in instances where pass >= 1 && pass <= passes {
                cyclesBySignature[signature]!.finding.countPerPass[pass - 1] += count
            }
        }
        for signature in order {
            var entry = cyclesBySignature[signature]!
            entry.finding.growthPerPass = entry.finding.countPerPass.last ?? 0
            result.cycles.append(entry.cycle)
            result.cycleFindings.append(entry.finding)
        }

        // Measured objects on no cycle of their own that still sit on a loop with older objects:
        // leaks held by those objects, which the loop is mentioned on.
        if firstMeasured != nil {
            let pending = measuredRoots.filter { !onCycle.contains($0) }
            for component in CycleSearch.components(graph, reachableFrom: pending) {
                let members = Set(component)
                let earlier = members.filter { !isMeasured($0) }
                guard !earlier.isEmpty, involvesUserCode(graph, members, namer) else { continue }
                // A few of each finding's objects on the loop: the shortest loop through one of them.
                var nodesOfFinding: [String: [Int]] = [:]
                for member in component.sorted() where isMeasured(member) && !onCycle.contains(member) {
                    for item in leakedNodes[member] ?? []
                    where result.cycleOfFinding[item.signature] == nil
                        && nodesOfFinding[item.signature, default: []].count < 8
                    {
                        nodesOfFinding[item.signature, default: []].append(member)
                    }
                }
                guard !nodesOfFinding.isEmpty else { continue }
                let through = canonicalStart(graph, Set(earlier), leakedNodes)
                for (signature, nodes) in nodesOfFinding {
                    let candidates = nodes.compactMap { node -> [CycleSearch.Step]? in
                        guard let there = CycleSearch.shortestPath(graph, from: through, to: node, within: members),
                            let back = CycleSearch.shortestPath(graph, from: node, to: through, within: members)
                        else { return nil }
                        return there + back
                    }
                    guard let path = candidates.min(by: { $0.count < $1.count }) else { continue }
                    let steps = path.map { describe(graph, $0, namer) }
                    let closure = CycleFix.userClosureCapturingOwner(path, graph, namer).flatMap { steps[$0].closure }
                    result.loops[signature] = Loop(
                        through: graph.kind(through).displayName,
                        steps: steps,
                        closure: closure
                    )
                }
            }
        }

        // Where each subscription's own closures are written: the line of a finding whose
        // allocation has none.
        for (node, items) in leakedNodes {
            for item in items where item.isSubscriber && result.subscriberSites[item.signature] == nil {
                let sites = userClosureSites(graph, node, namer)
                if !sites.isEmpty { result.subscriberSites[item.signature] = sites }
            }
        }

        // Leaks outside cycles: walk back from each finding's objects to what holds them.
        let incoming = graph.incomingStrongEdges()
        var bySignature: [String: [Int]] = [:]
        var subscribersBySignature: [String: [Int]] = [:]
        for (node, items) in leakedNodes where !onCycle.contains(node) {
            for item in items where result.cycleOfFinding[item.signature] == nil && !item.isWarmUp {
                bySignature[item.signature, default: []].append(node)
                if item.isSubscriber { subscribersBySignature[item.signature, default: []].append(node) }
            }
        }
        for (signature, all) in bySignature {
            let nodes = subscribersBySignature[signature] ?? all
            // Another finding's objects hold this one only as a consequence (an inner
            // subscription refers to its outer sink): look for a holder outside them first.
            let others = Set(
                leakedNodes.filter {
                    $0.value.contains { $0.signature != signature } && !$0.value.contains { $0.signature == signature }
                }.keys
            )
            // Last, when everything on the way back sits on loops of library objects (a hot
            // observable and the subscription it keeps, neither held by anything else): the
            // nearest observer list that holds the subscription, which the path shows.
            if let found = retentionPath(graph, incoming, from: Set(nodes), avoiding: others, namer, timers)
                ?? retentionPath(graph, incoming, from: Set(nodes), avoiding: [], namer, timers)
                ?? retentionPath(graph, incoming, from: Set(nodes), avoiding: [], namer, timers, observerLists: true)
            {
                result.paths[signature] = found.path
                result.holderNodes[signature] = found.holder
            } else {
                result.unheld[signature] = graph.count
            }
            if let capture = capturedOwner(graph, subscribers: subscribersBySignature[signature] ?? [], namer) {
                result.fixes[signature] = capture.fix
            }
        }
        return result
    }

    /// A subscriber's handler that captures one of the user's objects strongly, where that
    /// object owns a `DisposeBag`. A Driver's, Signal's or `share`d subscription hands its bag a
    /// Disposable that refers to the shared connection weakly (`SubscriptionDisposable`, as in
    /// RxSwift), so owner → bag → … → closure → owner is no cycle on the heap: the source keeps
    /// the subscription, the subscription keeps its owner, and the owner's bag is never released
    /// to end it. The leak's generic fix ("add `.disposed(by:)`") would be wrong there.
    struct OwnerCapture {
        var closure: String
        var owner: String
        var bag: String

        var fix: String {
            "\(closure) captures \(owner) strongly, so \(owner) and its `\(bag)` live as long as this subscription and that bag cannot end it: capture it with `[weak self]` (or use `withUnretained(self)`), and keep the subscription in that bag (`.disposed(by: \(bag))`)"
        }
    }

    /// What `subscribers`' handlers capture strongly: the first of the user's objects reached
    /// through closures (a handler's context, or the captured object itself), when it owns a bag.
    static func capturedOwner(_ graph: HeapGraph, subscribers: [Int], _ namer: FunctionNamer) -> OwnerCapture? {
        for subscriber in subscribers.sorted() {
            var frontier: [(node: Int, closure: String?)] = [(subscriber, nil)]
            var seen: Set<Int> = [subscriber]
            for _ in 0..<3 where !frontier.isEmpty {
                var next: [(node: Int, closure: String?)] = []
                for (node, closure) in frontier {
                    for index in graph.edges[node].indices where !graph.edges[node][index].possible {
                        let target = Int(graph.edges[node][index].target)
                        guard seen.insert(target).inserted else { continue }
                        let via = describe(graph, CycleSearch.Step(node: node, edge: index), namer).closure ?? closure
                        guard let via else { continue }
                        let kind = graph.kind(target)
                        if kind.isUserObject {
                            if let bag = disposeBagField(graph, target) {
                                return OwnerCapture(closure: via, owner: kind.displayName, bag: bag)
                            }
                        } else if case .closureContext = kind {
                            next.append((target, via))
                        } else if case .box = kind {
                            next.append((target, via))
                        }
                    }
                }
                frontier = next
            }
        }
        return nil
    }

    /// The locations of the user's closures a subscriber holds (its handlers), in edge order:
    /// held directly, or through a compiler thunk's context or a handler box (`subscribe(_ on:)`).
    private static func userClosureSites(_ graph: HeapGraph, _ node: Int, _ namer: FunctionNamer) -> [SourceLocation] {
        var sites: [SourceLocation] = []
        var frontier = [node]
        var seen: Set<Int> = [node]
        for _ in 0..<3 where !frontier.isEmpty {
            var next: [Int] = []
            for holder in frontier {
                for edge in graph.edges[holder] where !edge.possible {
                    let target = Int(edge.target)
                    if let name = namer.name(edge.function), name.frame.origin == .user, let file = name.frame.file,
                        let line = name.frame.line
                    {
                        sites.append(SourceLocation(file: file, line: line, function: name.readable))
                        continue
                    }
                    guard seen.insert(target).inserted else { continue }
                    switch graph.kind(target) {
                    case .closureContext, .box: next.append(target)
                    case .instance(let name, _) where name.hasPrefix("EventHandlerBox<"): next.append(target)
                    default: break
                    }
                }
            }
            frontier = next
        }
        return sites
    }

    /// The name of `node`'s `DisposeBag` property, if it has one.
    private static func disposeBagField(_ graph: HeapGraph, _ node: Int) -> String? {
        graph.edges[node].first { edge in
            guard !edge.possible, case .instance(let name, _) = graph.kind(Int(edge.target)) else { return false }
            return name == "DisposeBag"
        }?.label
    }

    /// A leaked-subscription or unreleased-object finding with what the graph says holds it:
    /// the cycle it sits on, or the path from its holder. Without either, the evidence-based
    /// reason it had stays.
    /// The findings whose holder is one of `objects` (by address), or whose cycle runs through
    /// one, each with the holder as the annotated finding names it.
    func findingsHeld(byAnyOf objects: Set<UInt>, in graph: HeapGraph) -> [String: String] {
        let nodes = Set(objects.compactMap { graph.node(at: $0) })
        var held: [String: String] = [:]
        for (signature, holder) in holderNodes {
            if nodes.contains(holder) {
                held[signature] = paths[signature]?.holder
                continue
            }
            // The path stopped at an object of the user's type (a view model) that one of the
            // harness objects keeps in a property: name that property first.
            for node in nodes.sorted() {
                guard let edge = graph.edges[node].first(where: { !$0.possible && Int($0.target) == holder }) else {
                    continue
                }
                let through = paths[signature].map { ", through \($0.holder)" } ?? ""
                held[signature] = "\(graph.kind(node).displayName).\(edge.label)\(through)"
                break
            }
        }
        for (signature, members) in cycleNodes where !members.isDisjoint(with: nodes) {
            let names = cycles.first { $0.signature == signature }?.steps.first?.typeName
            held[signature] = names.map { "a reference cycle through \($0)" } ?? "a reference cycle"
            for (finding, cycle) in cycleOfFinding where cycle == signature { held[finding] = held[signature] }
        }
        return held
    }

    /// The stored properties of `objects` (by address) that hold Rx objects (a bag, a
    /// disposable, a subject or relay), as `Type.property`: what a test case keeps for its test.
    static func rxFields(of objects: Set<UInt>, in graph: HeapGraph) -> [String] {
        let rxTypes = ["DisposeBag", "Disposable", "Subject", "Relay", "Observable", "Driver", "Signal"]
        return objects.compactMap { graph.node(at: $0) }.sorted().flatMap { node in
            // Every read edge is labelled by what holds the reference; a word-scan edge is only
            // possibly a reference, and its label is an offset, not a property.
            graph.edges[node].compactMap { edge -> String? in
                guard !edge.possible else { return nil }
                let target = graph.kind(Int(edge.target)).displayName
                guard rxTypes.contains(where: { target.contains($0) }) else { return nil }
                return "\(graph.kind(node).displayName).\(edge.label)"
            }
        }
    }

    func annotate(_ finding: LeakFinding) -> LeakFinding {
        var annotated = finding
        if annotated.callSite == nil, let sites = subscriberSites[finding.signature] {
            // The allocation's user frame says the file and function but not the line (shared
            // code in a release build): the subscriber's closure in that file, else any.
            let file = finding.backtrace.first { $0.origin == .user }?.file
            annotated.callSite =
                sites.first { site in file.map { site.file.hasSuffix($0) || $0.hasSuffix(site.file) } ?? false }
                ?? sites.first
        }
        if let cycle = cycleOfFinding[finding.signature], let found = cycles.first(where: { $0.signature == cycle }) {
            annotated.retentionReason =
                "on reference cycle \(cycle): "
                + ReportPathText.inline(found.steps, closingWith: found.steps.first?.typeName)
            // The subscription lives as long as the cycle does: breaking the cycle is its fix.
            // The leak's own ("add .disposed(by:)") would not help when the owner's bag is on it.
            if let fix = found.fix { annotated.fix = fix }
        } else if let path = paths[finding.signature] {
            annotated.retentionPath = path
            annotated.retentionReason = "kept alive by \(path.holder)"
        } else if let looked = unheld[finding.signature], annotated.retentionReason == nil {
            annotated.retentionReason =
                "no holder found: none of the \(looked) objects recorded during the run references it strongly"
                + Self.outsideTheRecordedHeap
        }
        if let loop = loops[finding.signature] {
            let what = finding.kind == .leakedSubscription ? "this subscription" : "this object"
            let note =
                "\(what) also closes a loop through \(loop.through): "
                + ReportPathText.inline(loop.steps, closingWith: loop.through)
            annotated.retentionReason = annotated.retentionReason.map { "\($0); \(note)" } ?? note
            if finding.kind == .leakedSubscription {
                let capture =
                    loop.closure.map { "capturing \(loop.through) weakly in \($0)" }
                    ?? "capturing \(loop.through) weakly"
                annotated.fix =
                    "Dispose it with the owner: add `.disposed(by: disposeBag)`, or end it with `take(until:)` on the owner's lifetime. \(loop.through) was alive before the measured passes and keeps every such subscription, one more per pass: \(capture) would end the loop but not the growth."
            }
        }
        if cycleOfFinding[finding.signature] == nil, loops[finding.signature] == nil, let fix = fixes[finding.signature]
        {
            annotated.fix = fix
        }
        return annotated
    }

    /// `findings` (placed) and `cycles` with each `dispose` fix naming the line of the
    /// subscription on its cycle, in the cycle's finding and in the leaks on it.
    func namingSubscriptions(in findings: [LeakFinding], cycles: [ReportCycle]) -> ([LeakFinding], [ReportCycle]) {
        var texts: [String: String] = [:]
        for cycle in cycles {
            guard let fix = cycleFixes[cycle.signature], case .dispose = fix else { continue }
            let site = findings.first {
                $0.kind == .leakedSubscription && cycleOfFinding[$0.signature] == cycle.signature && $0.callSite != nil
            }?.callSite
            texts[cycle.signature] = fix.text(cycle.steps, subscribeAt: site)
        }
        let updatedFindings = findings.map { finding in
            var finding = finding
            if let text = texts[finding.signature] ?? cycleOfFinding[finding.signature].flatMap({ texts[$0] }) {
                finding.fix = text
            }
            return finding
        }
        let updatedCycles = cycles.map { cycle in
            var cycle = cycle
            if let text = texts[cycle.signature] { cycle.fix = text }
            return cycle
        }
        return (updatedFindings, updatedCycles)
    }

    /// Whether a component goes through the user's code: one of the user's objects, or a
    /// closure the user wrote. Components of Rx machinery alone (a sink and its disposer
    /// reference each other until the subscription is disposed) are the subscription itself,
    /// not a cycle that keeps it alive.
    private static func involvesUserCode(_ graph: HeapGraph, _ members: Set<Int>, _ namer: FunctionNamer) -> Bool {
        for member in members {
            if graph.kind(member).isUserObject { return true }
            for edge in graph.edges[member]
            where !edge.possible && edge.function != 0 && members.contains(Int(edge.target)) {
                if namer.name(edge.function)?.frame.origin == .user { return true }
            }
        }
        return false
    }

    /// The user's own object to start a cycle at: an object passed to `expectReleased` first,
    /// then any user class instance, then any class instance; ties broken by type name.
    private static func canonicalStart(_ graph: HeapGraph, _ members: Set<Int>, _ leaked: [Int: [Leaked]]) -> Int {
        func rank(_ node: Int) -> (Int, String, Int) {
            let kind = graph.kind(node)
            let score: Int
            if leaked[node]?.contains(where: \.isExpectation) == true && kind.isUserObject {
                score = 0
            } else if kind.isUserObject {
                score = 1
            } else if case .instance = kind {
                score = 2
            } else {
                score = 3
            }
            return (score, kind.displayName, node)
        }
        return members.min { rank($0) < rank($1) }!
    }

    static func describe(_ graph: HeapGraph, _ step: CycleSearch.Step, _ namer: FunctionNamer) -> ReportCycle.Step {
        let edge = graph.edges[step.node][step.edge]
        var result = ReportCycle.Step(typeName: graph.kind(step.node).displayName, via: edge.label)
        if let name = namer.name(edge.function) {
            result.closure = name.readable
            if let file = name.frame.file, let line = name.frame.line {
                result.location = SourceLocation(file: file, line: line, function: name.frame.function)
            }
        }
        return result
    }

    /// Walks back from `targets` along strong references to what holds them: the first user
    /// object (its property names the holder), a scheduler, or an object nothing on the Swift
    /// heap references (held from outside: a dispatch timer, a global, a stack); with
    /// `observerLists`, also the first object whose observer list (`observers…`) is on the way.
    private static func retentionPath(
        _ graph: HeapGraph,
        _ incoming: [[(source: Int32, edge: Int32)]],
        from targets: Set<Int>,
        avoiding blocked: Set<Int>,
        _ namer: FunctionNamer,
        _ timers: TimerEvidence,
        observerLists: Bool = false
    ) -> (path: ReportRetentionPath, holder: Int)? {
        var next: [Int: CycleSearch.Step] = [:]  // node → step towards the targets
        var queue = Array(targets).sorted()
        var seen = Set(queue)
        var head = 0
        var holder: Int?
        while head < queue.count, holder == nil {
            let node = queue[head]
            head += 1
            if !targets.contains(node), isHolder(graph, node, incoming) {
                holder = node
                break
            }
            if observerLists, !targets.contains(node), let step = next[node],
                graph.edges[step.node][step.edge].label.hasPrefix("observers")
            {
                holder = node
                break
            }
            for (source, edge) in incoming[node] where !blocked.contains(Int(source)) {
                let s = Int(source)
                if seen.insert(s).inserted {
                    next[s] = CycleSearch.Step(node: s, edge: Int(edge))
                    queue.append(s)
                }
            }
            if incoming[node].isEmpty, !targets.contains(node) {
                holder = node
                break
            }
        }
        guard let root = holder else { return nil }
        var steps: [ReportCycle.Step] = []
        var current = root
        var guardCount = 0
        while let step = next[current], guardCount < 10_000 {
            steps.append(describe(graph, step, namer))
            current = Int(graph.edges[step.node][step.edge].target)
            guardCount += 1
            if targets.contains(current) { break }
        }
        steps.append(ReportCycle.Step(typeName: graph.kind(current).displayName))
        return (ReportRetentionPath(holder: holderText(graph, root, steps, incoming, timers), steps: steps), root)
    }

    private static func isHolder(_ graph: HeapGraph, _ node: Int, _ incoming: [[(source: Int32, edge: Int32)]]) -> Bool
    {
        let kind = graph.kind(node)
        if kind.isUserObject { return true }
        if case .instance(let name, _) = kind { return isScheduler(name) }
        return false
    }

    /// A scheduler people create (`SerialDispatchQueueScheduler`, `VirtualClock`,
    /// `TestScheduler`), not the recursion helpers Rx builds around an action.
    private static func isScheduler(_ typeName: String) -> Bool {
        let base = typeName.prefix { $0 != "<" }
        if base.hasPrefix("AnyRecursive") || base.hasPrefix("RecursiveImmediate") { return false }
        return base.hasSuffix("Scheduler") || base == "VirtualClock"
    }

    private static func holderText(
        _ graph: HeapGraph,
        _ root: Int,
        _ steps: [ReportCycle.Step],
        _ incoming: [[(source: Int32, edge: Int32)]],
        _ timers: TimerEvidence
    ) -> String {
        let kind = graph.kind(root)
        if kind.isUserObject, let via = steps.first?.via {
            return "\(kind.displayName).\(via)"
        }
        if case .instance(let name, _) = kind {
            if isScheduler(name) { return "\(name)'s scheduled work" }
            // Reached only when every object back from the subscription has a referrer and
            // none is the user's or a scheduler: library objects that keep each other alive (a
            // hot observable and the disposable of the subscription it keeps). That loop is
            // the holder, whatever else may hold it from outside the recorded heap.
            if steps.first?.via?.hasPrefix("observers") == true {
                return "\(name)'s observer list, in a loop of Rx objects: everything recorded that references \(name)"
                    + " is kept by it, and none of it is yours or a scheduler; disposing the subscription takes it off that list"
            }
            if !incoming[root].isEmpty { return name }
        }
        // A closure context nothing on the Swift heap holds, leading to a periodic timer's
        // sink: a dispatch timer's handler, when the run left a new periodic timer armed.
        let holdsTimerSink = steps.contains { RetentionReason.isPeriodicTimerSink($0.typeName) }
        if case .closureContext = kind, holdsTimerSink, incoming[root].isEmpty {
            let names = timers.queuesWithNewTimers.map { timers.schedulerLabels[$0] ?? "dispatch queue '\($0)'" }
            if names.count == 1 { return "the periodic timer of \(names[0])" }
            if names.count > 1 { return "a periodic timer armed on one of: \(names.joined(separator: ", "))" }
        }
        return "\(kind.displayName), which nothing recorded references" + Self.outsideTheRecordedHeap
    }

    /// What the heap graph cannot see, said wherever a search for a holder ends there.
    static let outsideTheRecordedHeap =
        " (its holder is outside the objects recorded during the run: a static or global, a local of a running function, or an object made before recording started)"

    /// FNV-1a of `text` (deterministic across runs, unlike `Hasher`), 16 hex digits.
    static func stableHash(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

#endif
