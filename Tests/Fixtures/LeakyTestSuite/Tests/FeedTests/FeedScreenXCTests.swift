import Feed
import Foundation
import RxSwift
import RxTest
import XCTest

final class FeedScreenXCTests: XCTestCase {
    /// Held by the test case: XCTest keeps this instance, and so the bag, until the run ends.
    private let disposeBag = DisposeBag()

    func testLeakingScreenShowsUpdates() {
        let screen = FeedScreen()
        screen.startLeaking()
        FeedService.shared.updates.onNext(["a", "b"])
        XCTAssertEqual(screen.titles, ["a", "b"])
    }

    func testCleanScreenShowsUpdates() {
        let screen = FeedScreen()
        screen.start()
        FeedService.shared.updates.onNext(["c"])
        XCTAssertEqual(screen.titles, ["c"])
    }

    func testSubscriptionKeptInTheTestCaseBag() {
        var seen: [Int] = []
        FeedService.shared.unread.subscribe(onNext: { seen.append($0) }).disposed(by: disposeBag)
        XCTAssertEqual(seen.count, 1)
    }

    func testTimerOnVirtualTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let counter = TickCounter()
        counter.start(on: scheduler)
        scheduler.advanceTo(3)
        XCTAssertEqual(counter.ticks, 3)
    }

    func testCyclicCounterCounts() {
        let counter = CyclicCounter(values: Observable.from([1, 2, 3]).concat(Observable.never()))
        XCTAssertEqual(counter.count, 3)
    }

    /// A Binder fed from a background queue: legal in RxSwift (it binds on MainScheduler), so
    /// clean, with no thread anomaly.
    func testBinderFedFromABackgroundQueue() {
        final class Label { var text = "" }
        let label = Label()
        let bound = expectation(description: "bound on the main thread")
        let binder = Binder<String>(label) { label, text in
            XCTAssertTrue(Thread.isMainThread)
            label.text = text
            bound.fulfill()
        }
        DispatchQueue.global().async { binder.onNext("from the background") }
        wait(for: [bound], timeout: 5)
        XCTAssertEqual(label.text, "from the background")
    }

    /// Leaves a refresh queued 30 s out on a named queue and returns: still running after the
    /// test (1 item on that scheduler, scheduled at this line), not a leak of the test.
    func testLeavesARefreshQueued() {
        let refreshes = SerialDispatchQueueScheduler(internalSerialQueueName: "feed.refresh")
        _ = refreshes.scheduleRelative((), dueTime: .seconds(30)) { Disposables.create() }  // the queued refresh
    }

    func testAsyncClean() async throws {
        let value = try await Observable.just(7).map { $0 * 6 }.asSingle().value
        XCTAssertEqual(value, 42)
    }
}
