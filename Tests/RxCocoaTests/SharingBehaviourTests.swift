import Foundation
import RxBlocking
import RxCocoa
import RxRelay
import RxSwift
import RxTest
import XCTest

// RxCocoa's documented behaviour: a Driver replays its latest element to a late subscriber and
// a Signal does not, errors become the fallback, both share one subscription while connected,
// and SharingScheduler.mock moves delivery onto the given scheduler.
final class SharingBehaviourTests: RxCocoaTestCase {
    func testDriverReplaysLatestElementToLateSubscriber() {
        withTestScheduler { scheduler in
            let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(240, 3)])
            let driver = source.asDriver(onErrorJustReturn: -1)
            let early = scheduler.createObserver(Int.self)
            let late = scheduler.createObserver(Int.self)
            var subscriptions = [Disposable]()
            scheduler.scheduleAt(200) { subscriptions.append(driver.drive(early)) }
            scheduler.scheduleAt(230) { subscriptions.append(driver.drive(late)) }
            scheduler.scheduleAt(300) { subscriptions.forEach { $0.dispose() } }
            scheduler.start()

            // observe(on:) a TestScheduler delivers one tick later (RxTest simulates processing
            // time); the replay to the late subscriber happens inside its subscribe, at 230.
            XCTAssertEqual(early.events, [.next(211, 1), .next(221, 2), .next(241, 3)])
            XCTAssertEqual(late.events, [.next(230, 2), .next(241, 3)])
            XCTAssertEqual(source.subscriptions, [Subscription(200, 300)])
        }
    }

    func testSignalDoesNotReplayToLateSubscriber() {
        withTestScheduler { scheduler in
            let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(240, 3)])
            let signal = source.asSignal(onErrorJustReturn: -1)
            let early = scheduler.createObserver(Int.self)
            let late = scheduler.createObserver(Int.self)
            var subscriptions = [Disposable]()
            scheduler.scheduleAt(200) { subscriptions.append(signal.emit(to: early)) }
            scheduler.scheduleAt(230) { subscriptions.append(signal.emit(to: late)) }
            scheduler.scheduleAt(300) { subscriptions.forEach { $0.dispose() } }
            scheduler.start()

            XCTAssertEqual(early.events, [.next(211, 1), .next(221, 2), .next(241, 3)])
            XCTAssertEqual(late.events, [.next(241, 3)])
            XCTAssertEqual(source.subscriptions, [Subscription(200, 300)])
        }
    }

    func testSharingIsWhileConnected() {
        withTestScheduler { scheduler in
            let source = scheduler.createColdObservable([.next(10, 1), .next(20, 2)])
            let driver = source.asDriver(onErrorJustReturn: -1)
            let first = scheduler.createObserver(Int.self)
            let second = scheduler.createObserver(Int.self)
            var subscription: Disposable?
            scheduler.scheduleAt(200) { subscription = driver.drive(first) }
            scheduler.scheduleAt(250) { subscription?.dispose() }
            scheduler.scheduleAt(300) { subscription = driver.drive(second) }
            scheduler.scheduleAt(400) { subscription?.dispose() }
            scheduler.start()

            // After the last observer left, the cached element is gone and the source restarts.
            XCTAssertEqual(first.events, [.next(211, 1), .next(221, 2)])
            XCTAssertEqual(second.events, [.next(311, 1), .next(321, 2)])
            XCTAssertEqual(source.subscriptions, [Subscription(200, 250), Subscription(300, 400)])
        }
    }

    func testDriverErrorBecomesJustReturnFallback() {
        withTestScheduler { scheduler in
            let source = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
            let observer = scheduler.start { source.asDriver(onErrorJustReturn: -1) }
            XCTAssertEqual(observer.events, [.next(211, 1), .next(221, -1), .completed(221)])
        }
    }

    func testDriverErrorContinuesWithDriveWithFallback() {
        withTestScheduler { scheduler in
            let source = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
            let observer = scheduler.start { source.asDriver(onErrorDriveWith: Driver.of(7, 8)) }
            // The fallback's elements are scheduled one by one on the test scheduler.
            XCTAssertEqual(observer.events, [.next(211, 1), .next(222, 7), .next(223, 8), .completed(224)])
        }
    }

    func testDriverErrorIsPassedToRecover() {
        withTestScheduler { scheduler in
            let source = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
            var recovered: Error?
            let observer = scheduler.start {
                source.asDriver(onErrorRecover: { error in
                    recovered = error
                    return Driver.just(9)
                })
            }
            XCTAssertEqual(observer.events, [.next(211, 1), .next(222, 9), .completed(222)])
            XCTAssertEqual(recovered as NSError?, testError)
        }
    }

    func testSignalErrorBecomesFallbacks() {
        withTestScheduler { scheduler in
            let source = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
            let justReturn = scheduler.start { source.asSignal(onErrorJustReturn: -1) }
            XCTAssertEqual(justReturn.events, [.next(211, 1), .next(221, -1), .completed(221)])
        }
        withTestScheduler { scheduler in
            let source = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
            let signalWith = scheduler.start { source.asSignal(onErrorSignalWith: Signal.just(5)) }
            XCTAssertEqual(signalWith.events, [.next(211, 1), .next(222, 5), .completed(222)])
        }
        withTestScheduler { scheduler in
            let source = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
            let recover = scheduler.start { source.asSignal(onErrorRecover: { _ in Signal.empty() }) }
            XCTAssertEqual(recover.events, [.next(211, 1), .completed(222)])
        }
    }

    func testMockMovesDeliveryOntoTheTestScheduler() {
        XCTAssertTrue(DriverSharingStrategy.scheduler is MainScheduler)
        withTestScheduler { scheduler in
            XCTAssertTrue(DriverSharingStrategy.scheduler as AnyObject === scheduler)
            XCTAssertTrue(SignalSharingStrategy.scheduler as AnyObject === scheduler)
            var received = [Int]()
            let subscription = Driver.just(1).drive(onNext: { received.append($0) })
            XCTAssertEqual(received, [], "nothing is delivered until the test scheduler runs")
            scheduler.start()
            XCTAssertEqual(received, [1])
            subscription.dispose()
        }
        XCTAssertTrue(SignalSharingStrategy.scheduler is MainScheduler, "mock restores the main scheduler")
    }

    func testMockRestoresSchedulerWhenActionThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        XCTAssertThrowsError(try SharingScheduler.mock(scheduler: scheduler) { throw testError })
        XCTAssertTrue(SharingScheduler.make() is MainScheduler)
    }

    func testRelaysAndInfallibleAsSharedSequences() {
        withTestScheduler { scheduler in
            let behavior = BehaviorRelay(value: 1)
            let publish = PublishRelay<Int>()
            let driven = scheduler.createObserver(Int.self)
            let emitted = scheduler.createObserver(Int.self)
            let infallible = scheduler.createObserver(Int.self)
            let subscriptions = [
                behavior.asDriver().drive(driven),
                publish.asSignal().emit(to: emitted),
                Infallible.just(3).asDriver().drive(infallible),
            ]
            scheduler.scheduleAt(10) {
                behavior.accept(2)
                publish.accept(20)
            }
            scheduler.start()
            subscriptions.forEach { $0.dispose() }

            XCTAssertEqual(driven.events, [.next(1, 1), .next(11, 2)])
            XCTAssertEqual(emitted.events, [.next(11, 20)])
            XCTAssertEqual(infallible.events, [.next(1, 3), .completed(2)])
        }
    }

    func testDriverOnTheMainSchedulerDeliversOnTheMainThread() throws {
        // toBlocking() runs the main run loop while it waits, so MainScheduler work flows.
        var threads = [Bool]()
        let values = try Observable.of(1, 2)
            .subscribe(on: ConcurrentDispatchQueueScheduler(qos: .default))
            .asDriver(onErrorJustReturn: -1)
            .do(onNext: { _ in threads.append(Thread.isMainThread) })
            .asInfallible()
            .asObservable()
            .toBlocking(timeout: 5)
            .toArray()
        XCTAssertEqual(values, [1, 2])
        XCTAssertEqual(threads, [true, true])
    }
}
