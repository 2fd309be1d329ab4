import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RxCore
import RxTrace

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

    func show(_ provider: DataProvider, bagged: Bool) {
        let subscription = provider.items.subscribe(onNext: { [weak self] in self?.items = $0 })
        if bagged { subscription.disposed(by: disposeBag) }
    }
}

private func dataProviderScenario(_ name: String, _ summary: String, bagged: Bool, expect: Verdict) -> Scenario {
    Scenario(name, summary: summary, expect: expect) { context in
        let server = try exampleBackend(context)
        let provider = context.shared("provider") { DataProvider(session: exampleSession(context), url: server.url("/items")) }
        let screen = ItemsScreen()
        screen.show(provider, bagged: bagged)
        var loaded = false
        let request = provider.load().subscribe(onNext: { _ in }, onError: { _ in loaded = true }, onCompleted: { loaded = true })
        try waitFor(context, "the items request") { loaded }
        request.dispose()
        guard screen.items.count == 3 else { throw ScenarioTimeout(what: "the items to reach the screen") }
        context.expectReleased(screen, name: "ItemsScreen")
    }
}

let dataProviderScenarios: [Scenario] = [
    dataProviderScenario("data-provider", "C23: a screen subscribes to a DataProvider's subject and bags the subscription", bagged: true, expect: .clean),
    dataProviderScenario("data-provider-leaky", "C23 leaky: the screen subscribes to the provider's subject without disposal: one leak per visit", bagged: false, expect: .leak),
]
