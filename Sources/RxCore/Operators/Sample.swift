extension ObservableType {
    /// On each element (or the completion) of `sampler`, emits the latest source element
    /// received since the previous tick; when there is none, emits `defaultValue` if given.
    /// Completes at the first tick after the source completed.
    public func sample<Source: ObservableType>(_ sampler: Source, defaultValue: Element? = nil) -> Observable<Element> {
        Sample(source: asObservable(), sampler: sampler.asObservable(), defaultValue: defaultValue)
    }
}

private final class SamplerSink<Observer: ObserverType, SampleType>: Receiver<SampleType> {
    typealias Element = SampleType
    typealias Parent = SampleSequenceSink<Observer, SampleType>

    private let parent: Parent

    init(parent: Parent) {
        self.parent = parent
        super.init()
        #if TRACE_RESOURCES
        Resources.track(self, kind: .observer)
        #endif
    }

    override func on(_ event: Event<Element>) {
        parent.lock.performLocked {
            switch event {
            case .next, .completed:
                if let element = parent.element {
                    parent.element = nil
                    parent.forwardOn(.next(element))
                } else if let element = parent.defaultValue {
                    parent.forwardOn(.next(element))
                }
                if parent.atEnd {
                    parent.forwardOn(.completed)
                    parent.dispose()
                }
            case .error(let error):
                parent.forwardOn(.error(error))
                parent.dispose()
            }
        }
    }

    deinit {
        #if TRACE_RESOURCES
        Resources.untrack(self)
        #endif
    }
}

private final class SampleSequenceSink<Observer: ObserverType, SampleType>: Sink<Observer.Element, Observer> {
    typealias Element = Observer.Element
    typealias Parent = Sample<Element, SampleType>

    private let parent: Parent
    let lock = RecursiveLock()
    var element: Element?
    var atEnd = false
    private let sourceSubscription = SingleAssignmentDisposable()

    var defaultValue: Element? { parent.defaultValue }

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    func run() -> Disposable {
        sourceSubscription.setDisposable(parent.source.subscribe(self))
        let samplerSubscription = parent.sampler.subscribe(SamplerSink(parent: self))
        return Disposables.create(sourceSubscription, samplerSubscription)
    }

    override func on(_ event: Event<Element>) {
        lock.performLocked {
            switch event {
            case .next(let value):
                element = value
            case .error:
                forwardOn(event)
                dispose()
            case .completed:
                // Completion waits for the next tick; the source is released now.
                atEnd = true
                sourceSubscription.dispose()
            }
        }
    }
}

private final class Sample<Element, SampleType>: Producer<Element> {
    fileprivate let source: Observable<Element>
    fileprivate let sampler: Observable<SampleType>
    fileprivate let defaultValue: Element?

    init(source: Observable<Element>, sampler: Observable<SampleType>, defaultValue: Element?) {
        self.source = source
        self.sampler = sampler
        self.defaultValue = defaultValue
    }

    override func run(_ observer: Receiver<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = SampleSequenceSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink: sink, subscription: subscription)
    }
}
