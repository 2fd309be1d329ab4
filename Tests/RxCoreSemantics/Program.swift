/// One Rx event of a program's `Int` sequences. Errors are codes: a program's own errors are
/// positive, RxSwift's `RxError` cases that operators raise are negative (see `ErrorCode`).
public enum SemanticEvent: Hashable, CustomStringConvertible {
    case next(Int)
    case error(Int)
    case completed

    public var isStop: Bool {
        if case .next = self { return false }
        return true
    }

    public var description: String {
        switch self {
        case .next(let value): return "next(\(value))"
        case .error(let code): return "error(\(ErrorCode.name(code)))"
        case .completed: return "completed"
        }
    }
}

/// The error codes RxSwift's operators produce themselves, next to a program's own errors.
public enum ErrorCode {
    public static let timeout = -1
    public static let noElements = -2
    public static let moreThanOneElement = -3
    public static let other = -99
    /// What a program's throwing `map` or `filter` closure throws (marble errors are 1...3).
    public static let thrown = 9

    static func name(_ code: Int) -> String {
        switch code {
        case timeout: return "RxError.timeout"
        case noElements: return "RxError.noElements"
        case moreThanOneElement: return "RxError.moreThanOneElement"
        case other: return "unexpected error"
        default: return "e\(code)"
        }
    }
}

/// An event at a virtual time.
public struct TimedEvent: Hashable, CustomStringConvertible {
    public var time: Int
    public var event: SemanticEvent

    public init(_ time: Int, _ event: SemanticEvent) {
        self.time = time
        self.event = event
    }

    public var description: String { "\(event)@\(time)" }
}

/// One subscription to a marble source: from `subscribe` to `unsubscribe` (nil: never disposed).
public struct SubscriptionInterval: Hashable, CustomStringConvertible {
    public var subscribe: Int
    public var unsubscribe: Int?

    public init(subscribe: Int, unsubscribe: Int?) {
        self.subscribe = subscribe
        self.unsubscribe = unsubscribe
    }

    public var description: String { "(\(subscribe), \(unsubscribe.map(String.init) ?? "∞"))" }
}

/// A test observable's events: a hot one plays them at absolute times to whoever is subscribed,
/// a cold one plays them relative to each subscription.
public struct Marble: Hashable, CustomStringConvertible {
    public var isHot: Bool
    public var events: [TimedEvent]

    public init(isHot: Bool, events: [TimedEvent]) {
        self.isHot = isHot
        self.events = events
    }

    public var description: String {
        (isHot ? "hot " : "cold ") + "[" + events.map(\.description).joined(separator: ", ") + "]"
    }
}

/// The operators a program chains. Durations and offsets are in virtual ticks; every element
/// function is a fixed, total function of its parameter so the program prints completely.
public enum Operator: Hashable {
    case source(Int)
    /// `Observable.just`, `.empty()`, `.error`, `.never()`: sequences that need no scheduler,
    /// the first three ending while they are being subscribed to.
    case just(Int)
    case empty
    case fail(Int)
    case never
    case map(add: Int)
    case filter(dropMultiplesOf: Int)
    /// `map` and `filter` whose closure throws for one element.
    case mapThrowing(add: Int, throwsFor: Int)
    case filterThrowing(dropMultiplesOf: Int, throwsFor: Int)
    case scan(seed: Int)
    case reduce(seed: Int)
    case distinctUntilChanged
    case take(Int)
    case takeWhile(below: Int)
    case takeUntil
    case skip(Int)
    case skipWhile(below: Int)
    case startWith([Int])
    case concat
    case merge
    case mergeMaxConcurrent(Int)
    case flatMap
    case flatMapLatest
    case concatMap
    case switchLatest
    case combineLatest
    case zip
    case withLatestFrom
    case amb
    case catchError
    case catchAndReturn(Int)
    case retry(Int)
    case debounce(Int)
    case throttle(Int, latest: Bool)
    case delay(Int)
    case timeout(Int)
    case timeoutSwitching(Int)
    case buffer(timeSpan: Int, count: Int)
    case window(timeSpan: Int, count: Int)
    case sample
    case share(replay: Int, forever: Bool, firstTakes: Int, secondAfter: Int)
    case publish(connectAfter: Int, secondAfter: Int)
    case replay(Int, connectAfter: Int, secondAfter: Int)
    case materialize
    case materializeDematerialize
    case asSingle
    case asMaybe
    case asCompletable

    /// The operator's name as the reproduction prints it.
    public var name: String {
        switch self {
        case .source(let index): return "s\(index)"
        case .just(let value): return "Observable.just(\(value))"
        case .empty: return "Observable.empty()"
        case .fail(let code): return "Observable.error(e\(code))"
        case .never: return "Observable.never()"
        case .map(let add): return "map { $0 + \(add) }"
        case .filter(let modulus): return "filter { $0 % \(modulus) != 0 }"
        case .mapThrowing(let add, let bad):
            return "map { if $0 == \(bad) { throw e\(ErrorCode.thrown) }; return $0 + \(add) }"
        case .filterThrowing(let modulus, let bad):
            return "filter { if $0 == \(bad) { throw e\(ErrorCode.thrown) }; return $0 % \(modulus) != 0 }"
        case .scan(let seed): return "scan(\(seed), +)"
        case .reduce(let seed): return "reduce(\(seed), +)"
        case .distinctUntilChanged: return "distinctUntilChanged()"
        case .take(let count): return "take(\(count))"
        case .takeWhile(let bound): return "take(while: { $0 < \(bound) })"
        case .takeUntil: return "take(until:)"
        case .skip(let count): return "skip(\(count))"
        case .skipWhile(let bound): return "skip(while: { $0 < \(bound) })"
        case .startWith(let values): return "startWith(\(values.map(String.init).joined(separator: ", ")))"
        case .concat: return "concat"
        case .merge: return "merge"
        case .mergeMaxConcurrent(let limit): return "map(inner).merge(maxConcurrent: \(limit))"
        case .flatMap: return "flatMap"
        case .flatMapLatest: return "flatMapLatest"
        case .concatMap: return "concatMap"
        case .switchLatest: return "map(inner).switchLatest()"
        case .combineLatest: return "combineLatest { $0 * 10 + $1 }"
        case .zip: return "zip { $0 * 10 + $1 }"
        case .withLatestFrom: return "withLatestFrom { $0 * 10 + $1 }"
        case .amb: return "amb"
        case .catchError: return "catch"
        case .catchAndReturn(let value): return "catchAndReturn(\(value))"
        case .retry(let attempts): return "retry(\(attempts))"
        case .debounce(let due): return "debounce(\(due))"
        case .throttle(let due, let latest): return "throttle(\(due), latest: \(latest))"
        case .delay(let due): return "delay(\(due))"
        case .timeout(let due): return "timeout(\(due))"
        case .timeoutSwitching(let due): return "timeout(\(due), other:)"
        case .buffer(let span, let count): return "buffer(timeSpan: \(span), count: \(count)).map(encode)"
        case .window(let span, let count):
            return "window(timeSpan: \(span), count: \(count)).flatMap { $0.reduce([], append).map(encode) }"
        case .sample: return "sample"
        case .share(let replay, let forever, let takes, let after):
            return "share(replay: \(replay), scope: \(forever ? ".forever" : ".whileConnected"))"
                + " as merge(s.take(\(takes)), s.delaySubscription(\(after)))"
        case .publish(let connect, let after):
            return "publish() as merge(p, p.delaySubscription(\(after))), connect after \(connect)"
        case .replay(let size, let connect, let after):
            return "replay(\(size)) as merge(p, p.delaySubscription(\(after))), connect after \(connect)"
        case .materialize: return "materialize().map(encode)"
        case .materializeDematerialize: return "materialize().dematerialize()"
        case .asSingle: return "asSingle()"
        case .asMaybe: return "asMaybe()"
        case .asCompletable: return "ignoreElements().asCompletable() as Observable<Int>"
        }
    }

    /// The operator without its parameters, for coverage counts ("throttle(latest: true)").
    public var kind: String {
        if case .throttle(_, let latest) = self { return "throttle(latest: \(latest))" }
        if case .share(_, let forever, _, _) = self {
            return "share(scope: \(forever ? ".forever" : ".whileConnected"))"
        }
        let text = "\(self)"
        return String(text.prefix { $0 != "(" })
    }

    /// How many inputs the operator takes beyond its source: fixed for most, 1 or more inner
    /// sequences for the flattening ones.
    var isFlattening: Bool {
        switch self {
        case .flatMap, .flatMapLatest, .concatMap, .switchLatest, .mergeMaxConcurrent: return true
        default: return false
        }
    }
}

/// An operator applied to its inputs: `inputs[0]` is the source; the others are the second
/// sequence of a binary operator, or the inner sequences a flattening operator picks from by
/// the element (`element mod count`).
public indirect enum Chain: Hashable, CustomStringConvertible {
    case node(Operator, [Chain])

    public var op: Operator {
        switch self {
        case .node(let op, _): return op
        }
    }

    public var inputs: [Chain] {
        switch self {
        case .node(_, let inputs): return inputs
        }
    }

    public var description: String {
        switch op {
        case .source, .just, .empty, .fail, .never: return op.name
        case .merge, .amb, .concat, .combineLatest, .zip:
            return "\(op.name)(\(inputs.map(\.description).joined(separator: ", ")))"
        default:
            guard inputs.count > 1 else { return "\(inputs[0]).\(op.name)" }
            let others = inputs.dropFirst().map(\.description).joined(separator: ", ")
            return "\(inputs[0]).\(op.name)(\(others))"
        }
    }

    /// The operators used, outermost first.
    public var operatorNames: [String] {
        if case .source = op { return [] }
        return [op.name] + inputs.flatMap(\.operatorNames)
    }

    /// Every operator in the chain, inner chains included.
    public var operators: [Operator] {
        if case .source = op { return [] }
        return [op] + inputs.flatMap(\.operators)
    }
}

/// A whole program: the chain, its marble sources, and when the observer subscribes and
/// disposes (the chain is made at `Program.creationTime`, before any source event).
public struct Program: Hashable, CustomStringConvertible {
    public static let creationTime = 50

    public var chain: Chain
    public var sources: [Marble]
    public var subscribeTime: Int
    public var disposeTime: Int

    public init(chain: Chain, sources: [Marble], subscribeTime: Int, disposeTime: Int) {
        self.chain = chain
        self.sources = sources
        self.subscribeTime = subscribeTime
        self.disposeTime = disposeTime
    }

    public var description: String {
        var lines = ["chain:    \(chain)"]
        for (index, source) in sources.enumerated() {
            lines.append("marble s\(index): \(source)")
        }
        lines.append("subscribed at \(subscribeTime), disposed at \(disposeTime)")
        return lines.joined(separator: "\n")
    }
}

/// What a run of a program recorded: the observer's events, each source's subscriptions, and
/// how many Rx resources were still alive once the run and everything it made was released
/// (counted by RxCore's traced build; the contract's answer, and the model's, is 0).
public struct Outcome: Hashable {
    public var events: [TimedEvent]
    public var subscriptions: [[SubscriptionInterval]]
    public var resourcesAlive: Int

    public init(events: [TimedEvent], subscriptions: [[SubscriptionInterval]], resourcesAlive: Int = 0) {
        self.events = events
        self.subscriptions = subscriptions
        self.resourcesAlive = resourcesAlive
    }
}

/// The element encodings shared by the model and the RxCore run, so both produce `Int`s.
public enum Encoding {
    /// A buffer or window's contents as one value (order-sensitive; the empty one is 7).
    public static func array(_ values: [Int]) -> Int {
        values.reduce(7) { $0 &* 31 &+ $1 }
    }

    /// A materialized event as one value.
    public static func event(_ event: SemanticEvent) -> Int {
        switch event {
        case .next(let value): return value
        case .error(let code): return 100_000 + code
        case .completed: return 200_000
        }
    }

    public static func pair(_ first: Int, _ second: Int) -> Int {
        first &* 10 &+ second
    }
}
