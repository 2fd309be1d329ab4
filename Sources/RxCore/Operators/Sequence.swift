extension ObservableType {
    /// Emits `elements` in order on `scheduler`, then completes.
    public static func of(
        _ elements: Element...,
        scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> {
        ObservableSequence(elements: elements, scheduler: scheduler)
    }

    /// Emits the array's elements in order on `scheduler`, then completes.
    public static func from(
        _ array: [Element],
        scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> {
        ObservableSequence(elements: array, scheduler: scheduler)
    }

    /// Emits the sequence's elements in order on `scheduler`, then completes.
    public static func from<Sequence: Swift.Sequence>(
        _ sequence: Sequence,
        scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> where Sequence.Element == Element {
        ObservableSequence(elements: sequence, scheduler: scheduler)
    }

    /// Emits the optional's value if any, then completes.
    public static func from(optional: Element?) -> Observable<Element> {
        ObservableOptional(optional: optional)
    }

    /// Emits the optional's value if any, then completes, on `scheduler`.
    public static func from(optional: Element?, scheduler: ImmediateSchedulerType) -> Observable<Element> {
        ObservableOptionalScheduled(optional: optional, scheduler: scheduler)
    }
}

private final class ObservableSequenceSink<Sequence: Swift.Sequence>: Sink<Never, Receiver<Sequence.Element>> {
    typealias Parent = ObservableSequence<Sequence>

    private let parent: Parent

    init(parent: Parent, observer: Receiver<Sequence.Element>) {
        self.parent = parent
        super.init(observer: observer)
    }

    func run() -> Disposable {
        parent.scheduler.scheduleRecursive(parent.elements.makeIterator()) { iterator, recurse in
            var mutableIterator = iterator
            if let next = mutableIterator.next() {
                self.forwardNext(next)
                recurse(mutableIterator)
            } else {
                self.forwardCompleted()
                self.dispose()
            }
        }
    }
}

private final class ObservableSequence<Sequence: Swift.Sequence>: Producer<Sequence.Element> {
    fileprivate let elements: Sequence
    fileprivate let scheduler: ImmediateSchedulerType

    init(elements: Sequence, scheduler: ImmediateSchedulerType) {
        self.elements = elements
        self.scheduler = scheduler
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = ObservableSequenceSink(parent: self, observer: observer)
        return sink.disposer(owning: sink.run()) ?? sink
    }
}

private final class ObservableOptionalScheduledSink<Element>: Sink<Never, Receiver<Element>> {
    typealias Parent = ObservableOptionalScheduled<Element>

    private let parent: Parent

    init(parent: Parent, observer: Receiver<Element>) {
        self.parent = parent
        super.init(observer: observer)
    }

    func run() -> Disposable {
        parent.scheduler.schedule(parent.optional) { (optional: Element?) -> Disposable in
            if let next = optional {
                self.forwardNext(next)
                return self.parent.scheduler.schedule(()) { _ in
                    self.forwardCompleted()
                    self.dispose()
                    return Disposables.create()
                }
            }
            self.forwardCompleted()
            self.dispose()
            return Disposables.create()
        }
    }
}

private final class ObservableOptionalScheduled<Element>: Producer<Element> {
    fileprivate let optional: Element?
    fileprivate let scheduler: ImmediateSchedulerType

    init(optional: Element?, scheduler: ImmediateSchedulerType) {
        self.optional = optional
        self.scheduler = scheduler
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = ObservableOptionalScheduledSink(parent: self, observer: observer)
        return sink.disposer(owning: sink.run()) ?? sink
    }
}

private final class ObservableOptional<Element>: Producer<Element> {
    private let optional: Element?

    init(optional: Element?) {
        self.optional = optional
    }

    override func subscribeReceiver(_ observer: Receiver<Element>) -> Disposable {
        if let element = optional {
            observer.receiveNext(element)
        }
        observer.receiveCompleted()
        return Disposables.create()
    }
}
