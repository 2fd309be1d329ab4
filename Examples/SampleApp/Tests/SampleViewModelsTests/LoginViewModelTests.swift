import RxBlocking
import RxCocoa
import RxRelay
import RxSwift
import RxTest
import SampleViewModels
import XCTest

final class LoginViewModelTests: XCTestCase {
    func testSignInIsEnabledOnceBothFieldsAreFilled() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let user = scheduler.createHotObservable([.next(210, "ada")]).asDriver(onErrorJustReturn: "")
            let password = scheduler.createHotObservable([.next(220, "x")]).asDriver(onErrorJustReturn: "")
            let viewModel = LoginViewModel(
                user: user.startWith(""),
                password: password.startWith(""),
                signInTaps: Signal.never(),
                service: InMemoryAccountService(names: [])
            )
            let enabled = scheduler.start { viewModel.signInEnabled }
            XCTAssertEqual(enabled.events, [.next(200, false), .next(221, true)])
        }
    }

    func testEachTapSignsInWithTheLatestCredentials() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let taps = scheduler.createHotObservable([.next(230, ()), .next(250, ())]).asSignal(onErrorJustReturn: ())
            let password = scheduler.createHotObservable([.next(240, "lovelace")]).asDriver(onErrorJustReturn: "")
            let viewModel = LoginViewModel(
                user: Driver.just("ada"),
                password: password.startWith("wrong"),
                signInTaps: taps,
                service: InMemoryAccountService(names: [], scheduler: scheduler)
            )
            let signedIn = scheduler.start { viewModel.signedIn }
            // Each hop onto the test scheduler costs one tick: the tap's delivery, the service's
            // answer, and its delivery as a Signal.
            XCTAssertEqual(signedIn.events, [.next(233, false), .next(253, true)])
        }
    }

    func testTheScreenPublishesTheSignedInUser() throws {
        let session = SessionStore()
        let screen = LoginScreen(session: session, service: InMemoryAccountService(names: []))
        screen.user.accept("ada")
        screen.password.accept("lovelace")
        XCTAssertTrue(screen.signInEnabled.value)
        screen.signInTaps.accept(())
        XCTAssertEqual(
            try session.currentUser.asObservable().compactMap { $0 }.take(1).toBlocking(timeout: 5).first(),
            "ada"
        )
        XCTAssertEqual(screen.status, "Welcome")
    }
}
