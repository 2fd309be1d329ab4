import RxSwift

/// The number shown on the cart icon.
public final class CartBadge {
    public private(set) var count = 0
    private let disposeBag = DisposeBag()

    public init() {}

    /// Clean: the subscription ends with the badge's bag.
    public func start(store: CartStore = .shared) {
        store.prices.map(\.count).subscribe(onNext: { [weak self] in self?.count = $0 }).disposed(by: disposeBag)
    }

    /// Leaks: the subscription is dropped, and the store outlives the badge.
    public func startLeaking(store: CartStore = .shared) {
        _ = store.prices.map(\.count).subscribe(onNext: { [weak self] in self?.count = $0 })
    }
}
