import Foundation
import RxCore
import RxCoreTesting
import XCTest

private struct Point: Decodable, Equatable {
    let x: Int
    let y: Int
}

/// A decoder of our own, to show that any `DataDecoder` is accepted.
private struct CommaSeparatedDecoder: DataDecoder {
    struct Malformed: Error {}

    func decode<Item: Decodable>(_ type: Item.Type, from data: Data) throws -> Item {
        let text = String(decoding: data, as: UTF8.self)
        let json = "[" + text + "]"
        return try JSONDecoder().decode(type, from: Data(json.utf8))
    }
}

final class DecodeTests: RxTestCase {
    func testDecodesEachDataElementWithJSONDecoder() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, Data(#"{"x": 1, "y": 2}"#.utf8)),
            .next(220, Data(#"{"x": 3, "y": 4}"#.utf8)),
            .completed(230),
        ])
        let res = scheduler.start { xs.decode(type: Point.self, decoder: JSONDecoder()) }
        XCTAssertEqual(res.events, [.next(210, Point(x: 1, y: 2)), .next(220, Point(x: 3, y: 4)), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testMalformedDataEndsWithTheDecodingError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, Data(#"{"x": 1, "y": 2}"#.utf8)),
            .next(220, Data(#"{"x": "one"}"#.utf8)),
            .next(230, Data(#"{"x": 5, "y": 6}"#.utf8)),
            .completed(240),
        ])
        let res = scheduler.start { xs.decode(type: Point.self, decoder: JSONDecoder()) }
        XCTAssertEqual(res.events.count, 2)
        XCTAssertEqual(res.events.first, .next(210, Point(x: 1, y: 2)))
        XCTAssertEqual(res.events.last?.time, 220)
        XCTAssertTrue(res.events.last?.value.error is DecodingError)
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testAcceptsACustomDataDecoder() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, Data("1,2,3".utf8)), .completed(220)])
        let res = scheduler.start { xs.decode(type: [Int].self, decoder: CommaSeparatedDecoder()) }
        XCTAssertEqual(res.events, [.next(210, [1, 2, 3]), .completed(220)])
    }

    func testPropertyListDecoderIsADataDecoder() throws {
        let encoded = try PropertyListEncoder().encode(["a": 1])
        let decoder: DataDecoder = PropertyListDecoder()
        XCTAssertEqual(try decoder.decode([String: Int].self, from: encoded), ["a": 1])
    }
}
