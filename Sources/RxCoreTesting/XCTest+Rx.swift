import RxCore
import XCTest

// The assertion overloads RxTest offers, so that failures print the events readably.

/// Asserts two arrays of events are equal.
public func XCTAssertEqual<T: Equatable>(
    _ lhs: [Event<T>],
    _ rhs: [Event<T>],
    file: StaticString = #file,
    line: UInt = #line
) {
    let leftEquatable = lhs.map { AnyEquatable(target: $0, comparer: ==) }
    let rightEquatable = rhs.map { AnyEquatable(target: $0, comparer: ==) }
    XCTAssertEqual(leftEquatable, rightEquatable, file: file, line: line)
    if leftEquatable == rightEquatable { return }
    printSequenceDifferences(lhs, rhs, ==)
}

/// Asserts two arrays of recorded events are equal.
public func XCTAssertEqual<T: Equatable>(
    _ lhs: [Recorded<Event<T>>],
    _ rhs: [Recorded<Event<T>>],
    file: StaticString = #file,
    line: UInt = #line
) {
    let leftEquatable = lhs.map { AnyEquatable(target: $0, comparer: ==) }
    let rightEquatable = rhs.map { AnyEquatable(target: $0, comparer: ==) }
    XCTAssertEqual(leftEquatable, rightEquatable, file: file, line: line)
    if leftEquatable == rightEquatable { return }
    printSequenceDifferences(lhs, rhs, ==)
}

/// Asserts two arrays of recorded events of optionals are equal.
public func XCTAssertEqual<T: Equatable>(
    _ lhs: [Recorded<Event<T?>>],
    _ rhs: [Recorded<Event<T?>>],
    file: StaticString = #file,
    line: UInt = #line
) {
    let leftEquatable = lhs.map { AnyEquatable(target: $0, comparer: ==) }
    let rightEquatable = rhs.map { AnyEquatable(target: $0, comparer: ==) }
    XCTAssertEqual(leftEquatable, rightEquatable, file: file, line: line)
    if leftEquatable == rightEquatable { return }
    printSequenceDifferences(lhs, rhs, ==)
}

/// Asserts the `next` elements of recorded events, ignoring their times. Fails if the stream
/// holds a terminal event (`completed` or `error`).
public func XCTAssertRecordedElements<T: Equatable>(
    _ stream: [Recorded<Event<T>>],
    _ elements: [T],
    file: StaticString = #file,
    line: UInt = #line
) {
    if let stopEvent = stream.first(where: { $0.value.isStopEvent }) {
        XCTFail("A non-next stop event has been emitted: \(stopEvent)", file: file, line: line)
        return
    }
    let streamElements = stream.compactMap { $0.value.element }
    XCTAssertEqual(streamElements, elements, file: file, line: line)
    if streamElements != elements {
        printSequenceDifferences(streamElements, elements, ==)
    }
}

struct AnyEquatable<Target>: Equatable, CustomDebugStringConvertible, CustomStringConvertible {
    typealias Comparer = (Target, Target) -> Bool

    let target: Target
    let comparer: Comparer

    static func == (lhs: AnyEquatable<Target>, rhs: AnyEquatable<Target>) -> Bool {
        lhs.comparer(lhs.target, rhs.target)
    }

    var description: String { "\(target)" }
    var debugDescription: String { "\(target)" }
}

func printSequenceDifferences<Element>(_ lhs: [Element], _ rhs: [Element], _ equal: (Element, Element) -> Bool) {
    print("Differences:")
    for (index, elements) in zip(lhs, rhs).enumerated() where !equal(elements.0, elements.1) {
        print("lhs[\(index)]:\n    \(elements.0)")
        print("rhs[\(index)]:\n    \(elements.1)")
    }
    let shortest = min(lhs.count, rhs.count)
    for (index, element) in lhs[shortest...].enumerated() {
        print("lhs[\(index + shortest)]:\n    \(element)")
    }
    for (index, element) in rhs[shortest...].enumerated() {
        print("rhs[\(index + shortest)]:\n    \(element)")
    }
}
