import RxSwift

/// Shows values through a method reference kept by its own bag: `show` holds `self` (a cycle).
public final class Presenter {
    public private(set) var shown: [Int] = []
    private let bag = DisposeBag()

    public init(values: Observable<Int>) {
        values.bind(onNext: show).disposed(by: bag)
    }

    private func show(_ value: Int) {
        shown.append(value)
    }
}

/// Sums values in a closure that uses `self` twice, kept by its own bag (a cycle).
public final class Tally {
    public private(set) var sum = 0
    public private(set) var last = 0
    private let disposeBag = DisposeBag()

    public init(values: Observable<Int>) {
        values.subscribe(onNext: { value in
            self.sum += value
            self.last = value
        }).disposed(by: disposeBag)
    }
}

/// Follows the ticker but drops the subscription; it already announces its end.
public final class Poller {
    public private(set) var polls = 0
    private let deallocated = PublishSubject<Void>()

    public init() {}

    deinit {
        deallocated.onNext(())
    }

    public func start() {
        _ = Ticker.shared.values.subscribe(onNext: { [weak self] _ in self?.polls += 1 })
    }
}

/// A cache for the whole process: its own bag lives as long as the process, so disposing a
/// per-call subscription with it still keeps every one of them.
public final class SharedCache {
    public static let shared = SharedCache()
    public private(set) var latest = 0
    private let disposeBag = DisposeBag()

    private init() {}

    public func follow() {
        _ = Ticker.shared.values.subscribe(onNext: { [weak self] in self?.latest = $0 })
    }
}

/// Keeps every subscription in a static list: what should end them is a decision, not a change.
public enum Registry {
    nonisolated(unsafe) public static var subscriptions: [Disposable] = []

    public static func register() {
        subscriptions.append(Ticker.shared.values.subscribe(onNext: { _ in }))
    }
}
