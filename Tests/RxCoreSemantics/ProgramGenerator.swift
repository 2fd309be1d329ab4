import SeededRandom

/// Random programs: 1 to 4 hot or cold marble sources with up to 6 events each, a chain of
/// 1 to 6 operators along its main line with random inner chains (each a source or a shorter
/// chain) for the operators that take more sequences, and subscription and disposal times.
public struct ProgramGenerator {
    private var random: SeededGenerator
    private var sourceCount = 1

    /// The program of run `seed`, number `index`.
    public static func program(seed: UInt64, index: Int) -> Program {
        var generator = ProgramGenerator(random: SeededGenerator(seed: seed &* 0x1000_0000_01B3 &+ UInt64(index)))
        return generator.program()
    }

    private init(random: SeededGenerator) {
        self.random = random
    }

    private mutating func int(_ range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &random)
    }

    private mutating func chance(_ probability: Double) -> Bool {
        Double.random(in: 0..<1, using: &random) < probability
    }

    private mutating func program() -> Program {
        sourceCount = int(1...4)
        let sources = (0..<sourceCount).map { _ in marble() }
        let chain = self.chain(depth: int(1...6))
        let subscribeTime = int(100...400)
        let disposeTime = chance(0.3) ? int((subscribeTime + 1)...1100) : int(1100...1500)
        return Program(chain: chain, sources: sources, subscribeTime: subscribeTime, disposeTime: disposeTime)
    }

    private mutating func marble() -> Marble {
        let isHot = chance(0.5)
        let range = isHot ? (Program.creationTime + 1)...1200 : 1...400
        var times = Set<Int>()
        let count = int(0...6)
        while times.count < count { times.insert(int(range)) }
        var events = times.sorted().map { TimedEvent($0, .next(int(0...5))) }
        if chance(0.7) {
            let last = events.last?.time ?? range.lowerBound
            let time = int((last + 1)...(last + 200))
            events.append(TimedEvent(time, chance(0.6) ? .completed : .error(int(1...3))))
        }
        return Marble(isHot: isHot, events: events)
    }

    /// A marble source mostly; sometimes a sequence that ends as it is subscribed to, or never.
    private mutating func source() -> Chain {
        switch int(0...19) {
        case 0: return .node(.just(int(0...5)), [])
        case 1: return .node(.empty, [])
        case 2: return .node(.fail(int(1...3)), [])
        case 3: return .node(.never, [])
        default: return .node(.source(int(0...(sourceCount - 1))), [])
        }
    }

    /// A chain of `depth` operators on its main line (0: a source).
    private mutating func chain(depth: Int) -> Chain {
        guard depth > 0 else { return source() }
        let op = self.op()
        var inputs = [chain(depth: depth - 1)]
        for _ in 0..<extraInputs(op) {
            inputs.append(chain(depth: int(0...min(2, depth - 1))))
        }
        return .node(op, inputs)
    }

    private mutating func extraInputs(_ op: Operator) -> Int {
        switch op {
        case .takeUntil, .concat, .merge, .combineLatest, .zip, .withLatestFrom, .amb, .catchError,
            .timeoutSwitching, .sample:
            return 1
        case .flatMap, .flatMapLatest, .concatMap, .switchLatest, .mergeMaxConcurrent: return int(1...2)
        default: return 0
        }
    }

    private mutating func duration() -> Int { int(5...120) }

    private mutating func op() -> Operator {
        switch int(0...43) {
        case 0: return .map(add: int(1...9))
        case 1: return .filter(dropMultiplesOf: int(2...3))
        case 2: return .scan(seed: int(0...3))
        case 3: return .reduce(seed: int(0...3))
        case 4: return .distinctUntilChanged
        case 5: return .take(int(0...4))
        case 6: return .takeWhile(below: int(1...6))
        case 7: return .takeUntil
        case 8: return .skip(int(0...3))
        case 9: return .skipWhile(below: int(1...6))
        case 10: return .startWith((0..<int(1...2)).map { _ in int(0...5) })
        case 11: return .concat
        case 12: return .merge
        case 13: return .mergeMaxConcurrent(int(1...2))
        case 14: return .flatMap
        case 15: return .flatMapLatest
        case 16: return .concatMap
        case 17: return .switchLatest
        case 18: return .combineLatest
        case 19: return .zip
        case 20: return .withLatestFrom
        case 21: return .amb
        case 22: return .catchError
        case 23: return .catchAndReturn(int(0...9))
        case 24: return .retry(int(1...3))
        case 25: return .debounce(duration())
        case 26: return .throttle(duration(), latest: true)
        case 27: return .throttle(duration(), latest: false)
        case 28: return .delay(duration())
        case 29: return .timeout(duration())
        case 30: return .timeoutSwitching(duration())
        case 31: return .buffer(timeSpan: int(20...200), count: int(1...4))
        case 32: return .window(timeSpan: int(20...200), count: int(1...4))
        case 33: return .sample
        case 34:
            return .share(replay: int(0...2), forever: chance(0.5), firstTakes: int(0...3), secondAfter: int(1...300))
        case 35: return .publish(connectAfter: int(1...200), secondAfter: int(1...300))
        case 36: return .replay(int(1...2), connectAfter: int(1...200), secondAfter: int(1...300))
        case 37: return .materialize
        case 38: return .materializeDematerialize
        case 39: return .asSingle
        case 40: return .asMaybe
        case 41: return .asCompletable
        case 42: return .mapThrowing(add: int(1...9), throwsFor: int(0...5))
        default: return .filterThrowing(dropMultiplesOf: int(2...3), throwsFor: int(0...5))
        }
    }
}
