/// The model's operators over one source that look at elements only (no time, no second
/// sequence). Each subscription gets its own state from `lift`'s factory.

extension ModelObservable {
    /// An operator over this source: `makeHandler` runs once per subscription and returns what
    /// to do with each source event.
    func lift(_ makeHandler: @escaping (Downstream) -> ModelObserver) -> ModelObservable {
        ModelObservable { observer in
            let downstream = Downstream(observer)
            downstream.subscribe(self, makeHandler(downstream))
            return downstream.lifetime
        }
    }

    /// Forwards terminal events; `onNext` decides about elements.
    func liftElements(_ makeOnNext: @escaping (Downstream) -> (Int) -> Void) -> ModelObservable {
        lift { downstream in
            let onNext = makeOnNext(downstream)
            return { event in
                if case .next(let value) = event { onNext(value) } else { downstream.on(event) }
            }
        }
    }

    func map(_ transform: @escaping (Int) -> Int) -> ModelObservable {
        liftElements { downstream in { downstream.on(.next(transform($0))) } }
    }

    func filter(_ keep: @escaping (Int) -> Bool) -> ModelObservable {
        liftElements { downstream in { if keep($0) { downstream.on(.next($0)) } } }
    }

    /// A closure that throws for `failing`: its error goes downstream in place of the element,
    /// and like any error ends the subscription, so the source is unsubscribed at that moment.
    func throwing(for failing: Int, _ then: (ModelObservable) -> ModelObservable) -> ModelObservable {
        then(
            liftElements { downstream in
                { downstream.on($0 == failing ? .error(ErrorCode.thrown) : .next($0)) }
            }
        )
    }

    func scan(_ seed: Int) -> ModelObservable {
        liftElements { downstream in
            var total = seed
            return {
                total &+= $0
                downstream.on(.next(total))
            }
        }
    }

    func reduce(_ seed: Int) -> ModelObservable {
        lift { downstream in
            var total = seed
            return { event in
                switch event {
                case .next(let value): total &+= value
                case .error: downstream.on(event)
                case .completed:
                    downstream.on(.next(total))
                    downstream.on(.completed)
                }
            }
        }
    }

    func distinctUntilChanged() -> ModelObservable {
        liftElements { downstream in
            var last: Int?
            return { value in
                if value != last { downstream.on(.next(value)) }
                last = value
            }
        }
    }

    /// `take(0)` is `Observable.empty()` in RxSwift: it never subscribes to its source.
    func take(_ count: Int) -> ModelObservable {
        guard count > 0 else { return .empty }
        return liftElements { downstream in
            var taken = 0
            return { value in
                taken += 1
                downstream.on(.next(value))
                if taken == count { downstream.on(.completed) }
            }
        }
    }

    func take(while keep: @escaping (Int) -> Bool) -> ModelObservable {
        liftElements { downstream in
            { value in keep(value) ? downstream.on(.next(value)) : downstream.on(.completed) }
        }
    }

    func skip(_ count: Int) -> ModelObservable {
        liftElements { downstream in
            var skipped = 0
            return { value in
                if skipped < count { skipped += 1 } else { downstream.on(.next(value)) }
            }
        }
    }

    func skip(while drop: @escaping (Int) -> Bool) -> ModelObservable {
        liftElements { downstream in
            var skipping = true
            return { value in
                if skipping && drop(value) { return }
                skipping = false
                downstream.on(.next(value))
            }
        }
    }

    /// The values first, synchronously at subscription, then the source.
    func startWith(_ values: [Int]) -> ModelObservable {
        ModelObservable { observer in
            let downstream = Downstream(observer)
            for value in values { downstream.on(.next(value)) }
            downstream.subscribe(self, downstream.on)
            return downstream.lifetime
        }
    }

    func catchAndReturn(_ value: Int) -> ModelObservable {
        lift { downstream in
            { event in
                if case .error = event {
                    downstream.on(.next(value))
                    downstream.on(.completed)
                } else {
                    downstream.on(event)
                }
            }
        }
    }

    func materialize() -> ModelObservable {
        lift { downstream in
            { event in
                downstream.on(.next(Encoding.event(event)))
                if event.isStop { downstream.on(.completed) }
            }
        }
    }

    /// `materialize().dematerialize()`: the round trip gives back the source's events.
    func materializeDematerialize() -> ModelObservable {
        lift { downstream in downstream.on }
    }

    /// A Single: exactly one element, emitted at completion; none or a second one is an error
    /// (the second one at once).
    func asSingle() -> ModelObservable {
        exactlyOne(allowsEmpty: false)
    }

    /// A Maybe: at most one element, emitted at completion; a second one is an error at once.
    func asMaybe() -> ModelObservable {
        exactlyOne(allowsEmpty: true)
    }

    private func exactlyOne(allowsEmpty: Bool) -> ModelObservable {
        lift { downstream in
            var element: Int?
            return { event in
                switch event {
                case .next(let value):
                    if element != nil {
                        downstream.on(.error(ErrorCode.moreThanOneElement))
                    } else {
                        element = value
                    }
                case .error: downstream.on(event)
                case .completed:
                    if let element {
                        downstream.on(.next(element))
                        downstream.on(.completed)
                    } else if allowsEmpty {
                        downstream.on(.completed)
                    } else {
                        downstream.on(.error(ErrorCode.noElements))
                    }
                }
            }
        }
    }

    /// A Completable: the source's terminal event, no elements.
    func asCompletable() -> ModelObservable {
        liftElements { _ in { _ in } }
    }

    /// Events sent while being subscribed to, as `Observable.just`, `.empty()` and `.error` do.
    static func immediate(_ events: [SemanticEvent]) -> ModelObservable {
        ModelObservable { observer in
            for event in events { observer(event) }
            return ModelDisposable()
        }
    }

    static var empty: ModelObservable { immediate([.completed]) }
}
