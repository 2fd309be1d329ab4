import Cart
import XCTest

final class CartXCTests: XCTestCase {
    func testTotalAddsPrices() {
        XCTAssertEqual(total([1200, 350]), 1550)
    }

    func testBadgeCountsPrices() {
        let badge = CartBadge()
        badge.start()
        XCTAssertEqual(badge.count, 3, "the badge shows one per item")
    }

    func testGiftWrapping() {
        XCTFail("gift wrapping is not written yet")
    }

    func testCheckoutOfAnEmptyCart() throws {
        let charged = try checkout([])
        XCTAssertEqual(charged, 0)
    }

    func testPayWithDeviceWallet() throws {
        throw XCTSkip("needs a device wallet")
    }

    func testLeakingBadgeCounts() {
        let badge = CartBadge()
        badge.startLeaking()
        XCTAssertEqual(badge.count, 2)
    }

    func testLeakingBadgeMiscounts() {
        let badge = CartBadge()
        badge.startLeaking()
        XCTAssertEqual(badge.count, 4, "two items")
    }
}
