import RxCocoa
import RxRelay
import RxSwift

/// A sign-in screen without UIKit: relays stand in for the text fields and the button.
public final class LoginScreen {
    public let user = BehaviorRelay(value: "")
    public let password = BehaviorRelay(value: "")
    public let signInTaps = PublishRelay<Void>()
    public let signInEnabled = BehaviorRelay(value: false)
    public private(set) var status = ""
    private let session: SessionStore
    private let disposeBag = DisposeBag()

    public init(session: SessionStore, service: AccountService) {
        self.session = session
        let viewModel = LoginViewModel(
            user: user.asDriver(),
            password: password.asDriver(),
            signInTaps: signInTaps.asSignal(),
            service: service
        )
        viewModel.signInEnabled.drive(signInEnabled).disposed(by: disposeBag)
        viewModel.status.drive(with: self, onNext: { screen, status in screen.status = status }).disposed(
            by: disposeBag
        )
        viewModel.signedIn
            .emit(
                with: self,
                onNext: { screen, success in
                    if success { screen.session.currentUser.accept(screen.user.value) }
                }
            )
            .disposed(by: disposeBag)
    }
}
