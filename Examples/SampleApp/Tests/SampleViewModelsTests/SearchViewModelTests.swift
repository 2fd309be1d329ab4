import RxCocoa
import RxSwift
import RxTest
import SampleViewModels
import XCTest

final class SearchViewModelTests: XCTestCase {
    func testResultsFollowTheLatestPauseInTyping() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        SharingScheduler.mock(scheduler: scheduler) {
            let query = scheduler.createHotObservable([
                .next(300, "a"), .next(400, "ad"), .next(1_000, "ad"), .next(1_100, "b"), .next(2_000, "!"),
            ]).asDriver(onErrorJustReturn: "")
            let viewModel = SearchViewModel(
                query: query,
                service: InMemoryAccountService(names: ["Ada", "Adele", "Alan", "Bob"])
            )
            let results = scheduler.start(disposed: 3_000) { viewModel.results }
            // "a" is overtaken before 300 ms pass; the repeated "ad" is dropped; "!" fails and
            // shows as no results. Delivery of the query and of the answer each add one tick.
            XCTAssertEqual(
                results.events,
                [
                    .next(702, ["Ada", "Adele"]),
                    .next(1_402, ["Bob"]),
                    .next(2_302, []),
                ]
            )
        }
    }

    func testIsEmptyFollowsTheResults() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        SharingScheduler.mock(scheduler: scheduler) {
            let query = scheduler.createHotObservable([.next(300, "zz")]).asDriver(onErrorJustReturn: "")
            let viewModel = SearchViewModel(query: query, service: InMemoryAccountService(names: ["Ada"]))
            let isEmpty = scheduler.start(disposed: 1_000) { viewModel.isEmpty }
            XCTAssertEqual(isEmpty.events, [.next(602, true)])
        }
    }
}
