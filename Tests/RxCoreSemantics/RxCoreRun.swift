import RxCore
import RxCoreTesting

/// A program's own error, by code.
struct ProgramError: Error, Equatable {
    let code: Int
}

/// Runs a program on RxCore: its sources become `TestScheduler` hot and cold observables, its
/// chain RxCore operators, and the observer subscribes and disposes through `start`.
public enum RxCoreRun {
    /// An operator built outside RxCore, used in place of RxCore's: given the operator and its
    /// source (built on demand), the replacement, or nil to keep RxCore's. Only the check's
    /// self-test passes one, so RxCore itself needs no hook for a deliberate slip.
    public typealias Substitute = (_ op: Operator, _ source: () -> Observable<Int>) -> Observable<Int>?

    public static func run(_ program: Program, substitute: Substitute? = nil) -> Outcome {
        #if TRACE_RESOURCES
        let before = Resources.total
        var outcome = record(program, substitute)
        outcome.resourcesAlive = Int(Resources.total - before)
        return outcome
        #else
        return record(program, substitute)
        #endif
    }

    /// The run itself: everything it makes is released when it returns.
    private static func record(_ program: Program, _ substitute: Substitute?) -> Outcome {
        let scheduler = TestScheduler(initialClock: 0)
        let sources = program.sources.map { marble -> TestableObservable<Int> in
            let events = marble.events.map { Recorded(time: $0.time, value: event($0.event)) }
            return marble.isHot ? scheduler.createHotObservable(events) : scheduler.createColdObservable(events)
        }
        let observer = scheduler.start(
            created: Program.creationTime,
            subscribed: program.subscribeTime,
            disposed: program.disposeTime
        ) { build(program.chain, scheduler, sources, substitute) }
        return Outcome(
            events: observer.events.map { TimedEvent($0.time, semanticEvent($0.value)) },
            subscriptions: sources.map { source in
                source.subscriptions.map {
                    SubscriptionInterval(
                        subscribe: $0.subscribe,
                        unsubscribe: $0.unsubscribe == Int.max ? nil : $0.unsubscribe
                    )
                }
            }
        )
    }

    static func event(_ event: SemanticEvent) -> Event<Int> {
        switch event {
        case .next(let value): return .next(value)
        case .error(let code): return .error(ProgramError(code: code))
        case .completed: return .completed
        }
    }

    static func semanticEvent(_ event: Event<Int>) -> SemanticEvent {
        switch event {
        case .next(let value): return .next(value)
        case .completed: return .completed
        case .error(let error): return .error(code(of: error))
        }
    }

    static func code(of error: Error) -> Int {
        if let error = error as? ProgramError { return error.code }
        switch error as? RxError {
        case .timeout?: return ErrorCode.timeout
        case .noElements?: return ErrorCode.noElements
        case .moreThanOneElement?: return ErrorCode.moreThanOneElement
        default: return ErrorCode.other
        }
    }

    private static func build(
        _ chain: Chain,
        _ scheduler: TestScheduler,
        _ sources: [TestableObservable<Int>],
        _ substitute: Substitute?
    ) -> Observable<Int> {
        func input(_ index: Int) -> Observable<Int> { build(chain.inputs[index], scheduler, sources, substitute) }
        if let replaced = substitute?(chain.op, { input(0) }) { return replaced }
        func inner(_ element: Int) -> Observable<Int> {
            input(Chain.innerIndex(for: element, inputCount: chain.inputs.count))
        }
        func ticks(_ count: Int) -> RxTimeInterval { .seconds(count) }
        switch chain.op {
        case .source(let index): return sources[index].asObservable()
        case .just(let value): return Observable.just(value)
        case .empty: return Observable.empty()
        case .fail(let code): return Observable.error(ProgramError(code: code))
        case .never: return Observable.never()
        case .map(let add): return input(0).map { $0 &+ add }
        case .filter(let modulus): return input(0).filter { $0 % modulus != 0 }
        case .mapThrowing(let add, let bad):
            return input(0).map {
                if $0 == bad { throw ProgramError(code: ErrorCode.thrown) }
                return $0 &+ add
            }
        case .filterThrowing(let modulus, let bad):
            return input(0).filter {
                if $0 == bad { throw ProgramError(code: ErrorCode.thrown) }
                return $0 % modulus != 0
            }
        case .scan(let seed): return input(0).scan(seed) { $0 &+ $1 }
        case .reduce(let seed): return input(0).reduce(seed) { $0 &+ $1 }
        case .distinctUntilChanged: return input(0).distinctUntilChanged()
        case .take(let count): return input(0).take(count)
        case .takeWhile(let bound): return input(0).take(while: { $0 < bound })
        case .takeUntil: return input(0).take(until: input(1))
        case .skip(let count): return input(0).skip(count)
        case .skipWhile(let bound): return input(0).skip(while: { $0 < bound })
        case .startWith(let values):
            return values.count == 1 ? input(0).startWith(values[0]) : input(0).startWith(values[0], values[1])
        case .concat: return Observable.concat(chain.inputs.indices.map(input))
        case .merge: return Observable.merge(chain.inputs.indices.map(input))
        case .mergeMaxConcurrent(let limit): return input(0).map(inner).merge(maxConcurrent: limit)
        case .flatMap: return input(0).flatMap(inner)
        case .concatMap: return input(0).concatMap(inner)
        case .flatMapLatest: return input(0).flatMapLatest(inner)
        case .switchLatest: return input(0).map(inner).switchLatest()
        case .combineLatest: return Observable.combineLatest(input(0), input(1), resultSelector: Encoding.pair)
        case .zip: return Observable.zip(input(0), input(1), resultSelector: Encoding.pair)
        case .withLatestFrom: return input(0).withLatestFrom(input(1), resultSelector: Encoding.pair)
        case .amb: return input(0).amb(input(1))
        case .catchError:
            let handler = input(1)
            return input(0).catch { _ in handler }
        case .catchAndReturn(let value): return input(0).catchAndReturn(value)
        case .retry(let attempts): return input(0).retry(attempts)
        case .debounce(let due): return input(0).debounce(ticks(due), scheduler: scheduler)
        case .throttle(let due, let latest): return input(0).throttle(ticks(due), latest: latest, scheduler: scheduler)
        case .delay(let due): return input(0).delay(ticks(due), scheduler: scheduler)
        case .timeout(let due): return input(0).timeout(ticks(due), scheduler: scheduler)
        case .timeoutSwitching(let due): return input(0).timeout(ticks(due), other: input(1), scheduler: scheduler)
        case .buffer(let span, let count):
            return input(0).buffer(timeSpan: ticks(span), count: count, scheduler: scheduler).map(Encoding.array)
        case .window(let span, let count):
            return input(0).window(timeSpan: ticks(span), count: count, scheduler: scheduler)
                .flatMap { window in window.reduce([Int]()) { $0 + [$1] }.map(Encoding.array) }
        case .sample: return input(0).sample(input(1))
        case .share(let replay, let forever, let takes, let after):
            let shared = input(0).share(replay: replay, scope: forever ? .forever : .whileConnected)
            return Observable.merge(shared.take(takes), shared.delaySubscription(ticks(after), scheduler: scheduler))
        case .publish(let connect, let after):
            let source = input(0)
            return connected({ source.publish() }, connectAfter: connect, secondAfter: after, scheduler)
        case .replay(let size, let connect, let after):
            let source = input(0)
            return connected({ source.replay(size) }, connectAfter: connect, secondAfter: after, scheduler)
        case .materialize: return input(0).materialize().map { Encoding.event(semanticEvent($0)) }
        case .materializeDematerialize: return input(0).materialize().dematerialize()
        case .asSingle: return input(0).asSingle().asObservable()
        case .asMaybe: return input(0).asMaybe().asObservable()
        case .asCompletable:
            return input(0).ignoreElements().asCompletable().asObservable().map { (never: Never) -> Int in
                switch never {}
            }
        }
    }

    /// `merge(p, p.delaySubscription(secondAfter))` over a connectable made per subscription, connected `connectAfter` ticks after the
    /// subscription and disconnected when it ends.
    private static func connected(
        _ makeConnectable: @escaping () -> ConnectableObservable<Int>,
        connectAfter: Int,
        secondAfter: Int,
        _ scheduler: TestScheduler
    ) -> Observable<Int> {
        Observable.create { observer in
            let connectable = makeConnectable()
            let subscription = Observable.merge(
                connectable.asObservable(),
                connectable.delaySubscription(.seconds(secondAfter), scheduler: scheduler)
            ).subscribe(observer)
            let connection = SerialDisposable()
            let timer = scheduler.scheduleRelative((), dueTime: .seconds(connectAfter)) { _ in
                connection.disposable = connectable.connect()
                return Disposables.create()
            }
            return Disposables.create(subscription, timer, connection)
        }
    }
}
