import RxRelay
import RxSwift
import SampleViewModels
import XCTest

final class ProfileScreenTests: XCTestCase {
    func testTitleFollowsTheSignedInUser() {
        let session = SessionStore()
        let screen = ProfileScreen(session: session)
        XCTAssertEqual(screen.title, "Guest")
        session.currentUser.accept("ada")
        XCTAssertEqual(screen.title, "ada")
    }
}
