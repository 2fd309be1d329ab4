/// Why a checkout cannot go ahead.
public enum CheckoutError: Error {
    case emptyCart
}

/// The sum of the prices, in cents.
public func total(_ prices: [Int]) -> Int {
    prices.reduce(0, +)
}

/// The price less `percent` per cent, rounded down to the cent.
public func discounted(_ price: Int, percent: Int) -> Int {
    price - price * percent / 100
}

/// The amount to charge for the cart, in cents.
public func checkout(_ prices: [Int]) throws -> Int {
    guard !prices.isEmpty else { throw CheckoutError.emptyCart }
    return total(prices)
}
