import Foundation
import RxCore
import RxTraceRunner

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// C21 (tutorials): search as you type.
// text.throttle.distinctUntilChanged.flatMapLatest { api(query).retry(3).startWith([]).catchAndReturn([]) }.share(replay: 1)
// Each new query disposes the previous inner request.

private final class SearchScreen {
    let query = PublishSubject<String>()
    let disposeBag = DisposeBag()
    private(set) var results: [String] = []

    init(server: LocalHTTPServer, session: URLSession, scheduler: SchedulerType) {
        let results =
            query
            .throttle(.milliseconds(20), scheduler: scheduler)
            .distinctUntilChanged()
            .flatMapLatest { query -> Observable<[String]> in
                var components = URLComponents(url: server.url("/search"), resolvingAgainstBaseURL: false)!
                components.queryItems = [URLQueryItem(name: "q", value: query)]
                return session.rx.data(request: URLRequest(url: components.url!))
                    .map { (try JSONSerialization.jsonObject(with: $0)) as? [String] ?? [] }
                    .retry(3)
                    .startWith([])
                    .catchAndReturn([])
            }
            .share(replay: 1)
        results.subscribe(onNext: { [weak self] in self?.results = $0 }).disposed(by: disposeBag)
    }
}

let searchScenarios: [Scenario] = [
    Scenario(
        "search",
        summary:
            "C21: throttle → distinctUntilChanged → flatMapLatest(request.retry.startWith.catchAndReturn) → share(replay: 1)"
    ) { context in
        let server = try exampleBackend(context)
        let screen = SearchScreen(
            server: server,
            session: exampleSession(context),
            scheduler: context.serialScheduler("search.throttle")
        )
        for text in ["r", "rx", "rxs", "rxswift"] {
            screen.query.onNext(text)
            context.wait(seconds: 0.03)
        }
        try waitFor(context, "the last search results") { screen.results.first == "rxswift result 1" }
        context.expectReleased(screen, name: "SearchScreen")
    }
]
