#if TRACE_RESOURCES
import RxTraceReport

/// How to break one reference cycle, derived from what is on it; a fix that cannot work is
/// worse than none:
/// - a closure of the user's (or a method reference) on the cycle that captures one of the
///   user's objects: capture that object weakly there, at the closure's line;
/// - else a subscription on the cycle (a subject's or shared connection's observer list holds
///   it, and something the subscription keeps, such as a `using` resource, holds the subject):
///   nothing can be captured weakly; disposing the subscription removes it from that list;
/// - else no mechanical fix: the reference to break, from the user's object on the cycle.
enum CycleFix: Equatable {
    /// `breakAt` is the closure's edge.
    case weakCapture(breakAt: Int)
    /// `breakAt` is the observer list's edge to the subscription.
    case dispose(breakAt: Int)
    /// `breakAt` is the edge to break.
    case noMechanicalFix(breakAt: Int)

    var breakAt: Int {
        switch self {
        case .weakCapture(let index), .dispose(let index), .noMechanicalFix(let index): return index
        }
    }

    static func derive(
        _ steps: [ReportCycle.Step],
        _ path: [CycleSearch.Step],
        _ graph: HeapGraph,
        _ namer: FunctionNamer
    ) -> CycleFix {
        if let index = userClosureCapturingOwner(path, graph, namer) { return .weakCapture(breakAt: index) }
        if let index = steps.firstIndex(where: { isObserverList($0.via) }) { return .dispose(breakAt: index) }
        let fromUserObject = path.indices.first { graph.kind(path[$0].node).isUserObject }
        return .noMechanicalFix(breakAt: fromUserObject ?? 0)
    }

    /// The last edge of the cycle that is a closure written in the user's code whose captures
    /// (followed through closure contexts and boxes on the cycle) reach one of the user's
    /// objects: the strong capture that closes the cycle.
    static func userClosureCapturingOwner(
        _ path: [CycleSearch.Step],
        _ graph: HeapGraph,
        _ namer: FunctionNamer
    ) -> Int? {
        for index in path.indices.reversed() {
            let edge = graph.edges[path[index].node][path[index].edge]
            guard let name = namer.name(edge.function), name.frame.origin == .user else { continue }
            var captured = (index + 1) % path.count
            var hops = 0
            while hops < path.count, isCaptureHolder(graph.kind(path[captured].node)) {
                captured = (captured + 1) % path.count
                hops += 1
            }
            if graph.kind(path[captured].node).isUserObject { return index }
        }
        return nil
    }

    private static func isCaptureHolder(_ kind: HeapObjectKind) -> Bool {
        switch kind {
        case .closureContext, .box: return true
        case .instance(let name, _): return name.hasPrefix("EventHandlerBox<")
        case .other: return false
        }
    }

    /// A subject's, relay's or shared connection's list of its observers (`observers.bag…`).
    static func isObserverList(_ via: String?) -> Bool {
        via?.hasPrefix("observers") == true
    }

    /// The fix for people, in one line. `subscribeAt` is the line of the subscription on the
    /// cycle, when a leaked subscription on it has one.
    func text(_ steps: [ReportCycle.Step], subscribeAt: SourceLocation? = nil) -> String {
        let next = { (index: Int) in steps[(index + 1) % steps.count].typeName }
        switch self {
        case .weakCapture(let index):
            let closure = steps[index].closure ?? "the closure"
            let owner = Self.capturedOwner(steps, after: index)
            if closure.hasPrefix("method reference ") {
                return
                    "\(closure) captures \(owner) strongly: pass a closure that captures it weakly (`{ [weak self] in self?.method($0) }`), or use `withUnretained(self)`; or end the chain with `take(until:)` a signal of the owner's end, or keep the subscription in a bag owned by someone else"
            }
            return
                "\(closure) captures \(owner) strongly: capture it with `[weak self]` (or `[unowned self]` when the chain is disposed with its owner), or use `withUnretained(self)`; or end the chain with `take(until:)` a signal of the owner's end, or keep the subscription in a bag owned by someone else"
        case .dispose(let index):
            let list = "\(steps[index].typeName).\(steps[index].via?.split(separator: ".").first ?? "observers")"
            let subscription = subscribeAt.map { "the subscription made at \(Self.place($0))" } ?? "the subscription"
            let bag = subscribeAt.flatMap { Self.ownerType(of: $0.function) }.map { " in \($0)'s `DisposeBag`" } ?? ""
            return
                "Dispose \(subscription) (keep the Disposable `subscribe` returns\(bag) with `.disposed(by:)`, or end the chain with `take(until:)`): \(list) keeps the subscription and what the subscription keeps leads back to \(steps[index].typeName); no closure of yours on this cycle captures one of your objects"
        case .noMechanicalFix(let index):
            let edge = "\(steps[index].typeName).\(steps[index].via ?? "?") → \(next(index))"
            return
                "No mechanical fix: no closure of yours and no subscription is on this cycle. Break the reference \(edge): make it weak, or clear it when \(steps[index].typeName) is done"
        }
    }

    /// The object a closure at `index` captures: the first step after it that is neither a
    /// closure context nor a box.
    private static func capturedOwner(_ steps: [ReportCycle.Step], after index: Int) -> String {
        var captured = (index + 1) % steps.count
        var hops = 0
        while hops < steps.count,
            steps[captured].typeName == "closure context" || steps[captured].typeName.hasPrefix("box (")
                || steps[captured].typeName.hasPrefix("EventHandlerBox<")
        {
            captured = (captured + 1) % steps.count
            hops += 1
        }
        return steps[captured].typeName
    }

    /// `File.swift:12`.
    private static func place(_ location: SourceLocation) -> String {
        "`\(location.file.split(separator: "/").last.map(String.init) ?? location.file):\(location.line)`"
    }

    /// The type whose method the subscription is made in: `closure #1 in Screen.bind()` →
    /// "Screen"; nil for a free function.
    static func ownerType(of function: String?) -> String? {
        guard let function else { return nil }
        var text = function[...]
        while text.hasPrefix("closure #") || text.hasPrefix("implicit closure #"),
            let range = text.range(of: " in ")
        {
            text = text[range.upperBound...]
        }
        return FunctionName(String(text))?.type
    }
}
#endif
