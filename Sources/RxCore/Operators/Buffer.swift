import Foundation

extension ObservableType {
    /// Collects elements into arrays, each sent out when it holds `count` elements or when
    /// `timeSpan` has passed since the previous one was sent, whichever comes first (a timer
    /// that finds the buffer empty sends an empty array). On completion the last, possibly
    /// empty, buffer is sent; on error it is dropped.
    public func buffer(timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType) -> Observable<[Element]> {
        BufferTimeCount(source: asObservable(), timeSpan: timeSpan, count: count, scheduler: scheduler)
    }

    @available(
        *,
        deprecated,
        message: "Use DispatchTimeInterval overload instead.",
        renamed: "buffer(timeSpan:count:scheduler:)"
    )
    public func buffer(timeSpan: Foundation.TimeInterval, count: Int, scheduler: SchedulerType) -> Observable<[Element]>
    {
        buffer(timeSpan: .milliseconds(Int(timeSpan * 1000.0)), count: count, scheduler: scheduler)
    }
}

private final class BufferTimeCountSink<SourceType>: Sink<SourceType, Receiver<[SourceType]>> {
    typealias Parent = BufferTimeCount<SourceType>

    private let parent: Parent
    // Source events and timer ticks arrive on different threads; both go through this lock.
    private let lock = RecursiveLock()
    private let timer = SerialDisposable()
    private var buffer = [SourceType]()
    // Identifies the current buffer, so that a timer armed for an earlier buffer (one that was
    // already sent because it filled up) does nothing when it fires.
    private var windowID = 0

    init(parent: Parent, observer: Receiver<[SourceType]>) {
        self.parent = parent
        super.init(observer: observer)
    }

    func run() -> Disposable {
        // The first timer is armed before subscribing, so it is ordered before any event a
        // synchronous source delivers at the same virtual time.
        armTimer(for: windowID)
        let subscription = parent.source.subscribeReceiver(self)
        return Disposables.create(timer, subscription)
    }

    override func receiveNext(_ element: SourceType) {
        lock.performLocked {
            buffer.append(element)
            if buffer.count == parent.count {
                sendBufferAndStartNext()
            }
        }
    }

    override func receiveError(_ error: Swift.Error) {
        lock.performLocked {
            buffer = []
            forwardError(error)
            dispose()
        }
    }

    override func receiveCompleted() {
        lock.performLocked {
            forwardNext(buffer)
            forwardCompleted()
            dispose()
        }
    }

    private func sendBufferAndStartNext() {
        windowID = windowID &+ 1
        let currentID = windowID
        let full = buffer
        buffer = []
        forwardNext(full)
        armTimer(for: currentID)
    }

    private func armTimer(for windowID: Int) {
        if timer.isDisposed || self.windowID != windowID { return }

        let nextTimer = SingleAssignmentDisposable()
        timer.disposable = nextTimer
        let scheduled = parent.scheduler.scheduleRelative(windowID, dueTime: parent.timeSpan) { armedFor in
            self.lock.performLocked {
                if armedFor == self.windowID {
                    self.sendBufferAndStartNext()
                }
            }
            return Disposables.create()
        }
        nextTimer.setDisposable(scheduled)
    }
}

private final class BufferTimeCount<SourceType>: Producer<[SourceType]> {
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
        let sink = BufferTimeCountSink(parent: self, observer: observer)
        return sink.disposer(owning: sink.run()) ?? sink
    }
}
