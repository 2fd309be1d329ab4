#if TRACE_RESOURCES
@testable import RxCore
import XCTest

/// `SubjectActivity` counts the observers that live subjects hold, by subject type: what lets a
/// report say that a leaked subscription is kept by a subject's observer list.
final class SubjectActivityTests: RxTestCase {
    /// This test's subjects' observers: what `observersBySubjectType` says now, minus what it
    /// said at `baseline` (other tests' subjects may still be alive).
    private func observers(since baseline: [String: Int]) -> [String: Int] {
        var counts = SubjectActivity.observersBySubjectType
        for (type, count) in baseline { counts[type, default: 0] -= count }
        return counts.filter { $0.value != 0 }
    }

    func testCountsObserversOfLiveSubjectsByType() {
        let baseline = SubjectActivity.observersBySubjectType
        let numbers = PublishSubject<Int>()
        let moreNumbers = PublishSubject<Int>()
        let text = BehaviorSubject(value: "")
        let first = numbers.subscribe(onNext: { _ in })
        let second = numbers.subscribe(onNext: { _ in })
        let third = moreNumbers.subscribe(onNext: { _ in })
        let fourth = text.subscribe(onNext: { _ in })
        XCTAssertEqual(observers(since: baseline), ["PublishSubject<Int>": 3, "BehaviorSubject<String>": 1])

        second.dispose()
        fourth.dispose()
        XCTAssertEqual(observers(since: baseline), ["PublishSubject<Int>": 2])

        first.dispose()
        third.dispose()
        XCTAssertEqual(observers(since: baseline), [:])
    }

    /// A freed subject no longer counts, and the next subject to get an observer takes its
    /// place in the table without disturbing the others.
    func testFreedSubjectsLeaveAndTheirSlotsAreReused() {
        let baseline = SubjectActivity.observersBySubjectType
        let kept = PublishSubject<Int>()
        let keptSubscription = kept.subscribe(onNext: { _ in })
        var freedSubscription: Disposable?
        do {
            // `create(bufferSize: 1)` makes a `ReplayBuffer`, the name reports show.
            let freed = ReplaySubject<Int>.create(bufferSize: 1)
            freedSubscription = freed.subscribe(onNext: { _ in })
            XCTAssertEqual(observers(since: baseline), ["PublishSubject<Int>": 1, "ReplayBuffer<Int>": 1])
        }
        // The subscription does not keep its subject: with the subject gone, only `kept` counts.
        XCTAssertEqual(observers(since: baseline), ["PublishSubject<Int>": 1])

        let next = PublishSubject<String>()
        let nextSubscription = next.subscribe(onNext: { _ in })
        XCTAssertEqual(observers(since: baseline), ["PublishSubject<Int>": 1, "PublishSubject<String>": 1])

        nextSubscription.dispose()
        keptSubscription.dispose()
        freedSubscription?.dispose()
        XCTAssertEqual(observers(since: baseline), [:])
    }
}
#endif
