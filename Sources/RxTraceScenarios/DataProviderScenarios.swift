import Foundation
import RxCore
import RxTraceRunner

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// C23 (tutorials): a DataProvider proxies network results through a PublishSubject fed by
// do(onNext:). A screen that subscribes to `subject.asObservable()` without disposal, from an
// object that outlives the screen, leaks one subscription per visit, retained by the subject.

private final class DataProvider {
    private let subject = PublishSubject<[String]>()
    private let session: URLSession
    private let url: URL

    init(session: URLSession, url: URL) {
        self.session = session
        self.url = url
    }

    /// Every list the provider loads.
    var items: Observable<[String]> { subject.asObservable() }

    /// Loads the list and pushes it to `items` subscribers.
    func load() -> Observable<[String]> {
        session.rx.data(request: URLRequest(url: url))
            .map { data in (try JSONSerialization.jsonObject(with: data)) as? [String] ?? [] }
            .do(onNext: { [subject] in subject.onNext($0) })
    }
}

private final class ItemsScreen {
    let disposeBag = DisposeBag()
    private(set) var items: [String] = []

    enum Binding { case bagged, unbagged, strongSelf }

    func show(_ provider: DataProvider, _ binding: Binding) {
        switch binding {
        case .bagged:
            provider.items.subscribe(onNext: { [weak self] in self?.items = $0 }).disposed(by: disposeBag)
        case .unbagged:
            _ = provider.items.subscribe(onNext: { [weak self] in self?.items = $0 })
        case .strongSelf:
            // Bagged, but the closure keeps the screen, whose bag keeps the chain (the map's
            // sink) that keeps the closure.
            provider.items.map { $0.sorted() }.subscribe(onNext: { self.items = $0 }).disposed(by: disposeBag)
        }
    }
}

private func dataProviderScenario(
    _ name: String,
    _ summary: String,
    _ binding: ItemsScreen.Binding,
    expect: Verdict
) -> Scenario {
    Scenario(name, summary: summary, expect: expect) { context in
        let server = try exampleBackend(context)
        let provider = context.shared("provider") {
            DataProvider(session: exampleSession(context), url: server.url("/items"))
        }
        let screen = ItemsScreen()
        screen.show(provider, binding)
        // Ended on URLSession's queue while the scenario waits on the main thread.
        let loaded = SharedCounter()
        let request = provider.load().subscribe(
            onNext: { _ in },
            onError: { _ in loaded.increment() },
            onCompleted: { loaded.increment() }
        )
        try waitFor(context, "the items request") { loaded.value > 0 }
        request.dispose()
        guard screen.items.count == 3 else { throw ScenarioTimeout(what: "the items to reach the screen") }
        context.expectReleased(screen, name: "ItemsScreen")
    }
}

let dataProviderScenarios: [Scenario] = [
    dataProviderScenario(
        "data-provider",
        "C23: a screen subscribes to a DataProvider's subject and bags the subscription",
        .bagged,
        expect: .clean
    ),
    dataProviderScenario(
        "data-provider-leaky",
        "C23 leaky: the screen subscribes to the provider's subject without disposal: one leak per visit",
        .unbagged,
        expect: .leak
    ),
    dataProviderScenario(
        "data-provider-strong-self",
        "C23 leaky: the screen bags the subscription but its closure captures self strongly: a reference cycle",
        .strongSelf,
        expect: .cycle
    ),
]
