import Foundation
import RxBlocking
import RxCocoa
import RxRelay
import RxSwift
import RxTest
import XCTest

// ControlProperty and ControlEvent as a view model's tests build them (no UIKit): values and a
// sink, `changed`, `orEmpty`, and the conversions to Driver and Signal.
final class ControlTests: RxCocoaTestCase {
    func testControlPropertySendsValuesAndSetsThroughItsSink() {
        withTestScheduler { scheduler in
            let text = BehaviorRelay<String?>(value: "a")
            var written = [String?]()
            let property = ControlProperty(
                values: text.asObservable(),
                valueSink: AnyObserver<String?> { event in
                    if case .next(let value) = event { written.append(value) }
                }
            )
            let values = scheduler.createObserver(String?.self)
            let subscription = property.subscribe(values)
            property.onNext("typed")
            scheduler.start()
            text.accept("b")
            subscription.dispose()

            // ConcurrentMainScheduler subscribes at once on the main thread.
            XCTAssertEqual(values.events, [.next(0, "a"), .next(0, "b")])
            XCTAssertEqual(written, ["typed"])
        }
    }

    func testChangedSkipsTheCurrentValue() throws {
        let text = BehaviorRelay<String?>(value: "a")
        let property = ControlProperty(values: text.asObservable(), valueSink: AnyObserver<String?> { _ in })
        var changes = [String?]()
        let subscription = property.changed.subscribe(onNext: { changes.append($0) })
        text.accept("b")
        text.accept(nil)
        subscription.dispose()
        XCTAssertEqual(changes, ["b", nil])
    }

    func testOrEmptyReadsNilAsEmptyString() {
        let text = BehaviorRelay<String?>(value: nil)
        var written = [String?]()
        let property = ControlProperty(
            values: text.asObservable(),
            valueSink: AnyObserver<String?> { event in
                if case .next(let value) = event { written.append(value) }
            }
        )
        var values = [String]()
        let subscription = property.orEmpty.subscribe(onNext: { values.append($0) })
        text.accept("x")
        property.orEmpty.onNext("set")
        subscription.dispose()
        XCTAssertEqual(values, ["", "x"])
        XCTAssertEqual(written, ["set"])
    }

    func testControlEventAsDriverAndSignal() {
        withTestScheduler { scheduler in
            let taps = PublishSubject<Void>()
            let event = ControlEvent(events: taps)
            var driven = 0
            var emitted = 0
            let subscriptions = [
                event.asDriver().drive(onNext: { driven += 1 }),
                event.asSignal().emit(onNext: { emitted += 1 }),
            ]
            taps.onNext(())
            taps.onNext(())
            scheduler.start()
            subscriptions.forEach { $0.dispose() }
            XCTAssertEqual(driven, 2)
            XCTAssertEqual(emitted, 2)
        }
    }

    func testControlPropertyAsDriverReplaysTheCurrentValue() {
        withTestScheduler { scheduler in
            let value = BehaviorRelay(value: 1)
            let driver = ControlProperty(values: value.asObservable(), valueSink: AnyObserver<Int> { _ in }).asDriver()
            var first = [Int]()
            var late = [Int]()
            let subscription = driver.drive(onNext: { first.append($0) })
            scheduler.start()
            let lateSubscription = driver.drive(onNext: { late.append($0) })
            subscription.dispose()
            lateSubscription.dispose()
            XCTAssertEqual(first, [1])
            XCTAssertEqual(late, [1])
        }
    }

    func testControlEventAsInfallible() throws {
        let event = ControlEvent(events: Observable.of(1, 2))
        XCTAssertEqual(try event.asInfallible().asObservable().toBlocking().toArray(), [1, 2])
    }

    func testNotificationCenterNotificationStopsObservingOnDispose() {
        let center = NotificationCenter()
        let name = Notification.Name("RxCocoaTests.ping")
        let sender = NSObject()
        var received = [Notification.Name]()
        let subscription = center.rx.notification(name, object: sender).subscribe(onNext: { received.append($0.name) })
        center.post(name: name, object: sender)
        center.post(name: name, object: NSObject())
        subscription.dispose()
        center.post(name: name, object: sender)
        XCTAssertEqual(received, [name])
    }
}
