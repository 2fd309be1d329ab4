import Foundation
import RxCore
import RxTraceRunner

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// C22 (tutorials): a repository model.
// observeOn(background) → flatMapLatest(request.catch { never() }) → observeOn(background)
// → map(parse) → observeOn(main) → a consumer that updates UI state in place, so it declares
// that it needs the main thread (`requireMainThread()`). The inner never() is disposed by
// flatMapLatest on the next query. The chain hops main → background → background → main with
// no anomaly; the variant without the final observeOn(main) delivers to that consumer off the
// main thread: anomaly 4, at its subscription's line. (A `Binder` would not do for the variant:
// it schedules its binding on MainScheduler itself, so feeding it off main is legal, as in RxCocoa.)

private struct Repository {
    let name: String
    let stars: Int
}

private final class RepositoryModel {
    let query = PublishSubject<String>()
    let disposeBag = DisposeBag()
    private(set) var repositories: [Repository] = []
    /// Counted on the thread that delivers while the scenario waits on the main thread (the
    /// off-main delivery is the anomaly the variant shows, not a race in the count).
    let deliveries = SharedCounter()

    init(server: LocalHTTPServer, session: URLSession, background: SchedulerType, main: SchedulerType?) {
        var chain =
            query
            .observe(on: background)
            .flatMapLatest { query -> Observable<Data> in
                var components = URLComponents(url: server.url("/repositories"), resolvingAgainstBaseURL: false)!
                components.queryItems = [URLQueryItem(name: "q", value: query)]
                return session.rx.data(request: URLRequest(url: components.url!))
                    .catch { _ in Observable.never() }
            }
            .observe(on: background)
            .map { data -> [Repository] in
                let json = (try JSONSerialization.jsonObject(with: data)) as? [[String: Any]] ?? []
                return json.compactMap { item in
                    guard let name = item["name"] as? String, let stars = item["stars"] as? Int else { return nil }
                    return Repository(name: name, stars: stars)
                }
            }
        if let main { chain = chain.observe(on: main) }
        chain.requireMainThread()
            .subscribe(
                with: self,
                onNext: { model, repositories in
                    model.repositories = repositories
                    model.deliveries.increment()
                }
            )
            .disposed(by: disposeBag)
    }
}

private func repositoryScenario(_ name: String, _ summary: String, observeOnMain: Bool) -> Scenario {
    Scenario(name, summary: summary, expect: observeOnMain ? .hopsReported : .threadAnomaly) { context in
        let server = try exampleBackend(context)
        let background = context.shared("background") { BackgroundQueue(label: "background") }
        let model = RepositoryModel(
            server: server,
            session: exampleSession(context),
            background: background.scheduler,
            main: observeOnMain ? context.mainScheduler : nil
        )
        // A failing query is caught into never(); the next query disposes it (flatMapLatest).
        model.query.onNext("fail")
        context.wait(seconds: 0.05)
        model.query.onNext("swift")
        try waitFor(context, "the repositories") { model.deliveries.value == 1 }
        // The screen closes (the model and its bag go) once the background delivery has
        // returned. Without observeOn(main) the consumer has its element before the background
        // thread has left the subscriber, and closing then disposed the chain on the main
        // thread while it delivered: anomaly 5 beside the anomaly 4 this variant is about.
        try background.waitUntilIdle(context)
        context.expectReleased(model, name: "RepositoryModel")
        // Where the query is sent, then where each observe(on:) lands.
        context.expectHops(
            observeOnMain ? ["main", "background", "background", "main"] : ["main", "background", "background"]
        )
    }
}

let repositoryScenarios: [Scenario] = [
    repositoryScenario(
        "repository-model",
        "C22: observeOn(background) → flatMapLatest(request.catch { never() }) → map → observeOn(main)",
        observeOnMain: true
    ),
    repositoryScenario(
        "repository-model-off-main",
        "C22 variant: no final observeOn(main): a consumer that requires main gets its events off it (anomaly 4)",
        observeOnMain: false
    ),
]
