import RxRelay
import RxSwift
import SampleViewModels
import XCTest

final class ProfileScreenTests: XCTestCase {
    /// The app-wide session outlives every screen: one for the whole test run, as in the app.
    private static let appSession = SessionStore()

    func testTitleFollowsTheSignedInUser() {
        let session = SessionStore()
        let screen = ProfileScreen(session: session)
        XCTAssertEqual(screen.title, "Guest")
        session.currentUser.accept("ada")
        XCTAssertEqual(screen.title, "ada")
    }

    /// Passes, and leaks: the screen's dropped `drive` stays subscribed to the app-wide session
    /// after the test (`rxtrace test` reports it at the drive line).
    func testLeakyScreenTitleFollowsTheSignedInUser() {
        let screen = LeakyProfileScreen(session: Self.appSession)
        Self.appSession.currentUser.accept("grace")
        XCTAssertEqual(screen.title, "grace")
    }
}
