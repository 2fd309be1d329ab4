import RxCoreTesting
import XCTest

@testable import RxCore

/// Issue 11: between RxCore's own stages, elements, errors and completion travel as bare values
/// (`Receiver.receiveNext` and friends), never as an `Event` whose metadata the runtime looks up
/// per event. Each case below puts a receiver right behind one operator and checks both what
/// arrives and that none of it came through `on(_:)`: an operator that went back to building
/// `Event`s (`forwardOn`) fails here, while its own behaviour tests would still pass.
final class ElementLevelPathTests: RxTestCase {
    private struct Failure: Error {}
    private final class Owner {}

    func testTransformingOperatorsDeliverElementLevel() {
        let source = Observable.from([1, 2, 3])
        expect(source.compactMap { $0 == 2 ? nil : $0 * 10 }, [10, 30])
        expect(source.scan(0) { $0 + $1 }, [1, 3, 6])
        expect(source.scan(into: 0) { $0 += $1 }, [1, 3, 6])
        expect(source.reduce(0) { $0 + $1 }, [6])
        expect(source.reduce(0, accumulator: { $0 + $1 }, mapResult: { $0 * 2 }), [12])
        expect(source.toArray().asObservable(), [[1, 2, 3]])
        let owner = Owner()
        expect(source.withUnretained(owner) { $1 }, [1, 2, 3])
        let enumerated = deliver(source.enumerated())
        XCTAssertEqual(enumerated.elements.map(\.index), [0, 1, 2])
        XCTAssertEqual(enumerated.elements.map(\.element), [1, 2, 3])
        expect(source.startWith(0), [0, 1, 2, 3])
        expect(source.do(onNext: { _ in }, afterNext: { _ in }, onCompleted: {}), [1, 2, 3])
        expect(source.requireMainThread(), [1, 2, 3])
        expect(Observable.from([1, 2]).debug("ElementLevelPathTests", trimOutput: true), [1, 2])
    }

    func testFilteringOperatorsDeliverElementLevel() {
        let source = Observable.from([1, 2, 3])
        expect(source.ignoreElements(), [Never]())
        expect(source.element(at: 1), [2])
        expect(source.single { $0 == 2 }, [2])
        expect(source.skip(1), [2, 3])
        expect(source.skip(while: { $0 < 2 }), [2, 3])
        expect(source.take(2), [1, 2])
        expect(source.takeLast(2), [2, 3])
        expect(source.asMaybe().asObservable(), [Int](), error: true)
        expect(Observable.from([1]).asSingle().asObservable(), [1])
        expect(Observable<Int>.empty().first().asObservable(), [nil])
    }

    func testErrorsAndCompletionDeliverElementLevel() {
        expect(Observable<Int>.error(Failure()).scan(0) { $0 + $1 }, [Int](), error: true)
        expect(Observable.from([1, 2]).compactMap { _ -> Int? in throw Failure() }, [Int](), error: true)
        expect(Observable<Int>.empty().element(at: 0), [Int](), error: true)
        expect(Observable<Int>.empty().single(), [Int](), error: true)
        expect(Observable.from([1, 2]).single(), [1], error: true)
        expect(Observable.from([1]).do(onNext: { _ in throw Failure() }), [Int](), error: true)
    }

    func testEventElementsAreBuiltOnlyByMaterialize() {
        let materialized = deliver(Observable.from([1]).materialize())
        XCTAssertEqual(materialized.elements, [.next(1), .completed])
        XCTAssertTrue(materialized.completed)
        expect(Observable.from([Event.next(1), .next(2), .completed]).dematerialize(), [1, 2])
        expect(Observable.from([Event<Int>.error(Failure())]).dematerialize(), [Int](), error: true)
    }

    func testCreationOperatorsDeliverElementLevel() {
        expect(
            Observable.create { observer in
                observer.onNext(1)
                observer.onCompleted()
                return Disposables.create()
            },
            [1]
        )
        expect(Observable.of(1, 2), [1, 2])
        expect(Observable<Int>.empty(), [Int]())
        expect(Observable<Int>.error(Failure()), [Int](), error: true)
        expect(Observable.from(optional: 4), [4])
        expect(Observable<Int>.from(optional: nil), [Int]())
        expect(Observable.range(start: 3, count: 2), [3, 4])
        expect(Observable.generate(initialState: 0, condition: { $0 < 3 }, iterate: { $0 + 1 }), [0, 1, 2])
        expect(Observable.from(optional: 5, scheduler: CurrentThreadScheduler.instance), [5])
        expect(Observable.deferred { Observable.from([1, 2]) }, [1, 2])
        expect(Observable.deferred { () -> Observable<Int> in throw Failure() }, [Int](), error: true)
        expect(Observable.using({ BooleanDisposable() }, observableFactory: { _ in Observable.from([7]) }), [7])
        expect(Completable.empty().andThen(Observable.from([1, 2])), [1, 2])
        expect(Completable.error(Failure()).andThen(Observable.from([1])), [Int](), error: true)
    }

    func testTimedAndTriggeredOperatorsDeliverElementLevel() {
        let scheduler = TestScheduler(initialClock: 0)

        let timer = EventCountingReceiver<Int>()
        let timerSubscription = Observable<Int>.timer(.seconds(5), scheduler: scheduler).subscribeReceiver(timer)
        let skipped = PublishSubject<Int>()
        let skipFor = EventCountingReceiver<Int>()
        let skipForSubscription = skipped.skip(for: .seconds(10), scheduler: scheduler).subscribeReceiver(skipFor)
        let taken = PublishSubject<Int>()
        let takeFor = EventCountingReceiver<Int>()
        let takeForSubscription = taken.take(for: .seconds(10), scheduler: scheduler).subscribeReceiver(takeFor)
        let delayed = EventCountingReceiver<Int>()
        let delaySubscription = Observable.from([1, 2]).delay(.seconds(5), scheduler: scheduler).subscribeReceiver(
            delayed
        )
        skipped.onNext(1)
        taken.onNext(1)
        scheduler.advanceTo(20)
        skipped.onNext(2)
        skipped.onCompleted()
        taken.onNext(2)

        XCTAssertEqual(timer.elements, [0])
        XCTAssertTrue(timer.completed)
        XCTAssertEqual(skipFor.elements, [2])
        XCTAssertTrue(skipFor.completed)
        XCTAssertEqual(takeFor.elements, [1])
        XCTAssertTrue(takeFor.completed)
        XCTAssertEqual(delayed.elements, [1, 2])
        XCTAssertTrue(delayed.completed)
        for receiver in [timer, skipFor, takeFor, delayed] {
            XCTAssertEqual(receiver.eventCalls, 0)
        }
        [timerSubscription, skipForSubscription, takeForSubscription, delaySubscription].forEach { $0.dispose() }

        let source = PublishSubject<Int>()
        let trigger = PublishSubject<String>()
        let skipUntil = EventCountingReceiver<Int>()
        let skipUntilSubscription = source.skip(until: trigger).subscribeReceiver(skipUntil)
        source.onNext(1)
        trigger.onNext("open")
        source.onNext(2)
        source.onCompleted()
        XCTAssertEqual(skipUntil.elements, [2])
        XCTAssertTrue(skipUntil.completed)
        XCTAssertEqual(skipUntil.eventCalls, 0)
        skipUntilSubscription.dispose()
    }

    func testObserveOnDeliversElementLevel() {
        let scheduler = TestScheduler(initialClock: 0)
        let virtual = EventCountingReceiver<Int>()
        let virtualSubscription = Observable.from([1, 2, 3]).observe(on: scheduler).subscribeReceiver(virtual)
        let failing = EventCountingReceiver<Int>()
        let failingSubscription = Observable<Int>.error(Failure()).observe(on: scheduler).subscribeReceiver(failing)
        scheduler.advanceTo(100)
        XCTAssertEqual(virtual.elements, [1, 2, 3])
        XCTAssertTrue(virtual.completed)
        XCTAssertNotNil(failing.error)

        let queue = DispatchQueue(label: "ElementLevelPathTests.observeOn")
        let serial = EventCountingReceiver<Int>()
        let serialSubscription = Observable.from([1, 2, 3]).observe(
            on: SerialDispatchQueueScheduler(serialQueue: queue)
        ).subscribeReceiver(serial)
        let serialFailing = EventCountingReceiver<Int>()
        let serialFailingSubscription = Observable<Int>.error(Failure()).observe(
            on: SerialDispatchQueueScheduler(serialQueue: queue)
        )
        .subscribeReceiver(serialFailing)
        queue.sync {}
        XCTAssertEqual(serial.elements, [1, 2, 3])
        XCTAssertTrue(serial.completed)
        XCTAssertNotNil(serialFailing.error)
        for receiver in [virtual, failing, serial, serialFailing] {
            XCTAssertEqual(receiver.eventCalls, 0)
        }
        [virtualSubscription, failingSubscription, serialSubscription, serialFailingSubscription].forEach {
            $0.dispose()
        }
    }

    // MARK: helpers

    /// Subscribes a counting receiver to `observable`, which must end synchronously.
    private func deliver<Element>(
        _ observable: Observable<Element>,
        file: StaticString = #filePath,
        line: UInt = #line
    ) -> EventCountingReceiver<Element> {
        let receiver = EventCountingReceiver<Element>()
        observable.subscribeReceiver(receiver).dispose()
        XCTAssertEqual(receiver.eventCalls, 0, "an Event reached the receiver through on(_:)", file: file, line: line)
        XCTAssertTrue(receiver.completed || receiver.error != nil, "the sequence did not end", file: file, line: line)
        return receiver
    }

    private func expect<Element: Equatable>(
        _ observable: Observable<Element>,
        _ elements: [Element],
        error: Bool = false,
        file: StaticString = #filePath,
        line: UInt = #line
    ) {
        let receiver = deliver(observable, file: file, line: line)
        XCTAssertEqual(receiver.elements, elements, file: file, line: line)
        XCTAssertEqual(
            receiver.error != nil,
            error,
            "error: \(String(describing: receiver.error))",
            file: file,
            line: line
        )
        XCTAssertEqual(receiver.completed, !error, file: file, line: line)
    }
}

/// Records what arrives element-level, and counts what arrives as an `Event` instead.
private final class EventCountingReceiver<Element>: Receiver<Element> {
    var elements: [Element] = []
    var error: Swift.Error?
    var completed = false
    var eventCalls = 0

    override func receiveNext(_ element: Element) {
        elements.append(element)
    }

    override func receiveError(_ error: Swift.Error) {
        self.error = error
    }

    override func receiveCompleted() {
        completed = true
    }

    override func on(_ event: Event<Element>) {
        eventCalls += 1
        super.on(event)
    }
}
