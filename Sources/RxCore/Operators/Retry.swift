extension ObservableType {
    /// Resubscribes to the source after every error, until it completes. A source that always
    /// fails makes this an endless sequence.
    public func retry() -> Observable<Element> {
        Retry(source: asObservable(), maxAttemptCount: nil)
    }

    /// Subscribes to the source at most `maxAttemptCount` times in all, resubscribing after
    /// each error; after the last attempt fails, that error ends the sequence. (`retry(1)`
    /// does not retry; to retry once after an error use `retry(2)`.)
    public func retry(_ maxAttemptCount: Int) -> Observable<Element> {
        Retry(source: asObservable(), maxAttemptCount: maxAttemptCount)
    }

    /// After each error of type `Error`, lets the sequence `notificationHandler` builds from
    /// the errors decide: an element resubscribes to the source, `completed` completes and an
    /// error fails the sequence. Errors of other types end the sequence at once.
    public func retry<TriggerObservable: ObservableType, Error: Swift.Error>(
        when notificationHandler: @escaping (Observable<Error>) -> TriggerObservable
    ) -> Observable<Element> {
        RetryWhen(source: asObservable(), notificationHandler: notificationHandler)
    }

    @available(*, deprecated, renamed: "retry(when:)")
    public func retryWhen<TriggerObservable: ObservableType, Error: Swift.Error>(
        _ notificationHandler: @escaping (Observable<Error>) -> TriggerObservable
    ) -> Observable<Element> {
        retry(when: notificationHandler)
    }

    /// After each error, lets the sequence `notificationHandler` builds from the errors
    /// decide: an element resubscribes to the source, `completed` completes and an error fails
    /// the sequence.
    public func retry<TriggerObservable: ObservableType>(
        when notificationHandler: @escaping (Observable<Swift.Error>) -> TriggerObservable
    ) -> Observable<Element> {
        RetryWhen(source: asObservable(), notificationHandler: notificationHandler)
    }

    @available(*, deprecated, renamed: "retry(when:)")
    public func retryWhen<TriggerObservable: ObservableType>(
        _ notificationHandler: @escaping (Observable<Swift.Error>) -> TriggerObservable
    ) -> Observable<Element> {
        retry(when: notificationHandler)
    }
}

/// Runs resubscriptions one at a time. A resubscription requested while one is running (a
/// source that fails synchronously while being subscribed) is run after it returns, so such
/// a source is retried in a loop rather than by recursion.
private final class ResubscriptionGate {
    private let lock = SpinLock()
    private var requests = 0

    func run(_ attempt: () -> Void) {
        let runsHere: Bool = lock.performLocked {
            requests += 1
            return requests == 1
        }
        guard runsHere else { return }
        repeat {
            attempt()
        } while lock.performLocked({ () -> Bool in
            requests -= 1
            return requests > 0
        })
    }
}

// MARK: retry(), retry(_:)

private final class RetrySink<Element>: PassThroughSink<Element> {
    private let source: Observable<Element>
    /// Subscriptions still allowed; nil for no limit.
    private var remainingAttempts: Int?
    private var lastError: Swift.Error?
    private let subscription = SerialDisposable()
    private let gate = ResubscriptionGate()

    init(source: Observable<Element>, maxAttemptCount: Int?, observer: Receiver<Element>) {
        self.source = source
        self.remainingAttempts = maxAttemptCount
        super.init(observer: observer)
    }

    func run() -> Disposable {
        gate.run(attempt)
        return subscription
    }

    override func receiveError(_ error: Swift.Error) {
        lastError = error
        gate.run(attempt)
    }

    private func attempt() {
        if isDisposed { return }
        if let remaining = remainingAttempts {
            if remaining <= 0 {
                finish()
                return
            }
            remainingAttempts = remaining - 1
        }
        // Assigning disposes the failed subscription before the new one starts.
        let next = SingleAssignmentDisposable()
        subscription.disposable = next
        next.setDisposable(source.subscribeReceiver(self))
    }

    private func finish() {
        if let lastError {
            forwardError(lastError)
        } else {
            forwardCompleted()
        }
        dispose()
    }
}

private final class Retry<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let maxAttemptCount: Int?

    init(source: Observable<Element>, maxAttemptCount: Int?) {
        self.source = source
        self.maxAttemptCount = maxAttemptCount
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = RetrySink(source: source, maxAttemptCount: maxAttemptCount, observer: observer)
        return sink.disposer(owning: sink.run()) ?? sink
    }
}

// MARK: retry(when:)

/// Listens to the trigger sequence between an error and the decision it produces.
private final class RetryTriggerSink<Element, TriggerObservable: ObservableType, Error>: Receiver<
    TriggerObservable.Element
>
{
    typealias Parent = RetryWhenSink<Element, TriggerObservable, Error>

    private let parent: Parent

    init(parent: Parent) {
        self.parent = parent
        super.init()
        #if TRACE_RESOURCES
        Resources.track(self, kind: .observer)
        #endif
    }

    override func receiveNext(_ element: TriggerObservable.Element) {
        parent.resubscribe()
    }

    override func receiveError(_ error: Swift.Error) {
        parent.forwardError(error)
        parent.dispose()
    }

    override func receiveCompleted() {
        parent.forwardCompleted()
        parent.dispose()
    }

    deinit {
        #if TRACE_RESOURCES
        Resources.untrack(self)
        #endif
    }
}

/// One subscription to the source, plus the trigger listener its error installs.
private final class RetryWhenIteration<Element, TriggerObservable: ObservableType, Error>: Receiver<Element>, Disposable
{
    typealias Parent = RetryWhenSink<Element, TriggerObservable, Error>

    private let parent: Parent
    let sourceSubscription = SingleAssignmentDisposable()
    private let triggerSubscription = SingleAssignmentDisposable()

    init(parent: Parent) {
        self.parent = parent
        super.init()
        #if TRACE_RESOURCES
        Resources.track(self, kind: .observer)
        #endif
    }

    override func receiveNext(_ element: Element) {
        parent.forwardNext(element)
    }

    override func receiveError(_ error: Swift.Error) {
        guard let failure = error as? Error else {
            parent.forwardError(error)
            parent.dispose()
            return
        }
        sourceSubscription.dispose()
        triggerSubscription.setDisposable(parent.notifier.subscribeReceiver(RetryTriggerSink(parent: parent)))
        parent.errors.onNext(failure)
    }

    override func receiveCompleted() {
        parent.forwardCompleted()
        parent.dispose()
    }

    func dispose() {
        sourceSubscription.dispose()
        triggerSubscription.dispose()
    }

    deinit {
        #if TRACE_RESOURCES
        Resources.untrack(self)
        #endif
    }
}

private final class RetryWhenSink<Element, TriggerObservable: ObservableType, Error>: Sink<Never, Receiver<Element>> {
    typealias Parent = RetryWhen<Element, TriggerObservable, Error>

    private let parent: Parent
    /// The errors the notification handler sees.
    let errors = PublishSubject<Error>()
    /// The handler's sequence, shared by the trigger listeners of successive iterations.
    let notifier = PublishSubject<TriggerObservable.Element>()
    private let handler: Observable<TriggerObservable.Element>
    private let iteration = SerialDisposable()
    private let gate = ResubscriptionGate()

    init(parent: Parent, observer: Receiver<Element>) {
        self.parent = parent
        self.handler = parent.notificationHandler(errors.asObservable()).asObservable()
        super.init(observer: observer)
    }

    func run() -> Disposable {
        let handlerSubscription = handler.subscribe(notifier.asObserver())
        gate.run(attempt)
        return Disposables.create(iteration, handlerSubscription)
    }

    func resubscribe() {
        gate.run(attempt)
    }

    private func attempt() {
        if isDisposed { return }
        let next = RetryWhenIteration<Element, TriggerObservable, Error>(parent: self)
        // Assigning disposes the previous iteration (its trigger listener included).
        iteration.disposable = next
        next.sourceSubscription.setDisposable(parent.source.subscribeReceiver(next))
    }
}

private final class RetryWhen<Element, TriggerObservable: ObservableType, Error>: Producer<Element> {
    typealias NotificationHandler = (Observable<Error>) -> TriggerObservable

    fileprivate let source: Observable<Element>
    fileprivate let notificationHandler: NotificationHandler

    init(source: Observable<Element>, notificationHandler: @escaping NotificationHandler) {
        self.source = source
        self.notificationHandler = notificationHandler
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = RetryWhenSink<Element, TriggerObservable, Error>(parent: self, observer: observer)
        return sink.disposer(owning: sink.run()) ?? sink
    }
}
