#if TRACE_RESOURCES
import RxCore
import RxCoreTesting
import TestSupport
import XCTest

/// Traced builds report an element sent to a disposed subscription on the same serial scheduler
/// (anomaly 3); an operator that keeps working for others after one subscriber left must not.
final class GroupByAnomalyTests: RxCoreTestingTestCase {
    private var kinds: [ThreadAnomalyKind] { ThreadHops.anomalies().map(\.kind) }

    override func setUp() {
        super.setUp()
        ThreadHops.reset()
    }

    /// Seen running RxSwift's own suite under `rxtrace test` (its
    /// `testGroupBy_OuterIndependence`): a group keeps the source subscribed after the outer
    /// subscription is disposed, by design, and a new key then made groupBy hand the new group to
    /// its disposed sink, reported as an event after dispose. RxSwift drops that group quietly.
    func testGroupByKeepsNewGroupsFromItsDisposedOuterSubscriptionQuietly() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(330, 4), .next(340, 1)])
        var keys: [Int] = []
        var elements: [Int] = []
        var groupSubscriptions: [Disposable] = []
        var outer: Disposable?
        scheduler.scheduleAt(200) {
            outer = source.groupBy { $0 % 5 }.subscribe(onNext: { group in
                keys.append(group.key)
                groupSubscriptions.append(group.subscribe(onNext: { elements.append($0) }))
            })
        }
        scheduler.scheduleAt(320) { outer?.dispose() }
        scheduler.start()
        XCTAssertEqual(keys, [1, 2], "no group after the outer subscription is disposed")
        XCTAssertEqual(elements, [1, 2, 1], "the groups still subscribed keep their elements")
        XCTAssertEqual(kinds, [])
        groupSubscriptions.forEach { $0.dispose() }
    }

}
#endif
