import Foundation
import RxCore
import RxTraceRunner

// Section B, 13–17 (Deep Cuts): how closures, self and dispose bags keep chains alive.
//
// B13 and B15 are reference cycles (self → disposeBag → … → closure → self): the heap graph
// reports each once, with the capturing closure's line; their weak and unowned twins are clean.

/// B13/B14/B15: an owner that binds a chain and keeps it in its own bag.
private final class Presenter {
    enum Capture { case strong, weak, unowned, withUnretained, methodReference }

    let disposeBag = DisposeBag()
    private(set) var reactions = 0

    func transform(_ value: Int) -> String { "\(value)" }
    func react(to value: String) { reactions += 1 }

    func bind(_ source: Observable<Int>, capture: Capture) {
        switch capture {
        case .strong:
            source.map { self.transform($0) }
                .subscribe(onNext: { self.react(to: $0) })
                .disposed(by: disposeBag)
        case .weak:
            source.map { [weak self] in self?.transform($0) ?? "" }
                .subscribe(onNext: { [weak self] in self?.react(to: $0) })
                .disposed(by: disposeBag)
        case .unowned:
            source.map { [unowned self] in self.transform($0) }
                .subscribe(onNext: { [unowned self] in self.react(to: $0) })
                .disposed(by: disposeBag)
        case .withUnretained:
            source.withUnretained(self).map { owner, value in owner.transform(value) }
                .withUnretained(self).subscribe(onNext: { owner, value in owner.react(to: value) })
                .disposed(by: disposeBag)
        case .methodReference:
            // An instance method passed as a closure captures self strongly.
            source.map(transform)
                .subscribe(onNext: react)
                .disposed(by: disposeBag)
        }
    }
}

/// B16: a long-lived object that publishes changes.
private final class Store {
    let changes = PublishSubject<Int>()
}

private func presenterScenario(
    _ name: String,
    _ summary: String,
    _ capture: Presenter.Capture,
    expect: Verdict
) -> Scenario {
    Scenario(name, summary: summary, expect: expect) { context in
        let store = context.shared("store") { Store() }
        let presenter = Presenter()
        presenter.bind(store.changes.asObservable(), capture: capture)
        store.changes.onNext(1)
        context.expectReleased(presenter, name: "Presenter")
    }
}

let retentionScenarios: [Scenario] = [
    presenterScenario(
        "strong-self-cycle",
        "B13: map/subscribe capture self strongly and self's bag keeps the chain: a reference cycle",
        .strong,
        expect: .cycle
    ),
    presenterScenario(
        "weak-self",
        "B14: the same chain with [weak self] is released with its owner",
        .weak,
        expect: .clean
    ),
    presenterScenario(
        "unowned-self",
        "B14: the same chain with [unowned self], disposed by the bag, is released with its owner",
        .unowned,
        expect: .clean
    ),
    presenterScenario(
        "with-unretained",
        "B14: the same chain with withUnretained(self) is released with its owner",
        .withUnretained,
        expect: .clean
    ),
    presenterScenario(
        "method-reference-cycle",
        "B15: map(transform) passes a method, which captures self strongly: same cycle as B13",
        .methodReference,
        expect: .cycle
    ),

    Scenario("finishing-chain-ignored", summary: "B16: a chain that completes may have its disposable ignored") { _ in
        _ = Observable.from([1, 2, 3]).map { $0 + 1 }.subscribe(onNext: { _ in })
    },
    Scenario(
        "subject-subscription-disposed",
        summary: "B16: a subscription to a long-lived subject, bagged by the screen"
    ) { context in
        let store = context.shared("store") { Store() }
        var bag: DisposeBag? = DisposeBag()
        store.changes.map { $0 * 2 }.subscribe(onNext: { _ in }).disposed(by: bag!)
        store.changes.onNext(1)
        bag = nil
    },
    Scenario(
        "subject-subscription-ignored",
        summary: "B16 leaky: a subscription to a long-lived subject with its disposable ignored",
        expect: .leak
    ) { context in
        let store = context.shared("store") { Store() }
        _ = store.changes.map { $0 * 2 }.subscribe(onNext: { _ in })
        store.changes.onNext(1)
    },
    Scenario(
        "serial-disposable-refresh",
        summary: "B17: serial.disposable = subscribe(…) on every refresh keeps exactly one live subscription"
    ) { context in
        let store = context.shared("store") { Store() }
        let refresher = context.shared("refresher") { SerialDisposable() }
        for _ in 0..<3 {
            refresher.disposable = store.changes.subscribe(onNext: { _ in })
        }
        store.changes.onNext(1)
    },
]
