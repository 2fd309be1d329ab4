extension ObservableType {
    /// On each element (or the completion) of `sampler`, emits the latest source element
    /// received since the previous tick; when there is none, emits `defaultValue` if given.
    /// Completes at the first tick after the source completed.
    public func sample<Source: ObservableType>(_ sampler: Source, defaultValue: Element? = nil) -> Observable<Element> {
        Sample(source: asObservable(), sampler: sampler.asObservable(), defaultValue: defaultValue)
    }
}

private final class SamplerSink<Element, SampleType>: Receiver<SampleType> {
    typealias Parent = SampleSequenceSink<Element, SampleType>

    private let parent: Parent

    init(parent: Parent) {
        self.parent = parent
        super.init()
        #if TRACE_RESOURCES
        Resources.track(self, kind: .observer)
        #endif
    }

    override func receiveNext(_ element: SampleType) {
        parent.lock.performLocked { tick() }
    }

    override func receiveError(_ error: Swift.Error) {
        parent.lock.performLocked {
            parent.forwardError(error)
            parent.dispose()
        }
    }

    override func receiveCompleted() {
        parent.lock.performLocked { tick() }
    }

    /// Called under the lock on each element or the completion of the sampler.
    private func tick() {
        if let element = parent.element {
            parent.element = nil
            parent.forwardNext(element)
        } else if let element = parent.defaultValue {
            parent.forwardNext(element)
        }
        if parent.atEnd {
            parent.forwardCompleted()
            parent.dispose()
        }
    }

    deinit {
        #if TRACE_RESOURCES
        Resources.untrack(self)
        #endif
    }
}

private final class SampleSequenceSink<Element, SampleType>: LockedElementSink<Element> {
    typealias Parent = Sample<Element, SampleType>

    private let parent: Parent
    var element: Element?
    var atEnd = false
    private let sourceSubscription = SingleAssignmentDisposable()

    var defaultValue: Element? { parent.defaultValue }

    init(parent: Parent, observer: Receiver<Element>) {
        self.parent = parent
        super.init(observer: observer)
    }

    func run() -> Disposable {
        sourceSubscription.setDisposable(parent.source.subscribeReceiver(self))
        let samplerSubscription = parent.sampler.subscribeReceiver(SamplerSink(parent: self))
        return Disposables.create(sourceSubscription, samplerSubscription)
    }

    override func receiveNext(_ element: Element) {
        lock.performLocked {
            self.element = element
        }
    }

    override func receiveCompleted() {
        lock.performLocked {
            // Completion waits for the next tick; the source is released now.
            atEnd = true
            sourceSubscription.dispose()
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

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = SampleSequenceSink(parent: self, observer: observer)
        return sink.disposer(owning: sink.run()) ?? sink
    }
}
