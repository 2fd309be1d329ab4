import Foundation
import RxCore
import RxTraceRunner

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// C20 (tutorials): GitFeed's request chain against the local server. The response is shared
// with replay 1, so subscribing again after completion replays it instead of requesting again.

private struct FeedEvent {
    let id: String
    let type: String
    let actor: String

    init?(_ json: [String: Any]) {
        guard let id = json["id"] as? String, let type = json["type"] as? String,
            let actor = (json["actor"] as? [String: Any])?["login"] as? String
        else { return nil }
        self.id = id
        self.type = type
        self.actor = actor
    }
}

private final class FeedScreen {
    let disposeBag = DisposeBag()
    /// Pull to refresh: each element reloads the feed.
    let refresh = PublishRelay<Void>()
    private(set) var events: [FeedEvent] = []
    private(set) var refreshes = 0

    func load(
        repo: String,
        server: LocalHTTPServer,
        session: URLSession
    ) -> Observable<(response: HTTPURLResponse, data: Data)> {
        Observable.from([repo])
            .map { URLRequest(url: server.url("/repos/\($0)/events")) }
            .flatMap { session.rx.response(request: $0) }
            // The tutorial's point is that a late subscriber gets the cached response: with
            // RxSwift 6 semantics that takes the `.forever` scope (`.whileConnected`, the
            // default, starts a new request once the first response has completed).
            .share(replay: 1, scope: .forever)
    }

    func bind(_ response: Observable<(response: HTTPURLResponse, data: Data)>, strongSelf: Bool = false) {
        // The strong form reloads on every pull to refresh, so its chain never completes.
        let source = strongSelf ? refresh.asObservable().flatMapLatest { response } : response
        let events =
            source
            .filter { 200..<300 ~= $0.response.statusCode }
            .map { (try JSONSerialization.jsonObject(with: $0.data)) as? [[String: Any]] ?? [] }
            .filter { !$0.isEmpty }
            .map { $0.compactMap(FeedEvent.init) }
        if strongSelf {
            // The leaky form: the closure keeps the screen, whose bag keeps the closure.
            events
                .subscribe(onNext: { events in
                    self.events = events
                    self.refreshes += 1
                })
                .disposed(by: disposeBag)
        } else {
            events
                .subscribe(onNext: { [weak self] events in
                    self?.events = events
                    self?.refreshes += 1
                })
                .disposed(by: disposeBag)
        }
    }
}

private func gitFeedScenario(_ name: String, _ summary: String, strongSelf: Bool, expect: Verdict) -> Scenario {
    Scenario(name, summary: summary, expect: expect) { context in
        let server = try exampleBackend(context)
        let session = exampleSession(context)
        let requestsBefore = server.requestsServed
        let screen = FeedScreen()
        let response = screen.load(repo: "ReactiveX/RxSwift", server: server, session: session)
        screen.bind(response, strongSelf: strongSelf)
        if strongSelf { screen.refresh.accept(()) }
        try waitFor(context, "the GitFeed response") { screen.refreshes == 1 }
        // Subscribing again after completion replays the cached response: no new request.
        screen.bind(response)
        try waitFor(context, "the replayed response") { screen.refreshes == 2 }
        guard server.requestsServed == requestsBefore + 1, screen.events.count == 2 else {
            throw ScenarioTimeout(
                what: "exactly one request per screen (served \(server.requestsServed - requestsBefore))"
            )
        }
        context.expectReleased(screen, name: "FeedScreen")
    }
}

let gitFeedScenarios: [Scenario] = [
    gitFeedScenario(
        "gitfeed",
        "C20: GitFeed request chain (map → flatMap → share(replay: 1, scope: .forever) → filter → map), bound with [weak self]; a late subscriber gets the replayed response",
        strongSelf: false,
        expect: .clean
    ),
    gitFeedScenario(
        "gitfeed-strong-self",
        "C20 leaky: the screen reloads on pull to refresh and binds with a closure that captures self strongly, kept in self's bag: a reference cycle",
        strongSelf: true,
        expect: .cycle
    ),
]
