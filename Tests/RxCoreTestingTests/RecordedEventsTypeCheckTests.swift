import RxCore
import RxCoreTesting
import XCTest

// A compile-time guard as much as a test: RxSwift suites build their expected events with
// arithmetic inside `Recorded.events(…)`, and this file must keep type-checking quickly.
// With RxTest's two declarations (variadic, and one array) each call below checks in about
// 0.1 s. With two variadic overloads (`Recorded<Event<T>>...` and `[Recorded<Event<T>>]...`,
// a shape RxTest never had) Swift 6.3.1 gives up on every call here with four or
// more events: "the compiler is unable to type-check this expression in reasonable time",
// and this test target stops compiling.
final class RecordedEventsTypeCheckTests: XCTestCase {
    func testArithmeticInsideVariadicEvents() {
        let three = Recorded.events(.next(210, 0 * 10 + 1), .next(220, 1 * 10 + 1), .completed(300))
        XCTAssertEqual(three, [.next(210, 1), .next(220, 11), .completed(300)])

        let seven = Recorded.events(
            .next(210, 0 * 10 + 1),
            .next(220, 1 * 10 + 1),
            .next(230, 2 * 10 + 1),
            .next(240, 3 * 10 + 1),
            .next(250, 4 * 10 + 1),
            .next(260, 5 * 10 + 1),
            .completed(300)
        )
        XCTAssertEqual(seven.map(\.time), [210, 220, 230, 240, 250, 260, 300])
        XCTAssertEqual(seven.compactMap(\.value.element), [1, 11, 21, 31, 41, 51])
    }

    func testArithmeticInTimesAndElementsOfTheArrayForm() {
        let base = 200
        let events = Recorded.events([
            .next(base + 10, 2 * 3),
            .next(base + 20, 4 * 5 - 1),
            .next(base + 30, 100 / 4 + 1),
            .error(base + 40, RxError.unknown),
        ])
        XCTAssertEqual(events.map(\.time), [210, 220, 230, 240])
        XCTAssertEqual(events.compactMap(\.value.element), [6, 19, 26])
        XCTAssertNotNil(events.last?.value.error)
    }
}
