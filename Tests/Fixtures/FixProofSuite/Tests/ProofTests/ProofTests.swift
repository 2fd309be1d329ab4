import Proof
import RxSwift
import XCTest

final class ProofTests: XCTestCase {
    func testPresenterShowsValues() {
        let presenter = Presenter(values: Observable.from([1, 2]).concat(Observable.never()))
        XCTAssertEqual(presenter.shown, [1, 2])
    }

    func testTallySums() {
        let tally = Tally(values: Observable.from([1, 2, 3]).concat(Observable.never()))
        XCTAssertEqual(tally.sum, 6)
        XCTAssertEqual(tally.last, 3)
    }

    func testPollerPolls() {
        let poller = Poller()
        poller.start()
        Ticker.shared.values.onNext(1)
        XCTAssertEqual(poller.polls, 1)
    }

    func testSeesTicks() {
        var seen: [Int] = []
        _ = Ticker.shared.values.subscribe(onNext: { seen.append($0) })
        Ticker.shared.values.onNext(2)
        XCTAssertEqual(seen, [2])
    }

    func testSharedCacheFollows() {
        SharedCache.shared.follow()
        Ticker.shared.values.onNext(3)
        XCTAssertEqual(SharedCache.shared.latest, 3)
    }

    func testRegistryRegisters() {
        Registry.register()
        XCTAssertFalse(Registry.subscriptions.isEmpty)
    }
}
