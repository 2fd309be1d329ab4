/// The bits of an observer's state: `stopped` after a terminal event or `dispose()`;
/// `elementsEnded` once a subscriber that takes one element only has had it (its terminal event
/// still comes through).
private enum State {
    static let stopped = 1
    static let elementsEnded = 2
}

/// Enforces the grammar for observers: after a terminal event nothing more is delivered.
@usableFromInline
class ObserverBase<Element>: Receiver<Element>, Disposable {
    private let isStopped = InlineAtomicInt(0)
    #if TRACE_RESOURCES
    /// Where events reached this observer (thread hops), and who is inside `on` (anomalies 1, 5).
    final let hops = HopRecording()
    final let overlap = OverlapTracker()
    #endif

    /// Not inlinable (its stored properties are private); `@usableFromInline` so that
    /// `AnonymousObserver`'s inlinable init can call it.
    @usableFromInline
    override init() {
        super.init()
    }

    // The element-level entry points (see `Receiver`); `on(_:)` is `Receiver`'s switch onto them.

    override final func receiveNext(_ element: Element) {
        delivering {
            if isStopped.load() == 0 { nextCore(element) }
        }
    }

    override final func receiveError(_ error: Swift.Error) {
        delivering {
            if isStopped.fetchOr(State.stopped) & State.stopped == 0 {
                #if TRACE_RESOURCES
                hops.recordTerminal()
                #endif
                errorCore(error)
            }
        }
    }

    override final func receiveCompleted() {
        delivering {
            if isStopped.fetchOr(State.stopped) & State.stopped == 0 {
                #if TRACE_RESOURCES
                hops.recordTerminal()
                #endif
                completedCore()
            }
        }
    }

    /// Runs `deliver` as this observer's delivery: in traced builds it records where events
    /// reached this observer (thread hops) and who is inside it (anomalies 1, 5).
    @inline(__always)
    private func delivering(_ deliver: () -> Void) {
        #if TRACE_RESOURCES
        let stage = hops.stage
        if stage != 0 {
            let state = HopThreadState.current
            let place = state.pointee.place
            let entry = overlap.enter(place)
            reportOverlap(entry, message: .default, stage: stage)
            hops.recordFrequent(.received, at: place)
            let enclosingStage = state.pointee.deliveringStage
            state.pointee.deliveringStage = stage
            defer {
                state.pointee.deliveringStage = enclosingStage
                if overlap.leave(entry) {
                    ThreadAnomalyLog.attachOtherSide(
                        [.overlappingOn, .disposedWhileDelivering],
                        stage: stage,
                        place: place
                    )
                }
            }
            deliver()
            return
        }
        #endif
        deliver()
    }

    /// No element is delivered after this call (a Single's or a Maybe's subscriber takes its
    /// first only); the terminal event still is. Returns whether elements were still open.
    @usableFromInline
    final func endElements() -> Bool {
        isStopped.fetchOr(State.elementsEnded) & State.elementsEnded == 0
    }

    /// An element for a live observer. Subclasses on the element-level path override the three
    /// `…Core` methods; the defaults build the `Event` for those that override `onCore`.
    func nextCore(_ element: Element) {
        onCore(.next(element))
    }

    /// The terminal error, delivered once.
    func errorCore(_ error: Swift.Error) {
        onCore(.error(error))
    }

    /// The completion, delivered once.
    func completedCore() {
        onCore(.completed)
    }

    func onCore(_ event: Event<Element>) {
        rxAbstractMethod()
    }

    @usableFromInline
    func dispose() {
        isStopped.fetchOr(State.stopped)
        #if TRACE_RESOURCES
        hops.recordDisposed()
        #endif
    }

    #if TRACE_RESOURCES
    /// Records where this observer (an operator such as `observe(on:)`) sent `event` downstream.
    final func hopForwarded(_ event: Event<Element>) {
        hops.record(.delivered)
        if event.isStopEvent { hops.recordTerminal() }
    }

    /// The subscription this observer was made for is set up (`subscribe` returned).
    @usableFromInline
    final func hopSubscriptionMade() {
        hops.endSubscriber()
    }

    override final var hopStageID: UInt32 { hops.stage }
    override final var hopDeliveringThread: UInt64 { overlap.currentOwner }
    override final func hopFlagOverlap() { overlap.flagOverlap() }

    deinit {
        hops.finish(.received)
    }
    #endif
}

/// The observer behind `subscribe(onNext:onError:onCompleted:onDisposed:)` and friends: it
/// calls the handlers with bare values (no `Event` is built), or, made with an event handler
/// (`subscribe(_ on:)`), passes each event to it.
@usableFromInline
final class AnonymousObserver<Element>: ObserverBase<Element> {
    @usableFromInline typealias EventHandler = (Event<Element>) -> Void

    /// Set for `subscribe(_ on:)`. A box, so that no stored property or code path of this class
    /// mentions `Event<Element>`: unspecialised, the compiler hoists `Event`'s metadata accessor
    /// (a runtime look-up) to the top of the handlers, even on the branch that never builds one.
    @usableFromInline let eventHandler: EventHandlerBox<Element>?
    @usableFromInline let nextHandler: ((Element) -> Void)?
    @usableFromInline let errorHandler: ((Swift.Error) -> Void)?
    @usableFromInline let completedHandler: (() -> Void)?
    /// Disposed after a terminal event: the subscription's `onDisposed`, when it has one.
    @usableFromInline let terminalDisposable: Disposable?
    /// Where the subscription was made, for `Hooks.defaultErrorHandler` (an error nobody handles).
    @usableFromInline let callStack: [String]
    /// Which events count: all, or (a Single's or a Maybe's subscriber) the first only, the
    /// completion after an element not being an event of its own.
    @usableFromInline let rule: SubscriberEventRule
    #if DEBUG
    @usableFromInline let synchronizationTracker: SynchronizationTracker?
    #endif

    @usableFromInline
    init(_ eventHandler: @escaping EventHandler) {
        self.eventHandler = EventHandlerBox(eventHandler)
        nextHandler = nil
        errorHandler = nil
        completedHandler = nil
        terminalDisposable = nil
        callStack = []
        rule = .every
        #if DEBUG
        synchronizationTracker = nil
        #endif
        super.init()
        trackAsSubscriber()
    }

    /// Inlinable: specialised in the client, the handlers are stored as the client formed them.
    /// Called unspecialised, a client's `(Int) -> Void` had to be wrapped in a reabstraction
    /// thunk taking its element indirectly: one closure context allocated per subscription.
    @inlinable
    init(
        onNext: ((Element) -> Void)?,
        onError: ((Swift.Error) -> Void)?,
        onCompleted: (() -> Void)?,
        terminalDisposable: Disposable?,
        callStack: [String],
        rule: SubscriberEventRule = .every
    ) {
        eventHandler = nil
        nextHandler = onNext
        errorHandler = onError
        completedHandler = onCompleted
        self.terminalDisposable = terminalDisposable
        self.callStack = callStack
        self.rule = rule
        #if DEBUG
        synchronizationTracker = SynchronizationTracker()
        #endif
        super.init()
        trackAsSubscriber()
    }

    @usableFromInline
    func trackAsSubscriber() {
        #if TRACE_RESOURCES
        let stack = Resources.track(self, kind: .observer)
        hops.beginSubscriber(owner: self, sinkStack: stack)
        #endif
    }

    override func nextCore(_ element: Element) {
        if let eventHandler {
            eventHandler.next(element)
            return
        }
        #if DEBUG
        synchronizationTracker?.register(synchronizationErrorMessage: .default)
        defer { synchronizationTracker?.unregister() }
        #endif
        if rule != .every {
            guard endElements() else { return }
            nextHandler?(element)
            terminalDisposable?.dispose()
            return
        }
        nextHandler?(element)
    }

    override func errorCore(_ error: Swift.Error) {
        if let eventHandler {
            eventHandler.error(error)
            return
        }
        #if DEBUG
        synchronizationTracker?.register(synchronizationErrorMessage: .default)
        defer { synchronizationTracker?.unregister() }
        #endif
        // After a Single's or a Maybe's element, nothing else is an event of its own.
        if rule != .every, !endElements() { return }
        if let errorHandler {
            errorHandler(error)
        } else {
            Hooks.defaultErrorHandler(callStack, error)
        }
        terminalDisposable?.dispose()
    }

    override func completedCore() {
        if let eventHandler {
            eventHandler.completed()
            return
        }
        #if DEBUG
        synchronizationTracker?.register(synchronizationErrorMessage: .default)
        defer { synchronizationTracker?.unregister() }
        #endif
        switch rule {
        case .every:
            break
        case .firstOfSingle:
            if endElements() { rxFatalErrorInDebug("Singles can't emit a completion event") }
            return
        case .firstOfMaybe:
            guard endElements() else { return }
        }
        completedHandler?()
        terminalDisposable?.dispose()
    }

    #if TRACE_RESOURCES
    override var hopIsSubscriber: Bool { true }
    #endif

    deinit {
        #if TRACE_RESOURCES
        Resources.untrack(self)
        #endif
    }
}

/// Which events a subscriber's handlers get: every one, or only the first of a Single or a
/// Maybe (a success is an element followed by a completion that is not an event of its own; a
/// Single never completes without an element).
@usableFromInline
enum SubscriberEventRule {
    case every
    case firstOfSingle
    case firstOfMaybe
}

/// The handler of `subscribe(_ on:)`: builds each `Event` here, out of `AnonymousObserver`'s code.
@usableFromInline
final class EventHandlerBox<Element> {
    private let handler: (Event<Element>) -> Void

    init(_ handler: @escaping (Event<Element>) -> Void) {
        self.handler = handler
    }

    @inline(never)
    func next(_ element: Element) { handler(.next(element)) }

    @inline(never)
    func error(_ error: Swift.Error) { handler(.error(error)) }

    @inline(never)
    func completed() { handler(.completed) }
}
