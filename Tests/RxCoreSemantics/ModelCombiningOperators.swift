/// The model's operators over several sequences: flattening, combining, switching on errors.

extension ModelObservable {
    /// A synchronous sequence of `count` indices, as `Observable.of` is.
    static func indices(_ count: Int) -> ModelObservable {
        ModelObservable { observer in
            for index in 0..<count { observer(.next(index)) }
            observer(.completed)
            return ModelDisposable()
        }
    }

    /// Subscribes to `select(element)` for each element, at most `maxConcurrent` at a time (the
    /// rest wait in order); completes when this source and every inner sequence have; the first
    /// error ends everything. A finished sequence is unsubscribed from at once.
    func flatten(maxConcurrent: Int?, _ select: @escaping (Int) -> ModelObservable) -> ModelObservable {
        ModelObservable { observer in
            let downstream = Downstream(observer)
            var active = 0
            var waiting: [ModelObservable] = []
            var outerDone = false
            func completeIfDone() {
                if outerDone && active == 0 && waiting.isEmpty { downstream.on(.completed) }
            }
            func subscribeInner(_ inner: ModelObservable) {
                // RxSwift's merge sinks subscribe to no inner sequence once they have
                // terminated (Merge.swift, `terminating`), even when the element that asks for
                // it arrives in the same synchronous burst.
                guard downstream.isActive else { return }
                active += 1
                downstream.subscribeOwn(inner) { event, subscription in
                    guard !subscription.isDisposed else { return }
                    guard case .completed = event else { return downstream.on(event) }
                    subscription.dispose()
                    active -= 1
                    if !waiting.isEmpty {
                        subscribeInner(waiting.removeFirst())
                    } else {
                        completeIfDone()
                    }
                }
            }
            downstream.subscribeOwn(self) { event, outer in
                switch event {
                case .next(let value):
                    let inner = select(value)
                    if let maxConcurrent, active >= maxConcurrent {
                        waiting.append(inner)
                    } else {
                        subscribeInner(inner)
                    }
                case .error: downstream.on(event)
                case .completed:
                    outer.dispose()
                    outerDone = true
                    completeIfDone()
                }
            }
            return downstream.lifetime
        }
    }

    /// Each element switches to `select(element)`, unsubscribing from the previous inner
    /// sequence; completes when this source and the latest inner sequence have.
    func switchLatest(_ select: @escaping (Int) -> ModelObservable) -> ModelObservable {
        ModelObservable { observer in
            let downstream = Downstream(observer)
            var current: ModelDisposable?
            var hasLatest = false
            var outerDone = false
            downstream.subscribeOwn(self) { event, outer in
                switch event {
                case .next(let value):
                    current?.dispose()
                    hasLatest = true
                    current = downstream.subscribeOwn(select(value)) { event, subscription in
                        guard !subscription.isDisposed else { return }
                        guard case .completed = event else { return downstream.on(event) }
                        subscription.dispose()
                        hasLatest = false
                        if outerDone { downstream.on(.completed) }
                    }
                case .error: downstream.on(event)
                case .completed:
                    outer.dispose()
                    outerDone = true
                    if !hasLatest { downstream.on(.completed) }
                }
            }
            return downstream.lifetime
        }
    }

    static func merge(_ sources: [ModelObservable], maxConcurrent: Int? = nil) -> ModelObservable {
        indices(sources.count).flatten(maxConcurrent: maxConcurrent) { sources[$0] }
    }

    /// Each source after the previous one completed. The next subscription goes through the
    /// sink's gate, as RxSwift's TailRecursiveSink does: a source that completes while being
    /// subscribed to has its successor subscribed once that subscription has returned.
    static func concat(_ sources: [ModelObservable]) -> ModelObservable {
        ModelObservable { observer in
            let downstream = Downstream(observer)
            let gate = ModelGate()
            var index = 0
            var current: ModelDisposable?
            func subscribeNext() {
                guard downstream.isActive else { return }
                guard index < sources.count else {
                    downstream.on(.completed)
                    return
                }
                let source = sources[index]
                index += 1
                current?.dispose()
                current = downstream.subscribeOwn(source) { event, _ in
                    if case .completed = event { gate.run(subscribeNext) } else { downstream.on(event) }
                }
            }
            gate.run(subscribeNext)
            return downstream.lifetime
        }
    }

    /// Completes at the other sequence's first element; its completion alone changes nothing.
    func take(until other: ModelObservable) -> ModelObservable {
        ModelObservable { observer in
            let downstream = Downstream(observer)
            downstream.subscribeOwn(other) { event, otherSubscription in
                switch event {
                case .next: downstream.on(.completed)
                case .error: downstream.on(event)
                case .completed: otherSubscription.dispose()
                }
            }
            downstream.subscribe(self, downstream.on)
            return downstream.lifetime
        }
    }

    /// RxSwift's rule (CombineLatest.swift): an element combines once every source has one;
    /// completes when all sources have, or when a source emits while all the others are done
    /// (no combination can follow). A completed source is unsubscribed from at once.
    static func combineLatest(_ first: ModelObservable, _ second: ModelObservable) -> ModelObservable {
        ModelObservable { observer in
            let downstream = Downstream(observer)
            var latest: [Int?] = [nil, nil]
            var done = [false, false]
            for (index, source) in [first, second].enumerated() {
                downstream.subscribeOwn(source) { event, subscription in
                    switch event {
                    case .next(let value):
                        latest[index] = value
                        if let a = latest[0], let b = latest[1] {
                            downstream.on(.next(Encoding.pair(a, b)))
                        } else if done[1 - index] {
                            downstream.on(.completed)
                        }
                    case .error: downstream.on(event)
                    case .completed:
                        subscription.dispose()
                        done[index] = true
                        if done[0] && done[1] { downstream.on(.completed) }
                    }
                }
            }
            return downstream.lifetime
        }
    }

    /// RxSwift's rule (Zip.swift): pairs elements by index; completes when every source has
    /// completed. A completed source is unsubscribed from at once.
    static func zip(_ first: ModelObservable, _ second: ModelObservable) -> ModelObservable {
        ModelObservable { observer in
            let downstream = Downstream(observer)
            var queues: [[Int]] = [[], []]
            var done = [false, false]
            for (index, source) in [first, second].enumerated() {
                downstream.subscribeOwn(source) { event, subscription in
                    switch event {
                    case .next(let value):
                        queues[index].append(value)
                        if !queues[0].isEmpty && !queues[1].isEmpty {
                            downstream.on(.next(Encoding.pair(queues[0].removeFirst(), queues[1].removeFirst())))
                        }
                    case .error:
                        subscription.dispose()
                        downstream.on(event)
                    case .completed:
                        subscription.dispose()
                        done[index] = true
                        if done[0] && done[1] { downstream.on(.completed) }
                    }
                }
            }
            return downstream.lifetime
        }
    }

    /// Each element of this source combined with the other's latest (dropped before it has one);
    /// the other sequence is subscribed to first, and its completion only unsubscribes from it.
    func withLatestFrom(_ other: ModelObservable) -> ModelObservable {
        ModelObservable { observer in
            let downstream = Downstream(observer)
            var latest: Int?
            downstream.subscribeOwn(other) { event, otherSubscription in
                switch event {
                case .next(let value): latest = value
                case .error: downstream.on(event)
                case .completed: otherSubscription.dispose()
                }
            }
            downstream.subscribe(self) { event in
                if case .next(let value) = event {
                    if let latest { downstream.on(.next(Encoding.pair(value, latest))) }
                } else {
                    downstream.on(event)
                }
            }
            return downstream.lifetime
        }
    }

    /// The first sequence to send any event wins; the other is unsubscribed from then.
    static func amb(_ first: ModelObservable, _ second: ModelObservable) -> ModelObservable {
        ModelObservable { observer in
            let downstream = Downstream(observer)
            var winner: Int?
            // Both made first: a left side that wins while being subscribed to has the right
            // side disposed as soon as it is subscribed.
            let subscriptions = [ModelDisposable(), ModelDisposable()]
            for (index, source) in [first, second].enumerated() {
                downstream.lifetime.add(subscriptions[index])
                subscriptions[index].add(
                    source.subscribe { event in
                        if winner == nil {
                            winner = index
                            subscriptions[1 - index].dispose()
                        }
                        if winner == index { downstream.on(event) }
                    }
                )
            }
            return downstream.lifetime
        }
    }

    /// On an error, unsubscribes from this source and continues with `handler`.
    func catchError(_ handler: ModelObservable) -> ModelObservable {
        ModelObservable { observer in
            let downstream = Downstream(observer)
            downstream.subscribeOwn(self) { event, sourceSubscription in
                guard case .error = event else { return downstream.on(event) }
                sourceSubscription.dispose()
                downstream.subscribe(handler, downstream.on)
            }
            return downstream.lifetime
        }
    }

    /// Subscribes again after an error, `attempts` subscriptions in all; the last error passes.
    /// Resubscriptions go through the sink's gate as `concat`'s do (RxSwift's retry is a
    /// TailRecursiveSink too).
    func retry(_ attempts: Int) -> ModelObservable {
        ModelObservable { observer in
            let downstream = Downstream(observer)
            let gate = ModelGate()
            var attempt = 0
            var lastError = 0
            var current: ModelDisposable?
            func subscribeAgain() {
                guard downstream.isActive else { return }
                guard attempt < attempts else {
                    downstream.on(.error(lastError))
                    return
                }
                attempt += 1
                current?.dispose()
                current = downstream.subscribeOwn(self) { event, _ in
                    guard case .error(let code) = event else { return downstream.on(event) }
                    lastError = code
                    gate.run(subscribeAgain)
                }
            }
            gate.run(subscribeAgain)
            return downstream.lifetime
        }
    }

    /// RxSwift's rule (Sample.swift): the sampler's element or completion emits the source's
    /// newest unsampled element; the source's completion is held back until the sampler next
    /// fires. A completed source is unsubscribed from at once; `sample` itself leaves a completed
    /// sampler's subscription alone.
    func sample(_ sampler: ModelObservable) -> ModelObservable {
        ModelObservable { observer in
            let downstream = Downstream(observer)
            var element: Int?
            var sourceDone = false
            downstream.subscribeOwn(self) { event, sourceSubscription in
                switch event {
                case .next(let value): element = value
                case .error: downstream.on(event)
                case .completed:
                    sourceDone = true
                    sourceSubscription.dispose()
                }
            }
            downstream.subscribe(sampler) { event in
                if case .error = event {
                    downstream.on(event)
                    return
                }
                if let value = element {
                    element = nil
                    downstream.on(.next(value))
                }
                if sourceDone { downstream.on(.completed) }
            }
            return downstream.lifetime
        }
    }
}
