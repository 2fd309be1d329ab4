import Foundation
import RxCore
import RxTraceRunner

// Section A of the reference examples (Getting Started): grammar, disposal, laziness, create,
// debug, BehaviorRelay, DisposeBag, and leak detection by hand (A11) as rxtrace does it.

private struct ScenarioError: Error {}

/// A5: `myJust` built with `create`.
private func myJust<Element>(_ element: Element) -> Observable<Element> {
    Observable.create { observer in
        observer.on(.next(element))
        observer.on(.completed)
        return Disposables.create()
    }
}

/// A5: `myFrom` built with `create`.
private func myFrom<Element>(_ sequence: [Element]) -> Observable<Element> {
    Observable.create { observer in
        for element in sequence { observer.on(.next(element)) }
        observer.on(.completed)
        return Disposables.create()
    }
}

/// A11: a long-lived service a screen talks to.
private final class SettingsService {
    let theme = BehaviorRelay(value: "light")
}

/// A11: a screen's view model. `bind` subscribes to the service; the bag disposes on deinit.
private final class SettingsViewModel {
    let disposeBag = DisposeBag()
    private(set) var theme = ""

    func bind(to service: SettingsService, forgetBag: Bool) {
        let subscription = service.theme
            .map { $0.uppercased() }
            .subscribe(onNext: { [weak self] in self?.theme = $0 })
        if !forgetBag { subscription.disposed(by: disposeBag) }
    }
}

let coreScenarios: [Scenario] = [
    Scenario(
        "grammar-completion-frees",
        summary: "A1: a sequence that completes frees everything, even with its disposable ignored"
    ) { _ in
        _ = Observable.from([1, 2, 3]).map { $0 * 10 }.filter { $0 > 10 }.subscribe(onNext: { _ in })
        _ = Observable<Int>.error(ScenarioError()).subscribe(onError: { _ in })
    },
    Scenario(
        "dispose-on-serial-scheduler",
        summary: "A2: observe(on: serial) chain disposed on that same serial scheduler"
    ) { context in
        let serial = context.serialScheduler("a2.serial")
        let subject = PublishSubject<Int>()
        var subscription: Disposable?
        var delivered = 0
        subscription = subject.observe(on: serial).subscribe(onNext: { _ in delivered += 1 })
        subject.onNext(1)
        // Set on the serial queue while the scenario waits on the main thread.
        let disposed = SharedCounter()
        _ = serial.schedule(()) { _ in
            subscription?.dispose()
            disposed.increment()
            return Disposables.create()
        }
        context.wait(until: { disposed.value > 0 })
        subject.onNext(2)
        subscription = nil
    },
    Scenario(
        "laziness-and-create",
        summary: "A4/A5: creating does no work; myJust and myFrom subscribed twice complete and free everything"
    ) { _ in
        let lazy = Observable<Int>.deferred { Observable.just(1) }
        _ = lazy
        _ = myJust(0).subscribe(onNext: { _ in })
        let from = myFrom(["first", "second"])
        _ = from.subscribe(onNext: { _ in })
        _ = from.subscribe(onNext: { _ in })
    },
    Scenario("debug-probe", summary: "A8: debug(\"my probe\") logs subscribe, events and dispose; the chain is freed") {
        _ in
        // The probe's lines go to the child's stdout, which rxtrace discards for clean runs.
        _ = Observable.just(0).debug("my probe").subscribe()
    },
    Scenario(
        "behavior-relay-two-subscribers",
        summary: "A9: BehaviorRelay(value: 0) with two subscribers in a DisposeBag"
    ) { _ in
        let relay = BehaviorRelay(value: 0)
        var bag: DisposeBag? = DisposeBag()
        relay.subscribe(onNext: { _ in }).disposed(by: bag!)
        relay.accept(1)
        relay.subscribe(onNext: { _ in }).disposed(by: bag!)
        relay.accept(2)
        bag = nil
    },
    Scenario(
        "disposables",
        summary: "A10: DisposeBag on deinit, CompositeDisposable after dispose, SerialDisposable replacement"
    ) { _ in
        let subject = PublishSubject<Int>()
        var bag: DisposeBag? = DisposeBag()
        subject.subscribe().disposed(by: bag!)
        bag = nil
        let composite = CompositeDisposable()
        _ = composite.insert(subject.subscribe())
        composite.dispose()
        _ = composite.insert(subject.subscribe())
        let serial = SerialDisposable()
        serial.disposable = subject.subscribe()
        serial.disposable = subject.subscribe()
        serial.dispose()
    },
    Scenario(
        "screen-visited-twice",
        summary: "A11: a settings screen opened and closed twice against a long-lived service"
    ) { context in
        let service = context.shared("settings-service") { SettingsService() }
        let viewModel = SettingsViewModel()
        viewModel.bind(to: service, forgetBag: false)
        service.theme.accept("dark")
        context.expectReleased(viewModel, name: "SettingsViewModel")
    },
    Scenario(
        "screen-visited-twice-leaky",
        summary: "A11 leaky: the screen forgets disposed(by:), so each visit leaves a subscription on the service",
        expect: .leak
    ) { context in
        let service = context.shared("settings-service") { SettingsService() }
        let viewModel = SettingsViewModel()
        viewModel.bind(to: service, forgetBag: true)
        service.theme.accept("dark")
    },
]
