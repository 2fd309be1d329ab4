#if TRACE_RESOURCES
import Synchronization
#endif

/// `Observable` under a name no other module uses (RxSwift 6.7+): code that also imports
/// Observation, whose `Observable` (SE-0395) makes the plain name ambiguous, writes
/// `RxObservable<Element>` instead of qualifying it with the module name.
public typealias RxObservable<Element> = RxCore.Observable<Element>

/// The type-erased observable sequence that every operator returns.
open class Observable<Element>: ObservableType {
    #if TRACE_RESOURCES
    /// Where the operator was called (its allocation stack): names the stages its sinks record.
    /// An atomic `let`, written once in `init`: as a stored `var` every write and read paid the
    /// runtime's dynamic exclusivity check, three per producer and subscription.
    private final let traceStackWord = Atomic<UInt32>(0)
    final var traceStack: UInt32 { traceStackWord.load(ordering: .relaxed) }
    #endif

    init() {
        #if TRACE_RESOURCES
        traceStackWord.store(Resources.track(self, kind: .producer), ordering: .relaxed)
        #endif
    }

    open func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        rxAbstractMethod()
    }

    /// How RxCore's own sinks and observers subscribe: producers and subjects take the
    /// `Receiver` as it is; any other observable gets it through `subscribe` as an observer.
    @usableFromInline
    func subscribeReceiver(_ receiver: Receiver<Element>) -> Disposable {
        subscribe(receiver)
    }

    /// For operators that subscribe inner sequences (flatMap, flatMapLatest): when this is a
    /// `just`, calls `body` with its element, as its subscription would deliver it (the
    /// completion follows at once, which the caller handles), and returns true; else false.
    /// Saves the inner observer an operator would make per element, and in traced builds the
    /// `just`'s sink too (it ends before the subscription returns, so no report could show it
    /// alive, and a chain's stages are its operators: tracing adds nothing per element here).
    func deliverJustElement(_ body: (Element) -> Void) -> Bool {
        false
    }

    @inlinable
    public func asObservable() -> Observable<Element> { self }

    deinit {
        #if TRACE_RESOURCES
        Resources.untrack(self)
        #endif
    }
}
