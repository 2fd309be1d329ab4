/// The model's operators on virtual time. Durations are in ticks and always positive.

extension ModelObservable {
    /// An element is emitted once `due` ticks pass without a newer one; completion emits the
    /// pending element first; an error drops it.
    func debounce(_ due: Int, _ world: ModelWorld) -> ModelObservable {
        lift { downstream in
            var pending: Int?
            var timer: ModelDisposable?
            return { event in
                timer?.dispose()
                switch event {
                case .next(let value):
                    pending = value
                    let fire = world.schedule(after: due) {
                        if let value = pending {
                            pending = nil
                            downstream.on(.next(value))
                        }
                    }
                    timer = fire
                    downstream.lifetime.add(fire)
                case .error: downstream.on(event)
                case .completed:
                    if let value = pending { downstream.on(.next(value)) }
                    downstream.on(.completed)
                }
            }
        }
    }

    /// An element passes when `due` ticks have passed since the last one sent; otherwise it is
    /// dropped, or with `latest` kept (the newest) and sent when the `due` ticks are up. A
    /// completion waits for that pending element (RxSwift's Throttle.swift: the source stays
    /// subscribed until then).
    func throttle(_ due: Int, latest: Bool, _ world: ModelWorld) -> ModelObservable {
        ModelObservable { observer in
            let downstream = Downstream(observer)
            var lastSent: Int?
            var pending: Int?
            var completionPending = false
            func send(_ value: Int) {
                pending = nil
                downstream.on(.next(value))
                lastSent = world.now
            }
            downstream.subscribe(self) { event in
                switch event {
                case .next(let value):
                    guard let sent = lastSent, world.now - sent < due else {
                        send(value)
                        return
                    }
                    guard latest else { return }
                    let hadPending = pending != nil
                    pending = value
                    if hadPending { return }
                    downstream.lifetime.add(
                        world.schedule(at: sent + due) {
                            if let value = pending { send(value) }
                            if completionPending { downstream.on(.completed) }
                        }
                    )
                case .error:
                    pending = nil
                    downstream.on(event)
                case .completed:
                    if pending != nil {
                        completionPending = true
                    } else {
                        downstream.on(.completed)
                    }
                }
            }
            return downstream.lifetime
        }
    }

    /// Elements and completion `due` ticks later; an error at once, dropping what is pending
    /// (RxSwift's Delay.swift). The source is unsubscribed from at its terminal event.
    func delay(_ due: Int, _ world: ModelWorld) -> ModelObservable {
        ModelObservable { observer in
            let downstream = Downstream(observer)
            downstream.subscribeOwn(self) { event, sourceSubscription in
                if case .error = event { return downstream.on(event) }
                if event.isStop { sourceSubscription.dispose() }
                downstream.lifetime.add(world.schedule(after: due) { downstream.on(event) })
            }
            return downstream.lifetime
        }
    }

    /// An error (RxError.timeout), or a switch to `other`, when `due` ticks pass after the
    /// subscription or the last element without a new one.
    func timeout(_ due: Int, other: ModelObservable?, _ world: ModelWorld) -> ModelObservable {
        ModelObservable { observer in
            let downstream = Downstream(observer)
            var timer: ModelDisposable?
            var timedOut = false
            var sourceSubscription: ModelDisposable?
            func startTimer() {
                let fire = world.schedule(after: due) {
                    timedOut = true
                    sourceSubscription?.dispose()
                    if let other {
                        downstream.subscribe(other, downstream.on)
                    } else {
                        downstream.on(.error(ErrorCode.timeout))
                    }
                }
                timer = fire
                downstream.lifetime.add(fire)
            }
            startTimer()
            sourceSubscription = downstream.subscribeOwn(self) { event, _ in
                guard !timedOut else { return }
                timer?.dispose()
                downstream.on(event)
                if !event.isStop { startTimer() }
            }
            return downstream.lifetime
        }
    }

    /// Groups of elements, one per `timeSpan` ticks or per `count` elements, whichever comes
    /// first (a full group restarts the span); empty groups are emitted too, and the last one
    /// at completion. `emit` turns a closed group into the output element.
    func chunked(timeSpan: Int, count: Int, _ world: ModelWorld) -> ModelObservable {
        ModelObservable { observer in
            let downstream = Downstream(observer)
            var chunk: [Int] = []
            var timer: ModelDisposable?
            func startChunk() {
                timer?.dispose()
                let fire = world.schedule(after: timeSpan) { closeChunk() }
                timer = fire
                downstream.lifetime.add(fire)
            }
            func closeChunk() {
                let closed = chunk
                chunk = []
                downstream.on(.next(Encoding.array(closed)))
                startChunk()
            }
            startChunk()
            downstream.subscribe(self) { event in
                switch event {
                case .next(let value):
                    chunk.append(value)
                    if chunk.count == count { closeChunk() }
                case .error: downstream.on(event)
                case .completed:
                    downstream.on(.next(Encoding.array(chunk)))
                    downstream.on(.completed)
                }
            }
            return downstream.lifetime
        }
    }

    /// Subscribes `due` ticks after being subscribed to.
    func delaySubscription(_ due: Int, _ world: ModelWorld) -> ModelObservable {
        ModelObservable { observer in
            let downstream = Downstream(observer)
            downstream.lifetime.add(
                world.schedule(after: due) { downstream.subscribe(self, downstream.on) }
            )
            return downstream.lifetime
        }
    }
}
