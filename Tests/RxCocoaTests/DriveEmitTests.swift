import RxCocoa
import RxRelay
import RxSwift
import RxTest
import XCTest

// Every overload of drive and emit, as RxCocoa 6.10 offers them, delivering what they promise.
final class DriveEmitTests: RxCocoaTestCase {
    private final class Owner {
        var seen = [Int]()
    }

    func testDriveToObserversRelaysAndClosures() throws {
        try withTestScheduler { scheduler in
            let driver = Driver.of(1, 2)
            let observer = scheduler.createObserver(Int.self)
            let optionalObserver = scheduler.createObserver(Int?.self)
            let behavior = BehaviorRelay(value: 0)
            let optionalBehavior = BehaviorRelay<Int?>(value: nil)
            let replay = ReplayRelay<Int>.create(bufferSize: 5)
            let optionalReplay = ReplayRelay<Int?>.create(bufferSize: 5)
            var closureValues = [Int]()
            var completed = false
            var disposed = false
            let owner = Owner()

            let subscriptions = [
                driver.drive(observer),
                driver.drive(optionalObserver),
                driver.drive(behavior),
                driver.drive(optionalBehavior),
                driver.drive(replay),
                driver.drive(optionalReplay),
                driver.drive(
                    onNext: { closureValues.append($0) },
                    onCompleted: { completed = true },
                    onDisposed: { disposed = true }
                ),
                driver.drive(with: owner, onNext: { owner, value in owner.seen.append(value) }),
                driver.drive(),
            ]
            scheduler.start()
            subscriptions.forEach { $0.dispose() }

            XCTAssertEqual(observer.events, [.next(1, 1), .next(2, 2), .completed(3)])
            XCTAssertEqual(optionalObserver.events, [.next(1, 1), .next(2, 2), .completed(3)])
            XCTAssertEqual(behavior.value, 2)
            XCTAssertEqual(optionalBehavior.value, 2)
            XCTAssertEqual(try replay.asObservable().take(2).toArray().toBlocking().first(), [1, 2])
            XCTAssertEqual(try optionalReplay.asObservable().take(2).toArray().toBlocking().first(), [1, 2])
            XCTAssertEqual(closureValues, [1, 2])
            XCTAssertTrue(completed)
            XCTAssertTrue(disposed)
            XCTAssertEqual(owner.seen, [1, 2])
        }
    }

    func testDriveWithBinderFunctions() {
        withTestScheduler { scheduler in
            let driver = Driver.just(5)
            var received = [Int]()
            let subscription = driver.drive { (source: Observable<Int>) -> Disposable in
                source.subscribe(onNext: { received.append($0) })
            }
            let curried = driver.drive(
                { (source: Observable<Int>) in
                    { (offset: Int) -> Disposable in
                        source.subscribe(onNext: { received.append($0 + offset) })
                    }
                },
                curriedArgument: 100
            )
            scheduler.start()
            subscription.dispose()
            curried.dispose()
            XCTAssertEqual(received.sorted(), [5, 105])
        }
    }

    func testDriveWithDoesNotRetainTheObject() {
        withTestScheduler { scheduler in
            let relay = BehaviorRelay(value: 1)
            var owner: Owner? = Owner()
            weak var weakOwner = owner
            let subscription = relay.asDriver().drive(
                with: owner!,
                onNext: { owner, value in owner.seen.append(value) }
            )
            scheduler.start()
            XCTAssertEqual(owner?.seen, [1])
            owner = nil
            XCTAssertNil(weakOwner, "drive(with:) holds its object weakly")
            relay.accept(2)
            scheduler.start()
            subscription.dispose()
        }
    }

    func testEmitToObserversRelaysAndClosures() throws {
        try withTestScheduler { scheduler in
            let relay = PublishRelay<Int>()
            let signal = relay.asSignal()
            let observer = scheduler.createObserver(Int.self)
            let optionalObserver = scheduler.createObserver(Int?.self)
            let publish = PublishRelay<Int>()
            let optionalPublish = PublishRelay<Int?>()
            let forwarded = scheduler.createObserver(Int.self)
            let optionalForwarded = scheduler.createObserver(Int?.self)
            let behavior = BehaviorRelay(value: 0)
            let optionalBehavior = BehaviorRelay<Int?>(value: nil)
            let replay = ReplayRelay<Int>.create(bufferSize: 1)
            let optionalReplay = ReplayRelay<Int?>.create(bufferSize: 1)
            var closureValues = [Int]()
            var disposed = false
            let owner = Owner()

            let subscriptions = [
                publish.bind(to: forwarded),
                optionalPublish.bind(to: optionalForwarded),
                signal.emit(to: observer),
                signal.emit(to: optionalObserver),
                signal.emit(to: publish),
                signal.emit(to: optionalPublish),
                signal.emit(to: behavior),
                signal.emit(to: optionalBehavior),
                signal.emit(to: replay),
                signal.emit(to: optionalReplay),
                signal.emit(onNext: { closureValues.append($0) }, onDisposed: { disposed = true }),
                signal.emit(with: owner, onNext: { owner, value in owner.seen.append(value) }),
                signal.emit(),
            ]
            scheduler.scheduleAt(10) { relay.accept(7) }
            scheduler.start()
            subscriptions.forEach { $0.dispose() }

            XCTAssertEqual(observer.events, [.next(11, 7)])
            XCTAssertEqual(optionalObserver.events, [.next(11, 7)])
            XCTAssertEqual(forwarded.events, [.next(11, 7)])
            XCTAssertEqual(optionalForwarded.events, [.next(11, 7)])
            XCTAssertEqual(behavior.value, 7)
            XCTAssertEqual(optionalBehavior.value, 7)
            XCTAssertEqual(try replay.asObservable().take(1).toBlocking().first(), 7)
            XCTAssertEqual(try optionalReplay.asObservable().take(1).toBlocking().first(), 7)
            XCTAssertEqual(closureValues, [7])
            XCTAssertTrue(disposed)
            XCTAssertEqual(owner.seen, [7])
        }
    }

    func testEmitOffTheMainThreadIsAllowedAsInRxCocoa() {
        // RxCocoa checks the thread in drive only: a Signal replays nothing, so an emit made on a
        // background thread cannot receive anything on that thread.
        withTestScheduler { scheduler in
            let relay = PublishRelay<Int>()
            var received = [Int]()
            var subscription: Disposable?
            let subscribed = expectation(description: "subscribed on a background thread")
            DispatchQueue.global().async {
                subscription = relay.asSignal().emit(onNext: { received.append($0) })
                subscribed.fulfill()
            }
            wait(for: [subscribed], timeout: 5)
            relay.accept(1)
            scheduler.start()
            subscription?.dispose()
            XCTAssertEqual(received, [1])
        }
    }

    func testBindWithHoldsTheObjectWeakly() {
        let subject = PublishSubject<Int>()
        var owner: Owner? = Owner()
        weak var weakOwner = owner
        let subscription = subject.bind(with: owner!, onNext: { owner, value in owner.seen.append(value) })
        subject.onNext(1)
        XCTAssertEqual(owner?.seen, [1])
        owner = nil
        XCTAssertNil(weakOwner)
        subject.onNext(2)
        subscription.dispose()
    }

    func testBindFromObservableAndInfallibleToObserversAndRelays() {
        let subject = PublishSubject<Int>()
        let relay = BehaviorRelay(value: 0)
        let optionalRelay = PublishRelay<Int?>()
        var optionals = [Int?]()
        var received = [Int]()
        let subscriptions = [
            optionalRelay.subscribe(onNext: { optionals.append($0) }),
            subject.bind(to: relay),
            subject.bind(to: optionalRelay),
            subject.asInfallible(onErrorJustReturn: -1).bind(onNext: { received.append($0) }),
        ]
        subject.onNext(3)
        subscriptions.forEach { $0.dispose() }
        XCTAssertEqual(relay.value, 3)
        XCTAssertEqual(optionals, [3])
        XCTAssertEqual(received, [3])
    }
}
