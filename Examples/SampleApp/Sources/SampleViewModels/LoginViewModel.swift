import RxCocoa
import RxSwift

/// Sign-in form: enables the button when both fields are filled, signs in on each tap.
public final class LoginViewModel {
    public let signInEnabled: Driver<Bool>
    public let signedIn: Signal<Bool>
    public let status: Driver<String>

    public init(user: Driver<String>, password: Driver<String>, signInTaps: Signal<Void>, service: AccountService) {
        let credentials = Driver.combineLatest(user, password) { (user: $0, password: $1) }
        signInEnabled =
            credentials
            .map { !$0.user.isEmpty && !$0.password.isEmpty }
            .distinctUntilChanged()
        signedIn =
            signInTaps
            .withLatestFrom(credentials)
            .flatMapLatest { credentials in
                service.signIn(user: credentials.user, password: credentials.password)
                    .asSignal(onErrorJustReturn: false)
            }
        status =
            signedIn
            .map { $0 ? "Welcome" : "Wrong user or password" }
            .asDriver(onErrorJustReturn: "")
            .startWith("")
    }
}
