import RxCocoa
import RxRelay
import RxSwift
import RxTest
import XCTest

// RxCocoa's operators on Driver and Signal, on a mocked TestScheduler: each keeps the sequence
// a shared sequence of the same strategy and behaves as its Observable namesake.
final class SharedSequenceOperatorTests: RxCocoaTestCase {
    /// Records `make()`'s events from 200 (subscription) to 1000, with delivery on the test scheduler.
    private func record<Element>(
        _ scheduler: TestScheduler,
        _ make: @escaping () -> SharedSequence<DriverSharingStrategy, Element>
    ) -> TestableObserver<Element> {
        scheduler.start { make().asObservable() }
    }

    func testFactories() {
        withTestScheduler { scheduler in
            XCTAssertEqual(
                record(scheduler) { Driver.of(1, 2) }.events,
                [.next(201, 1), .next(202, 2), .completed(203)]
            )
        }
        withTestScheduler { scheduler in
            XCTAssertEqual(record(scheduler) { Driver.from([3]) }.events, [.next(201, 3), .completed(202)])
        }
        withTestScheduler { scheduler in
            XCTAssertEqual(
                record(scheduler) { Driver.from(AnySequence([4])) }.events,
                [.next(201, 4), .completed(202)]
            )
        }
        withTestScheduler { scheduler in
            XCTAssertEqual(record(scheduler) { Driver.from(optional: Int?.none) }.events, [.completed(201)])
        }
        withTestScheduler { scheduler in
            XCTAssertEqual(record(scheduler) { Driver.just(5) }.events, [.next(201, 5), .completed(201)])
        }
        withTestScheduler { scheduler in
            XCTAssertEqual(record(scheduler) { Driver<Int>.empty() }.events, [.completed(201)])
        }
        withTestScheduler { scheduler in
            XCTAssertEqual(record(scheduler) { Driver<Int>.never() }.events, [])
        }
        withTestScheduler { scheduler in
            var made = 0
            let events = record(scheduler) {
                Driver.deferred {
                    made += 1
                    return Driver.just(made)
                }
            }.events
            XCTAssertEqual(events, [.next(201, 1), .completed(201)])
        }
        withTestScheduler { scheduler in
            let events = scheduler.start(disposed: 235) { Driver<Int>.interval(.seconds(10)).asObservable() }.events
            XCTAssertEqual(events, [.next(210, 0), .next(220, 1), .next(230, 2)])
        }
        withTestScheduler { scheduler in
            let events = scheduler.start(disposed: 235) {
                Driver<Int>.timer(.seconds(5), period: .seconds(10)).asObservable()
            }.events
            XCTAssertEqual(events, [.next(205, 0), .next(215, 1), .next(225, 2)])
        }
    }

    func testElementOperators() {
        withTestScheduler { scheduler in
            let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 2), .next(240, 3)])
            let driver = source.asDriver(onErrorJustReturn: -1)
            let mapped = scheduler.createObserver(String.self)
            let compact = scheduler.createObserver(Int.self)
            let filtered = scheduler.createObserver(Int.self)
            let distinct = scheduler.createObserver(Int.self)
            let scanned = scheduler.createObserver(Int.self)
            let skipped = scheduler.createObserver(Int.self)
            let started = scheduler.createObserver(Int.self)
            var sideEffects = [String]()
            var subscriptions = [Disposable]()
            scheduler.scheduleAt(200) {
                subscriptions = [
                    driver.map { "\($0)" }.drive(mapped),
                    driver.compactMap { $0 == 2 ? nil : $0 * 10 }.drive(compact),
                    driver.filter { $0 > 1 }.drive(filtered),
                    driver.distinctUntilChanged().drive(distinct),
                    driver.scan(0, accumulator: +).drive(scanned),
                    driver.skip(2).drive(skipped),
                    driver.startWith(0).drive(started),
                    driver.do(
                        onNext: { sideEffects.append("next \($0)") },
                        onSubscribe: { sideEffects.append("subscribe") }
                    ).drive(),
                ]
            }
            scheduler.scheduleAt(300) { subscriptions.forEach { $0.dispose() } }
            scheduler.start()

            XCTAssertEqual(mapped.events, [.next(211, "1"), .next(221, "2"), .next(231, "2"), .next(241, "3")])
            XCTAssertEqual(compact.events, [.next(211, 10), .next(241, 30)])
            XCTAssertEqual(filtered.events, [.next(221, 2), .next(231, 2), .next(241, 3)])
            XCTAssertEqual(distinct.events, [.next(211, 1), .next(221, 2), .next(241, 3)])
            XCTAssertEqual(scanned.events, [.next(211, 1), .next(221, 3), .next(231, 5), .next(241, 8)])
            XCTAssertEqual(skipped.events, [.next(231, 2), .next(241, 3)])
            XCTAssertEqual(started.events, [.next(200, 0), .next(211, 1), .next(221, 2), .next(231, 2), .next(241, 3)])
            XCTAssertEqual(sideEffects, ["subscribe", "next 1", "next 2", "next 2", "next 3"])
        }
    }

    func testDistinctUntilChangedForms() {
        withTestScheduler { scheduler in
            let source = scheduler.createHotObservable([
                .next(210, "a"), .next(220, "A"), .next(230, "bb"), .next(240, "cc"),
            ])
            let driver = source.asDriver(onErrorJustReturn: "")
            let byKey = scheduler.createObserver(String.self)
            let byComparer = scheduler.createObserver(String.self)
            let byKeyAndComparer = scheduler.createObserver(String.self)
            var subscriptions = [Disposable]()
            scheduler.scheduleAt(200) {
                subscriptions = [
                    driver.distinctUntilChanged { $0.count }.drive(byKey),
                    driver.distinctUntilChanged { $0.lowercased() == $1.lowercased() }.drive(byComparer),
                    driver.distinctUntilChanged({ $0.count }, comparer: { $0 == $1 }).drive(byKeyAndComparer),
                ]
            }
            scheduler.scheduleAt(300) { subscriptions.forEach { $0.dispose() } }
            scheduler.start()
            XCTAssertEqual(byKey.events, [.next(211, "a"), .next(231, "bb")])
            XCTAssertEqual(byComparer.events, [.next(211, "a"), .next(231, "bb"), .next(241, "cc")])
            XCTAssertEqual(byKeyAndComparer.events, byKey.events)
        }
    }

    func testFlatteningOperators() {
        withTestScheduler { scheduler in
            let outer = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
            let inner = scheduler.createHotObservable([.next(225, 10), .next(235, 20)])
            let driver = outer.asDriver(onErrorJustReturn: -1)
            let innerDriver = inner.asDriver(onErrorJustReturn: -1)
            let flat = scheduler.createObserver(Int.self)
            let latest = scheduler.createObserver(Int.self)
            let first = scheduler.createObserver(Int.self)
            let switched = scheduler.createObserver(Int.self)
            let merged = scheduler.createObserver(Int.self)
            var subscriptions = [Disposable]()
            scheduler.scheduleAt(200) {
                subscriptions = [
                    driver.flatMap { n in innerDriver.map { $0 + n } }.drive(flat),
                    driver.flatMapLatest { n in innerDriver.map { $0 + n } }.drive(latest),
                    driver.flatMapFirst { n in innerDriver.map { $0 + n } }.drive(first),
                    driver.map { n in innerDriver.map { $0 + n } }.switchLatest().drive(switched),
                    driver.map { n in innerDriver.map { $0 + n } }.merge(maxConcurrent: 1).drive(merged),
                ]
            }
            scheduler.scheduleAt(300) { subscriptions.forEach { $0.dispose() } }
            scheduler.start()
            // The inner Driver is shared: both outer elements see the same inner elements.
            XCTAssertEqual(flat.events, [.next(226, 11), .next(226, 12), .next(236, 21), .next(236, 22)])
            XCTAssertEqual(latest.events, [.next(226, 12), .next(236, 22)])
            XCTAssertEqual(first.events, [.next(226, 11), .next(236, 21)])
            XCTAssertEqual(switched.events, latest.events)
            XCTAssertEqual(merged.events, first.events)
        }
    }

    func testMergeConcatZipCombineLatest() {
        withTestScheduler { scheduler in
            let a = scheduler.createHotObservable([.next(210, 1), .next(230, 3)]).asDriver(onErrorJustReturn: -1)
            let b = scheduler.createHotObservable([.next(220, 2), .next(240, 4)]).asDriver(onErrorJustReturn: -1)
            let merged = scheduler.createObserver(Int.self)
            let mergedArray = scheduler.createObserver(Int.self)
            let zipped = scheduler.createObserver(String.self)
            let zippedTuple = scheduler.createObserver(Int.self)
            let combined = scheduler.createObserver(String.self)
            let combinedTuple = scheduler.createObserver(Int.self)
            let zippedCollection = scheduler.createObserver([Int].self)
            let combinedCollection = scheduler.createObserver(Int.self)
            let latestFrom = scheduler.createObserver(Int.self)
            let latestFromSelector = scheduler.createObserver(String.self)
            var subscriptions = [Disposable]()
            scheduler.scheduleAt(200) {
                subscriptions = [
                    Driver.merge(a, b).drive(merged),
                    Driver.merge([a, b]).drive(mergedArray),
                    Driver.zip(a, b) { "\($0)\($1)" }.drive(zipped),
                    Driver.zip(a, b).map { $0 + $1 }.drive(zippedTuple),
                    Driver.combineLatest(a, b) { "\($0)\($1)" }.drive(combined),
                    Driver.combineLatest(a, b).map { $0 * $1 }.drive(combinedTuple),
                    Driver.zip([a, b]).drive(zippedCollection),
                    Driver.combineLatest([a, b]) { $0.reduce(0, +) }.drive(combinedCollection),
                    b.withLatestFrom(a).drive(latestFrom),
                    b.withLatestFrom(a) { "\($0)-\($1)" }.drive(latestFromSelector),
                ]
            }
            scheduler.scheduleAt(300) { subscriptions.forEach { $0.dispose() } }
            scheduler.start()
            XCTAssertEqual(merged.events, [.next(211, 1), .next(221, 2), .next(231, 3), .next(241, 4)])
            XCTAssertEqual(mergedArray.events, merged.events)
            XCTAssertEqual(zipped.events, [.next(221, "12"), .next(241, "34")])
            XCTAssertEqual(zippedTuple.events, [.next(221, 3), .next(241, 7)])
            XCTAssertEqual(combined.events, [.next(221, "12"), .next(231, "32"), .next(241, "34")])
            XCTAssertEqual(combinedTuple.events, [.next(221, 2), .next(231, 6), .next(241, 12)])
            XCTAssertEqual(zippedCollection.events, [.next(221, [1, 2]), .next(241, [3, 4])])
            XCTAssertEqual(combinedCollection.events, [.next(221, 3), .next(231, 5), .next(241, 7)])
            XCTAssertEqual(latestFrom.events, [.next(221, 1), .next(241, 3)])
            XCTAssertEqual(latestFromSelector.events, [.next(221, "2-1"), .next(241, "4-3")])
        }
    }

    func testEightSourceArities() {
        withTestScheduler { scheduler in
            let d = (1...8).map { Driver.just($0) }
            let zipped = scheduler.start {
                Driver.zip(d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7]) { $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7 }
                    .asObservable()
            }
            XCTAssertEqual(zipped.events.first, .next(201, 36))
        }
        withTestScheduler { scheduler in
            let s = (1...8).map { Signal.just($0) }
            let combined = scheduler.start {
                Signal.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]).map { $0.0 + $0.7 }.asObservable()
            }
            XCTAssertEqual(combined.events.first, .next(201, 9))
        }
    }

    func testConcat() {
        withTestScheduler { scheduler in
            let events = scheduler.start { Driver.concat([Driver.of(1, 2), Driver.just(3)]).asObservable() }.events
            XCTAssertEqual(events, [.next(201, 1), .next(202, 2), .next(204, 3), .completed(204)])
        }
        withTestScheduler { scheduler in
            let events = scheduler.start {
                Driver.concat(AnySequence([Driver.just(1), Driver.just(2)])).asObservable()
            }.events
            XCTAssertEqual(events, [.next(201, 1), .next(202, 2), .completed(202)])
        }
    }

    func testTimeOperatorsRunOnTheSharingScheduler() {
        withTestScheduler { scheduler in
            let source = scheduler.createHotObservable([.next(210, 1), .next(212, 2), .next(230, 3)])
            let driver = source.asDriver(onErrorJustReturn: -1)
            let debounced = scheduler.createObserver(Int.self)
            let throttled = scheduler.createObserver(Int.self)
            let delayed = scheduler.createObserver(Int.self)
            var subscriptions = [Disposable]()
            scheduler.scheduleAt(200) {
                subscriptions = [
                    driver.debounce(.seconds(5)).drive(debounced),
                    driver.throttle(.seconds(5), latest: false).drive(throttled),
                    driver.delay(.seconds(100)).drive(delayed),
                ]
            }
            scheduler.scheduleAt(400) { subscriptions.forEach { $0.dispose() } }
            scheduler.start()
            XCTAssertEqual(debounced.events, [.next(218, 2), .next(236, 3)])
            XCTAssertEqual(throttled.events, [.next(211, 1), .next(231, 3)])
            XCTAssertEqual(delayed.events, [.next(311, 1), .next(313, 2), .next(331, 3)])
        }
    }

    func testSignalWithUnretainedCompletesWhenTheObjectIsGone() {
        final class Screen {}
        withTestScheduler { scheduler in
            let relay = PublishRelay<Int>()
            var screen: Screen? = Screen()
            var values = [Int]()
            var completed = false
            let subscription = relay.asSignal().withUnretained(screen!).emit(
                onNext: { _, value in values.append(value) },
                onCompleted: { completed = true }
            )
            relay.accept(1)
            scheduler.start()
            screen = nil
            relay.accept(2)
            scheduler.start()
            subscription.dispose()
            XCTAssertEqual(values, [1])
            XCTAssertTrue(completed)
        }
    }

}
