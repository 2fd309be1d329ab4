import Foundation
import RxCore
import RxCoreTesting
import XCTest

// Compile-level conformance checks of the public API shapes RxSwift 6 code and RxSwift's own
// test suite rely on: explicit generic annotations, omitted default arguments, trailing
// closures and deprecated spellings. A changed label, constraint, default or return type
// breaks this file's build; the assertions check the calls also do what RxSwift does.

// MARK: - Declarations a client module writes against the API

/// A custom virtual-time scheduler, as RxSwift's tests define one: ten seconds per tick.
private final class TenSecondVirtualScheduler: VirtualTimeScheduler<TenSecondConverter> {
    init(initialClock: Int = 0) {
        super.init(initialClock: initialClock, converter: TenSecondConverter())
    }
}

private struct TenSecondConverter: VirtualTimeConverterType {
    typealias VirtualTimeUnit = Int
    typealias VirtualTimeIntervalUnit = Int

    func convertFromVirtualTime(_ virtualTime: VirtualTimeUnit) -> RxTime {
        Date(timeIntervalSince1970: Foundation.TimeInterval(virtualTime) * 10.0)
    }

    func convertToVirtualTime(_ time: RxTime) -> VirtualTimeUnit {
        Int(time.timeIntervalSince1970 / 10.0)
    }

    func convertFromVirtualTimeInterval(_ virtualTimeInterval: VirtualTimeIntervalUnit) -> Foundation.TimeInterval {
        Foundation.TimeInterval(virtualTimeInterval * 10)
    }

    func convertToVirtualTimeInterval(_ timeInterval: Foundation.TimeInterval) -> VirtualTimeIntervalUnit {
        Int(timeInterval / 10.0)
    }

    func offsetVirtualTime(_ time: VirtualTimeUnit, offset: VirtualTimeIntervalUnit) -> VirtualTimeUnit {
        time + offset
    }

    func compareVirtualTime(_ lhs: VirtualTimeUnit, _ rhs: VirtualTimeUnit) -> VirtualTimeComparison {
        lhs < rhs ? .lessThan : (lhs > rhs ? .greaterThan : .equal)
    }
}

/// A hand-written `ObservableType` (RxSwift's tests have several: PrimitiveHotObservable…).
private final class ManualObservable<Element>: ObservableType {
    private let subject = PublishSubject<Element>()
    private(set) var subscribeCount = 0

    func on(_ event: Event<Element>) { subject.on(event) }

    func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        subscribeCount += 1
        return subject.subscribe(observer)
    }
}

/// A hand-written connectable observable over a subject, like RxSwift's TestConnectableObservable.
private final class ManualConnectable<Subject: SubjectType>: ConnectableObservableType
where Subject.Element == Subject.Observer.Element {
    typealias Element = Subject.Element
    private let connectable: ConnectableObservable<Subject.Element>

    init(source: Observable<Subject.Element>, subject: Subject) {
        connectable = source.multicast(subject)
    }

    func connect() -> Disposable { connectable.connect() }

    func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        connectable.subscribe(observer)
    }
}

/// A hand-written subject, as RxSwift's MySubject: `SubjectType` + `ObserverType`.
private final class ForwardingSubject<Element>: SubjectType, ObserverType {
    typealias SubjectObserverType = ForwardingSubject<Element>
    private var observer: AnyObserver<Element>?

    func on(_ event: Event<Element>) { observer?.on(event) }

    func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        self.observer = AnyObserver(observer)
        return Disposables.create { self.observer = nil }
    }

    func asObserver() -> ForwardingSubject<Element> { self }
}

private final class Counter: ReactiveCompatible {
    var value = 0
}

extension Reactive where Base: Counter {
    /// A custom binder on the `rx` namespace.
    fileprivate var add: Binder<Int> {
        Binder(base, scheduler: CurrentThreadScheduler.instance) { counter, amount in
            counter.value += amount
        }
    }
}

private struct ValueBox: ReactiveCompatible {
    let number: Int
}

extension Reactive where Base == ValueBox {
    fileprivate var doubled: Int { base.number * 2 }
}

/// Generic code over the protocols, with the associated-type spellings RxSwift 6 uses.
private func collect<Source: ObservableConvertibleType>(_ source: Source) -> [Source.Element] {
    var elements: [Source.Element] = []
    source.asObservable().subscribe(onNext: { elements.append($0) }).dispose()
    return elements
}

private func feed<Subject: SubjectType>(_ subject: Subject, _ values: [Int]) where Subject.Observer.Element == Int {
    let observer = subject.asObserver()
    values.forEach(observer.onNext)
}

private func send<Observer: ObserverType>(_ values: [Observer.Element], to observer: Observer) {
    values.forEach { observer.on(.next($0)) }
    observer.onCompleted()
}

final class APISurfaceTests: RxTestCase {}

// MARK: - Event

extension APISurfaceTests {
    func testEventShape() {
        let next: Event<Int> = .next(1)
        let failed = Event<Int>.error(testError)
        let completed = Event<Int>.completed

        XCTAssertEqual(next.element, 1)
        XCTAssertNil(next.error)
        XCTAssertFalse(next.isStopEvent)
        XCTAssertTrue(failed.isStopEvent)
        XCTAssertEqual(failed.error as NSError?, testError)
        XCTAssertTrue(completed.isCompleted)
        XCTAssertFalse(failed.isCompleted)
        XCTAssertEqual(next.map { "\($0)" }, .next("1"))
        XCTAssertEqual(next.debugDescription, "next(1)")
        XCTAssertEqual(completed.debugDescription, "completed")

        // `EventConvertible` is what `dematerialize` constrains on.
        func unwrap<Convertible: EventConvertible>(_ value: Convertible) -> Event<Convertible.Element> { value.event }
        XCTAssertEqual(unwrap(next), next)
        XCTAssertEqual(collect(Observable.of(next, .next(2), completed).dematerialize()), [1, 2])
    }
}

// MARK: - Observable, observers, subscribe and bind

extension APISurfaceTests {
    func testCreateAndSubscribeOverloads() {
        let source: Observable<Int> = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.on(.next(2))
            observer.onCompleted()
            return Disposables.create()
        }

        var events: [Event<Int>] = []
        _ = source.subscribe { events.append($0) }
        XCTAssertEqual(events, [.next(1), .next(2), .completed])

        var nexts: [Int] = []
        _ = source.subscribe(onNext: { nexts.append($0) })
        var completed = false
        var disposed = false
        _ = source.subscribe(
            onNext: { nexts.append($0) },
            onError: { _ in XCTFail() },
            onCompleted: { completed = true },
            onDisposed: { disposed = true }
        )
        XCTAssertEqual(nexts, [1, 2, 1, 2])
        XCTAssertTrue(completed)
        XCTAssertTrue(disposed)

        var failure: Error?
        _ = Observable<Int>.error(testError).subscribe(onError: { failure = $0 })
        XCTAssertEqual(failure as NSError?, testError)

        let owner = Counter()
        _ = source.subscribe(
            with: owner,
            onNext: { owner, value in owner.value += value },
            onCompleted: { owner in owner.value *= 10 }
        )
        XCTAssertEqual(owner.value, 30)

        // An observer subscribed directly, and the observer-type conveniences.
        let observer = AnyObserver<Int> { events.append($0) }
        events = []
        _ = Observable.just(5).subscribe(observer)
        XCTAssertEqual(events, [.next(5), .completed])

        var strings: [String] = []
        let stringObserver = AnyObserver<String>(eventHandler: {
            if let element = $0.element { strings.append(element) }
        })
        let intObserver: AnyObserver<Int> = stringObserver.mapObserver { "#\($0)" }
        send([1, 2], to: intObserver)
        XCTAssertEqual(strings, ["#1", "#2"])
        XCTAssertEqual(collect(Observable.from([1, 2, 3])), [1, 2, 3])
        XCTAssertEqual(collect(Observable.from([1, 2], scheduler: CurrentThreadScheduler.instance)), [1, 2])
        XCTAssertEqual(collect(Observable.from(Set([3]))), [3])
    }

    func testRxObservableAlias() {
        // RxSwift 6.7's alias for code that also imports Observation (SE-0395's `Observable`).
        let aliased: RxObservable<Int> = RxObservable.of(1, 2)
        let plain: Observable<Int> = aliased
        XCTAssertEqual(collect(plain.map { $0 * 10 }), [10, 20])
    }

    func testAsObservableOnCustomObservableType() {
        let manual = ManualObservable<Int>()
        var received: [Int] = []
        let subscription = manual.asObservable().subscribe(onNext: { received.append($0) })
        manual.on(.next(1))
        manual.on(.next(2))
        subscription.dispose()
        manual.on(.next(3))
        XCTAssertEqual(received, [1, 2])
        XCTAssertEqual(manual.subscribeCount, 1)
    }

    func testBindOverloads() {
        var first: [Int] = []
        var second: [Int?] = []
        let observerA = AnyObserver<Int> { if let element = $0.element { first.append(element) } }
        let observerB = AnyObserver<Int> { if let element = $0.element { first.append(element * 10) } }
        let optionalObserver = AnyObserver<Int?> { if let element = $0.element { second.append(element) } }

        _ = Observable.just(1).bind(to: observerA, observerB)
        _ = Observable<Int>.just(2).bind(to: optionalObserver)
        XCTAssertEqual(first, [1, 10])
        XCTAssertEqual(second, [2])

        var bound: [Int] = []
        _ = Observable.of(3, 4).bind(onNext: { bound.append($0) })
        XCTAssertEqual(bound, [3, 4])

        let counted: Int = Observable.of(1, 2, 3).bind(to: { (source: Observable<Int>) -> Int in collect(source).count }
        )
        XCTAssertEqual(counted, 3)
        let curried: String = Observable.just(7).bind(
            to: { (source: Observable<Int>) in { (prefix: String) in prefix + "\(collect(source))" } },
            curriedArgument: "got "
        )
        XCTAssertEqual(curried, "got [7]")

        let counter = Counter()
        _ = Observable.of(2, 3).bind(to: counter.rx.add)
        XCTAssertEqual(counter.value, 5)
        // The dynamic-member binder RxSwift 6 derives from writable key paths.
        _ = Observable.just(42).bind(to: counter.rx.value)
        XCTAssertEqual(counter.value, 42)
    }

    func testReactiveNamespace() {
        XCTAssertEqual(ValueBox(number: 21).rx.doubled, 42)
        XCTAssertTrue(ValueBox.rx == Reactive<ValueBox>.self)
        let reactive = Reactive(Counter())
        XCTAssertEqual(reactive.base.value, 0)
        var box = ValueBox(number: 1)
        box.rx = Reactive(ValueBox(number: 2))  // the setter exists so `rx` works on mutable receivers
        XCTAssertEqual(box.number, 1)
    }

    func testBinderDeliversOnItsScheduler() {
        let counter = Counter()
        let binder = Binder<Int>(counter, scheduler: CurrentThreadScheduler.instance) { target, value in
            target.value = value
        }
        binder.onNext(9)
        XCTAssertEqual(counter.value, 9)
        binder.on(.completed)
        let erased: AnyObserver<Int> = binder.asObserver()
        erased.onNext(10)
        XCTAssertEqual(counter.value, 10)
    }
}

// MARK: - Hooks and errors

extension APISurfaceTests {
    func testHooks() {
        let savedHandler = Hooks.defaultErrorHandler
        let savedCapture = Hooks.customCaptureSubscriptionCallstack
        let savedRecord = Hooks.recordCallStackOnError
        defer {
            Hooks.defaultErrorHandler = savedHandler
            Hooks.customCaptureSubscriptionCallstack = savedCapture
            Hooks.recordCallStackOnError = savedRecord
        }

        var reported: (stack: [String], error: Error)?
        Hooks.defaultErrorHandler = { stack, error in reported = (stack, error) }
        Hooks.customCaptureSubscriptionCallstack = { ["frame 1", "frame 2"] }
        Hooks.recordCallStackOnError = true
        let handler: Hooks.DefaultErrorHandler = Hooks.defaultErrorHandler
        let capture: Hooks.CustomCaptureSubscriptionCallstack = Hooks.customCaptureSubscriptionCallstack
        XCTAssertEqual(capture(), ["frame 1", "frame 2"])

        _ = Observable<Int>.error(testError).subscribe(onNext: { _ in })
        XCTAssertEqual(reported?.stack, ["frame 1", "frame 2"])
        XCTAssertEqual(reported?.error as NSError?, testError)
        handler([], testError2)
        XCTAssertEqual(reported?.error as NSError?, testError2)
    }

    func testRxErrorCases() {
        let errors: [RxError] = [
            .unknown, .disposed(object: Counter()), .overflow, .argumentOutOfRange, .noElements, .moreThanOneElement,
            .timeout,
        ]
        XCTAssertEqual(errors.map { $0.debugDescription }.filter { $0.isEmpty }, [])
        XCTAssertEqual(RxError.noElements.debugDescription, "Sequence doesn't contain any elements.")
        XCTAssertEqual(RxError.timeout.debugDescription, "Sequence timeout.")
        let asSwiftError: Swift.Error = RxError.overflow
        guard case RxError.overflow = asSwiftError else { return XCTFail("RxError must be a Swift.Error") }
    }
}

// MARK: - Disposables

extension APISurfaceTests {
    func testDisposablesCreateOverloads() {
        var count = 0
        let action: Cancelable = Disposables.create { count += 1 }
        let nop: Disposable = Disposables.create()
        let two: Cancelable = Disposables.create(Disposables.create { count += 1 }, Disposables.create { count += 1 })
        let three: Cancelable = Disposables.create(
            Disposables.create { count += 1 },
            nop,
            Disposables.create { count += 1 }
        )
        let many: Cancelable = Disposables.create(
            nop,
            nop,
            nop,
            Disposables.create { count += 1 },
            Disposables.create { count += 1 }
        )
        let array: Cancelable = Disposables.create([Disposables.create { count += 1 }, nop])
        let withLabel: Cancelable = Disposables.create(with: { count += 1 })

        XCTAssertFalse(action.isDisposed)
        for disposable in [action, two, three, many, array, withLabel] as [Cancelable] {
            disposable.dispose()
            disposable.dispose()
            XCTAssertTrue(disposable.isDisposed)
        }
        nop.dispose()
        XCTAssertEqual(count, 1 + 2 + 2 + 2 + 1 + 1)
    }

    func testDisposableClasses() {
        var log: [String] = []
        let boolean = BooleanDisposable()
        XCTAssertFalse(boolean.isDisposed)
        boolean.dispose()
        XCTAssertTrue(boolean.isDisposed)
        XCTAssertTrue(BooleanDisposable(isDisposed: true).isDisposed)

        let composite = CompositeDisposable()
        let key: CompositeDisposable.DisposeKey? = composite.insert(Disposables.create { log.append("removed") })
        _ = composite.insert(Disposables.create { log.append("kept") })
        XCTAssertEqual(composite.count, 2)
        composite.remove(for: key!)
        XCTAssertEqual(composite.count, 1)
        composite.dispose()
        XCTAssertTrue(composite.isDisposed)
        XCTAssertNil(composite.insert(Disposables.create { log.append("late") }))
        XCTAssertEqual(log, ["removed", "kept", "late"])

        log = []
        CompositeDisposable(Disposables.create { log.append("a") }, Disposables.create { log.append("b") }).dispose()
        CompositeDisposable(disposables: [Disposables.create { log.append("c") }]).dispose()
        CompositeDisposable(Disposables.create(), Disposables.create(), Disposables.create { log.append("d") })
            .dispose()
        XCTAssertEqual(log, ["a", "b", "c", "d"])

        log = []
        let serial = SerialDisposable()
        serial.disposable = Disposables.create { log.append("first") }
        serial.disposable = Disposables.create { log.append("second") }
        XCTAssertEqual(log, ["first"])
        serial.dispose()
        XCTAssertTrue(serial.isDisposed)
        XCTAssertEqual(log, ["first", "second"])

        let single = SingleAssignmentDisposable()
        single.setDisposable(Disposables.create { log.append("single") })
        single.dispose()
        XCTAssertTrue(single.isDisposed)

        let refCount = RefCountDisposable(disposable: Disposables.create { log.append("underlying") })
        let handle = refCount.retain()
        refCount.dispose()
        // As in RxSwift: disposed only once every retained handle is gone too.
        XCTAssertFalse(refCount.isDisposed)
        XCTAssertEqual(log.last, "single")
        handle.dispose()
        XCTAssertTrue(refCount.isDisposed)
        XCTAssertEqual(log.last, "underlying")

        let scheduled = ScheduledDisposable(
            scheduler: CurrentThreadScheduler.instance,
            disposable: Disposables.create { log.append("scheduled") }
        )
        XCTAssertTrue(scheduled.scheduler is CurrentThreadScheduler)
        scheduled.dispose()
        XCTAssertTrue(scheduled.isDisposed)
        XCTAssertEqual(log.last, "scheduled")
    }

    func testDisposeBagSpellings() {
        var log: [Int] = []
        func tracked(_ value: Int) -> Disposable { Disposables.create { log.append(value) } }

        var bag: DisposeBag? = DisposeBag()
        bag!.insert(tracked(1))
        tracked(2).disposed(by: bag!)
        bag!.insert(tracked(3), tracked(4))
        bag!.insert([tracked(5)])
        bag!.insert {
            tracked(6)
            tracked(7)
        }
        XCTAssertEqual(log, [])
        bag = nil
        XCTAssertEqual(log, [1, 2, 3, 4, 5, 6, 7])

        log = []
        _ = DisposeBag(disposing: tracked(8), tracked(9))
        _ = DisposeBag(disposing: [tracked(10)])
        _ = DisposeBag {
            tracked(11)
        }
        XCTAssertEqual(log, [8, 9, 10, 11])
    }
}

// MARK: - Schedulers

extension APISurfaceTests {
    func testSchedulerProtocolsAndInstances() {
        let immediate: ImmediateSchedulerType = CurrentThreadScheduler.instance
        let schedulers: [SchedulerType] = [
            MainScheduler.instance,
            MainScheduler.asyncInstance,
            ConcurrentMainScheduler.instance,
            ConcurrentDispatchQueueScheduler(qos: .default),
            ConcurrentDispatchQueueScheduler(queue: DispatchQueue.global()),
            SerialDispatchQueueScheduler(qos: .default),
            SerialDispatchQueueScheduler(internalSerialQueueName: "api.surface"),
            SerialDispatchQueueScheduler(queue: DispatchQueue.global(), internalSerialQueueName: "api.surface.2"),
        ]
        XCTAssertEqual(schedulers.count, 8)
        let operationScheduler = OperationQueueScheduler(operationQueue: OperationQueue())
        XCTAssertEqual(operationScheduler.queuePriority, .normal)
        let async: SerialDispatchQueueScheduler = MainScheduler.asyncInstance
        XCTAssertNotNil(async)
        MainScheduler.ensureExecutingOnScheduler()
        MainScheduler.ensureRunningOnMainThread()

        XCTAssertTrue(CurrentThreadScheduler.isScheduleRequired)
        var order: [String] = []
        _ = immediate.schedule(()) { _ in
            XCTAssertFalse(CurrentThreadScheduler.isScheduleRequired)
            _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                order.append("inner")
                return Disposables.create()
            }
            order.append("outer")
            return Disposables.create()
        }
        XCTAssertEqual(order, ["outer", "inner"])

        var countdown: [Int] = []
        _ = immediate.scheduleRecursive(3) { value, recurse in
            countdown.append(value)
            if value > 0 { recurse(value - 1) }
        }
        XCTAssertEqual(countdown, [3, 2, 1, 0])
    }

    func testVirtualTimeSchedulerSubclassAndHistoricalScheduler() {
        let scheduler = TenSecondVirtualScheduler()
        var times: [Int] = []
        _ = scheduler.scheduleRelative((), dueTime: .seconds(20)) { _ in
            times.append(scheduler.clock)
            return Disposables.create()
        }
        _ = scheduler.scheduleRelativeVirtual((), dueTime: 5) { _ in
            times.append(scheduler.clock)
            return Disposables.create()
        }
        _ = scheduler.scheduleAbsoluteVirtual((), time: 1) { _ in
            times.append(scheduler.clock)
            return Disposables.create()
        }
        scheduler.start()
        XCTAssertEqual(times, [1, 2, 5])
        XCTAssertEqual(scheduler.now, Date(timeIntervalSince1970: 50))
        scheduler.sleep(3)
        XCTAssertEqual(scheduler.clock, 8)
        scheduler.advanceTo(10)
        XCTAssertEqual(scheduler.clock, 10)
        scheduler.stop()
        XCTAssertFalse(scheduler.debugDescription.isEmpty)

        let historical = HistoricalScheduler(initialClock: Date(timeIntervalSince1970: 100))
        var fired: [Date] = []
        _ = historical.scheduleRelative((), dueTime: .seconds(5)) { _ in
            fired.append(historical.now)
            return Disposables.create()
        }
        historical.start()
        XCTAssertEqual(fired, [Date(timeIntervalSince1970: 105)])
        XCTAssertEqual(HistoricalScheduler().clock, Date(timeIntervalSince1970: 0))
        let _: HistoricalSchedulerTimeConverter.VirtualTimeIntervalUnit = Foundation.TimeInterval(1)

        var periodic: [Int] = []
        let periodicScheduler = TestScheduler(initialClock: 0)
        let timer = periodicScheduler.schedulePeriodic(0, startAfter: .seconds(10), period: .seconds(5)) { state in
            periodic.append(periodicScheduler.clock)
            return state + 1
        }
        periodicScheduler.scheduleAt(26) { timer.dispose() }
        periodicScheduler.start()
        XCTAssertEqual(periodic, [10, 15, 20, 25])
    }
}

// MARK: - Subjects and relays

extension APISurfaceTests {
    func testSubjectShapes() throws {
        let publish = PublishSubject<Int>()
        let behavior = BehaviorSubject<Int>(value: 1)
        let replay = ReplaySubject<Int>.create(bufferSize: 2)
        let unbounded = ReplaySubject<Int>.createUnbounded()
        let async = AsyncSubject<Int>()

        XCTAssertFalse(publish.hasObservers)
        var received: [Int] = []
        let subscription = publish.subscribe(onNext: { received.append($0) })
        XCTAssertTrue(publish.hasObservers)
        feed(publish, [1, 2])
        subscription.dispose()
        XCTAssertEqual(received, [1, 2])

        feed(behavior, [2])
        XCTAssertEqual(try behavior.value(), 2)
        feed(replay, [1, 2, 3])
        XCTAssertEqual(collect(replay), [2, 3])
        feed(unbounded, [1, 2, 3])
        XCTAssertEqual(collect(unbounded), [1, 2, 3])
        async.onNext(1)
        async.onNext(2)
        async.onCompleted()
        XCTAssertEqual(collect(async), [2])

        let observer: PublishSubject<Int> = publish.asObserver()
        XCTAssertTrue(observer === publish)
        publish.dispose()
        XCTAssertTrue(publish.isDisposed)
        behavior.dispose()
        XCTAssertTrue(behavior.isDisposed)
        replay.dispose()
        unbounded.dispose()

        let custom = ForwardingSubject<Int>()
        var forwarded: [Int] = []
        let customSubscription = custom.subscribe(onNext: { forwarded.append($0) })
        feed(custom, [4, 5])
        customSubscription.dispose()
        XCTAssertEqual(forwarded, [4, 5])
    }

    func testRelayShapes() {
        let publish = PublishRelay<Int>()
        let behavior = BehaviorRelay<Int>(value: 0)
        let replay = ReplayRelay<Int>.create(bufferSize: 1)
        let unbounded = ReplayRelay<Int>.createUnbound()  // RxRelay's spelling
        let unboundedRxCoreSpelling = ReplayRelay<Int>.createUnbounded()
        let optional = PublishRelay<Int?>()

        var events: [Recorded<Event<Int>>] = []
        let subscription = publish.subscribe { events.append(Recorded(time: 0, value: $0)) }
        var optionals: [Int?] = []
        let optionalSubscription = optional.subscribe(onNext: { optionals.append($0) })

        _ = Observable.just(1).bind(to: publish)
        _ = Observable.of(2, 3).bind(to: behavior, BehaviorRelay<Int>(value: 9))
        _ = Observable.just(4).bind(to: replay, unbounded)
        _ = Observable.just(5).bind(to: optional)  // no ambiguity between Int and Int? relays
        publish.accept(6)

        XCTAssertEqual(events, [Recorded(time: 0, value: .next(1)), Recorded(time: 0, value: .next(6))])
        XCTAssertEqual(behavior.value, 3)
        XCTAssertEqual(collect(replay), [4])
        XCTAssertEqual(collect(unbounded), [4])
        unboundedRxCoreSpelling.accept(7)
        unboundedRxCoreSpelling.accept(8)
        XCTAssertEqual(collect(unboundedRxCoreSpelling), [7, 8])
        XCTAssertEqual(optionals, [5])

        let observable: Observable<Int> = behavior.asObservable()
        let infallible: Infallible<Int> = behavior.asInfallible()
        XCTAssertEqual(collect(observable), [3])
        XCTAssertEqual(collect(infallible), [3])
        XCTAssertEqual(collect(publish.asInfallible()), [])
        XCTAssertEqual(collect(replay.asInfallible()), [4])
        subscription.dispose()
        optionalSubscription.dispose()
    }
}

// MARK: - Connectable, grouped and shared sequences

extension APISurfaceTests {
    func testConnectableShapes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])

        let connectable = ManualConnectable(
            source: xs.asObservable(),
            subject: ReplaySubject<Int>.create(bufferSize: 1)
        )
        let published: ConnectableObservable<Int> = xs.publish()
        let replayed = xs.replay(1)
        let replayedAll = xs.replayAll()
        let multicasted = xs.multicast(makeSubject: { PublishSubject<Int>() })
        let selected: Observable<Int> = xs.multicast(
            { PublishSubject<Int>() },
            selector: { shared in shared.map { $0 * 10 } }
        )

        func connectAll(_ items: [() -> Disposable]) -> [Disposable] { items.map { $0() } }
        let connections = connectAll([
            connectable.connect, published.connect, replayed.connect, replayedAll.connect, multicasted.connect,
        ])

        let observer = scheduler.createObserver(Int.self)
        let refCounted = scheduler.createObserver(Int.self)
        let multiplied = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(215) { _ = connectable.subscribe(observer) }
        scheduler.scheduleAt(200) { _ = xs.publish().refCount().subscribe(refCounted) }
        scheduler.scheduleAt(200) { _ = selected.subscribe(multiplied) }
        scheduler.start()

        XCTAssertEqual(observer.events, [.next(215, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(refCounted.events, [.next(210, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(multiplied.events, [.next(210, 10), .next(220, 20), .completed(230)])
        connections.forEach { $0.dispose() }
    }

    func testGroupedObservableAndShare() {
        let grouped = GroupedObservable<String, Int>(key: "odd", source: Observable.of(1, 3))
        XCTAssertEqual(grouped.key, "odd")
        XCTAssertEqual(collect(grouped), [1, 3])
        XCTAssertEqual(collect(grouped.asObservable()), [1, 3])

        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let sharedForever = xs.share(replay: 1, scope: .forever)
        let sharedWhileConnected = xs.share(replay: 1, scope: SubjectLifetimeScope.whileConnected)
        let sharedDefault = xs.share()
        let late = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(100) { _ = sharedForever.subscribe(onNext: { _ in }) }
        scheduler.scheduleAt(200) { _ = sharedForever.subscribe(late) }
        scheduler.scheduleAt(300) { _ = sharedWhileConnected.subscribe(onNext: { _ in }) }
        scheduler.scheduleAt(300) { _ = sharedDefault.subscribe(onNext: { _ in }) }
        scheduler.start()
        XCTAssertEqual(late.events, [.next(200, 1), .completed(200)])
        XCTAssertEqual(xs.subscriptions.first, Subscription(100, 120))
        XCTAssertEqual(
            xs.subscriptions.filter { $0.subscribe == 300 },
            [Subscription(300, 320), Subscription(300, 320)]
        )
    }
}

// MARK: - RxTest shapes

extension APISurfaceTests {
    func testRecordedAndSubscriptionShapes() {
        let explicit: [Recorded<Event<Int>>] = [.next(210, 2), .error(220, testError), .completed(230)]
        let inferred = Recorded.events(.next(210, 2), .error(220, testError), .completed(230, Int.self))
        let fromArray = Recorded.events(
            [.next(210, 2), .error(220, testError), .completed(230)] as [Recorded<Event<Int>>]
        )
        XCTAssertEqual(explicit, inferred)
        XCTAssertEqual(explicit, fromArray)
        XCTAssertEqual(explicit[0].time, 210)
        XCTAssertEqual(explicit[0].value, .next(2))
        XCTAssertEqual(Recorded(time: 5, value: "x"), Recorded(time: 5, value: "x"))
        XCTAssertEqual(Recorded(time: 5, value: 1).debugDescription, "1 @ 5")

        let open = Subscription(200)
        let closed = Subscription(200, 1000)
        XCTAssertEqual(open.subscribe, 200)
        XCTAssertEqual(open.unsubscribe, Int.max)
        XCTAssertEqual(closed.unsubscribe, 1000)
        XCTAssertEqual(Set([open, closed, Subscription(200)]).count, 2)
        XCTAssertEqual(closed.debugDescription, "(200 : 1000)")
        XCTAssertEqual(open.debugDescription, "(200 : Infinity)")

        let time: TestTime =
            TestScheduler.Defaults.created + TestScheduler.Defaults.subscribed + TestScheduler.Defaults.disposed
        XCTAssertEqual(time, 1300)
    }

    func testXCTAssertOverloads() {
        XCTAssertEqual([Event<Int>.next(1), .completed], [.next(1), .completed])
        let optionals: [Recorded<Event<Int?>>] = [.next(10, nil), .next(20, 2)]
        XCTAssertEqual(optionals, [.next(10, nil), .next(20, 2)])
        XCTAssertEqual([SingleEvent<Int>.success(1)], [.success(1)])
        XCTAssertEqual([SingleEvent<Int>.failure(testError)], [.failure(testError)])
        XCTAssertEqual([MaybeEvent<Int>.success(1), .completed], [.success(1), .completed])
        XCTAssertEqual([CompletableEvent.completed, .error(testError)], [.completed, .error(testError)])
        XCTAssertRecordedElements([.next(10, 1), .next(20, 2)], [1, 2])
        XCTAssertNotEqual(Event<Int>.error(testError), .error(testError2))
        XCTAssertNotEqual(Event<Int>.next(1), .completed)
    }

    func testTestSchedulerStartOverloads() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(410, 3), .completed(1200)])
        let coldScheduler = TestScheduler(initialClock: 0)
        let ys = coldScheduler.createColdObservable([.next(10, "a"), .completed(20)])
        XCTAssertEqual(xs.recordedEvents.count, 4)

        let all = scheduler.start { xs.map { $0 * 2 } }
        XCTAssertEqual(all.events, [.next(210, 4), .next(410, 6)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])

        let early = TestScheduler(initialClock: 0).start(disposed: 300) { Observable.just(1) }
        XCTAssertEqual(early.events, [.next(200, 1), .completed(200)])

        let defaults: (TestTime, TestTime, TestTime) = (
            TestScheduler.Defaults.created, TestScheduler.Defaults.subscribed, TestScheduler.Defaults.disposed
        )
        XCTAssertTrue(defaults == (100, 200, 1000))

        let custom = TestScheduler(initialClock: 0, resolution: 0.1, simulateProcessingDelay: false)
            .start(created: 50, subscribed: 60, disposed: 70) { Observable<Int>.empty() }
        XCTAssertEqual(custom.events, [.completed(60)])

        // Convertible sequences, not only observables, can be returned from the factory.
        let single = TestScheduler(initialClock: 0).start { Single.just(5) }
        XCTAssertEqual(single.events, [.next(200, 5), .completed(200)])

        let coldObserver = coldScheduler.createObserver(String.self)
        coldScheduler.scheduleAt(100) { _ = ys.subscribe(coldObserver) }
        coldScheduler.advanceTo(130)
        XCTAssertEqual(coldObserver.events, [.next(110, "a"), .completed(120)])
        XCTAssertEqual(ys.subscriptions, [Subscription(100)])
        XCTAssertEqual(coldScheduler.clock, 130)
    }

    @available(*, deprecated)
    func testDeprecatedPositionalStart() {
        let created = TestScheduler(initialClock: 0).start(100, subscribed: 200, disposed: 300) { Observable.just(1) }
        XCTAssertEqual(created.events, [.next(200, 1), .completed(200)])
        let disposedOnly = TestScheduler(initialClock: 0).start(300) { Observable<Int>.never() }
        XCTAssertEqual(disposedOnly.events, [])
    }
}

// MARK: - Deprecated spellings RxSwift 6 ships

extension APISurfaceTests {
    @available(*, deprecated)
    func testDeprecatedCoreSpellings() {
        // The array and sequence overloads still win over the deprecated optional one.
        XCTAssertEqual(collect(Observable.from([1, 2, 3])), [1, 2, 3])
        XCTAssertEqual(collect(Observable.from([1, 2], scheduler: CurrentThreadScheduler.instance)), [1, 2])
        XCTAssertEqual(collect(Observable.from(Set([3]))), [3])
        XCTAssertEqual(collect(Observable<Int>.from(Optional(4))), [4])
        XCTAssertEqual(collect(Observable<Int>.from(nil, scheduler: CurrentThreadScheduler.instance)), [])
        XCTAssertEqual(
            collect(Observable.of(5, 6, 7, 1).skipWhileWithIndex { value, index in value < 7 && index < 2 }),
            [7, 1]
        )
        XCTAssertEqual(
            collect(Observable.of(5, 6, 7, 1).takeWhileWithIndex { value, index in value < 7 && index < 2 }),
            [5, 6]
        )
        XCTAssertEqual(collect(Observable.of(1, 2).shareReplayLatestWhileConnected()), [1, 2])
        XCTAssertEqual(collect(Observable.of(1, 2).shareReplay(1)), [1, 2])

        var disposed = false
        var bag: DisposeBag? = DisposeBag()
        Disposables.create { disposed = true }.addDisposableTo(bag!)
        bag = nil
        XCTAssertTrue(disposed)

        var variable: Variable<Int>? = Variable(1)
        var events: [Event<Int>] = []
        let subscription = variable!.asObservable().subscribe { events.append($0) }
        variable!.value = 2
        variable!.value = 2
        XCTAssertEqual(variable!.value, 2)
        variable = nil
        subscription.dispose()
        XCTAssertEqual(events, [.next(1), .next(2), .next(2), .completed])
    }
}
