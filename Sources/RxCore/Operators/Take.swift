import Foundation

extension ObservableType {
    /// Passes on the first `count` elements, then completes. `take(0)` completes at once
    /// without subscribing to the source.
    public func take(_ count: Int) -> Observable<Element> {
        if count == 0 {
            return Observable.empty()
        }
        return TakeCount(source: asObservable(), count: count)
    }

    /// Passes on elements for `duration` after subscription, then completes.
    public func take(for duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        TakeTime(source: asObservable(), duration: duration, scheduler: scheduler)
    }

    @available(*, deprecated, renamed: "take(for:scheduler:)")
    public func take(_ duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        take(for: duration, scheduler: scheduler)
    }

    @available(*, deprecated, message: "Use DispatchTimeInterval overload instead.", renamed: "take(for:scheduler:)")
    public func take(_ duration: Foundation.TimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        take(for: .milliseconds(Int(duration * 1000.0)), scheduler: scheduler)
    }

    /// Passes on only the last `count` elements, all of them when the source completes.
    public func takeLast(_ count: Int) -> Observable<Element> {
        TakeLast(source: asObservable(), count: count)
    }
}

// MARK: take(_ count:)

private final class TakeCountSink<Element>: ElementSink<Element, Element> {
    private var remaining: Int

    init(count: Int, observer: Receiver<Element>) {
        self.remaining = count
        super.init(observer: observer)
    }

    override func receiveNext(_ element: Element) {
        guard remaining > 0 else { return }
        remaining -= 1
        forwardNext(element)
        if remaining == 0 {
            forwardCompleted()
            dispose()
        }
    }
}

private final class TakeCount<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let count: Int

    init(source: Observable<Element>, count: Int) {
        if count < 0 {
            rxFatalError("count can't be negative")
        }
        self.source = source
        self.count = count
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = TakeCountSink(count: count, observer: observer)
        return sink.disposer(owning: source.subscribeReceiver(sink)) ?? sink
    }
}

// MARK: take(for:scheduler:)

private final class TakeTimeSink<Element>: LockedElementSink<Element> {
    typealias Parent = TakeTime<Element>

    private let parent: Parent

    init(parent: Parent, observer: Receiver<Element>) {
        self.parent = parent
        super.init(observer: observer)
    }

    override func receiveNext(_ element: Element) {
        lock.performLocked {
            forwardNext(element)
        }
    }

    /// The time is up: the result completes as it does when the source completes.
    private func tick() {
        receiveCompleted()
    }

    func run() -> Disposable {
        // Armed before subscribing, as RxSwift does: at equal virtual times the timer then runs
        // before anything the source schedules while being subscribed.
        let timer = parent.scheduler.scheduleRelative(self, dueTime: parent.duration) { sink in
            sink.tick()
            return Disposables.create()
        }
        let subscription = parent.source.subscribeReceiver(self)
        return Disposables.create(timer, subscription)
    }
}

private final class TakeTime<Element>: Producer<Element> {
    fileprivate let source: Observable<Element>
    fileprivate let duration: RxTimeInterval
    fileprivate let scheduler: SchedulerType

    init(source: Observable<Element>, duration: RxTimeInterval, scheduler: SchedulerType) {
        self.source = source
        self.duration = duration
        self.scheduler = scheduler
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = TakeTimeSink(parent: self, observer: observer)
        return sink.disposer(owning: sink.run()) ?? sink
    }
}

// MARK: takeLast(_:)

private final class TakeLastSink<Element>: ElementSink<Element, Element> {
    private let count: Int
    private var buffer: [Element] = []
    /// Index of the oldest kept element in `buffer`; the buffer is compacted lazily.
    private var head = 0

    init(count: Int, observer: Receiver<Element>) {
        self.count = count
        super.init(observer: observer)
    }

    override func receiveNext(_ value: Element) {
        buffer.append(value)
        if buffer.count - head > count {
            head += 1
            if head > 64 && head * 2 > buffer.count {
                buffer.removeFirst(head)
                head = 0
            }
        }
    }

    override func receiveError(_ error: Swift.Error) {
        buffer = []
        forwardError(error)
        dispose()
    }

    override func receiveCompleted() {
        for element in buffer[head...] {
            forwardNext(element)
        }
        buffer = []
        forwardCompleted()
        dispose()
    }
}

private final class TakeLast<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let count: Int

    init(source: Observable<Element>, count: Int) {
        if count < 0 {
            rxFatalError("count can't be negative")
        }
        self.source = source
        self.count = count
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = TakeLastSink(count: count, observer: observer)
        return sink.disposer(owning: source.subscribeReceiver(sink)) ?? sink
    }
}
