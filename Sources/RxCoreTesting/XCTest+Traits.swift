import RxCore
import XCTest

// RxTest's assertion overloads for trait events.

/// Asserts two arrays of `Single` events are equal.
public func XCTAssertEqual<T: Equatable>(
    _ lhs: [SingleEvent<T>],
    _ rhs: [SingleEvent<T>],
    file: StaticString = #file,
    line: UInt = #line
) {
    let leftEquatable = lhs.map { AnyEquatable(target: $0, comparer: singleEventsAreEqual) }
    let rightEquatable = rhs.map { AnyEquatable(target: $0, comparer: singleEventsAreEqual) }
    XCTAssertEqual(leftEquatable, rightEquatable, file: file, line: line)
    if leftEquatable == rightEquatable { return }
    printSequenceDifferences(lhs, rhs, singleEventsAreEqual)
}

/// Asserts two arrays of `Maybe` events are equal.
public func XCTAssertEqual<T: Equatable>(
    _ lhs: [MaybeEvent<T>],
    _ rhs: [MaybeEvent<T>],
    file: StaticString = #file,
    line: UInt = #line
) {
    let leftEquatable = lhs.map { AnyEquatable(target: $0, comparer: ==) }
    let rightEquatable = rhs.map { AnyEquatable(target: $0, comparer: ==) }
    XCTAssertEqual(leftEquatable, rightEquatable, file: file, line: line)
    if leftEquatable == rightEquatable { return }
    printSequenceDifferences(lhs, rhs, ==)
}

/// Asserts two arrays of `Completable` events are equal.
public func XCTAssertEqual(
    _ lhs: [CompletableEvent],
    _ rhs: [CompletableEvent],
    file: StaticString = #file,
    line: UInt = #line
) {
    let leftEquatable = lhs.map { AnyEquatable(target: $0, comparer: ==) }
    let rightEquatable = rhs.map { AnyEquatable(target: $0, comparer: ==) }
    XCTAssertEqual(leftEquatable, rightEquatable, file: file, line: line)
    if leftEquatable == rightEquatable { return }
    printSequenceDifferences(lhs, rhs, ==)
}
