import Foundation

extension ObservableType {
    /// Drops the first `count` elements and passes on the rest.
    public func skip(_ count: Int) -> Observable<Element> {
        SkipCount(source: asObservable(), count: count)
    }

    /// Drops the elements emitted during `duration` after subscription.
    public func skip(for duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        SkipTime(source: asObservable(), duration: duration, scheduler: scheduler)
    }

    @available(*, deprecated, renamed: "skip(for:scheduler:)")
    public func skip(_ duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        skip(for: duration, scheduler: scheduler)
    }

    @available(*, deprecated, message: "Use DispatchTimeInterval overload instead.", renamed: "skip(for:scheduler:)")
    public func skip(_ duration: Foundation.TimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        skip(for: .milliseconds(Int(duration * 1000.0)), scheduler: scheduler)
    }

    /// Drops elements while they satisfy `predicate`; from the first that does not, passes on
    /// everything.
    public func skip(while predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        SkipWhile(source: asObservable(), predicate: predicate)
    }

    @available(*, deprecated, renamed: "skip(while:)")
    public func skipWhile(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        skip(while: predicate)
    }

    /// Drops elements until `other` emits an element. An error from `other` fails the
    /// sequence; a source that completes before `other` emitted ends without a `completed`
    /// event, as in RxSwift.
    public func skip<Source: ObservableType>(until other: Source) -> Observable<Element> {
        SkipUntil(source: asObservable(), other: other.asObservable())
    }

    @available(*, deprecated, renamed: "skip(until:)")
    public func skipUntil<Source: ObservableType>(_ other: Source) -> Observable<Element> {
        skip(until: other)
    }
}

// MARK: skip(_ count:)

private final class SkipCountSink<Element>: ElementSink<Element, Element> {
    private var remaining: Int

    init(count: Int, observer: Receiver<Element>) {
        self.remaining = count
        super.init(observer: observer)
    }

    override func receiveNext(_ element: Element) {
        if remaining <= 0 {
            forwardNext(element)
        } else {
            remaining -= 1
        }
    }
}

private final class SkipCount<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let count: Int

    init(source: Observable<Element>, count: Int) {
        self.source = source
        self.count = count
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = SkipCountSink(count: count, observer: observer)
        return sink.disposer(owning: source.subscribeReceiver(sink)) ?? sink
    }
}

// MARK: skip(for:scheduler:)

private final class SkipTimeSink<Element>: LockedElementSink<Element> {
    typealias Parent = SkipTime<Element>

    private let parent: Parent
    private var open = false

    init(parent: Parent, observer: Receiver<Element>) {
        self.parent = parent
        super.init(observer: observer)
    }

    override func receiveNext(_ element: Element) {
        lock.performLocked {
            if open {
                forwardNext(element)
            }
        }
    }

    private func tick() {
        lock.performLocked { open = true }
    }

    func run() -> Disposable {
        let timer = parent.scheduler.scheduleRelative(self, dueTime: parent.duration) { sink in
            sink.tick()
            return Disposables.create()
        }
        let subscription = parent.source.subscribeReceiver(self)
        return Disposables.create(timer, subscription)
    }
}

private final class SkipTime<Element>: Producer<Element> {
    fileprivate let source: Observable<Element>
    fileprivate let duration: RxTimeInterval
    fileprivate let scheduler: SchedulerType

    init(source: Observable<Element>, duration: RxTimeInterval, scheduler: SchedulerType) {
        self.source = source
        self.duration = duration
        self.scheduler = scheduler
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = SkipTimeSink(parent: self, observer: observer)
        return sink.disposer(owning: sink.run()) ?? sink
    }
}

// MARK: skip(while:)

private final class SkipWhileSink<Element>: ElementSink<Element, Element> {
    typealias Predicate = (Element) throws -> Bool

    private let predicate: Predicate
    private var passing = false

    init(predicate: @escaping Predicate, observer: Receiver<Element>) {
        self.predicate = predicate
        super.init(observer: observer)
    }

    override func receiveNext(_ value: Element) {
        if !passing {
            do {
                passing = try !predicate(value)
            } catch let error {
                forwardError(error)
                dispose()
                return
            }
        }
        if passing {
            forwardNext(value)
        }
    }
}

private final class SkipWhile<Element>: Producer<Element> {
    typealias Predicate = (Element) throws -> Bool

    private let source: Observable<Element>
    private let predicate: Predicate

    init(source: Observable<Element>, predicate: @escaping Predicate) {
        self.source = source
        self.predicate = predicate
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = SkipWhileSink(predicate: predicate, observer: observer)
        return sink.disposer(owning: source.subscribeReceiver(sink)) ?? sink
    }
}

// MARK: skip(until:)

private final class SkipUntilSinkOther<Other, Element>: Receiver<Other> {
    typealias Parent = SkipUntilSink<Other, Element>

    private let parent: Parent
    let subscription = SingleAssignmentDisposable()

    init(parent: Parent) {
        self.parent = parent
        super.init()
        #if TRACE_RESOURCES
        Resources.track(self, kind: .observer)
        #endif
    }

    override func receiveNext(_ element: Other) {
        parent.lock.performLocked {
            parent.forwardElements = true
            subscription.dispose()
        }
    }

    /// An error of `other` ends the result as one of the source would.
    override func receiveError(_ error: Swift.Error) {
        parent.receiveError(error)
    }

    override func receiveCompleted() {
        parent.lock.performLocked {
            subscription.dispose()
        }
    }

    deinit {
        #if TRACE_RESOURCES
        Resources.untrack(self)
        #endif
    }
}

private final class SkipUntilSink<Other, Element>: LockedElementSink<Element> {
    typealias Parent = SkipUntil<Element, Other>

    private let parent: Parent
    var forwardElements = false
    private let sourceSubscription = SingleAssignmentDisposable()

    init(parent: Parent, observer: Receiver<Element>) {
        self.parent = parent
        super.init(observer: observer)
    }

    override func receiveNext(_ element: Element) {
        lock.performLocked {
            if forwardElements {
                forwardNext(element)
            }
        }
    }

    override func receiveCompleted() {
        lock.performLocked {
            // RxSwift ends silently when nothing was ever let through.
            if forwardElements {
                forwardCompleted()
            }
            dispose()
        }
    }

    func run() -> Disposable {
        let subscription = parent.source.subscribeReceiver(self)
        let otherObserver = SkipUntilSinkOther(parent: self)
        let otherSubscription = parent.other.subscribeReceiver(otherObserver)
        sourceSubscription.setDisposable(subscription)
        otherObserver.subscription.setDisposable(otherSubscription)
        return Disposables.create(sourceSubscription, otherObserver.subscription)
    }
}

private final class SkipUntil<Element, Other>: Producer<Element> {
    fileprivate let source: Observable<Element>
    fileprivate let other: Observable<Other>

    init(source: Observable<Element>, other: Observable<Other>) {
        self.source = source
        self.other = other
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = SkipUntilSink(parent: self, observer: observer)
        return sink.disposer(owning: sink.run()) ?? sink
    }
}
