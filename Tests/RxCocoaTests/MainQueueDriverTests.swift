import Foundation
import RxCocoa
import RxRelay
import RxSwift
import RxTest
import TestSupport
import XCTest

#if canImport(Testing)
import Testing
#endif

// A Driver view model used from a test on the main queue, under Swift Testing and under XCTest.
//
// Swift Testing on Linux runs a `@MainActor` test on the main dispatch queue but not on the main
// thread (the process's async entry point hands the main queue to libdispatch's workers:
// `Thread.isMainThread` is false there). XCTest runs a test on the main thread, which is also the
// main queue's. RxSwift's MainScheduler decides "main" by the queue (a specific key set on
// `DispatchQueue.main`), so in both a `drive` runs, delivers at once, and nothing is reported.
// Virtual time only: the debounce runs on a TestScheduler, the Driver's delivery on the real
// MainScheduler.

/// A search screen's view model as an app writes it: what the user types, debounced on an
/// injected scheduler, drives the title; the search button is a Signal.
final class SearchViewModel {
    let query = PublishRelay<String>()
    let searchTaps = PublishRelay<Void>()
    let title: Driver<String>
    let searches: Signal<String>

    init(scheduler: SchedulerType) {
        title =
            query
            .debounce(.seconds(1), scheduler: scheduler)
            .map { "Results for \($0)" }
            .startWith("Type to search")
            .asDriver(onErrorJustReturn: "")
        searches = searchTaps.asSignal().withLatestFrom(query.asSignal(onErrorJustReturn: ""))
    }
}

/// What the screen saw, each read synchronously right after the call that should produce it.
struct SearchScreenObservations: Equatable, CustomStringConvertible {
    var titlesRightAfterDrive: [String] = []
    var titlesRightAfterTypingAndTheDebounce: [String] = []
    var labelRightAfterTypingAndTheDebounce: String?
    var searchesRightAfterTheTap: [String] = []
    /// `offMainThread` anomalies recorded meanwhile (traced builds; always 0 untraced).
    var offMainAnomalies = 0

    static let expected = SearchScreenObservations(
        titlesRightAfterDrive: ["Type to search"],
        titlesRightAfterTypingAndTheDebounce: ["Type to search", "Results for rx"],
        labelRightAfterTypingAndTheDebounce: "Results for rx",
        searchesRightAfterTheTap: ["rx"],
        offMainAnomalies: 0
    )

    var description: String {
        "after drive \(titlesRightAfterDrive), after typing \(titlesRightAfterTypingAndTheDebounce), "
            + "label \(labelRightAfterTypingAndTheDebounce ?? "nil"), searches \(searchesRightAfterTheTap), "
            + "offMainThread anomalies \(offMainAnomalies)"
    }
}

/// A label's text, set through a Binder on MainScheduler (a Binder's default scheduler).
private final class Label {
    var text: String?
}

/// Drives the view model from the calling code, as a view controller would, and reads each
/// effect at once (no run loop, no wait). A debug build would have stopped inside `drive` had it
/// found itself off the main thread and queue.
func useSearchScreen() -> SearchScreenObservations {
    let anomaliesBefore = offMainThreadAnomalyCount()
    let scheduler = TestScheduler(initialClock: 0)
    let viewModel = SearchViewModel(scheduler: scheduler)
    let label = Label()
    var titles: [String] = []
    var searches: [String] = []
    var seen = SearchScreenObservations()
    do {
        let bag = DisposeBag()
        viewModel.title.drive(onNext: { titles.append($0) }).disposed(by: bag)
        viewModel.title.drive(Binder(label) { $0.text = $1 }).disposed(by: bag)
        viewModel.searches.emit(onNext: { searches.append($0) }).disposed(by: bag)
        seen.titlesRightAfterDrive = titles

        viewModel.query.accept("rx")
        scheduler.advanceTo(scheduler.clock + 1)
        seen.titlesRightAfterTypingAndTheDebounce = titles
        seen.labelRightAfterTypingAndTheDebounce = label.text

        viewModel.searchTaps.accept(())
        seen.searchesRightAfterTheTap = searches
    }
    seen.offMainAnomalies = offMainThreadAnomalyCount() - anomaliesBefore
    return seen
}

#if canImport(Testing)
@Suite(.serialized) struct MainQueueDriverTests {
    /// On Linux this runs on the main queue on a libdispatch worker thread.
    @MainActor @Test func aDriverViewModelDrivesAtOnceInAMainActorTest() {
        let seen = useSearchScreen()
        #expect(seen == SearchScreenObservations.expected)
    }
}
#endif

final class MainQueueDriverXCTests: RxCocoaTestCase {
    /// XCTest runs this on the main thread, which serves the main queue.
    func testADriverViewModelDrivesAtOnceInAnXCTest() {
        XCTAssertEqual(useSearchScreen(), SearchScreenObservations.expected)
    }

    /// The same from a `@MainActor` async XCTest (corelibs XCTest runs it on the main thread
    /// while it waits for the test's task).
    @MainActor func testADriverViewModelDrivesAtOnceInAMainActorAsyncXCTest() async {
        await Task.yield()
        XCTAssertEqual(useSearchScreen(), SearchScreenObservations.expected)
    }
}
