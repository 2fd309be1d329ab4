import RxRelay

/// The cart every screen observes: one for the whole process, created the first time it is used.
/// Its items never change during the tests, so tests that run in parallel read the same cart.
public final class CartStore {
    public static let shared = CartStore()

    /// The items' prices, in cents.
    public let prices = BehaviorRelay<[Int]>(value: [1200, 350])

    private init() {}
}
