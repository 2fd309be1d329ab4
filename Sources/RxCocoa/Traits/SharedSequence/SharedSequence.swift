import RxSwift

/// A sequence that never fails, delivers its events on `SharingStrategy.scheduler` and shares
/// one subscription to its source among all its observers in the way `SharingStrategy.share`
/// says. `Driver` and `Signal` are its two strategies.
public struct SharedSequence<SharingStrategy: SharingStrategyProtocol, Element>: SharedSequenceConvertibleType,
    ObservableConvertibleType
{
    let source: Observable<Element>

    /// Wraps `source` in the strategy's sharing. `source` must already deliver on the
    /// strategy's scheduler and never fail.
    init(_ source: Observable<Element>) {
        self.source = SharingStrategy.share(source)
    }

    /// Wraps `source` as it is, for sources that need no sharing (`just`, `empty`, `of`…).
    init(raw: Observable<Element>) {
        source = raw
    }

    #if EXPANDABLE_SHARED_SEQUENCE
    /// Wraps any source without checks: defining `EXPANDABLE_SHARED_SEQUENCE` means the caller
    /// guarantees the sharing properties.
    public static func createUnsafe<Source: ObservableType>(
        source: Source
    ) -> SharedSequence<SharingStrategy, Source.Element> {
        SharedSequence<SharingStrategy, Source.Element>(raw: source.asObservable())
    }
    #endif

    /// The built observable sequence.
    public func asObservable() -> Observable<Element> {
        source
    }

    /// `self`.
    public func asSharedSequence() -> SharedSequence<SharingStrategy, Element> {
        self
    }

    /// The sequence as an `Infallible` (it cannot fail; an error would end it empty).
    public func asInfallible() -> Infallible<Element> {
        asInfallible(onErrorFallbackTo: .empty())
    }
}

/// A sharing strategy: the scheduler a shared sequence delivers on, and how it shares its
/// source among observers.
public protocol SharingStrategyProtocol {
    /// Where every event of the sequence is delivered.
    static var scheduler: SchedulerType { get }

    /// How one subscription to `source` is shared among the sequence's observers.
    static func share<Element>(_ source: Observable<Element>) -> Observable<Element>
}

/// A type that can be converted to a `SharedSequence`.
public protocol SharedSequenceConvertibleType: ObservableConvertibleType {
    associatedtype SharingStrategy: SharingStrategyProtocol

    /// `self` as a `SharedSequence`.
    func asSharedSequence() -> SharedSequence<SharingStrategy, Element>
}

extension SharedSequenceConvertibleType {
    public func asObservable() -> Observable<Element> {
        asSharedSequence().asObservable()
    }
}

extension SharedSequence {
    /// Completes, on the strategy's scheduler, without elements.
    public static func empty() -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.empty().subscribe(on: SharingStrategy.scheduler))
    }

    /// Never sends an event.
    public static func never() -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.never())
    }

    /// Sends `element` and completes, on the strategy's scheduler.
    public static func just(_ element: Element) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.just(element).subscribe(on: SharingStrategy.scheduler))
    }

    /// Calls `observableFactory` for every subscriber and subscribes to what it returns.
    public static func deferred(
        _ observableFactory: @escaping () -> SharedSequence<SharingStrategy, Element>
    )
        -> SharedSequence<SharingStrategy, Element>
    {
        SharedSequence(Observable.deferred { observableFactory().asObservable() })
    }

    /// Sends `elements` in order, then completes, on the strategy's scheduler.
    public static func of(_ elements: Element...) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.from(elements, scheduler: SharingStrategy.scheduler))
    }

    /// Sends the elements of `array` in order, then completes, on the strategy's scheduler.
    public static func from(_ array: [Element]) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.from(array, scheduler: SharingStrategy.scheduler))
    }

    /// Sends the elements of `sequence` in order, then completes, on the strategy's scheduler.
    public static func from<Sequence: Swift.Sequence>(_ sequence: Sequence) -> SharedSequence<SharingStrategy, Element>
    where Sequence.Element == Element {
        SharedSequence(raw: Observable.from(sequence, scheduler: SharingStrategy.scheduler))
    }

    /// Sends the wrapped value, if any, then completes, on the strategy's scheduler.
    public static func from(optional: Element?) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.from(optional: optional, scheduler: SharingStrategy.scheduler))
    }
}

extension SharedSequence where Element: RxAbstractInteger {
    /// Sends 0, 1, 2… every `period`, timed on the strategy's scheduler.
    public static func interval(_ period: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.interval(period, scheduler: SharingStrategy.scheduler))
    }

    /// Sends 0 after `dueTime`, then 1, 2… every `period`, timed on the strategy's scheduler.
    public static func timer(
        _ dueTime: RxTimeInterval,
        period: RxTimeInterval
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.timer(dueTime, period: period, scheduler: SharingStrategy.scheduler))
    }
}
