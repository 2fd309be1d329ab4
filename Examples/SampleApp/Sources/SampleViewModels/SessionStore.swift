import RxRelay
import RxSwift

/// The app-wide session: who is signed in. It outlives every screen, so whatever a screen
/// subscribes to it and forgets to dispose stays alive with it.
public final class SessionStore {
    public let currentUser = BehaviorRelay<String?>(value: nil)

    public init() {}
}
