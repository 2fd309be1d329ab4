import RxCore
import RxCoreTesting
import XCTest

private struct GroupByFailure: Error {}

final class GroupByTests: RxTestCase {
    private func words(_ scheduler: TestScheduler, end: Recorded<Event<String>>) -> TestableObservable<String> {
        scheduler.createHotObservable([
            .next(150, "early"),
            .next(210, "apple"),
            .next(220, "banana"),
            .next(230, "avocado"),
            .next(240, "cherry"),
            .next(250, "blueberry"),
            .next(260, "apricot"),
            end,
        ])
    }

    func testEmitsAGroupPerNewKeyInOrderOfFirstAppearance() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = words(scheduler, end: .completed(300))
        let res = scheduler.start { xs.groupBy { $0.first! }.map { String($0.key) } }
        XCTAssertEqual(res.events, [.next(210, "a"), .next(220, "b"), .next(240, "c"), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testElementsGoToTheirGroup() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = words(scheduler, end: .completed(300))
        let res = scheduler.start { flattenIndexed(xs.groupBy { $0.first! }) }
        XCTAssertEqual(
            res.events,
            [
                .next(210, "0 apple"),
                .next(220, "1 banana"),
                .next(230, "0 avocado"),
                .next(240, "2 cherry"),
                .next(250, "1 blueberry"),
                .next(260, "0 apricot"),
                .completed(300),
            ]
        )
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testSourceErrorGoesToEveryGroupThenTheOuterSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = words(scheduler, end: .error(300, GroupByFailure()))
        let outer = scheduler.createObserver(Character.self)
        var groups = [Character: TestableObserver<String>]()

        scheduler.scheduleAt(200) {
            _ = xs.groupBy { $0.first! }.subscribe(
                onNext: { group in
                    let observer = scheduler.createObserver(String.self)
                    groups[group.key] = observer
                    outer.onNext(group.key)
                    _ = group.subscribe(observer)
                },
                onError: { outer.onError($0) }
            )
        }
        scheduler.start()

        XCTAssertEqual(
            outer.events,
            [.next(210, "a"), .next(220, "b"), .next(240, "c"), .error(300, GroupByFailure())]
        )
        XCTAssertEqual(
            groups["a"]?.events,
            [.next(210, "apple"), .next(230, "avocado"), .next(260, "apricot"), .error(300, GroupByFailure())]
        )
        XCTAssertEqual(
            groups["b"]?.events,
            [.next(220, "banana"), .next(250, "blueberry"), .error(300, GroupByFailure())]
        )
        XCTAssertEqual(groups["c"]?.events, [.next(240, "cherry"), .error(300, GroupByFailure())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testThrowingKeySelectorFailsGroupsAndOuterAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = words(scheduler, end: .completed(300))
        var keyCalls = 0
        let res = scheduler.start { () -> Observable<String> in
            flattenIndexed(
                xs.groupBy { word -> Character in
                    keyCalls += 1
                    if word == "cherry" { throw GroupByFailure() }
                    return word.first!
                }
            )
        }
        XCTAssertEqual(
            res.events,
            [
                .next(210, "0 apple"),
                .next(220, "1 banana"),
                .next(230, "0 avocado"),
                .error(240, GroupByFailure()),
            ]
        )
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
        XCTAssertEqual(keyCalls, 4)
    }

    func testDisposingTheOuterSubscriptionWithoutObservedGroupsUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = words(scheduler, end: .completed(300))
        let res = scheduler.start(disposed: 235) { xs.groupBy { $0.first! }.map { String($0.key) } }
        XCTAssertEqual(res.events, [.next(210, "a"), .next(220, "b")])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 235)])
    }

    func testAnObservedGroupKeepsTheSourceAfterTheOuterSubscriptionIsDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = words(scheduler, end: .completed(300))
        let groupA = scheduler.createObserver(String.self)
        var outerSubscription: Disposable?
        var groupSubscription: Disposable?

        scheduler.scheduleAt(200) {
            outerSubscription = xs.groupBy { $0.first! }.subscribe(onNext: { group in
                if group.key == "a" { groupSubscription = group.subscribe(groupA) }
            })
        }
        scheduler.scheduleAt(225) { outerSubscription?.dispose() }
        scheduler.scheduleAt(255) { groupSubscription?.dispose() }
        scheduler.start()

        XCTAssertEqual(groupA.events, [.next(210, "apple"), .next(230, "avocado")])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 255)])
    }

    func testDisposingOneGroupLeavesTheOthersRunning() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = words(scheduler, end: .completed(300))
        var observers = [Character: TestableObserver<String>]()
        var subscriptions = [Character: Disposable]()
        var outerSubscription: Disposable?

        scheduler.scheduleAt(200) {
            outerSubscription = xs.groupBy { $0.first! }.subscribe(onNext: { group in
                let observer = scheduler.createObserver(String.self)
                observers[group.key] = observer
                subscriptions[group.key] = group.subscribe(observer)
            })
        }
        scheduler.scheduleAt(235) { subscriptions["a"]?.dispose() }
        scheduler.scheduleAt(1000) {
            outerSubscription?.dispose()
            subscriptions.values.forEach { $0.dispose() }
        }
        scheduler.start()

        XCTAssertEqual(observers["a"]?.events, [.next(210, "apple"), .next(230, "avocado")])
        XCTAssertEqual(observers["b"]?.events, [.next(220, "banana"), .next(250, "blueberry"), .completed(300)])
        XCTAssertEqual(observers["c"]?.events, [.next(240, "cherry"), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testLateSubscriberToACompletedGroupGetsItsCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = words(scheduler, end: .completed(300))
        let late = scheduler.createObserver(String.self)
        var groupB: GroupedObservable<Character, String>?

        scheduler.scheduleAt(200) {
            _ = xs.groupBy { $0.first! }.subscribe(onNext: { group in
                if group.key == "b" { groupB = group }
            })
        }
        scheduler.scheduleAt(400) { _ = groupB?.subscribe(late) }
        scheduler.start()

        XCTAssertEqual(late.events, [.completed(400)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testGroupedObservableExposesKeyAndSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let group = GroupedObservable(key: "k", source: Observable.just(1))
        XCTAssertEqual(group.key, "k")
        let res = scheduler.start { group.asObservable() }
        XCTAssertEqual(res.events, [.next(200, 1), .completed(200)])
    }

    func testComposesWithEnumeratedAndMerge() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = words(scheduler, end: .error(300, GroupByFailure()))
        let res = scheduler.start { () -> Observable<String> in
            xs.groupBy { $0.count }
                .enumerated()
                .map { index, group in group.map { "\(index) \($0)" } }
                .merge()
        }
        XCTAssertEqual(
            res.events,
            [
                .next(210, "0 apple"),
                .next(220, "1 banana"),
                .next(230, "2 avocado"),
                .next(240, "1 cherry"),
                .next(250, "3 blueberry"),
                .next(260, "2 apricot"),
                .error(300, GroupByFailure()),
            ]
        )
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }
}
