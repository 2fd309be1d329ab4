/// The integer types `range`, `interval` and `timer` accept.
public typealias RxAbstractInteger = FixedWidthInteger

extension ObservableType where Element: RxAbstractInteger {
    /// Emits `count` consecutive integers from `start`, on `scheduler`, then completes.
    public static func range(
        start: Element,
        count: Element,
        scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> {
        RangeProducer(start: start, count: count, scheduler: scheduler)
    }
}

extension ObservableType {
    /// Emits `initialState`, then each `iterate`d state while `condition` holds.
    public static func generate(
        initialState: Element,
        condition: @escaping (Element) throws -> Bool,
        scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance,
        iterate: @escaping (Element) throws -> Element
    ) -> Observable<Element> {
        Generate(
            initialState: initialState,
            condition: condition,
            iterate: iterate,
            resultSelector: { $0 },
            scheduler: scheduler
        )
    }

    /// Emits `element` forever, on `scheduler`.
    public static func repeatElement(
        _ element: Element,
        scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> {
        RepeatElement(element: element, scheduler: scheduler)
    }
}

private final class RangeProducer<Element: RxAbstractInteger>: Producer<Element> {
    fileprivate let start: Element
    fileprivate let count: Element
    fileprivate let scheduler: ImmediateSchedulerType

    init(start: Element, count: Element, scheduler: ImmediateSchedulerType) {
        guard count >= 0 else { rxFatalError("count can't be negative") }
        guard start &+ (count - 1) >= start || count == 0 else { rxFatalError("overflow of count") }
        self.start = start
        self.count = count
        self.scheduler = scheduler
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = RangeSink(parent: self, observer: observer)
        return sink.disposer(owning: sink.run()) ?? sink
    }
}

private final class RangeSink<Element: RxAbstractInteger>: Sink<Never, Receiver<Element>> {
    typealias Parent = RangeProducer<Element>

    private let parent: Parent

    init(parent: Parent, observer: Receiver<Element>) {
        self.parent = parent
        super.init(observer: observer)
    }

    func run() -> Disposable {
        parent.scheduler.scheduleRecursive(0 as Element) { index, recurse in
            if index < self.parent.count {
                self.forwardNext(self.parent.start + index)
                recurse(index + 1)
            } else {
                self.forwardCompleted()
                self.dispose()
            }
        }
    }
}

private final class GenerateSink<Sequence, Element>: Sink<Never, Receiver<Element>> {
    typealias Parent = Generate<Sequence, Element>

    private let parent: Parent
    private var state: Sequence

    init(parent: Parent, observer: Receiver<Element>) {
        self.parent = parent
        self.state = parent.initialState
        super.init(observer: observer)
    }

    func run() -> Disposable {
        parent.scheduler.scheduleRecursive(true) { isFirst, recurse in
            do {
                if !isFirst {
                    self.state = try self.parent.iterate(self.state)
                }
                if try self.parent.condition(self.state) {
                    let result = try self.parent.resultSelector(self.state)
                    self.forwardNext(result)
                    recurse(false)
                } else {
                    self.forwardCompleted()
                    self.dispose()
                }
            } catch let error {
                self.forwardError(error)
                self.dispose()
            }
        }
    }
}

private final class Generate<Sequence, Element>: Producer<Element> {
    fileprivate let initialState: Sequence
    fileprivate let condition: (Sequence) throws -> Bool
    fileprivate let iterate: (Sequence) throws -> Sequence
    fileprivate let resultSelector: (Sequence) throws -> Element
    fileprivate let scheduler: ImmediateSchedulerType

    init(
        initialState: Sequence,
        condition: @escaping (Sequence) throws -> Bool,
        iterate: @escaping (Sequence) throws -> Sequence,
        resultSelector: @escaping (Sequence) throws -> Element,
        scheduler: ImmediateSchedulerType
    ) {
        self.initialState = initialState
        self.condition = condition
        self.iterate = iterate
        self.resultSelector = resultSelector
        self.scheduler = scheduler
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = GenerateSink(parent: self, observer: observer)
        return sink.disposer(owning: sink.run()) ?? sink
    }
}

private final class RepeatElementSink<Element>: Sink<Never, Receiver<Element>> {
    func run(_ element: Element, scheduler: ImmediateSchedulerType) -> Disposable {
        scheduler.scheduleRecursive(element) { element, recurse in
            self.forwardNext(element)
            recurse(element)
        }
    }
}

private final class RepeatElement<Element>: Producer<Element> {
    private let element: Element
    private let scheduler: ImmediateSchedulerType

    init(element: Element, scheduler: ImmediateSchedulerType) {
        self.element = element
        self.scheduler = scheduler
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = RepeatElementSink(observer: observer)
        return sink.disposer(owning: sink.run(element, scheduler: scheduler)) ?? sink
    }
}
