/// The reference model as a pure function: a program in, what its observer and its sources
/// recorded out (nil when the program's timing is ambiguous, see `ModelWorld`).
public enum ReferenceModel {
    public static func run(_ program: Program) -> Outcome? {
        let world = ModelWorld()
        let sources = program.sources.map { ModelSource(world: world, marble: $0) }
        let observable = build(program.chain, world, sources)
        var events: [TimedEvent] = []
        var subscription: ModelDisposable?
        world.schedule(at: program.subscribeTime) {
            subscription = observable.subscribe { events.append(TimedEvent(world.now, $0)) }
        }
        world.schedule(at: program.disposeTime) { subscription?.dispose() }
        world.run()
        guard !world.isAmbiguous else { return nil }
        return Outcome(events: events, subscriptions: sources.map(\.log))
    }

    private static func build(_ chain: Chain, _ world: ModelWorld, _ sources: [ModelSource]) -> ModelObservable {
        func input(_ index: Int) -> ModelObservable { build(chain.inputs[index], world, sources) }
        func inner(_ element: Int) -> ModelObservable {
            input(Chain.innerIndex(for: element, inputCount: chain.inputs.count))
        }
        switch chain.op {
        case .source(let index): return sources[index].observable
        case .just(let value): return .immediate([.next(value), .completed])
        case .empty: return .empty
        case .fail(let code): return .immediate([.error(code)])
        case .never: return .immediate([])
        case .map(let add): return input(0).map { $0 &+ add }
        case .filter(let modulus): return input(0).filter { $0 % modulus != 0 }
        case .mapThrowing(let add, let bad): return input(0).throwing(for: bad) { $0.map { $0 &+ add } }
        case .filterThrowing(let modulus, let bad):
            return input(0).throwing(for: bad) { $0.filter { $0 % modulus != 0 } }
        case .scan(let seed): return input(0).scan(seed)
        case .reduce(let seed): return input(0).reduce(seed)
        case .distinctUntilChanged: return input(0).distinctUntilChanged()
        case .take(let count): return input(0).take(count)
        case .takeWhile(let bound): return input(0).take(while: { $0 < bound })
        case .takeUntil: return input(0).take(until: input(1))
        case .skip(let count): return input(0).skip(count)
        case .skipWhile(let bound): return input(0).skip(while: { $0 < bound })
        case .startWith(let values): return input(0).startWith(values)
        case .concat: return .concat(chain.inputs.indices.map(input))
        case .merge: return .merge(chain.inputs.indices.map(input))
        case .mergeMaxConcurrent(let limit): return input(0).flatten(maxConcurrent: limit, inner)
        case .flatMap: return input(0).flatten(maxConcurrent: nil, inner)
        case .concatMap: return input(0).flatten(maxConcurrent: 1, inner)
        case .flatMapLatest, .switchLatest: return input(0).switchLatest(inner)
        case .combineLatest: return .combineLatest(input(0), input(1))
        case .zip: return .zip(input(0), input(1))
        case .withLatestFrom: return input(0).withLatestFrom(input(1))
        case .amb: return .amb(input(0), input(1))
        case .catchError: return input(0).catchError(input(1))
        case .catchAndReturn(let value): return input(0).catchAndReturn(value)
        case .retry(let attempts): return input(0).retry(attempts)
        case .debounce(let due): return input(0).debounce(due, world)
        case .throttle(let due, let latest): return input(0).throttle(due, latest: latest, world)
        case .delay(let due): return input(0).delay(due, world)
        case .timeout(let due): return input(0).timeout(due, other: nil, world)
        case .timeoutSwitching(let due): return input(0).timeout(due, other: input(1), world)
        case .buffer(let span, let count), .window(let span, let count):
            return input(0).chunked(timeSpan: span, count: count, world)
        case .sample: return input(0).sample(input(1))
        case .share(let replay, let forever, let takes, let after):
            let shared = input(0).share(replay: replay, forever: forever)
            return .merge([shared.take(takes), shared.delaySubscription(after, world)])
        case .publish(let connect, let after):
            return input(0).multicast(bufferSize: 0, connectAfter: connect, secondAfter: after, world)
        case .replay(let size, let connect, let after):
            return input(0).multicast(bufferSize: size, connectAfter: connect, secondAfter: after, world)
        case .materialize: return input(0).materialize()
        case .materializeDematerialize: return input(0).materializeDematerialize()
        case .asSingle: return input(0).asSingle()
        case .asMaybe: return input(0).asMaybe()
        case .asCompletable: return input(0).asCompletable()
        }
    }
}

extension Chain {
    /// Which input a flattening operator subscribes to for `element`: inputs 1... in turn.
    static func innerIndex(for element: Int, inputCount: Int) -> Int {
        let inners = inputCount - 1
        return 1 + ((element % inners) + inners) % inners
    }
}
