import Foundation
import RxCore
import RxCoreTesting
import XCTest

final class EventTests: RxTestCase {
    func testElement() {
        XCTAssertEqual(Event.next(1).element, 1)
        XCTAssertNil(Event<Int>.completed.element)
        XCTAssertNil(Event<Int>.error(testError).element)
    }

    func testErrorAccessor() {
        XCTAssertNil(Event.next(1).error)
        XCTAssertNil(Event<Int>.completed.error)
        XCTAssertEqual(Event<Int>.error(testError).error as NSError?, testError)
    }

    func testIsStopEvent() {
        XCTAssertFalse(Event.next(1).isStopEvent)
        XCTAssertTrue(Event<Int>.completed.isStopEvent)
        XCTAssertTrue(Event<Int>.error(testError).isStopEvent)
    }

    func testIsCompleted() {
        XCTAssertFalse(Event.next(1).isCompleted)
        XCTAssertTrue(Event<Int>.completed.isCompleted)
        XCTAssertFalse(Event<Int>.error(testError).isCompleted)
    }

    func testMapTransformsNext() {
        XCTAssertEqual(Event.next(2).map { $0 * 10 }, .next(20))
    }

    func testMapKeepsTerminalEvents() {
        XCTAssertEqual(Event<Int>.completed.map { "\($0)" }, .completed)
        XCTAssertEqual(Event<Int>.error(testError).map { "\($0)" }, .error(testError))
    }

    func testMapThrowingBecomesError() {
        let mapped: Event<String> = Event.next(1).map { _ in throw testError2 }
        XCTAssertEqual(mapped, .error(testError2))
    }

    func testDebugDescription() {
        XCTAssertEqual(Event.next(1).debugDescription, "next(1)")
        XCTAssertEqual(Event<Int>.completed.debugDescription, "completed")
        XCTAssertEqual("\(Event<Int>.completed)", "completed")
        XCTAssertTrue(Event<Int>.error(testError).debugDescription.hasPrefix("error("))
    }

    func testEventConvertible() {
        let event: Event<Int> = .next(3)
        XCTAssertEqual(event.event, .next(3))
    }

    func testEquality() {
        XCTAssertEqual(Event.next(1), Event.next(1))
        XCTAssertNotEqual(Event.next(1), Event.next(2))
        XCTAssertNotEqual(Event.next(1), Event.completed)
        XCTAssertEqual(Event<Int>.error(testError), Event<Int>.error(testError))
        XCTAssertNotEqual(Event<Int>.error(testError), Event<Int>.error(testError2))
    }

    func testObserverConveniences() {
        var events: [Event<Int>] = []
        let observer = AnyObserver<Int> { events.append($0) }
        observer.onNext(1)
        observer.onCompleted()
        observer.onError(testError)
        XCTAssertEqual(events, [.next(1), .completed, .error(testError)])
    }

    func testMapObserver() {
        var events: [Event<Int>] = []
        let observer = AnyObserver<Int> { events.append($0) }
        let stringObserver: AnyObserver<String> = observer.mapObserver { Int($0)! }
        stringObserver.onNext("7")
        stringObserver.onCompleted()
        XCTAssertEqual(events, [.next(7), .completed])
    }

    func testRxErrorDescriptions() {
        XCTAssertEqual(RxError.noElements.debugDescription, "Sequence doesn't contain any elements.")
        XCTAssertEqual(RxError.moreThanOneElement.debugDescription, "Sequence contains more than one element.")
        XCTAssertEqual(RxError.timeout.debugDescription, "Sequence timeout.")
        XCTAssertEqual(RxError.argumentOutOfRange.debugDescription, "Argument out of range.")
        XCTAssertEqual(RxError.overflow.debugDescription, "Arithmetic overflow occurred.")
        XCTAssertEqual(RxError.unknown.debugDescription, "Unknown error occurred.")
    }
}
