import Foundation

extension ObservableType {
    /// Splits the elements into consecutive windows, each an `Observable` that completes when
    /// it holds `count` elements or when `timeSpan` has passed since it opened, whichever comes
    /// first; the next window opens at once. The first window is emitted on subscription.
    /// The source stays subscribed while any window is still observed, even after the outer
    /// subscription was disposed.
    public func window(
        timeSpan: RxTimeInterval,
        count: Int,
        scheduler: SchedulerType
    ) -> Observable<Observable<Element>> {
        WindowTimeCount(source: asObservable(), timeSpan: timeSpan, count: count, scheduler: scheduler)
    }

    @available(*, deprecated, message: "Use DispatchTimeInterval overload instead.", renamed: "window(_:)")
    public func window(
        timeSpan: Foundation.TimeInterval,
        count: Int,
        scheduler: SchedulerType
    ) -> Observable<Observable<Element>> {
        window(timeSpan: .milliseconds(Int(timeSpan * 1000.0)), count: count, scheduler: scheduler)
    }
}

private final class WindowTimeCountSink<SourceType>: Sink<SourceType, Receiver<Observable<SourceType>>> {
    typealias Parent = WindowTimeCount<SourceType>

    private let parent: Parent
    // Source events and timer ticks arrive on different threads; both go through this lock.
    private let lock = RecursiveLock()
    private var subject = PublishSubject<SourceType>()
    private var countInWindow = 0
    // Identifies the open window, so that a timer armed for a window that already closed
    // because it filled up does nothing when it fires.
    private var windowID = 0

    private let timer = SerialDisposable()
    // Owns the timer and the source subscription; the ref count keeps them alive while the
    // outer subscription or any subscription to a window is alive.
    private let group = CompositeDisposable()
    private let refCount: RefCountDisposable

    init(parent: Parent, observer: Receiver<Observable<SourceType>>) {
        self.parent = parent
        _ = group.insert(timer)
        refCount = RefCountDisposable(disposable: group)
        super.init(observer: observer)
    }

    func run() -> Disposable {
        forwardNext(WindowObservable(subject: subject, refCount: refCount).asObservable())
        armTimer(for: windowID)
        _ = group.insert(parent.source.subscribeReceiver(self))
        return refCount
    }

    override func receiveNext(_ element: SourceType) {
        lock.performLocked {
            subject.onNext(element)
            countInWindow += 1
            if countInWindow == parent.count {
                countInWindow = 0
                windowID = windowID &+ 1
                let openedWindowID = windowID
                completeWindowAndOpenNext()
                armTimer(for: openedWindowID)
            }
        }
    }

    override func receiveError(_ error: Swift.Error) {
        lock.performLocked {
            subject.onError(error)
            forwardError(error)
            dispose()
        }
    }

    override func receiveCompleted() {
        lock.performLocked {
            subject.onCompleted()
            forwardCompleted()
            dispose()
        }
    }

    private func completeWindowAndOpenNext() {
        subject.onCompleted()
        subject = PublishSubject<SourceType>()
        forwardNext(WindowObservable(subject: subject, refCount: refCount).asObservable())
    }

    private func armTimer(for windowID: Int) {
        if timer.isDisposed || self.windowID != windowID { return }

        let nextTimer = SingleAssignmentDisposable()
        timer.disposable = nextTimer
        let scheduled = parent.scheduler.scheduleRelative(windowID, dueTime: parent.timeSpan) { armedFor in
            var openedWindowID: Int?
            self.lock.performLocked {
                guard armedFor == self.windowID else { return }
                self.countInWindow = 0
                self.windowID = self.windowID &+ 1
                openedWindowID = self.windowID
                self.completeWindowAndOpenNext()
            }
            if let openedWindowID {
                self.armTimer(for: openedWindowID)
            }
            return Disposables.create()
        }
        nextTimer.setDisposable(scheduled)
    }
}

/// One window as handed to the subscriber: subscribing to it holds a reference on the shared
/// source subscription until that subscription ends.
private final class WindowObservable<Element>: Producer<Element> {
    private let subject: PublishSubject<Element>
    private let refCount: RefCountDisposable

    init(subject: PublishSubject<Element>, refCount: RefCountDisposable) {
        self.subject = subject
        self.refCount = refCount
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let release = refCount.retain()
        let sink = WindowObservableSink(observer: observer)
        return sink.disposer(owning: Disposables.create(release, subject.subscribeReceiver(sink))) ?? sink
    }
}

private final class WindowObservableSink<Element>: PassThroughSink<Element> {}

private final class WindowTimeCount<SourceType>: Producer<Observable<SourceType>> {
    fileprivate let source: Observable<SourceType>
    fileprivate let timeSpan: RxTimeInterval
    fileprivate let count: Int
    fileprivate let scheduler: SchedulerType

    init(source: Observable<SourceType>, timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType) {
        self.source = source
        self.timeSpan = timeSpan
        self.count = count
        self.scheduler = scheduler
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = WindowTimeCountSink(parent: self, observer: observer)
        return sink.disposer(owning: sink.run()) ?? sink
    }
}
