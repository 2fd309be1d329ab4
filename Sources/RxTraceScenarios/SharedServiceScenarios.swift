import RxCore
import RxTraceRunner

// Issue 21 §1: a leak that also closes a loop through a long-lived object.
//
// A screen searches through an app-wide service: `service.queries.flatMapLatest { query in
// service.search(query) }`. The selector captures the service, and the service's subject keeps
// the subscription's sink in its observer list, so service → subject → sink → selector → service
// is a loop on the heap. But the service was created before the measured pass (on the warm-up,
// as an app-wide service is): that loop keeps nothing alive that the service would not keep
// anyway. What grows is the subscription the screen drops, one per visit, held by the service:
// a leak whose fix is to dispose it, not a cycle whose fix is to capture the service weakly
// (the subscription would stay in the subject, growing). Its lookalike bags the same chain with
// the screen, which ends it when the screen goes: clean.

/// An app-wide search service, shared by every visit.
private final class FeedService {
    let queries = PublishSubject<String>()

    func search(_ query: String) -> Observable<[String]> {
        .just(["\(query) result"])
    }
}

private final class FeedSearchScreen {
    let disposeBag = DisposeBag()
    private(set) var results: [String] = []

    init(service: FeedService, bagged: Bool) {
        let subscription = service.queries
            .flatMapLatest { query in service.search(query) }
            .subscribe(onNext: { [weak self] in self?.results = $0 })
        if bagged { subscription.disposed(by: disposeBag) }
    }
}

private struct SearchResultsMissing: Error, CustomStringConvertible {
    var description: String { "the search results did not reach the screen" }
}

private func sharedServiceScenario(_ name: String, _ summary: String, bagged: Bool, expect: Verdict) -> Scenario {
    Scenario(name, summary: summary, expect: expect) { context in
        let service = context.shared("feed-service") { FeedService() }
        let screen = FeedSearchScreen(service: service, bagged: bagged)
        service.queries.onNext("rx")
        guard screen.results == ["rx result"] else { throw SearchResultsMissing() }
        context.expectReleased(screen, name: "FeedSearchScreen")
    }
}

let sharedServiceScenarios: [Scenario] = [
    sharedServiceScenario(
        "shared-service-search",
        "A screen searches through an app-wide service (flatMapLatest { service.search($0) }) and bags the subscription",
        bagged: true,
        expect: .clean
    ),
    sharedServiceScenario(
        "shared-service-search-ignored",
        "Leaky: the same search with its disposable dropped: one subscription per visit, held by the service (its selector also loops through the service: not a cycle to break)",
        bagged: false,
        expect: .leak
    ),
]
