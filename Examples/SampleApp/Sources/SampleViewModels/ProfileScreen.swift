import RxCocoa
import RxRelay
import RxSwift

/// A profile screen (what a view controller would be, without UIKit): shows the signed-in
/// user's name while it is open.
public final class ProfileScreen {
    public private(set) var title = ""
    private let disposeBag = DisposeBag()

    public init(session: SessionStore) {
        session.currentUser.asDriver()
            .map { $0 ?? "Guest" }
            .drive(onNext: { [weak self] name in self?.title = name })
            .disposed(by: disposeBag)
    }
}

/// The same screen with a classic MVVM leak: the `drive` Disposable is dropped instead of
/// going into the screen's bag, so the subscription lives as long as the app-wide session,
/// long after the screen closed (the `[weak self]` keeps the screen itself from leaking).
public final class LeakyProfileScreen {
    public private(set) var title = ""

    public init(session: SessionStore) {
        _ = session.currentUser.asDriver()
            .map { $0 ?? "Guest" }
            .drive(onNext: { [weak self] name in self?.title = name })  // the dropped drive (expected leak)
    }
}
